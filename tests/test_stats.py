"""``qingming stats`` over a folder of real journals and game records (real hosts on
loopback, games played to their end) plus a damaged journal and a file that is no game: the
figures are the games' own results, a game kept twice (its journal and its record) counts
once, and the two bad files are skipped with a note, in both languages, never a traceback."""

from __future__ import annotations

import asyncio
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from net_support import kept_game

from qingming.cli import main
from qm_words import card_name


@dataclass
class Kept:
    players: list[str]
    winner: int | None
    ancestor: str | None
    bots: list[bool]


async def _game(
    folder: Path, *, people: list[str], bots: int, strategy: str, journal: str | None, seed: int
) -> Kept:
    """A game at a real host (:func:`net_support.kept_game`): Ann's record saved into
    ``folder/records``; the host's journal into ``folder/journals/<journal>`` (None: not kept
    here)."""
    names, result, bot_seats = await kept_game(
        folder, people=people, bots=bots, strategy=strategy, journal=journal, seed=seed
    )
    return Kept(names, result.winner, result.ancestor, bot_seats)


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Kept]]:
    folder = tmp_path_factory.mktemp("kept")
    (folder / "journals").mkdir()
    (folder / "records").mkdir()

    async def play() -> list[Kept]:
        return [
            # a table hosted here, with Bob and a bot: its journal and Ann's record (once)
            await _game(
                folder, people=["Ann", "Bob"], bots=1, strategy="easy", journal="t1.jsonl", seed=1
            ),
            # Ann against two bots here: the journal only (no record kept of the same game
            # would be counted twice anyway)
            await _game(
                folder, people=["Ann"], bots=2, strategy="heuristic", journal="t2.jsonl", seed=2
            ),
            # Ann at Cat's table elsewhere: her record only
            await _game(
                folder, people=["Cat", "Ann"], bots=0, strategy="easy", journal=None, seed=3
            ),
        ]

    games = asyncio.run(play())
    (folder / "records" / "2.json").unlink()  # the second game kept by its journal alone
    lines = (folder / "journals" / "t1.jsonl").read_text(encoding="utf-8").splitlines()
    lines[len(lines) // 2] = lines[len(lines) // 2][:7]  # a line cut short, mid-journal
    (folder / "journals" / "damaged.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    (folder / "records" / "notes.txt").write_text("my shopping list\n", "utf-8")
    return folder, games


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["stats", *args])
    return code, out.getvalue(), err.getvalue()


def test_the_figures_are_the_games_results(kept: tuple[Path, list[Kept]]) -> None:
    folder, games = kept
    code, out, err = _run(str(folder), "--name", "Ann", "--json")
    assert code == 0 and not err
    got = json.loads(out)
    mine = [g.players.index("Ann") for g in games]
    won = sum(g.winner == s for g, s in zip(games, mine, strict=True))
    lost = sum(g.winner is not None and g.winner != s for g, s in zip(games, mine, strict=True))
    assert got["total"] == {"games": 3, "won": won, "lost": lost}
    sizes: dict[str, int] = {}
    for g in games:
        sizes[str(len(g.players))] = sizes.get(str(len(g.players)), 0) + 1
    assert {k: v["games"] for k, v in got["by_size"].items()} == sizes
    # the bots' level: easy (the first table), normal (the second), none (Cat's table)
    assert {k: v["games"] for k, v in got["by_level"].items()} == {
        "easy": 1,
        "normal": 1,
        "none": 1,
    }
    bob, cat = games[0], games[2]
    assert got["by_opponent"]["Bob"] == {
        "games": 1,
        "won": int(bob.winner == bob.players.index("Ann")),
        "lost": int(bob.winner == bob.players.index("Bob")),
    }
    assert got["by_opponent"]["Cat"]["games"] == 1
    assert cat.players.index("Cat") is not None
    assert not any(name.startswith("bot") for name in got["by_opponent"])  # bots: by level
    for g, seat in zip(games, mine, strict=True):
        if g.ancestor is not None and g.winner is not None:
            key = "won" if g.winner == seat else "lost"
            assert got["by_ancestor"][g.ancestor][key] >= 1
    skipped = {Path(s["path"]).name: s["why"] for s in got["skipped"]}
    assert skipped == {"damaged.jsonl": "malformed", "notes.txt": "not_game"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_record_in_words(kept: tuple[Path, list[Kept]], lang: str) -> None:
    folder, games = kept
    code, out, err = _run(str(folder), "--name", "Ann", "--lang", lang)
    assert code == 0 and not err and "Traceback" not in out
    head = {"en": "Ann: 3 games, ", "zh": "Ann：共 3 局，"}[lang]
    assert head in out, out
    said = {"en": ("By table size", "Against", "Skipped"), "zh": ("按人数", "对手", "跳过")}[lang]
    for words in said:
        assert words in out, out
    assert "damaged.jsonl" in out and "notes.txt" in out
    for g in games:
        if g.ancestor:
            assert card_name(g.ancestor, lang) in out


def test_a_path_that_is_not_there_is_said(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no such file or folder"):
        _run(str(tmp_path / "nothing"))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_lobby_shows_the_record(
    kept: tuple[Path, list[Kept]],
    lang: str,
    size: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lobby's ``s``: the same lines as ``qingming stats``, from the data directory."""
    import shutil

    from tui_support import isolate, make_app, screen_name, until

    from qm_net.stats import collect, kept_files, record_lines
    from qm_tui.widgets.modals import ListModal

    isolate(tmp_path, monkeypatch)
    folder, _ = kept
    for sub in ("journals", "records"):
        shutil.copytree(folder / sub, tmp_path / "data" / sub)
    app = make_app(lang=lang, name="Ann")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "the lobby")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, ListModal), "the record")
        shown = app.screen.lines  # type: ignore[attr-defined]
        record = collect(kept_files(tmp_path / "data"), "Ann")
        assert shown == record_lines(record, "Ann", lang)
        assert record.total.games == 3 and len(record.skipped) == 2
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "LobbyScreen", "back in the lobby")
