"""A game played in this process, for the table screen: a lesson or a puzzle.

:class:`LocalSession` is a :class:`~qm_tui.session.TableSession` over a :class:`LocalRun` —
:class:`qm_rules.lessons.LessonRun` or :class:`qm_rules.puzzles.PuzzleSession`, which run the
engine and the other seats themselves. There is no host, no network and no timer: a choice is
applied at once, and its view, its events and what the lesson or puzzle says about it (a
sentence each, as the table's log lines) come back as session messages. What the rules refuse
comes back as a :class:`~qm_tui.session.Failure`, in words. No Textual here.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Callable
from typing import Protocol

from qm_rules.game import Game
from qm_rules.model import Event, Prompt, RulesError, View
from qm_rules.plays import why_not_context
from qm_tui.i18n import tr
from qm_tui.session import Chat, Ended, Failure, Seats, SeatStatus, SessionMessage, Update

__all__ = ["LocalRun", "LocalSession"]


class LocalRun(Protocol):
    """What a lesson or a puzzle offers a table: the engine's game, the player's seat and view,
    the events before the first decision, and the player's choice."""

    seat: int
    opening: list[Event]
    game: Game

    @property
    def prompt(self) -> Prompt | None:
        """The player's pending decision; None once the lesson or puzzle is over."""
        ...

    def view(self) -> View: ...

    def choose(self, option_id: str) -> list[Event]: ...


class LocalSession:
    """A :class:`LocalRun` as the table screen reads it. ``told``: the sentences to show after
    the opening and after each choice (in the player's language); ``speaker``: whose lines they
    are in the log ("Lesson", "Puzzle"); ``intro``: the sentences said first (a title, the
    goal)."""

    def __init__(
        self,
        run: LocalRun,
        *,
        lang: str,
        speaker: str,
        told: Callable[[], list[str]],
        intro: tuple[str, ...] = (),
    ) -> None:
        self.run = run
        self.lang = lang
        self.speaker = speaker
        self.told = told
        self._queue: asyncio.Queue[SessionMessage | None] = asyncio.Queue()
        self._view: View | None = None
        self.left = False
        self.held: list[str] = list(intro)
        """What the lesson or puzzle said of the last choice, until the table has shown the
        moves it is about (:meth:`take_held`)."""

    @property
    def seat(self) -> int | None:
        return self.run.seat

    @property
    def view(self) -> View | None:
        return self._view

    def _current(self) -> View:
        """The run's view, its prompt telling why each card of mine it does not play cannot be
        (as a host tells its decider), unless the run said so already (a lesson)."""
        view = self.run.view()
        if self.run.prompt is None and view.prompt is not None:  # over: nobody is waited on
            return dataclasses.replace(view, prompt=None)
        p = view.prompt
        if p is None or p.seat != self.run.seat or "why_not" in p.context:
            return view
        told = why_not_context(self.run.game, self.run.seat)
        if not told:
            return view
        prompt = dataclasses.replace(p, context={**p.context, "why_not": told})
        return dataclasses.replace(view, prompt=prompt)

    def _seats(self) -> Seats:
        g = self.run.game
        return Seats(
            tuple(
                SeatStatus(s, g.names[s], "human" if s == self.run.seat else "bot", True)
                for s in range(g.n)
            )
        )

    def _after(self, events: list[Event]) -> list[SessionMessage]:
        self._view = self._current()
        out: list[SessionMessage] = [Update(self._view, tuple(events), None)]
        self.held += self.told()
        result = self.run.game.result
        if result is not None:
            out.append(Ended(result, self.run.game.view(self.run.seat)))
        return out

    def take_held(self) -> list[str]:
        """The sentences held since the last choice (and forgets them)."""
        lines, self.held = self.held, []
        return lines

    def say(self, line: str) -> None:
        """A sentence for the log, now (a hint asked for)."""
        self._queue.put_nowait(Chat(None, self.speaker, line))

    async def messages(self) -> AsyncIterator[SessionMessage]:
        yield self._seats()
        for item in self._after(list(self.run.opening)):
            yield item
        while True:
            queued = await self._queue.get()
            if queued is None:
                return
            yield queued

    async def choose(self, option_id: str) -> None:
        try:
            events = self.run.choose(option_id)
        except (RulesError, ValueError) as exc:
            self._queue.put_nowait(Failure("refused", tr("local.refused", self.lang, why=exc)))
            return
        for item in self._after(events):
            self._queue.put_nowait(item)

    async def chat(self, text: str) -> None:
        self._queue.put_nowait(Chat(self.run.seat, self.run.game.names[self.run.seat], text))

    async def concede(self) -> None:
        self.close()

    @property
    def can_take_back(self) -> bool:
        return False  # a lesson or a puzzle is played as it is set

    async def take_back(self) -> None:
        raise RuntimeError("a lesson or a puzzle takes nothing back")

    def close(self) -> None:
        self.left = True
        self._queue.put_nowait(None)
