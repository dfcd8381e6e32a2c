"""The table screen as ``qingming play`` runs it, measured headless: 6 seats (you + 5 bots).

    .venv/bin/python benchmarks/tui.py [--samples N] [--size 160x50] [--seed S] [--lang zh|en]

The real path, in one process: ``QingmingApp(start=PlayLocal(bots=5))`` hosts a
``qm_net.host.Host`` on loopback in the app's own event loop, connects a ``TableClient`` to it,
and the waiting room opens the ``TableScreen`` over a ``NetSession``. The app runs under
Textual's headless pilot (``App.run_test(size=...)``). Keys are fed through the app's driver,
the way a terminal's keys arrive. You (seat 0) always take option 1 with the ``1`` key; before
each of your decisions a few arrow keys move the focus over the board, and while the bots play
(the table playing their moves back, step by step) arrows are sent too. The ``1`` waits until the
question takes keys, as a player's would (the table's answer guard: once no key has come for
0.5 s, by default, since it appeared; the arrows sent while it is dimmed start that again).
When a game ends, ``v`` opens the result over the final table and its ``r`` starts the next
one.

The playback runs as players have it, at ``--pace`` (default fast): a view is drawn when the
playback reaches it, not when it arrives; how long it was held back is printed apart (that is
the pace, not a cost).

What the benchmark changes, all from here (nothing in qm_tui or qm_net is edited):
``qm_tui.screens.table.TableScreen`` is swapped for a subclass that only takes timestamps
(``time.perf_counter``); the app's ``_display`` (where a finished frame goes to the terminal) is
wrapped to note each frame; and the host's bot moves are paced (below).

What each figure is (milliseconds; median / p99 / max):

- view -> applied: from the playback showing a view (``TableScreen.render_view`` called) to
  every widget having been handed its new state. Each game's first view (it builds the board)
  is printed apart; a game's final view is not timed.
- view -> frame: the same start, to the end of the next frame of the table screen: the
  compositor has rendered the changed widgets into an update for the terminal. A headless app
  skips turning that update into escape codes, so the benchmark does it (``render_segments``) to
  count that cost as well; writing the bytes to a real terminal is NOT counted. Textual draws at
  most 60 frames a second, so up to ~17 ms of frame pacing can be part of this.
- step -> frame: a playback step that changes no view (a link of the chain resolving, a phase
  begun, a log line), from its being shown to the end of its frame.
- held by the playback: from the view's arrival to its being shown (the pace at work).
- arrow -> frame: an arrow key entering the app, to the end of the first frame after the screen
  showed the newly focused tile (the card text follows the focus).
- arrow -> frame, playback running: the same, for arrows sent while the table was playing the
  bots' moves back (the playback must not make a key wait).
- number key -> sent: the ``1`` key entering the app, to ``session.choose`` having written the
  choice to the socket.
- number key -> answer frame: the ``1`` key, to the end of the first frame showing the choice
  was taken (the options gone, "sent" in the status line).
- number key -> reply frame: the ``1`` key, to the end of the first frame after the host's
  reply (the view that follows your choice) was drawn: the whole round trip through the host,
  which runs in this same loop, plus any playback step before it (a chain resolving).

The main figures are printed a second time in CPU time of the app's thread
(``time.thread_time``, from the same start to the same frame): the host, the bots and the
client run in that one thread, so this is everything the process did meanwhile, but not the
time it waited for a CPU on a loaded machine. On a shared machine it is the steadier figure;
the wall-clock one is what a player feels.

"arrows during the playback answered by the next frame": of the arrows sent while the playback
ran, how many were shown by the first frame drawn after them (the issue: with playback on, no
key waits more than one frame for an answer).

Pacing: ``qingming play``'s bots wait 0.6 s before each move, so a view normally reaches an idle
screen. To gather samples quickly without views queueing behind each other, a bot's move is held
until the view showing its prompt has been drawn (while views are still being sampled), and
while the answer to your number key is awaited; ``--bot-delay`` adds the host's own delay on
top (default 0). "backlog" counts sampled views that still arrived before the previous one was
drawn (0 means each view was measured on its own).

The run stops when views and arrows have ``--samples`` samples each (or at ``--budget``
seconds). The number key gets one sample per decision of yours made meanwhile (one prompt in
about six is yours), so its ``n`` is smaller: with n < 100, its p99 is the max.

"frame cost" is where a table frame's time goes: Textual's layout (``Screen._refresh_layout``,
only in frames that need one) and the compositor's render of the changed widgets.

Aim (from the issue): view -> frame and key -> frame (arrow, arrow while the playback runs, the
number key's answer frame) p99 under 50 ms, and with playback on no key waiting more than one
frame. The last lines print each target with its figures and MET / NOT MET (by the wall clock,
what a player feels; the CPU time beside it says whether a miss was the machine's). Figures
only: no test passes or fails on them. The machine is shared: its load average is printed
before and after, and a note when it was above the number of CPUs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App

import qm_tui.screens.table as table_module
from qm_rules.model import View
from qm_tui.app import PlayLocal, QingmingApp
from qm_tui.playback import PACES, Step
from qm_tui.screens.result import ResultScreen
from qm_tui.screens.table import SessionArrived, TableScreen
from qm_tui.session import Update
from qm_tui.tablelist import FixedSource
from qm_tui.widgets.tiles import TableTile

# its report beside it, found however this file is run (a script, or loaded by a test)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tui_report import BOTS, Figures, load, report  # noqa: E402

ARROWS = ("right", "down", "left", "up")


# ───────────────────────────── what is recorded ─────────────────────────────


_CPU_AT: dict[float, float] = {}
"""This thread's CPU time (``time.thread_time``) at each start time taken with :func:`stamp`."""


