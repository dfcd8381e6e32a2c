"""``qingming replay`` on the table: a real six-seat game (a host on loopback, six bots, played
to its end, journaled) stepped forward and back, by turn and chain and to a turn by its number,
from any seat the journal may show; a player's record of a six-seat game shows their seat and
the spectators' view, never another hand. Each step shown is the one
:class:`~qm_net.replay_source.ReplaySource` gives, and the log is the game told up to it."""

from __future__ import annotations

import asyncio
import io
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from net_support import client, options, play_to_end, running_host, six_seat_journal
from textual.widgets import OptionList
from tui_support import config_dir, make_app, until  # noqa: F401  (fixture)

from qingming.commands import replay as replay_command
from qm_net.replay_source import ReplaySource
from qm_rules.bots import make_bot
from qm_rules.plays import reasons_of
from qm_tui.app import WatchReplay
from qm_tui.i18n import tr
from qm_tui.screens.replay import ReplayScreen, SeatChoice
from qm_tui.widgets.banner import ResultBanner
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.log import GameLog
from qm_tui.widgets.tiles import TableTile
from qm_words import why_not_words

SIZES = [(80, 24), (160, 48)]


@pytest.fixture(scope="module")
def six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("six") / "six.jsonl"
    six_seat_journal(path)
    return path


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann's game record of a six-seat game (five bots), as her program keeps it."""
    path = tmp_path_factory.mktemp("record") / "ann.json"

    async def play() -> None:
        async with running_host(seed=None, seats=6, bots=5, options=options(round_limit=3)) as host:
            ann = await client(host, "Ann")
            await ann.join()
            await ann.set_ready(True)
            end = await asyncio.wait_for(play_to_end(ann, make_bot("random", 1)), 120)
            assert end.fair is not None
            end.fair.save(str(path))
            await ann.close()

    asyncio.run(play())
    return path


def _screen(app: Any) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def _at(app: Any, step: int, seat: int | None) -> bool:
    """The replay shows ``step`` from ``seat`` (drawn: its view, bar and log are there)."""
    screen = app.screen
    return (
        isinstance(screen, ReplayScreen)
        and screen.step == step
        and screen.seat == seat
        and screen.steps_shown > 0
        and screen.view is not None
        and f"{step}/" in str(screen.query_one("#replay").render())
    )


def _hand(screen: ReplayScreen) -> list[int]:
    """The cards the hand row shows."""
    assert screen.hand is not None
    shown = screen.hand.pool[: len(screen.view.me().hand or ()) if screen.view else 0]
    return [t.card.cid for t in shown if t.card is not None]


