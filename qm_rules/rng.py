"""The game's own seeded random generator.

A tiny xorshift64* generator: its whole state is one integer, so a game's state stays plain data
and hashes quickly, and the same seed gives the same game on every Python.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: object) -> int:
    """Turn any seed (int, str, or a tuple of them) into a non-zero 64-bit state."""
    digest = hashlib.blake2b(repr(seed).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") or 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Copied and pickled as its state: a class compiled by mypyc (``tools/compile.py``)
        cannot be made without its ``__init__``, which ``copy`` would otherwise skip."""
        return (Rng, (self.state,))

    def next64(self) -> int:
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & _MASK

    def below(self, n: int) -> int:
        """A number in [0, n). The modulo bias is below 2**-50 for our sizes."""
        x = self.state  # next64, written out: this runs at every random choice
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.state = x
        return ((x * 0x2545F4914F6CDD1D) & _MASK) % n

    def shuffle(self, items: list[T], mask: int = _MASK) -> None:
        """Fisher–Yates, in place (next64 written out in the loop, its mask a local: ``mask``
        is not to be passed)."""
        x = self.state
        for i in range(len(items) - 1, 0, -1):
            x ^= x >> 12
            x ^= (x << 25) & mask
            x ^= x >> 27
            j = (x * 0x2545F4914F6CDD1D & mask) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = x
