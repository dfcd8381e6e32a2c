"""``qm_rules.sim`` and ``qingming sim``: figures, reproducibility, the --bots list, the CLI."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from qingming.cli import main
from qingming.commands.sim import Progress, format_report
from qm_rules import BUILD
from qm_rules.i18n import tr
from qm_rules.sim import (
    ANCESTOR_BAND,
    SEAT_BAND,
    TIMING_KEYS,
    Share,
    SimError,
    SimReport,
    bot_seed,
    game_seed,
    parse_bots,
    simulate,
    wilson,
)

QINGMING = Path(sys.executable).parent / "qingming"
JSON_KEYS = {
    "games",
    "players",
    "wins_by_seat",
    "wins_by_ancestor",
    "draws",
    "mean_rounds",
    "decisions",
    "seconds",
    "games_per_second",
    "decisions_per_second",
}


def figures(plain: dict) -> dict:
    return {k: v for k, v in plain.items() if k not in TIMING_KEYS}


# ───────────────────────────── --bots ─────────────────────────────


def test_bots_one_name_serves_every_seat() -> None:
    assert parse_bots("random", 4) == ("random",) * 4
    assert parse_bots(None, 3) == ("heuristic",) * 3


def test_bots_one_per_seat() -> None:
    assert parse_bots("heuristic,random,random", 3) == ("heuristic", "random", "random")
    assert parse_bots(" heuristic , random ", 2) == ("heuristic", "random")


@pytest.mark.parametrize(
    ("text", "players", "match"),
    [
        ("heuristic,random", 3, "2 strategies for 3 players"),
        ("heuristic,random,random,random", 3, "4 strategies for 3 players"),
        ("clever", 2, "unknown strategy 'clever'"),
        ("random,clever", 2, "unknown strategy 'clever'"),
        ("random,,random", 3, "empty strategy"),
        ("random", 7, "players must be 2 to 6"),
        ("random", 1, "players must be 2 to 6"),
    ],
)
def test_bots_refuses_bad_lists(text: str, players: int, match: str) -> None:
    with pytest.raises(SimError, match=match):
        parse_bots(text, players)


# ───────────────────────────── simulate ─────────────────────────────


def test_report_adds_up() -> None:
    r = simulate(3, 12, seed=5, bots="random")
    plain = r.to_plain()
    assert JSON_KEYS <= set(plain)
    assert plain["games"] == 12 and plain["players"] == 3
    assert len(plain["wins_by_seat"]) == 3
    assert sum(plain["wins_by_seat"]) + plain["draws"] == 12
    assert sum(plain["wins_by_ancestor"].values()) <= sum(plain["wins_by_seat"])
    assert plain["concessions"] == 0  # bots never concede
    assert plain["decisions"] > 12 and plain["mean_rounds"] >= 1


def test_same_seed_same_figures() -> None:
    a = simulate(4, 10, seed=123, bots="heuristic,random,heuristic,random").to_plain()
    b = simulate(4, 10, seed=123, bots="heuristic,random,heuristic,random").to_plain()
    assert figures(a) == figures(b)
    c = simulate(4, 10, seed=124, bots="heuristic,random,heuristic,random").to_plain()
    assert figures(c) != figures(a)


def test_seeds_derive_from_run_game_and_seat() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, 0), game_seed(1, 1), game_seed(2, 0)}) == 3
    assert len({bot_seed(1, 0, 0), bot_seed(1, 0, 1), bot_seed(1, 1, 0)}) == 3


def test_round_limit_ends_games_as_draws() -> None:
    r = simulate(6, 5, seed=3, bots="random", round_limit=1)
    assert r.round_limit == 1
    assert r.mean_rounds <= 1
    assert r.draws + sum(r.wins_by_seat) == 5


def test_progress_is_called_after_each_game() -> None:
    calls: list[tuple[int, int]] = []
    simulate(2, 3, seed=0, bots="random", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_bad_settings_raise() -> None:
    with pytest.raises(SimError):
        simulate(2, 0)
    with pytest.raises(SimError):
        simulate(2, 1, round_limit=-1)
    with pytest.raises(SimError, match="jobs"):
        simulate(2, 1, jobs=0)


# ───────────────────────────── processes ─────────────────────────────


def test_jobs_give_exactly_the_serial_figures() -> None:
    """Each game depends on its index only, so playing in processes changes no figure."""
    kw = {"seed": "jobs", "bots": "heuristic,random,heuristic"}
    serial = simulate(3, 30, **kw).to_plain()
    calls: list[tuple[int, int]] = []
    parallel = simulate(3, 30, jobs=2, progress=lambda d, t: calls.append((d, t)), **kw)
    assert figures(parallel.to_plain()) == figures(serial)
    assert parallel.jobs == 2 and parallel.seconds > 0
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and calls[-1] == (30, 30)  # progress after each batch


def test_cli_jobs_equal_serial(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--players", "4", "--games", "16", "--seed", "5", "--json"]
    assert main(args) == 0
    serial = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    parallel = json.loads(capsys.readouterr().out)
    assert figures(parallel) == figures(serial)
    assert parallel["jobs"] == 2 and serial["jobs"] == 1


def test_cli_bad_jobs_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "1", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


# ───────────────────────────── shares and intervals ─────────────────────────────


def test_wilson_interval() -> None:
    # Reference values of the Wilson score interval at 95 %.
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(10, 10)
    assert round(lo, 4) == 0.7225 and round(hi, 9) == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(500, 1000)
    assert lo < 0.5 < hi and hi - lo < 0.07  # more games, a narrower interval


def test_share_flags_say_where_a_share_stands() -> None:
    fair = 1 / 6
    assert Share("a", 167, 1000, fair, 0.04).flag == ""  # inside the band
    assert Share("a", 250, 1000, fair, 0.04).flag == "!"  # [22.4, 27.7] wholly above 20.7 %
    assert Share("a", 220, 1000, fair, 0.04).flag == "?"  # [19.5, 24.7] reaches into the band
    assert Share("a", 22, 100, fair, 0.04).flag == "?"  # 22 % of 100: the interval reaches in
    assert Share("a", 0, 0, fair, 0.04).flag == ""  # nothing to say yet


def test_report_shares_and_their_marks() -> None:
    r = SimReport(4, ("heuristic",) * 4, 0, 40)
    r.games = 1000
    r.wins_by_seat = [400, 200, 200, 200]
    r.wins_by_ancestor.update(
        {"zufu": 600, "zumu": 100, "taipo": 100, "taigong": 100, "waigong": 100}
    )
    r.wins_by_reason["worship"] = 1000
    seats, ancestors = r.shares()
    # 40 % [37.0, 43.1] is clearly out of 25 % ± 3; 20 % [17.6, 22.6] reaches into it.
    assert [s.flag for s in seats] == ["!", "?", "?", "?"]
    assert seats[0].fair == 0.25 and seats[0].band == SEAT_BAND
    by_name = {a.name: a for a in ancestors}
    assert by_name["zufu"].flag == "!" and by_name["shizu"].wins == 0
    assert by_name["zumu"].flag == "!"  # 10 % [8.3, 12.0] against 16.7 % ± 4
    assert by_name["zumu"].band == ANCESTOR_BAND
    text = format_report(r)
    assert "fair 25.0% ± 3" in text and "fair 16.7% ± 4" in text
    assert "60.0%  [" in text and "!" in text and "95% intervals" in text
    plain = r.to_plain()
    assert plain["ancestor_shares"]["zufu"]["flag"] == "!"
    assert plain["seat_shares"][0]["share"] == 0.4
    assert plain["ancestor_shares"]["zufu"]["low"] < 0.6 < plain["ancestor_shares"]["zufu"]["high"]


def test_a_fair_report_marks_nothing() -> None:
    r = SimReport(2, ("heuristic",) * 2, 0, 40)
    r.games = 600
    r.wins_by_seat = [300, 300]
    r.wins_by_ancestor.update(
        {d: 100 for d in ("zufu", "zumu", "taipo", "taigong", "waigong", "shizu")}
    )
    seats, ancestors = r.shares()
    assert not any(s.flag for s in seats + ancestors)
    assert "95% intervals" not in format_report(r)


# ───────────────────────────── the command line ─────────────────────────────


def test_cli_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["sim", "--players", "2", "--games", "4", "--seed", "9", "--bots", "random", "--json"])
        == 0
    )
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert JSON_KEYS <= set(data)
    assert data["games"] == 4 and data["bots"] == ["random", "random"]
    assert err == ""  # no progress bar when stderr is not a terminal


def test_cli_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "sim",
                "--players",
                "3",
                "--games",
                "3",
                "--seed",
                "1",
                "--bots",
                "heuristic,random,random",
            ]
        )
        == 0
    )
    out, _ = capsys.readouterr()
    assert "Wins by seat" in out and "Wins by ancestor" in out and "decisions/s" in out


@pytest.mark.parametrize(
    ("bots", "message"),
    [("heuristic,random", "2 strategies for 4 players"), ("nobody", "unknown strategy 'nobody'")],
)
def test_cli_bad_bots_exit_2(bots: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "4", "--games", "1", "--bots", bots]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err


def test_cli_subprocess_prints_valid_json() -> None:
    cmd = [str(QINGMING), "sim", "--players", "3", "--games", "5", "--seed", "1", "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert JSON_KEYS <= set(data)
    assert data["games"] == 5 and data["players"] == 3
    again = json.loads(
        subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True).stdout
    )
    assert figures(again) == figures(data)


def test_cli_subprocess_bad_bots_exit_code() -> None:
    cmd = [str(QINGMING), "sim", "--players", "3", "--games", "1", "--bots", "random,random"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "2 strategies for 3 players" in done.stderr


def test_engine_benchmark_runs() -> None:
    """A smoke run of benchmarks/engine.py (figures printed, never asserted)."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "engine.py"
    cmd = [
        sys.executable,
        str(script),
        "--seconds",
        "0",
        "--players",
        "2",
        "--bots",
        "random,engine",
    ]
    done = subprocess.run(
        cmd + ["--profile", "2:heuristic", "--profile-games", "2", "--top", "5"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "decisions/s" in done.stdout and "engine only" in done.stdout
    assert "cumulative" in done.stdout
    assert f"engine build: {'compiled by mypyc' if BUILD == 'mypyc' else 'pure Python'}" in (
        done.stdout
    )
    if importlib.util.find_spec("rlcard") is not None:  # the anchor, and the engine's ceiling
        assert "Qingming" in done.stdout and "the engine alone at 2 players" in done.stdout


def test_without_a_round_limit_dead_positions_end_as_stalemates() -> None:
    """Round limit 0 (none, R22): 2-player random games reach dead positions (full fields, deck
    and discard empty); the engine must end them (a draw, reason "stalemate"), not spin. Run in a
    subprocess so that a regression fails on the timeout instead of hanging the suite."""
    cmd = [str(QINGMING), "sim", "--players", "2", "--games", "40", "--seed", "0"]
    cmd += ["--bots", "random", "--round-limit", "0", "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["round_limit"] == 0
    assert data["draws_by_reason"].get("stalemate", 0) >= 1
    assert "round_limit" not in data["draws_by_reason"]
    assert sum(data["draws_by_reason"].values()) == data["draws"]
    assert sum(data["wins_by_seat"]) + data["draws"] == 40


# ───────────────────────────── the text report reads as the table ─────────────────────────────

_FOUR_RANDOM = ["sim", "--players", "4", "--games", "3", "--seed", "2", "--bots", "random"]


def test_text_report_numbers_seats_from_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(_FOUR_RANDOM) == 0
    out = capsys.readouterr().out
    assert [f"  seat {k} " in out for k in range(6)] == [False, True, True, True, True, False]
    assert main([*_FOUR_RANDOM, "--json"]) == 0  # the JSON keeps its indices from 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["wins_by_seat"]) == 4 and len(data["seat_shares"]) == 4


def test_text_report_names_ancestors_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    from qm_rules.cards import shipped_cards

    assert main(_FOUR_RANDOM) == 0
    out = capsys.readouterr().out
    for d in shipped_cards().ancestors:
        assert d.name.en in out and d.name.zh not in out and f" {d.id} " not in out
    for zh in (["--lang", "zh", *_FOUR_RANDOM], [*_FOUR_RANDOM, "--lang", "zh"]):
        assert main(zh) == 0
        out = capsys.readouterr().out
        assert all(d.name.zh in out and f" {d.id} " not in out for d in shipped_cards().ancestors)
    assert main([*_FOUR_RANDOM, "--json"]) == 0  # the ids stay in the JSON
    data = json.loads(capsys.readouterr().out)
    assert set(data["ancestor_shares"]) == {d.id for d in shipped_cards().ancestors}


def _count_ends(text: str, header: str) -> list[int]:
    """The terminal column where each row's win count ends, in the table under ``header``."""
    from qingming.commands.tables import _width

    ends = []
    for row in text.split(header, 1)[1].splitlines()[1:]:
        if not row.startswith("  ") or row.startswith(("  (", "  （")):
            break
        ends.append(_width(row.split("%")[0].rsplit(None, 1)[0]))
    return ends


def test_text_report_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "3", "--games", "2", "--bots", "heuristic,random,random"]) == 0
    text = capsys.readouterr().out
    assert "(2 seats)" in text and "(1 seat)" in text
    for header in ("Wins by seat", "Wins by strategy", "Wins by ancestor"):
        ends = _count_ends(text, header)
        assert len(ends) >= 2 and len(set(ends)) == 1, (header, text)
    # Any names, however wide, and more seats than ten.
    r = SimReport(11, ("a-strategy-named-long", "电脑", *["random"] * 9), 0, 40)
    r.games, r.wins_by_seat = 11, [1] * 11
    r.wins_by_ancestor.update({"zufu": 6, "shizu": 5})
    for lang in ("en", "zh"):
        text = format_report(r, lang)
        for key in ("sim.by_seat", "sim.by_strategy", "sim.by_ancestor"):
            header = tr(key, lang, fair="", band="").split("(")[0].split("（")[0]
            ends = _count_ends(text, header)
            assert len(ends) >= 3 and len(set(ends)) == 1, (header, lang, text)


def test_speed_means_something_at_any_pace(capsys: pytest.CaptureFixture[str]) -> None:
    r = SimReport(4, ("hard",) * 4, 0, 40)  # two games between search bots: 41 s each
    r.games, r.decisions, r.seconds = 2, 160, 82.0
    assert "Speed: 41.0 s a game, 2.0 decisions/s (160 decisions in 82.00 s" in format_report(r)
    r.games, r.decisions, r.seconds = 100, 6000, 2.0
    assert "Speed: 50.0 games/s, 3,000 decisions/s (6,000 decisions" in format_report(r)
    assert main(_FOUR_RANDOM) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Speed: "))
    figure, unit = line.removeprefix("Speed: ").split(",")[0].split(" ", 1)
    assert float(figure.replace(",", "")) > 0 and unit in ("games/s", "s a game")
    bar = io.StringIO()  # the progress bar on a terminal says the same, not "0/s"
    now = [1000.0]
    progress = Progress(bar, 6, tick=3600, clock=lambda: now[0])
    now[0] += 80.0  # the first game took 80 s
    progress(1, 6)
    progress.close()
    assert "] 1/6 games  1:20  80.0 s a game" in bar.getvalue()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_before_the_first_game_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the bar is drawn at 0 of N at once (and ticks with the time), not only
    after the first game: with search bots that takes most of a minute."""
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["sim", "--players", "2", "--games", "2", "--bots", "random", "--seed", "4"]) == 0
    drawn = err.getvalue().split("\r")
    assert drawn[1].startswith("[" + "." * 30 + "] 0/2 games  0:00")  # before any game ended
    assert any("] 2/2 games" in line for line in drawn)
    assert drawn[-1] == ""  # the line is erased at the end


# ───────────────────────────── the report in --lang ─────────────────────────────


def _full_report() -> SimReport:
    """A report with every part the text can have: two strategies, marks, draws of both kinds,
    wins by last standing, no round limit, several processes."""
    r = SimReport(3, ("heuristic", "random", "random"), 5, 0)
    r.games, r.wins_by_seat = 200, [120, 30, 20]
    r.wins_by_ancestor.update({"zufu": 100, "zumu": 40, "shizu": 20})
    r.wins_by_reason.update({"worship": 160, "last_standing": 10})
    r.draws, r.concessions = 30, 12
    r.draws_by_reason.update({"round_limit": 20, "stalemate": 10})
    r.rounds, r.decisions, r.seconds, r.jobs, r.wall_seconds = 1500, 30000, 4.0, 2, 2.5
    return r


def test_the_zh_report_says_everything_in_chinese() -> None:
    """Every word of the text report comes from the catalogue in --lang: in zh, once the
    strategy names (as --bots spells them) are taken out, no Latin letter is left; in en, no
    Chinese. The figures are the same in both."""
    import re

    r = _full_report()
    zh, en = format_report(r, "zh"), format_report(r, "en")
    assert "95% 区间" in zh and "僵局 10 局" in zh and "实际用时 2.50 秒，2 个进程" in zh
    assert "（2 个座位）" in zh and "1 号座位" in zh and "轮数上限：无" in zh
    rest = zh.replace("heuristic", "").replace("random", "")
    assert not re.findall(r"[A-Za-z]+", rest), rest
    assert not re.findall(r"[\u4e00-\u9fff]", en), en
    assert "Wall time: 2.50 s in 2 processes" in en and "round limit none" in en
    numbers = [sorted(re.findall(r"\d(?:[\d,]*\d)?(?:\.\d+)?", text)) for text in (zh, en)]
    assert numbers[0] == numbers[1]


def test_the_progress_bar_speaks_its_language() -> None:
    """On a clock of the test's (and a tick that never comes): the figures are the first
    game's 80 s however slowly the machine runs, and the bar is drawn exactly twice."""
    for lang, expected in (
        ("zh", "] 1/6 局  1:20  每局 80.0 秒"),
        ("en", "] 1/6 games  1:20  80.0 s"),
    ):
        bar = io.StringIO()
        now = [1000.0]
        progress = Progress(bar, 6, tick=3600, lang=lang, clock=lambda now=now: now[0])
        now[0] += 80.0
        progress(1, 6)
        progress.close()
        assert expected in bar.getvalue()
    bar = io.StringIO()  # the line drawn over is erased by its width on the terminal (CJK: 2)
    progress = Progress(bar, 6, tick=3600, lang="zh", clock=lambda: 1000.0)
    progress.close()
    drawn, erased = bar.getvalue().split("\r")[1:3]
    assert len(erased) == len(drawn) + drawn.count("局")


def test_cli_zh_report_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--lang zh, before or after the command word, writes the report in Chinese; the JSON is
    the same object in both languages (English keys)."""
    for args in (["--lang", "zh", *_FOUR_RANDOM], [*_FOUR_RANDOM, "--lang", "zh"]):
        assert main(args) == 0
        out = capsys.readouterr().out
        assert out.startswith("清明模拟：3 局，4 名玩家") and "Wins by" not in out
        assert "各座位的胜局" in out and "速度：" in out
    plain = []
    for lang in ("zh", "en"):
        assert main(["--lang", lang, *_FOUR_RANDOM, "--json"]) == 0
        plain.append(json.loads(capsys.readouterr().out))
    assert figures(plain[0]) == figures(plain[1]) and set(plain[0]) == set(plain[1])