def _check_step(screen: ReplayScreen, source: ReplaySource, lang: str) -> None:
    """What the screen shows is the source's view of this step, from this seat, and the log
    tells the game up to it as this seat saw it."""
    view, _ = source.at(screen.step, screen.seat)
    assert screen.view == view
    seat = screen.seat
    if seat is not None:
        me = view.seats[seat]
        assert me.hand is not None and _hand(screen) == [c.cid for c in me.hand]
    else:
        assert screen.hand is None
    if view.result is None:  # (the end shows every hand)
        assert all(s.hand is None for s in view.seats if s.seat != seat)
    lines = screen.query_one(GameLog).lines_written
    told = source.told(seat, lang)[: screen.step]
    assert [line for line in lines if not line.startswith("  ")] == [t.choice for t in told]
    assert sum(len(t.events) for t in told) == len(lines) - len(told)
    bar = str(screen.query_one("#replay").render())
    assert f"{screen.step}/{source.steps}" in bar
    assert f"{source.turn_of(screen.step)}/{len(source.turns)}" in bar


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
async def test_stepping_through_a_six_seat_game(
    six: Path, lang: str, size: tuple[int, int]
) -> None:
    source = ReplaySource.from_file(six)
    app = make_app(lang=lang, start=WatchReplay(source, 2))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: _at(app, 0, 2), "the deal")
        _check_step(_screen(app), source, lang)
        for step in range(1, 8):  # forward, a step at a time
            await pilot.press("n")
            await until(pilot, lambda s=step: _at(app, s, 2), f"step {step}")
            _check_step(_screen(app), source, lang)
        for step in (6, 5):  # and back
            await pilot.press("p")
            await until(pilot, lambda s=step: _at(app, s, 2), f"back to {step}")
            _check_step(_screen(app), source, lang)
        await pilot.press("space")
        await until(pilot, lambda: _at(app, 6, 2), "space steps too")
        # nothing is answered: the seat's question is on screen, its keys are not
        screen = _screen(app)
        for key in ("1", "p", "e", "c", "x"):
            assert not screen.check_action(
                {"1": "option", "p": "pass", "e": "end", "c": "chat", "x": "concede"}[key], ()
            )
        await screen.choose("pass")
        await until(
            pilot,
            lambda: any(n.message == tr("replay.read_only", lang) for n in app._notifications),
            "a choice refused",
        )
        await pilot.press("end")
        await until(pilot, lambda: _at(app, source.steps, 2), "the end")
        _check_step(_screen(app), source, lang)
        banner = _screen(app).query_one(ResultBanner)
        assert banner.display  # the final table, its winner said over it
        said = str(_screen(app).query_one("#prompt-title").render())
        assert said and tr("now.over_hint", lang) not in said  # (no result screen: no v)
        await pilot.press("n")
        await until(
            pilot,
            lambda: any(n.message == tr("replay.at_end", lang) for n in app._notifications),
            "no step past the end",
        )
        await pilot.press("home")
        await until(pilot, lambda: _at(app, 0, 2), "the start again")
        assert _screen(app).query_one(GameLog).lines_written == []


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
async def test_turn_and_chain_jumps_land_where_they_began(
    six: Path, lang: str, size: tuple[int, int]
) -> None:
    source = ReplaySource.from_file(six)
    turns, chains = source.turns, source.chains
    assert len(turns) > 4 and len(chains) > 3
    app = make_app(lang=lang, start=WatchReplay(source, None))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: _at(app, 0, None), "the deal")
        for n in (1, 2, 3):  # ]: the next turn's first step
            await pilot.press("right_square_bracket")
            await until(pilot, lambda n=n: _at(app, turns[n], None), f"turn {n + 1}")
            _check_step(_screen(app), source, lang)
            view = _screen(app).view
            assert view is not None and view.turn == n + 1
        await pilot.press("left_square_bracket")
        await until(pilot, lambda: _at(app, turns[2], None), "a turn back")
        # >: the next chain's first link, from where the table is
        here = turns[2]
        after = [c for c in chains if c > here]
        for want in after[:2]:
            await pilot.press("greater_than_sign")
            await until(pilot, lambda w=want: _at(app, w, None), f"chain at step {want}")
            _check_step(_screen(app), source, lang)
            n = chains.index(want) + 1
            bar = str(_screen(app).query_one("#replay").render())
            assert f"{n}/{len(chains)}" in bar
        await pilot.press("less_than_sign")
        await until(pilot, lambda: _at(app, after[0], None), "a chain back")
        # j: a turn by its number
        await pilot.press("j")
        await until(pilot, lambda: not isinstance(app.screen, ReplayScreen), "asked")
        await pilot.press("4", "enter")
        await until(pilot, lambda: _at(app, turns[3], None), "turn 4")
        _check_step(_screen(app), source, lang)
        await pilot.press("j")
        await until(pilot, lambda: not isinstance(app.screen, ReplayScreen), "asked again")
        await pilot.press("9", "9", "enter")
        said = tr("replay.bad_turn", lang, text="99", turns=len(turns))
        await until(pilot, lambda: any(n.message == said for n in app._notifications), "no turn 99")
        assert _at(app, turns[3], None)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
async def test_a_hosts_journal_shows_every_seat(
    six: Path, lang: str, size: tuple[int, int]
) -> None:
    source = ReplaySource.from_file(six)
    step = source.turns[2] + 1
    app = make_app(lang=lang, start=WatchReplay(source, 0))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: _at(app, 0, 0), "the deal")
        await pilot.press("right_square_bracket", "right_square_bracket", "n")
        await until(pilot, lambda: _at(app, step, 0), "a step of turn 3")
        for seat in (3, 5, 1):
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, SeatChoice), "whose view")
            await pilot.press(str(seat + 1))
            await until(pilot, lambda s=seat: _at(app, step, s), f"seat {seat}'s view")
            _check_step(_screen(app), source, lang)
            bar = str(_screen(app).query_one("#replay").render())
            assert source.names[seat] in bar
        await pilot.press("w")  # the spectators: last in the list
        await until(pilot, lambda: isinstance(app.screen, SeatChoice), "whose view")
        await pilot.press("end", "enter")
        await until(pilot, lambda: _at(app, step, None), "the spectators' view")
        _check_step(_screen(app), source, lang)
        await pilot.press("n")  # and on from there, as the spectators saw it
        await until(pilot, lambda: _at(app, step + 1, None), "a step on")
        _check_step(_screen(app), source, lang)
        other = "en" if lang == "zh" else "zh"
        app.set_lang(other)  # (the palette's language command): the bar and the log in it
        spectators = tr("replay.spectators", other)
        await until(
            pilot,
            lambda: (
                spectators in str(_screen(app).query_one("#replay").render())
                and _screen(app).lang == other
            ),
            "the other language",
        )
        await until(
            pilot,
            lambda: (
                _screen(app).query_one(GameLog).lines_written[0]
                == source.told(None, other)[0].choice
            ),
            "the log in it",
        )
        _check_step(_screen(app), source, other)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
