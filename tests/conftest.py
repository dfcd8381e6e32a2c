"""Suite-wide guard: discovery in tests stays on loopback.

Whatever a test forgets to pass, zeroconf's default interfaces are loopback whenever ``CI`` is
set (qm_net.discovery.default_interfaces), and subprocesses inherit the environment. Setting it
here keeps a developer's run of the suite from announcing tables on the machine's real network.
Tests that exercise the non-CI default change it themselves with monkeypatch.
"""

from __future__ import annotations

import os

os.environ.setdefault("CI", "true")
