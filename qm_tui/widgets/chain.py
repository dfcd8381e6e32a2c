"""The chain stack: every link (player, card, mode, targets), newest on top, the resolving
link highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from qm_rules.describe import describe_link
from qm_rules.model import View
from qm_tui.safe import clean


def chain_text(view: View, lang: str, title: str) -> Text:
    """The chain as lines of text, newest first. Names are data: built with ``Text``, no markup."""
    out = Text(title, style="bold")
    for link in reversed(view.chain):
        line = Text(f"\n{link.index + 1}. ")
        style = ""
        if view.resolving == link.index:
            style = "reverse bold"
        elif link.negated:
            style = "strike dim"
        line.append(clean(describe_link(link, view, lang)), style=style)
        out.append_text(line)
    return out


class ChainStack(Static):
    """Hidden while there is no chain; a line a link otherwise."""

    DEFAULT_CSS = """
    ChainStack { height: auto; max-height: 12; border-top: solid $warning; padding: 0 1; }
    """

    _shown: tuple[object, ...] = ()

    def show(self, view: View, lang: str, title: str) -> None:
        key = (view.chain, view.resolving, lang)
        if key == self._shown:
            return
        # a new link may wrap to more lines: only a change of the chain needs a new layout
        self._shown = key
        self.display = bool(view.chain)
        if view.chain:
            self.update(chain_text(view, lang, title))
