"""No option is ever out of reach: 1-9, then 0, then letters pick options; the list scrolls to
its highlight and says how long it is; a response keeps the answered card's text in view."""

from __future__ import annotations

import dataclasses

import pytest
from test_tui_table_support import ScriptedSession, TableApp, chain_position, screen_text, until

from qm_rules.model import CardView, Option, Phase, Prompt, PromptKind
from qm_tui.clock import FakeClock
from qm_tui.session import Update
from qm_tui.widgets.detail import CardDetail
from qm_tui.widgets.prompt import PromptBar
from qm_tui.widgets.tiles import DEFS

HAND = ["quxie", "qingtuan", "zhiqian", "jisi_zhunbei", "saomu", "shunshou", "jie_dongfeng",
        "qingming_yu", "jingrao", "shao_baofu", "gui_daqiang"]  # fmt: skip


def _action_view():
    """My action phase with a hand of 11: 16 options, "End the action phase" last."""
    base = chain_position()
    me = base.seats[0]
    hand = tuple(CardView(100 + i, c) for i, c in enumerate(HAND))
    options = [Option(f"play:{c.cid}", "play", card=c.cid) for c in hand[3:10]]
    options += [Option(f"set:{c.cid}", "set", card=c.cid) for c in hand[:1] + hand[6:]]
    options.append(Option("end", "end"))
    seats = (dataclasses.replace(me, hand=hand, hand_count=len(hand)), *base.seats[1:])
    prompt = Prompt(0, PromptKind.ACTION, 57, tuple(options), {}, "end")
    return dataclasses.replace(
        base, seats=seats, chain=(), turn_seat=0, phase=Phase.ACTION, prompt=prompt
    )


def _app(view, lang: str = "en") -> tuple[TableApp, ScriptedSession]:
    session = ScriptedSession([Update(view, (), None)])
    return TableApp(session, lang=lang, clock=FakeClock()), session  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(100, 30), (160, 48)])
async def test_every_one_of_many_options_is_reachable_by_a_key(size: tuple[int, int]) -> None:
    view = _action_view()
    ids = view.prompt.ids
    assert len(ids) >= 11
    app, session = _app(view)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        bar = app.table.query_one(PromptBar)
        numbered = [i for i in ids if i != "end"]  # end keeps its letter, e
        keys = bar.keys[: len(numbered)]
        assert keys[:10] == tuple("1234567890") and len(set(keys)) == len(numbered)
        # no option key is a key the table uses for anything else
        bound = {b.key for b in app.table.BINDINGS} - {str(n) for n in range(10)}
        assert not set(keys) & bound
        for i, key in enumerate(keys):
            app.table._chosen_seq = None  # as a new prompt would
            await pilot.press(key)
            await pilot.pause()
            assert session.chosen[-1] == numbered[i], (key, i)
        app.table._chosen_seq = None
        await pilot.press("e")
        await pilot.pause()
        assert session.chosen[-1] == "end"
        # the list says how long it is
        assert f"1 of {len(ids)}" in screen_text(app)


async def test_the_list_scrolls_to_its_highlight_and_shows_enough_rows_at_100x30() -> None:
    app, _session = _app(_action_view())
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()  # the view's options laid out and drawn
        bar = app.table.query_one(PromptBar)
        assert bar.options_list.region.height >= 6, bar.options_list.region
        assert "End the action phase" not in screen_text(app)  # below the fold at first
        bar.options_list.focus()
        await pilot.press("end")  # the last option
        await pilot.pause()
        text = screen_text(app)
        assert "End the action phase" in text
        n = len(app.table.view.prompt.options)
        assert f"{n} of {n}" in text


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_card_being_answered_keeps_its_text_while_i_respond(lang: str) -> None:
    app, _session = _app(chain_position(), lang)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        # the newest link is Cat's 驱邪 (Ward Off Evil): its text shows while I decide
        text = screen_text(app)
        quxie = "使其无效" if lang == "zh" else "negate it"
        detail = app.table.query_one(CardDetail)
        assert quxie in str(detail.render()), str(detail.render())
        # moving over the board shows the focused card too, the answered one stays
        await pilot.press("b")
        await pilot.pause()
        rendered = str(detail.render())
        assert ("驱邪" if lang == "zh" else "Ward Off Evil") in rendered
        assert ("拆台" if lang == "zh" else "Spoil the Show") in rendered
        # ...in the player's language only: the box is shared, and the other language's text
        # (cut at the box's foot) pushed the focused card's own text down
        chaitai = DEFS["chaitai"]
        assert chaitai.text(lang) in rendered.replace("\n", "")
        assert chaitai.text("en" if lang == "zh" else "zh") not in rendered.replace("\n", "")
        assert text


