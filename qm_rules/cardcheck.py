"""Check a card data file and say everything wrong with it at once (``qingming cards check``).

The loader (:func:`qm_rules.cards.parse_cards`) stops at the first fault; a designer editing a
set wants them all, each with the line it is on, the field, and a sentence saying what is
wrong and what is wanted. :func:`check` reads the file's TOML once and walks every card with
the same specs the loader uses (the card keys, each clause op's :class:`~qm_rules.cards.Param`,
the worship conditions, triggers and targets), then checks the set as a whole: ids unique,
every filter matching some card, six ancestors for a table of six, a deck that deals every
table size and fits the engine. A file it finds nothing wrong with loads (it asks the loader
last), so ``check`` clean means ``--cards FILE`` plays.

Lines are found in the text: a card's ``[[card]]`` header begins it, and a fault is put on the
first line of that card that holds the key (or the op) at fault, else on the header.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from .cardfaults import Fault, Lines, faults_lines
from .cards import (
    CARD_KEYS,
    CONDITION_PARAMS,
    COST_OPS,
    REQUIRED,
    SECTION_CONDITIONS,
    SPECIAL_TYPES,
    STANDING,
    TARGET_KINDS,
    TRIGGERS,
    CardDataError,
    CardSet,
    CardType,
    Param,
    _card,
    _clause_ops,
    parse_cards,
)
from .game import MAX_PLAYERS, MIN_PLAYERS, OPENING_HAND, base_set_copies
from .state import MAX_CARDS

__all__ = ["Fault", "check", "faults_lines", "load", "load_file"]

LANGUAGES = ("zh", "en")
_TYPES = tuple(t.value for t in CardType)


@dataclass
class _Card:
    """What the walk keeps of a card for the checks of the whole set."""

    index: int
    id: str | None
    type: str | None
    copies: int
    tags: set[str]
    line: int


class _Check:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = Lines(text)
        self.faults: list[Fault] = []
        self.cards: list[_Card] = []
        # every filter met: (card index, id, field, type, tag, line)
        self.filters: list[tuple[int, str | None, str, str | None, str | None, int]] = []

    # ── recording ──

    def fault(
        self,
        index: int | None,
        card: str | None,
        fld: str,
        code: str,
        line: int | None = None,
        **words: Any,
    ) -> None:
        if line is None:
            line = self.lines.card(index)[0] if index is not None else 1
        self.faults.append(Fault(line, card, fld, code, words))

    # ── the walk ──

    def run(self) -> list[Fault]:
        try:
            raw = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+)", str(exc))
            line = int(m.group(1)) if m else 1
            detail = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            self.fault(None, None, "", "toml", line, detail=detail)
            return self.faults
        except RecursionError:  # tomllib reads nested arrays by recursion
            self.fault(None, None, "", "toml", 1, detail="values nested too deeply")
            return self.faults
        for key in sorted(set(raw) - {"version", "card"}):
            self.fault(None, None, key, "top_key", self.lines.key(None, key), key=key)
        cards = raw.get("card", [])
        if not isinstance(cards, list) or not cards:
            self.fault(None, None, "card", "no_cards")
            return self.faults
        for i, c in enumerate(cards):
            before = len(self.faults)
            try:
                self.card(i, c)
            except Exception as exc:  # never a traceback: the walk missed a shape
                self.fault(i, None, "", "other", detail=str(exc) or type(exc).__name__)
            if len(self.faults) == before and isinstance(c, dict):
                self.loader(i, c)
        self.whole_set()
        if not self.faults:
            try:
                parse_cards(self.text.encode("utf-8"))
            except CardDataError as exc:
                self.fault(None, None, "", "other", detail=str(exc))
        self.faults.sort(key=lambda f: f.line)
        return self.faults

    def loader(self, i: int, raw: dict[str, Any]) -> None:
        """What the loader says of a card the walk found nothing wrong with (a rule the walk
        does not know): said as it is, on the card's header."""
        try:
            _card(raw)
        except CardDataError as exc:
            self.fault(i, raw.get("id"), "", "other", detail=str(exc))

    def card(self, i: int, raw: Any) -> None:
        if not isinstance(raw, dict):
            self.fault(i, None, "", "not_table")
            return
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid:
            self.fault(i, None, "id", "no_id")
            cid = None
        kept = _Card(i, cid, None, 1, set(), self.lines.card(i)[0])
        self.cards.append(kept)
        for key in sorted(set(raw) - CARD_KEYS):
            self.fault(
                i,
                cid,
                key,
                "unknown_key",
                self.lines.key(i, key),
                key=key,
                known=", ".join(sorted(CARD_KEYS)),
            )
        ctype = raw.get("type")
        if ctype not in _TYPES:
            self.fault(
                i,
                cid,
                "type",
                "bad_type",
                self.lines.key(i, "type"),
                value=_shown(ctype),
                choices=" | ".join(_TYPES),
            )
        else:
            kept.type = ctype
        if "copies" in raw:
            copies = raw["copies"]
            if _count(copies, 1):
                kept.copies = copies
            else:
                self.want_count(i, cid, "copies", copies, 1)
        for key in ("name", "text"):
            self.text_field(i, cid, key, raw.get(key), self.lines.key(i, key))
        tags = raw.get("tags", [])
        if not _words(tags):
            self.fault(i, cid, "tags", "want_words", self.lines.key(i, "tags"), value=_shown(tags))
        else:
            kept.tags = set(tags)
        targets = raw.get("targets", [])
        if not _words(targets, TARGET_KINDS):
            self.fault(
                i,
                cid,
                "targets",
                "want_choices",
                self.lines.key(i, "targets"),
                value=_shown(targets),
                choices=" | ".join(sorted(TARGET_KINDS)),
            )
            targets = []
        self.costs(i, cid, "cost", raw.get("cost"))
        trigger = raw.get("trigger")
        if trigger is not None and trigger not in TRIGGERS:
            self.bad_trigger(i, cid, "trigger", trigger)
        if ctype in ("trap", "counter") and trigger is None:
            self.fault(i, cid, "trigger", "needs_trigger")
        if "modes" in raw and "effect" in raw:
            self.fault(i, cid, "modes", "modes_and_effect", self.lines.key(i, "modes"))
        elif "modes" in raw:
            modes = raw["modes"]
            if not isinstance(modes, list) or not modes:
                self.fault(i, cid, "modes", "want_modes", self.lines.key(i, "modes"))
            else:
                for m, mode in enumerate(modes):
                    where = f"modes[{m + 1}]"
                    if not isinstance(mode, dict):
                        self.fault(i, cid, where, "want_modes", self.lines.key(i, "modes"))
                        continue
                    for key in sorted(set(mode) - {"label", "effect"}):
                        self.fault(
                            i,
                            cid,
                            f"{where}.{key}",
                            "unknown_key",
                            self.lines.key(i, key),
                            key=key,
                            known="label, effect",
                        )
                    self.text_field(
                        i, cid, f"{where}.label", mode.get("label"), self.lines.key(i, "label")
                    )
                    self.effect(i, cid, f"{where}.effect", mode.get("effect"), targets)
        elif "effect" in raw:
            self.effect(i, cid, "effect", raw["effect"], targets)
        elif ctype in {t.value for t in SPECIAL_TYPES}:
            self.fault(i, cid, "effect", "needs_effect")
        if ctype == "ancestor":
            self.condition(i, cid, raw.get("condition"))
            standing = raw.get("standing", [])
            if not _words(standing, STANDING):
                self.fault(
                    i,
                    cid,
                    "standing",
                    "want_choices",
                    self.lines.key(i, "standing"),
                    value=_shown(standing),
                    choices=" | ".join(sorted(STANDING)),
                )
            if "manifestation" in raw:
                self.manifestation(i, cid, raw["manifestation"], targets)
        elif ctype in _TYPES:
            for key in ("condition", "standing", "manifestation"):
                if key in raw:
                    self.fault(i, cid, key, "only_ancestors", self.lines.key(i, key), key=key)
        self.bot(i, cid, raw.get("bot", {}))

    def text_field(self, i: int, cid: str | None, fld: str, raw: Any, line: int | None) -> None:
        if not isinstance(raw, dict):
            self.fault(i, cid, fld, "want_text", line, field=fld)
            return
        for lang in LANGUAGES:
            if not isinstance(raw.get(lang), str):
                self.fault(i, cid, f"{fld}.{lang}", "missing_language", line, field=fld, lang=lang)
        for key in sorted(set(raw) - set(LANGUAGES)):
            self.fault(i, cid, f"{fld}.{key}", "unknown_language", line, field=fld, key=key)

    def want_count(
        self, i: int, cid: str | None, fld: str, value: Any, least: int, line: int | None = None
    ) -> None:
        key = fld.rsplit(".", 1)[-1]
        self.fault(
            i,
            cid,
            fld,
            "want_count",
            line or self.lines.key(i, key),
            field=fld,
            value=_shown(value),
            least=least,
        )

    def bad_trigger(self, i: int, cid: str | None, fld: str, trigger: Any) -> None:
        self.fault(
            i,
            cid,
            fld,
            "want_choices",
            self.lines.key(i, "trigger"),
            value=_shown(trigger),
            choices=" | ".join(sorted(TRIGGERS)),
        )

    def costs(self, i: int, cid: str | None, fld: str, raw: Any) -> None:
        if raw is None:
            return
        if not isinstance(raw, list):
            self.fault(i, cid, fld, "want_costs", self.lines.key(i, "cost"))
            return
        for c in raw:
            op = c.get("op") if isinstance(c, dict) else None
            line = self.lines.find(i, rf'op\s*=\s*"{re.escape(str(op))}"') or self.lines.key(
                i, "cost"
            )
            if op not in COST_OPS:
                self.fault(
                    i,
                    cid,
                    fld,
                    "unknown_cost",
                    line,
                    op=_shown(op),
                    known=" | ".join(sorted(COST_OPS)),
                )
                continue
            assert isinstance(c, dict)
            for key in sorted(set(c) - {"op", "n"}):
                self.fault(i, cid, f"{fld}.{key}", "op_key", line, op=op, key=key, known="n")
            if not _count(c.get("n", 1), 1):
                self.want_count(i, cid, f"{fld}.n", c.get("n"), 1, line)

    def effect(
        self,
        i: int,
        cid: str | None,
        fld: str,
        raw: Any,
        targets: list[str],
    ) -> None:
        line = self.lines.key(i, fld.rsplit(".", 1)[-1])
        if not isinstance(raw, list) or not raw:
            self.fault(i, cid, fld, "want_effect", line)
            return
        for s, sec in enumerate(raw):
            where = f"{fld}[{s + 1}]"
            if isinstance(sec, dict):
                for key in sorted(set(sec) - {"if", "clauses"}):
                    self.fault(
                        i,
                        cid,
                        f"{where}.{key}",
                        "unknown_key",
                        self.lines.key(i, key, line or 0),
                        key=key,
                        known="if, clauses",
                    )
                cond = sec.get("if")
                if cond is not None and cond not in SECTION_CONDITIONS:
                    self.fault(
                        i,
                        cid,
                        f"{where}.if",
                        "want_choices",
                        self.lines.key(i, "if"),
                        value=_shown(cond),
                        choices=" | ".join(sorted(SECTION_CONDITIONS)),
                    )
                clauses = sec.get("clauses")
            else:
                clauses = sec
            if not isinstance(clauses, list) or not clauses:
                self.fault(i, cid, where, "want_section", line)
                continue
            for c, clause in enumerate(clauses):
                self.clause(i, cid, f"{where}[{c + 1}]", clause, targets, line or 0)

    def clause(
        self, i: int, cid: str | None, fld: str, raw: Any, targets: list[str], after: int
    ) -> None:
        ops = _clause_ops()
        if not isinstance(raw, dict):
            self.fault(i, cid, fld, "want_clause", after or None)
            return
        op = raw.get("op")
        line = self.lines.find(i, rf'op\s*=\s*"{re.escape(str(op))}"', after) or after or None
        if not isinstance(op, str) or op not in ops:
            self.fault(i, cid, fld, "unknown_op", line, op=_shown(op), known=", ".join(sorted(ops)))
            return
        params: tuple[Param, ...] = ops[op].params
        known = {p.key for p in params}
        for key in sorted(set(raw) - known - {"op"}):
            self.fault(
                i,
                cid,
                f"{fld}.{key}",
                "op_key",
                line,
                op=op,
                key=key,
                known=", ".join(sorted(known)) or "-",
            )
        least, most = raw.get("at_least"), raw.get("n", 1)
        if _count(least, 0) and _count(most, 1) and least > most:
            self.fault(i, cid, f"{fld}.at_least", "at_least_over_n", line, least=least, n=most)
        for p in params:
            where = f"{fld}.{p.key}"
            if p.key not in raw:
                if p.default is REQUIRED:
                    self.fault(i, cid, where, "op_missing", line, op=op, key=p.key)
                continue
            value = raw[p.key]
            if p.kind == "count" and not _count(value, p.least):
                self.want_count(i, cid, where, value, p.least, line)
            elif p.kind == "flag" and not isinstance(value, bool):
                self.fault(i, cid, where, "want_flag", line, field=where, value=_shown(value))
            elif p.kind in ("word", "words") and not (
                _words([value] if p.kind == "word" else value, p.choices)
                and (p.kind == "word" or value)
            ):
                self.fault(
                    i,
                    cid,
                    where,
                    "want_choices",
                    line,
                    value=_shown(value),
                    choices=" | ".join(sorted(p.choices)) if p.choices else "a word",
                )
            elif p.kind == "filter":
                self.filter(i, cid, where, value, line)
            elif p.kind == "target" and not (
                _count(value, 0) and value < len(targets) and targets[value] == p.target_kind
            ):
                self.fault(
                    i,
                    cid,
                    where,
                    "want_target",
                    line,
                    value=_shown(value),
                    kind=p.target_kind,
                )

    def filter(self, i: int, cid: str | None, fld: str, raw: Any, line: int | None) -> None:
        if not isinstance(raw, dict):
            self.fault(i, cid, fld, "want_filter", line, value=_shown(raw))
            return
        for key in sorted(set(raw) - {"type", "tag"}):
            self.fault(
                i, cid, f"{fld}.{key}", "op_key", line, op="filter", key=key, known="type, tag"
            )
        ftype, tag = raw.get("type"), raw.get("tag")
        ok = True
        if ftype is not None and ftype not in _TYPES:
            self.fault(
                i,
                cid,
                f"{fld}.type",
                "bad_type",
                line,
                value=_shown(ftype),
                choices=" | ".join(_TYPES),
            )
            ok = False
        if tag is not None and (not isinstance(tag, str) or not tag):
            self.fault(i, cid, f"{fld}.tag", "want_words", line, value=_shown(tag))
            ok = False
        if ok:
            self.filters.append((i, cid, fld, ftype, tag, line or self.lines.card(i)[0]))

    def condition(self, i: int, cid: str | None, raw: Any) -> None:
        line = self.lines.key(i, "condition")
        if raw is None:
            self.fault(i, cid, "condition", "no_condition", line)
            return
        op = raw.get("op") if isinstance(raw, dict) else None
        if op not in CONDITION_PARAMS:
            self.fault(
                i,
                cid,
                "condition.op",
                "unknown_condition",
                line,
                op=_shown(op),
                known=" | ".join(sorted(CONDITION_PARAMS)),
            )
            return
        assert isinstance(raw, dict)
        allowed = CONDITION_PARAMS[op]
        for key in sorted(set(raw) - allowed - {"op"}):
            self.fault(
                i,
                cid,
                f"condition.{key}",
                "op_key",
                line,
                op=op,
                key=key,
                known=", ".join(sorted(allowed)),
            )
        if "n" in allowed and not _count(raw.get("n", 0), 0):
            self.want_count(i, cid, "condition.n", raw.get("n"), 0, line)
        if "filter" in raw and "filter" in allowed:
            self.filter(i, cid, "condition.filter", raw["filter"], line)
        if "types" in allowed and not _words(raw.get("types", []), frozenset(_TYPES)):
            self.fault(
                i,
                cid,
                "condition.types",
                "want_choices",
                line,
                value=_shown(raw.get("types")),
                choices=" | ".join(_TYPES),
            )

    def manifestation(self, i: int, cid: str | None, raw: Any, targets: list[str]) -> None:
        line = self.lines.key(i, "manifestation")
        if not isinstance(raw, dict):
            self.fault(i, cid, "manifestation", "want_manifestation", line)
            return
        for key in sorted(set(raw) - {"trigger", "cost", "effect"}):
            self.fault(
                i,
                cid,
                f"manifestation.{key}",
                "unknown_key",
                line,
                key=key,
                known="trigger, cost, effect",
            )
        trigger = raw.get("trigger")
        if trigger not in TRIGGERS:
            self.bad_trigger(i, cid, "manifestation.trigger", trigger)
        self.costs(i, cid, "manifestation.cost", raw.get("cost"))
        self.effect(i, cid, "manifestation.effect", raw.get("effect"), targets)

    def bot(self, i: int, cid: str | None, raw: Any) -> None:
        line = self.lines.key(i, "bot")
        if not isinstance(raw, dict):
            self.fault(i, cid, "bot", "want_bot", line)
            return
        for key in sorted(set(raw) - {"keep", "set"}):
            self.fault(i, cid, f"bot.{key}", "unknown_key", line, key=key, known="keep, set")
        for key in ("keep", "set"):
            value = raw.get(key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int | float)
            ):
                self.fault(
                    i,
                    cid,
                    f"bot.{key}",
                    "want_number",
                    line,
                    field=f"bot.{key}",
                    value=_shown(value),
                )

    # ── the set as a whole ──

    def whole_set(self) -> None:
        seen: dict[str, _Card] = {}
        for c in self.cards:
            if c.id is None:
                continue
            if c.id in seen:
                self.fault(
                    c.index,
                    c.id,
                    "id",
                    "duplicate_id",
                    self.lines.key(c.index, "id"),
                    id=c.id,
                    first=seen[c.id].line,
                )
            else:
                seen[c.id] = c
        typed = [c for c in self.cards if c.type is not None]
        for i, cid, fld, ftype, tag, line in self.filters:
            if not any(
                (ftype is None or c.type == ftype) and (tag is None or tag in c.tags) for c in typed
            ):
                what = " ".join(
                    x for x in (ftype and f"type = {ftype}", tag and f"tag = {tag}") if x
                )
                self.fault(i, cid, fld, "empty_filter", line, filter=what or "{}")
        if len(typed) < len(self.cards):
            return  # a card without a type: the deck cannot be counted
        ancestors = [c for c in typed if c.type == "ancestor"]
        if len(ancestors) < MAX_PLAYERS:
            last = ancestors[-1].line if ancestors else 1
            self.fault(None, None, "", "few_ancestors", last, n=len(ancestors), need=MAX_PLAYERS)
        base_set = [c for c in typed if c.type != "ancestor"]
        base = sum(c.copies for c in base_set)
        # the deck's size is said on the copies of the card that has the most
        most = max(base_set, key=lambda c: c.copies, default=None)
        line = 1
        if most is not None:
            line = self.lines.key(most.index, "copies") or most.line
        big = base * base_set_copies(MAX_PLAYERS) + MAX_PLAYERS
        if big > MAX_CARDS:
            self.fault(
                None,
                None,
                "copies",
                "deck_too_big",
                line,
                n=big,
                most=MAX_CARDS,
                players=MAX_PLAYERS,
            )
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            deck = base * base_set_copies(players) + min(players, len(ancestors))
            if deck < players * OPENING_HAND:
                self.fault(
                    None,
                    None,
                    "copies",
                    "deck_too_small",
                    line,
                    players=players,
                    n=deck,
                    need=players * OPENING_HAND,
                )
                break


def _count(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _words(value: Any, choices: frozenset[str] | None = None) -> bool:
    return isinstance(value, list) and all(
        isinstance(w, str) and w and (choices is None or w in choices) for w in value
    )


def _shown(value: Any) -> str:
    """A value as the file would spell it, for a sentence."""
    if value is None:
        return "nothing"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check(data: bytes) -> list[Fault]:
    """Everything wrong with the card data file ``data``, in the order of its lines; empty
    when it loads and plays."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [Fault(1, None, "", "encoding", {"detail": str(exc)})]
    return _Check(text).run()


def load(data: bytes) -> tuple[CardSet | None, list[Fault]]:
    """The card set in ``data`` and no faults, or None and everything wrong with it."""
    faults = check(data)
    if faults:
        return None, faults
    return parse_cards(data), []


def load_file(path: str) -> tuple[CardSet | None, list[Fault]]:
    """:func:`load` of the file ``path`` (``~`` expanded); OSError when it cannot be read."""
    with open(os.path.expanduser(path), "rb") as f:
        return load(f.read())
