"""Game.clone(): an independent copy for search. Playing on the copy leaves the original as it
was, and the copy plays exactly the game the original would (same choices, same state hashes,
same views), including its random draws after a reshuffle (R2, R4)."""

from __future__ import annotations

import pytest

from qm_rules import BUILD, Game, GameOptions
from qm_rules.bots import make_bot


def advance(g: Game, decisions: int, seed: int) -> None:
    bots = [make_bot("random", (seed, i)) for i in range(g.n)]
    for _ in range(decisions):
        if g.over:
            return
        seat = g.prompt.seat
        g.choose(seat, bots[seat].choose(g.view(seat)))


def finish(g: Game, seed: int) -> list[str]:
    """Play to the end; the state hash after every decision."""
    bots = [make_bot("random", (seed, i)) for i in range(g.n)]
    hashes = []
    while not g.over:
        seat = g.prompt.seat
        g.choose(seat, bots[seat].choose(g.view(seat)))
        hashes.append(g.state_hash())
    return hashes


@pytest.mark.parametrize(("players", "seed", "at"), [(2, 1, 0), (3, 4, 25), (4, 7, 60), (6, 2, 90)])
def test_clone_plays_the_same_game_and_leaves_the_original_alone(
    players: int, seed: int, at: int
) -> None:
    g = Game.new([f"P{i}" for i in range(players)], seed, GameOptions(round_limit=12))
    advance(g, at, seed)
    before = g.state_hash()
    view_before = [g.view(s) for s in range(players)]
    copy = g.clone()
    assert copy.state_hash() == before
    assert copy.prompt == g.prompt
    assert [copy.view(s) for s in range(players)] == view_before
    copy_hashes = finish(copy, seed + 100)
    # The original did not move while the copy played a whole game.
    assert g.state_hash() == before
    assert [g.view(s) for s in range(players)] == view_before
    # And it plays the same game the copy did.
    assert finish(g, seed + 100) == copy_hashes
    assert g.result == copy.result


def test_a_clone_in_the_middle_of_a_chain_is_independent() -> None:
    # R18: chain links, the asking order and drafts are copied, not shared.
    for seed in range(40):
        g = Game.new(["A", "B", "C"], seed, GameOptions(round_limit=12))
        bots = [make_bot("random", (seed, i)) for i in range(3)]
        while not g.over and not (g.chain and g.prompt.kind.value == "respond"):
            seat = g.prompt.seat
            g.choose(seat, bots[seat].choose(g.view(seat)))
        if g.over:
            continue
        before = g.state_hash()
        copy = g.clone()
        finish(copy, seed)
        assert g.state_hash() == before
        assert g.chain and g.asking
        return
    pytest.fail("no seed reached a chain with a response prompt")


@pytest.mark.skipif(
    BUILD == "mypyc",
    reason="gives a state fields at run time, which a compiled class refuses (there a field "
    "is one the source declares, and copied the same way)",
)
def test_a_state_field_added_later_is_copied_not_shared() -> None:
    # State.clone works out once, per set of field names, which fields are copied: a field the
    # state gains (a flat list, a per-seat list of lists, a dict) is copied without being named.
    g = Game.new(["A", "B", "C"], 5)
    g.clone()  # the plan for the usual fields exists
    st = g.st
    st.extra_flat = [1, 2]  # type: ignore[attr-defined]
    st.extra_seats = [[1], [2], [3]]  # type: ignore[attr-defined]
    st.extra_map = {"k": 1}  # type: ignore[attr-defined]
    copy = st.clone()
    copy.extra_flat.append(3)  # type: ignore[attr-defined]
    copy.extra_seats[0].append(9)  # type: ignore[attr-defined]
    copy.extra_map["k"] = 2  # type: ignore[attr-defined]
    copy.hands[0].append(999)
    assert st.extra_flat == [1, 2]  # type: ignore[attr-defined]
    assert st.extra_seats == [[1], [2], [3]]  # type: ignore[attr-defined]
    assert st.extra_map == {"k": 1}  # type: ignore[attr-defined]
    assert 999 not in st.hands[0]
    assert copy.defs is st.defs  # the definitions are shared, not copied
