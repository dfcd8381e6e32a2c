"""The table this player sits at, from joining to leaving: connecting, hosting (a LAN table, a
practice table against bots, a table reopened from its journal), taking a seat (back, or a
free one, or watching), disconnecting, and leaving on purpose (giving the seat up, keeping it,
or handing a hosted table over to a ``qingming serve`` of its own). The app runs these in its
workers and keeps what they make (``app.client``, ``app.hosted``, ``app.journal_path``); its
screens and settings are its own (qm_tui/app.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from qm_rules.shown import show_cards
from qm_tui import config as cfg
from qm_tui.i18n import tr
from qm_tui.net import HostSettings, bind_address, connect, connect_failure, start_host

if TYPE_CHECKING:
    from qm_net.client import TableClient
    from qm_net.host import Host
    from qm_rules.cards import CardSet
    from qm_tui.app import QingmingApp
    from qm_tui.screens.leave import TableState


class TableLife:
    """Joining, hosting, sitting and leaving, for the app."""

    def __init__(self, app: QingmingApp) -> None:
        self.app = app

    async def join(self, address: str, port: int, seat: int | None = None) -> None:
        """Connect to ``address:port``, take a seat and open the waiting room."""
        await self.app.close_table(keep_start=True)
        self.app.notify(
            tr("app.connecting", self.app.lang, address=f"{address}:{port}"),
            timeout=3,
            markup=False,
        )
        from qm_net.client import TableError

        try:
            client = await connect(address, port, self.app.player_name)
        except (OSError, TimeoutError, TableError) as exc:  # unreachable, or refused at hello
            await self.app.pop_to_lobby()
            self.app.notify(
                connect_failure(exc, address, port, self.app.lang),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        await self.sit(client, seat)

    async def host(self, settings: HostSettings) -> None:
        """Serve a table on the LAN from this process and sit at it as its owner."""
        await self.app.close_table()
        bind = bind_address(self.app.interfaces)
        journal = self.new_journal(settings.name)
        self.app.hosted = await start_host(  # on the usual port if free: friends can join HOST
            settings,
            bind=bind,
            interfaces=self.app.interfaces,
            advertise=True,
            port=None,
            journal=journal,
        )
        self.app.journal_path = journal
        show_cards(self.app.hosted.cards)  # a table in this program: named from its own set
        if settings.web:
            await self.open_door(self.app.hosted)
        client = await connect(
            "127.0.0.1" if bind == "0.0.0.0" else bind,
            self.app.hosted.port,
            self.app.player_name,
            known_cards=[self.app.hosted.cards],
        )
        await self.sit(client, None, journal=journal)

    async def open_door(self, host: Host, bind: str | None = None) -> None:
        """Serve ``host``'s table to browsers too (qm_web; on ``bind``, else where the table
        listens); when its page cannot open, say so (the table goes on for terminals)."""
        from qm_web.host import open_door

        try:
            self.app.web_door = await open_door(host, lang=self.app.lang, bind=bind)
        except OSError as exc:
            self.app.notify(
                tr("room.web_failed", self.app.lang, error=exc.strerror or str(exc)),
                severity="warning",
                timeout=10,
                markup=False,
            )

    async def play_local(
        self,
        bots: int,
        seed: int | str | None,
        level: str = "normal",
        timers: tuple[float | None, float | None] = (None, None),
        cards: CardSet | None = None,
        web: bool = False,
    ) -> None:
        """``qingming play``: a private table on loopback, you and ``bots`` bots of ``level``,
        started now, with no clock but the ``timers`` (response, turn) the player set, dealt
        from ``cards`` (None: the game's own set). ``web``: one seat more, for a guest beside
        you in a browser (the table's web page is served to the LAN; the table itself stays
        on loopback), and the game starts when you start it."""
        from qm_rules.options import GameOptions

        await self.app.close_table(keep_start=True)
        settings = HostSettings(
            name=tr("app.practice_table", self.app.lang, name=self.app.player_name),
            seats=bots + 1 + web,
            bots=bots,
            seed=seed,
            bot_delay=self.app.bot_delay,
            level=level,
            # the table's defaults but the timers: they are there so that nobody waits on an
            # idle player for ever, and at a table of bots nobody waits on you
            options=GameOptions(response_timer=timers[0], turn_timer=timers[1]),
            cards=cards,
        )
        journal = self.new_journal(settings.name)
        self.app.hosted = await start_host(
            settings, bind="127.0.0.1", interfaces=["127.0.0.1"], advertise=False, journal=journal
        )
        self.app.journal_path = journal
        if web:  # the page on the LAN (on loopback when discovery is: tests, CI)
            await self.open_door(self.app.hosted, bind=bind_address(self.app.interfaces))
        client = await connect(
            "127.0.0.1",
            self.app.hosted.port,
            self.app.player_name,
            known_cards=[self.app.hosted.cards],
        )
        await self.sit(client, None, autostart=not web, journal=journal)

    async def resume(self, journal: str) -> None:
        """Reopen the table ``journal`` records, where its game was cut off (a crash, a kill,
        a game against bots quit to carry on later), and take our seat at it (its token is
        stored with the journal's name, or its hash is in the journal): ``qingming play
        --resume``, and the lobby's reopen key. What ``qingming serve --resume`` does, hosted
        in this process: a table that was on the LAN is served and advertised again (on its
        old port if free, so that the others' programs reconnect by themselves), as one
        hosted from the lobby is; a private table against bots on loopback."""
        from qm_net.journal_io import JournalInUse
        from qm_tui import interrupted
        from qm_tui.net import resume_host

        await self.app.close_table(keep_start=True)
        table = interrupted.describe(journal)
        lan = table is not None and table.lan
        bind = bind_address(self.app.interfaces) if lan else "127.0.0.1"
        try:
            if lan:
                assert table is not None
                self.app.hosted = await resume_host(
                    journal,
                    bot_delay=self.app.bot_delay,
                    bind=bind,
                    interfaces=self.app.interfaces,
                    advertise=True,
                    port=table.port,
                )
            else:
                self.app.hosted = await resume_host(journal, bot_delay=self.app.bot_delay)
        except (OSError, ValueError) as exc:
            await self.app.pop_to_lobby()
            error = tr(exc.key, self.app.lang) if isinstance(exc, JournalInUse) else str(exc)
            self.app.notify(
                tr("seats.resume_failed", self.app.lang, path=journal, error=error),
                severity="error",
                timeout=10,
                markup=False,
            )
            return
        self.app.journal_path = journal
        here = "127.0.0.1" if bind == "0.0.0.0" else bind
        # (its set is the one its journal keeps)
        client = await connect(
            here, self.app.hosted.port, self.app.player_name, known_cards=[self.app.hosted.cards]
        )
        await self.sit(client, None, journal=journal)

    def new_journal(self, table: str) -> str | None:
        """A new journal file for a table hosted here; None when not journaling (or when the
        data directory cannot be written: the game goes on, and the player is told)."""
        if not self.app.journal:
            return None
        try:
            return str(cfg.new_journal_path(table))
        except OSError as exc:
            self.app.notify(
                tr("seats.no_journal", self.app.lang, error=str(exc)),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return None

    async def sit(
        self,
        client: TableClient,
        seat: int | None,
        *,
        autostart: bool = False,
        journal: str | None = None,
    ) -> None:
        """Take a seat at the table ``client`` is connected to and open its waiting room.

        A seat this player already holds there (its token stored on disk, see
        :mod:`qm_tui.seat_tokens`) is taken back first: after a crash the game goes on where
        it was (the host tells the seat the game so far, for its log). Otherwise a free seat;
        when none can be had the player watches, and is told why.
        """
        from qm_tui.screens.room import RoomScreen

        self.app.client = client
        # the table's cards are named from its set (the host's own, sent when joining): on the
        # table, in the gallery and in the rulebook's card list
        show_cards(client.cards)
        if client.cards_from in ("cache", "host"):  # a set this program does not ship: say so
            n = len(client.cards.cards)
            self.app.notify(tr("seats.custom_cards", self.app.lang, n=n), timeout=8, markup=False)
        my_seat = await self.take_back(client, journal)
        back = my_seat is not None
        if my_seat is None:
            my_seat = await self.take_free(client, seat, journal)
        await self.app.pop_to_lobby()
        await self.app.push_screen(
            RoomScreen(
                client,
                my_seat,
                hosting=self.app.hosted is not None,
                autostart=autostart and not back,
            )
        )

    async def take_back(
        self, client: TableClient, journal: str | None, *, elsewhere: bool = False
    ) -> int | None:
        """Rejoin with a token stored for this table, if one still works; its seat or None.

        ``elsewhere``: the tokens stored for a table of the same name and port at another
        address (joined before by another of its addresses: 127.0.0.1, then its LAN address
        from the lobby). Tried only when the host will not seat us otherwise."""
        from qm_net.client import TableError
        from qm_tui import seat_tokens

        address = seat_tokens.address_key(client.host, client.port)
        table = client.table.name if client.table else ""
        if elsewhere:
            stored = seat_tokens.same_table_elsewhere(address, table)
        else:
            stored = seat_tokens.lookup(address, table)
            if journal is not None:
                stored += [s for s in seat_tokens.for_journal(journal) if s not in stored]
        for entry in stored:
            client.restore_fair(seat_tokens.load_deal(entry.token))  # the deal's record kept
            try:
                seat = await client.rejoin(entry.token)
            except TableError as exc:
                client.restore_fair(None)
                if exc.code == "bad_token":  # the host no longer knows it
                    if not elsewhere:  # (another table's, maybe, when found elsewhere)
                        seat_tokens.forget(entry.token)
                    continue
                return None
            seat_tokens.remember(address, table, entry.token, seat, journal)
            client.keep_record = seat_tokens.DealFile(entry.token)
            self.app.notify(tr("seats.back", self.app.lang, seat=seat + 1), timeout=6, markup=False)
            return seat
        return None

    async def take_free(
        self, client: TableClient, seat: int | None, journal: str | None
    ) -> int | None:
        """Sit on a free seat (and store its token); None, said plainly, if the player watches."""
        from qm_net.client import TableError
        from qm_tui import seat_tokens

        try:
            my_seat = await client.join(seat)
        except TableError as exc:  # the host refused (a game is on, full...): watch instead
            if exc.code == "wrong_state":  # a game is on: a seat of ours under another address?
                back = await self.take_back(client, journal, elsewhere=True)
                if back is not None:
                    return back
            key = {"wrong_state": "seats.watching.game_on", "table_full": "seats.watching.full"}
            self.app.notify(
                tr(key.get(exc.code, "seats.watching.other"), self.app.lang, error=exc.message),
                severity="warning",
                timeout=10,
                markup=False,
            )
            await client.spectate()
            return None
        if client.token is not None:
            address = seat_tokens.address_key(client.host, client.port)
            table = client.table.name if client.table else ""
            seat_tokens.remember(address, table, client.token, my_seat, journal)
            client.keep_record = seat_tokens.DealFile(client.token)
        return my_seat

    async def disconnect(self, *, give_up: bool = True) -> None:
        """Leave the table we sit at and stop the one we host, if any. ``give_up`` False keeps
        the seat: no ``leave`` that concedes (only one saying the seat is kept, to a host that
        knows it), the token stays on disk to come back with."""
        client, self.app.client = self.app.client, None
        host, self.app.hosted = self.app.hosted, None
        show_cards(None)  # back in the lobby: the game's own set
        door, self.app.web_door = self.app.web_door, None
        self.app.journal_path = None
        if door is not None:
            await door.stop()
        if client is not None:
            if give_up:
                if client.token is not None:
                    from qm_tui import seat_tokens

                    seat_tokens.forget(client.token)  # leaving is deliberate: the seat is given up
                try:
                    await client.leave()
                except Exception:  # already gone: nothing to say goodbye to
                    pass
            else:
                try:
                    await client.go_away()  # the host's log says the seat is kept, not lost
                except Exception:  # already gone: the host sees the connection drop
                    pass
            try:
                await client.close()
            except Exception:
                pass
        if host is not None:
            await host.stop()

    def state(self) -> TableState | None:
        """What leaving the table now would cost (None: the player sits at no table)."""
        from qm_tui.screens.leave import TableState

        client, host = self.app.client, self.app.hosted
        if client is None:
            return None
        if host is not None:
            playing = host.state == "playing"
            others = sum(1 for c in host.conns if c.name is not None) - 1  # not our own
        else:
            playing = client.lobby is not None and client.lobby.state == "playing"
            others = 0
        return TableState(
            hosting=host is not None,
            playing=playing,
            seated=client.seat is not None,
            others=max(0, others),
            journal=self.app.journal_path is not None,
        )

    async def leave_as(self, answer: str, quitting: bool) -> None:
        state = self.state()
        said: str | None = None
        await self.app.pop_to_lobby()
        if answer == "hand_over":
            said = await self.hand_over()
        elif answer == "keep" and self.app.client is not None:
            # A guest going without conceding: the token stays on disk, the host keeps the
            # seat for its grace, then a bot plays it until the player is back.
            client = self.app.client
            address = f"{client.host}:{client.port}"
            grace = client.table.options.disconnect_grace if client.table else 0
            said = tr("seats.left.kept", self.app.lang, address=address, grace=round(grace))
            await self.disconnect(give_up=False)
        else:
            # A game against bots here, journaled, is kept to carry on (play --resume).
            keep = bool(
                state and state.hosting and state.playing and state.journal and not state.others
            )
            if keep:
                said = tr("seats.left.saved", self.app.lang)
            await self.disconnect(give_up=not keep)
        if quitting or self.app.web:
            self.app.exit(message=said)
        elif said:
            self.app.notify(said, timeout=15, markup=False)

    async def hand_over(self) -> str:
        """Keep the table we host running without us: stop it here without a goodbye (the
        players' clients reconnect by themselves) and start ``qingming serve --resume`` of its
        journal on the same port, until its game ends. Our seat is kept (a bot plays it after
        the grace); ``qingming join`` takes it back. Returns what to tell the player."""
        host, journal, client = self.app.hosted, self.app.journal_path, self.app.client
        assert host is not None and journal is not None
        self.app.hosted, self.app.client, self.app.journal_path = None, None, None
        cmd = [
            sys.executable, "-m", "qingming", "serve", "--resume", journal,
            "--port", str(host.port), "--bind", host.bind,
            "--games", str(host.games_played + 1), "--bot-delay", str(host.bot_delay),
        ]  # fmt: skip
        if not host.advertise:
            cmd.append("--no-advertise")
        for interface in host.interfaces or ():
            cmd += ["--interface", interface]
        await host.stop(goodbye=False)  # the port is free again, the journal closed
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()
        log = Path(journal).with_suffix(".serve.log")
        # the user's alone, as the journal beside it is (it names the table, players, address)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.fchmod(fd, 0o600)  # also when it was there already with looser bits
        with os.fdopen(fd, "ab") as out:
            self.app.handed_over = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=out,
                start_new_session=True,  # not ended with this terminal
            )
        loop = asyncio.get_running_loop()
        end = loop.time() + 20.0
        while loop.time() < end and self.app.handed_over.poll() is None:
            if b"listening on" in log.read_bytes():
                address = f"127.0.0.1:{host.port}"
                return tr("seats.handed_over", self.app.lang, port=host.port, address=address)
            await asyncio.sleep(0.1)
        tail = log.read_bytes().decode(errors="replace").strip().splitlines()[-1:]
        return tr("seats.hand_over_failed", self.app.lang, error=" ".join(tail) or "timeout")
