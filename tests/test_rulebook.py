"""The rulebook (docs/RULES.md) says what the engine says, in words for players.

The card list and the deck-size table in the rulebook are rendered from the card data by
``tools/rulebook.py``; a change of counts or texts fails here until the rulebook is rendered
again (``.venv/bin/python tools/rulebook.py``). Everything else in the rulebook is prose and is
checked below for what must be in it, and for what must not: the ruling numbers (R1-R24) that
tests cite appear only in the appendix at the end of each part.
"""

from __future__ import annotations

import re

import pytest

from qm_rules.cards import CardDef, CardType, shipped_cards
from qm_rules.i18n import tr
from qm_rules.options import OPTIONS
from tools.rulebook import (
    LANGS,
    README,
    README_BLOCKS,
    RULES,
    fresh_texts,
    rewrite,
)

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


@pytest.mark.parametrize("card", shipped_cards().cards, ids=lambda c: c.id)
def test_every_card_is_named_in_both_languages(parts: dict[str, str], card: CardDef) -> None:
    assert card.name.zh in parts["zh"], f"{card.id}: {card.name.zh} missing from the Chinese part"
    assert card.name.en in parts["en"], f"{card.id}: {card.name.en} missing from the English part"


@pytest.mark.parametrize("card", shipped_cards().cards, ids=lambda c: c.id)
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
            assert tr(f"type.{card.type}", lang) in lines[0], (
                f"{card.id}: {lang} entry lacks its type"
            )
        assert card.text(lang) in cards, f"{card.id}: the {lang} card text differs from cards.toml"


def test_the_readme_and_the_rulebook_are_current() -> None:
    """Every generated block (card list, deck, options; the README's options) says what the
    card data and the table options say now."""
    stale = [str(path) for path, (text, fresh) in fresh_texts().items() if text != fresh]
    assert not stale, f"out of date: {stale}; run `.venv/bin/python tools/rulebook.py`"


def test_a_stale_block_is_found_and_rendered_afresh() -> None:
    # The check above can fail: a block that no longer says what the data says is rewritten.
    text = README.read_text(encoding="utf-8")
    flag = OPTIONS[0].flag
    stale = text.replace(f"`{flag} ", "`--no-such-option ", 1)
    assert stale != text
    assert rewrite(stale, README_BLOCKS, langs=("en",)) == text


RULING = re.compile(r"(?<![A-Za-z0-9])R(\d+)(?!\d)")  # "R1" is not found in "R12"


def _main_and_appendix(part: str, lang: str) -> tuple[str, str]:
    """A language part split at its appendix of rulings (the last section)."""
    m = re.search(r"^## \d+ (附录|Appendix)", part, re.M)
    assert m, f"the {lang} part has no appendix of rulings"
    return part[: m.start()], part[m.start() :]


@pytest.mark.parametrize("n", range(1, 25))
def test_every_ruling_is_listed_in_the_appendix_of_both_parts(
    parts: dict[str, str], n: int
) -> None:
    for lang in LANGS:
        _, appendix = _main_and_appendix(parts[lang], lang)
        rows = [ln for ln in appendix.splitlines() if ln.startswith(f"| R{n} |")]
        assert len(rows) == 1, f"R{n} is not listed (once) in the {lang} appendix"
        # ...with the sections where it applies, which must exist in that part.
        numbers = re.findall(r"\d+(?:\.\d+)?", rows[0].split("|")[3])
        assert numbers, rows[0]
        for number in numbers:
            assert re.search(rf"^#+ {re.escape(number)} ", parts[lang], re.M), (
                f"R{n} points at section {number}, which the {lang} part does not have"
            )


def test_ruling_numbers_stay_out_of_the_players_text(doc: str, parts: dict[str, str]) -> None:
    """Players read the rulebook: ruling numbers are for the curious, in the appendix only."""
    opening = doc[: doc.index("\n# ")]
    assert not RULING.search(opening), opening
    for lang in LANGS:
        main, _ = _main_and_appendix(parts[lang], lang)
        assert not RULING.findall(main), (
            f"ruling numbers in the {lang} main text: {sorted(set(RULING.findall(main)))}"
        )


@pytest.mark.parametrize(
    "phrase",
    ["seed", "Seed", "generator", "original description", "the user", "用户", "种子",
     "生成器", "cards.toml", "qm_rules"],
)  # fmt: skip
def test_rulebook_speaks_to_players_not_about_its_making(doc: str, phrase: str) -> None:
    # Neither the design's sources (files outside the repository: test_stands_alone.py) nor
    # the program's making: a game is dealt from its "deal number" (发牌号), as the table and
    # `play --seed` say; the card list is "the texts the game shows", not a data file.
    assert phrase not in doc, f"the rulebook says {phrase!r}"


def test_the_worked_example_is_present(parts: dict[str, str]) -> None:
    zh = _section(parts["zh"], "示例")
    for needle in ("祭祀准备", "文明祭祀倡导", "①", "供品", "那之后", "抽一张牌", "不结算"):
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


def test_the_options_table_is_in_the_options_section(parts: dict[str, str]) -> None:
    # The generated table sits in section 14 of each part, a row for every option.
    for lang, title in (("zh", "桌面选项"), ("en", "Table options")):
        section = _section(parts[lang], title)
        assert f"<!-- options:{lang} -->" in section
        for option in OPTIONS:
            row = f"| {option.words('label', lang)} | {option.shows(option.default, lang)} |"
            assert row in section, (lang, row)


def test_glossary_uses_the_rulings_words(parts: dict[str, str]) -> None:
    # The words the UI uses; the glossary of each part must carry every pair.
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


#: Words players met for one thing in different places (the card text said 基本牌 where the
#: table and the rulebook say 供品): the one word kept, and those that must not come back.
ONE_WORD = {
    "zh": {"供品": ("基本牌",), "燃烧标签": ("燃烧特性",)},
    "en": {"offering": ("basic card",), "no player can": ("all players cannot",)},
}


def _words(value: object) -> str:
    """A catalogue entry's words (its plural forms together)."""
    return " ".join(value.values()) if isinstance(value, dict) else str(value)


@pytest.mark.parametrize("lang", LANGS)
def test_one_thing_has_one_word_in_cards_catalogue_and_rulebook(
    parts: dict[str, str], lang: str
) -> None:
    from qm_rules.i18n import all_strings

    texts = {
        "the rulebook": parts[lang],
        **{f"card {c.id}": c.text(lang) for c in shipped_cards().cards},
        **{
            f"card {c.id} mode {i}": m.label(lang)
            for c in shipped_cards().cards
            for i, m in enumerate(c.modes)
        },
        **{f"string {k}": _words(v[lang]) for k, v in all_strings().items()},
    }
    for kept, others in ONE_WORD[lang].items():
        assert any(kept in t for t in texts.values()), kept
        for word in others:
            said = [where for where, t in texts.items() if word.lower() in t.lower()]
            assert not said, f"{word!r} (say {kept!r}) in {said}"


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
    source_tables = len(re.findall(r"(?:^|\n\n|-->\n)\|", doc))  # after a blank or a marker
    assert source_tables >= 10
    assert sum(1 for tok in tokens if tok.type == "table_open") == source_tables
    breaks = sum(
        1
        for tok in tokens
        if tok.type == "inline"
        for c in tok.children or ()
        if c.type == "hardbreak"
    )
    entries = sum(1 for c in shipped_cards().cards if c.type is not CardType.OFFERING)
    assert breaks >= 2 * 3 * entries  # three or more lines an entry, in two languages
