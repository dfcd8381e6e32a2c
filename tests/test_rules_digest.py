"""The card data's hash, which journals, saved games and a game's ``rules`` on the wire are
checked against (:func:`qm_rules.rules_version`), covers what the rules read of the data, not its
wording: rewording a card keeps every saved journal replayable; changing a number does not."""

from __future__ import annotations

from importlib import resources

import pytest

from qm_rules import JournalError, rules_version
from qm_rules.cards import CardSet, parse_cards, shipped_cards

DATA = resources.files("qm_rules").joinpath("data/cards.toml").read_text(encoding="utf-8")

#: ``(before, after)``: a change of the file, each made once.
WORDING = [
    (
        'text = { zh = "抽两张牌，那之后舍弃一张手牌。"',
        'text = { zh = "抽两张牌；然后舍弃一张手牌。"',
    ),
    ('en = "Tomb Sweeping"', 'en = "Sweeping the Tombs"'),
    (
        'label = { zh = "②抽两张牌", en = "② Draw 2" }',
        'label = { zh = "②抽两张", en = "② Draw two" }',
    ),
    ("# Qingming (清明) — the card set, as data.", "# The card set."),
]
RULES = [
    ('id = "saomu"\ntype = "action"\ncopies = 1', 'id = "saomu"\ntype = "action"\ncopies = 2'),
    (
        'label = { zh = "②抽两张牌", en = "② Draw 2" }\neffect = [[{ op = "draw", n = 2 }]]',
        'label = { zh = "②抽两张牌", en = "② Draw 2" }\neffect = [[{ op = "draw", n = 3 }]]',
    ),
    ("bot = { keep = 15 }", "bot = { keep = 16 }"),
]


def _changed(before: str, after: str) -> str:
    assert DATA.count(before) == 1, before
    return DATA.replace(before, after)


def test_the_shipped_data_has_the_hash_the_rules_use() -> None:
    assert parse_cards(DATA.encode()).digest == shipped_cards().digest
    assert len(shipped_cards().digest) == 16 and len(rules_version()) == 16


def _words(cards: CardSet) -> list[object]:
    return [(c.name, c.text, tuple(m.label for m in c.modes)) for c in cards.cards]


@pytest.mark.parametrize(("before", "after"), WORDING)
def test_a_change_of_wording_keeps_the_hash(before: str, after: str) -> None:
    changed = parse_cards(_changed(before, after).encode())
    assert _words(changed) != _words(shipped_cards()) or before.startswith("#")  # (a comment)
    assert changed.digest == shipped_cards().digest


@pytest.mark.parametrize(("before", "after"), RULES)
def test_a_change_the_rules_read_changes_the_hash(before: str, after: str) -> None:
    assert parse_cards(_changed(before, after).encode()).digest != shipped_cards().digest


def test_a_saved_game_still_loads_after_a_rewording() -> None:
    """Through the engine: a journal made now replays under reworded card data (the rules'
    version is the same), and is refused under a changed number."""
    from qm_rules import Game

    game = Game.new(["Ann", "Bo"], 11)
    while game.result is None and len(game.choices) < 40:
        prompt = game.prompt
        assert prompt is not None
        game.choose(prompt.seat, prompt.options[-1].id)
    saved = game.journal

    reworded = parse_cards(_changed(*WORDING[0]).encode())
    assert Game.replay(saved, cards=reworded).choices == game.choices
    changed = parse_cards(_changed(*RULES[1]).encode())
    with pytest.raises(JournalError, match="other rules|under rules"):
        Game.replay(saved, cards=changed)
