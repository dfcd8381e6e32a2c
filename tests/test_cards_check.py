"""``qingming cards check``: every fault of a card set at once, each on its line; and ``cards
new``. The broken sets in ``tests/cardsets/broken`` mark each line at fault with a comment
``# <- CODE`` (the fault's kind): the check must name exactly those lines, with those kinds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from qingming.cli import main
from qm_rules.cardcheck import check
from qm_rules.cards import parse_cards, shipped_source

SETS = Path(__file__).parent / "cardsets"
BROKEN = sorted((SETS / "broken").glob("*.toml"))
MARK = re.compile(r"#\s*<-\s*(.+)$")


def _marked(path: Path) -> list[tuple[int, str]]:
    """The (line, kind) pairs the file's ``# <- kind, kind`` comments mark."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = MARK.search(line)
        if m:
            out += [(n, code.strip()) for code in m.group(1).split(",")]
    return sorted(out)


def test_the_shipped_set_and_the_tiny_one_are_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(shipped_source()) == []
    assert check((SETS / "tiny.toml").read_bytes()) == []
    assert main(["cards", "check", "--lang", "en", str(SETS / "tiny.toml")]) == 0
    out = capsys.readouterr().out
    assert "nothing wrong" in out and "10 cards, 6 of them ancestors" in out


def test_there_are_broken_sets_of_each_kind_the_issue_names() -> None:
    kinds = {code for path in BROKEN for _, code in _marked(path)}
    wanted = {"unknown_op", "unknown_key", "empty_filter", "missing_language", "no_condition"}
    assert wanted | {"deck_too_big", "few_ancestors", "toml"} <= kinds


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_each_fault_is_named_on_its_line(path: Path) -> None:
    marked = _marked(path)
    assert marked, f"{path.name} marks no line"
    faults = check(path.read_bytes())
    assert sorted((f.line, f.code) for f in faults) == marked
    for f in faults:  # a sentence in each language, every placeholder filled
        for lang in ("en", "zh"):
            words = f.sentence(lang)
            assert words and "{" not in words.replace("{ op", ""), (f, words)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_the_command_lists_them_all_and_exits_1(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["cards", "check", "--lang", "en", str(path)]) == 1
    out = capsys.readouterr().out
    for line, _ in _marked(path):
        assert f"{path}:{line}: " in out
    assert main(["cards", "check", "--json", "--lang", "en", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert sorted((f["line"], f["code"]) for f in data["faults"]) == _marked(path)
    assert all(f["message"] and "field" in f for f in data["faults"])


def test_all_at_once_names_the_card_and_the_field(capsys: pytest.CaptureFixture[str]) -> None:
    path = SETS / "broken" / "all_at_once.toml"
    main(["cards", "check", "--lang", "en", str(path)])
    out = capsys.readouterr().out
    assert 'card sweep, effect[1][1]: Unknown clause op "explode"' in out
    assert "card fire, name.zh: name has no zh words" in out
    assert "card a3, condition.filter: The filter tag = holy matches no card" in out
    assert "card a4, condition: An ancestor needs a worship condition" in out


def test_no_edit_of_a_line_makes_it_raise() -> None:
    """Whatever one line of a set becomes (gone, doubled, cut short, its value another type),
    the check answers with faults, never an exception; and what it passes, loads."""
    lines = (SETS / "tiny.toml").read_text(encoding="utf-8").splitlines()
    edits = [
        lambda ln: "",
        lambda ln: ln + "\n" + ln,
        lambda ln: ln[: len(ln) // 2],
        lambda ln: re.sub(r"= .*", "= 0", ln),
        lambda ln: re.sub(r"= .*", '= "x"', ln),
        lambda ln: re.sub(r"= .*", "= [{}]", ln),
    ]
    for i in range(len(lines)):
        for edit in edits:
            text = "\n".join([*lines[:i], edit(lines[i]), *lines[i + 1 :]])
            faults = check(text.encode())
            if not faults:
                parse_cards(text.encode())  # clean: it loads


def test_new_writes_a_set_that_checks_clean_and_keeps_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.toml"
    assert main(["cards", "new", str(path)]) == 0
    assert check(path.read_bytes()) == []
    assert parse_cards(path.read_bytes()).digest == parse_cards(shipped_source()).digest
    before = path.read_bytes()
    assert main(["cards", "new", str(path)]) == 1  # never overwritten
    assert path.read_bytes() == before
