"""Why a card in hand (or set face-down) cannot be played now, one sentence a reason
(:class:`qm_rules.plays.Reason`, worded by :func:`qm_words.why_not_words`); and how
near a player is to winning (:mod:`qm_rules.progress`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "whynot.action_phase": {
        "zh": "行动牌、陷阱牌和反击牌在你的行动阶段打出或盖放",
        "en": "actions, traps and counters are played or set in your action phase",
    },
    "whynot.worship_phase": {
        "zh": "祖宗牌在你的祭祀阶段宣言（场上要有 4 张供品）",
        "en": "an ancestor is declared in your worship phase, with 4 offerings on your field",
    },
    "whynot.placement_phase": {
        "zh": "供品在你的摆放阶段摆放，每回合一张",
        "en": "offerings are placed in your placement phase, one a turn",
    },
    "whynot.placed": {"zh": "本回合已经摆放过供品了", "en": "you placed an offering this turn"},
    "whynot.ancestor_out": {
        "zh": "你的祖宗牌在场时不能摆放供品",
        "en": "no offerings are placed while your ancestor is on the field",
    },
    "whynot.ancestor_on_field": {
        "zh": "你的祖宗牌已经在场上了",
        "en": "your ancestor is already on the field",
    },
    "whynot.slots_full": {"zh": "你的 5 个位置都满了", "en": "your 5 slots are full"},
    "whynot.ability_used": {
        "zh": "始祖的叠放每回合只能用一次，本回合已用过",
        "en": "First Ancestor stacks once a turn, and has this turn",
    },
    "whynot.worship_only": {
        "zh": "祭祀阶段只能宣言祭祀",
        "en": "the worship phase is for declaring worship only",
    },
    "whynot.set_this_turn": {
        "zh": "本回合盖放的卡从下一个回合起才能翻开",
        "en": "a card set this turn can be flipped from the next turn on",
    },
    "whynot.trigger": {
        "zh": "它响应的是：{trigger}，不是这一环",
        "en": "it answers when {trigger}, not this link",
    },
    "whynot.own_turn_only": {
        "zh": "反击牌只在你自己的回合从手牌打出；盖放后可以在任何之后的回合翻开",
        "en": (
            "a counter is played from the hand on your own turn only; set, it can answer on "
            "any later turn"
        ),
    },
    "whynot.trap_set_first": {
        "zh": "陷阱牌要先在你的行动阶段盖放，之后的回合才能翻开响应",
        "en": "a trap is set in your action phase first, and flipped in answer from a later turn",
    },
    "whynot.no_response": {
        "zh": "只有陷阱牌、反击牌和显灵可以响应",
        "en": "only traps, counters and manifestations answer",
    },
    "whynot.prohibited": {
        "zh": "本回合不能使用 {tag} 牌",
        "en": "{tag} cards cannot be used this turn",
    },
    "whynot.cost": {
        "zh": "需要另外 {n} 张手牌来舍弃",
        "en": {
            "one": "needs {n} other card in hand to discard",
            "other": "needs {n} other cards in hand to discard",
        },
    },
    "whynot.no_target.opp_offering": {
        "zh": "对手场上没有未横置的供品可以作为对象",
        "en": "no untapped offering to target",
    },
    "whynot.no_target.opp_ancestor": {
        "zh": "对手场上没有未横置的祖宗牌可以作为对象",
        "en": "no untapped ancestor on an opponent's field to target",
    },
    "whynot.no_target.opponent": {"zh": "没有对手可以作为对象", "en": "no opponent to target"},
    "whynot.offerings": {
        "zh": "宣言祭祀需要场上有 4 张供品，你有 {n} 张",
        "en": "worship needs 4 offerings on your field: you have {n}",
    },
    # how near a player is to winning
    "progress.offerings": {"zh": "供品 {n}/{need}", "en": "offerings {n}/{need}"},
    "progress.outlook.win": {
        "zh": "{name}：{words}，现在宣言就会获胜",
        "en": "{name}: {words} - declaring it now wins",
    },
    "progress.outlook.draw": {
        "zh": "{name}：{words}，现在宣言的话要看祭祀抽到的牌",
        "en": "{name}: {words} - declared now, the worship draw decides",
    },
    "progress.outlook.short": {
        "zh": "{name}：{words}，还不够",
        "en": "{name}: {words} - not yet",
    },
    # the same while worship cannot be declared yet: how the condition stands now
    "progress.outlook.held_win": {
        "zh": "{name}：{words}，条件现在已满足",
        "en": "{name}: {words} - met now",
    },
    "progress.outlook.held_draw": {
        "zh": "{name}：{words}，还差一张，祭祀抽牌可能补上",
        "en": "{name}: {words} - one short, which the worship draw may bring",
    },
    "progress.outlook.held_short": {
        "zh": "{name}：{words}，还不够",
        "en": "{name}: {words} - not yet",
    },
    "progress.block.offerings": {
        "zh": "场上供品 {n}/4",
        "en": "offerings on your field: {n} of 4",
    },
    "progress.block.no_ancestor": {
        "zh": "手牌中没有祖宗牌",
        "en": "no ancestor in your hand",
    },
    "progress.block.ancestor_out": {
        "zh": "你的祖宗牌已在场上",
        "en": "your ancestor is on the field already",
    },
}