@pytest.mark.parametrize(
    ("lang", "joss", "fruit"),
    [("en", "Place Joss Paper", "Place Green Rice Cake"), ("zh", "摆放纸钱", "摆放青团")],
)
async def test_two_copies_of_a_card_in_hand_are_one_option(
    lang: str, joss: str, fruit: str
) -> None:
    """Playtest 4 (F21): two Joss Papers in hand were two options ("Place Joss Paper (hand
    card 1)", "(hand card 3)") that do exactly the same; with a 16-card hand the list ran to
    10 options, the last off-screen. They are one option now, which sends the first copy's
    (an option of the engine's own); the keys number the options as listed."""
    from helpers import position

    from qm_tui.widgets.keybar import KeyBar

    game = position(2, turn=0, phase=Phase.PLACE, hands={0: ["zhiqian", "qingtuan", "zhiqian"]})
    view = game.view(0)
    engine = view.prompt.ids
    assert len(engine) == 4, engine  # the engine offers every copy (and skip)
    app, session = _app(view, lang)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        bar = app.table.query_one(PromptBar)
        shown = [
            str(bar.options_list.get_option_at_index(i).prompt)
            for i in range(bar.options_list.option_count)
        ]
        assert len(shown) == 3, shown
        assert shown[0] == f"1) {joss}" and shown[1].startswith(f"2) {fruit}"), shown
        assert shown[2].startswith("e) ")  # skip keeps its letter
        assert "1-2 " in str(app.table.query_one(KeyBar).render())
        await pilot.press("2")
        await pilot.pause()
        assert session.chosen == [engine[1]]  # Qingtuan, though the engine's 2nd is not a copy
        app.table._chosen_seq = None  # as a new prompt would
        await pilot.press("1")
        await pilot.pause()
        assert session.chosen[-1] == engine[0]  # the first Joss Paper's own id
        game.choose(0, session.chosen[-1], view.prompt.seq)  # which the engine takes


