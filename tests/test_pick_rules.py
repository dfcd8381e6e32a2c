"""A clause's picks state the fewest and the most it takes (``PickRule``): "up to n" is a
clause a card set can say (``discard`` with ``at_least``), asked one pick at a time with
``enough`` offered once the fewest are chosen. Driven through the engine's public choices on
a set of the tiny test set's cards plus one "up to" card; the shipped set is unchanged (its
rules hash and the fingerprinted games are checked elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest

from qm_rules import Game, Phase, PromptKind
from qm_rules.cardcheck import check
from qm_rules.cards import CardSet, parse_cards, shipped_cards
from qm_rules.position import Position, SeatSetup, build

TINY = Path(__file__).parent / "cardsets" / "tiny.toml"

UP_TO = """
[[card]]
id = "purge"
type = "action"
copies = 2
name = { zh = "清", en = "Purge" }
text = { zh = "抽一张牌，再弃掉至多两张手牌。", en = "Draw 1, then discard up to 2 cards." }
effect = [[{ op = "draw", n = 1 }], [{ op = "discard", n = 2, at_least = %d }]]
"""


def cards(at_least: int) -> CardSet:
    return parse_cards(TINY.read_bytes() + (UP_TO % at_least).encode())


def game(at_least: int, hand: tuple[str, ...]) -> Game:
    """P0 in its action phase holding Purge and ``hand``; P1 holds nothing that answers."""
    pos = Position(
        seats=(SeatSetup(hand=("purge", *hand)), SeatSetup(hand=("rice",))),
        turn_seat=0,
        phase=Phase.ACTION,
        names=("P0", "P1"),
        seed=1,
    )
    return build(pos, cards(at_least), reachable=False)


def choose(g: Game, option: str) -> None:
    p = g.prompt
    assert p is not None
    g.choose(p.seat, option, p.seq)


def to_effect_pick(g: Game) -> None:
    """Play Purge and let the chain resolve up to its discard's first pick."""
    p = g.prompt
    assert p is not None
    play = next(o.id for o in p.options if o.kind == "play" and def_of(g, o.card) == "purge")
    choose(g, play)
    for _ in range(20):
        p = g.prompt
        assert p is not None
        if p.kind is PromptKind.EFFECT:
            return
        ids = [o.id for o in p.options]
        choose(g, "pass" if "pass" in ids else ids[0])
    raise AssertionError("the discard was never asked")


def def_of(g: Game, cid: int | None) -> str | None:
    return g.defs[cid].id if cid is not None else None


def hand(g: Game, seat: int = 0) -> list[str]:
    return sorted(g.defs[c].id for c in g.st.hands[seat])


@pytest.mark.parametrize("stop_after", [0, 1])
def test_up_to_two_may_stop_after_none_or_one(stop_after: int) -> None:
    g = game(0, ("rice", "tea", "tea"))
    to_effect_pick(g)
    before = hand(g)  # the drawn card in it
    for picked in range(stop_after):
        p = g.prompt
        assert p is not None and p.kind is PromptKind.EFFECT
        assert p.context["n"] == 2 and p.context["least"] == 0 and p.context["picked"] == picked
        assert "enough" in [o.id for o in p.options]
        choose(g, next(o.id for o in p.options if o.kind == "pick"))
    p = g.prompt
    assert p is not None and p.kind is PromptKind.EFFECT
    assert p.default == "enough"  # a timer takes no card more than it must
    choose(g, "enough")
    assert len(hand(g)) == len(before) - stop_after  # the section was carried out
    assert g.prompt is None or g.prompt.kind is not PromptKind.EFFECT


def test_up_to_two_takes_two_and_then_asks_no_more() -> None:
    g = game(1, ("rice", "tea", "tea"))
    to_effect_pick(g)
    before = hand(g)
    p = g.prompt
    assert p is not None
    assert "enough" not in [o.id for o in p.options]  # one at least
    choose(g, next(o.id for o in p.options if o.kind == "pick"))
    p = g.prompt
    assert p is not None and p.kind is PromptKind.EFFECT and p.context["picked"] == 1
    assert "enough" in [o.id for o in p.options]
    choose(g, next(o.id for o in p.options if o.kind == "pick"))
    assert len(hand(g)) == len(before) - 2
    assert g.prompt is None or g.prompt.kind is not PromptKind.EFFECT


def test_the_stopped_pick_survives_a_save_and_load() -> None:
    """The mark of a stop is part of the game's state: saved and loaded, the game goes on
    the same."""
    g = game(0, ("rice", "tea", "tea"))
    to_effect_pick(g)
    p = g.prompt
    assert p is not None
    choose(g, next(o.id for o in p.options if o.kind == "pick"))
    copy = Game.from_state(g.to_state(), cards=g.cards)
    assert copy.to_state() == g.to_state()
    choose(g, "enough")
    choose(copy, "enough")
    assert copy.to_state() == g.to_state()


def test_a_set_that_takes_more_at_least_than_n_is_refused_with_its_line() -> None:
    data = TINY.read_bytes() + (UP_TO % 3).encode()
    faults = [f for f in check(data) if f.field.endswith("at_least")]
    assert [f.code for f in faults] == ["at_least_over_n"] and faults[0].card == "purge"
    lines = data.decode().splitlines()
    assert "at_least = 3" in lines[faults[0].line - 1]
    assert "n (2)" in faults[0].sentence("en") and "（2）" in faults[0].sentence("zh")


def test_the_shipped_set_keeps_its_name() -> None:
    """A key the data gained is hashed only where a set uses it: the shipped set, which does
    not, is named as before, and a set that does is named differently."""
    base = parse_cards(TINY.read_bytes())
    assert cards(0).digest != cards(1).digest
    assert base.digest == parse_cards(TINY.read_bytes()).digest
    assert shipped_cards().digest == parse_cards(shipped_cards().source).digest
