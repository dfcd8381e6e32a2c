"""Rulings R6–R8: five slots, leaving the field at the end phase, Burning offerings and tapped
cards."""

from __future__ import annotations

from helpers import Card, arrange, hand_in_view, new_game, option_for, slots_in_view

from qm_rules import Game, GameOptions, Phase, PromptKind

# ───────────────────────────── R6 slots ─────────────────────────────


def test_every_seat_has_five_slots() -> None:
    # R6
    for n in (2, 6):
        g = new_game(n, seed=1)
        for viewer in (None, 0):
            assert all(
                [sl.index for sl in s.slots] == [0, 1, 2, 3, 4] for s in g.view(viewer).seats
            )


def test_play_and_set_fill_the_lowest_free_slot_and_stop_at_five() -> None:
    # R6
    g = new_game(2, seed=2)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["gui_daqiang", "yehuo", "quxie", "saomu", "jie_dongfeng"], 1: ["juhua"]},
        fields={0: ["qingtuan", "juhua"], 1: []},
    )
    gui, yehuo, quxie, saomu, jdf = cards.hands[0]
    g.choose(0, f"set:{gui}")
    g.choose(0, f"set:{yehuo}")
    assert slots_in_view(g.view(0), 0) == ["qingtuan", "juhua", "gui_daqiang", "yehuo", None]
    assert slots_in_view(g.view(1), 0) == ["qingtuan", "juhua", "?", "?", None]
    # One slot left: every card may still go there.
    assert {f"set:{quxie}", f"play:{saomu}", f"play:{jdf}"} <= set(g.prompt.ids)
    g.choose(0, f"set:{quxie}")
    # Full field: seat 0 still holds 2 special cards, but none may be played or set, so its
    # action phase has nothing to offer and the turn passes on without asking it again.
    v = g.view(0)
    assert all(not sl.empty for sl in v.seats[0].slots)
    assert hand_in_view(v, 0) == ["saomu", "jie_dongfeng"]
    assert v.turn_seat == 1
    assert g.prompt is not None and g.prompt.seat == 1


def test_full_field_offers_no_placement_play_or_set() -> None:
    # R6: at the start of the turn with 5 cards out, the player goes straight to worship
    g = new_game(2, seed=3, ancestors=["shizu"])
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: ["shizu", "xianguo", "saomu", "quxie"], 1: ["yehuo"]},
        fields={
            0: ["qingtuan", "juhua", "qingjiu", "qingcha", Card("gui_daqiang", face_down=True)],
            1: [],
        },
    )
    g.choose(1, "end")
    assert g.view(0).turn_seat == 0
    p = g.prompt
    assert p is not None
    # Worship needs no free slot (R12), so that is the first decision of the turn.
    assert p.seat == 0 and p.kind is PromptKind.WORSHIP
    assert not [i for i in p.ids if i.startswith(("play:", "set:", "place:"))]


def test_shunshou_onto_a_full_field_puts_the_card_in_hand() -> None:
    # R6: 顺手牵羊 takes the slot it is played into; the taken offering finds the field full
    g = new_game(2, seed=4)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shunshou"], 1: ["gui_daqiang"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", Card("yehuo", face_down=True)], 1: ["xianguo"]},
    )
    target = cards.fields[1][0]
    events = g.choose(0, f"play:{cards.hands[0][0]}")  # one legal target: chosen for the player
    takes = [e for e in events if e.kind == "take"]
    assert len(takes) == 1 and takes[0].data["to"] == "hand" and takes[0].data["card"] == target
    v = g.view(0)
    assert target in [c.cid for c in v.seats[0].hand or ()]
    assert slots_in_view(v, 1) == [None] * 5
    # Seat 0 had nothing more to do, so its end phase ran: 顺手牵羊 has left (R7), the rest stays.
    assert v.turn_seat == 1
    assert slots_in_view(v, 0) == ["qingtuan", "juhua", "qingjiu", "yehuo", None]
    assert cards.hands[0][0] in [c.cid for c in v.discard]


