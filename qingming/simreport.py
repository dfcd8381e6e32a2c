"""``qingming sim --report FILE.html``: the figures as one web page a designer's friends can
open in any browser, with no terminal.

Self-contained: its styles are inline and its charts are SVG drawn here; it loads nothing (no
script, no font, no image from anywhere). Charts: each card's win rate in hand against never
seen (with 95 % intervals), its improvement when drawn, how often it is played, and the
ancestors' and seats' shares of the wins against their fair shares. ``qingming stats --cards
--report FILE.html`` writes the same charts from the games kept on this machine
(:func:`stats_page`).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from qm_rules.i18n import tr
from qm_rules.shown import shown_cards
from qm_words import type_name

if TYPE_CHECKING:
    from qm_net.stats import CardRecord
    from qm_rules.sim import SimReport

WIDTH = 760
LABEL = 200
ROW = 22


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _bars(
    rows: list[tuple[str, float | None, tuple[float, float] | None]],
    *,
    lo: float = 0.0,
    hi: float = 1.0,
    mark: float | None = None,
    percent: bool = True,
    colour: str = "#3b7dd8",
) -> str:
    """A horizontal bar chart: one row a label, its value as a bar, its interval as a line;
    ``mark``: a vertical line (a fair share, zero)."""
    plot = WIDTH - LABEL - 70
    height = ROW * len(rows) + 24

    def x(v: float) -> float:
        return LABEL + (min(max(v, lo), hi) - lo) / (hi - lo) * plot

    out = [f'<svg width="{WIDTH}" height="{height}" role="img">']
    for i, (label, value, interval) in enumerate(rows):
        y = 12 + i * ROW
        out.append(
            f'<text x="{LABEL - 8}" y="{y + 14}" text-anchor="end" font-size="13">'
            f"{_esc(label)}</text>"
        )
        if value is None:
            out.append(f'<text x="{LABEL + 4}" y="{y + 14}" font-size="12" fill="#888">–</text>')
            continue
        base = x(max(lo, 0.0)) if lo < 0 else x(lo)
        left, right = sorted((base, x(value)))
        out.append(
            f'<rect x="{left:.1f}" y="{y + 3}" width="{max(right - left, 1):.1f}" height="14" '
            f'fill="{colour}" opacity="0.8"/>'
        )
        if interval is not None:
            a, b = x(interval[0]), x(interval[1])
            out.append(
                f'<line x1="{a:.1f}" y1="{y + 10}" x2="{b:.1f}" y2="{y + 10}" stroke="#222" '
                'stroke-width="1.5"/>'
            )
        scaled = 100 * value if percent else value
        shown = f"{scaled:+.1f}" if lo < 0 else f"{scaled:.1f}"
        out.append(
            f'<text x="{LABEL + plot + 6}" y="{y + 14}" font-size="12">'
            f"{shown}{'%' if percent else ''}</text>"
        )
    if mark is not None:
        m = x(mark)
        out.append(
            f'<line x1="{m:.1f}" y1="4" x2="{m:.1f}" y2="{height - 8}" stroke="#c33" '
            'stroke-dasharray="4 3"/>'
        )
    out.append("</svg>")
    return "".join(out)


def _rate(plain: dict[str, Any]) -> tuple[float | None, tuple[float, float] | None]:
    if not plain["of"]:
        return None, None
    return plain["rate"], tuple(plain["interval"])


def _head(title: str, lang: str) -> list[str]:
    return [
        "<!doctype html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{_esc(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:800px;margin:2em auto;color:#222}"
        "h2{margin-top:1.6em}p.note{color:#555;font-size:90%}svg{display:block}</style>",
        "</head><body>",
        f"<h1>{_esc(title)}</h1>",
    ]


def _tail(lang: str) -> list[str]:
    return [f'<p class="note">{_esc(tr("sim.report.how", lang))}</p>', "</body></html>"]


def page(report: SimReport, lang: str = "en") -> str:
    """The report as one HTML page in ``lang``."""
    plain = report.to_plain()
    defs = shown_cards().by_id
    seats, ancestors = report.shares()
    parts = _head(tr("sim.report.title", lang), lang)
    parts.append(
        f"<p>{_esc(tr('sim.title', lang, n=report.games, players=report.players, seed=repr(report.seed), limit=report.round_limit or '–'))}</p>"  # noqa: E501
    )
    if report.cards_file:
        parts.append(
            f"<p>{_esc(tr('sim.cards', lang, file=report.cards_file, digest=report.cards_digest))}</p>"  # noqa: E501
        )
    parts.append(f"<h2>{_esc(tr('sim.report.ancestors', lang))}</h2>")
    parts.append(
        _bars(
            [(defs[a.name].name(lang), a.share if a.of else None, a.interval) for a in ancestors],
            mark=1 / len(ancestors) if ancestors else None,
        )
    )
    parts.append(f"<h2>{_esc(tr('sim.report.seats', lang))}</h2>")
    parts.append(
        _bars(
            [
                (tr("sim.seat", lang, n=i + 1), s.share if s.of else None, s.interval)
                for i, s in enumerate(seats)
            ],
            mark=1 / report.players,
        )
    )
    by_card = plain.get("by_card")
    if by_card:
        parts += card_charts(by_card, lang)
    parts += _tail(lang)
    return "\n".join(parts)


def card_charts(by_card: dict[str, Any], lang: str) -> list[str]:
    """The charts of every card's figures (:meth:`qm_rules.cardstats.CardStats.to_plain`),
    named from the set shown, ancestors last."""
    defs = shown_cards().by_id
    parts: list[str] = []
    order = sorted(by_card, key=lambda c: (defs[c].type == "ancestor", list(by_card).index(c)))

    def label(c: str) -> str:
        return f"{defs[c].name(lang)} ({type_name(defs[c].type, lang)})"

    for key, title in (
        ("in_hand", "sim.report.in_hand"),
        ("opening_hand", "sim.report.opening"),
        ("drawn", "sim.report.drawn"),
        ("played", "sim.report.played"),
        ("not_played", "sim.report.not_played"),
        ("play_rate", "sim.report.play_rate"),
    ):
        parts.append(f"<h2>{_esc(tr(title, lang))}</h2>")
        parts.append(_bars([(label(c), *_rate(by_card[c][key])) for c in order]))
    parts.append(f"<h2>{_esc(tr('sim.report.improvement', lang))}</h2>")
    rows: list[tuple[str, float | None, tuple[float, float] | None]] = []
    for c in order:
        iwd = by_card[c]["improvement_when_drawn"]
        rows.append(
            (label(c), None, None)
            if iwd is None
            else (label(c), iwd["value"], tuple(iwd["interval"]))
        )
    parts.append(_bars(rows, lo=-0.5, hi=0.5, mark=0.0, colour="#2e9e5b"))
    parts.append(f"<h2>{_esc(tr('sim.report.round', lang))}</h2>")
    most = max((by_card[c]["mean_round_played"] or 0 for c in order), default=1) or 1
    parts.append(
        _bars(
            [(label(c), by_card[c]["mean_round_played"], None) for c in order],
            hi=float(most),
            percent=False,
            colour="#a06cd5",
        )
    )
    parts.append(f'<p class="note">{_esc(tr("sim.card.note", lang))}</p>')
    return parts


def stats_page(record: CardRecord, lang: str = "en", cards_file: str | None = None) -> str:
    """``qingming stats --cards --report``: every card set's figures from the games kept here,
    with its ancestors' shares of the games won at worship, as one HTML page in ``lang``."""
    from qingming.commands.stats import card_set_words, group_words
    from qm_rules.cardstats import wilson
    from qm_rules.shown import show_cards

    parts = _head(tr("stats.cards.report", lang), lang)
    if not record.groups:
        parts.append(f"<p>{_esc(tr('stats.cards.none', lang))}</p>")
    for group in record.groups:
        show_cards(group.cards)
        parts.append(f"<h2>{_esc(card_set_words(group, lang, cards_file))}</h2>")
        parts.append(f"<p>{_esc(group_words(group, lang))}</p>")
        parts.append(f"<h2>{_esc(tr('sim.report.ancestors', lang))}</h2>")
        won = group.worshipped
        ancestors = group.cards.ancestors
        parts.append(
            _bars(
                [
                    (
                        d.name(lang),
                        group.wins_by_ancestor[d.id] / won if won else None,
                        wilson(group.wins_by_ancestor[d.id], won) if won else None,
                    )
                    for d in ancestors
                ],
                mark=1 / len(ancestors) if ancestors else None,
            )
        )
        parts += card_charts(group.stats.to_plain(), lang)
    parts.append(f'<p class="note">{_esc(tr("stats.cards.uses", lang))}</p>')
    parts += _tail(lang)
    return "\n".join(parts)
