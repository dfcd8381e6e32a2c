"""The README's command table names exactly the options the real command line has.

Each row ``| `qingming CMD …` | … |`` is held to ``qingming CMD --help``'s parser: every option
the parser knows appears in the row, and every ``--option`` the row names exists. (The lobby's
common options, ``--lang``, ``--name`` and ``--interface``, are described below the table;
``serve``'s table options are the generated list after it.)
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from qingming.cli import build_parser
from qingming.commands import COMMANDS

README = Path(__file__).resolve().parent.parent / "README.md"
COMMON = {"--lang", "--name", "--interface"}  # play and join take the lobby's options too


def _rows() -> dict[str, str]:
    """Each command's row; ``serve``'s with the generated list of table options after the table
    (its table-option flags are listed there, one row each)."""
    text = README.read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\| `qingming (\w+)[^|]*", line)
        if found:
            rows[found.group(1)] = line
    options = re.search(r"<!-- options:en -->\n(.*?)<!-- /options:en -->", text, re.S)
    assert options, "the README has no list of table options"
    rows["serve"] += options.group(1)
    return rows


def _options(command: str) -> list[set[str]]:
    """Each option of ``qingming COMMAND`` as the set of its spellings (``{"-v", "--verbose"}``)."""
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [
        set(action.option_strings)
        for action in sub.choices[command]._actions
        if action.option_strings and not isinstance(action, argparse._HelpAction)
    ]


def test_every_command_has_a_row() -> None:
    assert set(_rows()) == set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_the_row_names_the_commands_options(command: str) -> None:
    row = _rows()[command]
    options = [o for o in _options(command) if not (command in ("play", "join") and o & COMMON)]
    named = set(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", row))
    missing = [sorted(o) for o in options if not o & named]
    assert not missing, f"README's `qingming {command}` row lacks {missing}"
    unknown = named - set().union(*options)
    assert not unknown, (
        f"README's `qingming {command}` row names {sorted(unknown)}, which it has not"
    )


def test_the_flags_said_to_take_a_strategy_by_name_are_exactly_those_that_do() -> None:
    """The README says which bot-level flags also take a strategy's name; every flag that
    takes a level (``normal``) is held to it: named there, it takes each strategy named;
    not named, it takes none of them."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    said = re.search(r"([^.;]*) take a level too, or a strategy by name \(([^)]*)\)", text)
    assert said, "README no longer says which flags take a strategy by name"
    flags = set(re.findall(r"`(\w+) (--[a-z-]+)`", said.group(1)))
    strategies = re.findall(r"`(\w+)`", said.group(2))
    assert flags and strategies
    level_flags = set()
    for command in COMMANDS:
        sub = next(
            a for a in build_parser(command)._actions if isinstance(a, argparse._SubParsersAction)
        )
        for action in sub.choices[command]._actions:
            if action.choices is not None and "normal" in action.choices:
                flag = next(o for o in action.option_strings if o.startswith("--"))
                level_flags.add((command, flag))
                takes = {s for s in strategies if s in action.choices}
                expected = set(strategies) if (command, flag) in flags else set()
                assert takes == expected, f"qingming {command} {flag} takes {sorted(takes)}"
    assert flags <= level_flags
