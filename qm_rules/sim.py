"""Headless bot games: play many, count who won and how fast it went.

Pure logic, no I/O: :func:`simulate` returns a :class:`SimReport` and calls ``progress`` (if
given) after each game, so the command line (``qingming sim``) owns the printing.

Reproducible by construction: game ``i`` of a run with seed ``S`` uses the game seed
:func:`game_seed` ``(S, i)``, and the bot in seat ``k`` is seeded with :func:`bot_seed`
``(S, i, k)``. The same seed, players, bots and round limit give the same figures (timings
aside). Bots see only ``game.view(seat)``.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import STRATEGIES, Bot, make_bot
from .game import MAX_PLAYERS, MIN_PLAYERS, Game
from .model import GameOptions
from .rng import seed_state

#: Decisions a game may take before the simulator calls it a runaway (an engine or bot bug).
MAX_DECISIONS = 100_000


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
    unknown = sorted({n for n in names if n not in STRATEGIES})
    if unknown:
        raise SimError(
            f"--bots: unknown strategy {', '.join(map(repr, unknown))}; choose from {', '.join(STRATEGIES)}"
        )
    if len(names) == 1:
        return tuple(names * players)
    if len(names) != players:
        raise SimError(
            f"--bots names {len(names)} strategies for {players} players; give one, or one per seat"
        )
    return tuple(names)


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
    seconds: float = 0.0

    def __post_init__(self) -> None:
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
        self.rounds += rec.rounds
        self.turns += rec.turns
        self.decisions += rec.decisions

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

    def wins_by_strategy(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for seat, name in enumerate(self.bots):
            out[name] = out.get(name, 0) + self.wins_by_seat[seat]
        return out

    def to_plain(self) -> dict[str, Any]:
        """The figures as JSON-ready data (the ``--json`` output)."""
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
        }


#: Keys of :meth:`SimReport.to_plain` that depend on the clock, not on the seed.
TIMING_KEYS = frozenset({"seconds", "games_per_second", "decisions_per_second"})


def play_game(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    options: GameOptions | None = None,
    index: int = 0,
) -> GameRecord:
    """Play one game to its end, each seat's bot answering its own prompts from its own view."""
    game = Game.new([f"{b.name}-{i}" for i, b in enumerate(bots)], seed, options)
    decisions = 0
    prompt = game.prompt
    while prompt is not None:
        seat = prompt.seat
        game.choose(seat, bots[seat].choose(game.view(seat)), prompt.seq)
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
    )


def simulate(
    players: int,
    games: int,
    seed: int | str = 0,
    bots: str | Sequence[str] | None = None,
    round_limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SimReport:
    """Play ``games`` bot games of ``players`` seats and add them up.

    ``bots``: one strategy a seat, or one for all (default ``heuristic``). ``round_limit``:
    None keeps the table default (R22), 0 plays without a limit. ``progress(done, total)`` is
    called after each game."""
    strategies = parse_bots(bots, players)
    if games < 1:
        raise SimError(f"games must be at least 1, not {games}")
    if round_limit is not None and round_limit < 0:
        raise SimError(f"round limit must be 0 (none) or more, not {round_limit}")
    options = GameOptions() if round_limit is None else GameOptions(round_limit=round_limit)
    report = SimReport(players, strategies, seed, options.round_limit)
    elapsed = 0.0
    for i in range(games):
        seated = [make_bot(name, bot_seed(seed, i, k)) for k, name in enumerate(strategies)]
        start = clock()
        rec = play_game(players, game_seed(seed, i), seated, options, i)
        elapsed += clock() - start
        report.add(rec)
        if progress is not None:
            progress(i + 1, games)
    report.seconds = elapsed
    return report
