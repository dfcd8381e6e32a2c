"""The clause-op registry (``qm_rules.effects.CLAUSE_OPS``) holds, for each op, everything the
rest of the game reads about it: the card loader checks clauses against each op's parameters,
the prompts speak its words (``clause.<op>``, both languages), and each event kind it emits is
defined for the wire and read out in the log.

The loader cases are generated from each op's own spec, so a new op (or a new parameter) is
checked without a line here."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from qm_rules import BUILD, Event, Game, GameOptions
from qm_rules.bots import make_bot
from qm_rules.cards import (
    REQUIRED,
    CardDataError,
    CardType,
    Clause,
    Filter,
    Param,
    parse_cards,
)
from qm_rules.effects import CLAUSE_OPS, ClauseOp
from qm_rules.events import EVENT_DATA
from qm_rules.i18n import LANGS, all_strings
from qm_words import describe

OPS = sorted(CLAUSE_OPS)
EFFECTS_SOURCE = Path(__file__).resolve().parent.parent / "qm_rules" / "effects.py"
CLAUSE_FIELDS = set(Clause.__dataclass_fields__) - {"op"}


def toml(value: Any) -> str:
    """A value as TOML, inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def card(op: ClauseOp, clause: dict[str, Any]) -> str:
    """A trap whose one clause is ``clause``, with the targets the op's parameters need."""
    targets = [p.target_kind for p in op.params if p.kind == "target"]
    return f"""
[[card]]
id = "probe"
type = "trap"
copies = 1
name = {{ zh = "探", en = "Probe" }}
text = {{ zh = "探", en = "Probe" }}
targets = {toml(targets)}
trigger = "opp_action"
effect = [[{toml({"op": op.name, **clause})}]]
"""


def good(p: Param) -> tuple[Any, Any]:
    """A value the spec accepts other than the default, and what the clause then holds."""
    if p.kind == "count":
        return p.least + 1, p.least + 1
    if p.kind == "flag":
        return True, True
    if p.kind == "word":
        word = sorted(p.choices)[-1] if p.choices else "burning"
        return word, word
    if p.kind == "words":
        assert p.choices
        word = sorted(p.choices)[0]
        return [word], (word,)
    if p.kind == "filter":
        return {"type": "offering"}, Filter(type=CardType.OFFERING)
    return 0, 0  # target: the card's first target, of the kind the op acts on


def bad(p: Param) -> list[Any]:
    """Values the spec refuses."""
    if p.kind == "count":
        return [p.least - 1, str(p.least), True]
    if p.kind == "flag":
        return ["yes", 1]
    if p.kind == "word":
        return ["nonsense", 3] if p.choices else [3, ""]
    if p.kind == "words":
        return [["nonsense"], [], "search"]
    if p.kind == "filter":
        return [{"colour": "red"}, {"type": "spell"}, "offering"]
    return [1, -1, "0"]  # target: not one of the card's targets


def test_every_op_declares_its_parameters_by_clause_field() -> None:
    assert OPS, "no clause op registered"
    for name, op in CLAUSE_OPS.items():
        assert op.name == name
        keys = [p.key for p in op.params]
        assert len(keys) == len(set(keys)), name
        for p in op.params:
            # The loader fills the Clause field of the same name: a key with no field is lost.
            assert p.key in CLAUSE_FIELDS, (name, p.key)
            assert p.kind in ("count", "flag", "word", "words", "filter", "target"), (name, p)
            if p.kind == "target":
                assert p.target_kind in ("opponent", "opp_offering", "opp_ancestor"), (name, p)
            if p.kind == "words":
                assert p.choices, (name, p)


@pytest.mark.parametrize("name", OPS)
def test_each_op_has_its_words_in_both_languages(name: str) -> None:
    words = all_strings().get(f"clause.{name}")
    assert words is not None, f"clause.{name} is not in the catalogue"
    for lang in LANGS:
        assert words.get(lang), (name, lang)


@pytest.mark.parametrize("name", OPS)
def test_a_clause_with_good_values_loads_as_written(name: str) -> None:
    op = CLAUSE_OPS[name]
    given = {p.key: good(p) for p in op.params}
    clause = parse_cards(card(op, {k: v for k, (v, _) in given.items()}).encode())["probe"]
    loaded = clause.modes[0].effect[0].clauses[0]
    assert loaded.op == name
    for key, (_, held) in given.items():
        assert getattr(loaded, key) == held, (name, key)
    # And with only the required keys, the defaults.
    required = {p.key: given[p.key][0] for p in op.params if p.default is REQUIRED}
    loaded = parse_cards(card(op, required).encode())["probe"].modes[0].effect[0].clauses[0]
    for p in op.params:
        if p.default is not REQUIRED:
            assert getattr(loaded, p.key) == p.default, (name, p.key)


