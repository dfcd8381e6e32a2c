"""The rulebook (docs/RULES.md) says what the engine and the rulings say.

The card list and the deck-size table in the rulebook are rendered from the card data the engine
loads (``qm_rules.cards.CARDS``), so a change of counts or texts shows up here as a failure
instead of as a rulebook that quietly lies. To bring the rulebook up to date after such a change:

    .venv/bin/python tests/test_rulebook.py --write

That rewrites only the text between the ``<!-- cards:… -->`` and ``<!-- deck:… -->`` markers
(HTML comments: Textual's MarkdownViewer does not show them). Everything else in the rulebook is
prose and is checked by the tests below for what must be in it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from qm_rules.cards import CARDS, CardDef, CardType
from qm_rules.model import GameOptions

RULES = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"
LANGS = ("zh", "en")

# ───────────────────────────── rendering the generated blocks ─────────────────────────────

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
    lines = [
        f"**{c.name(lang)}**{sep}{_other(c, lang)}{end} · {_pick(TYPE_NAME[c.type], lang)} · {copies}"
    ]

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
    """The card list of one language part: every card of the data, grouped by type, in file order."""
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


def _sets(players: int) -> int:
    """How many base sets the deck holds for a player count (R2, CARDS.md)."""
    return 1 if players == 2 else 2 if players <= 4 else 3


def render_deck(lang: str) -> str:
    """The base set's make-up and the deck size for each player count (R2)."""
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
            f"The base set holds {base} cards: {parts}. The ancestor pool holds {len(CARDS.ancestors)}.",
            "",
            "| Players | Base sets | Ancestors | Deck size |",
        ]
    lines.append("|---|---|---|---|")
    for p in range(2, 7):
        lines.append(f"| {p} | ×{_sets(p)} | {p} | {base * _sets(p) + p} |")
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


# ───────────────────────────── reading the rulebook ─────────────────────────────


@pytest.fixture(scope="module")
def doc() -> str:
    return RULES.read_text(encoding="utf-8")


def _parts(doc: str) -> dict[str, str]:
    """The Chinese and the English part: each from its level-1 heading to the next one."""
    heads = [(m.start(), m.group(1)) for m in re.finditer(r"^# (.+)$", doc, re.M)]
    parts: dict[str, str] = {}
    for i, (start, title) in enumerate(heads):
        end = heads[i + 1][0] if i + 1 < len(heads) else len(doc)
        if "中文" in title:
            parts["zh"] = doc[start:end]
        elif "English" in title:
            parts["en"] = doc[start:end]
    return parts


@pytest.fixture(scope="module")
def parts(doc: str) -> dict[str, str]:
    return _parts(doc)


def _section(part: str, heading_word: str) -> str:
    """The text under the first heading (any level) that contains ``heading_word``, up to the next
    heading of the same or a higher level."""
    m = re.search(rf"^(#+) [^\n]*{re.escape(heading_word)}[^\n]*$", part, re.M)
    assert m, f"no heading containing {heading_word!r}"
    level = len(m.group(1))
    nxt = re.compile(rf"^#{{1,{level}}} ", re.M).search(part, m.end())
    return part[m.end() : nxt.start() if nxt else len(part)]


# ───────────────────────────── tests ─────────────────────────────


def test_both_language_parts_exist_with_the_same_sections(parts: dict[str, str]) -> None:
    assert set(parts) == {"zh", "en"}, "need a level-1 heading with 中文 and one with English"
    h2 = {lang: re.findall(r"^## (.+)$", parts[lang], re.M) for lang in LANGS}
    assert len(h2["zh"]) >= 15, h2["zh"]
    # The two parts mirror each other: same number of sections, numbered the same way.
    numbers = {lang: [h.split()[0] for h in h2[lang]] for lang in LANGS}
    assert numbers["zh"] == numbers["en"], numbers


@pytest.mark.parametrize("card", CARDS.cards, ids=lambda c: c.id)
def test_every_card_is_named_in_both_languages(parts: dict[str, str], card: CardDef) -> None:
    assert card.name.zh in parts["zh"], f"{card.id}: {card.name.zh} missing from the Chinese part"
    assert card.name.en in parts["en"], f"{card.id}: {card.name.en} missing from the English part"


