"""Where the lobby's list of tables comes from: live discovery, or a fixed list (tests, snapshots).

No Textual here. A source calls ``on_change()`` (in the event loop) whenever its list changes; the
lobby then reads ``tables()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from qm_net.discovery import Browser, TableInfo


class TableSource(Protocol):
    """The lobby's view of the tables on the network."""

    async def start(self, on_change: Callable[[], None]) -> None:
        """Begin watching (the lobby calls it from a worker)."""

    async def close(self) -> None:
        """Stop watching."""

    def tables(self) -> list[TableInfo]:
        """The tables known now."""


class DiscoverySource:
    """Tables advertised on the LAN, through :class:`qm_net.discovery.Browser`."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self._browser: Browser | None = None

    async def start(self, on_change: Callable[[], None]) -> None:
        from qm_net.discovery import Browser

        if self._browser is not None:
            return
        browser = Browser(lambda _event: on_change(), interfaces=self.interfaces)
        await browser.astart()  # events then arrive in this loop, no thread hops
        self._browser = browser

    async def close(self) -> None:
        browser, self._browser = self._browser, None
        if browser is not None:
            await browser.aclose()

    def tables(self) -> list[TableInfo]:
        browser = self._browser
        return list(browser.tables()) if browser is not None else []


class FixedSource:
    """A list of tables that never changes (unless told): snapshots and tests."""

    def __init__(self, tables: Sequence[TableInfo] = ()) -> None:
        self._tables = list(tables)
        self._on_change: Callable[[], None] | None = None

    async def start(self, on_change: Callable[[], None]) -> None:
        self._on_change = on_change
        on_change()

    async def close(self) -> None:
        self._on_change = None

    def tables(self) -> list[TableInfo]:
        return list(self._tables)

    def set(self, tables: Sequence[TableInfo]) -> None:
        """Replace the list and tell the lobby."""
        self._tables = list(tables)
        if self._on_change is not None:
            self._on_change()
