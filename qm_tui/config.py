"""What the app remembers between runs: the player's name and language, the playback pace,
whether the "how to play" screen of a first run has been shown, and the answer guard (how long
a new question's keys wait before they answer it: :data:`ANSWER_GUARD`).

Stored as JSON in platformdirs' user config dir (``~/.config/qingming/config.json`` on Linux);
``QINGMING_CONFIG_DIR`` overrides the directory, which is how tests keep off the real one.
Two more directories: :func:`state_dir` (seat tokens, ``QINGMING_STATE_DIR``) and
:func:`data_dir` (game journals, ``QINGMING_DATA_DIR``).
No Textual here: the command line reads it before the app starts.
"""

from __future__ import annotations

import getpass
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

LANGS = ("zh", "en")
PACES = ("fast", "normal", "slow")
ENV_DIR = "QINGMING_CONFIG_DIR"
ENV_STATE_DIR = "QINGMING_STATE_DIR"
ENV_DATA_DIR = "QINGMING_DATA_DIR"
FILE_NAME = "config.json"
MAX_NAME = 16

ANSWER_GUARD = 0.5
"""Seconds the keyboard must have been quiet since a new question of mine appeared before the
keys that answer it (option keys, Enter or a click on an option or a card, pass, end) are taken
as its answer: a key pressed that soon was meant for what was on screen before (a playtester's
``1``, meant as the next action, flipped a trap on a placement prompt that had appeared 0.3 s
earlier), and every key pressed meanwhile starts the moment again, so a held or hammered key
never answers a question that came in the middle of it (playtest 4). 0.5 s is
what browsers' input protectors wait (Chromium's payment sheet: 500 ms; its dialogs: the
double-click interval, 500 ms by default); simple visual reaction alone takes 0.2-0.3 s. The
player's ``answer_guard`` in the config file overrides it (seconds; 0 turns the guard off, at
most :data:`MAX_ANSWER_GUARD`). Tests set this default to 0 (tests/conftest.py) and drive the
guard on purpose on their fake clock."""
MAX_ANSWER_GUARD = 2.0


@dataclass(frozen=True, slots=True)
class Config:
    """The remembered settings. ``None`` means never set (fall back to a default)."""

    name: str | None = None
    lang: str | None = None
    intro_seen: bool = False
    """The first run's "how to play" screen was shown (and is not offered again)."""
    pace: str | None = None
    answer_guard: float | None = None
    """Seconds a new question's keys wait (see :data:`ANSWER_GUARD`); None: the default."""
    bell: bool = False
    """Ring the terminal's bell when a game ends (``"bell": true`` in config.json)."""
    cards_file: str | None = None
    """The card set's file the host form hosted last (None: the game's own set)."""


def answer_guard(config: Config) -> float:
    """How long a new question's keys wait, in seconds: the config's, else :data:`ANSWER_GUARD`."""
    return ANSWER_GUARD if config.answer_guard is None else config.answer_guard


def config_dir() -> Path:
    """Where the config file lives (created on save, not here)."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("qingming", appauthor=False))


def state_dir() -> Path:
    """Where what a crash must not lose lives: the seat tokens (``~/.local/state/qingming``)."""
    override = os.environ.get(ENV_STATE_DIR)
    if override:
        return Path(override)
    from platformdirs import user_state_dir

    return Path(user_state_dir("qingming", appauthor=False))


def data_dir() -> Path:
    """Where the games played here are journaled (``~/.local/share/qingming``)."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("qingming", appauthor=False))


def _fresh_file(folder_name: str, table: str, suffix: str, when: float | None) -> Path:
    """``<data dir>/<folder_name>/<date>-<time>-<table><suffix>``, not yet taken (its folder
    is created, private to the user)."""
    import re
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    # ASCII letters, digits and dashes only: a name any shell can type in any language (a
    # Chinese table's name leaves its Latin part, or else "table")
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", table).strip("-_")[:40] or "table"
    folder = data_dir() / folder_name
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / f"{stamp}-{slug}{suffix}"
    n = 1
    while path.exists():  # two tables in the same second
        n += 1
        path = folder / f"{stamp}-{slug}-{n}{suffix}"
    return path