@pytest.mark.parametrize("card", CARDS.cards, ids=lambda c: c.id)
def test_card_entry_has_copies_type_and_text(parts: dict[str, str], card: CardDef) -> None:
    for lang in LANGS:
        cards = _section(parts[lang], "卡牌一览" if lang == "zh" else "Card list")
        name = card.name(lang)
        lines = [ln for ln in cards.splitlines() if f"**{name}**" in ln or f"| {name} |" in ln]
        assert len(lines) == 1, (
            f"{card.id}: expected one entry for {name!r} in the {lang} card list"
        )
        copies = "×1" if card.type is CardType.ANCESTOR else f"×{card.copies}"
        assert copies in lines[0], f"{card.id}: {lang} entry does not say {copies}"
        if card.type is not CardType.OFFERING:
            assert _pick(TYPE_NAME[card.type], lang) in lines[0], (
                f"{card.id}: {lang} entry lacks its type"
            )
        assert card.text(lang) in cards, f"{card.id}: the {lang} card text differs from cards.toml"


@pytest.mark.parametrize("name", list(BLOCKS))
@pytest.mark.parametrize("lang", LANGS)
def test_generated_blocks_match_card_data(doc: str, name: str, lang: str) -> None:
    m = _block_re(name, lang).search(doc)
    assert m, f"no <!-- {name}:{lang} --> block"
    assert m.group(2) == BLOCKS[name](lang), (
        f"the {name}:{lang} block is out of date with cards.toml; "
        "run `.venv/bin/python tests/test_rulebook.py --write`"
    )


@pytest.mark.parametrize("n", range(1, 24))
def test_every_ruling_is_cited_in_both_parts(parts: dict[str, str], n: int) -> None:
    for lang in LANGS:
        # "R1" must not be satisfied by "R12": no digit may follow, no letter or digit precede.
        assert re.search(rf"(?<![A-Za-z0-9])R{n}(?!\d)", parts[lang]), (
            f"R{n} not cited in the {lang} part"
        )


def test_seed_worked_example_is_present(parts: dict[str, str]) -> None:
    zh = _section(parts["zh"], "示例")
    for needle in ("祭祀准备", "文明祭祀倡导", "①", "基本牌", "那之后", "抽一张牌", "不结算"):
        assert needle in zh, f"the Chinese worked example lacks {needle!r}"
    en = _section(parts["en"], "Worked example")
    for needle in (
        "Ritual Preparation",
        "Civilized Worship Campaign",
        "①",
        "offering",
        "then",
        "search fails",
        "draw 1",
    ):
        assert needle in en, f"the English worked example lacks {needle!r}"


_CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_BLOCK_START = re.compile(r"^\s*(#|[-*>] |\d+\. |\||<!--|$)")


def test_chinese_paragraphs_are_not_wrapped_mid_text(parts: dict[str, str]) -> None:
    """Markdown turns a line break inside a paragraph into a space, which shows up as a stray gap
    between two Chinese characters. So a Chinese paragraph or list item is one source line."""
    lines = parts["zh"].splitlines()
    bad = [
        f"{a.strip()[-12:]} ⏎ {b.strip()[:12]}"
        for a, b in zip(lines, lines[1:], strict=False)
        if a.strip()
        and not a.rstrip().endswith("\\")  # a hard break is meant
        and not _BLOCK_START.match(b)
        and _CJK.match(a.rstrip()[-1])
        and _CJK.match(b.strip()[0])
    ]
    assert not bad, bad


def _option_row(section: str, label: str) -> list[str]:
    """The cells of the options-table row whose first cell is ``label``."""
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == label:
            return cells
    raise AssertionError(f"no table row {label!r}")


