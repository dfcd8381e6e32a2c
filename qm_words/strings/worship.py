"""How far a player is towards their ancestor's worship condition ("First Ancestor: 4 of 5
offerings stacked"), counted from the card data (:func:`qm_words.worship_progress`)."""

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
        "zh": "需要手牌中有 {what}（现有 {have} 张）",
        "en": "{have} of {what} in hand",
    },
    "progress.hand_types": {
        "zh": "手牌中还缺 {missing}",
        "en": "{missing} still missing from hand",
    },
    "progress.hand_types.met": {"zh": "手牌中有 {types}", "en": "{types} all in hand"},
    # the same condition for a hand the viewer does not see: the condition only
    "progress.hidden.hand_count": {"zh": "需要手牌中有 {what}", "en": "needs {what} in hand"},
    "progress.hidden.hand_types": {
        "zh": "需要手牌中有 {types} 各至少一张",
        "en": "needs {types} in hand",
    },
    # what a hand_count condition counts, with how many it needs
    "progress.what.card": {"zh": "{n} 张牌", "en": {"one": "{n} card", "other": "{n} cards"}},
    "progress.what.tag": {
        "zh": "{n} 张 {tag} 牌",
        "en": {"one": "{n} {tag} card", "other": "{n} {tag} cards"},
    },
    "progress.what.offering": {
        "zh": "{n} 张供品",
        "en": {"one": "{n} offering", "other": "{n} offerings"},
    },
    "progress.what.action": {
        "zh": "{n} 张行动牌",
        "en": {"one": "{n} action card", "other": "{n} action cards"},
    },
    "progress.what.trap": {"zh": "{n} 张陷阱牌", "en": {"one": "{n} trap", "other": "{n} traps"}},
    "progress.what.counter": {
        "zh": "{n} 张反击牌",
        "en": {"one": "{n} counter", "other": "{n} counters"},
    },
    "progress.what.ancestor": {
        "zh": "{n} 张祖宗牌",
        "en": {"one": "{n} ancestor", "other": "{n} ancestors"},
    },
    # the ancestor's name and the words above
    "progress.named": {"zh": "{name}：{words}", "en": "{name}: {words}"},
    "progress.not_yet": {"zh": "{name}：{words}，还没达成", "en": "{name}: {words} - not yet"},
}
