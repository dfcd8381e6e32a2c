"""The UI's strings join the one catalogue (:mod:`qm_rules.i18n`): ``tr("lobby.title", "zh")``.

The UI's strings live in :mod:`qm_tui.strings`, one module a part of the UI (``lobby``,
``table``...), in the catalogue's format; importing this module registers them, and everything
in ``qm_tui`` translates through here.
"""

from __future__ import annotations

import qm_words  # noqa: F401  (registers the game's words: the log, options, prompts)
from qm_rules.i18n import LANGS, all_strings, has, register, tr

register("qm_tui.strings")

__all__ = ["LANGS", "all_strings", "has", "tr"]
