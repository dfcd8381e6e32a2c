"""Rulings R9–R12: the draw, placement, action and worship phases."""

from __future__ import annotations

from helpers import Arranged, Card, arrange, hand_in_view, new_game, slots_in_view

from qm_rules import Event, Game, GameOptions, Phase, PromptKind


def _seat0_draws(events: list[Event]) -> list[int]:
    """The public draw counts of seat 0 among ``events``."""
    return [e.data["count"] for e in events if e.kind == "draw" and e.seat == 0 and e.to is None]


def _start_seat0_turn(g: Game) -> list[Event]:
    """Seat 1 (arranged in its action phase holding a trap) ends its turn; seat 0's turn begins."""
    assert g.prompt is not None and g.prompt.seat == 1 and g.prompt.kind is PromptKind.ACTION
    return g.choose(1, "end")


# ───────────────────────────── R9 draw phase ─────────────────────────────


def test_draw_one_with_no_offerings() -> None:
    # R9
    g = new_game(2, seed=1)
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: [Card("gui_daqiang", face_down=True)], 1: []},
    )
    events = _start_seat0_turn(g)
    assert _seat0_draws(events) == [1]
    assert g.view(0).seats[0].hand_count == 1


def test_draw_one_plus_offerings_on_field_tapped_count_stacked_do_not() -> None:
    # R9: X = offerings on your field; tapped ones count, stacked ones and other cards do not
    g = new_game(2, seed=2, ancestors=["shizu"])
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={
            0: [
                "shizu",
                "qingtuan",
                Card("zhiqian", tapped=True),
                Card("gui_daqiang", face_down=True),
            ],
            1: [],
        },
        stacks={0: ["juhua", "qingjiu", "xianguo"]},
    )
    events = _start_seat0_turn(g)
    assert _seat0_draws(events) == [1 + 2]
    v = g.view(0)
    assert v.seats[0].hand_count == 3
    # Private draw event tells seat 0 which cards.
    private = [e for e in events if e.kind == "draw" and e.seat == 0 and e.to == (0,)]
    assert len(private) == 1 and sorted(private[0].data["cards"]) == sorted(
        c.cid for c in v.seats[0].hand or ()
    )


def test_draw_counts_burning_offerings_tapped_this_draw_phase() -> None:
    # R9: "tap as in R8, then draw": the newly tapped Burning offerings count
    g = new_game(2, seed=3)
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: ["zhiqian", "xiangzhu", "qingcha"], 1: []},
    )
    events = _start_seat0_turn(g)
    assert _seat0_draws(events) == [4]


def test_zufu_on_the_field_draws_one_more() -> None:
    # R9 with 祖父's standing effect: +1 in your draw phase
    g = new_game(2, seed=4, ancestors=["zufu"])
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: ["zufu", "qingtuan"], 1: []},
        stacks={0: ["juhua"]},
    )
    events = _start_seat0_turn(g)
    assert _seat0_draws(events) == [1 + 1 + 1]
    assert g.view(0).seats[0].hand_count == 3


def test_zufu_in_hand_or_on_another_field_gives_no_extra_draw() -> None:
    # R9: the +1 is 祖父's on its owner's field only
    g = new_game(2, seed=5, ancestors=["zufu"])
    arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: [], 1: ["yehuo"]},
        fields={0: ["qingtuan"], 1: ["zufu"]},
        stacks={1: ["juhua"]},
    )
    events = _start_seat0_turn(g)
    assert _seat0_draws(events) == [2]


# ───────────────────────────── R10 placement phase ─────────────────────────────


def test_placement_offers_each_offering_once_and_skip() -> None:
    # R10
    g = new_game(2, seed=6)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "zhiqian", "saomu", "yehuo"], 1: []},
        fields={0: [], 1: []},
    )
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.PLACE
    assert set(p.ids) == {f"place:{cards.hands[0][0]}", f"place:{cards.hands[0][1]}", "skip"}
    assert p.default == "skip"


