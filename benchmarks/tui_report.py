"""What ``benchmarks/tui.py`` records (:class:`Figures`) and how it prints it: each figure's
median, p99 and max, and the verdict against the aims. Apart from the measuring so that either
reads on its own."""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field

#: The bots at the measured table, beside you.
BOTS = 5


@dataclass
class Figures:
    """The samples of one run, in milliseconds."""

    view_applied: list[float] = field(default_factory=list)
    held: list[float] = field(default_factory=list)
    """From a view's arrival to the playback showing it (the pace, not a cost)."""
    step_frame: list[float] = field(default_factory=list)
    arrow_playing: list[float] = field(default_factory=list)
    """Arrow -> frame for arrows sent while the playback was running."""
    number_reply: list[float] = field(default_factory=list)
    first_view: list[float] = field(default_factory=list)
    """Each game's first view, which builds the board: counted apart."""
    view_frame: list[float] = field(default_factory=list)
    arrow_frame: list[float] = field(default_factory=list)
    arrow_shown: list[float] = field(default_factory=list)
    """... to the screen having shown the focused tile (before its frame)."""
    number_sent: list[float] = field(default_factory=list)
    number_frame: list[float] = field(default_factory=list)
    number_applied: list[float] = field(default_factory=list)
    """... to the reply having been applied (before its frame)."""
    encode: list[float] = field(default_factory=list)
    """The part of each frame that turns it into escape codes (done by the benchmark)."""
    backlog: int = 0
    """Views sampled that arrived while an earlier view was not yet drawn."""
    layout: list[float] = field(default_factory=list)
    """Each layout of the table screen (its frame's render not included)."""
    paint: list[float] = field(default_factory=list)
    """Each frame of the table screen: the compositor's render and its encoding."""
    gc_pauses: list[tuple[int, float]] = field(default_factory=list)
    """Python's garbage collections during the run: (generation, ms)."""
    frames_waited: list[int] = field(default_factory=list)
    """For each arrow sent during the playback: frames drawn before the one that answered it."""
    cpu: dict[int, list[float]] = field(default_factory=dict)
    """The same samples as CPU time of the app's thread (by ``id`` of the list of wall-clock
    samples): what the process itself spent, whatever else the machine was doing."""
    games: int = 0
    lost_keys: int = 0
    """Keys whose answer never came (nothing to move to, a refused choice): not counted."""


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def line(name: str, ms: list[float], aim: float = 50.0) -> str:
    if not ms:
        return f"  {name:<26} no samples"
    p99 = pct(ms, 99)
    mark = "ok" if p99 < aim else f"p99 over {aim:.0f} ms"
    return (
        f"  {name:<26} median {statistics.median(ms):6.2f}  p99 {p99:6.2f}  "
        f"max {max(ms):6.2f}  (n={len(ms)})  {mark}"
    )


def _med(ms: list[float]) -> str:
    return f"{statistics.median(ms):.2f}" if ms else "-"


def _p99(ms: list[float]) -> str:
    return f"{pct(ms, 99):.2f}" if ms else "-"


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average: unavailable"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


def _longest(pauses: list[tuple[int, float]]) -> str:
    return f"{max(ms for _g, ms in pauses):.1f}" if pauses else "-"


AIM_MS = 50.0
"""The issue's aim: view -> frame and key -> frame p99 under this, at 6 seats, 160x50."""


