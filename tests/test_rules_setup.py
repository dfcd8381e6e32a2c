"""Rulings R1–R5: players and seats, the deck, opening hands, the empty deck, hidden information."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec  # decodes plain data into the view types, as the wire does
import pytest
from helpers import Card, arrange, empty_deck, hand_in_view, new_game, play_to

from qm_rules import Game, Phase, PromptKind, View, shipped_cards, to_plain
from qm_rules.cards import CardType
from qm_rules.state import DECK, DISCARD

BASE_SET_SIZE = sum(d.copies for d in shipped_cards().base_set)
ANCESTOR_POOL = {d.id for d in shipped_cards().ancestors}


def _copies(players: int) -> int:
    return 1 if players == 2 else 2 if players <= 4 else 3


def _cids_in(plain: Any) -> set[int]:
    """Every card instance id a piece of plain data shows (CardView dicts and option cards)."""
    out: set[int] = set()
    if isinstance(plain, dict):
        if "cid" in plain and isinstance(plain["cid"], int):
            out.add(plain["cid"])
        if plain.get("card") is not None and isinstance(plain["card"], int):
            out.add(plain["card"])
        for k, v in plain.items():
            if k in ("cards",) and isinstance(v, list):
                out.update(x for x in v if isinstance(x, int))
            out |= _cids_in(v)
    elif isinstance(plain, list):
        for v in plain:
            out |= _cids_in(v)
    return out


def _total_cards(v: View) -> int:
    n = v.deck_count + len(v.discard)
    for s in v.seats:
        n += s.hand_count + len(s.stacked) + sum(1 for sl in s.slots if not sl.empty)
    return n


# ───────────────────────────── R1 players ─────────────────────────────


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_seated_in_join_order(players: int) -> None:
    # R1
    names = [f"P{i}" for i in range(players)]
    g = Game.new(names, seed=1)
    v = g.view(None)
    assert [s.seat for s in v.seats] == list(range(players))
    assert [s.name for s in v.seats] == names
    assert all(len(s.slots) == 5 for s in v.seats)
    assert 0 <= v.first_seat < players
    assert v.turn_seat == v.first_seat and v.turn == 1 and v.round == 1
    assert g.prompt is not None and g.prompt.seat == v.first_seat


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_one_or_seven_players_refused(players: int) -> None:
    # R1
    with pytest.raises(ValueError):
        Game.new([f"P{i}" for i in range(players)], seed=1)


def test_first_player_is_seeded_and_varies_with_the_seed() -> None:
    # R1
    firsts = {
        seed: Game.new(["A", "B", "C", "D"], seed=seed).view(None).first_seat for seed in range(40)
    }
    assert len(set(firsts.values())) >= 3  # not always the same seat
    for seed in (0, 7, 39, "qingming"):
        a = Game.new(["A", "B", "C", "D"], seed=seed).view(None).first_seat
        b = Game.new(["A", "B", "C", "D"], seed=seed).view(None).first_seat
        assert a == b


def test_turns_go_up_the_seat_numbers_and_wrap() -> None:
    # R1
    g = Game.new(["A", "B", "C", "D"], seed=12)
    order = [g.view(None).turn_seat]
    while len(order) < 10:
        turn = g.view(None).turn
        play_to(g, lambda g, t=turn: g.view(None).turn > t or g.over)
        if g.over:
            break
        order.append(g.view(None).turn_seat)
    assert len(order) == 10
    for a, b in zip(order, order[1:], strict=False):
        assert b == (a + 1) % 4
    assert g.view(None).round >= 2  # wrapped past the first player


# ───────────────────────────── R2 deck ─────────────────────────────


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deck_holds_base_set_times_k_and_n_distinct_ancestors(players: int) -> None:
    # R2
    g = new_game(players, seed=players * 3)
    counts = Counter(d.id for d in g.defs)
    k = _copies(players)
    for d in shipped_cards().base_set:
        assert counts[d.id] == d.copies * k, d.id
    ancestors = [d.id for d in g.defs if d.type is CardType.ANCESTOR]
    assert len(ancestors) == players and len(set(ancestors)) == players
    assert set(ancestors) <= ANCESTOR_POOL
    assert len(g.defs) == BASE_SET_SIZE * k + players
    assert _total_cards(g.view(None)) == BASE_SET_SIZE * k + players


def test_the_rulebook_states_the_base_set_the_data_holds() -> None:
    # R2: the base set's size and make-up, and the ancestor pool's, are the card data's (a
    # change of copies in the data changes the rulebook with it, never a number in a test).
    en = (Path(__file__).parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    m = re.search(
        r"The base set holds (\d+) cards: (\d+) offerings, (\d+) actions, (\d+) traps, "
        r"(\d+) counters\. The ancestor pool holds (\d+)\.",
        en,
    )
    assert m is not None
    by_type = Counter()
    for d in shipped_cards().base_set:
        by_type[d.type] += d.copies
    stated = [int(x) for x in m.groups()]
    kinds = (CardType.OFFERING, CardType.ACTION, CardType.TRAP, CardType.COUNTER)
    assert stated == [BASE_SET_SIZE, *(by_type[t] for t in kinds), len(ANCESTOR_POOL)]


def test_ancestors_drawn_at_random_from_the_pool() -> None:
    # R2
    sets = {
        frozenset(d.id for d in new_game(2, seed=s).defs if d.type is CardType.ANCESTOR)
        for s in range(30)
    }
    assert len(sets) >= 4


def test_same_seed_same_deck_other_seed_other_deck() -> None:
    # R2
    a, b, c = new_game(3, seed=99), new_game(3, seed=99), new_game(3, seed=100)
    assert a.state_hash() == b.state_hash()
    for seat in range(3):
        assert hand_in_view(a.view(seat), seat) == hand_in_view(b.view(seat), seat)
    # The same choices keep them equal.
    for _ in range(30):
        if a.prompt is None:
            break
        a.apply_default()
        b.apply_default()
        assert a.state_hash() == b.state_hash()
    assert new_game(3, seed=99).state_hash() != c.state_hash()
    hands_99 = [hand_in_view(new_game(3, seed=99).view(s), s) for s in range(3)]
    hands_100 = [hand_in_view(c.view(s), s) for s in range(3)]
    assert hands_99 != hands_100


# ───────────────────────────── R3 opening hands ─────────────────────────────


@pytest.mark.parametrize("players", [2, 3, 6])
def test_five_cards_each_then_the_first_player_draws(players: int) -> None:
    # R3 (+ R9: the first player's first draw phase, 1 card with an empty field)
    g = new_game(players, seed=21)
    v = g.view(None)
    first = v.first_seat
    for s in v.seats:
        assert s.hand_count == (6 if s.seat == first else 5)
        assert all(sl.empty for sl in s.slots)
    k = _copies(players)
    assert v.deck_count == BASE_SET_SIZE * k + players - 5 * players - 1
    assert v.discard == ()
    assert g.prompt is not None and g.prompt.seat == first


# ───────────────────────────── R4 empty deck ─────────────────────────────


def _end_turn_of_seat1_setup(g: Game, **kw: Any) -> Any:
    """Seat 1 in its action phase with only "set a trap" or "end" to do; seat 0 is next."""
    return arrange(
        g, turn_seat=1, phase=Phase.ACTION, hands={1: ["yehuo"], **kw.pop("hands", {})}, **kw
    )


def test_empty_deck_discard_reshuffled_when_a_draw_needs_it() -> None:
    # R4
    g = new_game(2, seed=31)
    _end_turn_of_seat1_setup(g, hands={0: ["juhua"]}, fields={0: ["qingtuan", "qingjiu"]})
    empty_deck(g)
    before = g.view(0)
    assert before.deck_count == 0
    pile = len(before.discard)
    assert pile > 3
    events = g.choose(1, "end")
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds and kinds.index("reshuffle") < kinds.index("draw")
    draw = next(e for e in events if e.kind == "draw" and e.seat == 0 and e.to is None)
    assert draw.data["count"] == 3  # 1 + 2 offerings, all drawn
    after = g.view(0)
    assert after.seats[0].hand_count == 1 + 3
    assert after.discard == ()
    assert after.deck_count == pile - 3
    assert g.result is None


def test_deck_runs_out_mid_draw_and_the_rest_comes_from_the_reshuffled_pile() -> None:
    # R4: "the moment" the deck is needed: one card from the deck, then the pile is reshuffled
    g = new_game(2, seed=32)
    cards = _end_turn_of_seat1_setup(
        g, hands={0: []}, fields={0: ["qingtuan", "qingjiu"]}, deck_top=["xianguo"]
    )
    st = g.st  # setup: leave exactly the one arranged card in the deck
    for c in list(st.deck):
        if c != cards.deck_top[0]:
            st.move(c, DISCARD)
    pile = len(g.view(None).discard)
    g.choose(1, "end")
    v = g.view(0)
    assert v.seats[0].hand_count == 3
    assert cards.deck_top[0] in [c.cid for c in v.seats[0].hand or ()]
    assert v.deck_count == pile - 2 and v.discard == ()


def test_search_with_empty_deck_reshuffles_the_pile_first() -> None:
    # R4: a search needs the deck too
    g = new_game(2, seed=33)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["jisi_zhunbei", "saomu", "qingjiu"], 1: []},
        fields={0: [], 1: []},
    )
    empty_deck(g)
    assert g.view(0).deck_count == 0
    g.choose(0, f"play:{cards.hands[0][0]}")
    g.choose(0, "mode:0")
    events = g.choose(0, f"pay:{cards.hands[0][1]}")
    assert "reshuffle" in [e.kind for e in events]
    assert (
        g.prompt is not None
        and g.prompt.kind is PromptKind.EFFECT
        and g.prompt.context["op"] == "search"
    )
    pick = g.prompt.options[0].card
    g.choose(0, f"pick:{pick}")
    hand = hand_in_view(g.view(0), 0) or []
    assert g.defs[pick].id in hand and "burning" in g.defs[pick].tags


def test_deck_and_discard_both_empty_draws_skipped_nobody_loses() -> None:
    # R4
    g = new_game(2, seed=34)
    _end_turn_of_seat1_setup(g, hands={0: ["juhua", "qingtuan"]}, fields={0: ["qingjiu"]})
    empty_deck(g, to="limbo")
    v = g.view(None)
    assert v.deck_count == 0 and v.discard == ()
    events = g.choose(1, "end")
    assert "reshuffle" not in [e.kind for e in events]
    assert g.result is None
    v = g.view(0)
    assert v.turn_seat == 0 and v.seats[0].hand_count == 2  # nothing drawn
    # The game goes on: seat 0 has its placement phase.
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.PLACE


def test_both_empty_then_draw_sections_do_nothing_and_later_sections_still_resolve() -> None:
    # R4 with R19: 扫墓 draws nothing, then its discard still happens
    g = new_game(2, seed=35)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "qingtuan", "juhua", "yehuo"], 1: []},
        fields={1: []},
    )
    empty_deck(g, to="limbo")
    g.choose(0, f"play:{cards.hands[0][0]}")
    assert (
        g.prompt is not None
        and g.prompt.kind is PromptKind.EFFECT
        and g.prompt.context["op"] == "discard"
    )
    g.choose(0, f"pick:{cards.hands[0][1]}")
    v = g.view(0)
    assert hand_in_view(v, 0) == ["juhua", "yehuo"]
    assert [c.card for c in v.discard] == ["qingtuan"]
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION
    assert g.result is None


# ───────────────────────────── R5 hidden and public ─────────────────────────────


def _hidden_setup() -> tuple[Game, Any]:
    g = new_game(3, seed=41)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "qingtuan"], 1: ["juhua", "gui_daqiang"], 2: ["qingjiu", "chaitai"]},
        fields={
            0: ["xianguo"],
            1: [Card("yehuo", face_down=True), "qingcha"],
            2: [Card("quxie", face_down=True)],
        },
    )
    return g, cards


def test_a_view_shows_only_its_own_hand_and_own_face_down_cards() -> None:
    # R5
    g, cards = _hidden_setup()
    for viewer in range(3):
        v = g.view(viewer)
        for s in v.seats:
            assert s.hand_count == len(cards.hands[s.seat])
            if s.seat == viewer:
                assert [c.cid for c in s.hand or ()] == cards.hands[s.seat]
            else:
                assert s.hand is None
        # Face-down cards: their owner sees them, nobody else does.
        yehuo_slot = v.seats[1].slots[0]
        assert yehuo_slot.face_down
        assert (yehuo_slot.card is not None) == (viewer == 1)
        quxie_slot = v.seats[2].slots[0]
        assert quxie_slot.face_down and (quxie_slot.card is not None) == (viewer == 2)
        # Face-up cards are public.
        assert v.seats[1].slots[1].card is not None and v.seats[1].slots[1].card.card == "qingcha"
        # Nothing hidden from this viewer appears anywhere in its view, even as an instance id.
        hidden = {c for s in range(3) if s != viewer for c in cards.hands[s]}
        hidden |= {c for s, c in ((1, cards.fields[1][0]), (2, cards.fields[2][0])) if s != viewer}
        assert not hidden & _cids_in(to_plain(v))
        assert msgspec.convert(to_plain(v), View) == v


def test_spectator_sees_no_hand_and_no_face_down_card() -> None:
    # R5
    g, cards = _hidden_setup()
    v = g.view(None)
    assert all(s.hand is None for s in v.seats)
    assert all(sl.card is None for s in v.seats for sl in s.slots if sl.face_down)
    hidden = {c for h in cards.hands.values() for c in h} | {cards.fields[1][0], cards.fields[2][0]}
    assert not hidden & _cids_in(to_plain(v))
    assert v.prompt is not None and v.prompt.options == () and v.prompt.seat == 0


def test_deck_order_is_in_no_view() -> None:
    # R5: the deck is a count, for everyone
    g, _ = _hidden_setup()
    deck_cards = set(g.st.deck)  # setup knowledge: which instances are in the deck now
    for viewer in (None, 0, 1, 2):
        plain = to_plain(g.view(viewer))
        assert isinstance(plain["deck_count"], int)
        assert not deck_cards & _cids_in(plain)
        assert "deck" not in plain


def test_prompt_options_go_only_to_the_deciding_seat() -> None:
    # R5: options can name hidden cards
    g, cards = _hidden_setup()
    assert g.view(0).prompt is not None and f"play:{cards.hands[0][0]}" in g.view(0).prompt.ids
    for viewer in (None, 1, 2):
        p = g.view(viewer).prompt
        assert p is not None and p.seat == 0 and p.kind is PromptKind.ACTION
        assert p.options == () and p.context == {}


def test_private_events_go_only_to_their_seat() -> None:
    # R5: a draw shows its cards to the drawer alone; the set card to its owner alone
    g, cards = _hidden_setup()
    events = g.choose(0, f"play:{cards.hands[0][0]}")  # 扫墓: draw 2, then discard 1
    # seat 1 may answer with nothing that matches yet (its trap answers placements): resolved
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        events += g.choose(g.prompt.seat, "pass")
    draws = [e for e in events if e.kind == "draw" and e.seat == 0]
    public = [e for e in draws if e.to is None]
    private = [e for e in draws if e.to is not None]
    assert public and all("cards" not in e.data for e in public)
    assert private and all(e.to == (0,) for e in private)
    assert all(not e.visible_to(1) and not e.visible_to(None) for e in private)
    drawn = {c for e in private for c in e.data["cards"]}
    for viewer in (1, 2, None):
        shown = set()
        for e in events:
            if e.visible_to(viewer):
                shown |= _cids_in(to_plain(e))
        assert not drawn & shown


def test_set_card_is_public_only_as_a_face_down_slot() -> None:
    # R5
    g, cards = _hidden_setup()
    arrange(g, hands={0: ["gui_daqiang", "saomu"]})
    trap = next(c.cid for c in g.view(0).seats[0].hand or () if c.card == "gui_daqiang")
    events = g.choose(0, f"set:{trap}")
    sets = [e for e in events if e.kind == "set"]
    assert any(e.to is None and "card" not in e.data for e in sets)
    assert all(e.to == (0,) for e in sets if "card" in e.data)
    assert g.view(1).seats[0].slots[1].face_down and g.view(1).seats[0].slots[1].card is None
    assert (
        g.view(0).seats[0].slots[1].card is not None
        and g.view(0).seats[0].slots[1].card.cid == trap
    )


def test_public_information_is_in_every_view() -> None:
    # R5: hand sizes, deck size, discard in order, face-up cards, stacked offerings
    g = new_game(2, seed=42, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["gui_daqiang", "saomu"]},
        fields={1: ["shizu", "qingtuan"]},
        stacks={1: ["juhua", "qingjiu"]},
        discard=["xianguo", "qingcha"],
    )
    views = [g.view(v) for v in (None, 0, 1)]
    for v in views:
        assert [c.cid for c in v.discard][-2:] == cards.discard
        assert [c.cid for c in v.seats[1].stacked] == cards.stacks[1]
        assert v.seats[1].slots[0].card is not None and v.seats[1].slots[0].card.card == "shizu"
        assert v.deck_count == views[0].deck_count
        assert [s.hand_count for s in v.seats] == [s.hand_count for s in views[0].seats]


def test_every_hand_is_revealed_at_the_end() -> None:
    # R5
    g = new_game(3, seed=43)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["saomu", "qingtuan"], 1: ["juhua"], 2: ["qingjiu"]},
        fields={0: [Card("yehuo", face_down=True)]},
    )
    assert g.view(1).seats[0].hand is None
    g.choose(2, "concede")
    events = g.choose(1, "concede")
    assert g.result is not None and g.result.winner == 0
    reveal = [e for e in events if e.kind == "reveal_hands"]
    assert reveal and reveal[0].to is None
    assert [c for c, _ in reveal[0].data["hands"]["0"]] == cards.hands[0]
    for viewer in (None, 1, 2):
        v = g.view(viewer)
        assert all(s.hand is not None for s in v.seats)
        assert [c.cid for c in v.seats[0].hand or ()] == cards.hands[0]
        assert v.seats[0].slots[0].card is not None and v.seats[0].slots[0].card.card == "yehuo"


def test_jie_dongfeng_look_is_shown_to_the_activator_only() -> None:
    # R5: 借东风 shows the target's hand to the one player who activated it
    g = new_game(3, seed=44)
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["jie_dongfeng"], 1: ["juhua", "gui_daqiang", "qingjiu"], 2: ["xianguo"]},
        fields={0: [], 1: [], 2: []},
    )
    events = g.choose(0, f"play:{cards.hands[0][0]}")
    assert g.prompt is not None and g.prompt.kind is PromptKind.TARGET
    events += g.choose(0, "target:p1")
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        events += g.choose(g.prompt.seat, "pass")
    looks = [e for e in events if e.kind == "look"]
    assert len(looks) == 1
    look = looks[0]
    assert look.to == (0,) and look.seat == 0
    assert sorted(look.data["cards"]) == sorted(cards.hands[1])
    for viewer in (1, 2, None):
        assert not look.visible_to(viewer)
        assert not set(cards.hands[1]) & {
            c for e in events if e.visible_to(viewer) for c in _cids_in(to_plain(e))
        }
    # The take: seat 0 picks; the choice is offered to seat 0 only.
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT
    assert {o.card for o in g.prompt.options if o.kind == "pick"} == set(cards.hands[1])
    assert g.view(2).prompt is not None and g.view(2).prompt.options == ()
    taken = cards.hands[1][1]
    events = g.choose(0, f"pick:{taken}")
    takes = [e for e in events if e.kind == "take"]
    assert any(e.to is None and e.data["card"] is None for e in takes)
    private = [e for e in takes if e.data["card"] is not None]
    assert private and all(set(e.to or ()) == {0, 1} for e in private)
    assert taken in [c.cid for c in g.view(0).seats[0].hand or ()]
    assert taken not in [c.cid for c in g.view(1).seats[1].hand or ()]
    assert g.view(2).seats[0].hand is None and g.view(2).seats[1].hand_count == 2


@pytest.mark.parametrize("players,seed", [(2, 51), (3, 52), (5, 53)])
def test_views_never_show_hidden_cards_in_random_games(players: int, seed: int) -> None:
    # R5: at every step of a random game, each view (prompt aside: it is the decider's own and
    # may list what a search or 借东风 lets them see) shows no card of another hand, no face-down
    # card of another seat and nothing of the deck. Ground truth is read from the engine state.
    from qm_rules.bots import make_bot
    from qm_rules.state import EMPTY

    g = new_game(players, seed=seed)
    bots = [make_bot("random", f"v{seed}-{s}") for s in range(players)]
    st = g.st
    for _ in range(250):
        if g.prompt is None:
            break
        for viewer in (None, *range(players)):
            hidden = set(st.deck)
            for s in range(players):
                if s != viewer:
                    hidden |= set(st.hands[s])
                    hidden |= {c for c in st.fields[s] if c != EMPTY and st.face_down[c]}
            plain = to_plain(g.view(viewer))
            plain.pop("prompt")
            assert not hidden & _cids_in(plain)
            v = g.view(viewer)
            assert v.prompt is not None and (v.prompt.seat == viewer or v.prompt.options == ())
        p = g.prompt
        option = bots[p.seat].choose(g.view(p.seat))
        g.choose(p.seat, option if option != "concede" else p.default)


def test_same_seed_players_and_choices_replay_to_the_same_game() -> None:
    # R2: the game is fully described by its seed, players, options and choices
    from qm_rules.bots import make_bot

    g = new_game(4, seed="清明")
    bots = [make_bot("random", s) for s in range(4)]
    for _ in range(150):
        if g.prompt is None:
            break
        p = g.prompt
        g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    again = Game.replay(g.journal)
    assert again.state_hash() == g.state_hash()
    assert to_plain(again.view(None)) == to_plain(g.view(None))


def test_deck_drawn_empty_is_refilled_from_the_discard_pile_at_once() -> None:
    # R4 (rulebook §13, "as soon as the deck is emptied"): the moment the deck is drawn empty,
    # the discard pile is shuffled into it — not later, when a draw next needs it
    g = new_game(2, seed=36)
    cards = _end_turn_of_seat1_setup(
        g, hands={0: ["zhuozei"]}, fields={0: ["qingtuan"]}, deck_top=["xianguo", "qingcha"]
    )
    st = g.st  # setup: only the two arranged cards stay in the deck
    for c in list(st.deck):
        if c not in cards.deck_top:
            st.move(c, DISCARD)
    pile = len(g.view(None).discard)
    assert pile > 0
    events = g.choose(1, "end")  # seat 0 draws 1 + 1: exactly the deck
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds
    v = g.view(0)
    assert v.deck_count == pile and len(v.discard) == 0
    assert set(cards.deck_top) <= {c.cid for c in v.seats[0].hand or ()}
    assert g.prompt is not None and g.prompt.seat == 0


def test_draw_takes_what_is_left_when_deck_and_discard_run_dry() -> None:
    # R4: one card left, empty discard pile: draw that one, skip the rest, play on
    g = new_game(2, seed=37)
    cards = _end_turn_of_seat1_setup(
        g, hands={0: ["zhuozei"]}, fields={0: ["qingtuan", "juhua"]}, deck_top=["xianguo"]
    )
    empty_deck(g, to="limbo")  # setup: everything else out of play ...
    g.st.move(cards.deck_top[0], DECK)  # ... but the one arranged card
    assert g.view(None).deck_count == 1 and g.view(None).discard == ()
    events = g.choose(1, "end")
    draws = [e.data["count"] for e in events if e.kind == "draw" and e.seat == 0 and e.to is None]
    assert draws == [1]
    v = g.view(0)
    assert v.seats[0].hand_count == 2 and v.deck_count == 0
    assert g.result is None and g.prompt is not None and g.prompt.seat == 0
