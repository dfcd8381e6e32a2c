"""Properties of the ancestors' data that hold whatever the balance: each has a worship
condition the engine knows, a manifestation, and texts in both languages that state the
condition's number as the data has it. (Win rates are measured, never asserted: docs/BALANCE.md.)
"""

from __future__ import annotations

import re

import pytest

from qm_rules.cards import CONDITION_OPS, CardDef, shipped_cards

ZH_NUMBERS = {1: "一", 2: "两", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}


@pytest.mark.parametrize("card", shipped_cards().ancestors, ids=lambda d: d.id)
def test_every_ancestor_has_a_condition_a_manifestation_and_both_texts(card: CardDef) -> None:
    assert card.condition is not None and card.condition.op in CONDITION_OPS
    assert card.manifestation is not None
    for text in (card.name, card.text):
        assert text.zh.strip() and text.en.strip()


@pytest.mark.parametrize(
    "card",
    [d for d in shipped_cards().ancestors if d.condition and d.condition.n],
    ids=lambda d: d.id,
)
def test_the_text_names_the_conditions_number(card: CardDef) -> None:
    # A tuned number changed in the data but not in the text (or the other way) fails here.
    n = card.condition.n if card.condition else 0
    assert f"at least {n} " in card.text.en, card.text.en
    assert re.search(f"至少有?{ZH_NUMBERS[n]}", card.text.zh), card.text.zh


def test_each_ancestor_is_dealt_alike() -> None:
    # Fairness is measured against 1/6 a share because every ancestor is one card of the pool.
    assert len(shipped_cards().ancestors) == 6 and all(
        d.copies == 1 for d in shipped_cards().ancestors
    )
