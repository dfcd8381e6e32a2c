"""The game's own fields, each said once: how it is saved, loaded, copied, and seen.

Besides its setup (names, seed, options, deck), its generator and its zones
(:class:`~qm_rules.state.State`), a :class:`~qm_rules.game.Game` is the fields listed in
:data:`FIELDS`. :meth:`Game.to_state`, :meth:`Game.from_state` and :meth:`Game.clone` carry each
of them from here, and a determinization (:mod:`qm_rules.infoset`) builds each from what one
seat's view shows of it. A field the game gains is added here, or a test fails
(``tests/test_game_fields.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import CardType
from .model import Phase, Prohibition, PromptKind, Result, View
from .state import Draft, Link


def _same(value: Any) -> Any:
    return value


def _list_or_none(value: list[int] | None) -> list[int] | None:
    return list(value) if value is not None else None


#: A field every saved state must have.
REQUIRED = object()


@dataclass(frozen=True, slots=True)
class Seen:
    """What one seat's view shows of a game, for the fields' :attr:`Field.seen`: the view
    (of the seat deciding), its chain's links as saved (their cards where the view shows
    them), each card's type by name, and whether the seat used its ancestor's stacking
    ability this turn (the view does not say; the seat remembers)."""

    view: View
    links: list[dict[str, Any]]
    types: Mapping[str, CardType]
    ability_used: bool

    @property
    def me(self) -> int:
        assert self.view.viewer is not None
        return self.view.viewer


@dataclass(frozen=True, slots=True)
class Field:
    """How one of the game's own fields is saved as plain data, loaded back, copied for
    :meth:`Game.clone`, and ``seen``: its saved form in a game the deciding seat could be in,
    from what its view shows (:class:`Seen`). ``default``: what a saved state without the
    field (an older one) gets."""

    seen: Callable[[Seen], Any]
    save: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same
    copy: Callable[[Any], Any] = _same
    default: Any = REQUIRED


def _listed(seen: Callable[[Seen], Any]) -> Field:
    return Field(seen, list, list, list)


def _phase(seen: Callable[[Seen], Any]) -> Field:
    return Field(seen, lambda p: p.value, Phase)


def _save_prohibitions(ps: list[Prohibition] | tuple[Prohibition, ...]) -> list[list[Any]]:
    return [[p.tag, list(p.actions), p.source, p.until_turn] for p in ps]


def _placed(s: Seen) -> bool:
    """Whether an offering was placed this turn: the view does not say; while the place phase
    still asks (no chain open), none was."""
    return not (s.view.phase is Phase.PLACE and not s.view.chain)


def _ability_turn(s: Seen) -> list[int]:
    """The turn each seat last used its stacking ability: ours if we did this turn, or if the
    action prompt offers it no more (used, or not ours to use: the same to the engine)."""
    view = s.view
    turns = [0] * len(view.seats)
    prompt = view.prompt
    if s.ability_used or (
        prompt is not None
        and prompt.kind is PromptKind.ACTION
        and not any(o.kind == "ability" for o in prompt.options)
    ):
        turns[s.me] = view.turn
    return turns


def _asking(s: Seen) -> list[int] | None:
    """The seats still to be asked about the newest link: those after us up to its owner."""
    view = s.view
    if not view.chain or view.prompt is None or view.prompt.kind is not PromptKind.RESPOND:
        return None
    newest = view.chain[-1].seat
    asking = []
    seat = s.me
    while seat != newest:
        if not view.seats[seat].conceded:
            asking.append(seat)
        seat = (seat + 1) % len(view.seats)
    return asking


def _breaking(s: Seen) -> list[int]:
    """The seats whose ritual breaks after the chain: an ancestor face up, no stack."""
    view = s.view
    if not view.chain:
        return []
    return [
        sv.seat
        for sv in view.seats
        if not sv.stacked
        and any(
            slot.card is not None
            and not slot.face_down
            and s.types[slot.card.card] is CardType.ANCESTOR
            for slot in sv.slots
        )
    ]


#: The game's state besides its setup, the generator and the zones: every field
#: :meth:`Game.to_state`, :meth:`Game.from_state`, :meth:`Game.clone` and a determinization
#: carry, each said once.
FIELDS: dict[str, Field] = {
    "conceded": _listed(lambda s: [sv.conceded for sv in s.view.seats]),
    "turn_seat": Field(lambda s: s.view.turn_seat),
    "first_seat": Field(lambda s: s.view.first_seat),
    "turn": Field(lambda s: s.view.turn),
    "round": Field(lambda s: s.view.round),
    "phase": _phase(lambda s: s.view.phase.value),
    "phase_entered": Field(lambda s: True),  # a decision is asked in a phase already entered
    "placed": Field(_placed),
    "ability_turn": _listed(_ability_turn),
    "prohibitions": Field(
        lambda s: _save_prohibitions(s.view.prohibitions),
        _save_prohibitions,
        lambda d: [Prohibition(t, tuple(a), s, u) for t, a, s, u in d],
        list,
    ),
    "chain": Field(
        lambda s: s.links,
        lambda c: [link.to_plain() for link in c],
        lambda d: [Link.from_plain(x) for x in d],
        lambda c: [link.copy() for link in c],
    ),
    "chain_origin": _phase(lambda s: s.view.phase.value),
    "asking": Field(_asking, _list_or_none, _list_or_none, _list_or_none),
    "resolving": Field(lambda s: False),  # the searched decisions are asked outside resolution
    "res_section": Field(lambda s: 0),
    "res_choices": Field(
        lambda s: [],
        lambda rc: [[k, v] for k, v in sorted(rc.items())],
        lambda d: {k: _list_or_none(v) for k, v in d},
        lambda rc: {k: _list_or_none(v) for k, v in rc.items()},
    ),
    "breaking": Field(_breaking, sorted, set, set),
    "turn_ends_after_chain": Field(
        lambda s: bool(s.view.chain) and s.view.seats[s.view.turn_seat].conceded
    ),
    "quiet_turns": Field(lambda s: 0, default=0),  # (the stalemate guard: not shown)
    "draft": Field(
        lambda s: None,  # a determinization starts where no activation is being declared
        lambda dr: dr.to_plain() if dr is not None else None,
        lambda d: Draft.from_plain(d) if d is not None else None,
        lambda dr: dr.copy() if dr is not None else None,
    ),
    "result": Field(
        lambda s: None,  # a game with a decision pending is not over
        lambda r: None if r is None else [r.winner, r.ancestor, r.reason, r.rounds, r.turns],
        lambda d: Result(*d) if d is not None else None,
    ),
    "seq": Field(lambda s: s.view.seq),
}
#: The fields a clone must copy (the others are immutable values, shared).
MUTABLE = [(name, f.copy) for name, f in FIELDS.items() if f.copy is not _same]
