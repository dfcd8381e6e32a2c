"""``game_over``: the game ends: a draw, a win, or a win by worship."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.game_over.draw": {"zh": "游戏结束：平局", "en": "The game ends in a draw"},
    "log.game_over.worship": {
        "zh": "{who} 祭祀 {card} 成功，获胜！",
        "en": "{who} wins by worshipping {card}!",
    },
    "log.game_over.win": {"zh": "{who} 获胜！", "en": "{who} wins!"},
}


@describes("game_over")
def game_over(line: Line) -> str:
    winner = line.get("winner")
    if winner is None:
        return line.say("log.game_over.draw")
    who = line.seat(winner)
    ancestor = line.get("ancestor")
    if ancestor:
        return line.tr("log.game_over.worship", who=who, card=line.card_named(ancestor))
    return line.tr("log.game_over.win", who=who)
