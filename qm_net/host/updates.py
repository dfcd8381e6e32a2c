"""What the table tells of the game: each receiver's view, the events it may see, the result.

:class:`Updates` is the host's part for it (``Host.updates``). Every frame a seat receives is
built here from ``game.view(seat)`` (through :func:`qm_net.fairdeal.sent_view`) and the events
visible to that seat — never from the full state; spectators get the public view, published
once to the feed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from qm_net import compact, fairdeal
from qm_net import protocol as p
from qm_rules import Game, View

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.table import Host


def wired(events: list[Any]) -> list[tuple[Any, Any]]:
    """Each event with its wire form (:func:`qm_net.compact.event`)."""
    return [(e, compact.event(e)) for e in events]


def player(conn: Conn, game: Game) -> int | None:
    """The game seat whose view ``conn`` gets; None for the public (spectator's) view."""
    seat = conn.seat
    return seat if seat is not None and seat < game.n else None


class Updates:
    """Views and events, each to those allowed to see them: ``Host.updates``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.encoder = compact.Encoder()  # views in their wire form, for the patches

    def view(self, game: Game, viewer: int | None) -> View:
        """``viewer``'s view as the engine builds it: every view the host sends comes from
        here (numbered for its receiver by :meth:`plain_view`). The decider's prompt tells
        it why each card of its that no option plays cannot be played now (its context's
        ``why_not``: only its own cards, which its view shows anyway)."""
        return fairdeal.sent_view(game, viewer)

    def plain_view(self, game: Game, viewer: int | None) -> dict[str, Any]:
        """``viewer``'s view as sent (its wire form), numbered in ``viewer``'s own seq."""
        plain = self.encoder.view(self.view(game, viewer))
        return compact.stamp(plain, self.host.wire.of(viewer))

    def broadcast(
        self, events: list[Any], answering: tuple[Conn, int | None] | None = None
    ) -> None:
        """Each seat its own view and the events it may see; spectators the public view,
        published once to the feed. Each event is put in its wire form once for everyone.
        ``answering``: the connection whose request (by its id) the update answers."""
        host = self.host
        game = host.game
        assert game is not None
        deadline = host.timers.deadline()
        told = wired(events)
        for conn in list(host.conns):
            if conn.seat is not None:
                ref = answering[1] if answering is not None and answering[0] is conn else None
                self.send_update(conn, told, deadline, ref)
        if host.feed.watchers:
            public = tuple(w for e, w in told if e.to is None)
            plain = self.plain_view(game, None)
            host.feed.publish(plain, public, deadline, host.timers.length())
        else:
            host.feed.skip()

    def send_update(
        self,
        conn: Conn | None,
        events: list[tuple[Any, Any]],
        deadline: float | None = None,
        ref: int | None = None,
    ) -> None:
        """One seat's update: its view, the events it may see (each with its wire form) and
        the clock; ``ref``: the id of the request it answers, if any."""
        host = self.host
        game = host.game
        assert game is not None
        if conn is None:
            return
        seat = player(conn, game)
        if seat is None:
            return
        if deadline is None:
            deadline = host.timers.deadline()
        seen = tuple(w for e, w in events if e.visible_to(seat))
        conn.send_view(self.plain_view(game, seat), seen, deadline, host.timers.length(), ref)

    def send_current(self, conn: Conn, ref: int | None = None) -> None:
        """Bring a (re)joining connection up to date: its view now, or the last result (or,
        while a game is being dealt, the deal's commitment), answering the request whose id is
        ``ref``."""
        host = self.host
        game = host.game
        if game is None and host.state == "playing":
            host.dealer.send(conn)
            return
        if game is None or host.state == "lobby":
            return
        if host.play.held:  # what the game is now is not on disk yet: not told to anyone
            conn.error("cannot_save", host.play.cannot_save(), ref)
            return
        viewer = player(conn, game)
        if host.state == "playing":
            deadline, length = host.timers.deadline(), host.timers.length()
            if conn.spectator:
                restart = host.feed.stale  # nobody watched: the feed was not kept up
                if restart:
                    host.feed.restart(self.plain_view(game, None), deadline, length)
                conn.resync(restarted=restart, ref=ref)
            elif viewer is not None:
                conn.view_base = None  # the whole view: a (re)joining client holds none
                conn.send_view(self.plain_view(game, viewer), (), deadline, length, ref)
        elif game.result is not None:
            conn.send(self.ended_msg(game, viewer, whole=True, ref=ref))

    def ended(self, game: Game) -> None:
        """The result to every receiver: each player its own, the spectators one."""
        public: p.Shared | None = None  # one result for every spectator
        for conn in list(self.host.conns):
            viewer = player(conn, game)
            if viewer is not None:
                conn.send(self.ended_msg(game, viewer))
            elif conn.spectator:
                public = public or p.Shared(self.ended_msg(game, None))
                conn.send(public)

    def ended_msg(
        self, game: Game, viewer: int | None, *, whole: bool = False, ref: int | None = None
    ) -> p.GameEnded:
        """The result and the deal revealed (nil when the seed was fixed); the final view only
        when ``whole`` (a connection that did not just get it as its last update), in the wire
        form the updates carry (trailing defaults left out, as everywhere)."""
        assert game.result is not None
        view = self.plain_view(game, viewer) if whole else None
        return p.GameEnded(
            result=game.result,
            view=view,  # type: ignore[arg-type]  # the View's wire form, as update_body takes it
            deal=self.deal_reveal(),
            ref=ref,
            takebacks=len(self.host.takebacks.done),
        )

    def deal_reveal(self) -> p.Reveal | None:
        """For ``ended``: the secret, the parts and the journal (None for a fixed seed)."""
        host = self.host
        if host.deal is None or host.game is None or not host.game.over:
            return None
        reveal = host.deal.reveal(host.game.journal)
        if host.takebacks.done:  # the choices withdrawn, for the views shown before (§11)
            reveal["journal"]["takebacks"] = [list(t) for t in host.takebacks.done]
        return msgspec.convert(reveal, p.Reveal)

    def history(self, conn: Conn) -> p.GameHistory | None:
        """What ``conn``'s receiver was told of the game so far (its seat's events, or the
        public ones), for a client that comes back to it or starts watching; None outside a
        game."""
        host = self.host
        game = host.game
        if game is None or host.state == "lobby":
            return None
        return host.history.for_viewer(player(conn, game))
