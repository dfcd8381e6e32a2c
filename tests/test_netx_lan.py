"""A whole game across a (virtual) LAN: host and players on separate network stacks.

``qingming serve`` runs in one network namespace, bound to and advertising on its veth address
only. Two players, each in a namespace of its own, find the table the way a person would, with
``qingming tables --json --interface <their address>`` (mDNS across the bridge; no address is
given to them), then join it with ``qingming bot`` at the address discovery reported and play
to the end. Skipped, with the reason, only where namespaces cannot be made (not root, no
``ip``, a sandbox); CI runs as root. Namespaces are always removed (tests/netns.py).
"""

from __future__ import annotations

import json
import re
import secrets
import sys
import time
from collections.abc import Iterator

import netns
import pytest

DISCOVERY_TRIES = 8  # browses of 2 s each before giving up: "never came", not a speed test


@pytest.fixture
def lan() -> Iterator[netns.Lan]:
    with netns.lan_or_skip(hosts=3) as lan:
        yield lan


def find_table(player: netns.Host, name: str) -> dict[str, object]:
    """Browse from ``player``'s own address until the table called ``name`` shows up."""
    seen: list[object] = []
    for _ in range(DISCOVERY_TRIES):
        out = player.run(
            sys.executable, "-m", "qingming", "tables", "--json",
            "--interface", player.address, "--timeout", "2",
        )  # fmt: skip
        tables = json.loads(out.stdout)
        seen.append(tables)
        found = [t for t in tables if t["name"] == name]
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"{player}: table {name!r} never showed up; browses saw {seen}")


def test_players_find_the_table_by_mdns_and_play_to_the_end(lan: netns.Lan) -> None:
    table_host, *players = lan.hosts
    name = f"清明 LAN game {secrets.token_hex(3)}"
    serve = table_host.python_module(
        "qingming", "serve", "--name", name, "--seats", "2",
        "--bind", table_host.address, "--interface", table_host.address,
        "--games", "1", "--seed", "17", "--round-limit", "8", "--response-timer", "0",
    )  # fmt: skip
    line = serve.expect(lambda text: "listening on" in text, timeout=30)
    port = int(re.search(r":(\d+)$", line).group(1))

    found = [find_table(p, name) for p in players]
    for table in found:
        # what discovery says is where the table really is: the host's veth address
        assert (table["address"], table["port"]) == (table_host.address, port), table
        assert table["seats_total"] == 2 and table["state"] == "lobby"

    bots = [
        p.python_module(
            "qingming",
            "bot",
            "--connect",
            f"{t['address']}:{t['port']}",
            "--name",
            f"lan{i}",
            "--games",
            "1",
            "--seed",
            str(i),
        )  # fmt: skip
        for i, (p, t) in enumerate(zip(players, found, strict=True))
    ]
    seats = sorted(b.expect(lambda text: " seat " in text, timeout=30) for b in bots)
    assert [s.split(":")[0] for s in seats] == ["lan0", "lan1"]
    overs = [b.expect(lambda text: "game 1 over" in text, timeout=90) for b in bots]
    # both players saw the same ending
    assert len({o.split("over:", 1)[1] for o in overs}) == 1, overs
    assert [b.wait(30) for b in bots] == [0, 0]
    assert serve.wait(30) == 0  # --games 1: the table closed itself after the game
