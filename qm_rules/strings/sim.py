"""The words of ``qingming sim``'s text report and progress bar (:mod:`qingming.commands.sim`), in
the language of its ``--lang``. ``--json`` has no words: its keys are the same in both languages.
The labels of one table are padded to one width in code (CJK counts two), so a label here holds
no padding of its own."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "sim.cards": {
        "zh": "卡牌：{file}（规则哈希 {digest}）",
        "en": "Cards: {file} (rules hash {digest})",
    },
    "sim.title": {
        "zh": "清明模拟：{n} 局，{players} 名玩家，种子 {seed}，轮数上限 {limit}",
        "en": {
            "one": "Qingming simulation: {n} game, {players} players, seed {seed}, "
            "round limit {limit}",
            "other": "Qingming simulation: {n} games, {players} players, seed {seed}, "
            "round limit {limit}",
        },
    },
    "sim.by_seat": {
        "zh": "各座位的胜局（占分出胜负的对局，公平 {fair}% ± {band}）：",
        "en": "Wins by seat (share of won games, fair {fair}% ± {band}):",
    },
    "sim.seat": {"zh": "{n} 号座位", "en": "seat {n}"},
    "sim.by_strategy": {"zh": "各策略的胜局：", "en": "Wins by strategy:"},
    "sim.seats": {
        "zh": "（{n} 个座位）",
        "en": {"one": "({n} seat)", "other": "({n} seats)"},
    },
    "sim.by_ancestor": {
        "zh": "各祖宗牌的胜局（占祭祀成功的胜局，公平 {fair}% ± {band}）：",
        "en": "Wins by ancestor (share of worship wins, fair {fair}% ± {band}):",
    },
    "sim.marks": {
        "zh": "（95% 区间；! 整个区间都在公平范围之外，"
        "? 比例在范围之外，但再多几局可能回到范围之内）",
        "en": "(95% intervals; ! the whole interval is outside the fair band, ? the share is "
        "outside it but more games may bring it in)",
    },
    "sim.draws": {"zh": "平局：", "en": "Draws:"},
    "sim.draws.why": {"zh": "（{why}）", "en": "({why})"},
    "sim.draws.sep": {"zh": "，", "en": ", "},
    "sim.draw.round_limit": {"zh": "到达轮数上限 {n} 局", "en": "round limit {n}"},
    "sim.draw.stalemate": {"zh": "僵局 {n} 局", "en": "stalemate {n}"},
    "sim.concessions": {"zh": "认输：", "en": "Concessions:"},
    "sim.last_standing": {
        "zh": "其他玩家都认输而获胜：{n}",
        "en": "Wins by last standing: {n}",
    },
    "sim.mean_rounds": {"zh": "平均每局轮数：", "en": "Mean rounds a game:"},
    "sim.mean_decisions": {"zh": "平均每局决策数：", "en": "Mean decisions a game:"},
    "sim.speed": {
        "zh": "速度：{speed}，每秒 {rate} 次决策（{seconds} 秒内 {decisions} 次决策，单核）",
        "en": "Speed: {speed}, {rate} decisions/s ({decisions} decisions in {seconds} s, one core)",
    },
    "sim.speed.games_per_second": {"zh": "每秒 {rate} 局", "en": "{rate} games/s"},
    "sim.speed.seconds_a_game": {"zh": "每局 {seconds} 秒", "en": "{seconds} s a game"},
    "sim.wall": {
        "zh": "实际用时 {seconds} 秒，{jobs} 个进程",
        "en": "Wall time: {seconds} s in {jobs} processes",
    },
    "sim.progress": {"zh": "{done}/{total} 局", "en": "{done}/{total} games"},
}