def test_at_most_one_placement_a_turn() -> None:
    # R10
    g = new_game(2, seed=7)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "juhua", "yehuo"], 1: []},
        fields={0: [], 1: []},
    )
    events = g.choose(0, f"place:{cards.hands[0][0]}")
    assert any(e.kind == "activate" and e.data["kind"] == "place" for e in events)
    v = g.view(1)
    assert slots_in_view(v, 0)[0] == "qingtuan"
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.ACTION
    assert not any(i.startswith("place:") for i in p.ids)
    assert f"set:{cards.hands[0][2]}" in p.ids


def test_skipping_placement_goes_to_the_action_phase() -> None:
    # R10
    g = new_game(2, seed=7)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "yehuo"], 1: []},
        fields={0: [], 1: []},
    )
    g.choose(0, "skip")
    assert g.view(0).phase is Phase.ACTION
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION
    assert f"place:{cards.hands[0][0]}" not in g.prompt.ids
    assert slots_in_view(g.view(0), 0) == [None] * 5


def test_placement_is_an_activation_answered_by_yehuo_and_goes_to_discard() -> None:
    # R10, R15: placing opens a chain; 野火 negates it and the offering is discarded
    g = new_game(2, seed=8)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "juhua", "zhuozei"], 1: ["qingjiu"]},
        fields={0: [], 1: [Card("yehuo", face_down=True)]},
    )
    placed = cards.hands[0][0]
    yehuo = cards.fields[1][0]
    g.choose(0, f"place:{placed}")
    p = g.prompt
    assert p is not None and p.seat == 1 and p.kind is PromptKind.RESPOND
    assert set(p.ids) == {f"flip:{yehuo}", "pass"}
    chain = g.view(1).chain
    assert len(chain) == 1 and chain[0].kind.value == "place" and chain[0].card.cid == placed
    events = g.choose(1, f"flip:{yehuo}")
    assert any(e.kind == "negate" for e in events)
    v = g.view(0)
    assert placed in [c.cid for c in v.discard]
    assert slots_in_view(v, 0)[0] is None
    assert slots_in_view(v, 1)[0] == "yehuo"  # flipped face-up
    # The placement was used: no second one this turn.
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.ACTION
    assert not any(i.startswith("place:") for i in p.ids)


def test_placement_unanswered_stays_on_the_field() -> None:
    # R10: the asked player passes; the offering is placed
    g = new_game(2, seed=8)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "zhuozei"], 1: []},
        fields={0: [], 1: [Card("yehuo", face_down=True)]},
    )
    g.choose(0, f"place:{cards.hands[0][0]}")
    g.choose(1, "pass")
    v = g.view(0)
    assert slots_in_view(v, 0)[0] == "qingtuan" and slots_in_view(v, 1)[0] == "?"
    assert v.chain == ()


def test_no_placement_phase_while_the_ancestor_is_on_the_field() -> None:
    # R10, R14
    g = new_game(2, seed=9, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: ["qingtuan", "juhua", "gui_daqiang"], 1: ["yehuo"]},
        fields={0: ["shizu"], 1: []},
        stacks={0: ["qingjiu"]},
    )
    g.choose(1, "end")
    p = g.prompt
    assert p is not None and p.seat == 0
    assert p.kind is PromptKind.ACTION  # straight from draw to action
    assert g.view(0).phase is Phase.ACTION
    assert not any(i.startswith("place:") for i in p.ids)
    assert f"set:{cards.hands[0][2]}" in p.ids


# ───────────────────────────── R11 action phase ─────────────────────────────


def test_action_phase_offers_play_set_ability_and_end() -> None:
    # R11
    g = new_game(2, seed=10, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "yehuo", "chaitai", "qingtuan"], 1: []},
        fields={0: ["shizu"], 1: []},
        stacks={0: ["juhua"]},
    )
    saomu, yehuo, chaitai, qingtuan = cards.hands[0]
    p = g.prompt
    assert p is not None and p.kind is PromptKind.ACTION and p.seat == 0
    assert set(p.ids) == {
        f"play:{saomu}",
        f"set:{yehuo}",
        f"set:{chaitai}",
        f"ability:{qingtuan}",
        "end",
    }
    assert p.default == "end"


