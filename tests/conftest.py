"""Suite-wide guard: discovery in tests stays on loopback.

Whatever a test forgets to pass, zeroconf's default interfaces are loopback whenever ``CI`` is
set (qm_net.discovery.default_interfaces), and subprocesses inherit the environment. Setting it
here keeps a developer's run of the suite from announcing tables on the machine's real network.
Tests that exercise the non-CI default change it themselves with monkeypatch.

Likewise the app's state and data directories (seat tokens, game journals) point into a
temporary directory, so no test writes into the developer's home.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("CI", "true")
_scratch = tempfile.mkdtemp(prefix="qm-tests-")
os.environ.setdefault("QINGMING_STATE_DIR", os.path.join(_scratch, "state"))
os.environ.setdefault("QINGMING_DATA_DIR", os.path.join(_scratch, "data"))
