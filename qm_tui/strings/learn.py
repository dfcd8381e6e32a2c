"""The lessons' and puzzles' lists, and the keys of the table they are played at
(:mod:`qm_tui.screens.learn`); the lessons' own words are the engine's (``lesson.*``)."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "learn.title": {"zh": "学玩清明", "en": "Learn to play"},
    "learn.intro": {
        "zh": "六节短课，每节在一个摆好的局面里做一件事；最后和一个简单的机器人玩一局。",
        "en": (
            "Six short lessons, each one thing done in a position set up for it; then a real "
            "game against an easy bot."
        ),
    },
    "learn.keys": {
        "zh": "回车：开始    Esc：返回    在课里：n 重来  q 离开",
        "en": "Enter: start    Esc: back    In a lesson: n restarts, q leaves",
    },
    "learn.game": {
        "zh": "真正的一局：对战一个简单的机器人",
        "en": "A real game against an easy bot",
    },
    "learn.game.about": {
        "zh": "你和一个简单难度的机器人，从发牌开始，没有计时。",
        "en": "You and one easy bot, from the deal, with no clock.",
    },
    "learn.opponent": {"zh": "对手", "en": "Opponent"},
    "learn.speaker": {"zh": "课程", "en": "Lesson"},
    "learn.lesson_title": {"zh": "第 {n} 课：{title}", "en": "Lesson {n}: {title}"},
    "puzzles.title": {"zh": "残局", "en": "Puzzles"},
    "puzzles.intro": {
        "zh": "每个残局是一个摆好的局面和一个目标。按难度排列；做出来的打勾。",
        "en": "Each puzzle is a position and a goal, easiest first; the solved ones are ticked.",
    },
    "puzzles.keys": {
        "zh": "回车：开始    Esc：返回    在残局里：h 提示  n 重来  q 离开",
        "en": "Enter: start    Esc: back    In a puzzle: h hint, n restart, q leave",
    },
    "puzzles.speaker": {"zh": "残局", "en": "Puzzle"},
    "puzzles.solved": {
        "zh": "解开了！q 离开，n 再来一次。",
        "en": "Solved! q leaves, n plays it again.",
    },
    "puzzles.failed": {
        "zh": "没能达成目标。n 重来（h 看提示），q 离开。",
        "en": "The goal was not reached. n tries again (h for a hint), q leaves.",
    },
    "local.refused": {"zh": "不行：{why}", "en": "Not allowed: {why}"},
    "local.no_more_hints": {"zh": "没有更多提示了。", "en": "No more hints."},
    "key.local.restart": {"zh": "重来", "en": "Restart"},
    "key.local.hint": {"zh": "提示", "en": "Hint"},
    "key.local.leave": {"zh": "离开", "en": "Leave"},
    "key.learn.back": {"zh": "返回", "en": "Back"},
    "key.learn.quit": {"zh": "返回", "en": "Back"},
    "key.lobby.learn": {"zh": "学玩", "en": "Learn"},
    "cmd.learn": {"zh": "学玩：课程", "en": "Learn to play: lessons (tutorial)"},
    "cmd.puzzles": {"zh": "残局", "en": "Puzzles"},
}
