"""Text from strangers, made safe to draw.

Player names, table names (from mDNS TXT records), chat, error texts from a host — even card
ids in a view — come from other machines. Widgets are given them as data (``Text``,
``Content``, ``markup=False``), so ``[red]`` or ``[@click=app.quit]`` shows literally; but
Rich and Textual strip only a few control codes (bell, backspace, CR…) and pass ESC through
to the terminal, so a name holding ``\\x1b[2J`` would clear the player's screen or retitle
their window. :func:`clean` takes those characters out before anything is drawn. No Textual
here.
"""

from __future__ import annotations

import unicodedata

#: Control, format (bidi overrides, zero-width), surrogate, private-use, line and paragraph
#: separators: what ``qm_net.protocol.clean_text`` refuses from clients. A host is not checked
#: that way, nor is a TXT record, so the UI checks again.
_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})

#: Drawn in place of a bad character: ASCII, so it is one cell wide in every terminal.
REPLACEMENT = "?"


def clean(text: str) -> str:
    """``text`` with every control or format character replaced by ``?`` (a newline too:
    callers that want lines clean each line)."""
    if text.isprintable():  # the usual case, checked in C
        return text
    return "".join(
        REPLACEMENT if unicodedata.category(ch) in _BAD_CATEGORIES else ch for ch in text
    )
