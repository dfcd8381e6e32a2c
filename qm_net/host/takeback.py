"""Taking back a decision, at a table of one player and the host's bots.

Nobody waits on a player alone with bots, so the player may take back their last decision —
while it is the game's last (no other seat has decided since) and it showed them no card that
was hidden from them (a card drawn, a hand looked at: taking it back would let them choose
again knowing it). A decision a clock made is not theirs to take back. Each take-back is
counted, and the result says how many were used.

The engine is deterministic, so the game before the decision is its journal's choices but the
last one, replayed; the journal file keeps the choice and says it was taken back
(:mod:`qm_net.journal_io`), so that it replays, resumes and verifies as finally played. The
seats count the take-back as one public decision (their ``seq`` grows, as docs/protocol.md §2
asks); the events told of the decision stay in the table's history, as told, but the bots read
the game as it stands (they are made anew).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any

from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.host.wireseq import told_of
from qm_net.journal_io import TakenBack
from qm_rules import Event, Game, StalePrompt, to_plain

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.table import Host

log = logging.getLogger("qm_net.host")


def faces(node: Any) -> set[int]:
    """The card instances whose face ``node`` shows (plain data: a view, its prompt's context,
    an event's data): a card ``{cid, card}``, an event's ``{card, def}`` or ``{cards, defs}``,
    a context's ``cards`` by instance."""
    out: set[int] = set()
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            card, cards = x.get("card"), x.get("cards")
            if isinstance(x.get("cid"), int) and isinstance(card, str):
                out.add(x["cid"])
            if isinstance(card, int) and isinstance(x.get("def"), str):
                out.add(card)
            if isinstance(cards, list) and isinstance(x.get("defs"), list):
                out.update(c for c in cards if isinstance(c, int))
            if isinstance(cards, dict):
                out.update(int(k) for k in cards if str(k).isdigit())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def revealed(before: Game, after: Game, events: list[Event], seat: int) -> set[int]:
    """The cards ``seat`` saw the face of in ``after`` (its view, the ``events`` it was told on
    the way) that its view of ``before`` did not show: cards hidden from it, shown since."""
    seen = faces(to_plain(after.view(seat)))
    seen |= faces([e.data for e in events if e.visible_to(seat)])
    return seen - faces(to_plain(before.view(seat)))


class TakeBacks:
    """The ``takeback`` message and the count of take-backs: ``Host.takebacks``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.done: list[TakenBack] = []
        """This game's take-backs, in order: each choice withdrawn."""

    def reset(self, done: list[TakenBack] | None = None) -> None:
        """A new game (or one resumed, with the take-backs its journal holds)."""
        self.done = list(done or ())

    def on_takeback(self, conn: Conn, msg: p.TakeBack) -> None:
        host = self.host
        seat = host.lobby.my_seat(conn)
        host.play.game_on()
        game = host.game
        assert game is not None
        if host.broken:
            raise ProtocolError("wrong_state", "the game cannot go on; the table closes")
        if host.journal.failure is not None or host.play.held:
            raise ProtocolError("cannot_save", host.play.cannot_save())
        others = [host.seats[i] for i in range(game.n) if i != seat.index]
        if seat.kind != "human" or any(s.kind != "bot" for s in others):
            raise ProtocolError(
                "takeback_table", "take-backs are only for a table of one player and bots"
            )
        shown = host.wire.of(seat.index)
        if msg.seq != shown:
            raise StalePrompt(
                f"that take-back was asked at prompt #{msg.seq}; the current one is #{shown}"
            )
        mine = [i for i, (s, _) in enumerate(game.choices) if s == seat.index]
        last = len(game.choices) - 1
        if not mine:
            raise ProtocolError("takeback_none", "you have made no decision to take back")
        if mine[-1] != last:
            raise ProtocolError("takeback_others", "another player has decided since")
        if last in host.journal.timeouts:
            raise ProtocolError("takeback_none", "the clock made that decision, not you")
        option = game.choices[-1][1]
        journal = dataclasses.replace(game.journal, choices=game.choices[:-1])
        before = Game.replay(journal, cards=game.cards)
        events, _ = told_of(before, seat.index, option)
        if revealed(before, game, events, seat.index):
            raise ProtocolError("takeback_revealed", "a card hidden from you has been shown since")
        why = host.journal.take_back(game, before)
        if why is not None:
            raise ProtocolError("cannot_save", f"the host cannot save the game: {why}")
        self.done.append((last, seat.index, option))
        log.info("seat %d took back %r (take-back %d)", seat.index, option, len(self.done))
        host.game = before
        host.history.withdraw(len(events), before)
        host.wire.record(None)  # the take-back is told to everyone: one decision more (§2)
        for s in host.seats:
            s.bot = None  # the bots read the game anew (a search under way read a game now gone)
        host.standins.arm()  # the clocks and the bots, for the prompt back in front of us
        host.updates.broadcast([], answering=(conn, msg.id))