async def test_a_players_record_never_shows_another_hand(
    record: Path, lang: str, size: tuple[int, int]
) -> None:
    source = ReplaySource.from_file(record)
    mine = source.owner
    assert mine is not None and source.seats == (mine, None)
    owner = source.names[mine]
    app = make_app(lang=lang, start=WatchReplay(source, mine, owner))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: _at(app, 0, mine), "the deal")
        for n in range(1, min(4, len(source.turns))):  # a few turns, each from its start
            await pilot.press("right_square_bracket")
            await until(pilot, lambda n=n: _at(app, source.turns[n], mine), f"turn {n + 1}")
            _check_step(_screen(app), source, lang)
        other = (mine + 1) % 6
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, SeatChoice), "whose view")
        listed = app.screen.query_one(OptionList)
        marked = tr("replay.seat.not_shown", lang, name=source.names[other])
        assert marked in str(listed.get_option_at_index(other).prompt)
        assert "(" not in str(listed.get_option_at_index(mine).prompt)  # (hers: unmarked)
        await pilot.press(str(other + 1))
        said = tr("replay.not_shown", lang, owner=owner, name=source.names[other])
        await until(pilot, lambda: any(n.message == said for n in app._notifications), "refused")
        here = _screen(app).step
        assert _at(app, here, mine)  # still Ann's view, Ann's hand
        _check_step(_screen(app), source, lang)
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, SeatChoice), "whose view")
        await pilot.press("end", "enter")
        await until(pilot, lambda: _at(app, here, None), "the spectators' view")
        _check_step(_screen(app), source, lang)


def test_no_key_of_a_replay_answers_anything() -> None:
    """The replay keeps the table's keys that look (board, log, discards, legend, rules,
    cards, the other language) and none that would choose, pass, end, concede or chat."""
    from textual.actions import parse

    from qm_tui.screens.table import TableScreen

    actions = {parse(b.action)[1] for b in ReplayScreen.BINDINGS if hasattr(b, "action")}
    answering = TableScreen.PLAYER_ACTIONS | {"chat", "skip", "pace", "result"}
    assert not actions & answering
    assert {"log", "discard", "gallery", "navigate", "next", "back", "seat"} <= actions


