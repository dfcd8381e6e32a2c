"""Strings about holding a seat: taking it back, watching, bots playing for the away, leaving."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "seats.back": {
        "zh": "你的座位回来了（第 {seat} 座）。",
        "en": "You have your seat back (seat {seat}).",
    },
    "seats.watching.game_on": {
        "zh": "对局已开始，这张桌上没有你的座位：你在观战。",
        "en": "A game is on and no seat here is yours: you are watching.",
    },
    "seats.watching.full": {
        "zh": "这张桌已坐满：你在观战。",
        "en": "This table is full: you are watching.",
    },
    "seats.watching.other": {
        "zh": "无法入座（{error}）：你在观战。",
        "en": "No seat ({error}): you are watching.",
    },
    "seats.watching": {"zh": "观战中", "en": "Watching"},
    "seats.bot_playing": {"zh": "电脑代打", "en": "a bot plays"},
    "seats.bot_took_over": {
        "zh": "{name} 没有回来：电脑替 ta 打。",
        "en": "{name} did not come back: a bot plays for them.",
    },
    "seats.player_back": {
        "zh": "{name} 回来了，接回了自己的座位。",
        "en": "{name} is back and plays their own seat again.",
    },
    "seats.resume_failed": {
        "zh": "无法接着玩 {path}：{error}",
        "en": "Cannot carry on the game in {path}: {error}",
    },
    "seats.no_journal": {
        "zh": "无法保存对局记录（{error}）：这局不会被记下。",
        "en": "Cannot save the game's journal ({error}): this game is not recorded.",
    },
    "seats.journal_saved": {
        "zh": "本局记录保存在 {path}（用 qingming replay 回放）",
        "en": "This game is saved in {path} (watch it again with qingming replay)",
    },
}
