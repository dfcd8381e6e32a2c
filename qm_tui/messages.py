"""Textual messages the screens post to the app (intents that cross screens).

The table and result screens post :class:`RematchRequested` and :class:`LeaveTable`;
the app answers by going back to the waiting room or to the lobby.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class RematchRequested(Message):
    """The player wants another game at the same table: back to the waiting room."""


@dataclass
class LeaveTable(Message):
    """The player leaves the table: close the connection (and the table, if hosting), back to
    the lobby. ``reason``, if given, is shown as a notification (e.g. the host went away)."""

    reason: str | None = None


@dataclass
class TablesChanged(Message):
    """Discovery saw a table appear, change or vanish. The lobby's source starts the browser
    with ``astart``, so this is posted from the app's own loop (posting is thread-safe anyway,
    should a source ever call back from a thread)."""
