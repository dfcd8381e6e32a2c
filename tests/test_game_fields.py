"""The game's state says itself once: every field of a :class:`Game` is either part of its
setup or listed, with how it is saved, loaded and copied, in ``qm_rules.fields.FIELDS`` — so
``to_state``, ``from_state`` and ``clone`` cannot forget a field the game gains."""

from __future__ import annotations

import pytest

from qm_rules import Game
from qm_rules.bots import make_bot
from qm_rules.fields import FIELDS
from qm_rules.state import attrs_of

#: What a game is made from or derives (saved apart, or rebuilt), not its changing state.
SETUP = {"names", "n", "seed", "options", "cards", "rng", "defs", "st", "choices"}
#: Caches, the in-flight decision and the opening's events (shown once, as the first update):
#: not saved; rebuilt by from_state, fresh or shared in a clone.
TRANSIENT = {"_views", "_events", "_prompt", "opening"}


def test_every_field_of_a_game_is_setup_transient_or_listed() -> None:
    g = Game.new(["A", "B", "C"], 5)
    fields = set(attrs_of(g))  # vars(g), in a compiled build too
    assert fields - SETUP - TRANSIENT == set(FIELDS), "a field is neither setup nor in FIELDS"
    assert not (set(FIELDS) & (SETUP | TRANSIENT))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_saved_loaded_and_cloned_states_are_the_same_all_game_long(players: int) -> None:
    g = Game.new([f"p{i}" for i in range(players)], 40 + players)
    bots = [make_bot("random", i) for i in range(players)]
    while g.prompt is not None:
        state = g.to_state()
        assert Game.from_state(state, g.choices).to_state() == state
        assert g.clone().to_state() == state
        p = g.prompt
        g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)), p.seq)
