"""The puzzle solver: proves a puzzle by searching the engine's own choices.

A puzzle fixes every card (the deck's order too), so nothing is hidden from the search. From the
puzzle's position, every decision is a node: the player's are OR nodes (one option that works is
enough), the decisions of a seat that may answer anything are AND nodes (every option must still
leave the player a way), and a passive or scripted seat's decision has the one option its rule
takes. A node is solved when the puzzle's goal holds, failed when it can no longer hold (its
deadline came, someone else won). Positions reached by several orders of moves are searched once
(a transposition table keyed by :meth:`~qm_rules.game.Game.position_key`). Cancelling an
activation half-declared leads back to the same position and is never searched.

What :func:`check` says of a puzzle (:class:`Verdict`):

- whether it can be solved, and its shortest solution: the fewest decisions of the player's that
  force the goal, against the other seats' hardest answers (each of those answers the one that
  leaves the player the longest way, or none);
- how many distinct solutions it has: the smallest sets of the player's moves that solve it,
  counted up to the order of the moves (playing A then B is the same solution as B then A), moves
  named as a puzzle writes them (two copies of a card are one move), along the others' hardest
  answers; a set that holds another is not counted (setting a spare trap on the way is not
  another solution);
- flags: the goal already holds at the start; the goal is reached with no move of the player's
  (taking every default: pass, end, decline); the intended solution (``solution`` in the file)
  does not work, or the puzzle has another solution the author did not intend.
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from .game import Game
from .puzzles import Puzzle, Start, goal_status, move_label, scripted_move

__all__ = ["SearchTooLarge", "Solver", "Verdict", "check"]

INF = 10**9
#: Positions searched before a puzzle is called too large to prove.
BUDGET = 400_000
#: Distinct solutions kept per position (the count says "at least" beyond it).
SOLUTIONS_CAP = 24

Value = tuple[bool, int]
_BUSY: Value = (False, INF)  # a position being searched, met again (never, without cancel)


class SearchTooLarge(Exception):
    """The puzzle needs more positions than the search's budget."""


