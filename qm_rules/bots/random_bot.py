"""The random bot: uniform over the legal options (``cancel`` aside, which only undoes)."""

from __future__ import annotations

from ..model import View
from ..rng import Rng, seed_state


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.new_game()

    def new_game(self) -> None:
        """Each game's choices as a bot just made would take them (qm_rules.bots.new_game)."""
        self.rng = Rng(seed_state(("random-bot", self.seed)))

    def choose(self, view: View) -> str:
        prompt = view.prompt
        assert prompt is not None and prompt.options, "asked to choose without a prompt"
        opts = prompt.options
        n = len(opts)
        if n > 1 and opts[-1].kind == "cancel":  # offered last, if at all (the engine's rule)
            n -= 1
        return opts[self.rng.below(n)].id
