"""Strings of following the game: the phase strip, the "what now" line, the playback, the
final table and the result's details."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the phase strip: short names of the phases, the current one lit
    "strip.draw": {"zh": "抽牌", "en": "Draw"},
    "strip.place": {"zh": "摆放", "en": "Place"},
    "strip.action": {"zh": "行动", "en": "Action"},
    "strip.worship": {"zh": "祭祀", "en": "Worship"},
    "strip.end": {"zh": "结束", "en": "End"},
    # the same, on a narrow line: a letter each for the phases not lit
    "strip.short.draw": {"zh": "抽", "en": "D"},
    "strip.short.place": {"zh": "摆", "en": "P"},
    "strip.short.action": {"zh": "行", "en": "A"},
    "strip.short.worship": {"zh": "祭", "en": "W"},
    "strip.short.end": {"zh": "结", "en": "E"},
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
    # where the bar would be, at a table with no timer: how long the decision has waited
    "timer.idle": {"zh": "已等 {time}", "en": "idle {time}"},
    "now.away.short": {"zh": "等待 {who}（掉线）", "en": "Waiting for {who} (away)"},
    "now.away_bot": {
        "zh": "等待 {who}（掉线）：电脑接手还有",
        "en": "Waiting for {who} (away): a bot takes over in",
    },
    "now.away_timer": {
        "zh": "等待 {who}（掉线）：计时结束还有",
        "en": "Waiting for {who} (away): the timer runs out in",
    },
    "now.over": {"zh": "游戏结束：{who} 获胜", "en": "Game over: {who} wins"},
    "now.over_draw": {"zh": "游戏结束：平局", "en": "Game over: a draw"},
    "now.watching": {"zh": "观战中", "en": "Watching"},
    "now.reconnecting": {
        "zh": "牌桌断线了——重新连接中（第 {who} 次）…",
        "en": "Lost the table — reconnecting (attempt {who})…",
    },
    # the chain, as it unwinds
    "chain.resolving": {"zh": "结算中...", "en": "resolving..."},
    "chain.resolved": {"zh": "已结算", "en": "resolved"},
    "chain.resolved_did": {"zh": "已结算：{what}", "en": "resolved: {what}"},
    "chain.no_effect": {"zh": "已结算，没有效果", "en": "resolved, to no effect"},
    "chain.negated": {"zh": "被无效", "en": "negated"},
    # the playback
    "playback.behind": {
        "zh": "回放中：还有 {n} 步 · 空格跳到现在",
        "en": "Playing back: {n} more · space skips",
    },
    # ... shorter, where the status line is narrow (a long "what now" beside the timer)
    "playback.behind.short": {"zh": "还有 {n} 步 · 空格跳过", "en": "{n} more · space skips"},
    "playback.behind.tiny": {"zh": "+{n} · 空格", "en": "+{n} · space"},
    "playback.pace": {"zh": "速度：{pace} (s)", "en": "pace: {pace} (s)"},
    "playback.pace.short": {"zh": "{pace} (s)", "en": "{pace} (s)"},
    "pace.fast": {"zh": "快", "en": "fast"},
    "pace.normal": {"zh": "正常", "en": "normal"},
    "pace.slow": {"zh": "慢", "en": "slow"},
    "playback.pace_set": {"zh": "回放速度：{pace}", "en": "Playback pace: {pace}"},
    "key.table.pace": {"zh": "速度", "en": "Pace"},
    "key.table.skip": {"zh": "跳到现在", "en": "Skip"},
    "key.table.result": {"zh": "结果", "en": "Result"},
    "now.over_hint": {"zh": "按 v 查看结果", "en": "press v for the result"},
    # the result, over the final table
    "key.result.table": {"zh": "回到牌桌", "en": "Table"},
    "result.table": {"zh": "看牌桌 (Esc)", "en": "See the table (Esc)"},
    "result.stats_title": {"zh": "每位玩家做了什么", "en": "What each player did"},
    "result.stats_from": {"zh": "（从第 {turn} 回合起）", "en": "(from turn {turn})"},
    "result.col.played": {"zh": "出牌", "en": "Cards played"},
    "result.col.responses": {"zh": "应对", "en": "Responses"},
    "result.col.turns": {"zh": "回合", "en": "Turns"},
    "result.log": {"zh": "最后的日志", "en": "The last moves"},
    "result.more": {"zh": "▼ 下面还有：PgDn", "en": "▼ more below: PgDn"},
}