async def test_the_key_bar_names_the_keys_the_options_have() -> None:
    """Playtest 3: the key bar said "1-9 Options" for 14 options (10 took 0, 11 on letters)."""
    from qm_tui.widgets.keybar import KeyBar

    view = _action_view()
    three = dataclasses.replace(view.prompt, options=view.prompt.options[-3:], seq=58)
    app, _session = _app(view)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        n = len(view.prompt.ids) - 1  # end keeps its letter (e), never a number
        letters = "".join(app.table.query_one(PromptBar).keys[10:n])
        keys = str(app.table.query_one(KeyBar).render())
        assert f"1-9 0 {letters} Options" in keys and "↑↓" not in keys, keys
        await app.table.render_view(dataclasses.replace(view, prompt=three))
        await pilot.pause()
        keys = str(app.table.query_one(KeyBar).render())
        assert "1-2 Options" in keys, keys  # the last three: two cards, and end (e)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_help_names_the_option_keys_as_the_key_bar_does(lang: str) -> None:
    """The help (?) listed the option keys as "1-9" whatever the options; it says what the key
    bar says: 1-9 0 and letters for fifteen and end, 1-2 for two and end; and, as the bar,
    nothing while the decision is another player's."""
    from qm_tui.i18n import tr
    from qm_tui.screens.help import HelpScreen
    from qm_tui.widgets.keybar import KeyBar

    view = _action_view()
    three = dataclasses.replace(view.prompt, options=view.prompt.options[-3:], seq=58)
    theirs = dataclasses.replace(view.prompt, seat=1, seq=59)
    app, _session = _app(view, lang)
    word = tr("key.table.option", lang)

    async def option_rows() -> list[str]:
        """The keys of the help's rows that say ``word``, and the key bar's line."""
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        rows = [key for key, text in app.screen.keys if text == word]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table)
        return rows

    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        numbered = len(view.prompt.ids) - 1  # end keeps its letter (e), never a number
        letters = "".join(app.table.query_one(PromptBar).keys[10:numbered])
        assert f"1-9 0 {letters}" in await option_rows()
        assert f"1-9 0 {letters} {word}" in str(app.table.query_one(KeyBar).render())
        await app.table.render_view(dataclasses.replace(view, prompt=three))
        await pilot.pause()
        assert "1-2" in await option_rows() and f"1-2 {word}" in str(
            app.table.query_one(KeyBar).render()
        )
        await app.table.render_view(dataclasses.replace(view, prompt=theirs))
        await pilot.pause()
        assert not [key for key in await option_rows() if key[0].isdigit()]


def test_past_the_last_key_the_key_bar_says_the_arrows_and_enter() -> None:
    from qm_tui.widgets.prompt import keys_words, option_keys

    keys = option_keys({"a", "s"})
    assert keys_words(1, keys) == "1" and keys_words(10, keys) == "1-9 0"
    assert keys_words(12, keys) == "1-9 0 fh"
    assert keys_words(len(keys), keys).endswith(keys[-1])
    assert keys_words(len(keys) + 1, keys).endswith(keys[-1] + " ↑↓ Enter")


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_setting_into_the_last_free_slot_says_it_fills_the_field(lang: str) -> None:
    # Playtest 3: a newcomer set a card into their last slot and then lost ten turns without a
    # question (no slot, no placement, no action). The set options that take the last free
    # slot say so; plays (their card leaves at the end phase) and a roomier field do not.
    from qm_rules.model import SlotView
    from qm_tui.i18n import tr
    from qm_tui.widgets.prompt import fills_field

    roomy = _action_view()
    me = roomy.seats[0]
    slots = (*me.slots[:3], SlotView(3, CardView(13, "hushenfu"), True), *me.slots[4:])
    tight = dataclasses.replace(
        roomy, seats=(dataclasses.replace(me, slots=slots), *roomy.seats[1:])
    )
    assert not any(fills_field(roomy, roomy.prompt.options))
    warned = [
        o.id
        for o, f in zip(tight.prompt.options, fills_field(tight, tight.prompt.options), strict=True)
        if f
    ]
    assert warned == [o.id for o in tight.prompt.options if o.kind == "set"] and warned
    app, _session = _app(tight, lang)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        ol = app.table.query_one(PromptBar).options_list
        words = tr("table.option.fills", lang)
        texts = {
            ol.get_option_at_index(i).id: str(ol.get_option_at_index(i).prompt)
            for i in range(ol.option_count)
        }
        assert all(words in texts[i] for i in warned)
        assert not any(words in t for i, t in texts.items() if i not in warned)


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_placing_into_the_last_free_slot_says_it_fills_the_field(lang: str) -> None:
    # Playtest 4 (F2): 4 of 5 slots used, Green Tea and three special cards in hand; "Place
    # Green Tea" had no note (the set options do), and placing it skipped the action phase.
    # A real position: the note comes when a card in hand would want a slot, not otherwise.
    from helpers import position

    from qm_tui.i18n import tr
    from qm_tui.widgets.prompt import fills_field

    field = {0: ["juhua", "qingtuan", "qingjiu", "xianguo"]}
    g = position(2, turn=0, phase=Phase.PLACE, hands={0: ["qingcha", "yehuo"]}, fields=field)
    view = g.view(0)
    assert view.prompt is not None and view.prompt.kind is PromptKind.PLACE
    place = [o.id for o in view.prompt.options if o.kind == "place"]
    flagged = fills_field(view, view.prompt.options)
    assert [o.id for o, f in zip(view.prompt.options, flagged, strict=True) if f] == place
    only_offerings = position(
        2, turn=0, phase=Phase.PLACE, hands={0: ["qingcha", "zhiqian"]}, fields=field
    ).view(0)
    assert only_offerings.prompt is not None
    assert not any(fills_field(only_offerings, only_offerings.prompt.options))  # nothing to lose
    roomy = position(2, turn=0, phase=Phase.PLACE, hands={0: ["qingcha", "yehuo"]}).view(0)
    assert roomy.prompt is not None and not any(fills_field(roomy, roomy.prompt.options))
    app, _session = _app(view, lang)
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        await pilot.pause()
        ol = app.table.query_one(PromptBar).options_list
        texts = {
            ol.get_option_at_index(i).id: str(ol.get_option_at_index(i).prompt)
            for i in range(ol.option_count)
        }
        words = tr("table.option.fills", lang)
        assert all(words in texts[i] for i in place), texts
        assert words not in texts["skip"]


