"""Rules tests for the end of turns and of games: R13 (end phase), R14 (ancestor on the field),
R20 (winning), R21 (prohibitions), R22 (table options) and R23 (conceding).

Positions are arranged at the start (setup only); everything then happens through
``game.choose``; assertions read views, events, prompts and results.
"""

from __future__ import annotations

import pytest
from helpers import (
    PAD,
    discard_defs,
    event_kinds,
    field_defs,
    hand_defs,
    in_hand,
    on_field,
    option_for,
    pass_responses,
    pick,
    play,
    position,
    stacked_defs,
)

from qm_rules import Game, GameOptions, Journal, NotYourTurn, Phase, Prohibition, PromptKind


def run_defaults(g: Game, until, limit: int = 2000) -> None:
    for _ in range(limit):
        if g.prompt is None or until(g):
            return
        g.apply_default()
    raise AssertionError("condition never reached")


# ───────────────────────────── R13: end phase ─────────────────────────────


def test_end_phase_discards_face_up_specials_only_and_passes_the_turn() -> None:
    # R13 (with R7): face-up special cards of the turn player go to the discard pile; offerings,
    # face-down cards and the ancestor stay; the next player's turn begins.
    g = position(
        2,
        turn=0,
        hands={0: [PAD], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "saomu", "gui_daqiang/down", "taigong"]},
        stacks={0: ["juhua"]},
    )
    ev = g.choose(0, "end")
    assert [e.data["def"] for e in ev if e.kind == "discard" and e.data.get("end_phase")] == [
        "saomu"
    ]
    assert field_defs(g, 0) == ["qingtuan", "gui_daqiang", "taigong"]
    assert field_defs(g, 0, viewer=1) == ["qingtuan", "taigong"]
    v = g.view(1)
    assert v.turn_seat == 1 and v.turn == 2
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.PLACE


def test_end_phase_leaves_other_players_face_up_cards() -> None:
    # R13/R7: only the turn player's face-up specials leave in that end phase: seat 1's flipped
    # 文明祭祀倡导 stays until seat 1's own end phase.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan", "juhua"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["qingcha", "xianguo", "qingjiu"],
    )
    play(g, 0, "saomu")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    pick(g, 0, "qingcha")  # 扫墓's discard
    g.choose(0, "end")
    assert "wenming_changdao" in field_defs(g, 1, viewer=0)
    assert "saomu" in discard_defs(g)
    # Seat 1's turn: place, then end → its face-up trap leaves now.
    g.choose(1, f"place:{in_hand(g, 1, 'qingtuan')}")
    if g.prompt.kind is PromptKind.ACTION:
        g.choose(1, "end")
    assert "wenming_changdao" in discard_defs(g)
    assert "wenming_changdao" not in field_defs(g, 1, viewer=0)


def test_this_turn_prohibition_ends_with_the_turn() -> None:
    # R13/R21: 文明祭祀倡导 lasts this turn; on the next player's turn Burning is usable again.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["zhiqian"]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["qingcha", "xianguo", "qingjiu"],
    )
    play(g, 0, "saomu")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    assert g.view(1).prohibitions != ()
    pick(g, 0, "qingcha")
    g.choose(0, "end")
    v = g.view(1)
    assert v.prohibitions == ()
    assert g.prompt.seat == 1 and option_for(g, "place", "zhiqian") is not None


# ───────────────────────────── R14: ancestor on the field ─────────────────────────────


def test_placement_skipped_while_ancestor_on_field() -> None:
    # R14: the placement phase is skipped while your ancestor is on the field.
    g = position(
        2,
        turn=0,
        phase=Phase.DRAW,
        hands={0: ["qingtuan", PAD]},
        fields={0: ["zufu"]},
        stacks={0: ["juhua"]},
    )
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION
    assert option_for(g, "place") is None


def test_placement_offered_without_ancestor() -> None:
    # R14 (control): no ancestor on the field → placement phase.
    g = position(2, turn=0, phase=Phase.DRAW, hands={0: ["qingtuan", PAD]})
    assert g.prompt.kind is PromptKind.PLACE


