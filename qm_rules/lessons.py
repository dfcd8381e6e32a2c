"""Lessons: short guided games, each a fixed position that teaches one thing by doing it.

A :class:`Lesson` is a position (:mod:`qm_rules.position`), the moves the player is asked to
make, one step each (written as a puzzle writes a move: ``"place qingtuan"``,
:func:`qm_rules.puzzles.move_label`), and the moves the other seats make when asked (the rest
of the time they take the default: pass, skip, end, decline). Its words are the catalogue's
``lesson.<id>.*`` (zh and en): the title, what the lesson is about, and for each step what to do
(``.do``) and, once done, what happened and why (``.done``).

:class:`LessonRun` is what a lesson screen drives, the same shape as
:class:`qm_rules.puzzles.PuzzleSession`: ``view()`` shows the player's prompt with only the
option the step teaches (every other card says why not: the rules' own reason, or
``lesson``, "not in this lesson"); ``choose`` refuses anything else, then the others play until
the player's next decision; ``said`` holds the sentences to show after it. Nothing is timed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .game import Game
from .i18n import tr
from .model import Event, Option, Phase, Prompt, RulesError, View, seen_by
from .plays import Reason, why_not
from .position import FieldCard, Position, SeatSetup, build
from .puzzles import find_move, move_label

__all__ = ["LESSONS", "Lesson", "LessonRefused", "LessonRun", "Step", "lesson"]


class LessonRefused(RulesError):
    """An option the lesson's step does not teach (the table shows it dimmed)."""


@dataclass(frozen=True)
class Step:
    """One thing the player is asked to do: ``move`` as a puzzle writes it."""

    move: str


@dataclass(frozen=True)
class Lesson:
    """A lesson (see the module's note). ``others``: each other seat's moves, in order, each
    made when it is one of that seat's options. ``ends_in_game``: finished, it leads on to a
    real game against a bot."""

    id: str
    position: Position
    steps: tuple[Step, ...]
    others: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    ends_in_game: bool = False
    seat: int = 0

    def title(self, lang: str) -> str:
        return tr(f"lesson.{self.id}.title", lang)

    def about(self, lang: str) -> str:
        return tr(f"lesson.{self.id}.about", lang)

    def do_text(self, step: int, lang: str) -> str:
        return tr(f"lesson.{self.id}.{step + 1}.do", lang)

    def done_text(self, step: int, lang: str) -> str:
        return tr(f"lesson.{self.id}.{step + 1}.done", lang)


def _steps(*moves: str) -> tuple[Step, ...]:
    return tuple(Step(m) for m in moves)


_FOUR = ("qingtuan", "juhua", "qingjiu", "xianguo")

#: The lessons, in the order they are taught.
LESSONS: tuple[Lesson, ...] = (
    Lesson(  # offerings: one a turn; each on the field draws a card more
        "offerings",
        Position(
            seats=(
                SeatSetup(hand=("qingtuan", "juhua"), field=("xianguo",)),
                SeatSetup(hand=("zhenhun",)),
            ),
            phase=Phase.PLACE,
            deck=("saomu", "qingcha", "qingjiu", "xiangzhu", "zhiqian"),
        ),
        _steps("place qingtuan", "place juhua"),
    ),
    Lesson(  # an action card with a target, then one with a mode and a cost
        "actions",
        Position(
            seats=(
                SeatSetup(hand=("shunshou", "jisi_zhunbei", "xianguo", "saomu")),
                SeatSetup(hand=("qingtuan",), field=("qingjiu", "qingcha")),
            ),
            deck=("zhiqian", "juhua", "qingcha"),
        ),
        _steps(
            "play shunshou", "target qingjiu", "play jisi_zhunbei", "mode 2", "pay xianguo", "end"
        ),
    ),
    Lesson(  # a trap: set on my turn, sprung on the next; the chain resolves newest first
        "traps",
        Position(
            seats=(
                SeatSetup(hand=("yehuo",), field=("juhua",)),
                SeatSetup(hand=("qingtuan",), field=("qingjiu",)),
            ),
            deck=("xianguo", "saomu", "zhiqian", "juhua", "qingjiu"),
        ),
        _steps("set yehuo", "flip yehuo"),
        others={1: ("place qingtuan",)},
    ),
    Lesson(  # the rulebook's worked example (then), and a counter from the hand
        "counters",
        Position(
            seats=(
                SeatSetup(hand=("jisi_zhunbei", "qingtuan", "jisi_zhunbei", "saomu", "quxie")),
                SeatSetup(
                    hand=("xianguo",),
                    field=(
                        FieldCard("wenming_changdao", face_down=True),
                        FieldCard("gui_daqiang", face_down=True),
                    ),
                ),
            ),
            deck=("qingcha", "zhiqian", "juhua", "qingjiu", "xiangzhu"),
        ),
        _steps(
            "play jisi_zhunbei",
            "mode 1",
            "pay qingtuan",
            "pass",
            "play jisi_zhunbei",
            "mode 2",
            "pay saomu",
            "counter quxie",
        ),
        others={1: ("flip wenming_changdao", "flip gui_daqiang")},
    ),
    Lesson(  # worship: four offerings, an ancestor in hand, its condition
        "worship",
        Position(
            seats=(
                SeatSetup(
                    hand=("xianguo", "zumu", "qingcha", "zhiqian", "xiangzhu"),
                    field=_FOUR[:3],
                ),
                SeatSetup(hand=("qingtuan",), field=("juhua",)),
            ),
            phase=Phase.PLACE,
            deck=("saomu", "qingjiu"),
            ancestors=("zumu", "zufu"),
        ),
        _steps("place xianguo", "declare zumu"),
    ),
    Lesson(  # an ancestor on the field: its manifestation, then its standing effect
        "ancestors",
        Position(
            seats=(
                SeatSetup(
                    hand=("yehuo", "qingtuan"),
                    field=("zufu",),
                    stacked=("qingcha", "qingcha"),
                ),
                SeatSetup(hand=("saomu", "jie_dongfeng", "xianguo"), field=("juhua",)),
            ),
            turn_seat=1,
            deck=("qingjiu", "xiangzhu", "juhua", "zhiqian", "xianguo", "qingtuan"),
            ancestors=("zufu", "taipo"),
        ),
        _steps("manifest zufu", "end"),
        others={1: ("play saomu",)},
        ends_in_game=True,
    ),
)


