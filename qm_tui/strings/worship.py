"""The table's words for a player whose ancestor is on their field (playtest 4, F1): why a
phase of theirs passes, and how far the worship condition is (the condition's words come from
:mod:`qm_rules.strings.worship`)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # a phase of yours that passed without a question while your ancestor is on the field
    "table.idle.place.ancestor": {
        "zh": "你的祖宗牌在场上，跳过摆放",
        "en": "Your ancestor is on your field: placement skipped",
    },
    "table.idle.worship.ancestor": {
        "zh": "你已经祭祀过了。{progress}",
        "en": "You have worshipped already. {progress}",
    },
}
