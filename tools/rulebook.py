"""Render the generated parts of the rulebook (``docs/RULES.md``) and of the README.

The card list and the deck-size table of each language part are rendered from the cards the
package ships (``qm_rules.cards.shipped_cards``), the table options' table from their definitions
(``qm_rules.options.OPTIONS``), each written between ``<!-- NAME:LANG -->`` and
``<!-- /NAME:LANG -->`` markers (HTML comments: Textual's MarkdownViewer does not show them).
The README's list of ``serve``'s table-option flags is its ``options:en`` block. Everything else
is prose, written by hand.

    .venv/bin/python tools/rulebook.py           # rewrite the generated blocks
    .venv/bin/python tools/rulebook.py --check   # exit 1 if they are out of date

``tests/test_rulebook.py`` fails while either file is out of date with the data.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from qm_rules.i18n import tr
from qm_rules.options import OPTIONS
from qm_words import cardlist
from qm_words.cardlist import LANGS, render_cards, render_deck

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
README = ROOT / "README.md"


def render_options(lang: str) -> str:
    """The table options, one row each: name, default, what it does (``qm_rules.options``)."""
    lines = [tr("table_option.head", lang), "|---|---|---|"]
    for o in OPTIONS:
        cells = (o.words("label", lang), o.shows(o.default, lang), o.words("rulebook", lang))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def render_readme_options(lang: str) -> str:
    """The README's list of ``serve``'s table-option flags (the README is in English)."""
    lines = ["| flag | default | what it sets |", "|---|---|---|"]
    for o in OPTIONS:
        flag = f"`{o.flag} {o.metavar}`" if o.metavar else f"`{o.flag}`"
        typing = o.typing(lang)
        default = o.shows(o.default, lang) + (f" ({typing})" if typing else "")
        lines.append(f"| {flag} | {default} | {o.words('help', lang)} |")
    return "\n".join(lines)


BLOCKS: dict[str, Callable[[str], str]] = {
    "cards": render_cards,
    "deck": render_deck,
    "options": render_options,
}
#: The README's generated blocks: its options list, in English only.
README_BLOCKS: dict[str, Callable[[str], str]] = {"options": render_readme_options}


def rewrite(
    text: str,
    blocks: dict[str, Callable[[str], str]] = BLOCKS,
    *,
    langs: tuple[str, ...] = LANGS,
    where: str = "docs/RULES.md",
) -> str:
    """The text with every generated block rendered afresh."""
    try:
        return cardlist.rewrite(text, blocks, langs)
    except ValueError as exc:
        raise SystemExit(f"{where} has {exc}") from None


def fresh_texts() -> dict[Path, tuple[str, str]]:
    """Each generated file: (its text now, its text with the blocks rendered afresh)."""
    out = {}
    for path, blocks, langs in ((RULES, BLOCKS, LANGS), (README, README_BLOCKS, ("en",))):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        out[path] = (text, rewrite(text, blocks, langs=langs, where=where))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Render the rulebook's card list, deck and options tables, and the README's "
        "options list."
    )
    parser.add_argument(
        "--check", action="store_true", help="only say whether the files are up to date"
    )
    args = parser.parse_args(argv)
    stale = 0
    for path, (text, fresh) in fresh_texts().items():
        if fresh == text:
            print(f"{path} is up to date")
        elif args.check:
            print(f"{path} is out of date: run tools/rulebook.py", file=sys.stderr)
            stale += 1
        else:
            path.write_text(fresh, encoding="utf-8")
            print(f"rewrote the generated blocks in {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