class Solver:
    """The search over one puzzle from its start. ``passive``: the player only ever takes each
    decision's default (is the goal reached with no move of the player's?)."""

    def __init__(self, puzzle: Puzzle, *, passive: bool = False, budget: int = BUDGET) -> None:
        self.puzzle = puzzle
        self.me = puzzle.seat
        self.passive = passive
        self.budget = budget
        root = puzzle.start()
        self.root = root
        self.start = Start(puzzle.position.turn, puzzle.position.round)
        self.nodes = 0
        self._values: dict[bytes, Value] = {}
        self._sets: dict[bytes, frozenset[tuple[str, ...]]] = {}

    # ─── values ───

    def _key(self, g: Game, used: Sequence[int]) -> bytes:
        return g.position_key() + bytes(used)

    def _options(self, g: Game) -> list[str]:
        p = g.prompt
        assert p is not None
        if self.passive and p.seat == self.me:
            return [p.default]
        return [o.id for o in p.options if o.kind != "cancel"]

    def _child(self, g: Game, option: str) -> Game:
        c = g.clone()
        p = g.prompt
        assert p is not None
        c.choose(p.seat, option)
        return c

    def value(self, g: Game, used: Sequence[int] | None = None) -> Value:
        """(can the player force the goal from here, in how many of their decisions at most)."""
        used = tuple(used) if used is not None else (0,) * g.n
        status = goal_status(self.puzzle, g, self.start)
        if status == "solved":
            return (True, 0)
        p = g.prompt
        if status == "failed" or p is None:
            return (False, INF)
        key = self._key(g, used)
        hit = self._values.get(key)
        if hit is not None:
            return hit
        self._values[key] = _BUSY
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchTooLarge(f"more than {self.budget} positions")
        if p.seat == self.me:
            best: Value = (False, INF)
            for option in self._options(g):
                win, depth = self.value(self._child(g, option), used)
                if win and depth + 1 < best[1]:
                    best = (True, depth + 1)
        else:
            scripted = scripted_move(self.puzzle, g, used)
            if scripted is not None:
                option, n = scripted
                best = self.value(self._child(g, option), _bump(used, p.seat, n))
            else:
                best = (True, 0)
                for option in self._options(g):
                    win, depth = self.value(self._child(g, option), used)
                    if not win:
                        best = (False, INF)
                        break
                    best = (True, max(best[1], depth))
        self._values[key] = best
        return best

    def _reply(self, g: Game, used: Sequence[int]) -> tuple[str, tuple[int, ...]]:
        """The other seat's move at ``g``: its rule's, or (``any``) the hardest answer."""
        p = g.prompt
        assert p is not None
        scripted = scripted_move(self.puzzle, g, used)
        if scripted is not None:
            return scripted[0], _bump(used, p.seat, scripted[1])
        worst: tuple[Value, str] | None = None
        for option in self._options(g):
            v = self.value(self._child(g, option), used)
            if not v[0]:
                return option, tuple(used)
            if worst is None or v[1] > worst[0][1]:
                worst = (v, option)
        assert worst is not None
        return worst[1], tuple(used)

    def hardest_answer(self, g: Game, used: Sequence[int], start: Start) -> str:
        """For a session: the answer of a seat that may answer anything, the one that leaves
        the player no way if there is one, else the longest."""
        assert start == self.start
        return self._reply(g, used)[0]

    # ─── solutions ───

    def solution_sets(
        self, g: Game, used: Sequence[int] | None = None
    ) -> frozenset[tuple[str, ...]]:
        """The smallest sets of the player's moves (sorted labels) that solve the puzzle from
        ``g``, along the others' hardest answers."""
        used = tuple(used) if used is not None else (0,) * g.n
        status = goal_status(self.puzzle, g, self.start)
        if status == "solved":
            return frozenset({()})
        if status == "failed" or g.prompt is None or not self.value(g, used)[0]:
            return frozenset()
        key = self._key(g, used)
        hit = self._sets.get(key)
        if hit is not None:
            return hit
        self._sets[key] = frozenset()
        p = g.prompt
        if p.seat == self.me:
            found: set[tuple[str, ...]] = set()  # copies of a card make the same labels
            for o in p.options:
                if o.kind == "cancel":
                    continue
                child = self._child(g, o.id)
                if not self.value(child, used)[0]:
                    continue
                label = move_label(g, o)
                for rest in self.solution_sets(child, used):
                    found.add(tuple(sorted((*rest, label))))
            result = _minimal(found)
        else:
            option, after = self._reply(g, used)
            result = self.solution_sets(self._child(g, option), after)
        self._sets[key] = result
        return result

    def line(self, g: Game | None = None) -> list[tuple[int, str]]:
        """The shortest solution as played: (seat, move) for every decision from the start,
        the others' hardest answers between the player's moves."""
        g = g or self.root
        used: tuple[int, ...] = (0,) * g.n
        out: list[tuple[int, str]] = []
        while goal_status(self.puzzle, g, self.start) == "open" and g.prompt is not None:
            p = g.prompt
            if p.seat == self.me:
                best: tuple[int, str] | None = None
                for option in self._options(g):
                    win, depth = self.value(self._child(g, option), used)
                    if win and (best is None or depth < best[0]):
                        best = (depth, option)
                if best is None:
                    return out
                option = best[1]
            else:
                option, used = self._reply(g, used)
            o = next(x for x in p.options if x.id == option)
            out.append((p.seat, move_label(g, o)))
            g = self._child(g, option)
        return out

    def play_moves(self, moves: Sequence[str]) -> str | None:
        """Play the player's ``moves`` from the start against the others' hardest answers:
        None if they solve the puzzle, else what went wrong (in English, for authors). A move
        that fits several options (two copies of a card in different places) is tried with
        each."""
        return self._play(self.root, (0,) * self.root.n, moves, 0)

    def _play(self, g: Game, used: tuple[int, ...], moves: Sequence[str], i: int) -> str | None:
        while True:
            status = goal_status(self.puzzle, g, self.start)
            if status == "solved":
                return None if i == len(moves) else f"solved before move {i + 1} ({moves[i]!r})"
            if status == "failed" or g.prompt is None:
                return f"the goal fails after {i} of the {len(moves)} moves"
            p = g.prompt
            if p.seat != self.me:
                option, used = self._reply(g, used)
                g = self._child(g, option)
                continue
            if i == len(moves):
                return f"after all {len(moves)} moves the goal is not reached yet"
            fits = [o for o in p.options if move_label(g, o) == moves[i]]
            if not fits:
                return f"move {i + 1} ({moves[i]!r}) is not an option then"
            problem = None
            for o in fits:
                problem = self._play(self._child(g, o.id), used, moves, i + 1)
                if problem is None:
                    return None
            return problem


