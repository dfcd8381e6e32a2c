"""Discovery over real zeroconf bound to 127.0.0.1, and its pure helpers.

Other tests on this machine may advertise tables on loopback at the same time, so every table
here has a random name and the helpers wait for events about *that* table only.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import queue
import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from zeroconf import InterfaceChoice, ServiceInfo

from qingming.commands.tables import format_tables
from qm_net.discovery import (
    MAX_INSTANCE_BYTES,
    SERVICE_TYPE,
    Advertiser,
    Browser,
    TableEvent,
    TableEventKind,
    TableInfo,
    abrowse_once,
    default_interfaces,
    instance_name,
    parse_interfaces,
)
from qm_net.interfaces import pick_address
from qm_net.tablerecord import table_from_info
from qm_net.version import PROTOCOL_VERSION

LOOPBACK = ["127.0.0.1"]
WAIT = 10.0  # an upper bound for "never came", not a speed requirement
ROOT = Path(__file__).resolve().parent.parent


def unique(prefix: str = "清明") -> str:
    return f"{prefix} {secrets.token_hex(3)}"


class Events:
    """Collects a browser's events; waits for one matching a predicate."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[TableEvent] = asyncio.Queue()

    def __call__(self, event: TableEvent) -> None:
        self.queue.put_nowait(event)

    async def next(self, match: Callable[[TableEvent], bool]) -> TableEvent:
        async def _wait() -> TableEvent:
            while True:
                event = await self.queue.get()
                if match(event):
                    return event

        return await asyncio.wait_for(_wait(), WAIT)


def about(name: str, kind: TableEventKind | None = None) -> Callable[[TableEvent], bool]:
    return lambda e: e.table.name == name and (kind is None or e.kind == kind)


# --- pure helpers ----------------------------------------------------------------------------


def test_instance_name_fits_one_label_without_cutting_a_character() -> None:
    long = "清明" * 40
    name = instance_name(long)
    assert len(name.encode()) <= MAX_INSTANCE_BYTES
    assert long.startswith(name)  # whole characters only
    renamed = instance_name(long, 3)
    assert renamed.endswith(" (3)")
    assert len(renamed.encode()) <= MAX_INSTANCE_BYTES
    assert instance_name("短") == "短"


def test_instance_name_drops_control_characters_and_dots() -> None:
    assert instance_name("a\x00b\x1bc.d\n e") == "abc-d e"
    assert instance_name("  \t ") == "Qingming"


def test_default_interfaces_is_loopback_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert default_interfaces() == ["127.0.0.1"]
    # Outside CI the default is every interface (this only reads the setting; nothing binds).
    every = InterfaceChoice["All"]
    monkeypatch.delenv("CI")
    assert default_interfaces() is every
    monkeypatch.setenv("CI", "false")
    assert default_interfaces() is every


def test_parse_interfaces_accepts_addresses_and_names() -> None:
    assert parse_interfaces(None) is None
    assert parse_interfaces(["127.0.0.1"]) == ["127.0.0.1"]
    assert "127.0.0.1" in (parse_interfaces(["lo"]) or [])
    with pytest.raises(ValueError, match="nope0"):
        parse_interfaces(["nope0"])


def test_pick_address_prefers_our_network_then_not_loopback() -> None:
    lan = [ipaddress.IPv4Interface("10.213.7.2/24")]
    assert pick_address(["172.17.0.1", "10.213.7.1"], lan) == "10.213.7.1"
    assert pick_address(["127.0.0.1", "172.17.0.1"], lan) == "172.17.0.1"
    assert pick_address(["127.0.0.1"], [ipaddress.IPv4Interface("127.0.0.1/8")]) == "127.0.0.1"
    assert pick_address([], lan) == ""


def test_table_from_info_survives_odd_txt() -> None:
    info = ServiceInfo(
        SERVICE_TYPE,
        f"odd.{SERVICE_TYPE}",
        port=7,
        properties={"seats": "x/y", "version": "two"},
        server="odd.local.",
        parsed_addresses=["127.0.0.1"],
    )
    table = table_from_info(info, "odd", [])
    assert (table.name, table.version, table.seats_taken, table.seats_total) == ("odd", 0, 0, 0)
    assert table.state == "unknown"
    assert table.bots == 0  # a host that does not say how many seats bots play
    assert not table.compatible


