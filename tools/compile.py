"""Compile the rules engine (``qm_rules``) with mypyc: the same source, about 1.7x the
decisions per second (README, "A faster engine"). An option: nothing needs it, and without it
everything runs as pure Python.

    .venv/bin/pip install -e '.[fast]'            # mypyc (it comes with mypy) and setuptools
    .venv/bin/python tools/compile.py             # build: extension modules beside the sources
    .venv/bin/python tools/compile.py --clean     # remove them: pure Python again

It needs a C compiler and Python's headers (``python3-dev``), and takes a minute or two. The
extension modules sit beside their sources in ``qm_rules/`` (git ignores them), where Python
imports them instead of the ``.py`` files; ``qm_rules.BUILD`` says which runs (the engine
benchmark prints it). Change a compiled source and ``import qm_rules`` refuses until you build
again or clean (:mod:`qm_rules.build`): the old rules never run in the new ones' place.

Compiled: the rules engine, what runs at every decision (:data:`ENGINE`: the game, its state,
turn, the choices, plays, drafts, chain, clause ops, views, card definitions, random numbers,
the game's fields). Not compiled: ``model.py`` (its value types make instances by switching
their class, which compiled classes do not allow), ``options.py`` (frozen dataclasses that
msgspec and ``copy`` take apart), the words, journal and simulator (run once a game or less),
``build.py`` (it checks the others), the bots (callers pass their seeds as tuples, which a
compiled function's argument checks refuse). What compiling changes, and why some tests skip
in a compiled build: README, "A faster engine".
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "qm_rules"


def _build_module() -> ModuleType:
    """``qm_rules/build.py`` on its own: importing it through the package would check the
    build, and refuse a stale one this tool is here to replace."""
    spec = importlib.util.spec_from_file_location("_qm_build", PACKAGE / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


_qm_build = _build_module()
MANIFEST: str = _qm_build.MANIFEST
compiled_sources = _qm_build.compiled_sources
source_hash = _qm_build.source_hash
#: The compiled modules: the rules engine, what runs at every decision (see the docstring).
ENGINE = [
    "cards.py",
    "chain.py",
    "choices.py",
    "drafts.py",
    "effects.py",
    "fields.py",
    "game.py",
    "plays.py",
    "rng.py",
    "state.py",
    "turn.py",
    "views.py",
]
#: The name of the shared library that holds the compiled code (the modules' own extension
#: files only load it): ``qm_rules/compiled__mypyc.<suffix>``.
GROUP = "qm_rules.compiled"
BUILD_DIR = ROOT / "build" / "mypyc"


def sources() -> list[str]:
    """The compiled sources, relative to the package."""
    return list(ENGINE)


def clean() -> list[Path]:
    """Remove the extension modules, the shared library and the manifest; returns them."""
    gone = [PACKAGE / s for s in compiled_sources(PACKAGE)]
    removed = []
    for source in gone:
        for ext in source.parent.glob(source.stem + ".*"):
            if ext.suffix != ".py":
                removed.append(ext)
    removed += list(PACKAGE.glob(GROUP.rpartition(".")[2] + "__mypyc.*"))
    if (PACKAGE / MANIFEST).exists():
        removed.append(PACKAGE / MANIFEST)
    for path in removed:
        if path.is_file():
            path.unlink()
    return removed


def build() -> None:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as e:
        raise SystemExit(
            f"compile: {e.name} is not installed: .venv/bin/pip install -e '.[fast]'"
        ) from e
    clean()
    files = sources()
    hashes = {s: source_hash(PACKAGE / s) for s in files}
    os.chdir(ROOT)  # mypy reads its settings from pyproject.toml here
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
    try:
        setup(
            name="qingming-compiled",
            ext_modules=mypycify(
                [f"qm_rules/{s}" for s in files],
                opt_level="3",
                group_name=GROUP,
                target_dir=str(BUILD_DIR),
            ),
            script_args=["-q", "build_ext", "--inplace", "--build-temp", str(BUILD_DIR)],
        )
    except BaseException:
        clean()  # no half-built package left behind
        raise
    changed = [s for s in files if source_hash(PACKAGE / s) != hashes[s]]
    if changed:
        clean()
        raise SystemExit(f"compile: {', '.join(changed)} changed while compiling; run it again")
    (PACKAGE / MANIFEST).write_text(
        json.dumps({"sources": hashes}, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--clean", action="store_true", help="remove the compiled build")
    args = ap.parse_args(argv)
    if args.clean:
        removed = clean()
        print(f"removed {len(removed)} files: qm_rules runs as pure Python")
        return 0
    build()
    print(f"compiled {len(sources())} modules of qm_rules with mypyc (qm_rules.BUILD: mypyc)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
