"""``qingming`` with no command: the lobby (tables on the LAN, host one, join one).

Shared by ``play`` and ``join``: :func:`launch` resolves the name and language (command line,
else remembered, else defaults) and runs the app.
"""

from __future__ import annotations

import argparse
import os
from typing import Any


def launch(args: argparse.Namespace, start: Any = None, *, bot_delay: float = 0.6) -> int:
    """Run the app, starting in the lobby or with ``start`` (a PlayLocal or JoinAddress)."""
    from qm_tui import config
    from qm_tui.app import QingmingApp

    name, lang = config.resolve(getattr(args, "name", None), getattr(args, "lang", None))
    interfaces = list(args.interface) if getattr(args, "interface", None) else None
    app = QingmingApp(
        name=name,
        lang=lang,
        interfaces=interfaces,
        start=start,
        bot_delay=bot_delay,
        journal=not getattr(args, "no_journal", False),
        first_run=True,  # "how to play" first, unless the config says it was shown
        web=os.environ.get("QINGMING_WEB") == "1",  # run by qm_web for a browser
    )
    app.run()
    return int(app.return_code or 0)


def run(args: argparse.Namespace) -> int:
    return launch(args)
