"""The chain stack: every link (player, card, mode, targets), newest on top, as it builds and
unwinds — the link a step is about highlighted, each resolved link with what it did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.widgets import Static

from qm_rules.describe import describe, describe_link
from qm_rules.model import View
from qm_tui.i18n import tr
from qm_tui.playback import ChainFrame, LinkState
from qm_tui.safe import clean
from qm_tui.widgets.redraw import redraw

#: The mark before a link, by state.
MARKS = {"waiting": " ", "resolving": "▶", "resolved": "✓", "negated": "✗"}


def outcome(
    ls: LinkState, lang: str, names: Sequence[str], cards: Mapping[int, str] | None = None
) -> str:
    """What a link did, in words: "negated", "resolved: Bob draws 2 cards", "resolving..."."""
    if ls.state == "negated":
        return tr("chain.negated", lang)
    if ls.state == "resolving":
        return tr("chain.resolving", lang)
    if ls.state != "resolved":
        return ""
    did = [t for t in (describe(e, lang, names, cards) for e in ls.effects) if t]
    if did:
        return tr("chain.resolved_did", lang, what="; ".join(did))
    return tr("chain.no_effect" if ls.failed else "chain.resolved", lang)


def chain_text(
    frame: ChainFrame,
    view: View,
    lang: str,
    title: str,
    cards: Mapping[int, str] | None = None,
) -> Text:
    """The chain as lines of text, newest first; under a link that resolved (or is resolving)
    its outcome. Names are data: built with ``Text``, no markup."""
    names = [s.name for s in view.seats]
    out = Text(title, style="bold")
    for ls in reversed(frame.links):
        link = ls.link
        current = frame.current == link.index
        line = Text(f"\n{MARKS.get(ls.state, ' ')}{link.index + 1}. ")
        if current:
            style = "reverse bold"
        elif ls.state == "negated" or link.negated:
            style = "strike dim"
        elif ls.state == "resolved":
            style = "dim"
        else:
            style = ""
        line.append(clean(describe_link(link, view, lang)), style=style)
        said = outcome(ls, lang, names, cards)
        if said:
            colour = "red" if ls.state == "negated" else "green" if current else "dim"
            line.append("\n   " + clean(said), style=f"italic {colour}")
        out.append_text(line)
    return out


def frame_of(view: View) -> ChainFrame:
    """The chain of a view, with no playback behind it."""
    return ChainFrame(
        tuple(
            LinkState(link, "resolving" if view.resolving == link.index else "waiting")
            for link in view.chain
        ),
        view.resolving,
    )


class ChainStack(Static):
    """Hidden while there is no chain; a line a link (and one for its outcome) otherwise."""

    DEFAULT_CSS = """
    ChainStack { height: auto; max-height: 14; border-top: solid $warning; padding: 0 1; }
    """

    _shown: tuple[object, ...] = ()

    def show(
        self,
        view: View,
        lang: str,
        title: str,
        frame: ChainFrame | None = None,
        cards: Mapping[int, str] | None = None,
    ) -> None:
        """Draw ``frame`` (a step of the playback), or else the view's own chain."""
        if frame is None:
            frame = frame_of(view)
        key = (frame, lang, tuple(s.name for s in view.seats))
        if key == self._shown:
            return
        # only a change of the chain redraws it; a new layout only when its height changes
        self._shown = key
        self.display = bool(frame.links)
        if frame.links:
            redraw(self, chain_text(frame, view, lang, title, cards))
