"""Chinese line breaking (qm_tui.linebreak): wherever Rich or Textual wraps text, no line starts
with closing punctuation and none ends with an opening bracket; English wraps as before."""

from __future__ import annotations

import re
import unicodedata

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

import qm_tui.app  # noqa: F401 - the app as players run it (it installs the rules)
from qm_rules.cards import shipped_cards
from qm_rules.i18n import all_strings
from qm_tui.linebreak import NO_LINE_END, NO_LINE_START, _rich_divide_line, divide_line

#: Every Chinese text players read: the catalogue (with a name for each field, as shown) and
#: the cards' texts.
ZH = sorted(
    {re.sub(r"\{[^}]*\}", "Bob", v["zh"]) for v in all_strings().values() if len(v["zh"]) > 8}
    | {c.text("zh") for c in shipped_cards().cards if c.text("zh")}
)
#: English texts with no Chinese in them (e.g. not "Qingming 清明 · Lobby").
EN = sorted(
    {
        v["en"]
        for v in all_strings().values()
        if len(v["en"]) > 8 and not any(unicodedata.east_asian_width(c) in "WF" for c in v["en"])
    }
)


def _lines(text: str, width: int) -> list[str]:
    return [line.plain for line in Text(text).wrap(Console(width=200), width)]


def test_the_texts_are_many() -> None:
    assert len(ZH) > 200 and len(EN) > 200


@pytest.mark.parametrize("width", [7, 10, 13, 20, 27, 38])
def test_no_chinese_line_starts_with_closing_punctuation_or_ends_with_an_opening_one(
    width: int,
) -> None:
    bad: list[str] = []
    for text in ZH:
        lines = _lines(text, width)
        for i, line in enumerate(lines):
            assert cell_len(line.rstrip()) <= width, (line, width)
            if i and line[:1] in NO_LINE_START:
                bad.append(f"starts {line!r} in {text!r}")
            if i < len(lines) - 1 and line.rstrip()[-1:] in NO_LINE_END:
                bad.append(f"ends {line!r} in {text!r}")
        # nothing lost or added (only the spaces at a break)
        assert "".join("".join(lines).split()) == "".join(text.split()), text
    assert not bad, "\n".join(bad[:20])


def test_the_old_wrapping_broke_them() -> None:
    # The check above can fail: Rich's own breaking puts "。" at a line's start.
    text = "甲乙丙丁戊己庚辛壬癸。子丑寅卯"
    old = _rich_divide_line(text, 10)
    assert text[old[1]] == "。"
    new = divide_line(text, 10)
    assert text[new[1]] != "。" and text[new[1] - 1] != "（"


def test_a_run_of_chinese_breaks_where_the_line_ends_not_before_it() -> None:
    # Rich moved the whole run after a space to the next line, leaving the line half empty.
    text = "root 抽到 纸钱、捉贼、清明雨、青团、菊花"
    assert _lines(text, 16)[0].rstrip() == "root 抽到 纸钱、"


#: Every card's Chinese name, as a list reads them (a hand drawn, revealed hands, a log line).
NAMES = [c.name("zh") for c in shipped_cards().cards]
LIST = "bot-2 抽到 " + "、".join(NAMES)


