"""What the player has finished, remembered between runs: the puzzles solved (and any other kind
of exercise, by its kind's name), in ``progress.json`` in the data dir
(:func:`qm_tui.config.data_dir`: ``~/.local/share/qingming`` on Linux, ``QINGMING_DATA_DIR``
overrides it). No Textual here: ``qingming puzzle`` lists the marks without starting the app.

A file that cannot be read counts as nothing finished (the marks are a convenience, never a
reason not to play); a mark that cannot be saved raises ``OSError`` for the caller to say so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from qm_tui.config import data_dir

FILE_NAME = "progress.json"


def _path() -> Path:
    return data_dir() / FILE_NAME


def _load() -> dict[str, list[str]]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        k: [x for x in v if isinstance(x, str)]
        for k, v in data.items()
        if isinstance(k, str) and isinstance(v, list)
    }


def finished(kind: str) -> set[str]:
    """The names of the ``kind`` ("puzzle", "lesson") finished so far."""
    return set(_load().get(kind, ()))


def mark_finished(kind: str, name: str) -> None:
    """Remember that ``name`` (a ``kind``) was finished. Written whole to a new file first, so
    that a crash never leaves half a file."""
    data = _load()
    names = data.setdefault(kind, [])
    if name in names:
        return
    names.append(name)
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)