def lesson(lesson_id: str) -> Lesson:
    for one in LESSONS:
        if one.id == lesson_id:
            return one
    raise KeyError(lesson_id)


#: Not in this lesson: the reason a card the step does not teach gives (``whynot.lesson``).
NOT_TAUGHT = Reason("lesson")

Status = Literal["open", "done"]


class LessonRun:
    """A lesson being played (see the module's note)."""

    def __init__(self, lesson: Lesson, names: tuple[str, ...] | None = None) -> None:
        self.lesson = lesson
        self.seat = lesson.seat
        self.names = names
        self.restart()

    def restart(self) -> None:
        """The lesson's position again, from its first step."""
        position = self.lesson.position
        if self.names is not None:
            position = dataclasses.replace(position, names=self.names[: position.players])
        self.game: Game = build(position)
        self.step = 0
        self._used = [0] * self.game.n
        self.status: Status = "open"
        self.said: list[str] = []  # catalogue keys of the sentences to show next
        events = list(self.game.opening) + self._others()
        self.opening: list[Event] = seen_by(events, self.seat)
        self._ask()

    @property
    def prompt(self) -> Prompt | None:
        return self.game.prompt if self.status == "open" else None

    def taught(self) -> Option | None:
        """The option the current step asks for (None: the lesson is over)."""
        p = self.prompt
        if p is None or p.seat != self.seat or self.step >= len(self.lesson.steps):
            return None
        return find_move(self.game, p, self.lesson.steps[self.step].move)

    def reasons(self) -> dict[int, Reason]:
        """Why each of my cards cannot be chosen now: the rules' reason, or not in this step."""
        out = why_not(self.game, self.seat)
        taught = self.taught()
        p = self.prompt
        if p is not None and p.seat == self.seat:
            for o in p.options:
                if o.card is not None and o.card not in out and o is not taught:
                    if taught is None or o.card != taught.card:
                        out[o.card] = NOT_TAUGHT
        return out

    def view(self) -> View:
        """My view, its prompt holding only the option the step teaches, the others' cards
        given their reasons (the prompt's ``why_not``, as a host tells it)."""
        view = self.game.view(self.seat)
        p = view.prompt
        if self.status != "open":  # the lesson is over: nobody is waited on
            return dataclasses.replace(view, prompt=None)
        if p is None or p.seat != self.seat:
            return view
        taught = self.taught()
        if taught is None:
            return dataclasses.replace(view, prompt=None)
        told = {str(c): [r.code, r.n, r.word] for c, r in self.reasons().items()}
        context = {**p.context, "why_not": told}
        prompt = dataclasses.replace(p, options=(taught,), context=context, default=taught.id)
        return dataclasses.replace(view, prompt=prompt)

    def choose(self, option_id: str) -> list[Event]:
        """The step's option (:class:`LessonRefused` for any other), then the others play until
        my next decision; :attr:`said` then holds what happened and what to do next."""
        taught = self.taught()
        if taught is None or option_id != taught.id:
            raise LessonRefused(f"{option_id!r} is not this step of the lesson")
        events = self.game.choose(self.seat, option_id)
        self.said = [f"lesson.{self.lesson.id}.{self.step + 1}.done"]
        self.step += 1
        last = self.step >= len(self.lesson.steps)
        events += self._others(until_quiet=last)
        if last or self.game.over:
            self.status = "done"
            self.said.append("lesson.finished")
        else:
            self._ask()
        return seen_by(events, self.seat)

    def _ask(self) -> None:
        self.said.append(f"lesson.{self.lesson.id}.{self.step + 1}.do")
        if self.taught() is None:  # a lesson whose script the rules do not follow
            p = self.game.prompt
            ids = [move_label(self.game, o) for o in p.options] if p is not None else []
            raise AssertionError(
                f"lesson {self.lesson.id} step {self.step + 1}: "
                f"{self.lesson.steps[self.step].move!r} is not among {ids}"
            )

    def _others(self, *, until_quiet: bool = False) -> list[Event]:
        """The other seats play until my next decision (``until_quiet``: only until the chain
        in progress has resolved, once the lesson is over)."""
        events: list[Event] = []
        moves = self.lesson.others
        g = self.game
        while True:
            p = g.prompt
            if p is None or p.seat == self.seat or (until_quiet and not g.chain and not g.draft):
                return events
            script = moves.get(p.seat, ())
            option = p.default
            i = self._used[p.seat]
            if i < len(script):
                o = find_move(self.game, p, script[i])
                if o is not None:
                    option, self._used[p.seat] = o.id, i + 1
            events += self.game.choose(p.seat, option)
