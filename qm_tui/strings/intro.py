"""Strings of the first run's "how to play" screen (:mod:`qm_tui.screens.intro`)."""

STRINGS: dict[str, dict[str, str]] = {
    "intro.title": {"zh": "怎么玩清明", "en": "How to play Qingming"},
    "intro.goal": {
        "zh": "目标：第一个祭祀成功的人获胜。在你的场上摆满四张供品，手里有一张祖宗牌，"
        "就可以在祭祀阶段宣言祭祀；之后满足这张祖宗牌写的祭祀条件，你就赢了。",
        "en": "Goal: be the first to complete a worship. With 4 offerings on your field and "
        "an ancestor in your hand you may declare worship in your worship phase; meet that "
        "ancestor's worship condition and you win.",
    },
    "intro.turn": {
        "zh": "你的回合：抽牌（场上每有一张供品多抽一张）→ 最多摆放一张供品 → 行动：打出行动牌，"
        "把陷阱牌和反击牌盖放在场上 → 祭祀 → 结束。",
        "en": "Your turn: draw (one card more for each offering on your field), place at most "
        "one offering, then act: play action cards and set traps and counters face-down; then "
        "worship, then end.",
    },
    "intro.answer": {
        "zh": "跟牌：任何人发动一张牌时，别人都可以用陷阱牌和反击牌回应。回应叠成一条连锁，"
        "从最新的一环开始逆序结算。轮到你回应时，提示栏会告诉你在回应什么，还剩多少时间。",
        "en": "Answering: when anyone activates a card, the others may answer with traps and "
        "counters. The answers build a chain, which resolves from the newest link back to "
        "the oldest. When you may answer, the prompt says to what, and how long you have.",
    },
    "intro.keys": {
        "zh": "在牌桌上：按选项前标出的键选择选项，p 不跟牌，e 结束阶段，方向键在牌之间移动；"
        "? 说明画面上的每一块和每个按键，k 说明卡牌的颜色和标记，r 打开规则书，g 打开卡牌图鉴。",
        "en": "At the table: the key before an option chooses it, p passes, e ends a phase, the "
        "arrow keys move between cards; ? explains each part of the screen and every key, "
        "k what the cards' colours and marks mean, r opens the rulebook, g the card gallery.",
    },
    "intro.hint": {
        "zh": "t：边玩边学（课程）    回车：开始    Esc：跳过    r：规则书\n"
        "回车和 Esc 都会关掉它，以后不再显示（Ctrl+P 可再打开）。",
        "en": "t: learn (lessons)    Enter: play    Esc: skip    r: rulebook\nEnter and Esc "
        "both close it for good (Ctrl+P finds it again).",
    },
    "key.intro.play": {"zh": "开始", "en": "Play"},
    "key.intro.skip": {"zh": "跳过", "en": "Skip"},
    "key.intro.rules": {"zh": "规则", "en": "Rules"},
    "key.intro.learn": {"zh": "学玩", "en": "Learn"},
    "cmd.intro": {"zh": "怎么玩", "en": "How to play"},
}
