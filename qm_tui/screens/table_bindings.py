"""The table screen's keys and the parts of it its help explains (:class:`~qm_tui.screens.
table.TableScreen`'s ``BINDINGS`` and ``HELP_AREAS``): what a key does is the screen's
``action_*``; its words are the catalogue's (``id``)."""

from __future__ import annotations

from textual.binding import Binding

#: The parts of the table the help explains, each with its name's and its text's key.
HELP_AREAS = tuple(
    (area, f"area.table.{area}", f"area.table.{area}.text")
    for area in (
        "status",
        "opponents",
        "mine",
        "board_foot",
        "chain",
        "detail",
        "log",
        "prompt",
        "chat",
        "keys",
        "banner",
    )
)
#: The table's keys: the player's actions, the dialogs, the arrows over the board.
TABLE_KEYS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("1", "option(1)", "Options", id="table.option"),  # its keys: key_display_of
    *(Binding(str(n), f"option({n})", show=False, id=f"table.option{n}") for n in range(2, 10)),
    Binding("0", "option(10)", show=False, id="table.option10"),
    Binding("p", "pass", "Pass", id="table.pass"),
    Binding("e", "end", "End/skip", id="table.end"),
    Binding("a", "autopass", "Auto-pass", id="table.autopass"),
    Binding("escape", "cancel", "Cancel", id="table.cancel", show=False),
    Binding("o", "focus_options", "Option list", id="table.options", show=False),
    Binding("b", "focus_board", "Board", id="table.board", show=False),
    Binding("c", "chat", "Chat", id="table.chat"),
    Binding("l", "log", "Log", id="table.log"),
    Binding("d", "discard", "Discards", id="table.discard"),
    Binding("question_mark", "help", "Help", id="table.help", key_display="?"),
    Binding("k", "legend", "Legend", id="table.legend"),
    Binding("r", "rulebook", "Rules", id="table.rulebook"),
    Binding("g", "gallery", "Cards", id="table.gallery"),
    Binding("t", "other_lang", "中文/English", id="table.other_lang", show=False),
    Binding("x", "concede", "Concede", id="table.concede", show=False),
    Binding("u", "take_back", "Take back", id="table.take_back"),
    Binding("s", "pace", "Pace", id="table.pace", show=False),
    Binding("space", "skip", "Skip", id="table.skip", show=False, priority=True),
    Binding("v", "result", "Result", id="table.result"),  # shown once the game is over
    Binding("up", "navigate(0,-1)", show=False, id="table.up"),
    Binding("down", "navigate(0,1)", show=False, id="table.down"),
    Binding("left", "navigate(-1,0)", show=False, id="table.left"),
    Binding("right", "navigate(1,0)", show=False, id="table.right"),
]
