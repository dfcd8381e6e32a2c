"""Every card of the card data (qm_rules/data/cards.toml) does what it says: offerings (R8–R10),
actions, traps, counters, and each ancestor's worship condition (R20), standing effect and
manifestation (cost: 1 stacked offering; the last one breaks the ritual after the chain, R14).

Positions are arranged at the start (setup only); everything then happens through
``game.choose``. Seat 0 often holds a spare trap ("pad") so that its action phase stays open
after a chain (an action phase with nothing to do ends by itself).
"""

from __future__ import annotations

import pytest
from helpers import (
    PAD,
    discard_defs,
    event_kinds,
    field_defs,
    flip,
    hand_defs,
    in_hand,
    on_field,
    option_for,
    pass_responses,
    play,
    position,
    resolved_links,
    stacked_defs,
)

from qm_rules import GameOptions, Phase, PromptKind


def manifest(g, seat: int, ancestor: str) -> list:
    """Activate ``seat``'s manifestation, paying its cost (the first stacked offering offered
    if there is a choice). Returns the events, up to the next non-cost prompt."""
    ev = g.choose(seat, f"manifest:{on_field(g, seat, ancestor)}")
    if g.prompt is not None and g.prompt.kind is PromptKind.COST:
        ev += g.choose(seat, g.prompt.ids[0])
    return ev


def pick(g, seat: int, card: str) -> list:
    """Pick the option whose card is a ``card`` in an EFFECT prompt."""
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == seat
    for o in g.prompt.options:
        if o.card is not None and g.defs[o.card].id == card:
            return g.choose(seat, o.id)
    raise AssertionError(f"no pick for {card}: {g.prompt.options}")


# ───────────────────────────── offerings ─────────────────────────────


def test_burning_offering_taps_at_next_turn_and_counts_for_draw() -> None:
    # R8/R9: a Burning offering placed before this turn becomes tapped as the draw phase
    # begins; tapped offerings still count for the draw (1 + 2 offerings = 3).
    g = position(2, turn=0, phase=Phase.DRAW, fields={0: ["zhiqian", "qingtuan"]}, hands={0: [PAD]})
    v = g.view(1)
    slots = {s.card.card: s.card.tapped for s in v.seats[0].slots if s.card}
    assert slots == {"zhiqian": True, "qingtuan": False}
    assert v.seats[0].hand_count == 1 + 3


def test_burning_offering_placed_this_turn_is_not_tapped() -> None:
    # R8: placed this turn → not tapped yet.
    g = position(2, turn=0, phase=Phase.PLACE, hands={0: ["xiangzhu", PAD]})
    g.choose(0, f"place:{in_hand(g, 0, 'xiangzhu')}")
    pass_responses(g)
    slot = g.view(1).seats[0].slots[0]
    assert slot.card.card == "xiangzhu" and not slot.card.tapped


def test_placement_only_once_per_turn() -> None:
    # R10: at most one offering placed in the placement phase.
    g = position(2, turn=0, phase=Phase.PLACE, hands={0: ["qingtuan", "juhua", PAD]})
    assert option_for(g, "place", "juhua") is not None
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.kind is PromptKind.ACTION
    assert field_defs(g, 0) == ["qingtuan"]


# ───────────────────────────── actions ─────────────────────────────


def test_shunshou_takes_an_offering_onto_your_field() -> None:
    # R19, R6 · 顺手牵羊: an untapped offering of the opponent's goes onto your field.
    g = position(2, turn=0, hands={0: ["shunshou", PAD]}, fields={1: ["qingtuan", "juhua"]})
    play(g, 0, "shunshou")
    assert g.prompt.kind is PromptKind.TARGET
    g.choose(0, f"target:c{on_field(g, 1, 'juhua', viewer=0)}")
    pass_responses(g)
    assert field_defs(g, 1, viewer=0) == ["qingtuan"]
    assert field_defs(g, 0) == ["shunshou", "juhua"]


def test_shunshou_into_hand_when_field_full() -> None:
    # 顺手牵羊 + R6: a full field sends the card to hand instead.
    g = position(
        2,
        turn=0,
        hands={0: ["shunshou", PAD]},
        fields={0: ["qingcha", "qingjiu", "xianguo", "juhua"], 1: ["qingtuan"]},
    )
    ev = play(g, 0, "shunshou")  # the only target: taken without asking; fills slot 5
    pass_responses(g)
    assert any(e.kind == "take" and e.data["to"] == "hand" for e in ev)
    assert "qingtuan" in hand_defs(g, 0)
    assert g.view(0).seats[1].slots[0].card is None


