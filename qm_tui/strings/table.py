"""Strings of the table and result screens (card names and texts come from the card data)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # key descriptions (footer and help), one per binding id
    "key.table.option": {"zh": "选项", "en": "Options"},
    "key.table.pass": {"zh": "不跟", "en": "Pass"},
    "key.table.end": {"zh": "结束/跳过", "en": "End/skip"},
    "key.table.cancel": {"zh": "取消", "en": "Cancel"},
    "key.table.options": {"zh": "选项列表", "en": "Option list"},
    "key.table.chat": {"zh": "聊天", "en": "Chat"},
    # a line of chat, in the waiting room and at the table alike
    "chat.line": {"zh": "{name}：{text}", "en": "{name}: {text}"},
    "key.table.log": {"zh": "日志", "en": "Log"},
    "key.table.discard": {"zh": "弃牌区", "en": "Discards"},
    "key.table.help": {"zh": "帮助", "en": "Help"},
    "key.tile.choose": {"zh": "选择", "en": "Choose"},
    "key.list.close": {"zh": "关闭", "en": "Close"},
    "key.confirm.yes": {"zh": "是", "en": "Yes"},
    "key.confirm.no": {"zh": "否", "en": "No"},
    "key.table.rulebook": {"zh": "规则", "en": "Rules"},
    "key.table.gallery": {"zh": "卡牌", "en": "Cards"},
    "key.table.other_lang": {"zh": "英文对照", "en": "Chinese too"},
    "key.table.concede": {"zh": "认输", "en": "Concede"},
    "key.table.take_back": {"zh": "悔棋", "en": "Take back"},
    "table.takeback.done": {
        "zh": "你上一个决定已悔回（本局第 {n} 次悔棋）",
        "en": "Your last decision was taken back (take-back {n} this game)",
    },
    "key.table.board": {"zh": "牌桌", "en": "Board"},
    "key.result.rematch": {"zh": "再来一局", "en": "Rematch"},
    "key.result.leave": {"zh": "离开", "en": "Leave"},
    # status line
    "table.prohibited": {"zh": " | 本回合禁止 {tag} 牌", "en": " | {tag} cards banned this turn"},
    "table.you": {"zh": "（你）", "en": " (you)"},
    "table.hand_count": {"zh": "手牌 {n}", "en": "hand {n}"},
    "table.stacked": {"zh": "叠放 {n}", "en": "stacked {n}"},
    "detail.negated": {"zh": "已无效（没有效果）", "en": "negated (no effect)"},
    "detail.stacked": {"zh": "叠放：{cards}", "en": "Stacked: {cards}"},
    "table.conn.on": {"zh": "在线", "en": "online"},
    "table.conn.off": {"zh": "离线", "en": "offline"},
    "table.conn.bot": {"zh": "电脑", "en": "bot"},
    "table.conn.netbot": {"zh": "联网电脑", "en": "network bot"},
    "table.conceded": {"zh": "已认输", "en": "conceded"},
    "table.deciding": {"zh": "思考中", "en": "deciding"},
    "table.look.again": {
        "zh": "再按回车或 {key}：{option}",
        "en": "Enter again or {key}: {option}",
    },
    "table.chain": {"zh": "连锁（新的在上）", "en": "Chain (newest on top)"},
    # a chain that resolved among moves shown at once (my decision came): kept until the next
    "table.chain.last": {"zh": "刚结算的连锁", "en": "The chain just resolved"},
    "table.chain.empty": {
        "zh": "没有连锁：没有等待结算的牌",
        "en": "No chain: nothing is waiting to resolve",
    },
    "table.detail.hint": {
        # the marks two a line: a line that wraps between a mark and its word reads wrongly
        "zh": "方向键在牌桌上移动，回车选择。\n标记（k 看图例）：\n"
        "^ 燃烧    = 横置\n# 盖放    X 已无效",
        "en": "Arrows move over the table, Enter chooses.\nMarks (k: legend):\n"
        "^ Burning    = tapped\n# face-down  X negated",
    },
    "table.waiting": {"zh": "等待中...", "en": "Waiting..."},
    "table.answering": {"zh": "你在回应：", "en": "Answering:"},
    "table.resolving": {"zh": "正在结算：", "en": "Resolving:"},
    "table.option_count": {"zh": "第 {at}/{n} 项", "en": "{at} of {n}"},
    "table.chat.placeholder": {
        "zh": "说点什么，回车发送，Esc 关闭",
        "en": "Say something; Enter sends, Esc closes",
    },
    "table.log.title": {"zh": "游戏日志", "en": "Game log"},
    "table.history": {"zh": "── 本局此前 ──", "en": "── Earlier in this game ──"},
    "table.history.missed": {"zh": "── 断线期间 ──", "en": "── While you were disconnected ──"},
    "table.history.omitted": {"zh": "（更早的记录从略）", "en": "(earlier moves left out)"},
    # a phase of yours that passed without a question: there was nothing to play
    "table.idle.place": {
        "zh": "你没有可以摆放的供品，跳过摆放",
        "en": "Nothing you can place: placement skipped",
    },
    "table.idle.place.full": {
        "zh": "你的 5 个位置都满了，跳过摆放",
        "en": "Your 5 slots are full: placement skipped",
    },
    # after a set option that takes the viewer's last free slot (the card stays face-down)
    "table.option.fills": {
        "zh": "（占用你最后一个空位置：有位置空出来之前不能再摆放或出牌）",
        "en": " (your last free slot: no placing or playing until a slot frees)",
    },
    "table.idle.action": {
        "zh": "你没有可以出的牌，行动阶段结束",
        "en": "Nothing you can play: the action phase ends",
    },
    # a phase of yours that ended by itself after a play: nothing more could be played
    "table.idle.action.full": {
        "zh": "你的 5 个位置都满了，行动阶段结束",
        "en": "Your 5 slots are full: the action phase ends",
    },
    "table.idle.action.more": {
        "zh": "你没有可以再出的牌，行动阶段结束",
        "en": "Nothing more you can play: the action phase ends",
    },
    "table.idle.worship": {
        "zh": "你现在还不能祭祀，祭祀阶段结束",
        "en": "You cannot worship yet: the worship phase ends",
    },
    "table.idle.worship.why": {
        "zh": "你现在还不能祭祀（{why}），祭祀阶段结束",
        "en": "You cannot worship yet ({why}): the worship phase ends",
    },
    # what declaring an ancestor would do now, after its option in the worship prompt
    "table.option.worship.win": {"zh": "（现在宣言就会获胜）", "en": " - wins now"},
    "table.option.worship.draw": {
        "zh": "（是否获胜要看祭祀抽到的牌）",
        "en": " - the worship draw decides whether it wins",
    },
    "table.option.worship.short": {"zh": "（还不会获胜）", "en": " - would not win yet"},
    "table.whynot": {"zh": "现在不能打出：{why}", "en": "Cannot be played now: {why}"},
    "table.history.resumed": {"zh": "── 牌局在此继续 ──", "en": "── The game goes on from here ──"},
    "table.discard.title": {
        "zh": "弃牌区（{n} 张，最新的在上）",
        "en": "Discard pile ({n}, newest first)",
    },
    "table.discard.empty": {"zh": "弃牌区是空的", "en": "The discard pile is empty"},
    "table.concede.ask": {"zh": "确定认输吗？", "en": "Concede this game?"},
    "table.yes": {"zh": "是", "en": "Yes"},
    "table.no": {"zh": "否", "en": "No"},
    "table.no_option": {"zh": "现在没有这个选项", "en": "That is not an option now"},
    "table.guard.too_soon": {
        "zh": "新的问题刚出现：选项暗着时按的键不算作答。先停手看清，等选项亮了再按。",
        "en": "A new question just came up: keys pressed while its options are dimmed do not "
        "answer it. Stop, read it, and press once they light up.",
    },
    "table.tile.several": {
        "zh": "这张牌有几个选项：请在列表中选择",
        "en": "Several options use this card: pick one in the list",
    },
    "table.error": {"zh": "被拒绝：{message}", "en": "Refused: {message}"},
    "seat.freed": {
        "zh": "牌桌没有等你：你没有及时要求再来一局，你的座位已经空出来了。"
        "要再玩，请离开牌桌后重新加入。",
        "en": "The table went on without you: you did not ask for the rematch in time, so your "
        "seat was given up. To play again, leave the table and join it again.",
    },
    "table.lost": {"zh": "与牌桌的连接断开：{reason}", "en": "Lost the table: {reason}"},
    "table.reconnecting": {
        "zh": "与牌桌的连接断开（{reason}），正在重新连接，回到你的座位...",
        "en": "Lost the table ({reason}); reconnecting to take your seat back...",
    },
    "table.closed": {
        "zh": "这张牌桌已经关闭：不再来一局。按 v 看结果。",
        "en": "This table has closed: no rematch. v: the result.",
    },
    "table.lost.come_back": {
        "zh": "如果主机重新开张这张牌桌，它会再次出现在大厅里：加入它就能拿回你的座位。",
        "en": "If its host reopens the table, it shows up in the lobby again: join it to get "
        "your seat back.",
    },
    "table.back": {
        "zh": "已重新连上牌桌，座位还是你的。",
        "en": "Back at the table: your seat is yours again.",
    },
    # a card's frame: its kind and its states
    "card.kind.offering": {"zh": "供品", "en": "Offering"},
    "card.kind.burning": {"zh": "燃烧", "en": "Burning"},
    "card.kind.action": {"zh": "行动", "en": "Action"},
    "card.kind.trap": {"zh": "陷阱", "en": "Trap"},
    "card.kind.counter": {"zh": "反击", "en": "Counter"},
    "card.kind.ancestor": {"zh": "祖宗", "en": "Ancestor"},
    "table.board.above": {
        "zh": "▲ 上面还有 {names}：按 b 再按 ↑，或滚动鼠标滚轮",
        "en": "▲ {names} above: b then ↑, or the mouse wheel",
    },
    # under the board, where rows of it are out of view: which way
    "table.board.up": {"zh": "▲ 上面还有", "en": "▲ more above"},
    "table.board.down": {"zh": "▼ 下面还有", "en": "▼ more below"},
    "card.negated": {"zh": "已无效", "en": "negated"},
    "card.targeted": {"zh": "被指定", "en": "targeted"},
    "card.tapped": {"zh": "横置", "en": "tapped"},
    "card.face_down": {"zh": "盖放", "en": "face-down"},
    "card.stacked": {"zh": "叠放 {n}", "en": "+{n} stacked"},
    # the legend (one key away at the table)
    "legend.title": {
        "zh": "图例：卡牌的颜色与标记",
        "en": "Legend: what the cards' colours and marks mean",
    },
    "legend.kind": {"zh": "{symbol}  {name}（{colour}）", "en": "{symbol}  {name} ({colour})"},
    "legend.kind.offering": {"zh": "供品", "en": "Offering"},
    "legend.kind.burning": {
        "zh": "燃烧供品：下个回合开始时横置",
        "en": "Burning offering: tapped when your next turn begins",
    },
    "legend.kind.action": {
        "zh": "行动牌：在你的行动阶段发动",
        "en": "Action: played in your action phase",
    },
    "legend.kind.trap": {
        "zh": "陷阱牌：盖放，之后翻开回应",
        "en": "Trap: set face-down, flipped later to answer",
    },
    "legend.kind.counter": {
        "zh": "反击牌：回应陷阱或其他卡牌",
        "en": "Counter: answers traps and other cards",
    },
    "legend.kind.ancestor": {"zh": "祖宗牌：祭祀的对象", "en": "Ancestor: what you worship"},
    "legend.colour.offering": {"zh": "绿色", "en": "green"},
    "legend.colour.burning": {"zh": "橙色", "en": "orange"},
    "legend.colour.action": {"zh": "蓝色", "en": "blue"},
    "legend.colour.trap": {"zh": "红色", "en": "red"},
    "legend.colour.counter": {"zh": "紫色", "en": "purple"},
    "legend.colour.ancestor": {"zh": "金色", "en": "gold"},
    "legend.marks": {"zh": "状态标记", "en": "States"},
    "legend.mark.face_down": {
        "zh": "{mark}  盖放（背面朝上；别人的盖放牌显示为 ####）",
        "en": "{mark}  face-down (another player's shows as ####)",
    },
    "legend.mark.tapped": {
        "zh": "{mark}  横置：不受其他玩家的效果影响",
        "en": "{mark}  tapped: unaffected by other players' effects",
    },
    "legend.mark.negated": {
        "zh": "{mark}  已无效：没有效果，结束阶段离场",
        "en": "{mark}  negated: no effect; leaves at the end phase",
    },
    "legend.mark.targeted": {
        "zh": "{mark}  被连锁中的卡牌指定为对象",
        "en": "{mark}  targeted by a card on the chain",
    },
    "legend.mark.stacked": {
        "zh": "+N  祖宗牌下叠放的供品数",
        "en": "+N  offerings stacked under an ancestor",
    },
    "legend.mark.empty": {"zh": "--  空的位置", "en": "--  an empty slot"},
    "key.table.legend": {"zh": "图例", "en": "Legend"},
    "key.table.autopass": {"zh": "自动不跟牌", "en": "Auto-pass"},
    "autopass.off": {
        "zh": "自动不跟牌：关（每次都问我）",
        "en": "Auto-pass off: you are asked every time",
    },
    "autopass.turn": {
        "zh": "自动不跟牌：本回合不再问我（下个回合恢复）",
        "en": "Auto-pass: not asked again this turn (back on next turn)",
    },
    "autopass.targeted": {
        "zh": "自动不跟牌：只在我或我的牌被指定时问我（本回合）",
        "en": "Auto-pass: asked only when you or your cards are targeted (this turn)",
    },
    "autopass.on.turn": {"zh": "自动不跟牌：本回合", "en": "auto-pass: this turn"},
    "autopass.on.targeted": {"zh": "自动不跟牌：除非被指定", "en": "auto-pass: unless targeted"},
    # result screen
    "result.title": {"zh": "游戏结束", "en": "Game over"},
    "result.winner": {"zh": "{name} 获胜！", "en": "{name} wins!"},
    "result.draw": {"zh": "平局", "en": "A draw"},
    "result.kept.journal": {
        "zh": "本局保存在这里（qingming replay 可回放）：",
        "en": "This game is kept here (qingming replay shows it again):",
    },
    "result.kept.record": {
        "zh": "本局保存在这里（qingming replay 可回放，qingming verify 可再查）：",
        "en": "This game is kept here (qingming replay shows it again, qingming verify checks it):",
    },
    # the banner over the final table
    "table.banner.win": {"zh": "你赢了", "en": "You win"},
    "table.banner.wins": {"zh": "{name} 获胜", "en": "{name} wins"},
    "table.banner.draw": {"zh": "平局", "en": "A draw"},
    "result.ancestor": {"zh": "祖宗牌：{name}", "en": "Ancestor: {name}"},
    "result.takebacks": {"zh": "悔棋次数：{n}", "en": "Take-backs used: {n}"},
    "result.stats": {
        "zh": "共 {rounds} 轮，{turns} 个回合",
        "en": "{rounds} rounds, {turns} turns",
    },
    "result.hands": {"zh": "公开的手牌", "en": "The hands, revealed"},
    "result.col.player": {"zh": "玩家", "en": "Player"},
    "result.col.hand": {"zh": "手牌", "en": "Hand"},
    "result.col.field": {"zh": "场上", "en": "Field"},
    "result.stacked": {
        "zh": "{ancestor}（其下叠放：{cards}）",
        "en": "{ancestor} (stacked under it: {cards})",
    },
    "result.stacked_alone": {"zh": "叠放：{cards}", "en": "stacked: {cards}"},
    "result.rematch": {"zh": "再来一局 (r)", "en": "Rematch (r)"},
    "result.leave": {"zh": "离开 (q)", "en": "Leave (q)"},
    "result.closed": {
        "zh": "这张牌桌已经关闭：不再来一局。",
        "en": "This table has closed: no rematch.",
    },
}
