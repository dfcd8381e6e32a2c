"""The words of puzzles (:mod:`qm_rules.puzzles`): a puzzle's goal, and ``qingming puzzle``'s list
and check report (:mod:`qingming.commands.puzzle`). A puzzle's own title, intro and hints are in
its file, in both languages."""

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    # the goal: what, then by when ("Win this turn.")
    "puzzle.goal": {"zh": "{by}{what}。", "en": "{what} {by}."},
    "puzzle.goal.win": {"zh": "获胜", "en": "Win"},
    "puzzle.goal.stop_worship": {
        "zh": "阻止对手祭祀成功",
        "en": "Stop every opponent's worship from succeeding",
    },
    "puzzle.goal.stop_worship.seat": {
        "zh": "阻止 {name} 祭祀成功",
        "en": "Stop {name}'s worship from succeeding",
    },
    "puzzle.goal.survive": {"zh": "不让任何对手获胜", "en": "Let no opponent win"},
    "puzzle.goal.clear": {"zh": "让场上不再有 {card}", "en": "Leave no {card} on any field"},
    "puzzle.goal.clear.seat": {
        "zh": "让 {name} 的场上不再有 {card}",
        "en": "Leave no {card} on {name}'s field",
    },
    "puzzle.by.turn": {"zh": "在本回合内", "en": "this turn"},
    "puzzle.by.round": {"zh": "在本轮内", "en": "this round"},
    "puzzle.by.next_turn": {"zh": "直到你的下一个回合开始，", "en": "until your next turn begins"},
    "puzzle.before.next_turn": {
        "zh": "在你的下一个回合开始之前",
        "en": "before your next turn begins",
    },
    # the seats' names in a puzzle
    "puzzle.name.you": {"zh": "玩家", "en": "Player"},
    "puzzle.name.opponent": {"zh": "对手", "en": "Opponent"},
    "puzzle.name.opponent_n": {"zh": "对手 {n}", "en": "Opponent {n}"},
    # qingming puzzle: the list
    "puzzle.list.title": {
        "zh": "谜题（共 {n} 道，已解 {solved} 道）：",
        "en": {
            "one": "Puzzles ({n}, {solved} solved):",
            "other": "Puzzles ({n}, {solved} solved):",
        },
    },
    "puzzle.list.how": {
        "zh": "用“qingming puzzle 名称”来玩一道谜题；自己写谜题见 docs/PUZZLES.md。",
        "en": "Play one with 'qingming puzzle NAME'; to write your own, see docs/PUZZLES.md.",
    },
    # qingming puzzle check: the report
    "puzzle.check.solvable": {
        "zh": "可解，最短 {n} 步：{moves}",
        "en": {"one": "solvable in {n} move: {moves}", "other": "solvable in {n} moves: {moves}"},
    },
    "puzzle.check.unsolvable": {"zh": "无解", "en": "cannot be solved"},
    "puzzle.check.solutions": {
        "zh": "{n} 种不同的解法（不计独立步骤的先后）",
        "en": {
            "one": "{n} solution (up to the order of independent moves)",
            "other": "{n} distinct solutions (up to the order of independent moves)",
        },
    },
    "puzzle.check.solutions.more": {
        "zh": "至少 {n} 种不同的解法",
        "en": "at least {n} distinct solutions",
    },
    "puzzle.check.holds_at_start": {
        "zh": "目标在开始时就已达成",
        "en": "the goal already holds at the start",
    },
    "puzzle.check.needs_no_move": {
        "zh": "你什么都不做（全部跳过、结束、放弃）也能达成目标",
        "en": "the goal is reached with no move of yours (passing, ending and declining)",
    },
    "puzzle.check.intended_fails": {
        "zh": "给出的解法不成立：{why}",
        "en": "the intended solution does not work: {why}",
    },
    "puzzle.check.unintended": {
        "zh": "还有作者没有写出的解法：{moves}",
        "en": "a solution the author did not intend: {moves}",
    },
    "puzzle.check.error": {"zh": "无法证明：{why}", "en": "not proved: {why}"},
    "puzzle.check.cost": {
        "zh": "搜索了 {n} 个局面，{seconds} 秒",
        "en": {
            "one": "{n} position searched, {seconds} s",
            "other": "{n} positions searched, {seconds} s",
        },
    },
    "puzzle.check.summary": {
        "zh": "{n} 道谜题中 {proved} 道得到证明，没有问题。",
        "en": {
            "one": "{proved} of {n} puzzle proved with nothing flagged.",
            "other": "{proved} of {n} puzzles proved with nothing flagged.",
        },
    },
}
