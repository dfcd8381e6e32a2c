"""The lessons played as a player plays them: ``qingming learn``'s list, each lesson at the table
pressing only the key its sentence asks for, the finished ones ticked and remembered, and the
last one going on to a real game against an easy bot. In both languages, at 80x24 and 160x48."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tui_support import make_app, until

from qm_rules.i18n import tr
from qm_rules.lessons import LESSONS
from qm_tui.app import Learn
from qm_tui.screens.learn import REAL_GAME, LessonsScreen, LocalTableScreen, Progress
from qm_tui.widgets.keybar import KeyBar, key_words
from qm_tui.widgets.log import GameLog

#: The key a lesson's sentence asks for: "(press 1)", "（按 1）".
_ASKS = re.compile(r"(?:press|按) (\w)")


def _log(app: Any) -> str:
    return "\n".join(app.screen.query_one(GameLog).lines_written)


def _bar_word(table: Any, action: str) -> str:
    """How the key bar shows ``action``'s key: "q Leave"."""
    binding = next(b for _, b in table._bindings if b.action == action)
    return f"{key_words(table, binding)} {binding.description}"


def _later(app: Any, words: str) -> bool:
    """Whether the log says ``words``; if not yet, time goes on (the table plays the others'
    moves back at its pace, and says what the lesson says of them after)."""
    if words in _log(app):
        return True
    app.clock.advance(2.0)
    return False


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_every_lesson_is_completed_pressing_only_the_keys_it_asks_for(
    lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(lang=lang, start=Learn())
    games: list[tuple[Any, ...]] = []
    monkeypatch.setattr(app, "play_local", lambda *a, **k: games.append(a))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonsScreen), "the lessons")
        lessons = app.screen
        for i, lesson in enumerate(LESSONS):
            if i:
                await pilot.press("down")  # the list keeps the lesson just finished highlighted
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, LocalTableScreen), "the lesson")
            table = app.screen
            run = table.local.run
            assert run.lesson is lesson
            bar = str(table.query_one(KeyBar).render())
            assert all(_bar_word(table, a) in bar for a in ("leave", "restart", "help")), bar
            for step in range(len(lesson.steps)):
                do = tr(f"lesson.{lesson.id}.{step + 1}.do", lang)
                await until(pilot, lambda d=do: d in _log(app), f"{lesson.id} {step + 1}: asked")
                (key,) = _ASKS.findall(do)
                await pilot.press(key)
                await until(pilot, lambda r=run, s=step: r.step > s, f"{lesson.id} {step + 1}")
            assert run.status == "done"
            finished = tr("lesson.finished", lang)
            await until(pilot, lambda f=finished: _later(app, f), f"{lesson.id}: finished")
            assert tr(f"lesson.{lesson.id}.{len(lesson.steps)}.done", lang) in _log(app)
            # the player's seat has a name the log reads as any seat's: never "You draws"
            assert not re.search(r"^You [a-z]+s\b", _log(app), re.M), _log(app)
            await pilot.press("q")
            await until(pilot, lambda: app.screen is lessons, "back to the lessons")
            assert lesson.id in Progress.load().lessons
        # the last lesson goes on to a real game against one easy bot
        assert games == [(1, None, "easy")]
        assert REAL_GAME in Progress.load().lessons
        assert sum("✓" in str(o.prompt) for o in lessons._options()) == len(LESSONS) + 1


async def test_a_dimmed_option_cannot_be_chosen() -> None:
    app = make_app(lang="en", start=Learn())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonsScreen), "the lessons")
        await pilot.press("down", "enter")  # the actions lesson: three cards could be played
        await until(pilot, lambda: isinstance(app.screen, LocalTableScreen), "the lesson")
        run = app.screen.local.run
        await until(pilot, lambda: "Play Sleight of Hand" in _log(app), "asked")
        real = run.game.prompt
        assert len(real.options) > 1  # the rules would allow more
        for key in ("2", "3", "4", "e", "p"):  # the other options' keys, and end and pass
            await pilot.press(key)
            await pilot.pause()
        assert run.step == 0 and run.game.prompt is real  # nothing was chosen
        view = app.screen.view
        assert view is not None and len(view.prompt.options) == 1
        saomu = next(o.card for o in real.options if run.game.defs[o.card].id == "saomu")
        assert view.prompt.context["why_not"][str(saomu)][0] == "lesson"  # shown dimmed, why
        # the session refuses it too, in words, and the lesson goes on where it was
        await app.screen.local.choose(f"play:{saomu}")
        assert run.step == 0
        await pilot.press("1")
        await until(pilot, lambda: run.step == 1, "the taught option")
