"""Strings about holding a seat: taking it back, watching, bots playing for the away, leaving."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "seats.back": {
        "zh": "你的座位回来了（第 {seat} 座）。",
        "en": "You have your seat back (seat {seat}).",
    },
    "seats.custom_cards": {
        "zh": "这张桌用桌主自己的卡组（{n} 种牌），牌名和牌文都以它为准；F3 打开卡牌图鉴。",
        "en": "This table plays its host's own card set ({n} cards), with its own names and "
        "texts; F3 opens the card gallery.",
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
    "seats.leveled": {"zh": "{word}（{level}）", "en": "{word} ({level})"},
    "seats.bot_took_over": {
        "zh": "{name} 没有回来：电脑替 ta 打。",
        "en": "{name} did not come back: a bot plays for them.",
    },
    "seats.away_goes_on": {
        "zh": "{name} 不在牌桌上了；牌局照常进行：{n} 秒内没回来，就由电脑替 ta 打。",
        "en": "{name} is away; the table goes on: a bot plays for them in {n} s unless "
        "they come back.",
    },
    "seats.player_back": {
        "zh": "{name} 回来了，接回了自己的座位。",
        "en": "{name} is back and plays their own seat again.",
    },
    "seats.bot_took_over.you": {
        "zh": "你没有及时回来：从这里起是电脑替你打的。",
        "en": "You did not come back in time: from here a bot played for you.",
    },
    "seats.player_back.you": {
        "zh": "你回来了，接回了自己的座位。",
        "en": "You are back and play your own seat again.",
    },
    "seats.resume_failed": {
        "zh": "无法接着玩 {path}：{error}",
        "en": "Cannot carry on the game in {path}: {error}",
    },
    "seats.no_journal": {
        "zh": "无法保存对局记录（{error}）：这局不会被记下。",
        "en": "Cannot save the game's journal ({error}): this game is not recorded.",
    },
    "seats.leave.closes": {
        "zh": "你是这张桌的主人：你一走，牌桌就对其他 {n} 位玩家关闭。",
        "en": {
            "one": "You host this table: if you go, it closes for {n} other player.",
            "other": "You host this table: if you go, it closes for {n} other players.",
        },
    },
    "seats.leave.can_hand_over": {
        "zh": "你也可以把牌桌交出去：它在后台继续，直到本局结束"
        "（你的座位由电脑代打，可随时回来）。",
        "en": "Or hand it over: it goes on in the background until this game ends (a bot plays "
        "your seat; you can come back).",
    },
    "seats.leave.no_hand_over.journal": {
        "zh": "这张桌没有保存对局记录（--no-journal），无法交出去。",
        "en": "It cannot be handed over: it keeps no journal (--no-journal).",
    },
    "seats.leave.no_hand_over.lobby": {
        "zh": "还没有开局，没有可以交出去的对局。",
        "en": "No game has begun, so there is nothing to hand over.",
    },
    "seats.leave.concedes": {
        "zh": "对局还在进行：离开就是认输。",
        "en": "A game is on: leaving concedes it.",
    },
    "seats.leave.saved": {
        "zh": "对局已保存：用 qingming play --resume 可以接着玩。",
        "en": "The game is saved: qingming play --resume carries it on.",
    },
    "seats.leave.unsaved": {
        "zh": "这局没有保存（--no-journal）：离开后就结束了。",
        "en": "This game is not saved (--no-journal): it ends when you go.",
    },
    "seats.leave.quit": {"zh": "退出", "en": "Quit"},
    "seats.leave.leave": {"zh": "离开", "en": "Leave"},
    "seats.leave.close": {"zh": "关闭牌桌", "en": "Close the table"},
    "seats.leave.hand_over": {"zh": "交出牌桌", "en": "Hand it over"},
    "seats.leave.stay": {"zh": "留下", "en": "Stay"},
    "seats.left.saved": {
        "zh": "对局已保存：qingming play --resume 接着玩。",
        "en": "Your game is saved: qingming play --resume carries it on.",
    },
    "seats.handed_over": {
        "zh": "牌桌在端口 {port} 上继续（qingming serve）。"
        "回来坐回你的座位：qingming join {address}",
        "en": "The table goes on at port {port} (qingming serve). To take your seat back: "
        "qingming join {address}",
    },
    "seats.hand_over_failed": {
        "zh": "牌桌没能交出去：{error}",
        "en": "The table could not be handed over: {error}",
    },
    "room.join_with": {
        "zh": "朋友这样加入：{command}",
        "en": "Friends join with: {command}",
    },
    "room.join_also": {"zh": "（也可用 {addresses}）", "en": "(or at {addresses})"},
    "room.start_unready": {
        "zh": "还有 {n} 人没准备好：{names}。仍然开局吗？",
        "en": "Not ready yet ({n}): {names}. Start anyway?",
    },
    "room.start_anyway": {"zh": "开局", "en": "Start anyway"},
    "room.wait": {"zh": "再等等", "en": "Wait"},
    "seats.leave.concede": {"zh": "认输并退出", "en": "Concede and quit"},
    "seats.leave.keep": {"zh": "保留座位，稍后回来", "en": "Keep my seat, back later"},
    "seats.leave.can_keep": {
        "zh": "也可以保留座位离开：稍后用 qingming join 回来；离开太久，电脑会先替你打。",
        "en": "Or keep your seat: come back with qingming join; away too long, a bot plays it "
        "until you are back.",
    },
    "waiting.due": {
        "zh": "你对“{what}”的回答还剩 {n} 秒：牌桌的计时不会为你暂停。",
        "en": "Your answer to “{what}” is due in {n} s: the table's timer does not stop for you.",
    },
    "waiting.open": {
        "zh": "牌桌在等你回答：“{what}”。",
        "en": "The table is waiting for your answer to “{what}”.",
    },
    "waiting.timed_out": {
        "zh": "你对“{what}”的回答超时了（{took}）。",
        "en": "Time ran out for your answer to “{what}” ({took}).",
    },
    "seats.left.kept": {
        "zh": "你的座位保留着：qingming join {address} 回来"
        "（{grace} 秒后电脑替你打，直到你回来）。",
        "en": "Your seat is kept: qingming join {address} takes it back (after {grace} s a bot "
        "plays it until you return).",
    },
}
