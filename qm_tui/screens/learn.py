"""Lessons and puzzles: the lists to choose one from, and the table they are played at.

:class:`LessonsScreen` lists the lessons (:data:`qm_rules.lessons.LESSONS`) with a mark on each
one finished, and last a real game against an easy bot; :class:`PuzzlesScreen` lists the
shipped puzzles with a mark on each one solved. Each plays at a :class:`LocalTableScreen`: the
ordinary table over a :class:`~qm_tui.local.LocalSession` (no host, no timer), which adds a key
to start again (``n``), one for the next hint (``h``, a puzzle) and one to leave (``q``). What
was finished is remembered in the platform's data directory (``progress.json``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from qm_rules.lessons import LESSONS, Lesson, LessonRun
from qm_tui import config as cfg
from qm_tui.bindings import localize_bindings
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.local import LocalSession
from qm_tui.messages import LeaveTable, RematchRequested
from qm_tui.playback import Step
from qm_tui.screens.table import TableScreen
from qm_tui.widgets.log import GameLog

__all__ = ["LessonsScreen", "LocalTableScreen", "PuzzlesScreen", "Progress"]

#: The last entry of the lessons: a real game against one easy bot.
REAL_GAME = "game"


# ───────────────────────────── what was finished ─────────────────────────────


@dataclass
class Progress:
    """The lessons finished and the puzzles solved, kept in ``progress.json`` of the data
    directory (a file that cannot be read is no progress; one that cannot be written loses
    the mark, never the game)."""

    lessons: set[str]
    puzzles: set[str]

    @staticmethod
    def path() -> Any:
        return cfg.data_dir() / "progress.json"

    @classmethod
    def load(cls) -> Progress:
        try:
            data = json.loads(cls.path().read_text(encoding="utf-8"))
            lessons = {str(x) for x in data.get("lessons", [])}
            puzzles = {str(x) for x in data.get("puzzles", [])}
        except (OSError, ValueError, AttributeError, TypeError):
            return cls(set(), set())
        return cls(lessons, puzzles)

    def save(self) -> None:
        path = self.path()
        data = {"lessons": sorted(self.lessons), "puzzles": sorted(self.puzzles)}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass

    @classmethod
    def mark(cls, kind: str, item: str) -> None:
        """Remember one lesson finished (``kind`` "lessons") or puzzle solved ("puzzles")."""
        progress = cls.load()
        getattr(progress, kind).add(item)
        progress.save()


# ───────────────────────────── the table of a lesson or puzzle ─────────────────────────────


class LocalTableScreen(TableScreen):
    """The table for a game played here. Leaving it (``q``, or the table's own leave and
    rematch after a game's end) does not close any connection: ``done`` is told ``leave`` or
    ``restart`` and the screen goes."""

    BINDINGS = [
        Binding("q", "leave", "Leave", id="local.leave"),
        Binding("n", "restart", "Restart", id="local.restart"),
        Binding("h", "hint", "Hint", id="local.hint"),
        *TableScreen.BINDINGS,
    ]
    BAR_KEEPS = (*TableScreen.BAR_KEEPS, "leave", "restart", "hint")

    def __init__(
        self,
        session: LocalSession,
        *,
        lang: str,
        clock: Clock,
        done: Callable[[str], None],
        hint: Callable[[], str | None] | None = None,
        answer_guard: float | None = None,
    ) -> None:
        super().__init__(session, lang=lang, clock=clock, answer_guard=answer_guard)
        self.local = session
        self._done = done
        self._hint = hint
        self._finished = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint" and self._hint is None:
            return False
        if action == "concede":
            return False  # a lesson or puzzle is left (q), not conceded
        return super().check_action(action, parameters)

    def post_message(self, message: Message) -> bool:
        # The table's leave and rematch (after a game's end, from the result) are the app's
        # for a table on the network; here they end this game only.
        if isinstance(message, LeaveTable):
            self._finish("leave")
            return True
        if isinstance(message, RematchRequested):
            self._finish("restart")
            return True
        return super().post_message(message)

    async def show_steps(self, steps: list[Step]) -> None:
        await super().show_steps(steps)
        if not self.playback.queue:  # every move shown: now what the lesson says of them
            log = self.query_one(GameLog)
            for line in self.local.take_held():
                log.add_chat(self.local.speaker, line, self.lang)

    def action_restart(self) -> None:
        self._finish("restart")

    def action_leave(self) -> None:
        self._finish("leave")

    def action_hint(self) -> None:
        if self._hint is None:
            return
        line = self._hint()
        self.local.say(line if line is not None else tr("local.no_more_hints", self.lang))

    def _finish(self, what: str) -> None:
        if self._finished:
            return
        self._finished = True
        self.local.close()
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()  # the result, a modal over the table
        if self.app.screen is self:
            self.app.pop_screen()
        self._done(what)


# ───────────────────────────── the lists ─────────────────────────────


class _ListScreen(Screen[None]):
    """A title, a list to choose from, what the highlighted entry is about, and the keys."""

    DEFAULT_CSS = """
    _ListScreen, LessonsScreen, PuzzlesScreen { align: center top; }
    #learn-box { width: 100%; max-width: 100; height: 100%; padding: 0 1; }
    #learn-title { text-style: bold; padding: 1 0 0 0; }
    #learn-intro { color: $text-muted; }
    #learn-list { height: 1fr; min-height: 4; margin: 1 0 0 0; }
    #learn-about { height: auto; min-height: 3; padding: 1 0 0 0; }
    #learn-keys { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "back", "Back", id="learn.back"),
        Binding("q", "back", "Back", show=False, id="learn.quit"),
    ]
    TITLE_KEY = ""
    INTRO_KEY = ""
    KEYS_KEY = ""

    def __init__(self, lang: str, clock: Clock) -> None:
        super().__init__()
        self.lang = lang
        self.clock = clock

    def compose(self) -> ComposeResult:
        with Vertical(id="learn-box"):
            yield Label(tr(self.TITLE_KEY, self.lang), id="learn-title")
            yield Static(tr(self.INTRO_KEY, self.lang), id="learn-intro", markup=False)
            yield OptionList(id="learn-list")
            yield Static("", id="learn-about", markup=False)
            yield Static(tr(self.KEYS_KEY, self.lang), id="learn-keys", markup=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.fill()
        self.query_one(OptionList).focus()

    def entries(self) -> list[tuple[str, Text, str]]:
        """(id, the line, what it is about) of each entry."""
        raise NotImplementedError

    def fill(self, keep: str | None = None) -> None:
        options = self.query_one(OptionList)
        at = options.highlighted or 0
        self._entries = self.entries()
        options.clear_options()
        options.add_options([Option(line, id=eid) for eid, line, _ in self._entries])
        ids = [eid for eid, _, _ in self._entries]
        options.highlighted = ids.index(keep) if keep in ids else min(at, len(ids) - 1)

    def _options(self) -> list[Option]:
        options = self.query_one(OptionList)
        return [options.get_option_at_index(i) for i in range(options.option_count)]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = next((a for eid, _, a in self._entries if eid == event.option.id), "")
        self.query_one("#learn-about", Static).update(about)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.start(event.option.id)

    def start(self, entry: str) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        self.app.pop_screen()

    def _mark(self, done: bool) -> str:
        return "✓ " if done else "  "


class LessonsScreen(_ListScreen):
    """The lessons, in order, each marked once finished; then a real game against a bot."""

    TITLE_KEY = "learn.title"
    INTRO_KEY = "learn.intro"
    KEYS_KEY = "learn.keys"

    def __init__(self, lang: str, clock: Clock, answer_guard: float | None = None) -> None:
        super().__init__(lang, clock)
        self.answer_guard = answer_guard

    def entries(self) -> list[tuple[str, Text, str]]:
        done = Progress.load().lessons
        out = []
        for i, lesson in enumerate(LESSONS):
            line = Text(f"{self._mark(lesson.id in done)}{i + 1}. {lesson.title(self.lang)}")
            out.append((lesson.id, line, lesson.about(self.lang)))
        line = Text(f"{self._mark(REAL_GAME in done)}{len(LESSONS) + 1}. ")
        line.append(tr("learn.game", self.lang))
        out.append((REAL_GAME, line, tr("learn.game.about", self.lang)))
        return out

    def start(self, entry: str) -> None:
        if entry == REAL_GAME:
            self.play_real_game()
            return
        lesson = next(x for x in LESSONS if x.id == entry)
        self.play(lesson)

    def play(self, lesson: Lesson) -> None:
        lang = self.lang
        # a name the log's lines read as any seat's ("Player draws 2 cards"), as a puzzle's
        me = str(getattr(self.app, "player_name", "") or tr("puzzle.name.you", lang))
        names = (me, tr("learn.opponent", lang))
        run = LessonRun(lesson, names=names)

        def told() -> list[str]:
            lines = [tr(key, lang) for key in run.said]
            run.said = []
            if run.status == "done":
                Progress.mark("lessons", lesson.id)
            return lines

        def done(what: str) -> None:
            self.fill(keep=lesson.id)
            if what == "restart":
                self.play(lesson)
            elif run.status == "done" and lesson.ends_in_game:
                self.play_real_game()

        session = LocalSession(run, lang=lang, speaker=tr("learn.speaker", lang), told=told)
        session.say(
            tr("learn.lesson_title", lang, n=LESSONS.index(lesson) + 1, title=lesson.title(lang))
        )
        session.say(lesson.about(lang))
        table = LocalTableScreen(
            session, lang=lang, clock=self.clock, done=done, answer_guard=self.answer_guard
        )
        self.app.push_screen(table)

    def play_real_game(self) -> None:
        """A game against one easy bot, at a table on this machine, as ``qingming play``."""
        Progress.mark("lessons", REAL_GAME)
        self.fill(keep=REAL_GAME)
        play_local = getattr(self.app, "play_local", None)
        if play_local is not None:
            play_local(1, None, "easy")


class PuzzlesScreen(_ListScreen):
    """The shipped puzzles, easiest first, each marked once solved."""

    TITLE_KEY = "puzzles.title"
    INTRO_KEY = "puzzles.intro"
    KEYS_KEY = "puzzles.keys"

    def __init__(self, lang: str, clock: Clock, answer_guard: float | None = None) -> None:
        super().__init__(lang, clock)
        self.answer_guard = answer_guard

    def entries(self) -> list[tuple[str, Text, str]]:
        from qm_rules.puzzles import shipped

        solved = Progress.load().puzzles
        puzzles = sorted(shipped(), key=lambda p: (p.difficulty, p.id))
        self._puzzles = {p.id: p for p in puzzles}
        out = []
        for p in puzzles:
            stars = "★" * p.difficulty
            line = Text(f"{self._mark(p.id in solved)}{p.title(self.lang)}  {stars}")
            out.append((p.id, line, p.intro(self.lang)))
        return out

    def start(self, entry: str) -> None:
        play_puzzle(self.app, self._puzzles[entry], self.lang, self.clock, self.answer_guard, self)


def play_puzzle(
    app: Any,
    puzzle: Any,
    lang: str,
    clock: Clock,
    answer_guard: float | None = None,
    listing: _ListScreen | None = None,
) -> None:
    """Play ``puzzle`` (a :class:`qm_rules.puzzles.Puzzle`) at a local table: its goal said
    first, hints on ``h``, solved or failed said when it is; solved (with the game's own
    cards), it is remembered. The table names the cards of the puzzle's set."""
    from qm_rules.puzzles import PuzzleSession
    from qm_rules.shown import show_cards

    show_cards(puzzle.cards)
    run = PuzzleSession(puzzle, lang, getattr(app, "player_name", None))
    told_status = {"open"}

    def told() -> list[str]:
        status = run.status
        if status in told_status:
            return []
        told_status.add(status)
        if status == "solved" and puzzle.cards is None:  # (another set: another puzzle)
            Progress.mark("puzzles", puzzle.id)
        return [tr(f"puzzles.{status}", lang)]

    def done(what: str) -> None:
        show_cards(None)  # away from the table: the game's own cards
        if listing is not None:
            listing.fill(keep=puzzle.id)
        if what == "restart":
            play_puzzle(app, puzzle, lang, clock, answer_guard, listing)

    intro = (puzzle.title(lang), puzzle.intro(lang), run.goal_text(lang))
    session = LocalSession(
        run, lang=lang, speaker=tr("puzzles.speaker", lang), told=told, intro=intro
    )
    table = LocalTableScreen(
        session,
        lang=lang,
        clock=clock,
        done=done,
        hint=lambda: run.hint(lang),
        answer_guard=answer_guard,
    )
    app.push_screen(table)
