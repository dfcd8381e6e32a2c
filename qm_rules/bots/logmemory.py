"""What the search bot's seat reads in the log of the others' hands (:class:`LogMemory`).

The log is the events the seat was shown (R5), between its decisions: a card seen going into a
hand is known there until it is seen to leave, and a search shows what kind of card a hand now
holds. :class:`~qm_rules.bots.inference.SeatMemory` keeps one; the determinizer places what it
knows.
"""

from __future__ import annotations

from collections.abc import Collection

from ..cards import SET_TYPES, CardType, Filter
from ..model import Event, View
from .roles import Book, book_of

#: Events that show a card (``card``, or ``cards``) leaving where it was for a public place.
_LEAVES = frozenset({"discard", "put", "worship", "stack"})
#: Discards of cards that were not in a hand (an action at the end phase, a face-down card).
_NOT_FROM_HAND = ("end_phase", "face_down")


def search_filter(book: Book, card: str, mode: int | None) -> Filter | None:
    """The kind of card ``card``'s effect (in ``mode``) searches the deck for, if it searches
    (read from the card data)."""
    modes = book.defs[card].modes
    if not modes:
        return None
    chosen = modes[mode] if mode is not None and 0 <= mode < len(modes) else modes[0]
    for sec in chosen.effect:
        for cl in sec.clauses:
            if cl.op == "search":
                return cl.filter or Filter()
    return None


