"""The words of ``qingming sim``'s text report and progress bar (:mod:`qingming.commands.sim`), in
the language of its ``--lang``. ``--json`` has no words: its keys are the same in both languages.
The labels of one table are padded to one width in code (CJK counts two), so a label here holds
no padding of its own."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "sim.build.python": {
        "zh": "引擎：未编译（编译后更快，见开发说明）",
        "en": "Engine: pure Python (tools/compile.py builds a faster, compiled one)",
    },
    "sim.build.mypyc": {
        "zh": "引擎：已编译",
        "en": "Engine: compiled (mypyc)",
    },
    "sim.card.title": {
        "zh": "逐张卡牌（每名玩家每局算一次；胜率带 95% 区间）：",
        "en": "Card by card (each player's part in each game; win rates with 95 % intervals):",
    },
    "sim.card.hand": {
        "zh": "在手 {hand} · 起手 {opening} · 抽到 {drawn} · 抽到带来的提升 {better} 点",
        "en": "in hand {hand} · opening hand {opening} · drawn {drawn} · "
        "improvement when drawn {better} points",
    },
    "sim.card.play": {
        "zh": "打出 {played} · 在手未打出 {not_played} · 在手时打出的比例 {often} · "
        "平均第 {round} 轮打出",
        "en": "played {played} · held, not played {not_played} · played when in hand {often} · "
        "first played in round {round} on average",
    },
    "sim.card.note": {
        "zh": "在手：起手或后来抽到；提升：在手胜率减去从未在手的胜率；"
        "打出：摆放、发动、祭祀或显灵。",
        "en": "In hand: in the opening hand or drawn later; improvement: the win rate in hand "
        "less the win rate never seen; played: placed, activated, worshipped or manifested.",
    },
    "sim.report.title": {"zh": "清明模拟报告", "en": "Qingming simulation report"},
    "sim.report.ancestors": {
        "zh": "各祖宗牌在祭祀胜局中的份额（虚线：公平份额）",
        "en": "Each ancestor's share of the games won at worship (dashed: the fair share)",
    },
    "sim.report.seats": {
        "zh": "各座位在胜局中的份额（虚线：公平份额）",
        "en": "Each seat's share of the games won (dashed: the fair share)",
    },
    "sim.report.in_hand": {"zh": "在手时的胜率", "en": "Win rate with the card in hand"},
    "sim.report.opening": {
        "zh": "在起手牌中时的胜率",
        "en": "Win rate with it in the opening hand",
    },
    "sim.report.drawn": {"zh": "后来抽到时的胜率", "en": "Win rate when it was drawn later"},
    "sim.report.played": {"zh": "打出时的胜率", "en": "Win rate when it was played"},
    "sim.report.not_played": {
        "zh": "在手但未打出时的胜率",
        "en": "Win rate when it was held but not played",
    },
    "sim.report.play_rate": {"zh": "在手时打出的比例", "en": "How often it is played when in hand"},
    "sim.report.improvement": {
        "zh": "抽到带来的提升（在手胜率减去从未在手的胜率；虚线：零）",
        "en": "Improvement when drawn (win rate in hand less never seen; dashed: zero)",
    },
    "sim.report.round": {
        "zh": "平均第几轮首次打出",
        "en": "The round it is first played in, on average",
    },
    "sim.report.how": {
        "zh": "每条横线是 95% 区间：再多模拟几局，真实的数值多半落在其中。",
        "en": "Each line across a bar is its 95 % interval: with more games the true figure "
        "would most likely fall within it.",
    },
    "sim.report.written": {"zh": "报告已写入 {file}", "en": "Report written to {file}"},
    "sim.cards": {
        "zh": "卡牌：{file}（规则哈希 {digest}）",
        "en": "Cards: {file} (rules hash {digest})",
    },
    "sim.title": {
        "zh": "清明模拟：{n} 局，{players} 名玩家，种子 {seed}，轮数上限：{limit}",
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
    "sim.wall.cluster": {
        "zh": "实际用时 {seconds} 秒，在 Dask 集群 {cluster} 上（{jobs} 个工作线程）",
        "en": "Wall time: {seconds} s on the Dask cluster {cluster} ({jobs} worker threads)",
    },
    "sim.wall.local": {
        "zh": "实际用时 {seconds} 秒，在本机启动的 Dask 集群上（{jobs} 个工作进程）",
        "en": "Wall time: {seconds} s on a Dask cluster started here ({jobs} workers)",
    },
    "sim.progress": {"zh": "{done}/{total} 局", "en": "{done}/{total} games"},
    "sim.cluster.missing": {
        "zh": "--cluster 需要 Dask，默认安装不带它。请安装：pip install 'qingming[cluster]'"
        "（集群的每台机器都要装）",
        "en": "--cluster needs Dask, which a stock install leaves out. Install it with: "
        "pip install 'qingming[cluster]' (on every machine of the cluster too)",
    },
    "sim.cluster.starting": {
        "zh": "正在本机启动 Dask 集群：{n} 个工作进程（只监听 127.0.0.1）……",
        "en": "Starting a Dask cluster here: {n} worker processes (listening on 127.0.0.1 only)…",
    },
    "sim.cluster.connecting": {
        "zh": "正在连接 Dask 调度器 {address}……",
        "en": "Connecting to the Dask scheduler at {address}…",
    },
    "sim.cluster.waiting": {
        "zh": "调度器 {address} 还没有工作进程，等待其中一个加入……",
        "en": "The scheduler at {address} has no workers yet: waiting for one to join…",
    },
    "sim.cluster.ready": {
        "zh": "集群就绪：{workers} 个工作进程，{threads} 个线程（引擎：{builds}）",
        "en": "Cluster ready: {workers} workers, {threads} threads (engine: {builds})",
    },
    "sim.cluster.unreachable": {
        "zh": "无法连接 Dask 调度器 {address}：{why}",
        "en": "cannot reach the Dask scheduler at {address}: {why}",
    },
    "sim.cluster.no_workers": {
        "zh": "调度器 {address} 在 {seconds} 秒内没有工作进程加入",
        "en": "no worker joined the scheduler at {address} within {seconds} s",
    },
    "sim.cluster.no_qingming": {
        "zh": "集群的工作进程无法运行清明（每台工作机器都要安装 qingming[cluster]）：{why}",
        "en": "the cluster's workers cannot run Qingming (install qingming[cluster] on every "
        "worker machine): {why}",
    },
    "sim.cluster.other_engine": {
        "zh": "这些工作进程装的清明引擎版本不同（本机为 {version}），对局结果会不一样：{workers}。"
        "请在每台机器上装同一版本",
        "en": "these workers run another version of the Qingming engine than this one "
        "({version}), so their games would differ: {workers}. Install the same version on "
        "every machine",
    },
    "sim.cluster.not_started": {
        "zh": "本机的 Dask 集群没有启动：{why}",
        "en": "the Dask cluster here did not start: {why}",
    },
    "sim.cluster.stopping": {
        "zh": "正在停止本机的 Dask 集群……",
        "en": "Stopping the Dask cluster here…",
    },
    "sim.cluster.failed": {
        "zh": "集群上的对局失败：{why}",
        "en": "the games failed on the cluster: {why}",
    },
    "sim.cluster.no_address": {
        "zh": "--cluster 需要调度器的地址（如 tcp://10.0.0.5:8786），或者 local",
        "en": "--cluster needs a scheduler's address (tcp://HOST:8786), or 'local'",
    },
    "sim.cluster.remote_jobs": {
        "zh": "--jobs 只用于本机；--cluster {address} 由集群自己的工作进程决定",
        "en": "--jobs counts processes here; with --cluster {address} the cluster's own "
        "workers play",
    },
}
