"""The app's side of the network: host a table in the app's own loop, connect to one.

No Textual here; the screens call these from workers. Everything named in ``qm_net`` is imported
inside the functions, so opening the gallery never loads the network stack.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from qm_rules.model import GameOptions

if TYPE_CHECKING:
    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_rules.cards import CardSet


def default_port() -> int:
    """The port ``qingming serve`` listens on when it is free, so that ``HOST`` alone joins it."""
    from qm_net.protocol import DEFAULT_PORT

    return DEFAULT_PORT


class AddressError(ValueError):
    """The text is not ``HOST`` or ``HOST:PORT``."""


def parse_address(text: str, port: int | None = None) -> tuple[str, int]:
    """``"192.168.1.5:7351"`` → ``("192.168.1.5", 7351)``; ``"[::1]:80"`` and a bare host too.

    A missing port is ``port`` (default: :func:`default_port`).
    """
    text = text.strip()
    if not text:
        raise AddressError("empty address")
    host, sep, port_text = text.rpartition(":")
    if text.startswith("[") and "]" in text:  # [v6]:port or [v6]
        close = text.index("]")
        host, rest = text[1:close], text[close + 1 :]
        port_text = rest[1:] if rest.startswith(":") else ""
        if rest and not rest.startswith(":"):
            raise AddressError(f"bad address: {text}")
    elif not sep or host.count(":"):  # no colon, or a bare IPv6 address
        host, port_text = text, ""
    if not host:
        raise AddressError(f"no host in {text!r}")
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise AddressError(f"bad port: {port_text!r}")
        return host, int(port_text)
    return host, port if port is not None else default_port()


@dataclass(frozen=True, slots=True)
class HostSettings:
    """What the host-a-table form asks for (R22's options included)."""

    name: str
    seats: int = 4
    bots: int = 0
    options: GameOptions = field(default_factory=GameOptions)
    seed: int | str | None = None
    bot_delay: float = 0.0
    """Seconds a bot waits before each move, so that a person can follow the play."""
    level: str = "normal"
    """How well the table's bots play: easy, normal or hard (``qm_rules.bots.LEVELS``)."""
    web: bool = False
    """Serve the table to browsers on the LAN too (qm_web)."""
    cards: CardSet | None = None
    """The card set the table plays (None: the game's own)."""
    cards_file: str | None = None
    """The file ``cards`` was read from, as the host form was given it."""


def bind_address(interfaces: list[str] | None) -> str:
    """Where a table hosted from the lobby listens: on the one interface asked for when they
    are all loopback (tests, ``CI``), else everywhere so the LAN can join."""
    if interfaces and all(_is_loopback(a) for a in interfaces):
        return interfaces[0]
    return "0.0.0.0"


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


async def start_host(
    settings: HostSettings,
    *,
    bind: str,
    interfaces: list[str] | None,
    advertise: bool,
    port: int | None = 0,
    journal: str | None = None,
) -> Host:
    """A table served from this process, started (listening, and advertised if asked).
    ``port`` None: the usual port (7351) when it is free, else any. ``journal``: the file its
    games are journaled to (None: not journaled)."""
    from qm_net.host import Host

    host = Host(
        settings.name,
        settings.seats,
        bots=settings.bots,
        options=settings.options,
        bind=bind,
        port=port,
        interfaces=interfaces,
        advertise=advertise,
        seed=settings.seed,
        bot_delay=settings.bot_delay,
        journal_path=journal,
        bot_strategy=settings.level,
        cards=settings.cards,
    )
    await _start(host)
    return host


async def _start(host: Host) -> None:
    """``host.start()``; when it fails or is cancelled halfway (a worker that a second key press
    cancels), the host is stopped again: nothing of it keeps running, listening, or holding its
    journal's lock (which would refuse every later reopen of that table in this process)."""
    try:
        await host.start()
    except BaseException:
        await asyncio.shield(host.stop(goodbye=False))  # (its journal closed again)
        raise


async def resume_host(
    journal: str,
    *,
    bot_delay: float = 0.0,
    bind: str = "127.0.0.1",
    interfaces: list[str] | None = None,
    advertise: bool = False,
    port: int | None = 0,
) -> Host:
    """The table a journal records, served again from this process: the same game where it
    stood, its seats' tokens still good. By default privately on loopback (a game against
    bots, ``qingming play --resume``); a LAN table on ``bind``, advertised, on ``port`` when it
    is free (where the others' programs look for it), else on any. Raises ``ValueError`` (no
    game in it), :class:`~qm_net.journal_io.JournalInUse` (a running table writes it: the file
    is left as it is), ``OSError`` or a journal error."""
    from qm_net.host import Host
    from qm_rules import JournalError

    if interfaces is None:
        interfaces = [bind] if _is_loopback(bind) else None
    ports = [port] if port in (0, None) else [port, 0]
    for i, try_port in enumerate(ports):
        try:
            host = Host.resume(
                journal,
                bind=bind,
                port=try_port,
                interfaces=interfaces,
                advertise=advertise,
                bot_delay=bot_delay,
            )
        except JournalError as exc:
            raise ValueError(str(exc)) from None
        try:
            await _start(host)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or i == len(ports) - 1:
                raise
            continue  # its old port is taken now: any other (the lobby lists it there)
        return host
    raise AssertionError("unreachable")


async def connect(
    address: str,
    port: int,
    name: str,
    *,
    timeout: float = 5.0,
    known_cards: Sequence[CardSet] = (),
) -> TableClient:
    """A client connected to the table at ``address:port`` (hello done, no seat yet), with
    the table's card set: the game's own, ``known_cards`` (a table hosted here), a copy kept
    in the data directory's card cache, or else the one the host sends (then kept there)."""
    from qm_net.cardsets import CardCache
    from qm_net.client import TableClient
    from qm_tui import config

    return await TableClient.connect(
        address,
        port,
        name,
        timeout=timeout,
        known_cards=known_cards,
        card_cache=CardCache(config.data_dir() / "cards"),
    )


def connect_failure(exc: BaseException, host: str, port: int, lang: str) -> str:
    """Why connecting to ``host:port`` failed, in words a player understands.

    ``socket.gaierror`` ("[Errno -2] Name or service not known") is a name nobody answers to,
    ``ConnectionRefusedError`` a machine with no table on that port, and so on; a host that
    refused us says why in its own words (:class:`qm_net.client.TableError`'s message).
    """
    from qm_net.client import TableError
    from qm_tui.i18n import tr

    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if isinstance(exc, socket.gaierror):
        return tr("net.error.no_host", lang, host=host)
    if isinstance(exc, ConnectionRefusedError):
        return tr("net.error.refused", lang, address=address)
    if isinstance(exc, TimeoutError):
        return tr("net.error.timeout", lang, address=address)
    if isinstance(exc, TableError):
        if exc.code == "connection_failed":
            return tr("net.error.timeout", lang, address=address)
        if exc.code == "cards_refused":
            return tr("net.error.cards_refused", lang, address=address, reason=exc.message)
        return tr("net.error.table", lang, address=address, reason=exc.message or exc.code)
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH, errno.EADDRNOTAVAIL):
            return tr("net.error.unreachable", lang, address=address)
        reason = exc.strerror or type(exc).__name__
        return tr("net.error.other", lang, address=address, reason=reason)
    return tr("net.error.other", lang, address=address, reason=str(exc) or type(exc).__name__)


def seat_freed_text(lang: str) -> str:
    """What a player whose seat the host gave up after a game is told (the ``seat_freed`` error
    the host sends unasked: the rematch was not asked for within the grace, and the table went
    on without them)."""
    from qm_tui.i18n import tr

    return tr("seat.freed", lang)


def refusal(code: str, message: str, lang: str) -> str:
    """A host's refusal in the player's words: the catalogue's sentence for ``code`` when it
    has one, else the host's own ``message`` (a code only a newer host sends)."""
    from qm_tui.i18n import has, tr

    key = f"refused.{code}"
    return tr(key, lang) if has(key) else message or code


def lost_reason(reason: str, code: str | None, lang: str) -> str:
    """Why the connection to a table ended, in the player's words: when the host closed it
    with an error code the catalogue words (``replaced``: another window of the same player
    took the seat back with its token), those words; else ``reason`` as the client put it.
    Without this a seat taken over read "connection closed by the host" (playtest 4, F10),
    though the host closed nothing of the table."""
    from qm_tui.i18n import has, tr

    key = f"net.lost.{code}"
    return tr(key, lang) if code is not None and has(key) else reason
