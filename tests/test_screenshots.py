"""The README's pictures are the app's own screenshots, and the script that takes them works.

Taking the table and result pictures plays a whole game (tools/screenshots.py, by hand); here
the lobby picture is taken into a temporary folder, and the README's pictures are checked to
exist and to be Textual's SVG exports.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from tui_support import isolate

from tools import screenshots

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_shows_the_apps_own_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]+\]\((docs/screenshots/[\w-]+\.svg)\)", readme)
    assert {Path(p).stem for p in shown} == {"lobby", "table-chain", "result"}
    for path in shown:
        svg = (ROOT / path).read_text(encoding="utf-8")
        assert svg.startswith('<svg class="rich-terminal"'), path  # Textual's export_screenshot


async def test_the_script_takes_the_lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(tmp_path, monkeypatch)
    monkeypatch.setattr(screenshots, "OUT", tmp_path / "docs" / "screenshots")
    await screenshots.lobby()
    svg = (tmp_path / "docs" / "screenshots" / "lobby.svg").read_text(encoding="utf-8")
    assert svg.startswith('<svg class="rich-terminal"')
    text = html.unescape(svg).replace("\xa0", " ")
    for table in screenshots._tables():
        assert table.name in text  # type: ignore[attr-defined]