def test_advertiser_rejects_unknown_state() -> None:
    with pytest.raises(ValueError):
        Advertiser("t", 1, interfaces=LOOPBACK, state="sleeping")


def test_format_tables_aligns_cjk_and_defuses_escapes() -> None:
    rows = [
        TableInfo("清明桌", "127.0.0.1", 4000, PROTOCOL_VERSION, 1, 4, "lobby", "a"),
        TableInfo("evil\x1b[2J", "127.0.0.1", 4001, PROTOCOL_VERSION + 1, 4, 4, "playing", "b"),
        TableInfo("bots", "127.0.0.1", 4002, PROTOCOL_VERSION, 3, 4, "lobby", "c", bots=2),
    ]
    text = format_tables(rows)
    assert "\x1b" not in text
    lines = text.splitlines()
    # "清明桌" is 6 cells wide, like "evil?[2J" is 8: the address column starts in one place.
    col = lines[0].index("ADDRESS")
    assert lines[1][col - 3 :].startswith("127.0.0.1:4000")  # 3 wide characters = 6 cells
    assert lines[2][col:].startswith("127.0.0.1:4001")
    assert f"(ours: {PROTOCOL_VERSION})" in lines[2]
    assert "3/4 (2 bots)" in lines[3]


def test_a_table_of_its_hosts_own_cards_is_marked_so() -> None:
    """The TXT record's ``cards`` names the table's set: another than ours is "custom cards",
    ours (or an older host that does not say) is not."""
    from qm_rules.cards import shipped_cards

    own = shipped_cards().file_hash
    rows = [
        TableInfo("own", "127.0.0.1", 4000, PROTOCOL_VERSION, 1, 4, "lobby", "a", cards=own),
        TableInfo(
            "theirs", "127.0.0.1", 4001, PROTOCOL_VERSION, 1, 4, "lobby", "b", cards="e" * 64
        ),
        TableInfo("older", "127.0.0.1", 4002, PROTOCOL_VERSION, 1, 4, "lobby", "c"),
    ]
    assert [t.custom_cards for t in rows] == [False, True, False]
    lines = format_tables(rows).splitlines()
    assert ["custom cards" in line for line in lines[1:]] == [False, True, False]
    assert rows[1].to_plain()["custom_cards"] is True


# --- real zeroconf on loopback ---------------------------------------------------------------


async def test_table_appears_changes_and_goes_away() -> None:
    name = unique()
    events = Events()
    async with Browser(events, interfaces=LOOPBACK) as browser:
        advertiser = Advertiser(name, 4567, interfaces=LOOPBACK, seats_taken=1, seats_total=4)
        await advertiser.astart()
        try:
            added = await events.next(about(name))
            assert added.kind is TableEventKind.ADDED
            t = added.table
            assert (t.address, t.port, t.version) == ("127.0.0.1", 4567, PROTOCOL_VERSION)
            assert (t.seats_taken, t.seats_total, t.state) == (1, 4, "lobby")
            assert t in browser.tables()

            await advertiser.aupdate(seats_taken=2)
            updated = await events.next(about(name))
            assert updated.kind is TableEventKind.UPDATED
            assert (updated.table.seats_taken, updated.table.state) == (2, "lobby")
            assert updated.table.key == t.key

            # An update that changes nothing sends nothing: the next event is the real change.
            await advertiser.aupdate(seats_taken=2)
            await advertiser.aupdate(seats_taken=4, state="playing")
            updated = await events.next(about(name))
            assert updated.kind is TableEventKind.UPDATED
            assert (updated.table.seats_taken, updated.table.state) == (4, "playing")
            assert updated.table.bots == 0
            await advertiser.aupdate(bots=2)  # two of the seats are played by bots now
            updated = await events.next(about(name))
            assert (updated.table.bots, updated.table.seats_taken) == (2, 4)
            assert updated.table.web_url is None
            await advertiser.aupdate(web=7352)  # the table is served to browsers now
            updated = await events.next(about(name))
            assert updated.table.web_url == "http://127.0.0.1:7352/"
            assert "http://127.0.0.1:7352/" in format_tables([updated.table])
        finally:
            await advertiser.aclose()
        removed = await events.next(about(name))
        assert removed.kind is TableEventKind.REMOVED
        assert removed.table.key == t.key
        assert all(x.key != t.key for x in browser.tables())