def test_shunshou_cannot_target_a_tapped_offering() -> None:
    # 顺手牵羊 + R8: "untapped" — with only a tapped offering there is nothing to target.
    g = position(2, turn=0, hands={0: ["shunshou", PAD]}, fields={1: ["zhiqian/tapped"]})
    assert option_for(g, "play", "shunshou") is None


def test_saomu_draws_two_then_discards_one() -> None:
    # R19 · 扫墓: draw 2; then discard 1 card.
    g = position(2, turn=0, hands={0: ["saomu", PAD]}, deck_top=["juhua", "qingcha"])
    play(g, 0, "saomu")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "discard"
    pick(g, 0, "juhua")
    assert hand_defs(g, 0) == sorted(["qingcha", PAD])
    assert discard_defs(g) == ["juhua"]


def test_jie_dongfeng_looks_and_takes_one_card() -> None:
    # 借东风: look at the target's hand (only the activator sees it, R5) and take 1 card.
    g = position(2, turn=0, hands={0: ["jie_dongfeng", PAD], 1: ["qingtuan", "saomu"]})
    ev = play(g, 0, "jie_dongfeng")  # the only opponent: targeted without asking
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == 0
    look = [e for e in ev if e.kind == "look"]
    assert len(look) == 1 and look[0].visible_to(0) and not look[0].visible_to(1)
    assert sorted(look[0].data["defs"]) == ["qingtuan", "saomu"]
    ev = pick(g, 0, "saomu")
    public = [e for e in ev if e.kind == "take" and e.to is None]
    assert public and public[0].data["card"] is None  # the public event does not name it
    assert hand_defs(g, 1) == ["qingtuan"]
    assert "saomu" in hand_defs(g, 0)


def test_shao_baofu_searches_an_offering_then_may_put_one_without_activation() -> None:
    # R19, R15 · 烧包袱: search 1 offering (one option a name), then put 1 offering from hand
    # onto your
    # field as part of the effect — not an activation, so 野火 cannot answer it.
    g = position(
        2,
        turn=0,
        hands={0: ["shao_baofu", PAD]},
        fields={1: ["yehuo/down"]},
        deck_top=["qingtuan", "qingtuan", "juhua", "saomu"],
    )
    play(g, 0, "shao_baofu")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "search"
    names = [g.defs[o.card].id for o in g.prompt.options]
    assert len(names) == len(set(names)) and "qingtuan" in names and "saomu" not in names
    pick(g, 0, "qingtuan")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "put_offering"
    assert "none" in g.prompt.ids
    ev = pick(g, 0, "qingtuan")
    assert g.prompt.kind is PromptKind.ACTION and g.prompt.seat == 0  # seat 1 never asked
    assert "put" in event_kinds(ev)
    assert field_defs(g, 0) == ["shao_baofu", "qingtuan"]


def test_shao_baofu_put_is_optional() -> None:
    # R19 · 烧包袱: "you may" — declining leaves the offering in hand.
    g = position(2, turn=0, hands={0: ["shao_baofu", PAD]}, deck_top=["qingtuan", "juhua"])
    play(g, 0, "shao_baofu")
    pick(g, 0, "juhua")
    g.choose(0, "none")
    assert hand_defs(g, 0) == sorted(["juhua", PAD])
    assert field_defs(g, 0) == ["shao_baofu"]


def test_qingming_yu_discards_every_face_down_card_of_the_target() -> None:
    # R19 · 清明雨: every face-down card on the target's field goes to the discard pile;
    # face-up stay.
    g = position(
        2,
        turn=0,
        hands={0: ["qingming_yu", PAD]},
        fields={1: ["gui_daqiang/down/new", "quxie/down/new", "qingtuan"]},
    )
    play(g, 0, "qingming_yu")
    pass_responses(g)
    assert sorted(discard_defs(g)) == ["gui_daqiang", "quxie"]
    assert field_defs(g, 1, viewer=0) == ["qingtuan"]


