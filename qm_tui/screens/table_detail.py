"""The table screen's card panel and where the focus goes: the focused card's text (the card a
chain link asks me about pinned above it), the first choosable card or the option list for a
new question, and Enter on a card (the option that names it) or a highlighted option (its
card's text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Input, OptionList

from qm_rules.model import CardView, PromptKind, View
from qm_rules.plays import reasons_of
from qm_rules.progress import hand_outlooks
from qm_tui.i18n import tr
from qm_tui.safe import clean
from qm_tui.table_model import option_refs, pinned_link
from qm_tui.widgets.detail import CardDetail, detail_text, pinned_text
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import TableTile
from qm_words import (
    card_name,
    describe_option,
    distinct_options,
    outlook_words,
    why_not_words,
)

if TYPE_CHECKING:
    from qm_tui.screens.table import TableScreen


class CardPanel:
    """The card panel and the focus, for one table screen."""

    def __init__(self, table: TableScreen) -> None:
        self.table = table
        self.shown: tuple[object, ...] = ()  # what the panel shows (a tile, its state...)
        self.other_lang = False
        """The card's name and text in the other language too (the table's ``t`` key)."""
        self.looking: tuple[int, str] | None = None
        """The option a first Enter on a card showed (its question's ``seq``, its id): a
        second Enter on that card does it."""

    def pinned(self, view: View | None) -> Text | None:
        """What stays above the focused card's text: the option a first Enter showed, else
        the card a chain link asks me about (:meth:`pinned_card`)."""
        if view is None:
            return None
        p = view.prompt
        looking = self.looking
        if looking is not None and p is not None and looking[0] == p.seq:
            option = p.option(looking[1])
            if option is not None and not self.table.model.answered(view):
                lang = self.table.lang
                label = describe_option(option, view, lang, self.table.known_cards)
                bar = self.table.query_one(PromptBar)
                key = bar.option_key_words(bar.option_ids).get(option.id, "").strip(" )")
                words = tr("table.look.again", lang, option=label, key=key or "Enter")
                return Text(clean(words), style="bold reverse")
        self.looking = None
        return self.pinned_card(view)

    def toggle_other_lang(self) -> None:
        """The focused card's name and text in the other language too, or no longer."""
        self.other_lang = not self.other_lang
        self.shown = ()
        self.refresh()

    def stop_looking(self) -> None:
        """The focus moved on: a first Enter elsewhere shows what that card will do."""
        if self.looking is not None:
            self.looking = None
            self.table.query_one(CardDetail).pin(self.pinned(self.table.view))

    def focus_for_prompt(
        self, kind: PromptKind, cards: frozenset[int], seats: frozenset[int]
    ) -> None:
        """A new decision: targets are picked on the board, everything else in the list; a
        player looking over the board (or typing) is left where they are."""
        on_board = isinstance(self.table.focused, TableTile)
        if isinstance(self.table.focused, Input) or (on_board and kind is not PromptKind.TARGET):
            return
        if kind is PromptKind.TARGET:
            for tile in self.table.board_tiles():
                if (tile.zone == "seat" and tile.seat in seats) or (
                    tile.zone != "seat" and tile.card is not None and tile.card.cid in cards
                ):
                    tile.focus()
                    return
        self.table.query_one(PromptBar).options_list.focus()

    def pinned_card(self, view: View) -> Text | None:
        """While I answer a link, or choose for a resolving one, that card's text stays in view."""
        pinned = pinned_link(view)
        if pinned is None:
            return None
        link, heading = pinned
        return pinned_text(link.card.card, self.table.lang, tr(heading, self.table.lang))

    def refresh(self) -> None:
        focused = self.table.focused
        if isinstance(focused, TableTile):
            self.table._show_tile_detail(focused)

    def show_tile(self, tile: TableTile) -> None:
        key: tuple[object, ...] = (
            tile,
            tile.card,
            tile.face_down,
            tile.stacked,
            tile.state,
            self.other_lang,
            self.table.lang,
        )
        if self.table.view is not None:
            key += (self.table.view.prompt,)
        if tile.zone == "seat" and self.table.view is not None:
            key += (self.table.view.seats[tile.seat], self.table.view.turn_seat)
        if key == self.shown:
            return
        self.shown = key
        detail = self.table.query_one(CardDetail)
        if tile.card is None:
            hint = tr("table.detail.hint", self.table.lang)
            if tile.zone == "seat" and self.table.view is not None:
                sv = self.table.view.seats[tile.seat]
                names = ", ".join(card_name(c.card, self.table.lang) for c in sv.stacked)
                hint = self.table.seat_header(sv, self.table.view).strip() + (
                    f"\n{names}" if names else ""
                )
            detail.show(detail_text(None, self.table.lang, hint=hint))
            return
        card = tile.card
        detail.show(
            *self.texts(
                card.card,
                tapped=card.tapped,
                face_down=tile.face_down,
                negated=tile.state.negated,
                stacked=tile.stacked,
                note=self.card_note(card.cid, card.card),
            )
        )

    def texts(
        self,
        card_id: str,
        *,
        tapped: bool = False,
        face_down: bool = False,
        negated: bool = False,
        stacked: tuple[CardView, ...] = (),
        note: str = "",
    ) -> tuple[Text, Text]:
        """A card's full text for the card panel, and the same compact (CardDetail.show)."""
        full, compact = (
            detail_text(
                card_id,
                self.table.lang,
                tapped=tapped,
                face_down=face_down,
                negated=negated,
                stacked=stacked,
                other=self.other_lang,
                note=note,
                compact=short,
            )
            for short in (False, True)
        )
        return full, compact

    def card_note(self, cid: int, card_id: str) -> str:
        """A line about one of my cards now: why it cannot be played (the reason the prompt
        carries, from the rules that decide it), or what declaring it would do."""
        view = self.table.view
        if view is None or view.viewer is None:
            return ""
        p = view.prompt
        if p is not None and p.seat == view.viewer:
            reason = reasons_of(p.context).get(cid)
            if reason is not None:
                why = why_not_words(reason, card_id, self.table.lang)
                return tr("table.whynot", self.table.lang, why=why)
        for outlook in hand_outlooks(view):
            if outlook.cid == cid:
                return outlook_words(outlook, self.table.lang)
        return ""

    async def tile_chosen(self, message: TableTile.Chosen) -> None:
        """Enter or a click on a tile that exactly one option names: the first shows what that
        option will do (its words in the list, highlighted, and above the card's text), the
        second does it; looking at a card never plays it. A target is picked at once. (Several
        options: the list shows the first of them, to pick from there.)"""
        tile = message.tile
        view = self.table.view
        p = view.prompt if view is not None else None
        if view is None or p is None or p.seat != view.viewer or not p.options:
            return
        refs = option_refs(p.options)
        if tile.zone == "seat":
            opts = refs.seats.get(tile.seat, [])
        else:
            opts = refs.cards.get(tile.card.cid, []) if tile.card is not None else []
        if not opts and tile.card is not None:  # dimmed: say why it cannot be played
            note = self.card_note(tile.card.cid, tile.card.card)
            if note:
                self.table.notify(note, timeout=4, markup=False)
        if len(opts) == 1:
            option = opts[0]
            # a target is picked at once: the card being declared is what it will do, and the
            # question was asked to be answered on the board
            picking = p.kind is PromptKind.TARGET
            if picking or self.looking == (p.seq, option.id):  # the second Enter: it does it
                self.looking = None
                await self.table.choose(option.id)
                return
            self.looking = (p.seq, option.id)  # the first: what it will do, nothing done
            self.table.query_one(PromptBar).highlight(option.id, focus=False)
            self.table.query_one(CardDetail).pin(self.pinned(self.table.view))
        elif len(opts) > 1:  # a second copy's options are listed as the first copy's
            shown = {o.id for o in distinct_options(p.options, self.table.view)}
            same = self.table.known_cards.get(opts[0].card or -1)
            listed_as = (
                o.id
                for o in p.options
                if o.id in shown
                and o.kind == opts[0].kind
                and o.card is not None
                and self.table.known_cards.get(o.card) == same
            )
            self.table.query_one(PromptBar).highlight(next(listed_as, opts[0].id))
            self.table.notify(tr("table.tile.several", self.table.lang), timeout=3, markup=False)

    def option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        p = self.table.view.prompt if self.table.view is not None else None
        if p is None or event.option.id is None:
            return
        opt = p.option(event.option.id)
        if opt is not None and opt.card is not None:
            card_id = self.table.known_cards.get(opt.card)
            if card_id is not None:
                note = self.card_note(opt.card, card_id)
                self.table.query_one(CardDetail).show(*self.texts(card_id, note=note))
