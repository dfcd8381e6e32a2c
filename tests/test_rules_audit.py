"""Rules audit: corner cases of the rulings (R1–R24), the card texts and the rulebook that the
other rules tests do not reach, judged as an adversarial tournament judge would.

Each test names its ruling. A position is arranged once (setup only: ``position`` or ``arrange``
in ``tests/helpers.py``); from then on the game is driven only through ``game.choose`` and read
only through ``game.view``, the returned events, ``game.prompt`` and ``game.result``.
"""

from __future__ import annotations

import pytest
from audit_helpers import ancestor_of, bot_games, offerings_on_field, qualifies_now
from helpers import (
    PAD,
    arrange,
    discard_defs,
    event_kinds,
    field_defs,
    flip,
    hand_defs,
    in_hand,
    new_game,
    on_field,
    option_for,
    pass_responses,
    pick,
    play,
    position,
    resolved_links,
    stacked_defs,
)

from qm_rules import Event, Game, GameOptions, Phase, PromptKind, shipped_cards

EVERYONE = GameOptions(ask_everyone=True)


def asked_order(g: Game, limit: int = 30) -> list[int]:
    """Pass every response prompt; the seats asked, in order."""
    asked: list[int] = []
    for _ in range(limit):
        p = g.prompt
        if p is None or p.kind is not PromptKind.RESPOND:
            return asked
        asked.append(p.seat)
        g.choose(p.seat, "pass")
    raise AssertionError("the chain never closed")


# ── R18 + R23: asking order after concessions ─────────────────────────────────────────────────────


def test_asking_skips_a_conceded_seat_and_restarts_after_the_responder() -> None:
    # R18/R23: 4 players, seat 2 has conceded. Seat 0's activation: asked 1, 3 (2 skipped).
    # Seat 3 responds: the asking restarts after seat 3 → 0, 1 (2 still skipped).
    g = position(
        4,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan"], 3: ["qingcha"]},
        fields={3: ["wenming_changdao/down"]},
        options=EVERYONE,
    )
    g.choose(2, "concede")
    play(g, 0, "saomu")
    assert g.prompt.seat == 1
    g.choose(1, "pass")
    assert g.prompt.seat == 3
    flip(g, 3, "wenming_changdao")
    assert asked_order(g) == [0, 1]


def test_a_seat_conceding_while_asked_is_dropped_and_the_chain_resolves() -> None:
    # R18/R23: seat 1 concedes while it is the one being asked; seat 2 is asked next, then the
    # chain resolves (扫墓 draws 2, then its discard).
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan"], 2: ["qingcha"]},
        deck_top=["juhua", "xianguo"],
        options=EVERYONE,
    )
    play(g, 0, "saomu")
    assert g.prompt.seat == 1
    g.choose(1, "concede")
    assert g.prompt.seat == 2 and g.prompt.kind is PromptKind.RESPOND
    g.choose(2, "pass")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT
    assert g.view(0).seats[1].conceded


# ───────────────────────────── R17: only the newest link ─────────────────────────────


@pytest.mark.parametrize("everyone", [False, True])
def test_take_responses_cannot_answer_an_older_link(everyone: bool) -> None:
    # R17: 顺手牵羊 (link 0) targets seat 1's 青团; seat 1 passes; seat 2 flips 文明 (link 1).
    # 捉贼 and 护身符 of seat 1 matched link 0 only: seat 1 may not use them now.
    g = position(
        3,
        turn=0,
        hands={0: ["shunshou", PAD], 1: ["qingcha"], 2: ["qingjiu"]},
        fields={1: ["qingtuan", "zhuozei/down", "hushenfu/down"], 2: ["wenming_changdao/down"]},
        options=GameOptions(ask_everyone=everyone),
    )
    play(g, 0, "shunshou")
    assert g.prompt.seat == 1 and option_for(g, "flip", "zhuozei") is not None
    g.choose(1, "pass")
    flip(g, 2, "wenming_changdao")
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        p = g.prompt
        if p.seat == 1:
            assert p.ids == ("pass",)  # asked only because everyone is asked
        g.choose(p.seat, "pass")
    assert field_defs(g, 0) == ["shunshou", "qingtuan"]


# ───────────────────────────── R15: costs that empty the hand ─────────────────────────────


def test_chaitai_from_hand_paid_with_the_last_two_cards() -> None:
    # R15/R16: on its own turn seat 0 answers 文明 with 拆台 from hand; its two other cards are
    # the whole cost (taken without asking), leaving the hand empty; the cost is public.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "chaitai", "qingtuan", "juhua"], 1: ["qingcha"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["xianguo", "qingjiu"],
    )
    play(g, 0, "saomu")
    flip(g, 1, "wenming_changdao")
    counter = option_for(g, "counter", "chaitai")
    assert counter is not None
    ev = g.choose(0, counter)  # nobody can answer: the chain resolves at once
    paid = [e for e in ev if e.kind == "discard" and e.data.get("cost")]
    assert sorted(e.data["def"] for e in paid) == ["juhua", "qingtuan"]
    assert all(e.to is None for e in paid)  # costs are public (R5)
    kinds = event_kinds(ev)
    assert kinds.index("discard") < kinds.index("activate")  # paid at activation
    assert resolved_links(ev)[:2] == [(2, False), (1, True)]
    assert g.view(None).prohibitions == ()
    # 扫墓 drew 2 into the emptied hand, and now discards 1 of them.
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == 0
    assert hand_defs(g, 0) == ["qingjiu", "xianguo"]
    pick(g, 0, "xianguo")
    assert hand_defs(g, 0) == ["qingjiu"]


def test_chaitai_from_hand_not_offered_with_one_other_card() -> None:
    # R15: a cost that cannot be paid in full cannot be offered (拆台 needs 2 other cards).
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "chaitai", "qingtuan"], 1: ["qingcha"]},
        fields={1: ["wenming_changdao/down"]},
        options=EVERYONE,
    )
    play(g, 0, "saomu")
    flip(g, 1, "wenming_changdao")
    assert g.prompt.seat == 0 and g.prompt.ids == ("pass",)


