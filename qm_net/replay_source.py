"""A kept game, step by step, as each seat it may show saw it: what a replay shows.

A host's journal holds every choice, so it may show the game from every seat and as a
spectator saw it; a player's game record holds the game the host revealed at its end, and is
that player's: it shows their seat and the spectators' view, never another seat's hand.

:class:`ReplaySource` gives, for any step (the choices made so far: 0 is the deal) and any seat
it may show, the view that seat had then and the events of that step it saw; and where each
turn and each chain began, to jump to. Going back is going forward again from a checkpoint
(the game is copied every :data:`EVERY` steps), so any step is a few dozen choices away.
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from qm_rules import Game, Journal
from qm_rules.model import Event, View

#: Steps between the copies of the game kept to go back from.
EVERY = 24


class NotShown(ValueError):
    """A seat the file may not show (another player's, in a player's record)."""


@dataclass
class ReplaySource:
    journal: Journal
    seats: tuple[int | None, ...]
    """The seats this file may show (None: as a spectator saw the game)."""
    timeouts: Collection[int] = ()
    _copies: dict[int, Game] = field(default_factory=dict, repr=False)
    _opening: list[Event] = field(default_factory=list, repr=False)
    turns: list[int] = field(default_factory=list)
    """The step at which each turn began (turn 1 first)."""
    chains: list[int] = field(default_factory=list)
    """The step at which each chain was started (its first link)."""

    def __post_init__(self) -> None:
        game = Game.replay(replace(self.journal, choices=[]))  # refuses other rules
        self._opening = list(game.opening)
        self._copies[0] = game.clone()
        self.turns = [0]
        chain = False
        for i, (seat, option) in enumerate(self.journal.choices):
            events = self._step(game, i, seat, option)
            step = i + 1
            if step % EVERY == 0:
                self._copies[step] = game.clone()
            for e in events:
                if e.kind == "turn":
                    self.turns.append(step)
                if e.kind == "activate" and not chain:
                    self.chains.append(step)
                    chain = True
            if not game.chain:
                chain = False

    @classmethod
    def from_file(cls, path: str | Path, game: int | None = None) -> ReplaySource:
        """The source a journal (``game``: which of its games, default the last) or a player's
        game record gives. JournalError, OSError or ValueError for a file that is neither."""
        from qm_net import fairdeal
        from qm_net.journal_io import pick_game

        if fairdeal.is_record(str(path)):
            record = fairdeal.load(str(path))
            journal = fairdeal.revealed_journal(record)
            return cls(journal, (record.seat, None) if record.seat is not None else (None,))
        kept = pick_game(str(path), game)
        journal = kept.journal()
        return cls(journal, (*range(len(journal.players)), None), kept.timeouts)

    @property
    def steps(self) -> int:
        """The choices the game holds: steps 0 (the deal) to this."""
        return len(self.journal.choices)

    @property
    def names(self) -> Sequence[str]:
        return self.journal.players

    def at(self, step: int, seat: int | None) -> tuple[View, list[Event]]:
        """The view ``seat`` had after ``step`` choices, and the events of that step it saw
        (step 0: the deal's)."""
        if seat not in self.seats:
            raise NotShown(f"this file does not show seat {seat}")
        if not 0 <= step <= self.steps:
            raise IndexError(f"no step {step}: the game has steps 0 to {self.steps}")
        # (from a copy before the step: its last choice's events are the step's)
        base = max(s for s in self._copies if s < step) if step else 0
        game = self._copies[base].clone()
        events: list[Event] = list(self._opening) if step == 0 else []
        for i in range(base, step):
            seat_, option = self.journal.choices[i]
            events = self._step(game, i, seat_, option)
        return game.view(seat), [e for e in events if e.visible_to(seat)]

    def _step(self, game: Game, i: int, seat: int, option: str) -> list[Event]:
        """Choice ``i`` made again, a timer's default told as the table told it."""
        from qm_net.journal_io import retell

        return retell(game, seat, option, i in self.timeouts)

    def turn_of(self, step: int) -> int:
        """The turn ``step`` is in (1 the first)."""
        return max(1, bisect.bisect_right(self.turns, step))
