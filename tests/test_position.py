"""The engine's position API (qm_rules.position): a position is built through the engine, shows
in every view as written, plays on by the rules, and an impossible one is refused naming the
field."""

from __future__ import annotations

import pytest

from qm_rules import Phase, PromptKind
from qm_rules.position import FieldCard, Position, PositionError, SeatSetup, build
from qm_rules.state import DECK, DISCARD, FIELD, HAND, STACK


def _two(*, a: SeatSetup | None = None, b: SeatSetup | None = None, **kw: object) -> Position:
    return Position(seats=(a or SeatSetup(), b or SeatSetup()), **kw)  # type: ignore[arg-type]


def test_every_zone_shows_as_written_and_every_card_is_in_one_place() -> None:
    pos = _two(
        a=SeatSetup(
            hand=("jisi_zhunbei", "qingtuan"),
            field=("juhua", "zhiqian/tapped", None, FieldCard("yehuo", face_down=True)),
        ),
        b=SeatSetup(hand=("taigong",), field=("zumu", "qingjiu"), stacked=("xianguo", "qingcha")),
        deck=("xiangzhu", "qingtuan"),
        discard=("saomu",),
    )
    g = build(pos)
    v0 = g.view(0)
    assert [c.card for c in v0.seats[0].hand or ()] == ["jisi_zhunbei", "qingtuan"]
    slots = v0.seats[0].slots
    assert [s.card.card if s.card else None for s in slots] == [
        "juhua",
        "zhiqian",
        None,
        "yehuo",
        None,
    ]
    assert slots[1].card is not None and slots[1].card.tapped
    assert slots[3].face_down
    v1 = g.view(1)
    assert v1.seats[0].slots[3].card is None and v1.seats[0].slots[3].face_down  # hidden
    assert sorted(c.card for c in v1.seats[1].stacked) == ["qingcha", "xianguo"]
    # The deck: the named cards on top, in order; everything else in the discard pile, the
    # named discard on top of it.
    st = g.st
    assert [g.defs[c].id for c in reversed(st.deck)] == ["xiangzhu", "qingtuan"]
    assert g.defs[st.discard[-1]].id == "saomu"
    assert len(g.defs) == 33  # a two-player deck
    zones = {DECK: st.deck, DISCARD: st.discard}
    for c in range(len(g.defs)):
        zone, owner, slot = st.loc[c]
        if zone in zones:
            assert c in zones[zone]
        elif zone == HAND:
            assert c in st.hands[owner]
        elif zone == FIELD:
            assert st.fields[owner][slot] == c
        elif zone == STACK:
            assert c in st.stacks[owner]
    placed = sum(len(h) for h in st.hands) + sum(len(s) for s in st.stacks)
    placed += sum(c >= 0 for f in st.fields for c in f)
    assert placed + len(st.deck) + len(st.discard) == 33
    assert g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.ACTION


def test_a_draw_phase_position_draws_from_the_named_top_by_the_rules() -> None:
    g = build(
        _two(
            a=SeatSetup(field=("qingtuan", "zhiqian")),
            phase=Phase.DRAW,
            turn=3,
            round=2,
            deck=("juhua", "xianguo", "qingjiu", "qingcha"),
        )
    )
    # R9: 1 + 2 offerings; R8: the Burning offering placed before this turn becomes tapped.
    mine = g.view(0).seats[0]
    assert sorted(c.card for c in mine.hand or ()) == ["juhua", "qingjiu", "xianguo"]
    assert [s.card.tapped for s in mine.slots if s.card] == [False, True]
    assert g.prompt is not None and g.prompt.kind is PromptKind.PLACE


def test_a_card_set_this_turn_waits_and_one_set_before_answers() -> None:
    def can_flip_ward(new: bool) -> bool:
        g = build(
            _two(
                a=SeatSetup(
                    hand=("shunshou",),
                    field=(FieldCard("quxie", face_down=True, set_this_turn=new),),
                ),
                b=SeatSetup(field=("qingtuan", FieldCard("zhuozei", face_down=True))),
                turn=3,
                round=2,
            )
        )
        play = [o.id for o in g.prompt.options if o.kind == "play"]  # type: ignore[union-attr]
        g.choose(0, play[0])  # Sleight of Hand at the only offering
        p = g.prompt
        assert p is not None and p.seat == 1 and p.kind is PromptKind.RESPOND
        g.choose(1, next(o.id for o in p.options if o.kind == "flip"))  # Catch the Thief
        p = g.prompt
        return p is not None and p.seat == 0 and any(o.kind == "flip" for o in p.options)

    assert can_flip_ward(new=False)
    assert not can_flip_ward(new=True)


def test_a_position_that_is_already_won_is_over_at_its_start() -> None:
    g = build(
        _two(
            a=SeatSetup(hand=("zhiqian",), field=("taigong",), stacked=("qingtuan",)),
            phase=Phase.PLACE,
        )
    )
    assert g.result is not None and g.result.winner == 0 and g.prompt is None


def test_prohibitions_and_stacking_used_this_turn_hold() -> None:
    g = build(
        _two(
            a=SeatSetup(
                hand=("zhiqian", "qingtuan", "shao_baofu"),
                field=("shizu",),
                stacked=("juhua",),
                stacked_this_turn=True,
            ),
            prohibitions=("wenming_changdao",),
        )
    )
    assert g.prompt is not None
    kinds = {(o.kind, g.defs[o.card].id if o.card is not None else None) for o in g.prompt.options}
    assert ("ability", "qingtuan") not in kinds  # used this turn
    assert ("play", "shao_baofu") not in kinds  # Burning: forbidden this turn
    g2 = build(
        _two(a=SeatSetup(hand=("zhiqian", "qingtuan"), field=("shizu",), stacked=("juhua",)))
    )
    assert g2.prompt is not None
    kinds2 = {(o.kind, g2.defs[o.card].id) for o in g2.prompt.options if o.card is not None}
    assert ("ability", "qingtuan") in kinds2 and ("ability", "zhiqian") in kinds2


