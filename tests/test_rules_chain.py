"""Rules tests for activation and the chain: R15 (costs), R16 (who may activate when), R17
(triggers match the newest link), R18 (asking order, LIFO resolution, ask_everyone) and R19
(sections, "then", conditions reading the cost).

Each test arranges a position (setup only) and then plays through ``game.choose``; assertions
read ``game.view``, the returned events, ``game.prompt`` and ``game.result``.
"""

from __future__ import annotations

from helpers import (
    discard_defs,
    event_kinds,
    hand_defs,
    in_hand,
    on_field,
    option_for,
    pass_responses,
    position,
    resolved_links,
)

from qm_rules import GameOptions, Phase, PromptKind


def respond_seats(g, stop_after: int = 20) -> list[int]:
    """Pass every response prompt, returning who was asked, in order."""
    asked: list[int] = []
    for _ in range(stop_after):
        p = g.prompt
        if p is None or p.kind is not PromptKind.RESPOND:
            break
        asked.append(p.seat)
        g.choose(p.seat, "pass")
    return asked


# ───────────────────────────── R15: costs ─────────────────────────────


def test_chaitai_cost_stays_discarded_when_chaitai_is_negated() -> None:
    # R15: the cost (2 discards) is paid at activation and never refunded, even though the
    # 拆台 that paid it is itself negated by a second 拆台.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "chaitai", "qingtuan", "qingcha"], 1: ["qingjiu", "xiangzhu"]},
        fields={1: ["chaitai/down"]},
        deck_top=["xianguo", "juhua"],
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 1
    flip = option_for(g, "flip", "chaitai")
    assert flip is not None
    ev = g.choose(1, flip)  # cost: its only two cards, taken without asking
    # Paid at activation: already in the discard pile, shown on the link, before resolving.
    assert sorted(discard_defs(g)) == ["qingjiu", "xiangzhu"]
    v = g.view(0)
    assert v.seats[1].hand_count == 0
    assert sorted(c.card for c in v.chain[1].cost) == ["qingjiu", "xiangzhu"]
    assert "activate" in event_kinds(ev)
    # Seat 0 answers from hand on its own turn with the second 拆台 (R16).
    assert g.prompt.seat == 0
    counter = option_for(g, "counter", "chaitai")
    assert counter is not None
    ev = g.choose(0, counter)
    ev += pass_responses(g)
    # LIFO: seat 0's 拆台 negates seat 1's; 扫墓 then resolves (draw 2, then a discard pick).
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == 0
    ev += g.choose(0, g.prompt.options[0].id)
    assert resolved_links(ev) == [(2, False), (1, True), (0, False)]
    # Nothing came back: both cost cards are still in the discard pile, not in seat 1's hand.
    assert {"qingjiu", "xiangzhu", "qingtuan", "qingcha"} <= set(discard_defs(g))
    assert not {"qingjiu", "xiangzhu"} & set(hand_defs(g, 1))


def test_cancelled_draft_pays_nothing() -> None:
    # R15: mode, targets and cost are declared at activation; a draft cancelled before it is
    # complete leaves no trace (nothing paid, nothing moved).
    g = position(2, turn=0, hands={0: ["jisi_zhunbei", "qingtuan", "zhiqian"]})
    before = hand_defs(g, 0)
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    assert g.prompt.kind is PromptKind.MODE
    g.choose(0, "mode:0")
    assert g.prompt.kind is PromptKind.COST
    g.choose(0, "cancel")
    assert g.prompt.kind is PromptKind.ACTION
    assert hand_defs(g, 0) == before
    assert discard_defs(g) == []
    assert g.view(0).chain == ()


# ───────────────────────────── R16: who may activate when ─────────────────────────────


def test_counter_from_hand_on_own_turn() -> None:
    # R16: on your own turn a counter may be activated from hand as a response.
    g = position(2, turn=0, hands={0: ["saomu", "quxie"]}, fields={1: ["gui_daqiang/down"]})
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    g.choose(1, option_for(g, "flip", "gui_daqiang"))
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.RESPOND
    assert f"counter:{in_hand(g, 0, 'quxie')}" in g.prompt.ids
    ev = g.choose(0, option_for(g, "counter", "quxie"))
    ev += pass_responses(g)
    # 驱邪 negated 鬼打墙, so 扫墓 resolved: seat 0 drew 2 and is asked to discard 1.
    assert resolved_links(ev) == [(2, False), (1, True)]
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == 0


