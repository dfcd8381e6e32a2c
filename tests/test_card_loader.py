"""The card loader refuses bad card data, naming the card and the field: a card that loads is
a card the engine carries out as written (an unknown key or a value the engine would ignore
or misread is a mistake in the data, never a silent default)."""

from __future__ import annotations

import re

import pytest

from qm_rules.cards import CardDataError, parse_cards, shipped_cards

#: A trap that loads: the base the bad cases below change one field of.
GOOD = """
[[card]]
id = "probe"
type = "trap"
copies = 1
name = { zh = "探", en = "Probe" }
text = { zh = "探", en = "Probe" }
targets = ["opponent"]
trigger = "opp_action"
effect = [[{ op = "take_hand", target = 0 }]]
"""


#: The base card's clause, which most cases replace.
C = '{ op = "take_hand", target = 0 }'


def load(toml: str) -> None:
    parse_cards(toml.encode("utf-8"))


def test_the_base_card_loads() -> None:
    # Without this the cases below could fail for a reason other than the field they change.
    card = parse_cards(GOOD.encode("utf-8"))["probe"]
    assert card.modes[0].effect[0].clauses[0].op == "take_hand"


def test_the_shipped_cards_load() -> None:
    assert len(shipped_cards().cards) > 0


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        # A random discard hits "self" or "responded"; "opponent" would hit the card's own player.
        (C, '{ op = "discard_random", who = "opponent", n = 3 }', "who"),
        # Prohibitions last the turn; a duration would be read and ignored.
        (
            C,
            '{ op = "prohibit", tag = "burning", actions = ["search"], duration = "game" }',
            "duration",
        ),
        (C, '{ op = "prohibit", tag = "burning", actions = ["no"] }', "actions"),
        (C, '{ op = "prohibit", actions = ["use"] }', "tag"),
        (C, '{ op = "draw", n = 0 }', "n"),
        (C, '{ op = "draw", n = "2" }', "n"),
        (C, '{ op = "draw", n = true }', "n"),
        (C, '{ op = "draw", count = 2 }', "count"),
        (C, '{ op = "negate", to = "deck" }', "to"),
        (C, '{ op = "put_offering", optional = "yes" }', "optional"),
        (C, '{ op = "search", filter = { type = "spell" } }', "filter.type"),
        (C, '{ op = "search", filter = { colour = "red" } }', "colour"),
        # The target must be one the card chooses, and of the kind the op acts on.
        (C, '{ op = "take_hand", target = 1 }', "target"),
        (C, '{ op = "take_field", target = 0 }', "target"),
        (C, '{ op = "take_hand", target = -1 }', "target"),
        (C, '{ op = "teleport" }', "teleport"),
        ('targets = ["opponent"]', 'targets = ["everyone"]', "targets"),
        ('trigger = "opp_action"', 'trigger = "dawn"', "dawn"),
        ('type = "trap"', 'type = "spell"', "type"),
        ("copies = 1", "copies = 0", "copies"),
        ("copies = 1", "copies = 1\nrarity = 3", "rarity"),
        ("copies = 1", "copies = 1\nstanding = []", "standing"),
        ("copies = 1", 'copies = 1\ncost = [{ op = "discard", n = 1, each = true }]', "each"),
        ("copies = 1", 'copies = 1\nbot = { keep = "high" }', "keep"),
        ('en = "Probe" }\ntargets', 'en = "Probe", fr = "Sonde" }\ntargets', "fr"),
        # Values of the wrong shape: a clear fault, never a TypeError.
        ("copies = 1", "copies = 1\ncost = -1", "cost"),
        ("copies = 1", 'copies = 1\ncost = [{ op = ["discard"], n = 1 }]', "cost"),
        (f"[[{C}]]", f'[{{ if = ["cost_offering"], clauses = [{C}] }}]', "condition"),
        (f"effect = [[{C}]]", "modes = 0", "modes"),
    ],
)
def test_bad_card_data_is_refused_naming_the_card_and_the_field(
    old: str, new: str, field: str
) -> None:
    assert old in GOOD
    with pytest.raises(CardDataError) as err:
        load(GOOD.replace(old, new, 1))
    message = str(err.value)
    assert "card probe" in message, message
    assert re.search(rf"\b{re.escape(field)}\b", message), message


def test_an_ancestors_condition_takes_only_its_own_keys() -> None:
    ancestor = """
[[card]]
id = "elder"
type = "ancestor"
copies = 1
name = { zh = "祖", en = "Elder" }
text = { zh = "祖", en = "Elder" }
condition = { op = "hand_size", n = 8, filter = { type = "trap" } }
"""
    with pytest.raises(CardDataError, match=r"card elder: condition.*filter"):
        load(ancestor)
    load(ancestor.replace(', filter = { type = "trap" }', ""))  # and without it, it loads


def test_a_condition_op_of_the_wrong_shape_is_a_fault() -> None:
    ancestor = GOOD.replace('type = "trap"', 'type = "ancestor"').replace(
        'trigger = "opp_action"', 'condition = { op = ["stacked"], n = 1 }'
    )
    with pytest.raises(CardDataError, match=r"card probe: condition"):
        load(ancestor)


def test_duplicate_ids_are_named() -> None:
    with pytest.raises(CardDataError, match="probe"):
        load(GOOD + GOOD)


def test_a_filter_selects_what_it_accepts() -> None:
    # Filter.select (the engine's loop over whole hands and decks) agrees with Filter.accepts,
    # for every filter the card data uses and every kind of filter, over every card.
    from qm_rules.cards import CardType, Filter, shipped_cards

    used = {
        cl.filter
        for d in shipped_cards().cards
        for m in d.modes
        for sec in m.effect
        for cl in sec.clauses
    }
    used |= {d.condition.filter for d in shipped_cards().cards if d.condition is not None}
    tags = {t for d in shipped_cards().cards for t in d.tags}
    kinds = {Filter(t, g) for t in [None, *CardType] for g in [None, *sorted(tags)]}
    defs = list(shipped_cards().cards)
    for f in (used | kinds) - {None}:
        assert f is not None
        want = [c for c, d in enumerate(defs) if f.accepts(d)]
        assert list(f.select(defs, range(len(defs)))) == want, f
    assert used - {None}, "the card data uses filters"
