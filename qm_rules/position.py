"""Positions: a game set up at a chosen moment of play, built through the engine.

A lesson, a puzzle or a rules test starts from a fixed position rather than from a deal: this
hand, those cards on the fields, this deck order, the second turn's action phase. A
:class:`Position` says all of it, by card id; :func:`build` turns it into an ordinary
:class:`~qm_rules.game.Game` waiting on the position's first decision::

    from qm_rules.position import FieldCard, Position, SeatSetup, build

    game = build(
        Position(
            seats=(
                SeatSetup(hand=("jisi_zhunbei", "qingtuan"), field=("juhua", "zhiqian/tapped")),
                SeatSetup(field=(FieldCard("wenming_changdao", face_down=True),)),
            ),
            deck=("zhiqian", "qingcha"),  # the top first
        )
    )
    game.prompt  # seat 0's action phase

How it is built: the deck a game of that many players holds is dealt (the base sets and one
ancestor a player: those the position names, then the pool's first others), every card starts
in the deck, and each card the position names is moved to its place with the state's own moves
(:meth:`~qm_rules.state.State.move`, ``set_face_down``, ``set_tapped``, ``set_negated``), which
keep every derived record true. The cards the position does not name go to the discard pile
(``rest = "discard"``, the default) or under the named deck cards (``rest = "deck"``). Then the
game is run to its first decision by the engine's own loop: a position in the draw phase draws;
any other phase starts from its beginning (its win check included).

What the position can say is what the rules track: per seat its hand, its five slots (card,
face down, set this turn, tapped, negated), the offerings stacked under its ancestor, whether it
has conceded and whether First Ancestor's stacking was used this turn; the deck's order, the
discard pile's order; whose turn, the turn and round numbers, who went first, the phase, whether
an offering was placed this turn; the prohibitions in force this turn (by the card that made
them). A position always starts between chains: no activation is half-way.

A position no game could reach is refused with a :class:`PositionError` naming the field (for
example ``seats[1].field[0]``): a card the deck does not hold (or not that many times), a
face-down offering, a ritual without offerings, a field of six. :meth:`Position.from_plain`
reads a position from plain data (a TOML table: the puzzle files) with the same errors.

:func:`rearrange` moves named cards into a game that already exists (a seeded game, or one
played on for a while), for a rules test that needs one card in place in an otherwise ordinary
game: the same moves, then :func:`resume` runs the game on to its next decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import CardDef, CardSet, CardType, shipped_cards
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, base_set_copies
from .model import GameOptions, Phase, Prohibition
from .rng import Rng, seed_state
from .state import DECK, DISCARD, EMPTY, FIELD, HAND, LIMBO, SLOTS, STACK, State

__all__ = [
    "FieldCard",
    "Placed",
    "Position",
    "PositionError",
    "SeatSetup",
    "build",
    "rearrange",
    "resume",
]


class PositionError(ValueError):
    """A position no game could reach, or one that is not well formed. ``field`` names where
    (``seats[0].hand[2]``, ``deck``, ``phase``); the message says what is wrong in plain words."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


_FLAGS = {"down": "face_down", "new": "set_this_turn", "tapped": "tapped", "negated": "negated"}


@dataclass(frozen=True)
class FieldCard:
    """A card in a slot.

    ``face_down``: set face down (a trap or counter). ``set_this_turn``: set in the current turn,
    so it cannot be flipped before its owner's next turn. ``tapped``: tapped (a Burning offering
    from its owner's second turn with it; any offering or ancestor Amulet tapped). ``negated``:
    a face-up special card whose activation was negated, waiting for its owner's end phase.
    """

    card: str
    face_down: bool = False
    tapped: bool = False
    set_this_turn: bool = False
    negated: bool = False

    @classmethod
    def parse(cls, spec: str) -> FieldCard:
        """``"yehuo/down"``: the card id, then flags after slashes: ``down`` (face down),
        ``new`` (set this turn), ``tapped``, ``negated``."""
        card, *flags = spec.split("/")
        unknown = [f for f in flags if f not in _FLAGS]
        if unknown:
            raise ValueError(f"unknown flag {unknown[0]!r} (known: {', '.join(_FLAGS)})")
        return cls(card, **{_FLAGS[f]: True for f in flags})


Slot = FieldCard | str | None


