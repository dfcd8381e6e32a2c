"""Take the README's pictures with the app itself: the lobby, the table mid-chain, the result.

    .venv/bin/python tools/screenshots.py            # writes docs/screenshots/*.svg
    .venv/bin/python tools/screenshots.py --seed 9   # another game for the table pictures

Each picture is Textual's own SVG export of a screen of the real app, run headless
(``App.run_test``): the lobby lists a fixed set of tables (the network's tables would differ
from machine to machine); the table and the result come from a real game hosted on loopback
(``qingming play``), in which this script plays seat 0 with the heuristic bot, answering every
chance to respond so that chains build; the table is taken at the longest chain that waited
for the player's answer (the first of two links or more, else the first of one). The app's
clock is frozen, so countdowns read the same in every run. Run it after a change to what these
screens show, and look at the pictures before committing them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
LOBBY_SIZE = (100, 30)
TABLE_SIZE = (160, 48)
PLAYER = "Ann"
WAIT = 60.0  # seconds any one step may take before the script gives up
GAME_BUDGET = 300.0  # seconds one game may take


def _tables() -> list[object]:
    """What a lobby on a small LAN might list: one table waiting, one playing (a bot at one of
    its seats), one too new."""
    from qm_net.discovery import TableInfo
    from qm_net.version import PROTOCOL_VERSION

    def table(
        name: str, n: int, players: int, seats: int, state: str, version: int, bots: int = 0
    ) -> object:
        host = f"192.168.1.{20 + n}"
        key = f"t{n}._qingming._tcp.local."
        return TableInfo(name, host, 7351, version, players, seats, state, key, bots=bots)

    return [
        table("清明茶馆", 0, 2, 4, "lobby", PROTOCOL_VERSION),
        table("Friday cards", 1, 3, 3, "playing", PROTOCOL_VERSION, bots=1),
        table("Old friends", 2, 1, 6, "lobby", PROTOCOL_VERSION + 1),
    ]


def _app(**kwargs: object):  # noqa: ANN202 - a QingmingApp
    from qm_tui.app import QingmingApp
    from qm_tui.clock import FakeClock

    return QingmingApp(
        name=PLAYER,
        lang="en",
        interfaces=["127.0.0.1"],
        clock=FakeClock(),
        remember=False,
        bot_delay=0.0,
        answer_guard=0.0,  # a bot answers here, at once on a frozen clock; options drawn armed
        **kwargs,  # type: ignore[arg-type]
    )


async def _until(pilot: object, cond: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while not cond():
        if loop.time() > end:
            raise SystemExit(f"screenshots: gave up waiting for {what}")
        await pilot.pause(0.05)  # type: ignore[attr-defined]


def _write(name: str, svg: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    print(f"wrote {path.relative_to(OUT.parent.parent)}")
    return path


def _save(app: object, name: str) -> Path:
    return _write(name, app.export_screenshot())  # type: ignore[attr-defined]


async def lobby() -> None:
    from qm_tui.tablelist import FixedSource

    source = FixedSource(_tables())
    app = _app(table_source=lambda: source)
    async with app.run_test(size=LOBBY_SIZE) as pilot:
        await _until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
        await pilot.press("down")  # the cursor on a table, as a player would have it
        await pilot.pause(0.3)
        _save(app, "lobby")


def _respond_first(view: object, bot: object) -> str:
    """The bot's choice, except that a chance to respond is always taken (chains build)."""
    from qm_rules.model import PromptKind

    p = view.prompt  # type: ignore[attr-defined]
    if p.kind is PromptKind.RESPOND:
        answers = [o.id for o in p.options if o.id != "pass"]
        if answers:
            return answers[0]
    return bot.choose(view)  # type: ignore[attr-defined]


async def table_and_result(seed: int, tries: int) -> None:
    for game_seed in range(seed, seed + tries):
        links = await _one_game(game_seed)
        if links:
            print(f"game {game_seed}: the table with a chain of {links} link(s)")
            return
        print(f"game {game_seed}: no chain waited for {PLAYER}; trying the next")
    raise SystemExit(f"screenshots: no game of seeds {seed}..{seed + tries - 1} gave a chain")


async def _one_game(seed: int) -> int:
    """Play one game; if a chain waited for the player, write the table and the result and
    return the chain's length, else 0."""
    from qm_rules.bots import make_bot
    from qm_rules.model import PromptKind
    from qm_tui.app import PlayLocal
    from qm_tui.screens.result import ResultScreen
    from qm_tui.screens.table import TableScreen

    bot = make_bot("heuristic", seed)
    app = _app(start=PlayLocal(bots=3, seed=seed))
    table_svg: str | None = None  # the best moment yet: a chain waiting for the player
    links = 0
    async with app.run_test(size=TABLE_SIZE) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        answered = -1
        end = asyncio.get_running_loop().time() + GAME_BUDGET
        while getattr(table, "ended", None) is None:  # the final table stays until v
            if asyncio.get_running_loop().time() > end:
                raise SystemExit(f"screenshots: game {seed} did not end in {GAME_BUDGET:g} s")
            playback = getattr(table, "playback", None)
            if playback is not None and playback.queue:  # the bots' moves: skip to now
                await pilot.press("space")
                await pilot.pause(0.05)
                continue
            view = table.view
            p = view.prompt if view is not None else None
            if p is None or p.seat != view.viewer or p.seq == answered or not p.options:
                await pilot.pause(0.05)
                continue
            if p.kind is PromptKind.RESPOND and links < 2 and len(view.chain) > links:
                await pilot.pause(0.5)  # let every widget catch up with this view
                table_svg, links = app.export_screenshot(), len(view.chain)
            answered = p.seq
            await table.choose(_respond_first(view, bot))
        if table_svg is None:
            return 0
        await pilot.press("v")  # the result, over the final table
        await _until(pilot, lambda: isinstance(app.screen, ResultScreen), "the result")
        await pilot.pause(0.5)
        _write("table-chain", table_svg)
        _save(app, "result")
    return links


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Take the README's pictures with the app.")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--tries", type=int, default=20, help="games to try for a chain")
    args = parser.parse_args(argv)
    # Keep off the real config, state (seat tokens), data (journals) and network, as the tests
    # do; one fixed folder, so that the journal path the result shows reads the same each time.
    home = Path(tempfile.gettempdir()) / "qingming-screenshots"
    shutil.rmtree(home, ignore_errors=True)
    for kind in ("CONFIG", "STATE", "DATA"):
        os.environ[f"QINGMING_{kind}_DIR"] = str(home / kind.lower())
    os.environ.setdefault("CI", "1")
    asyncio.run(lobby())
    asyncio.run(table_and_result(args.seed, args.tries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
