"""A negated action, trap or counter stays in its slot until the end phase (R7) with no effect;
the view marks it, for everyone, so that a dead card never looks live (R5: it is public)."""

from __future__ import annotations

import msgspec  # decodes plain data into the view types, as the wire does
from helpers import in_hand, on_field, option_for, position

from qm_rules import Game, PromptKind, View
from qm_rules.model import to_plain


def _slot(view: View, seat: int, cid: int):
    return next(s for s in view.seats[seat].slots if s.card is not None and s.card.cid == cid)


def test_a_negated_action_is_marked_in_its_slot_for_everyone_until_it_leaves() -> None:
    # 鬼打墙 (a trap answering an opponent's action) negates 扫墓; 扫墓 stays on the field.
    # 祭祀准备 in hand keeps the action phase open after the chain.
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "jisi_zhunbei", "qingtuan"]},
        fields={1: ["gui_daqiang/down"]},
    )
    saomu = in_hand(g, 0, "saomu")
    g.choose(0, f"play:{saomu}")
    flip = option_for(g, "flip", "gui_daqiang")
    assert flip is not None
    g.choose(1, flip)
    trap = on_field(g, 1, "gui_daqiang")
    # the trap is live (not negated) while the chain resolves
    assert not _slot(g.view(0), 1, trap).negated
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        g.choose(g.prompt.seat, "pass")
    for viewer in (0, 1, None):
        v = g.view(viewer)
        assert _slot(v, 0, saomu).negated, viewer
        assert not _slot(v, 1, trap).negated, viewer
        # and it survives the wire's plain form
        plain = to_plain(v)
        assert msgspec.convert(plain, View).seats[0].slots[_slot(v, 0, saomu).index].negated
    # The state's own snapshot keeps it (a resumed host shows the same table).
    assert _slot(Game.from_state(g.to_state()).view(0), 0, saomu).negated
    # The action phase ends; at the end phase the negated card leaves, and its mark with it.
    assert g.prompt is not None and g.prompt.kind is PromptKind.ACTION
    g.choose(0, "end")
    if g.prompt is not None and g.prompt.kind is PromptKind.WORSHIP:
        g.choose(0, "decline")
    assert all(s.card is None or s.card.cid != saomu for s in g.view(0).seats[0].slots)
    assert not g.st.negated[saomu]


def test_a_resolved_card_is_not_marked_negated() -> None:
    g = position(2, turn=0, hands={0: ["saomu", "qingtuan"]})
    saomu = in_hand(g, 0, "saomu")
    g.choose(0, f"play:{saomu}")
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        g.choose(g.prompt.seat, "pass")
    if g.prompt is not None and g.prompt.kind is PromptKind.EFFECT:
        g.choose(0, g.prompt.options[0].id)
    assert not _slot(g.view(1), 0, saomu).negated
