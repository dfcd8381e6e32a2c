"""One client connection: a bounded send queue with its writer task, and the reader loop.

A :class:`Conn` knows nothing of the table: the host hands it a ``dispatch`` callback for each
message read, an ``exempt`` test for messages the rate limit must never refuse, and an
``on_close`` callback. What it owns is the per-connection policy: the send budget, the rate
limit and its strikes, the read timeouts, a graceful (FIN, not reset) close.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from qm_net import framing
from qm_net import protocol as p
from qm_net.compact import WireEvent
from qm_net.framing import ProtocolError
from qm_net.host.feed import MAX_HELD_EVENT_BYTES, Feed, event_bytes, patch_between

log = logging.getLogger("qm_net.host")

_CONN_NUMBERS = itertools.count()
FLUSH_GRACE = 2.0  # seconds a closing connection gets to take its last frames


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-connection limits; tests and benchmarks may shrink or widen them."""

    hello_timeout: float = 10.0  # seconds for the first message to arrive
    idle_timeout: float = 45.0  # seconds without any message before we drop the peer
    ping_interval: float = 10.0  # the host pings every connection this often
    # more unsent than this: the peer is too slow, and is dropped (updates do not pile up: an
    # unsent one is replaced by the next, so this is what chat, lobby and pings may add up to)
    send_queue_bytes: int = 256 * 1024
    # what the kernel and the transport may hold for a peer beyond our queue: small, so that a
    # peer that stops reading is seen at once (its writer waits) instead of after megabytes
    # (the kernel would grow its buffer to 4 MiB); still far above a LAN's bandwidth-delay
    socket_send_buffer: int = 16 * 1024  # SO_SNDBUF (the kernel doubles it)
    write_buffer_high: int = 8 * 1024  # the transport's high-water mark
    rate: float = 30.0  # messages a second, sustained (token bucket)
    burst: float = 60.0
    strikes: int = 50  # rate-limited or malformed messages (at once) before we hang up
    strike_decay: float = 1.0  # strikes forgiven a second: mistakes spread out are never fatal
    chat_rate: float = 0.5  # chat lines a second, sustained
    chat_burst: float = 5.0
    max_connections: int = 64


class Bucket:
    """A token bucket: ``take()`` is False when the peer is over its rate."""

    __slots__ = ("rate", "cap", "level", "at")

    def __init__(self, rate: float, cap: float) -> None:
        self.rate, self.cap, self.level, self.at = rate, cap, cap, time.monotonic()

    def full(self) -> bool:
        return self.level + (time.monotonic() - self.at) * self.rate >= self.cap

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.cap, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class ChatLimits:
    """Chat allowances per seat (kept across reconnections) and per address (so that new
    connections do not get round them); an address gets three seats' worth."""

    MAX_KEYS = 4096

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.buckets: dict[tuple[str, str], Bucket] = {}

    def _bucket(self, key: tuple[str, str], scale: float) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.MAX_KEYS:  # forget the allowances that are full again
                for k in [k for k, b in self.buckets.items() if b.full()]:
                    del self.buckets[k]
            bucket = self.buckets[key] = Bucket(
                self.limits.chat_rate * scale, self.limits.chat_burst * scale
            )
        return bucket

    def take(self, seat_key: str | None, address: str) -> bool:
        if seat_key is not None and not self._bucket(("seat", seat_key), 1.0).take():
            return False
        return self._bucket(("address", address), 3.0).take()


Dispatch = Callable[["Conn", dict[str, Any]], None]


