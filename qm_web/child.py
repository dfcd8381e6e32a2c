"""A browser's seat: the player's app, run by :mod:`qm_web.server` for one browser session.

Run as ``python -m qm_web.child ARGS`` (the ``qingming`` command line's arguments). Textual's web
driver writes its frames to file descriptor 1 as length-prefixed packets; a stray write to that
descriptor (a library printing, a warning, a C extension) would cut into a packet and corrupt
the browser's stream. So the frames go to a private copy of the descriptor, and descriptor 1
itself is pointed at stderr, which the server reads and keeps out of the stream.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    frames = os.dup(1)
    os.dup2(2, 1)  # anything else written to fd 1 goes to stderr, never into the frames
    # The web driver writes to sys.__stdout__'s descriptor; print() goes to stderr. (typeshed
    # calls sys.__stdout__ final: it is replaced here on purpose, before anything reads it.)
    sys.__stdout__ = open(frames, "w", encoding="utf-8", closefd=False)  # type: ignore[misc]  # noqa: SIM115
    sys.stdout = sys.stderr
    from qingming.cli import main as qingming

    return qingming(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
