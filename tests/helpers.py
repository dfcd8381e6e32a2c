"""Shared helpers for the rules tests: build a game, arrange a position, drive it through choose().

A rules test arranges a position once, at its start, by moving card instances between zones (the
test hook: the instances' zones in ``game.st``), and from then on plays only through
``game.choose(seat, option_id)`` and reads only ``game.view(seat)``, the returned events,
``game.prompt`` and ``game.result``. Everything here that touches ``game.st`` is setup.

Two ways in, one implementation of moving cards (:func:`arrange`):

- :func:`position` — a new game holding exactly the cards named, at the start of a phase of
  the first turn (most rules tests)::

      g = position(hands={0: ["jisi_zhunbei", PAD], 1: ["yehuo"]}, fields={1: ["qingtuan"]})
      play(g, 0, "jisi_zhunbei")

- :func:`arrange` — cards moved into a game that already exists (a seeded game, or one
  played on with :func:`play_to`); seats not named keep their cards::

      g = new_game(2, ancestors=["zufu"])
      cards = arrange(
          g,
          turn_seat=0,
          phase=Phase.ACTION,
          hands={0: ["jisi_zhunbei", "qingtuan"], 1: []},
          fields={1: [Card("wenming_changdao", face_down=True)]},
      )
      g.choose(0, f"play:{cards.hands[0][0]}")

Then, by card name: :func:`play`, :func:`flip`, :func:`pick` and :func:`pass_responses` make
the choices; :func:`in_hand`, :func:`on_field` find instances and :func:`hand_defs`,
:func:`field_defs`, :func:`stacked_defs`, :func:`discard_defs` list what a seat sees of its own
cards. :func:`hand_in_view` and :func:`slots_in_view` read any one view (what another seat or a
spectator is shown, face-down cards as ``"?"``).

Other test modules import these functions; add new ones, do not change signatures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from qm_rules import Event, Game, GameOptions, Phase, PromptKind, View
from qm_rules.position import FieldCard, Placed, Position, SeatSetup, build, rearrange, resume
from qm_rules.state import DISCARD, LIMBO

__all__ = [
    "Arranged",
    "Card",
    "PAD",
    "arrange",
    "by_def",
    "cid_of",
    "decide",
    "def_of",
    "discard_defs",
    "empty_deck",
    "event_kinds",
    "field_defs",
    "flip",
    "hand_defs",
    "hand_in_view",
    "ids",
    "in_hand",
    "new_game",
    "on_field",
    "option_for",
    "options_of_kind",
    "pass_responses",
    "pick",
    "play",
    "play_to",
    "position",
    "resolved_links",
    "slots_in_view",
    "stacked_defs",
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
    """A card to put on a field, with its flags (``qm_rules.position.FieldCard``, in this
    module's older words). A face-down card is set before this turn, so it may be flipped now
    (R16), unless ``set_turn`` is given: then it was set this turn."""

    id: str
    face_down: bool = False
    tapped: bool = False
    set_turn: int | None = None


#: The card instances an :func:`arrange` call put in place (``qm_rules.position.Placed``).
Arranged = Placed


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
    rest_to_discard: bool = False,
) -> Arranged:
    """Arrange a position in an existing game (setup only):
    :func:`qm_rules.position.rearrange`, which says every argument; field entries are
    :class:`Card` or specs (``"zhiqian/tapped"``, ``"yehuo/down"``, ``"yehuo/down/new"``)."""
    return rearrange(
        game,
        turn_seat=turn_seat,
        phase=phase,
        hands=hands,
        fields=None
        if fields is None
        else {s: [_field_card(e) for e in v] for s, v in fields.items()},
        stacks=stacks,
        deck_top=deck_top or (),
        discard=discard or (),
        keep_hands=keep_hands,
        keep_fields=keep_fields,
        rest_to_discard=rest_to_discard,
    )


def _field_card(e: str | Card) -> FieldCard:
    if isinstance(e, str):
        return FieldCard.parse(e)
    return FieldCard(
        e.id,
        face_down=e.face_down,
        tapped=e.tapped,
        set_this_turn=e.face_down and e.set_turn is not None,
    )


def position(
    players: int = 2,
    *,
    seed: int = 1,
    turn: int = 0,
    phase: Phase = Phase.ACTION,
    hands: dict[int, Iterable[str]] | None = None,
    fields: dict[int, Iterable[str | Card]] | None = None,
    stacks: dict[int, Iterable[str]] | None = None,
    deck_top: Iterable[str] = (),
    discard: Iterable[str] = (),
    empty_deck: bool = False,
    options: GameOptions | None = None,
    placed: bool = False,
) -> Game:
    """A new game of ``players`` (P0, P1, …) holding exactly the cards named, waiting on
    ``turn``'s first decision of ``phase`` (or whatever the rules do at that phase's start), in
    the first turn and round: :func:`qm_rules.position.build`, with this module's names for its
    fields. Unnamed cards stay in the deck (``empty_deck``: in the discard pile); field entries
    are :class:`Card` or specs such as ``"yehuo/down"``. A position no game reaches (a second
    copy of a one-copy card, a ritual without offerings) is built as asked (``reachable=False``):
    the setup is about a position, not about a deck that could occur; such games cannot be
    replayed from their journal, which the journal tests do not need.
    """
    hands = hands or {}
    fields = fields or {}
    stacks = stacks or {}

    seats = tuple(
        SeatSetup(
            hand=tuple(hands.get(i, ())),
            field=tuple(_field_card(e) for e in fields.get(i, ())),
            stacked=tuple(stacks.get(i, ())),
        )
        for i in range(players)
    )
    return build(
        Position(
            seats=seats,
            turn_seat=turn,
            phase=phase,
            placed=placed,
            deck=tuple(deck_top),
            discard=tuple(discard),
            rest="discard" if empty_deck else "deck",
            names=tuple(f"P{i}" for i in range(players)),
            seed=seed,
            options=options or GameOptions(),
        ),
        reachable=False,
    )


def empty_deck(game: Game, to: str = "discard") -> None:
    """Setup: move the whole deck to the discard pile (``to="discard"``) or out of play into
    limbo (``to="limbo"``, for "deck and discard both empty" positions)."""
    st = game.st
    for c in list(st.deck):
        st.move(c, DISCARD if to == "discard" else LIMBO)
    if to == "limbo":
        for c in list(st.discard):
            st.move(c, LIMBO)
    resume(game)


# ───────────────────────────── reading a view ─────────────────────────────


def hand_in_view(view: View, seat: int) -> list[str] | None:
    """The definition ids of a seat's hand as this view shows it (None when hidden)."""
    hand = view.seats[seat].hand
    return None if hand is None else [c.card for c in hand]


