"""Suite-wide guard: discovery in tests stays on loopback.

Whatever a test forgets to pass, zeroconf's default interfaces are loopback whenever ``CI`` is
set (qm_net.interfaces.default_interfaces), and subprocesses inherit the environment. Setting it
here keeps a developer's run of the suite from announcing tables on the machine's real network.
Tests that exercise the non-CI default change it themselves with monkeypatch.

Likewise the app's state and data directories (seat tokens, game journals) point into a
temporary directory, so no test writes into the developer's home. And the apps a test runs in
its own process start with the answer guard off (below).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("CI", "true")
_scratch = tempfile.mkdtemp(prefix="qm-tests-")
os.environ.setdefault("QINGMING_STATE_DIR", os.path.join(_scratch, "state"))
os.environ.setdefault("QINGMING_DATA_DIR", os.path.join(_scratch, "data"))


@pytest.fixture(autouse=True)
def _answer_guard_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process apps start with the answer guard off (qm_tui.config.ANSWER_GUARD: keys
    pressed in the first moment after a new question are not taken). Pilot tests press keys
    the instant a prompt shows, on a fake clock that moves only when told to; the guard's own
    tests (test_tui_answer_guard.py) turn it on and move the clock. Processes the tests start
    (``qingming`` itself) keep the real default: what they drive waits for the guard."""
    from qm_tui import config

    monkeypatch.setattr(config, "ANSWER_GUARD", 0.0)


@pytest.fixture(autouse=True)
def _shipped_cards_shown() -> Iterator[None]:
    """Each test starts naming cards from the game's own set: a command run in-process with
    ``--cards FILE`` shows its set's names (qm_rules.shown), as its own program would."""
    yield
    from qm_rules.shown import show_cards

    show_cards(None)
