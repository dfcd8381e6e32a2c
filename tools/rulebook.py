"""Render the generated parts of the rulebook (``docs/RULES.md``) from the card data.

The card list and the deck-size table of each language part are rendered from the cards the
engine loads (``qm_rules.cards.CARDS``) and written between the ``<!-- cards:LANG -->`` and
``<!-- deck:LANG -->`` markers (HTML comments: Textual's MarkdownViewer does not show them).
Everything else in the rulebook is prose, written by hand.

    .venv/bin/python tools/rulebook.py           # rewrite the generated blocks
    .venv/bin/python tools/rulebook.py --check   # exit 1 if they are out of date

``tests/test_rulebook.py`` fails while the rulebook is out of date with the card data.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

from qm_rules.cards import CARDS, CardDef, CardType
from qm_rules.game import MAX_PLAYERS, MIN_PLAYERS, base_set_copies

RULES = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"
LANGS = ("zh", "en")

TYPE_NAME = {
    CardType.OFFERING: ("供品", "Offering"),
    CardType.ACTION: ("行动牌", "Action"),
    CardType.TRAP: ("陷阱牌", "Trap"),
    CardType.COUNTER: ("反击牌", "Counter"),
    CardType.ANCESTOR: ("祖宗牌", "Ancestor"),
}
TYPE_HEADING = {
    CardType.OFFERING: ("供品（基本牌）", "Offerings"),
    CardType.ACTION: ("行动牌", "Actions"),
    CardType.TRAP: ("陷阱牌", "Traps"),
    CardType.COUNTER: ("反击牌", "Counters"),
    CardType.ANCESTOR: ("祖宗牌（牌池）", "Ancestors (the pool)"),
}
TAG_NAME = {"burning": ("燃烧", "Burning")}
TRIGGER_TEXT = {
    "any": ("任何发动", "any activation"),
    "opp_any": ("对手的任何发动", "any activation by an opponent"),
    "opp_action": ("对手发动行动牌", "an opponent activates an action card"),
    "opp_place": ("对手摆放供品", "an opponent places an offering"),
    "opp_worship": ("对手宣言祭祀", "an opponent declares worship"),
    "opp_takes_yours": (
        "对手发动会夺取你的卡的效果",
        "an opponent activates an effect that takes a card of yours",
    ),
    "opp_targets_yours": (
        "对手的效果以你场上的卡为对象",
        "an opponent's effect targets a card on your field",
    ),
    "trap": ("陷阱牌发动", "a trap is activated"),
    "counter": ("反击牌发动", "a counter is activated"),
    "manifestation": ("显灵发动", "a manifestation is activated"),
}
TARGET_TEXT = {
    "opponent": ("一名对手", "an opponent"),
    "opp_offering": ("对手场上一张未横置的供品", "an untapped offering on an opponent's field"),
    "opp_ancestor": ("对手场上的祖宗牌", "an opponent's ancestor"),
}
COST_TEXT = {
    "discard": ("舍弃 {n} 张手牌", "discard {n} card{s} from your hand"),
    "remove_stacked": (
        "将这张卡下方叠放的 {n} 张供品送去弃牌区",
        "remove {n} offering{s} stacked under this card to the discard pile",
    ),
}
#: When an ancestor's standing effect applies (the engine's reading, rulebook §12).
STANDING_WHEN = {
    "immune_traps": ("从为祭祀而亮出时起", "from the moment it is revealed for worship"),
    "no_return": ("从为祭祀而亮出时起", "from the moment it is revealed for worship"),
}
STANDING_WHEN_DEFAULT = ("祖宗牌在场时", "while the ancestor is on the field")
PLAYED_WHEN = {
    CardType.ACTION: (
        "你的行动阶段，从手牌正面打出",
        "your action phase, played face-up from hand",
    ),
}
LABEL = {
    "cost": ("代价", "Cost"),
    "none": ("无", "none"),
    "target": ("对象", "Target"),
    "tag": ("标签", "Tag"),
    "when": ("时机", "When"),
    "trigger": ("时机（跟牌）", "Trigger (response)"),
    "text": ("文本", "Text"),
    "m_trigger": ("显灵时机", "Manifestation trigger"),
    "m_cost": ("显灵代价", "Manifestation cost"),
    "standing": ("常驻效果生效", "Standing effect applies"),
    "pool": ("牌池中", "in the pool"),
}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "zh" else pair[1]


def _cost(op: str, n: int, lang: str) -> str:
    return _pick(COST_TEXT[op], lang).format(n=n, s="" if n == 1 else "s")


def _other(card: CardDef, lang: str) -> str:
    """The card's name in the other language, shown next to its own so players can match them."""
    return card.name.en if lang == "zh" else card.name.zh


def _colon(lang: str) -> str:
    return "：" if lang == "zh" else ": "


def _offerings(cards: list[CardDef], lang: str) -> list[str]:
    head = ("| 卡牌 | English | 标签 | 张数 | 文本 |", "| Card | 中文 | Tag | Copies | Text |")
    lines = [_pick(head, lang), "|---|---|---|---|---|"]
    for c in cards:
        tags = "、".join(_pick(TAG_NAME[t], lang) for t in sorted(c.tags)) or "—"
        lines.append(
            f"| {c.name(lang)} | {_other(c, lang)} | {tags} | ×{c.copies} | {c.text(lang)} |"
        )
    return lines


