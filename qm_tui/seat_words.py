"""Who plays a seat, in words, when a bot does: one path for the waiting room's seat list, the
table's seat headers and the result. A seat a bot plays is told three ways (``SeatInfo``,
docs/protocol.md §5): a bot seat the host runs (``kind`` ``"bot"``), a player's seat the host's
bot stands in for while its player is away (``played_by_bot``), and a player's seat whose client
says it is a bot (``qingming bot``: ``kind`` ``"human"`` with a ``level``); each says how well it
plays."""

from __future__ import annotations

from typing import Protocol

from qm_tui.i18n import tr


class SeatLike(Protocol):
    """What the host tells of a seat (``SeatInfo`` in the room, ``SeatStatus`` at the table)."""

    @property
    def kind(self) -> str: ...
    @property
    def played_by_bot(self) -> bool: ...
    @property
    def level(self) -> str | None: ...
    @property
    def connected(self) -> bool: ...


def plays(seat: SeatLike) -> str:
    """Who plays ``seat``: ``"empty"``; ``"bot"`` (a bot seat the host runs); ``"stand_in"``
    (the host's bot, for a player away or gone); ``"netbot"`` (a player's client that says it is
    a bot, of ``seat.level``: its own word); ``"human"`` (a person, as far as the host knows)."""
    if seat.kind != "human":
        return seat.kind
    if seat.played_by_bot:
        return "stand_in"
    return "netbot" if seat.level else "human"


def leveled(word: str, level: str | None, lang: str) -> str:
    """``word`` and how well the bot plays: ``bot (hard)``; ``word`` alone without a level."""
    return tr("seats.leveled", lang, word=word, level=tr(f"level.{level}", lang)) if level else word


def bot_words(seat: SeatLike | None, lang: str) -> str | None:
    """The words at a seat a bot plays now, with its level — "bot (hard)", "network bot
    (easy)", "a bot plays (normal)" — or None (a person's seat, one nobody plays now: a bot
    client that is away, or unknown)."""
    if seat is None:
        return None
    who = plays(seat)
    if who == "stand_in":
        return leveled(tr("seats.bot_playing", lang), seat.level, lang)
    if who == "bot" or (who == "netbot" and seat.connected):
        return leveled(tr(f"table.conn.{who}", lang), seat.level, lang)
    return None