def test_ritual_breaks_only_after_the_chain() -> None:
    # R14: the last stacked offering removed (惊扰) → the ancestor stays while the chain is
    # open (seat 0 still asked, ask_everyone) and leaves once it has resolved.
    g = position(
        2,
        turn=1,
        hands={1: ["jingrao", PAD]},
        fields={0: ["zufu"]},
        stacks={0: ["qingtuan"]},
        options=GameOptions(ask_everyone=True),
    )
    play(g, 1, "jingrao")
    # Seat 0 may manifest (cost: its last offering) — it passes instead.
    assert g.prompt.seat == 0
    ev = g.choose(0, "pass")
    assert "ritual_broken" in event_kinds(ev)
    kinds = event_kinds(ev)
    assert kinds.index("unstack") < kinds.index("resolved") < kinds.index("ritual_broken")
    assert field_defs(g, 0, viewer=1) == []
    assert {"zufu", "qingtuan"} <= set(discard_defs(g))


def test_manifestation_cost_last_offering_ancestor_stays_during_the_chain() -> None:
    # R14: a manifestation paying the last offering — the ancestor is still on the field (and
    # its manifestation resolves) while the chain is open.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD]},
        fields={0: ["zumu"]},
        stacks={0: ["qingtuan"]},
        deck_top=["juhua", "qingcha", "xianguo", "qingjiu"],
        options=GameOptions(ask_everyone=True),
    )
    play(g, 1, "saomu")
    g.choose(0, f"manifest:{on_field(g, 0, 'zumu')}")
    assert g.prompt.seat == 1  # asked about the manifestation
    assert field_defs(g, 0, viewer=1) == ["zumu"] and stacked_defs(g, 0) == []
    ev = g.choose(1, "pass")
    assert g.view(1).seats[0].hand_count == 2  # the manifestation's draw 2 happened
    # 扫墓 (link 0) is still resolving: the ancestor is still there until its discard is made.
    assert field_defs(g, 0, viewer=1) == ["zumu"]
    ev += pick(g, 1, "qingjiu")
    assert "ritual_broken" in event_kinds(ev)
    assert field_defs(g, 0, viewer=1) == []


# ───────────────────────────── R20: winning ─────────────────────────────


def test_win_after_a_chain_on_another_players_turn() -> None:
    # R20: checked after every chain: 祖母's manifestation draws the 3rd offering into its
    # owner's hand during seat 1's turn, and seat 0 wins then.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD], 0: ["qingtuan"]},
        fields={0: ["zumu"]},
        stacks={0: ["qingcha", "qingjiu"]},
        deck_top=["juhua", "xianguo"],
    )
    play(g, 1, "saomu")
    ev = g.choose(0, f"manifest:{on_field(g, 0, 'zumu')}")
    if g.prompt is not None and g.prompt.kind is PromptKind.COST:
        ev += g.choose(0, g.prompt.ids[0])
    # Three offerings in hand now, but 扫墓 is still resolving (seat 1's discard): no win yet.
    assert g.result is None and g.prompt.seat == 1
    ev += pick(g, 1, PAD)
    assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "zumu"
    assert g.result.reason == "worship"
    assert "game_over" in event_kinds(ev)
    assert g.prompt is None
    assert g.view(1).phase is Phase.OVER


def test_no_win_while_the_chain_is_open() -> None:
    # R20: the condition is checked after the chain has fully resolved, not in the middle:
    # while seat 1 is asked about the manifestation, and while 扫墓 still resolves, no win.
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", PAD], 0: ["qingtuan"]},
        fields={0: ["zumu"]},
        stacks={0: ["qingcha", "qingjiu"]},
        deck_top=["juhua", "xianguo"],
        options=GameOptions(ask_everyone=True),
    )
    play(g, 1, "saomu")
    g.choose(0, f"manifest:{on_field(g, 0, 'zumu')}")
    if g.prompt.kind is PromptKind.COST:
        g.choose(0, g.prompt.ids[0])
    assert g.result is None and g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND
    g.choose(1, "pass")
    assert g.result is None  # 扫墓 still resolving
    pick(g, 1, PAD)
    assert g.result is not None and g.result.winner == 0


def test_win_checked_at_the_start_of_a_phase() -> None:
    # R20: at the start of every phase — a position that qualifies ends the game as the phase
    # begins, before the draw.
    g = position(
        2,
        turn=1,
        phase=Phase.DRAW,
        hands={0: ["zhiqian", "xiangzhu"], 1: ["qingtuan"]},
        fields={0: ["taigong"]},
        stacks={0: ["juhua"]},
    )
    assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "taigong"
    assert g.view(0).seats[1].hand_count == 1  # seat 1 did not draw


