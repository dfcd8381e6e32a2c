"""How the table draws its frames: what a partial frame renders, what is left alone, and that
nothing is drawn into a table being taken down.

The table's compositor renders, in a partial frame, only the widgets under the changed cells
(``qm_tui.compositor``); these tests hold it to Textual's own partial frame: the same bytes, but
for cursor moves that write nothing."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from test_tui_table_support import TableApp, chain_script, screen_text, until
from textual import events
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

from qm_rules.cards import shipped_cards
from qm_rules.model import CardView, View
from qm_tui.clock import FakeClock
from qm_tui.compositor import SpotCompositor
from qm_tui.playback import ChainFrame, Step
from qm_tui.screens.table import TableScreen
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.footer import Footer
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.status import Now, TableStatus
from qm_tui.widgets.tiles import BARE_FIELDS, TableTile
from qm_words import card_name


@asynccontextmanager
async def drawn_table(
    size: tuple[int, int] = (160, 50),
) -> AsyncIterator[tuple[TableApp, Pilot[None]]]:
    """A table (160x50 unless ``size``) showing a chain and my decision, drawn."""
    clock = FakeClock()
    app = TableApp(chain_script(clock), clock=clock)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        yield app, pilot


def written(update: object, console: object) -> str:
    """A partial frame's bytes for the terminal, without the cursor moves that write nothing
    (Textual's frame moves to a piece of a line that it then crops to nothing, when a widget it
    rendered reaches just past a changed region; the table's compositor renders no widget for
    nothing)."""
    data = update.render_segments(console)  # type: ignore[attr-defined]
    return re.sub(r"\x1b\[\d+;\d+H(?=\x1b\[\d+;\d+H|\n|$)", "", data)


def noting_renders(monkeypatch: pytest.MonkeyPatch) -> list[Widget]:
    """From now on, every widget rendered (``render_lines``) is added to the list returned."""
    rendered: list[Widget] = []
    render_lines = Widget.render_lines

    def noted(self: Widget, crop):  # type: ignore[no-untyped-def]
        rendered.append(self)
        return render_lines(self, crop)

    monkeypatch.setattr(Widget, "render_lines", noted)
    return rendered


def noting_reflows(table: TableScreen) -> list[object]:
    """From now on, every layout of ``table`` (its compositor's reflow) is added to the list
    returned."""
    comp = table._compositor
    reflows: list[object] = []
    reflow = comp.reflow

    def noted(parent, size):  # type: ignore[no-untyped-def]
        reflows.append(parent)
        return reflow(parent, size)

    comp.reflow = noted  # type: ignore[method-assign]
    return reflows


async def on_the_board(pilot: Pilot[None], table: TableScreen) -> TableTile:
    """``b``: the focus onto the board; the tile it is on."""
    await pilot.press("b")
    await pilot.pause()
    tile = table.focused
    assert isinstance(tile, TableTile)
    return tile


async def test_a_partial_frame_renders_only_the_changed_widgets_and_draws_what_textual_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with drawn_table() as (app, pilot):
        table = app.table
        comp = table._compositor
        assert isinstance(comp, SpotCompositor)
        top = table.query_one("#status-phases")
        tiles = [t for t in table.board_tiles() if t.zone == "hand"]
        bottom = tiles[-1]  # the hand: far below the status line
        middle = next(t for t in table.board_tiles() if t.zone == "slot")  # between the two
        top.update("changed at the top")  # type: ignore[attr-defined]
        bottom.show("changed below")
        await pilot.pause()  # nothing drawn by hand yet: let the app draw, then change again
        regions = [comp.visible_widgets[w][1] for w in (top, bottom)]
        assert not middle.region.overlaps(regions[0]) and not middle.region.overlaps(regions[1])

        rendered = noting_renders(monkeypatch)
        comp._dirty_regions.update(regions)
        spot = comp.render_partial_update()
        spot_rendered, rendered[:] = list(rendered), []
        comp._dirty_regions.update(regions)
        plain = Compositor.render_partial_update(comp)  # the bounding box, as Textual does
        plain_rendered = list(rendered)
        monkeypatch.undo()
        assert spot is not None and plain is not None
        # the same cells written ...
        assert written(spot, app.console) == written(plain, app.console)
        assert "changed at the top" in spot.render_segments(app.console)
        # ... from far fewer widgets: not the cards between the two changes
        assert middle in plain_rendered and middle not in spot_rendered
        assert top in spot_rendered and bottom in spot_rendered
        assert len(spot_rendered) < len(plain_rendered) / 2, (spot_rendered, plain_rendered)


async def test_moving_the_focus_repaints_the_two_tiles_not_the_screen() -> None:
    async with drawn_table() as (app, pilot):
        table = app.table
        before = await on_the_board(pilot, table)
        repainted: list[Widget] = []
        update_widgets = table._compositor.update_widgets

        def noted(widgets: set[Widget]) -> None:
            repainted.extend(widgets)
            update_widgets(widgets)

        table._compositor.update_widgets = noted  # type: ignore[method-assign]
        await pilot.press("right")
        await pilot.pause()
        after = table.focused
        assert isinstance(after, TableTile) and after is not before
        assert table not in repainted  # not the whole screen
        assert before in repainted and after in repainted
        assert not any(isinstance(w, TableStatus) for w in repainted)


class LeftAsItAppears(TableScreen):
    """A table whose player leaves at the instant it appears: the screen is taken down while
    the first view is still building the board."""

    async def _build(self, view: View) -> None:
        self.app.pop_screen()  # as the app does when the player leaves (nothing awaited)
        await super()._build(view)


class LeavingApp(App[None]):
    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock = clock
        self.table: LeftAsItAppears | None = None

    async def on_mount(self) -> None:
        self.table = LeftAsItAppears(chain_script(self.clock), lang="en", clock=self.clock)
        await self.push_screen(self.table)


async def test_leaving_as_the_table_appears_does_not_mount_into_a_screen_being_taken_down() -> None:
    clock = FakeClock()
    app = LeavingApp(clock)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: app.table is not None and not app.table.is_attached)
        await pilot.pause()
        assert app.screen is not app.table  # it went ...
        assert app.table is not None and app.table.updates == 0  # ... before anything was drawn
    assert app.return_code in (0, None), app._exception  # and nothing raised on the way
    assert app._exception is None


async def test_the_status_line_never_asks_a_layout_when_its_words_change_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The "what now" words, the bar after them and the playback's state are one line: words
    of another length move the bar by a repaint of that line, not a layout of the screen."""
    async with drawn_table() as (app, pilot):
        table = app.table
        status = table.query_one(TableStatus)
        layouts: list[Widget] = []
        refresh = Widget.refresh

        def noted(self: Widget, *regions, repaint=True, layout=False, recompose=False):  # type: ignore[no-untyped-def]
            if layout:
                layouts.append(self)
            return refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

        args = dict(lang="en", phase=None, info_left="", info_right="")
        status.show(now=Now("waiting", "Bob"), deadline_at=app.clock.now() + 20, **args)  # type: ignore[arg-type]
        await pilot.pause()
        line = lambda: screen_text(app).splitlines()[1]  # noqa: E731
        before = line()
        assert "Waiting for Bob" in before and "20s" in before
        monkeypatch.setattr(Widget, "refresh", noted)
        status.show(now=Now("waiting", "Catherine"), deadline_at=app.clock.now() + 20, **args)  # type: ignore[arg-type]
        await pilot.pause()
        after = line()
        assert not layouts, layouts
        assert "Waiting for Catherine" in after
        # the bar follows the words: as many cells further right as the name is longer
        shift = len("Catherine") - len("Bob")
        assert after.index("20s") == before.index("20s") + shift, (before, after)


async def test_an_arrow_is_answered_while_the_screen_is_busy_with_the_playback() -> None:
    async with drawn_table() as (app, pilot):
        table = app.table
        before = await on_the_board(pilot, table)
        busy, release = asyncio.Event(), asyncio.Event()

        async def playback_step() -> None:  # the screen's queue held, as by a long step
            busy.set()
            await release.wait()

        table.call_later(playback_step)
        try:
            await busy.wait()
            # the key as a terminal sends it (the pilot's press waits for the screen to be idle)
            app.post_message(events.Key("left", None))  # onto a card beside it
            for _ in range(400):  # progress, not time: the focus moves while the queue is held
                if table.focused is not before:
                    break
                await asyncio.sleep(0.01)
            after = table.focused
            assert after is not before, "the arrow waited for the screen's queue"
            assert isinstance(after, TableTile) and after.card is not None
            detail = str(table.query_one(CardDetail).render())
            assert (
                card_name(after.card.card, "en") in detail
            )  # its card shown, the queue still held
            assert not release.is_set()
        finally:
            release.set()  # the step ends, whatever happened


async def test_a_layout_that_resizes_widgets_is_not_followed_by_a_second_one() -> None:
    """Textual asks another layout of the whole screen for every widget a layout resized (its
    virtual size changed); the table's widgets never scroll their content, so one is enough."""
    async with drawn_table() as (app, pilot):
        table = app.table
        reflows = noting_reflows(table)
        # A seat's cards drawn taller: every tile of the seat resized, the seats below moved.
        area = next(iter(table.areas.values()))
        tile = area.slots[0]
        height = tile.size.height
        reflows.clear()
        for slot in area.slots:
            slot.styles.height = height + 1
        for _ in range(4):
            await pilot.pause()
        assert tile.size.height != height
        assert len(reflows) == 1


async def test_a_partial_frame_does_not_render_what_is_hidden_behind_the_changed_widgets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card and the status line changed: those two are rendered, not the seat's area, its
    grid, the board or the screen behind them (whose cells there the card's would replace),
    and the frame writes what Textual's own writes."""
    async with drawn_table() as (app, pilot):
        table = app.table
        comp = table._compositor
        top = table.query_one("#status-phases")
        card = next(t for t in table.board_tiles() if t.zone == "slot")
        top.update("changed at the top")  # type: ignore[attr-defined]
        card.show("changed on the board")
        await pilot.pause()
        regions = [w.region for w in (top, card)]  # where each is drawn (both whole on screen)

        rendered = noting_renders(monkeypatch)
        for spots in ([regions[1]], regions):
            rendered.clear()
            comp._dirty_regions.clear()  # (nothing else waiting to be drawn)
            comp._dirty_regions.update(spots)
            spot = comp.render_partial_update()
            spot_rendered = list(rendered)
            comp._dirty_regions.update(spots)
            plain = Compositor.render_partial_update(comp)
            assert spot is not None and plain is not None
            assert written(spot, app.console) == written(plain, app.console)
            assert set(spot_rendered) == ({card} if len(spots) == 1 else {top, card})
            behind = [w for w in card.ancestors_with_self if isinstance(w, Widget)]
            assert table in behind and len(behind) > 3  # the card, its grid, area, board ...
            assert all(w in rendered for w in behind)  # ... all drawn by Textual's frame


async def test_the_option_list_filled_and_cleared_on_a_tall_table_asks_no_layout() -> None:
    """On a tall table the option list keeps its height, and its count its width: my
    decision's options coming and going are a repaint of the prompt, not a layout of the
    screen (only a scrollbar coming or going would need one)."""
    async with drawn_table() as (app, pilot):
        table = app.table
        bar = table.query_one(PromptBar)
        ol = bar.options_list
        view = table.view
        assert view is not None and view.prompt is not None and bar.option_ids
        assert ol.styles.height is not None and ol.styles.height.is_cells  # a tall table
        assert not ol.show_vertical_scrollbar
        count = bar.query_one("#prompt-count")
        shown = str(count.render()).strip()
        assert shown  # "1 of n"
        reflows = noting_reflows(table)
        answered = dataclasses.replace(
            view, prompt=dataclasses.replace(view.prompt, options=(), default="")
        )
        bar.show(answered, "en", None)
        for _ in range(3):
            await pilot.pause()
        assert ol.option_count == 0 and not str(count.render()).strip()
        bar.show(view, "en", None)
        for _ in range(3):
            await pilot.pause()
        assert ol.option_count == len(view.prompt.options)
        assert str(count.render()).strip() == shown
        assert not reflows, reflows


async def test_a_playback_step_waits_for_the_frame_answering_a_key() -> None:
    async with drawn_table() as (app, pilot):
        table = app.table
        await on_the_board(pilot, table)
        answered: list[object] = []
        key_answered = table.key_answered

        def noted() -> None:
            answered.append(table.focused)
            key_answered()

        table.key_answered = noted  # type: ignore[method-assign]
        app.post_message(events.Key("right", None))  # as a terminal sends it
        await until(pilot, lambda: bool(answered))  # the arrow's answer waits for its frame
        table.key_answered = key_answered  # type: ignore[method-assign]

        order: list[str] = []
        display = app._display

        def drawn(screen, renderable):  # type: ignore[no-untyped-def]
            order.append("frame")
            display(screen, renderable)

        app._display = drawn  # type: ignore[method-assign]
        show_steps = table.show_steps

        async def shown(steps):  # type: ignore[no-untyped-def]
            if steps:
                order.append("step")
            await show_steps(steps)

        table.show_steps = shown  # type: ignore[method-assign]
        tile = table.focused
        assert isinstance(tile, TableTile)
        tile.show("answered")  # a key answered: its tile changed, its frame not drawn yet
        table.key_answered()
        table.playback.queue.append(Step((), ChainFrame(), None, None))  # a step due now
        await table.advance_playback()  # as a tick would, at once
        assert table.playback.queue and "step" not in order  # the step waits ...
        await until(pilot, lambda: not table.playback.queue)  # ... for the next tick
        assert order.index("frame") < order.index("step"), order


async def test_on_a_tall_table_a_field_s_first_card_lays_nothing_out() -> None:
    """Where the board holds every seat's framed field, an empty field keeps its framed
    height: its first card changes that seat's tiles, and no seat or hand below it moves (a
    layout of the whole screen, in which a key pressed meanwhile waited)."""
    async with drawn_table() as (app, pilot):
        table = app.table
        view = table.view
        assert view is not None
        dan = table.areas[3]
        assert not table.board.has_class(BARE_FIELDS)
        assert dan.slots[0].size.height == dan.slots[1].size.height > 1  # framed, empty
        assert all(s.empty for s in view.seats[3].slots)  # Dan's field: nothing on it
        regions = {w: w.region for w in table.board_tiles()}
        reflows = noting_reflows(table)
        seats = list(view.seats)
        slots = list(seats[3].slots)
        slots[0] = dataclasses.replace(slots[0], card=CardView(60, "qingtuan"))
        seats[3] = dataclasses.replace(seats[3], slots=tuple(slots))
        await table.render_view(dataclasses.replace(view, seats=tuple(seats)))
        for _ in range(4):
            await pilot.pause()
        assert dan.slots[0].card is not None and dan.slots[0].card.cid == 60
        assert card_name("qingtuan", "en") in screen_text(app)
        assert reflows == []
        assert {w: w.region for w in table.board_tiles()} == regions


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("z", "app.bell", "Zed")]

    def compose(self) -> ComposeResult:
        yield Footer()


async def test_a_footer_under_another_screen_is_rebuilt_only_once_it_is_back_on_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A screen pushed over the waiting room (the table, at each game's start) suspends it, and
    Textual tells its footer the keys changed: rebuilt then, unseen, in the table's first
    moments. It is rebuilt when its screen is back on top."""
    rebuilt: list[TextualFooter] = []
    recompose = TextualFooter.recompose

    async def noted(self: TextualFooter) -> None:
        rebuilt.append(self)
        await recompose(self)

    monkeypatch.setattr(TextualFooter, "recompose", noted)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        under = KeysScreen()
        await app.push_screen(under)
        await pilot.pause()
        footer = under.query_one(Footer)
        rebuilt.clear()
        await app.push_screen(Screen())
        for _ in range(4):
            await pilot.pause()
        assert footer not in rebuilt  # covered: not rebuilt
        await app.pop_screen()
        for _ in range(4):
            await pilot.pause()
        assert footer in rebuilt  # on top again: rebuilt
        assert "Zed" in screen_text(app)


async def test_a_card_drawn_or_played_lays_nothing_out_while_the_hand_keeps_its_rows() -> None:
    """The hand's places past its last card are vacant tiles, and its columns, once grown,
    stay: a card coming or going repaints tiles, where it hid or showed one (or changed the
    columns), a layout of the screen each time. Vacant places are no cards: not on the board's
    rows, never focused."""
    async with drawn_table() as (app, pilot):
        table = app.table
        view = table.view
        hand = table.hand
        assert view is not None and hand is not None

        def holding(n: int) -> View:
            seats = list(view.seats)
            cards = tuple(CardView(200 + i, d.id) for i, d in enumerate(shipped_cards().cards[:n]))
            seats[0] = dataclasses.replace(seats[0], hand=cards, hand_count=n)
            return dataclasses.replace(view, seats=tuple(seats))

        async def show(n: int) -> None:
            await table.render_view(holding(n))
            for _ in range(3):
                await pilot.pause()

        await show(6)  # (the columns grow to 6 at 160 columns)
        assert hand.columns == 6
        reflows = noting_reflows(table)
        for n in (5, 4, 6, 5):  # one row, the columns kept
            await show(n)
            assert len(hand.tiles()) == n and hand.columns == 6
        assert reflows == []
        vacant = [t for t in hand.pool if t.display and t not in hand.tiles()]
        assert len(vacant) == 1 and vacant[0].can_focus is False
        assert vacant[0] not in table.board_tiles()
        assert vacant[0].card is None and str(vacant[0].render()).strip() == ""
        await show(7)  # a second row: that is a layout
        assert hand.rows == 2 and len(reflows) == 1


async def test_where_the_board_cannot_hold_every_framed_field_empty_fields_are_one_line() -> None:
    """A tall screen too short for every seat's framed field: the empty ones stay one line, so
    that no seat's name line goes out of view for want of a card."""
    async with drawn_table((120, 36)) as (app, pilot):
        for _ in range(3):
            await pilot.pause()
        table = app.table
        assert table.has_class("-tall") and table.board.has_class(BARE_FIELDS)
        assert table.areas[3].slots[0].size.height == 1  # Dan's field: nothing on it
        board = table.board.region
        assert all(board.contains_region(a.header.region) for a in table.areas.values())


async def test_the_hand_taking_a_second_row_and_the_option_list_fitting_are_one_layout() -> None:
    """On a tall table the option list takes the rows the board does not need: when the hand
    takes a second row, the list gives them up in the same layout (it was one more layout of
    the whole screen, after the hand's)."""
    async with drawn_table((160, 40)) as (app, pilot):
        for _ in range(3):
            await pilot.pause()
        table = app.table
        view, hand = table.view, table.hand
        assert view is not None and hand is not None and table.has_class("-tall")
        options = table.query_one(PromptBar).options_list
        before = options.outer_size.height
        reflows = noting_reflows(table)
        seats = list(view.seats)
        cards = tuple(CardView(200 + i, d.id) for i, d in enumerate(shipped_cards().cards[:11]))
        seats[0] = dataclasses.replace(seats[0], hand=cards, hand_count=len(cards))
        await table.render_view(dataclasses.replace(view, seats=tuple(seats)))
        for _ in range(6):
            await pilot.pause()
        assert hand.rows == 2
        assert options.outer_size.height < before  # the list gave the hand its rows ...
        # ... in the hand's own layout (the second is Textual's, the board's scroll height
        # changed: a scrolling widget lays out again for its scrollbar)
        assert len(reflows) == 2