def test_jisi_zhunbei_needs_another_card_to_discard() -> None:
    # R15: 祭祀准备 alone in hand cannot pay its cost: it is not offered; with one other card the
    # cost is that card, taken without asking.
    g = position(2, turn=0, hands={0: ["jisi_zhunbei", PAD], 1: ["qingcha"]})
    assert option_for(g, "play", "jisi_zhunbei") is not None
    g2 = position(2, turn=0, hands={0: ["jisi_zhunbei"], 1: ["qingcha"]})
    # Nothing to do in the action phase at all: the game has moved on past seat 0's turn.
    assert not (g2.prompt.seat == 0 and option_for(g2, "play", "jisi_zhunbei"))
    g.choose(0, option_for(g, "play", "jisi_zhunbei"))
    assert g.prompt.kind is PromptKind.MODE
    ev = g.choose(0, "mode:1")  # draw 2; nobody can answer, so it resolves at once
    paid = [e.data["def"] for e in ev if e.kind == "discard" and e.data.get("cost")]
    assert paid == [PAD]
    assert g.view(0).seats[0].hand_count == 2  # the two drawn


# ───────────────────────────── R14 + R20: the last stacked offering ─────────────────────────────


def test_manifestation_paid_with_the_last_offering_breaks_before_the_win_check() -> None:
    # R14/R20: 祖母's manifestation (cost: its last stacked offering) draws 2 offerings, so its
    # owner holds 3 offerings — but the ritual breaks when the chain has resolved, before the
    # win check: no win, the ancestor goes to the discard pile.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD], 0: ["qingtuan"]},
        fields={0: ["zumu"]},
        stacks={0: ["qingcha"]},
        deck_top=["juhua", "xianguo"],
    )
    play(g, 1, "saomu")
    g.choose(0, f"manifest:{on_field(g, 0, 'zumu')}")
    ev = pass_responses(g)
    ev += pick(g, 1, PAD)
    assert g.result is None
    assert hand_defs(g, 0) == ["juhua", "qingtuan", "xianguo"]
    assert "ritual_broken" in event_kinds(ev)
    assert field_defs(g, 0) == [] and "zumu" in discard_defs(g)


def test_restacked_before_the_chain_ends_the_ritual_holds() -> None:
    # R14 (rulebook §8.6: "a ritual with no offerings left stacked breaks" when the chain has
    # resolved): 始祖's stacking ability (link 0); seat 1 flips 拆台 against it (link 1); 始祖
    # manifests with its last stacked offering (link 2) and negates 拆台. The ability then
    # stacks its offering: when the chain ends the stack is not empty, the ritual holds.
    g = position(
        2,
        turn=0,
        hands={0: ["qingtuan", PAD], 1: ["qingjiu", "xianguo"]},
        fields={0: ["shizu"], 1: ["chaitai/down"]},
        stacks={0: ["juhua"]},
    )
    ev = g.choose(0, f"ability:{in_hand(g, 0, 'qingtuan')}")
    ev += flip(g, 1, "chaitai")
    ev += g.choose(0, f"manifest:{on_field(g, 0, 'shizu')}")
    ev += pass_responses(g)
    kinds = event_kinds(ev)
    assert kinds.index("unstack") < kinds.index("stack")  # emptied, then stacked again
    assert resolved_links(ev) == [(2, False), (1, True), (0, False)]
    assert "ritual_broken" not in event_kinds(ev)
    assert field_defs(g, 0)[0] == "shizu" and stacked_defs(g, 0) == ["qingtuan"]


# ───────────────────────────── R6: 顺手牵羊 onto a field it filled itself ────────────────────────


def test_shunshou_in_the_last_free_slot_takes_into_hand() -> None:
    # R6: 4 cards on seat 0's field; 顺手牵羊 takes the 5th slot itself, so the offering it
    # takes has no free slot and goes into seat 0's hand.
    g = position(
        2,
        turn=0,
        hands={0: ["shunshou", "qingcha"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "gui_daqiang/down"], 1: ["xianguo"]},
    )
    ev = play(g, 0, "shunshou")
    ev += pass_responses(g)
    assert "xianguo" in hand_defs(g, 0)
    assert field_defs(g, 1) == []
    take = [e for e in ev if e.kind == "take"]
    assert take and take[0].data["to"] == "hand" and take[0].to is None


# ───────────────────────────── 借东风 against an empty hand ─────────────────────────────


def test_jie_dongfeng_against_an_empty_hand_fails_quietly() -> None:
    # R19: no card to take → the section fails; nothing is looked at, nothing taken; the card
    # stays on the field until the end phase (R7).
    g = position(2, turn=0, hands={0: ["jie_dongfeng", PAD], 1: []})
    ev = play(g, 0, "jie_dongfeng")
    ev += pass_responses(g)
    assert "look" not in event_kinds(ev) and "take" not in event_kinds(ev)
    sections = [e.data for e in ev if e.kind == "section"]
    assert sections == [{"link": 0, "section": 0, "ok": False, "why": "take_hand"}]
    assert hand_defs(g, 0) == [PAD]
    assert field_defs(g, 0) == ["jie_dongfeng"]


# ───────────────────────────── 捉贼: a take aimed at someone else ─────────────────────────────


@pytest.mark.parametrize(
    ("card", "victim_card"), [("jie_dongfeng", None), ("shunshou", "qingtuan")]
)
def test_zhuozei_only_for_the_player_whose_card_is_taken(
    card: str, victim_card: str | None
) -> None:
    # 捉贼 ("an opponent activates an effect that takes a card of yours"): seat 0 aims 借东风 /
    # 顺手牵羊 at seat 2; seat 1's 捉贼 does not match, seat 2's does.
    g = position(
        3,
        turn=0,
        hands={0: [card, PAD], 1: ["qingcha"], 2: ["qingjiu"]},
        fields={
            1: ["zhuozei/down", "juhua"],
            2: ["zhuozei/down"] + ([victim_card] if victim_card else []),
        },
        options=EVERYONE,
    )
    play(g, 0, card)
    if g.prompt.kind is PromptKind.TARGET:
        target = (
            "target:p2"
            if victim_card is None
            else f"target:c{on_field(g, 2, victim_card, viewer=0)}"
        )
        g.choose(0, target)
    assert g.prompt.seat == 1 and g.prompt.ids == ("pass",)
    g.choose(1, "pass")
    assert g.prompt.seat == 2 and option_for(g, "flip", "zhuozei") is not None
    ev = flip(g, 2, "zhuozei")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert g.view(2).seats[2].hand_count == 2  # 捉贼's "then draw 1"


