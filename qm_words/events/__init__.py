"""One describer an event kind, each in its kind's module with its words (see ``_line``).

Importing the package loads every module in it, and so registers every describer; the
catalogue loads the modules' ``STRINGS`` (:mod:`qm_words` registers the package).
"""

from __future__ import annotations

import importlib
import pkgutil

from ._line import DESCRIBERS, Describer, Line, describes

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")

__all__ = ["DESCRIBERS", "Describer", "Line", "describes"]
