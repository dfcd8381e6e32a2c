"""Every card of the game: a list to move through and the full card beside it.

Card names and texts are data from ``qm_rules.cards`` (both languages), never markup.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from qm_rules.cards import CardDef, CardType
from qm_rules.shown import shown_cards
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import has, tr
from qm_tui.widgets.footer import Footer
from qm_words import listed


def type_name(card: CardDef, lang: str) -> str:
    return tr(f"type.{card.type.value}", lang)


def tag_name(tag: str, lang: str) -> str:
    return tr(f"tag.{tag}", lang) if has(f"tag.{tag}") else tag


def card_matches(card: CardDef, query: str) -> bool:
    """Whether a filter text finds this card (id, either name, type, tags)."""
    query = query.strip().casefold()
    if not query:
        return True
    haystack = " ".join(
        [card.id, card.name.zh, card.name.en, card.type.value, *card.tags]
        + [type_name(card, lang) for lang in ("zh", "en")]
    ).casefold()
    return all(word in haystack for word in query.split())


def describe_card(card: CardDef, lang: str) -> Content:
    """The full card: names, type, tags, copies, text in ``lang`` then in the other language
    (not its id: that is the data files' name for it, not a player's)."""
    other = "en" if lang == "zh" else "zh"
    tags = listed(lang, (tag_name(t, lang) for t in sorted(card.tags))) or "-"
    if card.type is CardType.ANCESTOR:  # one of the pool, however many play
        copies: tuple[Content | tuple[str, str] | str, ...] = (tr("gallery.field.pool", lang),)
    else:  # a deck holds one, two or three base sets by the number of players
        copies = ((tr("gallery.field.copies", lang), "dim"), f" {card.copies}")
    return Content.assemble(
        (card.name(lang), "bold"),
        "  ",
        (card.name(other), "italic"),
        "\n\n",
        (tr("gallery.field.type", lang), "dim"),
        f" {type_name(card, lang)}    ",
        (tr("gallery.field.tags", lang), "dim"),
        f" {tags}    ",
        *copies,
        "\n\n",
        card.text(lang),
        "\n\n",
        (card.text(other), "dim"),
    )


class GalleryScreen(Screen[None]):
    """All the cards, filterable; Enter or the cursor shows one in full."""

    CSS_PATH = "gallery.tcss"
    BINDINGS = [
        Binding("escape", "close", "Back", id="gallery.close"),
        Binding("slash", "focus_filter", "Filter", id="gallery.filter"),
    ]

    def __init__(self, lang: str, *, card_id: str | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.initial = card_id

    def compose(self) -> ComposeResult:
        yield Label(tr("gallery.title", self.lang, n=len(shown_cards().cards)), id="title")
        with Horizontal(id="gallery"):
            with Vertical(id="left"):
                yield Input(placeholder=tr("gallery.filter", self.lang), id="filter")
                yield OptionList(id="cards")
            with VerticalScroll(id="detail-pane"):
                yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._fill("")
        cards = self.query_one("#cards", OptionList)
        if self.initial is not None:
            try:
                cards.highlighted = cards.get_option_index(self.initial)
            except Exception:  # an unknown id: start at the top
                pass
        cards.focus()

    def _fill(self, query: str) -> None:
        cards = self.query_one("#cards", OptionList)
        cards.clear_options()
        for card in shown_cards().cards:
            if card_matches(card, query):
                prompt = Content.assemble(
                    card.name(self.lang), "  ", (type_name(card, self.lang), "dim")
                )
                cards.add_option(Option(prompt, id=card.id))
        if cards.option_count:
            cards.highlighted = 0
        else:
            self.query_one("#detail", Static).update(tr("gallery.none", self.lang))

    @property
    def listed(self) -> list[str]:
        """The ids of the cards listed now."""
        cards = self.query_one("#cards", OptionList)
        return [cards.get_option_at_index(i).id or "" for i in range(cards.option_count)]

    @on(OptionList.OptionHighlighted, "#cards")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one("#detail", Static).update(
                describe_card(shown_cards()[event.option.id], self.lang)
            )

    @on(OptionList.OptionSelected, "#cards")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#detail-pane").focus()

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#filter")
    def _filter_done(self) -> None:
        self.query_one("#cards", OptionList).focus()

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_close(self) -> None:
        if self.query_one("#filter", Input).has_focus and self.query_one("#filter", Input).value:
            self.query_one("#filter", Input).value = ""
            return
        self.dismiss(None)
