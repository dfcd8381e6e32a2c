"""The form to host a table: its name, seats, bots, the table options of R22 and its card set.

Dismisses with a :class:`~qm_tui.net.HostSettings`, or None when cancelled. Numbers are checked
here, with the reason shown under the form; an empty timer means "off". The card set is a file's
path (empty: the game's own), read when the form is submitted: a file that does not load is
refused with ``qingming cards check``'s own lines.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from qm_rules.bots import LEVELS
from qm_rules.model import GameOptions
from qm_rules.options import BY_NAME, OPTIONS, Option
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.net import HostSettings
from qm_tui.widgets.footer import Footer
from qm_tui.widgets.redraw import rules
from qm_web import available as web_available

if TYPE_CHECKING:
    from qm_rules.cardcheck import Fault
    from qm_rules.cards import CardSet

MIN_SEATS, MAX_SEATS = 2, 6


class FormError(ValueError):
    """A field holds something the table cannot use; ``field`` names it, ``key`` the message."""

    def __init__(self, field: str, key: str, **kwargs: object) -> None:
        super().__init__(field)
        self.field = field
        self.key = key
        self.kwargs = kwargs

    def text(self, lang: str) -> str:
        """The message shown under the form; a table option's names the option and its range;
        a card set's, its first faults as ``cards check`` says them."""
        if self.key == "form.error.cards.faults":
            return _faults_text(lang, **self.kwargs)  # type: ignore[arg-type]  # (its own words)
        option = BY_NAME.get(self.field)
        if option is None:
            return tr(self.key, lang, **self.kwargs)
        label = option.words("label", lang)
        said = tr("form.error.option", lang, label=label, range=option.range_words(lang))
        typing = option.typing(lang)
        return said + (tr("form.error.option.typing", lang, typing=typing) if typing else "")


@dataclass(frozen=True, slots=True)
class FormValues:
    """The form's fields as typed: the bots as text; each table option by name, as its field
    holds it (text, or a checkbox's bool); an option not given takes its default."""

    name: str
    seats: int
    bots: str
    options: Mapping[str, str | bool] = field(default_factory=dict)
    level: str = "normal"
    web: bool = False
    cards: str = ""

    def settings(self) -> HostSettings:
        """The settings these values mean, or :class:`FormError`."""
        name = " ".join(self.name.split())[:24]
        if not name:
            raise FormError("name", "form.error.name")
        bots = _int(self.bots, "bots", default=0)
        if not 0 <= bots <= self.seats - 1:
            raise FormError("bots", "form.error.bots", most=self.seats - 1)
        values = {o.name: _option(o, self.options.get(o.name, _typed(o))) for o in OPTIONS}
        options = GameOptions(**values)
        path = self.cards.strip()
        return HostSettings(
            name=name,
            seats=self.seats,
            bots=bots,
            options=options,
            level=self.level,
            web=self.web,
            cards=_card_set(path) if path else None,
            cards_file=os.path.abspath(os.path.expanduser(path)) if path else None,
        )


#: Lines the message under the form takes at most (it scrolls past them).
ERROR_LINES = 8
#: Faults of a card set shown under the form (``cards check FILE`` lists them all).
SHOWN_FAULTS = 1


def _card_set(path: str) -> CardSet:
    """The card set in the file ``path``, or :class:`FormError` saying why not."""
    from qm_rules.cardcheck import load_file

    try:
        cards, faults = load_file(path)
    except OSError as exc:
        raise FormError(
            "cards", "form.error.cards.read", file=path, error=exc.strerror or exc
        ) from None
    if cards is None:
        raise FormError("cards", "form.error.cards.faults", file=path, faults=faults)
    from qm_net.cardsets import unfit

    why = unfit(cards)  # what the table's guests, who are sent the set, would refuse
    if why is not None:
        raise FormError("cards", "form.error.cards.unfit", file=path, why=why)
    return cards


def _faults_text(lang: str, file: str, faults: list[Fault]) -> str:
    from qm_rules.cardcheck import faults_lines

    lines = [tr("form.error.cards.faults", lang, n=len(faults))]
    lines += faults_lines(file, faults[:SHOWN_FAULTS], lang)
    more = len(faults) - SHOWN_FAULTS
    if more > 0:
        lines.append(tr("form.error.cards.more", lang, n=more, file=file))
    return "\n".join(lines)


def _int(text: str, field: str, *, default: int) -> int:
    text = text.strip()
    if not text:
        return default
    if not text.isdigit() or int(text) > 10_000:
        raise FormError(field, "form.error.number")
    return int(text)


#: A number field's input type, by the option's kind.
_INPUT_TYPE: dict[str, Literal["integer", "number"]] = {"count": "integer", "seconds": "number"}


def _typed(option: Option) -> str | bool:
    """What an option's field holds before anyone types: its default, as text (empty for off)."""
    if option.kind == "flag":
        return bool(option.default)
    if option.default is None:
        return ""
    return f"{option.default:g}"


def _option(option: Option, typed: str | bool) -> Any:
    """A table option's value as typed (the rules are the option's own, as ``serve``'s)."""
    if isinstance(typed, bool):
        return typed
    try:
        return option.parse(typed)
    except ValueError:
        raise FormError(option.name, "form.error.option") from None