class LogMemory:
    """What the seat read in the log (the events it was shown, R5) of the others' hands:

    - **cards known in a hand**: an ancestor returned to its owner's hand (a worship stopped
      by 纸人替身, or no slot for it), a card taken into a hand in the open (顺手牵羊 with a
      full field), a card another player took from our hand, the hand 借东风 showed us. Known
      until it is seen to leave (placed, played, discarded, put, stacked, taken to a field), or
      until we cannot tell: a card set face-down from that hand may be any trap or counter
      known there, a card taken unseen from that hand may be any of them;
    - **the kind of a searched card**: a search shows everyone what its card searches for (a
      Burning card, an offering), so the hand holds one more of that kind, until a card of
      that kind is seen leaving that hand (or a card leaves it unseen).

    Exact and conservative: what may no longer hold is forgotten. Reset by a game's start."""

    def __init__(self, book: Book | None = None) -> None:
        self.book = book or book_of()
        self.held: dict[int, tuple[int, str]] = {}  # card instance -> (seat, card) in a hand
        self.how: dict[int, str] = {}  # card instance -> the event that told it (for tests)
        self.searched: dict[int, list[Filter]] = {}  # seat -> kinds searched, not seen to leave
        self._links: dict[int, tuple[int | None, str, int | None]] = {}  # chain link -> who, what

    def read(self, events: list[Event], me: int | None) -> None:
        """Events the seat ``me`` was shown, in order (and only those)."""
        for i, e in enumerate(events):
            kind, d, seat = e.kind, e.data, e.seat
            if kind == "start":
                # (type: ignore: a new game: the memory starts afresh in place)
                self.__init__(self.book)  # type: ignore[misc]
            elif kind == "activate":
                self._links[d["link"]] = (seat, d["def"], d.get("mode"))
                self._left(seat, d["card"], d["def"])
                payload = d.get("payload")
                if payload is not None:  # an offering from the hand, named but not numbered
                    self._left_named(seat, payload)
            elif kind == "resolved":
                self._links.pop(d["link"], None)
            elif kind == "turn":
                self._links.clear()  # (a chain resolves within its turn)
            elif kind == "return":
                self._left(None, d["card"], d["def"])
                if seat != me and seat is not None:
                    self.held[d["card"]] = (seat, d["def"])
                    self.how[d["card"]] = kind
            elif kind == "take":
                self._take(e, events[i + 1] if i + 1 < len(events) else None, me)
            elif kind == "look" and me is not None and d["seat"] != me:
                for c, name in zip(d["cards"], d["defs"], strict=True):
                    self.held[c] = (d["seat"], name)
                    self.how[c] = kind
            elif kind == "set" and seat != me and seat is not None:
                self._unsure(seat, SET_TYPES)
            elif kind == "search" and seat != me and seat is not None and d.get("card") is None:
                found = self._search_kind(seat)
                if found is not None:
                    self.searched.setdefault(seat, []).append(found)
            elif kind in _LEAVES:
                # (from a hand, as far as the kind of a searched card goes, only a discard
                # that says nothing else and a put; the others were counted when activated)
                from_hand = kind == "put" or (
                    kind == "discard" and not any(d.get(k) for k in _NOT_FROM_HAND)
                )
                who = seat if from_hand else None
                if d.get("card") is not None:
                    self._left(who, d["card"], d["def"])
                for c, name in zip(d.get("cards", ()), d.get("defs", ()), strict=True):
                    self._left(who, c, name)
            elif kind == "concede" and seat is not None:
                self._forget(seat)

    def _take(self, e: Event, after: Event | None, me: int | None) -> None:
        d = e.data
        c = d.get("card")
        if c is None:
            # a card taken from a hand, shown only to the two players: if we are one of them
            # the next event names it; else any card of that hand may have gone
            named = (
                after is not None
                and after.kind == "take"
                and after.data.get("card") is not None
                and after.data.get("from") == d["from"]
            )
            if not named:
                self._unsure(d["from"], None)
            return
        # (shown to everyone: taken from a field; to the two players: from a hand)
        self._left(None if e.to is None else d["from"], c, d["def"])
        if d.get("to") == "hand" and e.seat is not None and e.seat != me:
            self.held[c] = (e.seat, d["def"])
            self.how[c] = "take"

    def _search_kind(self, seat: int) -> Filter | None:
        """What the search just made by ``seat`` looked for: the newest link of ``seat``'s on
        the chain whose card searches (the one resolving: the chain resolves newest first)."""
        for link in sorted(self._links, reverse=True):
            who, card, mode = self._links[link]
            if who == seat:
                return search_filter(self.book, card, mode)
        return None

    def _left(self, seat: int | None, card: int, name: str) -> None:
        """``card`` (``name``) was seen leaving where it was; if from ``seat``'s hand, that
        hand holds one searched card fewer of its kind (when it was of one)."""
        self.held.pop(card, None)
        if seat is not None:
            kinds = self.searched.get(seat)
            if kinds:
                d = self.book.defs[name]
                for j, f in enumerate(kinds):
                    if f.accepts(d):
                        del kinds[j]
                        break

    def _left_named(self, seat: int | None, name: str) -> None:
        """A card named ``name`` left ``seat``'s hand, its instance not shown: every known
        card of that name there may have been it."""
        for c, (s, n) in list(self.held.items()):
            if s == seat and n == name:
                del self.held[c]
        if seat is not None:
            self._left(seat, -1, name)

    def _unsure(self, seat: int, types: Collection[CardType] | None) -> None:
        """A card of ``seat``'s hand (of one of ``types``; None: any) left it unseen: the known
        cards there it may have been are forgotten, and one searched card of each kind."""
        for c, (s, n) in list(self.held.items()):
            if s == seat and (types is None or self.book.defs[n].type in types):
                del self.held[c]
        kinds = self.searched.get(seat)
        if kinds:
            gone: list[Filter] = []
            for f in kinds:
                may = types is None or any(
                    f.accepts(x) for x in self.book.cards.cards if x.type in types
                )
                if may and f not in gone:
                    gone.append(f)
            for f in gone:
                kinds.remove(f)

    def _forget(self, seat: int) -> None:
        for c, (s, _) in list(self.held.items()):
            if s == seat:
                del self.held[c]
        self.searched.pop(seat, None)

    # ── what the deals take from it ──

    def hands(self, view: View, seen: set[int]) -> dict[int, list[tuple[int, str]]]:
        """The cards known in each other seat's hand at ``view``, by seat: none that ``view``
        shows elsewhere (``seen``: the instances it places), and none for a seat whose hand is
        smaller than what is known of it (we cannot tell: forgotten)."""
        me = view.viewer
        out: dict[int, list[tuple[int, str]]] = {}
        for c, (s, name) in sorted(self.held.items()):
            if c in seen:
                del self.held[c]
                continue
            if s != me and 0 <= s < len(view.seats) and not view.seats[s].conceded:
                out.setdefault(s, []).append((c, name))
        for s, cards in list(out.items()):
            if len(cards) > view.seats[s].hand_count:
                self._forget(s)
                del out[s]
        return out

    def kinds(self, view: View) -> dict[int, list[Filter]]:
        """The kinds of card each other seat searched into its hand and is not seen to have
        let go (at most as many as its hand holds)."""
        out = {}
        for s, kinds in self.searched.items():
            if kinds and s != view.viewer and not view.seats[s].conceded:
                out[s] = kinds[: view.seats[s].hand_count]
        return out
