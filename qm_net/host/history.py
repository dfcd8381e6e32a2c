"""The game so far, for a peer that comes to it late: a rejoining seat, a new spectator.

A client killed and started again has lost its log; the host sends it the events of the current
game as that receiver was told them (``joined``/``spectating`` carry a ``history``). The host
keeps every event it has *told* — the opening's, each public decision's, and each hidden draft
step's (told to its drafter only) — and hands each receiver the ones its updates carried, by
the same rule (:meth:`Event.visible_to`), so a history holds nothing the live updates did not
(R5). A long game is cut to its newest :data:`~qm_net.protocol.MAX_HISTORY` events; ``omitted``
says how many earlier ones were left out.

A resumed host rebuilds the history by replaying its journal's choices
(:meth:`qm_net.host.wireseq.WireSeq.replay`), a choice the journal marks as a timer's made as
the timer made it, with its ``timeout`` mark ("timed out (passed)", as it read live).
"""

from __future__ import annotations

from qm_net import compact
from qm_net import protocol as p
from qm_net.host.wireseq import drafters_only
from qm_rules import Event
from qm_rules.model import seen_by


class GameHistory:
    """Every event of the current game that someone was told, in order; and where a host bot
    began or stopped standing in for a player (``stand_ins``: the number of events told before
    it, the seat, whether the bot plays from there)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.stand_ins: list[tuple[int, int, bool]] = []

    def reset(self, opening: list[Event] | tuple[Event, ...] = ()) -> None:
        """A new game: its opening is what everyone is told first."""
        self.events = list(opening)
        self.stand_ins = []

    def stand_in(self, seat: int, playing: bool) -> None:
        """From here a host bot plays ``seat`` for its player (``playing``), or no longer: the
        table was told so by a ``lobby`` message (``played_by_bot``), which the events do not
        hold; a history puts it back in its place (playtest 4, F9: a player back at the table
        read the bot's moves as their own)."""
        self.stand_ins.append((len(self.events), seat, playing))

    def add(self, events: list[Event] | tuple[Event, ...], hidden_by: int | None = None) -> None:
        """Events just told: to everyone allowed (``hidden_by`` None), or the hidden steps of a
        draft, told to the drafter alone — kept as the drafter's, whatever they say."""
        self.events.extend(events if hidden_by is None else drafters_only(events, hidden_by))

    def seen_by(self, viewer: int | None) -> list[Event]:
        """Every event ``viewer`` (None: a spectator) was told of the game, in order."""
        return seen_by(self.events, viewer)

    def for_viewer(self, viewer: int | None, limit: int = p.MAX_HISTORY) -> p.GameHistory:
        """What ``viewer`` was told of the game, the newest ``limit``, in the wire's form."""
        seen = self.seen_by(viewer)
        cut = max(0, len(seen) - limit)
        wired = tuple(compact.event(e) for e in seen[cut:])
        # (type: ignore: compact events: arrays of the wire's Event)
        return p.GameHistory(events=wired, omitted=cut, stand_ins=self._stand_ins(viewer, cut))  # type: ignore[arg-type]

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
