"""The host's side of the journal: when to write what, and what a failed write does.

The file format and the fsynced appends are :mod:`qm_net.journal_io`'s; this module keeps the
table's journal open across its games and never lets a failed write go by silently: what could
not be written stays pending (:attr:`TableJournal.failure` says why) and :meth:`flush` writes
it when the disk takes it again. The host holds the game still meanwhile (nothing is broadcast
that is not on disk).
"""

from __future__ import annotations

import errno
import logging
from typing import Any

from qm_net.journal_io import JournalWriter
from qm_rules import Game

log = logging.getLogger("qm_net.host")

_PLAIN_WORDS = {
    errno.ENOSPC: "disk full",
    errno.EDQUOT: "disk quota exceeded",
    errno.EIO: "input/output error",
    errno.EROFS: "read-only file system",
}


def describe(exc: OSError) -> str:
    """A failed write in a player's words: "disk full", "input/output error"..."""
    return _PLAIN_WORDS.get(exc.errno or 0) or (exc.strerror or "cannot write").lower()


class TableJournal:
    """The journal of one table (or none, when ``path`` is None)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.writer: JournalWriter | None = None
        self.failure: str | None = None  # why the last write failed; None once all is on disk
        self._game: Game | None = None
        # a game line not yet written: index, table name, seats, the deal (or None)
        self._header: tuple[int, str, list[dict[str, Any]], dict[str, Any] | None] | None = None
        self._result: Game | None = None
        self.timeouts: set[int] = set()
        """The current game's choices a timer made (by index): the journal marks them."""

    @property
    def active(self) -> bool:
        return self.writer is not None

    def open(self, table_options: dict[str, Any], resumed: Game | None = None) -> None:
        """Open the file and record the table's options. Raises ``OSError`` when the journal
        cannot be written: a table must not start with a journal it cannot keep."""
        if not self.path:
            return
        try:
            self.writer = JournalWriter(self.path)
            if resumed is not None:
                self.writer.continue_game(resumed)
                self._game = resumed
            self.writer.table(table_options)
        except OSError as exc:
            if self.writer is not None:
                self.writer.close()
                self.writer = None
            raise OSError(
                exc.errno, f"cannot write the journal {self.path}: {describe(exc)}"
            ) from exc

    def begin_game(
        self,
        index: int,
        table: str,
        seats: list[dict[str, Any]],
        game: Game,
        deal: dict[str, Any] | None = None,
    ) -> bool:
        self._header = (index, table, seats, deal)
        self._game = game
        self.timeouts = set()
        return self.flush()

    def sync(self, game: Game) -> bool:
        """Every choice of ``game`` on disk (fsynced)? False: not yet (see :attr:`failure`)."""
        self._game = game
        return self.flush()

    def take_back(self, game: Game, before: Game) -> str | None:
        """Withdraw ``game``'s last choice (on disk, fsynced), ``before`` the game without it
        from now on; None when written, else why it could not be (nothing changed then)."""
        if self.writer is not None:
            try:
                self.writer.take_back(game)
            except OSError as exc:
                return describe(exc)
        self._game = before
        self.timeouts.discard(len(before.choices))
        return None

    def end_game(self, game: Game) -> bool:
        self._result = game
        return self.flush()

    def flush(self) -> bool:
        """Write whatever is pending, in order; True when all of it is on disk."""
        w = self.writer
        if w is None:
            return True
        try:
            if self._result is not None:
                w.end_game(self._result, self.timeouts)
                self._result = None
            if self._header is not None and self._game is not None:
                index, table, seats, deal = self._header
                w.write_header(index, table, seats, self._game, deal)
                self._header = None
            if self._game is not None:
                w.sync_choices(self._game, self.timeouts)  # only those not yet written
        except OSError as exc:
            if self.failure is None:  # said once, in words, for the host's operator
                log.error(
                    "cannot write the journal %s: %s; play waits until it can",
                    self.path,
                    describe(exc),
                )
            self.failure = describe(exc)
            return False
        if self.failure is not None:
            log.warning("the journal %s is written again; play goes on", self.path)
            self.failure = None
        return True

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None
