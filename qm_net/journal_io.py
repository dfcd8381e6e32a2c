"""The host's journal file: JSON lines, appended and fsynced choice by choice.

One file may hold several games (a table's rematches), each one a ``game`` line, then one
``choice`` line per decision, then a ``result`` line when it ends. A ``table`` line, written each
time a host opens the file, records how the table was started (seats, games, seed, bots...), so
that a resumed table keeps them::

    {"type": "table", "options": {"seats": 4, "games": 3, "seed": 7, …, "advertise": true}}
    {"type": "game", "index": 0, "table": "…", "seats": [{"seat": 0, "name": "…",
     "kind": "human", "strategy": null, "token_sha256": "…"}, …], "journal": {<Journal.to_plain(),
     choices empty>}}
    {"type": "choice", "i": 0, "seat": 2, "option": "place:17"}
    {"type": "choice", "i": 1, "seat": 0, "option": "pass", "timeout": true}
    {"type": "result", "result": {"winner": 1, …}}

A choice a timer made (the prompt's default, taken when its player did not answer) says
``"timeout": true``, so that a resumed host tells it as it was told live ("timed out (passed)"),
not as the player's choice.

A player who takes back their last decision (a table of one player and host bots:
:mod:`qm_net.host.takeback`) withdraws the game's last choice; the file keeps it and says so
after it, and the next choice takes its index again::

    {"type": "choice", "i": 7, "seat": 0, "option": "place:17"}
    {"type": "takeback", "i": 7, "seat": 0, "option": "place:17"}
    {"type": "choice", "i": 7, "seat": 0, "option": "place:23"}

Read back, a game's ``choices`` are those that stand (the game as finally played: its replay,
its check), and ``takebacks`` the choices withdrawn, in order (:data:`TakenBack`), from which
:func:`live` puts the decisions back in the order they were made.

Seat tokens are stored only as SHA-256 hashes, and the file is still created 0600: it names the
players and, after the game, every card they held. A ``kill -9`` can tear the last line; readers
ignore a torn tail and :class:`JournalWriter` cuts it off before writing again. While a host
writes the file it holds an advisory lock on it (:func:`in_use`), taken before anything in the
file is touched: a second writer (``qingming serve --resume`` or ``--journal`` pointed at a
running table's file, the lobby reopening it) is refused with :class:`JournalInUse` and changes
nothing; a table still running is not "interrupted", and ``qingming replay`` does not show its
game while it is being played (every live hand is in it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import time
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from qm_rules import Game, Journal, JournalError, to_plain
from qm_rules.model import Event

TakenBack = tuple[int, int, str]
"""A choice taken back: its index among the game's choices, its seat and its option."""


def live(
    choices: Sequence[tuple[int, str]], takebacks: Sequence[TakenBack]
) -> Iterator[tuple[int, str, bool] | None]:
    """The game's decisions in the order they were made: each choice (seat, option, whether
    it stands) — those that stand, ``choices``, and those withdrawn, ``takebacks`` — and None
    where the last one standing was taken back. Only the last choice standing is ever
    withdrawn, so a choice made at index i is the next take-back's if that is the next to
    reach down to i, else the one standing there. JournalError when the take-backs do not fit
    the choices."""
    standing: list[tuple[int, str]] = []
    k = 0
    while True:
        if k < len(takebacks) and takebacks[k][0] == len(standing) - 1:
            at, seat, option = takebacks[k]
            if standing[-1] != (seat, option):
                raise JournalError(f"take-back {k + 1} withdraws a choice that was not made")
            standing.pop()
            k += 1
            yield None
            continue
        at = len(standing)
        reaching = next((t for t in takebacks[k:] if t[0] <= at), None)
        if reaching is not None and reaching[0] < at:
            raise JournalError(f"take-back {k + 1} withdraws a choice under another")
        if reaching is not None:
            made, stands = (reaching[1], reaching[2]), False
        elif at < len(choices):
            made, stands = choices[at], True
        elif k < len(takebacks):
            raise JournalError(f"take-back {k + 1} withdraws a choice never made")
        else:
            return
        standing.append(made)
        yield (*made, stands)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class JournalGame:
    """One game as read back from a journal file."""

    index: int
    table: str
    seats: list[dict[str, Any]]
    header: dict[str, Any]  # Journal.to_plain() without choices or result
    choices: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    table_options: dict[str, Any] = field(default_factory=dict)  # the last ``table`` line before it
    deal: dict[str, Any] | None = None  # qm_net.fairdeal.Deal.plain(): the secret and the parts
    timeouts: set[int] = field(default_factory=set)  # the choices a timer made, by index
    takebacks: list[TakenBack] = field(default_factory=list)  # the choices withdrawn, in order

    @property
    def finished(self) -> bool:
        return self.result is not None

    def journal(self) -> Journal:
        plain = dict(self.header)
        plain["choices"] = [[s, o] for s, o in self.choices]
        plain["result"] = self.result
        return Journal.from_plain(plain)

    def replay(self) -> Game:
        return Game.replay(self.journal())

    def seen_by(self, seat: int | None) -> list[Event]:
        """Everything that happened in this game that ``seat`` was allowed to see (None: what
        a spectator sees), in order: the game replayed choice by choice, every other event
        dropped (R5): what the seat was shown of the game (the host keeps the same as it plays,
        :mod:`qm_net.host.history`)."""
        journal = self.journal()
        game = Game.replay(dataclasses.replace(journal, choices=[]))  # (refuses other rules)
        events = list(game.opening)
        for i, (seat_, option) in enumerate(journal.choices):
            events.extend(retell(game, seat_, option, i in self.timeouts))
        return [e for e in events if e.visible_to(seat)]


