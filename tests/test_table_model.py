"""The table's model, without Textual: what is wanted now, the seats' name lines as parts, the
options that name cards and seats, the keys that answer, the status line, and the answer
guard. Positions are built through the engine (tests/helpers.py); no app runs."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

from helpers import position

from qm_rules.game import Game
from qm_rules.model import Phase
from qm_tui.answer_guard import AnswerGuard
from qm_tui.clock import FakeClock
from qm_tui.session import Seats, SeatStatus
from qm_tui.table_model import END_IDS, TableModel, chain_targets, option_refs


def action_game() -> Game:
    """Two seats; P0's action phase, a hand of plain cards to play."""
    return position(2, turn=0, phase=Phase.ACTION, hands={0: ["saomu", "chaitai"], 1: []})


def model_for(game: Game, viewer: int | None) -> tuple[TableModel, FakeClock]:
    clock = FakeClock()
    model = TableModel(clock, game.view(viewer))
    return model, clock


def test_the_model_and_the_guard_import_no_textual() -> None:
    code = (
        "import sys, qm_tui.table_model, qm_tui.answer_guard; "
        "assert not [m for m in sys.modules if m.split('.')[0] == 'textual'], 'textual'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_now_follows_whose_decision_it_is_and_whether_i_answered() -> None:
    game = action_game()
    mine, _ = model_for(game, 0)
    view = mine.view
    assert view is not None and view.prompt is not None
    assert mine.now(view).kind == "mine"
    mine.chosen_seq = view.prompt.seq
    assert mine.now(view).kind == "sent"
    theirs, _ = model_for(game, 1)
    other = theirs.view
    assert other is not None
    assert theirs.now(other) == type(theirs.now(other))("waiting", "P0")
    watching, _ = model_for(game, None)
    assert watching.view is not None and watching.now(watching.view).who == "P0"


def test_an_away_player_is_counted_down_to_the_bot_or_the_timer_whichever_comes_first() -> None:
    game = action_game()
    model, clock = model_for(game, 1)
    view = model.view
    assert view is not None
    away = SeatStatus(0, "P0", "human", connected=False)
    model.away.note(Seats((away, SeatStatus(1, "P1", "human", True)), grace=30.0))
    assert model.now(view).kind == "away_bot"
    assert model.away.deadline(0) == clock.now() + 30.0
    model.deadline_at = clock.now() + 10.0  # the prompt's timer runs out first
    assert model.now(view).kind == "away_timer"
    assert model.away.due(view) == []  # not yet told: a blip is not
    clock.advance(model.away.NOTE_AFTER)
    assert model.away.due(view) == [(0, 25)]
    assert model.away.due(view) == []  # once
    line = model.status_line(view, "en")
    assert line.now.kind == "away_timer" and line.deadline_at == model.deadline_at


def test_a_seat_header_is_parts_the_widget_draws() -> None:
    game = action_game()
    model, _ = model_for(game, 0)
    view = model.view
    assert view is not None
    model.seat_status = {1: SeatStatus(1, "P1", "bot", True, level="hard")}
    me, them = (model.seat_header(sv, view, "en") for sv in view.seats)
    assert me.turn and me.mine and me.deciding and not them.turn and not them.deciding
    kinds = [p.kind for p in me.parts("en")]
    assert kinds[0] == "name" and "hand" in kinds and "deciding" in kinds
    assert me.parts("en")[0].text == ">P0 (you)"
    assert [p.kind for p in them.parts("en")][:2] == ["name", "presence"]
    assert "hard" in them.parts("en")[1].text
    conceded = dataclasses.replace(view.seats[1], conceded=True)
    assert [p.kind for p in model.seat_header(conceded, view, "zh").parts("zh")][1] == "conceded"


def test_options_name_cards_and_keys_follow_the_question() -> None:
    game = action_game()
    model, _ = model_for(game, 0)
    view = model.view
    assert view is not None and view.prompt is not None
    refs = option_refs(view.prompt.options)
    hand = {c.cid for c in view.seats[0].hand or ()}
    assert refs.cards and set(refs.cards) <= hand
    assert all(o.card == cid for cid, opts in refs.cards.items() for o in opts)
    assert model.refs(view).cards == refs.cards
    keys = model.keys(view, model.now(view))
    ids = model.prompt_ids()
    assert keys.mine and keys.count == len(model.numbered_ids()) > 0
    assert keys.close[1] == any(i in END_IDS for i in ids)
    # end keeps its letter: never a number (a number for one question cannot end the next)
    assert "end" in ids and "end" not in model.numbered_ids()
    assert model.numbered_ids() == tuple(i for i in ids if i != "end")
    model.chosen_seq = view.prompt.seq  # answered: its keys go
    keys = model.keys(view, model.now(view))
    assert not keys.mine and keys.count == 0
    theirs, _ = model_for(game, 1)
    assert theirs.view is not None and not theirs.refs(theirs.view).cards
    assert chain_targets(view) == frozenset()  # nothing on the chain


def test_the_status_line_names_the_turns_player() -> None:
    game = action_game()
    model, _ = model_for(game, None)
    view = model.view
    assert view is not None
    line = model.status_line(view, "en")
    assert "P0" in line.left and line.phase is view.phase and line.now.kind == "waiting"


def test_the_answer_guard_waits_for_a_quiet_keyboard() -> None:
    clock = FakeClock()
    guard = AnswerGuard(clock, 0.5)
    assert guard.armed()  # nothing asked yet
    assert guard.new_question(7)
    assert not guard.new_question(7)  # the same question drawn again: no new moment
    assert not guard.armed()
    clock.advance(0.4)
    guard.hold(clock.now())  # a key while dimmed: the moment starts again
    clock.advance(0.4)
    assert not guard.armed()
    clock.advance(0.1)
    assert guard.armed()
    assert guard.new_question(8, covered=True)  # behind a dialog
    clock.advance(1.0)
    assert guard.resume()  # shown now: its moment starts now
    assert not guard.armed()
    clock.advance(0.5)
    assert guard.armed() and not guard.resume()
    guard.moment = 0
    assert guard.new_question(9) and guard.armed()  # no guard: at once
