"""The table's door for browsers: a page, and a websocket per browser running the player's app.

Each browser session is one process, the ``qingming join`` app of :mod:`qm_web.child` drawn by
Textual's web driver, whose frames this server relays to xterm.js in the page (the script is
textual-serve's, vendored in ``static/``). Before any process starts:

- the browser must give the table's code (:attr:`WebDoor.code`, shown only at the table: the
  host's waiting room, its QR code, ``qingming serve``'s output); a wrong or missing code is
  refused at the HTTP upgrade, so no process starts;
- the websocket's ``Origin`` must be this server (the address the browser asked for), so that no
  other web page a player opens can drive a seat;
- live sessions are capped (:attr:`WebDoor.cap`: the table's seats and its spectator allowance);
  one over the cap is refused, and a browser coming back replaces its own old session.

Idle sessions are reaped: a socket that stops answering the heartbeat, and a session that sent
nothing (no key, tap or resize) for :attr:`WebDoor.idle` seconds.

A browser is known by a random id it keeps in local storage, one per table. Each id has its own
settings and seat tokens (a private folder under :attr:`WebDoor.root`, the directories of
:mod:`qm_tui.config`), so a refresh, a closed tab or a dropped Wi-Fi rejoins the same seat with
its hand and log, as ``qingming join`` does after a crash. Nothing is fetched from outside: the
page, its script, styles and font are served from this package.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import ipaddress
import json
import logging
import os
import re
import secrets
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from aiohttp import WSMsgType, web

from qm_web import page_url

log = logging.getLogger("qm_web")

STATIC = Path(__file__).resolve().parent / "static"
#: Letters of a table's code: no 0/O, 1/I/L, easy to read aloud and to type on a phone.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Spectators let in beside the seats, unless the table says otherwise.
DEFAULT_SPECTATORS = 2
#: Seconds without anything from the browser before its session is ended.
DEFAULT_IDLE = 30 * 60.0
HEARTBEAT = 15.0
#: A browser's id: 32 hex digits it makes itself and keeps.
BROWSER_ID = re.compile(r"[0-9a-f]{32}")
MAX_NAME = 24
#: Close codes the page reads (4000-4999 are the application's).
CLOSE_IDLE = 4000
CLOSE_REPLACED = 4001
CLOSE_ENDED = 4002
CLOSE_STOPPING = 4003
#: Seconds a wrong code costs. Codes are checked one at a time, so this bounds the guesses
#: a second for the whole door, however many connections make them.
WRONG_CODE_DELAY = 0.3
#: Guesses let wait for their turn; more are answered "busy" unchecked (a flood cannot queue
#: without end, and a check it skips tells it nothing).
MAX_WAITING_CHECKS = 16
#: A packet from the app: one type byte, a 4-byte big-endian size, the payload.
_HEADER = 5
_MAX_PACKET = 16 * 1024 * 1024
# Where a font for Chinese lives on the machines players bring: first the vendored Latin font
# (its cell width sets the grid), then common CJK monospace and system fonts, then the browser's
# own monospace. xterm.js draws a wide character in two cells whichever font draws it.
FONT_STACK = (
    "'Roboto Mono', 'Noto Sans Mono CJK SC', 'Noto Sans Mono CJK TC', 'Sarasa Mono SC', "
    "'Source Han Mono SC', 'WenQuanYi Zen Hei Mono', 'PingFang SC', 'Hiragino Sans GB', "
    "'Microsoft YaHei', 'Noto Sans CJK SC', monospace"
)


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """A code as typed: case and spaces do not matter."""
    return re.sub(r"[\s-]", "", text).upper()


def clean_name(text: str) -> str:
    """A player's name from the page: printable, one line, at most :data:`MAX_NAME` chars."""
    name = "".join(ch for ch in text if ch.isprintable()).strip()
    return name[:MAX_NAME]


@dataclass(eq=False)
class Session:
    """One browser's app process and its websocket."""

    browser: str
    ws: web.WebSocketResponse
    process: asyncio.subprocess.Process | None = None
    last_input: float = field(default_factory=time.monotonic)
    started: float = field(default_factory=time.monotonic)
    closing: str | None = None
    reader: asyncio.Task[None] | None = None
    stderr: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None


