"""The table's log reads each link's "resolves" line before what the link did, as the game is
told update by update to a player at a real table (a host in this process, bots playing on
after the player conceded), in both languages at 80x24 and 160x48: the events the log read,
in its order, are checked against the link the engine emitted each for (tests/test_log_order)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_log_order import CHAINS, check_order, tagged  # noqa: F401  (a fixture)
from tui_support import hosted_table_playing, isolate, make_app, until

from qm_rules.model import Event
from qm_tui.app import PlayLocal
from qm_words.logorder import LogOrder


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pytest.mark.usefixtures("tagged")
async def test_the_tables_log_reads_resolves_first(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    read: dict[int, list[Event]] = {}
    feed = LogOrder.feed

    def recorded(self: LogOrder, events: Any) -> list[Event]:
        out = feed(self, events)
        read.setdefault(id(self), []).extend(out)
        return out

    monkeypatch.setattr(LogOrder, "feed", recorded)
    CHAINS.clear()
    app = make_app(lang=lang, start=PlayLocal(bots=2, seed=size[0] + len(lang)))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: hosted_table_playing(app), "the table")
        table = app.screen
        assert app.client is not None
        await app.client.concede()  # the bots play on to the end

        def ended() -> bool:
            if table.playback.queue:  # type: ignore[attr-defined]
                pilot.app.call_later(lambda: pilot.app.simulate_key("space"))
            return getattr(table, "ended", None) is not None

        await until(pilot, ended, "the game's end", timeout=150)
        order = table.model.log_order  # type: ignore[attr-defined]
        assert id(order) in read, "the table's log does not read through its LogOrder"
        seen: Counter[str] = check_order(read[id(order)])
    CHAINS.clear()
    assert seen["action:effect"] and seen["place:resolved"], seen
