"""A card data file's faults as :func:`qm_rules.cardcheck.check` gives them: each
:class:`Fault` with its line, card and field, the lines of the file's text they are found in
(:class:`Lines`), and the faults printed as a compiler prints its errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from .i18n import tr


@dataclass(frozen=True, slots=True)
class Fault:
    """One thing wrong: where (``line``, 1-based; the ``card``'s id, None for the file as a
    whole; the ``field``), and what (``code``, a catalogue key's last part, with its words)."""

    line: int
    card: str | None
    field: str
    code: str
    words: dict[str, Any] = dc_field(default_factory=dict)

    def sentence(self, lang: str) -> str:
        return tr(f"cardcheck.{self.code}", lang, **self.words)

    def to_plain(self, lang: str) -> dict[str, Any]:
        return {
            "line": self.line,
            "card": self.card,
            "field": self.field,
            "code": self.code,
            "message": self.sentence(lang),
        }


class Lines:
    """Where things are in the file's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        header = re.compile(r"^\s*\[\[\s*card\s*\]\]\s*(#.*)?$")
        self.headers = [i + 1 for i, ln in enumerate(self.lines) if header.match(ln)]

    def card(self, index: int) -> tuple[int, int]:
        """The first and last line of card ``index`` (its header to the line before the next)."""
        if index >= len(self.headers):
            return 1, len(self.lines)
        first = self.headers[index]
        last = self.headers[index + 1] - 1 if index + 1 < len(self.headers) else len(self.lines)
        return first, last

    def find(self, index: int | None, pattern: str, after: int = 0) -> int | None:
        """The first line of card ``index`` (None: the file) at or after ``after`` that
        ``pattern`` (a regular expression) matches."""
        first, last = self.card(index) if index is not None else (1, len(self.lines))
        rx = re.compile(pattern)
        for n in range(max(first, after), last + 1):
            if rx.search(self.lines[n - 1]):
                return n
        return None

    def key(self, index: int | None, key: str, after: int = 0) -> int | None:
        return self.find(index, rf"(^|[{{,\s]){re.escape(key)}\s*=", after)


def faults_lines(path: str, faults: list[Fault], lang: str) -> Iterator[str]:
    """The faults as ``FILE:LINE: card ID, FIELD: sentence`` lines, as compilers say them."""
    for f in faults:
        where = tr("cardcheck.where.card", lang, card=f.card) if f.card else ""
        if f.field:
            where = f"{where}{', ' if where else ''}{f.field}"
        yield f"{path}:{f.line}: {where + ': ' if where else ''}{f.sentence(lang)}"