# ───────────────────────────── chained negations ─────────────────────────────


def test_rulebook_section_8_example() -> None:
    # Rulebook §8 example, exactly: A's 顺手牵羊 on B's 青团 (link 1); B flips 捉贼 (link 2);
    # A answers from hand with 驱邪 (link 3). 驱邪 negates 捉贼 (no draw for B); 顺手牵羊
    # resolves: the 青团 moves onto A's field.
    g = position(
        2,
        turn=0,
        hands={0: ["shunshou", "quxie", PAD], 1: ["qingcha"]},
        fields={1: ["qingtuan", "zhuozei/down"]},
    )
    play(g, 0, "shunshou")
    flip(g, 1, "zhuozei")
    ev = g.choose(0, f"counter:{in_hand(g, 0, 'quxie')}")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(2, False), (1, True), (0, False)]
    assert field_defs(g, 0) == ["shunshou", "quxie", "qingtuan"]
    assert field_defs(g, 1) == ["zhuozei"]
    assert g.view(1).seats[1].hand_count == 1


def test_negating_the_negation_of_a_negation() -> None:
    # R18/R19, four links: 扫墓 (0); 鬼打墙 negates it (1); 驱邪 from hand negates 鬼打墙 (2);
    # 拆台 flipped negates 驱邪 (3). Resolving newest first: 驱邪 is negated, so 鬼打墙 does
    # negate 扫墓: seat 0 draws nothing.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "quxie", PAD], 1: ["qingcha", "qingjiu"]},
        fields={1: ["gui_daqiang/down", "chaitai/down"]},
        deck_top=["juhua", "xianguo"],
    )
    ev = play(g, 0, "saomu")
    ev += flip(g, 1, "gui_daqiang")
    ev += g.choose(0, f"counter:{in_hand(g, 0, 'quxie')}")
    ev += flip(g, 1, "chaitai")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(3, False), (2, True), (1, False), (0, True)]
    assert hand_defs(g, 0) == [PAD]
    assert g.view(0).deck_count > 0 and "draw" not in event_kinds(ev)


def test_zhiren_tishen_negated_by_quxie_the_worship_resolves() -> None:
    # R12/R16: 纸人替身 answers the worship; the declarer answers it from hand with 驱邪 (its
    # own turn): the trap is negated and the worship resolves (offerings stacked, worship draw).
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["zufu", "quxie"], 1: ["qingcha"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"], 1: ["zhiren_tishen/down"]},
        deck_top=["zhiqian"],
    )
    g.choose(0, f"declare:{in_hand(g, 0, 'zufu')}")
    flip(g, 1, "zhiren_tishen")
    ev = g.choose(0, f"counter:{in_hand(g, 0, 'quxie')}")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(2, False), (1, True), (0, False)]
    assert field_defs(g, 0)[0] == "zufu"
    assert len(stacked_defs(g, 0)) == 4 and "zhiqian" in hand_defs(g, 0)
    assert "quxie" in discard_defs(g)  # the turn went on to the end phase (R12, R7)


@pytest.mark.parametrize("ancestor", ["zumu", "waigong"])
def test_chaitai_still_negates_zumu_and_waigong_worship(ancestor: str) -> None:
    # Rulebook §12.2: 祖母 (unaffected by traps) and 外公 (cannot return to hand) are not
    # protected from the counter 拆台: it negates the worship and the ancestor goes to the
    # discard pile; the offerings stay.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: [ancestor], 1: ["qingcha", "qingjiu"]},
        fields={0: ["qingtuan", "juhua", "xianguo", "zhiqian"], 1: ["chaitai/down"]},
    )
    g.choose(0, f"declare:{in_hand(g, 0, ancestor)}")
    flip(g, 1, "chaitai")
    pass_responses(g)
    assert ancestor in discard_defs(g)
    assert offerings_on_field(g.view(None), 0) == 4 and stacked_defs(g, 0) == []


# ───────────────────────────── R12: worship on a full field ─────────────────────────────


def test_worship_on_a_full_field_takes_the_first_offerings_slot() -> None:
    # R12: declaring needs no free slot (4 offerings + a face-down card fill the field); the
    # ancestor takes the slot of an offering it stacks; the face-down card stays.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["zumu"], 1: ["qingcha"]},
        fields={0: ["qingtuan", "juhua", "quxie/down", "qingjiu", "xianguo"]},
        deck_top=["saomu"],
    )
    assert option_for(g, "declare", "zumu") is not None
    g.choose(0, f"declare:{in_hand(g, 0, 'zumu')}")
    pass_responses(g)
    v = g.view(0)
    assert [s.card.card if s.card else None for s in v.seats[0].slots] == [
        "zumu",
        None,
        "quxie",
        None,
        None,
    ]
    assert v.seats[0].slots[2].face_down
    assert len(v.seats[0].stacked) == 4


# ── R20: the check at the start of the end phase ──────────────────────────────────────────────────


def test_win_check_at_the_start_of_the_end_phase() -> None:
    # R20 "at the start of every phase", the end phase included: the worship phase is already
    # under way (its own check done) when seat 0 comes to qualify; with nothing to declare the
    # end phase begins and its check finds the win — in this turn, not at the next turn's start.
    g = new_game(2, ancestors=["zumu"])
    arrange(
        g,
        turn_seat=0,
        phase=Phase.WORSHIP,
        hands={0: ["qingtuan", "juhua", "qingjiu"], 1: ["qingcha"]},
        fields={0: ["zumu"]},
        stacks={0: ["xianguo"]},
    )
    r = g.result
    assert r is not None and r.winner == 0 and r.ancestor == "zumu" and r.reason == "worship"
    assert r.turns == g.view(None).turn == 1


