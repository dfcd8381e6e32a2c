"""The client side of a table: connect, hello, take a seat (or watch), play, chat.

>>> client = await TableClient.connect("127.0.0.1", port, "Ann")
>>> seat = await client.join()
>>> async for msg in client.messages():
...     if isinstance(msg, GameUpdate) and msg.view.prompt and msg.view.prompt.options:
...         await client.choose(msg.view.prompt.options[0].id)

Every host frame is decoded into its typed definition (:func:`qm_net.protocol.decode_host`,
which checks it in full) and handed on as a typed message (:mod:`qm_net.messages`); a host that
breaks the protocol is hung up on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, Literal

import msgspec

from qm_net import compact, delta, fairdeal, framing
from qm_net import protocol as p
from qm_net.cardsets import CardCache, CardsRefused, accept
from qm_net.framing import ProtocolError
from qm_net.held import Held
from qm_net.messages import (
    ConnectionLost,
    GameEnded,
    GameHistory,
    GameUpdate,
    Message,
    TableMeta,
)
from qm_net.protocol import (
    PROTOCOL_VERSION,
    Bye,
    ChatMessage,
    Deal,
    Dealt,
    ErrorMessage,
    HostMessage,
    HostPing,
    Joined,
    LobbyUpdate,
    Spectating,
    Update,
    Welcome,
    decode_host,
)
from qm_rules import Event, View
from qm_rules.cards import CardSet, shipped_cards

log = logging.getLogger("qm_net.client")

#: The error codes the host closes the connection after (docs/protocol.md §6, "closes"): the
#: one received last names why the connection ended (:attr:`ConnectionLost.code`).
CLOSING_CODES = frozenset(
    {"replaced", "version_mismatch", "flood", "timeout", "frame_too_large", "table_busy"}
)


#: The codes of refusals this client makes itself, without asking the host (beside the host's
#: own, ``protocol.ERROR_CODES``).
CLIENT_CODES: dict[str, str] = {
    "unsupported": "the host does not do what was asked (it does not list that feature)",
    "connection_failed": "the host could not be reached, or sent no welcome",
}


class TableError(Exception):
    """The host refused a request (``code`` as in docs/protocol.md), or the link failed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class _Bye(Exception):
    """The host said goodbye (its reason is the text)."""


