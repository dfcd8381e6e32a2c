"""Where the rulebook's text comes from (no Textual here).

The rulebook is ``docs/RULES.md`` in the repository. It ships inside the package as
``qm_tui/docs/RULES.md`` — a symlink in the source tree, so there is one text and nothing to
keep in step; a built wheel holds the file itself. It holds both languages, one part each
(:func:`split_sections` reads one). ``tests/test_tui_shell.py`` checks that the packaged text is
the repository's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

REPO_DOCS = Path(__file__).resolve().parent.parent / "docs"


RULES = "RULES.md"


def packaged_rules() -> str | None:
    """The rulebook as the installed package holds it, or None."""
    try:
        return resources.files("qm_tui").joinpath("docs", RULES).read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        return None


def repo_rules() -> str | None:
    """The rulebook in the source tree next to the package, or None (installed elsewhere)."""
    try:
        return (REPO_DOCS / RULES).read_text(encoding="utf-8")
    except OSError:
        return None


def rules_markdown() -> str | None:
    """The rulebook (both languages): the packaged text, else the source tree's; None if
    neither."""
    return packaged_rules() or repo_rules()


@dataclass(frozen=True, slots=True)
class RulesSection:
    """One ``##`` section of the rulebook (or the opening text before the first one)."""

    title: str
    markdown: str


_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]{3,}")


def _part_lang(heading: str) -> str | None:
    """A part heading's language: ``# 第一部分 · 中文规则`` is zh, ``# Part 2 · English rules``
    is en; a heading in both scripts (the book's title) is neither."""
    cjk, latin = bool(_CJK.search(heading)), bool(_LATIN.search(heading))
    if cjk and not latin:
        return "zh"
    if latin and not cjk:
        return "en"
    return None


def split_sections(markdown: str, lang: str) -> list[RulesSection]:
    """The rulebook as sections to read one at a time, in ``lang`` when the book has a part in
    each language (``# `` headings); the opening text before the first part comes first.

    Textual's Markdown widget makes a widget of every block: the whole bilingual book takes
    seconds to lay out, one section a fraction of one.
    """
    parts: list[tuple[str | None, str]] = []  # (language, text) by top-level heading
    for chunk in re.split(r"(?m)^(?=# )", markdown):
        if not chunk.strip():
            continue
        first = chunk.splitlines()[0]
        parts.append((_part_lang(first) if first.startswith("# ") else None, chunk))
    langs = {part_lang for part_lang, _ in parts if part_lang}
    keep = [
        text
        for part_lang, text in parts
        if part_lang is None or part_lang == lang or lang not in langs
    ]
    sections: list[RulesSection] = []
    for text in keep:
        for chunk in re.split(r"(?m)^(?=## )", text):
            if not chunk.strip():
                continue
            heading = chunk.splitlines()[0].lstrip("#").strip()
            body = chunk.strip() + "\n"
            if chunk.startswith("# ") and not re.search(r"(?m)^[^#\s<]", chunk.split("\n", 1)[-1]):
                continue  # a part heading with nothing under it but its sections
            sections.append(RulesSection(heading, body))
    return sections