def test_shunshou_with_a_free_slot_puts_the_card_on_the_field() -> None:
    # R6 (control): with room, the offering goes onto the taker's field
    g = new_game(2, seed=4)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shunshou", "yehuo"], 1: []},
        fields={0: ["qingtuan"], 1: ["xianguo"]},
    )
    target = cards.fields[1][0]
    g.choose(0, f"play:{cards.hands[0][0]}")
    v = g.view(1)
    assert slots_in_view(v, 0) == ["qingtuan", "shunshou", "xianguo", None, None]
    assert v.seats[0].slots[2].card is not None and v.seats[0].slots[2].card.cid == target
    assert slots_in_view(v, 1) == [None] * 5


# ───────────────────────────── R7 leaving the field ─────────────────────────────


def test_end_phase_face_up_specials_leave_the_rest_stays() -> None:
    # R7: resolved actions leave; offerings, face-down cards and the ancestor stay
    g = new_game(2, seed=5, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "qingtuan"], 1: ["juhua"]},
        fields={0: ["shizu", "qingjiu", Card("yehuo", face_down=True)], 1: []},
        stacks={0: ["qingcha"]},
    )
    saomu = cards.hands[0][0]
    g.choose(0, f"play:{saomu}")  # draw 2, then discard 1
    assert g.prompt is not None and g.prompt.kind is PromptKind.EFFECT
    g.choose(0, f"pick:{cards.hands[0][1]}")
    assert slots_in_view(g.view(0), 0)[3] == "saomu"  # still on the field until the end phase
    while g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION:
        g.choose(0, "end")
    v = g.view(0)
    assert v.turn_seat == 1
    assert slots_in_view(v, 0) == ["shizu", "qingjiu", "yehuo", None, None]
    assert [c.card for c in v.seats[0].stacked] == ["qingcha"]
    assert saomu in [c.cid for c in v.discard]


def test_negated_and_failed_specials_leave_at_their_owners_end_phase() -> None:
    # R7: negated or failed alike; a flipped trap leaves at its own owner's end phase
    g = new_game(2, seed=6)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "jisi_zhunbei", "qingtuan", "juhua", "zhuozei"], 1: ["qingjiu"]},
        fields={
            0: [],
            1: [Card("gui_daqiang", face_down=True), Card("wenming_changdao", face_down=True)],
        },
    )
    saomu, jisi, qingtuan, _juhua, _zhuozei = cards.hands[0]
    gui, wenming = cards.fields[1]
    g.choose(0, f"play:{saomu}")
    assert g.prompt is not None and g.prompt.seat == 1
    g.choose(1, f"flip:{gui}")  # 鬼打墙 negates 扫墓
    v = g.view(0)
    assert slots_in_view(v, 0)[0] == "saomu" and slots_in_view(v, 1)[0] == "gui_daqiang"
    # Now 祭祀准备 mode ①, answered by 文明: its search section fails (R19); the card itself
    # stays on the field until the end phase like any other.
    g.choose(0, f"play:{jisi}")
    g.choose(0, "mode:0")
    g.choose(0, f"pay:{qingtuan}")
    assert g.prompt is not None and g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND
    g.choose(1, f"flip:{wenming}")
    assert slots_in_view(g.view(1), 0)[:2] == ["saomu", "jisi_zhunbei"]
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    g.choose(0, "end")
    v = g.view(1)
    assert v.turn_seat == 1
    discard = [c.cid for c in v.discard]
    assert saomu in discard and jisi in discard
    # Seat 1's flipped traps are face-up specials of seat 1: they stay through seat 0's end phase.
    assert slots_in_view(v, 1)[:2] == ["gui_daqiang", "wenming_changdao"]
    assert gui not in discard and wenming not in discard
    assert slots_in_view(v, 0) == [None] * 5