@dataclass(frozen=True)
class SeatSetup:
    """One seat's cards. ``field`` lists the slots from the first: a :class:`FieldCard`, a card
    id with flags (``"zhiqian/tapped"``, see :meth:`FieldCard.parse`), or None for an empty slot
    (slots after the list are empty). ``stacked``: the offerings under its ancestor.
    ``stacked_this_turn``: First Ancestor's stacking was used this turn (the turn's seat only)."""

    hand: tuple[str, ...] = ()
    field: tuple[Slot, ...] = ()
    stacked: tuple[str, ...] = ()
    conceded: bool = False
    stacked_this_turn: bool = False


@dataclass(frozen=True)
class Position:
    """A moment of a game (see the module's note). ``deck`` is read from the top (drawn first);
    ``discard`` from the bottom (its last card is on top). ``first_seat`` defaults to
    ``turn_seat``. ``prohibitions``: card ids whose "cannot search or use" is in force this turn
    (``"wenming_changdao"``). ``ancestors``: ancestors the deck holds besides those named
    anywhere in the position (a game holds one a player)."""

    seats: tuple[SeatSetup, ...]
    turn_seat: int = 0
    phase: Phase = Phase.ACTION
    turn: int = 1
    round: int = 1
    first_seat: int | None = None
    placed: bool = False
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    rest: Literal["deck", "discard"] = "discard"
    prohibitions: tuple[str, ...] = ()
    ancestors: tuple[str, ...] = ()
    names: tuple[str, ...] | None = None
    seed: int | str = 0
    options: GameOptions = field(default_factory=GameOptions)

    @classmethod
    def from_plain(cls, data: Mapping[str, Any], options: GameOptions | None = None) -> Position:
        """A position from plain data (a TOML table): the keys are this class's fields but
        ``names``; the seats a list of tables with ``hand``, ``field``, ``stacked``,
        ``conceded`` and ``stacked_this_turn``; a field entry is a card spec string
        (``"yehuo/down"``) or ``"-"`` for an empty slot; ``options`` a table of table options
        (``hand_limit = 5``; ``options`` given here win over those in the table). Raises
        :class:`PositionError` naming the field."""
        return _from_plain(data, options)

    @property
    def players(self) -> int:
        return len(self.seats)


# ───────────────────────────── reading plain data ─────────────────────────────

_POSITION_KEYS = {
    "seats",
    "turn_seat",
    "phase",
    "turn",
    "round",
    "first_seat",
    "placed",
    "deck",
    "discard",
    "rest",
    "prohibitions",
    "ancestors",
    "seed",
    "options",
}
_SEAT_KEYS = {"hand", "field", "stacked", "conceded", "stacked_this_turn"}