async def test_browser_started_later_finds_a_running_table() -> None:
    name = unique("late")
    async with Advertiser(name, 4568, interfaces=LOOPBACK, seats_total=2):
        found = await abrowse_once(1.0, LOOPBACK)
        assert [(t.port, t.seats_total) for t in found if t.name == name] == [(4568, 2)]


async def test_same_name_gets_a_suffix_and_both_are_seen() -> None:
    name = unique("同名")
    events = Events()
    async with Browser(events, interfaces=LOOPBACK) as browser:
        async with Advertiser(name, 5001, interfaces=LOOPBACK) as first:
            async with Advertiser(name, 5002, interfaces=LOOPBACK) as second:
                assert first.service_name != second.service_name
                assert second.service_name is not None and " (2)." in second.service_name
                ports = set()
                while ports != {5001, 5002}:
                    ports.add((await events.next(about(name, TableEventKind.ADDED))).table.port)
                assert sorted(t.port for t in browser.tables() if t.name == name) == [5001, 5002]


def test_blocking_wrappers() -> None:
    name = unique("sync")
    got: queue.Queue[TableEvent] = queue.Queue()

    def next_about() -> TableEvent:
        while True:
            event = got.get(timeout=WAIT)
            if event.table.name == name:
                return event

    with Browser(got.put, interfaces=LOOPBACK):
        advertiser = Advertiser(name, 4569, interfaces=LOOPBACK, seats_total=3)
        advertiser.update(seats_taken=1)  # before start: remembered, announced by start()
        advertiser.start()
        try:
            added = next_about()
            assert (added.kind, added.table.seats_taken) == (TableEventKind.ADDED, 1)
            advertiser.update(seats_taken=3)
            event = next_about()
            assert (event.kind, event.table.seats_taken) == (TableEventKind.UPDATED, 3)
        finally:
            advertiser.close()
        assert next_about().kind is TableEventKind.REMOVED


def _run_tables(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "qingming", "tables", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=ROOT,
    )


async def test_qingming_tables_json_finds_an_advertiser() -> None:
    name = unique("命令")
    async with Advertiser(name, 4570, interfaces=LOOPBACK, seats_taken=2, seats_total=4):
        proc = await asyncio.to_thread(
            _run_tables, "--json", "--interface", "127.0.0.1", "--timeout", "1.5"
        )
    assert proc.returncode == 0, proc.stderr
    tables = json.loads(proc.stdout)
    mine = [t for t in tables if t["name"] == name]
    assert len(mine) == 1
    expected = {
        "name": name,
        "address": "127.0.0.1",
        "port": 4570,
        "version": PROTOCOL_VERSION,
        "seats_taken": 2,
        "seats_total": 4,
        "state": "lobby",
    }
    assert {k: mine[0][k] for k in expected} == expected


async def test_qingming_tables_human_output() -> None:
    name = unique("人")
    async with Advertiser(
        name, 4571, interfaces=LOOPBACK, seats_total=4, state="playing", cards="e" * 64
    ):
        proc = await asyncio.to_thread(_run_tables, "--interface", "127.0.0.1", "--timeout", "1.5")
    assert proc.returncode == 0, proc.stderr
    line = next(line for line in proc.stdout.splitlines() if name in line)
    assert "127.0.0.1:4571" in line and "0/4" in line and "playing" in line
    assert "(custom cards)" in line  # its TXT record names a set that is not ours


def test_qingming_tables_rejects_a_bad_interface() -> None:
    proc = _run_tables("--interface", "no-such-if0", "--timeout", "0")
    assert proc.returncode == 2
    assert "no-such-if0" in proc.stderr
