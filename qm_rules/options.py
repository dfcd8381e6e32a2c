"""The table options (R22), each defined once: its kind, range, default and ``serve`` help.

:class:`~qm_rules.model.GameOptions` takes its fields' defaults from here and checks values with
:func:`check`; ``qingming serve`` makes one flag an option and reads its text with
:meth:`Option.parse`; the host form lays out one field an option and reads it the same way.
The form's zh/en labels are the catalogue's ``form.<name>`` strings; the rulebook's options table
is held to these defaults by a test. A new option is one entry here, one field of
``GameOptions`` (a test holds the two to each other), its catalogue strings and its rulebook row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

#: The longest a timer or grace may be, in seconds, and the largest count.
MOST_SECONDS = 3600.0
MOST_COUNT = 10_000


@dataclass(frozen=True, slots=True)
class Option:
    """One table option.

    ``kind``: ``seconds`` (a number), ``count`` (a whole number) or ``flag`` (on or off).
    ``off``: the value meaning "off" or "none" (``None``), or ``...`` when the option has none.
    ``zero_is_off``: typing 0 means off (timers), rather than the value 0 itself.
    ``least``: the smallest value besides ``off``; ``above``: ``least`` itself is not allowed."""

    name: str
    kind: Literal["seconds", "count", "flag"]
    default: Any
    help: str
    off: Any = ...
    zero_is_off: bool = False
    least: float = 0
    above: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def most(self) -> float:
        return MOST_SECONDS if self.kind == "seconds" else MOST_COUNT

    def rule(self) -> str:
        """What a good value is, in one plain phrase ("a whole number from 0 to 10000, or none")."""
        what = "a number of seconds" if self.kind == "seconds" else "a whole number"
        if self.above:
            words = f"{what} above {self.least:g} and at most {self.most:g}"
        else:
            words = f"{what} from {self.least:g} to {self.most:g}"
        return words + (", or none" if self.off is None else "")

    def check(self, value: Any) -> None:
        """Raise ``ValueError`` ("hand_limit must be …") unless this option takes ``value``."""
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be true or false (not {value!r})")
            return
        if value is None and self.off is None:
            return
        number = int if self.kind == "count" else int | float
        ok = isinstance(value, number) and not isinstance(value, bool)
        if ok and not (value > self.least if self.above else value >= self.least):
            ok = False
        if not ok or value > self.most:
            raise ValueError(f"{self.name} must be {self.rule()} (not {value!r})")

    def parse(self, text: str) -> Any:
        """The value a typed text means (a flag or a form field); empty is off, where the
        option has an off, else its default. Raises ``ValueError`` in the words of :meth:`check`."""
        text = text.strip()
        if self.kind == "flag":
            raise ValueError(f"{self.name} is on or off, not a value")
        if not text:
            return self.off if self.off is not ... else self.default
        try:
            value: Any = int(text) if self.kind == "count" else float(text)
        except ValueError:
            raise ValueError(f"{self.name} must be {self.rule()} (not {text!r})") from None
        if value == 0 and self.zero_is_off:
            return self.off
        self.check(value)
        return value


OPTIONS: tuple[Option, ...] = (
    Option(
        "response_timer",
        "seconds",
        20.0,
        "seconds to respond, 0 = off (default: 20)",
        off=None,
        zero_is_off=True,
        above=True,
    ),
    Option(
        "turn_timer",
        "seconds",
        None,
        "seconds a turn, 0 = off (default: off)",
        off=None,
        zero_is_off=True,
        above=True,
    ),
    Option("round_limit", "count", 40, "rounds before a draw, 0 = none (default: 40)"),
    Option("hand_limit", "count", None, "hand limit (default: none)", off=None),
    Option("ask_everyone", "flag", False, "ask every player to respond, not only those who can"),
    Option(
        "disconnect_grace",
        "seconds",
        120.0,
        "seconds a dropped seat is kept before a bot plays it (default: 120)",
    ),
)
BY_NAME = {o.name: o for o in OPTIONS}


def default(name: str) -> Any:
    return BY_NAME[name].default


def check(values: dict[str, Any]) -> None:
    """Check every option's value (``ValueError``, one line naming the first bad option)."""
    for option in OPTIONS:
        option.check(values[option.name])
