"""Property tests: many random games of 2–6 players, played by random bots (with random
concessions now and then), keep the engine's invariants at every decision.

- every card is in exactly one zone and the number of cards never changes;
- no field holds more than 5 cards;
- ``view(p)`` never shows p a card hidden from p (R5): other hands, other face-down cards and the
  deck never appear as a CardView in p's view, nor in ``to_plain(view)``;
- a decider's option about a card names a card it may see, except where an effect shows cards
  to the one player resolving it (a search looks through the deck; 借东风 looks at a hand);
- public events never name a card drawn, searched, set or looked at (R5);
- what a prompt offers agrees with R12, R14, R16, R18 and R21; a worship win has its ancestor
  on the field over a stacked offering (R20);
- every pending prompt has at least one option, cancel (if offered) last; others' views of it
  carry no options;
- a journal replays to the same state (hashes after every choice, and at the end);
- every game ends (worship, round limit or concession) within a bound.

The invariant checks read the full state (``game.st``): that is the point of them. The bots see
only their own view.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec  # decodes plain data into the view types, as the wire does
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qm_rules import Event, Game, GameOptions, Journal, PromptKind, View, to_plain
from qm_rules.bots import make_bot
from qm_rules.state import EMPTY, HAND, SLOTS

# Decisions a game may take before it must be over: round limits here are ≤ 40 and a turn is a
# few dozen decisions at most.
MAX_DECISIONS = 20000


def hidden_from(g: Game, seat: int) -> set[int]:
    """Card instances ``seat`` may not see right now (R5)."""
    s = g.st
    hidden = set(s.deck)
    if g.over:  # R5: at the end every hand (and face-down card) is revealed; the deck is not
        return hidden
    for other in range(g.n):
        if other == seat:
            continue
        hidden.update(s.hands[other])
        hidden.update(c for c in s.fields[other] if c != EMPTY and s.face_down[c])
    return hidden


def view_cids(v: View) -> set[int]:
    """Every card instance shown as a CardView in a view."""
    out = {c.cid for c in v.discard}
    for sv in v.seats:
        out.update(c.cid for c in sv.hand or ())
        out.update(sl.card.cid for sl in sv.slots if sl.card is not None)
        out.update(c.cid for c in sv.stacked)
    for link in v.chain:
        out.add(link.card.cid)
        out.update(c.cid for c in link.cost)
    return out


def plain_cids(d: Any) -> set[int]:
    """Every ``cid`` of a CardView-shaped dict in plain data."""
    out: set[int] = set()
    if isinstance(d, dict):
        if "cid" in d and "card" in d:
            out.add(d["cid"])
        for v in d.values():
            out |= plain_cids(v)
    elif isinstance(d, list):
        for v in d:
            out |= plain_cids(v)
    return out


def check_zones(g: Game, total: int) -> None:
    s = g.st
    everything: list[int] = list(s.deck) + list(s.discard) + list(s.limbo)
    for h in s.hands:
        everything += h
    for f in s.fields:
        assert len(f) == SLOTS
        cards = [c for c in f if c != EMPTY]
        assert len(cards) <= SLOTS
        everything += cards
    for stk in s.stacks:
        everything += stk
    assert len(everything) == total, "a card was created or lost"
    assert sorted(everything) == list(range(total)), "a card is in two zones, or in none"


def check_views(g: Game) -> None:
    prompt = g.prompt
    for seat in range(g.n):
        v = g.view(seat)
        hidden = hidden_from(g, seat)
        leaked = view_cids(v) & hidden
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"
        plain = to_plain(v)
        assert not plain_cids(plain) & hidden
        assert msgspec.convert(plain, View) == v
        if prompt is not None and prompt.seat != seat:
            assert v.prompt is not None and v.prompt.options == () and v.prompt.context == {}
        if prompt is not None and prompt.seat == seat:
            reveals = prompt.kind is PromptKind.EFFECT and prompt.context.get("op") in (
                "search",
                "take_hand",
            )
            if not reveals:
                shown = {o.card for o in prompt.options if o.card is not None}
                assert not shown & hidden, f"options name hidden cards {shown & hidden}"
    spectator = g.view(None)
    if not g.over:  # R5: at the end every hand is revealed; until then a spectator sees none
        assert not view_cids(spectator) & hidden_from(g, -1)
        assert all(sv.hand is None for sv in spectator.seats)


def check_prompt_rules(g: Game) -> None:
    """What the pending prompt offers agrees with the rulings."""
    p = g.prompt
    if p is None:
        return
    s = g.st
    seat = p.seat
    assert not g.conceded[seat], "a conceded seat is asked"
    assert p.default in p.ids, "R22: a timer's default must be one of the options"
    # Cancel, where offered, is the last option (the random bot passes it over by that).
    assert "cancel" not in p.ids[:-1], "cancel offered before the last option"
    if p.kind is PromptKind.PLACE:  # R14: no placement while the ancestor is on the field
        assert s.ancestor(seat) < 0
        assert seat == g.turn_seat
    if p.kind is PromptKind.WORSHIP:  # R12; with the ancestor out, only 始祖's stacking
        if s.ancestor(seat) < 0:
            assert len(s.offerings_on_field(seat)) >= 4
        else:
            assert "stack_ability" in s.defs[s.ancestor(seat)].standing
            assert {o.kind for o in p.options} <= {"ability", "decline"}
    if p.kind is PromptKind.RESPOND:
        assert g.chain, "asked to respond with no chain"
        assert seat != g.chain[-1].seat, "R18: the newest link's player is asked about it"
        for o in p.options:
            if o.kind == "counter":  # R16: a counter from hand only on your own turn
                assert seat == g.turn_seat and s.loc[o.card][:2] == (HAND, seat)
            if o.kind == "flip":  # R16: face-down, set before this turn
                assert s.face_down[o.card] and s.set_turn[o.card] < g.turn
            if o.kind == "manifest":
                assert s.stacks[seat], "a manifestation needs a stacked offering to pay"
    burning_forbidden = any(pr.tag == "burning" and "use" in pr.actions for pr in g.prohibitions)
    if burning_forbidden:  # R21
        for o in p.options:
            if o.kind in ("place", "play", "set", "ability", "declare", "counter", "flip"):
                assert "burning" not in s.defs[o.card].tags, (
                    f"R21: {o.id} offered under the prohibition"
                )


def check_result(g: Game) -> None:
    """R20: a worship win means the winner's ancestor is on the field over a stacked offering."""
    r = g.result
    if r is not None and r.reason == "worship":
        anc = g.st.ancestor(r.winner)
        assert anc >= 0 and g.st.defs[anc].id == r.ancestor and g.st.stacks[r.winner]


