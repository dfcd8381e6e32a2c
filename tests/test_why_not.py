"""Why a card cannot be played now: the reason comes from the functions that decide what may be
played (``qm_rules.plays``), so a card is playable exactly when it has no reason."""

from __future__ import annotations

from helpers import flip, in_hand, play, position

from qm_rules import Game, GameOptions, Phase, PromptKind
from qm_rules.bots import make_bot
from qm_rules.plays import Reason, why_not
from qm_words import why_not_words

#: Option kinds that play a card of the decider's (their ``card`` is that card).
_PLAYS = frozenset({"place", "play", "set", "ability", "declare", "flip", "counter"})
_ASKED = (PromptKind.PLACE, PromptKind.ACTION, PromptKind.WORSHIP, PromptKind.RESPOND)


def _cards_in_question(g: Game, seat: int) -> set[int]:
    """The cards a reason may be given for: the hand, and for a response the face-down cards."""
    st = g.st
    cards = set(st.hands[seat])
    if g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        cards |= {c for c in st.fields[seat] if c >= 0 and st.face_down[c]}
    return cards


def test_playable_and_having_no_reason_agree_over_many_positions() -> None:
    positions = reasons_seen = 0
    codes: set[str] = set()
    for game in range(24):
        players = 2 + game % 3
        options = GameOptions(ask_everyone=game % 2 == 0)
        g = Game.new([f"p{i}" for i in range(players)], f"whynot-{game}", options)
        bots = [make_bot("heuristic" if s % 2 else "random", (game, s)) for s in range(players)]
        while g.prompt is not None:
            p = g.prompt
            if p.kind in _ASKED:
                positions += 1
                reasons = why_not(g, p.seat)
                playable = {o.card for o in p.options if o.kind in _PLAYS and o.card is not None}
                asked = _cards_in_question(g, p.seat)
                assert not playable & reasons.keys(), (p.kind, playable & reasons.keys())
                assert asked == (playable & asked) | reasons.keys(), p.kind
                assert reasons.keys() <= asked
                reasons_seen += len(reasons)
                codes |= {r.code for r in reasons.values()}
                for cid, r in reasons.items():  # each has its words, in both languages
                    for lang in ("zh", "en"):
                        assert why_not_words(r, g.defs[cid].id, lang)
                for other in range(players):  # nobody else is told anything
                    if other != p.seat:
                        assert why_not(g, other) == {}
            g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    assert positions >= 500 and reasons_seen >= 500, (positions, reasons_seen)
    # the search met the common reasons (it is not a test of nothing)
    assert {"action_phase", "placement_phase", "worship_only", "trigger", "own_turn_only"} <= codes


def _reason(g: Game, seat: int, card: str) -> Reason:
    reasons = why_not(g, seat)
    for cid, r in reasons.items():
        if g.defs[cid].id == card:
            return r
    raise AssertionError(f"{card} has no reason: {reasons}")


def _words(g: Game, seat: int, card: str) -> tuple[str, str]:
    r = _reason(g, seat, card)
    return why_not_words(r, card, "en"), why_not_words(r, card, "zh")


def test_no_untapped_offering_to_target() -> None:
    g = position(hands={0: ["shunshou", "quxie"], 1: ["qingcha"]}, fields={1: ["zhiqian/tapped"]})
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION  # (quxie can be set)
    assert _words(g, 0, "shunshou") == (
        "no untapped offering to target",
        "对手场上没有未横置的供品可以作为对象",
    )
    # an untapped one: it can be played
    g = position(hands={0: ["shunshou", "quxie"], 1: ["qingcha"]}, fields={1: ["qingtuan"]})
    assert "shunshou" not in {g.defs[c].id for c in why_not(g, 0)}


def test_a_counter_from_hand_needs_two_other_cards_to_discard() -> None:
    g = position(
        hands={0: ["qingtuan", "chaitai", "juhua"], 1: ["qingcha"]},
        fields={1: ["yehuo/down"]},
        phase=Phase.PLACE,
        options=GameOptions(ask_everyone=True),
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    flip(g, 1, "yehuo")  # Wildfire answers the placement: Spoil the Show could answer it
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.RESPOND
    assert _words(g, 0, "chaitai") == (
        "needs 2 other cards in hand to discard",
        "需要另外 2 张手牌来舍弃",
    )


def test_five_slots_full() -> None:
    g = position(
        hands={0: ["yehuo", "qingtuan"], 1: ["qingcha"]},
        fields={0: ["shizu", "qingjiu", "juhua", "xianguo", "qingcha"]},
        stacks={0: ["zhiqian"]},
    )
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION  # (the stacking)
    assert _words(g, 0, "yehuo") == ("your 5 slots are full", "你的 5 个位置都满了")


def test_a_trap_set_this_turn_cannot_answer_yet() -> None:
    g = position(
        hands={0: ["yehuo", "jie_dongfeng"], 1: ["qingcha"]},
        fields={1: ["gui_daqiang/down"]},
        options=GameOptions(ask_everyone=True),
    )
    g.choose(0, f"set:{in_hand(g, 0, 'yehuo')}")
    play(g, 0, "jie_dongfeng")
    flip(g, 1, "gui_daqiang")
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.RESPOND
    assert _words(g, 0, "yehuo")[0] == "a card set this turn can be flipped from the next turn on"
