"""A table of bots (``qingming play``, the lobby's "Play bots") runs no clock: nobody waits on
the player there, so neither the turn timer nor the response timer (answers, the steps of
declaring one, an effect's pick) runs, unless the player set one (``play --response-timer``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tui_support import hosted_table_playing, isolate, make_app, until

from qm_net.host.timers import response_timed
from qm_rules import PromptKind, View
from qm_tui.app import PlayLocal, QingmingApp


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


def _ann(app: QingmingApp) -> int:
    assert app.client is not None and app.client.seat is not None
    return app.client.seat


async def _play_until_asked_to_answer(app: QingmingApp, pilot: object) -> list[float | None]:
    """Play Ann's seat (setting a card face down whenever she can, so that she has something
    to answer with; otherwise the default) until a decision the response timer would cover is
    hers; the timer the table shows at each of her decisions, that one included."""
    seen: list[float | None] = []
    answered = -1

    def asked() -> View | None:
        """The view on Ann's table when it asks her something not yet answered here."""
        table: Any = app.screen
        model = getattr(table, "model", None)
        view: View | None = getattr(table, "view", None)
        if model is None or view is None or view.prompt is None or not model.my_question():
            return None
        return view if view.prompt.seq > answered else None

    while True:
        await until(
            pilot,  # type: ignore[arg-type]
            lambda: (
                asked() is not None or (app.hosted is not None and app.hosted.state != "playing")
            ),
            "a decision of Ann's",
            timeout=120,
        )
        view = asked()
        assert view is not None and view.prompt is not None, "the game ended first"
        assert app.hosted is not None and app.hosted.game is not None
        game = app.hosted.game
        assert game.prompt is not None and game.prompt.seat == _ann(app)
        seen.append(app.hosted.timers.deadline())
        seen.append(app.screen.deadline_at)  # type: ignore[attr-defined]
        if response_timed(game):
            return seen
        prompt = view.prompt
        sets = [o.id for o in prompt.options if o.id.startswith("set:")]
        choice = sets[0] if prompt.kind == PromptKind.ACTION and sets else prompt.default
        answered = prompt.seq
        assert app.client is not None
        await app.client.choose(choice, prompt.seq)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_a_table_of_bots_times_nothing(lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang=lang, start=PlayLocal(bots=2, seed=11))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: hosted_table_playing(app), "the table")
        assert app.hosted is not None
        assert app.hosted.options.response_timer is None
        assert app.hosted.options.turn_timer is None
        seen = await _play_until_asked_to_answer(app, pilot)
        assert seen and all(d is None for d in seen), seen


async def test_a_timer_the_player_sets_runs() -> None:
    app = make_app(start=PlayLocal(bots=2, seed=11, response_timer=300.0))
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: hosted_table_playing(app), "the table")
        assert app.hosted is not None
        assert app.hosted.options.response_timer == 300.0
        assert app.hosted.options.turn_timer is None
        seen = await _play_until_asked_to_answer(app, pilot)
        assert seen[-2] is not None and seen[-1] is not None  # the answer's, host and table


def test_play_takes_the_timers_and_refuses_a_bad_one() -> None:
    from qingming.cli import build_parser
    from qingming.commands.play import timers

    parser = build_parser()
    args = parser.parse_args(["play", "--response-timer", "30"])
    assert timers(args) == (30.0, None)
    assert timers(parser.parse_args(["play"])) == (None, None)
    with pytest.raises(SystemExit, match="--turn-timer must be"):
        timers(parser.parse_args(["play", "--turn-timer", "soon"]))