def test_counter_in_hand_not_usable_on_another_turn() -> None:
    # R16: on another player's turn only face-down traps/counters may respond, not a hand counter.
    g = position(2, turn=1, hands={1: ["saomu"], 0: ["chaitai", "qingtuan", "juhua"]})
    g.choose(1, f"play:{in_hand(g, 1, 'saomu')}")
    # Seat 0 is not asked at all: 扫墓 resolves straight away (seat 1 picks its discard).
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.EFFECT


def test_counter_in_hand_on_another_turn_ask_everyone_only_pass() -> None:
    # R16 + R22 ask_everyone: the seat is asked, but its only option is to pass.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu"], 0: ["chaitai", "qingtuan", "juhua"]},
        options=GameOptions(ask_everyone=True),
    )
    g.choose(1, f"play:{in_hand(g, 1, 'saomu')}")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.RESPOND
    assert g.prompt.ids == ("pass",)


def test_face_down_counter_usable_on_another_turn() -> None:
    # R16: the same 拆台 set face-down (in an earlier turn) may be flipped on another's turn.
    g = position(
        2, turn=1, hands={1: ["saomu"], 0: ["qingtuan", "juhua"]}, fields={0: ["chaitai/down"]}
    )
    g.choose(1, f"play:{in_hand(g, 1, 'saomu')}")
    assert g.prompt.seat == 0
    assert option_for(g, "flip", "chaitai") is not None


def test_card_set_this_turn_cannot_be_flipped() -> None:
    # R16: a card set face-down cannot be flipped in the turn it was set.
    g = position(
        2,
        turn=0,
        hands={0: ["chaitai", "saomu", "qingtuan", "juhua", "quxie"]},
        fields={1: ["gui_daqiang/down"]},
    )
    chaitai = in_hand(g, 0, "chaitai")
    g.choose(0, f"set:{chaitai}")
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    g.choose(1, option_for(g, "flip", "gui_daqiang"))
    assert g.prompt.seat == 0
    assert option_for(g, "counter", "quxie") is not None  # the hand counter is there…
    assert f"flip:{chaitai}" not in g.prompt.ids  # …the one set this turn is not


def test_card_set_last_turn_can_be_flipped_on_next_players_turn() -> None:
    # R16: set in your action phase, flipped on the next player's turn when its trigger matches.
    g = position(
        2,
        turn=0,
        hands={0: ["wenming_changdao", "yehuo"], 1: ["qingtuan"]},
        deck_top=["juhua", "qingcha"],
    )
    trap = in_hand(g, 0, "wenming_changdao")
    g.choose(0, f"set:{trap}")
    g.choose(0, "end")  # → worship (nothing) → end → seat 1's turn
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    assert g.prompt.seat == 0 and f"flip:{trap}" in g.prompt.ids


def test_manifestation_on_another_players_turn() -> None:
    # R16: a manifestation may respond on any turn.
    g = position(2, turn=0, hands={0: ["saomu"]}, fields={1: ["zumu"]}, stacks={1: ["qingtuan"]})
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 1
    assert g.prompt.ids == (f"manifest:{on_field(g, 1, 'zumu')}", "pass")


def test_manifestation_on_own_turn() -> None:
    # R16: …including the owner's own turn, answering an opponent's response.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu"]},
        fields={0: ["taipo"], 1: ["gui_daqiang/down"]},
        stacks={0: ["qingtuan"]},
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    g.choose(1, option_for(g, "flip", "gui_daqiang"))
    assert g.prompt.seat == 0
    assert f"manifest:{on_field(g, 0, 'taipo')}" in g.prompt.ids


def test_counter_from_hand_needs_a_free_slot() -> None:
    # R16 with R6: a counter from hand is played into a free slot; a full field cannot.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "quxie"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"], 1: ["gui_daqiang/down"]},
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")  # takes the fifth slot
    ev = g.choose(1, option_for(g, "flip", "gui_daqiang"))
    # Seat 0 has no free slot, so no response: 鬼打墙 resolves at once and negates 扫墓.
    assert "pass" not in event_kinds(ev)
    assert resolved_links(ev) == [(1, False), (0, True)]


# ───────────────────────────── R17: triggers match the newest link ─────────────────────────────


def _ghost_wall_position(**kw):
    return position(
        3,
        turn=0,
        hands={0: ["saomu"]},
        fields={1: ["wenming_changdao/down"], 2: ["gui_daqiang/down"]},
        **kw,
    )


def test_ghost_wall_answers_an_action() -> None:
    # R17 (control): with the action newest, 鬼打墙 may answer it.
    g = _ghost_wall_position()
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 1
    g.choose(1, "pass")
    assert g.prompt.seat == 2 and option_for(g, "flip", "gui_daqiang") is not None


