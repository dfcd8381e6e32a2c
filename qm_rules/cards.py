"""The card set, loaded from ``data/cards.toml`` into immutable definitions.

Effects are data: a card's effect is a tuple of :class:`Section` (joined by "then", R19), each a
tuple of :class:`Clause` that happen together or not at all. The engine interprets the clause ops
in :mod:`qm_rules.effects`; nothing here knows how a clause is carried out.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any


class CardType(StrEnum):
    OFFERING = "offering"
    ACTION = "action"
    TRAP = "trap"
    COUNTER = "counter"
    ANCESTOR = "ancestor"


SPECIAL_TYPES = frozenset({CardType.ACTION, CardType.TRAP, CardType.COUNTER})

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
#: Clause ops the engine knows (qm_rules.effects).
CLAUSE_OPS = frozenset(
    {
        "draw",
        "search",
        "discard",
        "discard_random",
        "take_field",
        "take_hand",
        "put_offering",
        "discard_facedown",
        "remove_stacked",
        "negate",
        "tap_targeted",
        "prohibit",
    }
)
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
    duration: str = "turn"


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
    op: str
    n: int = 0
    filter: Filter | None = None
    types: tuple[CardType, ...] = ()


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
    """The card data file is malformed."""


def _text(raw: Any, where: str) -> Text:
    if not isinstance(raw, dict) or not isinstance(raw.get("zh"), str) or not isinstance(raw.get("en"), str):
        raise CardDataError(f"{where}: needs a table with zh and en strings")
    return Text(raw["zh"], raw["en"])


def _filter(raw: Any, where: str) -> Filter | None:
    if raw is None:
        return None
    unknown = set(raw) - {"type", "tag"}
    if unknown:
        raise CardDataError(f"{where}: unknown filter keys {sorted(unknown)}")
    return Filter(CardType(raw["type"]) if "type" in raw else None, raw.get("tag"))


def _clause(raw: dict[str, Any], where: str) -> Clause:
    op = raw.get("op")
    if op not in CLAUSE_OPS:
        raise CardDataError(f"{where}: unknown clause op {op!r}")
    return Clause(
        op=op,
        n=int(raw.get("n", 1)),
        target=int(raw.get("target", 0)),
        filter=_filter(raw.get("filter"), where),
        optional=bool(raw.get("optional", False)),
        to=raw.get("to", "discard"),
        who=raw.get("who", "self"),
        tag=raw.get("tag"),
        actions=tuple(raw.get("actions", ())),
        duration=raw.get("duration", "turn"),
    )


def _effect(raw: Any, where: str) -> tuple[Section, ...]:
    if not isinstance(raw, list) or not raw:
        raise CardDataError(f"{where}: effect must be a non-empty list of sections")
    sections = []
    for i, sec in enumerate(raw):
        w = f"{where} section {i + 1}"
        if isinstance(sec, list):
            sections.append(Section(tuple(_clause(c, w) for c in sec)))
        elif isinstance(sec, dict):
            cond = sec.get("if")
            if cond is not None and cond not in SECTION_CONDITIONS:
                raise CardDataError(f"{w}: unknown condition {cond!r}")
            sections.append(Section(tuple(_clause(c, w) for c in sec["clauses"]), cond))
        else:
            raise CardDataError(f"{w}: a section is a list of clauses or a table with clauses")
    return tuple(sections)


def _costs(raw: Any, where: str) -> tuple[Cost, ...]:
    costs = []
    for c in raw or ():
        if c.get("op") not in COST_OPS:
            raise CardDataError(f"{where}: unknown cost op {c.get('op')!r}")
        costs.append(Cost(c["op"], int(c.get("n", 1))))
    return tuple(costs)


def _trigger(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or raw not in TRIGGERS:
        raise CardDataError(f"{where}: unknown trigger {raw!r}")
    return raw


def _card(raw: dict[str, Any]) -> CardDef:
    cid = raw.get("id")
    if not isinstance(cid, str):
        raise CardDataError("a card without an id")
    where = f"card {cid}"
    ctype = CardType(raw["type"])
    targets = tuple(raw.get("targets", ()))
    for t in targets:
        if t not in TARGET_KINDS:
            raise CardDataError(f"{where}: unknown target kind {t!r}")
    modes: tuple[Mode, ...] = ()
    if "modes" in raw:
        modes = tuple(
            Mode(_text(m["label"], f"{where} mode"), _effect(m["effect"], f"{where} mode {i + 1}"))
            for i, m in enumerate(raw["modes"])
        )
    elif "effect" in raw:
        modes = (Mode(Text("", ""), _effect(raw["effect"], where)),)
    trigger = _trigger(raw["trigger"], where) if "trigger" in raw else None
    if ctype in (CardType.TRAP, CardType.COUNTER) and trigger is None:
        raise CardDataError(f"{where}: traps and counters need a trigger")
    if ctype in SPECIAL_TYPES and not modes:
        raise CardDataError(f"{where}: special cards need an effect")
    condition = None
    manifestation = None
    standing: frozenset[str] = frozenset()
    if ctype is CardType.ANCESTOR:
        c = raw.get("condition")
        if not c or c.get("op") not in CONDITION_OPS:
            raise CardDataError(f"{where}: ancestors need a worship condition")
        condition = Condition(
            op=c["op"],
            n=int(c.get("n", 0)),
            filter=_filter(c.get("filter"), where),
            types=tuple(CardType(t) for t in c.get("types", ())),
        )
        standing = frozenset(raw.get("standing", ()))
        if standing - STANDING:
            raise CardDataError(f"{where}: unknown standing effects {sorted(standing - STANDING)}")
        m = raw.get("manifestation")
        if m is not None:
            manifestation = Manifestation(
                _trigger(m["trigger"], f"{where} manifestation"),
                _costs(m.get("cost"), where),
                _effect(m["effect"], f"{where} manifestation"),
            )
    tags = frozenset(raw.get("tags", ()))
    bot = raw.get("bot", {})
    if not isinstance(bot, dict) or set(bot) - {"keep", "set"}:
        raise CardDataError(f"{where}: bot hints are a table of keep and set")
    hints = BotHints(
        float(bot["keep"]) if "keep" in bot else None, float(bot["set"]) if "set" in bot else None
    )
    takes = any(cl.op in ("take_field", "take_hand") for mode in modes for s in mode.effect for cl in s.clauses)
    return CardDef(
        id=cid,
        type=ctype,
        copies=int(raw.get("copies", 1)),
        name=_text(raw.get("name"), where),
        text=_text(raw.get("text"), where),
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
    """All card definitions, in file order, with the hash that names this data."""

    cards: tuple[CardDef, ...]
    digest: str
    #: id -> definition. Built once; kept out of equality and hashing (hashing the whole set
    #: on every lookup, as a cache keyed on the set would, costs more than the lookup).
    by_id: dict[str, CardDef] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if not self.by_id:
            self.by_id.update((c.id, c) for c in self.cards)

    def __getitem__(self, card_id: str) -> CardDef:
        return self.by_id[card_id]

    @property
    def base_set(self) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards if c.type is not CardType.ANCESTOR)

    @property
    def ancestors(self) -> tuple[CardDef, ...]:
        return tuple(c for c in self.cards if c.type is CardType.ANCESTOR)


def parse_cards(data: bytes) -> CardSet:
    """Parse a card data file (TOML bytes)."""
    raw = tomllib.loads(data.decode("utf-8"))
    cards = tuple(_card(c) for c in raw.get("card", ()))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise CardDataError("duplicate card ids")
    return CardSet(cards, hashlib.sha256(data).hexdigest()[:16])


@cache
def load_cards() -> CardSet:
    """The card set shipped with the package."""
    data = resources.files("qm_rules").joinpath("data/cards.toml").read_bytes()
    return parse_cards(data)


CARDS: CardSet = load_cards()
