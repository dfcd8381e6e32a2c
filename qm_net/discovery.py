"""Finding tables on the local network: mDNS / DNS-SD through python-zeroconf.

A host *advertises* its table as a ``_qingming._tcp.local.`` service whose TXT record says what a
lobby needs before connecting: the table's name, the protocol version, seats taken of total, how
many of them bots play, whether a game is under way, and which card set it deals from. Players
*browse* for that service type and see tables appear, change and go away, live.

Everything runs on asyncio (``zeroconf.asyncio``) so the host and the Textual app can run it in
their own loop: ``astart`` / ``aupdate`` / ``aclose``. The plain ``start`` / ``update`` / ``close``
wrappers run the same coroutines on a private loop in a background thread, for the CLI and for
code that has no loop.

Interfaces are always the caller's choice (:mod:`qm_net.interfaces`); what an advertisement says
and how a browser reads it is :mod:`qm_net.tablerecord`; this module is the transport: announcing,
browsing, the probes and the sweeps. Tests bind to ``127.0.0.1`` or to a network namespace's
veth address, never to the real interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Self, TypeVar

from zeroconf import (
    DNSOutgoing,
    DNSQuestion,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    current_time_millis,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from qm_net.interfaces import (
    advertised_addresses,
    default_interfaces,
    networks_for,
    parse_interfaces,
    reachable_addresses,
    resolve_interfaces,
)
from qm_net.tablerecord import (
    MAX_INSTANCE_BYTES,
    SERVICE_TYPE,
    TableEvent,
    TableEventKind,
    TableInfo,
    instance_name,
    table_from_info,
    truncate_utf8,
)
from qm_net.version import PROTOCOL_VERSION

__all__ = [
    "MAX_INSTANCE_BYTES",
    "SERVICE_TYPE",
    "Advertiser",
    "Browser",
    "TableEvent",
    "TableEventKind",
    "TableInfo",
    "abrowse_once",
    "browse_once",
    "default_interfaces",
    "instance_name",
    "parse_interfaces",
    "reachable_addresses",
    "resolve_interfaces",
]

log = logging.getLogger(__name__)

TABLE_STATES = ("lobby", "playing", "ended")
"""The values of the TXT ``state`` key a host sends."""

RECORD_TTL = 120
"""Seconds our records live in other caches. Short (zeroconf's default for TXT and PTR is 75
minutes) so that a host that dies without saying goodbye leaves browsers within two minutes
(see :attr:`Browser.sweep_interval`); a host that closes normally is gone at once (goodbyes)."""

SWEEP_INTERVAL = 5.0
"""Seconds between a browser's checks that the tables it knows still answer."""

# DNS numbers (RFC 1035, RFC 2782) for the refresh queries a browser sends itself.
_TYPE_SRV = 33
_TYPE_TXT = 16
_CLASS_IN = 1
_FLAGS_QUERY = 0

PROBE_TIMEOUT_MS = 250
"""How long to wait for another responder to claim our instance name before announcing it."""

GOODBYE_QUARANTINE = 1.0  # seconds after a table is dropped during which it is not re-added
RESOLVE_TIMEOUT_MS = 1500
"""How long a browser waits for a table's SRV/TXT/A records after first hearing of it."""

MAX_TXT_NAME_BYTES = 200
"""A TXT string holds 255 bytes including ``name=``; keep the table's name well inside that."""

_MAX_RENAMES = 99


# --- a private loop for the blocking wrappers -------------------------------------------------

_T = TypeVar("_T")


class _LoopThread:
    """An event loop in a daemon thread, so blocking code can run our coroutines."""

    def __init__(self, name: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=name, daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, _T], timeout: float | None = 30.0) -> _T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def stop(self) -> None:
        async def _drain() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        with contextlib.suppress(Exception):
            self.run(_drain(), timeout=5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)
        if not self._thread.is_alive():
            self._loop.close()


