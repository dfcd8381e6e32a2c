"""What players read is written for players: no ruling numbers, no internal ids, plain errors.

Maintainers cite rulings (``# R19``) in tests and docstrings; the command line's help, the replay
and the errors a player meets say the same things in words.
"""

from __future__ import annotations

import argparse
import re

import pytest

from qingming.cli import build_parser
from qingming.commands import COMMANDS

RULING = re.compile(r"(?<![A-Za-z0-9])R\d+(?!\d)")
#: An option or card id as the engine names it: ``place:26``, ``[pick:5]``.
INTERNAL_ID = re.compile(r"\b[a-z_]+:\d+\b")


def _help(command: str | None) -> str:
    parser = build_parser(command)
    if command is None:
        return parser.format_help()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command].format_help()


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_no_ruling_numbers_or_internal_ids(command: str | None) -> None:
    text = _help(command)
    assert "usage: qingming" in text  # the help was really rendered
    assert not RULING.search(text), RULING.findall(text)
    assert not INTERNAL_ID.search(text), INTERNAL_ID.findall(text)
