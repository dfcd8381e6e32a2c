"""Every card in sight at every size from 80x24 to 240x60, in both languages, with a hand of six
and of eight: each card of my hand drawn whole in view and named, no two different cards shown
under one shortened name, the focused card's full name and text in the card panel, the board
saying which way it scrolls when it is taller than the screen, and the status line keeping the
round, the turn and the phase.

The positions are real games (the engine's, other seats choosing at random) found by a bounded
search: my action phase, my hand of that many cards with two cards in it whose names start
alike (so that a name cut the plain way could not tell them apart), and a card on a field. What
is checked is read from the screen as the terminal shows it (the compositor's lines), one app
walked through every size.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.cells import cell_len
from test_tui_table_support import ScriptedSession, TableApp, settle, until
from textual.geometry import Region

from qm_rules.game import Game
from qm_rules.model import PromptKind, View
from qm_rules.shown import DEFS
from qm_tui.i18n import tr
from qm_tui.session import Update
from qm_tui.widgets.board import Board
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.names import clip, forms, short_name
from qm_tui.widgets.tiles import TableTile
from qm_words import card_name

#: Every width class and every height class, and the sizes players name.
SIZES = sorted(
    {(w, h) for w in range(80, 241, 20) for h in range(24, 61, 6)}
    | {(100, 30), (120, 40), (160, 48)}
)

NAMES = ["Me", "Bob", "Cat", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_shortened_names_tell_every_card_apart(lang: str) -> None:
    """With every card of the set on the board, at every room a one-line tile has (5 cells at
    the least, 8 at 80 columns): no two cards shortened alike, and none shortened to the start
    of another card's name."""
    names = sorted({card_name(c, lang) for c in DEFS})
    for room in range(5, 14):
        shown = {name: short_name(name, room, names) for name in names}
        assert len(set(shown.values())) == len(names), (room, shown)
        for name, short in shown.items():
            assert cell_len(short) <= room and (short == name or short in forms(name, room))
            assert not any(o != name and o.startswith(short) for o in names), (room, short)


def test_a_name_is_cut_the_plain_way_unless_a_like_card_is_on_the_board() -> None:
    assert short_name("Green Tea", 8, ["Wildfire"]) == "Green Te"
    alike = ["Green Tea", "Green Rice Cake"]
    assert short_name("Green Tea", 8, alike) == "G.Tea"
    assert short_name("Green Rice Cake", 8, alike) == "G.Rice C"
    greats = ["Great-Grandfather", "Great-Grandmother"]
    assert {short_name(n, 8, greats) for n in greats} == {"G-Grandf", "G-Grandm"}
    assert short_name("Great-Grandfather", 5, [*greats, "Grandfather"]) != short_name(
        "Grandfather", 5, [*greats, "Grandfather"]
    )
    assert short_name("Wildfire", 8, alike) == "Wildfire"  # whole where it fits


def _alike(view: View) -> bool:
    """My hand holds two different cards whose names start alike: the same first six cells
    of their English names ("Great-Gr", "Green Te" / "Green Ri", "Grandfat" / "Grandmot")."""
    hand = {c.card for c in view.seats[0].hand or ()}
    starts = [clip(card_name(c, "en"), 6) for c in hand]
    return len(set(starts)) < len(starts)


def find_position(players: int, hand: int) -> View:
    """Seat 0's view in its action phase holding ``hand`` cards, two of them alike and a card
    on some field: the others choose at random, seat 0 ends and passes (its hand grows)."""
    for seed in range(400):
        game = Game.new(NAMES[:players], seed)
        rng = random.Random(seed)
        for _ in range(1500):
            p = game.prompt
            if p is None:
                break
            if p.seat == 0:
                view = game.view(0)
                size = len(view.seats[0].hand or ())
                on_field = any(s.card is not None for sv in view.seats for s in sv.slots)
                if p.kind is PromptKind.ACTION and size == hand and on_field and _alike(view):
                    return view
                if size > hand:
                    break  # grown past it: this game will not hold that hand again soon
                game.apply_default()
            else:
                game.choose(p.seat, rng.choice(p.options).id)
    raise AssertionError(f"no game of {players} seats gives a hand of {hand} like that")


def _norm(text: str) -> str:
    """``text`` without spaces and without a frame's lines."""
    return "".join(text.translate({ord(c): " " for c in "╭╮╰╯│─"}).split())