def test_several_qualify_turn_order_wraps_past_the_last_seat() -> None:
    # R20 tie-break: on seat 2's turn seats 0 and 1 qualify; the first in turn order after
    # seat 2 is seat 0 (turn order wraps).
    g = position(
        3,
        turn=2,
        phase=Phase.DRAW,
        hands={0: ["zhiqian", "xiangzhu"], 1: ["juhua", "qingtuan", "qingjiu"]},
        fields={0: ["taigong"], 1: ["zumu"]},
        stacks={0: ["qingcha"], 1: ["xianguo"]},
    )
    assert g.result is not None and g.result.winner == 0


# ── R21 + R13: a prohibition made on someone else's turn ──────────────────────────────────────────


def test_prohibition_from_a_trap_on_another_turn_ends_with_that_turn() -> None:
    # R21/R13: seat 0 flips 文明 during seat 1's turn: seat 1 cannot play 烧包袱 then; the
    # prohibition ends with seat 1's turn, so seat 0 may place 纸钱 in its own next turn.
    g = position(
        2,
        turn=1,
        phase=Phase.PLACE,
        hands={1: ["qingtuan", "shao_baofu", PAD], 0: ["zhiqian"]},
        fields={0: ["wenming_changdao/down"]},
        deck_top=["juhua", "qingcha"],
    )
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    flip(g, 0, "wenming_changdao")
    pass_responses(g)
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.ACTION
    assert option_for(g, "play", "shao_baofu") is None
    assert [p.source for p in g.view(0).prohibitions] == ["wenming_changdao"]
    g.choose(1, "end")
    assert g.view(0).turn_seat == 0 and g.view(0).prohibitions == ()
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.PLACE
    assert option_for(g, "place", "zhiqian") is not None


# ── R16: set this turn, an opponent's response this turn ──────────────────────────────────────────


def test_card_set_this_turn_cannot_answer_a_response_the_same_turn() -> None:
    # R16: seat 0 sets 驱邪 and then plays 扫墓; seat 1 flips 鬼打墙. The 驱邪 set this turn
    # cannot be flipped (seat 0 is offered only "pass" under ask-everyone); 扫墓 is negated.
    g = position(
        2,
        turn=0,
        hands={0: ["quxie", "saomu", PAD], 1: ["qingcha"]},
        fields={1: ["gui_daqiang/down"]},
        options=EVERYONE,
    )
    g.choose(0, f"set:{in_hand(g, 0, 'quxie')}")
    play(g, 0, "saomu")
    flip(g, 1, "gui_daqiang")
    assert g.prompt.seat == 0 and g.prompt.ids == ("pass",)
    ev = g.choose(0, "pass")
    assert resolved_links(ev) == [(1, False), (0, True)]
    # On seat 1's next turn, the card set on the previous turn is flippable again (not needed
    # here); its being face-down is still private.
    assert field_defs(g, 0, viewer=1) == ["saomu"]


# ───────────────────────────── R4: searched empty ─────────────────────────────


def test_deck_searched_empty_is_refilled_at_once() -> None:
    # R4 / seed (当牌山抽空之后，立即…): the search takes the deck's last card; the discard pile
    # (with the cost just paid) becomes the deck at once, and the "then draw 1" draws from it.
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan", PAD], 1: ["qingcha"]},
        deck_top=["zhiqian"],
        empty_deck=True,
    )
    before = len(g.view(None).discard)
    ev = play(g, 0, "jisi_zhunbei")
    ev += g.choose(0, "mode:0")
    ev += g.choose(0, f"pay:{in_hand(g, 0, 'qingtuan')}")
    ev += pass_responses(g)
    kinds = event_kinds(ev)
    assert kinds.index("search") < kinds.index("reshuffle") < kinds.index("draw")
    v = g.view(0)
    assert v.discard == ()
    assert v.deck_count == before + 1 - 1  # the pile + the cost, less the draw
    assert "zhiqian" in hand_defs(g, 0)


# ───────────────────────────── R5: what non-deciders see ─────────────────────────────


def test_jie_dongfeng_pick_hidden_from_everyone_but_the_activator() -> None:
    # R5: while seat 0 picks from seat 1's hand (3 players), the other views show whose decision
    # it is and of what kind, but no options or context; the card taken is told to the taker and
    # the victim only.
    g = position(
        3,
        turn=0,
        hands={0: ["jie_dongfeng", PAD], 1: ["qingtuan", "saomu"], 2: ["qingcha"]},
    )
    ev = play(g, 0, "jie_dongfeng")
    if g.prompt.kind is PromptKind.TARGET:
        ev += g.choose(0, "target:p1")
    ev += pass_responses(g)
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.seat == 0
    assert set(g.prompt.context["cards"].values()) == {"qingtuan", "saomu"}
    for viewer in (1, 2, None):
        p = g.view(viewer).prompt
        assert p is not None and p.seat == 0 and p.kind is PromptKind.EFFECT
        assert p.options == () and p.context == {} and p.default == ""
    look = [e for e in ev if e.kind == "look"]
    assert look and all(e.to == (0,) for e in look)
    ev = pick(g, 0, "saomu")
    takes = [e for e in ev if e.kind == "take"]
    public = [e for e in takes if e.to is None]
    private = [e for e in takes if e.to is not None]
    assert public and all(e.data["card"] is None and "def" not in e.data for e in public)
    assert private and all(set(e.to) == {0, 1} and e.data["def"] == "saomu" for e in private)
    assert not any(e.visible_to(2) and e.data.get("def") == "saomu" for e in ev)


def test_a_cancelled_draft_reveals_nothing_to_the_table() -> None:
    # R5/R22: seat 1 starts flipping its face-down 拆台 (a COST prompt: 3 different cards to
    # choose from), then cancels and passes. The card is never revealed — so the other seats
    # must not have seen a COST prompt either (only 拆台 among responses has a cost), only that
    # seat 1 is still answering.
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan", "juhua", "qingjiu"], 2: ["qingcha"]},
        fields={1: ["chaitai/down"], 2: ["gui_daqiang/down"]},
        options=EVERYONE,
    )
    play(g, 0, "saomu")
    flip(g, 1, "chaitai")
    assert g.prompt.kind is PromptKind.COST  # seat 1's own prompt
    seen = [g.view(v).prompt.kind for v in (0, 2, None)]
    g.choose(1, "cancel")
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND
    assert g.view(2).seats[1].slots[0].card is None  # still face-down, unknown
    assert seen == [PromptKind.RESPOND] * 3


