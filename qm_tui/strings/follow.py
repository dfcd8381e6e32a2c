"""Strings of following the game: the phase strip, the "what now" line, the playback, the
final table and the result's details."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the phase strip: short names, the current one lit
    "phase.draw": {"zh": "抽牌", "en": "Draw"},
    "phase.place": {"zh": "摆放", "en": "Place"},
    "phase.action": {"zh": "行动", "en": "Action"},
    "phase.worship": {"zh": "祭祀", "en": "Worship"},
    "phase.end": {"zh": "结束", "en": "End"},
    "status.turn": {
        "zh": "第 {turn} 回合 · 第 {round} 轮 · {name}",
        "en": "Turn {turn} · Round {round} · {name}",
    },
    "status.piles": {
        "zh": "牌山 {deck} · 弃牌 {discard}",
        "en": "Deck {deck} · Discard {discard}",
    },
    # what now
    "now.mine": {"zh": "轮到你了", "en": "Your turn"},
    "now.respond": {"zh": "要跟牌吗？", "en": "Respond?"},
    "now.sent": {"zh": "已选择，等待牌桌...", "en": "Sent; waiting for the table..."},
    "now.waiting": {"zh": "等待 {who}", "en": "Waiting for {who}"},
    "now.over": {"zh": "游戏结束：{who} 获胜", "en": "Game over: {who} wins"},
    "now.over_draw": {"zh": "游戏结束：平局", "en": "Game over: a draw"},
    "now.watching": {"zh": "观战中", "en": "Watching"},
}
