"""A table's own card set reaches guests that do not have it (docs/protocol.md §3, §11).

The host names its set by the hash of its file (``welcome``); a client without it asks once
(``cards``), checks what it got against that name, and keeps it (the card cache) so that the next
table of that set needs no request. The fair deal binds the set: a host that deals from another
set than the one it named is caught by every client's check.
"""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest
from net_support import Raw, bot_process, options, running_host, seated, wait_for

from qm_net import fairdeal
from qm_net.cardsets import CardCache, CardsRefused, accept, unfit
from qm_net.client import TableClient, TableError
from qm_net.messages import GameEnded
from qm_rules.bots import make_bot
from qm_rules.cards import CardSet, parse_cards, shipped_cards

TINY = Path(__file__).resolve().parent / "cardsets" / "tiny.toml"


def tiny() -> CardSet:
    return parse_cards(TINY.read_bytes())


def reworded(cards: CardSet) -> CardSet:
    """``cards`` with one card's name changed: the same rules, another file."""
    text = cards.source.decode().replace('en = "Rice"', 'en = "Sticky Rice"')
    assert text != cards.source.decode()
    return parse_cards(text.encode())


async def connect(host_port: int, name: str, **kw: object) -> TableClient:
    return await TableClient.connect("127.0.0.1", host_port, name, **kw)  # type: ignore[arg-type]


async def play_out(clients: list[TableClient]) -> list[GameEnded]:
    """Each client answers its prompts with a random bot of the table's set, to the end."""
    from net_support import play_to_end

    bots = [make_bot("random", f"s{i}", c.cards) for i, c in enumerate(clients)]
    ends = await asyncio.gather(*(play_to_end(c, b) for c, b in zip(clients, bots, strict=True)))
    return list(ends)


def test_a_client_without_the_set_is_sent_it_checks_it_and_keeps_it(tmp_path: Path) -> None:
    cache = CardCache(tmp_path / "cards")

    async def go() -> None:
        async with running_host(cards=tiny()) as host:
            first = await connect(host.port, "Ann", card_cache=cache)
            assert first.cards_from == "host"
            assert first.cards.file_hash == host.cards.file_hash
            assert first.cards["rice"].name.en == "Rice"  # its names, not the game's own
            assert first.table is not None and first.table.cards == host.cards.file_hash
            assert list((tmp_path / "cards").glob("*.toml"))  # kept
            sent = [c.cards_sent for c in host.conns]
            assert sent == [1]
            # the second time: from the cache, no request
            second = await connect(host.port, "Bo", card_cache=cache)
            assert second.cards_from == "cache"
            assert sorted(c.cards_sent for c in host.conns) == [0, 1]
            # a reconnection keeps what the client holds
            await first.reconnect()
            assert first.cards_from == "known"
            assert sorted(c.cards_sent for c in host.conns) == [0, 0]
            # a kept copy edited since is not what its name says: asked for again, kept anew
            (kept,) = (tmp_path / "cards").glob("*.toml")
            kept.write_bytes(reworded(tiny()).source)
            third = await connect(host.port, "Cy", card_cache=cache)
            assert third.cards_from == "host" and third.cards["rice"].name.en == "Rice"
            assert kept.read_bytes() == tiny().source
            for c in (first, second, third):
                await c.close()

    asyncio.run(go())


def test_a_table_of_the_games_own_set_sends_nothing() -> None:
    async def go() -> None:
        async with running_host() as host:
            c = await connect(host.port, "Ann")
            assert c.cards_from == "own" and c.cards is shipped_cards()
            assert [x.cards_sent for x in host.conns] == [0]
            await c.close()

    asyncio.run(go())


def test_the_host_sends_only_the_set_it_plays() -> None:
    async def go() -> None:
        async with running_host(cards=tiny()) as host:
            raw = await Raw.open(host)
            await raw.send({"t": "cards", "sha256": shipped_cards().file_hash, "id": 5})
            refused = await raw.expect("error")
            assert refused["code"] == "unknown_cards" and refused["ref"] == 5
            await raw.send({"t": "cards", "sha256": host.cards.file_hash, "id": 6})
            sent = await raw.expect("cards")
            assert sent["ref"] == 6 and sent["source"] == TINY.read_text()
            raw.close()

    asyncio.run(go())


