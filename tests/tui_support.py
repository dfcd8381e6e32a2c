"""Helpers for the app-shell tests: an app with the config kept in a tmp dir, and waiting for a
condition (progress, never timing: the timeout is generous and only stops a hung test)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from qm_tui.app import QingmingApp, Start
from qm_tui.clock import FakeClock
from qm_tui.tablelist import FixedSource, TableSource

WAIT = 30.0
LOOPBACK = ["127.0.0.1"]


def isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep a test off the real config file (``QINGMING_CONFIG_DIR``), seat tokens and
    journals (``QINGMING_STATE_DIR``, ``QINGMING_DATA_DIR``) and off the real network's
    interfaces (``CI``). Each test module calls it from an autouse fixture."""
    path = tmp_path / "config"
    monkeypatch.setenv("QINGMING_CONFIG_DIR", str(path))
    monkeypatch.setenv("QINGMING_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("QINGMING_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CI", "1")
    return path


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The same as :func:`isolate`, as an autouse fixture for modules that import it."""
    return isolate(tmp_path, monkeypatch)


def make_app(
    *,
    lang: str = "en",
    name: str = "Ann",
    start: Start = None,
    discovery: bool = False,
    source: TableSource | None = None,
    remember: bool = True,
    journal: bool = False,
    first_run: bool = False,
) -> QingmingApp:
    """An app on loopback; discovery off (an empty fixed list) unless asked; the first run's
    "how to play" only when asked (``first_run``)."""
    if discovery:
        factory = None
    else:
        fixed = source or FixedSource()
        factory = lambda: fixed  # noqa: E731
    return QingmingApp(
        name=name,
        lang=lang,
        interfaces=LOOPBACK,
        start=start,
        clock=FakeClock(),
        table_source=factory,
        remember=remember,
        bot_delay=0.0,
        journal=journal,
        first_run=first_run,
    )


async def until(
    pilot: Pilot[Any], cond: Callable[[], bool], what: str, timeout: float = WAIT
) -> None:
    """Let the app run until ``cond()`` holds; fail (saying ``what``) after ``timeout`` s."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for: {what}")
        await pilot.pause(0.05)


async def click(pilot: Pilot[Any], selector: str) -> None:
    """Click ``selector`` on the current screen once it is laid out there: a click sent while
    a screen just pushed is still being composed lands on nothing (seen on a loaded machine)."""

    def shown() -> bool:
        found = pilot.app.screen.query(selector)
        return bool(found) and found.first().region.area > 0

    await until(pilot, shown, f"{selector} on the screen")
    await pilot.click(selector)


def hosted_table_playing(app: QingmingApp) -> bool:
    """The app's own hosted table is playing a game and its table screen is up."""
    return (
        screen_name(app) == "TableScreen"
        and app.hosted is not None
        and app.hosted.state == "playing"
    )


def screen_name(app: QingmingApp) -> str:
    return type(app.screen).__name__


async def open_result(pilot: Pilot[Any], app: QingmingApp, timeout: float = WAIT) -> None:
    """At a table whose game is ending: skip the playback (space) to the final table, which
    stays until the result is opened over it (v), as a player does; wait for the result."""
    table = app.screen
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while getattr(table, "ended", None) is None:
        if loop.time() > end:
            raise AssertionError("timed out waiting for: the final table")
        if getattr(table, "playback", None) is not None and table.playback.queue:  # type: ignore[attr-defined]
            await pilot.press("space")
        await pilot.pause(0.05)
    await pilot.press("v")
    await until(pilot, lambda: screen_name(app) == "ResultScreen", "the result")


async def in_room(pilot: Pilot[Any], app: QingmingApp) -> Any:
    """Wait for the waiting room with the table's seats shown; the room (a RoomScreen)."""
    from qm_tui.screens.room import RoomScreen

    await until(
        pilot,
        lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
        "the waiting room",
    )
    return app.screen
