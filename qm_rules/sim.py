"""Headless bot games: play many, count who won and how fast it went.

Pure logic, no I/O: :func:`simulate` returns a :class:`SimReport` and calls ``progress`` (if
given) after each game, so the command line (``qingming sim``) owns the printing.

Reproducible by construction: game ``i`` of a run with seed ``S`` uses the game seed
:func:`game_seed` ``(S, i)``, and the bot in seat ``k`` is seeded with :func:`bot_seed`
``(S, i, k)``. The same seed, players, bots and round limit give the same figures (timings
aside), however many processes play them (``jobs``): each game depends on its index only.
Bots see only ``game.view(seat)``.

Fairness: :meth:`SimReport.shares` gives each seat's and each ancestor's share of the won games
with a 95 % Wilson interval, against a band around the fair share (1/N for a seat, 1/6 for an
ancestor: each is dealt equally often).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import BUILD
from .bots import BOT_NAMES, Bot, make_bot, tell
from .cards import CardSet, shipped_cards
from .cardstats import LATER, OPENING, CardStats, Seen, Tracker, wilson
from .game import MAX_PLAYERS, MIN_PLAYERS, Game
from .model import GameOptions
from .rng import seed_state

#: Decisions a game may take before the simulator calls it a runaway (an engine or bot bug).
MAX_DECISIONS = 100_000


#: Half-widths of the fairness bands, in shares (0.04 = 4 points): an ancestor's share of the
#: wins should be within 1/6 ± ANCESTOR_BAND, a seat's within 1/N ± SEAT_BAND.
ANCESTOR_BAND = 0.04
SEAT_BAND = 0.03


class SimError(ValueError):
    """Bad simulation settings (player count, bot list, game count)."""


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return seed_state(f"sim-game:{seed!r}:{index}")


def bot_seed(seed: int | str, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of game ``index``."""
    return seed_state(f"sim-bot:{seed!r}:{index}:{seat}")


