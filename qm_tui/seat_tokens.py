"""Seat tokens kept on disk, so that a crash or a closed terminal never loses a seat.

The host gives each seated player a secret token; with it, ``rejoin`` takes the seat back (the
host keeps a dropped seat for its disconnect grace, then a bot plays it until its player
returns). A token that lived only in the process died with it. Here every token is written
as soon as it is given, one entry per table, to ``seats.json`` in the platform's state
directory (:func:`qm_tui.config.state_dir`), readable only by the user (0600, its directory
0700). Joining a table again (``qingming join``, the lobby, ``qingming play --resume``) tries
the tokens stored for it first.

A table is named by the address the player joined it at and its name; a table hosted by
``qingming play`` also by its journal, since it is resumed from that on another port. When a
game is on and no token for the address works, those of a table of the same name and port at
another address are tried (the same table reached another way: by 127.0.0.1, by its LAN
address from the lobby). Tokens
are forgotten when the player leaves deliberately, when the host refuses them, and after
:data:`MAX_AGE` seconds.

Beside the tokens, each seat's record of the game's fair deal (:class:`DealFile`: the
commitment, the part this client sent, the digests of the views it was shown) in
``deals/``, one file per token, as private as the tokens: a client started again after a
crash can still check the whole game at its end. No Textual here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qm_net.fairdeal import ClientRecord

from qm_tui import config

FILE_NAME = "seats.json"
DEALS_DIR = "deals"
MAX_AGE = 3 * 24 * 3600.0
"""Entries older than this are dropped: no table keeps a seat that long."""
MAX_ENTRIES = 64

_LOOPBACK_NAMES = {"localhost", "::1", "ip6-localhost"}


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """One seat held at one table."""

    address: str
    """``host:port`` as joined (see :func:`address_key`)."""
    table: str
    """The table's name, as its host said at welcome."""
    token: str
    seat: int | None = None
    journal: str | None = None
    """The journal of a table hosted in this process (``qingming play``), to resume it."""
    saved: float = 0.0


def address_key(host: str, port: int) -> str:
    """One spelling per address: lower case, no brackets, loopback names as 127.0.0.1."""
    host = host.strip().strip("[]").lower()
    if host in _LOOPBACK_NAMES:
        host = "127.0.0.1"
    return f"{host}:{port}"


def store_path() -> Path:
    return config.state_dir() / FILE_NAME


