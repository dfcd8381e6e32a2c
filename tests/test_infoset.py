"""Determinizations: the games one seat could be in, dealt by the engine from its view
(:meth:`Game.determinize`, :class:`qm_rules.infoset.InfoSet`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from qm_rules import Game
from qm_rules.bots.heuristic import HeuristicBot
from qm_rules.cards import SET_TYPES, shipped_cards
from qm_rules.fields import FIELDS
from qm_rules.infoset import DEALT_FROM, InfoSet, hidden_cards
from qm_rules.model import View
from qm_rules.rng import Rng

#: What a view does not show of the game's own fields, which a determinization makes up: the
#: turns the others last used their stacking ability, whether an offering was placed after the
#: place phase, the stalemate guard's count, and where a chain no longer open began.
NOT_SHOWN = {"ability_turn", "placed", "quiet_turns", "chain_origin"}


def decisions(players: int, seeds: range) -> Iterator[tuple[Game, View]]:
    """Heuristic games: (game, the deciding seat's view) at each decision a game is dealt
    from."""
    for seed in seeds:
        game = Game.new([f"p{i}" for i in range(players)], seed)
        bots = [HeuristicBot((seed, s)) for s in range(players)]
        while game.prompt is not None:
            seat = game.prompt.seat
            view = game.view(seat)
            if game.prompt.kind in DEALT_FROM:
                yield game, view
            game.choose(seat, bots[seat].choose(view))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_determinization_shows_its_seat_its_view_and_the_truth_is_a_deal_it_can_make(
    players: int,
) -> None:
    # Over hundreds of decisions: the game dealt shows the deciding seat exactly the view it
    # was dealt from (R5), its hidden cards are a deal the view allows, and so are the true
    # game's — the truth is always among the games the seat could be in.
    checked = 0
    for game, view in decisions(players, range(100 * players, 100 * players + 6)):
        me = view.viewer
        assert me is not None
        dealt = Game.determinize(view, Rng(checked + 1), options=game.options)
        assert dealt.view(me) == view
        info = InfoSet(view, shipped_cards(), game.options)
        assert info.allows(*hidden_cards(dealt, me))
        assert info.allows(*hidden_cards(game, me)), (game.seed, view.seq)
        checked += 1
    assert checked > 100


def test_every_field_a_view_shows_is_dealt_as_it_is() -> None:
    # Each of the game's own fields is dealt as the view shows it (qm_rules.fields: ``seen``):
    # a field the game gains that a view shows must be read from it, not made up.
    made_up: set[str] = set()
    for players in (2, 4):
        for game, view in decisions(players, range(40, 44)):
            dealt = Game.determinize(view, Rng(view.seq), options=game.options)
            truth, state = game.to_state(), dealt.to_state()
            made_up |= {name for name in FIELDS if truth[name] != state[name]}
    assert made_up <= NOT_SHOWN


def test_the_deals_differ_from_the_truth_and_set_only_cards_that_can_be_set() -> None:
    game, view = next(p for p in decisions(4, range(8, 9)) if p[0].turn > 4)
    me = view.viewer
    assert me is not None
    truth = hidden_cards(game, me)
    differs = False
    for i in range(8):
        dealt = Game.determinize(view, Rng(100 + i), options=game.options)
        hands, slots, _ = hidden_cards(dealt, me)
        differs |= hands != truth[0]
        assert all(shipped_cards()[name].type in SET_TYPES for name in slots.values())
    assert differs


def test_a_view_in_the_middle_of_a_declaration_or_a_spectators_is_refused() -> None:
    game = Game.new(["a", "b", "c"], 3)
    bots = [HeuristicBot((3, s)) for s in range(3)]
    while game.prompt is not None and game.prompt.kind in DEALT_FROM:
        game.choose(game.prompt.seat, bots[game.prompt.seat].choose(game.view(game.prompt.seat)))
    assert game.prompt is not None, "a heuristic game declares an activation"
    with pytest.raises(ValueError, match="begins a decision"):
        Game.determinize(game.view(game.prompt.seat), Rng(1))
    with pytest.raises(ValueError, match="begins a decision"):
        Game.determinize(game.view(None), Rng(1))
