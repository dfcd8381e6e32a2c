"""How far a player is towards their ancestor's worship condition ("First Ancestor: 4 of 5
offerings stacked"), counted from the card data (:func:`qm_rules.describe.worship_progress`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    # a condition and how far the player is, by the condition's op
    "progress.stacked": {
        "zh": "叠放的供品 {have}/{n}",
        "en": {
            "one": "{have} of {n} offering stacked",
            "other": "{have} of {n} offerings stacked",
        },
    },
    "progress.hand_size": {
        "zh": "手牌 {have}/{n}",
        "en": {"one": "{have} of {n} card in hand", "other": "{have} of {n} cards in hand"},
    },
    "progress.hand_count": {
        "zh": "手牌中的{what} {have}/{n}",
        "en": "{what} in hand: {have} of {n}",
    },
    "progress.hand_types": {"zh": "手牌中还缺{missing}", "en": "missing from hand: {missing}"},
    "progress.hand_types.met": {"zh": "手牌中有{types}", "en": "in hand: {types}"},
    # the same condition for a hand the viewer does not see: the condition only
    "progress.hidden.hand_count": {
        "zh": "需要手牌中有 {n} 张{what}",
        "en": "{what} needed in hand: {n}",
    },
    "progress.hidden.hand_types": {
        "zh": "需要手牌中有{types}各至少一张",
        "en": "needs {types} in hand",
    },
    # what a hand_count condition counts (English: in the plural, whatever the count)
    "progress.what.card": {"zh": "牌", "en": "cards"},
    "progress.what.tag": {"zh": "{tag}牌", "en": "{tag} cards"},
    "progress.what.offering": {"zh": "供品", "en": "offerings"},
    "progress.what.action": {"zh": "行动牌", "en": "action cards"},
    "progress.what.trap": {"zh": "陷阱牌", "en": "traps"},
    "progress.what.counter": {"zh": "反击牌", "en": "counters"},
    "progress.what.ancestor": {"zh": "祖宗牌", "en": "ancestors"},
    # the ancestor's name and the words above
    "progress.named": {"zh": "{name}：{words}", "en": "{name}: {words}"},
    "progress.not_yet": {"zh": "{name}：{words}，还没达成", "en": "{name}: {words} - not yet"},
}
