"""Words about cards: their types and tags, and how the rulebook's card list describes them.

``type.*`` and ``tag.*`` are the names every screen and the log use; ``trigger.*`` names what a
response answers; ``rulebook.*`` is the wording of the rulebook's generated card list and deck
table (``tools/rulebook.py``).
"""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "type.offering": {"zh": "供品", "en": "Offering"},
    "type.action": {"zh": "行动牌", "en": "Action"},
    "type.trap": {"zh": "陷阱牌", "en": "Trap"},
    "type.counter": {"zh": "反击牌", "en": "Counter"},
    "type.ancestor": {"zh": "祖宗牌", "en": "Ancestor"},
    "tag.burning": {"zh": "燃烧", "en": "Burning"},
    "trigger.any": {"zh": "任何发动", "en": "any activation"},
    "trigger.opp_any": {"zh": "对手的任何发动", "en": "any activation by an opponent"},
    "trigger.opp_action": {"zh": "对手发动行动牌", "en": "an opponent activates an action card"},
    "trigger.opp_place": {"zh": "对手摆放供品", "en": "an opponent places an offering"},
    "trigger.opp_worship": {"zh": "对手宣言祭祀", "en": "an opponent declares worship"},
    "trigger.opp_takes_yours": {
        "zh": "对手发动会夺取你的卡的效果",
        "en": "an opponent activates an effect that takes a card of yours",
    },
    "trigger.opp_targets_yours": {
        "zh": "对手的效果以你场上的卡为对象",
        "en": "an opponent's effect targets a card on your field",
    },
    "trigger.trap": {"zh": "陷阱牌发动", "en": "a trap is activated"},
    "trigger.counter": {"zh": "反击牌发动", "en": "a counter is activated"},
    "trigger.manifestation": {"zh": "显灵发动", "en": "a manifestation is activated"},
    # ── the rulebook's card list and deck table ──
    "rulebook.heading.offering": {"zh": "供品", "en": "Offerings"},
    "rulebook.heading.action": {"zh": "行动牌", "en": "Actions"},
    "rulebook.heading.trap": {"zh": "陷阱牌", "en": "Traps"},
    "rulebook.heading.counter": {"zh": "反击牌", "en": "Counters"},
    "rulebook.heading.ancestor": {"zh": "祖宗牌（牌池）", "en": "Ancestors (the pool)"},
    "rulebook.offerings.head": {
        "zh": "| 卡牌 | English | 标签 | 张数 | 文本 |",
        "en": "| Card | 中文 | Tag | Copies | Text |",
    },
    "rulebook.target.opponent": {"zh": "一名对手", "en": "an opponent"},
    "rulebook.target.opp_offering": {
        "zh": "对手场上一张未横置的供品",
        "en": "an untapped offering on an opponent's field",
    },
    "rulebook.target.opp_ancestor": {"zh": "对手场上的祖宗牌", "en": "an opponent's ancestor"},
    "rulebook.cost.discard": {
        "zh": "舍弃 {n} 张手牌",
        "en": {
            "one": "discard {n} card from your hand",
            "other": "discard {n} cards from your hand",
        },
    },
    "rulebook.cost.remove_stacked": {
        "zh": "将这张卡下方叠放的 {n} 张供品送去弃牌区",
        "en": {
            "one": "remove {n} offering stacked under this card to the discard pile",
            "other": "remove {n} offerings stacked under this card to the discard pile",
        },
    },
    "rulebook.standing.revealed": {
        "zh": "从为祭祀而亮出时起",
        "en": "from the moment it is revealed for worship",
    },
    "rulebook.standing.on_field": {
        "zh": "祖宗牌在场时",
        "en": "while the ancestor is on the field",
    },
    "rulebook.played.action": {
        "zh": "你的行动阶段，从手牌正面打出",
        "en": "your action phase, played face-up from hand",
    },
    "rulebook.entry": {
        "zh": "**{name}**（{other}）· {kind}",
        "en": "**{name}** ({other}) · {kind}",
    },
    "rulebook.label.cost": {"zh": "代价", "en": "Cost"},
    "rulebook.label.none": {"zh": "无", "en": "none"},
    "rulebook.label.target": {"zh": "对象", "en": "Target"},
    "rulebook.label.tag": {"zh": "标签", "en": "Tag"},
    "rulebook.label.when": {"zh": "时机", "en": "When"},
    "rulebook.label.trigger": {"zh": "时机（跟牌）", "en": "Trigger (response)"},
    "rulebook.label.text": {"zh": "文本", "en": "Text"},
    "rulebook.label.m_trigger": {"zh": "显灵时机", "en": "Manifestation trigger"},
    "rulebook.label.m_cost": {"zh": "显灵代价", "en": "Manifestation cost"},
    "rulebook.label.standing": {"zh": "常驻效果生效", "en": "Standing effect applies"},
    "rulebook.label.pool": {"zh": "牌池中", "en": "in the pool"},
    "rulebook.deck.count": {"zh": "{kind} {n} 张", "en": "{n} {kind}"},
    "rulebook.deck.summary": {
        "zh": "基础套牌共 {base} 张：{parts}。祖宗牌池共 {ancestors} 张。",
        "en": "The base set holds {base} cards: {parts}. The ancestor pool holds {ancestors}.",
    },
    "rulebook.deck.head": {
        "zh": "| 玩家人数 | 基础套牌 | 祖宗牌 | 牌山总数 |",
        "en": "| Players | Base sets | Ancestors | Deck size |",
    },
    "list.sep": {"zh": "、", "en": ", "},
    "colon": {"zh": "：", "en": ": "},
}
