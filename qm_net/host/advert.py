"""The table's mDNS advertisement: started with the host, updated (coalesced) as seats fill.

Discovery is a convenience: when it cannot start, the table works by address alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("qm_net.host")


class Advert:
    def __init__(self, fields: Callable[[], dict[str, Any]], spawn: Callable[[Any], Any]) -> None:
        self._fields = fields  # the TXT fields now: seats taken, seats total, state, bots
        self._spawn = spawn
        self._advertiser: Any = None
        self._dirty = False

    async def start(self, name: str, port: int, bind: str, interfaces: list[str] | None) -> None:
        try:
            from qm_net.discovery import Advertiser
        except Exception:  # discovery is a convenience: the table works without it
            log.exception("discovery not available; the table is reachable by address only")
            return
        try:
            address = None if bind in ("", "0.0.0.0", "::") else bind
            self._advertiser = Advertiser(
                name, port, interfaces=interfaces, address=address, **self._fields()
            )
            await self._advertiser.astart()
        except Exception as exc:  # discovery is a convenience: the table works without it
            log.warning("cannot advertise the table: %s", exc)
            self._advertiser = None

    def changed(self) -> None:
        if self._advertiser is None or self._dirty:
            return
        self._dirty = True

        async def push() -> None:
            await asyncio.sleep(0.05)  # coalesce bursts of lobby changes
            self._dirty = False
            with contextlib.suppress(Exception):
                await self._advertiser.aupdate(**self._fields())

        self._spawn(push())

    async def close(self) -> None:
        if self._advertiser is not None:
            with contextlib.suppress(Exception):
                await self._advertiser.aclose()
