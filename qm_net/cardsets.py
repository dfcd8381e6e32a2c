"""A table's card set on the wire: named by the hash of its file, sent once, kept by that hash.

The host names the set it deals from in ``welcome`` (``table.cards``: SHA-256 of the file's
bytes) and in its mDNS record. A guest plays it with the definitions it already has of that
hash — the game's own set, a set it was given, or a copy kept from an earlier table (the card
cache, one file per hash) — and asks the host for the file (``cards``) only when it has none.

What the host sends is a stranger's file: it is read as data and never runs (TOML, parsed with
the limits below and checked by :mod:`qm_rules.cardcheck`, the same check ``qingming cards
check`` makes), it must hash to the name the host gave it, and its names and texts are shown
in other people's terminals, so they must be plain text of a sensible length. A host refuses to
serve a set its guests would refuse (:func:`unfit`), so the refusal names a real fault.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

from qm_net.protocol import MAX_CARD_SET, clean_text
from qm_rules.cards import CardSet, Text

#: The most card definitions a set sent over the wire may hold (the game's own has 29).
MAX_DEFINITIONS = 200
#: The longest name, card text and mode label a set sent over the wire may have, in characters.
MAX_NAME, MAX_TEXT, MAX_LABEL = 40, 1000, 120
#: A card's id travels in events (``defs``) and names its file in nothing: letters, digits, _ -.
CARD_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
_HASH = re.compile(r"[0-9a-f]{64}")


class CardsRefused(ValueError):
    """The card set a table sent cannot be played here; the message says why, in words."""


def file_hash(data: bytes) -> str:
    """The name of a card set's file on the wire: SHA-256 of its bytes (hex)."""
    return hashlib.sha256(data).hexdigest()


def _texts(cards: CardSet) -> Iterator[tuple[str, Text, int]]:
    for card in cards.cards:
        yield f"card {card.id}: name", card.name, MAX_NAME
        yield f"card {card.id}: text", card.text, MAX_TEXT
        for i, mode in enumerate(card.modes):
            yield f"card {card.id} mode {i + 1}: label", mode.label, MAX_LABEL


def unfit(cards: CardSet) -> str | None:
    """Why ``cards`` cannot be sent to a table's guests (None: it can): too big a file, too
    many cards, an id that is not a plain word, a name or text too long or holding control
    characters. The host checks it before it opens the table; the guest checks what it got."""
    size = len(cards.source)
    if size > MAX_CARD_SET:
        return f"the card set's file is {size} bytes; a table sends at most {MAX_CARD_SET}"
    if len(cards.cards) > MAX_DEFINITIONS:
        return f"the set has {len(cards.cards)} cards; a table sends at most {MAX_DEFINITIONS}"
    for card in cards.cards:
        if not CARD_ID.fullmatch(card.id):
            return f"card id {card.id!r}: only letters, digits, _ and - (at most 40)"
    for where, text, longest in _texts(cards):
        for lang in ("zh", "en"):
            words = text(lang)
            if len(words) > longest:
                return f"{where} ({lang}) is {len(words)} characters long; at most {longest}"
            if not clean_text(words):
                return f"{where} ({lang}) holds control or format characters"
    return None


def accept(source: str, sha256: str, *, kept: bool = False) -> CardSet:
    """The card set a host sent (its file's text) as it names it (``sha256``): checked as a
    stranger's file. ``kept``: a copy this program accepted so before (the card cache, whose
    hash still matches): read without the whole check again. Raises :class:`CardsRefused`
    saying what is wrong."""
    from qm_rules.cardcheck import Fault, load
    from qm_rules.cards import CardDataError, parse_cards

    data = source.encode("utf-8")
    if len(data) > MAX_CARD_SET:
        raise CardsRefused(
            f"the table's card set is {len(data)} bytes; this program takes at most {MAX_CARD_SET}"
        )
    if file_hash(data) != sha256:
        raise CardsRefused(
            "the card set the table sent is not the one it announced (its hash differs): refused"
        )
    if kept:
        try:
            cards: CardSet | None = parse_cards(data)
        except (CardDataError, ValueError, RecursionError) as exc:
            raise CardsRefused(f"the kept card set cannot be read: {exc}") from None
        faults: list[Fault] = []
    else:
        cards, faults = load(data)
    if cards is None:
        said = "; ".join(f"line {f.line}: {f.sentence('en')}" for f in faults[:3])
        more = f" (and {len(faults) - 3} more)" if len(faults) > 3 else ""
        raise CardsRefused(f"the table's card set cannot be played: {said}{more}")
    why = unfit(cards)
    if why is not None:
        raise CardsRefused(f"the table's card set cannot be shown here: {why}")
    return cards


class CardCache:
    """The card sets this program was sent, one file per hash (``<hash>.toml``) in ``folder``:
    a table of a set seen before is played without asking for it again. A file that is not
    what its name says (edited, cut short) is not used, and is asked for again."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    def _path(self, sha256: str) -> Path | None:
        return self.folder / f"{sha256}.toml" if _HASH.fullmatch(sha256) else None

    def get(self, sha256: str) -> CardSet | None:
        path = self._path(sha256)
        if path is None:
            return None
        try:
            return accept(path.read_bytes().decode("utf-8"), sha256, kept=True)
        except (OSError, UnicodeDecodeError, CardsRefused):
            return None

    def put(self, cards: CardSet) -> None:
        """Keep ``cards`` (a set a host sent). A folder that cannot be written costs only the
        request next time."""
        path = self._path(cards.file_hash)
        if path is None:
            return  # (written again if there: a copy there was not used, so it was not this)
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".part")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(cards.source)
                os.replace(tmp, path)
            except OSError:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