@pytest.mark.parametrize(("hand", "wins"), [(6, True), (5, False)])
def test_win_checked_when_the_placement_phase_starts_after_the_draw(hand: int, wins: bool) -> None:
    # R20 at the start of a phase, in play: 祖父's owner draws 1 + 0 + 1 (R9, standing effect);
    # with 6 in hand that makes 8 and the check at the start of the next phase finds it.
    g = position(
        2,
        turn=0,
        phase=Phase.DRAW,
        hands={0: ["juhua", "qingtuan", "qingjiu", PAD, "quxie", "saomu"][:hand], 1: ["qingcha"]},
        fields={0: ["zufu"]},
        stacks={0: ["xianguo"]},
    )
    if wins:
        assert g.result is not None and g.result.winner == 0 and g.result.ancestor == "zufu"
        assert g.result.turns == 1
    else:
        assert g.result is None and g.view(0).seats[0].hand_count == 7


def test_no_win_without_a_stacked_offering() -> None:
    # R20: the ancestor must have at least one stacked offering.
    g = position(
        2,
        turn=0,
        hands={0: ["zhiqian", "xiangzhu", PAD]},
        fields={0: ["taigong"]},
    )
    assert g.result is None


@pytest.mark.parametrize(
    ("turn", "winner"),
    [
        (1, 2),  # turn player (1) does not qualify: the first in turn order after it
        (0, 0),  # turn player qualifies: it wins
        (2, 2),
    ],
)
def test_several_qualify_turn_player_else_next_in_turn_order(turn: int, winner: int) -> None:
    # R20: several players qualify at the same check → the turn player, else the first in turn
    # order after them.
    g = position(
        3,
        turn=turn,
        phase=Phase.DRAW,
        hands={0: ["zhiqian", "xiangzhu"], 2: ["juhua", "qingtuan", "qingjiu"]},
        fields={0: ["taigong"], 2: ["zumu"]},
        stacks={0: ["qingcha"], 2: ["xianguo"]},
    )
    assert g.result is not None and g.result.winner == winner


def test_worship_negated_no_win_and_turn_goes_to_end() -> None:
    # R12/R20: a negated worship does not win; the turn goes on to the end phase.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["taigong", "zhiqian", "xiangzhu"], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"], 1: ["zhiren_tishen/down"]},
    )
    g.choose(0, f"declare:{in_hand(g, 0, 'taigong')}")
    g.choose(1, option_for(g, "flip", "zhiren_tishen"))
    assert g.result is None
    assert g.view(0).turn_seat == 1


# ───────────────────────────── R21: prohibitions ─────────────────────────────


def _prohibit_burning(g: Game) -> None:
    """Setup: a 文明祭祀倡导 prohibition in force this turn (placement comes before any chain
    of the turn, so a real one can never be in force there)."""
    g.prohibitions.append(Prohibition("burning", ("search", "use"), "wenming_changdao", g.turn))
    g._prompt = None
    g._advance()


def test_prohibition_excludes_burning_offerings_from_placement() -> None:
    # R21: "use" forbids placing a Burning offering; others may still be placed.
    g = position(2, turn=0, phase=Phase.PLACE, hands={0: ["zhiqian", "qingtuan", PAD]})
    assert option_for(g, "place", "zhiqian") is not None  # control
    _prohibit_burning(g)
    assert option_for(g, "place", "zhiqian") is None
    assert option_for(g, "place", "qingtuan") is not None


def test_prohibition_shao_baofu_not_playable() -> None:
    # R21: 烧包袱 (Burning) cannot be played under the prohibition; other actions can.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "shao_baofu", "qingtuan", PAD]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["juhua", "qingcha"],
    )
    assert option_for(g, "play", "shao_baofu") is not None
    play(g, 0, "saomu")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    pick(g, 0, "juhua")
    assert g.prompt.kind is PromptKind.ACTION
    assert option_for(g, "play", "shao_baofu") is None


