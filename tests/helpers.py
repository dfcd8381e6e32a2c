"""Shared helpers for the rules tests: build a game, arrange a position, drive it through choose().

A rules test arranges a position once, at its start, by moving card instances between zones (the
test hook: the instances' zones in ``game.st``), and from then on plays only through
``game.choose(seat, option_id)`` and reads only ``game.view(seat)``, the returned events,
``game.prompt`` and ``game.result``. Everything here that touches ``game.st`` is setup.

Stability: other test modules import these functions; add new ones, do not change signatures.

Typical use::

    g = new_game(2, ancestors=["zufu"])
    cards = arrange(
        g,
        turn_seat=0,
        phase=Phase.ACTION,
        hands={0: ["jisi_zhunbei", "qingtuan"], 1: []},
        fields={1: [Card("wenming_changdao", face_down=True)]},
    )
    play = cards.hands[0][0]
    g.choose(0, f"play:{play}")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from qm_rules import Event, Game, GameOptions, Phase, PromptKind, View
from qm_rules.state import DECK, DISCARD, EMPTY, FIELD, HAND, LIMBO, STACK

__all__ = [
    "Arranged",
    "Card",
    "arrange",
    "by_def",
    "cid_of",
    "decide",
    "def_of",
    "empty_deck",
    "event_kinds",
    "field_defs",
    "hand_defs",
    "new_game",
    "option_for",
    "options_of_kind",
    "pass_responses",
    "play_to",
]

PLAYER_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


# ───────────────────────────── building ─────────────────────────────


def new_game(
    players: int | list[str] = 2,
    seed: int | str = 0,
    options: GameOptions | None = None,
    *,
    ancestors: Iterable[str] = (),
) -> Game:
    """A new game. ``players`` is a count (names Ann, Bo, …) or a list of names.

    ``ancestors``: ancestor ids the deck must hold (R2 puts only n of the 6 in a deck). Seeds are
    tried from ``seed`` upward (integers only) until a deck holds all of them; the game is an
    ordinary seeded game, so replaying its journal gives the same game.
    """
    names = list(PLAYER_NAMES[:players]) if isinstance(players, int) else list(players)
    want = set(ancestors)
    if not want:
        return Game.new(names, seed, options)
    assert isinstance(seed, int), "searching seeds for ancestors needs an integer seed"
    for s in range(seed, seed + 10_000):
        g = Game.new(names, s, options)
        if want <= {d.id for d in g.defs}:
            return g
    raise AssertionError(f"no seed from {seed} gives a deck with {sorted(want)}")


def by_def(game: Game, def_id: str) -> list[int]:
    """Every card instance (cid) of a definition, in instance order."""
    return [c for c in range(len(game.defs)) if game.defs[c].id == def_id]


def def_of(game: Game, cid: int) -> str:
    """The definition id of a card instance."""
    return game.defs[cid].id


@dataclass(frozen=True)
class Card:
    """A card to put on a field, with its flags. ``set_turn`` (for face-down cards) defaults to
    the turn before the current one, so the card may be flipped now (R16)."""

    id: str
    face_down: bool = False
    tapped: bool = False
    set_turn: int | None = None


@dataclass
class Arranged:
    """The card instances an :func:`arrange` call put in place, in the order they were given."""

    hands: dict[int, list[int]] = field(default_factory=dict)
    fields: dict[int, list[int]] = field(default_factory=dict)
    stacks: dict[int, list[int]] = field(default_factory=dict)
    deck_top: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)

    def all(self) -> list[int]:
        out: list[int] = []
        for d in (self.hands, self.fields, self.stacks):
            for cids in d.values():
                out.extend(cids)
        return out + self.deck_top + self.discard


def _pick(game: Game, def_id: str, used: set[int], protected: set[tuple[int, int]]) -> int:
    """An instance of ``def_id`` not used yet by this arrangement: from the deck first, then the
    discard pile, limbo, then hands/fields/stacks of seats the arrangement does not fix."""
    st = game.st
    cands = [c for c in by_def(game, def_id) if c not in used]
    if not cands:
        raise AssertionError(
            f"the deck holds no (more) {def_id!r}: {len(by_def(game, def_id))} in this game"
        )
    order = {DECK: 0, DISCARD: 1, LIMBO: 2, HAND: 3, FIELD: 4, STACK: 5}

    def rank(c: int) -> tuple[int, int]:
        zone, owner, _ = st.loc[c]
        locked = 1 if (zone, owner) in protected else 0
        return (locked, order[zone])

    cands.sort(key=rank)
    c = cands[0]
    zone, owner, _ = st.loc[c]
    if (zone, owner) in protected:
        raise AssertionError(f"every {def_id!r} is already placed by this arrangement")
    return c


def arrange(
    game: Game,
    *,
    turn_seat: int | None = None,
    phase: Phase | None = None,
    hands: dict[int, list[str]] | None = None,
    fields: dict[int, list[str | Card]] | None = None,
    stacks: dict[int, list[str]] | None = None,
    deck_top: list[str] | None = None,
    discard: list[str] | None = None,
    keep_hands: bool = False,
    keep_fields: bool = False,
) -> Arranged:
    """Arrange a position (setup only), then recompute the pending prompt.

    - ``hands``/``fields``/``stacks``: per seat, the definition ids that seat holds. A seat named
      here has its previous hand/field/stack put back on top of the deck first, unless
      ``keep_hands``/``keep_fields`` (then the cards are added). Seats not named are untouched
      (but may lend cards: a card is taken from the deck first, and only if the deck has none left
      from the discard pile or an unnamed seat).
    - ``fields`` fill slots from slot 0 in order; an entry is an id or a :class:`Card` with flags.
    - ``deck_top``: ids put on top of the deck, in draw order (the first is drawn first).
    - ``discard``: ids put on the discard pile, bottom first.
    - ``turn_seat``/``phase``: whose turn it is and which phase. ``Phase.DRAW`` means the draw
      phase has not run yet (R8/R9 happen when the game goes on); other phases are entered
      already. Setting ``turn_seat`` resets the "placed this turn" flag.

    Returns the instances placed, so tests can build option ids (``f"play:{cid}"``).
    """
    st = game.st
    hands = hands or {}
    fields = fields or {}
    stacks = stacks or {}
    out = Arranged()
    used: set[int] = set()
    protected: set[tuple[int, int]] = set()

    # Free the zones being fixed: their old cards go back on top of the deck.
    for seat in hands:
        if not keep_hands:
            for c in list(st.hands[seat]):
                st.move(c, DECK)
        protected.add((HAND, seat))
    for seat in fields:
        if not keep_fields:
            for c in list(st.fields[seat]):
                if c != EMPTY:
                    st.move(c, DECK)
        protected.add((FIELD, seat))
    for seat in stacks:
        for c in list(st.stacks[seat]):
            st.move(c, DECK)
        protected.add((STACK, seat))

    def take(def_id: str) -> int:
        c = _pick(game, def_id, used, protected)
        used.add(c)
        return c

    for seat, ids in hands.items():
        out.hands[seat] = []
        for i in ids:
            c = take(i)
            st.move(c, HAND, seat)
            out.hands[seat].append(c)
    for seat, entries in fields.items():
        out.fields[seat] = []
        for e in entries:
            spec = e if isinstance(e, Card) else Card(e)
            c = take(spec.id)
            slot = st.free_slot(seat)
            assert slot >= 0, f"seat {seat}'s field is full"
            st.move(c, FIELD, seat, slot)
            st.face_down[c] = spec.face_down
            st.tapped[c] = spec.tapped
            if spec.face_down:
                st.set_turn[c] = spec.set_turn if spec.set_turn is not None else game.turn - 1
            out.fields[seat].append(c)
    for seat, ids in stacks.items():
        out.stacks[seat] = []
        for i in ids:
            c = take(i)
            st.move(c, STACK, seat)
            out.stacks[seat].append(c)
    for i in discard or []:
        c = take(i)
        st.move(c, DISCARD)
        out.discard.append(c)
    for i in reversed(deck_top or []):
        c = take(i)
        st.move(c, DECK)  # on top
        out.deck_top.insert(0, c)

    if turn_seat is not None:
        game.turn_seat = turn_seat
        game.placed = False
    if phase is not None:
        game.phase = phase
        game.phase_entered = phase is not Phase.DRAW
    _recompute(game)
    return out


def empty_deck(game: Game, to: str = "discard") -> None:
    """Setup: move the whole deck to the discard pile (``to="discard"``) or out of play into
    limbo (``to="limbo"``, for "deck and discard both empty" positions)."""
    st = game.st
    for c in list(st.deck):
        st.move(c, DISCARD if to == "discard" else LIMBO)
    if to == "limbo":
        for c in list(st.discard):
            st.move(c, LIMBO)
    _recompute(game)


def _recompute(game: Game) -> None:
    game._prompt = None
    game._advance()
    game._events = []


# ───────────────────────────── reading ─────────────────────────────


def hand_defs(view: View, seat: int) -> list[str] | None:
    """The definition ids of a seat's hand as this view shows it (None when hidden)."""
    hand = view.seats[seat].hand
    return None if hand is None else [c.card for c in hand]