def test_jingrao_removes_one_stacked_offering() -> None:
    # R19 · 惊扰: 1 offering stacked under the target ancestor goes to the discard pile.
    g = position(
        2,
        turn=0,
        hands={0: ["jingrao", PAD]},
        fields={1: ["zufu"]},
        stacks={1: ["qingtuan", "juhua"]},
    )
    play(g, 0, "jingrao")
    pass_responses(g)
    if g.prompt.kind is PromptKind.EFFECT:  # which one: the activator picks
        pick(g, 0, "juhua")
    assert stacked_defs(g, 1) == ["qingtuan"]
    assert "juhua" in discard_defs(g)
    assert field_defs(g, 1, viewer=0) == ["zufu"]


def test_jingrao_last_offering_breaks_the_ritual_after_the_chain() -> None:
    # 惊扰 + R14: removing the last stacked offering breaks the ritual once the chain resolved.
    g = position(
        2, turn=0, hands={0: ["jingrao", PAD]}, fields={1: ["zufu"]}, stacks={1: ["qingtuan"]}
    )
    ev = play(g, 0, "jingrao")
    ev += pass_responses(g)
    kinds = event_kinds(ev)
    assert kinds.index("ritual_broken") > kinds.index("resolved")
    assert field_defs(g, 1, viewer=0) == []
    assert {"zufu", "qingtuan"} <= set(discard_defs(g))


# ───────────────────────────── traps ─────────────────────────────


def test_wenming_prohibits_burning_for_everyone_this_turn() -> None:
    # R21 · 文明祭祀倡导: all players cannot search or use Burning cards this turn.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "shao_baofu", PAD]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["juhua"],
    )
    play(g, 0, "saomu")
    flip(g, 1, "wenming_changdao")
    pick(g, 0, "juhua")
    v = g.view(1)
    assert [(p.tag, set(p.actions)) for p in v.prohibitions] == [("burning", {"search", "use"})]
    assert option_for(g, "play", "shao_baofu") is None


def test_gui_daqiang_negates_an_action() -> None:
    # 鬼打墙: the opponent's action is negated; its card stays face-up until the end phase (R7).
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", PAD]},
        fields={1: ["gui_daqiang/down"]},
        deck_top=["juhua", "qingcha"],
    )
    play(g, 0, "saomu")
    ev = flip(g, 1, "gui_daqiang")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert hand_defs(g, 0) == [PAD]  # nothing drawn
    assert field_defs(g, 0) == ["saomu"]


def test_gui_daqiang_only_answers_opponents_actions() -> None:
    # R17 · 鬼打墙's trigger: an opponent's action — not a placement.
    g = position(
        2, turn=0, phase=Phase.PLACE, hands={0: ["qingtuan", PAD]}, fields={1: ["gui_daqiang/down"]}
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION


def _worship_position(ancestor: str, trap: str = "zhiren_tishen", hand: tuple[str, ...] = (), **kw):
    return position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: [ancestor, *hand]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"], 1: [f"{trap}/down"]},
        deck_top=["qingcha"],
        **kw,
    )


def test_zhiren_tishen_returns_the_ancestor_and_offerings_stay() -> None:
    # R12, R19 · 纸人替身: worship negated, the ancestor returns to hand, the offerings stay on
    # the field.
    g = _worship_position("zufu")
    g.choose(0, f"declare:{in_hand(g, 0, 'zufu')}")
    ev = flip(g, 1, "zhiren_tishen")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert "return" in event_kinds(ev)
    assert "zufu" in hand_defs(g, 0)
    assert sorted(field_defs(g, 0)) == sorted(["qingtuan", "juhua", "qingjiu", "xianguo"])
    assert stacked_defs(g, 0) == []


def test_zhiren_tishen_cannot_stop_zumu() -> None:
    # R19 · 祖母 standing: unaffected by traps — 纸人替身 cannot stop its worship.
    g = _worship_position("zumu")
    g.choose(0, f"declare:{in_hand(g, 0, 'zumu')}")
    ev = flip(g, 1, "zhiren_tishen")
    assert resolved_links(ev) == [(1, False), (0, False)]
    assert field_defs(g, 0) == ["zumu"]
    assert len(stacked_defs(g, 0)) == 4


def test_zhiren_tishen_fails_entirely_against_waigong() -> None:
    # 外公 standing: cannot be returned to hand — 纸人替身's one section (negate, return) cannot
    # be carried out, so none of it is (R19): the worship resolves.
    g = _worship_position("waigong")
    g.choose(0, f"declare:{in_hand(g, 0, 'waigong')}")
    ev = flip(g, 1, "zhiren_tishen")
    assert resolved_links(ev) == [(1, False), (0, False)]
    assert any(e.kind == "section" and e.data["link"] == 1 and not e.data["ok"] for e in ev)
    assert field_defs(g, 0) == ["waigong"]
    assert "waigong" not in hand_defs(g, 0)


