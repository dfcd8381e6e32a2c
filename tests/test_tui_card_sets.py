"""A player whose program never had the table's card set sees the table's cards.

A host on loopback deals from its own set (``tests/cardsets/tiny.toml``), advertised on mDNS
(bound to 127.0.0.1). The app lists it as a table of custom cards, joins it, is sent the set,
and names the cards from it: in the hand on the table, in the gallery, and in the rulebook's
card list; back in the lobby, the game's own set again.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from net_support import options
from textual.widgets import DataTable, MarkdownViewer, OptionList
from tui_support import LOOPBACK, isolate, make_app, screen_name, until

from qm_net.host import Host
from qm_rules.cards import parse_cards, shipped_cards
from qm_rules.shown import shown_cards
from qm_tui.messages import LeaveTable
from qm_tui.screens.lobby import LobbyScreen
from qm_tui.screens.room import RoomScreen

TINY = Path(__file__).resolve().parent / "cardsets" / "tiny.toml"
SIZE = (120, 36)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return isolate(tmp_path, monkeypatch)


def _screen_text(app: object) -> str:
    """What the screen shows, as text (the SVG's text runs, spaces undone)."""
    svg = app.export_screenshot()  # type: ignore[attr-defined]
    return re.sub(r"&#160;|\s+", " ", re.sub(r"<[^>]+>", "", svg))


async def test_a_guest_without_the_file_sees_the_tables_own_cards(tmp_path: Path) -> None:
    cards = parse_cards(TINY.read_bytes())
    assert shipped_cards().file_hash != cards.file_hash
    host = Host(
        "Designer",
        2,
        bots=1,
        bind="127.0.0.1",
        interfaces=LOOPBACK,
        advertise=True,
        seed=5,
        options=options(round_limit=8),
        cards=cards,
    )
    await host.start()
    app = make_app(discovery=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            # the lobby says it is a table of custom cards
            def row() -> str:
                grid = app.screen.query_one("#tables", DataTable)
                return " ".join(
                    str(cell) for r in range(grid.row_count) for cell in grid.get_row_at(r)
                )

            await until(pilot, lambda: "Designer" in row(), "the table to be listed")
            assert "custom cards" in row()

            app.join_table("127.0.0.1", host.port)
            await until(
                pilot,
                lambda: isinstance(app.screen, RoomScreen) and app.screen.lobby is not None,
                "the room",
            )
            assert app.client is not None and app.client.cards_from == "host"
            assert any("own card set (10 cards)" in n.message for n in app._notifications)
            # kept for the next table of this set
            assert (tmp_path / "data" / "cards" / f"{cards.file_hash}.toml").exists()
            await pilot.press("r")
            await until(
                pilot,
                lambda: screen_name(app) == "TableScreen" and app.screen.view is not None,  # type: ignore[attr-defined]
                "the table",
            )
            view = app.screen.view  # type: ignore[attr-defined]
            me = view.me()
            assert me is not None and me.hand, "a hand is dealt"
            shown = _screen_text(app)
            for card in me.hand:  # every card in the hand, by the set's own name
                assert cards[card.card].name.en in shown, (card.card, shown[:3000])

            # the gallery lists the table's cards
            await pilot.press("f3")
            await until(pilot, lambda: screen_name(app) == "GalleryScreen", "the gallery")
            listed = app.screen.query_one("#cards", OptionList)
            names = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
            assert listed.option_count == len(cards.cards)
            assert any("Sweep" in n for n in names), names
            await pilot.press("escape")

            # the rulebook's card list is the table's set
            await pilot.press("f2")
            await until(pilot, lambda: screen_name(app) == "RulebookScreen", "the rulebook")
            book = app.screen
            index = next(
                i
                for i, s in enumerate(book.sections)  # type: ignore[attr-defined]
                if s.title.startswith("17")
            )
            section = book.sections[index].markdown  # type: ignore[attr-defined]
            assert "Sweep" in section and "Fourth" in section
            assert "Green Rice Cake" not in section  # not the game's own list
            book.show_section(index)  # type: ignore[attr-defined]
            await until(pilot, lambda: book.shown == index, "the card list shown")  # type: ignore[attr-defined]
            viewer = book.query_one("#rules", MarkdownViewer)
            await until(pilot, lambda: "Sweep" in viewer.document.source, "its words in the viewer")
            await pilot.press("escape")

            app.post_message(LeaveTable())
            await until(
                pilot,
                lambda: isinstance(app.screen, LobbyScreen) and app.client is None,
                "back to the lobby",
            )
            assert shown_cards() is shipped_cards()  # the game's own set again
    finally:
        await host.stop()


def test_the_rulebooks_card_list_of_another_set_formats_nothing_of_its_words() -> None:
    """A set from a table's host is a stranger's words: Markdown in a name or a text (a link,
    emphasis, a table's bar) is shown as written, never acted on; the game's own list is the
    rulebook's as it is."""
    from qm_tui.rules_text import rules_markdown
    from qm_words.cardlist import with_cards

    book = rules_markdown()
    assert book is not None
    assert with_cards(book, shipped_cards()) == book
    text = TINY.read_text().replace('en = "Draw 2."', 'en = "Draw *2* | [here](/etc/passwd)."')
    odd = parse_cards(text.encode())
    shown = with_cards(book, odd)
    assert r"Draw \*2\* \| \[here\](/etc/passwd)." in shown
    listed = shown[shown.index("<!-- cards:en -->") : shown.index("<!-- /cards:en -->")]
    assert "[here](" not in listed and "Green Rice Cake" not in listed
    assert "Sweep" in listed and shown.count("<!-- cards:") == 2