def field_defs(view: View, seat: int) -> list[str | None]:
    """Per slot: the definition id shown, ``"?"`` for a face-down card this view cannot see, None
    for an empty slot."""
    out: list[str | None] = []
    for s in view.seats[seat].slots:
        if s.card is not None:
            out.append(s.card.card)
        elif s.face_down:
            out.append("?")
        else:
            out.append(None)
    return out


def cid_of(view: View, seat: int, def_id: str, zone: str = "hand") -> int:
    """The first visible instance of ``def_id`` in a seat's ``zone`` ("hand", "field", "stack")."""
    s = view.seats[seat]
    if zone == "hand":
        cards = list(s.hand or ())
    elif zone == "field":
        cards = [sl.card for sl in s.slots if sl.card is not None]
    else:
        cards = list(s.stacked)
    for c in cards:
        if c.card == def_id:
            return c.cid
    raise AssertionError(f"no visible {def_id!r} in seat {seat}'s {zone}")


def options_of_kind(game: Game, kind: str) -> list[str]:
    """The pending prompt's option ids of one kind ("play", "set", "place", "flip", …)."""
    p = game.prompt
    return [] if p is None else [o.id for o in p.options if o.kind == kind]


def option_for(game: Game, kind: str, def_id: str | None = None) -> str | None:
    """The first pending option of ``kind`` whose card is a ``def_id`` (any card if None)."""
    p = game.prompt
    if p is None:
        return None
    for o in p.options:
        if o.kind == kind and (
            def_id is None or (o.card is not None and game.defs[o.card].id == def_id)
        ):
            return o.id
    return None


def event_kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# ───────────────────────────── driving ─────────────────────────────


def decide(game: Game, option_id: str) -> list[Event]:
    """Choose for whoever's decision is pending."""
    assert game.prompt is not None, "the game is over"
    return game.choose(game.prompt.seat, option_id)


def pass_responses(game: Game) -> list[Event]:
    """Pass every pending response prompt (nobody answers); returns the events."""
    events: list[Event] = []
    while game.prompt is not None and game.prompt.kind is PromptKind.RESPOND:
        events += game.choose(game.prompt.seat, "pass")
    return events


def play_to(game: Game, stop: Callable[[Game], bool], *, limit: int = 500) -> list[Event]:
    """Take the default option (as a timer would) until ``stop(game)`` or the game ends."""
    events: list[Event] = []
    for _ in range(limit):
        if game.prompt is None or stop(game):
            return events
        events += game.apply_default()
    raise AssertionError(f"stop condition not reached in {limit} decisions")
