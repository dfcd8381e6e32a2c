"""A Seat's and a Link's wire form follow from their fields, said once (``qm_net.compact.Shape``):
a field added to the engine's seat view and to the wire's Seat (at the end, with a default) is
sent, left out when it holds its default, read back and patched, with no other change."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from qm_net import compact
from qm_net.compact import Card, Encoder, Int, Shape, Slot
from qm_rules import model as m


class Seat(msgspec.Struct, array_like=True, frozen=True):
    """The wire's Seat with one more figure."""

    name: str
    hand_count: Int
    hand: tuple[Card, ...] | None
    slots: tuple[Slot | None, ...]
    stacked: tuple[Card, ...] = ()
    conceded: bool = False
    shrines: Int = 0


@dataclasses.dataclass(frozen=True)
class SeatView:
    """The engine's seat view with the same figure."""

    seat: int
    name: str
    hand_count: int
    hand: tuple[m.CardView, ...] | None
    slots: tuple[m.SlotView, ...]
    stacked: tuple[m.CardView, ...]
    conceded: bool
    shrines: int = 0


def _seat(shrines: int) -> SeatView:
    slots = (m.SlotView(0, m.CardView(7, "qingtuan")), *(m.SlotView(i, None) for i in range(1, 5)))
    return SeatView(1, "Bo", 2, None, slots, (), False, shrines)


def test_a_field_added_at_the_end_is_sent_only_when_it_is_not_its_default() -> None:
    shape = Shape(Seat, SeatView, "seat")
    enc = Encoder()
    assert shape.encode(enc, _seat(0)) == [
        "Bo",
        2,
        None,
        [[[7, "qingtuan"]], None, None, None, None],
    ]
    sent = shape.encode(enc, _seat(3))
    assert sent == ["Bo", 2, None, [[[7, "qingtuan"]], None, None, None, None], [], False, 3]
    back = shape.decode(msgspec.convert(sent, Seat))
    assert SeatView(1, *back) == _seat(3)


def test_the_wire_and_the_engine_must_list_the_same_fields_in_the_same_order() -> None:
    with pytest.raises(TypeError, match="the same fields"):
        Shape(Seat, m.SeatView, "seat")  # the engine's seat view has no such figure
    with pytest.raises(TypeError, match="the same fields"):
        Shape(compact.Link, m.SeatView, "seat")


def test_the_shipped_seat_and_link_round_trip_and_patch() -> None:
    seat = m.SeatView(
        2, "Cy", 1, (m.CardView(3, "zhiqian"),), _seat(0).slots, (m.CardView(9, "qingcha"),), True
    )
    enc = Encoder()
    wire = enc.seat(seat)
    assert compact.to_seat(2, msgspec.convert(wire, compact.Seat)) == seat
    # one field patched: conceded no more (left out, its default)
    patched = compact.patch_seat(seat, wire[:-1], {compact.SEAT.place["conceded"]: None})
    assert patched == dataclasses.replace(seat, conceded=False)
    link = m.LinkView(
        0, 1, m.LinkKind.ACTION, m.CardView(5, "yehuo"), None, ("p0",), (), False, None
    )
    assert enc.link(link) == [1, "action", [5, "yehuo"], None, ["p0"]]
    assert compact._link(0, msgspec.convert(enc.link(link), compact.Link)) == link
