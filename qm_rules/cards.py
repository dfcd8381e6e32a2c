"""The card set, loaded from ``data/cards.toml`` into immutable definitions.

Effects are data: a card's effect is a tuple of :class:`Section` (joined by "then", R19), each a
tuple of :class:`Clause` that happen together or not at all. Each clause op is defined in
:mod:`qm_rules.effects` with the parameters it takes (:class:`Param`); the loader checks every
clause against its op's parameters, and knows nothing of how a clause is carried out.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

T = TypeVar("T")


class CardType(StrEnum):
    OFFERING = "offering"
    ACTION = "action"
    TRAP = "trap"
    COUNTER = "counter"
    ANCESTOR = "ancestor"


SPECIAL_TYPES = frozenset({CardType.ACTION, CardType.TRAP, CardType.COUNTER})
#: The cards that can be set face down: a face-down card is one of these.
SET_TYPES = frozenset({CardType.TRAP, CardType.COUNTER})

#: Every trigger a trap, counter or manifestation may name (R17).
TRIGGERS = frozenset(
    {
        "any",
        "opp_any",
        "opp_action",
        "opp_place",
        "opp_worship",
        "opp_takes_yours",
        "opp_targets_yours",
        "trap",
        "counter",
        "manifestation",
    }
)
#: Targets chosen at activation (R15).
TARGET_KINDS = frozenset({"opponent", "opp_offering", "opp_ancestor"})
COST_OPS = frozenset({"discard", "remove_stacked"})
CONDITION_OPS = frozenset({"hand_count", "hand_types", "hand_size", "stacked"})
SECTION_CONDITIONS = frozenset({"cost_offering"})
STANDING = frozenset(
    {"guard_hand", "guard_facedown", "extra_draw", "immune_traps", "stack_ability", "no_return"}
)


@dataclass(frozen=True, slots=True)
class Text:
    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True, slots=True)
class Filter:
    """Which cards a search or a count accepts."""

    type: CardType | None = None
    tag: str | None = None

    def accepts(self, card: CardDef) -> bool:
        if self.type is not None and card.type is not self.type:
            return False
        return self.tag is None or self.tag in card.tags

    def select(self, defs: Sequence[CardDef], cards: Iterable[int]) -> Iterator[int]:
        """The card instances of ``cards`` (their definitions in ``defs``) that :meth:`accepts`
        takes, the same test written out: the engine runs it over whole hands and decks."""
        t, tag = self.type, self.tag
        for c in cards:
            d = defs[c]
            if (t is None or d.type is t) and (tag is None or tag in d.tags):
                yield c


@dataclass(frozen=True, slots=True)
class Clause:
    op: str
    n: int = 1
    target: int = 0
    filter: Filter | None = None
    optional: bool = False
    to: str = "discard"
    who: str = "self"
    tag: str | None = None
    actions: tuple[str, ...] = ()
    at_least: int | None = field(default=None, metadata={"hashed_when_set": True})


@dataclass(frozen=True, slots=True)
class Section:
    clauses: tuple[Clause, ...]
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class Mode:
    label: Text
    effect: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class Cost:
    op: str
    n: int


@dataclass(frozen=True, slots=True)
class Condition:
    """An ancestor's worship condition (R20). It holds when :meth:`have` reaches :attr:`need`:
    the engine's win check and the table's "4 of 5 offerings stacked" both count with it."""

    op: str
    n: int = 0
    filter: Filter | None = None
    types: tuple[CardType, ...] = ()

    @property
    def need(self) -> int:
        """How many it takes: cards, offerings stacked, or (``hand_types``) kinds of card."""
        return len(self.types) if self.op == "hand_types" else self.n

    @property
    def public(self) -> bool:
        """Whether every player can count it (offerings stacked, hand sizes are public, R5);
        the others look into the hand, which only its owner sees."""
        return self.op in ("stacked", "hand_size")

    def have(self, stacked: int, hand_size: int, hand: Iterable[CardDef] | None) -> int | None:
        """How far a seat is: ``stacked`` offerings under its ancestor, ``hand_size`` cards in
        hand and, when known, the definitions of those cards (``hand``). None: the count looks
        into a hand that is not known."""
        if self.op == "stacked":
            return stacked
        if self.op == "hand_size":
            return hand_size
        if hand is None:
            return None
        if self.op == "hand_count":
            f = self.filter
            return sum(1 for d in hand if f is None or f.accepts(d))
        if self.op == "hand_types":
            kinds = {d.type for d in hand}
            return sum(1 for t in self.types if t in kinds)
        raise AssertionError(self.op)


@dataclass(frozen=True, slots=True)
class Manifestation:
    trigger: str
    cost: tuple[Cost, ...]
    effect: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class BotHints:
    """How the bots value a card, where its effect alone does not say (``bot`` in the data).

    ``keep``: how much a special card in hand is worth keeping (higher: discarded last).
    ``set``: for traps and counters, which to lay face down first (higher first)."""

    keep: float | None = None
    set: float | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    type: CardType
    copies: int
    name: Text
    text: Text
    tags: frozenset[str] = frozenset()
    targets: tuple[str, ...] = ()
    cost: tuple[Cost, ...] = ()
    trigger: str | None = None
    modes: tuple[Mode, ...] = ()
    condition: Condition | None = None
    standing: frozenset[str] = frozenset()
    manifestation: Manifestation | None = None
    bot: BotHints = BotHints()
    # Derived, for fast checks in the engine.
    burning: bool = field(default=False)
    takes: bool = field(default=False)

    @property
    def is_special(self) -> bool:
        return self.type in SPECIAL_TYPES


class CardDataError(ValueError):
    """The card data file is malformed; the message names the card and the field."""


# ───────────────────────────── values ─────────────────────────────
# Each check takes the raw value and where it was read ("card x section 1 clause 2: n") and
# returns the value the definitions hold, or raises CardDataError saying what was wanted.


def _count(raw: Any, where: str, least: int = 1) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < least:
        raise CardDataError(f"{where}: needs a whole number of at least {least}, not {raw!r}")
    return raw


def _flag(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise CardDataError(f"{where}: needs true or false, not {raw!r}")
    return raw


def _word(raw: Any, where: str, choices: frozenset[str] | None = None) -> str:
    if not isinstance(raw, str) or not raw or (choices is not None and raw not in choices):
        wanted = " | ".join(sorted(choices)) if choices else "a word"
        raise CardDataError(f"{where}: needs {wanted}, not {raw!r}")
    return raw


def _words(raw: Any, where: str, choices: frozenset[str] | None = None) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise CardDataError(f"{where}: needs a list, not {raw!r}")
    return tuple(_word(w, where, choices) for w in raw)


def _keys(raw: Any, allowed: frozenset[str] | set[str], where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: needs a table, not {raw!r}")
    unknown = set(raw) - set(allowed)
    if unknown:
        raise CardDataError(f"{where}: unknown keys {sorted(unknown)} (known: {sorted(allowed)})")
    return raw


def _text(raw: Any, where: str) -> Text:
    if (
        not isinstance(raw, dict)
        or not isinstance(raw.get("zh"), str)
        or not isinstance(raw.get("en"), str)
    ):
        raise CardDataError(f"{where}: needs a table with zh and en strings")
    _keys(raw, {"zh", "en"}, where)
    return Text(raw["zh"], raw["en"])


def _card_type(raw: Any, where: str) -> CardType:
    return CardType(_word(raw, where, frozenset(CardType)))


def _filter(raw: Any, where: str) -> Filter | None:
    if raw is None:
        return None
    where = f"{where}: filter"
    _keys(raw, {"type", "tag"}, where)
    return Filter(
        _card_type(raw["type"], f"{where}.type") if "type" in raw else None,
        _word(raw["tag"], f"{where}.tag") if "tag" in raw else None,
    )


# ───────────────────────────── clauses ─────────────────────────────

#: What a clause parameter's value may be (see :class:`Param`).
ParamKind = Literal["count", "flag", "word", "words", "filter", "target"]
#: A parameter the card data must give (it has no default).
REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class Param:
    """One key a clause op takes in the card data, and what the loader accepts for it.

    ``key`` names both the data's key and the :class:`Clause` field its value fills; a key the
    op does not declare is refused, and so is a value outside the spec. The kinds:

    - ``count``: a whole number of at least ``least``;
    - ``flag``: true or false;
    - ``word`` / ``words``: one of ``choices`` / a list of them (at least one);
    - ``filter``: a table of ``type`` and ``tag`` (:class:`Filter`);
    - ``target``: the index of one of the card's targets (R15), which must be a ``target_kind``.
    """

    key: str
    kind: ParamKind
    default: Any = REQUIRED
    choices: frozenset[str] | None = None
    least: int = 1
    target_kind: str | None = None


def _clause_ops() -> Mapping[str, Any]:
    """The clause ops by name. They are defined with their behaviour in :mod:`qm_rules.effects`,
    which imports this module: imported when the first clause is read, not at the top."""
    from .effects import CLAUSE_OPS

    return CLAUSE_OPS


def _param(p: Param, raw: dict[str, Any], at: str, targets: tuple[str, ...]) -> Any:
    """The value of parameter ``p`` in the clause ``raw``, checked against its spec."""
    where = f"{at} {p.key}"
    if p.key not in raw:
        if p.default is REQUIRED:
            raise CardDataError(f"{where}: missing (this op needs it)")
        return p.default
    value = raw[p.key]
    if p.kind == "count":
        return _count(value, where, p.least)
    if p.kind == "flag":
        return _flag(value, where)
    if p.kind == "word":
        return _word(value, where, p.choices)
    if p.kind == "words":
        words = _words(value, where, p.choices)
        if not words:
            raise CardDataError(
                f"{where}: needs at least one of {' | '.join(sorted(p.choices or ()))}"
            )
        return words
    if p.kind == "filter":
        return _filter(value, at[:-1])
    index = _count(value, where, least=0)
    if index >= len(targets) or targets[index] != p.target_kind:
        raise CardDataError(
            f"{where}: {index} must be one of the card's targets, a {p.target_kind}"
        )
    return index


def _clause(raw: Any, where: str, targets: tuple[str, ...]) -> Clause:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: a clause is a table with an op, not {raw!r}")
    ops = _clause_ops()
    op = raw.get("op")
    if not isinstance(op, str) or op not in ops:
        raise CardDataError(f"{where}: unknown clause op {op!r} (known: {sorted(ops)})")
    params: tuple[Param, ...] = ops[op].params
    _keys(raw, {p.key for p in params} | {"op"}, f"{where} ({op})")
    at = f"{where} ({op}):"
    return Clause(op, **{p.key: _param(p, raw, at, targets) for p in params})


def _effect(raw: Any, where: str, targets: tuple[str, ...]) -> tuple[Section, ...]:
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{where}: effect must be a non-empty list of sections")
    sections = []
    for i, sec in enumerate(raw):
        w = f"{where} section {i + 1}"
        if isinstance(sec, dict):
            _keys(sec, {"if", "clauses"}, w)
            cond = sec.get("if")
            if cond is not None and (not isinstance(cond, str) or cond not in SECTION_CONDITIONS):
                raise CardDataError(f"{w}: unknown condition {cond!r}")
            clauses = sec.get("clauses")
        elif isinstance(sec, list):
            cond, clauses = None, sec
        else:
            raise CardDataError(f"{w}: a section is a list of clauses or a table with clauses")
        if not isinstance(clauses, list) or not clauses:
            raise CardDataError(f"{w}: a section needs at least one clause")
        sections.append(
            Section(
                tuple(_clause(c, f"{w} clause {j + 1}", targets) for j, c in enumerate(clauses)),
                cond,
            )
        )
    return tuple(sections)


def _costs(raw: Any, where: str) -> tuple[Cost, ...]:
    costs = []
    if raw is not None and not isinstance(raw, list):
        raise CardDataError(f"{where}: cost must be a list of costs")
    for c in raw or ():
        if not isinstance(c, dict) or not isinstance(c.get("op"), str) or c["op"] not in COST_OPS:
            raise CardDataError(
                f"{where}: unknown cost op {c.get('op') if isinstance(c, dict) else c!r}"
            )
        _keys(c, {"op", "n"}, f"{where} cost")
        costs.append(Cost(c["op"], _count(c.get("n", 1), f"{where} cost: n")))
    return tuple(costs)


def _trigger(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or raw not in TRIGGERS:
        raise CardDataError(f"{where}: unknown trigger {raw!r}")
    return raw


#: The keys a worship condition takes besides ``op`` (R20).
CONDITION_PARAMS: dict[str, frozenset[str]] = {
    "hand_count": frozenset({"n", "filter"}),
    "hand_types": frozenset({"types"}),
    "hand_size": frozenset({"n"}),
    "stacked": frozenset({"n"}),
}
assert set(CONDITION_PARAMS) == CONDITION_OPS
CARD_KEYS = frozenset(
    {
        "id",
        "type",
        "copies",
        "name",
        "text",
        "tags",
        "targets",
        "cost",
        "trigger",
        "modes",
        "effect",
        "condition",
        "standing",
        "manifestation",
        "bot",
    }
)


def _condition(raw: Any, where: str) -> Condition:
    where = f"{where}: condition"
    if not isinstance(raw, dict) or not isinstance(raw.get("op"), str):
        raise CardDataError(f"{where}: ancestors need a worship condition")
    if raw["op"] not in CONDITION_OPS:
        raise CardDataError(f"{where}: ancestors need a worship condition")
    op = raw["op"]
    _keys(raw, CONDITION_PARAMS[op] | {"op"}, f"{where} ({op})")
    return Condition(
        op=op,
        n=_count(raw.get("n", 0), f"{where}: n", least=0),
        filter=_filter(raw.get("filter"), where),
        types=tuple(
            _card_type(t, f"{where}: types")
            for t in _words(raw.get("types", []), f"{where}: types")
        ),
    )


def _card(raw: Any) -> CardDef:
    cid = raw.get("id") if isinstance(raw, dict) else None
    if not isinstance(cid, str):
        raise CardDataError("a card without an id")
    where = f"card {cid}"
    _keys(raw, CARD_KEYS, where)
    ctype = _card_type(raw.get("type"), f"{where}: type")
    targets = _words(raw.get("targets", []), f"{where}: targets", TARGET_KINDS)
    modes: tuple[Mode, ...] = ()
    if "modes" in raw:
        if "effect" in raw:
            raise CardDataError(f"{where}: a card has modes or an effect, not both")
        if not isinstance(raw["modes"], list):
            raise CardDataError(f"{where}: modes must be a list of modes")
        modes = tuple(
            Mode(
                _text(
                    _keys(m, {"label", "effect"}, f"{where} mode {i + 1}").get("label"),
                    f"{where} mode {i + 1}",
                ),
                _effect(m.get("effect"), f"{where} mode {i + 1}", targets),
            )
            for i, m in enumerate(raw["modes"])
        )
    elif "effect" in raw:
        modes = (Mode(Text("", ""), _effect(raw["effect"], where, targets)),)
    trigger = _trigger(raw["trigger"], where) if "trigger" in raw else None
    if ctype in (CardType.TRAP, CardType.COUNTER) and trigger is None:
        raise CardDataError(f"{where}: traps and counters need a trigger")
    if ctype in SPECIAL_TYPES and not modes:
        raise CardDataError(f"{where}: special cards need an effect")
    condition = None
    manifestation = None
    standing: frozenset[str] = frozenset()
    if ctype is CardType.ANCESTOR:
        condition = _condition(raw.get("condition"), where)
        standing = frozenset(_words(raw.get("standing", []), f"{where}: standing", STANDING))
        m = raw.get("manifestation")
        if m is not None:
            w = f"{where} manifestation"
            _keys(m, {"trigger", "cost", "effect"}, w)
            manifestation = Manifestation(
                _trigger(m.get("trigger"), w),
                _costs(m.get("cost"), w),
                _effect(m.get("effect"), w, targets),
            )
    else:
        for key in ("condition", "standing", "manifestation"):
            if key in raw:
                raise CardDataError(f"{where}: {key}: only ancestors have one")
    tags = frozenset(_words(raw.get("tags", []), f"{where}: tags"))
    bot = raw.get("bot", {})
    if not isinstance(bot, dict) or set(bot) - {"keep", "set"}:
        raise CardDataError(f"{where}: bot hints are a table of keep and set")
    for key, value in bot.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CardDataError(f"{where}: bot.{key}: needs a number, not {value!r}")
    hints = BotHints(
        float(bot["keep"]) if "keep" in bot else None, float(bot["set"]) if "set" in bot else None
    )
    ops = _clause_ops()
    takes = any(ops[cl.op].takes for mode in modes for s in mode.effect for cl in s.clauses)
    return CardDef(
        id=cid,
        type=ctype,
        copies=_count(raw.get("copies", 1), f"{where}: copies"),
        name=_text(raw.get("name"), f"{where}: name"),
        text=_text(raw.get("text"), f"{where}: text"),
        tags=tags,
        targets=targets,
        cost=_costs(raw.get("cost"), where),
        trigger=trigger,
        modes=modes,
        condition=condition,
        standing=standing,
        manifestation=manifestation,
        bot=hints,
        burning="burning" in tags,
        takes=takes,
    )


@dataclass(frozen=True, slots=True)
class CardSet:
    """All card definitions, in file order, with the hash that names this data.

    A game is given its set (:meth:`qm_rules.game.Game.new`): games with different sets run
    side by side in one process. :func:`shipped_cards` is the set that comes with the package,
    the one every entry point plays unless told another (``--cards FILE``)."""

    cards: tuple[CardDef, ...]
    digest: str
    """The hash of what the rules read of the data (:func:`rules_digest`): not of the file,
    so that a change of wording alone keeps every saved journal and game replayable."""
    #: The file's bytes as read (TOML): what a host sends a guest, and a journal keeps.
    source: bytes = field(default=b"", compare=False, hash=False, repr=False)
    #: id -> definition. Built once; kept out of equality and hashing (hashing the whole set
    #: on every lookup, as a cache keyed on the set would, costs more than the lookup).
    by_id: dict[str, CardDef] = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: What readers of the set (the bots, the words) work out from it once, by their key.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if not self.by_id:
            self.by_id.update((c.id, c) for c in self.cards)

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent to another process (sim's workers) as its file, read again there once: the
        # definitions and what was worked out from them are not copied.
        if self.source:
            return (_from_source, (self.source,))
        return (CardSet, (self.cards, self.digest))

    def derived(self, key: Any, build: Callable[[CardSet], T]) -> T:
        """``build(self)``, worked out once for this set and kept under ``key``."""
        try:
            return self.memo[key]  # type: ignore[no-any-return]  # (kept by build's type)
        except KeyError:
            value = self.memo[key] = build(self)
            return value

    def __getitem__(self, card_id: str) -> CardDef:
        return self.by_id[card_id]

    @property
    def file_hash(self) -> str:
        """SHA-256 (hex) of the file's bytes (:attr:`source`): the name a table gives its set
        on the wire, and under which a guest keeps the copy it was sent. Unlike
        :attr:`digest` it covers the names and texts too: a guest shows what it was told."""
        return self.derived("file_hash", lambda s: hashlib.sha256(s.source).hexdigest())

    @property
    def base_set(self) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards if c.type is not CardType.ANCESTOR)

    @property
    def ancestors(self) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards if c.type is CardType.ANCESTOR)


def _rule_data(value: Any) -> Any:
    """``value`` (a definition or a part of one) as plain data, without its display texts
    (every :class:`Text`: names, card texts, mode labels); sets sorted, enums by value."""
    if isinstance(value, Text):
        raise TypeError("display text is not rule data")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _rule_data(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not isinstance(getattr(value, f.name), Text)
            # a key added to the data after sets were named by this hash: hashed only where a
            # set uses it, so that every set without it keeps its name (and its journals)
            and not (f.metadata.get("hashed_when_set") and getattr(value, f.name) == f.default)
        }
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, frozenset | set):
        return sorted(_rule_data(v) for v in value)
    if isinstance(value, tuple | list):
        return [_rule_data(v) for v in value]
    return value


def rules_digest(version: Any, cards: Sequence[CardDef]) -> str:
    """The hash naming what the rules read of a card set: every field of every card (ids,
    types, copies, tags, targets, costs, triggers, effects, conditions, bot hints...) in
    order, and the data's ``version``; not the display texts. A change of wording keeps it, a
    change of a number, an op or a card changes it. (SHA-256 of the canonical JSON — sorted
    keys, no spaces — of that data, first 16 hex digits.)"""
    plain = {"version": version, "cards": [_rule_data(c) for c in cards]}
    blob = json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def parse_cards(data: bytes) -> CardSet:
    """Parse a card data file (TOML bytes); :class:`CardDataError` at the first fault
    (:mod:`qm_rules.cardcheck` lists them all, with their lines)."""
    raw = tomllib.loads(data.decode("utf-8"))
    _keys(raw, {"version", "card"}, "the card data")
    cards = tuple(_card(c) for c in raw.get("card", ()))
    ids = [c.id for c in cards]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise CardDataError(f"duplicate card ids {doubled}")
    return CardSet(cards, rules_digest(raw.get("version"), cards), data)


@cache
def _from_source(data: bytes) -> CardSet:
    return shipped_cards() if data == shipped_source() else parse_cards(data)


@cache
def shipped_cards() -> CardSet:
    """The card set shipped with the package: the default of every game and entry point."""
    return parse_cards(shipped_source())


@cache
def shipped_source() -> bytes:
    """The shipped card data file, as bytes."""
    return resources.files("qm_rules").joinpath("data/cards.toml").read_bytes()


def load_card_file(path: str | os.PathLike[str]) -> CardSet:
    """The card set in the file at ``path``; OSError if it cannot be read, CardDataError (with
    the first fault; ``qingming cards check`` lists them all) if it is not a card set."""
    data = Path(path).read_bytes()
    try:
        return parse_cards(data)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CardDataError(f"not a card data file: {exc}") from exc
