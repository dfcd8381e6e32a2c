"""The random bot: uniform over the legal options (``cancel`` aside, which only undoes)."""

from __future__ import annotations

from ..model import View
from ..rng import Rng, seed_state


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed_state(("random-bot", seed)))

    def choose(self, view: View) -> str:
        prompt = view.prompt
        assert prompt is not None and prompt.options, "asked to choose without a prompt"
        opts = prompt.options
        n = len(opts)
        if n > 1 and opts[-1].kind == "cancel":  # offered last, if at all (the engine's rule)
            n -= 1
        return opts[self.rng.below(n)].id
