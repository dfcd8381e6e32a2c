"""Auto-pass: the client answers "pass" for the player, as card-game clients do.

Two modes besides off, chosen with one key and reset when a new turn begins: pass unless the
card asked about targets me or a card of mine, or pass every response this turn ("don't ask me
again this turn"). Only a plain respond-or-pass decision is ever answered: any other
prompt (a choice of cards, a cost, the phases) waits for the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from qm_rules.model import PromptKind, View

#: In the order one key steps through them: the careful mode first, so that stepping to "this
#: turn" never passes through a mode that would answer something it should not.
MODES = ("off", "targeted", "turn")


@dataclass
class AutoPass:
    """The player's auto-pass mode and the turn it was set in."""

    mode: str = "off"
    turn: int | None = None

    def cycle(self, turn: int | None) -> str:
        """The next mode (off -> unless targeted -> this turn -> off), kept for ``turn``."""
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.turn = turn
        return self.mode

    def follow(self, view: View) -> None:
        """A new turn switches auto-pass off again."""
        if self.mode != "off" and view.turn != self.turn:
            self.mode, self.turn = "off", None

    def should_pass(self, view: View) -> bool:
        """Whether to answer the view's pending prompt with "pass" for the player."""
        self.follow(view)
        p = view.prompt
        if self.mode == "off" or p is None or p.seat != view.viewer or view.viewer is None:
            return False
        if p.kind is not PromptKind.RESPOND or p.option("pass") is None:
            return False  # never anything but a plain respond-or-pass
        if self.mode == "targeted" and view.chain and targets_me(view):
            return False
        return True


def targets_me(view: View) -> bool:
    """Does the newest link of the chain target the viewer, or a card on their field?"""
    me = view.viewer
    if me is None or not view.chain:
        return False
    mine = {s.card.cid for s in view.seats[me].slots if s.card is not None}
    for t in view.chain[-1].targets:
        if t == f"p{me}" or (t[:1] == "c" and t[1:].isdigit() and int(t[1:]) in mine):
            return True
    return False
