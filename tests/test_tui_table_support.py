"""Support for the table and result screen tests: a one-screen app, waiting helpers and a
screen-to-text dump. (Named ``test_*`` so it sits with the tests it serves; it holds none.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from textual.app import App
from textual.pilot import Pilot

from qm_net.client import TableClient
from qm_net.host import Host
from qm_rules.cards import CardSet, shipped_cards
from qm_rules.game import Game
from qm_rules.model import (
    CardView,
    Event,
    GameOptions,
    LinkKind,
    LinkView,
    Option,
    Phase,
    Prompt,
    PromptKind,
    Result,
    SeatView,
    SlotView,
    View,
)
from qm_tui.clock import FakeClock
from qm_tui.messages import LeaveTable, RematchRequested
from qm_tui.screens.result import ResultScreen
from qm_tui.screens.table import TableScreen
from qm_tui.session import Ended, NetSession, SessionMessage, TableSession, Update

PLAYERS = ["Me", "Bob", "Cat"]


class HostedTable:
    """A table as ``qingming play`` serves it: a :class:`qm_net.host.Host` on loopback whose
    other seats are its bots (moving at once), and seat 0 played through a ``TableClient`` and
    a :class:`NetSession` — the host logic players get, its timers included (they run on the
    loop's real time; the screen's countdown runs on the test's clock). :class:`TableApp`
    starts it and stops it."""

    def __init__(
        self,
        players: list[str] | None = None,
        seed: int | str = 1,
        *,
        clock: FakeClock | None = None,
        **options: object,
    ) -> None:
        self.players = list(players or PLAYERS)
        self.seed = seed
        self.clock = clock or FakeClock()
        self.options = GameOptions(**{"response_timer": None, **options})  # type: ignore[arg-type]
        self.host: Host | None = None
        self.client: TableClient | None = None

    async def start(self) -> NetSession:
        """Serve the table, take seat 0 and say ready: the host starts the game."""
        host = Host(
            "test table",
            len(self.players),
            bots=len(self.players) - 1,
            options=self.options,
            bind="127.0.0.1",
            interfaces=["127.0.0.1"],
            advertise=False,
            seed=self.seed,
        )
        for i, name in enumerate(self.players[1:], 1):
            host.seats[i].name = name  # the bots go by the test's names
        await host.start()
        self.host = host
        self.client = await TableClient.connect("127.0.0.1", host.port, self.players[0])
        await self.client.join(0)
        session = NetSession(self.client, clock=self.clock, reconnect_delays=())
        await self.client.set_ready(True)
        return session

    @property
    def game(self) -> Game:
        """The game the host runs now."""
        assert self.host is not None and self.host.game is not None
        return self.host.game

    async def stop(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self.host is not None:
            await self.host.stop()


@asynccontextmanager
async def trap_table(
    monkeypatch: object, *, response_timer: float | None
) -> AsyncIterator[tuple[Host, TableClient, TableClient]]:
    """A two-seat table over loopback whose host plays a game arranged so: my turn, in my hand
    扫墓 and the counter 拆台 (its cost: discard 2, two more questions), and Bob's 鬼打墙 set
    face down (playtest 4's F7 was played on such a table). Yields the host and both seats'
    clients, seated; the test makes the app, says ready, plays (see
    :func:`bob_springs_his_trap`) and closes nothing."""
    from helpers import position

    import qm_net.host.play as host_play

    hands = {0: ["saomu", "chaitai", "qingtuan", "qingcha", "juhua"]}

    class Arranged:
        @staticmethod
        def new(
            players: list[str], seed: object, options: GameOptions, cards: CardSet | None = None
        ) -> object:
            # The arranged position is built from the shipped set; a table dealing another set
            # would be testing something else.
            assert cards is None or cards is shipped_cards(), "trap_table deals the shipped set"
            return position(
                2, turn=0, hands=hands, fields={1: ["gui_daqiang/down"]}, options=options
            )

    monkeypatch.setattr(host_play, "Game", Arranged)  # type: ignore[attr-defined]
    opts = GameOptions(response_timer=response_timer, turn_timer=None)
    host = Host("t", 2, options=opts, bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=False)
    host.seed = 1
    await host.start()
    me = await TableClient.connect("127.0.0.1", host.port, "Me")
    bob = await TableClient.connect("127.0.0.1", host.port, "Bob")
    try:
        await me.join(0)
        await bob.join(1)
        yield host, me, bob
    finally:
        await me.close()
        await bob.close()
        await host.stop()


async def bob_springs_his_trap(game: Game, bob: TableClient) -> None:
    """At :func:`trap_table`, once I played 扫墓: Bob, when asked, flips his 鬼打墙."""
    from helpers import on_field

    while True:
        msg = await bob.next_message(10)
        p = getattr(getattr(msg, "view", None), "prompt", None)
        if p is not None and p.seat == 1 and p.options:
            break
    await bob.choose(f"flip:{on_field(game, 1, 'gui_daqiang')}")


class TableApp(App[None]):
    """Only the table: pushes a :class:`TableScreen` over the session at mount (a hosted
    table is started first). A rematch or leaving is recorded, as the app's own screens would
    take it; at a hosted table a rematch is asked of the host, which then starts again."""

    def __init__(
        self,
        session: TableSession | HostedTable,
        *,
        lang: str = "en",
        clock: FakeClock | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.clock = clock or FakeClock()
        self.left: list[LeaveTable] = []
        self.rematches: list[RematchRequested] = []

    async def on_mount(self) -> None:
        session = self.session
        if isinstance(session, HostedTable):
            session = await session.start()
        await self.push_screen(TableScreen(session, lang=self.lang, clock=self.clock))

    async def on_unmount(self) -> None:
        if isinstance(self.session, HostedTable):
            await self.session.stop()

    def on_leave_table(self, message: LeaveTable) -> None:
        self.left.append(message)

    async def on_rematch_requested(self, message: RematchRequested) -> None:
        self.rematches.append(message)
        if isinstance(self.session, HostedTable) and self.session.client is not None:
            await self.session.client.rematch()

    @property
    def table(self) -> TableScreen:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise AssertionError("no table screen")


async def until(pilot: Pilot[None], cond: Callable[[], bool], tries: int = 400) -> None:
    """Let the app run until ``cond()`` holds (bounded, no wall-clock timing)."""
    for _ in range(tries):
        if cond():
            return
        await pilot.pause()
    raise AssertionError("condition never held")


def _layout(app: App[None]) -> list[object]:
    """Where everything on the screen is: each widget's place, scroll and display, the focus."""
    widgets = app.screen.walk_children(with_self=True)
    return [app.focused, *((w, w.region, w.scroll_offset, w.display) for w in widgets)]


async def settle(pilot: Pilot[None], quiet: int = 3, tries: int = 200) -> None:
    """Let the app run until its layout has not changed for ``quiet`` pauses in a row, with no
    animation running. ``pilot.pause()`` alone returns once the process looks idle (its CPU
    time lagging the wall clock), which under load is at once; what follows a change then
    waits for later rounds: the layout refresh, the resize it causes and what that moves (the
    board kept at my hand, after a refresh), the focus set a message after ``focus()`` and its
    scroll into view a message later, animated (about 50 lines a second). Counted in rounds,
    each a pause and the end of any animation, never in time."""
    same, last = 0, None
    for _ in range(tries):
        await pilot.pause()
        await pilot.wait_for_animation()
        now = _layout(pilot.app)
        same = same + 1 if now == last else 0
        if same >= quiet:
            return
        last = now
    raise AssertionError("the screen never settled")


def my_prompt(app: TableApp, kind: PromptKind | None = None) -> bool:
    """The table shows a decision of mine (of ``kind``) that I have not answered yet."""
    t = app.table
    v = t.view
    if v is None or v.prompt is None or v.prompt.seat != v.viewer or not v.prompt.options:
        return False
    if t._chosen_seq == v.prompt.seq or isinstance(app.screen, ResultScreen):
        return False
    return kind is None or v.prompt.kind is kind


def game_over(app: TableApp) -> bool:
    return isinstance(app.screen, ResultScreen)


async def play_with_keys(
    pilot: Pilot[None], app: TableApp, key: str | None = "1", limit: int = 3000
) -> None:
    """Answer each of my decisions with ``key`` (None, or a number for a decision that has no
    numbered option, only pass, end or decline: :func:`quiet_key`) until the result screen
    shows."""
    for _ in range(limit):
        if game_over(app):
            return
        if my_prompt(app):
            numbered = key is not None and bool(app.table.model.numbered_ids())
            await pilot.press(key if numbered and key is not None else quiet_key(app))
        else:
            await follow(pilot, app)
        await pilot.pause()
    raise AssertionError("the game did not end")


async def follow(pilot: Pilot[None], app: TableApp) -> None:
    """What a player does while the others play: skip the playback (space), and open the
    result once the final table shows (v)."""
    table = app.table
    if app.screen is not table:
        return
    if table.playback.queue:
        await pilot.press("space")
    elif table.ended is not None and not table.result_shown:
        await pilot.press("v")


def quiet_key(app: TableApp) -> str:
    """The key that declines my pending decision: pass, else end/skip/decline, else cancel, else
    the first."""
    v = app.table.view
    ids = set(v.prompt.ids) if v is not None and v.prompt is not None else set()
    if ids & {"pass", "none"}:
        return "p"
    if ids & {"end", "skip", "decline"}:
        return "e"
    if "cancel" in ids and not app.table.model.numbered_ids():
        return "escape"
    return "1"


async def play_until(
    pilot: Pilot[None], app: TableApp, cond: Callable[[], bool], limit: int = 1000
) -> None:
    """Decline my decisions with the keys (:func:`quiet_key`) until ``cond()`` holds."""
    for _ in range(limit):
        if cond():
            return
        if my_prompt(app):
            await pilot.press(quiet_key(app))
        else:
            await follow(pilot, app)
        await pilot.pause()
    raise AssertionError("condition never held")


def screen_text(app: App[None]) -> str:
    """What the terminal shows, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


# ── hand-made positions (no engine, no bots) ──────────────────────────────────────────────────────
#
# Snapshots are built from views made by hand, so that a change to the bots or to the engine's
# choices does not redraw them; what they pin is how the table shows a given position.


class ScriptedSession:
    """A session that yields the messages it was given, then waits; records what is asked."""

    def __init__(self, items: list[SessionMessage], seat: int | None = 0) -> None:
        self.items = items
        self._seat = seat
        self._view: View | None = None
        self.chosen: list[str] = []
        self.said: list[str] = []

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def view(self) -> View | None:
        return self._view

    async def messages(self) -> AsyncIterator[SessionMessage]:
        for item in self.items:
            if isinstance(item, Update):
                self._view = item.view
            yield item
        await asyncio.Event().wait()  # then nothing more: the app's end cancels the reader

    async def choose(self, option_id: str) -> None:
        self.chosen.append(option_id)

    async def chat(self, text: str) -> None:
        self.said.append(text)

    async def concede(self) -> None:
        self.chosen.append("concede")

    @property
    def can_take_back(self) -> bool:
        return False

    async def take_back(self) -> None:
        self.chosen.append("takeback")


def _cards(*pairs: tuple[int, str]) -> tuple[CardView, ...]:
    return tuple(CardView(cid, card) for cid, card in pairs)


def _slots(*cards: tuple[CardView | None, bool]) -> tuple[SlotView, ...]:
    filled = [SlotView(i, c, down) for i, (c, down) in enumerate(cards)]
    return tuple(filled + [SlotView(i, None) for i in range(len(filled), 5)])


def chain_position(over: bool = False) -> View:
    """Cat's turn, a chain of three links (Cat's 顺手牵羊 at my 菊花, Bob's 鬼打墙, Cat's 驱邪),
    and my decision: flip my face-down 拆台 or pass. With ``over``: the same table at game
    over, Bob the winner with 祖父, every hand revealed."""
    me_hand = _cards(
        (1, "quxie"), (2, "qingtuan"), (3, "zhiqian"), (4, "jisi_zhunbei"), (5, "taigong")
    )
    seats = (
        SeatView(
            0,
            "Me",
            5,
            me_hand,
            _slots(
                (CardView(10, "juhua"), False),
                (CardView(11, "xiangzhu", tapped=True), False),
                (CardView(12, "chaitai"), True),
            ),
            (),
            False,
        ),
        SeatView(
            1,
            "Bob",
            4,
            _cards((40, "saomu"), (41, "qingcha"), (42, "yehuo"), (43, "juhua")) if over else None,
            _slots(
                (CardView(20, "zufu"), False),
                (CardView(21, "gui_daqiang"), False),
                (CardView(22, "zhiren_tishen") if over else None, True),
            ),
            _cards((23, "qingcha"), (24, "qingjiu"), (25, "xianguo"), (26, "zhiqian")),
            False,
        ),
        SeatView(
            2,
            "Cat",
            3,
            _cards((44, "qingtuan"), (45, "hushenfu"), (46, "waigong")) if over else None,
            _slots(
                (CardView(30, "qingtuan"), False),
                (CardView(31, "zhiqian", tapped=True), False),
                (CardView(32, "xiangzhu"), False),
                (CardView(33, "shunshou"), False),
                (CardView(34, "quxie"), False),
            ),
            (),
            False,
        ),
        SeatView(
            3,
            "Dan",
            6,
            _cards((47, "qingjiu"), (48, "jingrao")) if over else None,
            _slots(),
            (),
            over,
        ),
    )
    chain = (
        LinkView(0, 2, LinkKind.ACTION, CardView(33, "shunshou"), None, ("c10",), (), False, None),
        LinkView(1, 1, LinkKind.TRAP, CardView(21, "gui_daqiang"), None, (), (), False, 0),
        LinkView(2, 2, LinkKind.COUNTER, CardView(34, "quxie"), None, (), (), False, 1),
    )
    prompt = Prompt(
        0,
        PromptKind.RESPOND,
        57,
        (Option("flip:12", "flip", card=12), Option("pass", "pass")),
        {"link": 2},
        "pass",
    )
    result = Result(1, "zufu", "worship", 3, 11) if over else None
    return View(
        viewer=0,
        seq=57,
        turn=11 if over else 7,
        round=3 if over else 2,
        turn_seat=2 if not over else 1,
        phase=Phase.OVER if over else Phase.ACTION,
        first_seat=0,
        deck_count=38,
        discard=_cards((50, "saomu"), (51, "qingming_yu"), (52, "xianguo")),
        seats=seats,
        chain=() if over else chain,
        resolving=None,
        prohibitions=(),
        prompt=None if over else prompt,
        result=result,
    )


def chain_events() -> tuple[Event, ...]:
    return (
        Event("turn", 2, {"turn": 7, "round": 2}),
        Event("phase", 2, {"phase": "action"}),
        Event(
            "activate",
            2,
            {
                "link": 0,
                "kind": "action",
                "card": 33,
                "def": "shunshou",
                "mode": None,
                "targets": ["c10"],
                "cost": [],
            },
        ),
        Event(
            "activate",
            1,
            {
                "link": 1,
                "kind": "trap",
                "card": 21,
                "def": "gui_daqiang",
                "mode": None,
                "targets": [],
                "cost": [],
            },
        ),
        Event(
            "activate",
            2,
            {
                "link": 2,
                "kind": "counter",
                "card": 34,
                "def": "quxie",
                "mode": None,
                "targets": [],
                "cost": [],
            },
        ),
    )


def chain_script(clock: FakeClock, *, ended: bool = False) -> ScriptedSession:
    """The chain position with a 20 s response timer; with ``ended`` the game then ends."""
    items: list[SessionMessage] = [Update(chain_position(), chain_events(), clock.now() + 20.0)]
    if ended:
        final = chain_position(over=True)
        assert final.result is not None
        items.append(Ended(final.result, final))
    return ScriptedSession(items)
