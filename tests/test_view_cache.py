"""The view cache cannot go stale: only :class:`~qm_rules.state.State` writes the zones and
card flags, and each of its writes moves the change counter the cache is keyed on; what else a
seat's view shows (its name, whether it conceded) is part of the cache's key. Checked two ways:
no module of the engine but ``state.py`` writes into the state, and over whole games (with
concessions) every view from the cache equals one built afresh."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import qm_rules
from qm_rules import Game, views
from qm_rules.bots import make_bot
from qm_rules.state import DISCARD, EMPTY, SLOTS, State, slot_code
from qm_rules.views import Views

ENGINE = Path(qm_rules.__file__).parent
MUTATORS = {"append", "remove", "pop", "insert", "extend", "clear", "sort", "reverse", "update"}


def _reaches_state(node: ast.AST) -> bool:
    """Is ``node`` something inside the state: ``st.x``, ``g.st.x[i]``, ``self.st.x``…?"""
    while isinstance(node, ast.Attribute | ast.Subscript):
        base = node.value
        if isinstance(node, ast.Attribute) and (
            (isinstance(base, ast.Name) and base.id == "st")
            or (isinstance(base, ast.Attribute) and base.attr == "st")
        ):
            return True
        node = base
    return False


def _writes_into_state(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_reaches_state(t) for t in targets):
                lines.append(node.lineno)
        elif isinstance(node, ast.Delete) and any(_reaches_state(t) for t in node.targets):
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and _reaches_state(node.func.value)
        ):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_check_sees_a_write() -> None:
    # The scan itself must be able to fail.
    tree = ast.parse("st.deck = []\ng.st.hands[0].append(3)\nself.st.tapped[c] = True\nst = 1\n")
    assert _writes_into_state(tree) == [1, 2, 3]


@pytest.mark.parametrize(
    "path", sorted(p for p in ENGINE.rglob("*.py") if p.name != "state.py"), ids=lambda p: p.name
)
def test_only_the_state_writes_into_the_state(path: Path) -> None:
    lines = _writes_into_state(ast.parse(path.read_text(encoding="utf-8")))
    assert lines == [], f"{path.name} writes into the state at lines {lines}: add a State method"


@pytest.mark.parametrize("players", [2, 3, 6])
def test_cached_views_equal_views_built_afresh(players: int) -> None:
    for seed in range(4):
        g = Game.new([f"p{i}" for i in range(players)], 100 * players + seed)
        bots = [make_bot("random", 10 * seed + i) for i in range(players)]
        decisions = 0
        while g.prompt is not None:
            for viewer in [*range(players), None]:
                assert g.view(viewer) == Views(g.defs).build(g, viewer), (seed, decisions)
            p = g.prompt
            if (
                decisions == 25 and players > 2
            ):  # a concession changes a seat's view, not its zones' counter alone
                g.choose((p.seat + 1) % players, "concede")
            else:
                g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)), p.seq)
            decisions += 1


def test_a_concession_that_moves_no_card_still_shows() -> None:
    # A seat with nothing in hand, on its field or stacked concedes: no zone changes, so only
    # the cache's key (which holds the conceded flag) can tell the view has changed.
    g = Game.new(["A", "B", "C"], 9)
    st = g.st
    for c in list(st.hands[2]):  # setup: seat 2 holds nothing
        st.move(c, DISCARD)
    before = g.view(0)
    assert not before.seats[2].conceded and before.seats[2].hand_count == 0
    g.choose(2, "concede")
    after = g.view(0)
    assert after.seats[2].conceded
    assert after == Views(g.defs).build(g, 0)


def test_only_a_card_on_the_field_can_be_tapped() -> None:
    # Views show hands, stacks and the discard pile untapped: the state keeps it so.
    g = Game.new(["A", "B"], 3)
    card = g.st.hands[0][0]
    with pytest.raises(ValueError, match="not on the field"):
        g.st.set_tapped(card)
    assert not g.st.tapped[card]


def _codes_afresh(st: State) -> list[list[int]]:
    """Each slot's code computed from the field and the cards' flags as they are now."""
    return [
        [
            -1 - i
            if c == EMPTY
            else slot_code(st.code_base[c], i, st.tapped[c], st.face_down[c], st.negated[c])
            for i, c in enumerate(field)
        ]
        for field in st.fields
    ]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_slot_codes_follow_every_write_to_a_field(players: int) -> None:
    # Views read a field through its slot codes alone, never its cards: every write to the
    # field (a card placed, set, flipped, tapped, negated, leaving) must keep them true, and
    # a state loaded from plain data or cloned must have them too.
    seen_flags: set[int] = set()  # over all the games: some game put each kind on a field
    for seed in range(6):
        g = Game.new([f"p{i}" for i in range(players)], 1000 * players + seed)
        bots = [make_bot("random", 7 * seed + i) for i in range(players)]
        while g.prompt is not None:
            st = g.st
            assert st.codes == _codes_afresh(st)
            seen_flags |= {c & 7 for row in st.codes for c in row if c >= 0}
            p = g.prompt
            g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
        assert Game.from_state(g.to_state()).st.codes == g.st.codes
        assert g.clone().st.codes == g.st.codes
    assert seen_flags >= {0, 2, 4}  # plain, face down and tapped cards were on fields


def test_a_slot_code_names_card_definition_slot_and_flags() -> None:
    # The decoding the views rely on: the same card on the same slot with other flags, or
    # another card of the same definition, has another code.
    g = Game.new(["A", "B"], 5)
    st = g.st
    a, b = st.hands[0][0], st.hands[1][0]
    codes = {
        slot_code(st.code_base[c], slot, tapped, down, neg)
        for c in (a, b)
        for slot in range(SLOTS)
        for tapped in (False, True)
        for down in (False, True)
        for neg in (False, True)
    }
    assert len(codes) == 2 * SLOTS * 8
    assert min(codes) >= 0


def test_the_shared_slot_views_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Card ids are dealt at random in every game, so the slot views shared by every game would
    # grow towards every (definition, id, slot, flags) over a long-running host: the tables
    # start again when full, and views built after that are still the true ones.
    monkeypatch.setattr(views, "SLOT_TABLE_LIMIT", 40)
    tables = (views._OWNER_SLOTS, views._OTHERS_SLOTS)
    for t in tables:  # filled by earlier games in this process
        t.clear()
    peak = 0
    for seed in range(8):
        g = Game.new(["A", "B", "C", "D"], 4000 + seed)
        bots = [make_bot("random", seed + i) for i in range(4)]
        while g.prompt is not None:
            peak = max(peak, *map(len, tables))
            assert peak <= 40
            assert g.view(seed % 4) == Views(g.defs).build(g, seed % 4)
            p = g.prompt
            g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    assert peak == 40  # the tables did fill up and start again
