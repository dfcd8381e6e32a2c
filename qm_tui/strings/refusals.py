"""What a host's refusal means, in the player's words, by its error code (docs/protocol.md).

A code not listed here is shown with the host's own message.
"""

STRINGS: dict[str, dict[str, str]] = {
    "refused.rate_limited": {
        "zh": "发得太快了，这一条没有送达。",
        "en": "Too many messages at once: that one was dropped.",
    },
    "refused.takeback_table": {
        "zh": "只有你一位玩家、其余都是机器人的牌桌才能悔棋。",
        "en": "Take-backs are only for a table of you and bots.",
    },
    "refused.takeback_none": {
        "zh": "本局还没有你自己做的、可以悔回的决定。",
        "en": "You have made no decision this game that you can take back.",
    },
    "refused.takeback_others": {
        "zh": "之后已经有别的玩家做了决定，你上一个决定不能悔回。",
        "en": "Another player has decided since: your last decision stands.",
    },
    "refused.takeback_revealed": {
        "zh": "那个决定让你看到了原本看不到的牌，不能悔回。",
        "en": "That decision showed you a card you could not see before: it stands.",
    },
    "refused.unsupported": {
        "zh": "这张牌桌的主机不支持悔棋。",
        "en": "This table's host does not take decisions back.",
    },
    "refused.not_your_turn": {"zh": "现在不是你做决定。", "en": "This decision is not yours."},
    "refused.unknown_option": {"zh": "没有这个选项。", "en": "That option is not offered."},
    "refused.stale_prompt": {
        "zh": "晚了一步：那个决定已经过去了。",
        "en": "Too late: that decision has passed.",
    },
    "refused.game_over": {"zh": "这局已经结束了。", "en": "The game has ended."},
    "refused.rules_error": {"zh": "规则不允许这样做。", "en": "The rules do not allow that."},
    "refused.not_seated": {"zh": "要先有座位才行。", "en": "You need a seat for that."},
    "refused.not_owner": {"zh": "只有桌主能这样做。", "en": "Only the table's owner can do that."},
    "refused.wrong_state": {
        "zh": "现在不行：牌桌不在这个阶段。",
        "en": "Not now: the table is not at that stage.",
    },
    "refused.too_few_players": {
        "zh": "一局至少要两名玩家。",
        "en": "A game needs at least 2 players.",
    },
    "refused.seat_taken": {"zh": "这个座位有人了。", "en": "That seat is taken."},
    "refused.table_full": {"zh": "没有空座位了。", "en": "No seat is free."},
    "refused.bad_seat": {"zh": "没有这个座位。", "en": "There is no such seat."},
    "refused.already_seated": {"zh": "你已经有座位了。", "en": "You already have a seat."},
    "refused.bad_name": {"zh": "名字不能是空的。", "en": "The name cannot be blank."},
    "refused.table_closed": {"zh": "牌桌正在关闭。", "en": "The table is closing."},
    # ``qingming bot`` refused its seat: a game is on (a person joining then watches instead)
    "bot.refused.wrong_state": {
        "zh": "这张牌桌正在对局，机器人只能在两局之间入座。",
        "en": "A game is being played at this table: a bot can sit down only between games.",
    },
}
