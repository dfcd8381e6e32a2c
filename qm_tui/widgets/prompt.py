"""The prompt bar: what is being decided, the options it offers, and the time left.

Only the prompt's own options are shown, so only legal choices can be made. Every option has a
key: pass, end and cancel the table's own letters (``p``, ``e``, Esc: never a number, so that a
number meant for one question cannot pass the next), the others 1-9, then 0, then the letters
the screen does not use for anything else (:func:`option_keys`); the list scrolls to its
highlight and says how long it is. The countdown is
computed from a deadline on an injected clock (``deadline_at - clock.now()``), never counted
down by a timer, so a slow frame cannot make it drift and tests can move time by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option as ListOption

from qm_rules.model import Option, PromptKind, View
from qm_rules.progress import hand_outlooks
from qm_rules.shown import DEFS
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.table_model import lettered, numbered
from qm_tui.widgets.redraw import OneLayout, SteadyHorizontal, SteadyLabel
from qm_words import describe_options, describe_prompt, distinct_options

#: Letters an option may take after 1-9 and 0, in the order given (home row first); those the
#: screen binds to something else are skipped.
OPTION_LETTERS = "asfhjkmnqtuvwyzi"


def option_keys(reserved: set[str] | frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The keys that pick options, in order: ``1``-``9``, ``0``, then free letters."""
    return tuple("1234567890") + tuple(k for k in OPTION_LETTERS if k not in reserved)


def keys_words(n: int, keys: tuple[str, ...]) -> str:
    """The keys that pick ``n`` options, for the key bar: ``1-5``, ``1-9 0``, ``1-9 0 asf``;
    and ``↑↓ Enter`` after them when there are more options than keys."""
    digits = min(n, 9)
    words = f"1-{digits}" if digits > 1 else "1"
    if n >= 10:
        words += " 0"
    if n > 10:
        words += " " + "".join(keys[10:n])
    return words + (" ↑↓ Enter" if n > len(keys) else "")


def seconds_left(deadline_at: float | None, now: float) -> int | None:
    """Whole seconds left, never below 0 (rounded up: "1" until the very end)."""
    if deadline_at is None:
        return None
    return max(0, math.ceil(deadline_at - now))


def fills_field(view: View, options: Sequence[Option]) -> list[bool]:
    """Which of ``options`` put a card into the viewer's last free slot and so leave nothing
    more to play until a slot frees (RULES.md section 5), which the option says before the
    player finds their turns skipped: a set in the action phase (a face-down card stays), and
    a placement while the hand holds a card that the action phase would want a slot for (the
    action phase then passes at once)."""
    p, me = view.prompt, view.me()
    if p is None or me is None or p.kind not in (PromptKind.ACTION, PromptKind.PLACE):
        return [False] * len(options)
    last = sum(1 for s in me.slots if s.empty) == 1
    if p.kind is PromptKind.ACTION:
        return [last and o.kind == "set" for o in options]
    # a card the action phase plays or sets into a free slot (an action, trap or counter)
    wanted = last and any(
        (d := DEFS.get(c.card)) is not None and d.is_special for c in me.hand or ()
    )
    return [wanted and o.kind == "place" for o in options]