def stamp() -> float:
    """A start time (``time.perf_counter``), its thread CPU time noted beside it."""
    now = time.perf_counter()
    _CPU_AT[now] = time.thread_time()
    return now


class Probe:
    """Timestamps from the screen and the app's frames, turned into samples.

    A "pending" start time waits for the first frame after the state it needs (a view applied,
    the focus shown, the reply applied); the frame hook then records every waiting sample.
    """

    def __init__(self, samples: int) -> None:
        self.samples = samples
        self.figures = Figures()
        self.posted: dict[int, float] = {}  # id(View) -> when it was posted to the screen
        self.unpainted: list[float] = []  # views applied, waiting for a frame
        self.steps_unpainted: list[float] = []  # playback steps shown, waiting for a frame
        self.arrow_playing = False  # the arrow in flight was sent while the playback ran
        self.choice_shown = False  # the screen has shown the number key's choice as taken
        self.answer_noted = False
        self.arrow_t0: float | None = None  # an arrow was sent
        self.arrow_shown: bool = False  # ... and the screen showed the focused tile
        self.frames_before = 0  # frames drawn since the arrow was sent, without its answer
        self.number_t0: float | None = None  # the number key was sent
        self.reply: int | None = None  # id of the Update that answers it
        self.reply_applied = False
        self.changed = asyncio.Event()
        """Set on every frame and applied view: the driver loop waits on it."""
        self.held: list[Callable[[], None]] = []
        """Bot moves held back until the screen has drawn what it is being measured on."""
        self.applied_seq: int | None = None  # the prompt seq of the newest view applied
        self.painted_seq: int | None = None  # ... and of the newest view drawn

    def _enough(self, values: list[float]) -> bool:
        return len(values) >= self.samples

    def done(self) -> bool:
        """Enough views and arrows. The number key gets one sample per decision of mine made
        meanwhile (about one prompt in six is mine, so fewer): its ``n`` is printed."""
        f = self.figures
        return all(self._enough(v) for v in (f.view_applied, f.view_frame, f.arrow_frame))

    def _add(self, values: list[float], t0: float, t1: float, limit: int) -> None:
        if len(values) < limit:
            values.append((t1 - t0) * 1000)
            cpu0 = _CPU_AT.get(t0)
            if cpu0 is not None:
                self.figures.cpu.setdefault(id(values), []).append(
                    (time.thread_time() - cpu0) * 1000
                )

    # ── hooks ──

    def view_posted(self, update: Update) -> None:
        now = time.perf_counter()
        if self.unpainted and len(self.figures.view_frame) < self.samples:
            self.figures.backlog += 1
        self.posted[id(update.view)] = now
        if self.number_t0 is not None and self.reply is None:
            self.reply = id(update.view)  # nothing else moves while my prompt waits: the reply

    def view_rendered(self, view: View, t0: float, first: bool) -> None:
        """The playback showed ``view``: drawing it began at ``t0`` and has just ended."""
        now = time.perf_counter()
        arrived = self.posted.pop(id(view), None)
        if arrived is None:
            return  # drawn again (seats, language) or the final view of an Ended message
        p = view.prompt
        self.applied_seq = p.seq if p is not None else None
        if view.result is not None:
            return  # the game is over: nothing to time
        self._add(self.figures.held, arrived, t0, self.samples)
        if first:
            self.figures.first_view.append((now - t0) * 1000)
            self.changed.set()
            return
        self._add(self.figures.view_applied, t0, now, self.samples)
        self.unpainted.append(t0)
        if self.reply == id(view) and self.number_t0 is not None:
            self.reply_applied = True
            self._add(self.figures.number_applied, self.number_t0, now, self.samples)
        self.changed.set()

    def step_shown(self, t0: float) -> None:
        """A playback step that changed no view was shown (from ``t0``)."""
        self.steps_unpainted.append(t0)
        self.changed.set()

    def choice_sent(self) -> None:
        if self.number_t0 is not None:
            self._add(self.figures.number_sent, self.number_t0, time.perf_counter(), self.samples)
            self.choice_shown = True

    def tile_shown(self) -> None:
        if self.arrow_t0 is not None and not self.arrow_shown:
            self.arrow_shown = True
            self._add(self.figures.arrow_shown, self.arrow_t0, time.perf_counter(), self.samples)

    def frame(self) -> None:
        now = time.perf_counter()
        f = self.figures
        self.painted_seq = self.applied_seq
        for t0 in self.unpainted:
            self._add(f.view_frame, t0, now, self.samples)
        self.unpainted.clear()
        for t0 in self.steps_unpainted:
            self._add(f.step_frame, t0, now, self.samples)
        self.steps_unpainted.clear()
        if self.arrow_t0 is not None and self.arrow_shown:
            ms = f.arrow_playing if self.arrow_playing else f.arrow_frame
            if self.arrow_playing and len(ms) < self.samples:
                f.frames_waited.append(self.frames_before)
            self._add(ms, self.arrow_t0, now, self.samples)
            self.arrow_t0, self.arrow_shown, self.arrow_playing = None, False, False
            self.frames_before = 0
        elif self.arrow_t0 is not None:
            self.frames_before += 1  # a frame went out without the arrow's answer
        if self.number_t0 is not None and self.choice_shown and not self.answer_noted:
            self.answer_noted = True
            self._add(f.number_frame, self.number_t0, now, self.samples)
        if self.number_t0 is not None and self.reply_applied:
            self._add(f.number_reply, self.number_t0, now, self.samples)
            self.number_t0, self.reply, self.reply_applied = None, None, False
            self.choice_shown = self.answer_noted = False
        self.changed.set()
        self.release()

    # ── pacing the bots ──

    def hold_bots(self, seq: int) -> bool:
        """Keep a bot's move (on prompt ``seq``) waiting while the answer to a key is not yet
        drawn, or, while views are still being sampled, until the view that shows that prompt
        has been drawn: so that no sample includes work for a later view."""
        if self.number_t0 is not None:
            return True
        return len(self.figures.view_frame) < self.samples and self.painted_seq != seq

    def release(self) -> None:
        """Give held bot moves another go (each checks again whether it may move)."""
        if self.held:
            held, self.held = self.held, []
            loop = asyncio.get_running_loop()
            for move in held:
                loop.call_soon(move)


