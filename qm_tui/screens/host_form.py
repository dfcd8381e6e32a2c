"""The form to host a table: its name, seats, bots and the table options of R22.

Dismisses with a :class:`~qm_tui.net.HostSettings`, or None when cancelled. Numbers are checked
here, with the reason shown under the form; an empty timer means "off".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

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

MIN_SEATS, MAX_SEATS = 2, 6


class FormError(ValueError):
    """A field holds something the table cannot use; ``field`` names it, ``key`` the message."""

    def __init__(self, field: str, key: str, **kwargs: object) -> None:
        super().__init__(field)
        self.field = field
        self.key = key
        self.kwargs = kwargs

    def text(self, lang: str) -> str:
        """The message shown under the form; a table option's names the option and its range."""
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
        return HostSettings(
            name=name, seats=self.seats, bots=bots, options=options, level=self.level, web=self.web
        )


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

    def __init__(self, lang: str, *, default_name: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.default_name = default_name

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
        )

    def action_submit(self) -> None:
        try:
            settings = self.values().settings()
        except FormError as error:
            self.query_one("#form-error", Static).update(error.text(self.lang))
            self.query_one(f"#f-{error.field}").focus()
            return
        self.dismiss(settings)

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
