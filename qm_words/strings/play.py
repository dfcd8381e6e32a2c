"""The words for play: phases, links of the chain, options, prompts and what each
clause, cost and target asks of the decider (:mod:`qm_words`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "card.unknown": {"zh": "一张牌", "en": "a card"},
    "seat.none": {"zh": "牌桌", "en": "the table"},
    "phase.draw": {"zh": "抽牌阶段", "en": "draw phase"},
    "phase.place": {"zh": "摆放阶段", "en": "placement phase"},
    "phase.action": {"zh": "行动阶段", "en": "action phase"},
    "phase.worship": {"zh": "祭祀阶段", "en": "worship phase"},
    "phase.end": {"zh": "结束阶段", "en": "end phase"},
    "phase.over": {"zh": "游戏结束", "en": "game over"},
    # ── a link of the chain: "Bob springs the trap Wildfire" ──
    "link.place": {"zh": "摆放", "en": "places"},
    "link.action": {"zh": "发动", "en": "activates"},
    "link.trap": {"zh": "翻开陷阱", "en": "springs the trap"},
    "link.counter": {"zh": "反击", "en": "counters with"},
    "link.worship": {"zh": "宣言祭祀", "en": "declares worship with"},
    "link.manifest": {"zh": "显灵", "en": "manifests"},
    "link.ability": {"zh": "发动能力", "en": "uses the ability of"},
    "link.paid": {"zh": "（代价：{paid}）", "en": " (paid: {paid})"},
    "link.negated": {"zh": "（已无效）", "en": " (negated)"},
    # ── options: "Place Green Rice Cake" ──
    "option.place": {"zh": "摆放", "en": "Place"},
    "option.play": {"zh": "发动", "en": "Play"},
    "option.set": {"zh": "盖放", "en": "Set"},
    "option.ability": {
        "zh": "叠放到祖宗牌下（能力）：",
        "en": "Stack under your ancestor (ability):",
    },
    "option.declare": {"zh": "宣言祭祀", "en": "Declare worship with"},
    "option.pay": {"zh": "支付代价", "en": "Pay with"},
    "option.pay.discard": {"zh": "舍弃", "en": "Discard"},  # the card texts' word for a cost
    "option.pay.remove_stacked": {"zh": "移除叠放的", "en": "Remove the stacked"},
    "option.flip": {"zh": "翻开", "en": "Flip"},
    "option.counter": {"zh": "反击", "en": "Counter with"},
    "option.manifest": {"zh": "显灵", "en": "Manifest"},
    "option.pick": {"zh": "选择", "en": "Pick"},
    "option.discard": {"zh": "弃掉", "en": "Discard"},
    "option.skip": {"zh": "跳过摆放", "en": "Skip placing"},
    "option.end": {"zh": "结束行动阶段", "en": "End the action phase"},
    "option.decline": {"zh": "不祭祀", "en": "Decline worship"},
    # after 始祖's worship, the worship phase asks only whether to stack one more
    "option.decline.stacking": {"zh": "不叠放", "en": "Don't stack"},
    "option.cancel": {"zh": "取消", "en": "Cancel"},
    "option.pass": {"zh": "不跟牌", "en": "Pass"},
    "option.none": {"zh": "不选", "en": "Choose none"},
    "option.enough": {"zh": "就这些", "en": "That is enough"},
    "option.mode": {"zh": "模式 {n}", "en": "Mode {n}"},
    "option.target": {"zh": "目标：{target}", "en": "Target: {target}"},
    # two options naming copies of one card: where each is, or else a number
    "option.where.hand": {"zh": "（手牌第 {n} 张）", "en": " (hand card {n})"},
    "option.where.my_slot": {"zh": "（你的 {n} 号位置）", "en": " (your slot {n})"},
    "option.where.slot": {"zh": "（{name} 的 {n} 号位置）", "en": " ({name}'s slot {n})"},
    "option.nth": {"zh": "（{n}）", "en": " ({n})"},
    # ── what the pending decision is ──
    "prompt.place": {
        "zh": "摆放阶段：摆放一张供品，或跳过",
        "en": "Placement: place an offering, or skip",
    },
    "prompt.action": {
        "zh": "行动阶段：发动、盖放，或结束",
        "en": "Action phase: play, set, or end",
    },
    "prompt.worship": {"zh": "祭祀阶段：宣言祭祀，或不祭祀", "en": "Worship: declare, or decline"},
    "prompt.worship.stacking": {
        "zh": "祭祀阶段：再叠放一张供品到祖宗牌下，或不叠放",
        "en": "Worship phase: stack one more offering under your ancestor, or don't",
    },
    "prompt.mode": {"zh": "选择模式", "en": "Choose a mode"},
    "prompt.target": {"zh": "选择目标", "en": "Choose a target"},
    "prompt.cost": {"zh": "支付代价：选择一张牌", "en": "Pay the cost: choose a card"},
    "prompt.respond": {"zh": "跟牌，或不跟", "en": "Respond, or pass"},
    "prompt.effect": {"zh": "效果：选择一张牌", "en": "Effect: choose a card"},
    "prompt.hand_limit": {"zh": "手牌超出上限：弃一张牌", "en": "Hand limit: discard a card"},
    "prompt.hand_limit_count": {
        "zh": "手牌超出上限（{limit} 张）：弃一张牌（还要弃 {over} 张）",
        "en": "Hand limit ({limit}): discard a card ({over} to go)",
    },
    "prompt.respond_to": {"zh": "{title}：{link}", "en": "{title}: {link}"},
    "prompt.which_effect": {"zh": "选择要发动的效果", "en": "choose which effect to use"},
    "prompt.choosing": {"zh": "选择一张牌", "en": "choosing a card"},
    "prompt.waiting": {"zh": "等待 {who}：{title}", "en": "Waiting for {who}: {title}"},
    "prompt.step": {"zh": "（第 {step} 张，共 {n} 张）", "en": " ({step} of {n})"},
    "prompt.headed": {"zh": "{name}：{words}", "en": "{name} - {words}"},
    "prompt.manifestation": {"zh": "{name}（显灵）", "en": "{name} (manifestation)"},
    # ── the kind of card a clause names: "choose an offering" ──
    "noun.card": {"zh": "牌", "en": "a card"},
    "noun.tag": {"zh": "{tag} 牌", "en": "a {tag} card"},
    "noun.offering": {"zh": "供品", "en": "an offering"},
    "noun.action": {"zh": "行动牌", "en": "an action card"},
    "noun.trap": {"zh": "陷阱牌", "en": "a trap"},
    "noun.counter": {"zh": "反击牌", "en": "a counter"},
    "noun.ancestor": {"zh": "祖宗牌", "en": "an ancestor"},
    "noun.opponent": {"zh": "对手", "en": "the opponent"},
    # ── what each clause op does, as the decider reads it ──
    "clause.draw": {
        "zh": "抽 {n} 张牌",
        "en": {"one": "draw {n} card", "other": "draw {n} cards"},
    },
    "clause.search": {
        "zh": "从牌山选一张 {what} 加入手牌",
        "en": "choose {what} to add to your hand from the deck",
    },
    "clause.discard": {"zh": "选择要弃掉的手牌", "en": "choose a card to discard"},
    "clause.discard_many": {"zh": "弃掉 {n} 张手牌", "en": "discard {n} cards"},
    "clause.discard_up_to": {"zh": "弃掉至多 {n} 张手牌", "en": "discard up to {n} cards"},
    "clause.discard_random": {
        "zh": "{who} 随机弃掉 {n} 张手牌",
        "en": "{who} discards {n} at random",
    },
    "clause.take_field": {
        "zh": "把作为对象的供品拿到你的场上",
        "en": "take the targeted offering onto your field",
    },
    "clause.take_hand": {
        "zh": "从 {who} 的手牌中选一张拿走",
        "en": "choose a card to take from {who}'s hand",
    },
    "clause.put_offering": {
        "zh": "选择一张供品放到你的场上（也可以不放）",
        "en": "choose an offering to put onto your field (or none)",
    },
    "clause.discard_facedown": {
        "zh": "弃掉 {who} 场上所有盖放的牌",
        "en": "discard {who}'s face-down cards",
    },
    "clause.remove_stacked": {
        "zh": "选择 {who} 祖宗牌下的一张供品移除",
        "en": "choose an offering stacked under {who}'s ancestor to remove",
    },
    "clause.negate": {"zh": "使所回应的连锁无效", "en": "negate the link it answers"},
    "clause.tap_targeted": {"zh": "横置你被作为对象的牌", "en": "tap your card that was targeted"},
    "clause.prohibit": {
        "zh": "本回合禁止 {actions}{tag} 牌",
        "en": "ban {actions} {tag} cards this turn",
    },
    "clause.prohibit.search": {"zh": "检索", "en": "searching"},
    "clause.prohibit.use": {"zh": "使用", "en": "using"},
    "clause.prohibit.and": {"zh": "和", "en": " and "},
    # zh: {n} is written as the card texts write it (两, not 2: describe.count)
    "cost.discard": {
        "zh": "支付代价：舍弃 {n} 张手牌",
        "en": {
            "one": "pay the cost: discard {n} card",
            "other": "pay the cost: discard {n} cards",
        },
    },
    "cost.remove_stacked": {
        "zh": "支付代价：移除祖宗牌下的 {n} 张供品",
        "en": {
            "one": "pay the cost: remove {n} offering stacked under your ancestor",
            "other": "pay the cost: remove {n} offerings stacked under your ancestor",
        },
    },
    "target.opponent": {"zh": "选择一名对手作为对象", "en": "choose an opponent as the target"},
    "target.opp_offering": {
        "zh": "选择对手场上一张未横置的供品作为对象",
        "en": "choose an untapped offering on an opponent's field as the target",
    },
    "target.opp_ancestor": {
        "zh": "选择对手场上的祖宗牌作为对象",
        "en": "choose an opponent's ancestor as the target",
    },
}
