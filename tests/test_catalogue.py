"""The catalogue (qm_rules.i18n, with the UI's strings registered) is whole and has no dead words.

Every string is in both languages with the same fields and valid plural forms; every key the
code asks ``tr()`` for exists; every key in the catalogue is used by the code. "Used" is read
from the source with ``ast``: a string constant equal to the key (``"cmd.rulebook"`` in a
table of actions), an f-string or a sum whose fixed parts match it
(``f"result.reason.{reason}"``, ``"card.kind." + kind``), or a binding id
(``Binding(..., id="table.pass")`` uses ``key.table.pass``, the footer's word).
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import qm_tui.i18n  # noqa: F401  (registers the UI's strings)
import qm_words  # noqa: F401  (registers the game's words)
from qm_rules.i18n import LANGS, PLURAL_FORMS, all_strings, tr

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["qm_rules", "qm_words", "qm_net", "qm_tui", "qm_web", "qingming", "tools"]
#: What a formatted part of an f-string key may stand for: one segment of a key.
SEGMENT = "[a-z0-9_]+"


def _modules() -> Iterator[tuple[Path, ast.Module]]:
    """Every module of the code, but the catalogue's own: the ``strings`` packages, and the
    ``STRINGS`` a module defines beside the code that uses them (an event's describer)."""
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "strings" not in path.relative_to(ROOT).parts:
                tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
                tree.body = [n for n in tree.body if not _defines_strings(n)]
                yield path, tree


def _defines_strings(node: ast.stmt) -> bool:
    """``STRINGS = {...}`` (or annotated): a module's words, not a use of them."""
    targets = node.targets if isinstance(node, ast.Assign) else []
    if isinstance(node, ast.AnnAssign):
        targets = [node.target]
    return any(isinstance(t, ast.Name) and t.id == "STRINGS" for t in targets)


def _pattern(node: ast.JoinedStr) -> re.Pattern[str] | None:
    """The keys an f-string can make, as a regex; None unless it starts with a fixed segment of
    a key (``f"result.reason.{reason}"``): ``f"{key}.text"`` could be any key, and so could
    ``f"key.{binding_id}"`` (the footer's words: binding ids say which are used)."""
    first = node.values[0] if node.values else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    if not re.match(r"[a-z0-9_]+\.", first.value) or first.value == "key.":
        return None
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            if not re.fullmatch(r"[a-z0-9_.]*", value.value):
                return None  # not a key: a file name, a host name...
            parts.append(re.escape(value.value))
        else:
            parts.append(SEGMENT)
    return re.compile("".join(parts))


def _key_pattern(node: ast.AST) -> re.Pattern[str] | None:
    """:func:`_pattern` for an f-string, and the same for ``"card.kind." + kind``."""
    if isinstance(node, ast.JoinedStr):
        return _pattern(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = [node.left, node.right]
        values = [p if isinstance(p, ast.Constant) else ast.FormattedValue(p, -1) for p in parts]
        return _pattern(ast.JoinedStr(values=values))  # type: ignore[arg-type]
    return None


def _uses() -> tuple[set[str], list[re.Pattern[str]], set[str], list[str]]:
    """(string constants, f-string key patterns, binding ids, tr() keys that are constants or
    patterns shown as text) over all the source."""
    constants: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    binding_ids: set[str] = set()
    asked: list[str] = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.JoinedStr | ast.BinOp):
                pattern = _key_pattern(node)
                if pattern is not None:
                    patterns.append(pattern)
            elif isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "Binding":
                    for kw in node.keywords:
                        if kw.arg == "id" and isinstance(kw.value, ast.Constant):
                            binding_ids.add(str(kw.value.value))
                        elif kw.arg == "id" and isinstance(kw.value, ast.JoinedStr):
                            pattern = _pattern(kw.value)
                            if pattern is not None:
                                patterns.append(re.compile(r"key\." + pattern.pattern))
                if name == "tr" and node.args:
                    first = node.args[0]
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        asked.append(f"{first.value} ({where})")
                    elif isinstance(first, ast.JoinedStr | ast.BinOp):
                        pattern = _key_pattern(first)
                        if pattern is not None:
                            asked.append(f"/{pattern.pattern}/ ({where})")
    return constants, patterns, binding_ids, asked


def test_every_string_is_in_both_languages_with_the_same_fields() -> None:
    fields = string.Formatter()
    problems = []
    for key, texts in all_strings().items():
        if set(texts) != set(LANGS):
            problems.append(f"{key}: languages {sorted(texts)}")
            continue
        names = []
        for lang in LANGS:
            text = texts[lang]
            forms = {"other": text} if isinstance(text, str) else dict(text)
            if not isinstance(text, str):
                if set(forms) != PLURAL_FORMS[lang] and set(forms) != {"other"}:
                    problems.append(f"{key}: {lang} plural forms {sorted(forms)}")
                if not all("{n}" in form or "{n:" in form for form in forms.values()):
                    problems.append(f"{key}: {lang} plural forms without {{n}}")
            for form in forms.values():
                names.append({f for _, f, _, _ in fields.parse(form) if f})
        if any(n != names[0] for n in names):
            problems.append(f"{key}: fields differ {names}")
    assert not problems, "\n".join(problems)


def test_every_key_the_code_asks_for_exists() -> None:
    keys = set(all_strings())
    *_, asked = _uses()
    missing = []
    for entry in asked:
        shown, _, where = entry.partition(" ")
        if shown.startswith("/"):
            pattern = re.compile(shown.strip("/"))
            if not any(pattern.fullmatch(k) for k in keys):
                missing.append(entry)
        elif shown not in keys:
            missing.append(entry)
    assert len(asked) > 100  # the scan really read the code
    assert not missing, "keys asked for but not in the catalogue:\n" + "\n".join(missing)


def test_every_key_in_the_catalogue_is_used() -> None:
    constants, patterns, binding_ids, _ = _uses()
    unused = [
        key
        for key in all_strings()
        if key not in constants
        and not (key.startswith("key.") and key[4:] in binding_ids)
        and not any(p.fullmatch(key) for p in patterns)
    ]
    assert not unused, "strings no code uses:\n" + "\n".join(sorted(unused))


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [("en", 1, "1 card"), ("en", 2, "2 cards"), ("en", 0, "0 cards"), ("zh", 1, "1 张")],
)
def test_plural_forms_follow_the_count(
    lang: str, n: int, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = {"zh": "{n} 张", "en": {"one": "{n} card", "other": "{n} cards"}}
    monkeypatch.setitem(all_strings(), "test.cards", entry)
    assert tr("test.cards", lang, n=n) == expected


_CJK = re.compile(r"[\u4e00-\u9fff]")
#: Chinese the code may hold outside the catalogue: the app's bilingual name and the language
#: switch's label, which read the same in both languages.
_BILINGUAL = ("清明", "中文/")
#: Code that defines words the catalogue takes from it (``qm_rules.strings.table_options`` reads
#: each table option's words from its one definition): its Chinese must be catalogue words.
_FEEDS_THE_CATALOGUE = {"qm_rules/options.py"}


def _catalogue_words() -> set[str]:
    return {
        text
        for texts in all_strings().values()
        for value in texts.values()
        for text in ([value] if isinstance(value, str) else value.values())
    }


def test_no_chinese_words_outside_the_catalogue() -> None:
    """A Chinese text in the code is a string the catalogue does not have (with its English)."""
    found = []
    words = _catalogue_words()
    for path, tree in _modules():
        feeds = str(path.relative_to(ROOT)) in _FEEDS_THE_CATALOGUE
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and _CJK.search(node.value)
                and not any(word in node.value for word in _BILINGUAL)
                and not (feeds and node.value in words)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("actions", "lang", "expected"),
    [
        (["search", "use"], "en", "This turn nobody may search or use Burning cards (Civilized"),
        (["search"], "en", "This turn nobody may search Burning cards ("),
        (["use"], "zh", "本回合所有玩家不能使用燃烧牌（"),
    ],
)
def test_a_prohibition_is_told_by_its_tag_and_actions(
    actions: list[str], lang: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qm_rules.cards import shipped_cards
    from qm_rules.model import Event
    from qm_words import describe

    source = next(c.id for c in shipped_cards().cards if c.name.en.startswith("Civilized"))
    event = Event("prohibit", None, {"tag": "burning", "actions": actions, "source": source})
    assert describe(event, lang).startswith(expected)
    # Another tag is named as itself, not as Burning.
    monkeypatch.setitem(all_strings(), "tag.paper", {"zh": "纸", "en": "Paper"})
    other = Event("prohibit", None, {"tag": "paper", "actions": actions, "source": source})
    assert "Burning" not in describe(other, "en") and "Paper" in describe(other, "en")


#: Glossary terms (docs/RULES.md, section 16) that the Chinese catalogue must say in the
#: glossary's word wherever the English says the term: a field slot was 格 or 格子 in the log,
#: the options and the table's notes, 空位 in another, where the rulebook says 位置; a game ended
#: at the round limit "到达回合上限" (回合 is a turn), where the table option says 轮数上限.
_GLOSSARY_TERMS = ("slot", "round")


def _glossary() -> dict[str, str]:
    """The rulebook's glossary, from its Chinese half: English term -> Chinese word."""
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    part = text[text.index("## 16 术语表") :]
    part = part[: part.index("\n## ", 1)]
    rows = re.findall(r"^\| ([^|]+) \| ([^|]+) \|", part, re.M)
    return {en.strip(): zh.strip() for zh, en in rows}


def _forms(text: object) -> str:
    return text if isinstance(text, str) else " ".join(text.values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("term", _GLOSSARY_TERMS)
def test_chinese_says_a_glossary_term_in_the_glossarys_word(term: str) -> None:
    word = _glossary()[term]  # a KeyError: the glossary has no such term any more
    strings = all_strings()
    saying = [
        key
        for key, texts in strings.items()
        if re.search(rf"\b{term}s?\b", _forms(texts["en"]), re.I)
    ]
    assert len(saying) >= 3  # the scan really found the strings that say it
    wrong = [
        f"{key}: {_forms(strings[key]['zh'])}"
        for key in saying
        if word not in _forms(strings[key]["zh"])
    ]
    assert not wrong, f"say {term!r} as {word!r}:\n" + "\n".join(wrong)
