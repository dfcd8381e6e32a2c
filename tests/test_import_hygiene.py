"""The engine and the network layer never load Textual (knowledge flows one way: README, "How it
is built"):
headless commands stay light, and a bot or a host runs where no terminal UI is installed."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import sys
import {modules}
loaded = sorted(
    m for m in sys.modules
    if m == "textual" or m.startswith("textual.") or m.startswith("qm_tui")
)
print(",".join(loaded))
"""


def _python(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout


@pytest.mark.parametrize(
    "modules",
    [
        "qm_rules, qm_rules.game, qm_rules.cards, qm_rules.model",
        "qm_net, qm_net.host, qm_net.client, qm_net.discovery, qm_net.messages",
        "qm_words",
    ],
)
def test_headless_packages_do_not_import_textual(modules: str) -> None:
    """A fresh interpreter: importing these must leave Textual (and the TUI) unloaded."""
    out = _python(CHECK.format(modules=modules))
    assert out.strip() == "", f"{modules} loaded: {out.strip()}"


def test_the_rules_engine_never_loads_its_words() -> None:
    """The engine and its every module run without the presentation (``qm_words``)."""
    code = (
        "import importlib, pkgutil, sys, qm_rules\n"
        "for m in pkgutil.walk_packages(qm_rules.__path__, 'qm_rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('qm_words'))))\n"
    )
    assert _python(code).strip() == ""


def test_the_check_can_fail() -> None:
    """The same check, on a module that does import Textual, sees it."""
    out = _python(CHECK.format(modules="qm_tui.app"))
    assert "textual" in out.split(",")


_COMMANDS_LOADED = """
import contextlib, io, sys
from qingming.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main({argv!r})
loaded = [m for m in sys.modules if m.startswith("qingming.commands.")]
print(",".join(sorted(m.rsplit(".", 1)[1] for m in loaded)))
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "--games", "1", "--players", "2", "--bots", "random", "--json"],
        ["--lang", "zh", "sim", "--games", "1", "--players", "2", "--bots", "random"],
        ["--name", "sim", "--lang=zh", "sim", "--games", "1", "--players", "2", "--bots", "random"],
    ],
)
def test_a_command_loads_only_its_own_module(argv: list[str]) -> None:
    """``qingming --lang zh sim`` loads sim's module (and play's, for the top level's
    --no-journal), not every command's: ``zh`` is --lang's value, not the command word."""
    out = _python(_COMMANDS_LOADED.format(argv=argv))
    loaded = set(out.strip().split(","))
    assert "sim" in loaded and not loaded & {"serve", "join", "bot", "replay", "verify"}, loaded


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["--lang", "zh", "sim"], "sim"),
        (["--name", "sim", "serve", "--seats", "3"], "serve"),  # a name is not a command
        (["--interface", "127.0.0.1", "--no-journal", "tables"], "tables"),
        (["sim", "-h"], "sim"),
        (["--lang", "zh", "-h", "sim"], None),  # the top level's help lists every command
        (["--lang", "xx", "sim"], None),  # the full parser says what is wrong
        (["--n", "x", "sim"], None),  # ambiguous: the same
        (["--name", "play"], None),  # the lobby
    ],
)
def test_the_command_word_is_not_an_options_value(argv: list[str], word: str | None) -> None:
    from qingming.cli import build_parser, command_word

    assert command_word(argv) == word
    if word is not None and "-h" not in argv:  # and the parser built for it reads the line
        assert build_parser(word).parse_args(argv).command == word