def _table(raw: Any, where: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise PositionError(where, "needs a table")
    unknown = sorted(set(raw) - keys)
    if unknown:
        raise PositionError(f"{where}.{unknown[0]}" if where else unknown[0], "unknown field")
    return raw


def _ids(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise PositionError(where, "needs a list of card ids")
    return tuple(raw)


def _int(raw: Any, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise PositionError(where, f"needs a whole number, not {raw!r}")
    return raw


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise PositionError(where, f"needs true or false, not {raw!r}")
    return raw


def _from_plain(data: Mapping[str, Any], options: GameOptions | None) -> Position:
    data = _table(data, "", _POSITION_KEYS)
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise PositionError("seats", "needs a list of seats, one table each")
    seats = []
    for i, raw in enumerate(raw_seats):
        at = f"seats[{i}]"
        raw = _table(raw, at, _SEAT_KEYS)
        slots: list[Slot] = []
        raw_field = raw.get("field", [])
        if not isinstance(raw_field, list):
            raise PositionError(f"{at}.field", "needs a list of card specs")
        for j, spec in enumerate(raw_field):
            if not isinstance(spec, str):
                raise PositionError(f"{at}.field[{j}]", "needs a card spec such as 'yehuo/down'")
            if spec == "-":
                slots.append(None)
                continue
            try:
                slots.append(FieldCard.parse(spec))
            except ValueError as exc:
                raise PositionError(f"{at}.field[{j}]", str(exc)) from None
        seats.append(
            SeatSetup(
                hand=_ids(raw.get("hand", []), f"{at}.hand"),
                field=tuple(slots),
                stacked=_ids(raw.get("stacked", []), f"{at}.stacked"),
                conceded=_bool(raw.get("conceded", False), f"{at}.conceded"),
                stacked_this_turn=_bool(
                    raw.get("stacked_this_turn", False), f"{at}.stacked_this_turn"
                ),
            )
        )
    phase_raw = data.get("phase", "action")
    try:
        phase = Phase(phase_raw)
    except ValueError:
        phase = Phase.OVER  # refused below, with the phases named
    if phase is Phase.OVER:
        raise PositionError("phase", "needs one of draw, place, action, worship, end")
    rest = data.get("rest", "discard")
    if rest not in ("deck", "discard"):
        raise PositionError("rest", "needs 'deck' or 'discard'")
    first = data.get("first_seat")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise PositionError("seed", "needs a whole number or a word")
    table_options = GameOptions()
    if "options" in data:
        raw_options = data["options"]
        if not isinstance(raw_options, Mapping):
            raise PositionError("options", "needs a table of table options")
        try:
            table_options = GameOptions.from_plain(dict(raw_options))
            table_options.check()
        except (TypeError, ValueError) as exc:
            name = next((k for k in raw_options if str(exc).startswith(k)), None)
            raise PositionError(f"options.{name}" if name else "options", str(exc)) from None
    return Position(
        seats=tuple(seats),
        turn_seat=_int(data.get("turn_seat", 0), "turn_seat"),
        phase=phase,
        turn=_int(data.get("turn", 1), "turn"),
        round=_int(data.get("round", 1), "round"),
        first_seat=None if first is None else _int(first, "first_seat"),
        placed=_bool(data.get("placed", False), "placed"),
        deck=_ids(data.get("deck", []), "deck"),
        discard=_ids(data.get("discard", []), "discard"),
        rest=rest,
        prohibitions=_ids(data.get("prohibitions", []), "prohibitions"),
        ancestors=_ids(data.get("ancestors", []), "ancestors"),
        seed=seed,
        options=options or table_options,
    )


# ───────────────────────────── checking ─────────────────────────────

_PLAY_PHASES = (Phase.ACTION, Phase.WORSHIP, Phase.END)


def _slots(seat: SeatSetup, where: str) -> list[FieldCard | None]:
    out: list[FieldCard | None] = []
    for j, s in enumerate(seat.field):
        if isinstance(s, str):
            try:
                s = FieldCard.parse(s)
            except ValueError as exc:
                raise PositionError(f"{where}.field[{j}]", str(exc)) from None
        out.append(s)
    if len(out) > SLOTS:
        raise PositionError(f"{where}.field", f"{len(out)} slots; a field has {SLOTS}")
    return out


def _named(pos: Position, fields: list[list[FieldCard | None]]) -> list[tuple[str, str]]:
    """Every card the position names, with where: (field path, card id), in reading order."""
    out: list[tuple[str, str]] = []
    for i, seat in enumerate(pos.seats):
        out += [(f"seats[{i}].hand[{j}]", c) for j, c in enumerate(seat.hand)]
        out += [(f"seats[{i}].field[{j}]", s.card) for j, s in enumerate(fields[i]) if s]
        out += [(f"seats[{i}].stacked[{j}]", c) for j, c in enumerate(seat.stacked)]
    out += [(f"deck[{j}]", c) for j, c in enumerate(pos.deck)]
    out += [(f"discard[{j}]", c) for j, c in enumerate(pos.discard)]
    return out


def _check(
    pos: Position, cards: CardSet, reachable: bool
) -> tuple[list[list[FieldCard | None]], list[CardDef], list[CardDef]]:
    """Refuse a position that is not well formed, or (``reachable``) that no game reaches;
    return its fields (parsed), the game's ancestors and the cards dealt beyond the deck's
    copies (only when not ``reachable``)."""
    n = pos.players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PositionError("seats", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {n}")
    if pos.names is not None and len(pos.names) != n:
        raise PositionError("names", f"{len(pos.names)} names for {n} seats")
    for name in ("turn_seat", "first_seat"):
        value = getattr(pos, name)
        if value is not None and not 0 <= value < n:
            raise PositionError(name, f"needs a seat from 0 to {n - 1}, not {value}")
    if pos.turn < 1 or pos.round < 1 or pos.round > pos.turn:
        raise PositionError("turn", "the turn and round count from 1, and a round has a turn")
    if pos.phase is Phase.OVER:
        raise PositionError("phase", "a position is in a turn's phase, not after the game")
    if pos.seats[pos.turn_seat].conceded:
        raise PositionError("turn_seat", "that seat has conceded: it has no turns")
    if sum(not s.conceded for s in pos.seats) < 2:
        raise PositionError("seats", "at least two seats are still playing in a game")
    fields = [_slots(s, f"seats[{i}]") for i, s in enumerate(pos.seats)]
    named = _named(pos, fields)
    by_id = cards.by_id
    for where, c in named + [(f"ancestors[{j}]", a) for j, a in enumerate(pos.ancestors)]:
        if c not in by_id:
            raise PositionError(where, f"no card {c!r} in the card set")

    # The deck a game of n players holds: base sets, and n different ancestors.
    ancestors: list[CardDef] = []
    for where, c in [(f"ancestors[{j}]", a) for j, a in enumerate(pos.ancestors)] + named:
        d = by_id[c]
        if d.type is CardType.ANCESTOR and d not in ancestors:
            if len(ancestors) == n and reachable:
                raise PositionError(where, f"a game of {n} holds {n} ancestors, one a seat")
            ancestors.append(d)
    for d in cards.ancestors:
        if len(ancestors) >= n:
            break
        if d not in ancestors:
            ancestors.append(d)
    copies = base_set_copies(n)
    held = Counter({d.id: d.copies * copies for d in cards.base_set})
    held.update(d.id for d in ancestors)
    seen: Counter[str] = Counter()
    extra: list[CardDef] = []
    for where, c in named:
        seen[c] += 1
        if seen[c] > held[c]:
            if reachable:
                name = by_id[c].name.en
                raise PositionError(
                    where, f"a game of {n} holds {held[c]} {name} ({c}); this is one more"
                )
            extra.append(by_id[c])

    for i, seat in enumerate(pos.seats):
        at = f"seats[{i}]"
        ancestor_at = None
        for j, s in enumerate(fields[i]):
            if s is None:
                continue
            here, d = f"{at}.field[{j}]", by_id[s.card]
            if s.face_down and d.type not in (CardType.TRAP, CardType.COUNTER):
                raise PositionError(here, "only a trap or a counter is set face down")
            if s.set_this_turn and not s.face_down:
                raise PositionError(here, "'set this turn' is said of a face-down card")
            if s.tapped and (s.face_down or d.type not in (CardType.OFFERING, CardType.ANCESTOR)):
                raise PositionError(here, "only a face-up offering or ancestor is tapped")
            if s.negated and (s.face_down or not d.is_special):
                raise PositionError(here, "only a face-up action, trap or counter is negated")
            if d.type is CardType.ANCESTOR:
                if ancestor_at is not None:
                    raise PositionError(here, "a field holds one ancestor")
                ancestor_at = here
        for j, c in enumerate(seat.stacked):
            if by_id[c].type is not CardType.OFFERING:
                raise PositionError(f"{at}.stacked[{j}]", "only offerings are stacked")
        if reachable:
            _check_reachable(pos, i, fields[i], ancestor_at is not None, by_id)
    for j, c in enumerate(pos.prohibitions):
        if not any(cl.op == "prohibit" for cl in _clauses(by_id[c])):
            raise PositionError(f"prohibitions[{j}]", f"{c!r} forbids nothing")
    if reachable and pos.placed and pos.phase is Phase.DRAW:
        raise PositionError("placed", "nothing is placed before the placement phase")
    return fields, ancestors, extra


def _check_reachable(
    pos: Position,
    i: int,
    slots: list[FieldCard | None],
    has_ancestor: bool,
    by_id: Mapping[str, CardDef],
) -> None:
    """What play could not have left on seat ``i``'s side of the table."""
    at, seat = f"seats[{i}]", pos.seats[i]
    mine = i == pos.turn_seat
    for j, s in enumerate(slots):
        if s is None:
            continue
        here, d = f"{at}.field[{j}]", by_id[s.card]
        if s.set_this_turn and not (mine and pos.phase in _PLAY_PHASES):
            raise PositionError(
                here, "a card is set in its owner's action phase: set this turn, it is theirs"
            )
        if d.type is CardType.ACTION and not (mine and pos.phase in _PLAY_PHASES):
            raise PositionError(
                here, "an action card is face up only in its owner's turn, after placing"
            )
    if has_ancestor and not seat.stacked:
        raise PositionError(
            f"{at}.stacked",
            "an ancestor on the field has offerings stacked under it (without any the "
            "ritual has broken and the ancestor is gone)",
        )
    if seat.stacked and not has_ancestor:
        raise PositionError(f"{at}.stacked", "offerings are stacked only under an ancestor")
    if seat.stacked_this_turn and not mine:
        raise PositionError(f"{at}.stacked_this_turn", "said only of the turn's seat")
    if seat.conceded and (seat.hand or any(slots) or seat.stacked):
        raise PositionError(f"{at}.conceded", "a seat that conceded has no cards left")


def _clauses(d: CardDef) -> Iterable[Any]:
    sections = [s for m in d.modes for s in m.effect]
    return [cl for s in sections for cl in s.clauses]


# ───────────────────────────── building ─────────────────────────────


def build(pos: Position, cards: CardSet | None = None, *, reachable: bool = True) -> Game:
    """The game at ``pos``, waiting on its first decision (or over, if a seat already succeeds
    at worship as the phase starts). Raises :class:`PositionError` for an impossible position,
    ``ValueError`` for options no game can be played with.

    ``reachable=False`` is for a rules test of a card in isolation: the position must still be
    well formed (known cards, five slots, only traps and counters face down, one ancestor a
    field), but it need not be one play could reach, and a card named more often than the deck
    holds it is dealt again as many times (the deck then holds more cards than a game's)."""
    cards = cards or shipped_cards()
    fields, ancestors, extra = _check(pos, cards, reachable)
    pos.options.check()
    n = pos.players
    names = list(pos.names or (f"P{i + 1}" for i in range(n)))

    # The deck as dealt: card instance ids in a random order, as in a dealt game, so that an id
    # tells nothing of its card (what Game.new does, from the position's seed).
    copies = base_set_copies(n)
    defs = [d for _ in range(copies) for d in cards.base_set for _ in range(d.copies)]
    defs += ancestors + extra
    rng = Rng(seed_state(pos.seed))
    rng.shuffle(defs)
    zones = State(defs, n)
    zones.fill_deck(list(range(len(defs))))
    game = Game(names, pos.seed, pos.options, cards, defs, zones.to_plain())
    st = game.st

    free: dict[str, list[int]] = {}
    for c in reversed(st.deck):  # from the top: the instances handed out in deck order
        free.setdefault(defs[c].id, []).append(c)

    def take(card: str) -> int:
        return free[card].pop(0)

    for i, seat in enumerate(pos.seats):
        for card in seat.hand:
            st.move(take(card), HAND, i)
        for j, slot in enumerate(fields[i]):
            if slot is None:
                continue
            c = take(slot.card)
            st.move(c, FIELD, i, j)
            if slot.face_down:
                st.set_face_down(c, True, turn=pos.turn if slot.set_this_turn else pos.turn - 1)
            if slot.tapped:
                st.set_tapped(c)
            if slot.negated:
                st.set_negated(c)
        for card in seat.stacked:
            st.move(take(card), STACK, i)
    named_discard = [take(card) for card in pos.discard]
    named_deck = [take(card) for card in pos.deck]
    if pos.rest == "discard":
        for c in list(st.deck):
            if c not in named_deck:
                st.move(c, DISCARD)
    for c in named_discard:
        st.move(c, DISCARD)
    for c in reversed(named_deck):
        st.move(c, DECK)  # onto the top: the first named ends on top

    game.conceded = [s.conceded for s in pos.seats]
    game.turn_seat = pos.turn_seat
    game.first_seat = pos.turn_seat if pos.first_seat is None else pos.first_seat
    game.turn, game.round = pos.turn, pos.round
    game.phase, game.phase_entered = pos.phase, False
    game.placed = pos.placed
    game.ability_turn = [pos.turn if s.stacked_this_turn else 0 for s in pos.seats]
    game.prohibitions = [
        Prohibition(cl.tag, tuple(cl.actions), c, pos.turn)
        for c in pos.prohibitions
        for cl in _clauses(cards.by_id[c])
        if cl.op == "prohibit"
    ]
    game._advance()  # the engine's own loop: the phase starts (win check, draw) as in play
    game.opening, game._events = game._events, []
    return game


def cards_named(pos: Position) -> Sequence[str]:
    """Every card id the position places (hands, fields, stacks, deck, discard)."""
    return [c for _, c in _named(pos, [_slots(s, f"seats[{i}]") for i, s in enumerate(pos.seats)])]


# ───────────────────────────── rearranging a game ─────────────────────────────


@dataclass
class Placed:
    """The card instances :func:`rearrange` put in place, in the order they were given."""

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


_TAKE_ORDER = {DECK: 0, DISCARD: 1, LIMBO: 2, HAND: 3, FIELD: 4, STACK: 5}


def rearrange(
    game: Game,
    *,
    turn_seat: int | None = None,
    phase: Phase | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    fields: Mapping[int, Sequence[FieldCard | str]] | None = None,
    stacks: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    keep_hands: bool = False,
    keep_fields: bool = False,
    rest_to_discard: bool = False,
) -> Placed:
    """Move named cards into ``game`` with the state's own moves, then :func:`resume` it.

    - ``hands``/``fields``/``stacks``: per seat, the card ids it holds. A seat named here has
      its previous hand/field/stack put back on top of the deck first, unless
      ``keep_hands``/``keep_fields`` (then the cards are added). Seats not named keep theirs but
      may lend cards: an instance is taken from the deck first, then the discard pile, then
      from the seats not named.
    - ``fields`` fill the free slots from the first; an entry is a :class:`FieldCard` or a spec
      (``"zhiqian/tapped"``, ``"yehuo/down"``, ``"yehuo/down/new"``).
    - ``deck_top``: ids put on top of the deck, the first drawn first; ``discard``: ids put on
      the discard pile, bottom first; ``rest_to_discard``: every other card left in the deck
      goes to the discard pile (before ``deck_top`` is put on the deck).
    - ``turn_seat``/``phase``: whose turn and which phase (``Phase.DRAW``: the draw phase is
      still to come; another phase is entered already). A new ``turn_seat`` has not placed.

    Raises :class:`PositionError` when the game holds no (more) instance of a card, or a field
    is full. Returns the instances placed (``f"play:{placed.hands[0][0]}"``)."""
    st = game.st
    hands, fields, stacks = hands or {}, fields or {}, stacks or {}
    out = Placed()
    used: set[int] = set()
    fixed: set[tuple[int, int]] = set()

    for seat in hands:  # free the zones being fixed: their cards go back on top of the deck
        if not keep_hands:
            for c in list(st.hands[seat]):
                st.move(c, DECK)
        fixed.add((HAND, seat))
    for seat in fields:
        if not keep_fields:
            for c in list(st.fields[seat]):
                if c != EMPTY:
                    st.move(c, DECK)
        fixed.add((FIELD, seat))
    for seat in stacks:
        for c in list(st.stacks[seat]):
            st.move(c, DECK)
        fixed.add((STACK, seat))

    def take(card: str, where: str) -> int:
        free = [
            c
            for c in range(len(game.defs))
            if game.defs[c].id == card and c not in used and st.loc[c][:2] not in fixed
        ]
        if not free:
            raise PositionError(where, f"this game holds no (more) {card!r} to put there")
        c = min(free, key=lambda c: _TAKE_ORDER[st.loc[c][0]])
        used.add(c)
        return c

    def put(ids: Sequence[str], zone: int, seat: int, name: str) -> list[int]:
        cids = [take(card, f"{name}[{seat}][{j}]") for j, card in enumerate(ids)]
        for c in cids:
            st.move(c, zone, seat)
        return cids

    for seat, ids in hands.items():
        out.hands[seat] = put(ids, HAND, seat, "hands")
    for seat, entries in fields.items():
        out.fields[seat] = []
        for j, entry in enumerate(entries):
            where = f"fields[{seat}][{j}]"
            spec = FieldCard.parse(entry) if isinstance(entry, str) else entry
            c = take(spec.card, where)
            slot = st.free_slot(seat)
            if slot < 0:
                raise PositionError(where, f"seat {seat}'s field is full")
            st.move(c, FIELD, seat, slot)
            if spec.face_down:
                turn = game.turn if spec.set_this_turn else game.turn - 1
                st.set_face_down(c, True, turn=turn)
            if spec.tapped:
                st.set_tapped(c)
            if spec.negated:
                st.set_negated(c)
            out.fields[seat].append(c)
    for seat, ids in stacks.items():
        out.stacks[seat] = put(ids, STACK, seat, "stacks")
    for j, card in enumerate(discard):
        c = take(card, f"discard[{j}]")
        st.move(c, DISCARD)
        out.discard.append(c)
    if rest_to_discard:
        for c in list(st.deck):
            st.move(c, DISCARD)
    placed_top = [take(card, f"deck_top[{j}]") for j, card in enumerate(deck_top)]
    for c in reversed(placed_top):
        st.move(c, DECK)  # onto the top: the first named ends on top
    out.deck_top = placed_top

    if turn_seat is not None:
        game.turn_seat = turn_seat
        game.placed = False
    if phase is not None:
        game.phase = phase
        game.phase_entered = phase is not Phase.DRAW
    resume(game)
    return out


def resume(game: Game) -> None:
    """After setting a game up by hand (cards moved, the phase set): forget the pending
    decision and run the engine's loop to the next one, dropping the events of the setup."""
    game._prompt = None
    game._advance()
    game._events = []
