"""The game log's lines, one an event (:func:`qm_rules.describe.describe`), and a game's end."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.start": {"zh": "游戏开始，{first} 先手", "en": "The game begins; {first} goes first"},
    "log.turn": {"zh": "== 第 {n} 回合：{who} ==", "en": "== Turn {n}: {who} =="},
    "log.phase": {"zh": "{who}：{phase}", "en": "{who}: {phase}"},
    "log.draw.cards": {"zh": "{who} 抽到 {cards}", "en": "{who} draws {cards}"},
    "log.draw.count": {
        "zh": "{who} 抽了 {n} 张牌",
        "en": {"one": "{who} draws {n} card", "other": "{who} draws {n} cards"},
    },
    "log.reshuffle": {
        "zh": "弃牌区洗切成为新的牌山",
        "en": "The discard pile is shuffled into a new deck",
    },
    "log.tap": {"zh": "{who} 的 {card} 横置了", "en": "{who}'s {card} becomes tapped"},
    "log.activate": {"zh": "{who} {verb} {card}", "en": "{who} {verb} {card}"},
    "log.activate.stacking": {"zh": "（叠放 {card}）", "en": " (stacking {card})"},
    "log.set": {"zh": "{who} 盖放了 {card}", "en": "{who} sets {card} face-down"},
    "log.set.hidden": {"zh": "{who} 盖放了一张牌", "en": "{who} sets a card face-down"},
    "log.pass": {"zh": "{who} 不跟牌", "en": "{who} passes"},
    "log.timeout": {"zh": "{who} 超时（{took}）", "en": "{who} timed out ({took})"},
    "log.timeout.pass": {"zh": "不跟牌", "en": "passed"},
    "log.timeout.end": {"zh": "结束了行动阶段", "en": "ended the action phase"},
    "log.timeout.skip": {"zh": "跳过了摆放", "en": "skipped placing"},
    "log.timeout.decline": {"zh": "不祭祀", "en": "declined worship"},
    "log.timeout.none": {"zh": "不选", "en": "chose none"},
    "log.timeout.default": {"zh": "取了默认选项", "en": "the default was taken"},
    "log.timeout.took": {"zh": "取了默认选项：{what}", "en": "the default was taken: {what}"},
    "log.chain_closed": {
        "zh": "连锁结束，开始逆序结算",
        "en": "The chain closes and resolves, newest first",
    },
    "log.section_failed": {
        "zh": "连锁 {n} 的一段效果无法执行，这一段不发生",
        "en": "Part of link {n}'s effect cannot be carried out and does not happen",
    },
    "log.section_failed.card": {
        "zh": "连锁 {n}：{card}（{owner}）的一段效果无法执行，这一段不发生",
        "en": "Link {n}: {card} ({owner}): part of its effect cannot be carried out and does "
        "not happen",
    },
    # a section's "if" (e.g. "if the discarded card was an offering") simply not met
    "log.section_unmet": {
        "zh": "连锁 {n}：条件未满足，这一段效果不发生",
        "en": "Link {n}: the condition was not met, so that part of the effect does not happen",
    },
    "log.section_unmet.card": {
        "zh": "连锁 {n}：{card}（{owner}）的条件未满足，这一段效果不发生",
        "en": "Link {n}: {card} ({owner}): the condition was not met, so that part of the "
        "effect does not happen",
    },
    # read before the link's effects (qm_rules.logorder): "resolves", not "has resolved"
    "log.resolved": {"zh": "连锁 {n}（{who}）结算", "en": "Link {n} ({who}) resolves"},
    "log.resolved.negated": {"zh": "连锁 {n}（{who}）被无效", "en": "Link {n} ({who}) was negated"},
    "log.resolved.card": {
        "zh": "连锁 {n}：{card}（{who}）结算",
        "en": "Link {n}: {card} ({who}) resolves",
    },
    "log.resolved.negated.card": {
        "zh": "连锁 {n}：{card}（{who}）被无效",
        "en": "Link {n}: {card} ({who}) was negated",
    },
    "log.negate": {"zh": "{who} 使连锁 {n} 无效", "en": "{who} negates link {n}"},
    "log.negate.card": {
        "zh": "{who} 使连锁 {n}：{card}（{owner}）无效",
        "en": "{who} negates link {n}: {card} ({owner})",
    },
    "log.search": {"zh": "{who} 检索了 {card}", "en": "{who} searches out {card}"},
    "log.search.hidden": {
        "zh": "{who} 从牌山检索了一张牌",
        "en": "{who} searches the deck for a card",
    },
    "log.look": {
        "zh": "{who} 看了 {other} 的手牌：{cards}",
        "en": "{who} looks at {other}'s hand: {cards}",
    },
    "log.discard": {"zh": "{who} 弃掉了 {card}", "en": "{who} discards {card}"},
    "log.discard.cost": {
        "zh": "{who} 弃掉 {card} 作为代价",
        "en": "{who} discards {card} as a cost",
    },
    "log.discard.random": {
        "zh": "{who} 随机弃掉了 {card}",
        "en": "{who} discards {card} at random",
    },
    "log.discard.face_down": {
        "zh": "{who} 的盖放牌 {card} 进入弃牌区",
        "en": "{who}'s face-down {card} goes to the discard pile",
    },
    "log.discard.end_phase": {
        "zh": "{who} 的 {card} 离场",
        "en": "{who}'s {card} leaves the field",
    },
    "log.discard.hand_limit": {
        "zh": "{who} 因手牌上限弃掉 {card}",
        "en": "{who} discards {card} for the hand limit",
    },
    "log.take.field": {
        "zh": "{who} 把 {other} 场上的 {card} 拿到自己场上",
        "en": "{who} takes {card} from {other}'s field onto {who}'s field",
    },
    "log.take.hand": {
        "zh": "{who} 从 {other} 处拿走 {card}",
        "en": "{who} takes {card} from {other}",
    },
    "log.put": {"zh": "{who} 把 {card} 放到场上", "en": "{who} puts {card} onto the field"},
    "log.unstack.cost": {
        "zh": "{who} 移除叠放的 {card} 作为代价",
        "en": "{who} removes the stacked {card} as a cost",
    },
    "log.unstack": {
        "zh": "{who} 的祖宗牌下的 {card} 进入弃牌区",
        "en": "{card} stacked under {who}'s ancestor goes to the discard pile",
    },
    "log.stack": {
        "zh": "{who} 把 {cards} 叠放到祖宗牌下",
        "en": "{who} stacks {cards} under the ancestor",
    },
    "log.return": {"zh": "{card} 回到 {who} 的手牌", "en": "{card} returns to {who}'s hand"},
    "log.worship": {
        "zh": "{who} 祭祀 {card}，叠放了 {n} 张供品",
        "en": {
            "one": "{who} worships {card}, stacking {n} offering",
            "other": "{who} worships {card}, stacking {n} offerings",
        },
    },
    "log.ritual_broken": {
        "zh": "{who} 的祭祀中断，{card} 进入弃牌区",
        "en": "{who}'s ritual breaks; {card} goes to the discard pile",
    },
    "log.prohibit": {
        "zh": "本回合所有玩家不能 {actions}{tag} 牌（{card}）",
        "en": "This turn nobody may {actions} {tag} cards ({card})",
    },
    "log.prohibit.search": {"zh": "检索", "en": "search"},
    "log.prohibit.use": {"zh": "使用", "en": "use"},
    "log.prohibit.or": {"zh": "或", "en": " or "},
    "log.concede": {"zh": "{who} 认输", "en": "{who} concedes"},
    "log.game_over.draw": {"zh": "游戏结束：平局", "en": "The game ends in a draw"},
    "log.game_over.worship": {
        "zh": "{who} 祭祀 {card} 成功，获胜！",
        "en": "{who} wins by worshipping {card}!",
    },
    "log.game_over.win": {"zh": "{who} 获胜！", "en": "{who} wins!"},
    "log.reveal_hands": {"zh": "所有手牌公开", "en": "Every hand is revealed"},
    # ── how a game ended (the result screen, qingming replay) ──
    "result.reason.worship": {"zh": "祭祀成功", "en": "by worship"},
    "result.reason.last_standing": {"zh": "其他玩家都已认输", "en": "the last player standing"},
    "result.reason.round_limit": {"zh": "到达轮数上限", "en": "the round limit was reached"},
    "result.reason.stalemate": {
        "zh": "僵局：再无可做之事",
        "en": "a stalemate: nothing left to happen",
    },
    "result.line.win": {
        "zh": "游戏结束：{who} 获胜（{how}），{rounds} 轮，{turns} 个回合",
        "en": "Game over: {who} wins ({how}), {rounds} rounds, {turns} turns",
    },
    "result.line.draw": {
        "zh": "游戏结束：平局（{how}），{rounds} 轮，{turns} 个回合",
        "en": "Game over: a draw ({how}), {rounds} rounds, {turns} turns",
    },
    "result.line.interrupted": {
        "zh": "未完：停在第 {turn} 回合（第 {round} 轮）",
        "en": "Interrupted at turn {turn} (round {round})",
    },
    # ── qingming replay ──
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