class TableClient:
    """A connection to one table. Build it with :meth:`connect`."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        timeout: float,
        idle_timeout: float,
        bot: str | None = None,
        known_cards: Iterable[CardSet] = (),
        card_cache: CardCache | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.bot = bot
        """This client is a bot of that level (or strategy), as its hello says; None: a person."""
        self.timeout = timeout
        self.idle_timeout = idle_timeout
        self.table: TableMeta | None = None
        self.cards: CardSet = shipped_cards()
        """The card set the table deals from (its ``welcome`` names it): one this client had,
        or the one the host sent it, checked (:mod:`qm_net.cardsets`)."""
        self.cards_from: Literal["", "own", "known", "cache", "host"] = ""
        """Where :attr:`cards` came from: this program's own set, one it was given
        (``known_cards``), the card cache, or the host (asked for: none of those had it)."""
        self._known = {c.file_hash: c for c in known_cards}
        self.card_cache = card_cache
        self.seat: int | None = None
        self.token: str | None = None
        self.web: p.WebPage | None = None
        """The table's page for browsers and its code, as the host tells a seated player."""
        self.spectating = False
        # the latest view / lobby / deadline handed out by messages() or next_message()
        self.view: View | None = None
        self.lobby: LobbyUpdate | None = None
        # the game so far as the host last told it (at a rejoin or on starting to watch), the
        # part this client did not hold already (after a dropped connection: what it missed)
        self.history: GameHistory | None = None
        self._held = Held()
        self._unshown: tuple[Event, ...] = ()  # told with a view we could not build (a patch)
        self.deadline: float | None = None  # seconds left on the prompt's timer, when received
        self.closed = False
        self._queue: asyncio.Queue[Message] = asyncio.Queue()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._read_task: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[HostMessage]] = {}
        self._next_id = 0
        self._last_n = -1
        # the view of the last update (plain data, as decoded) and its n: what a patch applies to
        self._base: dict[str, Any] | None = None
        self._base_n = -1
        self._base_view: View | None = None  # the same view, typed
        self._send_lock = asyncio.Lock()
        self._final = False
        self._said_bye = False  # the host said goodbye: the table closed
        self._lost_reason = ""
        self._closing_code: str | None = None  # the error the host said it closes with
        # The deal of the game in progress, as this client saw it (qm_net.fairdeal)
        self.fair: fairdeal.ClientRecord | None = None
        # Came back to a game under way: what it can still check (a partial record), and a
        # record restored from disk (restore_fair) — used if it is of this game
        self._fallback: fairdeal.ClientRecord | None = None
        self._restored: fairdeal.ClientRecord | None = None
        self.keep_record: Callable[[fairdeal.ClientRecord | None], None] | None = None
        """Called with the full record whenever it changed (to keep it on disk beside the
        seat's token, for a client started again after a crash), None once the game is over."""
        self._lobby_at: tuple[str, int] = ("lobby", 0)  # the table's state and games played

    # ───────────────────────────── connecting ─────────────────────────────

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int,
        name: str,
        *,
        timeout: float = 5.0,
        idle_timeout: float = 45.0,
        bot: str | None = None,
        known_cards: Iterable[CardSet] = (),
        card_cache: CardCache | None = None,
    ) -> TableClient:
        """Open TCP, say hello, wait for the welcome, and have the table's card set. ``bot``:
        this client is a bot of that level or strategy (``qingming bot``), which the table
        shows at its seat. ``known_cards``: sets this client has beside the game's own (a
        hosted table's, a ``--cards`` file); ``card_cache``: where the sets a host sent are
        kept, and looked for first. Raises :class:`TableError` (e.g. ``version_mismatch``,
        ``bad_message`` for an unknown ``bot``, ``cards_refused`` for a card set that cannot
        be played here) or ``OSError``."""
        client = cls(
            host,
            port,
            name,
            timeout=timeout,
            idle_timeout=idle_timeout,
            bot=bot,
            known_cards=known_cards,
            card_cache=card_cache,
        )
        await client._open()
        return client

    @property
    def farewell(self) -> str | None:
        """Why the link closed, when coming back will not help (the host said goodbye: the
        table closed, or this seat went to a newer connection); None while it may."""
        return self._lost_reason if self.closed and self._final else None

    async def _open(self) -> None:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), self.timeout
        )
        self._reader, self._writer = reader, writer
        self.closed = False
        self._last_n = -1
        self._base = None
        self._final = self._said_bye = False
        self._closing_code = None
        try:
            hello = p.Hello(version=PROTOCOL_VERSION, name=self.name, client="qm_net", bot=self.bot)
            await self._send(hello)
            while True:  # the welcome; an error instead means we are refused
                msg = self._check(await asyncio.wait_for(framing.read_frame(reader), self.timeout))
                if isinstance(msg, Welcome):
                    break
                if isinstance(msg, ErrorMessage):
                    raise TableError(msg.code, msg.message)
                if isinstance(msg, Bye):
                    raise TableError("table_closed", msg.reason)
        except (ProtocolError, asyncio.IncompleteReadError, TimeoutError) as exc:
            writer.close()
            if isinstance(exc, ProtocolError):
                raise TableError(exc.code, exc.message) from None
            raise TableError(
                "connection_failed", f"no welcome from {self.host}:{self.port}"
            ) from None
        except TableError:
            writer.close()
            raise
        self.table = TableMeta.of(msg)
        self.closed = False
        self._read_task = asyncio.get_running_loop().create_task(self._read_loop())
        try:
            await self._take_cards(msg.table.cards)
        except TableError:
            self._final = True
            await self._drop()
            raise

    async def _take_cards(self, sha256: str) -> None:
        """Have the card set the table named: from those this client has, else from the host
        (checked as a stranger's file, then kept in the card cache)."""
        own = shipped_cards()
        cards, where = self._known.get(sha256), "known"
        if cards is None and sha256 == own.file_hash:
            cards, where = own, "own"
        # (reading a set takes a while: in a thread, so that the app's screen stays live)
        if cards is None and self.card_cache is not None:
            cards, where = await asyncio.to_thread(self.card_cache.get, sha256), "cache"
        if cards is None:
            reply = await self._request(p.GetCards(sha256=sha256))
            assert isinstance(reply, p.CardsFile)
            try:
                cards, where = await asyncio.to_thread(accept, reply.source, sha256), "host"
            except CardsRefused as exc:
                raise TableError("cards_refused", str(exc)) from None
            if self.card_cache is not None:
                self.card_cache.put(cards)
        self._known[sha256] = cards
        # (type: ignore: where is one of the Literal's words, set above)
        self.cards, self.cards_from = cards, where  # type: ignore[assignment]

    async def reconnect(self) -> int | None:
        """Connect again and take back the seat with the stored token (or watch again).
        Returns the seat. Raises :class:`TableError` (``bad_token``) or ``OSError``."""
        await self._drop()
        await self._open()
        if self.token is not None:
            return await self.rejoin(self.token)
        if self.spectating:
            await self.spectate()
        return None

    # ───────────────────────────── requests ─────────────────────────────

    async def join(self, seat: int | None = None) -> int:
        """Take a seat (the first free one by default); returns its number. The host's reply
        carries this seat's secret token, kept in :attr:`token` for :meth:`reconnect`."""
        reply = await self._request(p.Join(seat=seat))
        assert isinstance(reply, Joined)
        return reply.seat

    async def rejoin(self, token: str) -> int:
        """Take back a seat with its token (after a dropped connection or a host restart); the
        host then sends the current view."""
        reply = await self._request(p.Rejoin(token=token))
        assert isinstance(reply, Joined)
        return reply.seat

    def restore_fair(self, record: fairdeal.ClientRecord | None) -> None:
        """Before a rejoin after a restart: this seat's record of the game's deal as an
        earlier run of this client kept it (its part, the commitment, the views it saw). It is
        checked at the end if it is of that game; else what can still be checked is."""
        self._restored = record

    def take_history(self) -> GameHistory | None:
        """The game so far, as the host told it when this client (re)joined or began to watch
        (the events this seat was allowed to see, the newest of them); once: it is then
        forgotten. None when the host told none (no game on, or an older host)."""
        history, self.history = self.history, None
        return history

    async def spectate(self) -> None:
        await self._request(p.Spectate())
        self.spectating = True

    async def set_ready(self, ready: bool = True) -> None:
        await self._send(p.Ready(ready=bool(ready)))

    async def start_game(self) -> None:
        await self._send(p.Start())

    async def add_bot(self, strategy: str | None = None) -> None:
        await self._send(p.AddBot(strategy=strategy))

    async def remove_bot(self, seat: int) -> None:
        await self._send(p.RemoveBot(seat=seat))

    async def chat(self, text: str) -> None:
        await self._send(p.Say(text=text))

    async def choose(self, option_id: str, seq: int | None = None) -> None:
        """Answer the pending prompt (its ``seq`` is sent, so a late answer is refused as
        stale rather than applied to a newer prompt)."""
        if seq is None:
            if self.view is None or self.view.prompt is None:
                raise TableError("wrong_state", "there is no prompt to answer")
            seq = self.view.prompt.seq
        await self._send(p.Choose(seq=seq, option=option_id))

    async def concede(self) -> None:
        await self._send(p.Concede())

    @property
    def can_take_back(self) -> bool:
        """Whether the host takes back decisions at all (``takeback``: an older host does not);
        whether it will this time is the host's to say."""
        return self.table is not None and "takeback" in self.table.features

    async def take_back(self) -> None:
        """Take back this seat's last decision, at the prompt now shown; returns once the host
        has sent the view from before it (handed on as an update, like any other). Raises
        :class:`TableError` with the host's refusal (``takeback_others``, ``takeback_revealed``
        ...; ``unsupported`` for a host that does not take decisions back)."""
        if not self.can_take_back:
            raise TableError("unsupported", "this table's host does not take decisions back")
        if self.view is None or self.view.prompt is None:
            raise TableError("wrong_state", "there is no decision to take back now")
        await self._request(p.TakeBack(seq=self.view.prompt.seq))

    async def rematch(self) -> None:
        await self._send(p.Rematch())

    async def leave(self) -> None:
        """Give up the seat (conceding a game in progress); the connection stays open."""
        await self._send(p.Leave())
        self.seat = self.token = self.web = None
        self.spectating = False

    async def go_away(self) -> None:
        """Say that this player goes away keeping the seat (nothing conceded; the token keeps
        it), so that the host tells it from a lost connection; the caller closes next. Said
        only to a host that knows it (``leave_keep``): an older one would take it for a leave."""
        if self.seat is not None and self.table is not None and "leave_keep" in self.table.features:
            await self._send(p.Leave(keep=True))

    async def close(self) -> None:
        self._final = True
        await self._drop()

    # ───────────────────────────── receiving ─────────────────────────────

    async def messages(self) -> AsyncIterator[Message]:
        """The host's messages as typed values, until (and including) a ConnectionLost.
        May be called again after :meth:`reconnect`."""
        while True:
            msg = self._seen(await self._queue.get())
            yield msg
            if isinstance(msg, ConnectionLost):
                return

    async def next_message(self, timeout: float | None = None) -> Message:
        """One message (a convenience for scripts and tests)."""
        return self._seen(await asyncio.wait_for(self._queue.get(), timeout))

    def _seen(self, msg: Message) -> Message:
        # view/lobby follow what the caller has been handed, not what is still queued: so
        # choose() answers the prompt the player saw, and a newer one refuses it as stale
        if isinstance(msg, GameUpdate):
            self.view, self.deadline = msg.view, msg.deadline
        elif isinstance(msg, GameEnded):
            self.view, self.deadline = msg.view, None
        elif isinstance(msg, LobbyUpdate):
            self.lobby = msg
        return msg

    # ───────────────────────────── internals ─────────────────────────────

    def _check(self, raw: dict[str, Any]) -> HostMessage:
        msg = decode_host(raw)
        if msg.n <= self._last_n:
            raise ProtocolError(
                "bad_message", f"message number {msg.n} after {self._last_n}", fatal=True
            )
        self._last_n = msg.n
        return msg

    async def _send(self, msg: p.ClientMessage) -> None:
        if self.closed or self._writer is None:
            raise TableError("not_connected", "the connection is closed")
        frame = p.encode(msg)
        async with self._send_lock:
            try:
                self._writer.write(frame)
                await self._writer.drain()
            except (ConnectionError, OSError) as exc:
                raise TableError("not_connected", str(exc)) from None

    async def _request(self, msg: p.ClientMessage) -> HostMessage:
        self._next_id += 1
        mid = self._next_id
        msg = msgspec.structs.replace(msg, id=mid)
        fut: asyncio.Future[HostMessage] = asyncio.get_running_loop().create_future()
        self._pending[mid] = fut
        try:
            await self._send(msg)
            return await asyncio.wait_for(fut, self.timeout)
        except TimeoutError:
            raise TableError("timeout", f"no answer to {msg.__struct_config__.tag}") from None
        finally:
            self._pending.pop(mid, None)

    async def _read_loop(self) -> None:
        reason = "connection closed by the host"
        assert self._reader is not None
        try:
            while True:
                # asyncio.timeout, not wait_for: wait_for makes a task for every frame
                async with asyncio.timeout(self.idle_timeout):
                    raw = await framing.read_frame(self._reader)
                self._handle(self._check(raw), raw)
        except _Bye as bye:
            reason = f"the table closed: {bye}"
            self._said_bye = True
        except ProtocolError as exc:
            reason = f"the host broke the protocol: {exc.code}: {exc.message}"
        except TimeoutError:
            reason = "the host went silent"
            self._closing_code = self._closing_code or "silent"
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            if self._closing_code is None:  # no goodbye, no error first: it broke off
                reason = "the connection to the table broke off"
                self._closing_code = "dropped"
        except asyncio.CancelledError:
            reason = "closed"
        finally:
            self._lost(reason)

    def _lost(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self._lost_reason = reason
        if self._writer is not None:
            self._writer.close()
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(TableError("not_connected", reason))
        self._queue.put_nowait(
            ConnectionLost(reason, self._final, self._closing_code, self._said_bye)
        )

    def _handle(self, msg: HostMessage, raw: dict[str, Any]) -> None:
        ref = getattr(msg, "ref", None)
        fut = self._pending.get(ref) if ref is not None else None
        if isinstance(msg, HostPing):
            self._spawn_send(p.Pong())
            return
        if isinstance(msg, Joined):
            self.seat, self.token, self.spectating = msg.seat, msg.token, False
            self.web = msg.web
            self._told_history(msg.history)
        elif isinstance(msg, Spectating):
            self.seat, self.token, self.spectating = None, None, True
            self.web = None
            self._told_history(msg.history)
        elif isinstance(msg, Bye):
            self._final = True
            raise _Bye(msg.reason)  # ends the read loop: the table is gone
        elif isinstance(msg, Deal):
            self._on_deal(msg)
            return
        elif isinstance(msg, ErrorMessage) and fut is not None:
            fut.set_exception(TableError(msg.code, msg.message))
            return
        if fut is not None and not fut.done():
            fut.set_result(msg)
        out: Message
        if isinstance(msg, Update):
            view = self._whole_view(msg, raw)
            events = self._unshown + tuple([compact.to_event(e) for e in msg.events])
            if view is None:  # a patch we cannot apply: the whole view is on its way
                self._unshown = events  # (its events come with it)
                return
            self._unshown = ()
            self._held.add(events)
            out = GameUpdate(view, events, msg.deadline, msg.timer)
        elif isinstance(msg, p.GameEnded):
            self._held.over = True
            final = self._base_view if msg.view is None else compact.to_view(msg.view)
            if final is None:
                return  # the last update was one we could not apply: sync brings it whole
            out = GameEnded(msg.result, final, msg.deal, takebacks=msg.takebacks)
        elif isinstance(msg, LobbyUpdate | ChatMessage | ErrorMessage | Dealt):
            if isinstance(msg, LobbyUpdate):
                self._lobby_at = (msg.state, msg.games_played)
            out = msg
        else:
            return  # welcome, joined, spectating, pong: nothing for the app
        if isinstance(out, ErrorMessage) and out.code in ("replaced", "version_mismatch"):
            self._final = True
        if isinstance(out, ErrorMessage) and out.code in CLOSING_CODES:
            self._closing_code = out.code  # the host closes now: this is why
        if isinstance(out, ErrorMessage) and out.code == "seat_freed":
            self.seat = self.token = self.web = None  # the host gave the seat up: we hold none
        self._queue.put_nowait(self._record(out))

    def _told_history(self, told: p.GameHistory | None) -> None:
        """A (re)join's history: keep the part of it this client does not hold yet."""
        if told is None:
            self.history = None
            return
        self._unshown = ()  # the history holds them
        events = tuple(compact.to_event(e) for e in told.events)
        whole = GameHistory(events, told.omitted, stand_ins=told.stand_ins, places=told.places)
        held_some = self._held.count > 0
        self.history = self._held.take(whole)
        # came to the game under way: started again, or this game began while away
        if not self.history.missed and (self.fair is None or held_some):
            self._came_late(whole)

    def _came_late(self, whole: GameHistory) -> None:
        """Keep what the fair deal's check can still use (the deal was before this client):
        a partial record from here on, and the record restored from disk, if any."""
        seat = None if self.spectating else self.seat
        table = self.table.name if self.table is not None else ""
        partial = fairdeal.ClientRecord(seat, "", table, partial=True, events=[])
        fairdeal.told_cards(partial, self.cards)
        partial.told(whole.events)
        self._fallback = partial
        restored, self._restored = self._restored, None
        if restored is not None and restored.seat == seat and not restored.partial:
            restored.events = list(partial.events or ())  # the log it is given is checked too
            self._carry_cards(restored)
            self.fair = restored
            self._keep(restored)
        else:
            self.fair = partial

    def _on_deal(self, msg: Deal) -> None:
        """The host's commitment to the next game's deal: keep it, and send our own random
        part if our seat's is awaited (every client does, so the host cannot choose the deal)."""
        seat = None if self.spectating else self.seat
        restored = self._restored
        if self.fair is None and restored is not None and restored.commitment == msg.commitment:
            self._carry_cards(restored)
            self.fair = restored  # started again while the deal waits: our part is sent already
            self._restored = None
        if self.fair is None or self.fair.commitment != msg.commitment:
            table = self.table.name if self.table is not None else ""
            self.fair = fairdeal.ClientRecord(
                seat=seat, commitment=msg.commitment, table=table, game=self._game_index()
            )
            fairdeal.told_cards(self.fair, self.cards)
            self._fallback = self._restored = None
        if seat is not None and seat in msg.seats and self.fair.part is None:
            part = fairdeal.new_part().hex()
            self.fair.part = part
            self._keep(self.fair)  # on disk before it is sent: a crash must not lose it
            self._spawn_send(p.DealPart(part=part))

    def _carry_cards(self, restored: fairdeal.ClientRecord) -> None:
        """A record kept on disk names the table's card set by its hash only: when it is the
        set this client holds now, the record keeps that set's file too (as a record made here
        would). Another set is left as named: the check then says the deal was not of it."""
        if restored.cards is None or restored.cards == self.cards.file_hash:
            fairdeal.told_cards(restored, self.cards)

    def _game_index(self) -> int:
        """The number of the game being dealt or played at the table (from 0), as the last
        ``lobby`` says: the games finished before it."""
        state, played = self._lobby_at
        return played - 1 if state == "ended" else played

    def _keep(self, record: fairdeal.ClientRecord | None) -> None:
        if self.keep_record is not None and (record is None or not record.partial):
            try:
                self.keep_record(record)
            except Exception:  # the check may lose what is not kept; the game must not
                log.exception("cannot keep the fair deal's record")

    def _record(self, out: Message) -> Message:
        """Keep what the fair deal's check needs: every view received, the sources, the reveal."""
        record, fallback = self.fair, self._fallback
        if isinstance(out, GameEnded):
            if record is not None and record.partial is False and fallback is not None:
                if record.game != self._game_index():  # restored, but of an earlier game
                    record = fallback
            if record is not None:
                record.saw(out.view)
                record.reveal = msgspec.to_builtins(out.deal) if out.deal is not None else None
                if record.partial and out.deal is None:
                    record = None  # a table with a fixed seed: nothing to check
            self.fair = self._fallback = self._restored = None  # the next game has its own
            self._keep(None)
            return dataclasses.replace(out, fair=record)
        if record is not None and isinstance(out, Dealt):
            record.sources = list(out.sources)
            self._keep(record)
        elif isinstance(out, GameUpdate):
            for kept in {id(r): r for r in (record, fallback) if r is not None}.values():
                kept.saw(out.view)
                kept.told(out.events)
            if record is not None:
                self._keep(record)
        return out

    def _whole_view(self, msg: Update, raw: dict[str, Any]) -> View | None:
        """The view an update stands for: its own, or the previous one patched. A patch that
        does not fit (another base, a path that leads nowhere) asks the host for the whole
        view (``sync``) and yields None."""
        if msg.view is not None:
            view = compact.to_view(msg.view)
            self._base, self._base_n, self._base_view = raw["view"], msg.n, view
            return view
        try:
            if self._base is None or self._base_view is None or msg.base != self._base_n:
                raise delta.PatchError(f"a patch on update {msg.base}; we hold {self._base_n}")
            base = delta.apply(self._base, raw["patch"])
            view = delta.typed(self._base_view, base, raw["patch"])
        except (delta.PatchError, msgspec.ValidationError) as exc:
            log.warning("%s: asking for the whole view", exc)
            self._base = self._base_view = None
            self._spawn_send(p.Sync())
            return None
        self._base, self._base_n, self._base_view = base, msg.n, view
        return view

    def _spawn_send(self, msg: p.ClientMessage) -> None:
        async def go() -> None:
            with contextlib.suppress(TableError):
                await self._send(msg)

        task = asyncio.get_running_loop().create_task(go())
        self._bg = task  # keep a reference until it is done

    async def _drop(self) -> None:
        task = self._read_task
        self._read_task = None
        if self._writer is not None:
            self._writer.close()
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.closed = True