def new_journal_path(table: str, when: float | None = None) -> Path:
    """A fresh file for a table's journal: ``<data dir>/journals/<date>-<time>-<table>.jsonl``."""
    return _fresh_file("journals", table, ".jsonl", when)


def new_record_path(table: str, when: float | None = None) -> Path:
    """A fresh file for one game's fair-deal record, which ``qingming verify`` checks again:
    ``<data dir>/records/<date>-<time>-<table>.json``."""
    return _fresh_file("records", table, ".json", when)


def config_path() -> Path:
    return config_dir() / FILE_NAME


def load() -> Config:
    """The saved config; a missing or unreadable file is an empty config, never an error."""
    try:
        raw = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Config()
    if not isinstance(raw, dict):
        return Config()
    name = raw.get("name")
    lang = raw.get("lang")
    pace = raw.get("pace")
    guard = raw.get("answer_guard")
    ok_guard = isinstance(guard, int | float) and not isinstance(guard, bool) and guard >= 0
    # (type: ignore: ok_guard: a number)
    guard_s = min(float(guard), MAX_ANSWER_GUARD) if ok_guard else None  # type: ignore[arg-type]
    return Config(
        name=clean_name(name) or None if isinstance(name, str) else None,
        lang=lang if lang in LANGS else None,
        intro_seen=raw.get("intro_seen") is True,
        pace=pace if pace in PACES else None,
        answer_guard=guard_s,
        bell=raw.get("bell") is True,
        cards_file=cards if isinstance(cards := raw.get("cards_file"), str) and cards else None,
    )


def save(config: Config) -> None:
    """Write the config (atomically: a crash never leaves half a file)."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(
        json.dumps(asdict(config), ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    tmp.replace(path)


def remember(
    name: str | None = None,
    lang: str | None = None,
    pace: str | None = None,
    *,
    intro_seen: bool | None = None,
    cards_file: str | None = None,
) -> Config:
    """Update the saved config with whichever of ``name`` / ``lang`` / ``pace`` /
    ``intro_seen`` / ``cards_file`` (empty: forget it) is given; return it."""
    config = load()
    if name is not None and clean_name(name):
        config = replace(config, name=clean_name(name))
    if lang in LANGS:
        config = replace(config, lang=lang)
    if intro_seen is not None:
        config = replace(config, intro_seen=intro_seen)
    if pace in PACES:
        config = replace(config, pace=pace)
    if cards_file is not None:
        config = replace(config, cards_file=cards_file or None)
    save(config)
    return config


def clean_name(name: str) -> str:
    """A player name as shown at the table: one line, trimmed, at most ``MAX_NAME`` characters."""
    return " ".join(name.split())[:MAX_NAME]


def locale_lang(environ: dict[str, str] | None = None) -> str:
    """``zh`` when the locale says Chinese (LC_ALL, then LC_MESSAGES, then LANG), else ``en``."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def default_name() -> str:
    try:
        return clean_name(getpass.getuser()) or "player"
    except Exception:  # no user name in a container: any name will do
        return "player"


def resolve(name: str | None, lang: str | None, *, persist: bool = True) -> tuple[str, str]:
    """The name and language to use: the command line's, else the remembered, else defaults.

    What the command line gives is remembered for next time (``persist``).
    """
    saved = load()
    if persist and (name or lang):
        try:
            saved = remember(name=name, lang=lang)
        except OSError:  # a read-only home must not stop a game
            pass
    final_name = clean_name(name) if name and clean_name(name) else saved.name or default_name()
    final_lang = lang if lang in LANGS else saved.lang or locale_lang()
    return final_name, final_lang