async def test_an_answered_question_dims_its_options_until_the_next_one() -> None:
    # Playtest 3: after a key, "Sent; waiting for the table..." with the options still listed
    # as if open for about a second. They are dimmed once sent; a new question undims them.
    view = _action_view()
    later = dataclasses.replace(
        view, seq=view.seq + 1, prompt=dataclasses.replace(view.prompt, seq=view.prompt.seq + 1)
    )
    session = ScriptedSession([Update(view, (), None)])
    app = TableApp(session, lang="en", clock=FakeClock())  # type: ignore[arg-type]
    async with app.run_test(size=(160, 48)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        bar = app.table.query_one(PromptBar)
        assert not bar.has_class("-sent")
        await pilot.press("1")
        await until(pilot, lambda: bool(session.chosen))
        assert bar.has_class("-sent")
        await app.table.apply_update(Update(later, (), None))  # the next question
        await pilot.pause()
        assert not bar.has_class("-sent")


async def test_enter_on_a_second_copy_with_several_options_highlights_the_listed_one() -> None:
    """A second copy of a card in hand whose options (play, set) the list shows as the first
    copy's: Enter on its tile highlights the listed option, not a stale one (the view's
    options as in ``_action_view``: play and set of each copy)."""
    from helpers import position

    from qm_tui.widgets.tiles import TableTile

    hands = {0: ["jie_dongfeng", "hushenfu", "jie_dongfeng"]}
    view = position(2, turn=0, hands=hands, fields={0: ["juhua"]}).view(0)
    first, second = (c.cid for c in view.seats[0].hand if c.card == "jie_dongfeng")
    options = [Option(f"{k}:{c}", k, card=c) for c in (first, second) for k in ("play", "set")]
    prompt = dataclasses.replace(view.prompt, options=(Option("end", "end"), *options))
    view = dataclasses.replace(view, prompt=prompt)
    app, session = _app(view)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: app.table.updates > 0)
        bar = app.table.query_one(PromptBar)
        assert not any(i.endswith(f":{second}") for i in bar.option_ids), bar.option_ids
        await pilot.press("b")
        for _ in range(6):
            focused = app.focused
            if isinstance(focused, TableTile) and focused.card and focused.card.cid == second:
                break
            await pilot.press("right")
        else:
            raise AssertionError(f"never reached the second copy: {app.focused}")
        await pilot.press("enter")
        await pilot.pause()
        ol = bar.options_list
        highlighted = ol.get_option_at_index(ol.highlighted or 0).id
        assert highlighted is not None and highlighted.endswith(f":{first}"), highlighted
        assert session.chosen == []  # several options: nothing taken