def test_ghost_wall_cannot_answer_a_trap_on_top_of_an_action() -> None:
    # R17: triggers match the NEWEST link only; a trap on top of the action hides it.
    g = _ghost_wall_position()
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    ev = g.choose(1, option_for(g, "flip", "wenming_changdao"))
    # Seat 2 holds only 鬼打墙 (an action trigger): not asked; the chain resolves.
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT  # 扫墓's discard pick
    assert resolved_links(ev) == [(1, False)]


def test_ghost_wall_offered_only_pass_under_ask_everyone_when_trap_is_newest() -> None:
    # R17 + R22: asked (ask_everyone) but 鬼打墙 is not among the options.
    g = _ghost_wall_position(options=GameOptions(ask_everyone=True))
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    assert g.prompt.seat == 2 and g.prompt.ids == ("pass",)


def test_wildfire_answers_a_placement_not_an_action() -> None:
    # R17: 野火's trigger is "an opponent places an offering".
    g = position(
        2, turn=0, phase=Phase.PLACE, hands={0: ["qingtuan", "saomu"]}, fields={1: ["yehuo/down"]}
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.seat == 1 and option_for(g, "flip", "yehuo") is not None
    g.choose(1, "pass")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT  # seat 1 was not asked


# ───────────────────────────── R18: asking order, LIFO, ask_everyone ─────────────────────────────


def test_asking_order_follows_turn_order_after_the_activator() -> None:
    # R18: asked one by one in turn order starting after the newest link's player; the
    # activator (seat 1, also holding a matching trap) is not asked about its own link.
    g = position(
        4,
        turn=1,
        hands={1: ["saomu"]},
        fields={s: ["wenming_changdao/down"] for s in range(4)},
    )
    g.choose(1, f"play:{in_hand(g, 1, 'saomu')}")
    assert respond_seats(g) == [2, 3, 0]
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.EFFECT


def test_response_restarts_asking_so_first_activator_can_answer() -> None:
    # R18: a response becomes the newest link and the asking restarts after its player: seat 2,
    # then seat 0 (the first activator) who answers the trap with a counter from hand.
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", "quxie"]},
        fields={1: ["wenming_changdao/down"], 2: ["quxie/down"]},
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 1
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    assert g.prompt.seat == 2 and option_for(g, "flip", "quxie") is not None
    g.choose(2, "pass")
    assert g.prompt.seat == 0 and option_for(g, "counter", "quxie") is not None
    ev = g.choose(0, option_for(g, "counter", "quxie"))
    # Newest is now seat 0's counter: nobody holds an answer to a counter, so it resolves, LIFO.
    assert resolved_links(ev) == [(2, False), (1, True)]
    assert g.view(0).prohibitions == ()  # the negated 文明祭祀倡导 did nothing
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT
    ev = g.choose(0, g.prompt.options[0].id)
    assert resolved_links(ev) == [(0, False)]


def test_seat_that_passed_is_asked_again_about_a_response() -> None:
    # R18: 4 players. Seat 0 activates; seat 1 passes; seat 2 responds; the asking restarts
    # after seat 2: seat 3, seat 0, then seat 1 again (it passed on the older link only).
    g = position(
        4,
        turn=0,
        hands={0: ["saomu", "quxie"]},
        fields={
            1: ["chaitai/down"],
            2: ["wenming_changdao/down"],
            3: ["quxie/down"],
        },
        options=GameOptions(ask_everyone=True),
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 1
    g.choose(1, "pass")
    assert g.prompt.seat == 2
    g.choose(2, option_for(g, "flip", "wenming_changdao"))
    asked = []
    while g.prompt.kind is PromptKind.RESPOND:
        asked.append((g.prompt.seat, tuple(o.kind for o in g.prompt.options)))
        g.choose(g.prompt.seat, "pass")
    assert asked == [(3, ("flip", "pass")), (0, ("counter", "pass")), (1, ("pass",))]


def test_lifo_newest_link_resolves_first() -> None:
    # R18: resolution runs from the newest link to the oldest: 文明祭祀倡导 (link 1) makes its
    # prohibition before 祭祀准备 (link 0) resolves its first section.
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["juhua"],
    )
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    g.choose(0, "mode:0")  # cost: the only other card, taken without asking
    ev = g.choose(1, option_for(g, "flip", "wenming_changdao"))
    kinds = [
        (e.kind, e.data.get("link")) for e in ev if e.kind in ("prohibit", "resolved", "section")
    ]
    # The prohibition (from link 1) comes before link 0's first section.
    assert kinds[0] == ("prohibit", None)
    assert ("resolved", 1) in kinds and kinds.index(("resolved", 1)) < kinds.index(("section", 0))


def test_ask_everyone_off_skips_seats_without_a_response() -> None:
    # R18/R22: ask_everyone off — nobody holds a response, nobody is asked.
    g = position(3, turn=0, hands={0: ["saomu"], 1: ["qingtuan"], 2: ["juhua"]})
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT


def test_ask_everyone_on_asks_every_other_seat_with_only_pass() -> None:
    # R18/R22: ask_everyone on — every other seat is asked, in turn order, with only "pass".
    g = position(
        3,
        turn=0,
        hands={0: ["saomu"], 1: ["qingtuan"], 2: ["juhua"]},
        options=GameOptions(ask_everyone=True),
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    seen = []
    while g.prompt.kind is PromptKind.RESPOND:
        seen.append((g.prompt.seat, g.prompt.ids))
        g.choose(g.prompt.seat, "pass")
    assert seen == [(1, ("pass",)), (2, ("pass",))]
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT


# ───────────────────────────── R19: sections, "then", conditions ─────────────────────────────


def test_worked_example_search_fails_then_draw_resolves() -> None:
    # R19, the rulebook's worked example (§9.1): seat 0 plays 祭祀准备 discarding an offering,
    # mode ①;
    # seat 1 flips 文明祭祀倡导. 文明 resolves first; the Burning search then fails; "then, if
    # the discarded card was an offering, draw 1" still resolves.
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan", "saomu"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["juhua", "zhiqian", "xiangzhu", "shao_baofu"],
    )
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    g.choose(0, "mode:0")
    assert g.prompt.kind is PromptKind.COST
    g.choose(0, f"pay:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.seat == 1
    ev = g.choose(1, option_for(g, "flip", "wenming_changdao"))
    sections = [
        (e.data["link"], e.data["section"], e.data["ok"]) for e in ev if e.kind == "section"
    ]
    assert sections == [(1, 0, True), (0, 0, False), (0, 1, True)]
    assert [p.tag for p in g.view(0).prohibitions] == ["burning"]
    # Drew exactly the top card (菊花), no Burning card searched.
    assert hand_defs(g, 0) == ["juhua", "saomu"]
    assert "qingtuan" in discard_defs(g)


def test_then_condition_reads_the_cost_not_an_offering() -> None:
    # R19: the "if the discarded card was an offering" condition reads the activation's cost:
    # a non-offering discard means no draw, even though the search failed the same way.
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan", "saomu"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["juhua", "zhiqian"],
    )
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    g.choose(0, "mode:0")
    g.choose(0, f"pay:{in_hand(g, 0, 'saomu')}")
    ev = g.choose(1, option_for(g, "flip", "wenming_changdao"))
    sections = [
        (e.data["link"], e.data["section"], e.data["ok"]) for e in ev if e.kind == "section"
    ]
    assert sections == [(1, 0, True), (0, 0, False), (0, 1, False)]
    assert hand_defs(g, 0) == ["qingtuan"]


def test_search_then_draw_without_prohibition() -> None:
    # R19 (control): without 文明, the search offers one option per Burning card name, then draws.
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan", "saomu"]},
        deck_top=["juhua", "zhiqian", "xiangzhu"],
    )
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    g.choose(0, "mode:0")
    g.choose(0, f"pay:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "search"
    names = sorted(g.defs[o.card].id for o in g.prompt.options)
    assert names == sorted(set(names))  # one option a name
    assert "zhiqian" in names and "xiangzhu" in names
    pick = next(o.id for o in g.prompt.options if g.defs[o.card].id == "xiangzhu")
    g.choose(0, pick)
    assert sorted(hand_defs(g, 0)) == ["juhua", "saomu", "xiangzhu"]


def test_mode_two_draws_two() -> None:
    # R15/R19: the mode declared at activation decides the effect (② draw 2).
    g = position(
        2, turn=0, hands={0: ["jisi_zhunbei", "saomu", "yehuo"]}, deck_top=["juhua", "qingcha"]
    )
    g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    g.choose(0, "mode:1")
    g.choose(0, f"pay:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.kind is PromptKind.ACTION and g.prompt.seat == 0
    assert sorted(hand_defs(g, 0)) == ["juhua", "qingcha", "yehuo"]
    assert "saomu" in discard_defs(g)