class _Service:
    """What Advertiser and Browser share: async start/close, blocking wrappers that run them on
    a private loop thread, and both kinds of context manager."""

    _thread_name = "qm-discovery"
    _thread: _LoopThread | None = None

    async def astart(self) -> None:
        raise NotImplementedError

    async def aclose(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        """Like :meth:`astart`, for code without an event loop; callbacks then run in a
        background thread."""
        if self._thread is None:
            self._thread = _LoopThread(self._thread_name)
        self._thread.run(self.astart())

    def close(self) -> None:
        """Like :meth:`aclose`, for code without an event loop."""
        if self._thread is None:
            return
        try:
            self._thread.run(self.aclose())
        finally:
            self._thread.stop()
            self._thread = None

    async def __aenter__(self) -> Self:
        await self.astart()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- advertising ----------------------------------------------------------------------------


class Advertiser(_Service):
    """Advertises one table until closed.

    ``address`` is where players should connect (default: the chosen interfaces' addresses).
    ``ttl`` is how long other caches keep our records (tests shorten it). Pass ``aiozc`` to
    share one AsyncZeroconf with a browser in the same process; it is then not closed here.
    """

    _thread_name = "qm-advertiser"

    def __init__(
        self,
        name: str,
        port: int,
        *,
        interfaces: Sequence[str] | None = None,
        address: str | None = None,
        seats_taken: int = 0,
        seats_total: int = 0,
        state: str = "lobby",
        bots: int = 0,
        web: int = 0,
        cards: str = "",
        aiozc: AsyncZeroconf | None = None,
        ttl: int = RECORD_TTL,
    ) -> None:
        _check_state(state)
        self.ttl = ttl
        self.name = name
        self.port = port
        self.seats_taken = seats_taken
        self.seats_total = seats_total
        self.state = state
        self.bots = bots
        self.web = web
        self.cards = cards
        self._interfaces = resolve_interfaces(interfaces)
        self._addresses = advertised_addresses(self._interfaces, address)
        self._aiozc = aiozc
        self._owns_zc = aiozc is None
        # A host name of our own: two tables on one machine must not flush each other's A records.
        self._server = f"qingming-{secrets.token_hex(4)}.local."
        self._info: ServiceInfo | None = None
        self._broadcast: Awaitable[Any] | None = None
        self._lock: asyncio.Lock | None = None

    @property
    def service_name(self) -> str | None:
        """The full service name once started (it may carry a `` (2)`` suffix)."""
        return self._info.name if self._info else None

    @property
    def addresses(self) -> list[str]:
        return list(self._addresses)

    def _txt(self) -> dict[str, str]:
        return {
            "name": truncate_utf8(self.name, MAX_TXT_NAME_BYTES),
            "version": str(PROTOCOL_VERSION),
            "seats": f"{self.seats_taken}/{self.seats_total}",
            "state": self.state,
            "bots": str(self.bots),
            **({"web": str(self.web)} if self.web else {}),
            **({"cards": self.cards} if self.cards else {}),
        }

    def _build_info(self, service_name: str) -> ServiceInfo:
        return ServiceInfo(
            SERVICE_TYPE,
            service_name,
            port=self.port,
            properties=self._txt(),
            server=self._server,
            parsed_addresses=self._addresses,
            host_ttl=self.ttl,
            other_ttl=self.ttl,
        )

    def _get_lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    async def _name_taken(self, zc: Zeroconf, service_name: str) -> bool:
        # One quick probe instead of zeroconf's three (over a second): ask for the name and
        # see whether anyone answers. It keeps a new table on screens in a fraction of a second.
        probe = AsyncServiceInfo(SERVICE_TYPE, service_name)
        if await probe.async_request(zc, PROBE_TIMEOUT_MS):
            return True
        return zc.cache.current_entry_with_name_and_alias(SERVICE_TYPE, service_name) is not None

    async def astart(self) -> None:
        """Pick a free instance name and announce the table."""
        async with self._get_lock():
            if self._info is not None:
                return
            if self._aiozc is None:
                self._aiozc = AsyncZeroconf(interfaces=self._interfaces)
            zc = self._aiozc.zeroconf
            await zc.async_wait_for_start()
            for attempt in range(1, _MAX_RENAMES + 1):
                service_name = f"{instance_name(self.name, attempt)}.{SERVICE_TYPE}"
                if not await self._name_taken(zc, service_name):
                    break
                log.info("table name %r is taken; trying another", service_name)
            else:
                raise RuntimeError(f"no free service name for table {self.name!r}")
            info = self._build_info(service_name)
            # We probed ourselves, so zeroconf need not probe again.
            self._broadcast = await self._aiozc.async_register_service(
                info, cooperating_responders=True
            )
            self._info = info

    async def aupdate(
        self,
        *,
        seats_taken: int | None = None,
        seats_total: int | None = None,
        state: str | None = None,
        bots: int | None = None,
        web: int | None = None,
        cards: str | None = None,
    ) -> None:
        """Change what the TXT record says; sends nothing if nothing changed."""
        async with self._get_lock():
            changed = self._apply(seats_taken, seats_total, state, bots, web, cards)
            if not changed or self._info is None or self._aiozc is None:
                return
            self._cancel_broadcast()
            self._info = self._build_info(self._info.name)
            self._broadcast = await self._aiozc.async_update_service(self._info)

    def _apply(
        self,
        seats_taken: int | None,
        seats_total: int | None,
        state: str | None,
        bots: int | None = None,
        web: int | None = None,
        cards: str | None = None,
    ) -> bool:
        """Set the given fields; whether the TXT record changed."""
        if state is not None:
            _check_state(state)
        before = self._txt()
        if seats_taken is not None:
            self.seats_taken = seats_taken
        if seats_total is not None:
            self.seats_total = seats_total
        if state is not None:
            self.state = state
        if bots is not None:
            self.bots = bots
        if web is not None:
            self.web = web
        if cards is not None:
            self.cards = cards
        return self._txt() != before

    async def aclose(self) -> None:
        """Withdraw the table (goodbye packets, so browsers drop it at once) and close."""
        async with self._get_lock():
            if self._aiozc is None:
                return
            if self._info is not None:
                self._cancel_broadcast()
                with contextlib.suppress(Exception):
                    await (await self._aiozc.async_unregister_service(self._info))
                self._info = None
            if self._owns_zc:
                await self._aiozc.async_close()
                self._aiozc = None

    def _cancel_broadcast(self) -> None:
        # A still-running announcement of the old record must not go out after the new one
        # (or after the goodbye, which would bring the table back).
        if isinstance(self._broadcast, asyncio.Future) and not self._broadcast.done():
            self._broadcast.cancel()
        self._broadcast = None

    # blocking wrapper (start/close come from _Service)

    def update(
        self,
        *,
        seats_taken: int | None = None,
        seats_total: int | None = None,
        state: str | None = None,
        bots: int | None = None,
    ) -> None:
        """Like :meth:`aupdate`, for code without an event loop."""
        if self._thread is None:  # not started: remember the values for start()
            self._apply(seats_taken, seats_total, state, bots)
            return
        self._thread.run(
            self.aupdate(seats_taken=seats_taken, seats_total=seats_total, state=state, bots=bots)
        )


def _check_state(state: str) -> None:
    if state not in TABLE_STATES:
        raise ValueError(f"table state must be one of {TABLE_STATES}, not {state!r}")


# --- browsing -------------------------------------------------------------------------------


class Browser(_Service):
    """A live view of the tables on the network.

    ``on_change`` is called for every :class:`TableEvent`: in the event loop when started with
    :meth:`astart`, in the browser's own thread when started with :meth:`start`. "updated" is
    reported only when something a player sees changed.

    A host that vanishes without goodbye packets (killed, unplugged) is reported "removed" once
    its records expire: every ``sweep_interval`` seconds the browser re-asks tables whose
    records are half way to expiry, and drops those whose records expired unanswered.
    (python-zeroconf alone would keep them for about 19 minutes: it holds service pointers at
    least that long.)
    """

    _thread_name = "qm-browser"

    def __init__(
        self,
        on_change: Callable[[TableEvent], None] | None = None,
        interfaces: Sequence[str] | None = None,
        *,
        aiozc: AsyncZeroconf | None = None,
        sweep_interval: float = SWEEP_INTERVAL,
    ) -> None:
        self._on_change = on_change
        self.sweep_interval = sweep_interval
        self._interfaces = resolve_interfaces(interfaces)
        self._local = networks_for(self._interfaces)
        self._aiozc = aiozc
        self._owns_zc = aiozc is None
        self._browser: AsyncServiceBrowser | None = None
        self._tables: dict[str, TableInfo] = {}
        self._names: dict[str, str] = {}  # key -> service name as received
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._gone: dict[str, float] = {}  # key -> when it was dropped (monotonic seconds)

    def tables(self) -> list[TableInfo]:
        """The tables known now, by name."""
        snapshot = list(self._tables.values())  # one step: the sync browser fills it from a thread
        return sorted(snapshot, key=lambda t: (t.name, t.key))

    async def astart(self) -> None:
        """Start browsing; events follow as tables are heard of."""
        if self._browser is not None:
            return
        if self._aiozc is None:
            self._aiozc = AsyncZeroconf(interfaces=self._interfaces)
        self._browser = AsyncServiceBrowser(
            self._aiozc.zeroconf, SERVICE_TYPE, handlers=[self._on_state_change]
        )
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def aclose(self) -> None:
        """Stop browsing (no "removed" events are sent for the tables still known)."""
        tasks = list(self._resolving.values())
        if self._sweeper is not None:
            tasks.append(self._sweeper)
            self._sweeper = None
        self._resolving.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        if self._owns_zc and self._aiozc is not None:
            await self._aiozc.async_close()
            self._aiozc = None

    async def settle(self) -> None:
        """Wait until no table is being resolved (used by :func:`abrowse_once`)."""
        while self._resolving:
            await asyncio.gather(*list(self._resolving.values()), return_exceptions=True)

    def _on_state_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        # Called by zeroconf in the event loop; must not block.
        key = name.lower()
        pending = self._resolving.pop(key, None)
        if pending is not None:
            pending.cancel()  # a newer event supersedes it: resolve afresh
        if state_change is ServiceStateChange.Removed:
            self._drop(key)
            return
        gone = self._gone.get(key)
        if gone is not None and time.monotonic() - gone < GOODBYE_QUARANTINE:
            # An answer the host scheduled before its goodbye can arrive after it and would
            # bring the table back as a ghost for a whole TTL; a host that really comes back
            # keeps announcing, and is heard after the quarantine.
            return
        self._names[key] = name
        task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name, key))
        self._resolving[key] = task

    async def _resolve(self, zc: Zeroconf, name: str, key: str) -> None:
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            try:
                found = await info.async_request(zc, RESOLVE_TIMEOUT_MS)
            except Exception as exc:  # e.g. zeroconf closing under us; the next event retries
                log.debug("resolving %s failed: %s", name, exc)
                return
            if not found:
                log.debug("could not resolve %s", name)
                return
            srv = zc.cache.get_by_details(name, _TYPE_SRV, _CLASS_IN)
            if srv is not None and srv.ttl <= 1:
                # A goodbye (TTL 0) leaves the records cached for one more second; an update
                # heard just before it must not bring the table back as a ghost.
                self._drop(key)
                return
            table = table_from_info(info, key, self._local)
            before = self._tables.get(key)
            if table == before:
                return
            self._tables[key] = table
            kind = TableEventKind.ADDED if before is None else TableEventKind.UPDATED
            self._emit(TableEvent(kind, table))
        finally:
            if self._resolving.get(key) is asyncio.current_task():
                del self._resolving[key]

    def _drop(self, key: str) -> None:
        self._gone[key] = time.monotonic()
        self._names.pop(key, None)
        table = self._tables.pop(key, None)
        if table is not None:
            self._emit(TableEvent(TableEventKind.REMOVED, table))

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_interval)
            try:
                self._sweep()
            except Exception:  # never let one bad pass end the sweeping
                log.exception("table sweep failed")

    def _sweep(self) -> None:
        """Drop tables whose SRV record expired; re-ask those half way there."""
        if self._aiozc is None:
            return
        zc = self._aiozc.zeroconf
        now = current_time_millis()
        ask = DNSOutgoing(_FLAGS_QUERY)
        for key in list(self._tables):
            if key in self._resolving:
                continue
            name = self._names.get(key, key)
            srv = zc.cache.get_by_details(name, _TYPE_SRV, _CLASS_IN)
            if srv is None or srv.is_expired(now):
                log.info("table %s stopped answering", name)
                self._drop(key)
            elif srv.is_stale(now):
                ask.add_question(DNSQuestion(name, _TYPE_SRV, _CLASS_IN))
                ask.add_question(DNSQuestion(name, _TYPE_TXT, _CLASS_IN))
        if ask.questions:
            zc.async_send(ask)

    def _emit(self, event: TableEvent) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change(event)
        except Exception:  # a listener's bug must not stop discovery
            log.exception("table listener failed on %s", event)


async def abrowse_once(timeout: float, interfaces: Sequence[str] | None = None) -> list[TableInfo]:
    """Listen for ``timeout`` seconds and return the tables heard of, by name."""
    browser = Browser(interfaces=interfaces)
    await browser.astart()
    try:
        await asyncio.sleep(timeout)
        # A table heard of just now is still resolving: give it a moment, not forever.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(browser.settle(), RESOLVE_TIMEOUT_MS / 1000)
        return browser.tables()
    finally:
        await browser.aclose()


def browse_once(timeout: float, interfaces: Sequence[str] | None = None) -> list[TableInfo]:
    """Blocking :func:`abrowse_once` (for ``qingming tables``)."""
    return asyncio.run(abrowse_once(timeout, interfaces))