def parse_bots(text: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One strategy a seat from ``"heuristic,random,…"``; a single name serves every seat.

    Raises :class:`SimError` for an unknown name or a list of the wrong length."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SimError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    if text is None:
        names = ["heuristic"]
    elif isinstance(text, str):
        names = [n.strip() for n in text.split(",")]
    else:
        names = [str(n).strip() for n in text]
    if not names or any(not n for n in names):
        raise SimError(
            "--bots: empty strategy name; give one name, or one per seat separated by commas"
        )
    unknown = sorted({n for n in names if n not in BOT_NAMES})
    if unknown:
        raise SimError(
            f"--bots: unknown strategy {', '.join(map(repr, unknown))}; "
            f"choose from {', '.join(BOT_NAMES)}"
        )
    if len(names) == 1:
        return tuple(names * players)
    if len(names) != players:
        raise SimError(
            f"--bots names {len(names)} strategies for {players} players; give one, or one per seat"
        )
    return tuple(names)


@dataclass(frozen=True, slots=True)
class Share:
    """One seat's or ancestor's share of the won games, its 95 % interval and its band.

    ``flag``: "" inside the band; "?" the share is outside the band but its interval reaches
    into it (more games would tell); "!" the whole interval is outside the band."""

    name: str
    wins: int
    of: int
    fair: float
    band: float

    @property
    def share(self) -> float:
        return self.wins / self.of if self.of else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.of)

    @property
    def flag(self) -> str:
        if not self.of:
            return ""
        low, high = self.fair - self.band, self.fair + self.band
        if low <= self.share <= high:
            return ""
        lo, hi = self.interval
        return "!" if hi < low or lo > high else "?"

    def to_plain(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "wins": self.wins,
            "share": round(self.share, 4),
            "low": round(lo, 4),
            "high": round(hi, 4),
            "fair": round(self.fair, 4),
            "band": self.band,
            "flag": self.flag,
        }


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game."""

    index: int
    seed: int
    winner: int | None
    ancestor: str | None
    reason: str
    rounds: int
    turns: int
    decisions: int
    concessions: int
    #: Each seat's cards in hand and played (:mod:`qm_rules.cardstats`), when tracked.
    cards: Seen | None = None


@dataclass(slots=True)
class SimReport:
    """What a run of games adds up to. ``seconds`` covers the games only (not setup)."""

    players: int
    bots: tuple[str, ...]
    seed: int | str
    round_limit: int
    games: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    wins_by_ancestor: Counter[str] = field(default_factory=Counter)
    wins_by_reason: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    draws_by_reason: Counter[str] = field(default_factory=Counter)  # round_limit, stalemate
    concessions: int = 0
    rounds: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0  # the games' own time, summed over processes (one core's worth)
    wall_seconds: float = 0.0  # from the first game's start to the last one's end
    jobs: int = 1
    #: The ancestors of the card set the games were played with, in the set's order.
    ancestor_ids: tuple[str, ...] = ()
    #: The card set's rules hash, and the file it was read from (None: the game's own set).
    cards_digest: str = ""
    cards_file: str | None = None
    #: The engine that played: "python", or "mypyc" when its compiled build is there
    #: (``tools/compile.py``; Python imports it in the sources' place, sim's workers too).
    build: str = BUILD
    #: Card by card (:mod:`qm_rules.cardstats`), when asked for.
    card_stats: CardStats | None = None
    #: Where the games were played when not in this machine's processes: a Dask cluster's
    #: scheduler address, or "local" for one started here (``qingming sim --cluster``).
    cluster: str | None = None

    def __post_init__(self) -> None:
        if not self.ancestor_ids:
            self.ancestor_ids = tuple(d.id for d in shipped_cards().ancestors)
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    def add(self, rec: GameRecord) -> None:
        self.games += 1
        if rec.winner is None:
            self.draws += 1
            self.draws_by_reason[rec.reason] += 1
        else:
            self.wins_by_seat[rec.winner] += 1
            self.wins_by_reason[rec.reason] += 1
            if rec.ancestor is not None:
                self.wins_by_ancestor[rec.ancestor] += 1
        self.concessions += rec.concessions
        if self.card_stats is not None and rec.cards is not None:
            self.card_stats.add(rec.cards, rec.winner)
        self.rounds += rec.rounds
        self.turns += rec.turns
        self.decisions += rec.decisions

    def merge(self, part: SimReport) -> None:
        """Add ``part``'s games (a report of the same run's other games) to these; counts add
        exactly, so parts merged in index order give a serial run's figures."""
        self.games += part.games
        for seat, wins in enumerate(part.wins_by_seat):
            self.wins_by_seat[seat] += wins
        self.wins_by_ancestor.update(part.wins_by_ancestor)
        self.wins_by_reason.update(part.wins_by_reason)
        self.draws += part.draws
        self.draws_by_reason.update(part.draws_by_reason)
        self.concessions += part.concessions
        if self.card_stats is not None and part.card_stats is not None:
            self.card_stats.merge(part.card_stats)
        self.rounds += part.rounds
        self.turns += part.turns
        self.decisions += part.decisions
        self.seconds += part.seconds

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    @property
    def mean_decisions(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def shares(self) -> tuple[list[Share], list[Share]]:
        """Each seat's share of the won games (fair 1/N) and each ancestor's share of the games
        won at worship (fair 1/6), with 95 % intervals and bands."""
        won = sum(self.wins_by_seat)
        seats = [
            Share(f"seat {s}", w, won, 1 / self.players, SEAT_BAND)
            for s, w in enumerate(self.wins_by_seat)
        ]
        by_worship = sum(self.wins_by_ancestor.values())
        pool = self.ancestor_ids
        ancestors = [
            Share(a, self.wins_by_ancestor.get(a, 0), by_worship, 1 / len(pool), ANCESTOR_BAND)
            for a in pool
        ]
        return seats, ancestors

    def wins_by_strategy(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for seat, name in enumerate(self.bots):
            out[name] = out.get(name, 0) + self.wins_by_seat[seat]
        return out

    def to_plain(self) -> dict[str, Any]:
        """The figures as JSON-ready data (the ``--json`` output)."""
        seats, ancestors = self.shares()
        return {
            "games": self.games,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "round_limit": self.round_limit,
            "wins_by_seat": list(self.wins_by_seat),
            "wins_by_ancestor": dict(sorted(self.wins_by_ancestor.items())),
            "wins_by_reason": dict(sorted(self.wins_by_reason.items())),
            "draws": self.draws,
            "draws_by_reason": dict(sorted(self.draws_by_reason.items())),
            "concessions": self.concessions,
            "mean_rounds": round(self.mean_rounds, 3),
            "mean_decisions": round(self.mean_decisions, 3),
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "wall_seconds": round(self.wall_seconds, 4),
            "jobs": self.jobs,
            "cluster": self.cluster,
            "build": self.build,
            "cards": {"file": self.cards_file, "digest": self.cards_digest},
            "seat_shares": [s.to_plain() for s in seats],
            "ancestor_shares": {a.name: a.to_plain() for a in ancestors},
            **({"by_card": self.card_stats.to_plain()} if self.card_stats is not None else {}),
        }


#: Keys of :meth:`SimReport.to_plain` that depend on the clock or the processes, not the seed.
TIMING_KEYS = frozenset(
    {
        "seconds",
        "games_per_second",
        "decisions_per_second",
        "wall_seconds",
        "jobs",
        "cluster",
        "build",
    }
)


def play_game(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    options: GameOptions | None = None,
    index: int = 0,
    cards: CardSet | None = None,
    track: bool = False,
) -> GameRecord:
    """Play one game to its end with the card set ``cards`` (the shipped set if None), each
    seat's bot answering its own prompts from its own view (and reading the events its seat is
    shown, if it reads them). ``track``: also note each seat's cards in hand and played."""
    game = Game.new([f"{b.name}-{i}" for i, b in enumerate(bots)], seed, options, cards)
    tracker = Tracker(len(bots)) if track else None
    if tracker is not None:
        tracker.read(game.opening, OPENING, 1)
    for s, b in enumerate(bots):  # the game begins: every bot starts afresh
        tell(b, s, game.opening)
    # Only the bots that read the log are handed each decision's events (qm_rules.bots.tell
    # hands the others nothing but a game's start, which a game's decisions never hold): the
    # loop below is the engine's own, a view and a choice a decision.
    readers = [(s, b) for s, b in enumerate(bots) if hasattr(b, "observe")]
    choose, view = game.choose, game.view
    decisions = 0
    prompt = game.prompt
    while prompt is not None:
        seat = prompt.seat
        events = choose(seat, bots[seat].choose(view(seat)), prompt.seq)
        for s, b in readers:
            tell(b, s, events)
        if tracker is not None:
            tracker.read(events, LATER, game.round)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(
                f"game {index} (seed {seed}) did not end after {MAX_DECISIONS} decisions"
            )
        prompt = game.prompt
    result = game.result
    assert result is not None
    return GameRecord(
        index=index,
        seed=seed,
        winner=result.winner,
        ancestor=result.ancestor,
        reason=result.reason,
        rounds=result.rounds,
        turns=result.turns,
        decisions=decisions,
        concessions=sum(1 for _, option in game.choices if option == "concede"),
        cards=tracker.result() if tracker is not None else None,
    )


def _play_chunk(
    players: int,
    seed: int | str,
    strategies: tuple[str, ...],
    options: GameOptions,
    indices: Sequence[int],
    cards: CardSet,
    clock: Callable[[], float] = time.perf_counter,
    track: bool = False,
) -> list[tuple[GameRecord, float]]:
    """Play games ``indices`` of a run, each timed on its own (also a worker process's task)."""
    out = []
    for i in indices:
        seated = [make_bot(name, bot_seed(seed, i, k), cards) for k, name in enumerate(strategies)]
        start = clock()
        rec = play_game(players, game_seed(seed, i), seated, options, i, cards, track)
        out.append((rec, clock() - start))
    return out


@dataclass(frozen=True, slots=True)
class Run:
    """Everything a game of a run depends on besides its index: the whole input of a task, sent
    once to each process or cluster worker (the card set travels as its source, as
    :class:`~qm_rules.cards.CardSet` pickles)."""

    players: int
    seed: int | str
    strategies: tuple[str, ...]
    options: GameOptions
    cards: CardSet
    track: bool = False

    def report(self, jobs: int = 1, cards_file: str | None = None) -> SimReport:
        """An empty report of this run's games."""
        return SimReport(
            self.players,
            self.strategies,
            self.seed,
            self.options.round_limit,
            jobs=jobs,
            ancestor_ids=tuple(d.id for d in self.cards.ancestors),
            cards_digest=self.cards.digest,
            cards_file=cards_file,
            card_stats=CardStats([d.id for d in self.cards.cards]) if self.track else None,
        )


def play_part(run: Run, indices: range) -> SimReport:
    """Games ``indices`` of ``run``, added up: a pure function of its arguments whatever process
    or machine calls it (a task of ``--jobs`` and ``--cluster``; the parts are merged in index
    order). Its ``seconds`` are the games' own."""
    part = run.report()
    for rec, seconds in _play_chunk(
        run.players,
        run.seed,
        run.strategies,
        run.options,
        indices,
        run.cards,
        time.perf_counter,
        run.track,
    ):
        part.add(rec)
        part.seconds += seconds
    return part


def engine_stamp() -> tuple[str, str]:
    """What decides a game's course here: the engine's version (and, for the record, its
    build). Processes that play one run must agree on the version, or figures would differ."""
    from .journal import ENGINE_VERSION

    return ENGINE_VERSION, BUILD


def chunks(games: int, jobs: int, most: int = 50) -> list[range]:
    """Game indices in runs small enough to keep every process busy and the progress moving
    (about eight a process), and at most ``most`` games long."""
    size = max(1, min(most, games // (jobs * 8)))
    return [range(first, min(games, first + size)) for first in range(0, games, size)]


T = TypeVar("T")


def in_order(finished: Iterable[tuple[int, T]]) -> Iterator[T]:
    """Items tagged with their position, arriving in any order, handed on in position order
    as soon as each one's predecessors have come (only those out of turn are held)."""
    waiting: dict[int, T] = {}
    following = 0
    for position, item in finished:
        waiting[position] = item
        while following in waiting:
            yield waiting.pop(following)
            following += 1


#: Plays a run's chunks somewhere and yields their parts in chunk order, calling its third
#: argument with each finished part's game count as the parts come in (in any order).
Runner = Callable[[Run, Sequence[range], Callable[[int], None]], Iterator[SimReport]]


def processes(jobs: int) -> Runner:
    """A :data:`Runner` on ``jobs`` processes of this machine."""

    def run_parts(
        run: Run, parts: Sequence[range], done: Callable[[int], None]
    ) -> Iterator[SimReport]:
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            futures = {pool.submit(play_part, run, chunk): k for k, chunk in enumerate(parts)}

            def finished() -> Iterator[tuple[int, SimReport]]:
                for fut in as_completed(futures):
                    part = fut.result()
                    done(part.games)
                    yield futures[fut], part

            yield from in_order(finished())
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run_parts


def simulate(
    players: int,
    games: int,
    seed: int | str = 0,
    bots: str | Sequence[str] | None = None,
    round_limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    jobs: int = 1,
    cards: CardSet | None = None,
    cards_file: str | None = None,
    by_card: bool = False,
    runner: Runner | None = None,
    cluster: str | None = None,
) -> SimReport:
    """Play ``games`` bot games of ``players`` seats with the card set ``cards`` (the shipped
    set if None) and add them up.

    ``bots``: one strategy a seat, or one for all (default ``heuristic``). ``round_limit``:
    None keeps the table default (R22), 0 plays without a limit. ``progress(done, total)`` is
    called after each game (with ``jobs`` > 1, after each batch of games). ``jobs``: processes
    to play in; the figures are those of a serial run. ``runner``: plays the batches elsewhere
    (a Dask cluster: :mod:`qingming.cluster`), ``jobs`` being its workers and ``cluster`` its
    name in the report; the figures are still a serial run's."""
    strategies = parse_bots(bots, players)
    if games < 1:
        raise SimError(f"games must be at least 1, not {games}")
    if jobs < 1:
        raise SimError(f"jobs must be at least 1, not {jobs}")
    options = GameOptions() if round_limit is None else GameOptions(round_limit=round_limit)
    try:
        options.check()  # the table option's own range
    except ValueError as exc:
        raise SimError(str(exc)) from None
    run = Run(players, seed, strategies, options, cards or shipped_cards(), by_card)
    report = run.report(jobs, cards_file)
    report.cluster = cluster
    wall = clock()
    if runner is None and jobs == 1:
        for i in range(games):
            for rec, seconds in _play_chunk(
                players, seed, strategies, options, [i], run.cards, clock, by_card
            ):
                report.add(rec)
                report.seconds += seconds
            if progress is not None:
                progress(i + 1, games)
    else:
        played = 0

        def done(n: int) -> None:
            nonlocal played
            played += n
            if progress is not None:
                progress(played, games)

        # A cluster's tasks are batched longer: each costs a round trip to its scheduler.
        parts = chunks(games, jobs, 50 if runner is None else 200)
        for part in (runner or processes(jobs))(run, parts, done):  # in game order
            report.merge(part)
    report.wall_seconds = clock() - wall
    return report