def test_table_option_defaults_match_the_engine(parts: dict[str, str]) -> None:
    o = GameOptions()
    zh = _section(parts["zh"], "桌面选项")
    en = _section(parts["en"], "Table options")

    def off(value: object, unit_zh: str, unit_en: str) -> tuple[str, str]:
        return ("关", "off") if value is None else (f"{value:g} {unit_zh}", f"{value:g} {unit_en}")

    expect = [  # (zh label, en label, zh default, en default) — the default cell starts with it
        ("跟牌计时", "Response timer", *off(o.response_timer, "秒", "s")),
        ("回合计时", "Turn timer", *off(o.turn_timer, "秒", "s")),
        ("轮数上限", "Round limit", f"{o.round_limit} 轮", f"{o.round_limit} rounds"),
        ("手牌上限", "Hand limit", *(("无", "none") if o.hand_limit is None else (str(o.hand_limit),) * 2)),
        ("询问所有人", "Ask everyone", *(("开", "on") if o.ask_everyone else ("关", "off"))),
        ("断线玩家", "Disconnected player", f"保留座位 {o.disconnect_grace:g} 秒", f"seat kept {o.disconnect_grace:g} s"),
    ]  # fmt: skip
    for zh_label, en_label, zh_default, en_default in expect:
        assert _option_row(zh, zh_label)[1].startswith(zh_default), (zh_label, zh_default)
        assert _option_row(en, en_label)[1].startswith(en_default), (en_label, en_default)


def test_glossary_uses_the_rulings_words(parts: dict[str, str]) -> None:
    # The words RULINGS.md fixes for the UI; the glossary of each part must carry every pair.
    pairs = [
        ("牌山", "deck"), ("弃牌区", "discard pile"), ("手牌", "hand"), ("场地", "field"),
        ("位置", "slot"), ("供品", "offering"), ("燃烧", "Burning"), ("横置", "tapped"),
        ("特殊牌", "special card"), ("行动牌", "action"), ("陷阱牌", "trap"), ("反击牌", "counter"),
        ("祖宗牌", "ancestor"), ("叠放", "stacked"), ("发动", "activate"), ("跟牌", "respond"),
        ("连锁", "chain"), ("结算", "resolve"), ("无效", "negate"), ("代价", "cost"),
        ("盖放", "set"), ("翻开", "flip"), ("检索", "search"), ("显灵", "manifestation"),
        ("祭祀", "worship"), ("宣言", "declare"),
    ]  # fmt: skip
    for lang in LANGS:
        glossary = _section(parts[lang], "术语表" if lang == "zh" else "Glossary")
        rows = [ln for ln in glossary.splitlines() if ln.startswith("|")]
        for zh, en in pairs:
            assert any(f"| {zh}" in r and en in r for r in rows), (
                f"{lang} glossary lacks {zh} / {en}"
            )


def test_rulebook_parses_as_the_viewer_reads_it(doc: str) -> None:
    """Parsed with the parser Textual's MarkdownViewer uses: both parts and their sections are
    headings (the viewer's contents tree), every table is a table, and each card entry keeps its
    line breaks. (Mounting the whole viewer costs seconds; the parse is what can go wrong.)"""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("gfm-like").parse(doc)
    headings = [
        (int(tok.tag[1]), tokens[i + 1].content)
        for i, tok in enumerate(tokens)
        if tok.type == "heading_open"
    ]
    top = [name for level, name in headings if level == 1]
    assert any("中文" in t for t in top) and any("English" in t for t in top), top
    assert sum(1 for level, _ in headings if level == 2) >= 30
    source_tables = len(re.findall(r"(?:^|\n\n)\|", doc))
    assert source_tables >= 10
    assert sum(1 for tok in tokens if tok.type == "table_open") == source_tables
    breaks = sum(
        1
        for tok in tokens
        if tok.type == "inline"
        for c in tok.children or ()
        if c.type == "hardbreak"
    )
    entries = sum(1 for c in CARDS.cards if c.type is not CardType.OFFERING)
    assert breaks >= 2 * 3 * entries  # three or more lines an entry, in two languages


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: tests/test_rulebook.py --write   (re-render the card blocks)")
    RULES.write_text(rewrite(RULES.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"rewrote the generated blocks in {RULES}")
