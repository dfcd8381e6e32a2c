"""The game at the table: starting it, a decision's way (engine → journal → players), its end.

:class:`Play` is the host's part for it (``Host.play``): the game's own client messages
(``choose``, ``sync``, ``concede``), dealing a game once its seed is known, and every decision,
whoever takes it (a player, a clock, a bot). A decision is in the journal (fsynced) before
anyone is told of it: while the journal cannot be written, decisions are held and play waits.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from qm_net import protocol as p
from qm_net.framing import ProtocolError
from qm_net.host.updates import wired
from qm_net.host.wireseq import drafters_only, is_hidden_step
from qm_net.protocol import MIN_SEATS
from qm_rules import Game, StalePrompt

if TYPE_CHECKING:
    from qm_net.host.conn import Conn
    from qm_net.host.table import Host

log = logging.getLogger("qm_net.host")

JOURNAL_RETRY = 1.0  # seconds between tries to write a journal that failed


class Play:
    """The game's messages and decisions, and the journal's hold on them: ``Host.play``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.held: list[tuple[list[Any], int | None]] = []  # updates waiting for the journal

    # ───────────────────────────── the game's messages ─────────────────────────────

    def on_choose(self, conn: Conn, msg: p.Choose) -> None:
        host = self.host
        seat = host.lobby.my_seat(conn)
        game = host.game
        self.game_on()
        assert game is not None and game.prompt is not None
        shown = host.wire.of(seat.index)  # the seat answers in its own numbering (see wireseq)
        if msg.seq < shown:
            raise StalePrompt(
                f"that prompt (#{msg.seq}) is no longer pending; the current one is #{shown}"
            )
        if msg.seq > shown:
            raise StalePrompt(f"there is no prompt #{msg.seq} yet; the current one is #{shown}")
        self.apply(seat.index, msg.option, game.prompt.seq)

    def on_sync(self, conn: Conn, msg: p.Sync) -> None:
        self.host.updates.send_current(conn, msg.id)  # the whole view; nothing between games

    def on_concede(self, conn: Conn, msg: p.Concede) -> None:
        seat = self.host.lobby.my_seat(conn)
        self.game_on()
        self.apply(seat.index, "concede", None)

    def game_on(self) -> None:
        """Refuse a game's message when no game is on: ``game_over`` after one (until the next
        starts), ``wrong_state`` before any."""
        host = self.host
        game = host.game
        if host.state == "playing" and game is not None and game.prompt is not None:
            return
        if host.state == "ended" or (game is not None and game.over):
            raise ProtocolError("game_over", "the game is over")
        raise ProtocolError("wrong_state", "no game is on")

    # ───────────────────────────── a game's start and end ─────────────────────────────

    def next_seed(self) -> int | str:
        """A fixed-seed table's next seed: the first, then derived from it game by game."""
        host = self.host
        assert host.seed is not None
        if isinstance(host.seed, int):
            return host.seed + host.games_played
        return host.seed if host.games_played == 0 else f"{host.seed}/{host.games_played}"

    def start_game(self) -> None:
        host = self.host
        if len(host.seats.occupied) < MIN_SEATS:
            return
        # Seats are the game's seat numbers: close up gaps so that the players are 0..k-1.
        for s in host.seats.compact():  # tell the players their new seat numbers
            if s.conn is not None:
                web = host.web_page()
                # (type: ignore: a seated player holds a token)
                s.conn.send(p.Joined(seat=s.index, token=s.token, web=web))  # type: ignore[arg-type]
        host.state = "playing"
        host.with_players = any(s.kind == "human" for s in host.seats.occupied)
        host.game = None
        host.deal = None
        for s in host.seats:
            s.takeover, s.bot, s.left = False, None, False
            s.cancel_grace()
            if s.kind == "human":
                s.ready = False
        host.lobby.broadcast()
        if host.seed is None:
            host.dealer.begin()  # the seed is made together; the game starts in deal_game
        else:
            self.deal_game(self.next_seed())

    def deal_game(self, seed: int | str) -> None:
        """The game itself, once its seed is known."""
        host = self.host
        players = [s.name or f"seat-{s.index + 1}" for s in host.seats.occupied]
        game = host.game = Game.new(players, seed, host.options, host.cards)
        host.wire.reset(game.n)
        host.history.reset()  # the opening goes in once told (tell), like every event
        host.takebacks.reset()
        records = [s.journal_record() for s in host.seats.occupied]
        deal = host.deal.plain() if host.deal is not None else None
        saved = host.journal.begin_game(host.games_played, host.name, records, game, deal)
        log.info("game %d starts: %s", host.games_played + 1, ", ".join(players))
        host.announce("game_started", game=host.games_played + 1)
        host.timers.reset()
        opening = list(game.opening)  # the deal and the first turn, as an update
        if not saved:  # told to nobody before the game is on disk; told once it is
            self.hold(opening, None)
            return
        self.tell(opening, None)

    def end_game(self) -> None:
        host = self.host
        game = host.game
        assert game is not None and game.result is not None
        if not host.journal.end_game(game) and not self.held:
            self.hold_result()
        host.state = "ended"
        host.games_played += 1
        log.info("game %d over: %s", host.games_played, game.result)
        host.announce(
            "game_over", game=host.games_played, result=game.result, journal=host.journal.path
        )
        host.updates.ended(game)
        for s in host.seats:
            if s.kind == "human" and s.conn is None and (s.left or s.grace is None):
                s.clear()  # a player who left, or who was away past the grace, gives the seat up
            s.takeover = False
            if s.kind == "human" and s.grace is None:
                host.standins.start_grace(s)  # the rematch clock; an away player's runs on
        host.lobby.broadcast()
        if self.close_if_done():
            return
        host.lobby.maybe_autostart()

    def close_if_done(self) -> bool:
        """After the table's last game: close it once no player who may still come back for
        the result is away (their grace runs). True when the table has played its games."""
        host = self.host
        if host.state != "ended" or not host.games_done:
            return False
        if not any(
            s.kind == "human" and s.conn is None and s.grace is not None for s in host.seats
        ):
            host.spawn(host.stop("the table has played its games"))
        return True

    # ───────────────────────────── decisions ─────────────────────────────

    def decide(
        self, seat: int, option: str, seq: int | None, *, timed_out: bool = False
    ) -> tuple[list[Any], bool]:
        """One decision in the engine (raises RulesError, changing nothing); returns its events
        and whether it was a hidden step of a draft (counted in the seat's own numbering).
        ``timed_out``: the prompt's default taken by a clock (its events say so)."""
        host = self.host
        game = host.game
        assert game is not None
        drafting = game.draft is not None
        events = game.apply_default() if timed_out else game.choose(seat, option, seq)
        if timed_out:  # the journal says so, for a resumed host to tell it alike
            host.journal.timeouts.add(len(game.choices) - 1)
        hidden = is_hidden_step(drafting, option, game)
        host.wire.record(seat if hidden else None)
        return events, hidden

    def apply(self, seat: int, option: str, seq: int | None) -> None:
        """One decision: the engine, then the journal (fsynced), then the broadcast."""
        host = self.host
        if host.broken:  # (until the table closes, a moment later)
            raise ProtocolError("wrong_state", "the game cannot go on; the table closes")
        if host.journal.failure is not None:
            raise ProtocolError("cannot_save", self.cannot_save())
        events, hidden = self.decide(seat, option, seq)
        self.changed(events, seat if hidden else None)

    def apply_default(self) -> None:
        """Take the pending prompt's default, as its timer would."""
        self.changed(*self.defaults(lambda game: False))

    def defaults(self, go_on: Callable[[Game], bool]) -> tuple[list[Any], int | None]:
        """Take the pending prompt's default — cancelling an open draft first, and then the
        default of the prompt it started from — and more while ``go_on(game)``; returns the
        events and, when every step was a draft's hidden one, the drafter."""
        game = self.host.game
        assert game is not None
        events: list[Any] = []
        public = False
        for _ in range(10_000):  # defaults always move on; the bound only guards a bug
            prompt = game.prompt
            if prompt is None:
                break
            more, hidden = self.decide(prompt.seat, prompt.default, prompt.seq, timed_out=True)
            # a declaration cancelled by the clock is the drafter's to know, its timeout mark
            # too: told to the others it would say the seat was declaring (they see the
            # prompt it started from time out, as if nothing had been declared)
            events.extend(drafters_only(more, prompt.seat) if hidden else more)
            public = public or not hidden
            if not hidden and not go_on(game):
                break
        return events, None if public else (game.prompt.seat if game.prompt is not None else None)

    def changed(self, events: list[Any], hidden_by: int | None = None) -> None:
        """After decisions: journal them (fsynced), set the clocks, tell the players — only
        the drafter when ``hidden_by`` says the decisions were hidden steps of its draft."""
        host = self.host
        assert host.game is not None
        if not host.journal.sync(host.game):
            self.hold(events, hidden_by)
            return
        self.tell(events, hidden_by)

    def tell(self, events: list[Any], hidden_by: int | None) -> None:
        """What follows decisions once they are on disk: the clocks, the updates, the end.

        Every decision is told from here (a player's choice, a timer's or a bot's default, the
        decisions held for the journal). The engine has moved and the journal holds it: a bug
        while telling it would leave every client waiting for an update that never comes, so
        the table says it cannot go on and closes (the journal can be resumed)."""
        if self.host.broken:
            return  # the table is closing: nothing more is told
        try:
            self._tell_them(events, hidden_by)
        except Exception:
            self.host.cannot_go_on()

    def _tell_them(self, events: list[Any], hidden_by: int | None) -> None:
        host = self.host
        game = host.game
        assert game is not None
        host.history.add(events, hidden_by, game)
        if game.over:
            host.timers.cancel()
            host.updates.broadcast(events)
            self.end_game()
            return
        host.standins.arm()
        if hidden_by is None:
            host.updates.broadcast(events)
        else:
            host.updates.send_update(host.seats[hidden_by].conn, wired(events))

    # ───────────────────────────── a journal that cannot be written ─────────────────────────────

    def cannot_save(self) -> str:
        failure = self.host.journal.failure
        return f"the host cannot save the game: {failure}; play waits until it can"

    def hold(self, events: list[Any], hidden_by: int | None) -> None:
        """Decisions not on disk are told to nobody: hold them, stop the clocks, say why, and
        keep trying to write (play goes on once the journal takes them)."""
        self.held.append((events, hidden_by))
        if len(self.held) > 1:
            return
        self.host.timers.cancel()
        self._say_cannot_save()

    def hold_result(self) -> None:
        """The result line failed (the choices, which decide it, are on disk): say so and keep
        trying; a next game is held until it is written."""
        self._say_cannot_save()

    def _say_cannot_save(self) -> None:
        """Tell every player the journal fails, and keep trying to write it."""
        for conn in list(self.host.conns):
            if conn.name is not None:
                conn.error("cannot_save", self.cannot_save())
        self.host.spawn(self._retry_journal())

    async def _retry_journal(self) -> None:
        host = self.host
        while not host.journal.flush():
            await asyncio.sleep(JOURNAL_RETRY)
            if host.stopping:
                return
        held, self.held = self.held, []
        for events, hidden_by in held:
            self.tell(events, hidden_by)
