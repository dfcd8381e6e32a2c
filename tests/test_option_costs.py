"""An option that activates a card with a cost says the cost before it is chosen (playtest 4,
F3): "Manifest First Ancestor" asked only once chosen to remove a stacked offering, which would
have set the player's worship back. And the cost question of a response stays a response: the
status line said "Your turn" on another player's link."""

from __future__ import annotations

import pytest
from helpers import position

from qm_rules.cards import CardType, shipped_cards
from qm_rules.model import Option, PromptKind
from qm_words import describe_option, describe_options


def _answering_a_play():  # type: ignore[no-untyped-def]
    """A real game: P1 plays Tomb Sweeping; P0, Grandmother on the field over 2 stacked
    offerings, may manifest (her trigger: any activation) at the cost of one of them."""
    g = position(
        2,
        turn=1,
        hands={1: ["saomu", "qingcha"], 0: ["qingtuan"]},
        fields={0: ["zumu"]},
        stacks={0: ["juhua", "qingjiu"]},
    )
    play = next(o for o in g.prompt.options if o.kind == "play")
    g.choose(1, play.id, g.prompt.seq)
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.RESPOND
    return g


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Manifest Grandmother (costs 1 stacked offering)", "Pass"]),
        ("zh", ["显灵祖母（代价：移除一张叠放的供品）", "不跟牌"]),
    ],
)
def test_a_manifestation_says_its_cost_on_the_option(lang: str, words: list[str]) -> None:
    g = _answering_a_play()
    assert describe_options(g.prompt.options, g.view(0), lang) == words


def test_every_activation_with_a_cost_names_it_and_one_without_names_none() -> None:
    checked = 0
    for d in shipped_cards().cards:
        prefix, costs = {
            CardType.ACTION: ("play", d.cost),
            CardType.TRAP: ("flip", d.cost),
            CardType.COUNTER: ("counter", d.cost),
            CardType.ANCESTOR: ("manifest", d.manifestation.cost if d.manifestation else ()),
        }.get(d.type, ("", ()))
        if not prefix:
            continue
        label = describe_option(Option(f"{prefix}:7", prefix, card=7), None, "en", {7: d.id})
        for c in costs:
            noun = {"discard": "card", "remove_stacked": "stacked offering"}[c.op]
            assert f"costs {c.n} {noun}" in label, label
            checked += 1
        if not costs:
            assert "costs" not in label, label
    assert checked >= 3  # Ritual Preparation, Spoil the Show, the manifestations


def test_a_face_down_counter_flipped_names_its_cost_too() -> None:
    label = describe_option(Option("flip:7", "flip", card=7), None, "en", {7: "chaitai"})
    assert label == "Flip Spoil the Show (costs 2 cards from your hand)"


async def test_the_cost_question_of_a_response_keeps_the_respond_header() -> None:
    from test_tui_phase_closed import EngineSession
    from test_tui_table_support import TableApp, until

    from qm_tui.clock import FakeClock
    from qm_tui.widgets.status import TableStatus

    g = _answering_a_play()
    session = EngineSession(g)
    app = TableApp(session, clock=FakeClock(), lang="en")
    async with app.run_test(size=(160, 48)) as pilot:
        table = app.table
        await until(pilot, lambda: table.view is not None and table.view.prompt is not None)
        assert table.now(table.view).kind == "respond"
        await pilot.press("1")  # Manifest Grandmother: her cost is asked next
        await until(pilot, lambda: table.view is not None and table.view is session.view)
        await until(pilot, lambda: table.view.prompt.kind is PromptKind.COST)
        assert table.now(table.view).kind == "respond"  # not "Your turn": P1's link
        status = table.query_one(TableStatus)
        await until(pilot, lambda: "Respond?" in status.now_shown())
        await pilot.press("1")  # pay with one stacked offering: the manifestation resolves
        await until(pilot, lambda: len(session.chosen) == 2)