def test_a_cancelled_response_draft_asks_the_same_seat_again() -> None:
    # R15/R18: cancelling a response's draft leaves no trace: the same seat is asked again,
    # nothing was paid, and after its pass the asking goes on to the next seat.
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan", "juhua", "qingjiu"], 2: ["qingcha"]},
        fields={1: ["chaitai/down"], 2: ["gui_daqiang/down"]},
    )
    play(g, 0, "saomu")
    flip(g, 1, "chaitai")
    g.choose(1, f"pay:{in_hand(g, 1, 'qingtuan')}")
    g.choose(1, "cancel")
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND
    assert hand_defs(g, 1) == ["juhua", "qingjiu", "qingtuan"] and discard_defs(g) == []
    g.choose(1, "pass")
    assert g.prompt.seat == 2 and option_for(g, "flip", "gui_daqiang") is not None


def _search_option(g: Game, name: str) -> int:
    """The card id the pending search offers for ``name`` (seat 0 decides)."""
    assert g.prompt is not None and g.prompt.kind is PromptKind.EFFECT
    ids = [int(c) for c, d in g.prompt.context["cards"].items() if d == name]
    assert len(ids) == 1, "one option a card name (interpretation 2)"
    return ids[0]


def test_search_offers_the_lowest_instance_whatever_the_order() -> None:
    # R5 (deck order hidden) / the search op's choices: "one choice a card name, lowest first".
    # Both 青团 are in the deck, the lower id on top: the option must still be the lower id,
    # else the option tells which copy lies deeper.
    g = position(2, turn=0, hands={0: ["shao_baofu", PAD]}, deck_top=["qingtuan"])
    low = min(c for c in range(len(g.defs)) if g.defs[c].id == "qingtuan")
    play(g, 0, "shao_baofu")
    assert _search_option(g, "qingtuan") == low


def test_card_ids_say_nothing_about_the_card_until_seen() -> None:
    # R5 (engine 2): ids are dealt to cards at random per game, so an id in an option or event
    # cannot be decoded by position in the public card list — e.g. a search's option for a name
    # does not tell where another copy never seen is. Seen from seat 0's views only: across
    # seeds the same id names different cards.
    names: dict[int, set[str]] = {}
    for seed in range(20):
        g = Game.new(["A", "B"], seed)
        for cv in g.view(0).seats[0].hand or ():
            names.setdefault(cv.cid, set()).add(cv.card)
    seen_twice = [v for v in names.values() if len(v) > 1]
    assert len(seen_twice) > len(names) // 2  # not just the ancestors (drawn at random anyway)
    # (A known limitation: a copy whose id was seen before — on a field or in the discard pile
    # before a reshuffle — can still be located by which id a search offers.)


def test_jie_dongfeng_look_does_not_show_the_hands_order() -> None:
    # R5: 借东风 shows the cards of the hand, not the order they came in (which would tell, say,
    # which card a hidden search brought): the same hand acquired in two orders looks the same.
    seen = []
    for order in (["qingtuan", "saomu", "juhua"], ["juhua", "saomu", "qingtuan"]):
        g = position(2, turn=0, hands={1: order, 0: ["jie_dongfeng", PAD]})
        ev = play(g, 0, "jie_dongfeng")
        look = [e.data["defs"] for e in ev if e.kind == "look"]
        assert g.prompt.kind is PromptKind.EFFECT
        seen.append((look, [g.defs[o.card].id for o in g.prompt.options if o.card is not None]))
    assert seen[0] == seen[1]


# ───────────────────────────── R10: one placement, negated or not ─────────────────────────────


def test_negated_placement_uses_up_the_turns_placement() -> None:
    # R10: a placement negated by 野火 still was the turn's one placement: no second one.
    g = position(
        2,
        turn=0,
        phase=Phase.PLACE,
        hands={0: ["qingtuan", "juhua", PAD], 1: ["qingcha"]},
        fields={1: ["yehuo/down"]},
    )
    g.choose(0, f"place:{in_hand(g, 0, 'qingtuan')}")
    flip(g, 1, "yehuo")
    pass_responses(g)
    assert "qingtuan" in discard_defs(g)
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    assert option_for(g, "place") is None


# ───────────────────────────── R23: conceding in the middle of things ─────────────────────────────


def test_turn_player_concedes_while_a_response_is_being_paid() -> None:
    # R23: seat 1 is paying 拆台's cost (choosing among 3 different cards) when the turn player
    # concedes; the draft goes on, the chain resolves (seat 0's link does nothing), then the
    # turn passes to seat 1.
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan", "juhua", "qingjiu"], 2: ["qingcha"]},
        fields={1: ["chaitai/down"]},
    )
    play(g, 0, "saomu")
    flip(g, 1, "chaitai")
    assert g.prompt.kind is PromptKind.COST and g.prompt.seat == 1
    g.choose(0, "concede")
    assert g.prompt.kind is PromptKind.COST and g.prompt.seat == 1
    g.choose(1, f"pay:{in_hand(g, 1, 'qingtuan')}")
    g.choose(1, f"pay:{in_hand(g, 1, 'juhua')}")
    pass_responses(g)
    v = g.view(1)
    assert v.turn_seat == 1 and v.turn == 2
    assert hand_defs(g, 1)[0] == "qingjiu" or "qingjiu" in hand_defs(g, 1)
    assert {"qingtuan", "juhua", "saomu"} <= set(discard_defs(g))


