"""The repository speaks of itself: no pointer to files outside it, no label from its building.

Design notes and the game's first description lived outside the repository while it was built;
what they settled is in the rulebook (docs/RULES.md, with its appendix of rulings) and the card
data, and code, docs and tests point there. This test reads every text file of the project.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ["qm_rules", "qm_net", "qm_tui", "qingming", "tools", "benchmarks", "tests", "docs", ".ci"]
SUFFIXES = {".py", ".md", ".toml", ".tcss", ".txt", ".json", ""}
#: Written in pieces so that this file does not name them itself.
FORBIDDEN = [
    "CARDS" + ".md",
    "RULINGS" + ".md",
    "ARCHITECTURE" + ".md",
    "STYLE" + ".md",
    "../" + "shared",
    "/work" + "/",
    "notes" + "/",
    "TUI" + "-A",
    "TUI" + "-B",
    "not built" + " yet",
    "the seed" + "'s",
    " (seed" + ")",
    "user's " + "description",
    "种子" + "文本",
]


def _files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for part in PARTS:
        files += [
            p
            for p in (ROOT / part).rglob("*")
            if p.is_file()
            and p.suffix in SUFFIXES
            and "__snapshots__" not in p.parts
            and "__pycache__" not in p.parts
        ]
    return files


def test_nothing_points_outside_the_repository() -> None:
    files = _files()
    assert len(files) > 100
    found = [
        f"{path.relative_to(ROOT)}:{n}: {phrase}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for phrase in FORBIDDEN
        if phrase in line
    ]
    assert not found, "\n".join(found)


def test_every_markdown_file_named_is_in_the_repository() -> None:
    """A Markdown file named in code, docs or tests is one the repository has: a pointer to a
    note kept elsewhere, or to a file that may be written one day, leads nowhere."""
    have = {p.name for p in ROOT.rglob("*.md") if ".venv" not in p.parts}
    found = [
        f"{path.relative_to(ROOT)}:{n}: {name}"
        for path in _files()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for name in re.findall(r"[\w.-]+\.md\b", line)
        if name not in have
    ]
    assert not found, "\n".join(found)
