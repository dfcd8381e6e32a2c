"""Who moves the game when its player does not: the clocks' defaults, the bots, the grace.

:class:`StandIns` is the host's part for them (``Host.standins``): it sets the clocks and the
bots going for each prompt, takes a prompt's default when its clock runs out, plays a bot's
move (a searching bot thinks in a worker thread), and runs a human seat's grace — during a game
for a player who dropped to come back (a bot stands in meanwhile), after one for each player to
ask for the rematch.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from qm_net.host.bots import bot_move, catch_up, searches, think
from qm_net.host.wireseq import is_hidden_step
from qm_rules import Game, RulesError

if TYPE_CHECKING:
    from qm_net.host.seats import Seat
    from qm_net.host.table import Host

log = logging.getLogger("qm_net.host")


class StandIns:
    """The clocks' and the bots' moves, and a human seat's grace: ``Host.standins``."""

    def __init__(self, host: Host) -> None:
        self.host = host

    # ───────────────────────────── clocks ─────────────────────────────

    def arm(self) -> None:
        """Set the timers and the bots going for the pending prompt (R22)."""
        host = self.host
        game = host.game
        assert game is not None
        if host.journal.failure is not None:
            return  # play waits for the journal: no clock runs, no bot moves
        prompt = game.prompt
        bot = prompt is not None and host.seats[prompt.seat].bot_controlled
        host.timers.arm(game, bot_controlled=bot, key=host.wire.public)

    def prompt_pending(self, seq: int) -> bool:
        host = self.host
        game = host.game
        return (
            game is not None
            and host.state == "playing"
            and game.prompt is not None
            and game.prompt.seq == seq
        )

    def on_response_timeout(self, key: int) -> None:
        """The response clock ran out: cancel a draft in progress, take the default."""
        host = self.host
        game = host.game
        if (
            game is None
            or host.state != "playing"
            or game.prompt is None
            or key != host.wire.public
        ):
            return
        try:
            done = host.play.defaults(lambda game: False)
        except Exception:
            host.cannot_go_on()
            return
        host.play.changed(*done)

    def on_turn_timeout(self, turn: int) -> None:
        host = self.host
        game = host.game
        if game is None or host.state != "playing" or game.turn != turn or game.prompt is None:
            return
        try:
            done = host.play.defaults(lambda game: game.turn == turn)
        except Exception:
            host.cannot_go_on()
            return
        host.play.changed(*done)

    # ───────────────────────────── bots ─────────────────────────────

    def bot_move(self, seq: int) -> None:
        if not self.prompt_pending(seq):
            return
        host = self.host
        game = host.game
        assert game is not None and game.prompt is not None
        seat = host.seats[game.prompt.seat]
        if not seat.bot_controlled:
            return
        catch_up(seat, game, host.bot_strategy, host.history)
        if searches(seat, game, host.bot_strategy):
            host.spawn(self._bot_move_off_loop(seat, game, seq))
            return
        self._bot_apply(seat, game, seq)

    async def _bot_move_off_loop(self, seat: Seat, game: Game, seq: int) -> None:
        """A searching bot thinks in a worker thread: the table keeps answering meanwhile
        (chat, pings, other seats' timers). Its move counts only if the prompt is still the
        one it thought about."""
        host = self.host
        option = await think(seat, game.view(seat.index))
        if host.game is not game or not self.prompt_pending(seq) or not seat.bot_controlled:
            return
        if option is None:  # the bot failed: the default, as for any bot
            try:
                host.play.apply_default()
            except Exception:  # not even the default could be taken: never a silent freeze
                host.cannot_go_on()
            return
        self._bot_apply(seat, game, seq, option)

    def _bot_apply(self, seat: Seat, game: Game, seq: int, option: str | None = None) -> None:
        """Play the bot's move (``option`` if it thought in a thread, else it chooses now)."""
        host = self.host
        drafting = game.draft is not None
        try:
            events, option = bot_move(seat, game, seq, host.bot_strategy, option)
        except Exception:  # not even the default could be taken: never a silent freeze
            host.cannot_go_on()
            return
        hidden = is_hidden_step(drafting, option, game)
        host.wire.record(seat.index if hidden else None)
        host.play.changed(events, seat.index if hidden else None)

    def cancel_draft(self, index: int) -> bool:
        """Cancel the declaration seat ``index`` left open, as a hidden step (told to it
        alone), so that the bot standing in plays from the prompt it started from, as it would
        have had the player declared nothing: a bot that finished the player's declaration would
        show the others what was declared. True when there was one (the clocks are set)."""
        host = self.host
        game = host.game
        prompt = game.prompt if game is not None else None
        if game is None or game.draft is None or prompt is None or prompt.seat != index:
            return False
        try:
            events, hidden = host.play.decide(index, "cancel", prompt.seq)
        except RulesError:  # (a draft step always offers cancel; a bug must not stop play)
            log.exception("cancelling seat %d's declaration", index)
            return False
        host.play.changed(events, index if hidden else None)
        return True

    # ───────────────────────────── grace ─────────────────────────────

    def start_grace(self, seat: Seat) -> None:
        """A human seat's grace (R22): during a game, for a player who dropped to come back;
        after a game, for each player to ask for the rematch (and to be connected)."""
        seat.cancel_grace()
        grace = self.host.options.disconnect_grace
        seat.grace = asyncio.get_running_loop().call_later(grace, self.grace_over, seat.index)

    def rematch_awaited(self, seat: Seat) -> bool:
        """After a game: does another player, connected, wait for the rematch ``seat`` has not
        asked for? Bots do not mind: a player reading the result at a table of bots keeps it."""
        return any(
            s is not seat and s.kind == "human" and s.conn is not None and s.ready
            for s in self.host.seats
        )

    def grace_over(self, index: int) -> None:
        host = self.host
        seat = host.seats[index]
        seat.grace = None
        if seat.kind != "human" or host.stopping:
            return
        if host.state == "playing" and host.game is not None and seat.conn is None:
            log.info("seat %d (%s) did not come back: a bot plays it", index, seat.name)
            host.announce("bot_plays", seat)
            seat.takeover = True
            host.history.stand_in(index, True)
            host.lobby.broadcast()
            if not self.cancel_draft(index):
                self.arm()
        elif host.state == "ended" and not (seat.ready and seat.conn is not None):
            if seat.conn is not None and not self.rematch_awaited(seat):
                return  # connected, and no other player waits for the rematch: the seat stays
            # not back, or never answered the rematch: treated as one who left
            log.info(
                "seat %d (%s) did not ask for a rematch in time: the seat is free", index, seat.name
            )
            freed = seat.conn
            if freed is not None:
                freed.seat = None
            host.announce("freed", seat)
            seat.clear()
            if freed is not None:  # told before the lobby shows the seat free (or taken)
                freed.error(
                    "seat_freed",
                    f"you did not ask for the rematch within {host.options.disconnect_grace:g} s:"
                    " your seat is free",
                )
            host.lobby.broadcast()
            if not host.play.close_if_done():
                host.lobby.maybe_autostart(rematch=True)