class SteadyOptionList(OptionList):
    """Textual's option list, laid out anew only when its options can change its size.

    Filling or clearing an ``OptionList`` sets its virtual size, which asks a layout of the
    whole screen, and at the table it is filled and cleared with every decision of mine. When
    the list has a fixed height (a tall table: ``TableScreen._fit_options``) its size does not
    follow its options, and only a scrollbar coming or going needs a layout (that one still
    asks it, as a change of the scrollbar's ``display``): its own repaint is enough."""

    _lines_only = False

    def _fixed_height(self) -> bool:
        height = self.styles.height
        return height is not None and height.is_cells

    def _update_lines(self) -> None:
        self._lines_only = self._fixed_height()
        try:
            super()._update_lines()
        finally:
            self._lines_only = False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._lines_only:
            layout = False  # the virtual size changed; the size did not
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class PromptBar(OneLayout, Vertical):
    """Title, option count and countdown on one line, the options below (their keys pick them
    from anywhere on the table)."""

    DEFAULT_CSS = """
    PromptBar { height: auto; border-top: solid $accent; }
    PromptBar > Horizontal { height: 1; }
    PromptBar #prompt-title {
        width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; padding: 0 1;
    }
    PromptBar #prompt-count {
        width: auto; color: $text-muted; padding: 0 1; text-align: right; text-wrap: nowrap;
    }
    PromptBar #prompt-auto { width: auto; background: $warning-muted; color: $text; padding: 0 1; }
    PromptBar #prompt-auto.-off { display: none; }
    PromptBar #prompt-countdown { width: 6; padding: 0 1; text-style: bold; text-align: right; }
    PromptBar #prompt-countdown.-urgent { background: $error; color: $text; }
    PromptBar OptionList { height: auto; max-height: 5; border: none; padding: 0; }
    PromptBar OptionList:focus { border: none; }
    PromptBar.-mine { border-top: thick $success; }
    PromptBar.-unarmed OptionList { text-opacity: 50%; }
    PromptBar.-sent OptionList { text-opacity: 40%; }
    """

    @dataclass
    class Chosen(Message):
        """An option was picked (Enter or a click in the list)."""

        option_id: str

    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock
        self.deadline_at: float | None = None
        self.option_ids: tuple[str, ...] = ()
        self.numbered_ids: tuple[str, ...] = ()
        """The options the number keys (and the letters after them) answer, in order."""
        self.letters: dict[str, str] = {"pass": "p", "end": "e", "cancel": "Esc"}
        """The key of each of the table's own answers (pass, end, cancel), as shown."""
        self._seq: int | None = None
        self._left: int | None = -1
        self.keys: tuple[str, ...] = option_keys()
        """The key of each option, by position (options past the last key: arrows and Enter)."""
        self.count_words = "{at}/{n}"

    def compose(self) -> ComposeResult:
        with SteadyHorizontal():
            yield SteadyLabel("", id="prompt-title", markup=False)
            yield SteadyLabel("", id="prompt-auto", markup=False, classes="-off")
            yield SteadyLabel("", id="prompt-count", markup=False)
            yield SteadyLabel("", id="prompt-countdown", markup=False)
        yield SteadyOptionList(id="prompt-options")

    def on_mount(self) -> None:
        self._keep_count_width()
        self.set_interval(0.25, self.refresh_countdown)

    @property
    def options_list(self) -> OptionList:
        return self.query_one("#prompt-options", OptionList)

    def use_keys(
        self,
        reserved: set[str] | frozenset[str],
        count_words: str,
        letters: Mapping[str, str] | None = None,
    ) -> None:
        """Keys the screen uses for other things (no option takes them), the words of the
        list's length (``{at}`` the highlighted option, ``{n}`` how many), and the keys of the
        table's pass, end and cancel (``letters``, as shown)."""
        self.keys = option_keys(reserved)
        if letters is not None:
            self.letters = dict(letters)
        self.count_words = count_words
        self._keep_count_width()
        self.forget()

    def _keep_count_width(self) -> None:
        """The count's width is kept whether it shows or not (the widest count with two-digit
        numbers): it coming and going with each decision is then a repaint, not a layout."""
        widest = cell_len(self.count_words.format(at=88, n=88))
        self.query_one("#prompt-count", Label).styles.width = widest + 2  # and its padding

    def show_auto(self, words: str) -> None:
        """Say that auto-pass is on, and how ("" when it is off)."""
        label = self.query_one("#prompt-auto", Label)
        label.update(words)
        label.set_class(not words, "-off")

    def show_armed(self, armed: bool) -> None:
        """Show the options as taking keys, or not yet (dimmed: a new question's first moment,
        see TableScreen.answer_armed)."""
        self.set_class(not armed, "-unarmed")

    def show_sent(self, sent: bool) -> None:
        """Show the options as answered (dimmed) from the moment a choice is sent until the
        next question replaces them; ``False``: the send failed, they are open again."""
        self.set_class(sent, "-sent")

    def index_for_key(self, key: str) -> int | None:
        """The numbered option (0-based, of :attr:`numbered_ids`) a key picks, if one now."""
        if key in self.keys:
            i = self.keys.index(key)
            if i < len(self.numbered_ids):
                return i
        return None

    def show(
        self,
        view: View,
        lang: str,
        deadline_at: float | None,
        *,
        waiting: str = "",
        cards: Mapping[int, str] | None = None,
    ) -> None:
        """Show the view's prompt; the options only when they are the viewer's to take."""
        self.deadline_at = deadline_at
        p = view.prompt
        title = describe_prompt(view, lang) if p is not None else waiting
        self.query_one("#prompt-title", Label).update(Text(clean(title)), layout=False)
        mine = p is not None and p.seat == view.viewer and bool(p.options)
        self.set_class(mine, "-mine")
        shown = distinct_options(p.options, view) if mine and p is not None else []
        ids = tuple(o.id for o in shown)
        seq = p.seq if p is not None else None
        if seq != self._seq or not mine:
            self.set_class(False, "-sent")  # a new question (or none of mine): not answered
        if ids != self.option_ids or (ids and seq != self._seq):
            # The list stays on screen (empty while others decide), so that the focus need
            # not jump away from it and back with every decision.
            self.option_ids = ids
            self.numbered_ids = numbered(ids)
            self._seq = seq
            ol = self.options_list
            ol.clear_options()
            if mine and p is not None:
                labels = describe_options(shown, view, lang, cards)
                labels = [
                    label + tr("table.option.fills", lang) if fills else label
                    for label, fills in zip(labels, fills_field(view, shown), strict=True)
                ]
                verdicts = {o.cid: o.verdict for o in hand_outlooks(view)}
                labels = [  # a declaration says whether it would win now
                    label + tr(f"table.option.worship.{verdicts[o.card]}", lang)
                    if o.kind == "declare" and o.card in verdicts
                    else label
                    for label, o in zip(labels, shown, strict=True)
                ]
                keys = self.option_key_words(ids)
                ol.add_options(
                    ListOption(Text(keys[o.id], style="bold") + Text(clean(label)), id=o.id)
                    for o, label in zip(shown, labels, strict=True)
                )
                ol.highlighted = 0
            self._show_count()
        self.refresh_countdown()

    def option_key_words(self, ids: Sequence[str]) -> dict[str, str]:
        """Each option's key as the list shows it before its words (``3) ``, ``p) ``; blank
        past the last key)."""
        closing = lettered(ids)
        nth = {option: i for i, option in enumerate(numbered(ids))}
        out: dict[str, str] = {}
        for option in ids:
            if option in closing:
                key: str | None = self.letters.get(closing[option], "")
            else:
                i = nth[option]
                key = self.keys[i] if i < len(self.keys) else None
            out[option] = f"{key}) " if key else "   "
        return out

    def _show_count(self) -> None:
        """ "3/12": where the highlight is and how many options there are ("" for none)."""
        n = len(self.option_ids)
        at = (self.options_list.highlighted or 0) + 1
        text = self.count_words.format(at=at, n=n) if n else ""
        # a fixed width (use_keys), set right against the countdown: a repaint
        self.query_one("#prompt-count", Label).update(text, layout=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_count()  # the event goes on up: the screen shows the option's card

    def forget(self) -> None:
        """Draw the options again at the next :meth:`show` (the language changed)."""
        self.option_ids = ()
        self.numbered_ids = ()
        self._seq = None

    def refresh_countdown(self) -> None:
        """Redraw the time left from the deadline and the clock."""
        left = seconds_left(self.deadline_at, self.clock.now())
        if left == self._left:
            return
        self._left = left
        label = self.query_one("#prompt-countdown", Label)
        label.update("" if left is None else f"{left}s", layout=False)  # fixed width: no layout
        label.set_class(left is not None and left <= 5, "-urgent")

    def highlight(self, option_id: str, *, focus: bool = True) -> None:
        """Move the list's highlight to ``option_id`` (and focus the list)."""
        ol = self.options_list
        try:
            ol.highlighted = ol.get_option_index(option_id)
        except Exception:  # not in the list (a stale id): leave the highlight
            return
        if focus:
            ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Chosen(event.option.id))