PROBE: Probe | None = None
"""The probe of the run in progress (the screen subclass is built by the app, not by us)."""


class BenchTable(TableScreen):
    """The table screen, telling the probe when things reach it. Behaviour is unchanged."""

    def post_message(self, message: Any) -> bool:
        if PROBE is not None and isinstance(message, SessionArrived):
            if isinstance(message.item, Update):
                PROBE.view_posted(message.item)
        return super().post_message(message)

    async def render_view(self, view: View) -> None:
        first = self.updates == 0
        t0 = stamp()
        await super().render_view(view)
        if PROBE is not None:
            PROBE.view_rendered(view, t0, first)

    async def show_steps(self, steps: list[Step]) -> None:
        t0 = stamp()
        await super().show_steps(steps)
        if PROBE is not None and steps and not any(s.view is not None for s in steps):
            PROBE.step_shown(t0)

    async def choose(self, option_id: str) -> None:
        await super().choose(option_id)
        if PROBE is not None:
            PROBE.choice_sent()

    def _show_tile_detail(self, tile: TableTile) -> None:
        super()._show_tile_detail(tile)
        if PROBE is not None and tile is self.focused:
            PROBE.tile_shown()

    # where a frame's time goes (Textual's own steps, timed from outside)

    def _refresh_layout(self, size: Any = None, scroll: bool = False) -> None:
        f = PROBE.figures if PROBE is not None else None
        painted = sum(f.paint) if f is not None else 0.0
        t0 = time.perf_counter()
        super()._refresh_layout(size, scroll)  # ends by drawing the frame: that is not layout
        if f is not None:
            f.layout.append((time.perf_counter() - t0) * 1000 - (sum(f.paint) - painted))

    def _compositor_refresh(self) -> None:
        t0 = time.perf_counter()
        super()._compositor_refresh()
        if PROBE is not None:
            PROBE.figures.paint.append((time.perf_counter() - t0) * 1000)


