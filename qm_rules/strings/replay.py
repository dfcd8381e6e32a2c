"""``qingming replay``'s words: the journal's header and each choice."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "replay.header": {
        "zh": "{players} — {when} 共 {n} 步，{deal}",
        "en": {
            "one": "{players} — {when}{n} move, {deal}",
            "other": "{players} — {when}{n} moves, {deal}",
        },
    },
    "replay.when": {"zh": "{date}，", "en": "{date}, "},
    "replay.live": {
        "zh": "这局还在进行：本机上的牌桌正在写这份记录。现在重放会亮出每个人的手牌，"
        "所以不重放。等这局结束再看；如果牌桌其实已经没人了，加 --live 照样重放。",
        "en": "this game is still being played: a table running on this machine is writing "
        "this journal. Replaying it now would show every player's hand, so it is not "
        "replayed. Replay it once the game has ended; if nobody is playing it any more, "
        "--live replays it anyway.",
    },
    "replay.deal.fair": {"zh": "公平发牌", "en": "dealt fairly"},
    "replay.deal.checkable": {
        "zh": "公平发牌（可用 qingming verify 核对）",
        "en": "dealt fairly (qingming verify checks it)",
    },
    "replay.deal.fixed": {
        "zh": "固定发牌号 {number}",
        "en": "dealt from the fixed number {number}",
    },
    "replay.choice": {
        "zh": "#{i} 第 {turn} 回合 · {who}：{words}",
        "en": "#{i} turn {turn} · {who}: {words}",
    },
}
