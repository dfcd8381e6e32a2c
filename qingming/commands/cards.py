"""``qingming cards``: the designer's tools for a card set of your own.

``check FILE`` lists everything wrong with a card data file at once, each fault on its line
with its card and field and a sentence saying what is wanted (``--json``: one object a fault);
it exits 0 when the set loads and plays, 1 otherwise. ``new FILE`` writes a set to start from:
the game's own cards, with a note on where the format is described. Play a set with ``--cards
FILE`` (``play``, ``serve``, ``sim``, ``bot``, ``replay``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

NAME = "cards"
HELP = "check a card set of your own (cards check FILE), or start one (cards new FILE)"

#: What ``cards new`` writes above the game's own cards.
NEW_HEADER = """\
# A card set of your own, started from the game's. Edit it, then:
#   qingming cards check {name}        says everything wrong with it, line by line
#   qingming play --cards {name}       plays it against bots (serve, sim and bot take it too)
# Every field and clause op is described in docs/CARDS-FORMAT.md.

"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards_command",
        choices=("check", "new"),
        metavar="check|new",
        help="check: list everything wrong with FILE, each fault on its line (exit 0 when the "
        "set loads and plays, 1 otherwise); new: write the game's own set to FILE, to edit "
        "into yours (never overwrites a file)",
    )
    parser.add_argument("file", metavar="FILE", help="the card data file (TOML)")
    parser.add_argument("--json", action="store_true", help="check: print one JSON object")
    parser.add_argument(
        "--lang",
        dest="cards_lang",
        choices=("zh", "en"),
        help="language of the sentences (default: the remembered one, else the locale's)",
    )


def _lang(args: argparse.Namespace) -> str:
    from qm_tui.config import resolve  # (no Textual: the remembered settings only)

    return resolve(None, args.cards_lang or getattr(args, "lang", None), persist=False)[1]


def run(args: argparse.Namespace) -> int:
    if args.cards_command == "new":
        return _new(args.file)
    return _check(args)


def _check(args: argparse.Namespace) -> int:
    from qm_rules.cardcheck import check, faults_lines
    from qm_rules.i18n import tr

    lang = _lang(args)
    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as exc:
        print(f"qingming cards: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    faults = check(data)
    if args.json:
        out = {
            "file": args.file,
            "ok": not faults,
            "faults": [f.to_plain(lang) for f in faults],
        }
        if not faults:
            from qm_rules.cards import parse_cards

            cards = parse_cards(data)
            out["digest"] = cards.digest
            out["cards"] = len(cards.cards)
            out["ancestors"] = len(cards.ancestors)
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0 if not faults else 1
    if not faults:
        from qm_rules.cards import parse_cards

        cards = parse_cards(data)
        print(
            tr(
                "cardcheck.clean",
                lang,
                file=args.file,
                n=len(cards.cards),
                ancestors=len(cards.ancestors),
                digest=cards.digest,
            )
        )
        return 0
    for line in faults_lines(args.file, faults, lang):
        print(line)
    print(tr("cardcheck.summary", lang, n=len(faults)))
    return 1


def _new(path: str) -> int:
    from qm_rules.cards import shipped_source

    text = NEW_HEADER.format(name=os.path.basename(path)) + shipped_source().decode("utf-8")
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        print(f"qingming cards: {path} exists; not overwritten", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"qingming cards: {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"qingming cards: wrote {path}; check it with: qingming cards check {path}")
    return 0
