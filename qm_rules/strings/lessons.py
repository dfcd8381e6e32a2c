"""The lessons (:mod:`qm_rules.lessons`): each one's title, what it is about, and for each step
what to do (``.do``) and, once done, what happened and why (``.done``)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "whynot.lesson": {
        "zh": "这一课现在不练这一步：照上面说的做",
        "en": "not in this step of the lesson: do what it asks",
    },
    "lesson.finished": {
        "zh": "这一课完成了！按 q 回到课程列表，n 再来一次。",
        "en": "Lesson finished! q goes back to the lessons, n plays it again.",
    },
    # 1 offerings
    "lesson.offerings.title": {"zh": "供品与抽牌", "en": "Offerings and the draw"},
    "lesson.offerings.about": {
        "zh": "每回合可以摆放一张供品。场上的供品越多，抽牌阶段抽得越多；4 张供品才能宣言祭祀。",
        "en": (
            "You may place one offering a turn. The more offerings on your field, the more you "
            "draw; worship needs 4 of them."
        ),
    },
    "lesson.offerings.1.do": {
        "zh": "这是你的摆放阶段。把青团摆放到场上：选中亮着的选项（按 1）。",
        "en": "Your placement phase. Place Green Rice Cake: take the lit option (press 1).",
    },
    "lesson.offerings.1.done": {
        "zh": "青团上场了，场上现在有 2 张供品。摆放也是一次发动，对手可以响应；这次没人响应。",
        "en": (
            "Green Rice Cake is on your field: 2 offerings now. Placing is an activation the "
            "others may answer; nobody did."
        ),
    },
    "lesson.offerings.2.do": {
        "zh": "新回合：你抽了 3 张，1 张加上场上每张供品 1 张。再摆放菊花（按 1）。",
        "en": (
            "A new turn: you drew 3 cards, 1 plus 1 for each offering on your field. Now place "
            "Chrysanthemums (press 1)."
        ),
    },
    "lesson.offerings.2.done": {
        "zh": "3 张供品：下回合抽 4 张。凑齐 4 张就能宣言祭祀。",
        "en": "3 offerings: you will draw 4 next turn. With 4 on your field you may worship.",
    },
    # 2 actions
    "lesson.actions.title": {
        "zh": "行动牌：对象、模式和代价",
        "en": "Actions: targets, modes, costs",
    },
    "lesson.actions.about": {
        "zh": "行动牌在你的行动阶段从手牌打出。发动时依次宣言模式、选择对象、支付代价。",
        "en": (
            "Actions are played from your hand in your action phase. To activate one you declare "
            "its mode, choose its targets and pay its cost, in that order."
        ),
    },
    "lesson.actions.1.do": {
        "zh": "打出顺手牵羊（按 1）：它以对手场上一张未横置的供品为对象。",
        "en": "Play Sleight of Hand (press 1): it targets an untapped offering of an opponent's.",
    },
    "lesson.actions.1.done": {
        "zh": "对手场上有两张供品，所以要你选对象。",
        "en": "Your opponent has two offerings, so you choose the target.",
    },
    "lesson.actions.2.do": {
        "zh": "选清酒作为对象（按 1）。",
        "en": "Target the Rice Wine (press 1).",
    },
    "lesson.actions.2.done": {
        "zh": "没人响应，顺手牵羊结算：清酒到了你的场上，现在算你的供品。",
        "en": "Nobody answered, so it resolved: the Rice Wine is on your field, your offering now.",
    },
    "lesson.actions.3.do": {
        "zh": "打出祭祀准备（按 1）：它的代价是舍弃一张手牌，有两个模式可选。",
        "en": (
            "Play Ritual Preparation (press 1): it costs a card from your hand, and has two modes."
        ),
    },
    "lesson.actions.3.done": {
        "zh": "先宣言模式。",
        "en": "First you declare the mode.",
    },
    "lesson.actions.4.do": {
        "zh": "选模式②：抽两张牌（按 1）。",
        "en": "Choose mode ②, draw 2 (press 1).",
    },
    "lesson.actions.4.done": {
        "zh": "然后支付代价：舍弃一张手牌。",
        "en": "Then you pay the cost: a card from your hand.",
    },
    "lesson.actions.5.do": {
        "zh": "舍弃鲜果来支付代价（按 1）。",
        "en": "Discard the Fresh Fruit to pay (press 1).",
    },
    "lesson.actions.5.done": {
        "zh": "鲜果进了弃牌区，你抽了两张。代价一旦支付，无论之后发生什么都不退还。",
        "en": (
            "The Fresh Fruit went to the discard pile and you drew 2. A cost once paid is never "
            "given back, whatever happens next."
        ),
    },
    "lesson.actions.6.do": {
        "zh": "行动阶段由你决定何时结束：结束它（按 e）。",
        "en": "You decide when your action phase ends: end it (press e).",
    },
    "lesson.actions.6.done": {
        "zh": "打出的行动牌在你的结束阶段离场，进入弃牌区。",
        "en": "Your face-up actions leave the field in your end phase, to the discard pile.",
    },
    # 3 traps
    "lesson.traps.title": {"zh": "陷阱牌与连锁", "en": "Traps and the chain"},
    "lesson.traps.about": {
        "zh": "陷阱牌先在行动阶段盖放，从之后的回合起，在触发条件满足时翻开响应。",
        "en": (
            "A trap is set face down in your action phase, and from a later turn on it is "
            "flipped in answer when its trigger happens."
        ),
    },
    "lesson.traps.1.do": {
        "zh": "盖放野火（按 1）。它在对手摆放供品时可以发动。",
        "en": "Set Wildfire face down (press 1). It answers an opponent placing an offering.",
    },
    "lesson.traps.1.done": {
        "zh": "野火盖放好了。盖放不是发动，没人能响应，对手也看不到它是什么。",
        "en": (
            "Wildfire is set. Setting is not an activation: nobody can answer it, and your "
            "opponent cannot see what it is."
        ),
    },
    "lesson.traps.2.do": {
        "zh": "对手摆放了青团（连锁的第 1 环）。翻开野火响应它（按 1），成为第 2 环。",
        "en": (
            "Your opponent placed Green Rice Cake: link 1 of a chain. Flip Wildfire in answer "
            "(press 1): link 2."
        ),
    },
    "lesson.traps.2.done": {
        "zh": "连锁从最新的一环开始结算：野火（第 2 环）先结算，使摆放无效，青团进了弃牌区。",
        "en": (
            "A chain resolves newest first: Wildfire (link 2) resolved before the placement "
            "(link 1) and negated it; the Green Rice Cake went to the discard pile."
        ),
    },
    # 4 counters and "then"
    "lesson.counters.title": {"zh": "反击牌与“那之后”", "en": 'Counters and "then"'},
    "lesson.counters.about": {
        "zh": (
            "一张卡的效果分几段，用“那之后”连接：一段被阻止，下一段仍然会尝试。在自"
            "己的回合，反击牌可以直接从手牌打出响应。"
        ),
        "en": (
            'A card\'s effect comes in parts joined by "then": a part that is stopped is '
            "skipped, and the next is still tried. On your own turn a counter can answer "
            "straight from your hand."
        ),
    },
    "lesson.counters.1.do": {
        "zh": "打出祭祀准备（按 1）。",
        "en": "Play Ritual Preparation (press 1).",
    },
    "lesson.counters.1.done": {"zh": "先宣言模式。", "en": "First its mode."},
    "lesson.counters.2.do": {
        "zh": "选模式①（按 1）：检索一张燃烧卡；那之后，如果舍弃的是供品，抽一张。",
        "en": (
            "Choose mode ① (press 1): search for a Burning card; then, if the card discarded "
            "was an offering, draw 1."
        ),
    },
    "lesson.counters.2.done": {"zh": "然后支付代价。", "en": "Then its cost."},
    "lesson.counters.3.do": {
        "zh": "舍弃青团（一张供品）来支付代价（按 1）。",
        "en": "Discard the Green Rice Cake, an offering, to pay (press 1).",
    },
    "lesson.counters.3.done": {
        "zh": "对手翻开了文明祭祀倡导：本回合谁都不能检索或使用燃烧卡。",
        "en": (
            "Your opponent flipped Civilized Worship Campaign: nobody may search for "
            "or use Burning cards this turn."
        ),
    },
    "lesson.counters.4.do": {
        "zh": "这次先不反击，看看会发生什么：放过（按 p）。",
        "en": "Do not answer this time, to see what happens: pass (press p).",
    },
    "lesson.counters.4.done": {
        "zh": (
            "倡导先结算。祭祀准备的检索被禁止，这一段失败；但“那之后”的一段照样尝试"
            "：舍弃的是供品，所以你抽了一张。"
        ),
        "en": (
            "The Campaign resolved first. Ritual Preparation's search was forbidden, so that "
            'part failed; the part after "then" was still tried: the discarded card was an '
            "offering, so you drew 1."
        ),
    },
    "lesson.counters.5.do": {
        "zh": "再打出另一张祭祀准备（按 1）。",
        "en": "Play your other Ritual Preparation (press 1).",
    },
    "lesson.counters.5.done": {"zh": "宣言模式。", "en": "Its mode."},
    "lesson.counters.6.do": {
        "zh": "选模式②：抽两张（按 1）。禁令不影响抽牌。",
        "en": "Choose mode ②, draw 2 (press 1): the prohibition does not stop drawing.",
    },
    "lesson.counters.6.done": {"zh": "支付代价。", "en": "Its cost."},
    "lesson.counters.7.do": {
        "zh": "舍弃扫墓来支付（按 1）。",
        "en": "Discard Tomb Sweeping to pay (press 1).",
    },
    "lesson.counters.7.done": {
        "zh": "对手翻开鬼打墙，要使你的祭祀准备无效。",
        "en": "Your opponent flipped Ghost Wall, to negate your Ritual Preparation.",
    },
    "lesson.counters.8.do": {
        "zh": "现在是你的回合：从手牌打出反击牌驱邪响应（按 1），它使陷阱牌无效。",
        "en": (
            "It is your turn, so a counter can answer from your hand: play Ward Off Evil "
            "(press 1), which negates a trap."
        ),
    },
    "lesson.counters.8.done": {
        "zh": "最新的先结算：驱邪使鬼打墙无效，鬼打墙什么也没做，祭祀准备结算，你抽了两张。",
        "en": (
            "Newest first: Ward Off Evil negated Ghost Wall, which then did nothing, and "
            "Ritual Preparation resolved: you drew 2."
        ),
    },
    # 5 worship
    "lesson.worship.title": {"zh": "祭祀", "en": "Worship"},
    "lesson.worship.about": {
        "zh": (
            "场上有 4 张供品、手牌中有祖宗牌时，可以在祭祀阶段宣言祭祀。祭祀成功时祖"
            "宗牌的祭祀条件满足，你就获胜。"
        ),
        "en": (
            "With 4 offerings on your field and an ancestor in hand you may declare worship in "
            "your worship phase. If the ancestor's worship condition then holds, you win."
        ),
    },
    "lesson.worship.1.do": {
        "zh": "摆放鲜果，凑齐 4 张供品（按 1）。",
        "en": "Place the Fresh Fruit: your fourth offering (press 1).",
    },
    "lesson.worship.1.done": {
        "zh": (
            "4 张供品了。手牌中的祖母的祭祀条件是手牌中至少 3 张供品；"
            "你名字那一行写着现在宣言会怎样。"
        ),
        "en": (
            "4 offerings. Grandmother, in your hand, needs 3 offerings in your hand: the line "
            "with your name says what declaring her now would do."
        ),
    },
    "lesson.worship.2.do": {
        "zh": "宣言祖母祭祀（按 1）。",
        "en": "Declare worship with Grandmother (press 1).",
    },
    "lesson.worship.2.done": {
        "zh": (
            "没人阻止：4 张供品叠放到祖母下方，你抽了祭祀抽牌；手牌中有 3 张供品，条"
            "件满足——你赢了！"
        ),
        "en": (
            "Nobody stopped it: the 4 offerings were stacked under Grandmother, you made the "
            "worship draw, and with 3 offerings in hand her condition held: you win!"
        ),
    },
    # 6 ancestors
    "lesson.ancestors.title": {
        "zh": "祖宗牌：常驻效果与显灵",
        "en": "Ancestors: standing effect, manifestation",
    },
    "lesson.ancestors.about": {
        "zh": "在场的祖宗牌有常驻效果，还可以显灵：作为响应使用，代价是移除一张叠放的供品。",
        "en": (
            "An ancestor on the field has a standing effect, and it can manifest: an answer "
            "that costs one of the offerings stacked under it."
        ),
    },
    "lesson.ancestors.1.do": {
        "zh": "对手发动了扫墓。让祖父显灵响应（按 1）：那名对手随机舍弃一张手牌。",
        "en": (
            "Your opponent activated Tomb Sweeping. Manifest Grandfather in answer (press 1): "
            "that opponent discards a random card."
        ),
    },
    "lesson.ancestors.1.done": {
        "zh": (
            "你移除了一张叠放的供品作为代价，对手随机舍弃了一张。叠放的供品全部移除时，仪式破裂。"
        ),
        "en": (
            "You removed a stacked offering as the cost and your opponent discarded at random. "
            "Should the last stacked offering go, the ritual breaks."
        ),
    },
    "lesson.ancestors.2.do": {
        "zh": "你的回合：你抽了 2 张，1 张加上祖父常驻效果的 1 张。结束行动阶段（按 e）。",
        "en": (
            "Your turn: you drew 2, 1 plus 1 for Grandfather's standing effect. End your action "
            "phase (press e)."
        ),
    },
    "lesson.ancestors.2.done": {
        "zh": (
            "祖父的祭祀条件是手牌至少 8 张：每多抽一张都让你更接近胜利。接下来，和一"
            "个简单的机器人玩一局真正的游戏吧。"
        ),
        "en": (
            "Grandfather's condition is 8 cards in hand: each extra draw brings you nearer. "
            "Next, a real game against an easy bot."
        ),
    },
}
