"""The game so far, for a peer that comes to it late: a rejoining seat, a new spectator.

A client killed and started again has lost its log; the host sends it the events of the current
game as that receiver was told them (``joined``/``spectating`` carry a ``history``). The host
keeps every event it has *told* — the opening's, each public decision's, and each hidden draft
step's (told to its drafter only) — and hands each receiver the ones its updates carried, by
the same rule (:meth:`Event.visible_to`), so a history holds nothing the live updates did not
(R5). A long game is cut to its newest :data:`~qm_net.protocol.MAX_HISTORY` events; ``omitted``
says how many earlier ones were left out.

The events do not say where a targeted card lay on the fields; the live log read it from the
views ("-> Joss Paper (bot-3's slot 1)"). The history keeps it for each activation: the
target's place on the board as the activation's update began, else as it ended (a card placed
meanwhile), as a live client finds it (``places``, :class:`~qm_net.protocol.Placed`).

A resumed host rebuilds the history by replaying its journal's choices
(:meth:`qm_net.host.wireseq.WireSeq.replay`), a choice the journal marks as a timer's made as
the timer made it, with its ``timeout`` mark ("timed out (passed)", as it read live).
"""

from __future__ import annotations

from qm_net import compact
from qm_net import protocol as p
from qm_net.host.wireseq import drafters_only
from qm_rules import Event, Game
from qm_rules.model import seen_by
from qm_rules.state import FIELD

#: Where cards lie on the fields: ``cid -> (seat, slot)``.
Board = dict[int, tuple[int, int]]


def board(game: Game | None) -> Board:
    """Where every card on the fields of ``game`` lies (face-down ones too: a target names a
    card by its instance, which the fields show)."""
    if game is None:
        return {}
    return {
        cid: (owner, slot) for cid, (zone, owner, slot) in enumerate(game.st.loc) if zone == FIELD
    }


class GameHistory:
    """Every event of the current game that someone was told, in order; and where a host bot
    began or stopped standing in for a player (``stand_ins``: the number of events told before
    it, the seat, whether the bot plays from there)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.stand_ins: list[tuple[int, int, bool]] = []
        self.places: dict[int, tuple[tuple[int, int, int], ...]] = {}
        """For each activation with card targets (by its index in ``events``): where they lay
        (card, seat, slot)."""
        self._board: Board = {}  # the fields as the events told so far left them
        self.withdrawn: list[tuple[int, int]] = []
        """The spans of :attr:`events` (start, end) told of decisions since taken back: they
        stay, as told, but are no part of the game as it stands (:meth:`standing`)."""

    def reset(
        self, opening: list[Event] | tuple[Event, ...] = (), game: Game | None = None
    ) -> None:
        """A new game: its opening is what everyone is told first (``game``: as it left it)."""
        self.events = list(opening)
        self.stand_ins = []
        self.places = {}
        self._board = board(game)
        self.withdrawn = []

    def withdraw(self, count: int, game: Game) -> None:
        """The newest ``count`` events standing were told of a decision now taken back (after
        them, only events of decisions taken back before it); ``game``: as it stands again."""
        self._board = board(game)
        end = len(self.events)
        for start, stop in sorted(self.withdrawn, reverse=True):
            if stop == end:
                end = start
        self.withdrawn.append((end - count, end))
        self.withdrawn.sort()

    def standing(self) -> list[Event]:
        """The events told of the game as it stands: every one but those of decisions taken
        back (what a bot reading the game is handed)."""
        if not self.withdrawn:
            return self.events
        out: list[Event] = []
        at = 0
        for start, end in self.withdrawn:
            out.extend(self.events[at:start])
            at = max(at, end)
        out.extend(self.events[at:])
        return out

    def stand_in(self, seat: int, playing: bool) -> None:
        """From here a host bot plays ``seat`` for its player (``playing``), or no longer: the
        table was told so by a ``lobby`` message (``played_by_bot``), which the events do not
        hold; a history puts it back in its place (playtest 4, F9: a player back at the table
        read the bot's moves as their own)."""
        self.stand_ins.append((len(self.events), seat, playing))

    def add(
        self,
        events: list[Event] | tuple[Event, ...],
        hidden_by: int | None = None,
        game: Game | None = None,
    ) -> None:
        """Events just told: to everyone allowed (``hidden_by`` None), or the hidden steps of a
        draft, told to the drafter alone — kept as the drafter's, whatever they say. ``game``:
        as the events left it (where the cards they targeted lay, if not on the board before)."""
        after = board(game) if game is not None else self._board
        for e in events if hidden_by is None else drafters_only(events, hidden_by):
            if e.kind == "activate":
                places = _target_places(e, self._board, after)
                if places:
                    self.places[len(self.events)] = places
            self.events.append(e)
        self._board = after

    def seen_by(self, viewer: int | None) -> list[Event]:
        """Every event ``viewer`` (None: a spectator) was told of the game, in order."""
        return seen_by(self.events, viewer)

    def for_viewer(self, viewer: int | None, limit: int = p.MAX_HISTORY) -> p.GameHistory:
        """What ``viewer`` was told of the game, the newest ``limit``, in the wire's form."""
        told = [i for i, e in enumerate(self.events) if e.visible_to(viewer)]
        cut = max(0, len(told) - limit)
        wired = tuple(compact.event(self.events[i]) for i in told[cut:])
        places = tuple(
            p.Placed(at=at, card=card, seat=seat, slot=slot)
            for at, i in enumerate(told[cut:])
            for card, seat, slot in self.places.get(i, ())
        )
        return p.GameHistory(
            events=wired,  # type: ignore[arg-type]  # (compact events: arrays of the wire's Event)
            omitted=cut,
            stand_ins=self._stand_ins(viewer, cut),
            places=places,
        )

    def _stand_ins(self, viewer: int | None, cut: int) -> tuple[p.StandIn, ...]:
        """The stand-ins placed among ``viewer``'s events, the first ``cut`` of them left out
        (a stand-in among those too)."""
        out: list[p.StandIn] = []
        seen = told = 0  # events viewer saw among the first ``told`` of the table's
        for at, seat, playing in self.stand_ins:
            seen += sum(1 for e in self.events[told:at] if e.visible_to(viewer))
            told = at
            if seen >= cut:
                out.append(p.StandIn(at=seen - cut, seat=seat, playing=playing))
        return tuple(out)


def _target_places(e: Event, before: Board, after: Board) -> tuple[tuple[int, int, int], ...]:
    """Where the cards an ``activate`` targets lay: on the board before its update, else
    after it (card, seat, slot)."""
    out = []
    for t in e.data.get("targets") or ():
        if isinstance(t, str) and t[:1] == "c" and t[1:].isdigit():
            cid = int(t[1:])
            place = before.get(cid) or after.get(cid)
            if place is not None:
                out.append((cid, *place))
    return tuple(out)