def load() -> list[StoredSeat]:
    """Every stored seat, newest first; a missing or broken file holds none."""
    try:
        raw = json.loads(store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    seats: list[StoredSeat] = []
    now = time.time()
    for item in raw.get("seats", []) if isinstance(raw, dict) else []:
        try:
            entry = StoredSeat(
                address=str(item["address"]),
                table=str(item["table"]),
                token=str(item["token"]),
                seat=int(item["seat"]) if item.get("seat") is not None else None,
                journal=str(item["journal"]) if item.get("journal") else None,
                saved=float(item.get("saved", 0.0)),
            )
        except (KeyError, TypeError, ValueError):
            continue  # one bad entry does not cost the others
        if now - entry.saved <= MAX_AGE:
            seats.append(entry)
    seats.sort(key=lambda e: e.saved, reverse=True)
    return seats


def _save(seats: list[StoredSeat]) -> None:
    """Write atomically, 0600 from the first byte (a token is the only proof of a seat)."""
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{FILE_NAME}.{os.getpid()}.tmp")
    data = json.dumps({"seats": [asdict(s) for s in seats[:MAX_ENTRIES]]}, indent=1) + "\n"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, data.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    tmp.replace(path)


def remember(
    address: str, table: str, token: str, seat: int | None = None, journal: str | None = None
) -> None:
    """Keep ``token`` for the table at ``address`` (an earlier token for it is replaced).
    A disk that cannot be written must not stop the game: the seat then lives in memory only.
    The journal the token was stored with stays with it when none is given: a table hosted
    here and taken back by ``qingming join`` (served again by ``serve --resume``) is still ours
    to reopen (``play --resume`` found nothing once a join had stored the seat without it)."""
    stored = load()
    if journal is None:
        journal = next((s.journal for s in stored if s.token == token and s.journal), None)
    keep = [
        s for s in stored if s.token != token and not (s.address == address and s.table == table)
    ]
    entry = StoredSeat(address, table, token, seat, journal, time.time())
    with contextlib.suppress(OSError):
        _save([entry, *keep])


def forget(token: str) -> None:
    """Drop ``token`` (the player left, or the host no longer knows it), and its deal's record."""
    with contextlib.suppress(OSError):
        deal_path(token).unlink(missing_ok=True)
    seats = load()
    kept = [s for s in seats if s.token != token]
    if len(kept) != len(seats):
        with contextlib.suppress(OSError):
            _save(kept)


def lookup(address: str, table: str) -> list[StoredSeat]:
    """The tokens stored for the table called ``table`` at ``address``, newest first."""
    return [s for s in load() if s.address == address and s.table == table]


def same_table_elsewhere(address: str, table: str) -> list[StoredSeat]:
    """The tokens stored for a table called ``table`` on the same port at other addresses (the
    same table reached another way, most likely), newest first."""
    port = address.rpartition(":")[2]
    return [
        s
        for s in load()
        if s.table == table and s.address != address and s.address.rpartition(":")[2] == port
    ]


def for_journal(journal: str) -> list[StoredSeat]:
    """The tokens stored for the table that ``journal`` records, newest first."""
    target = os.path.abspath(journal)
    return [s for s in load() if s.journal and os.path.abspath(s.journal) == target]


# ───────────────────────────── the deal's record, beside the token ─────────────────────────────


def deal_path(token: str) -> Path:
    """The file keeping the deal's record of the seat ``token`` holds (named by its hash: the
    token itself is only in ``seats.json``)."""
    name = hashlib.sha256(token.encode()).hexdigest()[:32]
    return config.state_dir() / DEALS_DIR / f"{name}.jsonl"


class DealFile:
    """Keeps a seat's record of the game's deal on disk as it grows (the client's
    ``keep_record``): a first line with the seat, table, game, commitment, the part sent, the
    sources and the card set's hash; then one line per view digest, appended (a view costs a
    short write, no rewrite). Written 0600 in a 0700 directory; gone once the game is over. A
    disk that cannot be written loses the record, never the game."""

    def __init__(self, token: str) -> None:
        self.path = deal_path(token)
        self._head: Mapping[str, object] | None = None
        self._views = 0

    def __call__(self, record: ClientRecord | None) -> None:
        try:
            if record is None:
                self.path.unlink(missing_ok=True)
                self._head, self._views = None, 0
                return
            head = {
                "kind": "qingming-deal-part",
                "seat": record.seat,
                "table": record.table,
                "game": record.game,
                "commitment": record.commitment,
                "part": record.part,
                "sources": record.sources,
                "cards": record.cards,  # the set's hash: its file is the table's, sent again
            }
            if head != self._head or len(record.views) < self._views:
                if self._head is None:
                    _prune_deals()
                self._write([head, *({"v": v} for v in record.views)], os.O_TRUNC)
                self._head = head
            elif len(record.views) > self._views:
                self._write([{"v": v} for v in record.views[self._views :]], os.O_APPEND)
            self._views = len(record.views)
        except OSError:
            self._head = None  # written whole again next time

    def _write(self, lines: Sequence[Mapping[str, object]], mode: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        data = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | mode, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, data.encode())
        finally:
            os.close(fd)


def _prune_deals() -> None:
    """Drop the records of games never come back to (older than :data:`MAX_AGE`)."""
    now = time.time()
    with contextlib.suppress(OSError):
        for path in (config.state_dir() / DEALS_DIR).glob("*.jsonl"):
            with contextlib.suppress(OSError):
                if now - path.stat().st_mtime > MAX_AGE:
                    path.unlink()


def load_deal(token: str) -> ClientRecord | None:
    """The deal's record kept for the seat ``token`` holds, if any (a torn last line, from a
    crash mid-write, is left out)."""
    from qm_net.fairdeal import ClientRecord

    try:
        lines = deal_path(token).read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0])
        if head.get("kind") != "qingming-deal-part" or not head.get("commitment"):
            return None
        views: list[str] = []
        for line in lines[1:]:
            with contextlib.suppress(ValueError):
                views.append(str(json.loads(line)["v"]))
        seat, game = head.get("seat"), head.get("game")
        return ClientRecord(
            seat=int(seat) if seat is not None else None,
            commitment=str(head["commitment"]),
            table=str(head.get("table") or ""),
            part=str(head["part"]) if head.get("part") else None,
            sources=[str(x) for x in head["sources"]] if head.get("sources") else None,
            views=views,
            game=int(game) if game is not None else None,
            cards=str(head["cards"]) if head.get("cards") else None,
        )
    except (OSError, IndexError, KeyError, TypeError, ValueError):
        return None
