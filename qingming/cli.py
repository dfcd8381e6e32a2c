"""``qingming`` — the command line.

Without a subcommand it opens the lobby. Subcommands live in :mod:`qingming.commands`, one module
each, imported only when used so that ``qingming sim`` never loads Textual.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, NoReturn

from qingming.commands import COMMANDS


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"qingming.commands.{name}")


def add_common_arguments(parser: argparse.ArgumentParser, *, command: bool = False) -> None:
    """Options of the lobby (no command); ``play`` and ``join`` add them too (``command``).

    A command's copies have no default of their own: argparse copies every value of the
    command's namespace over the top level's, so a default there would erase what was given
    before the command (``qingming --lang zh play`` ran in the locale's language). The top
    level's defaults stand when neither place gives the option.
    """
    default: dict[str, Any] = {"default": argparse.SUPPRESS} if command else {}
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        help="language, remembered (default: the remembered one, else the locale's)",
        **default,
    )
    parser.add_argument(
        "--name",
        help="your player name, remembered (default: the remembered one, else your login name)",
        **default,
    )
    parser.add_argument(
        "--interface",
        action="append",
        metavar="ADDR",
        help="an interface address to use for discovery; repeat for several "
        "(default: every interface, or 127.0.0.1 when CI is set)",
        **default,
    )


def parse_seed(text: str | None) -> int | str | None:
    """A ``--seed`` value: an integer stays an integer (``--seed 7`` is seed 7, as in code),
    any other text is a text seed; None is a random one."""
    if text is None:
        return None
    return int(text) if text.lstrip("-").isdigit() else text


class _Quiet(argparse.ArgumentParser):
    """A parser that raises its errors instead of printing them and exiting."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def version() -> str:
    """``qingming --version``: the program's version, the rules it plays (a game's journal
    replays only under the same) and the protocol it speaks (a table only with the same)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    from qm_net.version import PROTOCOL_VERSION
    from qm_rules.journal import ENGINE_VERSION, rules_version

    try:
        program = installed("qingming")
    except PackageNotFoundError:  # run from a source tree that was never installed
        program = "(not installed)"
    return (
        f"qingming {program} (rules {rules_version()}, engine {ENGINE_VERSION}, "
        f"protocol {PROTOCOL_VERSION})"
    )


class _Version(argparse.Action):
    """``--version``: print :func:`version` and exit (worked out only when asked)."""

    def __init__(self, option_strings: list[str], dest: str, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kw["help"])  # type: ignore[arg-type]  # (help is a str: it is given below)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        print(version())
        parser.exit()


def _top_parser(
    kind: type[argparse.ArgumentParser] = argparse.ArgumentParser,
) -> argparse.ArgumentParser:
    """The parser of the options before a command (the lobby's), without the commands."""
    parser = kind(
        prog="qingming",
        description="Qingming (清明): a card game for terminals on a local network. "
        "Without a command, opens the lobby.",
        add_help=kind is not _Quiet,
    )
    if kind is not _Quiet:  # (the quiet parser only finds the command: --version is no word)
        parser.add_argument(
            "--version",
            action=_Version,
            help="print the program's version, its rules' and its protocol's, and exit",
        )
    add_common_arguments(parser)
    from qingming.commands.play import add_journal_argument

    add_journal_argument(parser)  # the lobby hosts tables too
    return parser


def command_word(args: Sequence[str]) -> str | None:
    """The command that ``args`` name, if any: the first word that is not an option or an
    option's value (``qingming --lang zh sim``: ``sim``, not ``zh``). None for none, or when the
    options before it do not parse, or when help is asked before it (the full parser then says
    what is wrong, or lists every command)."""
    try:
        _, rest = _top_parser(_Quiet).parse_known_args(list(args))
    except ValueError:
        return None
    for word in rest:
        if word in ("-h", "--help"):
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = _top_parser()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        mod = _load(name)
        p = sub.add_parser(
            mod.NAME, help=mod.HELP, description=mod.HELP, epilog=getattr(mod, "EPILOG", None)
        )
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # Load only the command asked for (fast start, no Textual for headless commands); the
    # full list is built for --help and for unknown words.
    parser = build_parser(command_word(args_list))
    args = parser.parse_args(args_list)
    run = getattr(args, "_run", None)
    if run is None:
        return int(_load("lobby").run(args) or 0)
    return int(run(args) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