def test_the_client_refuses_a_mismatched_set_at_connect(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host names one set in welcome and sends another file: connect fails with
    ``cards_refused`` saying the set is not the one announced; the cache holds nothing."""
    from qm_net.host import lobby as lobby_module

    cache = CardCache(tmp_path / "cards")
    other = reworded(tiny())

    def lying(self: lobby_module.Lobby, conn: object, msg: object) -> None:
        from qm_net import protocol as p

        conn.send(  # type: ignore[attr-defined]
            p.CardsFile(sha256=msg.sha256, source=other.source.decode(), ref=msg.id)  # type: ignore[attr-defined]
        )

    async def go() -> None:
        async with running_host(cards=tiny()) as host:
            monkeypatch.setitem(
                host.handlers, lobby_module.p.GetCards, lambda c, m: lying(host.lobby, c, m)
            )
            with pytest.raises(TableError) as refused:
                await connect(host.port, "Ann", card_cache=cache)
            assert refused.value.code == "cards_refused"
            assert "not the one it announced" in refused.value.message
            assert not list(tmp_path.glob("cards/*.toml"))

    asyncio.run(go())


def test_a_malformed_or_oversized_set_is_refused_in_words() -> None:
    broken = TINY.read_text().replace('op = "draw"', 'op = "teleport"')
    digest = hashlib.sha256(broken.encode()).hexdigest()
    with pytest.raises(CardsRefused, match="cannot be played"):
        accept(broken, digest)
    big = TINY.read_text() + "#" * (200 * 1024)
    with pytest.raises(CardsRefused, match="at most"):
        accept(big, hashlib.sha256(big.encode()).hexdigest())
    nested = "version = " + "[" * 3000
    with pytest.raises(CardsRefused, match="nested"):
        accept(nested, hashlib.sha256(nested.encode()).hexdigest())
    sneaky = TINY.read_text().replace('en = "Rice"', 'en = "Rice\\u001b[2J"')
    with pytest.raises(CardsRefused, match="control"):
        accept(sneaky, hashlib.sha256(sneaky.encode()).hexdigest())
    # and a host will not open a table with a set its guests would refuse
    assert unfit(parse_cards(sneaky.encode())) is not None
    with pytest.raises(ValueError, match="cannot be sent"):
        from qm_net.host import Host

        Host("t", 2, cards=parse_cards(sneaky.encode()), advertise=False)


def test_a_game_with_the_hosts_set_ends_and_each_guest_verifies_it(tmp_path: Path) -> None:
    """Fairly dealt, two guests that never had the file: each plays with the set it was sent,
    and its record verifies and replays with no file at hand (it keeps the set)."""

    async def go() -> list[GameEnded]:
        async with running_host(cards=tiny(), seed=None, options=options()) as host:
            clients = await seated(host, "Ann", "Bo")
            ends = await play_out(clients)
            for c in clients:
                await c.close()
            return ends

    ends = asyncio.run(go())
    for end in ends:
        record = end.fair
        assert record is not None and record.cards == tiny().file_hash
        assert record.card_source == tiny().source.decode()
        assert fairdeal.verify(record).ok, fairdeal.verify(record).failed
        path = tmp_path / "record.json"
        record.save(str(path))
        again = fairdeal.load(str(path))
        assert fairdeal.verify(again).ok
        journal = fairdeal.revealed_journal(again)
        assert journal.card_set().file_hash == tiny().file_hash

    # a record that cannot be checked says why: the copy it keeps was edited, or it keeps none
    # and this program's own set is not the one the table named
    record = ends[0].fair
    assert record is not None
    record.card_source = reworded(tiny()).source.decode()
    failed = fairdeal.verify(record).failed
    assert failed is not None and failed.name == "rules" and "was changed" in failed.detail
    record.card_source = None
    failed = fairdeal.verify(record).failed
    assert failed is not None and "another version of this program" in failed.detail


def test_a_host_that_swaps_its_set_between_games_is_caught() -> None:
    """The table named one set; before the second game the host deals from another (the same
    rules, a card renamed: what its players see changed). Every client's check fails."""

    async def go() -> list[GameEnded]:
        async with running_host(cards=tiny(), seed=None, options=options()) as host:
            clients = await seated(host, "Ann", "Bo")
            first = await play_out(clients)
            assert all(e.fair is not None and fairdeal.verify(e.fair).ok for e in first)
            host.cards = reworded(host.cards)  # unseen: nobody is told
            for c in clients:
                await c.rematch()
            await wait_for(lambda: host.state == "playing")
            return await play_out(clients)

    for end in asyncio.run(go()):
        assert end.fair is not None
        verdict = fairdeal.verify(end.fair)
        assert not verdict.ok and verdict.failed is not None
        assert verdict.failed.name == "commitment"
        assert "card set" in verdict.failed.detail


def test_a_host_that_commits_to_its_set_but_deals_another_is_caught() -> None:
    """The commitment names the set the table announced, but the game is played with other
    rules: the check fails at the rules (the revealed game is not of the named set)."""
    other = tiny().source.decode().replace("copies = 8", "copies = 9", 1)
    swapped = parse_cards(other.encode())
    assert swapped.digest != tiny().digest

    async def go() -> list[GameEnded]:
        async with running_host(cards=tiny(), seed=None, options=options()) as host:
            clients = await seated(host, "Ann", "Bo")
            await wait_for(lambda: host.game is not None)
            return await play_out(clients)

    # the host's game is made with the swapped set once dealt; the deal names the told one
    from qm_net.host import table as table_module

    real_new = table_module.Game.new

    def dealt_with_other(players, seed, opts, cards=None):  # type: ignore[no-untyped-def]
        return real_new(players, seed, opts, swapped)

    mp = pytest.MonkeyPatch()
    mp.setattr(table_module.Game, "new", staticmethod(dealt_with_other))
    try:
        ends = asyncio.run(go())
    finally:
        mp.undo()
    for end in ends:
        assert end.fair is not None
        verdict = fairdeal.verify(end.fair)
        assert verdict.failed is not None and verdict.failed.name == "rules", verdict


def test_serve_with_its_own_set_and_bots_without_the_file_play_replay_and_verify(
    tmp_path: Path,
) -> None:
    """Real processes on loopback: ``qingming serve --cards FILE`` and two ``qingming bot``s
    that never had the file (each its own data directory). The bots are sent the set, play
    it to the end and check the deal; then the file is gone, and the host's journal and each
    bot's record still replay and verify (they keep the set)."""
    import json
    import re
    import subprocess

    from net_support import WAIT, cli, cli_env

    card_file = tmp_path / "mine.toml"
    card_file.write_bytes(TINY.read_bytes())
    journal = tmp_path / "table.jsonl"
    records = tmp_path / "records"
    serve = subprocess.Popen(
        cli(
            "serve",
            "--name",
            "custom",
            "--seats",
            "2",
            "--bind",
            "127.0.0.1",
            "--no-advertise",
            "--games",
            "1",
            "--round-limit",
            "4",
            "--journal",
            str(journal),
            "--cards",
            str(card_file),
        ),  # fmt: skip
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    try:
        assert serve.stdout is not None
        line = serve.stdout.readline()
        found = re.search(r"listening on \S+:(\d+)", line)
        assert found is not None, (line, serve.stderr.read() if serve.stderr else "")
        port = found.group(1)
        bots = [
            bot_process(
                port,
                f"b{i}",
                "random",
                dict(cli_env(), QINGMING_DATA_DIR=str(tmp_path / f"data{i}")),
                records,
            )
            for i in range(2)
        ]
        outs = [b.communicate(timeout=WAIT * 3) for b in bots]
        assert [b.returncode for b in bots] == [0, 0], outs
        assert serve.wait(timeout=WAIT) == 0
    finally:
        serve.kill()
    for out, _ in outs:
        assert "card set; received" in out, out
        assert "fair deal: verified" in out, out
    for i in range(2):  # each kept the set it was sent, by its hash
        kept = list((tmp_path / f"data{i}" / "cards").glob("*.toml"))
        assert [k.name for k in kept] == [f"{tiny().file_hash}.toml"]
    card_file.unlink()  # the file is gone: what was kept must do

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(cli(*args), capture_output=True, text=True, env=cli_env())

    summary = run("replay", str(journal), "--json")
    assert summary.returncode == 0, summary.stderr
    assert json.loads(summary.stdout)["finished"] is True
    verified = run("verify", str(journal))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    saved = sorted(records.glob("*.json"))
    assert len(saved) == 2
    for record in saved:
        verified = run("verify", str(record))
        assert verified.returncode == 0, verified.stdout + verified.stderr
        words = run("--lang", "en", "replay", str(record), "--no-step")
        assert words.returncode == 0, words.stderr
        # its cards named from the set it kept, not the game's own
        assert re.search(r"\b(Rice|Tea|Sweep|Fire)\b", words.stdout), words.stdout[:2000]
