"""Every ``# type: ignore`` in the packages says why: a comment after it on its line, or a
comment line just above it. (mypy, strict, runs in .ci/run; an ignore hides what it would say.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("qm_rules", "qm_net", "qm_tui", "qm_web", "qingming")
BARE = re.compile(r"#\s*type:\s*ignore(\[[^\]]*\])?\s*$")


def unexplained(text: str) -> list[int]:
    """Lines of ``text`` whose ``type: ignore`` ends the line with no comment line above."""
    lines = text.split("\n")
    return [
        i + 1
        for i, line in enumerate(lines)
        if BARE.search(line) and not (i and lines[i - 1].strip().startswith("#"))
    ]


def test_the_check_sees_a_bare_ignore() -> None:
    text = "x = f()  # type: ignore[misc]\n# f is untyped\ny = f()  # type: ignore\nz = 1\n"
    text += "w = f()  # type: ignore[misc]  # f is untyped\n"
    assert unexplained(text) == [1]


def test_every_type_ignore_says_why() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := unexplained(path.read_text(encoding="utf-8")))
    }
    assert not found, f"a type: ignore without its reason: {found}"