def hook_frames(app: App[Any], probe: Probe) -> None:
    """Note every frame of the table screen; encode it as a terminal would need it."""
    display: Callable[[Any, Any], None] = app._display

    def noted(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is None or not isinstance(screen, BenchTable):
            return
        if app.is_headless and hasattr(renderable, "render_segments"):
            t0 = time.perf_counter()
            renderable.render_segments(app.console)  # what a real terminal's frame costs too
            probe.figures.encode.append((time.perf_counter() - t0) * 1000)
        probe.frame()

    app._display = noted  # type: ignore[method-assign]


def hook_bots() -> Callable[[], None]:
    """Make the host's bot moves wait while the probe holds them; returns the undo."""
    from qm_net.host.standins import StandIns

    move = StandIns.bot_move

    def paced(standins: StandIns, seq: int) -> None:
        host = standins.host
        probe = PROBE
        # the view shows seat 0's own numbering of the prompt (drafts count only for their drafter)
        if probe is not None and probe.hold_bots(host.wire.of(0)):
            probe.held.append(lambda: paced(standins, seq))  # stale by then? bot_move checks seq
            return
        move(standins, seq)

    StandIns.bot_move = paced  # type: ignore[method-assign]

    def undo() -> None:
        StandIns.bot_move = move  # type: ignore[method-assign]

    return undo


# ───────────────────────────── driving the game ─────────────────────────────


def my_pending(table: TableScreen, answered: int | None) -> View | None:
    """The view, if it holds a decision of mine not yet answered."""
    v = table.view
    if v is None or v.prompt is None or v.viewer is None:
        return None
    p = v.prompt
    if p.seat != v.viewer or not p.options or p.seq == answered or v.result is not None:
        return None
    return v


def arrow_for(table: TableScreen, turn: int) -> str:
    """An arrow that moves the focus from where it is (trying them in turn), so that every
    arrow sent has an answer to wait for."""
    focused = table.focused
    if not isinstance(focused, TableTile):
        return ("left", "right")[turn % 2]  # the option list has no left/right: onto the board
    rows = table.board_rows()
    for r, row in enumerate(rows):
        if focused in row:
            c = row.index(focused)
            can = {
                "right": c + 1 < len(row),
                "left": c > 0,
                "down": r + 1 < len(rows),
                "up": r > 0,
            }
            for i in range(len(ARROWS)):
                key = ARROWS[(turn + i) % len(ARROWS)]
                if can[key]:
                    return key
    return "right"


def gone(app: App[Any], screen: object) -> Callable[[], bool]:
    """True once ``screen`` is no longer the app's current screen."""
    return lambda: app.screen is not screen


async def wait_for(probe: Probe, cond: Callable[[], bool], timeout: float) -> bool:
    """Wait until ``cond()`` (checked at every frame or applied view), at most ``timeout``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        left = end - loop.time()
        if left <= 0:
            return False
        probe.changed.clear()
        try:
            await asyncio.wait_for(probe.changed.wait(), min(left, 0.25))
        except TimeoutError:
            pass
    return True


async def next_change(probe: Probe, timeout: float) -> None:
    """Wait for the next frame or applied view, at most ``timeout`` seconds."""
    probe.changed.clear()
    try:
        await asyncio.wait_for(probe.changed.wait(), timeout)
    except TimeoutError:
        pass


async def measure(
    samples: int,
    *,
    size: tuple[int, int] = (160, 50),
    bot_delay: float = 0.0,
    seed: int | str = 1,
    arrows_per_decision: int = 4,
    lang: str = "zh",
    budget: float = 120.0,
    gc_freeze: bool = False,
    pace: str = "fast",
) -> Figures:
    """Play ``qingming play``'s table headless until every figure has ``samples`` samples
    (or ``budget`` seconds pass); return them. ``gc_freeze``: an experiment: ``gc.freeze()``
    again once each table is up (the app freezes once, when it has built a table's board)."""
    global PROBE
    probe = Probe(samples)
    PROBE = probe
    real_screen = table_module.TableScreen
    table_module.TableScreen = BenchTable  # type: ignore[misc]  # the room imports it late
    unhook_bots = hook_bots()
    app = QingmingApp(
        name="Bench",
        lang=lang,
        interfaces=["127.0.0.1"],
        start=PlayLocal(bots=BOTS, seed=seed),
        table_source=FixedSource,
        remember=False,
        bot_delay=bot_delay,
    )
    app.pace = pace  # the table plays back at this pace (remember=False: no config read)
    loop = asyncio.get_running_loop()
    gc_started = [0.0]

    def gc_timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_started[0] = time.perf_counter()
        else:
            ms = (time.perf_counter() - gc_started[0]) * 1000
            probe.figures.gc_pauses.append((info["generation"], ms))

    gc.callbacks.append(gc_timed)
    try:
        async with app.run_test(size=size):
            hook_frames(app, probe)
            driver = app._driver
            assert driver is not None

            def send(key: str) -> None:
                event = events.Key(key, key if len(key) == 1 else None)
                event.set_sender(app)
                driver.send_message(event)

            end = loop.time() + budget
            answered: int | None = None
            turn = 0
            seen: set[int] = set()
            while not probe.done() and loop.time() < end:
                screen = app.screen
                if isinstance(screen, ResultScreen):
                    send("r")  # rematch: the waiting room starts the next game at once
                    await wait_for(probe, gone(app, screen), 10)
                    continue
                if not isinstance(screen, BenchTable):
                    await wait_for(probe, lambda: isinstance(app.screen, BenchTable), 0.25)
                    continue
                if screen.ended is not None and not screen.result_shown:
                    send("v")  # the final table stays until the result is opened over it
                    await wait_for(probe, lambda: isinstance(app.screen, ResultScreen), 5)
                    continue
                if id(screen) not in seen:
                    seen.add(id(screen))
                    probe.figures.games += 1
                    answered = None
                    if gc_freeze:
                        gc.freeze()
                view = my_pending(screen, answered)
                playing = bool(screen.playback.queue)
                if view is None and playing and len(probe.figures.arrow_playing) < samples:
                    # an arrow while the bots' moves are played back: answered within a frame?
                    probe.arrow_t0, probe.arrow_shown = stamp(), False
                    probe.arrow_playing, probe.frames_before = True, 0
                    send(arrow_for(screen, turn))
                    turn += 1
                    if not await wait_for(probe, lambda: probe.arrow_t0 is None, 2):
                        probe.arrow_t0, probe.arrow_playing = None, False
                        probe.figures.lost_keys += 1
                    continue
                if view is None or probe.unpainted:
                    await next_change(probe, 0.25)
                    continue
                assert view.prompt is not None
                # arrows over the board: each waits for its frame
                if len(probe.figures.arrow_frame) < samples:
                    for _ in range(arrows_per_decision):
                        probe.arrow_t0, probe.arrow_shown = stamp(), False
                        send(arrow_for(screen, turn))
                        turn += 1
                        if not await wait_for(probe, lambda: probe.arrow_t0 is None, 2):
                            probe.arrow_t0 = None
                            probe.figures.lost_keys += 1
                # the decision: option 1, once the question takes keys (a key pressed sooner
                # is not taken: the table's answer guard, see TableScreen.answer_armed)
                await wait_for(probe, screen.answer_armed, 2)
                answered = view.prompt.seq
                probe.number_t0, probe.reply, probe.reply_applied = stamp(), None, False
                probe.choice_shown = probe.answer_noted = False
                send("1")
                if not await wait_for(probe, lambda: probe.number_t0 is None, 5):
                    probe.number_t0 = None
                    probe.figures.lost_keys += 1
                    probe.release()
    finally:
        gc.callbacks.remove(gc_timed)
        gc.unfreeze()
        _CPU_AT.clear()
        unhook_bots()
        table_module.TableScreen = real_screen  # type: ignore[misc]
        PROBE = None
    return probe.figures


# ───────────────────────────── printing ─────────────────────────────


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--samples", type=int, default=300, help="samples per figure (default 300)")
    ap.add_argument("--size", default="160x50", help="terminal WxH (default 160x50)")
    ap.add_argument(
        "--bot-delay", type=float, default=0.0, help="seconds before each bot move (default 0)"
    )
    ap.add_argument("--seed", default="1", help="the first game's seed")
    ap.add_argument("--lang", default="zh", choices=("zh", "en"))
    ap.add_argument("--pace", default="fast", choices=tuple(PACES), help="playback pace")
    ap.add_argument("--budget", type=float, default=50.0, help="stop after this many seconds")
    ap.add_argument(
        "--gc-freeze",
        action="store_true",
        help="experiment: gc.freeze() again once each table is up (the app freezes once, "
        "when it has built the board)",
    )
    args = ap.parse_args(argv)
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    # Keep off the real config, seat tokens, journals and network (as the tests do).
    bench_home = tempfile.mkdtemp(prefix="qm-bench-")
    for kind in ("CONFIG", "STATE", "DATA"):
        os.environ.setdefault(f"QINGMING_{kind}_DIR", os.path.join(bench_home, kind.lower()))
    os.environ.setdefault("CI", "1")
    print(load() + " (before)")
    t0 = time.perf_counter()
    figures = asyncio.run(
        measure(
            args.samples,
            size=size,
            bot_delay=args.bot_delay,
            seed=args.seed,
            lang=args.lang,
            budget=args.budget,
            gc_freeze=args.gc_freeze,
            pace=args.pace,
        )
    )
    print(report(figures, size, args.bot_delay, time.perf_counter() - t0, args.pace))
    if args.gc_freeze:
        print("  (experiment: gc.freeze() again after each table came up)")
    print(load() + " (after)")
    busy = os.getloadavg()[0] > (os.cpu_count() or 1) if hasattr(os, "getloadavg") else False
    if busy:
        print(
            "  the machine was busy (load above its CPUs): wall-clock figures include waiting "
            "for a CPU; run again on a quiet machine for the figures a player gets"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
