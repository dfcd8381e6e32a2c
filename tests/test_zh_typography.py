"""Chinese that reads as written Chinese, over the whole catalogue, the card data and what a
game's log, prompts and options say: one spacing rule for Chinese beside Latin letters and
digits (a space on each side of a Latin word or a number, none between Chinese characters, a
field spaced as a Latin word: a Chinese value loses the spaces when formatted), full-width
punctuation with no space beside it, no ASCII punctuation against Chinese."""

from __future__ import annotations

import re

import pytest

import qm_tui.i18n  # noqa: F401  (registers the UI's strings)
from qm_rules import Game
from qm_rules.bots import make_bot
from qm_rules.cards import shipped_cards
from qm_rules.i18n import all_strings, spaced
from qm_words import describe_events, describe_options, describe_prompt

HAN = "\u3400-\u4dbf\u4e00-\u9fff"
FULL_WIDTH = "\u3000-\u303f\uff01-\uff60"
DASH = "\u2014\u2014"
RULES = {
    "Chinese beside a Latin letter or digit with no space": re.compile(
        f"[{HAN}][A-Za-z0-9]|[A-Za-z0-9][{HAN}]"
    ),
    "a space after full-width punctuation": re.compile(f"[{FULL_WIDTH}] (?! )"),
    "a space before full-width punctuation": re.compile(f"(?<! ) [{FULL_WIDTH}]"),
    "a space between Chinese characters": re.compile(f"(?<=[{HAN}]) (?=[{HAN}])"),
    "a space beside the Chinese dash": re.compile(f"{DASH} | {DASH}"),
    "ASCII punctuation against Chinese": re.compile(f"[{HAN}][,;:!?()]|[,;:!?()][{HAN}]"),
}
#: In the catalogue, as written: a field stands apart from Chinese as a Latin word does.
FIELD = re.compile(f"\\}}[{HAN}]|[{HAN}]\\{{")


def faults(text: str) -> list[str]:
    return [name for name, rule in RULES.items() if rule.search(text)]


def _zh_strings() -> list[tuple[str, str]]:
    out = []
    for key, texts in sorted(all_strings().items()):
        zh = texts.get("zh")
        for text in zh.values() if isinstance(zh, dict) else [zh]:
            if text:
                out.append((key, text))
    return out


def test_the_whole_catalogue_is_written_by_the_rule() -> None:
    field = ["a field beside Chinese with no space"]
    bad = [
        f"{key}: {faults(text) + (field if FIELD.search(text) else [])}: {text!r}"
        for key, text in _zh_strings()
        if faults(text) or FIELD.search(text)
    ]
    assert not bad, "\n".join(bad)


def test_the_card_data_is_written_by_the_rule() -> None:
    bad = []
    for card in shipped_cards().cards:
        texts = [card.name("zh"), card.text("zh")]
        for text in texts:
            if faults(text):
                bad.append(f"{card.id}: {faults(text)}: {text!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("value", ["bot-2", "3", "鬼打墙", "小明"])
def test_a_field_holding_chinese_or_latin_reads_by_the_rule(value: str) -> None:
    """Every string formatted with its fields holding a Latin name, a number, a Chinese card
    name or a Chinese player name: the text the player reads follows the rule."""
    from qm_rules.i18n import tr

    names = re.compile(r"\{(\w+)\}")
    bad = []
    for key, text in _zh_strings():
        fields = {name: value for name in names.findall(text)}
        said = tr(key, "zh", **fields) if fields else tr(key, "zh")
        if "n" in fields and not value.isdigit():
            continue  # a count is a number
        if faults(said):
            bad.append(f"{key}: {faults(said)}: {said!r}")
    assert not bad, "\n".join(bad)


def test_what_a_game_says_follows_the_rule() -> None:
    """Whole bot games, as each seat reads them: the log, the prompt and its options."""
    bad: set[str] = set()
    for seed in range(6):
        names = ["Ann", "小明", "bot-3"][: 2 + seed % 2]
        game = Game.new(names, seed)
        bots = [make_bot("random", seed + i) for i in range(len(names))]
        events = list(game.opening)
        while game.result is None:
            prompt = game.prompt
            assert prompt is not None
            view = game.view(prompt.seat)
            said = [describe_prompt(view, "zh"), *describe_options(view.prompt.options, view, "zh")]
            bad.update(f"{faults(t)}: {t!r}" for t in said if faults(t))
            events += game.choose(prompt.seat, bots[prompt.seat].choose(view))
        for seat in range(len(names)):
            lines = describe_events(events, seat, "zh", names)
            bad.update(f"{faults(t)}: {t!r}" for t in lines if faults(t))
    assert not bad, "\n".join(sorted(bad))


def test_the_rule_itself() -> None:
    assert spaced("从bot-2的手牌中") == "从 bot-2 的手牌中"
    assert spaced("你在回应： 纸人替身") == "你在回应：纸人替身"
    assert spaced("5个位置") == "5 个位置"
    assert spaced("回车：开始    Esc：跳过") == "回车：开始    Esc：跳过"  # layout kept
    assert spaced("小明 的 鬼打墙") == "小明的鬼打墙"


def test_a_cost_is_worded_as_the_card_words_it() -> None:
    """The option and the step that pays say "舍弃两张手牌", as 拆台's text does."""
    from qm_words import cost_words, option_cost

    card = next(
        c
        for c in shipped_cards().cards
        if c.cost and c.cost[0].op == "discard" and c.cost[0].n == 2
    )
    text = card.text("zh")
    assert "舍弃两张手牌" in text
    assert "舍弃两张手牌" in option_cost(card.cost, "zh")
    assert cost_words("discard", 2, "zh").endswith("舍弃两张手牌")
    assert cost_words("discard", 2, "en").endswith("discard 2 cards")


def test_the_rulebooks_chinese_part_quotes_in_chinese() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text("utf-8")
    zh = text[text.index("# 第一部分") : text.index("\n# Part 2")]
    outside_code = re.sub(r"`[^`]*`|<!--.*?-->", "", zh)
    assert '"' not in outside_code, [ln for ln in outside_code.splitlines() if '"' in ln]
