"""``--cards FILE``: play, host, simulate or seat a bot with a card set of your own.

Every command that takes it reads the file the same way: a file that does not load is refused
with everything wrong with it (as ``qingming cards check FILE`` lists it, each fault on its
line) and the command exits 1 before anything starts.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qm_rules.cards import CardSet

HELP = (
    "play with the card set in FILE instead of the game's own (a TOML file: "
    "`qingming cards new FILE` writes one to start from, `qingming cards check FILE` says "
    "what is wrong with one; the format: docs/CARDS-FORMAT.md)"
)


#: What ``--cards`` does for a player joining someone's table: the table says its set.
GUEST_HELP = (
    "a card set you have in FILE: the table's set is used whatever FILE holds (a table of its "
    "host's own set sends it to players who do not have it); FILE spares the sending when it "
    "is that set"
)


def add_cards_argument(
    parser: argparse.ArgumentParser, *, command: bool = False, guest: bool = False
) -> None:
    """``--cards FILE`` (``command``: no default of its own, as the common arguments;
    ``guest``: for a program that joins a table, which plays the table's set)."""
    default: dict[str, Any] = {"default": argparse.SUPPRESS} if command else {}
    parser.add_argument("--cards", metavar="FILE", help=GUEST_HELP if guest else HELP, **default)


def read_card_set(path: str | None, prog: str, lang: str = "en") -> CardSet | None:
    """The card set in ``path`` (None for none given: the game's own). A file that cannot be
    read, or is not a card set, is said on stderr with every fault, and the command exits 1."""
    if not path:
        return None
    from qm_rules.cardcheck import faults_lines, load_file

    try:
        cards, faults = load_file(path)
    except OSError as exc:
        print(f"qingming {prog}: {path}: {exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(1) from None
    if cards is None:
        for line in faults_lines(path, faults, lang):
            print(line, file=sys.stderr)
        from qm_rules.i18n import tr

        print(f"qingming {prog}: {tr('cardcheck.refused', lang, n=len(faults))}", file=sys.stderr)
        raise SystemExit(1)
    return cards
