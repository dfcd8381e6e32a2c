"""Card names shortened to the room a one-line tile has, told apart from the other cards on
the board.

A name cut to its first cells reads well ("Chrysant", "Spoil th") until two cards share those
cells: "Great-Gr" could be either great-grandparent, "Green Te" and "Green Ri" are the same
card at a glance. :func:`short_name` cuts a name the plain way unless another card on the board
could be read in the cut; then it shortens the name's first words to their initials
("G-Grandf", "G-Grandm"), and failing that keeps the name's head and its tail ("文明~导"), or
the part where it differs from a like name ("Gre~m"). What the
tile shows is then never what another card there shows, nor the start of another card's name.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from functools import lru_cache

from rich.cells import cell_len

#: The mark of a name cut in its middle (its head, this, its tail).
CUT = "~"


def clip(text: str, room: int) -> str:
    """``text``'s first characters that fit ``room`` cells."""
    out, used = "", 0
    for ch in text:
        used += cell_len(ch)
        if used > room:
            break
        out += ch
    return out


def _tail(text: str, room: int) -> str:
    """``text``'s last characters that fit ``room`` cells."""
    return clip(text[::-1], room)[::-1]


def _initials(name: str) -> Iterator[str]:
    """``name`` (a Latin one of several words) with its first words down to their initials,
    one more each time: "Green Rice Cake" -> "G.Rice Cake", "G.R.Cake"; a hyphen stays
    ("Great-Grandfather" -> "G-Grandfather")."""
    parts = re.split(r"([ -])", name)  # words and the separators between them
    words = parts[0::2]
    seps = parts[1::2]
    for k in range(1, len(words)):
        out = ""
        for i, word in enumerate(words):
            if i < k:
                out += word[:1] + ("-" if seps[i] == "-" else ".")
            else:
                out += word + (seps[i] if i < len(seps) else "")
        yield out


@lru_cache(maxsize=4096)
def forms(name: str, room: int) -> tuple[str, ...]:
    """The ways ``name`` may be shown in ``room`` cells, in order of preference: cut at the
    end; with its first words as initials (a Latin name); its head, :data:`CUT`, and a part
    further on — its tail, or where it differs from a like name ("Gre~m")."""
    out = [clip(name, room).rstrip(" ")]
    if name.isascii():
        out.extend(clip(short, room).rstrip(" ") for short in _initials(name))
    for keep in range(room - cell_len(CUT) - 1, 0, -1):
        head = clip(name, keep)
        rest = room - cell_len(head) - cell_len(CUT)
        if not head or rest < 1:
            continue
        out.append(head + CUT + _tail(name, rest))
        for at in range(len(head) + 1, len(name)):
            out.append(head + CUT + clip(name[at:].lstrip(" -"), rest))
    return tuple(dict.fromkeys(f for f in out if f and cell_len(f) <= room))


@lru_cache(maxsize=4096)
def _form_set(name: str, room: int) -> frozenset[str]:
    return frozenset(forms(name, room))


#: A name cut at the end is told from a like one by more than this many cells at its end:
#: "Green Te" and "Green Ri" read as one card at a glance.
NEAR = 2


def _confusable(shown: str, other: str, room: int, *, cut: bool) -> bool:
    """Whether ``shown`` could be read as the card named ``other``: the start of its name, a
    way it may be shown itself, or (``cut``: ``shown`` is a plain cut) the same but for its
    last :data:`NEAR` cells."""
    if other.startswith(shown) or shown in _form_set(other, room):
        return True
    near = cut and shown.isascii() and cell_len(shown) > NEAR  # (Chinese: a character tells)
    return near and other.startswith(_near(shown))


def _near(shown: str) -> str:
    """``shown`` without its last :data:`NEAR` cells."""
    return clip(shown, cell_len(shown) - NEAR)


def short_name(name: str, room: int, peers: Collection[str] = ()) -> str:
    """``name`` in at most ``room`` cells (whole where it fits), never to be read as another of
    ``peers`` (the names of the other cards on the board)."""
    if cell_len(name) <= room:
        return name
    room = max(1, room)
    rivals = [p for p in peers if p != name]
    ways = forms(name, room) or (clip(name, room),)
    for i, way in enumerate(ways):
        if not any(_confusable(way, p, room, cut=i == 0) for p in rivals):
            return way
    return ways[-1]
