"""Where the rulebook's text comes from (no Textual here).

The rulebook is ``docs/RULES.md`` in the repository. It ships inside the package as
``qm_tui/docs/RULES.md`` — a symlink in the source tree, so there is one text and nothing to
keep in step; a built wheel holds the file itself. A Chinese edition ``RULES.zh.md``, if one is
ever written, is preferred for ``zh``. ``tests/test_tui_shell.py`` checks that the packaged text
is the repository's.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

REPO_DOCS = Path(__file__).resolve().parent.parent / "docs"


def _names(lang: str) -> list[str]:
    return [f"RULES.{lang}.md", "RULES.md"] if lang != "en" else ["RULES.en.md", "RULES.md"]


def packaged_rules(name: str = "RULES.md") -> str | None:
    """The rulebook as the installed package holds it, or None."""
    try:
        return resources.files("qm_tui").joinpath("docs", name).read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        return None


def repo_rules(name: str = "RULES.md") -> str | None:
    """The rulebook in the source tree next to the package, or None (installed elsewhere)."""
    try:
        return (REPO_DOCS / name).read_text(encoding="utf-8")
    except OSError:
        return None


def rules_markdown(lang: str) -> str | None:
    """The rulebook for ``lang``: the packaged text, else the source tree's; None if neither."""
    for name in _names(lang):
        text = packaged_rules(name) or repo_rules(name)
        if text:
            return text
    return None