def test_action_phase_as_often_as_you_like_in_any_order() -> None:
    # R11
    g = new_game(2, seed=11)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["yehuo", "saomu", "chaitai", "juhua", "zhuozei"], 1: []},
        fields={0: [], 1: []},
    )
    yehuo, saomu, chaitai, juhua, _ = cards.hands[0]
    g.choose(0, f"set:{yehuo}")
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION
    g.choose(0, f"play:{saomu}")  # 扫墓: draw 2, then discard 1
    assert g.prompt is not None and g.prompt.kind is PromptKind.EFFECT
    g.choose(0, f"pick:{juhua}")
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION
    g.choose(0, f"set:{chaitai}")
    v = g.view(0)
    assert slots_in_view(v, 0)[:3] == ["yehuo", "saomu", "chaitai"]
    assert v.phase is Phase.ACTION and g.prompt is not None and g.prompt.kind is PromptKind.ACTION


def test_ending_the_action_phase_is_the_players_choice() -> None:
    # R11
    g = new_game(2, seed=12)
    arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "yehuo"], 1: ["gui_daqiang"]},
        fields={0: [], 1: []},
    )
    p = g.prompt
    assert p is not None and p.kind is PromptKind.ACTION and "end" in p.ids and p.default == "end"
    cards = [o.card for o in p.options if o.kind == "set"]
    g.choose(0, f"set:{cards[0]}")  # acting does not end the phase
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.ACTION and "end" in p.ids
    g.choose(0, "end")
    assert g.view(0).turn_seat == 1  # no worship possible: end phase, next turn


def test_offerings_cannot_be_used_in_the_action_phase() -> None:
    # R11: only actions are played, only traps and counters are set
    g = new_game(2, seed=13, ancestors=["taigong"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["qingtuan", "taigong", "yehuo"], 1: []},
        fields={0: [], 1: []},
    )
    qingtuan, taigong, yehuo = cards.hands[0]
    p = g.prompt
    assert p is not None
    assert set(p.ids) == {f"set:{yehuo}", "end"}


def test_set_card_cannot_be_flipped_the_same_turn() -> None:
    # R11, R16: 拆台 set this turn is not offered when the opponent's trap could be answered
    g = new_game(2, seed=14, options=GameOptions(ask_everyone=True))
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["chaitai", "saomu", "qingtuan", "juhua", "xianguo"], 1: ["qingjiu"]},
        fields={0: [], 1: [Card("wenming_changdao", face_down=True)]},
    )
    chaitai, saomu, *_ = cards.hands[0]
    wenming = cards.fields[1][0]
    g.choose(0, f"set:{chaitai}")
    g.choose(0, f"play:{saomu}")
    assert g.prompt is not None and g.prompt.seat == 1
    g.choose(1, f"flip:{wenming}")
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.RESPOND
    assert p.ids == ("pass",)  # 拆台 (any activation) matches, but was set this turn


def test_set_card_can_be_flipped_on_a_later_turn() -> None:
    # R11, R16 (control): the same set 拆台 answers on the opponent's next turn
    g = new_game(2, seed=14)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["chaitai", "qingtuan", "juhua", "xianguo", "zhuozei"], 1: ["qingjiu", "yehuo"]},
        fields={0: [], 1: []},
    )
    chaitai = cards.hands[0][0]
    g.choose(0, f"set:{chaitai}")
    g.choose(0, "end")
    assert g.view(1).turn_seat == 1
    p = g.prompt
    assert p is not None and p.seat == 1 and p.kind is PromptKind.PLACE
    g.choose(1, f"place:{cards.hands[1][0]}")
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.RESPOND
    assert f"flip:{chaitai}" in p.ids


# ───────────────────────────── R12 worship phase ─────────────────────────────


def _worship_setup(
    g: Game,
    hand: list[str],
    field: list[str | Card],
    stack: list[str] | None = None,
    opp_field: list[str | Card] | None = None,
) -> Arranged:
    """Seat 0 in its action phase holding a trap (so the phase waits for "end")."""
    return arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: [*hand, "yehuo"], 1: ["qingjiu", "jie_dongfeng"]},
        fields={0: field, 1: opp_field or []},
        stacks={0: stack or []},
    )


def test_worship_offered_with_four_offerings_and_an_ancestor_in_hand() -> None:
    # R12
    g = new_game(2, seed=20, ancestors=["shizu"])
    cards = _worship_setup(g, ["shizu"], ["qingtuan", "juhua", "xianguo", "qingcha"])
    g.choose(0, "end")
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.WORSHIP
    assert set(p.ids) == {f"declare:{cards.hands[0][0]}", "decline"}
    assert p.default == "decline"


