"""Tables this player hosted whose game was cut off: what the lobby and ``play --resume`` offer
to reopen.

A table hosted here (``qingming play``, or from the lobby) journals its games into the data
directory's ``journals/``. Its game was interrupted — the program crashed, was killed, or the
player quit a game against bots to carry it on later — when the journal's last game has no
``result`` line, no running host is writing it (:func:`qm_net.journal_io.in_use`: a host still
up, a ``qingming serve`` it was handed over to, is not interrupted), and the player still holds
a seat there: a token in the seat store whose hash the journal's seats list (or the store's
entry names the journal). A table left on purpose gave its seat up, so it is not offered.

Reopening is what ``qingming serve --resume JOURNAL`` does, from the app: a table that was on
the LAN (its journal's ``advertise``) is served and advertised again, on its old port when that
is free so that the others' programs reconnect by themselves; a private practice table on
loopback. No Textual here.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from qm_tui import config, seat_tokens

LIMIT = 20
"""The newest journals looked at (older ones are past the seat store's age anyway)."""


@dataclass(frozen=True, slots=True)
class Interrupted:
    """A table of ours whose game stopped halfway."""

    journal: str
    table: str
    game: int
    """Which of the table's games, from 1."""
    turn: int
    players: tuple[str, ...]
    lan: bool
    """Hosted for the LAN (advertised), not a private table against bots."""
    port: int | None
    """The port it listened on, as our seat's address says (None: unknown)."""
    seat: int | None
    """Our seat there."""


def journals_dir() -> Path:
    return config.data_dir() / "journals"


def find(limit: int = LIMIT) -> list[Interrupted]:
    """Our interrupted tables, the most recently played first."""
    now = time.time()
    paths: list[tuple[float, str]] = []
    with contextlib.suppress(OSError):
        for path in journals_dir().glob("*.jsonl"):
            with contextlib.suppress(OSError):
                mtime = path.stat().st_mtime
                if now - mtime <= seat_tokens.MAX_AGE:
                    paths.append((mtime, str(path)))
    paths.sort(reverse=True)
    stored = seat_tokens.load()
    found = []
    for _, name in paths[:limit]:
        table = describe(name, stored)
        if table is not None:
            found.append(table)
    return found


def latest() -> Interrupted | None:
    """The most recently played of our interrupted tables, if any."""
    tables = find()
    return tables[0] if tables else None


def describe(path: str, stored: list[seat_tokens.StoredSeat] | None = None) -> Interrupted | None:
    """``path``'s table, if it is one of ours whose game was interrupted (see the module's
    note); None otherwise, or when the journal cannot be read."""
    from qm_net.journal_io import in_use, read_games
    from qm_rules import JournalError

    try:
        games = read_games(path)
        if not games or games[-1].finished or in_use(path):
            return None
        last = games[-1]
        mine = _our_seat(path, last.seats, seat_tokens.load() if stored is None else stored)
        if mine is None:
            return None
        entry, seat = mine
        game = last.replay()
    except (JournalError, OSError, ValueError, KeyError, TypeError):
        return None  # not readable, or made under other rules: nothing to offer
    port = entry.address.rpartition(":")[2] if entry is not None else ""
    return Interrupted(
        journal=path,
        table=last.table,
        game=last.index + 1,
        turn=max(1, int(game.turn)),
        players=tuple(game.names),
        lan=bool(last.table_options.get("advertise")),
        port=int(port) if port.isdigit() else None,
        seat=seat,
    )


def _our_seat(
    path: str, seats: list[dict[str, object]], stored: list[seat_tokens.StoredSeat]
) -> tuple[seat_tokens.StoredSeat | None, int | None] | None:
    """The stored seat that holds a seat of the journal's last game (and which seat): by the
    token's hash, else by the entry naming the journal; None when we hold none there."""
    from qm_net.journal_io import token_hash

    hashes = {str(s.get("token_sha256")): s.get("seat") for s in seats if s.get("token_sha256")}
    for entry in stored:
        seat = hashes.get(token_hash(entry.token))
        if seat is not None:
            # (type: ignore: the journal's seat number, read as plain data)
            return entry, int(seat)  # type: ignore[call-overload]
    target = os.path.abspath(path)
    for entry in stored:
        if entry.journal and os.path.abspath(entry.journal) == target:
            return entry, entry.seat
    return None
