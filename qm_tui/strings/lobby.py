"""Strings of the app shell: lobby, host form, waiting room, rulebook, gallery, help, palette.

``key.<binding id>`` strings are the descriptions of key bindings (see qm_tui.bindings).
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "lang.name": {"zh": "中文", "en": "English"},
    # ── app ──
    "app.practice_table": {"zh": "{name} 的练习桌", "en": "{name}'s practice table"},
    # the screen over the lobby while `play`, `join` or `play --resume` starts (first run:
    # behind "how to play")
    "start.title": {"zh": "清明 Qingming", "en": "Qingming 清明"},
    "start.play": {
        "zh": "即将开局：你和 {n} 个机器人（{level}）",
        "en": {
            "one": "Starting a game: you and {n} bot ({level})",
            "other": "Starting a game: you and {n} bots ({level})",
        },
    },
    "start.join": {"zh": "即将加入 {address} 的牌桌", "en": "Joining the table at {address}"},
    "start.resume": {"zh": "即将继续这局游戏：{path}", "en": "Carrying on the game in {path}"},
    "area.start": {"zh": "开局", "en": "Starting"},
    "area.start.text": {
        "zh": "命令行要求开始的内容：一局与机器人的游戏、加入一张牌桌或继续一局游戏。"
        "等候室一打开就会替换这个画面；如果开始失败，会回到大厅并说明原因。",
        "en": "What the command line asked to start: a game against bots, a table to join, "
        "or a game to carry on. The waiting room replaces this screen as soon as it opens; "
        "if the start fails you are taken to the lobby and told why.",
    },
    "app.connecting": {"zh": "正在连接 {address} ...", "en": "Connecting to {address}..."},
    "app.error.address": {
        "zh": "地址无效：{address}（例如 192.168.1.5 或 192.168.1.5:7351）",
        "en": "Not an address: {address} (HOST or HOST:PORT)",
    },
    "net.error.no_host": {
        "zh": "这个网络上找不到名叫 {host} 的主机。",
        "en": "No host named {host} on this network.",
    },
    "net.lost.dropped": {
        "zh": "与主机的连接中断了——它的程序可能崩溃了，或者网络断了",
        "en": "the connection to the host broke off — its program may have crashed, or the "
        "network failed",
    },
    "net.lost.silent": {
        "zh": "主机不再回应",
        "en": "the host stopped answering",
    },
    "net.lost.replaced": {
        "zh": "你在另一个窗口里（同一位玩家）接过了这个座位",
        "en": "your seat was taken over by another window of yours (the same player)",
    },
    "net.error.refused": {
        "zh": "{address} 上没有牌桌在等人加入：牌桌还开着吗？端口对吗？",
        "en": "Nothing is listening at {address}: is the table still open, and the port right?",
    },
    "net.error.timeout": {
        "zh": "{address} 没有回应。",
        "en": "No answer from {address}.",
    },
    "net.error.unreachable": {
        "zh": "从这个网络到不了 {address}。",
        "en": "{address} cannot be reached from this network.",
    },
    "net.error.table": {
        "zh": "{address} 的牌桌拒绝了你：{reason}",
        "en": "The table at {address} turned you away: {reason}",
    },
    "net.error.cards_refused": {
        "zh": "{address} 的牌桌用自己的卡组，但发来的卡组在这里用不了：{reason}",
        "en": "The table at {address} plays its own card set, but the set it sent cannot be "
        "used here: {reason}",
    },
    "net.error.other": {
        "zh": "无法连接 {address}：{reason}",
        "en": "Cannot connect to {address}: {reason}",
    },
    "app.left_table": {"zh": "已回到大厅：{reason}", "en": "Back in the lobby: {reason}"},
    "app.error.worker": {"zh": "出错了：{error}", "en": "Something went wrong: {error}"},
    "key.app.help": {"zh": "帮助", "en": "Help"},
    "key.app.rulebook": {"zh": "规则", "en": "Rules"},
    "key.app.gallery": {"zh": "卡牌", "en": "Cards"},
    "key.app.quit": {"zh": "退出", "en": "Quit"},
    "key.app.palette": {"zh": "命令", "en": "palette"},
    # ── the command palette (Ctrl+P): its search line and Textual's own commands ──
    "palette.placeholder": {"zh": "搜索命令…", "en": "Search for commands…"},
    "syscmd.theme": {"zh": "配色", "en": "Theme"},
    "syscmd.theme.help": {"zh": "换一套界面配色", "en": "Change the current theme"},
    "syscmd.quit": {"zh": "退出", "en": "Quit"},
    "syscmd.quit.help": {"zh": "退出游戏（牌局中会先问你）", "en": "Quit (mid-game, asks first)"},
    "syscmd.keys": {"zh": "按键", "en": "Keys"},
    "syscmd.keys.help": {
        "zh": "显示或隐藏当前部件的说明和可用按键",
        "en": "Show or hide the help of the focused widget and the keys you can use",
    },
    "syscmd.minimize": {"zh": "还原", "en": "Minimize"},
    "syscmd.minimize.help": {"zh": "把放大的部件还原", "en": "Restore the widget to normal size"},
    "syscmd.maximize": {"zh": "放大", "en": "Maximize"},
    "syscmd.maximize.help": {"zh": "放大当前部件", "en": "Maximize the focused widget"},
    "syscmd.screenshot": {"zh": "截图", "en": "Screenshot"},
    "syscmd.screenshot.help": {
        "zh": "把当前画面存为 SVG 图片",
        "en": "Save an SVG 'screenshot' of the current screen",
    },
    # ── lobby ──
    "lobby.title": {"zh": "清明 Qingming · 大厅", "en": "Qingming 清明 · Lobby"},
    "lobby.tables": {"zh": "局域网上的牌桌", "en": "Tables on the local network"},
    "lobby.col.name": {"zh": "牌桌", "en": "Table"},
    "lobby.col.host": {"zh": "地址", "en": "Address"},
    "lobby.col.seats": {"zh": "座位", "en": "Seats"},
    # the seats column of a table some of whose seats bots play
    "lobby.web": {"zh": "浏览器：{url}", "en": "browsers: {url}"},
    "lobby.seats.bots": {
        "zh": "{seats}（{n} 个机器人）",
        "en": {"one": "{seats} ({n} bot)", "other": "{seats} ({n} bots)"},
    },
    "lobby.col.state": {"zh": "状态", "en": "State"},
    "lobby.state.lobby": {"zh": "等待中", "en": "waiting"},
    "lobby.state.playing": {"zh": "对局中", "en": "playing"},
    "lobby.state.ended": {"zh": "已结束", "en": "ended"},
    "lobby.state.full": {"zh": "已满", "en": "full"},
    "lobby.state.incompatible": {"zh": "版本不同", "en": "other version"},
    "lobby.cards.custom": {"zh": "{state} · 自制卡组", "en": "{state} · custom cards"},
    "lobby.empty": {
        "zh": "正在寻找局域网上的牌桌...还没有。\n开一桌：h　按地址加入：a　与机器人对战：p",
        "en": "Looking for tables on the local network... none yet.\n"
        "Host one: h   Join by address: a   Play bots: p",
    },
    "lobby.status": {
        "zh": "你：{name}    语言：{lang_name}",
        "en": "You: {name}    Language: {lang_name}",
    },
    "lobby.discovery_error": {
        "zh": "（无法搜索局域网：{error}）",
        "en": "(cannot search the network: {error})",
    },
    "lobby.nothing_selected": {"zh": "没有选中的牌桌。", "en": "No table selected."},
    "lobby.interrupted": {
        "zh": "你开的牌桌“{table}”在第 {game} 局第 {turn} 回合中断了（{players}）。",
        "en": 'Your table "{table}" was interrupted in game {game} at turn {turn} ({players}).',
    },
    "lobby.interrupted.private": {
        "zh": "按 o 重新开张，从中断处接着玩。",
        "en": "Press o to reopen it and carry on where it stopped.",
    },
    "lobby.interrupted.lan": {
        "zh": "按 o 在局域网上重新开张：其他人再加入它就能拿回座位。",
        "en": "Press o to reopen it on the network: the others join it again to get their "
        "seats back.",
    },
    "lobby.interrupted.sep": {"zh": "、", "en": ", "},
    "lobby.interrupted.none": {
        "zh": "没有中断的牌桌可以重新开张。",
        "en": "No interrupted table of yours to reopen.",
    },
    "key.lobby.reopen": {"zh": "重开", "en": "Reopen"},
    "menu.join": {"zh": "加入所选牌桌", "en": "Join selected"},
    "menu.address": {"zh": "按地址加入", "en": "Join by address"},
    "menu.host": {"zh": "开一桌", "en": "Host a table"},
    "menu.play": {"zh": "与机器人对战", "en": "Play bots"},
    "menu.rules": {"zh": "规则书", "en": "Rulebook"},
    "menu.cards": {"zh": "卡牌图鉴", "en": "Card gallery"},
    "menu.name": {"zh": "改名字", "en": "Your name"},
    "menu.lang": {"zh": "English", "en": "中文"},
    "key.lobby.join": {"zh": "加入", "en": "Join"},
    "key.lobby.host": {"zh": "开桌", "en": "Host"},
    "key.lobby.address": {"zh": "地址", "en": "Address"},
    "key.lobby.play": {"zh": "人机", "en": "Bots"},
    "key.lobby.rules": {"zh": "规则", "en": "Rules"},
    "key.lobby.cards": {"zh": "卡牌", "en": "Cards"},
    "key.lobby.stats": {"zh": "战绩", "en": "Record"},
    "key.lobby.name": {"zh": "名字", "en": "Name"},
    "key.lobby.lang": {"zh": "English", "en": "中文"},
    "key.lobby.help": {"zh": "帮助", "en": "Help"},
    # ── ask ──
    "ask.address": {"zh": "牌桌地址（例如 192.168.1.5:7351）", "en": "Table address (HOST:PORT)"},
    "ask.name": {"zh": "你的名字", "en": "Your name"},
    "key.ask.cancel": {"zh": "取消", "en": "Cancel"},
    # ── host form ──
    "form.title": {"zh": "开一桌", "en": "Host a table"},
    "form.name": {"zh": "桌名", "en": "Table name"},
    "form.default_name": {"zh": "{name} 的牌桌", "en": "{name}'s table"},
    "form.seats": {"zh": "座位（2-6）", "en": "Seats (2-6)"},
    "form.bots": {"zh": "机器人", "en": "Bots"},
    "form.bots.placeholder": {"zh": "0", "en": "0"},
    "form.level": {"zh": "机器人水平", "en": "Bot level"},
    "form.web": {"zh": "浏览器", "en": "Browsers"},
    "form.web.help": {
        "zh": "也让局域网里的浏览器（手机也行）凭牌桌码入座",
        "en": "browsers on the LAN (phones too) sit down with the table's code",
    },
    "room.web": {
        "zh": "浏览器打开：{url}（牌桌码 {code}，只给这桌的人）",
        "en": "Browsers open: {url} (the table's code {code}: for this table's people only)",
    },
    "room.web_failed": {
        "zh": "网页没能打开（{error}）；终端照样能加入。",
        "en": "The table's web page could not open ({error}); terminals can join as before.",
    },
    "room.web_qr.title": {
        "zh": "手机扫这个二维码入座（牌桌码已在里面）",
        "en": "Phones scan this to sit down (the code is in it)",
    },
    "room.add_bot.level": {
        "zh": "加一个机器人：它的水平？",
        "en": "Add a bot: how well should it play?",
    },
    "room.add_bot.cancel": {"zh": "取消", "en": "Cancel"},
    "play_bots.level": {
        "zh": "与三个机器人对战：它们的水平？",
        "en": "Play against three bots: how well should they play?",
    },
    "form.cards": {"zh": "卡牌组", "en": "Card set"},
    "form.cards.placeholder": {
        "zh": "空着：游戏自带的；或一个 .toml 文件",
        "en": "empty: the game's own; or a .toml file",
    },
    "form.error.cards.read": {
        "zh": "卡牌组 {file} 读不了：{error}",
        "en": "The card set {file} cannot be read: {error}",
    },
    "form.error.cards.faults": {
        "zh": "这套卡牌有 {n} 处问题，没有开桌：",
        "en": {
            "one": "The card set has {n} fault; the table was not hosted:",
            "other": "The card set has {n} faults; the table was not hosted:",
        },
    },
    "form.error.cards.unfit": {
        "zh": "卡牌组 {file} 没法发给这桌的客人：{why}",
        "en": "The card set {file} cannot be sent to the table's guests: {why}",
    },
    "form.error.cards.more": {
        "zh": "……还有 {n} 处问题：qingming cards check {file} 全部列出。",
        "en": {
            "one": "…and {n} more fault: qingming cards check {file} lists them all.",
            "other": "…and {n} more faults: qingming cards check {file} lists them all.",
        },
    },
    "form.submit": {"zh": "开桌 (Ctrl+S)", "en": "Host (Ctrl+S)"},
    "form.cancel": {"zh": "取消 (Esc)", "en": "Cancel (Esc)"},
    "form.error.name": {"zh": "请给牌桌起个名字。", "en": "The table needs a name."},
    "form.error.bots": {
        "zh": "机器人数量应在 0 到 {most} 之间（要给你留个座位）。",
        "en": "Bots: 0 to {most} (one seat is yours).",
    },
    "form.error.number": {"zh": "这里需要一个数字。", "en": "A number, please."},
    "form.error.option": {"zh": "{label}：{range}", "en": "{label}: {range}"},
    "form.error.option.typing": {"zh": "（{typing}）", "en": " ({typing})"},
    "key.host_form.submit": {"zh": "开桌", "en": "Host"},
    "key.host_form.cancel": {"zh": "取消", "en": "Cancel"},
    # ── waiting room ──
    "room.title": {"zh": "牌桌「{table}」", "en": "Table \u201c{table}\u201d"},
    "room.state.lobby": {"zh": "等待开局", "en": "waiting to start"},
    "room.state.playing": {"zh": "对局中", "en": "playing"},
    "room.state.ended": {"zh": "本局已结束", "en": "game over"},
    "room.seats": {"zh": "座位", "en": "Seats"},
    "room.chat": {"zh": "聊天", "en": "Chat"},
    "room.chat_placeholder": {"zh": "说点什么，回车发送", "en": "Say something, Enter to send"},
    "room.col.seat": {"zh": "座", "en": "#"},
    "room.col.name": {"zh": "玩家", "en": "Player"},
    "room.col.kind": {"zh": "类型", "en": "Kind"},
    "room.col.ready": {"zh": "准备", "en": "Ready"},
    "room.kind.human": {"zh": "玩家", "en": "player"},
    "room.kind.bot": {"zh": "机器人", "en": "bot"},
    "room.kind.netbot": {"zh": "联网机器人", "en": "network bot"},
    "room.kind.empty": {"zh": "空位", "en": "empty"},
    "room.empty_seat": {"zh": "（空）", "en": "(empty)"},
    "room.you": {"zh": "你", "en": "you"},
    "room.owner": {"zh": "桌主", "en": "owner"},
    "room.away": {"zh": "掉线", "en": "away"},
    "room.is_ready": {"zh": "已准备", "en": "ready"},
    "room.your_seat": {
        "zh": "你坐在 {seat} 号座位（{name}）。",
        "en": "You sit at seat {seat} ({name}).",
    },
    "room.watching": {"zh": "你在观战。", "en": "You are watching."},
    "room.waiting_for_owner": {
        "zh": "等待桌主 {name} 开始游戏。",
        "en": "Waiting for {name}, the owner, to start the game.",
    },
    "room.anyone_starts": {
        "zh": "这一桌没有桌主：坐下的任何人都可以开始游戏、加减机器人。",
        "en": "This table has no owner: anyone seated may start the game and add or remove bots.",
    },
    "room.refused": {"zh": "主机拒绝了：{message}", "en": "The host refused: {message}"},
    "room.lost": {
        "zh": "与主机的连接断开了：{reason}",
        "en": "Lost the connection to the host: {reason}",
    },
    "key.room.ready": {"zh": "准备", "en": "Ready"},
    "key.room.web_qr": {"zh": "二维码", "en": "QR code"},
    "key.room.start": {"zh": "开局", "en": "Start"},
    "key.room.add_bot": {"zh": "加机器人", "en": "Add bot"},
    "key.room.remove_bot": {"zh": "移除机器人", "en": "Remove bot"},
    "key.room.chat": {"zh": "聊天", "en": "Chat"},
    "key.room.leave": {"zh": "离开", "en": "Leave"},
    "key.room.help": {"zh": "帮助", "en": "Help"},
    # ── rulebook ──
    "rulebook.title": {"zh": "规则书", "en": "Rulebook"},
    "rulebook.missing": {
        "zh": "# 规则书\n\n找不到规则书（docs/RULES.md）。",
        "en": "# Rulebook\n\nThe rulebook (docs/RULES.md) was not found.",
    },
    "key.rulebook.close": {"zh": "返回", "en": "Back"},
    "key.rulebook.toc": {"zh": "目录", "en": "Contents"},
    "key.rulebook.lang": {"zh": "English", "en": "中文"},
    "key.rulebook.next": {"zh": "下一节", "en": "Next"},
    "key.rulebook.previous": {"zh": "上一节", "en": "Previous"},
    "key.rulebook.page_down": {"zh": "下一页", "en": "Page down"},
    "key.rulebook.page_up": {"zh": "上一页", "en": "Page up"},
    # ── gallery ──
    "gallery.title": {"zh": "卡牌图鉴（{n} 种）", "en": "Card gallery ({n} cards)"},
    "gallery.filter": {"zh": "筛选（/）", "en": "Filter (/)"},
    "gallery.none": {"zh": "没有符合的卡牌。", "en": "No card matches."},
    "gallery.field.type": {"zh": "类型", "en": "Type"},
    "gallery.field.tags": {"zh": "标签", "en": "Tags"},
    "gallery.field.copies": {"zh": "每份基础套牌张数", "en": "Copies per base set"},
    "gallery.field.pool": {"zh": "祖宗牌池中 1 张", "en": "One in the ancestor pool"},
    "key.gallery.close": {"zh": "返回", "en": "Back"},
    "key.gallery.filter": {"zh": "筛选", "en": "Filter"},
    # ── help ──
    "help.title": {"zh": "按键", "en": "Keys"},
    "help.palette": {"zh": "命令面板", "en": "Command palette"},
    "help.hint": {"zh": "Esc 关闭。鼠标也可以点。", "en": "Esc closes. The mouse works too."},
    "key.help.close": {"zh": "关闭", "en": "Close"},
    # ── command palette ──
    "cmd.play_bots": {"zh": "与机器人对战", "en": "Play against bots"},
    "cmd.host": {"zh": "开一桌", "en": "Host a table"},
    "cmd.join_address": {"zh": "按地址加入牌桌", "en": "Join a table by address"},
    "cmd.rulebook": {"zh": "规则书", "en": "Rulebook"},
    "cmd.gallery": {"zh": "卡牌图鉴", "en": "Card gallery"},
    "cmd.stats": {"zh": "我的战绩", "en": "My record"},
    "cmd.name": {"zh": "修改名字", "en": "Change your name"},
    "cmd.lang": {"zh": "切换语言 (English)", "en": "Switch language (中文)"},
    "cmd.help": {"zh": "按键帮助", "en": "Keys help"},
}
