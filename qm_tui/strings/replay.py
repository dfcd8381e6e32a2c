"""A kept game replayed on the table (``qingming replay``, :mod:`qm_tui.screens.replay`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "replay.bar": {
        "zh": "回放 · 第 {step}/{steps} 步 · 第 {turn}/{turns} 回合 · 视角：{who}{chain}",
        "en": "Replay · step {step}/{steps} · turn {turn}/{turns} · seen as {who}{chain}",
    },
    "replay.bar.chain": {"zh": " · 连锁 {n}/{of}", "en": " · chain {n}/{of}"},
    "replay.spectators": {"zh": "旁观者", "en": "a spectator"},
    "replay.at_start": {"zh": "已在开局。", "en": "This is the start of the game."},
    "replay.at_end": {"zh": "已到最后一步。", "en": "This is the last step of the game."},
    "replay.no_turn": {
        "zh": "之后没有回合了。",
        "en": "There is no turn after this one.",
    },
    "replay.no_turn_before": {
        "zh": "之前没有回合了。",
        "en": "There is no turn before this one.",
    },
    "replay.no_chain": {"zh": "之后没有连锁了。", "en": "There is no chain after this step."},
    "replay.no_chain_before": {
        "zh": "之前没有连锁了。",
        "en": "There is no chain before this step.",
    },
    "replay.ask_turn": {
        "zh": "跳到第几回合？（1 到 {turns}）",
        "en": "Go to which turn? (1 to {turns})",
    },
    "replay.bad_turn": {
        "zh": "没有第 {text} 回合：这局有第 1 到 {turns} 回合。",
        "en": "There is no turn {text}: this game has turns 1 to {turns}.",
    },
    "replay.seat.title": {"zh": "从谁的视角看？", "en": "Whose view?"},
    "replay.seat.keys": {
        "zh": "座位号或回车：选定    Esc：返回",
        "en": "A seat's number or Enter: choose    Esc: back",
    },
    "replay.seat.spectators": {
        "zh": "旁观者（谁的手牌都看不到）",
        "en": "The spectators (no hands)",
    },
    "replay.seat.not_shown": {"zh": "{name}（这份记录里没有）", "en": "{name} (not in this file)"},
    "replay.not_shown": {
        "zh": "这是 {owner} 的对局记录：只能看 {owner} 和旁观者的视角，看不到 {name} 的手牌。",
        "en": (
            "This is {owner}'s record of the game: it shows {owner}'s view and the "
            "spectators', never {name}'s hand."
        ),
    },
    "replay.detail.hint": {
        "zh": "方向键在牌桌上移动，这里显示停在的那张牌。",
        "en": "Arrows move over the table; the card they stop on is shown here.",
    },
    "replay.read_only": {
        "zh": "这是回放：不能在这里出牌。",
        "en": "This is a replay: nothing can be played here.",
    },
    "key.replay.next": {"zh": "下一步", "en": "Next"},
    "key.replay.next_space": {"zh": "下一步", "en": "Next"},
    "key.replay.back": {"zh": "上一步", "en": "Back"},
    "key.replay.next_turn": {"zh": "下一回合", "en": "Next turn"},
    "key.replay.prev_turn": {"zh": "上一回合", "en": "Turn back"},
    "key.replay.next_chain": {"zh": "下一连锁", "en": "Next chain"},
    "key.replay.prev_chain": {"zh": "上一连锁", "en": "Chain back"},
    "key.replay.first": {"zh": "开局", "en": "Start"},
    "key.replay.last": {"zh": "终局", "en": "End"},
    "key.replay.jump": {"zh": "跳到回合", "en": "Turn no."},
    "key.replay.seat": {"zh": "视角", "en": "Seat"},
    "key.replay.leave": {"zh": "离开", "en": "Leave"},
    "key.replay_seat.close": {"zh": "返回", "en": "Back"},
    "area.replay": {"zh": "回放栏", "en": "Replay line"},
    "area.replay.text": {
        "zh": (
            "这是一局保存下来的对局的回放：第几步、第几回合、第几个连锁，以及从谁的视角看。"
            "n 下一步，p 上一步，] 和 [ 跳到下一个或上一个回合，> 和 < 跳到下一个或上一个连锁，"
            "j 按回合数跳，Home 和 End 到开局和终局，w 换视角（主机的记录可看每个座位；"
            "玩家自己的记录只能看自己和旁观者）。日志列出到这一步为止的事件。"
        ),
        "en": (
            "A kept game replayed: which step, turn and chain this is, and whose view you see. "
            "n steps forward, p back; ] and [ go to the next or previous turn, > and < to the "
            "next or previous chain; j goes to a turn by its number, Home and End to the start "
            "and the end; w changes whose view (a host's journal shows every seat, a player's "
            "record only theirs and the spectators'). The log tells the game up to this step."
        ),
    },
    "area.replay.status.text": {
        "zh": "第一行：第几回合、第几轮、轮到谁，五个阶段里亮着的是当前阶段，牌山和弃牌区还有几张。"
        "第二行：这一步在等谁做什么。",
        "en": "First line: the turn and round, whose turn it is, the five phases with the "
        "current one lit, and how many cards are in the deck and the discard pile. Second "
        "line: whom the game waits for at this step, and for what.",
    },
    "area.replay.mine.text": {
        "zh": "你所看的那个座位的 5 个位置和手牌（旁观者的视角里没有手牌）。方向键在牌之间移动；"
        "停在的那张牌在牌面栏里完整显示，不能打出的牌会说明原因，和当时那个座位看到的一样。",
        "en": "The 5 slots and the hand of the seat whose view you see (a spectator's view has "
        "no hand). The arrow keys move between cards; the card you are on is shown in full "
        "in the card panel, with why it could not be played then, as that seat was told.",
    },
    "area.replay.chain.text": {
        "zh": "这一步时等待结算的发动，最新的在上面。连锁从最新的一环往回结算到最早的一环。",
        "en": "The activations waiting to resolve at this step, newest on top. A chain "
        "resolves from the newest link back to the oldest.",
    },
    "area.replay.log.text": {
        "zh": "到这一步为止发生的一切，按所看座位当时知道的写出，最新的在最下面；l 显示全部。",
        "en": "The game up to this step, as the seat whose view you see was told it, newest at "
        "the bottom; l shows all of it.",
    },
    "area.replay.prompt.text": {
        "zh": "这一步在等的决定；是所看座位的决定时，列出它当时的选项。回放里不能作答。",
        "en": "The decision the game waits for at this step; when it is the seat's whose view "
        "you see, the options it had. Nothing is answered in a replay.",
    },
    "area.replay.banner.text": {
        "zh": "回放到终局时显示在最后的牌桌上：谁赢了。",
        "en": "Over the final table at the game's last step: who won.",
    },
}