def test_flipped_trap_leaves_at_its_owners_own_end_phase() -> None:
    # R7
    g = new_game(2, seed=7)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "juhua"], 1: ["qingjiu", "gui_daqiang"]},
        fields={0: [], 1: [Card("yehuo", face_down=True)]},
    )
    yehuo = cards.fields[1][0]
    g.choose(0, f"place:{cards.hands[0][0]}")
    g.choose(1, f"flip:{yehuo}")
    # Seat 0's turn runs out (nothing to play), then seat 1's turn: its trap is still out.
    while g.view(1).turn_seat == 0 and g.prompt is not None and g.prompt.seat == 0:
        g.choose(0, g.prompt.default)
    v = g.view(1)
    assert v.turn_seat == 1 and slots_in_view(v, 1)[0] == "yehuo"
    assert g.prompt is not None and g.prompt.seat == 1
    while g.prompt is not None and g.view(1).turn_seat == 1:
        g.choose(1, g.prompt.default)
    v = g.view(0)
    assert slots_in_view(v, 1)[0] is None
    assert yehuo in [c.cid for c in v.discard]


# ───────────────────────────── R8 Burning and tapped ─────────────────────────────


def _seat1_ends(g: Game) -> list:
    """Seat 1 ends its action phase; seat 0's turn begins (draw phase runs)."""
    assert g.prompt is not None and g.prompt.seat == 1 and g.prompt.kind is PromptKind.ACTION
    return g.choose(1, "end")


def test_burning_offering_is_tapped_as_its_owners_draw_phase_begins() -> None:
    # R8
    g = new_game(2, seed=8)
    cards = arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: ["zhiqian", "qingtuan", "xiangzhu"], 1: ["xiangzhu"]},
    )
    zhiqian, qingtuan, xiangzhu = cards.fields[0]
    theirs = cards.fields[1][0]
    before = g.view(1)
    assert not any(sl.card.tapped for s in before.seats for sl in s.slots if sl.card is not None)
    events = _seat1_ends(g)
    taps = [e for e in events if e.kind == "tap"]
    assert sorted(e.data["card"] for e in taps) == sorted([zhiqian, xiangzhu])
    assert all(e.seat == 0 and e.to is None for e in taps)
    kinds = [e.kind for e in events]
    first_draw = next(i for i, e in enumerate(events) if e.kind == "draw" and e.seat == 0)
    assert (
        max(i for i, k in enumerate(kinds) if k == "tap") < first_draw
    )  # tapped as the phase begins
    v = g.view(1)
    slots = {sl.card.cid: sl.card.tapped for sl in v.seats[0].slots if sl.card is not None}
    assert slots == {zhiqian: True, qingtuan: False, xiangzhu: True}
    # The other seat's Burning offering waits for its own draw phase.
    assert v.seats[1].slots[0].card is not None and v.seats[1].slots[0].card.cid == theirs
    assert not v.seats[1].slots[0].card.tapped


def test_burning_offering_placed_this_turn_is_tapped_only_at_the_next_turn() -> None:
    # R8: placed before this turn → tapped; placed this turn → not yet
    g = new_game(2, seed=9)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["zhiqian", "yehuo"], 1: ["gui_daqiang"]},
        fields={0: [], 1: []},
    )
    zhiqian = cards.hands[0][0]
    g.choose(0, f"place:{zhiqian}")
    v = g.view(1)
    assert v.seats[0].slots[0].card is not None and v.seats[0].slots[0].card.cid == zhiqian
    assert not v.seats[0].slots[0].card.tapped
    g.choose(0, "end")  # action phase over, no worship: seat 1's turn
    assert g.view(1).turn_seat == 1 and not g.view(1).seats[0].slots[0].card.tapped
    assert g.prompt is not None and g.prompt.seat == 1
    while g.view(0).turn_seat == 1 and g.prompt is not None:
        g.choose(g.prompt.seat, g.prompt.default)
    v = g.view(0)
    assert v.turn_seat == 0
    assert v.seats[0].slots[0].card is not None and v.seats[0].slots[0].card.tapped