class WebDoor:
    """The web server of one table (``table_port``: the table's own TCP port on this machine)."""

    def __init__(
        self,
        table_name: str,
        table_port: int,
        *,
        table_address: str = "127.0.0.1",
        bind: str = "0.0.0.0",
        port: int = 0,
        seats: int = 4,
        spectators: int = DEFAULT_SPECTATORS,
        lang: str = "en",
        idle: float = DEFAULT_IDLE,
        code: str | None = None,
        python: str = sys.executable,
    ) -> None:
        self.table_name = table_name
        self.table_port = table_port
        self.table_address = table_address
        self.bind = bind
        self.port = port
        self.cap = seats + spectators
        self.lang = lang
        self.idle = idle
        self.code = code or new_code()
        self.python = python
        #: Tells this table's browser ids from another's kept in the same browser.
        self.table_id = secrets.token_hex(8)
        self.root = Path(tempfile.mkdtemp(prefix="qingming-web-"))
        self.addresses: list[str] = [table_address]
        """The addresses browsers open the page at (:func:`qm_web.host.open_door` sets them)."""
        self.sessions: dict[str, Session] = {}
        self.started = 0
        """Processes started since the door opened (tests and the benchmark count them)."""
        self.refused: dict[str, int] = {}
        """Connections refused before any process, by reason."""
        self._runner: web.AppRunner | None = None
        self._reaper: asyncio.Task[None] | None = None
        self._stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self._checking = asyncio.Lock()
        self._waiting = 0

    # ───────────────────────────── life cycle ─────────────────────────────

    async def start(self) -> None:
        app = web.Application(middlewares=[self._headers])
        app.add_routes(
            [
                web.get("/", self._page),
                web.post("/enter", self._enter),
                web.get("/ws/{browser}/{code}/{lang}/{name}", self._websocket),
                web.static("/static", STATIC),
            ]
        )
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port)
        await site.start()
        server = site._server  # the listening sockets: aiohttp names no public way to the port
        assert server is not None
        # (type: ignore: a listening socket has its name)
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self._reaper = asyncio.get_running_loop().create_task(self._reap())
        log.info("web door for %r on %s:%d", self.table_name, self.bind, self.port)

    async def stop(self) -> None:
        self._stopping = True
        if self._reaper is not None:
            self._reaper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reaper
        await asyncio.gather(
            *(self._end(s, "stopping", CLOSE_STOPPING) for s in list(self.sessions.values())),
            return_exceptions=True,
        )
        if self._runner is not None:
            await self._runner.cleanup()
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, address: str, *, with_code: bool = True) -> str:
        """The address a browser opens (with the code: what the QR code holds)."""
        return page_url(address, self.port, self.code if with_code else None)

    def live(self) -> list[int]:
        """The process ids of the sessions running now."""
        return [s.pid for s in self.sessions.values() if s.pid is not None]

    # ───────────────────────────── HTTP ─────────────────────────────

    @web.middleware
    async def _headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        response: web.StreamResponse = await handler(request)
        # The page's address holds the code: it is never sent on; the page is never framed
        # by another site; it runs only what this server sent.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-store"
        return response

    def _same_origin(self, request: web.Request) -> bool:
        """Whether the request comes from a page this server sent (``Origin`` names the host
        the browser asked for). A request without ``Origin`` is no browser's and is refused."""
        origin = request.headers.get("Origin")
        if not origin or origin == "null":
            return False
        parts = urlsplit(origin)
        if parts.scheme != "http" or parts.netloc.lower() != request.host.lower():
            return False
        return _our_name(parts.hostname or "")

    def _refuse(self, reason: str, status: type[web.HTTPException]) -> web.HTTPException:
        self.refused[reason] = self.refused.get(reason, 0) + 1
        return status(text=reason)

    async def _page(self, request: web.Request) -> web.Response:
        from qm_rules.i18n import tr

        words = {lang: {key: tr(f"web.{key}", lang) for key in PAGE_WORDS} for lang in ("zh", "en")}
        words["zh"]["title"] = tr("web.title", "zh", table=self.table_name)
        words["en"]["title"] = tr("web.title", "en", table=self.table_name)
        config = {
            "table": self.table_id,
            "lang": self.lang,
            "words": words,
            "font": FONT_STACK,
        }
        page = (STATIC / "index.html").read_text(encoding="utf-8")
        page = page.replace("{{title}}", html.escape(words[self.lang]["title"]))
        page = page.replace("{{lang}}", "zh-CN" if self.lang == "zh" else "en")
        # (</ cannot end the script: JSON's \u escapes keep the page's own markup intact)
        blob = json.dumps(config, ensure_ascii=True).replace("</", "<\\/")
        page = page.replace("{{config}}", blob)
        csp = (
            "default-src 'none'; script-src 'self'; style-src 'self' "
            "'unsafe-inline'; font-src 'self'; img-src 'self' data:; "
            f"connect-src 'self' ws://{request.host}; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'"
        )
        return web.Response(
            text=page, content_type="text/html", headers={"Content-Security-Policy": csp}
        )

    async def _enter(self, request: web.Request) -> web.Response:
        """The page asks whether its code and browser may come in, to say why not in words
        (a refused websocket tells the page nothing)."""
        if not self._same_origin(request):
            raise self._refuse("origin", web.HTTPForbidden)
        try:
            body = await request.json()
            code, browser = str(body["code"]), str(body["browser"])
        except (ValueError, KeyError, TypeError):
            raise web.HTTPBadRequest(text="bad request") from None
        return web.json_response({"answer": await self._admit(code, browser)})

    async def _admit(self, code: str, browser: str) -> str:
        """``ok``, or why not: ``code`` (wrong or missing), ``busy`` (too many codes being
        checked: try again), ``full``, ``bad``."""
        checked = await self._check_code(code)
        if checked != "ok":
            return checked
        if not BROWSER_ID.fullmatch(browser):
            return "bad"
        if self._stopping:
            return "full"
        if browser not in self.sessions and len(self.sessions) >= self.cap:
            return "full"
        return "ok"

    async def _check_code(self, code: str) -> str:
        """``ok`` if ``code`` is the table's, else ``code``; ``busy`` unchecked while too many
        wait. One check at a time, a wrong one holding the next for :data:`WRONG_CODE_DELAY`:
        guessing in parallel is no faster than one by one."""
        if self._waiting >= MAX_WAITING_CHECKS:
            return "busy"
        self._waiting += 1
        try:
            async with self._checking:
                if secrets.compare_digest(clean_code(code).encode(), self.code.encode()):
                    return "ok"
                await self._after_wrong_code()
                return "code"
        finally:
            self._waiting -= 1

    async def _after_wrong_code(self) -> None:
        await asyncio.sleep(WRONG_CODE_DELAY)

    # ───────────────────────────── sessions ─────────────────────────────

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        if not self._same_origin(request):
            raise self._refuse("origin", web.HTTPForbidden)
        info = request.match_info
        browser = info["browser"]
        answer = await self._admit(unquote(info["code"]), browser)
        if answer != "ok":
            refusal = web.HTTPForbidden if answer in ("code", "bad") else web.HTTPConflict
            raise self._refuse(answer, refusal)
        lang = info["lang"] if info["lang"] in ("zh", "en") else self.lang
        name = clean_name(unquote(info["name"]))
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)

        old = self.sessions.get(browser)
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=64 * 1024)
        session = Session(browser, ws)
        self.sessions[browser] = session  # the slot is held from here: a flood cannot pass it
        try:
            if old is not None:  # the same browser again (a refresh, a second tab): it moves here
                await self._end(old, "replaced", CLOSE_REPLACED, forget=False)
            await ws.prepare(request)
            await self._spawn(session, name, lang, width, height)
            await self._relay_input(session)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            await self._end(session, session.closing or "closed", CLOSE_ENDED)
        return ws

    def _dirs(self, browser: str) -> dict[str, str]:
        """The browser's own settings, seat tokens and records, apart from every other's."""
        home = self.root / hashlib.sha256(browser.encode()).hexdigest()[:24]
        dirs = {
            "QINGMING_CONFIG_DIR": home / "config",
            "QINGMING_STATE_DIR": home / "state",
            "QINGMING_DATA_DIR": home / "data",
        }
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
        config = dirs["QINGMING_CONFIG_DIR"] / "config.json"
        if not config.exists():  # the page said what the game is; the help is a tap away
            config.write_text(json.dumps({"intro_seen": True}), encoding="utf-8")
        return {k: str(v) for k, v in dirs.items()}

    async def _spawn(self, session: Session, name: str, lang: str, width: int, height: int) -> None:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("TEXTUAL", "QINGMING_")) and k not in ("COLUMNS", "LINES")
        }
        env.update(self._dirs(session.browser))
        env.update(
            {
                "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
                "TEXTUAL_FPS": "60",
                "TEXTUAL_COLOR_SYSTEM": "truecolor",
                "TERM_PROGRAM": "qingming-web",
                "COLUMNS": str(width),
                "ROWS": str(height),
                "QINGMING_WEB": "1",
            }
        )
        args = ["--lang", lang, "--no-journal"]
        if name:
            args += ["--name", name]
        args += ["join", f"{self.table_address}:{self.table_port}"]
        session.process = await asyncio.create_subprocess_exec(
            self.python,
            "-m",
            "qm_web.child",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=True,  # its own group: a signal to the host's terminal spares it
        )
        self.started += 1
        session.reader = asyncio.get_running_loop().create_task(self._relay_output(session))
        session.stderr = asyncio.get_running_loop().create_task(self._drain_stderr(session))

    async def _relay_output(self, session: Session) -> None:
        """The app's packets to the browser: frames as binary messages; its exit closes."""
        process = session.process
        assert process is not None and process.stdout is not None
        out = process.stdout
        try:
            while (line := await out.readline()) and line != b"__GANGLION__\n":
                pass  # nothing of the app's reaches the browser before the driver's prelude
            while True:
                header = await out.readexactly(_HEADER)
                size = int.from_bytes(header[1:], "big")
                if size > _MAX_PACKET:
                    raise ValueError(f"a packet of {size} bytes")
                payload = await out.readexactly(size)
                kind = header[:1]
                if kind == b"D":
                    await session.ws.send_bytes(payload)
                elif kind == b"M" and json.loads(payload).get("type") == "exit":
                    session.closing = session.closing or "ended"
                    break
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        except Exception:  # the socket went away while a frame was sent
            log.exception("relaying a session's frames")
        if not session.ws.closed:
            await session.ws.close(code=CLOSE_ENDED, message=b"ended")

    async def _drain_stderr(self, session: Session) -> None:
        """The app's stderr (and stray stdout): read so it never blocks, kept out of the page."""
        assert session.process is not None and session.process.stderr is not None
        with contextlib.suppress(Exception):
            while chunk := await session.process.stderr.read(4096):
                log.debug("session %s: %r", session.browser[:6], chunk[:200])

    async def _relay_input(self, session: Session) -> None:
        """The browser's keys, taps and size to the app."""
        process = session.process
        assert process is not None and process.stdin is not None
        stdin = process.stdin
        async for message in session.ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind = envelope[0]
            except (ValueError, IndexError, KeyError, TypeError):
                continue
            session.last_input = time.monotonic()
            if kind == "stdin" and isinstance(envelope[1], str):
                stdin.write(_packet(b"D", envelope[1].encode("utf-8")))
            elif kind == "resize" and isinstance(envelope[1], dict):
                size = envelope[1]
                meta = {
                    "type": "resize",
                    "width": _size(size.get("width"), 80),
                    "height": _size(size.get("height"), 24),
                }
                stdin.write(_packet(b"M", json.dumps(meta).encode()))
            elif kind in ("focus", "blur"):
                stdin.write(_packet(b"M", json.dumps({"type": kind}).encode()))
            elif kind == "ping" and isinstance(envelope[1], str):
                await session.ws.send_str(json.dumps(["pong", envelope[1][:32]]))
                continue
            else:
                continue
            await stdin.drain()

    async def _end(self, session: Session, why: str, code: int, *, forget: bool = True) -> None:
        """Close the session's socket and end its process (asked to quit, then made to)."""
        session.closing = session.closing or why
        if self.sessions.get(session.browser) is session:
            del self.sessions[session.browser]
        if not session.ws.closed and session.ws.prepared:
            with contextlib.suppress(Exception):
                await session.ws.close(code=code, message=why.encode())
        process = session.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(Exception):
                assert process.stdin is not None
                process.stdin.write(_packet(b"M", b'{"type": "quit"}'))
                await process.stdin.drain()
            try:
                await asyncio.wait_for(process.wait(), 3.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
        for task in (session.reader, session.stderr):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _reap(self) -> None:
        """End the sessions the browser stopped using."""
        while True:
            await asyncio.sleep(min(30.0, self.idle / 4))
            now = time.monotonic()
            for session in list(self.sessions.values()):
                if now - session.last_input > self.idle:
                    task = asyncio.get_running_loop().create_task(
                        self._end(session, "idle", CLOSE_IDLE)
                    )
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)


#: The page's words (``web.<key>`` in the catalogue), sent to it in both languages.
PAGE_WORDS = (
    "title",
    "heading",
    "name",
    "code",
    "code_hint",
    "sit",
    "lang",
    "wrong_code",
    "no_code",
    "full",
    "busy",
    "bad",
    "refused",
    "ended",
    "idle",
    "replaced",
    "stopping",
    "lost",
    "again",
    "connecting",
)


def _packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def _size(value: Any, default: int) -> int:
    """A terminal dimension from the browser, within reason."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(10, min(number, 500))


def quote_name(name: str) -> str:
    return quote(name, safe="")


def _our_name(host: str) -> bool:
    """Whether a page named ``host`` can only be this machine's: an address (what the table
    prints and its QR holds), ``localhost``, or a ``.local`` name of the LAN. Any other name
    may be a foreign site's whose DNS now points here (DNS rebinding): its page would pass the
    same-origin test, so it is refused."""
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith(".local"):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
