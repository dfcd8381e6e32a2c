"""The table options' words: each option's own (its name, what it sets, its rulebook line) come
from its entry in :data:`qm_rules.options.OPTIONS`, the one place an option is defined; the
words all options share (units, "off", what to type) are here."""

from qm_rules.options import OPTIONS

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "table_option.on": {"zh": "开", "en": "on"},
    "table_option.off": {"zh": "关", "en": "off"},
    "table_option.none": {"zh": "无", "en": "none"},
    "table_option.unit.seconds": {"zh": "{n:g} 秒", "en": "{n:g} s"},
    "table_option.unit.rounds": {"zh": "{n} 轮", "en": {"one": "{n} round", "other": "{n} rounds"}},
    "table_option.unit.cards": {"zh": "{n} 张", "en": {"one": "{n} card", "other": "{n} cards"}},
    "table_option.unit.browsers": {
        "zh": "{n} 个浏览器",
        "en": {"one": "{n} browser", "other": "{n} browsers"},
    },
    "table_option.typed.empty_or_zero": {"zh": "空或 0 = {off}", "en": "empty or 0 = {off}"},
    "table_option.typed.empty": {"zh": "空 = {off}", "en": "empty = {off}"},
    "table_option.typed.zero": {"zh": "0 = {off}", "en": "0 = {off}"},
    "table_option.in_seconds": {"zh": "{label}（秒）", "en": "{label} (s)"},
    "table_option.range": {"zh": "{least} 到 {most}", "en": "{least} to {most}"},
    "table_option.head": {"zh": "| 选项 | 默认 | 说明 |", "en": "| Option | Default | Meaning |"},
    **{
        f"table_option.{o.name}.{what}": dict(getattr(o, what))
        for o in OPTIONS
        for what in ("label", "help", "rulebook")
    },
}
