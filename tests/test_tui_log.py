"""The log pane draws each log line once per width and keeps it: what it shows must be exactly
what drawing the whole pane at once shows (Textual's own path), through every change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widget import Widget

from qm_tui.widgets.log import GameLog


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def whole_pane(log: GameLog) -> list[str]:
    """The pane drawn by Textual's default path (the whole ``render()`` at once)."""
    log.refresh()  # marks it dirty: the default path renders it afresh
    return [repr(list(Widget.render_line(log, y))) for y in range(log.size.height)]


def kept_lines(log: GameLog) -> list[str]:
    return [repr(list(log.render_line(y))) for y in range(log.size.height)]


async def test_the_kept_lines_draw_what_the_whole_pane_draws() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(GameLog)
        steps = [
            lambda: log.add_lines(["The game begins", "Ann places 祖父 on the field"]),
            lambda: log.add_chat("Bob", "gg [b]not markup[/b] well played, everyone, truly"),
            lambda: log.add_lines(["", "一个很长很长的中文句子需要换行才能放得下这一整行文字啊"]),
            lambda: log.add_lines([f"line {i} " + "word " * i for i in range(8)]),
            lambda: log.add_chat("Cat", "a" * 70),  # one word longer than the pane
            lambda: log.add_lines(["trailing spaces    " * 4, "tab\tand  double  spaces", ""]),
        ]
        await pilot.pause()
        assert kept_lines(log) == whole_pane(log)  # empty
        for step in steps:
            step()
            await pilot.pause()
            assert kept_lines(log) == whole_pane(log)
            assert any(s != repr([]) for s in kept_lines(log))
        await pilot.resize_terminal(30, 9)  # narrower: wrapped again, not taken from before
        await pilot.pause()
        assert kept_lines(log) == whole_pane(log)
