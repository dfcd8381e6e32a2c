"""Line breaking for Chinese: no line starts with closing punctuation, none ends with an opening
bracket, and a run of Chinese breaks between any two characters rather than moving whole to
the next line.

Rich and Textual wrap every text (Rich ``Text.wrap``; Textual's ``Content``, which draws
widgets, prompts, the rulebook's Markdown) with one function, ``rich._wrap.divide_line``. It
breaks only at spaces and folds a longer run at the cell where it overflows, so Chinese, which
has no spaces, broke anywhere: "，" or "。" could open a line (说明。/ "。还有…"). :func:`install`
puts :func:`divide_line` in its place in both libraries (Textual is pinned; a test checks that
both still use it). Text with no wide characters is wrapped exactly as before.

The rules (the common subset of the Chinese and Japanese line-breaking rules): a break may fall
between two wide characters, or between a wide one and a Latin word; never before a character
of :data:`NO_LINE_START`, never after one of :data:`NO_LINE_END`. A unit still wider than the
line (a very long word) is folded where the line ends, by the same rules.

A card's Chinese name is one unit: a list of cards ("太公、鬼打墙、纸人替身") breaks between the
names, never inside one ("鬼" / "打墙"); so is each Chinese word of the texts players read
("结算", "停手": :func:`words`). Only a unit wider than the whole line is folded, as any unit
that wide is. The names are the card data's (:func:`unbreakable`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache

from rich import _wrap as rich_wrap
from rich.cells import cell_len

#: Closing punctuation: never at the start of a line.
NO_LINE_START = frozenset(
    "、。，．：；？！）］｝〕〉》」』】〗〙〛”’…‥・·ー々〻ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
    "%),.:;?!]}"
)
#: Opening brackets and quotes: never at the end of a line.
NO_LINE_END = frozenset("（［｛〔〈《「『【〖〘〚“‘([{")

_WORD = re.compile(r"\s*\S+\s*")

#: Rich's own function, for text with no wide characters.
_rich_divide_line: Callable[..., list[int]] = rich_wrap.divide_line


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _has_wide(text: str) -> bool:
    return any(ord(ch) >= 0x1100 and _wide(ch) for ch in text)


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """The offsets (code point indexes) at which ``text`` is broken into lines of at most
    ``width`` cells: Rich's ``divide_line`` with the rules above."""
    if not _has_wide(text):
        return _rich_divide_line(text, width, fold)
    return list(_divide_wide(text, width, fold))


@lru_cache(maxsize=1024)
def _divide_wide(text: str, width: int, fold: bool) -> tuple[int, ...]:
    breaks: list[int] = []
    used = 0
    for start, unit in _units(text):
        size = cell_len(unit.rstrip())
        if used + size <= width:
            used += cell_len(unit)
            continue
        if size > width:  # wider than a line: folded (or cropped), as Rich does
            if not fold:
                if start:
                    breaks.append(start)
                used = cell_len(unit)
                continue
            for last, piece in _marked_last(_fold(unit, width)):
                if start:
                    breaks.append(start)
                if last:
                    used = cell_len(piece)
                else:
                    start += len(piece)
        elif used and start:
            breaks.append(start)
            used = cell_len(unit)
    return tuple(breaks)


def _fold(unit: str, width: int) -> list[str]:
    """``unit``, wider than a line, cut into lines of ``width`` cells; where a cut would put
    closing punctuation first on a line, or leave an opening bracket last, it moves back to
    the nearest place the rules allow (if there is none on the line, it stays)."""
    pieces: list[str] = []
    line = ""
    for ch in unit:
        if line and cell_len(line + ch) > width:
            cut = len(line)
            while cut > 0 and not _may_break(line[cut - 1], line[cut] if cut < len(line) else ch):
                cut -= 1
            if cut == 0 or cell_len(line[cut:] + ch) > width:
                cut = len(line)
            pieces.append(line[:cut])
            line = line[cut:]
        line += ch
    if line:
        pieces.append(line)
    return pieces


@cache
def unbreakable() -> re.Pattern[str] | None:
    """The card names (those with wide characters: a Latin name breaks at its spaces, as any
    English text) and the Chinese words of the texts players read (:func:`words`) that a line
    never breaks inside; the longest first, so that a name holding another is kept whole."""
    from qm_rules.cards import shipped_cards

    names = {card.name(lang) for card in shipped_cards().cards for lang in ("zh", "en")}
    names |= set(words())
    wide = sorted((n for n in names if len(n) > 1 and _has_wide(n)), key=lambda n: (-len(n), n))
    return re.compile("|".join(map(re.escape, wide))) if wide else None


@cache
def words() -> tuple[str, ...]:
    """The Chinese words of the catalogue and the card texts (``data/zh_words.txt``, written by
    ``tools/zh_words.py``): "结算" is never "结" / "算"."""
    from importlib.resources import files

    try:
        text = files("qm_tui").joinpath("data/zh_words.txt").read_text(encoding="utf-8")
    except OSError:  # an install without it breaks between any two characters, as before
        return ()
    return tuple(w for w in text.split() if w)


def _kept(text: str) -> set[int]:
    """The offsets of ``text`` that fall inside a card name (a break there is not allowed)."""
    pattern = unbreakable()
    if pattern is None:
        return set()
    return {i for m in pattern.finditer(text) for i in range(m.start() + 1, m.end())}


def _may_break(before: str, after: str) -> bool:
    return after not in NO_LINE_START and before not in NO_LINE_END


def _marked_last(items: list[str]) -> list[tuple[bool, str]]:
    return [(i == len(items) - 1, item) for i, item in enumerate(items)]


def _units(text: str) -> list[tuple[int, str]]:
    """``text`` as the pieces a line may break between: (start, piece), each piece with the
    spaces after it. A word is split between wide characters (and between a wide character
    and a Latin run); closing punctuation is kept with what precedes it, an opening bracket
    with what follows."""
    units: list[tuple[int, str]] = []
    kept = _kept(text)
    for match in _WORD.finditer(text):
        word, at = match.group(0), match.start()
        cuts = [0]
        for i in range(1, len(word)):
            before, here = word[i - 1], word[i]
            if before.isspace() or here.isspace():
                continue  # (a word's spaces stay with it)
            if not (_wide(before) or _wide(here)):
                continue  # within a Latin run
            if not _may_break(before, here) or at + i in kept:
                continue
            cuts.append(i)
        cuts.append(len(word))
        units.extend((at + a, word[a:b]) for a, b in zip(cuts, cuts[1:], strict=False) if b > a)
    # An opening bracket at the end of a word (before a space) goes with the next word, and a
    # closing mark at the start of a word with the previous one.
    merged: list[tuple[int, str]] = []
    for start, unit in units:
        if merged and (
            unit.lstrip()[:1] in NO_LINE_START or merged[-1][1].rstrip()[-1:] in NO_LINE_END
        ):
            merged[-1] = (merged[-1][0], merged[-1][1] + unit)
        else:
            merged.append((start, unit))
    return merged


def install() -> None:
    """Make Rich's and Textual's wrapping use :func:`divide_line` (idempotent)."""
    import rich.text
    import textual.content

    # (type: ignore: replacing rich's private divider (see the module))
    rich.text.divide_line = divide_line  # type: ignore[attr-defined]
    # (type: ignore: replacing rich's private divider (see the module))
    textual.content.divide_line = divide_line  # type: ignore[attr-defined]