def test_victim_concedes_while_jie_dongfeng_picks() -> None:
    # R23 / rulebook §9: an effect that targets a player who has conceded fails — even when the
    # player concedes while the activator is choosing the card.
    g = position(
        3,
        turn=0,
        hands={0: ["jie_dongfeng", PAD], 1: ["qingtuan", "saomu"], 2: ["qingcha"]},
    )
    play(g, 0, "jie_dongfeng")
    if g.prompt.kind is PromptKind.TARGET:
        g.choose(0, "target:p1")
    pass_responses(g)
    assert g.prompt.kind is PromptKind.EFFECT
    ev = g.choose(1, "concede")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    assert hand_defs(g, 0) == [PAD]
    assert any(e.kind == "section" and not e.data["ok"] for e in ev)


# ── R22: round limit with the first player gone ───────────────────────────────────────────────────


def test_round_limit_counts_rounds_after_the_first_player_concedes() -> None:
    # R22/R23: 3 players, limit 2; the first player concedes at once. Round 1: its (ended) turn
    # and the two others'; round 2: two turns; the draw comes when round 3 would begin.
    g = Game.new(["A", "B", "C"], 11, GameOptions(round_limit=2))
    first = g.view(None).first_seat
    g.choose(first, "concede")
    for _ in range(2000):
        if g.prompt is None:
            break
        g.apply_default()
    r = g.result
    assert r is not None and r.reason == "round_limit" and r.winner is None
    assert r.rounds == 2 and r.turns == 5


# ── manifestations: any number, each answering its own link ───────────────────────────────────────


def test_two_manifestations_in_one_chain_zhenhun_negates_the_first_only() -> None:
    # Rulebook §8/§12.3: 祖母 manifests against 扫墓 (link 1); seat 0 answers with 镇魂 from hand
    # (link 2); 祖母 manifests again against 镇魂 (link 3). Each costs one stacked offering.
    # Newest first: link 3 draws 2; 镇魂 negates link 1 (no draw); 扫墓 resolves.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "zhenhun", PAD], 1: ["qingcha"]},
        fields={1: ["zumu"]},
        stacks={1: ["qingtuan", "juhua", "qingjiu"]},
    )
    ev = play(g, 0, "saomu")
    ev += g.choose(1, f"manifest:{on_field(g, 1, 'zumu')}")
    if g.prompt.kind is PromptKind.COST:
        ev += g.choose(1, g.prompt.ids[0])
    ev += g.choose(0, f"counter:{in_hand(g, 0, 'zhenhun')}")
    ev += g.choose(1, f"manifest:{on_field(g, 1, 'zumu')}")
    if g.prompt is not None and g.prompt.kind is PromptKind.COST:
        ev += g.choose(1, g.prompt.ids[0])
    ev += pass_responses(g)
    assert len(stacked_defs(g, 1)) == 1
    assert resolved_links(ev)[:3] == [(3, False), (2, False), (1, True)]
    assert g.view(1).seats[1].hand_count == 3  # 1 + one manifestation's draw 2


# ───────────────────────────── rulebook §7.1, §10, §11, R22 timers ─────────────────────────────


def test_optional_put_is_asked_even_with_one_candidate() -> None:
    # Rulebook §7.1: a choice you may decline is always asked — 烧包袱's put with the searched
    # offering as the only offering in hand still asks (pick it or "none").
    g = position(2, turn=0, hands={0: ["shao_baofu", PAD], 1: ["qingcha"]}, empty_deck=True)
    play(g, 0, "shao_baofu")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "search"
    pick(g, 0, "juhua")
    p = g.prompt
    assert p.kind is PromptKind.EFFECT and p.context["op"] == "put_offering"
    assert sorted(o.kind for o in p.options) == ["none", "pick"] and p.default == "none"
    g.choose(0, "none")
    assert "juhua" in hand_defs(g, 0)


def test_wenming_against_worship_burning_offerings_are_still_stacked() -> None:
    # Rulebook §10 / R21: a prohibition does not touch a Burning offering already on the field:
    # 文明 flipped against the worship itself, the worship resolves and stacks 纸钱 and 香烛.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["zufu"], 1: ["qingcha"]},
        fields={0: ["zhiqian", "qingtuan", "xiangzhu", "juhua"], 1: ["wenming_changdao/down"]},
    )
    g.choose(0, f"declare:{in_hand(g, 0, 'zufu')}")
    ev = flip(g, 1, "wenming_changdao")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(1, False), (0, False)]
    assert stacked_defs(g, 0) == ["juhua", "qingtuan", "xiangzhu", "zhiqian"]


def test_after_the_ritual_breaks_the_owner_places_again() -> None:
    # R14 / rulebook §11: once the ancestor has left, the placement phase is no longer skipped.
    g = position(
        2,
        turn=1,
        hands={1: ["jingrao", PAD], 0: ["qingtuan", "juhua"]},
        fields={0: ["zufu"]},
        stacks={0: ["qingcha"]},
        deck_top=["xianguo", "qingjiu", "zhiqian", "xiangzhu"],
    )
    play(g, 1, "jingrao")
    pass_responses(g)
    assert field_defs(g, 0) == [] and "zufu" in discard_defs(g)
    g.choose(1, "end")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.PLACE
    assert option_for(g, "place", "qingtuan") is not None


def test_timer_defaults_from_a_half_made_activation_end_the_turn_without_a_trace() -> None:
    # R22 turn timer / rulebook §14: the defaults (cancel, end, decline) from the middle of an
    # activation's mode choice end the turn; nothing was activated or paid.
    g = position(2, turn=0, hands={0: ["jisi_zhunbei", "qingtuan", PAD], 1: ["qingcha"]})
    g.choose(0, option_for(g, "play", "jisi_zhunbei"))
    assert g.prompt.kind is PromptKind.MODE
    ev: list[Event] = []
    while g.prompt is not None and g.prompt.seat == 0:
        ev += g.apply_default()
    assert "activate" not in event_kinds(ev)
    assert g.view(1).turn_seat == 1
    assert hand_defs(g, 0) == sorted(["jisi_zhunbei", "qingtuan", PAD])


