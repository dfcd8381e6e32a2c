"""The compiled build is an option that cannot run stale rules (``qm_rules.build``,
``tools/compile.py``): extension modules beside the sources are imported in their place, so the
package refuses them unless each was built from the source now beside it. These tests use a
package directory of their own (with stand-in extension files: the check reads names and
hashes, never loads them); none needs a compiler."""

from __future__ import annotations

import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import qm_rules
from qm_rules.build import MANIFEST, StaleBuild, check, compiled_sources, source_hash
from tools import compile as compile_tool

SUFFIX = EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path) -> Path:
    pkg = tmp_path / "qm_rules"
    (pkg / "bots").mkdir(parents=True)
    for name in ("__init__.py", "game.py", "state.py", "model.py", "bots/random_bot.py"):
        (pkg / name).write_text(f"# {name}\n", encoding="utf-8")
    return pkg


def _built(pkg: Path, *sources: str) -> None:
    """Stand-ins for what tools/compile.py leaves: an extension file per source, the shared
    library, the manifest with the sources' hashes."""
    for s in sources:
        (pkg / s).with_suffix(SUFFIX).write_bytes(b"\x7fELF")
    (pkg / f"compiled__mypyc{SUFFIX}").write_bytes(b"\x7fELF")
    hashes = {s: source_hash(pkg / s) for s in sources}
    (pkg / MANIFEST).write_text(json.dumps({"sources": hashes}), encoding="utf-8")


def test_no_extension_modules_is_pure_python(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    assert compiled_sources(pkg) == []
    assert check(pkg) == "python"


def test_a_build_of_these_sources_is_the_compiled_build(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _built(pkg, "game.py", "state.py")
    assert compiled_sources(pkg) == ["game.py", "state.py"]  # not the shared library
    assert check(pkg) == "mypyc"


def test_a_source_changed_after_the_build_stops_the_import(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _built(pkg, "game.py", "state.py")
    (pkg / "state.py").write_text("# state.py, changed\n", encoding="utf-8")
    with pytest.raises(StaleBuild) as err:
        check(pkg)
    message = str(err.value)
    assert "state.py" in message and "game.py" not in message
    assert "tools/compile.py" in message and "--clean" in message
    assert isinstance(err.value, ImportError)


def test_extension_modules_without_a_manifest_are_stale(tmp_path: Path) -> None:
    """Built by another tool (or the manifest lost): nothing says what they were built from."""
    pkg = _package(tmp_path)
    (pkg / "game.py").with_suffix(SUFFIX).write_bytes(b"\x7fELF")
    with pytest.raises(StaleBuild, match="game.py"):
        check(pkg)
    (pkg / MANIFEST).write_text("not json", encoding="utf-8")
    with pytest.raises(StaleBuild, match="game.py"):
        check(pkg)


def test_an_extension_module_in_the_bots_is_checked_too(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    _built(pkg, "game.py")
    (pkg / "bots" / "random_bot.py").with_suffix(SUFFIX).write_bytes(b"\x7fELF")
    with pytest.raises(StaleBuild, match="bots/random_bot.py"):
        check(pkg)


def test_clean_removes_the_build_and_leaves_the_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = _package(tmp_path)
    sources = sorted(p.relative_to(pkg).as_posix() for p in pkg.rglob("*.py"))
    _built(pkg, "game.py", "state.py")
    monkeypatch.setattr(compile_tool, "PACKAGE", pkg)
    removed = compile_tool.clean()
    assert len(removed) == 4  # two modules, the shared library, the manifest
    assert sorted(p.relative_to(pkg).as_posix() for p in pkg.rglob("*")) == sorted(
        sources + ["bots"]
    )
    assert check(pkg) == "python"


def test_the_compiled_modules_are_the_engines_not_the_value_types() -> None:
    """model.py's makers switch an instance's class (compiled classes refuse), build.py checks
    the others, and the package's __init__ runs that check first."""
    sources = compile_tool.sources()
    assert "game.py" in sources and "views.py" in sources and "state.py" in sources
    assert not {"model.py", "build.py", "__init__.py"} & set(sources)
    assert all((compile_tool.PACKAGE / s).is_file() for s in sources)


def test_the_package_says_which_build_runs() -> None:
    assert qm_rules.BUILD == check()
    compiled = compiled_sources()
    assert qm_rules.BUILD == ("mypyc" if compiled else "python")
    if compiled:  # the build this suite runs against is of every module the tool compiles
        assert compiled == sorted(compile_tool.sources())
