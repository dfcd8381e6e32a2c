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
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from qm_rules import Game, Journal, Option
from qm_rules.cards import CardSet
from qm_rules.model import Event, View

#: Steps between the copies of the game kept to go back from.
EVERY = 24


class NotShown(ValueError):
    """A seat the file may not show (another player's, in a player's record)."""


@dataclass(frozen=True)
class Told:
    """One choice of a kept game in words: its line, and the lines of what it caused."""

    choice: str
    events: list[str]


def tell(
    game: Game,
    choices: Sequence[tuple[int, str]],
    seat: int | None,
    lang: str,
    *,
    everything: bool,
    timeouts: Collection[int] = (),
) -> Iterator[Told]:
    """The ``choices`` made again on ``game`` (at the deal), each told as ``seat`` saw it
    (None: a spectator); ``everything``: every choice and event in full, as the host's
    journal holds them. Another seat's choice is told by its kind only (the card it names may
    be hidden from ``seat``): what becomes public shows in its events. The replay's text and
    the replay's log on the table both read this. RulesError for a choice that does not
    replay."""
    from qm_net.journal_io import retell
    from qm_rules.i18n import tr
    from qm_words import card_index, describe_events, describe_option, field_places
    from qm_words.logorder import LogOrder

    names = list(game.names)
    order = LogOrder()  # the chain, choice to choice: each link's line before its effects
    for i, (chooser, option_id) in enumerate(choices):
        # the board as the events begin, as the reader may see it: whose slot a targeted card
        # is in, and the cards' names (the events name targets by instance)
        board = game.view(seat)
        places = field_places(board)
        cards = card_index(board)
        kind = option_id.partition(":")[0]
        if everything or chooser == seat:
            view = game.view(chooser)
            opt = view.prompt.option(option_id) if view.prompt is not None else None
            words = describe_option(opt or Option(option_id, kind), view, lang)
        else:
            words = describe_option(Option(kind, kind), board, lang)
        line = tr("replay.choice", lang, i=i + 1, turn=game.turn, who=names[chooser], words=words)
        events = retell(game, chooser, option_id, i in timeouts)  # a timer's: says so
        after = game.view(seat)
        cards.update(card_index(after))
        for cid, place in field_places(after).items():
            places.setdefault(cid, place)  # placed by these events
        lines = describe_events(
            events, seat, lang, names, cards, everything=everything, places=places, order=order
        )
        yield Told(line, lines)


@dataclass
class ReplaySource:
    journal: Journal
    seats: tuple[int | None, ...]
    """The seats this file may show (None: as a spectator saw the game)."""
    timeouts: Collection[int] = ()
    cards: CardSet | None = None
    """The card set to replay with (None: the one the journal keeps, else the shipped set)."""
    _copies: dict[int, Game] = field(default_factory=dict, repr=False)
    _opening: list[Event] = field(default_factory=list, repr=False)
    _told: dict[tuple[int | None, str], list[Told]] = field(default_factory=dict, repr=False)
    turns: list[int] = field(default_factory=list)
    """The step at which each turn began (turn 1 first)."""
    chains: list[int] = field(default_factory=list)
    """The step at which each chain was started (its first link)."""

    def __post_init__(self) -> None:
        # (a journal of other rules is refused)
        game = Game.replay(replace(self.journal, choices=[]), cards=self.cards)
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
    def from_file(
        cls, path: str | Path, game: int | None = None, cards: CardSet | None = None
    ) -> ReplaySource:
        """The source a journal (``game``: which of its games, default the last) or a player's
        game record gives (``cards``: the set to replay with, for a journal that keeps none).
        JournalError, OSError or ValueError for a file that is neither."""
        from qm_net import fairdeal
        from qm_net.journal_io import pick_game

        if fairdeal.is_record(str(path)):
            record = fairdeal.load(str(path))
            journal = fairdeal.revealed_journal(record)
            seats = (record.seat, None) if record.seat is not None else (None,)
            return cls(journal, seats, cards=cards)
        kept = pick_game(str(path), game)
        journal = kept.journal()
        return cls(journal, (*range(len(journal.players)), None), kept.timeouts, cards)

    @property
    def steps(self) -> int:
        """The choices the game holds: steps 0 (the deal) to this."""
        return len(self.journal.choices)

    @property
    def owner(self) -> int | None:
        """The seat of the player whose record the file is (None: a host's journal, which
        shows every seat, or a spectator's record)."""
        if len(self.seats) > len(self.journal.players):
            return None
        return next((s for s in self.seats if s is not None), None)

    @property
    def names(self) -> Sequence[str]:
        return self.journal.players

    def at(self, step: int, seat: int | None) -> tuple[View, list[Event]]:
        """The view ``seat`` had after ``step`` choices, as the host sent it (a question of its
        own says why each card it cannot play cannot be), and the events of that step it saw
        (step 0: the deal's)."""
        from qm_net.fairdeal import sent_view

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
        return sent_view(game, seat), [e for e in events if e.visible_to(seat)]

    def told(self, seat: int | None, lang: str) -> list[Told]:
        """Every choice of the game told as ``seat`` saw it (:func:`tell`), worked out once."""
        if seat not in self.seats:
            raise NotShown(f"this file does not show seat {seat}")
        key = (seat, lang)
        if key not in self._told:
            game = self._copies[0].clone()
            choices = self.journal.choices
            told = tell(game, choices, seat, lang, everything=False, timeouts=self.timeouts)
            self._told[key] = list(told)
        return self._told[key]

    def _step(self, game: Game, i: int, seat: int, option: str) -> list[Event]:
        """Choice ``i`` made again, a timer's default told as the table told it."""
        from qm_net.journal_io import retell

        return retell(game, seat, option, i in self.timeouts)

    def turn_of(self, step: int) -> int:
        """The turn ``step`` is in (1 the first)."""
        return max(1, bisect.bisect_right(self.turns, step))