def test_tapped_offering_cannot_be_targeted_by_shunshou() -> None:
    # R8: a tapped card cannot be targeted by another player's effect
    g = new_game(2, seed=10)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shunshou", "yehuo"], 1: []},
        fields={0: [], 1: [Card("zhiqian", tapped=True), "qingtuan", "juhua"]},
    )
    tapped, qingtuan, juhua = cards.fields[1]
    g.choose(0, f"play:{cards.hands[0][0]}")
    p = g.prompt
    assert p is not None and p.kind is PromptKind.TARGET
    assert {o.card for o in p.options if o.kind == "target"} == {qingtuan, juhua}
    assert f"target:c{tapped}" not in p.ids


def test_only_tapped_offerings_means_shunshou_cannot_be_played() -> None:
    # R8: no legal target, no activation
    g = new_game(2, seed=10)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shunshou", "yehuo"], 1: []},
        fields={0: [], 1: [Card("zhiqian", tapped=True), Card("xiangzhu", tapped=True)]},
    )
    p = g.prompt
    assert p is not None and p.kind is PromptKind.ACTION
    assert f"play:{cards.hands[0][0]}" not in p.ids
    assert f"set:{cards.hands[0][1]}" in p.ids


def test_card_tapped_after_being_targeted_is_not_taken() -> None:
    # R8: an effect of another player that would move a tapped card does nothing to it
    # (护身符 taps the targeted offering in response, so 顺手牵羊's take fails)
    g = new_game(2, seed=11)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shunshou", "yehuo"], 1: []},
        fields={0: [], 1: ["qingtuan", Card("hushenfu", face_down=True)]},
    )
    qingtuan, hushenfu = cards.fields[1]
    g.choose(0, f"play:{cards.hands[0][0]}")
    assert g.prompt is not None and g.prompt.seat == 1 and f"flip:{hushenfu}" in g.prompt.ids
    events = g.choose(1, f"flip:{hushenfu}")
    assert not any(e.kind == "take" for e in events)
    v = g.view(0)
    slot = v.seats[1].slots[0]
    assert slot.card is not None and slot.card.cid == qingtuan and slot.card.tapped
    assert slots_in_view(v, 0)[0] == "shunshou"


def test_own_effects_still_affect_own_tapped_cards_and_tapped_counts_as_offering() -> None:
    # R8 + R9: a tapped offering still counts as an offering on your field for the draw
    g = new_game(2, seed=12)
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: [Card("zhiqian", tapped=True), "qingtuan"], 1: []},
    )
    events = _seat1_ends(g)
    draw = [e for e in events if e.kind == "draw" and e.seat == 0 and e.to is None]
    assert [e.data["count"] for e in draw] == [3]
    assert g.view(0).seats[0].hand_count == 3


def test_tapped_offerings_count_toward_worship() -> None:
    # R8: it still counts as an offering on your field (worship needs 4, R12)
    g = new_game(2, seed=13, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shizu", "yehuo"], 1: []},
        fields={
            0: [Card("zhiqian", tapped=True), Card("xiangzhu", tapped=True), "qingtuan", "juhua"],
            1: [],
        },
    )
    g.choose(0, "end")
    p = g.prompt
    assert (
        p is not None and p.kind is PromptKind.WORSHIP and f"declare:{cards.hands[0][0]}" in p.ids
    )
    hand_before = g.view(0).seats[0].hand_count
    events = g.choose(0, f"declare:{cards.hands[0][0]}")
    v = g.view(0)
    assert sorted(c.cid for c in v.seats[0].stacked) == sorted(cards.fields[0])
    # R12: the ancestor leaves the hand for the field, and the worship draw brings one card
    drawn = [e.data["count"] for e in events if e.kind == "draw" and e.to is None]
    assert drawn == [1]
    assert v.seats[0].hand_count == hand_before - 1 + 1
    assert option_for(g, "declare") is None
    assert hand_in_view(v, 0) is not None and "shizu" not in (hand_in_view(v, 0) or [])


