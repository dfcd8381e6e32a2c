"""The game's events in the order the log reads them: each link's "resolves" line first, then
what it did.

The engine records a link's resolution as it happens: an action's, trap's, counter's or
manifestation's effect first, then the ``resolved`` event that closes the link; a worship's,
an offering's placing and an ability's ``resolved`` first, then what became of the card (the
worship stacking and its draw, the offering stacked or discarded). Read in that order, a link's
effects stand above its "resolves" line, as if the link before it had done them, and the two
kinds read the other way round from each other. :class:`LogOrder` puts every kind the same way
— the link's line, then its effects under it — without changing the events themselves: the
first effect of a link brings its line (a copy of the ``resolved`` event to come, which is then
not read again); a link with no effect, or negated, is read where its ``resolved`` is.

It also names the link whenever an event mentions one by its number alone (a counter's
``negate``, a section that could not be carried out): the link's card and owner, from the
``activate`` that made it (data ``of`` and ``owner``), so that "bot-4 negates link 2" reads
"bot-4 negates link 2: Ghost Wall (root)"; and a ``resolved`` a host sent without its card
(``def``) gets it from there too.

It keeps the chain across calls, so that a resolution cut by a decision (an effect's pick)
and told in two updates still reads in order. Feed it every event a viewer sees, in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from qm_rules.model import Event

#: Events about a link that name it by its number (``link``): named by card and owner here.
NAMES_A_LINK = frozenset({"negate", "section"})


def name_link(e: Event, card_def: str | None, owner: int | None) -> Event:
    """``e``, which names a link by number, naming its card and owner too (the data the log's
    words take: ``of``, ``owner``)."""
    return Event(e.kind, e.seat, {**e.data, "of": card_def, "owner": owner}, e.to)


@dataclass(frozen=True, slots=True)
class _Link:
    seat: int | None
    card: object  # the card instance, as the ``activate`` event gave it
    card_def: str | None
    kind: str
    payload: str | None  # an ability's offering, by card id


class LogOrder:
    """Reorders a viewer's events into the log's order (see the module's note)."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._links: dict[int, _Link] = {}
        self._resolving = False
        self._current: int | None = None  # the link resolving now
        self._said: set[int] = set()  # links whose line was read before their ``resolved``
        self._finished: _Link | None = None  # the link that just resolved (its card's fate)
        self._drawing = False  # its worship was just stacked: the worship draw comes next

    def feed(self, events: Iterable[Event]) -> list[Event]:
        out: list[Event] = []
        for e in events:
            self._one(e, out)
        return out

    def _one(self, e: Event, out: list[Event]) -> None:
        k = e.kind
        if k == "start":
            self._reset()  # a new game: forget the last one's chain
        if self._finished is not None:
            if self._fate(self._finished, e):
                self._drawing = self._drawing or k == "worship"
                out.append(e)
                return
            self._finished = None
        if k == "activate":
            d = e.data
            index = d.get("link")
            if isinstance(index, int):
                self._links[index] = _Link(
                    e.seat, d.get("card"), d.get("def"), str(d.get("kind")), d.get("payload")
                )
            out.append(e)
            return
        if k == "chain_closed":
            self._resolving = True
            self._current = max(self._links) if self._links else None
            out.append(e)
            return
        if not self._resolving:
            out.append(self._carded(self._named(e)) if k == "resolved" else self._named(e))
            return
        if k == "resolved":
            index = e.data.get("link")
            if index not in self._said:
                out.append(self._carded(e))
            self._said.discard(index)  # (an int, or nothing to discard)
            link = self._links.pop(index, None) if isinstance(index, int) else None
            self._finished, self._drawing = link, False
            self._current = max(self._links) if self._links else None  # the next one down
            if not self._links:
                self._resolving = False
            return
        if k == "section" and e.data.get("ok"):
            out.append(e)  # bookkeeping, read as nothing
            return
        current = self._current
        if current is not None and current not in self._said and current in self._links:
            link = self._links[current]
            said = {"link": current, "negated": False, "def": link.card_def}
            out.append(Event("resolved", link.seat, said))
            self._said.add(current)
        out.append(self._named(e))

    def _carded(self, e: Event) -> Event:
        """A ``resolved`` with its link's card, which a host that left it out did not say."""
        if e.data.get("def"):
            return e
        # (type: ignore: a resolved event holds its link's index)
        link = self._links.get(e.data.get("link"))  # type: ignore[arg-type]
        if link is None or not link.card_def:
            return e
        return Event(e.kind, e.seat, {**e.data, "def": link.card_def}, e.to)

    def _named(self, e: Event) -> Event:
        """``e`` with the card and owner of the link it names by number, where it names one."""
        if e.kind not in NAMES_A_LINK:
            return e
        # (type: ignore: an event naming a link holds its index)
        link = self._links.get(e.data.get("link"))  # type: ignore[arg-type]
        if link is None:
            return e
        return name_link(e, link.card_def, link.seat)

    def _fate(self, link: _Link, e: Event) -> bool:
        """Whether ``e``, just after ``link`` resolved, is what became of the link's own card:
        a negated offering discarded, a worship stacked (then its draw), a worship returned
        to the hand or discarded, an ability's offering stacked or discarded."""
        if e.kind == "reshuffle":  # the worship draw emptied the deck (nobody's event)
            return self._drawing
        if e.seat != link.seat:
            return False
        card, card_def = e.data.get("card"), e.data.get("def")
        if e.kind in ("discard", "return"):
            return card == link.card or (link.payload is not None and card_def == link.payload)
        if e.kind == "worship":
            return link.kind == "worship"
        if e.kind == "stack":
            return link.kind == "ability"
        return e.kind == "draw" and self._drawing