def _bump(used: Sequence[int], seat: int, n: int) -> tuple[int, ...]:
    out = list(used)
    out[seat] = n
    return tuple(out)


def _minimal(sets: set[tuple[str, ...]]) -> frozenset[tuple[str, ...]]:
    """The sets (multisets, as sorted tuples) that hold no other one, at most SOLUTIONS_CAP
    of them (the smallest first)."""
    ordered = sorted(sets, key=lambda s: (len(s), s))
    kept: list[tuple[tuple[str, ...], Counter[str]]] = []
    for s in ordered:
        c = Counter(s)
        if any(not (k - c) for _, k in kept):  # a kept set is within this one
            continue
        kept.append((s, c))
        if len(kept) >= SOLUTIONS_CAP:
            break
    return frozenset(s for s, _ in kept)


@dataclass
class Verdict:
    """What :func:`check` found about one puzzle."""

    puzzle: str
    source: str
    solvable: bool
    shortest: int | None = None
    line: list[tuple[int, str]] = field(default_factory=list)
    solutions: list[list[str]] = field(default_factory=list)
    more_solutions: bool = False
    holds_at_start: bool = False
    needs_no_move: bool = False
    intended: str | None = None  # None: no intended solution given; "ok"; else what is wrong
    unintended: list[list[str]] = field(default_factory=list)
    positions: int = 0
    seconds: float = 0.0
    peak_kib: int | None = None
    error: str | None = None

    @property
    def flags(self) -> list[str]:
        out = []
        if self.holds_at_start:
            out.append("holds_at_start")
        if self.needs_no_move:
            out.append("needs_no_move")
        if self.intended not in (None, "ok"):
            out.append("intended_fails")
        if self.unintended:
            out.append("unintended")
        if not self.solvable:
            out.append("unsolvable")
        return out

    @property
    def proved(self) -> bool:
        """Solvable, with nothing flagged."""
        return self.solvable and not self.flags and self.error is None

    def plain(self) -> dict[str, object]:
        d = asdict(self)
        d["line"] = [[s, m] for s, m in self.line]
        d["flags"] = self.flags
        return d


def check(puzzle: Puzzle, *, budget: int = BUDGET, memory: bool = False) -> Verdict:
    """Prove ``puzzle`` (see the module's note). ``memory``: measure the search's peak memory
    (tracemalloc, which slows it)."""
    began = time.perf_counter()
    if memory:
        tracemalloc.start()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        solver = Solver(puzzle, budget=budget)
        verdict = Verdict(puzzle.id, puzzle.source, solvable=False)
        root = solver.root
        verdict.holds_at_start = goal_status(puzzle, root, solver.start) == "solved"
        try:
            win, depth = solver.value(root)
            verdict.solvable = win
            if win:
                verdict.shortest = depth
                verdict.line = solver.line()
                sets = solver.solution_sets(root)
                verdict.solutions = [list(s) for s in sorted(sets, key=lambda s: (len(s), s))]
                verdict.more_solutions = len(sets) >= SOLUTIONS_CAP
            if not verdict.holds_at_start:
                lazy = Solver(puzzle, passive=True, budget=budget)
                verdict.needs_no_move = lazy.value(lazy.root)[0]
                verdict.positions += lazy.nodes
            if puzzle.solution is not None:
                problem = solver.play_moves(puzzle.solution)
                verdict.intended = problem or "ok"
                mine = Counter(puzzle.solution)
                verdict.unintended = [s for s in verdict.solutions if Counter(s) - mine]
        except SearchTooLarge as exc:
            verdict.error = f"too large to prove: {exc}"
        verdict.positions += solver.nodes
    finally:
        sys.setrecursionlimit(limit)
        if memory:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
    verdict.seconds = time.perf_counter() - began
    if memory:
        verdict.peak_kib = peak // 1024
    return verdict
