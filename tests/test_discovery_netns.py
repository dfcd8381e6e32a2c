"""Discovery across a real (virtual) LAN: hosts in network namespaces joined by a bridge.

A table advertised in one namespace, bound to its veth address, must appear in browses run in
the others with that address, follow its seat changes and go away when the host closes. This
is the multicast path loopback tests cannot show: separate network stacks, a real link.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Iterator

import netns
import pytest

from qm_net.version import PROTOCOL_VERSION

# Advertises argv[1] (name) on port argv[2], bound to argv[3], records living argv[4] seconds
# (default: the module's); then obeys stdin:
# "<taken> <state>" updates the TXT record, "close" (or end of input) withdraws the table.
ADVERTISER = """
import asyncio, sys
from qm_net.discovery import Advertiser

async def main():
    name, port, address = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    extra = {"ttl": int(sys.argv[4])} if len(sys.argv) > 4 else {}
    adv = Advertiser(name, port, interfaces=[address], seats_total=4, **extra)
    await adv.astart()
    print("ready", adv.service_name, flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if not line or line == "close":
            break
        taken, state = line.split()
        await adv.aupdate(seats_taken=int(taken), state=state)
        print("updated", line, flush=True)
    await adv.aclose()
    print("closed", flush=True)

asyncio.run(main())
"""

# Browses on argv[1] (sweeping every argv[2] seconds if given) and prints every event as a JSON
# line until stdin closes.
BROWSER = """
import asyncio, json, sys
from qm_net.discovery import Browser

def show(event):
    print(json.dumps({"kind": str(event.kind), **event.table.to_plain()}, ensure_ascii=False),
          flush=True)

async def main():
    extra = {"sweep_interval": float(sys.argv[2])} if len(sys.argv) > 2 else {}
    async with Browser(show, interfaces=[sys.argv[1]], **extra):
        print(json.dumps({"kind": "ready"}), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

asyncio.run(main())
"""


@pytest.fixture
def lan() -> Iterator[netns.Lan]:
    with netns.lan_or_skip(hosts=3) as lan:
        yield lan


def event_about(proc: netns.Proc, name: str, kind: str) -> dict[str, object]:
    """The next event the browser process prints about table ``name`` of that kind."""

    def match(line: str) -> bool:
        event = json.loads(line)
        return event.get("name") == name and event["kind"] == kind

    return json.loads(proc.expect(match))


def start_browser(host: netns.Host, *args: str) -> netns.Proc:
    proc = host.python(BROWSER, host.address, *args)
    proc.expect(lambda line: json.loads(line)["kind"] == "ready")
    return proc


def start_advertiser(host: netns.Host, name: str, port: int, *args: str) -> netns.Proc:
    proc = host.python(ADVERTISER, name, str(port), host.address, *args)
    proc.expect(lambda line: line.startswith("ready"))
    return proc


def test_lan_hosts_are_separate_stacks(lan: netns.Lan) -> None:
    h0, h1, _ = lan.hosts
    assert h0.address != h1.address
    shown = h1.run("ip", "-4", "-o", "addr", "show", "dev", "eth0").stdout
    assert f"inet {h1.address}/" in shown and h0.address not in shown


def test_table_seen_across_the_lan_with_its_address(lan: netns.Lan) -> None:
    host, watcher, other = lan.hosts
    name = f"清明 LAN {secrets.token_hex(3)}"
    browser = start_browser(watcher)
    advertiser = start_advertiser(host, name, 4600)

    added = event_about(browser, name, "added")
    assert added["address"] == host.address
    assert added["port"] == 4600
    assert added["version"] == PROTOCOL_VERSION
    assert (added["seats_taken"], added["seats_total"], added["state"]) == (0, 4, "lobby")

    # A third host, browsing once from the command line, sees it too.
    out = other.run(
        sys.executable, "-m", "qingming", "tables", "--json",
        "--interface", other.address, "--timeout", "1.5",
    )  # fmt: skip
    found = [t for t in json.loads(out.stdout) if t["name"] == name]
    assert [(t["address"], t["port"]) for t in found] == [(host.address, 4600)]

    advertiser.send("3 playing")
    advertiser.expect(lambda line: line.startswith("updated"))
    updated = event_about(browser, name, "updated")
    assert (updated["seats_taken"], updated["state"]) == (3, "playing")
    assert updated["address"] == host.address

    advertiser.send("close")
    advertiser.expect(lambda line: line == "closed")
    removed = event_about(browser, name, "removed")
    assert removed["key"] == added["key"]
    assert advertiser.wait() == 0


def test_same_name_on_two_hosts_is_made_unique(lan: netns.Lan) -> None:
    first_host, second_host, watcher = lan.hosts
    name = f"同名 {secrets.token_hex(3)}"
    browser = start_browser(watcher)
    first = start_advertiser(first_host, name, 4601)
    event_about(browser, name, "added")
    second = start_advertiser(second_host, name, 4602)
    second_event = event_about(browser, name, "added")
    assert (second_event["address"], second_event["port"]) == (second_host.address, 4602)
    assert first.stdout_seen[0] != second.stdout_seen[0]  # "ready <service name>"
    assert " (2)." in second.stdout_seen[0]


def test_a_host_that_dies_silently_is_dropped_and_a_live_one_kept(lan: netns.Lan) -> None:
    host, watcher, _ = lan.hosts
    name = f"crash {secrets.token_hex(3)}"
    ttl = 2  # seconds; the real default is two minutes
    browser = start_browser(watcher, "0.2")
    advertiser = start_advertiser(host, name, 4603, str(ttl))
    event_about(browser, name, "added")

    # Alive past several TTLs: the browser's refresh queries keep it. Were it dropped, the
    # browser would print "removed" (and "added") before this update's "updated".
    time.sleep(3 * ttl)
    advertiser.send("1 lobby")
    kinds = []
    while not kinds or kinds[-1] != "updated":
        line = browser.expect(lambda line: json.loads(line).get("name") == name)
        kinds.append(json.loads(line)["kind"])
    assert kinds == ["updated"]

    # Killed: no goodbye packets. The browser notices once the records expire.
    advertiser.popen.kill()
    advertiser.wait()
    removed = event_about(browser, name, "removed")
    assert removed["port"] == 4603