def test_a_game_still_being_played_is_not_opened_unless_asked(
    six: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the table as in text: a journal a running table still writes (its lock held, no
    result yet) would show every live hand, so it is refused unless ``--live``."""
    fcntl = pytest.importorskip("fcntl")
    from qingming.cli import main

    live = tmp_path / "live.jsonl"
    lines = six.read_text(encoding="utf-8").splitlines(keepends=True)
    live.write_text("".join(lines[:12]), encoding="utf-8")  # the deal and a few choices
    opened: list[Any] = []
    monkeypatch.setattr(replay_command, "_as_text", lambda args: False)
    monkeypatch.setattr("qm_tui.app.QingmingApp.run", lambda app: opened.append(app._start))
    with live.open("rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as the host holds it while it writes
        assert main(["replay", str(live)]) == 1
        assert "--live" in capsys.readouterr().err and not opened
        assert main(["replay", "--live", str(live)]) == 0
        assert isinstance(opened[-1], WatchReplay) and opened[-1].source.steps == 10


def _held_back(source: ReplaySource) -> tuple[int, int, int]:
    """A step where a seat is asked and a card in its hand cannot be played now, found over
    the game: (step, seat, card)."""
    for step in range(source.steps):
        for seat in range(len(source.names)):
            view, _ = source.at(step, seat)
            p = view.prompt
            if p is None or p.seat != seat:
                continue
            hand = {c.cid for c in view.seats[seat].hand or ()}
            held = sorted(set(reasons_of(p.context)) & hand)
            if held:
                return step, seat, held[0]
    raise AssertionError("no seat was ever asked with a card it could not play")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_card_panel_says_why_as_the_seat_was_told(
    six: Path, lang: str, size: tuple[int, int]
) -> None:
    source = ReplaySource.from_file(six)
    step, seat, cid = _held_back(source)
    view, _ = source.at(step, seat)
    assert view.prompt is not None
    reason = reasons_of(view.prompt.context)[cid]
    turn = source.turn_of(step)
    app = make_app(lang=lang, start=WatchReplay(source, seat))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: _at(app, 0, seat), "the deal")
        await pilot.press("j")
        await until(pilot, lambda: not isinstance(app.screen, ReplayScreen), "asked")
        await pilot.press(*str(turn), "enter")
        await until(pilot, lambda: _at(app, source.turns[turn - 1], seat), f"turn {turn}")
        for _ in range(step - source.turns[turn - 1]):
            await pilot.press("n")
        await until(pilot, lambda: _at(app, step, seat), f"step {step}")
        screen = _screen(app)
        card = next(c.card for c in view.seats[seat].hand or () if c.cid == cid)
        words = tr("table.whynot", lang, why=why_not_words(reason, card, lang))

        def told() -> bool:
            # the card's tile as drawn now (a redraw of the hand may replace it), focused
            tile = next(
                (
                    t
                    for t in screen.query(TableTile)
                    if t.zone == "hand" and t.card is not None and t.card.cid == cid
                ),
                None,
            )
            if tile is None:
                return False
            if not tile.has_focus:
                tile.focus()
                return False
            return words in str(screen.query_one(CardDetail).render()).replace("\n", "")

        await until(pilot, told, "the reason")


def test_text_is_kept_where_asked_for_or_no_terminal(
    six: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--text`` prints what the replay always printed (and so does an output that is not a
    terminal, ``--no-step``); on a terminal, without them, the table opens, on your seat."""

    def printed(*argv: str) -> str:
        from qingming.cli import main

        out = io.StringIO()
        with redirect_stdout(out):
            assert main(["replay", *argv]) == 0
        return out.getvalue()

    text = printed("--text", str(six))
    assert text == printed("--no-step", str(six)) == printed(str(six))
    assert text.splitlines()[1].startswith("#1 ")
    assert printed("--text", "--seat", "2", str(six)) == printed(
        "--no-step", "--seat", "2", str(six)
    )

    opened: list[Any] = []

    class Opened:
        def __init__(self, **kw: Any) -> None:
            opened.append(kw)
            self.return_code = 0

        def run(self) -> None:
            pass

    argv = ["--name", "Nobody", "replay", str(six)]
    from qingming.cli import build_parser

    args = build_parser("replay").parse_args(argv)
    for stream in ("stdin", "stdout"):  # at a terminal
        monkeypatch.setattr(f"sys.{stream}.isatty", lambda: True)
    assert not replay_command._as_text(args)
    for flag in ("--text", "--json", "--no-step"):
        assert replay_command._as_text(build_parser("replay").parse_args([*argv, flag]))
    monkeypatch.setattr("sys.stdout.isatty", lambda: False)  # a pipe: text, as ever
    assert replay_command._as_text(args)

    monkeypatch.setattr("qm_tui.app.QingmingApp", Opened)
    monkeypatch.setattr(replay_command, "_as_text", lambda args: bool(args.text or args.json))
    from qingming.cli import main

    names = ReplaySource.from_file(six).names
    assert main(["--name", names[4], "replay", str(six)]) == 0
    start = opened[-1]["start"]
    assert isinstance(start, WatchReplay) and start.seat == 4 and start.owner is None
    assert main(["--name", "Nobody", "replay", "--seat", "1", str(six)]) == 0
    assert opened[-1]["start"].seat == 1
    assert main(["--name", "Nobody", "replay", str(six)]) == 0
    assert opened[-1]["start"].seat is None  # not a player of it: as a spectator
    assert main(["replay", "--seat", "9", str(six)]) == 2
    kept = tmp_path / "data" / "journals"  # no file named: the last game kept here
    kept.mkdir(parents=True)
    (kept / "20261201-120000-six.jsonl").write_bytes(six.read_bytes())
    monkeypatch.setenv("QINGMING_DATA_DIR", str(tmp_path / "data"))
    assert main(["replay"]) == 0
    assert opened[-1]["start"].source.journal == ReplaySource.from_file(six).journal
