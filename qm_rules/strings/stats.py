"""Words of the player's record: ``qingming stats`` and the lobby's panel (:mod:`qm_net.stats`)."""

STRINGS: dict[str, dict[str, str]] = {
    "stats.title": {"zh": "你的战绩", "en": "Your record"},
    "stats.total": {
        "zh": "{name}：共 {games} 局，胜 {won} 局，负 {lost} 局",
        "en": "{name}: {games} games, {won} won, {lost} lost",
    },
    "stats.empty": {
        "zh": "这台机器上还没有保存你下完的对局。",
        "en": "No finished game of yours is kept on this machine yet.",
    },
    "stats.col.games": {"zh": "局数", "en": "games"},
    "stats.col.won": {"zh": "胜", "en": "won"},
    "stats.col.lost": {"zh": "负", "en": "lost"},
    "stats.by_ancestor": {
        "zh": "按祖宗牌（胜：用它获胜；负：输给别人用它祭祀）",
        "en": "By ancestor (won: you worshipped it; lost: another did)",
    },
    "stats.by_size": {"zh": "按人数", "en": "By table size"},
    "stats.size": {"zh": "{n} 人", "en": "{n} players"},
    "stats.by_level": {"zh": "按机器人水平", "en": "By the bots' level"},
    "stats.level.none": {"zh": "没有机器人", "en": "no bots"},
    "stats.level.unknown": {"zh": "水平未记录", "en": "level not kept"},
    "stats.against": {"zh": "对手（胜：你赢；负：对方赢）", "en": "Against (won: you; lost: they)"},
    "stats.unfinished": {
        "zh": "未下完、未计入：{n} 局",
        "en": "Unfinished, not counted: {n}",
    },
    "stats.skipped": {"zh": "跳过 {path}：{why}", "en": "Skipped {path}: {why}"},
    "stats.why.unreadable": {"zh": "无法读取", "en": "it cannot be read"},
    "stats.why.not_game": {
        "zh": "不是对局文件（既不是日志也不是对局记录）",
        "en": "not a game file (neither a journal nor a game record)",
    },
    "stats.why.malformed": {"zh": "文件已损坏", "en": "the file is damaged"},
}
