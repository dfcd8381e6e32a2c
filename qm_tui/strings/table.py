"""Strings of the table and result screens (card names and texts come from the card data)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # key descriptions (footer and help), one per binding id
    "key.table.option": {"zh": "选项", "en": "Options"},
    "key.table.pass": {"zh": "不跟", "en": "Pass"},
    "key.table.end": {"zh": "结束/跳过", "en": "End/skip"},
    "key.table.cancel": {"zh": "取消", "en": "Cancel"},
    "key.table.options": {"zh": "选项列表", "en": "Options"},
    "key.table.chat": {"zh": "聊天", "en": "Chat"},
    "key.table.log": {"zh": "日志", "en": "Log"},
    "key.table.discard": {"zh": "弃牌区", "en": "Discards"},
    "key.table.help": {"zh": "帮助", "en": "Help"},
    "key.table.rulebook": {"zh": "规则", "en": "Rules"},
    "key.table.gallery": {"zh": "卡牌", "en": "Cards"},
    "key.table.concede": {"zh": "认输", "en": "Concede"},
    "key.table.board": {"zh": "牌桌", "en": "Board"},
    "key.result.rematch": {"zh": "再来一局", "en": "Rematch"},
    "key.result.leave": {"zh": "离开", "en": "Leave"},
    # status line
    "table.status": {
        "zh": "第 {turn} 回合 | 第 {round} 轮 | {name} 的{phase} | 牌山 {deck} | 弃牌区 {discard}",
        "en": "Turn {turn} | Round {round} | {name}: {phase} | Deck {deck} | Discard {discard}",
    },
    "table.prohibited": {"zh": " | 本回合禁止燃烧牌", "en": " | Burning cards banned this turn"},
    "table.you": {"zh": "（你）", "en": " (you)"},
    "table.hand_count": {"zh": "手牌 {n}", "en": "hand {n}"},
    "table.stacked": {"zh": "叠放 {n}", "en": "stacked {n}"},
    "table.conn.on": {"zh": "在线", "en": "online"},
    "table.conn.off": {"zh": "离线", "en": "offline"},
    "table.conn.bot": {"zh": "电脑", "en": "bot"},
    "table.conceded": {"zh": "已认输", "en": "conceded"},
    "table.deciding": {"zh": "思考中", "en": "deciding"},
    "table.chain": {"zh": "连锁（新的在上）", "en": "Chain (newest on top)"},
    "table.detail.hint": {
        "zh": "方向键在牌桌上移动，回车选择。标记：^ 燃烧  = 横置  # 盖放",
        "en": "Arrows move over the table, Enter chooses. Marks: ^ Burning  = tapped  # face-down",
    },
    "table.waiting": {"zh": "等待中...", "en": "Waiting..."},
    "table.chat.placeholder": {
        "zh": "说点什么，回车发送，Esc 关闭",
        "en": "Say something; Enter sends, Esc closes",
    },
    "table.log.title": {"zh": "游戏日志", "en": "Game log"},
    "table.discard.title": {
        "zh": "弃牌区（{n} 张，最新的在上）",
        "en": "Discard pile ({n}, newest first)",
    },
    "table.discard.empty": {"zh": "弃牌区是空的", "en": "The discard pile is empty"},
    "table.concede.ask": {"zh": "确定认输吗？", "en": "Concede this game?"},
    "table.yes": {"zh": "是", "en": "Yes"},
    "table.no": {"zh": "否", "en": "No"},
    "table.no_option": {"zh": "现在没有这个选项", "en": "That is not an option now"},
    "table.tile.several": {
        "zh": "这张牌有几个选项：请在列表中选择",
        "en": "Several options use this card: pick one in the list",
    },
    "table.error": {"zh": "被拒绝：{message}", "en": "Refused: {message}"},
    "table.lost": {"zh": "与牌桌的连接断开：{reason}", "en": "Lost the table: {reason}"},
    "table.reconnecting": {
        "zh": "与牌桌的连接断开（{reason}），正在用你的座位凭证重新连接...",
        "en": "Lost the table ({reason}); reconnecting with your seat's token...",
    },
    "table.back": {
        "zh": "已重新连上牌桌，座位还是你的。",
        "en": "Back at the table: your seat is yours again.",
    },
    "table.your_hand": {"zh": "你的手牌", "en": "Your hand"},
    # result screen
    "result.title": {"zh": "游戏结束", "en": "Game over"},
    "result.winner": {"zh": "{name} 获胜！", "en": "{name} wins!"},
    "result.draw": {"zh": "平局", "en": "A draw"},
    "result.reason.worship": {"zh": "祭祀成功", "en": "by worship"},
    "result.reason.last_standing": {"zh": "其他玩家都已认输", "en": "the last player standing"},
    "result.reason.round_limit": {"zh": "到达回合上限", "en": "the round limit was reached"},
    "result.reason.stalemate": {
        "zh": "僵局：再无可做之事",
        "en": "a stalemate: nothing left to happen",
    },
    "result.ancestor": {"zh": "祖宗牌：{name}", "en": "Ancestor: {name}"},
    "result.stats": {
        "zh": "共 {rounds} 轮，{turns} 个回合",
        "en": "{rounds} rounds, {turns} turns",
    },
    "result.hands": {"zh": "公开的手牌", "en": "The hands, revealed"},
    "result.col.player": {"zh": "玩家", "en": "Player"},
    "result.col.hand": {"zh": "手牌", "en": "Hand"},
    "result.col.field": {"zh": "场上", "en": "Field"},
    "result.rematch": {"zh": "再来一局 (r)", "en": "Rematch (r)"},
    "result.leave": {"zh": "离开 (q)", "en": "Leave (q)"},
}