def retell(game: Game, seat: int, option: str, timed_out: bool) -> list[Event]:
    """A journal's choice made again on ``game``, with the events it was told with: a choice a
    timer made (``timed_out``) as the timer made it, its ``timeout`` mark first."""
    prompt = game.prompt
    if timed_out and prompt is not None and (prompt.seat, prompt.default) == (seat, option):
        return game.apply_default()
    return game.choose(seat, option)


def _scan(path: str) -> tuple[list[JournalGame], int]:
    """The games in ``path`` and the byte length of its intact part (a torn tail excluded)."""
    games: list[JournalGame] = []
    table: dict[str, Any] = {}
    good = 0
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    lineno = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:  # no newline: the last write was torn by a crash
            break
        raw = data[pos:end]
        lineno += 1
        try:
            rec = json.loads(raw)
        except ValueError:
            if data.find(b"\n", end + 1) < 0 and not data[end + 1 :].strip():
                break  # a torn final line that happened to end in a newline byte
            raise JournalError(f"{path}:{lineno}: not JSON") from None
        if isinstance(rec, dict) and rec.get("type") == "table":
            table = dict(rec.get("options") or {})
        else:
            _take(games, rec, path, lineno)
            if rec.get("type") == "game":
                games[-1].table_options = table
        pos = end + 1
        good = pos
    return games, good


def _take(games: list[JournalGame], rec: Any, path: str, lineno: int) -> None:
    where = f"{path}:{lineno}"
    if not isinstance(rec, dict):
        raise JournalError(f"{where}: not a record")
    kind = rec.get("type")
    if kind == "game":
        header = dict(rec.get("journal") or {})
        header.pop("choices", None)
        header.pop("result", None)
        games.append(
            JournalGame(
                int(rec.get("index", len(games))),
                str(rec.get("table", "")),
                list(rec.get("seats") or []),
                header,
                deal=rec.get("deal"),
            )
        )
        return
    if not games:
        raise JournalError(f"{where}: a {kind!r} record before any game record")
    game = games[-1]
    if kind == "choice":
        if rec.get("i") != len(game.choices):
            raise JournalError(
                f"{where}: choice {rec.get('i')} out of order (expected {len(game.choices)})"
            )
        if rec.get("timeout") is True:
            game.timeouts.add(len(game.choices))
        game.choices.append((int(rec["seat"]), str(rec["option"])))
    elif kind == "takeback":
        taken = (int(rec["i"]), int(rec["seat"]), str(rec["option"]))
        if not game.choices or (len(game.choices) - 1, *game.choices[-1]) != taken:
            raise JournalError(f"{where}: a take-back of a choice that is not the last one")
        game.choices.pop()
        game.timeouts.discard(taken[0])
        game.takebacks.append(taken)
    elif kind == "result":
        game.result = rec.get("result")
    else:
        raise JournalError(f"{where}: unknown record type {kind!r}")


def pick_game(path: str, index: int | None) -> JournalGame:
    """Game ``index`` of a journal file (from 0; None: the last). Raises JournalError when the
    file cannot be read or holds no game, IndexError (saying the range) for no such game."""
    games = read_games(path)
    if not games:
        raise JournalError(f"{path} holds no game")
    if index is not None and not 0 <= index < len(games):
        raise IndexError(f"--game must be 0..{len(games) - 1}")
    return games[-1 if index is None else index]


def read_games(path: str) -> list[JournalGame]:
    """Every game in a journal file, a torn last line ignored."""
    try:
        return _scan(path)[0]
    except OSError as exc:
        raise JournalError(f"cannot read journal {path}: {exc.strerror or exc}") from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise JournalError(f"{path}: bad record: {exc}") from exc


class JournalInUse(ValueError):
    """A running table (in this process or another) writes the journal: nothing else may.
    Its message is the catalogue's :attr:`key` in English (the CLI and the app say it in the
    player's language)."""

    key = "serve.journal_in_use"

    def __init__(self, path: str) -> None:
        from qm_rules.i18n import tr

        super().__init__(tr(self.key, "en"))
        self.path = path