def test_counter_from_hand_needs_a_free_slot() -> None:
    # R6: a counter played from hand goes into a free slot; a full field offers none
    for filled, offered in ((4, False), (3, True)):
        g = new_game(2, seed=14, options=GameOptions(ask_everyone=True))
        field: list[str | Card] = ["qingtuan", "juhua", "qingjiu", "xianguo"][:filled]
        cards = arrange(
            g,
            turn_seat=0,
            phase=Phase.ACTION,
            hands={0: ["saomu", "chaitai", "qingcha", "zhiqian"], 1: ["xiangzhu"]},
            fields={0: field, 1: [Card("wenming_changdao", face_down=True)]},
        )
        saomu, chaitai = cards.hands[0][:2]
        g.choose(0, f"play:{saomu}")  # takes slot `filled`: the field is now full or not
        g.choose(1, f"flip:{cards.fields[1][0]}")
        p = g.prompt
        assert p is not None and p.seat == 0 and p.kind is PromptKind.RESPOND
        assert (f"counter:{chaitai}" in p.ids) is offered, filled


def test_tapped_ancestor_is_not_changed_by_an_opponents_effect() -> None:
    # R8: 惊扰 targets the ancestor; 护身符 taps it in response; the removal does nothing
    g = new_game(2, seed=15, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["jingrao", "yehuo"], 1: []},
        fields={0: [], 1: ["shizu", Card("hushenfu", face_down=True)]},
        stacks={1: ["juhua", "qingjiu"]},
    )
    shizu, hushenfu = cards.fields[1]
    g.choose(0, f"play:{cards.hands[0][0]}")  # the one ancestor: targeted without asking
    assert g.view(1).chain[0].targets == (f"c{shizu}",)
    assert g.prompt is not None and g.prompt.seat == 1 and f"flip:{hushenfu}" in g.prompt.ids
    events = g.choose(1, f"flip:{hushenfu}")
    assert not any(e.kind == "unstack" for e in events)
    v = g.view(0)
    assert [c.cid for c in v.seats[1].stacked] == cards.stacks[1]
    assert v.seats[1].slots[0].card is not None and v.seats[1].slots[0].card.tapped
    fails = [e for e in events if e.kind == "section" and e.data["link"] == 0]
    assert [f.data["ok"] for f in fails] == [False]


def test_negating_a_tapped_cards_activation_does_nothing() -> None:
    # R8 (engine notes, interpretation 5): 镇魂 cannot negate a tapped ancestor's manifestation
    g = new_game(2, seed=16, ancestors=["zumu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "zhenhun", "qingcha"], 1: ["jie_dongfeng"]},
        fields={0: [], 1: [Card("zumu", tapped=True)]},
        stacks={1: ["juhua", "juhua"]},
    )
    saomu, zhenhun, _ = cards.hands[0]
    zumu = cards.fields[1][0]
    g.choose(0, f"play:{saomu}")
    assert g.prompt is not None and g.prompt.seat == 1 and f"manifest:{zumu}" in g.prompt.ids
    g.choose(1, f"manifest:{zumu}")  # cost: one stacked 菊花 (both alike: no choice)
    assert g.prompt is not None and g.prompt.seat == 0 and f"counter:{zhenhun}" in g.prompt.ids
    events = g.choose(0, f"counter:{zhenhun}")
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        events += g.choose(g.prompt.seat, "pass")
    negation = [e for e in events if e.kind == "section" and e.data["link"] == 2]
    assert [(e.data["ok"], e.data.get("why")) for e in negation] == [(False, "negate")]
    assert not any(e.kind == "negate" for e in events)
    # 祖母's manifestation resolved: seat 1 drew 2.
    assert any(
        e.kind == "draw" and e.seat == 1 and e.to is None and e.data["count"] == 2 for e in events
    )
    assert g.view(1).seats[1].hand_count == 3
