"""Card sets for the tests: the shipped file with a card added or changed, as a designer
would edit it."""

from __future__ import annotations

from qm_rules.cards import CardSet, parse_cards, shipped_source

#: An offering the shipped set does not have: its name is seen where the set is shown.
LANTERN = """
[[card]]
id = "denglong"
type = "offering"
copies = 3
name = { zh = "纸灯笼", en = "Paper Lantern" }
text = { zh = "供品。", en = "Offering." }
"""


def source_with(extra: str = LANTERN) -> str:
    """The shipped card data with ``extra`` (TOML) added at the end."""
    return shipped_source().decode("utf-8") + extra


def lantern_set() -> CardSet:
    """The shipped set and a paper lantern (three copies a base set)."""
    return parse_cards(source_with().encode())
