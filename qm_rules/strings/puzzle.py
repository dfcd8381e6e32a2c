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
        "zh": "阻止 {seat} 号座位祭祀成功",
        "en": "Stop seat {seat}'s worship from succeeding",
    },
    "puzzle.goal.survive": {"zh": "不让任何对手获胜", "en": "Let no opponent win"},
    "puzzle.goal.clear": {"zh": "让场上不再有{card}", "en": "Leave no {card} on any field"},
    "puzzle.goal.clear.seat": {
        "zh": "让 {seat} 号座位的场上不再有{card}",
        "en": "Leave no {card} on seat {seat}'s field",
    },
    "puzzle.by.turn": {"zh": "在本回合内", "en": "this turn"},
    "puzzle.by.round": {"zh": "在本轮内", "en": "this round"},
    "puzzle.by.next_turn": {"zh": "直到你的下一个回合开始，", "en": "until your next turn begins"},
}
