"""Which build of the engine runs: pure Python, or compiled by mypyc (``tools/compile.py``).

The compiled build is an option for speed (README, "A faster engine"): the same source files,
compiled into extension modules that sit beside them, which Python then imports in their
place. Built from other sources than those beside them, they would run rules that the files
no longer say, silently: so the package refuses to import (:func:`check`) when an extension
module's source has changed since it was built. ``tools/compile.py`` records each source's
hash in :data:`MANIFEST` when it builds, and removes it all with ``--clean``.

This module is never compiled: it is what checks the compiled ones.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The package's directory.
HERE = Path(__file__).resolve().parent

#: Written by ``tools/compile.py``: the hash of each compiled module's source, by its path
#: relative to the package (``"game.py"``, ``"bots/random_bot.py"``).
MANIFEST = "compiled.json"


class StaleBuild(ImportError):
    """Extension modules beside the sources were not built from them."""


def compiled_sources(root: Path = HERE) -> list[str]:
    """The sources (relative to ``root``, the package) that have an extension module beside
    them, which Python imports instead of the source."""
    found = []
    for folder in (root, root / "bots"):
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir()):
            for suffix in EXTENSION_SUFFIXES:
                if entry.name.endswith(suffix):
                    source = entry.with_name(entry.name[: -len(suffix)] + ".py")
                    if source.is_file():
                        found.append(source.relative_to(root).as_posix())
                    break
    return found


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(root: Path = HERE) -> str:
    """``"mypyc"`` if the engine's modules are compiled (and built from the sources beside
    them), ``"python"`` if none is. Raises :class:`StaleBuild`, naming the modules and what
    to run, if any extension module was built from other sources (or by another tool)."""
    sources = compiled_sources(root)
    if not sources:
        return "python"
    try:
        built = json.loads((root / MANIFEST).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        built = {}
    stale = [s for s in sources if built.get(s) != source_hash(root / s)]
    if stale:
        raise StaleBuild(
            f"qm_rules: the compiled {', '.join(stale)} "
            f"{'was' if len(stale) == 1 else 'were'} not built from the source beside "
            "it (changed since?), so Python would run the old rules. Build again with "
            "`python tools/compile.py`, or go back to pure Python with "
            "`python tools/compile.py --clean`."
        )
    return "mypyc"
