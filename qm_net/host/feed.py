"""The spectators' updates: published once per decision, encoded once, taken by each watcher.

Every spectator gets the same public view and the same public events, so the host does not
send each of them an update. It publishes each decision's public view to the :class:`Feed`
(one *round*); a spectator's writer takes the newest round when it is free to send — at once
for a spectator that keeps up, and only when its socket drains for one that does not. A stalled
spectator therefore costs the table nothing per decision (it is not even visited), and catches
up with one update: the newest view (a patch from the one it holds, or whole), with every event
it missed. The feed keeps the newest events up to :data:`MAX_HELD_EVENT_BYTES` (far more than a
long game's log); a spectator owed events it let go is dropped instead (never sent a log with a
hole), and watching again its ``spectating`` history brings them. The frames of a round are
encoded once and shared (those of watchers that fell behind together too): each connection only
adds its own numbers (:func:`qm_net.protocol.update_frame`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING, Any

from qm_net import delta
from qm_net import protocol as p
from qm_net.compact import WireEvent

if TYPE_CHECKING:
    from qm_net.host.conn import Conn

MAX_PATCH_STEPS = 48  # a patch longer than this may be as long as the whole view: compare
#: What the host keeps for a reader that falls behind, in its events' wire bytes (a whole game's
#: public log is about 7 KiB at four seats, 10 at six, ~55 played to the round limit): it is
#: sent every event it missed, or, owed more, dropped (its rejoin's history brings them).
MAX_HELD_EVENT_BYTES = 64 * 1024


def event_bytes(events: tuple[WireEvent, ...] | list[WireEvent]) -> int:
    """The wire size of ``events`` (as an update carries them)."""
    return len(p.encode_body(events))


def patch_between(base: Any, view: Any) -> list[delta.Step] | None:
    """The steps from ``base`` to ``view`` (both plain), or None when the whole view is better
    sent: no base, another shape, or a patch of many steps that is no shorter than the view
    (a new game's first view after the last game's usually is shorter as a patch)."""
    if base is None:
        return None
    try:
        steps = delta.diff(base, view)
    except ValueError:
        return None
    if len(steps) <= MAX_PATCH_STEPS:
        return steps
    return steps if len(p.encode_body(steps)) < len(p.encode_body(view)) else None


class Feed:
    """The public view, round by round, for the spectators (:class:`Conn` watchers)."""

    def __init__(self) -> None:
        self.round = 0  # rounds published
        self.plain: Any = None  # this round's public view, plain
        self._before: Any = None  # the previous round's
        self._deadline: float | None = None
        self._timer: float | None = None  # the whole length of the clock _deadline counts
        self._published_at = 0.0
        # the events published, newest last, with their round and wire size, up to
        # MAX_HELD_EVENT_BYTES of them; ``cut``: the newest round of which some were let go
        self.events: deque[tuple[int, WireEvent, int]] = deque()
        self._held_bytes = 0
        self.cut = 0
        self._round_events: tuple[WireEvent, ...] = ()
        self.watchers: set[Conn] = set()
        self.idle: set[Conn] = set()  # watchers whose writer waits for something to send
        self._next: tuple[bytes, bool] | None = None  # the body from the round before, shared
        # bodies for watchers further behind, by the round they hold (with the view they hold)
        self._behind: dict[int, tuple[Any, tuple[bytes, bool]]] = {}
        # the host published nothing while no one watched (:meth:`skip`): the view is old,
        # and a first watcher needs :meth:`restart`
        self.stale = True

    def publish(
        self,
        plain: Any,
        events: tuple[WireEvent, ...],
        deadline: float | None,
        timer: float | None = None,
    ) -> None:
        """A decision's public view and events; wakes the watchers that wait to send."""
        self.stale = False
        self._timer = timer
        self.round += 1
        self._before, self.plain = self.plain, plain
        self._round_events = events
        for e in events:
            size = event_bytes((e,))
            self.events.append((self.round, e, size))
            self._held_bytes += size
        while self._held_bytes > MAX_HELD_EVENT_BYTES:
            r, _, size = self.events.popleft()
            self._held_bytes -= size
            self.cut = max(self.cut, r)
        self._deadline, self._published_at = deadline, _now()
        self._next = None
        self._behind.clear()
        idle, self.idle = self.idle, set()
        for conn in idle:
            conn.wake()

    def skip(self) -> None:
        """A decision published to nobody (no one watched): the feed is out of date until
        :meth:`restart`."""
        self.stale = True

    def restart(self, plain: Any, deadline: float | None, timer: float | None = None) -> None:
        """The current public view, for a first watcher when the feed is :attr:`stale`: the
        host publishes nothing while no one watches, so the feed starts again from here
        (nobody is woken: nobody else watches). Never for a watcher that was kept up: the
        events it is owed would be let go."""
        self.stale = False
        self._timer = timer
        self.round += 1
        self._before, self.plain = None, plain
        self.events.clear()
        self._held_bytes = 0
        self.cut = self.round - 1  # those before are not held: only a resync starts from there
        self._deadline, self._published_at = deadline, _now()
        self._next = None
        self._behind.clear()

    def body(self, held_round: int, held: Any) -> tuple[bytes, bool] | None:
        """The body of the update that brings a watcher holding ``held`` (the view of round
        ``held_round``) to this round, and whether it is a patch. A watcher one round behind
        gets this round's body (encoded once for all of them); one further behind, the patch
        from the view it holds (or the whole view, when that is shorter) with every event since
        its round and the clock as it is now; None when some of those events are no longer
        held (:data:`MAX_HELD_EVENT_BYTES`): it is too far behind to be sent them. ``held``
        None (a resync, a first update): the whole view."""
        if held_round == self.round - 1 and held is self._before:
            if self._next is None:
                steps = patch_between(held, self.plain)
                body = p.update_body(
                    self._round_events,
                    self._deadline,
                    view=None if steps is not None else self.plain,
                    patch=steps,
                    timer=self._timer,
                )
                self._next = (body, steps is not None)
            return self._next
        if held_round < self.cut:
            return None
        hit = self._behind.get(held_round)
        if hit is not None and hit[0] is held:  # fell behind together
            return hit[1]
        missed = tuple(e for r, e, _ in self.events if r > held_round)
        deadline = self._deadline
        if deadline is not None:
            deadline = max(0.0, round(deadline - (_now() - self._published_at), 3))
        steps = patch_between(held, self.plain)
        view = self.plain if steps is None else None
        body = p.update_body(missed, deadline, view=view, patch=steps, timer=self._timer)
        done = body, steps is not None
        self._behind[held_round] = (held, done)
        return done


def _now() -> float:
    """The event loop's time: the clock the table's timers run on (:mod:`.timers`), so that a
    deadline told late counts down with theirs."""
    return asyncio.get_running_loop().time()
