"""Puzzles: a fixed position, a goal, how the other seats play; and a session that plays one.

A puzzle is a TOML file (every field: ``docs/PUZZLES.md``); the shipped ones are package data
(``qm_rules/data/puzzles``). :func:`load_puzzle` reads one and refuses a bad file with a
:class:`PuzzleError` whose one line names the field; :func:`shipped` lists the shipped ones.
:mod:`qm_rules.solver` proves them.

The session a puzzle screen drives (no UI here)::

    from qm_rules.puzzles import PuzzleSession, load_puzzle, shipped

    puzzle = load_puzzle(path)          # or one of shipped()
    s = PuzzleSession(puzzle, lang, player)  # the seats' names: the player's, "Opponent"
    s.seat                              # the player's seat
    s.opening                           # events before the player's first decision
    s.view()                            # what the player sees (a qm_rules View)
    s.prompt                            # the player's pending decision; None once it is over
    events = s.choose(option_id)        # the player's choice, then the other seats play by
                                        # the puzzle's rule until the player's next decision
                                        # or the end; the events the player may see
    s.status                            # "open", "solved" or "failed"
    s.goal_text(lang)                   # the goal in words ("Win this turn.")
    s.hint(lang)                        # the next hint, one more each call (None: no more)
    s.restart()                         # the position again, hints kept as given
    s.game                              # the engine's game (for the log's words: names etc.)

The other seats play as the puzzle says: ``passive`` (they take every decision's default:
pass, skip, end, decline), ``script`` (at each decision, the earliest of their listed moves not
yet made that is an option then, the moves before it dropped; when none is, the default, or, in
an activation the script began, its first choice), or ``any`` (every answer the rules allow:
the solver proves the puzzle against all of them; in a session they play the answer that is
hardest for the player, found by the same search).

Moves are written as the option they are: ``"play jisi_zhunbei"``, ``"mode 1"`` (counting from
1), ``"pay qingtuan"``, ``"target qingtuan"``, ``"target seat 1"``, ``"flip yehuo"``,
``"declare taigong"``, ``"pick zhiqian"``, ``"pass"``, ``"end"`` — :func:`move_label` gives an
option's, and is what the solver reports.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from .cards import CardSet, Text, shipped_cards
from .game import Game
from .i18n import LANGS, tr
from .model import Event, Option, Prompt, seen_by
from .position import Position, PositionError, build

__all__ = [
    "GOALS",
    "Goal",
    "Puzzle",
    "PuzzleError",
    "PuzzleSession",
    "SeatRule",
    "goal_status",
    "goal_text",
    "seat_names",
    "load_puzzle",
    "move_label",
    "parse_puzzle",
    "shipped",
    "with_cards",
]

#: The goals, each with its deadline: what ends the attempt.
GOALS = ("win", "stop_worship", "survive", "clear")
DEADLINES = ("turn", "round", "next_turn")
_DEFAULT_DEADLINE = {
    "win": "turn",
    "stop_worship": "round",
    "survive": "next_turn",
    "clear": "turn",
}
RULES = ("passive", "script", "any")

Status = Literal["open", "solved", "failed"]


class PuzzleError(ValueError):
    """A puzzle file that cannot be played: ``field`` names where (``position.seats[0].hand[1]``,
    ``title.zh``); the message is one line."""

    def __init__(self, field: str, message: str, source: str = "") -> None:
        where = f"{source}: " if source else ""
        super().__init__(f"{where}{field}: {message}")
        self.field = field
        self.reason = message


@dataclass(frozen=True)
class Goal:
    """What the player must bring about. ``kind``: ``win`` (win the game), ``stop_worship`` (no
    other seat, or ``seat``, wins), ``survive`` (no other seat wins), ``clear`` (no ``card`` on
    the field: on ``seat``'s if given, else on any). ``by``: when the attempt ends — the end of
    this ``turn``, of this ``round``, or when the player's ``next_turn`` begins. A win or a
    clear must happen before it; a stop or a survival is achieved when it comes."""

    kind: str
    by: str
    card: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class SeatRule:
    """How one other seat plays: ``passive``, ``script`` (its ``moves``) or ``any``."""

    play: str = "any"
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: Text
    intro: Text
    difficulty: int
    hints: tuple[Text, ...]
    goal: Goal
    seat: int
    position: Position
    others: Mapping[int, SeatRule]
    solution: tuple[str, ...] | None = None
    source: str = ""
    covers: tuple[str, ...] = field(default=())
    #: The card set it is played with (None: the game's own).
    cards: CardSet | None = None

    def rule(self, seat: int) -> SeatRule:
        return self.others.get(seat, SeatRule())

    def start(self, lang: str | None = None, player: str | None = None) -> Game:
        """The position's game, at its first decision (whoever's); with ``lang``, its seats
        are named for the player in that language ("Player", "Opponent"), the player's seat
        ``player`` if given."""
        if lang is None:
            return build(self.position, self.cards)
        names = seat_names(self, lang, player)
        return build(dataclasses.replace(self.position, names=names), self.cards)


# ───────────────────────────── reading a file ─────────────────────────────

_KEYS = {
    "id",
    "title",
    "intro",
    "difficulty",
    "hints",
    "goal",
    "seat",
    "position",
    "others",
    "solution",
    "covers",
}


def _text(raw: Any, where: str, source: str) -> Text:
    if not isinstance(raw, Mapping):
        raise PuzzleError(where, "needs a table with zh and en", source)
    for lang in LANGS:
        if not isinstance(raw.get(lang), str) or not raw[lang].strip():
            raise PuzzleError(f"{where}.{lang}", "missing: every text is in zh and en", source)
    extra = sorted(set(raw) - set(LANGS))
    if extra:
        raise PuzzleError(f"{where}.{extra[0]}", "unknown language (zh and en only)", source)
    return Text(raw["zh"], raw["en"])


def _moves(raw: Any, where: str, source: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(m, str) and m.strip() for m in raw):
        raise PuzzleError(where, "needs a list of moves such as 'play shunshou'", source)
    return tuple(" ".join(m.split()) for m in raw)


def parse_puzzle(
    data: Mapping[str, Any],
    source: str = "",
    default_id: str = "",
    cards: CardSet | None = None,
) -> Puzzle:
    """A puzzle from a TOML file's data, played with the card set ``cards`` (the game's own if
    None); :class:`PuzzleError` names the first bad field (a card the set does not have, too)."""
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise PuzzleError(unknown[0], "unknown field", source)
    pid = data.get("id", default_id)
    if not isinstance(pid, str) or not pid:
        raise PuzzleError("id", "needs a name", source)
    for name in ("title", "intro", "goal", "position"):
        if name not in data:
            raise PuzzleError(name, "missing", source)
    title = _text(data["title"], "title", source)
    intro = _text(data["intro"], "intro", source)
    difficulty = data.get("difficulty", 1)
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 5:
        raise PuzzleError("difficulty", "needs a whole number from 1 to 5", source)
    raw_hints = data.get("hints", [])
    if not isinstance(raw_hints, list):
        raise PuzzleError("hints", "needs a list of tables with zh and en", source)
    hints = tuple(_text(h, f"hints[{i}]", source) for i, h in enumerate(raw_hints))
    try:
        position = Position.from_plain(data["position"])
    except PositionError as exc:
        raise PuzzleError(f"position.{exc.field}", exc.reason, source) from None
    n = position.players
    seat = data.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise PuzzleError("seat", f"needs the player's seat, from 0 to {n - 1}", source)

    raw_goal = data["goal"]
    if not isinstance(raw_goal, Mapping):
        raise PuzzleError("goal", "needs a table", source)
    bad = sorted(set(raw_goal) - {"kind", "by", "card", "seat"})
    if bad:
        raise PuzzleError(f"goal.{bad[0]}", "unknown field", source)
    kind = raw_goal.get("kind")
    if kind not in GOALS:
        raise PuzzleError("goal.kind", f"needs one of {', '.join(GOALS)}", source)
    by = raw_goal.get("by", _DEFAULT_DEADLINE[kind])
    if by not in DEADLINES:
        raise PuzzleError("goal.by", f"needs one of {', '.join(DEADLINES)}", source)
    card = raw_goal.get("card")
    if kind == "clear":
        if not isinstance(card, str) or card not in (cards or shipped_cards()).by_id:
            raise PuzzleError("goal.card", "needs the id of a card of the set to clear", source)
    elif card is not None:
        raise PuzzleError("goal.card", "only a 'clear' goal names a card", source)
    goal_seat = raw_goal.get("seat")
    if goal_seat is not None and (
        isinstance(goal_seat, bool) or not isinstance(goal_seat, int) or not 0 <= goal_seat < n
    ):
        raise PuzzleError("goal.seat", f"needs a seat from 0 to {n - 1}", source)
    goal = Goal(kind, by, card, goal_seat)

    others: dict[int, SeatRule] = {}
    raw_others = data.get("others", [])
    if not isinstance(raw_others, list):
        raise PuzzleError("others", "needs a list of tables ([[others]])", source)
    for i, raw in enumerate(raw_others):
        at = f"others[{i}]"
        if not isinstance(raw, Mapping):
            raise PuzzleError(at, "needs a table", source)
        bad = sorted(set(raw) - {"seat", "play", "moves"})
        if bad:
            raise PuzzleError(f"{at}.{bad[0]}", "unknown field", source)
        s = raw.get("seat")
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n or s == seat:
            raise PuzzleError(f"{at}.seat", "needs another seat than the player's", source)
        play = raw.get("play", "any")
        if play not in RULES:
            raise PuzzleError(f"{at}.play", f"needs one of {', '.join(RULES)}", source)
        moves = _moves(raw.get("moves", []), f"{at}.moves", source)
        if play == "script" and not moves:
            raise PuzzleError(f"{at}.moves", "a script needs its moves", source)
        others[s] = SeatRule(play, moves)

    solution = None
    if "solution" in data:
        solution = _moves(data["solution"], "solution", source)
    covers = data.get("covers", [])
    if not isinstance(covers, list) or not all(isinstance(c, str) for c in covers):
        raise PuzzleError("covers", "needs a list of words", source)
    puzzle = Puzzle(
        id=pid,
        title=title,
        intro=intro,
        difficulty=difficulty,
        hints=hints,
        goal=goal,
        seat=seat,
        position=position,
        others=others,
        solution=solution,
        source=source,
        covers=tuple(covers),
        cards=cards,
    )
    _check_start(puzzle)
    return puzzle


def _check_start(puzzle: Puzzle) -> None:
    """Refuse a puzzle whose position no game of its card set can start from."""
    try:
        puzzle.start()
    except PositionError as exc:
        raise PuzzleError(f"position.{exc.field}", exc.reason, puzzle.source) from None
    except ValueError as exc:  # options no game is played with
        raise PuzzleError("position", str(exc), puzzle.source) from None


def with_cards(puzzle: Puzzle, cards: CardSet | None) -> Puzzle:
    """``puzzle`` played with the card set ``cards`` (a shipped puzzle with a set of your
    own); :class:`PuzzleError` naming the field when the set lacks a card it names."""
    if cards is None:
        return puzzle
    goal = puzzle.goal.card
    if goal is not None and goal not in cards.by_id:
        raise PuzzleError("goal.card", f"no card {goal!r} in the card set", puzzle.source)
    out = dataclasses.replace(puzzle, cards=cards)
    _check_start(out)
    return out


def load_puzzle(path: str | Path, cards: CardSet | None = None) -> Puzzle:
    """Read a puzzle file to play with the card set ``cards`` (the game's own if None);
    :class:`PuzzleError` (one line naming the field) if it is bad."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PuzzleError("file", f"cannot be read: {exc.strerror or exc}", str(p)) from None
    except UnicodeDecodeError:
        raise PuzzleError("file", "is not UTF-8 text", str(p)) from None
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError("file", f"is not TOML: {exc}", str(p)) from None
    return parse_puzzle(data, str(p), p.stem, cards)


def shipped() -> list[Puzzle]:
    """The puzzles that come with the game, in their files' order (by name)."""
    folder = resources.files("qm_rules") / "data" / "puzzles"
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            out.append(parse_puzzle(data, f"puzzles/{entry.name}", entry.name[:-5]))
    return out


# ───────────────────────────── moves ─────────────────────────────


def move_label(game: Game, option: Option) -> str:
    """An option as a puzzle file writes it: ``play jisi_zhunbei``, ``mode 2``, ``target seat
    1``, ``pass``. Two copies of a card make the same move."""
    kind = option.kind
    if kind == "mode":
        return f"mode {(option.mode or 0) + 1}"
    if kind == "target" and option.seat is not None:
        return f"target seat {option.seat}"
    if option.card is not None:
        return f"{kind} {game.defs[option.card].id}"
    return kind


def find_move(game: Game, prompt: Prompt, move: str) -> Option | None:
    """The pending option written ``move``, or None."""
    for o in prompt.options:
        if move_label(game, o) == move:
            return o
    return None


# ───────────────────────────── the goal ─────────────────────────────


@dataclass(frozen=True)
class Start:
    """Where the attempt started: the deadline counts from here."""

    turn: int
    round: int


def goal_status(puzzle: Puzzle, game: Game, start: Start) -> Status:
    """Solved, failed, or still open, for ``game`` reached from the puzzle's start."""
    goal, me = puzzle.goal, puzzle.seat
    result = game.result
    if result is not None:
        in_time = _in_time(goal, start, result.turns, result.rounds, game.turn_seat, me)
        if goal.kind == "win":
            return "solved" if result.winner == me and in_time else "failed"
        if goal.kind == "clear":
            return "solved" if _cleared(puzzle, game) else "failed"
        winner = result.winner
        if winner is None or winner == me or not in_time:
            return "solved"
        if goal.kind == "stop_worship" and goal.seat is not None and winner != goal.seat:
            return "solved"
        return "failed"
    if goal.kind == "clear" and _cleared(puzzle, game):
        return "solved"
    if not _in_time(goal, start, game.turn, game.round, game.turn_seat, me):
        return "solved" if goal.kind in ("stop_worship", "survive") else "failed"
    return "open"


def _in_time(goal: Goal, start: Start, turn: int, round_: int, turn_seat: int, me: int) -> bool:
    """Whether the attempt's deadline has not come at that turn, round and turn's seat."""
    if goal.by == "turn":
        return turn == start.turn
    if goal.by == "round":
        return round_ == start.round
    return not (turn > start.turn and turn_seat == me)


def _cleared(puzzle: Puzzle, game: Game) -> bool:
    goal = puzzle.goal
    seats = range(game.n) if goal.seat is None else (goal.seat,)
    st = game.st
    return not any(c >= 0 and st.defs[c].id == goal.card for s in seats for c in st.fields[s])


#: The goals that may name a seat: their words then.
_SEAT_GOALS = {
    "stop_worship": "puzzle.goal.stop_worship.seat",
    "clear": "puzzle.goal.clear.seat",
}


def seat_names(puzzle: Puzzle, lang: str, player: str | None = None) -> tuple[str, ...]:
    """The seats' names: the player's (``player``, else "Player"), and "Opponent" (or
    "Opponent 1", "Opponent 2", … in turn order after the player's seat, when there are
    several). The log reads them as any seat's name ("Player draws 2 cards")."""
    n = puzzle.position.players
    names = []
    for s in range(n):
        if s == puzzle.seat:
            names.append(player or tr("puzzle.name.you", lang))
        elif n == 2:
            names.append(tr("puzzle.name.opponent", lang))
        else:
            names.append(tr("puzzle.name.opponent_n", lang, n=(s - puzzle.seat) % n))
    return tuple(names)


def goal_text(puzzle: Puzzle, lang: str) -> str:
    """The goal in words: "Win this turn."."""
    goal = puzzle.goal
    key = f"puzzle.goal.{goal.kind}"
    words: dict[str, object] = {}
    if goal.card is not None:
        words["card"] = (puzzle.cards or shipped_cards()).by_id[goal.card].name(lang)
    if goal.seat is not None and goal.kind in _SEAT_GOALS:
        key = _SEAT_GOALS[goal.kind]
        words["name"] = seat_names(puzzle, lang)[goal.seat]
    what = tr(key, lang, **words)
    by = f"puzzle.by.{goal.by}"
    if goal.by == "next_turn" and goal.kind in ("win", "clear"):
        by = "puzzle.before.next_turn"  # a win comes before it; a survival lasts until it
    return tr("puzzle.goal", lang, what=what, by=tr(by, lang))


# ───────────────────────────── the other seats ─────────────────────────────


def scripted_move(puzzle: Puzzle, game: Game, used: Sequence[int]) -> tuple[str, int] | None:
    """For a deterministic seat's pending decision: the option to take and how many of its
    script's moves are then used; None when the seat plays every answer (``any``)."""
    p = game.prompt
    assert p is not None
    rule = puzzle.rule(p.seat)
    if rule.play == "any":
        return None
    if rule.play == "script":
        for i in range(used[p.seat], len(rule.moves)):
            o = find_move(game, p, rule.moves[i])
            if o is not None:  # the earliest move left that is an option now
                return o.id, i + 1
    if p.default == "cancel":  # declaring an activation its script began: go on with it
        return next(o.id for o in p.options if o.kind != "cancel"), used[p.seat]
    return p.default, used[p.seat]


# ───────────────────────────── the session ─────────────────────────────


class PuzzleSession:
    """A puzzle being played (see the module's note)."""

    def __init__(self, puzzle: Puzzle, lang: str = "en", player: str | None = None) -> None:
        from .solver import Solver  # the solver plays the seats that may answer anything

        self.puzzle = puzzle
        self.lang = lang
        self.player = player
        self.seat = puzzle.seat
        self._solver = Solver(puzzle)
        self._hints_given = 0
        self.restart()

    def restart(self) -> None:
        self.game = self.puzzle.start(self.lang, self.player)
        self._start = Start(self.puzzle.position.turn, self.puzzle.position.round)
        self._used = [0] * self.game.n
        self.status: Status = "open"
        events = list(self.game.opening)
        events += self._others()
        self.opening: list[Event] = seen_by(events, self.seat)

    @property
    def prompt(self) -> Prompt | None:
        if self.status != "open":
            return None
        return self.game.prompt

    def view(self) -> Any:
        return self.game.view(self.seat)

    def goal_text(self, lang: str) -> str:
        return goal_text(self.puzzle, lang)

    def hint(self, lang: str) -> str | None:
        """The next hint (each call gives one more), or None when every hint has been given."""
        if self._hints_given >= len(self.puzzle.hints):
            return None
        self._hints_given += 1
        return self.puzzle.hints[self._hints_given - 1](lang)

    def choose(self, option_id: str) -> list[Event]:
        """The player's choice (a :class:`~qm_rules.model.RulesError` if it is not an option
        now), then the others' until the player's next decision or the end."""
        if self.status != "open":
            raise ValueError("the puzzle is over: restart it to play again")
        events = self.game.choose(self.seat, option_id)
        events += self._others()
        return seen_by(events, self.seat)

    def _others(self) -> list[Event]:
        events: list[Event] = []
        while True:
            self.status = goal_status(self.puzzle, self.game, self._start)
            p = self.game.prompt
            if self.status != "open" or p is None or p.seat == self.seat:
                return events
            scripted = scripted_move(self.puzzle, self.game, self._used)
            if scripted is None:
                option = self._solver.hardest_answer(self.game, self._used, self._start)
            else:
                option, self._used[p.seat] = scripted
            events += self.game.choose(p.seat, option)