@pytest.mark.parametrize("width", range(4, 31))
def test_a_card_name_is_never_split_across_lines(width: int) -> None:
    """No more "鬼" / "打墙": a list breaks between names. A name that does not fit on a line
    with the "、" that may not open the next one is folded (nothing is lost), and no line is
    wider than the width."""
    lines = _lines(LIST, width)
    assert all(cell_len(line.rstrip()) <= width for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(LIST.split())
    fits = [n for n in NAMES if cell_len(n + "、") <= width]
    split = [n for n in fits if not any(n in line for line in lines)]
    assert not split, f"split across lines at {width}: {split} in {lines}"


def test_names_were_split_before() -> None:
    # The check above can fail: the breaking that knows no names splits 鬼打墙.
    text = "bot-2 抽到 太公、鬼打墙"
    cuts = _divide_ignoring_names(text, 19)
    assert text[: cuts[0]].endswith("鬼"), cuts
    assert divide_line(text, 19) == [text.index("鬼")]


def _divide_ignoring_names(text: str, width: int) -> list[int]:
    from qm_tui import linebreak

    linebreak._divide_wide.cache_clear()
    saved = linebreak._kept
    linebreak._kept = lambda _text: set()  # type: ignore[assignment]
    try:
        return divide_line(text, width)
    finally:
        linebreak._kept = saved
        linebreak._divide_wide.cache_clear()


@pytest.mark.parametrize("width", [6, 11, 24, 40])
def test_english_wraps_exactly_as_rich_wraps_it(width: int) -> None:
    for text in EN:
        assert divide_line(text, width) == _rich_divide_line(text, width), text


def test_rich_and_textual_both_wrap_with_it() -> None:
    # Textual is pinned; should it stop using Rich's function by this name, this fails.
    import rich.text
    import textual.content

    assert rich.text.divide_line is divide_line
    assert textual.content.divide_line is divide_line


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("说明：甲乙丙丁戊己庚辛壬癸。子丑寅卯（辰巳）", id="s")


def _drawn(app: App[None]) -> list[str]:
    """The rows the Static ``#s`` is drawn on, as the screen shows them."""
    static = app.query_one("#s", Static)
    rows = [s.text.rstrip() for s in app.screen._compositor.render_strips()]
    return [r for r in rows[: static.region.height] if r]


async def test_a_widget_draws_chinese_by_the_rules() -> None:
    app = _One()
    async with app.run_test(size=(14, 6)) as pilot:
        await pilot.pause()
        rows = _drawn(app)
        assert len(rows) >= 3
        assert all(r[:1] not in NO_LINE_START for r in rows), rows
        assert all(r[-1:] not in NO_LINE_END for r in rows), rows


class _List(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(LIST, id="s")


async def test_a_widget_keeps_card_names_whole() -> None:
    app = _List()
    async with app.run_test(size=(17, 30)) as pilot:
        await pilot.pause()
        rows = _drawn(app)
        assert len(rows) >= 8
        whole = [n for n in NAMES if any(n in r for r in rows)]
        assert whole == NAMES, rows


def _breaks(text: str, width: int) -> set[int]:
    """The offsets of ``text`` where its lines break at ``width``."""
    return set(divide_line(text, width))


@pytest.mark.parametrize("width", range(20, 81, 3))
def test_no_line_breaks_inside_a_word(width: int) -> None:
    """Over the whole catalogue (fields filled) and the card texts at widths 20-80: no break
    falls inside a Chinese word of the texts (tools/zh_words.py's list: "结算", "停手"...),
    save inside a run of text wider than the line."""
    from qm_tui.linebreak import words

    vocabulary = words()
    assert len(vocabulary) > 300 and "结算" in vocabulary and "跟牌" in vocabulary
    pattern = re.compile("|".join(map(re.escape, sorted(vocabulary, key=len, reverse=True))))
    bad = []
    for text in ZH:
        cuts = _breaks(text, width)
        for m in pattern.finditer(text):
            inside = cuts & set(range(m.start() + 1, m.end()))
            if inside:
                bad.append(f"{m.group()!r} broken at {width} in {text!r}")
    assert not bad, "\n".join(bad[:20])


def test_words_were_broken_before() -> None:
    # The check above can fail: the breaking that knows no words broke "停" / "手看清".
    from qm_tui import linebreak

    text = "让你先看一下题目再停手看清"  # 停 ends the first line at width 20
    at = text.index("停手") + 1
    words = linebreak.words
    try:
        linebreak.words = lambda: ()  # type: ignore[assignment]
        linebreak.unbreakable.cache_clear()
        linebreak._divide_wide.cache_clear()
        old = divide_line(text, 20)
    finally:
        linebreak.words = words  # type: ignore[assignment]
        linebreak.unbreakable.cache_clear()
        linebreak._divide_wide.cache_clear()
    assert at in old, old
    assert at not in divide_line(text, 20)
