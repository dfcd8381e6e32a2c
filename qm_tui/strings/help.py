"""Strings of the help overlay's "on this screen" part: each area's name and what it shows.

``area.SCREEN.AREA`` is an area's name, ``area.SCREEN.AREA.text`` its explanation; the screens
list theirs in ``HELP_AREAS`` (see :mod:`qm_tui.screens.help`).
"""

STRINGS: dict[str, dict[str, str]] = {
    "help.areas": {"zh": "这个画面上", "en": "On this screen"},
    # ── lobby ──
    "area.lobby.tables": {"zh": "牌桌", "en": "Tables"},
    "area.lobby.tables.text": {
        "zh": "在本地网络上找到的牌桌，随时更新：名字、主机、人数、状态。上下键选择，回车加入。"
        "你开的牌桌如果中途中断（程序崩溃），上方会说明，按 o 重新开张。",
        "en": "Tables found on the local network, kept up to date: name, host, players and "
        "state. Up and down choose one, Enter joins it. A table of yours cut off mid-game (its "
        "program crashed) is named above them: o reopens it.",
    },
    "area.lobby.menu": {"zh": "菜单", "en": "Menu"},
    "area.lobby.menu.text": {
        "zh": "开一桌、按地址加入、与机器人对战、规则书、卡牌图鉴、改名字、换语言。",
        "en": "Host a table, join one by its address, play against bots, read the rules, "
        "look at the cards, change your name or the language.",
    },
    "area.lobby.status": {"zh": "状态行", "en": "Status line"},
    "area.lobby.status.text": {
        "zh": "你的名字和语言（都会记住），以及查找牌桌的情况。",
        "en": "Your name and language (both remembered), and how the search for tables goes.",
    },
    # ── waiting room ──
    "area.room.join": {"zh": "加入方式", "en": "How to join"},
    "area.room.join.text": {
        "zh": "把这一行告诉朋友：他们在自己的终端里输入这条命令，或在大厅里按 a 输入这个地址。",
        "en": "Tell friends this line: they type the command in their terminal, or press a in "
        "the lobby and give the address.",
    },
    "area.room.seats": {"zh": "座位", "en": "Seats"},
    "area.room.seats.text": {
        "zh": "谁坐在哪个座位、谁已准备、哪些座位由机器人坐。r 表示准备好了；桌主开始游戏"
        "（没有桌主的一桌，谁都可以开始）。",
        "en": "Who sits where, who is ready, which seats bots take. r says you are ready; "
        "the table's owner starts the game (at a table without one, anyone seated may).",
    },
    "area.room.chat": {"zh": "聊天", "en": "Chat"},
    "area.room.chat.text": {
        "zh": "和这一桌的人说话：输入后按回车。",
        "en": "Talk to the people at this table: type, then Enter.",
    },
    # ── table ──
    "area.table.status": {"zh": "状态行", "en": "Status line"},
    "area.table.status.text": {
        "zh": "第一行：第几回合、第几轮、轮到谁，五个阶段中亮着的是现在的阶段，"
        "牌山和弃牌区还有几张。第二行：现在要做什么（轮到你了、要跟牌吗、等待谁），"
        "剩下的时间（快到时变黄再变红），以及回放的情况：别人的每一步都按你选的速度"
        "一步步放给你看（s 换速度，空格跳到现在）。",
        "en": "First line: the turn and round, whose turn it is, the five phases with the "
        "current one lit, and how many cards are in the deck and the discard pile. Second "
        "line: what is wanted now (your turn, respond?, waiting for someone), the time left "
        "(the bar turns yellow, then red), and the playback: every move of the others is "
        "played back step by step at the pace you choose (s changes it, space skips to now).",
    },
    "area.table.opponents": {"zh": "对手", "en": "Opponents"},
    "area.table.opponents.text": {
        "zh": "每位对手的场地（5 个位置）、手牌张数、祖宗牌和叠放的供品。盖放的牌你看不到是什么。",
        "en": "Each opponent's field (5 slots), hand size, ancestor and stacked offerings. "
        "What their face-down cards are stays hidden from you.",
    },
    "area.table.mine": {"zh": "你的场地和手牌", "en": "Your field and hand"},
    "area.table.mine.text": {
        "zh": "你的 5 个位置和手牌。用方向键在牌之间移动，选中的牌显示在卡牌栏里。",
        "en": "Your 5 slots and your hand. The arrow keys move between cards; the card you are "
        "on is shown in full in the card panel.",
    },
    "area.table.board_foot": {"zh": "上面还有", "en": "Above"},
    "area.table.board_foot.text": {
        "zh": "屏幕放不下整张桌时，牌桌停在你的手牌上，放不下的对手场地在上面：这一行写出是谁的。"
        "按 b 再按 ↑，或滚动鼠标滚轮去看。滚到别处时，牌桌下方的线写出哪边还有（▲ 上面，▼ 下面）。",
        "en": "When the whole table does not fit, the board stays on your hand and the fields "
        "that do not fit are above it: this line says whose. b then ↑, or the mouse wheel, "
        "goes to them. Scrolled elsewhere, the line under the board says which way there is "
        "more (▲ above, ▼ below).",
    },
    "area.table.chain": {"zh": "连锁", "en": "Chain"},
    "area.table.chain.text": {
        "zh": "等待结算的发动，最新的在最上面。连锁从最新的一环开始逆序结算：正在结算的一环高亮，"
        "结算过的标出结果（✓ 做了什么，✗ 被无效）。轮到你决定（或按空格跳过）时还没播完的连锁，"
        "以“刚结算的连锁”为题连同结果留着，直到下一步。",
        "en": "Activations waiting to resolve, newest on top. The chain resolves from the "
        "newest link back to the oldest: the link resolving is lit, and each one resolved "
        "says what it did (✓) or that it was negated (✗). A chain whose playback your "
        "decision (or space) cut short stays, with its outcomes, as 'The chain just "
        "resolved' until the next move.",
    },
    "area.table.detail": {"zh": "卡牌栏", "en": "Card panel"},
    "area.table.detail.text": {
        "zh": "选中的牌或正在回应的牌的全文；按 t 同时显示英文。",
        "en": "The full text of the card you are on, or of the card you are answering; t "
        "adds it in Chinese.",
    },
    "area.table.log": {"zh": "记录", "en": "Log"},
    "area.table.log.text": {
        "zh": "发生过的每一件事，最新的在最下面；按 l 查看全部。",
        "en": "Everything that happened, newest at the bottom; l shows all of it.",
    },
    "area.table.prompt": {"zh": "提示栏", "en": "Prompt"},
    "area.table.prompt.text": {
        "zh": "现在要你做的决定、可选的选项（按选项前标出的键选它，按键栏列出这些键）和剩下的时间；"
        "轮到别人时显示在等谁。数字键只选与牌有关的选项；过、结束和拒绝各用自己的字母键（p、e），"
        "不会被数字键选到。在牌上按回车只显示它会做什么，再按一次回车（或它的键）才做。"
        "新的问题刚出现时选项会暗一下：暗着时按的键不算作答（那是按给上一个画面的），"
        "还会让选项再暗一会儿；键盘停下片刻，选项亮了，按键才作答。",
        "en": "The decision you must make now, its options (the key before an option picks "
        "it; the key bar lists those keys) and the time left; "
        "when someone else decides, who you are waiting for. Numbers pick only options about "
        "cards: pass, end and decline keep their own letters (p, e), never a number. Enter on "
        "a card shows what it will do; a second Enter (or its key) does it. "
        "A new question's options are "
        "dimmed for a moment: a key pressed then (meant for what was there before) does not "
        "answer it and keeps them dimmed a moment longer; once the keys have stopped for a "
        "moment they light up and a key answers.",
    },
    "area.table.chat": {"zh": "聊天", "en": "Chat"},
    "area.table.chat.text": {
        "zh": "给这一桌的人发一句话：输入后按回车，Esc 收起。",
        "en": "A line to everyone at the table: type, then Enter; Esc puts it away.",
    },
    "area.table.keys": {"zh": "按键栏", "en": "Key bar"},
    "area.table.keys.text": {
        "zh": "此刻能用的按键。",
        "en": "The keys that work right now.",
    },
    "area.table.banner": {"zh": "结果横幅", "en": "Banner"},
    "area.table.banner.text": {
        "zh": "对局结束时盖在牌桌上：你赢了，或谁获胜；按 v 看结果。",
        "en": "Over the final table when the game ends: you win, or who won; v opens the result.",
    },
}
