"""The host's side of the journal: when to write what, and what a failed write does.

The file format and the fsynced appends are :mod:`qm_net.journal_io`'s; this module keeps the
table's journal open across its games and handles a write that fails.
"""

from __future__ import annotations

import logging
from typing import Any

from qm_net.journal_io import JournalWriter
from qm_rules import Game

log = logging.getLogger("qm_net.host")


class TableJournal:
    """The journal of one table (or none, when ``path`` is None)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.writer: JournalWriter | None = None

    @property
    def active(self) -> bool:
        return self.writer is not None

    def open(self, resumed: Game | None = None) -> None:
        if not self.path:
            return
        self.writer = JournalWriter(self.path)
        if resumed is not None:
            self.writer.continue_game(resumed)

    def begin_game(self, index: int, table: str, seats: list[dict[str, Any]], game: Game) -> None:
        if self.writer is None:
            return
        try:
            self.writer.begin_game(index, table, seats, game)
        except OSError:
            self._drop()

    def sync(self, game: Game) -> None:
        """Every choice of ``game`` on disk (fsynced) before anything is broadcast."""
        if self.writer is None:
            return
        try:
            self.writer.sync_choices(game)
        except OSError:
            self._drop()

    def end_game(self, game: Game) -> None:
        if self.writer is None:
            return
        try:
            self.writer.end_game(game)
        except OSError:
            log.exception("cannot write the journal %s", self.path)

    def _drop(self) -> None:
        """Called in an ``except OSError`` around a journal write (a full disk, say): the game
        goes on unjournaled, and says so loudly."""
        log.exception("cannot write the journal %s; going on without it", self.path)
        self.close()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.writer = None