def test_worship_needs_four_offerings() -> None:
    # R12: three offerings and a set trap are not enough
    g = new_game(2, seed=21, ancestors=["shizu"])
    _worship_setup(
        g, ["shizu"], ["qingtuan", "juhua", "xianguo", Card("gui_daqiang", face_down=True)]
    )
    g.choose(0, "end")
    assert g.view(0).turn_seat == 1
    assert g.prompt is None or g.prompt.kind is not PromptKind.WORSHIP


def test_worship_needs_an_ancestor_in_hand() -> None:
    # R12
    g = new_game(2, seed=22)
    _worship_setup(g, ["saomu"], ["qingtuan", "juhua", "xianguo", "qingcha"])
    g.choose(0, "end")
    assert g.view(0).turn_seat == 1


def test_worship_needs_no_ancestor_on_the_field() -> None:
    # R12: with an ancestor out, four offerings on the field and another ancestor in hand: no
    g = new_game(2, seed=23, ancestors=["waigong", "shizu"])
    cards = arrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={0: ["shizu"], 1: ["yehuo"]},
        fields={0: ["waigong", "qingtuan", "juhua", "xianguo", "qingcha"], 1: []},
        stacks={0: ["qingjiu"]},
        # seat 0 draws offerings only: no room to place them, and 外公's condition (two traps
        # in hand) stays unmet
        deck_top=["qingtuan", "juhua", "xianguo", "qingcha", "qingjiu"],
    )
    g.choose(1, "end")
    # Seat 0's whole turn ran without a decision (no placement, a full field, no worship).
    v = g.view(0)
    assert v.turn_seat == 1 and v.turn == 3
    assert g.prompt is not None and g.prompt.seat == 1
    assert cards.hands[0][0] in [c.cid for c in v.seats[0].hand or ()]
    assert v.seats[0].hand_count == 1 + (1 + 4)  # 始祖 kept, plus the draw: 1 + 4 offerings (R9)
    assert g.result is None


def test_declining_worship_goes_to_the_end_phase() -> None:
    # R12: 装高手 — declining is allowed; nothing moves
    g = new_game(2, seed=24, ancestors=["shizu"])
    cards = _worship_setup(g, ["shizu"], ["qingtuan", "juhua", "xianguo", "qingcha"])
    g.choose(0, "end")
    g.choose(0, "decline")
    v = g.view(0)
    assert v.turn_seat == 1
    assert slots_in_view(v, 0)[:4] == ["qingtuan", "juhua", "xianguo", "qingcha"]
    assert v.seats[0].stacked == ()
    assert cards.hands[0][0] in [c.cid for c in v.seats[0].hand or ()]


def test_worship_resolves_offerings_stacked_ancestor_takes_a_slot_worship_draw() -> None:
    # R12
    g = new_game(2, seed=25, ancestors=["shizu"])
    cards = _worship_setup(
        g,
        ["shizu", "saomu"],
        [
            "qingtuan",
            Card("zhiqian", tapped=True),
            "xianguo",
            Card("gui_daqiang", face_down=True),
            "qingcha",
        ],
    )
    shizu = cards.hands[0][0]
    offerings = [c for i, c in enumerate(cards.fields[0]) if i != 3]
    # A full field: the action phase has nothing to offer, worship needs no free slot.
    assert g.prompt is not None and g.prompt.kind is PromptKind.WORSHIP
    hand_before = g.view(0).seats[0].hand_count
    events = g.choose(0, f"declare:{shizu}")
    # Declaring is an activation others may answer; seat 1 holds no response here.
    assert any(e.kind == "activate" and e.data["kind"] == "worship" for e in events)
    worship = [e for e in events if e.kind == "worship"]
    assert len(worship) == 1 and worship[0].to is None
    kinds = [e.kind for e in events]
    wi = kinds.index("worship")
    assert any(e.kind == "draw" and e.seat == 0 for e in events[wi:])  # the worship draw, after it
    v = g.view(1)
    assert sorted(c.cid for c in v.seats[0].stacked) == sorted(offerings)
    # The ancestor takes one slot (the first offering's); the other offerings' slots are free.
    assert slots_in_view(v, 0) == ["shizu", None, None, "?", None]
    assert v.seats[0].slots[0].card is not None and v.seats[0].slots[0].card.cid == shizu
    # Worship draw: the ancestor left the hand and 1 card came in.
    assert v.seats[0].hand_count == hand_before - 1 + 1
    # 始祖 needs 5 stacked: not a win. Its stacking may still be used this turn if the hand holds
    # an offering (the worship draw may have brought one); declining it ends the turn.
    assert g.result is None
    if g.prompt is not None and g.prompt.seat == 0:
        assert g.prompt.kind is PromptKind.WORSHIP
        assert {o.kind for o in g.prompt.options} == {"ability", "decline"}
        g.choose(0, "decline")
    assert g.result is None and g.view(1).turn_seat == 1


