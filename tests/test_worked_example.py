"""The rulebook's worked example (§9.1, R19): 祭祀准备 answered by 文明祭祀倡导.

Player 1 (seat 0) plays 祭祀准备, discards a card as its cost and declares mode ① (search a
Burning card; then, if the discarded card was an offering, draw 1). Player 2 (seat 1) flips a
文明祭祀倡导 set on an earlier turn. Nobody else responds. The chain resolves newest first: 文明
forbids searching and using Burning cards this turn, so 祭祀准备's search section fails although
Burning cards are in the deck, and its "then draw 1" still resolves because the cost was an
offering.
"""

from __future__ import annotations

from helpers import Card, arrange, hand_in_view, new_game

from qm_rules import Game, Phase, PromptKind

BURNING = {"zhiqian", "xiangzhu", "shao_baofu"}


def _setup(discard_id: str) -> tuple[Game, dict[str, int]]:
    """Seat 0 in its action phase holding 祭祀准备, the card to discard and one other card;
    seat 1 with 文明祭祀倡导 set face-down on an earlier turn. The deck's top card is a plain
    offering (so "draw 1" is visibly not a search), and every Burning card is deeper in the deck."""
    g = new_game(2, seed=11)
    other = "saomu" if discard_id != "saomu" else "qingjiu"
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["jisi_zhunbei", discard_id, other], 1: ["juhua", "qingtuan"]},
        fields={0: [], 1: [Card("wenming_changdao", face_down=True)]},
        deck_top=["qingcha"],
    )
    jisi, discarded, kept = cards.hands[0]
    return g, {
        "jisi": jisi,
        "discarded": discarded,
        "kept": kept,
        "wenming": cards.fields[1][0],
        "top": cards.deck_top[0],
    }


def _play_jisi_mode_0(g: Game, c: dict[str, int]) -> list:
    events = g.choose(0, f"play:{c['jisi']}")
    assert g.prompt is not None and g.prompt.kind is PromptKind.MODE
    events += g.choose(0, "mode:0")
    assert g.prompt.kind is PromptKind.COST  # two cards could pay: a real choice
    events += g.choose(0, f"pay:{c['discarded']}")
    # The activation is public with its mode and cost (R5, R15); seat 1 is asked (R18).
    chain = g.view(1).chain
    assert (
        len(chain) == 1
        and chain[0].mode == 0
        and [x.cid for x in chain[0].cost] == [c["discarded"]]
    )
    assert g.prompt.seat == 1 and g.prompt.kind is PromptKind.RESPOND
    assert f"flip:{c['wenming']}" in g.prompt.ids
    return events


def _burning_left_in_deck(g: Game) -> int:
    """Burning cards neither in a hand, on a field nor in the discard pile: they are in the deck."""
    total = sum(1 for d in g.defs if d.id in BURNING)
    seen = 0
    for viewer in range(g.n):
        v = g.view(viewer)
        seen += sum(1 for c in v.seats[viewer].hand or () if c.card in BURNING)
        for s in v.seats:
            seen += sum(
                1
                for sl in s.slots
                if sl.card is not None and sl.card.card in BURNING and s.seat == viewer
            )
    seen += sum(1 for c in g.view(None).discard if c.card in BURNING)
    return total - seen


def test_worked_example_offering_discarded_search_fails_then_draw_resolves() -> None:
    # R19 (the rulebook's worked example, §9.1), R21
    g, c = _setup("qingtuan")
    assert _burning_left_in_deck(g) >= 2  # Burning cards are in the deck to be searched
    hand_before = g.view(0).seats[0].hand_count
    _play_jisi_mode_0(g, c)
    assert g.view(0).seats[0].hand_count == hand_before - 2  # the card played, the cost paid

    events = g.choose(1, f"flip:{c['wenming']}")
    # Nobody else responds (seat 0 holds no response and is skipped), so the chain resolves.
    kinds = [e.kind for e in events]
    assert kinds.index("prohibit") < kinds.index("draw")  # 文明 resolves first (newest link)
    prohibit = next(e for e in events if e.kind == "prohibit")
    assert prohibit.data["tag"] == "burning" and set(prohibit.data["actions"]) == {"search", "use"}

    sections = [e.data for e in events if e.kind == "section" and e.data["link"] == 0]
    assert [(s["section"], s["ok"]) for s in sections] == [(0, False), (1, True)]
    assert sections[0]["why"] == "search"
    assert not any(e.kind == "search" for e in events)

    v = g.view(0)
    assert v.seats[0].hand_count == hand_before - 2 + 1  # exactly one card from "then draw 1"
    assert sorted(hand_in_view(v, 0) or []) == sorted(["saomu", "qingcha"])  # the deck's top card
    assert c["top"] in [x.cid for x in v.seats[0].hand or ()]
    assert not BURNING & set(hand_in_view(v, 0) or [])
    assert _burning_left_in_deck(g) >= 2  # still there: the search did not take one
    assert any(p.tag == "burning" for p in v.prohibitions)
    assert v.chain == () and v.phase is Phase.ACTION and g.prompt.seat == 0


def test_worked_example_non_offering_discarded_no_draw() -> None:
    # R19: the look-back condition reads the cost paid at activation
    g, c = _setup("saomu")
    hand_before = g.view(0).seats[0].hand_count
    _play_jisi_mode_0(g, c)
    events = g.choose(1, f"flip:{c['wenming']}")
    sections = [e.data for e in events if e.kind == "section" and e.data["link"] == 0]
    assert [(s["section"], s["ok"]) for s in sections] == [(0, False), (1, False)]
    assert sections[1]["why"] == "condition"
    assert not any(e.kind in ("search", "draw") and e.seat == 0 for e in events)
    v = g.view(0)
    assert v.seats[0].hand_count == hand_before - 2
    assert hand_in_view(v, 0) == ["qingjiu"]


def test_worked_example_without_wenming_search_and_draw_both_resolve() -> None:
    # R19: the control case: unanswered, both sections resolve (search, then draw 1)
    g, c = _setup("qingtuan")
    hand_before = g.view(0).seats[0].hand_count
    _play_jisi_mode_0(g, c)
    events = g.choose(1, "pass")
    # Two Burning names in the deck: one option a distinct name (ENGINE_NOTES 2).
    assert g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT
    picks = [o for o in g.prompt.options if o.kind == "pick"]
    assert {g.defs[o.card].id for o in picks} <= BURNING and len(picks) >= 1
    pick = picks[0].card
    events += g.choose(0, f"pick:{pick}")
    v = g.view(0)
    assert v.seats[0].hand_count == hand_before - 2 + 2
    hand = [x.cid for x in v.seats[0].hand or ()]
    assert pick in hand and c["top"] in hand
    # The search is public only as "a card was searched"; which card is told to seat 0 alone.
    searches = [e for e in events if e.kind == "search"]
    assert any(e.to is None and e.data["card"] is None for e in searches)
    assert all(e.to == (0,) for e in searches if e.data.get("card") is not None)
