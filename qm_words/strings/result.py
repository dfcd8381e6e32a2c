"""How a game ended, in one line (:func:`qm_words.describe_result`): the result screen,
``qingming replay``."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
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
}