def check_events(events: list[Event]) -> None:
    """R5 for events: a public event never names a card drawn, searched, set or looked at; a
    private one goes to the seats concerned (its actor among them)."""
    for e in events:
        if e.to is None:
            assert e.kind != "look", "a look at a hand must be private"
            if e.kind == "draw":
                assert "cards" not in e.data and "defs" not in e.data
            if e.kind == "search":
                assert e.data.get("card") is None
            if e.kind == "set":
                assert "card" not in e.data and "def" not in e.data
        else:
            assert e.to, "an event to nobody"
            if e.seat is not None:
                assert e.seat in e.to


def play_random_game(
    players: int,
    seed: int,
    bot_seed: int,
    round_limit: int,
    concede_rate: float,
    ask_everyone: bool,
) -> tuple[Game, list[str]]:
    opts = GameOptions(round_limit=round_limit, ask_everyone=ask_everyone)
    g = Game.new([f"P{i}" for i in range(players)], seed, opts)
    bots = [make_bot("random", (bot_seed, i)) for i in range(players)]
    rng = random.Random(bot_seed)
    total = len(g.defs)
    hashes: list[str] = []
    check_zones(g, total)
    check_views(g)
    for _ in range(MAX_DECISIONS):
        if g.over:
            break
        prompt = g.prompt
        assert prompt is not None and prompt.options, "a pending prompt without options"
        if rng.random() < concede_rate:
            live = [s for s in range(players) if not g.conceded[s]]
            events = g.choose(rng.choice(live), "concede")
        else:
            option = bots[prompt.seat].choose(g.view(prompt.seat))
            assert prompt.option(option) is not None
            events = g.choose(prompt.seat, option)
        check_events(events)
        check_prompt_rules(g)
        check_result(g)
        hashes.append(g.state_hash())
        check_zones(g, total)
        check_views(g)
    assert g.over, f"game not over after {MAX_DECISIONS} decisions"
    assert g.prompt is None
    return g, hashes


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    bot_seed=st.integers(0, 2**16),
    round_limit=st.sampled_from([2, 3, 5, 8, 40]),
    concede=st.sampled_from([0.0, 0.0, 0.002, 0.01]),
    ask_everyone=st.booleans(),
)
def test_random_games_keep_invariants(
    players: int, seed: int, bot_seed: int, round_limit: int, concede: float, ask_everyone: bool
) -> None:
    # R5, R6, R20, R22, R23: invariants of whole random games.
    g, hashes = play_random_game(players, seed, bot_seed, round_limit, concede, ask_everyone)
    r = g.result
    assert r is not None
    if r.reason == "round_limit":
        assert r.winner is None and r.rounds == round_limit
    elif r.reason == "last_standing":
        assert [s for s in range(players) if not g.conceded[s]] == [r.winner]
    elif r.reason == "stalemate":
        # nothing left to draw and nobody had a decision for two rounds: a draw
        assert r.winner is None and g.view(None).deck_count == 0 and not g.view(None).discard
    else:
        assert r.reason == "worship" and r.ancestor is not None and not g.conceded[r.winner]
    # At the end every hand is revealed (R5).
    assert all(sv.hand is not None for sv in g.view(0).seats)
    # The journal replays to the same state, choice by choice.
    journal = Journal.from_plain(to_plain(g.journal.to_plain()))
    again = Game.replay(journal, check_hashes=hashes)
    assert again.state_hash() == g.state_hash()
    assert again.result == r


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_state_round_trips_mid_game(players: int, seed: int, steps: int) -> None:
    # R2 (saved state) · to_state/from_state: a game saved at any point and restored continues
    # identically.
    g = Game.new([f"P{i}" for i in range(players)], seed, GameOptions(round_limit=6))
    bots = [make_bot("random", (seed, i)) for i in range(players)]
    for _ in range(steps):
        if g.over:
            break
        g.choose(g.prompt.seat, bots[g.prompt.seat].choose(g.view(g.prompt.seat)))
    restored = Game.from_state(g.to_state(), list(g.choices))
    assert restored.state_hash() == g.state_hash()
    assert restored.prompt == g.prompt
    for _ in range(40):
        if g.over:
            break
        opt = bots[g.prompt.seat].choose(g.view(g.prompt.seat))
        g.choose(g.prompt.seat, opt)
        restored.choose(restored.prompt.seat, opt)
        assert restored.state_hash() == g.state_hash()
