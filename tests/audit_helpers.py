"""Helpers for the rules audit (tests/test_rules_audit.py): rules read from views only.

Everything here reads the game through ``game.view(seat)``, events, prompts and results — the
public surface — so an invariant that fails is a disagreement between the engine and a ruling,
not between two readings of the engine's internals.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from qm_rules import Event, Game, Phase, PromptKind, View, shipped_cards
from qm_rules.bots import make_bot


def ancestor_of(view: View, seat: int) -> str | None:
    """The ancestor face-up on ``seat``'s field in ``view`` (ancestors are never face-down)."""
    for slot in view.seats[seat].slots:
        if slot.card is not None and shipped_cards().by_id[slot.card.card].type == "ancestor":
            return slot.card.card
    return None


def offerings_on_field(view: View, seat: int) -> int:
    return sum(
        1
        for s in view.seats[seat].slots
        if s.card is not None
        and not s.face_down
        and shipped_cards().by_id[s.card.card].type == "offering"
    )


def qualifies_now(game: Game, seat: int) -> bool:
    """R20 read from views: ancestor on the field, ≥1 stacked, condition holds. Written out
    here, not read from the card data, so that the engine is checked against a second reading."""
    v = game.view(seat)
    me = v.seats[seat]
    if me.conceded or not me.stacked:
        return False
    anc = ancestor_of(v, seat)
    if anc is None or me.hand is None:
        return False
    hand = [shipped_cards().by_id[c.card] for c in me.hand]
    if anc == "taigong":
        return sum(1 for d in hand if "burning" in d.tags) >= 1
    if anc == "taipo":
        types = {str(d.type) for d in hand}
        return {"action", "trap", "counter"} <= types
    if anc == "zufu":
        return len(hand) >= 8
    if anc == "zumu":
        return sum(1 for d in hand if d.type == "offering") >= 3
    if anc == "shizu":
        return len(me.stacked) >= 5
    if anc == "waigong":
        return sum(1 for d in hand if d.type == "trap") >= 2
    raise AssertionError(f"no reading of {anc}'s condition")


@dataclass
class Step:
    """One decision of a bot game: who chose what, the events, the view before and after."""

    seat: int
    option: str
    kind: PromptKind
    before: View
    events: list[Event] = field(default_factory=list)


def bot_games(
    seeds: range, players: int, strategy: str = "random", **options: object
) -> Iterator[tuple[Game, Iterator[Step]]]:
    """For each seed: a new game and a generator of its steps, played by bots (the bots see
    only their own views). Consume the steps to advance the game."""
    from qm_rules import GameOptions

    for seed in seeds:
        g = Game.new([f"S{i}" for i in range(players)], seed, GameOptions(**options))  # type: ignore[arg-type]
        bots = [make_bot(strategy, (seed, s)) for s in range(players)]

        def steps(g: Game = g, bots: list = bots) -> Iterator[Step]:
            for _ in range(20_000):
                p = g.prompt
                if p is None:
                    return
                before = g.view(None)
                opt = bots[p.seat].choose(g.view(p.seat))
                st = Step(p.seat, opt, p.kind, before)
                st.events = g.choose(p.seat, opt)
                yield st
            raise AssertionError("game did not end in 20000 decisions")

        yield g, steps()


__all__ = ["Phase", "Step", "ancestor_of", "bot_games", "offerings_on_field", "qualifies_now"]
