"""``qingming tables``: list the tables advertised on the local network."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from qm_net.discovery import TableInfo

NAME = "tables"
HELP = "list the tables on the local network (mDNS) and exit"

DEFAULT_TIMEOUT = 1.5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Its own dest: the top-level parser has --interface too, and a subparser's default would
    # overwrite a value given before the command word.
    parser.add_argument(
        "--interface",
        dest="tables_interface",
        action="append",
        metavar="ADDR",
        help="listen on this interface address (or name); repeat for several "
        "(default: every interface, or 127.0.0.1 when CI is set)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=f"seconds to listen (default: {DEFAULT_TIMEOUT})",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")


def run(args: argparse.Namespace) -> int:
    from qm_net.discovery import browse_once, parse_interfaces, resolve_interfaces

    values = (args.tables_interface or []) + (getattr(args, "interface", None) or [])
    try:
        interfaces = parse_interfaces(values)
    except ValueError as exc:
        print(f"qingming tables: {exc}", file=sys.stderr)
        return 2
    if args.timeout < 0:
        print("qingming tables: --timeout must not be negative", file=sys.stderr)
        return 2
    chosen = resolve_interfaces(interfaces)
    where = ", ".join(str(i) for i in chosen) if isinstance(chosen, list) else "every interface"
    try:
        tables = browse_once(args.timeout, interfaces)
    except OSError as exc:  # e.g. an address that is not ours, or no multicast
        print(f"qingming tables: cannot listen on {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    if args.json:
        json.dump([t.to_plain() for t in tables], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    if not tables:
        print(
            f"No tables found (listened on {where} for {args.timeout:g} s). "
            "On a VPN or with container bridges, pick the LAN with --interface ADDR.",
            file=sys.stderr,
        )
        return 0
    print(format_tables(tables))
    return 0


def _width(text: str) -> int:
    """Terminal cells: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _printable(text: str) -> str:
    # Names come from the network: never let one send escape sequences to the terminal.
    return "".join("?" if unicodedata.category(ch) in ("Cc", "Cf") else ch for ch in text)


def format_tables(tables: Sequence[TableInfo]) -> str:
    """A plain-text table, aligned for CJK names too."""
    from qm_net.version import PROTOCOL_VERSION

    header = ("NAME", "ADDRESS", "SEATS", "STATE", "VERSION", "BROWSER")
    rows = [header]
    for t in tables:
        version = str(t.version)
        if t.version != PROTOCOL_VERSION:
            version += f" (ours: {PROTOCOL_VERSION})"
        seats = f"{t.seats_taken}/{t.seats_total}" + (
            f" ({t.bots} bot{'s' if t.bots > 1 else ''})" if t.bots else ""
        )
        address = f"{t.address}:{t.port}"
        browser = t.web_url or "-"  # the page asks for the code: the people at the table have it
        state = _printable(t.state) + (" (custom cards)" if t.custom_cards else "")
        rows.append((_printable(t.name), address, seats, state, version, browser))
    widths = [max(_width(row[i]) for row in rows) for i in range(len(header))]
    lines = [
        "  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    return "\n".join(lines)
