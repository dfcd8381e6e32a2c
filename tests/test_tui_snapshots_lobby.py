"""Snapshots of the lobby and its forms, in both languages, with a fixed list of tables (no live
discovery) so that they only change when the screens do.

Update after an intended change: ``pytest tests/test_tui_snapshots_lobby.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tui_support import isolate, make_app

from qm_net.discovery import TableInfo
from qm_net.version import PROTOCOL_VERSION
from qm_tui.tablelist import FixedSource


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


TABLES = [
    TableInfo(
        "清明茶馆",
        "192.168.1.20",
        40001,
        PROTOCOL_VERSION,
        2,
        4,
        "lobby",
        "a._qingming._tcp.local.",
    ),
    TableInfo(
        "Ann's table [red]",
        "192.168.1.21",
        40002,
        PROTOCOL_VERSION,
        3,
        3,
        "playing",
        "b._qingming._tcp.local.",
    ),
    TableInfo(
        "Old friends",
        "192.168.1.22",
        40003,
        PROTOCOL_VERSION + 1,
        1,
        6,
        "lobby",
        "c._qingming._tcp.local.",
    ),
]


def test_lobby_empty_en_80x24(snap_compare: Any) -> None:
    assert snap_compare(make_app(lang="en", name="Ann"), terminal_size=(80, 24))


def test_lobby_tables_zh(snap_compare: Any) -> None:
    app = make_app(lang="zh", name="清明", source=FixedSource(TABLES))
    assert snap_compare(app, terminal_size=(100, 30))


def test_lobby_tables_en_80x24(snap_compare: Any) -> None:
    app = make_app(lang="en", name="Ann", source=FixedSource(TABLES))
    assert snap_compare(app, terminal_size=(80, 24), press=["down"])


def test_host_form_zh_80x24(snap_compare: Any) -> None:
    async def open_the_form(pilot: Any) -> None:
        from textual.widgets import Input

        await pilot.press("h")
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # the cursor drawn steadily, not where its blink was
        await pilot.pause()

    assert snap_compare(
        make_app(lang="zh", name="清明"), terminal_size=(80, 24), run_before=open_the_form
    )


def test_help_en(snap_compare: Any) -> None:
    assert snap_compare(
        make_app(lang="en", name="Ann"), terminal_size=(100, 30), press=["question_mark"]
    )