def test_yehuo_negates_a_placement_offering_to_discard() -> None:
    # 野火: the placement is negated; the offering goes to the discard pile (R10).
    g = position(
        2, turn=0, phase=Phase.PLACE, hands={0: ["qingtuan", PAD]}, fields={1: ["yehuo/down"]}
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    ev = flip(g, 1, "yehuo")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert field_defs(g, 0) == []
    assert "qingtuan" in discard_defs(g)


def test_zhuozei_negates_a_take_then_draws() -> None:
    # R19 · 捉贼: an opponent's effect that takes a card of yours is negated; then you draw 1.
    g = position(
        2,
        turn=0,
        hands={0: ["shunshou", PAD]},
        fields={1: ["qingtuan", "zhuozei/down"]},
        deck_top=["juhua"],
    )
    play(g, 0, "shunshou")
    before = g.view(1).seats[1].hand_count
    ev = flip(g, 1, "zhuozei")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert g.view(1).seats[1].hand_count == before + 1
    assert field_defs(g, 1, viewer=0) == ["qingtuan", "zhuozei"]


def test_zhuozei_answers_jie_dongfeng_on_you() -> None:
    # R17 · 捉贼: taking from your hand counts too.
    g = position(
        2,
        turn=0,
        hands={0: ["jie_dongfeng", PAD], 1: ["qingtuan", "juhua"]},
        fields={1: ["zhuozei/down"]},
    )
    play(g, 0, "jie_dongfeng")
    ev = flip(g, 1, "zhuozei")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert len(hand_defs(g, 1)) == 3


def test_zhuozei_ignores_a_take_from_someone_else() -> None:
    # R17 · 捉贼's trigger: only an effect that takes a card of YOURS.
    g = position(
        3, turn=0, hands={0: ["shunshou", PAD]}, fields={1: ["qingtuan"], 2: ["zhuozei/down"]}
    )
    play(g, 0, "shunshou")
    assert g.prompt.seat == 0  # seat 2 not asked; resolved
    assert field_defs(g, 0) == ["shunshou", "qingtuan"]


# ───────────────────────────── counters ─────────────────────────────


def test_quxie_negates_a_trap() -> None:
    # R16, R18 · 驱邪: a trap is negated (here set face-down and flipped on another's turn).
    g = position(
        2,
        turn=1,
        phase=Phase.PLACE,
        hands={1: ["qingtuan", PAD]},
        fields={0: ["yehuo/down", "quxie/down"]},
    )
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    flip(g, 0, "yehuo")
    # Seat 1 holds no answer, so the chain resolved: 野火 negated the placement.
    assert "qingtuan" in discard_defs(g)
    # Now seat 1 answers seat 0's trap with its own 驱邪.
    g = position(
        2,
        turn=1,
        phase=Phase.PLACE,
        hands={1: ["qingtuan", PAD]},
        fields={0: ["yehuo/down"], 1: ["quxie/down"]},
    )
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    flip(g, 0, "yehuo")
    assert g.prompt.seat == 1
    ev = flip(g, 1, "quxie")
    assert resolved_links(ev) == [(2, False), (1, True), (0, False)]
    assert field_defs(g, 1) == ["quxie", "qingtuan"]


def test_zhenhun_negates_a_manifestation_whose_cost_stays_paid() -> None:
    # 镇魂: a manifestation is negated; its cost (the stacked offering) stays removed (R15),
    # and as it was the last, the ritual breaks after the chain (R14).
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "zhenhun", PAD]},
        fields={1: ["zumu"]},
        stacks={1: ["qingtuan"]},
        deck_top=["juhua", "qingcha"],
    )
    play(g, 0, "saomu")
    before = g.view(0).seats[1].hand_count
    g.choose(1, f"manifest:{on_field(g, 1, 'zumu', viewer=1)}")
    assert g.prompt.seat == 0
    ev = g.choose(0, option_for(g, "counter", "zhenhun"))
    assert resolved_links(ev) == [(2, False), (1, True)]
    assert g.view(0).seats[1].hand_count == before  # no draw 2
    pick(g, 0, "juhua")
    assert "qingtuan" in discard_defs(g) and "zumu" in discard_defs(g)


