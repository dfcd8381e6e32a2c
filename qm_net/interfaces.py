"""Which network interfaces a table is announced and found on, and at which addresses.

Interfaces are always the caller's choice (``interfaces=["192.168.1.20"]``): VPNs and container
bridges make "every interface" announce addresses other players cannot reach. Under CI the
default is loopback only.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
from collections.abc import Sequence

import ifaddr
from zeroconf import InterfaceChoice, InterfacesType


def default_interfaces() -> InterfacesType:
    """The interfaces to use when the user named none.

    Loopback only when the ``CI`` environment variable is set (CI machines must never send on
    a real network); otherwise every interface, which is what a player on a plain LAN expects.
    """
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        return ["127.0.0.1"]
    return InterfaceChoice.All


def resolve_interfaces(interfaces: Sequence[str] | InterfaceChoice | None) -> InterfacesType:
    """``None`` or an empty list means the default; a list of addresses is used as given."""
    if interfaces is None or isinstance(interfaces, InterfaceChoice):
        return default_interfaces() if interfaces is None else interfaces
    chosen = [str(i) for i in interfaces]
    return chosen or default_interfaces()


def parse_interfaces(values: Sequence[str] | None) -> list[str] | None:
    """Turn ``--interface`` values into addresses: an IP stays as it is, an interface name
    (``eth0``) becomes that interface's IPv4 addresses. ``None``/empty gives ``None`` (default).

    Raises ValueError naming the value that is neither.
    """
    if not values:
        return None
    adapters = {a.nice_name: a for a in ifaddr.get_adapters()}
    out: list[str] = []
    for value in values:
        try:
            out.append(str(ipaddress.ip_address(value)))
            continue
        except ValueError:
            pass
        adapter = adapters.get(value)
        addrs = [str(ip.ip) for ip in adapter.ips if ip.is_IPv4] if adapter else []
        if not addrs:
            raise ValueError(f"not an IP address nor an interface with an IPv4 address: {value!r}")
        out.extend(addrs)
    return out


def local_ipv4_networks() -> list[ipaddress.IPv4Interface]:
    nets = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4:
                nets.append(ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}"))
    return nets


def networks_for(interfaces: InterfacesType) -> list[ipaddress.IPv4Interface]:
    """The local IPv4 networks behind the chosen interfaces (all of them for a choice)."""
    nets = local_ipv4_networks()
    if not isinstance(interfaces, list):
        return nets
    chosen = []
    for value in interfaces:
        try:
            ip = ipaddress.ip_address(value)
        except ValueError:
            continue
        if not isinstance(ip, ipaddress.IPv4Address):
            continue
        match = [n for n in nets if n.ip == ip]
        chosen.extend(match or [ipaddress.IPv4Interface(f"{ip}/32")])
    return chosen


def advertised_addresses(interfaces: InterfacesType, address: str | None) -> list[str]:
    """The addresses players should connect to: the one given, else the chosen interfaces'."""
    if address and address not in ("0.0.0.0", "::"):
        return [address]
    if isinstance(interfaces, list):
        addrs = []
        for value in interfaces:
            with contextlib.suppress(ValueError):
                addrs.append(str(ipaddress.ip_address(value)))
        if addrs:
            return addrs
    lan = [str(n.ip) for n in local_ipv4_networks() if not n.ip.is_loopback]
    return lan or ["127.0.0.1"]


def reachable_addresses(interfaces: Sequence[str] | None, bind: str | None) -> list[str]:
    """The addresses other machines can join a table at that listens on ``bind`` (and is
    announced on ``interfaces``): the bound address, else the chosen interfaces', else this
    machine's LAN addresses (127.0.0.1 when it has none)."""
    return advertised_addresses(resolve_interfaces(interfaces), bind)


def pick_address(addresses: Sequence[str], local: Sequence[ipaddress.IPv4Interface]) -> str:
    """Of a table's addresses, the one we can reach: on one of our networks if any is, else the
    first that is not loopback (a loopback address of another machine is useless)."""
    parsed = []
    for a in addresses:
        with contextlib.suppress(ValueError):
            parsed.append(ipaddress.ip_address(a))
    for ip in parsed:
        if any(ip in n.network for n in local):
            return str(ip)
    for ip in parsed:
        if not ip.is_loopback:
            return str(ip)
    return str(parsed[0]) if parsed else ""
