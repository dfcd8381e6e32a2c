"""The makers of views, seats' views, events and prompts (built at every decision) give the
very objects the classes give: same type, equal, hashable alike, frozen, and encoded the same
on the wire."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from qm_rules.model import (
    Event,
    Prompt,
    PromptKind,
    SeatView,
    View,
    make_event,
    make_prompt,
    make_seat_view,
    make_view,
)

SEAT = (1, "B", 2, None, (), (), False)
CASES = [
    (SeatView, make_seat_view, SEAT),
    (Event, make_event, ("draw", 0, {"count": 1})),
    (Event, make_event, ("draw", 0, {"count": 1}, (0,))),
    (Prompt, make_prompt, (0, PromptKind.ACTION, 3, (), {}, "end")),
    (View, make_view, (0, 1, 1, 1, 0, "action", 0, 10, (), (SeatView(*SEAT),), (), None, ())),
]


@pytest.mark.parametrize(("cls", "maker", "args"), CASES, ids=lambda x: getattr(x, "__name__", ""))
def test_a_maker_makes_what_the_class_makes(cls: type, maker: object, args: tuple) -> None:
    if cls is View:
        args = (*args, None, None)  # prompt, result
    made, built = maker(*args), cls(*args)  # type: ignore[operator]
    assert type(made) is cls
    assert made == built
    assert msgspec.to_builtins(made) == msgspec.to_builtins(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, dataclasses.fields(cls)[0].name, 5)
    if cls is SeatView:
        assert hash(made) == hash(built)
