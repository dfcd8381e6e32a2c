"""A bot that joins over the wire (``qingming bot``) says so in its ``hello`` (``bot``: its
level), and the table shows its seat as a bot of that level (``SeatInfo.level`` on a ``human``
seat, docs/protocol.md §4-5): the seat list tells it from a person. The seat stays a player's
connection: the claim is shown and grants nothing. An unknown value is refused and changes
nothing."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest
from net_support import (
    WAIT,
    Raw,
    cli,
    cli_env,
    client,
    options,
    running_host,
    until,
    wait_for,
)

from qingming.commands.serve import news_line
from qm_net import protocol as p
from qm_net.client import TableClient, TableError
from qm_net.host.news import News
from qm_net.host.seats import Seats
from qm_net.messages import ErrorMessage, LobbyUpdate
from qm_net.protocol import PROTOCOL_VERSION


def _lobby_with(name: str):  # noqa: ANN202
    return lambda m: isinstance(m, LobbyUpdate) and any(s.name == name for s in m.seats)


async def test_a_qingming_bot_process_shows_at_the_table_as_a_bot_of_its_level() -> None:
    told: list[News] = []
    async with running_host(seats=3, autostart=False) as host:
        host.news = told.append
        ann = await client(host, "Ann")
        await ann.join()
        bot = subprocess.Popen(
            cli("bot", "--connect", f"127.0.0.1:{host.port}", "--name", "rb", "--strategy", "mcts"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
        )
        try:
            lobby = await until(ann, _lobby_with("rb"), timeout=WAIT * 2)
            seats = {s.name: s for s in lobby.seats}
            # the mcts strategy shows as its level; the seat stays a player's connection
            assert seats["rb"].level == "hard" and seats["rb"].kind == "human"
            assert not seats["rb"].played_by_bot and seats["rb"].connected
            assert seats["Ann"].level is None  # a person
            assert lobby.owner_seat == seats["Ann"].seat
            # what the host's log says, and what discovery would announce
            joined = next(n for n in told if n.kind == "joined" and n.name == "rb")
            assert (joined.bot, joined.level) == (False, "hard")
            assert news_line(joined, "en", 120.0) == (
                f"rb, a bot over the network (hard), sat down at seat {seats['rb'].seat + 1}"
            )
            assert host._advert_fields()["bots"] == 1
            # it grants nothing: remove_bot frees host bots only
            await ann.remove_bot(seats["rb"].seat)
            refused = await until(ann, lambda m: isinstance(m, ErrorMessage))
            assert refused.code == "bad_seat"
            assert host.seats[seats["rb"].seat].kind == "human"
        finally:
            bot.kill()
            bot.communicate(timeout=WAIT)


async def test_an_unknown_bot_level_is_refused_and_changes_nothing() -> None:
    async with running_host(seats=3, autostart=False) as host:
        ann = await client(host, "Ann")
        await ann.join()
        before = host.lobby.message()
        raw = await Raw.open(host, hello=False)
        hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": "Rb", "id": 1}
        await raw.send({**hello, "bot": "genius"})
        error = await raw.expect("error")
        assert error["code"] == "bad_message" and error["ref"] == 1
        assert "genius" in error["message"] or "$.bot" in error["message"], error
        # the hello was not taken: the connection is still there, nameless, and the table is
        # as it was
        await raw.send({"t": "join", "id": 2})
        assert (await raw.expect("error"))["code"] == "hello_required"
        assert host.lobby.message() == before
        assert all(c.name != "Rb" for c in host.conns)
        # the same hello with a level it knows is taken
        await raw.send({**hello, "bot": "easy", "id": 3})
        assert (await raw.expect("welcome"))["ref"] == 3
        await raw.send({"t": "join", "id": 4})
        await raw.expect("joined")
        lobby = await until(ann, _lobby_with("Rb"))
        assert [s.level for s in lobby.seats if s.name == "Rb"] == ["easy"]
        raw.close()
        # a qm_net client saying an unknown level is refused at connect, in words
        with pytest.raises(TableError) as refused:
            await TableClient.connect("127.0.0.1", host.port, "Cy", bot="genius")
        assert refused.value.code == "bad_message"


async def test_a_bot_clients_seat_is_a_players_seat_away_and_back() -> None:
    """Away past the grace, the host's bot stands in (its level shown); back, the seat is the
    bot client's again, of its own level. A person rejoining with the token is a person."""
    async with running_host(
        seats=2, bot_strategy="easy", options=options(disconnect_grace=0.2)
    ) as host:
        rb = await TableClient.connect("127.0.0.1", host.port, "rb", bot="hard")
        ann = await client(host, "Ann")
        for c in (rb, ann):
            await c.join()
            await c.set_ready(True)
        await wait_for(lambda: host.state == "playing")
        seat = rb.seat
        assert seat is not None
        await rb._drop()  # type: ignore[attr-defined]  # the link drops
        away = await until(
            ann, lambda m: isinstance(m, LobbyUpdate) and m.seats[seat].played_by_bot
        )
        assert (away.seats[seat].kind, away.seats[seat].level) == ("human", "easy")
        assert host._advert_fields()["bots"] == 1
        await rb.reconnect()
        back = await until(
            ann,
            lambda m: (
                isinstance(m, LobbyUpdate)
                and not m.seats[seat].played_by_bot
                and m.seats[seat].connected
            ),
        )
        assert back.seats[seat].level == "hard"
        # the token taken back by a client that says nothing of bots: a person's seat
        person = await client(host, "rb")
        assert await person.rejoin(rb.token or "") == seat
        now = await until(ann, lambda m: isinstance(m, LobbyUpdate) and m.seats[seat].level is None)
        assert now.seats[seat].kind == "human"
        assert host._advert_fields()["bots"] == 0


class _Conn:
    def __init__(self, bot_level: str | None) -> None:
        self.bot_level = bot_level
        self.seat: int | None = None


def test_a_bot_clients_level_moves_with_it_when_seats_close_up() -> None:
    seats = Seats(4)
    seats.seat_human(seats[0], "Ann", _Conn(None))  # type: ignore[arg-type]
    seats.seat_human(seats[2], "rb", _Conn("normal"))  # type: ignore[arg-type]
    assert [s.level for s in seats.info("hard")] == [None, None, "normal", None]
    seats.compact()
    assert [(s.name, s.level) for s in seats.info("hard")] == [
        ("Ann", None),
        ("rb", "normal"),
        (None, None),
        (None, None),
    ]
    assert seats[2].client_level is None  # nothing left behind on the seat it left
    assert seats.owner == 0  # the owner is the earliest player, as before


def test_hello_carries_bot_only_when_said() -> None:
    plain: Any = p.plain(p.Hello(version=PROTOCOL_VERSION, name="Ann"))
    assert "bot" not in plain  # a person's hello is as it was
    said = p.decode_client({"t": "hello", "version": PROTOCOL_VERSION, "name": "b", "bot": "mcts"})
    assert isinstance(said, p.Hello) and said.bot == "mcts"
