"""A default taken by a timer reads as a timeout, not as a choice the player made (R22)."""

from __future__ import annotations

from helpers import in_hand, position

from qm_rules import PromptKind
from qm_words import describe_events


def _responding():
    g = position(2, turn=0, hands={0: ["saomu", "qingtuan"]}, fields={1: ["gui_daqiang/down"]})
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    assert g.prompt.kind is PromptKind.RESPOND and g.prompt.seat == 1
    return g


def test_a_timed_out_response_reads_timed_out_passed_for_everyone() -> None:
    g = _responding()
    events = g.apply_default()
    assert events[0].kind == "timeout" and events[0].to is None  # public
    assert events[0].data == {"option": "pass"}
    for viewer in (0, 1, None):
        en = describe_events(events, viewer, "en", g.names)
        assert en[0] == "P1 timed out (passed)", en
        assert not any("passes" in line for line in en), en
        zh = describe_events(events, viewer, "zh", g.names)
        assert zh[0] == "P1 超时（不跟牌）" and not any(line.endswith("不跟牌") for line in zh), zh


def test_a_real_pass_still_reads_passes() -> None:
    g = _responding()
    events = g.choose(1, "pass")
    assert describe_events(events, 0, "en", g.names)[0] == "P1 passes"
    assert all(e.kind != "timeout" for e in events)


def test_a_default_that_names_a_card_is_not_told() -> None:
    # 扫墓 resolving: the default discards the first card; the timeout event does not say which.
    g = position(2, turn=0, hands={0: ["saomu", "qingtuan", "juhua"]})
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    while g.prompt.kind is PromptKind.RESPOND:
        g.choose(g.prompt.seat, "pass")
    assert g.prompt.kind is PromptKind.EFFECT
    events = g.apply_default()
    assert events[0].kind == "timeout" and events[0].data == {"option": None}
    assert describe_events(events, 1, "en", g.names)[0] == "P0 timed out (the default was taken)"
