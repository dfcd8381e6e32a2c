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


@pytest.mark.parametrize(
    "modules",
    [
        "qm_rules, qm_rules.game, qm_rules.cards, qm_rules.model",
        "qm_net, qm_net.host, qm_net.client, qm_net.discovery, qm_net.messages",
        "qm_rules.describe",
    ],
)
def test_headless_packages_do_not_import_textual(modules: str) -> None:
    """A fresh interpreter: importing these must leave Textual (and the TUI) unloaded."""
    out = subprocess.run(
        [sys.executable, "-c", CHECK.format(modules=modules)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "", f"{modules} loaded: {out.stdout.strip()}"


def test_the_check_can_fail() -> None:
    """The same check, on a module that does import Textual, sees it."""
    out = subprocess.run(
        [sys.executable, "-c", CHECK.format(modules="qm_tui.app")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "textual" in out.stdout.split(",")