def test_chaitai_negates_any_activation() -> None:
    # R15, R17 · 拆台: cost discard 2; negates any activation (here a placement).
    g = position(
        2,
        turn=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", PAD], 1: ["juhua", "qingcha", "xianguo"]},
        fields={1: ["chaitai/down"]},
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    flip(g, 1, "chaitai")
    assert g.prompt.kind is PromptKind.COST and g.prompt.seat == 1
    g.choose(1, g.prompt.ids[0])
    ev = g.choose(1, g.prompt.ids[0])
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert g.view(0).seats[1].hand_count == 1
    assert "qingtuan" in discard_defs(g)


def test_hushenfu_taps_the_targeted_card_and_the_take_fails() -> None:
    # 护身符: the targeted card becomes tapped, so 顺手牵羊 cannot take it (R8, R19).
    g = position(2, turn=0, hands={0: ["shunshou", PAD]}, fields={1: ["qingtuan", "hushenfu/down"]})
    play(g, 0, "shunshou")
    ev = flip(g, 1, "hushenfu")
    assert resolved_links(ev) == [(1, False), (0, False)]
    assert any(e.kind == "section" and e.data["link"] == 0 and not e.data["ok"] for e in ev)
    slot = g.view(0).seats[1].slots[0]
    assert slot.card.card == "qingtuan" and slot.card.tapped
    assert field_defs(g, 0) == ["shunshou"]


def test_hushenfu_taps_an_ancestor_against_jingrao() -> None:
    # 护身符 on 惊扰: the ancestor becomes tapped and its stack is untouched.
    g = position(
        2,
        turn=0,
        hands={0: ["jingrao", PAD]},
        fields={1: ["zufu", "hushenfu/down"]},
        stacks={1: ["qingtuan"]},
    )
    play(g, 0, "jingrao")
    flip(g, 1, "hushenfu")
    assert stacked_defs(g, 1) == ["qingtuan"]
    assert g.view(0).seats[1].slots[0].card.tapped


# ───────────────────────────── ancestors: worship conditions (R20) ─────────────────────────────


def _declare(g) -> list:
    anc = next(o for o in g.prompt.options if o.kind == "declare")
    ev = g.choose(0, anc.id)
    return ev + pass_responses(g)


@pytest.mark.parametrize(
    ("ancestor", "hand", "wins"),
    [
        ("taigong", ["zhiqian", "saomu"], True),  # ≥ 1 Burning card in hand
        ("taigong", ["shao_baofu"], True),  # a Burning action counts too
        ("taigong", ["juhua", "saomu"], False),
        ("taipo", ["saomu", "gui_daqiang", "quxie"], True),  # an action, a trap and a counter
        ("taipo", ["saomu", "gui_daqiang", "juhua"], False),
        ("zufu", ["juhua"] * 2 + ["saomu"] * 2 + ["quxie"] * 3, True),  # 7 + worship draw = 8
        ("zufu", ["juhua"] * 2 + ["saomu"] * 2 + ["quxie"] * 2, False),
        ("zumu", ["juhua", "qingtuan", "zhiqian"], True),  # ≥ 3 offerings in hand
        ("zumu", ["juhua", "qingtuan", "saomu"], False),
        ("waigong", ["gui_daqiang", "yehuo"], True),  # ≥ 2 traps in hand
        ("waigong", ["gui_daqiang", "quxie", "saomu"], False),  # a counter is not a trap
    ],
)
def test_hand_conditions_win_after_the_worship_draw(
    ancestor: str, hand: list[str], wins: bool
) -> None:
    # R20 + each ancestor's worship condition: checked right after the worship draw (清茶, an
    # offering that completes none of these conditions).
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: [ancestor, *hand], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        deck_top=["saomu" if ancestor == "zumu" else "qingcha"],
    )
    ev = _declare(g)
    assert "worship" in event_kinds(ev)
    if wins:
        assert g.result is not None and g.result.winner == 0 and g.result.ancestor == ancestor
        assert g.result.reason == "worship"
    else:  # the turn passed: seat 1 is asked to place its offering
        assert g.result is None
        assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE


def test_shizu_wins_with_five_stacked() -> None:
    # R20 · 始祖: ≥ 5 offerings stacked; worship with 5 offerings on the field wins at once.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["shizu"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo", "qingcha"]},
    )
    _declare(g)
    assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "shizu"


