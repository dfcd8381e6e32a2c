"""A player's client in its own process, for the crash tests: ``qingming`` itself (the command
line, the app, the seat-token store on disk), only run headless.

    python tests/seat_client.py REPORT join 127.0.0.1:PORT --name Ann --lang en

(With ``QM_TEST_HOST=NAME,SEATS,BOTS`` in its environment and no command, it hosts a table
from the lobby at once, as the host form would, and reports the port it listens on.)

Every 0.1 s it appends what its screen shows to the file REPORT as one JSON line (when it
changed): the screen, the seat, the hand, the pending prompt, the table's status line, which
seats a bot plays and the log. In the waiting room a seated player says ready, as a person
would; at the table it answers nothing, so a prompt stays pending until the process is killed.
Once a game is over it opens the result, and reports its fair deal's line (``fair``).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from qingming.cli import main
from qm_tui.app import QingmingApp
from qm_tui.widgets.log import GameLog


def snapshot(app: QingmingApp) -> dict[str, Any]:
    screen = app.screen
    out: dict[str, Any] = {"screen": type(screen).__name__}
    if app.hosted is not None:
        out["hosting"] = app.hosted.port
    if out["screen"] == "RoomScreen":
        seat = getattr(screen, "seat", None)
        out["seat"] = seat
        lobby = getattr(screen, "lobby", None)
        if seat is not None and lobby is not None and lobby.state == "lobby" and not screen.ready:
            screen.action_ready()
    if out["screen"] == "ResultScreen":
        out["fair"] = str(screen.query_one("#result-fair").render())
    if out["screen"] == "TableScreen":
        if screen.ended is not None and not screen.playback.queue:
            screen.action_result()  # the game is over: its result, as a player would open it
        view = screen.view
        out["seat"] = screen.session.seat
        out["status"] = str(screen.query_one("#status-phases").render())
        out["bot_plays"] = sorted(s for s, st in screen.seat_status.items() if st.played_by_bot)
        out["log"] = list(screen.query_one(GameLog).lines_written)
        latest = screen.session.view  # what the host last sent (the screen may be playing back)
        out["caught_up"] = view is not None and latest is not None and view.seq == latest.seq
        view = latest
        if view is not None:
            me = view.me()
            out["hand"] = sorted(c.cid for c in (me.hand or ())) if me is not None else None
            p = view.prompt
            out["prompt"] = (
                None if p is None else {"seat": p.seat, "seq": p.seq, "kind": str(p.kind)}
            )
            out["headers"] = {str(sv.seat): screen.seat_header(sv, view) for sv in view.seats}
    return out


def host_from_lobby(app: QingmingApp, spec: str) -> None:
    """Host a table from the lobby, as the host form would (``spec``: NAME,SEATS,BOTS)."""
    from qm_tui.net import HostSettings

    name, seats, bots = spec.split(",")
    app.host_table(HostSettings(name=name, seats=int(seats), bots=int(bots)))


def install(report: str) -> None:
    mounted = QingmingApp.on_mount
    last: list[str] = [""]

    def write(app: QingmingApp) -> None:
        try:
            line = json.dumps(snapshot(app), sort_keys=True)
        except Exception as exc:  # a screen half built: next time
            line = json.dumps({"error": repr(exc)})
        if line != last[0]:
            last[0] = line
            fd = os.open(report, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, (line + "\n").encode())
            finally:
                os.close(fd)

    def on_mount(self: QingmingApp) -> None:
        mounted(self)
        self.set_interval(0.1, lambda: write(self))
        spec = os.environ.get("QM_TEST_HOST")  # host a table from the lobby at once
        if spec:
            self.call_later(host_from_lobby, self, spec)

    def run(self: QingmingApp, *args: Any, **kwargs: Any) -> Any:
        kwargs.update(headless=True, size=(140, 44))
        return original_run(self, *args, **kwargs)

    original_run = QingmingApp.run
    QingmingApp.on_mount = on_mount  # type: ignore[method-assign]
    QingmingApp.run = run  # type: ignore[method-assign]


if __name__ == "__main__":
    install(sys.argv[1])
    raise SystemExit(main(sys.argv[2:]))