def slots_in_view(view: View, seat: int) -> list[str | None]:
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


def pass_responses(game: Game, max_steps: int = 50) -> list[Event]:
    """Everyone asked to respond passes until the chain has resolved (or another kind of
    decision is pending); returns the events."""
    events: list[Event] = []
    for _ in range(max_steps):
        p = game.prompt
        if p is None or p.kind is not PromptKind.RESPOND:
            return events
        events += game.choose(p.seat, "pass")
    raise AssertionError("the chain never closed")


def play_to(game: Game, stop: Callable[[Game], bool], *, limit: int = 500) -> list[Event]:
    """Take the default option (as a timer would) until ``stop(game)`` or the game ends."""
    events: list[Event] = []
    for _ in range(limit):
        if game.prompt is None or stop(game):
            return events
        events += game.apply_default()
    raise AssertionError(f"stop condition not reached in {limit} decisions")


# ───────────────────────────── cards by name, through the seat's own view ─────────────────────


def in_hand(g: Game, seat: int, card: str, nth: int = 0) -> int:
    """The cid of the ``nth`` ``card`` in ``seat``'s hand, as that seat sees it."""
    me = g.view(seat).seats[seat]
    assert me.hand is not None
    found = [cv.cid for cv in me.hand if cv.card == card]
    assert len(found) > nth, f"seat {seat} holds no {card} (#{nth}): {[cv.card for cv in me.hand]}"
    return found[nth]


def on_field(g: Game, seat: int, card: str, viewer: int | None = None) -> int:
    """The cid of ``card`` on ``seat``'s field, as ``viewer`` (default: the owner) sees it."""
    v = g.view(seat if viewer is None else viewer)
    for slot in v.seats[seat].slots:
        if slot.card is not None and slot.card.card == card:
            return slot.card.cid
    raise AssertionError(f"no {card} on seat {seat}'s field")


def hand_defs(g: Game, seat: int) -> list[str]:
    me = g.view(seat).seats[seat]
    assert me.hand is not None
    return sorted(cv.card for cv in me.hand)


def field_defs(g: Game, seat: int, viewer: int | None = None) -> list[str]:
    """Face-up (and, for the owner, face-down) card ids on a field, slot order."""
    v = g.view(seat if viewer is None else viewer)
    return [s.card.card for s in v.seats[seat].slots if s.card is not None]


def stacked_defs(g: Game, seat: int) -> list[str]:
    return sorted(cv.card for cv in g.view(None).seats[seat].stacked)


def discard_defs(g: Game) -> list[str]:
    return [cv.card for cv in g.view(None).discard]


def ids(g: Game) -> tuple[str, ...]:
    assert g.prompt is not None
    return g.prompt.ids


#: A card to keep in a hand so the action phase stays open: a trap, which can be "set".
PAD = "yehuo"


def play(g: Game, seat: int, card: str) -> list[Event]:
    """``seat`` activates the ``card`` in its hand (an action, or a counter from hand)."""
    return g.choose(seat, f"play:{in_hand(g, seat, card)}")


def flip(g: Game, seat: int, card: str) -> list[Event]:
    """``seat`` flips its face-down ``card`` to activate it (which must be one of its options)."""
    option = f"flip:{on_field(g, seat, card)}"
    assert g.prompt is not None and option in g.prompt.ids, f"seat {seat} cannot flip {card}"
    return g.choose(seat, option)


def resolved_links(events: list[Event]) -> list[tuple[int, bool]]:
    """(link index, negated) of each link that resolved, in order."""
    return [(e.data["link"], e.data["negated"]) for e in events if e.kind == "resolved"]


def pick(g: Game, seat: int, card: str) -> list:
    """In an EFFECT or HAND_LIMIT prompt of ``seat``, choose the option about a ``card``."""
    p = g.prompt
    assert p is not None and p.seat == seat, f"not seat {seat}'s decision: {p}"
    for o in p.options:
        if o.card is not None and g.defs[o.card].id == card:
            return g.choose(seat, o.id)
    raise AssertionError(f"no option about {card}: {p.options}")