def test_shizu_four_stacked_then_ability_stacks_the_fifth_and_wins() -> None:
    # 始祖: 4 stacked is not enough; its once-per-action-phase ability stacks a 5th (an
    # activation), and the check after the chain finds the condition met (R20).
    g = position(
        2,
        turn=0,
        fields={0: ["shizu"]},
        stacks={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        hands={0: ["qingcha", "zhiqian", PAD]},
    )
    assert g.result is None
    ab = option_for(g, "ability", "qingcha")
    assert ab is not None
    g.choose(0, ab)
    pass_responses(g)
    assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "shizu"


def test_shizu_stacks_right_after_worship_and_wins_the_same_turn() -> None:
    # R12, R20 · 始祖: its stacking may be used in the worship phase too, right after the worship
    # resolved: four stacked, a fifth from the hand, and the check after that chain wins.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["shizu", "qingcha"], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        deck_top=["saomu"],
    )
    _declare(g)
    assert g.result is None and len(stacked_defs(g, 0)) == 4
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.WORSHIP
    assert [o.kind for o in g.prompt.options] == ["ability", "decline"]
    g.choose(0, option_for(g, "ability", "qingcha"))
    pass_responses(g)
    assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "shizu"


def test_shizu_declining_the_stacking_after_worship_ends_the_turn() -> None:
    # R12: declining goes on to the end phase; the next player places.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["shizu", "qingcha"], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        deck_top=["saomu"],
    )
    _declare(g)
    g.choose(0, "decline")
    assert g.result is None and len(stacked_defs(g, 0)) == 4
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE


def test_other_ancestors_go_on_to_the_end_phase_after_worship() -> None:
    # R12: only 始祖's stacking keeps a worship phase open after the worship.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["zumu", "qingcha"], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        deck_top=["saomu"],
    )
    _declare(g)
    assert g.result is None and field_defs(g, 0, viewer=1) == ["zumu"]
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE


def test_shizu_stacking_used_in_the_action_phase_is_not_offered_again_after_worship() -> None:
    # 始祖: once in each turn — used in the action phase, nothing is offered in the worship phase.
    g = position(
        2,
        turn=0,
        fields={0: ["shizu"]},
        stacks={0: ["qingtuan"]},
        hands={0: ["juhua", "qingcha", PAD], 1: ["qingtuan"]},
    )
    g.choose(0, option_for(g, "ability", "juhua"))
    pass_responses(g)
    g.choose(0, "end")
    assert g.result is None and stacked_defs(g, 0) == ["juhua", "qingtuan"]
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE


# ───────────────────────────── ancestors: standing effects ─────────────────────────────


def test_taigong_guards_the_hand_against_jie_dongfeng() -> None:
    # R19 · 太公: opponents' effects cannot take cards from your hand — 借东风 against its owner
    # fails.
    g = position(
        2,
        turn=0,
        hands={0: ["jie_dongfeng", PAD], 1: ["qingtuan", "saomu"]},
        fields={1: ["taigong"]},
        stacks={1: ["juhua"]},
    )
    play(g, 0, "jie_dongfeng")
    ev = pass_responses(g)  # 太公's owner may manifest: pass
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    assert any(e.kind == "section" and e.data["link"] == 0 and not e.data["ok"] for e in ev)
    assert sorted(hand_defs(g, 1)) == ["qingtuan", "saomu"]
    assert hand_defs(g, 0) == [PAD]


def test_taipo_guards_face_down_cards_against_qingming_yu() -> None:
    # R19 · 太婆: opponents' effects cannot send your face-down cards to the discard pile.
    g = position(
        2,
        turn=0,
        hands={0: ["qingming_yu", PAD]},
        fields={1: ["taipo", "quxie/down/new", "yehuo/down/new"]},
        stacks={1: ["juhua"]},
    )
    play(g, 0, "qingming_yu")
    pass_responses(g)
    assert discard_defs(g) == []
    assert [s.face_down for s in g.view(0).seats[1].slots[:3]] == [False, True, True]


def test_zufu_draws_one_more_in_the_draw_phase() -> None:
    # R9 · 祖父: 1 + X (no offerings on the field: stacked ones do not count) + 1.
    g = position(
        2,
        turn=0,
        phase=Phase.DRAW,
        fields={0: ["zufu"]},
        stacks={0: ["qingtuan"]},
        hands={0: [PAD]},
    )
    assert g.view(1).seats[0].hand_count == 1 + 2


