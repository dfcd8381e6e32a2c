"""How far a player is towards their ancestor's worship condition, in words (playtest 4, F1).

A newcomer worshipped with First Ancestor on 4 offerings (it needs 5 stacked) and for four
turns the table said only "You cannot worship yet". ``worship_progress`` counts from the card
data (the same count the engine's win check makes) and only from what the viewer may see.
"""

from __future__ import annotations

import pytest
from helpers import arrange, new_game

from qm_rules import Event, Game, Phase, PromptKind
from qm_rules.cards import shipped_cards
from qm_words import worship_progress


def worshipped_first_ancestor(deck_top: list[str]) -> tuple[Game, list[Event]]:
    """A real game: seat 0 declares worship with First Ancestor on 4 offerings and it resolves
    (the game and the events of the declaration). ``deck_top``: the worship draw first."""
    g = new_game(2, seed=25, ancestors=["shizu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["shizu", "yehuo"], 1: ["qingjiu", "jie_dongfeng"]},
        fields={0: ["qingtuan", "juhua", "xianguo", "qingcha"], 1: []},
        deck_top=deck_top,
    )
    g.choose(0, "end")
    assert g.prompt is not None and g.prompt.kind is PromptKind.WORSHIP
    events = g.choose(0, f"declare:{cards.hands[0][0]}")
    assert g.result is None and len(g.view(0).seats[0].stacked) == 4
    return g, events


def _ancestor_down(ancestor: str, hand: list[str], phase: Phase) -> Game:
    """A real game: seat 0 holds ``hand`` with ``ancestor`` on its field over one stacked
    offering, in seat 1's ``phase`` (seat 1 holds a trap: its action phase waits)."""
    g = new_game(2, seed=3, ancestors=[ancestor])
    arrange(
        g,
        turn_seat=1,
        phase=phase,
        hands={0: hand, 1: ["qingcha", "zhuozei"]},
        fields={0: [ancestor], 1: []},
        stacks={0: ["qingjiu"]},
    )
    return g


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "First Ancestor: 4 of 5 offerings stacked - not yet"),
        ("zh", "始祖：叠放的供品 4/5，还没达成"),
    ],
)
def test_a_worship_that_did_not_win_says_what_the_ancestor_still_needs(
    lang: str, words: str
) -> None:
    g, _ = worshipped_first_ancestor(["saomu"])  # (not an offering: nothing to stack)
    assert worship_progress(g.view(0), 0, lang, not_yet=True) == words
    # stacked offerings are public: the opponent sees the same count
    assert worship_progress(g.view(1), 0, lang) == words.removesuffix(" - not yet").removesuffix(
        "，还没达成"
    )
    assert worship_progress(g.view(0), 1, lang) is None  # no ancestor on that field


@pytest.mark.parametrize(
    ("ancestor", "hand", "owner_words", "other_words"),
    [
        ("zumu", ["qingtuan", "saomu"], "1 of 3 offerings in hand", "needs 3 offerings in hand"),
        ("waigong", ["yehuo", "saomu"], "1 of 2 traps in hand", "needs 2 traps in hand"),
        ("taigong", ["saomu"], "0 of 1 Burning card in hand", "needs 1 Burning card in hand"),
        ("taipo", ["saomu", "qingtuan"], "a trap, a counter still missing from hand", None),
        ("zufu", ["saomu", "qingtuan"], "2 of 8 cards in hand", "2 of 8 cards in hand"),
    ],
)
def test_hand_conditions_are_counted_for_the_owner_only(
    ancestor: str, hand: list[str], owner_words: str, other_words: str | None
) -> None:
    g = _ancestor_down(ancestor, hand, Phase.ACTION)
    assert g.result is None  # the condition does not hold: nobody has won
    name = shipped_cards()[ancestor].name("en")
    assert worship_progress(g.view(0), 0, "en") == f"{name}: {owner_words}"
    other = worship_progress(g.view(1), 0, "en")
    if other_words is not None:
        assert other == f"{name}: {other_words}"
    else:
        assert other == f"{name}: needs an action card, a trap, a counter in hand"
    assert worship_progress(g.view(None), 0, "en") == other  # a spectator: the same


def test_another_players_hand_condition_reveals_nothing_of_their_hand() -> None:
    seen = set()
    for hand in (["yehuo", "saomu"], ["qingtuan", "saomu"]):  # one trap, then none
        g = _ancestor_down("waigong", hand, Phase.ACTION)
        seen.add(worship_progress(g.view(1), 0, "en"))
        seen.add(worship_progress(g.view(1), 0, "zh"))
    assert len(seen) == 2  # one line a language, whatever the hand holds


@pytest.mark.parametrize(
    ("ancestor", "hand"),
    [
        ("zumu", ["qingtuan", "juhua", "xianguo"]),
        ("waigong", ["yehuo", "gui_daqiang"]),
        ("taipo", ["saomu", "yehuo", "chaitai"]),
    ],
)
def test_a_count_that_reaches_the_need_is_a_win_for_the_engine_too(
    ancestor: str, hand: list[str]
) -> None:
    g = _ancestor_down(ancestor, hand, Phase.DRAW)
    cond = shipped_cards()[ancestor].condition
    assert cond is not None
    me = g.view(0).seats[0]
    have = cond.have(
        len(me.stacked), me.hand_count, [shipped_cards()[c.card] for c in me.hand or ()]
    )
    assert have == cond.need
    if g.result is None and g.prompt is not None:  # the next check: a phase begins
        g.choose(g.prompt.seat, g.prompt.default)
    assert g.result is not None and g.result.winner == 0
