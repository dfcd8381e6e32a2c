"""The rulebook's card list and deck table, rendered from a card set.

``docs/RULES.md`` holds them for the game's own set between ``<!-- cards:LANG -->`` and
``<!-- deck:LANG -->`` markers (``tools/rulebook.py`` writes them); the rulebook a player reads
at a table of another set (its host's own) shows that set's instead (:func:`with_cards`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from qm_rules.cards import CardDef, CardSet, CardType, shipped_cards, shipped_source
from qm_rules.game import MAX_PLAYERS, MIN_PLAYERS, base_set_copies
from qm_rules.i18n import tr

LANGS = ("zh", "en")


#: When an ancestor's standing effect applies (the engine's reading, rulebook §12): these from
#: the moment it is revealed for worship, the others while it is on the field.
STANDING_FROM_REVEAL = frozenset({"immune_traps", "no_return"})


def _cost(op: str, n: int, lang: str) -> str:
    return tr(f"rulebook.cost.{op}", lang, n=n)


def _label(key: str, lang: str) -> str:
    return tr(f"rulebook.label.{key}", lang)


def _plain(text: str) -> str:
    """A card set's own words as Markdown shows them as they are: a set from another program
    (a table's host) may hold ``*``, ``[…](…)`` or ``|``, which are not to format anything."""
    return _MARKUP.sub(r"\\\g<0>", text)


_MARKUP = re.compile(r"[\\`*_\[\]<>|#!~]")


def _tags(card: CardDef, lang: str) -> str:
    return tr("list.sep", lang).join(tr(f"tag.{t}", lang) for t in sorted(card.tags))


def _other(card: CardDef, lang: str) -> str:
    """The card's name in the other language, shown next to its own so players can match them."""
    return card.name.en if lang == "zh" else card.name.zh


class _Words:
    """A card's name and text as the list shows them: as written for the game's own set,
    escaped (:func:`_plain`) for another."""

    def __init__(self, escape: bool) -> None:
        self.escape = escape

    def __call__(self, text: str) -> str:
        return _plain(text) if self.escape else text


def _offerings(cards: list[CardDef], lang: str, w: _Words) -> list[str]:
    lines = [tr("rulebook.offerings.head", lang), "|---|---|---|---|---|"]
    for c in cards:
        tags = w(_tags(c, lang)) or "—"
        name, other, text = w(c.name(lang)), w(_other(c, lang)), w(c.text(lang))
        lines.append(f"| {name} | {other} | {tags} | ×{c.copies} | {text} |")
    return lines


def _entry(c: CardDef, lang: str, w: _Words) -> list[str]:
    col = tr("colon", lang)
    copies = f"{_label('pool', lang)} ×1" if c.type is CardType.ANCESTOR else f"×{c.copies}"
    # One paragraph a card, its lines joined by hard breaks ("\\" at the end of a line): a nested
    # list would cost Textual's MarkdownViewer several widgets a line and made the rulebook ~5x
    # slower to open.
    kind = tr(f"type.{c.type}", lang)
    head = tr("rulebook.entry", lang, name=w(c.name(lang)), other=w(_other(c, lang)), kind=kind)
    lines = [f"{head} · {copies}"]

    def item(key: str, value: str) -> None:
        lines[-1] += "\\"
        lines.append(f"{_label(key, lang)}{col}{value}")

    if c.type is CardType.ANCESTOR:
        m = c.manifestation  # (every ancestor of the game's own set has one, and one standing)
        if m is not None:
            item("m_trigger", tr(f"trigger.{m.trigger}", lang))
            item("m_cost", "; ".join(_cost(k.op, k.n, lang) for k in m.cost))
        for standing in sorted(c.standing):
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
            item("tag", w(_tags(c, lang)))
    item("text", w(c.text(lang)))
    return lines


def render_cards(lang: str, card_set: CardSet | None = None) -> str:
    """The card list of one language part: every card of ``card_set`` (the game's own if
    None), by type, in file order."""
    card_set = card_set or shipped_cards()
    w = _Words(card_set.source != shipped_source())
    out: list[str] = []
    for ctype in CardType:
        cards = [c for c in card_set.cards if c.type is ctype]
        if not cards:
            continue
        out += [f"### {tr(f'rulebook.heading.{ctype}', lang)}", ""]
        if ctype is CardType.OFFERING:
            out += _offerings(cards, lang, w)
        else:
            for c in cards:
                out += [*_entry(c, lang, w), ""]
        out.append("")
    return "\n".join(out).rstrip("\n")


def render_deck(lang: str, card_set: CardSet | None = None) -> str:
    """The base set's make-up and the deck size for each player count, of ``card_set`` (the
    game's own if None)."""
    card_set = card_set or shipped_cards()
    base = sum(c.copies for c in card_set.base_set)
    by_type = [
        (ctype, sum(c.copies for c in card_set.base_set if c.type is ctype))
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
        ancestors=len(card_set.ancestors),
    )
    lines = [summary, "", tr("rulebook.deck.head", lang)]
    lines.append("|---|---|---|---|")
    for p in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        lines.append(f"| {p} | ×{base_set_copies(p)} | {p} | {base * base_set_copies(p) + p} |")
    return "\n".join(lines)


def block(name: str, lang: str) -> re.Pattern[str]:
    """A generated block of the rulebook: its opening marker, its text, its closing marker."""
    return re.compile(rf"(<!-- {name}:{lang} -->\n)(.*?)\n?(<!-- /{name}:{lang} -->)", re.S)


def rewrite(
    text: str, blocks: dict[str, Callable[[str], str]], langs: tuple[str, ...] = LANGS
) -> str:
    """``text`` with every block ``blocks`` names rendered afresh in each of ``langs``;
    ValueError naming a block the text does not have."""
    for name, render in blocks.items():
        for lang in langs:
            m = block(name, lang).search(text)
            if m is None:
                raise ValueError(f"no block <!-- {name}:{lang} -->")
            text = text[: m.start(2)] + render(lang) + "\n" + text[m.start(3) :]
    return text


def with_cards(markdown: str, card_set: CardSet) -> str:
    """The rulebook ``markdown`` with its card list and deck table of ``card_set`` (as it is,
    for the game's own set; a text without those blocks as it is too)."""
    if card_set.source == shipped_source():
        return markdown
    blocks: dict[str, Callable[[str], str]] = {
        "cards": lambda lang: render_cards(lang, card_set),
        "deck": lambda lang: render_deck(lang, card_set),
    }
    try:
        return rewrite(markdown, blocks)
    except ValueError:
        return markdown