def test_shizu_ability_once_per_turn() -> None:
    # R11 · 始祖: once in each of your turns.
    g = position(
        2,
        turn=0,
        fields={0: ["shizu"]},
        stacks={0: ["qingtuan"]},
        hands={0: ["juhua", "qingcha", PAD]},
    )
    g.choose(0, option_for(g, "ability", "juhua"))
    pass_responses(g)
    assert stacked_defs(g, 0) == ["juhua", "qingtuan"]
    assert g.prompt.kind is PromptKind.ACTION
    assert option_for(g, "ability") is None


def test_shizu_ability_is_an_activation_negated_offering_discarded() -> None:
    # R15, R11 · 始祖's stacking is an activation: 拆台 may negate it; the offering goes to the
    # discard pile.
    g = position(
        2,
        turn=0,
        fields={0: ["shizu"], 1: ["chaitai/down"]},
        stacks={0: ["qingtuan"]},
        hands={0: ["juhua", PAD], 1: ["xianguo", "xianguo"]},
    )
    g.choose(0, option_for(g, "ability", "juhua"))
    assert g.prompt.seat == 1
    ev = flip(g, 1, "chaitai")
    ev += pass_responses(g)  # seat 0 could answer the counter with 始祖's manifestation
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert stacked_defs(g, 0) == ["qingtuan"]
    assert "juhua" in discard_defs(g)


# ───────────────────────────── ancestors: manifestations ─────────────────────────────


def test_taigong_manifestation_negates_an_action_last_offering_breaks_after_chain() -> None:
    # 太公 manifestation: an opponent's action is negated; cost: 1 stacked offering; it was the
    # last, so the ritual breaks — after the chain (R14): still on the field while asking goes on.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD]},
        fields={0: ["taigong"]},
        stacks={0: ["qingtuan"]},
        options=GameOptions(ask_everyone=True),
    )
    play(g, 1, "saomu")
    g.choose(0, f"manifest:{on_field(g, 0, 'taigong')}")
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND  # ask_everyone: seat 1 asked
    v = g.view(1)
    assert field_defs(g, 0, viewer=1) == ["taigong"] and v.seats[0].stacked == ()
    ev = g.choose(1, "pass")
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert "ritual_broken" in event_kinds(ev)
    assert field_defs(g, 0, viewer=1) == []
    assert {"taigong", "qingtuan"} <= set(discard_defs(g))


def test_manifestation_with_offerings_left_keeps_the_ritual() -> None:
    # R14: not the last offering → the ancestor stays.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD]},
        fields={0: ["taigong"]},
        stacks={0: ["qingtuan", "juhua"]},
    )
    play(g, 1, "saomu")
    manifest(g, 0, "taigong")
    assert field_defs(g, 0, viewer=1) == ["taigong"]
    assert len(stacked_defs(g, 0)) == 1


def test_taipo_manifestation_negates_a_trap() -> None:
    # R16, R17 · 太婆 manifestation: a trap is negated.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", PAD]},
        fields={0: ["taipo"], 1: ["gui_daqiang/down"]},
        stacks={0: ["qingtuan", "juhua"]},
        deck_top=["qingcha", "xianguo"],
    )
    play(g, 0, "saomu")
    flip(g, 1, "gui_daqiang")
    manifest(g, 0, "taipo")
    pass_responses(g)
    # 鬼打墙 negated → 扫墓 resolves: discard prompt.
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "discard"


def test_zufu_manifestation_opponent_discards_at_random() -> None:
    # R16, R17 · 祖父 manifestation: any activation by an opponent → that opponent discards 1
    # random card.
    g = position(
        2,
        turn=1,
        phase=Phase.PLACE,
        hands={1: ["qingtuan", "saomu"]},
        fields={0: ["zufu"]},
        stacks={0: ["juhua", "qingjiu"]},
    )
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    ev = manifest(g, 0, "zufu")
    ev += pass_responses(g)
    rnd = [e for e in ev if e.kind == "discard" and e.data.get("random")]
    assert len(rnd) == 1 and rnd[0].seat == 1 and rnd[0].data["def"] == "saomu"
    assert "saomu" in discard_defs(g)


