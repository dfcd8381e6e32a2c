"""The ``seq`` each receiver sees, so that declaring or cancelling an activation leaves no trace.

The engine counts every decision in ``Game.seq``, the steps of declaring an activation (mode,
target, cost) and cancelling one included. Those steps are the drafter's alone: if the others
saw the counter move (or got a frame at all) they could tell that *something* was drafted, and
from the number of steps often which hidden card (only one response has a cost step). So the
host numbers decisions per receiver: every *public* decision (one that everyone is told of),
plus the receiver's *own* hidden steps. Each receiver's number still grows by one with every
prompt it is shown, and a spectator's is the public count alone.

A hidden step is one after which a draft is still open, or the cancelling of a draft: nothing
else changed, and only the drafter is sent an update. The step that completes a draft commits
the activation and is public like any other decision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from qm_net.journal_io import TakenBack, live, retell
from qm_rules import CardSet, Event, Game

if TYPE_CHECKING:
    from qm_net.host.history import GameHistory


def is_hidden_step(drafting_before: bool, option: str, game: Game) -> bool:
    """Was the decision just applied to ``game`` one only its drafter may know of?"""
    if option == "concede":
        return False
    return game.draft is not None or (drafting_before and option == "cancel")


def drafters_only(events: Sequence[Event], seat: int) -> list[Event]:
    """The events of a hidden step, as told: to its drafter ``seat`` alone, whatever they say
    (a timer's ``timeout`` mark on a cancelled declaration is public by itself)."""
    only = (seat,)
    return [dataclasses.replace(e, to=only) for e in events if e.visible_to(seat)]


def told_of(before: Game, seat: int, option: str) -> tuple[list[Event], bool]:
    """The events a player's choice made on ``before`` was told with (a hidden step's, to its
    drafter alone: as the history keeps them), and whether it was a hidden step — the choice
    made again on a copy, ``before`` left as it is."""
    probe = before.clone()
    drafting = probe.draft is not None
    events = probe.choose(seat, option)
    hidden = is_hidden_step(drafting, option, probe)
    return (drafters_only(events, seat) if hidden else events), hidden


class WireSeq:
    def __init__(self, n: int = 0) -> None:
        self.public = 0
        self.hidden = [0] * n

    def reset(self, n: int) -> None:
        """A new game: its first prompt is number 0 for everyone."""
        self.public = 0
        self.hidden = [0] * n

    def record(self, hidden_by: int | None) -> None:
        """Count one decision: public (None), or a hidden step of seat ``hidden_by``."""
        if hidden_by is None:
            self.public += 1
        else:
            self.hidden[hidden_by] += 1

    def of(self, seat: int | None) -> int:
        """The seq ``seat`` is shown (None: a spectator)."""
        return self.public + (self.hidden[seat] if seat is not None else 0)

    @classmethod
    def replay(
        cls,
        players: list[str],
        seed: int | str,
        options: Any,
        choices: list[tuple[int, str]],
        history: GameHistory | None = None,
        timeouts: Collection[int] = (),
        cards: CardSet | None = None,
        takebacks: Sequence[TakenBack] = (),
    ) -> WireSeq:
        """The numbering after ``choices`` (a resumed game's journal), step by step; and, into
        ``history`` when given, the events the players were told on the way (the choices
        indexed in ``timeouts`` as a timer made them: "timed out (passed)"). ``takebacks``:
        the choices withdrawn (:func:`qm_net.journal_io.live`), each counted as it was made
        and its take-back as one public decision more, as the host counted them live."""
        game = Game.new(players, seed, options, cards)
        wire = cls(game.n)
        if history is not None:
            history.reset(game.opening, game)
        standing: list[tuple[int, str]] = []
        for step in live(choices, takebacks):
            if step is None:  # the game as it was before the last choice standing
                seat, option = standing.pop()
                game = Game.new(players, seed, options, cards)
                for i, (s, o) in enumerate(standing):
                    retell(game, s, o, i in timeouts)
                if history is not None:
                    history.withdraw(len(told_of(game, seat, option)[0]), game)
                wire.record(None)
                continue
            seat, option, stands = step
            drafting = game.draft is not None
            events = retell(game, seat, option, stands and len(standing) in timeouts)
            standing.append((seat, option))
            hidden_by = seat if is_hidden_step(drafting, option, game) else None
            wire.record(hidden_by)
            if history is not None:
                history.add(events, hidden_by, game)
        return wire