class WrappingCheckbox(Checkbox):
    """A checkbox whose words wrap onto more lines where its column is narrow (Textual's is
    always one line high, and an option's help was cut: "ask every player to respond, not
    onl…"), and whose box is empty when unchecked (Textual draws an X either way, told apart
    only by its colour, which reads as checked)."""

    # Textual's is a class constant; ours follows the value (a property, read-only)
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        return "X" if self.value else " "

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.render().get_height(rules(self), width)


class HostFormScreen(ModalScreen[HostSettings | None]):
    """Ask how to set up the table; Ctrl+S (or the button) hosts it."""

    CSS_PATH = "host_form.tcss"
    BINDINGS = [
        Binding("ctrl+s", "submit", "Host", id="host_form.submit", priority=True),
        Binding("escape", "cancel", "Cancel", id="host_form.cancel"),
    ]

    def __init__(self, lang: str, *, default_name: str = "", cards_file: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.default_name = default_name
        self.cards_file = cards_file  # the card set's file hosted last (remembered)

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="form"):
            yield Label(tr("form.title", lang), id="form-title")
            with VerticalScroll(id="form-scroll"):
                with Grid(id="fields"):
                    yield Label(tr("form.name", lang))
                    yield Input(
                        tr("form.default_name", lang, name=self.default_name),
                        id="f-name",
                        compact=True,
                        max_length=24,
                    )
                    yield Label(tr("form.seats", lang))
                    yield Select(
                        [(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                        value=4,
                        allow_blank=False,
                        id="f-seats",
                        compact=True,
                    )
                    yield Label(tr("form.bots", lang))
                    yield Input(
                        "0",
                        type="integer",
                        id="f-bots",
                        compact=True,
                        placeholder=tr("form.bots.placeholder", lang),
                    )
                    yield Label(tr("form.level", lang))
                    yield Select(
                        [(tr(f"level.{level}", lang), level) for level in LEVELS],
                        value="normal",
                        allow_blank=False,
                        id="f-level",
                        compact=True,
                    )
                    yield Label(tr("form.cards", lang))
                    yield Input(
                        self.cards_file,
                        id="f-cards",
                        compact=True,
                        placeholder=tr("form.cards.placeholder", lang),
                    )
                    for option in OPTIONS:  # one field an option, from its definition
                        yield Label(option.form_label(lang))
                        typed = _typed(option)
                        if isinstance(typed, bool):
                            yield WrappingCheckbox(
                                option.words("help", lang), typed, id=f"f-{option.name}"
                            )
                        else:
                            yield Input(
                                typed,
                                type=_INPUT_TYPE[option.kind],
                                id=f"f-{option.name}",
                                compact=True,
                                placeholder=option.form_hint(lang),
                            )
                    if web_available():  # the web extra is installed
                        yield Label(tr("form.web", lang))
                        yield WrappingCheckbox(tr("form.web.help", lang), False, id="f-web")
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="form-buttons"):
                yield Button(tr("form.submit", lang), id="submit", variant="primary", compact=True)
                yield Button(tr("form.cancel", lang), id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#f-name", Input).focus()

    def values(self) -> FormValues:
        """What the form holds now."""
        seats = self.query_one("#f-seats", Select).value
        level = self.query_one("#f-level", Select).value
        typed: dict[str, str | bool] = {}
        for option in OPTIONS:
            widget = self.query_one(f"#f-{option.name}")
            assert isinstance(widget, Input | Checkbox)
            typed[option.name] = widget.value
        return FormValues(
            name=self.query_one("#f-name", Input).value,
            seats=seats if isinstance(seats, int) else 4,
            bots=self.query_one("#f-bots", Input).value,
            options=typed,
            level=level if isinstance(level, str) else "normal",
            web=bool(self.query("#f-web") and self.query_one("#f-web", Checkbox).value),
            cards=self.query_one("#f-cards", Input).value,
        )

    def action_submit(self) -> None:
        try:
            settings = self.values().settings()
        except FormError as error:
            said = error.text(self.lang)
            self.query_one("#form-error", Static).update(said)
            self._fit(said)
            self.query_one(f"#f-{error.field}").focus()
            return
        self.dismiss(settings)

    def on_resize(self) -> None:
        said = self.query("#form-error")
        if said and str(said.first(Static).content):  # (none while the form is mounted)
            self._fit(str(said.first(Static).content))

    def _fit(self, said: str) -> None:
        """Shorten the fields' scrolling part by the lines the message under them takes (a
        card set's faults take several), so that the message and the buttons stay on screen."""
        from rich.cells import cell_len

        width = max(1, self.query_one("#form").content_size.width or 68)
        lines = sum(-(-cell_len(line) // width) or 1 for line in said.split("\n")) if said else 0
        lines = min(lines, ERROR_LINES)
        # the rest of the screen: the footer, the form's border, title, buttons and their margin
        room = self.size.height - 1 - 2 - 1 - 2 - lines
        self.query_one("#form-scroll").styles.max_height = max(3, room)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _enter(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#submit")
    def _submit_pressed(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