def test_waigong_manifestation_negates_shunshou_on_its_owners_offering() -> None:
    # 外公's manifestation ("an opponent's effect targets a card of yours → negate it") answers
    # 顺手牵羊 aimed at an offering on its owner's field; its cost is a stacked offering.
    g = position(
        2,
        turn=1,
        hands={1: ["shunshou", PAD], 0: ["qingcha"]},
        fields={0: ["waigong", "qingtuan"]},
        stacks={0: ["juhua", "qingjiu"]},
    )
    play(g, 1, "shunshou")
    assert g.prompt.seat == 0
    ev = g.choose(0, f"manifest:{on_field(g, 0, 'waigong')}")
    if g.prompt is not None and g.prompt.kind is PromptKind.COST:
        ev += g.choose(0, g.prompt.ids[0])
    ev += pass_responses(g)
    assert resolved_links(ev) == [(1, False), (0, True)]
    assert field_defs(g, 0) == ["waigong", "qingtuan"] and len(stacked_defs(g, 0)) == 1


# ───────────────────────────── 护身符 on an ancestor, afterwards ─────────────────────────────


def test_ancestor_tapped_by_hushenfu_stays_out_of_reach_but_serves_its_owner() -> None:
    # R8 after 护身符 answered 惊扰: the ancestor stays tapped, so a later 惊扰 cannot even
    # target it (not offered); its owner's own manifestation still pays from its stack.
    g = position(
        2,
        turn=0,
        hands={0: ["jingrao", "jingrao", "saomu", PAD], 1: ["qingcha"]},
        fields={1: ["zumu", "hushenfu/down"]},
        stacks={1: ["qingtuan", "juhua"]},
        deck_top=["xianguo", "qingjiu", "zhiqian", "xiangzhu"],
    )
    play(g, 0, "jingrao")
    flip(g, 1, "hushenfu")
    pass_responses(g)
    assert g.view(0).seats[1].slots[0].card.tapped
    assert stacked_defs(g, 1) == ["juhua", "qingtuan"]
    assert option_for(g, "play", "jingrao") is None  # no untapped opposing ancestor to target
    play(g, 0, "saomu")
    ev = g.choose(1, f"manifest:{on_field(g, 1, 'zumu')}")
    if g.prompt is not None and g.prompt.kind is PromptKind.COST:
        ev += g.choose(1, g.prompt.ids[0])
    assert len(stacked_defs(g, 1)) == 1
    assert "unstack" in event_kinds(ev)


def test_hand_limit_binds_only_the_turn_player_and_its_discards_are_public() -> None:
    # R22 hand limit: in seat 0's end phase only seat 0 discards down (seat 1, over the limit
    # too, keeps its cards until its own end phase); the discards are public events.
    g = position(
        2,
        turn=0,
        hands={
            0: ["qingtuan", "juhua", "qingjiu", PAD],
            1: ["qingcha", "xianguo", "zhiqian", "saomu"],
        },
        options=GameOptions(hand_limit=2),
    )
    ev = g.choose(0, "end")
    ev += g.choose(0, f"discard:{in_hand(g, 0, 'qingtuan')}")
    ev += g.choose(0, f"discard:{in_hand(g, 0, 'juhua')}")
    limit = [e for e in ev if e.kind == "discard" and e.data.get("hand_limit")]
    assert [e.data["def"] for e in limit] == ["qingtuan", "juhua"]
    assert all(e.to is None for e in limit)
    v = g.view(1)
    assert v.turn_seat == 1 and v.seats[0].hand_count == 2
    assert v.seats[1].hand_count >= 5  # its draw came on top; it discards in its own end phase


def test_burning_stacked_by_an_ability_activated_before_the_prohibition() -> None:
    # R21 (as the rulebook's section on prohibitions reads it): the stacking ability was
    # activated with 纸钱 before 文明 came into force, so — like a Burning card already
    # activated — it still resolves and stacks the 纸钱.
    g = position(
        2,
        turn=0,
        hands={0: ["zhiqian", PAD], 1: ["qingcha"]},
        fields={0: ["shizu"], 1: ["wenming_changdao/down"]},
        stacks={0: ["juhua"]},
    )
    ev = g.choose(0, f"ability:{in_hand(g, 0, 'zhiqian')}")
    ev += flip(g, 1, "wenming_changdao")
    ev += pass_responses(g)
    assert resolved_links(ev) == [(1, False), (0, False)]
    assert stacked_defs(g, 0) == ["juhua", "zhiqian"]


# ───────────────────────────── invariants over whole games ─────────────────────────────


def _check_draw(st, seat: int) -> None:
    """R9: the draw phase draws 1 + the offerings on the field (+1 with 祖父), read from the
    view before the step (a step that only ends a turn changes no field)."""
    before = st.before
    want = 1 + offerings_on_field(before, seat) + (ancestor_of(before, seat) == "zufu")
    if before.deck_count < want + 1:
        return  # R4 territory: the deck may run short
    it = iter(st.events)
    for e in it:
        if e.kind == "turn" and e.seat == seat:
            break
    for e in it:
        if e.kind == "draw" and e.to is None and e.seat == seat:
            assert e.data["count"] == want, ("R9", seat, e.data, want)
            return
        if e.kind == "game_over":
            return
    raise AssertionError(("R9: no draw", seat))


_HIDDEN_EVENT_KINDS = {"draw", "search", "set", "look"}


