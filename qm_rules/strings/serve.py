"""The lines ``qingming serve`` prints for the one who runs the table (a host operator's log):
players coming and going, games starting and ending (:mod:`qm_net.host.news`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "serve.join_with": {
        "zh": "玩家用这个命令加入：{commands}",
        "en": "Players join with: {commands}",
    },
    "serve.web": {
        "zh": "浏览器打开 {urls}（牌桌码 {code}，只给牌桌上的人；手机扫下面的二维码）",
        "en": "Browsers open {urls} (the table's code {code}: for the people at this table "
        "only; phones scan the QR code below)",
    },
    "serve.journal": {"zh": "对局记录保存在 {path}", "en": "Games are journaled in {path}"},
    # a second table pointed at a running table's journal (qm_net.journal_io.JournalInUse)
    "serve.journal_in_use": {
        "zh": "这个对局记录正被一张仍在进行的牌桌写入",
        "en": "this journal is being written by a table that is running",
    },
    "serve.joined": {"zh": "{name} 坐到了 {seat} 号座位", "en": "{name} sat down at seat {seat}"},
    "serve.joined.bot": {
        "zh": "机器人 {name} 坐到了 {seat} 号座位",
        "en": "A bot, {name}, sat down at seat {seat}",
    },
    "serve.joined.bot.level": {
        "zh": "机器人 {name}（{level}）坐到了 {seat} 号座位",
        "en": "A bot, {name} ({level}), sat down at seat {seat}",
    },
    "serve.joined.netbot": {
        "zh": "联网的机器人 {name}（{level}）坐到了 {seat} 号座位",
        "en": "{name}, a bot over the network ({level}), sat down at seat {seat}",
    },
    "serve.left": {"zh": "{name} 离开了 {seat} 号座位", "en": "{name} left seat {seat}"},
    "serve.left.conceded": {
        "zh": "{name} 离开了 {seat} 号座位，认输了这局",
        "en": "{name} left seat {seat}, conceding the game",
    },
    "serve.left.bot": {
        "zh": "机器人 {name} 被请下了 {seat} 号座位",
        "en": "The bot {name} was taken off seat {seat}",
    },
    "serve.dropped": {
        "zh": "{name}（{seat} 号座位）断开了连接；座位保留 {grace} 秒",
        "en": "{name} (seat {seat}) lost the connection; the seat is kept for {grace} s",
    },
    "serve.away": {
        "zh": "{name}（{seat} 号座位）暂时离开，保留了座位；座位为其保留 {grace} 秒",
        "en": "{name} (seat {seat}) went away keeping the seat; it is kept for {grace} s",
    },
    "serve.back": {"zh": "{name} 回到了 {seat} 号座位", "en": "{name} is back at seat {seat}"},
    "serve.bot_plays": {
        "zh": "{name} 没有按时回来：机器人接手 {seat} 号座位",
        "en": "{name} did not come back in time: a bot plays seat {seat}",
    },
    "serve.freed": {
        "zh": "{name} 没有按时要求再来一局：{seat} 号座位空出来了",
        "en": "{name} did not ask for a rematch in time: seat {seat} is free",
    },
    "serve.player.bot": {"zh": "{name}（机器人）", "en": "{name} (bot)"},
    "serve.player.bot.level": {"zh": "{name}（机器人，{level}）", "en": "{name} (bot, {level})"},
    "serve.players.sep": {"zh": "、", "en": ", "},
    "serve.resuming": {
        "zh": "接着第 {game} 局第 {turn} 回合继续：{players}",
        "en": "Resuming game {game} at turn {turn}: {players}",
    },
    "serve.resuming.between": {
        "zh": "牌桌重新开张，已进行了 {n} 局",
        "en": "Reopening the table after game {n}",
    },
    "serve.game_started": {
        "zh": "第 {game} 局开始：{players}",
        "en": "Game {game} starts: {players}",
    },
    "serve.game_over.win": {
        "zh": "第 {game} 局结束：{who} 获胜（{how}），{n} 个回合",
        "en": {
            "one": "Game {game} over: {who} wins ({how}) after {n} turn",
            "other": "Game {game} over: {who} wins ({how}) after {n} turns",
        },
    },
    "serve.game_over.draw": {
        "zh": "第 {game} 局结束：平局（{how}），{n} 个回合",
        "en": {
            "one": "Game {game} over: a draw ({how}) after {n} turn",
            "other": "Game {game} over: a draw ({how}) after {n} turns",
        },
    },
    "serve.game_over.saved": {"zh": "（记录在 {path}）", "en": " (journaled in {path})"},
    "serve.closed": {
        "zh": "牌桌关闭了，共进行了 {n} 局",
        "en": {
            "one": "The table closed after {n} game",
            "other": "The table closed after {n} games",
        },
    },
}
