"""Illegal calls to ``Game.choose``: each raises its documented error class with its stable
``code`` and leaves the game exactly as it was (``state_hash`` unchanged), at the start of a game,
in the middle of a chain and at many points of random games."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import Card, arrange, new_game

from qm_rules import (
    Game,
    GameOptions,
    GameOver,
    NotYourTurn,
    Phase,
    PromptKind,
    RulesError,
    StalePrompt,
    UnknownOption,
)
from qm_rules.bots import make_bot


def _refused(
    g: Game, error: type[RulesError], code: str, seat: Any, option: Any, seq: Any = None
) -> None:
    """The call raises ``error`` with ``code`` and changes nothing."""
    before = g.state_hash()
    prompt_before = g.prompt
    seq_before = g.seq
    choices_before = len(g.journal.choices)
    with pytest.raises(error) as info:
        g.choose(seat, option, seq)
    assert info.value.code == code
    assert isinstance(info.value, RulesError)
    assert g.state_hash() == before
    assert g.prompt == prompt_before
    assert g.seq == seq_before
    assert len(g.journal.choices) == choices_before


def _all_refusals(g: Game) -> None:
    """Every kind of illegal call against the pending prompt."""
    p = g.prompt
    assert p is not None
    others = [s for s in range(g.n) if s != p.seat]
    for s in others:
        _refused(g, NotYourTurn, "not_your_turn", s, p.options[0].id)
        _refused(g, NotYourTurn, "not_your_turn", s, p.default, p.seq)
    _refused(g, UnknownOption, "unknown_option", p.seat, "no-such-option")
    _refused(g, UnknownOption, "unknown_option", p.seat, "play:99999")
    _refused(g, UnknownOption, "unknown_option", p.seat, "")
    for bad in (0, None, 3.5, b"pass", ["pass"], {"id": "pass"}):
        _refused(g, UnknownOption, "unknown_option", p.seat, bad)
    _refused(g, StalePrompt, "stale_prompt", p.seat, p.options[0].id, p.seq - 1)
    _refused(g, StalePrompt, "stale_prompt", p.seat, p.options[0].id, p.seq + 1)


def test_error_classes_and_codes() -> None:
    assert issubclass(NotYourTurn, RulesError) and NotYourTurn.code == "not_your_turn"
    assert issubclass(UnknownOption, RulesError) and UnknownOption.code == "unknown_option"
    assert issubclass(StalePrompt, RulesError) and StalePrompt.code == "stale_prompt"
    assert issubclass(GameOver, RulesError) and GameOver.code == "game_over"


def test_wrong_player_at_the_start() -> None:
    g = new_game(3, seed=5)
    p = g.prompt
    assert p is not None
    for s in range(3):
        if s != p.seat:
            _refused(g, NotYourTurn, "not_your_turn", s, p.default)
    # Seats that do not exist are not this prompt's seat either.
    _refused(g, NotYourTurn, "not_your_turn", 7, p.default)
    _refused(g, NotYourTurn, "not_your_turn", -1, p.default)


def test_unknown_option_including_options_of_other_prompt_kinds() -> None:
    g = new_game(2, seed=3)
    arrange(g, turn_seat=0, phase=Phase.PLACE, hands={0: ["qingtuan", "saomu"]})
    p = g.prompt
    assert p is not None and p.kind is PromptKind.PLACE and p.seat == 0
    saomu = next(c for c in g.view(0).seats[0].hand or () if c.card == "saomu")
    # Legal in another phase, not now: the action-phase play, "end", "pass", "decline".
    for option in (
        f"play:{saomu.cid}",
        f"place:{saomu.cid}",
        "end",
        "pass",
        "decline",
        "mode:0",
        "PLACE:1",
    ):
        _refused(g, UnknownOption, "unknown_option", 0, option)
    _all_refusals(g)


def test_stale_seq_and_current_seq() -> None:
    g = new_game(2, seed=4)
    p = g.prompt
    assert p is not None
    first_seq = p.seq
    g.choose(p.seat, p.default, p.seq)  # the current seq is accepted
    assert g.seq == first_seq + 1
    q = g.prompt
    assert q is not None
    # The old prompt's seq is stale now, even with an option that exists in the new prompt.
    _refused(g, StalePrompt, "stale_prompt", q.seat, q.default, first_seq)
    _refused(g, StalePrompt, "stale_prompt", q.seat, q.default, q.seq + 5)


def test_wrong_player_and_stale_in_the_middle_of_a_chain() -> None:
    g = new_game(2, seed=8)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "qingtuan"], 1: ["juhua"]},
        fields={1: [Card("wenming_changdao", face_down=True)]},
    )
    g.choose(0, f"play:{cards.hands[0][0]}")
    p = g.prompt
    assert p is not None and p.kind is PromptKind.RESPOND and p.seat == 1
    _refused(g, NotYourTurn, "not_your_turn", 0, "pass")
    _all_refusals(g)
    g.choose(1, "pass")  # and the legal call still works after all those refusals
    assert g.view(1).chain == () or g.prompt.kind is PromptKind.EFFECT


def test_after_the_end_every_call_is_game_over() -> None:
    g = new_game(2, seed=2)
    last_prompt = g.prompt
    assert last_prompt is not None
    g.choose(1, "concede")  # R23: the last player remaining wins
    assert g.result is not None and g.result.winner == 0 and g.prompt is None
    for seat, option, seq in (
        (last_prompt.seat, last_prompt.default, None),
        (0, "concede", None),
        (1, "concede", None),
        (0, "pass", g.seq),
        (0, 123, None),
    ):
        _refused(g, GameOver, "game_over", seat, option, seq)
    before = g.state_hash()
    with pytest.raises(GameOver) as info:
        g.apply_default()
    assert info.value.code == "game_over" and g.state_hash() == before


def test_concede_from_a_seat_not_playing_is_refused() -> None:
    g = new_game(3, seed=6)
    g.choose(2, "concede")
    assert g.result is None
    _refused(g, NotYourTurn, "not_your_turn", 2, "concede")
    _refused(g, NotYourTurn, "not_your_turn", 3, "concede")
    _refused(g, NotYourTurn, "not_your_turn", "0", "concede")


#: How many decisions the random games below may take to reach every kind of prompt (each kind
#: came up within ~130 decisions in every seating tried; this leaves room for other decks).
MOST_STEPS = 3000


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_illegal_calls_at_every_kind_of_prompt_in_random_games(players: int, seed: int) -> None:
    """Random games, one after another (a hand limit, so its discards come up too), until every
    kind of prompt has been met and refused every illegal call; and every 7th decision besides."""
    checked: set[PromptKind] = set()
    step = game_no = 0
    while checked != set(PromptKind) and step < MOST_STEPS:
        g = new_game(players, seed=f"{seed}-{game_no}", options=GameOptions(hand_limit=3))
        bots = [make_bot("random", f"{seed}-{game_no}-{s}") for s in range(players)]
        while (p := g.prompt) is not None and checked != set(PromptKind) and step < MOST_STEPS:
            if step % 7 == 0 or p.kind not in checked:
                _all_refusals(g)
                checked.add(p.kind)
            option = bots[p.seat].choose(g.view(p.seat))
            if option == "concede":  # keep the game going: the point is the calls in between
                option = p.default
            g.choose(p.seat, option, p.seq)
            step += 1
        if g.result is not None:
            _refused(g, GameOver, "game_over", 0, "pass")
        game_no += 1
    missing = sorted(k.value for k in set(PromptKind) - checked)
    assert not missing, f"after {step} decisions in {game_no} games, never met: {missing}"
