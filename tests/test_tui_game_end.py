"""A win you feel, and one place the game is kept: a banner over the final table ("You win",
"你赢了"; "Bob wins" for a loss), the terminal's bell once when the player has it on (config
``bell``), one line that says where the game is kept with its path never broken inside a name,
and file names any shell can type. In both languages, at 80x24 and 160x48."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from test_tui_autopass import FedSession
from test_tui_table_support import TableApp, chain_position, screen_text, until

from qm_tui import config
from qm_tui.screens.result import path_lines
from qm_tui.session import Update

SIZES = [(80, 24), (160, 48)]
LANGS = ["en", "zh"]
WORDS = {
    ("en", "win"): "You win",
    ("zh", "win"): "你赢了",
    ("en", "loss"): "Bob wins",
    ("zh", "loss"): "Bob 获胜",
}


def final_view(winner: int):
    view = chain_position(over=True)  # Bob (seat 1) won; I am seat 0
    assert view.result is not None
    return dataclasses.replace(view, result=dataclasses.replace(view.result, winner=winner))


class BellApp(TableApp):
    rung = 0
    bell_on = True

    def bell(self) -> None:
        self.rung += 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("winner", "kind"), [(0, "win"), (1, "loss")])
async def test_the_final_table_says_who_won_in_a_banner(
    size: tuple[int, int], lang: str, winner: int, kind: str
) -> None:
    session = FedSession()
    app = BellApp(session, lang=lang)  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        going = dataclasses.replace(chain_position(), prompt=None)  # the game goes on: none
        await session.queue.put(Update(going, (), None))
        await until(pilot, lambda: app.table.updates > 0)
        assert not app.table.query_one("#banner").display and app.rung == 0
        before = app.table.updates
        await session.queue.put(Update(final_view(winner), (), None))
        await until(pilot, lambda: app.table.updates > before)
        await pilot.pause()
        banner = app.table.query_one("#banner")
        assert banner.display and banner.has_class(f"-{kind}")
        assert WORDS[lang, kind] in screen_text(app)
        assert app.rung == 1  # the bell, once
        again = app.table.updates
        await app.table.render_view(app.table.view)  # drawn again: no second bell
        await until(pilot, lambda: app.table.updates > again)
        assert app.rung == 1


async def test_no_bell_unless_the_player_turned_it_on() -> None:
    session = FedSession()
    app = BellApp(session)  # type: ignore[arg-type]
    app.bell_on = False
    async with app.run_test(size=(80, 24)) as pilot:
        await session.queue.put(Update(final_view(0), (), None))
        await until(pilot, lambda: app.table.updates > 0)
        assert app.table.query_one("#banner").display and app.rung == 0


def test_the_bell_is_a_setting_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(config.ENV_DIR, str(tmp_path))
    assert config.load().bell is False
    (tmp_path / "config.json").write_text('{"bell": true}', encoding="utf-8")
    assert config.load().bell is True
    (tmp_path / "config.json").write_text('{"bell": "yes"}', encoding="utf-8")
    assert config.load().bell is False


@pytest.mark.parametrize("width", [20, 40, 76, 156])
def test_a_path_is_broken_only_between_names(width: int) -> None:
    path = "/home/someone/.local/share/qingming/journals/20261201-203000-Ann-s-table.jsonl"
    lines = path_lines(path, width)
    assert "".join(lines) == path
    names = path.split("/")
    for line in lines:
        assert line.endswith("/") or line == lines[-1]
        assert all(part in names for part in line.strip("/").split("/"))  # whole names only
        assert len(line) <= width or "/" not in line.rstrip("/")  # (a name longer than a line)


@pytest.mark.parametrize("table", ["root 的练习桌", "根的牌桌", "Ann's table!", "表/..//x"])
def test_file_names_are_ascii_any_shell_can_type(
    table: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(config.ENV_DATA_DIR, str(tmp_path))
    for path in (config.new_journal_path(table), config.new_record_path(table)):
        assert path.parent.parent == tmp_path
        assert re.fullmatch(r"[A-Za-z0-9._-]+", path.name), path.name
