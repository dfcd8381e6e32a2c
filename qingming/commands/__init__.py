"""One module a subcommand. Each defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``; :mod:`qingming.cli` finds them by name, so adding a command touches no
other file than its own and the list below."""

COMMANDS = (
    "play",
    "learn",
    "join",
    "serve",
    "bot",
    "tables",
    "replay",
    "verify",
    "sim",
    "puzzle",
    "stats",
    "cards",
)