def test_zumu_manifestation_draws_two() -> None:
    # R16, R17 · 祖母 manifestation: any activation → draw 2.
    g = position(
        2,
        turn=1,
        phase=Phase.PLACE,
        hands={1: ["qingtuan", PAD]},
        fields={0: ["zumu"]},
        stacks={0: ["juhua", "qingjiu"]},
    )
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    before = g.view(1).seats[0].hand_count
    manifest(g, 0, "zumu")
    pass_responses(g)
    assert g.view(1).seats[0].hand_count == before + 2
    assert len(stacked_defs(g, 0)) == 1


def test_shizu_manifestation_negates_a_counter() -> None:
    # R16, R17 · 始祖 manifestation: a counter is negated.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["xianguo", "xianguo"]},
        fields={0: ["shizu"], 1: ["chaitai/down"]},
        stacks={0: ["qingtuan", "juhua"]},
    )
    play(g, 0, "saomu")
    flip(g, 1, "chaitai")
    assert g.prompt.seat == 0
    manifest(g, 0, "shizu")
    pass_responses(g)
    assert (
        g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "discard"
    )  # 扫墓 resolved


def test_waigong_manifestation_negates_an_effect_targeting_its_card() -> None:
    # R16, R17 · 外公 manifestation: an opponent's effect targets a card of yours → negate it.
    g = position(
        2,
        turn=1,
        hands={1: ["jingrao", PAD]},
        fields={0: ["waigong"]},
        stacks={0: ["qingtuan", "juhua"]},
    )
    play(g, 1, "jingrao")
    assert g.prompt.seat == 0
    ev = manifest(g, 0, "waigong")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert len(stacked_defs(g, 0)) == 1  # only the manifestation's cost left


def test_waigong_manifestation_not_offered_for_untargeted_effects() -> None:
    # R17 · 外公's trigger: targeting a CARD of yours; 借东风 targets a player.
    g = position(
        2,
        turn=1,
        hands={1: ["jie_dongfeng", PAD], 0: ["juhua"]},
        fields={0: ["waigong"]},
        stacks={0: ["qingtuan"]},
    )
    play(g, 1, "jie_dongfeng")
    assert g.prompt.seat == 1


def test_chaitai_negates_worship_ancestor_to_discard_offerings_stay() -> None:
    # 拆台 on a worship (R12): the ancestor goes to the discard pile (the default), the
    # offerings stay on the field, and the turn goes on to the end phase.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["zufu"], 1: ["juhua", "qingcha", "qingjiu"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"], 1: ["chaitai/down"]},
    )
    g.choose(0, f"declare:{in_hand(g, 0, 'zufu')}")
    flip(g, 1, "chaitai")
    ev = g.choose(1, g.prompt.ids[0])
    ev += g.choose(1, g.prompt.ids[0])
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert "zufu" in discard_defs(g)
    assert sorted(field_defs(g, 0, viewer=1)) == sorted(["qingtuan", "juhua", "qingjiu", "xianguo"])
    assert g.view(0).turn_seat == 1


def test_tapped_ancestors_manifestation_cannot_be_negated() -> None:
    # R8 (interpretation 5): a tapped card is unaffected by other players' effects — negating a
    # tapped ancestor's manifestation does nothing; it resolves (祖母 draws 2).
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "zhenhun", PAD]},
        fields={1: ["zumu/tapped"]},
        stacks={1: ["qingtuan", "juhua"]},
        deck_top=["qingcha", "xianguo", "qingjiu", "xiangzhu"],
    )
    play(g, 0, "saomu")
    ev = manifest(g, 1, "zumu")
    ev += g.choose(0, option_for(g, "counter", "zhenhun"))
    ev += pass_responses(g)  # 祖母 could manifest again (any activation): pass
    sections = [(e.data["link"], e.data["ok"]) for e in ev if e.kind == "section"]
    assert (2, False) in sections and (1, True) in sections
    assert resolved_links(ev)[:2] == [(2, False), (1, False)]
    assert g.view(0).seats[1].hand_count == 2


def test_search_on_an_empty_deck_reshuffles_the_discard_pile() -> None:
    # 祭祀准备 ① with R4: the search needs the deck; it is empty, so the discard pile becomes it.
    g = position(2, turn=0, hands={0: ["jisi_zhunbei", "qingtuan", PAD]}, empty_deck=True)
    assert g.view(0).deck_count == 0
    play(g, 0, "jisi_zhunbei")
    g.choose(0, "mode:0")
    ev = g.choose(0, f"pay:{in_hand(g, 0, 'qingtuan')}")
    assert "reshuffle" in event_kinds(ev)
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "search"
    assert g.view(0).discard == ()
