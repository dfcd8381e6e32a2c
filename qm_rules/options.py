"""The table options (R22), each defined once: its kind, range, default and words.

Everything else about an option is read from its entry in :data:`OPTIONS`: the field of
:class:`GameOptions` below (a test holds the two to each other) and the engine's check
(:meth:`GameOptions.check`, at ``Game.new``); ``qingming serve``'s flag and its ``--help``; the
host form's field, its label and hint, read with the same :meth:`Option.parse`; the catalogue's
words (:mod:`qm_rules.strings.table_options` takes them from here); and the generated docs: the
rulebook's options table and the README's list of flags (``tools/rulebook.py``) and the protocol
doc's ``TableOptions`` table (``python -m qm_net.schema``), each with a ``--check`` a test runs.

A new option is one entry here, one field of :class:`GameOptions`, the engine code that reads
it, and the two generators run again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

#: The longest a timer or grace may be, in seconds, and the largest count.
MOST_SECONDS = 3600.0
MOST_COUNT = 10_000

#: Words in both languages: ``{"zh": ..., "en": ...}``.
Words = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Option:
    """One table option.

    ``kind``: ``seconds`` (a number), ``count`` (a whole number) or ``flag`` (on or off).
    ``label``: its name for players; ``help``: what it sets, in a phrase (``serve --help``, the
    form); ``rulebook``: what it does, in the rulebook's words.
    ``off``: the value meaning "off" or "none" (``None``), or ``...`` when the option has none.
    ``zero_is_off``: typing 0 means off (timers), rather than the value 0 itself.
    ``zero_is_none``: the value 0 itself means "no limit" (it is kept as 0).
    ``unit``: what a count counts (``rounds``, ``cards``: the catalogue's plural words).
    ``least``: the smallest value besides ``off``; ``above``: ``least`` itself is not allowed.
    ``at_most``: the largest value, where it is not :data:`MOST_SECONDS` or :data:`MOST_COUNT`."""

    name: str
    kind: Literal["seconds", "count", "flag"]
    default: Any
    label: Words
    help: Words
    rulebook: Words
    off: Any = ...
    zero_is_off: bool = False
    zero_is_none: bool = False
    unit: Literal["rounds", "cards", "browsers"] | None = None
    least: float = 0
    above: bool = False
    at_most: float | None = None

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def metavar(self) -> str | None:
        """The flag's value in ``--help`` (``S`` seconds, ``N`` a count; a flag takes none)."""
        return {"seconds": "S", "count": "N"}.get(self.kind)

    @property
    def most(self) -> float:
        if self.at_most is not None:
            return self.at_most
        return MOST_SECONDS if self.kind == "seconds" else MOST_COUNT

    @property
    def wire_type(self) -> str:
        """The value's type on the wire, in the protocol doc's words (``float or nil``)."""
        kind = {"seconds": "float", "count": "int", "flag": "bool"}[self.kind]
        return kind + (" or nil" if self.off is None else "")

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

    # ── the option in players' words (the catalogue's ``table_option.*`` strings) ──

    def shows(self, value: Any, lang: str) -> str:
        """A value as players read it: "20 s", "off", "40 rounds", "none", "on"."""
        from qm_rules.i18n import tr

        if self.kind == "flag":
            return tr("table_option.on" if value else "table_option.off", lang)
        if value is None or (value == 0 and self.zero_is_none):
            return tr("table_option.off" if self.kind == "seconds" else "table_option.none", lang)
        if self.kind == "seconds":
            return tr("table_option.unit.seconds", lang, n=value)
        if self.unit is None:
            return f"{value}"
        return tr(f"table_option.unit.{self.unit}", lang, n=value)

    def typing(self, lang: str) -> str | None:
        """What to type for "off" or "none", when the option has it ("empty or 0 = off")."""
        from qm_rules.i18n import tr

        if self.zero_is_off:
            return tr("table_option.typed.empty_or_zero", lang, off=self.shows(None, lang))
        if self.off is None:
            return tr("table_option.typed.empty", lang, off=self.shows(None, lang))
        if self.zero_is_none:
            return tr("table_option.typed.zero", lang, off=self.shows(0, lang))
        return None

    def words(self, what: Literal["label", "help", "rulebook"], lang: str) -> str:
        """The option's own words in ``lang``, through the catalogue (which has them from here)."""
        from qm_rules.i18n import tr

        return tr(f"table_option.{self.name}.{what}", lang)

    def serve_help(self) -> str:
        """The flag's line in ``qingming serve --help`` (English, as the command line is)."""
        if self.kind == "flag":
            return self.words("help", "en")
        said = [self.typing("en"), f"default: {self.shows(self.default, 'en')}"]
        return f"{self.words('help', 'en')} ({'; '.join(s for s in said if s)})"

    def form_label(self, lang: str) -> str:
        """The host form's label: the option's name, with its unit for seconds."""
        from qm_rules.i18n import tr

        label = self.words("label", lang)
        return tr("table_option.in_seconds", lang, label=label) if self.kind == "seconds" else label

    def range_words(self, lang: str) -> str:
        """The range a value may take, in players' words ("0 to 3600")."""
        from qm_rules.i18n import tr

        return tr("table_option.range", lang, least=f"{self.least:g}", most=f"{self.most:g}")

    def form_hint(self, lang: str) -> str:
        """The host form's hint in an empty field: what empty means, else the range."""
        return self.typing(lang) or self.range_words(lang)


OPTIONS: tuple[Option, ...] = (
    Option(
        "response_timer",
        "seconds",
        20.0,
        label={"zh": "跟牌计时", "en": "Response timer"},
        help={"zh": "跟牌的秒数", "en": "seconds to respond"},
        rulebook={
            "zh": "被询问的玩家超时未答，视为不跟牌。这段时间也包括宣言回应的各个步骤"
            "（选模式、选对象、付代价），不会重新计时：时限内没宣言完的回应被取消，视为不跟牌。"
            "效果结算时要你做的选择（检索、弃牌等）也各有这段时间，超时由主机替你选第一项"
            "（可以不选时为不选）。",
            "en": "A player asked to respond who does not answer in time passes. The time "
            "covers declaring the answer too (its mode, targets and cost) and does not start "
            "again for those steps: an answer not fully declared in time is cancelled, and "
            "counts as a pass. A choice an effect asks of you while it resolves (a search, a "
            "discard) has this time as well; when it runs out, the host takes the first choice "
            "offered (or none, where none is allowed).",
        },
        off=None,
        zero_is_off=True,
        above=True,
    ),
    Option(
        "turn_timer",
        "seconds",
        90.0,
        label={"zh": "回合计时", "en": "Turn timer"},
        help={"zh": "每个回合的秒数", "en": "seconds a turn"},
        rulebook={
            "zh": "超时后，本回合剩下的决定都取默认值（不跟牌、跳过、结束、不宣言、取消），"
            "回合因此进入结束阶段。",
            "en": "When it runs out, the remaining decisions of the turn take their defaults "
            "(pass, skip, end, decline, cancel), which moves the turn to the end phase.",
        },
        off=None,
        zero_is_off=True,
        above=True,
    ),
    Option(
        "round_limit",
        "count",
        40,
        label={"zh": "轮数上限", "en": "Round limit"},
        help={"zh": "平局前的轮数", "en": "rounds before a draw"},
        rulebook={
            "zh": "回合回到先手玩家时，一轮结束。第“上限 + 1”轮将要开始时，游戏以平局结束。"
            "0 = 无上限。",
            "en": "A round ends when the turn passes back to the first player. The game is a "
            'draw when round "limit + 1" would begin. 0 = none.',
        },
        zero_is_none=True,
        unit="rounds",
    ),
    Option(
        "hand_limit",
        "count",
        None,
        label={"zh": "手牌上限", "en": "Hand limit"},
        help={"zh": "结束阶段最多留几张手牌", "en": "cards a hand may keep at the end of a turn"},
        rulebook={
            "zh": "设置后，你在结束阶段把手牌舍弃到上限，一次一张，由你选择。",
            "en": "When set, you discard down to it in your end phase, one card at a time, "
            "your choice.",
        },
        off=None,
        unit="cards",
    ),
    Option(
        "ask_everyone",
        "flag",
        False,
        label={"zh": "询问所有人", "en": "Ask everyone"},
        help={
            "zh": "每次都问每个人，不只是能跟牌的",
            "en": "ask every player to respond, not only those who can",
        },
        rulebook={
            "zh": "关：只询问有合法跟牌的玩家。开：询问每个人，停顿不泄露谁有牌（第 8 节）。",
            "en": "Off: only players holding a legal response are asked. On: everyone is asked, "
            "so a pause reveals nothing (section 8).",
        },
    ),
    Option(
        "disconnect_grace",
        "seconds",
        120.0,
        label={"zh": "断线保留", "en": "Disconnect grace"},
        help={
            "zh": "断线玩家的座位保留的秒数，之后由机器人代打",
            "en": "seconds a dropped seat is kept before a bot plays it",
        },
        rulebook={
            "zh": "断线玩家的座位保留这么久，之后由机器人代打这个座位。",
            "en": "How long a disconnected player's seat is kept; then a bot plays the seat.",
        },
    ),
    Option(
        "web_spectators",
        "count",
        2,
        label={"zh": "浏览器观战", "en": "Browser spectators"},
        help={
            "zh": "座位之外还能从浏览器打开牌桌的人数",
            "en": "browsers let in beyond the seats, to watch",
        },
        rulebook={
            "zh": "牌桌供浏览器打开时，除了每个座位一个，最多再让这么多浏览器进来观战；"
            "再多的连接会被拒绝。",
            "en": "When the table is served to browsers, this many may come in to watch beyond "
            "one for each seat; more are turned away.",
        },
        unit="browsers",
        at_most=20,  # each is a process on the host's machine
    ),
)
BY_NAME = {o.name: o for o in OPTIONS}


def default(name: str) -> Any:
    return BY_NAME[name].default


def as_flag(message: str) -> str:
    """A table option's message names its command-line flag: 'hand_limit must…' →
    '--hand-limit must…' (other messages unchanged)."""
    for option in OPTIONS:
        if message.startswith(option.name + " "):
            return option.flag + message[len(option.name) :]
    return message


def check(values: dict[str, Any]) -> None:
    """Check every option's value (``ValueError``, one line naming the first bad option)."""
    for option in OPTIONS:
        option.check(values[option.name])


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Table options (R22). The engine uses round_limit, hand_limit and ask_everyone; the host
    runs the timers (seconds; None = off)."""

    response_timer: float | None = default("response_timer")
    turn_timer: float | None = default("turn_timer")
    round_limit: int = default("round_limit")  # 0 = none
    hand_limit: int | None = default("hand_limit")
    ask_everyone: bool = default("ask_everyone")
    disconnect_grace: float = default("disconnect_grace")
    web_spectators: int = default("web_spectators")

    def check(self) -> None:
        """Raise ``ValueError`` (one plain line naming the option) for a value no table can
        play with; the ranges are :data:`OPTIONS`'."""
        check({f.name: getattr(self, f.name) for f in dataclasses.fields(self)})

    @classmethod
    def from_plain(cls, d: dict[str, Any] | None) -> GameOptions:
        if not d:
            return cls()
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ValueError(f"unknown table options: {sorted(unknown)}")
        return cls(**d)
