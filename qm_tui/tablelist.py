"""Where the lobby's list of tables comes from: live discovery, or a fixed list (tests, snapshots).

No Textual here. A source calls ``on_change()`` (from any thread) whenever its list changes; the
lobby then reads ``tables()``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from qm_net.discovery import Browser, TableInfo


class TableSource(Protocol):
    """The lobby's view of the tables on the network."""

    def start(self, on_change: Callable[[], None]) -> None:
        """Begin watching (may block briefly: the lobby calls it from a thread worker)."""

    def close(self) -> None:
        """Stop watching (may block briefly)."""

    def tables(self) -> list[TableInfo]:
        """The tables known now."""


class DiscoverySource:
    """Tables advertised on the LAN, through :class:`qm_net.discovery.Browser`."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self._browser: Browser | None = None
        self._lock = threading.Lock()

    def start(self, on_change: Callable[[], None]) -> None:
        from qm_net.discovery import Browser

        with self._lock:
            if self._browser is not None:
                return
            self._browser = Browser(lambda _event: on_change(), interfaces=self.interfaces)
        self._browser.start()

    def close(self) -> None:
        with self._lock:
            browser, self._browser = self._browser, None
        if browser is not None:
            browser.close()

    def tables(self) -> list[TableInfo]:
        browser = self._browser
        return list(browser.tables()) if browser is not None else []


class FixedSource:
    """A list of tables that never changes (unless told): snapshots and tests."""

    def __init__(self, tables: Sequence[TableInfo] = ()) -> None:
        self._tables = list(tables)
        self._on_change: Callable[[], None] | None = None

    def start(self, on_change: Callable[[], None]) -> None:
        self._on_change = on_change
        on_change()

    def close(self) -> None:
        self._on_change = None

    def tables(self) -> list[TableInfo]:
        return list(self._tables)

    def set(self, tables: Sequence[TableInfo]) -> None:
        """Replace the list and tell the lobby."""
        self._tables = list(tables)
        if self._on_change is not None:
            self._on_change()
