"""What a table's advertisement says: its DNS-SD names and its TXT record, as a browser reads
them (:class:`TableInfo`), and what happens to a table in a browse (:class:`TableEvent`).
"""

from __future__ import annotations

import enum
import ipaddress
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from zeroconf import ServiceInfo

from qm_net.interfaces import pick_address
from qm_net.version import PROTOCOL_VERSION

SERVICE_TYPE = "_qingming._tcp.local."
"""The DNS-SD service type every Qingming table is advertised under."""

MAX_INSTANCE_BYTES = 63
"""DNS-SD instance names are one DNS label: at most 63 bytes of UTF-8 (RFC 6763 §4.1.1)."""


def truncate_utf8(text: str, limit: int) -> str:
    """At most ``limit`` bytes of UTF-8, never cutting a character in two."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text
    return raw[:limit].decode("utf-8", "ignore").rstrip()


def _clean_name(name: str) -> str:
    # Control characters are illegal in instance names (RFC 6763 §4.1.1). Dots are legal there
    # but python-zeroconf writes names label by label without escaping, so a dot would split
    # the label; the real name travels in the TXT record anyway.
    kept = "".join(ch for ch in name if unicodedata.category(ch) != "Cc")
    return " ".join(kept.replace(".", "-").split()) or "Qingming"


def instance_name(name: str, attempt: int = 1) -> str:
    """The DNS-SD instance name for a table called ``name``: cleaned, a suffix `` (n)`` from
    the second attempt on (another host has the name), and truncated so the whole label fits
    in 63 bytes of UTF-8 — a Chinese character takes three."""
    suffix = "" if attempt <= 1 else f" ({attempt})"
    room = MAX_INSTANCE_BYTES - len(suffix.encode("utf-8"))
    return truncate_utf8(_clean_name(name), room) + suffix


class TableEventKind(enum.StrEnum):
    """What happened to a table in a browse."""

    ADDED = "added"
    UPDATED = "updated"
    REMOVED = "removed"


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as its TXT record and address records describe it."""

    name: str
    address: str
    port: int
    version: int
    seats_taken: int
    seats_total: int
    state: str
    key: str
    """Identifies the table across events: its service name, lower-cased (DNS is caseless)."""
    addresses: tuple[str, ...] = ()
    """Every address the host announced; ``address`` is the one picked for us."""
    bots: int = 0
    """How many of the seats taken bots play (bot seats, and players' seats a bot plays while
    they are away); 0 when the host does not say."""
    web_port: int = 0
    """The port the table's web page is served on, at ``address`` (0: not served to browsers)."""
    cards: str = ""
    """The SHA-256 of the card set's file the table deals from ("": the host does not say)."""

    @property
    def custom_cards(self) -> bool:
        """Whether the table plays a card set other than this program's own (its guests are
        sent it when they join)."""
        from qm_rules.cards import shipped_cards

        return bool(self.cards) and self.cards != shipped_cards().file_hash

    @property
    def web_url(self) -> str | None:
        """The table's web page (without its code, which only the people at the table have)."""
        if not self.web_port or not self.address:
            return None
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{host}:{self.web_port}/"

    @property
    def compatible(self) -> bool:
        """Whether the host speaks our protocol version."""
        return self.version == PROTOCOL_VERSION

    @property
    def full(self) -> bool:
        return self.seats_total > 0 and self.seats_taken >= self.seats_total

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready, as ``qingming tables --json`` prints it."""
        return {
            "name": self.name,
            "address": self.address,
            "port": self.port,
            "version": self.version,
            "seats_taken": self.seats_taken,
            "seats_total": self.seats_total,
            "state": self.state,
            "key": self.key,
            "addresses": list(self.addresses),
            "bots": self.bots,
            "web_port": self.web_port,
            "cards": self.cards,
            "custom_cards": self.custom_cards,
        }


@dataclass(frozen=True, slots=True)
class TableEvent:
    """A table appeared, changed (seats, state, address) or went away."""

    kind: TableEventKind
    table: TableInfo


def txt_value(props: dict[bytes, bytes | None], key: str) -> str:
    value = props.get(key.encode())
    return value.decode("utf-8", "replace") if value else ""


def _int(text: str, default: int = 0) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def table_from_info(
    info: ServiceInfo, key: str, local: Sequence[ipaddress.IPv4Interface]
) -> TableInfo:
    props = info.properties
    taken, _, total = txt_value(props, "seats").partition("/")
    addresses = tuple(info.parsed_addresses())
    instance = (
        info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith(SERVICE_TYPE) else info.name
    )
    return TableInfo(
        name=txt_value(props, "name") or instance,
        address=pick_address(addresses, local),
        port=info.port or 0,
        version=_int(txt_value(props, "version")),
        seats_taken=_int(taken),
        seats_total=_int(total),
        state=txt_value(props, "state") or "unknown",
        key=key,
        addresses=addresses,
        bots=_int(txt_value(props, "bots")),
        web_port=_int(txt_value(props, "web")),
        cards=txt_value(props, "cards"),
    )