def verdict(f: Figures) -> list[str]:
    """The targets, each with its figures (wall clock and CPU time) and whether it is met.
    Met means the wall-clock p99 is under the aim: what a player feels. The CPU figure says
    whether a miss is the program's or the machine's (waiting for a CPU on a busy machine)."""

    def p99s(values: list[float]) -> tuple[float | None, float | None]:
        cpu = f.cpu.get(id(values), [])
        return (pct(values, 99) if values else None, pct(cpu, 99) if cpu else None)

    def ms(v: float | None) -> str:
        return "-" if v is None else f"{v:.1f}"

    rows = [
        f"targets (p99 under {AIM_MS:.0f} ms, wall clock; CPU time of the app's thread beside):"
    ]
    for name, parts in (
        ("view -> frame", (("view", f.view_frame),)),
        (
            "key -> frame",
            (
                ("arrow", f.arrow_frame),
                ("arrow, playing back", f.arrow_playing),
                ("number key, answer", f.number_frame),
            ),
        ),
    ):
        figures = [(label, *p99s(values), len(values)) for label, values in parts]
        walls = [w for _l, w, _c, _n in figures]
        met = all(w is not None and w < AIM_MS for w in walls)
        cpu_met = all(c is not None and c < AIM_MS for _l, _w, c, _n in figures)
        said = ", ".join(f"{label} {ms(w)} (cpu {ms(c)}, n={n})" for label, w, c, n in figures)
        mark = "MET" if met else "NOT MET" + (" (met in CPU time)" if cpu_met else "")
        rows.append(f"  {name:<14} {mark:<28} p99 ms: {said}")
    waited = f.frames_waited
    late = sum(1 for n in waited if n > 0)
    one_frame = bool(waited) and max(waited) <= 1
    rows.append(
        f"  {'playback':<14} {'MET' if one_frame else 'NOT MET':<28} no key waits more than "
        f"one frame with playback on: {len(waited) - late} of {len(waited)} arrows answered by "
        f"the next frame, the others by the one after"
        if one_frame
        else f"  {'playback':<14} {'NOT MET':<28} {late} of {len(waited)} arrows waited more "
        f"than one frame (at most {max(waited, default=0)})"
    )
    return rows


def report(
    f: Figures, size: tuple[int, int], bot_delay: float, seconds: float, pace: str = "fast"
) -> str:
    gen2 = [ms for g, ms in f.gc_pauses if g == 2]
    rows = [
        f"table screen, qingming play path (host + client on loopback), {BOTS + 1} seats, "
        f"{size[0]}x{size[1]} headless, bot delay {bot_delay:g} s, playback {pace}, "
        f"{f.games} game(s), {seconds:.1f} s",
        line("first view (builds board)", f.first_view),
        line("view -> applied", f.view_applied),
        line("view -> frame", f.view_frame),
        line("step -> frame", f.step_frame),
        line("arrow -> frame", f.arrow_frame),
        line("  of which -> tile shown", f.arrow_shown),
        line("arrow -> frame, playing back", f.arrow_playing),
        line("number key -> sent", f.number_sent),
        line("number key -> answer frame", f.number_frame),
        line("number key -> reply frame", f.number_reply),
        line("  of which -> reply drawn", f.number_applied),
        "  the same, in CPU time of the app's thread (host, bots and client share it; the load "
        "average does not stretch it):",
        *(
            line("  " + name, f.cpu.get(id(values), []))
            for name, values in (
                ("view -> frame", f.view_frame),
                ("step -> frame", f.step_frame),
                ("arrow -> frame", f.arrow_frame),
                ("arrow -> frame, playing", f.arrow_playing),
                ("number key -> answer frame", f.number_frame),
                ("number key -> reply frame", f.number_reply),
            )
        ),
        f"  arrows during the playback answered by the next frame: "
        f"{sum(1 for n in f.frames_waited if n == 0)} of {len(f.frames_waited)}"
        f" (the others waited {max(f.frames_waited, default=0)} frame(s) at most)",
        f"  held by the playback (the pace, not a cost): median {_med(f.held)} "
        f"p99 {_p99(f.held)} ms (n={len(f.held)})",
        f"  frame cost: layout median {_med(f.layout)} p99 {_p99(f.layout)} "
        f"(n={len(f.layout)}), render+encode median {_med(f.paint)} p99 {_p99(f.paint)} "
        f"(n={len(f.paint)}; encoding alone median {_med(f.encode)}) ms of the loop",
        f"  garbage collections: {len(f.gc_pauses)}, longest {_longest(f.gc_pauses)} ms; "
        f"{len(gen2)} of the oldest generation, median {_med(gen2)} ms (the loop stops meanwhile)",
        f"  backlog: {f.backlog} view(s) arrived before the previous one was drawn; "
        f"keys without an answer (not counted): {f.lost_keys}",
        "  (ms; frame = compositor update rendered and encoded to escape codes, not written to "
        "a terminal)",
        *verdict(f),
    ]
    return "\n".join(rows)
