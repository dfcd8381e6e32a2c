"""``chain_closed``: the chain closes and resolves (a line only for a chain of two links or
more)."""

from __future__ import annotations

from ._line import Line, describes

STRINGS: dict[str, dict[str, str | dict[str, str]]] = {
    "log.chain_closed": {
        "zh": "连锁结束，开始逆序结算",
        "en": "The chain closes and resolves, newest first",
    },
}


@describes("chain_closed")
def chain_closed(line: Line) -> str:
    return "" if (line.get("links") or 0) < 2 else line.say("log.chain_closed")
