"""The typed messages a :class:`~qm_net.client.TableClient` yields.

Past the wire boundary nobody handles raw dicts: the host's messages are the typed definitions
of :mod:`qm_net.protocol` (``lobby``, ``chat``, ``error`` and ``dealt`` reach the app as they
are); an ``update`` becomes a :class:`GameUpdate` holding the whole view, an ``ended`` a
:class:`GameEnded` holding the final one (the engine's views, not the wire's compact form); a
lost connection is a :class:`ConnectionLost`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from qm_net.protocol import (
    ChatMessage,
    Dealt,
    ErrorMessage,
    LobbyUpdate,
    Placed,
    Reveal,
    SeatInfo,
    SeatKind,
    StandIn,
    TableState,
    Welcome,
)
from qm_rules.model import Event, GameOptions, Result, View

if TYPE_CHECKING:
    from qm_net.fairdeal import ClientRecord

__all__ = [
    "ChatMessage",
    "ConnectionLost",
    "Dealt",
    "ErrorMessage",
    "GameEnded",
    "GameHistory",
    "GameUpdate",
    "LobbyUpdate",
    "Message",
    "SeatInfo",
    "SeatKind",
    "TableMeta",
    "TableState",
]


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What the host says about itself at welcome."""

    name: str
    seats: int
    options: GameOptions
    version: int
    anyone_starts: bool  # True: any seated player may start; else only the owner
    features: frozenset[str] = frozenset()
    """What the host does beyond its version's messages (``qm_net.protocol.FEATURES``): none
    for an older host, which must not be asked for them."""
    cards: str = ""  # the SHA-256 of the card set's file the table deals from

    @classmethod
    def of(cls, welcome: Welcome) -> TableMeta:
        t = welcome.table
        features = frozenset(welcome.features)
        return cls(t.name, t.seats, t.options, welcome.version, t.anyone_starts, features, t.cards)


@dataclass(frozen=True, slots=True)
class GameUpdate:
    """A new view after a decision, with the events of that decision this seat may see.
    ``deadline``: seconds left on the timer for the pending prompt, if a timer runs;
    ``timer``: that timer's whole length in seconds, when the host says it."""

    view: View
    events: tuple[Event, ...]
    deadline: float | None
    timer: float | None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over (the host's ``ended``): its result and the final view, every hand
    revealed. ``deal``: the host's reveal of the deal, None when the table dealt from a fixed
    seed. ``fair``: this client's record of the game's deal (the reveal included), or None when
    the table dealt from a fixed seed or this client came after the deal; check it with
    :func:`qm_net.fairdeal.verify` (it replays the game: run it off a UI's loop).
    ``takebacks``: how many decisions were taken back during the game."""

    result: Result
    view: View
    deal: Reveal | None = None
    fair: ClientRecord | None = None
    takebacks: int = 0


@dataclass(frozen=True, slots=True)
class GameHistory:
    """The game so far as the host told it to this client at a rejoin (or on starting to
    watch): the events this seat was allowed to see, oldest first; ``omitted``: how many
    earlier ones the host left out.

    ``missed``: this client held the game before (its connection dropped and came back, in
    the same process); ``events`` are then only those told while it was away — none when it
    missed nothing — and ``omitted`` those of them the host no longer keeps.

    ``stand_ins``: where among ``events`` a host bot began or stopped playing a player's seat
    (:class:`qm_net.protocol.StandIn`: ``at`` an index into ``events``), in order; ``places``:
    where the cards the activations among them targeted lay (:class:`qm_net.protocol.Placed`),
    in order."""

    events: tuple[Event, ...]
    omitted: int = 0
    missed: bool = False
    stand_ins: tuple[StandIn, ...] = ()
    places: tuple[Placed, ...] = ()


@dataclass(frozen=True, slots=True)
class ConnectionLost:
    """The connection is gone. ``final``: the host closed the table (or replaced this
    connection); reconnecting will not help. ``code``: the error code the host closed it with,
    when it said one (``replaced``: another connection took the seat back with its token;
    ``version_mismatch``, ``flood``, ``timeout``...), for words better than ``reason``'s.
    ``closed``: the host said goodbye (``bye``): the table closed, after what it had sent (a
    game's end, say), not a link that failed. When the host said nothing, ``code`` is
    ``dropped`` (the connection broke off without a goodbye: the host's program stopped, or
    the network failed; not the table closed) or ``silent`` (nothing came in time)."""

    reason: str
    final: bool = False
    code: str | None = None
    closed: bool = False


Message = LobbyUpdate | GameUpdate | ChatMessage | ErrorMessage | GameEnded | Dealt | ConnectionLost