@pytest.mark.parametrize(
    ("players", "strategy", "opts"),
    [
        (2, "random", {}),
        (2, "heuristic", {}),
        (3, "heuristic", {"hand_limit": 6}),
        (4, "random", {"ask_everyone": True}),
    ],
)
def test_invariants_over_bot_games(players: int, strategy: str, opts: dict) -> None:
    # Read from views only, after every decision of seeded bot games:
    # R20 — with no chain open nobody qualifies unnoticed (checks at every phase start and after
    #        every chain leave no gap); a worship winner qualifies at the end.
    # R14 — with no chain open, no ancestor stands without a stacked offering.
    # R13/R21 — prohibitions in force are this turn's; when a turn begins, the previous turn
    #        player has no face-up special card left (R7) and is within the hand limit (R22).
    # R16 — no flip of a card set this turn; counters from hand only for the turn player.
    # R18 — nobody is asked about their own newest link.
    # R12 — worship offered only with ≥ 4 offerings on the field and no ancestor there.
    # R5 — public draw/search/set/look events carry no card identity.
    for g, steps in bot_games(range(15), players, strategy, **opts):
        set_on: dict[int, int] = {}
        placed: dict[int, int] = {}
        last: tuple[int, int] | None = None
        for st in steps:
            turn = st.before.turn
            quiet = True  # nothing activated since the turn changed in this step
            turns_begun = 0
            for e in st.events:
                if e.kind == "turn":
                    turn, quiet = e.data["turn"], True
                    turns_begun += 1
                    # Only the first turn begun in this step: the view before it still holds.
                    if turns_begun == 1 and st.option in ("end", "decline", "skip"):
                        _check_draw(st, e.seat)
                elif e.kind == "activate":
                    quiet = False
                    if e.data["kind"] == "place":
                        placed[turn] = placed.get(turn, 0) + 1
                        assert placed[turn] == 1, ("R10", g.seed, turn)
                if e.kind == "set" and e.to is not None:
                    set_on[e.data["card"]] = turn
                if e.to is None and e.kind in _HIDDEN_EVENT_KINDS:
                    assert (
                        "def" not in e.data and "defs" not in e.data and not e.data.get("card")
                    ), e
            if g.over:
                break
            v = g.view(None)
            p = g.prompt
            assert p is not None
            where = (g.seed, g.seq, p.seat, p.kind)
            if not v.chain:
                for s in range(players):
                    assert not qualifies_now(g, s), ("R20", where, s)
                    if ancestor_of(v, s) is not None:
                        assert v.seats[s].stacked, ("R14", where, s)
            assert all(pr.until_turn == v.turn for pr in v.prohibitions), ("R21", where)
            if p.kind is PromptKind.RESPOND:
                assert not v.chain or v.chain[-1].seat != p.seat, ("R18", where)
                for o in p.options:
                    if o.kind == "flip":
                        assert set_on.get(o.card) != v.turn, ("R16 flip", where)
                    if o.kind == "counter":
                        assert p.seat == v.turn_seat, ("R16 counter", where)
            if p.kind is PromptKind.WORSHIP:
                out = ancestor_of(v, p.seat)
                if out is None:
                    assert offerings_on_field(v, p.seat) >= 4, ("R12", where)
                else:  # only 始祖, just worshipped, is asked again: to stack, or not
                    kinds = {o.kind for o in p.options}
                    assert "stack_ability" in shipped_cards().by_id[out].standing, ("R12", where)
                    assert kinds <= {"ability", "decline"}, ("R12", where)
            new_turn = last is not None and v.turn != last[0]
            if new_turn and quiet and last is not None and not v.seats[last[1]].conceded:
                prev = v.seats[last[1]]
                specials = [
                    s.card.card
                    for s in prev.slots
                    if s.card is not None
                    and not s.face_down
                    and shipped_cards().by_id[s.card.card].is_special
                ]
                assert specials == [], ("R7", where, specials)
                if g.options.hand_limit is not None:
                    assert prev.hand_count <= g.options.hand_limit, ("R22", where)
            last = (v.turn, v.turn_seat)
        r = g.result
        assert r is not None
        if r.reason == "worship":
            assert r.winner is not None and qualifies_now(g, r.winner)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_concessions_at_random_moments(players: int) -> None:
    # R23 under fuzz: seeded random bots, and now and then a random live seat concedes (in the
    # middle of drafts, chains, resolutions). After every decision, read from the views: a
    # conceded seat is never asked, holds no card anywhere; the turn stays with a conceded seat
    # only while the chain in progress resolves; the winner never is a conceded seat; the journal
    # (concessions included) replays to the same state.
    import random

    from qm_rules.bots import make_bot

    for seed in range(25):
        g = Game.new(
            [f"S{i}" for i in range(players)], seed, GameOptions(ask_everyone=seed % 2 == 1)
        )
        bots = [make_bot("random", (seed, s)) for s in range(players)]
        rng = random.Random(seed)
        gone: set[int] = set()
        for _ in range(5000):
            if g.over:
                break
            if rng.random() < 0.02:
                s = rng.choice([s for s in range(players) if s not in gone])
                g.choose(s, "concede")
                gone.add(s)
            else:
                p = g.prompt
                assert p is not None
                g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
            if g.over:
                break
            v = g.view(None)
            assert g.prompt is not None and g.prompt.seat not in gone, (seed, g.seq)
            for s in gone:
                sv = v.seats[s]
                assert sv.conceded and sv.hand_count == 0 and not sv.stacked, (seed, g.seq, s)
                assert all(sl.empty for sl in sv.slots), (seed, g.seq, s)
            assert v.turn_seat not in gone or v.chain, (seed, g.seq)
        r = g.result
        assert r is not None
        assert r.winner is None or r.winner not in gone
        if len(gone) == players - 1:
            assert r.reason == "last_standing" and r.winner not in gone
        assert Game.replay(g.journal).state_hash() == g.state_hash()


@pytest.mark.parametrize("players", [3, 5, 6])
def test_asking_order_for_every_newest_link_under_ask_everyone(players: int) -> None:
    # R18 with ask-everyone on (R22), over seeded random bot games: for each newest link, the
    # seats asked are exactly the others in turn order starting after the link's player; the
    # asking stops early only when one of them responds (a new newest link).
    for g, steps in bot_games(range(12), players, "random", ask_everyone=True):
        asked: list[int] = []
        link: tuple[int, int] | None = None  # (chain length, the newest link's seat)
        for st in steps:
            before = st.before
            if st.kind is PromptKind.RESPOND:
                key = (len(before.chain), before.chain[-1].seat)
                if key != link:
                    link, asked = key, []
                asked.append(st.seat)
                live = [s for s in range(players) if not before.seats[s].conceded]
                order = [(key[1] + i) % players for i in range(1, players)]
                expected = [s for s in order if s in live]
                assert asked == expected[: len(asked)], (g.seed, g.seq, asked, expected)
                if st.option != "pass":
                    asked.pop()  # responding: a new link, or (draft cancelled) asked again
                elif len(asked) == len(expected):
                    link, asked = None, []  # everyone passed: the chain closes
            if g.over:
                break
