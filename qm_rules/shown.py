"""The card set the words are about: the one whose cards are named and described.

The shipped set until a program shows a table, a replay or a gallery of another
(:func:`show_cards`: a guest at a table whose host plays its own set). Only what puts a game
into words reads it (:mod:`qm_words`, :mod:`qm_rules.progress`, the TUI); the engine
never does: a game takes its set as a value.
"""

from __future__ import annotations

from .cards import CardDef, CardSet, shipped_cards

#: The definitions of the set being shown, by id. One dict, refilled in place, so that a
#: reader that took it once (the table's tiles) names the cards of the set shown now.
DEFS: dict[str, CardDef] = {}
_shown: list[CardSet] = []


def show_cards(cards: CardSet | None) -> None:
    """Name cards from now on from ``cards`` (the shipped set if None)."""
    cards = cards or shipped_cards()
    if _shown and _shown[0] is cards:
        return
    _shown[:] = [cards]
    DEFS.clear()
    DEFS.update(cards.by_id)


def shown_cards() -> CardSet:
    """The card set being shown (:func:`show_cards`)."""
    return _shown[0]


show_cards(None)
