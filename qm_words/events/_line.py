"""What a describer is given, and the registry of describers: one an event kind.

A describer turns one event into a line of the game log ("" for bookkeeping not worth a
line). It lives in its kind's module in this package beside its words (the module's
``STRINGS``, which join the catalogue), and is registered with :func:`describes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from qm_rules.i18n import tr
from qm_rules.model import Event

from ..names import Places, card_name, listed, seat_name


@dataclass(frozen=True, slots=True)
class Line:
    """One event about to be read, with what names its parts: the seats' player ``names``,
    ``cards`` (cid -> card id) that name card targets, ``places`` (cid -> (seat, slot)) where
    the cards lay on the fields, ``viewer`` the seat reading ("your slot")."""

    event: Event
    lang: str
    names: Sequence[str] | None
    cards: Mapping[int, str] | None
    places: Places
    viewer: int | None

    def get(self, key: str) -> Any:
        """A field of the event's data (None when absent)."""
        return self.event.data.get(key)

    @property
    def who(self) -> str:
        """The event's seat, by name."""
        return seat_name(self.event.seat, self.names, self.lang)

    @property
    def card(self) -> str | None:
        """The card the event is about (data ``def``), by name; None if not named."""
        card_id = self.get("def")
        return card_name(card_id, self.lang) if card_id else None

    def seat(self, seat: Any) -> str:
        return seat_name(seat if isinstance(seat, int) else None, self.names, self.lang)

    def card_named(self, card_id: Any) -> str:
        return card_name(card_id if isinstance(card_id, str) else None, self.lang)

    def cards_listed(self, defs: Iterable[Any] | None) -> str:
        return listed(self.lang, (self.card_named(c) for c in defs or ()))

    def say(self, key: str, **kwargs: object) -> str:
        """The string ``key`` with ``who`` and ``card`` filled in."""
        return tr(key, self.lang, who=self.who, card=self.card, **kwargs)

    def tr(self, key: str, **kwargs: object) -> str:
        return tr(key, self.lang, **kwargs)

    def named_link(self, key: str, key_card: str) -> str:
        """A line about a link named by number (data ``link``), its card and owner too
        (``of``, ``owner``: put there by :class:`qm_words.logorder.LogOrder`) when the event
        carries them: the string ``key``, or ``key_card`` with the card."""
        n = (self.get("link") or 0) + 1
        of = self.get("of")
        if not of:
            return self.say(key, n=n)
        owner = self.seat(self.get("owner"))
        return self.tr(key_card, who=self.who, n=n, card=self.card_named(of), owner=owner)


#: A describer: the event's line, "" for none.
Describer = Callable[[Line], str]

#: Event kind -> its describer (filled in as this package's modules load).
DESCRIBERS: dict[str, Describer] = {}


def describes(kind: str) -> Callable[[Describer], Describer]:
    """Registers the decorated function as the describer of events of ``kind``."""

    def register(describer: Describer) -> Describer:
        if kind in DESCRIBERS:
            raise ValueError(f"event kind {kind!r} has two describers")
        DESCRIBERS[kind] = describer
        return describer

    return register