def _crop(app: Any, region: Region) -> list[str]:
    """The screen's text in ``region`` (cells: a Chinese character takes two)."""
    strips = app.screen._compositor.render_strips()
    return [
        strips[y].crop(region.x, region.right).text
        for y in range(region.y, min(region.bottom, len(strips)))
    ]


def _check_hand(app: Any, lang: str) -> None:
    """Each card of my hand is whole in the board's view and named there; no two different
    cards are shown under one name."""
    table = app.table
    board = table.query_one(Board)
    tiles = table.hand.tiles()
    view = table.view
    assert len(tiles) == len(view.seats[view.viewer].hand)
    for tile in tiles:
        assert board.region.contains_region(tile.region), (tile.index, tile.region, board.region)
        name = card_name(tile.card.card, lang)
        drawn = _crop(app, tile.region)
        if tile.region.height == 1:  # one line: the marks, then the name, maybe shortened
            marks, _, after = tile._parts
            shown = drawn[0].rstrip()
            assert shown.startswith(marks), (shown, marks)
            short = shown[len(marks) :].removesuffix(after).rstrip()
            room = tile.content_size.width - len(marks) - len(after)
            assert short == name or short in forms(name, room), (short, name)
        else:  # framed: the whole name, on the frame's top edge and inside
            assert _norm(name) in _norm("".join(drawn)), (name, drawn)
    # the one-line names of every card in view: one card each
    seen: dict[str, set[str]] = {}
    for tile in table.board_tiles():
        if tile.card is None or tile.face_down or tile.region.height != 1:
            continue
        if not board.region.contains_region(tile.region):
            continue
        marks, _, after = tile._parts
        short = _crop(app, tile.region)[0].rstrip()[len(marks) :].removesuffix(after).rstrip()
        seen.setdefault(short, set()).add(tile.card.card)
    assert all(len(cards) == 1 for cards in seen.values()), seen


def _check_focused(app: Any, tile: TableTile, lang: str) -> None:
    """The focused card's full name and text are in the card panel, as the screen shows it."""
    detail = app.table.query_one(CardDetail)
    d = DEFS[tile.card.card]
    shown = _norm("".join(_crop(app, detail.region)))
    assert _norm(d.name(lang)) in shown and _norm(d.text(lang)) in shown, (d.id, shown)


def _check_scroll_words(app: Any, lang: str) -> None:
    """Where the board is taller than its view, the screen says which way the rest is."""
    board = app.table.query_one(Board)
    above, below = board.hidden()
    text = "\n".join(_crop(app, app.screen.region))
    assert ("▲" in text) is above or not above, "nothing says more is above"
    assert "▼" in text if below else True, "nothing says more is below"
    if above:
        assert "▲" in text
    if not below:
        assert tr("table.board.down", lang) not in text


def _check_status(app: Any, lang: str) -> None:
    view = app.table.view
    line = _crop(app, app.screen.region)[0]
    for word in (
        tr("status.turn", lang, turn=view.turn, round=view.round, name=view.seats[0].name),
        tr(f"strip.{view.phase}", lang),
    ):
        assert word in line, (word, line)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("players", "hand"), [(4, 6), (6, 8)])
async def test_every_card_in_sight_at_every_size(lang: str, players: int, hand: int) -> None:
    view = find_position(players, hand)
    app = TableApp(ScriptedSession([Update(view, (), None)]), lang=lang)
    async with app.run_test(size=SIZES[0]) as pilot:
        await until(pilot, lambda: app.table.updates > 0 and app.table.hand is not None)
        for i, size in enumerate(SIZES):
            await pilot.resize_terminal(*size)
            tiles = app.table.hand.tiles()
            tile = tiles[i % len(tiles)]  # a card of the hand in turn, focused at each size
            tile.focus()
            await settle(pilot)
            where = f"{size[0]}x{size[1]} {lang}"
            try:
                _check_status(app, lang)
                _check_hand(app, lang)
                _check_focused(app, tile, lang)
                _check_scroll_words(app, lang)
                if app.table.query_one(Board).max_scroll_y:  # the fields above, in turn
                    app.table.board_tiles()[1].focus()
                    await settle(pilot)
                    assert app.table.query_one(Board).hidden()[1]
                    _check_scroll_words(app, lang)
            except AssertionError as e:
                raise AssertionError(f"at {where}: {e}") from e
