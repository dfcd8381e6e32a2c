"""``qingming join HOST[:PORT]``: sit down at a table directly, without the lobby's search."""

from __future__ import annotations

import argparse

NAME = "join"
HELP = "join the table at HOST[:PORT] (no discovery needed)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from qingming.cli import add_common_arguments

    parser.add_argument(
        "address",
        metavar="HOST[:PORT]",
        help="the table's address (PORT defaults to 7351, what qingming serve takes when free)",
    )
    add_common_arguments(parser, command=True)


def run(args: argparse.Namespace) -> int:
    from qingming.commands.lobby import launch
    from qm_tui.app import JoinAddress
    from qm_tui.net import AddressError, parse_address

    try:
        host, port = parse_address(args.address)
    except AddressError as error:
        raise SystemExit(f"qingming join: {error} (give HOST or HOST:PORT)") from None
    return launch(args, JoinAddress(host, port))