def test_worship_negated_by_zhiren_tishen_ancestor_back_to_hand_offerings_stay() -> None:
    # R12: 纸人替身 negates worship; the ancestor returns to hand, the offerings stay
    g = new_game(2, seed=26, ancestors=["shizu"])
    cards = _worship_setup(
        g,
        ["shizu"],
        ["qingtuan", "juhua", "xianguo", "qingcha"],
        opp_field=[Card("zhiren_tishen", face_down=True)],
    )
    shizu = cards.hands[0][0]
    zhiren = cards.fields[1][0]
    g.choose(0, "end")
    hand_before = g.view(0).seats[0].hand_count
    turn = g.turn
    g.choose(0, f"declare:{shizu}")
    p = g.prompt
    assert (
        p is not None and p.seat == 1 and p.kind is PromptKind.RESPOND and f"flip:{zhiren}" in p.ids
    )
    # While the chain is open the ancestor is revealed (public) in the chain.
    chain = g.view(1).chain
    assert len(chain) == 1 and chain[0].kind.value == "worship" and chain[0].card.card == "shizu"
    events = g.choose(1, f"flip:{zhiren}")
    assert not any(e.kind == "worship" for e in events)
    assert not any(e.kind == "draw" and e.seat == 0 for e in events)
    v = g.view(0)
    assert shizu in [c.cid for c in v.seats[0].hand or ()]
    assert v.seats[0].hand_count == hand_before  # back to hand, no worship draw
    assert slots_in_view(v, 0)[:4] == ["qingtuan", "juhua", "xianguo", "qingcha"]
    assert v.seats[0].stacked == ()
    assert g.result is None
    # either way the turn goes on to the end phase, and the game to the next turns
    assert v.turn > turn


def test_worship_negated_by_chaitai_sends_the_ancestor_to_discard() -> None:
    # R12: the default of a negation without a destination: the discard pile
    g = new_game(2, seed=27, ancestors=["shizu"])
    cards = _worship_setup(
        g,
        ["shizu"],
        ["qingtuan", "juhua", "xianguo", "qingcha"],
        opp_field=[Card("chaitai", face_down=True)],
    )
    shizu = cards.hands[0][0]
    chaitai = cards.fields[1][0]
    g.choose(0, "end")
    turn = g.turn
    g.choose(0, f"declare:{shizu}")
    assert g.prompt is not None and g.prompt.seat == 1
    g.choose(1, f"flip:{chaitai}")  # cost: seat 1's 2 hand cards, forced
    v = g.view(0)
    assert shizu in [c.cid for c in v.discard]
    assert hand_in_view(v, 0) is not None and "shizu" not in (hand_in_view(v, 0) or [])
    assert slots_in_view(v, 0)[:4] == ["qingtuan", "juhua", "xianguo", "qingcha"]
    assert v.turn > turn and g.result is None  # the turn is over, the game goes on


def test_manifestation_is_not_an_action_phase_play() -> None:
    # R11: manifestations are responses only; the action phase offers none
    g = new_game(2, seed=15, ancestors=["zumu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["yehuo"], 1: []},
        fields={0: ["zumu"], 1: []},
        stacks={0: ["juhua"]},
    )
    p = g.prompt
    assert p is not None and p.seat == 0 and p.kind is PromptKind.ACTION
    assert set(p.ids) == {f"set:{cards.hands[0][0]}", "end"}
