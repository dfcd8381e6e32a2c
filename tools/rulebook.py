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
import re
import sys
from collections.abc import Callable
from pathlib import Path

from qm_rules.cards import CardDef, CardType, shipped_cards
from qm_rules.game import MAX_PLAYERS, MIN_PLAYERS, base_set_copies
from qm_rules.i18n import tr
from qm_rules.options import OPTIONS

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
README = ROOT / "README.md"
LANGS = ("zh", "en")

#: When an ancestor's standing effect applies (the engine's reading, rulebook §12): these from
#: the moment it is revealed for worship, the others while it is on the field.
STANDING_FROM_REVEAL = frozenset({"immune_traps", "no_return"})


def _cost(op: str, n: int, lang: str) -> str:
    return tr(f"rulebook.cost.{op}", lang, n=n)


def _label(key: str, lang: str) -> str:
    return tr(f"rulebook.label.{key}", lang)


def _tags(card: CardDef, lang: str) -> str:
    return tr("list.sep", lang).join(tr(f"tag.{t}", lang) for t in sorted(card.tags))


def _other(card: CardDef, lang: str) -> str:
    """The card's name in the other language, shown next to its own so players can match them."""
    return card.name.en if lang == "zh" else card.name.zh


def _offerings(cards: list[CardDef], lang: str) -> list[str]:
    lines = [tr("rulebook.offerings.head", lang), "|---|---|---|---|---|"]
    for c in cards:
        tags = _tags(c, lang) or "—"
        lines.append(
            f"| {c.name(lang)} | {_other(c, lang)} | {tags} | ×{c.copies} | {c.text(lang)} |"
        )
    return lines


def _entry(c: CardDef, lang: str) -> list[str]:
    col = tr("colon", lang)
    copies = f"{_label('pool', lang)} ×1" if c.type is CardType.ANCESTOR else f"×{c.copies}"
    # One paragraph a card, its lines joined by hard breaks ("\\" at the end of a line): a nested
    # list would cost Textual's MarkdownViewer several widgets a line and made the rulebook ~5x
    # slower to open.
    kind = tr(f"type.{c.type}", lang)
    head = tr("rulebook.entry", lang, name=c.name(lang), other=_other(c, lang), kind=kind)
    lines = [f"{head} · {copies}"]

    def item(key: str, value: str) -> None:
        lines[-1] += "\\"
        lines.append(f"{_label(key, lang)}{col}{value}")

    if c.type is CardType.ANCESTOR:
        m = c.manifestation
        assert m is not None, f"{c.id}: an ancestor without a manifestation"
        assert len(c.standing) == 1, f"{c.id}: the rulebook expects one standing effect"
        item("m_trigger", tr(f"trigger.{m.trigger}", lang))
        item("m_cost", "; ".join(_cost(k.op, k.n, lang) for k in m.cost))
        (standing,) = c.standing
        when = "revealed" if standing in STANDING_FROM_REVEAL else "on_field"
        item("standing", tr(f"rulebook.standing.{when}", lang))
    else:
        costs = "; ".join(_cost(k.op, k.n, lang) for k in c.cost)
        item("cost", costs or _label("none", lang))
        if c.trigger is not None:
            item("trigger", tr(f"trigger.{c.trigger}", lang))
        else:
            item("when", tr(f"rulebook.played.{c.type}", lang))
        if c.targets:
            item("target", "; ".join(tr(f"rulebook.target.{t}", lang) for t in c.targets))
        if c.tags:
            item("tag", _tags(c, lang))
    item("text", c.text(lang))
    return lines


def render_cards(lang: str) -> str:
    """The card list of one language part: every card of the data, by type, in file order."""
    out: list[str] = []
    for ctype in CardType:
        cards = [c for c in shipped_cards().cards if c.type is ctype]
        if not cards:
            continue
        out += [f"### {tr(f'rulebook.heading.{ctype}', lang)}", ""]
        if ctype is CardType.OFFERING:
            out += _offerings(cards, lang)
        else:
            for c in cards:
                out += [*_entry(c, lang), ""]
        out.append("")
    return "\n".join(out).rstrip("\n")


def render_deck(lang: str) -> str:
    """The base set's make-up and the deck size for each player count."""
    base = sum(c.copies for c in shipped_cards().base_set)
    by_type = [
        (ctype, sum(c.copies for c in shipped_cards().base_set if c.type is ctype))
        for ctype in (CardType.OFFERING, CardType.ACTION, CardType.TRAP, CardType.COUNTER)
    ]

    def count(ctype: CardType, n: int) -> str:
        kind = tr(f"type.{ctype}" if lang == "zh" else f"rulebook.heading.{ctype}", lang)
        return tr("rulebook.deck.count", lang, n=n, kind=kind.lower())

    parts = tr("list.sep", lang).join(count(t, n) for t, n in by_type)
    summary = tr(
        "rulebook.deck.summary",
        lang,
        base=base,
        parts=parts,
        ancestors=len(shipped_cards().ancestors),
    )
    lines = [summary, "", tr("rulebook.deck.head", lang)]
    lines.append("|---|---|---|---|")
    for p in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        lines.append(f"| {p} | ×{base_set_copies(p)} | {p} | {base * base_set_copies(p) + p} |")
    return "\n".join(lines)


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


def _block_re(name: str, lang: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- {name}:{lang} -->\n)(.*?)\n?(<!-- /{name}:{lang} -->)", re.S)


def rewrite(
    text: str,
    blocks: dict[str, Callable[[str], str]] = BLOCKS,
    *,
    langs: tuple[str, ...] = LANGS,
    where: str = "docs/RULES.md",
) -> str:
    """The text with every generated block rendered afresh."""
    for name, render in blocks.items():
        for lang in langs:
            m = _block_re(name, lang).search(text)
            if m is None:
                raise SystemExit(f"{where} has no block <!-- {name}:{lang} -->")
            text = text[: m.start(2)] + render(lang) + "\n" + text[m.start(3) :]
    return text


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