def test_prohibition_drawing_burning_still_allowed() -> None:
    # R21: drawing a Burning card is still allowed (the worked example's "then draw 1" draws 纸钱).
    g = position(
        2,
        turn=0,
        hands={0: ["jisi_zhunbei", "qingtuan", PAD]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["zhiqian", "xiangzhu"],
    )
    play(g, 0, "jisi_zhunbei")
    g.choose(0, "mode:0")
    g.choose(0, f"pay:{in_hand(g, 0, 'qingtuan')}")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    assert hand_defs(g, 0) == sorted([PAD, "zhiqian"])


def test_prohibition_shao_baofu_search_and_put_exclude_burning() -> None:
    # R21: 文明祭祀倡导 chained onto 烧包袱 resolves first; 烧包袱 then cannot search a Burning
    # offering nor put one onto the field ("use"); ordinary offerings are fine.
    g = position(
        2,
        turn=0,
        hands={0: ["shao_baofu", "zhiqian", PAD]},
        fields={1: ["wenming_changdao/down"]},
        deck_top=["qingtuan", "juhua", "xiangzhu"],
    )
    play(g, 0, "shao_baofu")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "search"
    found = {g.defs[o.card].id for o in g.prompt.options if o.card is not None}
    assert "qingtuan" in found and not found & {"zhiqian", "xiangzhu"}
    pick(g, 0, "qingtuan")
    assert g.prompt.kind is PromptKind.EFFECT and g.prompt.context["op"] == "put_offering"
    put = {g.defs[o.card].id for o in g.prompt.options if o.card is not None}
    assert put == {"qingtuan"}


def test_shao_baofu_search_and_put_include_burning_without_prohibition() -> None:
    # R21 (control): without the prohibition Burning offerings are searched and put.
    g = position(
        2, turn=0, hands={0: ["shao_baofu", "zhiqian", PAD]}, deck_top=["qingtuan", "xiangzhu"]
    )
    play(g, 0, "shao_baofu")
    found = {g.defs[o.card].id for o in g.prompt.options if o.card is not None}
    assert {"qingtuan", "xiangzhu"} <= found
    pick(g, 0, "qingtuan")
    put = {g.defs[o.card].id for o in g.prompt.options if o.card is not None}
    assert put == {"qingtuan", "zhiqian"}


def test_prohibition_excludes_burning_from_shizu_stacking() -> None:
    # R21 (interpretation 6): 始祖's stacking is a use: a Burning offering cannot be stacked.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "zhiqian", "qingtuan", PAD]},
        fields={0: ["shizu"], 1: ["wenming_changdao/down"]},
        stacks={0: ["juhua"]},
        deck_top=["qingcha", "xianguo"],
    )
    assert option_for(g, "ability", "zhiqian") is not None
    play(g, 0, "saomu")
    g.choose(1, option_for(g, "flip", "wenming_changdao"))
    pass_responses(g)
    pick(g, 0, "qingcha")
    assert option_for(g, "ability", "zhiqian") is None
    assert option_for(g, "ability", "qingtuan") is not None


# ───────────────────────────── R22: table options ─────────────────────────────


def test_round_limit_ends_in_a_draw() -> None:
    # R22: past the round limit the game ends as a draw.
    g = Game.new(["A", "B", "C"], 5, GameOptions(round_limit=2))
    run_defaults(g, lambda g: False if g.prompt else True)
    r = g.result
    assert r is not None and r.winner is None and r.reason == "round_limit"
    assert r.rounds == 2 and r.turns == 6
    assert g.journal.result == r


def test_round_limit_zero_means_none() -> None:
    # R22: 0 = no round limit.
    g = Game.new(["A", "B"], 5, GameOptions(round_limit=0))
    run_defaults(g, lambda g: g.view(None).round > 45)
    assert g.result is None


def test_hand_limit_discards_at_end_phase() -> None:
    # R22: hand limit — in the end phase the turn player discards down to it, one at a time.
    g = position(
        2,
        turn=0,
        hands={0: ["qingtuan", "juhua", "qingjiu", "xianguo", PAD], 1: ["qingcha"]},
        options=GameOptions(hand_limit=3),
    )
    g.choose(0, "end")
    assert g.prompt.kind is PromptKind.HAND_LIMIT and g.prompt.seat == 0
    assert len(g.prompt.options) == 5
    g.choose(0, f"discard:{in_hand(g, 0, 'qingtuan')}")
    assert g.prompt.kind is PromptKind.HAND_LIMIT
    g.choose(0, f"discard:{in_hand(g, 0, 'juhua')}")
    assert g.view(0).seats[0].hand_count == 3
    assert discard_defs(g) == ["qingtuan", "juhua"]
    assert g.prompt.seat == 1


