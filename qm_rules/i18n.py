"""The one catalogue of player-facing words, Chinese and English: ``tr("phase.draw", "zh")``.

Strings live in ``strings`` packages, one module a part of the game or the UI, each defining
``STRINGS: dict[key, {"zh": ..., "en": ...}]``: the engine's words (the log, options, prompts,
results) in :mod:`qm_rules.strings`; the terminal UI adds :mod:`qm_tui.strings` when it loads
(:func:`register`), so the engine never imports the UI. Two modules defining the same key is an
error, so two people can add strings without colliding silently. Card names and texts come from
the card data (``qm_rules.cards``), not from here.

A text that depends on a count has plural forms, keyed by CLDR category and chosen by the
``n`` argument: ``{"zh": "抽了 {n} 张牌", "en": {"one": "draws {n} card", "other": "draws {n}
cards"}}``. Chinese has one form; English has ``one`` and ``other``. ``tests/test_catalogue.py``
lists every string missing from the catalogue or unused by the code, in either language.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping

LANGS = ("zh", "en")

#: A string in one language: a text, or its plural forms by category.
Text = str | Mapping[str, str]

#: The plural category of a count, per language (CLDR: Chinese has none, English one/other).
PLURAL: dict[str, Callable[[int], str]] = {
    "zh": lambda n: "other",
    "en": lambda n: "one" if n == 1 else "other",
}
#: The categories each language's plural forms must name.
PLURAL_FORMS: dict[str, frozenset[str]] = {
    "zh": frozenset({"other"}),
    "en": frozenset({"one", "other"}),
}

_PACKAGES: list[str] = ["qm_rules.strings"]
_merged: dict[str, dict[str, Text]] | None = None


def register(package: str) -> None:
    """Add the ``strings`` package ``package`` (a dotted name) to the catalogue."""
    global _merged
    if package not in _PACKAGES:
        _PACKAGES.append(package)
        _merged = None


def all_strings() -> dict[str, dict[str, Text]]:
    """Every string of every registered package, by key."""
    global _merged
    if _merged is None:
        merged: dict[str, dict[str, Text]] = {}
        for package in _PACKAGES:
            pkg = importlib.import_module(package)
            for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
                module = importlib.import_module(f"{package}.{info.name}")
                for key, texts in getattr(module, "STRINGS", {}).items():
                    if key in merged:
                        raise ValueError(
                            f"string {key!r} is defined twice (again in {module.__name__})"
                        )
                    merged[key] = texts
        _merged = merged
    return _merged


def tr(key: str, lang: str, /, **kwargs: object) -> str:
    """The string ``key`` in ``lang``, formatted with ``kwargs`` (its plural form by ``n``).

    An unknown key comes back as itself (visible on screen and caught by the catalogue test),
    never as an exception in the middle of a game.
    """
    texts = all_strings().get(key)
    if texts is None:
        return key
    text = texts.get(lang) or texts.get("en") or key
    if not isinstance(text, str):
        n = kwargs.get("n")
        form = PLURAL.get(lang, PLURAL["en"])(n) if isinstance(n, int) else "other"
        text = text.get(form) or text.get("other") or key
    text = text.format(**kwargs) if kwargs else text
    return spaced(text) if lang == "zh" else text


# ── Chinese beside Latin letters and digits: one rule ──────────────────────────────────────
#
# Written Chinese puts no space between its own characters, nor around full-width punctuation;
# a Latin word or a number inside it (a player's name, a count, a key) stands apart by one
# space on each side: "root 看了 bot-2 的手牌", "5 个位置", "按 Esc 跳过". Strings are written
# that way, with a space around each field (``{who} 的``), and :func:`spaced` makes the text as
# formatted follow the rule whatever a field holds: a Chinese card name or player name in a
# field loses the spaces a Latin one keeps. Two or more spaces are layout (a hint line's
# columns) and are kept.

#: Chinese characters (the unified ideographs and extension A).
HAN = r"\u3400-\u4dbf\u4e00-\u9fff"
#: Full-width punctuation: the CJK symbols (、。《》「」【】) and the full-width forms (，：（）！).
FULL_WIDTH = r"\u3000-\u303f\uff01-\uff60"
_LATIN = "A-Za-z0-9"
_JOINED = re.compile(f"(?<=[{HAN}])(?=[{_LATIN}])|(?<=[{_LATIN}])(?=[{HAN}])")
_LOOSE = re.compile(
    f"(?<=[{HAN}{FULL_WIDTH}]) (?=[{HAN}{FULL_WIDTH}])"  # between Chinese, or by its punctuation
    f"|(?<=[{FULL_WIDTH}]) (?=\\S)|(?<=\\S) (?=[{FULL_WIDTH}])"  # after or before punctuation
    "|(?<=\u2014\u2014) (?=\\S)|(?<=\\S) (?=\u2014\u2014)"  # by the Chinese dash
)


def spaced(text: str) -> str:
    """``text`` (Chinese) following the one spacing rule above."""
    return _LOOSE.sub("", _JOINED.sub(" ", text))


def has(key: str) -> bool:
    """Whether ``key`` is a known string."""
    return key in all_strings()