@pytest.mark.parametrize(
    ("pos", "field"),
    [
        (_two(a=SeatSetup(hand=("yehuo", "yehuo"))), "seats[0].hand[1]"),
        (_two(a=SeatSetup(hand=("qingtuan",)), deck=("qingtuan", "qingtuan")), "deck[1]"),
        (_two(a=SeatSetup(hand=("nosuchcard",))), "seats[0].hand[0]"),
        (_two(b=SeatSetup(field=("qingtuan/down",))), "seats[1].field[0]"),
        (_two(b=SeatSetup(field=("yehuo/down/tapped",))), "seats[1].field[0]"),
        (_two(b=SeatSetup(field=("taigong",))), "seats[1].stacked"),
        (_two(b=SeatSetup(stacked=("qingtuan",))), "seats[1].stacked"),
        (_two(b=SeatSetup(field=("taigong",), stacked=("yehuo",))), "seats[1].stacked[0]"),
        (_two(b=SeatSetup(field=("yehuo/down/new",))), "seats[1].field[0]"),
        (_two(b=SeatSetup(field=("saomu",))), "seats[1].field[0]"),
        (
            _two(a=SeatSetup(field=("qingtuan",) * 2 + ("juhua",) * 2 + ("qingjiu",) * 2)),
            "seats[0].field",
        ),
        (_two(a=SeatSetup(hand=("taigong", "taipo", "zufu"))), "seats[0].hand[2]"),
        (_two(turn_seat=2), "turn_seat"),
        (
            Position(seats=(SeatSetup(), SeatSetup(), SeatSetup(conceded=True, hand=("juhua",)))),
            "seats[2].conceded",
        ),
        (_two(prohibitions=("qingtuan",)), "prohibitions[0]"),
        (Position(seats=(SeatSetup(),)), "seats"),
    ],
)
def test_an_impossible_position_is_refused_naming_its_field(pos: Position, field: str) -> None:
    with pytest.raises(PositionError) as err:
        build(pos)
    assert err.value.field == field
    assert str(err.value).startswith(f"{field}: ")


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"seats": [{}, {"hand": "qingtuan"}]}, "seats[1].hand"),
        ({"seats": [{}, {"field": ["yehuo/sideways"]}]}, "seats[1].field[0]"),
        ({"seats": [{}, {}], "phase": "lunch"}, "phase"),
        ({"seats": [{}, {}], "colour": "red"}, "colour"),
        ({"seats": [{"pockets": []}, {}]}, "seats[0].pockets"),
        ({"seats": [{}, {}], "turn": "two"}, "turn"),
        ({"seats": [{}, {}], "rest": "limbo"}, "rest"),
        ({}, "seats"),
        ({"seats": [{}, {}], "options": {"hand_limit": -1}}, "options.hand_limit"),
        ({"seats": [{}, {}], "options": {"colour": 1}}, "options"),
        ({"seats": [{}, {}], "seed": 1.5}, "seed"),
    ],
)
def test_plain_data_is_refused_naming_its_field(data: dict, field: str) -> None:
    with pytest.raises(PositionError) as err:
        Position.from_plain(data)
    assert err.value.field == field


def test_plain_data_builds_the_same_game_as_the_position_it_says() -> None:
    data = {
        "seats": [
            {"hand": ["jisi_zhunbei"], "field": ["juhua", "-", "yehuo/down"]},
            {"field": ["zumu"], "stacked": ["qingtuan"]},
        ],
        "phase": "action",
        "turn": 2,
        "first_seat": 1,
        "deck": ["zhiqian"],
    }
    pos = Position.from_plain(data)
    assert pos.seats[0].field[1] is None
    assert build(pos).state_hash() == build(pos).state_hash()  # deterministic
    g = build(pos)
    assert [s.card.card if s.card else None for s in g.view(0).seats[0].slots][:3] == [
        "juhua",
        None,
        "yehuo",
    ]


def test_rearrange_moves_cards_into_a_dealt_game_and_runs_it_on() -> None:
    from qm_rules import Game, GameOptions
    from qm_rules.cards import shipped_cards
    from qm_rules.position import rearrange

    g = Game.new(["A", "B"], 3, GameOptions(), shipped_cards())
    placed = rearrange(
        g,
        turn_seat=1,
        phase=Phase.ACTION,
        hands={1: ["shunshou"]},
        fields={0: ["qingtuan", "zhiqian/tapped"], 1: ["yehuo/down/new"]},
        deck_top=["juhua"],
    )
    assert g.prompt is not None and g.prompt.seat == 1
    assert f"play:{placed.hands[1][0]}" in g.prompt.ids  # an untapped offering to take
    mine = g.view(0).seats[0]
    assert [s.card.card for s in mine.slots if s.card] == ["qingtuan", "zhiqian"]
    assert [s.card.tapped for s in mine.slots if s.card] == [False, True]
    assert g.defs[g.st.deck[-1]].id == "juhua"
    assert g.st.set_turn[placed.fields[1][0]] == g.turn  # set this turn
    with pytest.raises(PositionError) as err:
        rearrange(g, hands={0: ["shunshou", "shunshou"]})  # a two-player deck holds one
    assert err.value.field == "hands[0][1]"
