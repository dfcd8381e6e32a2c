"""Chinese and English strings for the UI: ``tr("lobby.title", "zh")``.

The strings live in :mod:`qm_tui.strings`, one module a part of the UI (``lobby``, ``table``…),
each defining ``STRINGS: dict[key, {"zh": ..., "en": ...}]``. They are merged here once; two
modules defining the same key is an error, so two people can add strings without colliding
silently. Card names and texts come from the card data (``qm_rules.cards``), not from here.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from qm_tui import strings as _strings_pkg

LANGS = ("zh", "en")


@cache
def all_strings() -> dict[str, dict[str, str]]:
    """Every UI string, from every module of :mod:`qm_tui.strings`."""
    merged: dict[str, dict[str, str]] = {}
    for info in sorted(pkgutil.iter_modules(_strings_pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{_strings_pkg.__name__}.{info.name}")
        table: dict[str, dict[str, str]] = getattr(module, "STRINGS", {})
        for key, texts in table.items():
            if key in merged:
                raise ValueError(f"UI string {key!r} is defined twice (again in {info.name})")
            merged[key] = texts
    return merged


def tr(key: str, lang: str, /, **kwargs: object) -> str:
    """The string ``key`` in ``lang``, formatted with ``kwargs``.

    An unknown key comes back as itself (visible in the UI and caught by the strings test),
    never as an exception in the middle of a game.
    """
    texts = all_strings().get(key)
    if texts is None:
        return key
    text = texts.get(lang) or texts.get("en") or key
    return text.format(**kwargs) if kwargs else text


def has(key: str) -> bool:
    """Whether ``key`` is a known string."""
    return key in all_strings()
