"""Every lesson's scripted path plays through the engine: each step's move is an option when
its step comes, only that option is open, every other card says why not, and the words exist."""

from __future__ import annotations

import pytest

from qm_rules.i18n import has, tr
from qm_rules.lessons import LESSONS, LessonRefused, LessonRun
from qm_rules.plays import reasons_of

_TOPICS = {"offerings", "actions", "traps", "counters", "worship", "ancestors"}


def test_six_lessons_in_the_order_they_build_on_each_other() -> None:
    assert [lesson.id for lesson in LESSONS][: len(_TOPICS)] and {
        lesson.id for lesson in LESSONS
    } >= _TOPICS
    assert LESSONS[-1].ends_in_game and not any(x.ends_in_game for x in LESSONS[:-1])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_the_scripted_path_completes(lesson) -> None:  # noqa: ANN001
    run = LessonRun(lesson)
    for lang in ("zh", "en"):
        assert lesson.title(lang) and lesson.about(lang)
    said: list[str] = list(run.said)
    for step in range(len(lesson.steps)):
        assert run.status == "open" and run.step == step
        view = run.view()
        p = view.prompt
        assert p is not None and p.seat == run.seat
        (taught,) = p.options  # only the step's option is open
        assert taught.id == p.default
        reasons = reasons_of(p.context)
        assert taught.card not in reasons
        for o in run.game.prompt.options:  # every other choice is closed, and refused
            if o.id != taught.id:
                with pytest.raises(LessonRefused):
                    run.choose(o.id)
                if o.card is not None and o.card != taught.card:
                    assert o.card in reasons
        run.choose(taught.id)
        said += run.said
    assert run.status == "done" and run.prompt is None and run.view().prompt is None
    assert "lesson.finished" in said
    for key in said:
        for lang in ("zh", "en"):
            assert has(key) and tr(key, lang)
    if lesson.id == "worship":
        assert run.game.result is not None and run.game.result.winner == run.seat


def test_restart_begins_the_lesson_again() -> None:
    run = LessonRun(LESSONS[0])
    first = run.view()
    taught = run.taught()
    assert taught is not None
    run.choose(taught.id)
    run.restart()
    assert run.step == 0 and run.status == "open"
    assert run.view() == first