class Conn:
    """One TCP connection: a bounded send queue, a writer task, a reader task."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        limits: Limits,
        on_close: Callable[[Conn, str], None],
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.limits = limits
        self.on_close = on_close
        peername = writer.get_extra_info("peername")
        sock = writer.get_extra_info("socket")
        if sock is not None and limits.socket_send_buffer:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.socket_send_buffer)
        writer.transport.set_write_buffer_limits(high=limits.write_buffer_high)
        self.peer = str(peername)
        self.address = str(peername[0]) if isinstance(peername, tuple) and peername else self.peer
        self.n = 0
        self.name: str | None = None  # set by hello
        self.bot_level: str | None = None  # hello's ``bot`` as a level: the client says it is a bot
        self.cards_sent = 0  # times this connection was sent the table's card set
        self.seat: int | None = None
        self.feed: Feed | None = None  # a spectator's: where it takes its updates
        self.feed_round = 0  # the feed's round whose view the peer has been sent
        self._resync = False  # owed the view whole (a resync), even with no round since
        self._resync_ref: int | None = None  # the id of the request that resync answers
        self._tail_ref: int | None = None  # the ref of the last update queued
        # unsent frames, each with its update's events (None: not an update); None ends the writer
        self.queue: deque[tuple[bytes, tuple[WireEvent, ...] | None] | None] = deque()
        self._wake = asyncio.Event()
        self._idle = False  # the writer waits for frames, nothing queued or buffered before
        self.queued = 0  # bytes in the queue
        self.coalesced = 0  # updates replaced, unsent, by a newer one
        self.blocked = False  # the writer waits for the peer to read what the kernel holds
        self.closed = False
        self.bucket = Bucket(limits.rate, limits.burst)
        self.strikes = 0.0
        self.struck_at = time.monotonic()
        self.limited = 0  # messages dropped over the rate (every tenth is answered)
        # the view of the last update sent (plain data) and that update's n: the next patch's base
        self.view_base: Any = None
        self.view_n: int | None = None
        self.number = next(_CONN_NUMBERS)  # connection order: the oldest idle one goes first
        self.writer_task: asyncio.Task[None] | None = None
        self.reader_task: asyncio.Task[Any] | None = None

    # sending never blocks the table: frames queue up; a peer that falls too far behind is dropped
    def send(self, msg: p.HostMessage | p.Shared) -> None:
        """Queue one message (a :class:`~qm_net.protocol.Shared` one: encoded once for many
        connections), numbered in this connection's ``n``."""
        if self.closed:
            return
        if self.feed is not None:
            self._take_feed()  # an update the watcher is owed goes first: order is kept
        try:
            if isinstance(msg, p.Shared):
                frame = msg.frame(self.n)
            else:
                frame = p.encode(msgspec.structs.replace(msg, n=self.n))
        except ProtocolError:  # a message of ours over 256 KiB: a bug, but only this peer's
            tag = msg.tag if isinstance(msg, p.Shared) else msg.__struct_config__.tag
            log.exception("%s: cannot frame a %s message", self.peer, tag)
            self.close("message too large")
            return
        self.n += 1
        self.send_frame(frame)

    def send_view(
        self,
        plain_view: Any,
        events: tuple[WireEvent, ...],
        deadline: float | None,
        timer: float | None = None,
        ref: int | None = None,
    ) -> None:
        """A seat's ``update``: the view (plain data) as a patch from the previous update's
        view on this connection, or whole (the first, after a ``sync``, or when a patch would
        be long). Spectators are not sent updates: they take them from the :class:`Feed`.
        ``ref``: the id of the request (``sync``, ``rejoin``) the update answers, if any.

        The client applies each patch to the view of the update numbered ``base``: an update
        frame once queued must reach it. To skip a backlog of updates for a slow reader, set
        ``view_base`` to None so that the next update carries the whole view.

        Only the newest view matters: an update still waiting unsent at the end of the queue is
        replaced by this one (its events come along, every one: its ``n`` is reused), whole, so
        a reader that falls behind gets the latest view, not a backlog, and the whole log. A
        reader owed more events than :data:`MAX_HELD_EVENT_BYTES` is dropped instead (the
        host's memory stays bounded; taking its seat back, its ``joined`` history brings
        them): never sent a log with a hole in it."""
        tail = self.queue[-1] if self.queue else None
        if tail is not None and tail[1] is not None and not self.closed:
            self.queue.pop()
            self.queued -= len(tail[0])
            self.n -= 1  # the replaced frame's number: n still grows by exactly 1
            self.coalesced += 1
            events = tail[1] + tuple(events)
            if ref is None:  # an answer merged into a newer update is still the answer
                ref = self._tail_ref
            self.view_base = None  # its base never reached the peer: send the view whole
            if event_bytes(events) > MAX_HELD_EVENT_BYTES:
                log.info("%s: too far behind (events held), dropping", self.peer)
                self.close("send queue full")
                return
        steps = patch_between(self.view_base, plain_view)
        body = p.update_body(
            events, deadline, view=plain_view if steps is None else None, patch=steps, timer=timer
        )
        self._send_update(body, steps is not None, plain_view, events, ref)

    def _send_update(
        self,
        body: bytes,
        patched: bool,
        plain_view: Any,
        events: tuple[WireEvent, ...],
        ref: int | None = None,
    ) -> None:
        """Number an update (``body`` from :func:`qm_net.protocol.update_body`) for this
        connection and queue it."""
        if self.closed:
            return
        try:
            frame = p.update_frame(body, self.n, self.view_n if patched else None, ref)
        except ProtocolError:  # a view over 256 KiB: a bug, but only this peer's
            log.exception("%s: cannot frame an update", self.peer)
            self.close("message too large")
            return
        self.view_base, self.view_n = plain_view, self.n
        self.n += 1
        self._tail_ref = ref
        self.send_frame(frame, tuple(events))

    # ── watching: spectators take their updates from the feed ──

    @property
    def spectator(self) -> bool:
        return self.feed is not None

    def watch(self, feed: Feed) -> None:
        """Receive the public view from ``feed`` from its next round on."""
        self.unwatch()
        self.feed = feed
        self.feed_round = feed.round
        self._resync, self._resync_ref = False, None
        feed.watchers.add(self)
        if self._idle:  # a writer that waits is woken by the feed's next round
            feed.idle.add(self)

    def unwatch(self) -> None:
        """Stop watching; an update the peer is owed is queued first (order is kept)."""
        self._take_feed()
        self._leave_feed()

    def _leave_feed(self) -> None:
        feed, self.feed = self.feed, None
        if feed is not None:
            feed.watchers.discard(self)
            feed.idle.discard(self)

    def resync(self, *, restarted: bool = False, ref: int | None = None) -> None:
        """A watcher's next update carries the view whole, with every event since the round
        it was last sent (for a new watcher, since it started watching): a ``sync`` from a
        watcher that fell behind never skips the rounds it has not taken yet. ``restarted``:
        the feed just started again from the current view (:meth:`Feed.restart`), whose
        events were already told (the history): from that round on. ``ref``: the id of the
        request (``sync``, ``spectate``) the update answers."""
        if restarted and self.feed is not None:
            self.feed_round = self.feed.round
        self.view_base = None  # it holds no view to patch: the next is whole
        self._resync = True
        self._resync_ref = ref if ref is not None else self._resync_ref
        self._wake.set()

    def wake(self) -> None:
        self._wake.set()

    def _feed_owed(self) -> bool:
        feed = self.feed
        return (
            feed is not None
            and feed.plain is not None
            and (self._resync or self.feed_round != feed.round)
        )

    def _take_feed(self) -> None:
        """Queue the update from the feed that this watcher is owed, if any: before any other
        frame is queued, so that it reaches the peer in the order things happened."""
        if self.closed or not self._feed_owed():
            return
        feed = self.feed
        assert feed is not None
        if feed.round - self.feed_round > 1:
            self.coalesced += feed.round - self.feed_round - 1  # rounds it never saw
        made = feed.body(self.feed_round, self.view_base)
        if made is None:  # owed events the feed no longer holds: dropped, not sent a hole
            log.info("%s: too far behind (events held), dropping", self.peer)
            self.close("send queue full")
            return
        body, patched = made
        ref = self._resync_ref if self._resync else None
        self.feed_round, self._resync, self._resync_ref = feed.round, False, None
        self._send_update(body, patched, feed.plain, (), ref)

    def send_frame(self, frame: bytes, events: tuple[WireEvent, ...] | None = None) -> None:
        """Queue one frame (``events``: an update's, kept so that a newer update can take
        its place); over the send budget the peer is too slow and is dropped. Every frame
        the host sends passes here."""
        if self.closed:
            return
        if self._idle and not self.queue and not self.writer.transport.get_write_buffer_size():
            # the writer has nothing queued and the socket took all it was given: hand the
            # frame to it now (the transport sends it at once, or keeps what the socket does
            # not take, and the next frames queue behind it), not through the writer's task
            self.writer.write(frame)
            return
        self.queued += len(frame)
        if self.queued > self.limits.send_queue_bytes:
            log.info("%s: send queue full, dropping", self.peer)
            self.close("send queue full")
            return
        self.queue.append((frame, events))
        self._wake.set()

    def error(self, code: str, message: str, ref: Any = None, *, fatal: bool = False) -> None:
        valid_ref = isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= p.MAX_INT
        self.send(p.ErrorMessage(code=code, message=message, ref=ref if valid_ref else None))
        if fatal:
            self.close(code, flush=True)

    def strike(self) -> bool:
        """Count one malformed or over-rate message; True when the peer is past its strikes.
        Strikes decay (``Limits.strike_decay`` a second): only many at once are a flood."""
        now = time.monotonic()
        self.strikes = (
            max(0.0, self.strikes - (now - self.struck_at) * self.limits.strike_decay) + 1
        )
        self.struck_at = now
        return self.strikes > self.limits.strikes

    def refuse(self, code: str, message: str, ref: Any = None, *, fatal: bool = False) -> None:
        """Answer a message (or frame) that breaks the protocol: a strike, an error, and past
        the strikes a ``flood`` error and the close."""
        over = self.strike()
        self.error(code, message, ref, fatal=fatal and not over)
        if over:
            self.flood()

    def flood(self) -> None:
        self.error(
            "flood", "far too many bad or hasty messages; closing the connection", fatal=True
        )

    def close(self, reason: str, *, flush: bool = False) -> None:
        """Drop the connection; with ``flush`` what is queued is still written first."""
        if self.closed:
            return
        self.closed = True
        self._leave_feed()
        if flush:
            self.queue.append(None)  # the writer ends after the queued frames...
            self._wake.set()
            # ...unless the peer does not read them: then it goes anyway, soon
            asyncio.get_running_loop().call_later(FLUSH_GRACE, self.abort)
        else:
            self.abort()
        self.on_close(self, reason)

    def abort(self) -> None:
        """Drop the socket now, unsent data and all (``close()`` would wait for a peer that
        may never read)."""
        if self.writer_task is not None and not self.writer_task.done():
            self.writer_task.cancel()
        self.queue.clear()  # what it held is not sent: give the memory back now
        self.queued = 0
        self.view_base = None
        self._leave_feed()
        transport = self.writer.transport
        if not transport.is_closing() or transport.get_write_buffer_size():
            transport.abort()

    def start_writer(self) -> None:
        self.writer_task = asyncio.get_running_loop().create_task(self.write_loop())

    async def write_loop(self) -> None:
        try:
            while True:
                while not self.queue:
                    self._take_feed()  # a watcher's update, taken when it can be sent
                    if self.queue:
                        break
                    self._wake.clear()
                    if self.feed is not None:
                        self.feed.idle.add(self)  # woken by the feed's next round
                    self._idle = True
                    try:
                        await self._wake.wait()
                    finally:
                        self._idle = False
                item = self.queue.popleft()
                if item is None:
                    break
                frame = item[0]
                item = None
                self.queued -= len(frame)
                self.writer.write(frame)
                self.blocked = True  # observable only while drain() waits: the peer is slow
                await self.writer.drain()
                self.blocked = False
            # A graceful close: say we are done (FIN) and let the reader drain what the peer
            # still sends until it hangs up. Closing with unread bytes in our receive buffer
            # would send a reset, and a reset makes the peer's kernel throw away our last
            # frames (a "bye") before the peer has read them.
            if self.writer.can_write_eof():
                self.writer.write_eof()
            if self.reader_task is not None and self.reader_task is not asyncio.current_task():
                await asyncio.wait({self.reader_task}, timeout=FLUSH_GRACE)
        except (ConnectionError, OSError):
            pass
        finally:
            self.writer.close()
            if not self.closed:
                self.close("write failed")
            # the task keeps the exception that ended it (a cancel, say) and with it this frame:
            # no reference back from the connection, so both go as soon as they are dropped
            self.writer_task = None
            # An error raised inside transport.write() (a broken pipe) is kept by the stream
            # (its reader's exception, its futures) with a traceback whose frames lead back,
            # through f_back, to this one: this frame must not keep the connection, or the
            # connection, its queue and the stream form a cycle only a full GC frees.
            del self

    async def read_loop(
        self, dispatch: Dispatch, exempt: Callable[[Conn, dict[str, Any]], bool]
    ) -> None:
        """Read frames until the connection ends, handing each message to ``dispatch``.
        ``exempt`` messages skip the rate limit (a choice for the seat's pending prompt)."""
        lim = self.limits
        try:
            while not self.closed:
                timeout = lim.idle_timeout if self.name is not None else lim.hello_timeout
                try:
                    # asyncio.timeout, not wait_for: wait_for's inner task would keep the
                    # exception that ends this loop, and through its traceback this frame and
                    # the connection, in a reference cycle that only a full GC frees
                    async with asyncio.timeout(timeout):
                        msg = await framing.read_frame(self.reader)
                except ProtocolError as exc:
                    self.refuse(exc.code, exc.message, fatal=exc.fatal)
                    continue
                if not exempt(self, msg) and not self.bucket.take():
                    self.limited += 1
                    if self.strike():
                        self.flood()
                    elif self.limited % 10 == 1:  # answer some, not all: no amplification
                        self.error("rate_limited", "too many messages; slow down", msg.get("id"))
                    continue
                dispatch(self, msg)
            await self.drain_input()
        except TimeoutError:
            self.error("timeout", "nothing received in time", fatal=True)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self.close("connection closed by peer")
        except asyncio.CancelledError:
            # only stop() cancels a reader; end quietly (asyncio's stream server would log
            # a cancelled handler as an error)
            self.close("host stopping")
        except Exception:  # a bug of ours: lose this connection, never the table
            log.exception("reading from %s", self.peer)
            self.close("host error")
        finally:
            self.reader_task = None  # as for the writer: no cycle through the ended task
            del self  # the stream's kept exception leads to this frame (see write_loop)

    async def drain_input(self) -> None:
        """After the connection is closed: read and drop what the peer still sends until it
        hangs up (or the flush grace runs out), so that closing is not a reset."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(FLUSH_GRACE):
                while await self.reader.read(65536):
                    pass


async def refuse(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, refusal: p.HostMessage
) -> None:
    """Send one last frame to a connection the table will not take, then hang up gracefully."""
    writer.write(p.encode(refusal))
    with contextlib.suppress(Exception):
        await asyncio.wait_for(writer.drain(), 1.0)
        if writer.can_write_eof():
            writer.write_eof()  # then drain the peer's hello: no reset eats the refusal
        async with asyncio.timeout(1.0):
            while await reader.read(65536):
                pass
    writer.transport.abort()