def test_no_hand_limit_by_default() -> None:
    # R22: hand limit [none].
    g = position(
        2,
        turn=0,
        hands={0: ["qingtuan"] * 2 + ["juhua"] * 2 + ["qingjiu"] * 2 + [PAD], 1: ["qingcha"]},
    )
    g.choose(0, "end")
    assert g.prompt.seat == 1
    assert g.view(0).seats[0].hand_count == 7


def test_ask_everyone_default_is_off() -> None:
    # R22: ask everyone [off].
    assert GameOptions().ask_everyone is False
    g = position(
        2, turn=0, hands={0: ["saomu", PAD], 1: ["qingtuan"]}, deck_top=["juhua", "qingcha"]
    )
    play(g, 0, "saomu")
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT


# ───────────────────────────── R23: conceding ─────────────────────────────


def test_concede_cards_to_discard_game_goes_on() -> None:
    # R23: a conceding player's cards go to the discard pile; with ≥ 2 left the game goes on,
    # and the conceded seat's turns are skipped.
    g = position(
        3,
        turn=0,
        hands={0: [PAD], 1: ["qingtuan", "saomu"], 2: ["juhua"]},
        fields={1: ["qingjiu", "gui_daqiang/down", "taigong"]},
        stacks={1: ["xianguo"]},
    )
    ev = g.choose(1, "concede")  # not seat 1's decision: conceding is allowed at any time
    assert "concede" in event_kinds(ev)
    assert g.result is None
    v = g.view(0)
    assert v.seats[1].conceded and v.seats[1].hand_count == 0
    assert all(s.empty for s in v.seats[1].slots) and v.seats[1].stacked == ()
    assert sorted(discard_defs(g)) == sorted(
        ["qingtuan", "saomu", "qingjiu", "gui_daqiang", "taigong", "xianguo"]
    )
    assert g.prompt.seat == 0
    g.choose(0, "end")
    assert g.view(0).turn_seat == 2


def test_conceded_seat_cannot_choose_or_concede_again() -> None:
    # R23: a conceded seat is out.
    g = position(3, turn=0, hands={0: [PAD]})
    g.choose(2, "concede")
    with pytest.raises(NotYourTurn):
        g.choose(2, "concede")


def test_last_player_remaining_wins_and_result_in_journal() -> None:
    # R23: the last player remaining wins; the result is kept in the journal.
    g = Game.new(["A", "B", "C"], 11)
    g.choose(0, "concede")
    assert g.result is None
    g.choose(2, "concede")
    r = g.result
    assert r is not None and r.winner == 1 and r.reason == "last_standing" and r.ancestor is None
    plain = g.journal.to_plain()
    assert plain["result"]["winner"] == 1 and plain["result"]["reason"] == "last_standing"
    again = Game.replay(Journal.from_plain(plain))
    assert again.result == r


def test_turn_player_concedes_turn_passes() -> None:
    # R23: the turn player concedes → the next player's turn begins.
    g = position(3, turn=0, hands={0: [PAD], 1: ["qingtuan"]})
    g.choose(0, "concede")
    assert g.view(1).turn_seat == 1
    assert g.prompt.seat == 1


def test_concede_during_chain_links_do_nothing() -> None:
    # R23 (interpretation 9): the conceding player's links do nothing; the turn ends after the
    # chain when the turn player conceded.
    g = position(
        3,
        turn=0,
        hands={0: ["saomu", PAD], 1: ["qingtuan"], 2: ["juhua"]},
        fields={1: ["wenming_changdao/down"]},
    )
    play(g, 0, "saomu")
    assert g.prompt.seat == 1
    ev = g.choose(0, "concede")
    ev += pass_responses(g)
    assert not [e for e in ev if e.kind == "section" and e.data["link"] == 0]
    assert g.result is None
    assert g.view(1).turn_seat == 1
    assert g.view(1).seats[0].hand_count == 0
