"""The form to host a table: its name, seats, bots and the table options of R22.

Dismisses with a :class:`~qm_tui.net.HostSettings`, or None when cancelled. Numbers are checked
here, with the reason shown under the form; an empty timer means "off".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from qm_rules.bots import LEVELS
from qm_rules.model import GameOptions
from qm_rules.options import OPTIONS, Option
from qm_tui.bindings import localize_bindings
from qm_tui.i18n import tr
from qm_tui.net import HostSettings

MIN_SEATS, MAX_SEATS = 2, 6


class FormError(ValueError):
    """A field holds something the table cannot use; ``field`` names it, ``key`` the message."""

    def __init__(self, field: str, key: str, **kwargs: object) -> None:
        super().__init__(field)
        self.field = field
        self.key = key
        self.kwargs = kwargs


@dataclass(frozen=True, slots=True)
class FormValues:
    """The form's fields as typed (strings, as the inputs hold them)."""

    name: str
    seats: int
    bots: str
    response_timer: str
    turn_timer: str
    round_limit: str
    hand_limit: str
    ask_everyone: bool
    disconnect_grace: str
    level: str = "normal"

    def settings(self) -> HostSettings:
        """The settings these values mean, or :class:`FormError`."""
        name = " ".join(self.name.split())[:24]
        if not name:
            raise FormError("name", "form.error.name")
        bots = _int(self.bots, "bots", default=0)
        if not 0 <= bots <= self.seats - 1:
            raise FormError("bots", "form.error.bots", most=self.seats - 1)
        values = {o.name: _option(o, getattr(self, o.name)) for o in OPTIONS}
        options = GameOptions(**values)
        return HostSettings(
            name=name, seats=self.seats, bots=bots, options=options, level=self.level
        )


def _int(text: str, field: str, *, default: int) -> int:
    text = text.strip()
    if not text:
        return default
    if not text.isdigit() or int(text) > 10_000:
        raise FormError(field, "form.error.number")
    return int(text)


def _option(option: Option, typed: str | bool) -> Any:
    """A table option's value as typed (the rules are the option's own, as ``serve``'s)."""
    if isinstance(typed, bool):
        return typed
    try:
        return option.parse(typed)
    except ValueError:
        raise FormError(option.name, "form.error.number") from None


#: Text fields: (id, input type, default text): the bots, then every table option but a flag.
_DEFAULTS = GameOptions()
_INPUT_TYPE: dict[str, Literal["integer", "number"]] = {"count": "integer", "seconds": "number"}
TEXT_FIELDS: tuple[tuple[str, Literal["integer", "number"], str], ...] = (
    ("bots", "integer", "0"),
    *(
        (o.name, _INPUT_TYPE[o.kind], f"{o.default:g}" if o.default else "")
        for o in OPTIONS
        if o.kind != "flag"
    ),
)


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
                    for field_id, kind, default in TEXT_FIELDS:
                        yield Label(tr(f"form.{field_id}", lang))
                        yield Input(
                            default,
                            type=kind,
                            id=f"f-{field_id}",
                            compact=True,
                            placeholder=tr(f"form.{field_id}.placeholder", lang),
                        )
                        if field_id == "bots":
                            yield Label(tr("form.level", lang))
                            yield Select(
                                [(tr(f"level.{level}", lang), level) for level in LEVELS],
                                value="normal",
                                allow_blank=False,
                                id="f-level",
                                compact=True,
                            )
                    yield Label(tr("form.ask_everyone", lang))
                    yield Checkbox(
                        tr("form.ask_everyone.hint", lang),
                        _DEFAULTS.ask_everyone,
                        id="f-ask_everyone",
                    )
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

        def text(field_id: str) -> str:
            return self.query_one(f"#f-{field_id}", Input).value

        seats = self.query_one("#f-seats", Select).value
        level = self.query_one("#f-level", Select).value
        return FormValues(
            name=text("name"),
            seats=seats if isinstance(seats, int) else 4,
            bots=text("bots"),
            ask_everyone=self.query_one("#f-ask_everyone", Checkbox).value,
            **{o.name: text(o.name) for o in OPTIONS if o.kind != "flag"},
            level=level if isinstance(level, str) else "normal",
        )

    def action_submit(self) -> None:
        try:
            settings = self.values().settings()
        except FormError as error:
            self.query_one("#form-error", Static).update(tr(error.key, self.lang, **error.kwargs))
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