def _refused(text: str, field: str) -> None:
    with pytest.raises(CardDataError) as err:
        parse_cards(text.encode())
    message = str(err.value)
    assert "card probe" in message and "clause 1" in message, message
    assert re.search(rf"\b{re.escape(field)}\b", message), message


@pytest.mark.parametrize("name", OPS)
def test_a_bad_value_or_an_unknown_key_is_refused_naming_the_card_clause_and_key(
    name: str,
) -> None:
    op = CLAUSE_OPS[name]
    base = {p.key: good(p)[0] for p in op.params}
    for p in op.params:
        for value in bad(p):
            _refused(card(op, {**base, p.key: value}), p.key)
        if p.default is REQUIRED:
            _refused(card(op, {k: v for k, v in base.items() if k != p.key}), p.key)
    # A key the op does not take (even one another op takes) is refused, never ignored.
    for key in ("duration", *sorted(CLAUSE_FIELDS - set(base))):
        _refused(card(op, {**base, key: 1}), key)


# ───────────────────────────── the events an op emits ─────────────────────────────


@pytest.mark.parametrize("name", OPS)
def test_each_event_an_op_emits_is_defined_for_the_wire_and_read_in_the_log(name: str) -> None:
    op = CLAUSE_OPS[name]
    assert op.emits, f"{name} declares no event: a clause that happens says so in the log"
    for kind in sorted(op.emits):
        assert kind in EVENT_DATA, f"{name} emits {kind!r}, which qm_rules.events does not define"
        event = Event(kind, 0, dict(EVENT_DATA[kind].EXAMPLE))
        for lang in LANGS:
            line = describe(event, lang, ["Ann", "Bo", "Cy"])
            # Not the fallback for unknown kinds ("Ann: kind (data)"), nor a raw key.
            assert not line.startswith(f"Ann: {kind}"), (name, kind, lang, line)
            assert "log." not in line and "{" not in line, (name, kind, lang, line)


def _emitted_literals(cls: type[ClauseOp]) -> set[str]:
    """The event kinds the op's own code names in ``g.emit("kind", ...)`` (read from the source
    file: a compiled build's classes have no source to inspect)."""
    module = ast.parse(EFFECTS_SOURCE.read_text(encoding="utf-8"))
    (tree,) = [n for n in module.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__]
    kinds = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            kinds.add(node.args[0].value)
    return kinds


def test_every_event_kind_has_one_describer_and_no_describer_a_kind_unknown_to_the_wire() -> None:
    """An event kind is defined for the wire (``EVENT_DATA``) and read in the log by its own
    describer (``qm_words/events/<kind>.py``); a describer for a kind the wire lacks is dead."""
    from qm_words.events import DESCRIBERS

    assert set(DESCRIBERS) == set(EVENT_DATA)


@pytest.mark.parametrize("name", OPS)
def test_each_event_an_ops_code_emits_is_declared(name: str) -> None:
    op = CLAUSE_OPS[name]
    assert _emitted_literals(type(op)) <= op.emits


@pytest.mark.skipif(
    BUILD == "mypyc",
    reason="patches the game's and the ops' methods, which compiled code calls directly (the "
    "pure-Python build runs it)",
)
def test_the_events_ops_emit_in_real_games_are_the_ones_they_declare(monkeypatch) -> None:
    """Over seeded games of random bots, every event that appears while an op chooses, shows,
    or is carried out (through the game's helpers too: a draw, a reshuffle) is one it declares."""
    emitted: list[str] = []
    real_emit = Game.emit

    def emit(self: Game, kind: str, *args: Any, **kwargs: Any) -> None:
        emitted.append(kind)
        real_emit(self, kind, *args, **kwargs)

    monkeypatch.setattr(Game, "emit", emit)
    seen: dict[str, set[str]] = defaultdict(set)

    def spy(name: str, real: Any) -> Any:
        def call(*args: Any) -> Any:
            start = len(emitted)
            out = real(*args)
            seen[name].update(emitted[start:])
            return out

        return call

    for name, op in CLAUSE_OPS.items():
        for method in ("choices", "shown", "apply"):
            monkeypatch.setattr(op, method, spy(name, getattr(op, method)))
    applied = set()
    for seed in range(30):
        players = 2 + seed % 5
        g = Game.new([f"P{i}" for i in range(players)], seed, GameOptions(round_limit=20))
        bots = [make_bot("random", (seed, i)) for i in range(players)]
        while not g.over:
            seat = g.prompt.seat
            g.choose(seat, bots[seat].choose(g.view(seat)))
        applied |= set(seen)
    for name, kinds in seen.items():
        assert kinds <= CLAUSE_OPS[name].emits, (name, kinds - CLAUSE_OPS[name].emits)
    # The games reach most ops (what they do not reach, the test above reads from the code).
    assert len(applied) >= len(CLAUSE_OPS) // 2, applied
