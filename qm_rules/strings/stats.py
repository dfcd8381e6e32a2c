"""Words of the player's record: ``qingming stats`` and the lobby's panel (:mod:`qm_net.stats`)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
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
    "stats.cards.title": {
        "zh": "逐张卡牌：这台电脑上保存的真实对局",
        "en": "Card by card, from the real games kept on this machine",
    },
    "stats.cards.none": {
        "zh": "没有可以计入的已完成对局。",
        "en": "No finished game to count.",
    },
    "stats.cards.report": {
        "zh": "清明：真实对局的逐张卡牌报告",
        "en": "Qingming: card by card, from real games",
    },
    "stats.cards.set.shipped": {
        "zh": "卡牌：游戏自带的（规则哈希 {digest}）",
        "en": "Cards: the game's own (rules hash {digest})",
    },
    "stats.cards.set.kept": {
        "zh": "卡牌：自制的一套，对局里存有副本（规则哈希 {digest}）",
        "en": "Cards: a set of your own, its copy kept with the games (rules hash {digest})",
    },
    "stats.cards.games": {
        "zh": "{n} 局：{hosted} 局在这里开桌（日志里有每一手牌：每个座位都计入），"
        "{recorded} 局是对局记录（只计入记录者自己的座位：记录只有他看到的）；"
        "共 {seat_games} 个座位局。",
        "en": {
            "one": "{n} game: {hosted} hosted here (its journal holds every hand: every seat "
            "counts), {recorded} from game records (only the recording player's own seat "
            "counts: a record holds what its player saw); {seat_games} seat-games in all.",
            "other": "{n} games: {hosted} hosted here (their journals hold every hand: every "
            "seat counts), {recorded} from game records (only the recording player's own seat "
            "counts: a record holds what its player saw); {seat_games} seat-games in all.",
        },
    },
    "stats.cards.ancestors": {
        "zh": "祭祀获胜 {n} 局，按祖宗牌：{shares}",
        "en": "Won at worship: {n}; by ancestor: {shares}",
    },
    "stats.cards.ancestor": {"zh": "{name} {n}（{share}%）", "en": "{name} {n} ({share}%)"},
    "stats.cards.uses": {
        "zh": "每个数字都按座位局计：在这里开桌的对局计每个座位（重放日志，每一手牌都知道），"
        "对局记录只计记录者自己的座位——起手、抽到、在手、打出，都只用他自己看到的牌；"
        "别人的手牌不计入。",
        "en": "Every figure counts seat-games: each seat of a game hosted here (its journal, "
        "replayed, shows every hand), and of a game record only the recording player's own "
        "seat: its opening hand, draws, hand and plays are what that player saw; no one "
        "else's hand is counted from it.",
    },
    "stats.cards.other_set": {
        "zh": "用别的卡牌组下的、未计入：{n} 局",
        "en": "Played with another card set, not counted: {n}",
    },
    "stats.cards.other_rules": {
        "zh": "这个版本重放不了、未计入：{n} 局（别的引擎版本，或没存副本的自制卡牌："
        "用 --cards-file 给出）",
        "en": "Not replayable by this version, not counted: {n} (another engine version, or a "
        "set of your own not kept with the game: give it with --cards-file)",
    },
}