def _entry(c: CardDef, lang: str) -> list[str]:
    col = _colon(lang)
    sep = "（" if lang == "zh" else " ("
    end = "）" if lang == "zh" else ")"
    copies = f"{_pick(LABEL['pool'], lang)} ×1" if c.type is CardType.ANCESTOR else f"×{c.copies}"
    # One paragraph a card, its lines joined by hard breaks ("\\" at the end of a line): a nested
    # list would cost Textual's MarkdownViewer several widgets a line and made the rulebook ~5x
    # slower to open.
    kind = _pick(TYPE_NAME[c.type], lang)
    lines = [f"**{c.name(lang)}**{sep}{_other(c, lang)}{end} · {kind} · {copies}"]

    def item(key: str, value: str) -> None:
        lines[-1] += "\\"
        lines.append(f"{_pick(LABEL[key], lang)}{col}{value}")

    if c.type is CardType.ANCESTOR:
        m = c.manifestation
        assert m is not None, f"{c.id}: an ancestor without a manifestation"
        assert len(c.standing) == 1, f"{c.id}: the rulebook expects one standing effect"
        item("m_trigger", _pick(TRIGGER_TEXT[m.trigger], lang))
        item("m_cost", "; ".join(_cost(k.op, k.n, lang) for k in m.cost))
        (standing,) = c.standing
        item("standing", _pick(STANDING_WHEN.get(standing, STANDING_WHEN_DEFAULT), lang))
    else:
        costs = "; ".join(_cost(k.op, k.n, lang) for k in c.cost)
        item("cost", costs or _pick(LABEL["none"], lang))
        if c.trigger is not None:
            item("trigger", _pick(TRIGGER_TEXT[c.trigger], lang))
        else:
            item("when", _pick(PLAYED_WHEN[c.type], lang))
        if c.targets:
            item("target", "; ".join(_pick(TARGET_TEXT[t], lang) for t in c.targets))
        if c.tags:
            item("tag", "、".join(_pick(TAG_NAME[t], lang) for t in sorted(c.tags)))
    item("text", c.text(lang))
    return lines


def render_cards(lang: str) -> str:
    """The card list of one language part: every card of the data, by type, in file order."""
    out: list[str] = []
    for ctype in CardType:
        cards = [c for c in CARDS.cards if c.type is ctype]
        if not cards:
            continue
        out += [f"### {_pick(TYPE_HEADING[ctype], lang)}", ""]
        if ctype is CardType.OFFERING:
            out += _offerings(cards, lang)
        else:
            for c in cards:
                out += [*_entry(c, lang), ""]
        out.append("")
    return "\n".join(out).rstrip("\n")


def render_deck(lang: str) -> str:
    """The base set's make-up and the deck size for each player count."""
    base = sum(c.copies for c in CARDS.base_set)
    by_type = [
        (ctype, sum(c.copies for c in CARDS.base_set if c.type is ctype))
        for ctype in (CardType.OFFERING, CardType.ACTION, CardType.TRAP, CardType.COUNTER)
    ]
    if lang == "zh":
        parts = "、".join(f"{_pick(TYPE_NAME[t], lang)} {n} 张" for t, n in by_type)
        lines = [
            f"基础套牌共 {base} 张：{parts}。祖宗牌池共 {len(CARDS.ancestors)} 张。",
            "",
            "| 玩家人数 | 基础套牌 | 祖宗牌 | 牌山总数 |",
        ]
    else:
        parts = ", ".join(f"{n} {_pick(TYPE_HEADING[t], lang).lower()}" for t, n in by_type)
        lines = [
            f"The base set holds {base} cards: {parts}. "
            f"The ancestor pool holds {len(CARDS.ancestors)}.",
            "",
            "| Players | Base sets | Ancestors | Deck size |",
        ]
    lines.append("|---|---|---|---|")
    for p in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        lines.append(f"| {p} | ×{base_set_copies(p)} | {p} | {base * base_set_copies(p) + p} |")
    return "\n".join(lines)


BLOCKS: dict[str, Callable[[str], str]] = {"cards": render_cards, "deck": render_deck}


def _block_re(name: str, lang: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- {name}:{lang} -->\n)(.*?)\n?(<!-- /{name}:{lang} -->)", re.S)


def rewrite(text: str) -> str:
    """The rulebook text with every generated block rendered afresh."""
    for name, render in BLOCKS.items():
        for lang in LANGS:
            m = _block_re(name, lang).search(text)
            if m is None:
                raise SystemExit(f"docs/RULES.md has no block <!-- {name}:{lang} -->")
            text = text[: m.start(2)] + render(lang) + "\n" + text[m.start(3) :]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the rulebook's card list and deck table.")
    parser.add_argument(
        "--check", action="store_true", help="only say whether the rulebook is up to date"
    )
    args = parser.parse_args(argv)
    text = RULES.read_text(encoding="utf-8")
    fresh = rewrite(text)
    if args.check:
        if fresh != text:
            print(f"{RULES} is out of date: run tools/rulebook.py", file=sys.stderr)
            return 1
        print(f"{RULES} is up to date")
        return 0
    if fresh != text:
        RULES.write_text(fresh, encoding="utf-8")
        print(f"rewrote the generated blocks in {RULES}")
    else:
        print(f"{RULES} was already up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