def _hold(fd: int, path: str) -> None:
    """Mark the journal as being written by a running host, for as long as ``fd`` is open (an
    advisory lock: the system drops it with the process, ``kill -9`` included). Raises
    :class:`JournalInUse` when another open file holds it. Best effort otherwise: a system
    without ``flock`` (or a file system refusing locks) goes on unmarked."""
    try:
        import fcntl
    except ImportError:
        return
    for attempt in range(_LOCK_TRIES):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:  # EWOULDBLOCK: a running table's, or an in_use probe's
            if attempt == _LOCK_TRIES - 1:
                raise JournalInUse(path) from None
            time.sleep(0.005)  # a probe's shared lock is gone in microseconds; a table's stays
        except OSError:
            return


_LOCK_TRIES = 20


def in_use(path: str) -> bool:
    """Whether a running host (this process or another) is writing the journal ``path``: its
    table is up, not interrupted, and must not be resumed a second time."""
    try:
        import fcntl
    except ImportError:  # no flock here: nothing says so
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # (its lock, if taken, goes with it)
    return False


def _choice_line(i: int, seat: int, option: str, timed_out: bool) -> dict[str, Any]:
    line: dict[str, Any] = {"type": "choice", "i": i, "seat": seat, "option": option}
    if timed_out:
        line["timeout"] = True
    return line


class JournalWriter:
    """Appends records to a journal file; every record is written and fsynced before
    :meth:`write` returns, so what the host broadcasts afterwards survives a crash. Opening it
    raises :class:`JournalInUse` (changing nothing) when a running table writes the file.

    A write that fails (a full disk, an I/O error) raises ``OSError`` and leaves the file as it
    was before it (what was half written is cut off again), so the same records can simply be
    written again later."""

    def __init__(self, path: str) -> None:
        self.path = path
        fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            # first the lock (held while fd is open: the table is running, see in_use), so
            # that a running table's file, its line in progress included, is left as it is
            _hold(fd, path)
            os.fchmod(fd, 0o600)  # also when the file existed with looser bits
            _, good = _scan(path)
            os.ftruncate(fd, good)  # cut a torn tail off before appending
            os.lseek(fd, good, os.SEEK_SET)
        except BaseException:
            os.close(fd)
            raise
        self._fd: int | None = fd
        self._good = good  # bytes known to be on disk
        self._written = 0  # choices of the current game written so far

    def _append(self, text: str) -> None:
        assert self._fd is not None, "the journal is closed"
        data = memoryview(text.encode())
        try:
            while data:
                data = data[os.write(self._fd, data) :]
            os.fsync(self._fd)
        except OSError:
            with contextlib.suppress(OSError):  # back to the last good record, for a retry
                os.ftruncate(self._fd, self._good)
                os.lseek(self._fd, self._good, os.SEEK_SET)
            raise
        self._good += len(text.encode())

    def write(self, record: dict[str, Any]) -> None:
        self._append(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")

    def table(self, options: dict[str, Any]) -> None:
        """Record how the table was started (see the module's note)."""
        self.write({"type": "table", "options": options})

    def begin_game(
        self,
        index: int,
        table: str,
        seats: list[dict[str, Any]],
        game: Game,
        deal: dict[str, Any] | None = None,
    ) -> None:
        self.write_header(index, table, seats, game, deal)
        self.sync_choices(game)

    def write_header(
        self,
        index: int,
        table: str,
        seats: list[dict[str, Any]],
        game: Game,
        deal: dict[str, Any] | None = None,
    ) -> None:
        """A new game's ``game`` line (its choices follow with :meth:`sync_choices`); with a
        fair deal, the deal too (its secret: the journal is the host's)."""
        header = game.journal.to_plain()
        header["choices"] = []
        header["result"] = None
        record = {"type": "game", "index": index, "table": table, "seats": seats, "journal": header}
        if deal is not None:
            record["deal"] = deal
        self.write(record)
        self._written = 0

    def continue_game(self, game: Game) -> None:
        """After a resume: the choices already in the file are the game's own."""
        self._written = len(game.choices)

    def sync_choices(self, game: Game, timeouts: Collection[int] = ()) -> None:
        """Write the game's choices not yet in the file (one fsync for them all); those whose
        index is in ``timeouts`` were a timer's."""
        new = game.choices[self._written :]
        if not new:
            return
        lines = "".join(
            json.dumps(
                _choice_line(self._written + k, s, o, self._written + k in timeouts),
                separators=(",", ":"),
            )
            + "\n"
            for k, (s, o) in enumerate(new)
        )
        self._append(lines)
        self._written += len(new)

    def take_back(self, game: Game) -> None:
        """Withdraw the last choice of ``game`` written (its take-back line; the choice made
        instead is written at the same index)."""
        assert self._written == len(game.choices) and self._written > 0
        seat, option = game.choices[-1]
        i = self._written - 1
        self.write({"type": "takeback", "i": i, "seat": seat, "option": option})
        self._written = i

    def end_game(self, game: Game, timeouts: Collection[int] = ()) -> None:
        self.sync_choices(game, timeouts)
        self.write_result(game)

    def write_result(self, game: Game) -> None:
        self.write({"type": "result", "result": to_plain(game.result)})

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):  # what failed to write has been reported already
                os.close(self._fd)
            self._fd = None
