"""``qingming sim``: play bot games headless and report who wins and how fast.

The simulation itself is :func:`qm_rules.sim.simulate`; this module parses the command line,
draws a progress line on a terminal (stderr, only when stderr is a TTY) and prints the report,
as text or as one JSON object (``--json``). The text report gives each seat's and ancestor's
share of the wins with its 95 % interval and marks those outside the fair band. Its words, and
the progress line's, are the catalogue's (``qm_rules.strings.sim``) in ``--lang``.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from qingming.cardsfile import add_cards_argument, read_card_set
from qingming.commands.tables import _pad, _width
from qm_rules.i18n import tr
from qm_rules.options import BY_NAME, as_flag
from qm_rules.shown import show_cards, shown_cards

if TYPE_CHECKING:
    from collections.abc import Callable

    from qm_rules.sim import Share, SimReport

NAME = "sim"
HELP = "play bot games headless and report wins by seat and ancestor, draws and speed"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=int, default=4, metavar="N", help="players a game, 2 to 6 (default: 4)"
    )
    parser.add_argument(
        "--games", type=int, default=100, metavar="M", help="games to play (default: 100)"
    )
    parser.add_argument(
        "--seed", default="0", metavar="S", help="run seed: same seed, same figures (default: 0)"
    )
    parser.add_argument(
        "--bots",
        default="heuristic",
        metavar="LIST",
        help="the bot of each seat, comma-separated: a level (easy, normal, hard) or a "
        "strategy (heuristic, random, mcts); one name serves every seat (default: heuristic)",
    )
    round_limit = BY_NAME["round_limit"]  # the table option, as serve takes it
    parser.add_argument(
        round_limit.flag, metavar=round_limit.metavar, help=round_limit.serve_help()
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help="processes to play in; the figures are the same as with 1 (default: 1; with "
        "--cluster local, the cluster's workers: default, this machine's cores)",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://HOST:8786), or on one started here with 'local'; the figures are the same as "
        "a serial run's, and the workers need no card file. Needs the optional extra: pip install "
        "'qingming[cluster]' (docs/SIMULATION.md says how to play a million games)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of a table"
    )
    add_cards_argument(parser)
    parser.add_argument(
        "--by-card",
        action="store_true",
        help="report every card: win rates in the opening hand, drawn, played and not, the "
        "improvement when drawn, how often and in which round it is played, each with its 95 %% "
        "interval (on with --cards or --report)",
    )
    parser.add_argument(
        "--report",
        metavar="FILE.html",
        help="also write the figures as one self-contained web page with charts (no request "
        "leaves it), for anyone to read in a browser",
    )
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default=argparse.SUPPRESS,  # as play's: `qingming --lang zh sim` stands too
        help="language of the report and the progress bar (default: en; --json is the same)",
    )


def _seed(text: str) -> int | str:
    """An integer seed stays an integer (``--seed 7`` and ``seed=7`` in code agree)."""
    try:
        return int(text)
    except ValueError:
        return text


def speed(games: int, seconds: float, lang: str = "en") -> str:
    """How fast the games went, in a figure that means something at any pace: games a second,
    or seconds a game when a game takes longer than a second (``"2.5 games/s"``, ``"41.0 s a
    game"``), where games/s would print 0.0."""
    if games <= 0 or seconds <= 0:
        return "–"
    if games >= seconds:
        return tr("sim.speed.games_per_second", lang, rate=f"{games / seconds:,.1f}")
    return tr("sim.speed.seconds_a_game", lang, seconds=f"{seconds / games:,.1f}")


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


class Progress:
    """A one-line progress bar redrawn with ``\\r``: drawn at once (0 of ``total``) and redrawn
    every ``tick`` seconds with the time so far, so the line moves before the first game ends
    (a game between search bots can take most of a minute); after a game, at most ~10 times a
    second. Its words are in ``lang``; its time is ``clock``'s (seconds, monotonic)."""

    def __init__(
        self,
        stream: TextIO,
        total: int,
        width: int = 30,
        tick: float = 1.0,
        lang: str = "en",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.lang = lang
        self.width = width
        self.total = total
        self.done = 0
        self.last = 0.0
        self.start = clock()
        self.drawn = 0  # characters of the last line drawn, to erase it
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.draw()
        self.ticker = threading.Thread(target=self._tick, args=(tick,), daemon=True)
        self.ticker.start()

    def _tick(self, tick: float) -> None:
        while not self.stopped.wait(tick):
            self.draw()

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = self.clock()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        self.draw()

    def draw(self) -> None:
        with self.lock:
            if self.stopped.is_set():
                return
            elapsed = self.clock() - self.start
            filled = self.width * self.done // self.total if self.total else 0
            bar = "#" * filled + "." * (self.width - filled)
            rate = f"  {speed(self.done, elapsed, self.lang)}" if self.done else ""
            games = tr("sim.progress", self.lang, done=self.done, total=self.total)
            line = f"[{bar}] {games}  {_clock(elapsed)}{rate}"
            self.stream.write("\r" + _pad(line, self.drawn))
            self.drawn = _width(line)
            self.stream.flush()

    def close(self) -> None:
        self.stopped.set()
        self.ticker.join()
        with self.lock:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()


def _round_limit(text: str) -> int:
    """``--round-limit``'s value, read as every entry point reads the table option; a bad one
    raises ``SimError`` naming the flag."""
    from qm_rules.sim import SimError

    try:
        value: int = BY_NAME["round_limit"].parse(text)
    except ValueError as exc:
        raise SimError(as_flag(str(exc))) from None
    return value


@contextmanager
def _where(args: argparse.Namespace, lang: str) -> Iterator[dict[str, Any]]:
    """Where the games are played, as :func:`~qm_rules.sim.simulate`'s arguments: this
    machine's processes (``--jobs``), or a Dask cluster (``--cluster``), held open meanwhile."""
    if args.cluster is None:
        yield {"jobs": args.jobs or 1}
        return
    from qingming.cluster import open_cluster, runner

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    with open_cluster(args.cluster, args.jobs, say, lang) as (client, threads):
        yield {"jobs": threads, "runner": runner(client, lang), "cluster": args.cluster}


def run(args: argparse.Namespace) -> int:
    from qingming.cluster import ClusterError
    from qm_rules.sim import SimError, parse_bots, simulate

    try:
        bots = parse_bots(args.bots, args.players)
        if args.games < 1:
            raise SimError(f"--games must be at least 1, not {args.games}")
        round_limit = None if args.round_limit is None else _round_limit(args.round_limit)
        if args.jobs is not None and args.jobs < 1:
            raise SimError(f"--jobs must be at least 1, not {args.jobs}")
    except SimError as exc:
        print(f"qingming sim: {exc}", file=sys.stderr)
        return 2
    lang = getattr(args, "lang", None) or "en"
    fault = None
    if args.cluster is not None and not args.cluster.strip():
        # Dask's client would start a cluster of its own for an empty address
        fault = tr("sim.cluster.no_address", lang)
    elif args.cluster not in (None, "local") and args.jobs is not None:
        fault = tr("sim.cluster.remote_jobs", lang, address=args.cluster)
    if fault is not None:
        print(f"qingming sim: {fault}", file=sys.stderr)
        return 2
    cards = read_card_set(args.cards, "sim", lang)
    show_cards(cards)  # the report names the set's ancestors
    with ExitStack() as stack:
        try:
            play = stack.enter_context(_where(args, lang))
        except KeyboardInterrupt:
            print("qingming sim: interrupted", file=sys.stderr)
            return 130
        except ClusterError as exc:
            print(f"qingming sim: {exc}", file=sys.stderr)
            return 1
        progress = Progress(sys.stderr, args.games, lang=lang) if sys.stderr.isatty() else None
        try:
            report = simulate(
                args.players,
                args.games,
                _seed(args.seed),
                bots,
                round_limit,
                progress,
                cards=cards,
                cards_file=args.cards,
                by_card=bool(args.by_card or args.cards or args.report),
                **play,
            )
        except (KeyboardInterrupt, ClusterError) as exc:
            if progress is not None:  # the bar's line is cleared before the words
                progress.close()
                progress = None
            if isinstance(exc, ClusterError):
                print(f"qingming sim: {exc}", file=sys.stderr)
                return 1
            print("qingming sim: interrupted", file=sys.stderr)
            return 130
        finally:
            if progress is not None:
                progress.close()
    if args.json:
        json.dump(report.to_plain(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(format_report(report, lang))
        if report.card_stats is not None:
            print()
            print(format_cards(report, lang))
    if args.report:
        from qingming.simreport import page

        try:
            with open(args.report, "w", encoding="utf-8") as f:
                f.write(page(report, lang))
        except OSError as exc:
            print(f"qingming sim: {args.report}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        if not args.json:
            print(tr("sim.report.written", lang, file=args.report))
    return 0


def _rate(r: dict[str, Any]) -> str:
    """ "75.0% [52–89]": a rate and its 95 % interval, in points; "–" for no games."""
    if not r["of"]:
        return "–"
    lo, hi = r["interval"]
    return f"{100 * r['rate']:.1f}% [{100 * lo:.0f}–{100 * hi:.0f}]"


def format_cards(report: SimReport, lang: str = "en") -> str:
    """Every card's figures (:mod:`qm_rules.cardstats`), two lines a card, ancestors last."""
    assert report.card_stats is not None
    return format_card_stats(report.card_stats.to_plain(), lang)


def format_card_stats(plain: dict[str, Any], lang: str = "en") -> str:
    """Card by card (:meth:`qm_rules.cardstats.CardStats.to_plain`) in words, two lines a card,
    ancestors last, named from the set shown (``qingming stats --cards`` too)."""
    from qm_words import type_name

    defs = shown_cards().by_id
    order = sorted(plain, key=lambda c: (defs[c].type == "ancestor", list(plain).index(c)))
    lines = [tr("sim.card.title", lang)]
    for card in order:
        f = plain[card]
        d = defs[card]
        iwd = f["improvement_when_drawn"]
        better = "–"
        if iwd is not None:
            lo, hi = iwd["interval"]
            better = f"{100 * iwd['value']:+.1f} [{100 * lo:+.0f}–{100 * hi:+.0f}]"
        mean = f["mean_round_played"]
        lines.append(f"  {d.name(lang)} ({type_name(d.type, lang)})")
        lines.append(
            "    "
            + tr(
                "sim.card.hand",
                lang,
                hand=_rate(f["in_hand"]),
                opening=_rate(f["opening_hand"]),
                drawn=_rate(f["drawn"]),
                better=better,
            )
        )
        lines.append(
            "    "
            + tr(
                "sim.card.play",
                lang,
                played=_rate(f["played"]),
                not_played=_rate(f["not_played"]),
                often=_rate(f["play_rate"]),
                round="–" if mean is None else f"{mean:.1f}",
            )
        )
    lines.append(tr("sim.card.note", lang))
    return "\n".join(lines)


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:5.1f}%" if total else "    –"


def _share(s: Share) -> str:
    """ "  25.6%  [23.7–27.6]  !": the share, its 95 % interval and its mark."""
    if not s.of:
        return "    –"
    lo, hi = s.interval
    return f"{100 * s.share:5.1f}%  [{100 * lo:4.1f}–{100 * hi:4.1f}]  {s.flag}".rstrip()


def _labelled(rows: list[tuple[str, str]]) -> list[str]:
    """``label value`` lines with the values in one column: each label padded to the widest
    (CJK counts two) and one space."""
    width = max(_width(label) for label, _ in rows) + 1
    return [_pad(label, width) + value for label, value in rows]


def format_report(report: SimReport, lang: str = "en") -> str:
    """The report as plain text in ``lang``'s words (the catalogue's ``sim.*``), seats numbered
    from 1 as the table numbers them and ancestors by their card names (``--json`` keeps the
    indices from 0, the ids and English keys); each table's counts in one column whatever the
    names' widths (CJK counts two) and seat counts. Strategy names stay as ``--bots`` spells
    them."""
    from qm_rules.sim import ANCESTOR_BAND, SEAT_BAND

    g = report.games
    seats, ancestors = report.shares()
    fair_seat, fair_anc = 100 / report.players, 100 / len(ancestors)
    limit = report.round_limit or tr("table_option.none", lang)
    lines = [
        tr("sim.title", lang, n=g, players=report.players, seed=repr(report.seed), limit=limit),
    ]
    if report.cards_file:
        lines.append(tr("sim.cards", lang, file=report.cards_file, digest=report.cards_digest))
    lines += [
        "",
        tr("sim.by_seat", lang, fair=f"{fair_seat:.1f}", band=f"{100 * SEAT_BAND:.0f}"),
    ]
    bot_width = max(10, *(_width(name) for name in report.bots))
    seat_names = [tr("sim.seat", lang, n=seat + 1) for seat in range(report.players)]
    seat_width = max(_width(name) for name in seat_names)
    for seat, name in enumerate(report.bots):
        s = seats[seat]
        label = f"{_pad(seat_names[seat], seat_width)}  {_pad(name, bot_width)}"
        lines.append(f"  {label} {s.wins:6d}  {_share(s)}")
    if len(set(report.bots)) > 1:
        lines.append(tr("sim.by_strategy", lang))
        labels = {}
        for name in report.wins_by_strategy():
            n = report.bots.count(name)
            labels[name] = f"{_pad(name, bot_width)} {tr('sim.seats', lang, n=n)}"
        width = max(_width(label) for label in labels.values())
        for name, wins in report.wins_by_strategy().items():
            lines.append(f"  {_pad(labels[name], width)} {wins:6d}  {_pct(wins, g)}")
    lines.append(
        tr("sim.by_ancestor", lang, fair=f"{fair_anc:.1f}", band=f"{100 * ANCESTOR_BAND:.0f}")
    )
    names = {d.id: d.name(lang) for d in shown_cards().ancestors}
    name_width = max(_width(n) for n in names.values())
    for a in ancestors:
        lines.append(f"  {_pad(names[a.name], name_width)} {a.wins:6d}  {_share(a)}")
    if any(s.flag for s in seats + ancestors):
        lines.append("  " + tr("sim.marks", lang))
    other = sum(n for r, n in report.wins_by_reason.items() if r != "worship")
    why = tr("sim.draws.sep", lang).join(
        tr(f"sim.draw.{r}", lang, n=n) for r, n in sorted(report.draws_by_reason.items())
    )
    draws = f"{report.draws:6d}  {_pct(report.draws, g)}"
    if why:
        draws += "  " + tr("sim.draws.why", lang, why=why)
    lines += _labelled(
        [
            (tr("sim.draws", lang), draws),
            (tr("sim.concessions", lang), f"{report.concessions:6d}"),
        ]
    )
    if other:
        lines.append(tr("sim.last_standing", lang, n=other))
    rate = report.decisions_per_second
    lines += [
        "",
        *_labelled(
            [
                (tr("sim.mean_rounds", lang), f"{report.mean_rounds:8.2f}"),
                (tr("sim.mean_decisions", lang), f"{report.mean_decisions:8.1f}"),
            ]
        ),
        tr(
            "sim.speed",
            lang,
            speed=speed(report.games, report.seconds, lang),
            rate=f"{rate:,.{0 if rate >= 10 else 1}f}",
            decisions=f"{report.decisions:,}",
            seconds=f"{report.seconds:.2f}",
        ),
    ]
    wall = f"{report.wall_seconds:.2f}"
    if report.cluster == "local":
        lines.append(tr("sim.wall.local", lang, seconds=wall, jobs=report.jobs))
    elif report.cluster is not None:
        lines.append(
            tr("sim.wall.cluster", lang, seconds=wall, cluster=report.cluster, jobs=report.jobs)
        )
    elif report.jobs > 1:
        lines.append(tr("sim.wall", lang, seconds=wall, jobs=report.jobs))
    lines.append(tr(f"sim.build.{report.build}", lang))
    return "\n".join(lines)
