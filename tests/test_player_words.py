"""What players read is written for players: no ruling numbers, no internal ids, plain errors.

Maintainers cite rulings (``# R19``) in tests and docstrings; the command line's help, the replay
and the errors a player meets say the same things in words.
"""

from __future__ import annotations

import argparse
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from net_support import free_port

from qingming.cli import build_parser
from qingming.commands import COMMANDS
from qm_net.client import TableError
from qm_tui.net import connect, connect_failure

RULING = re.compile(r"(?<![A-Za-z0-9])R\d+(?!\d)")
#: An option or card id as the engine names it: ``place:26``, ``[pick:5]``.
INTERNAL_ID = re.compile(r"\b[a-z_]+:\d+\b")


def _help(command: str | None) -> str:
    parser = build_parser(command)
    if command is None:
        return parser.format_help()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command].format_help()


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_no_ruling_numbers_or_internal_ids(command: str | None) -> None:
    text = _help(command)
    assert "usage: qingming" in text  # the help was really rendered
    assert not RULING.search(text), RULING.findall(text)
    assert not INTERNAL_ID.search(text), INTERNAL_ID.findall(text)


@pytest.mark.parametrize("command", ["play", "serve", "bot"])
def test_help_speaks_of_a_deal_number_not_a_seed(command: str) -> None:
    """``--seed`` keeps its name (scripts use it); what it means is said in players' words."""
    text = _help(command)
    assert "--seed NUMBER" in text
    assert "seed" not in text.replace("--seed", ""), text


async def _failure(host: str, port: int) -> BaseException:
    with pytest.raises((OSError, TableError)) as caught:
        await connect(host, port, "someone", timeout=5.0)
    return caught.value


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Nothing is listening at 127.0.0.1:{port}"), ("zh", "127.0.0.1:{port} 上没有牌桌")],
)
async def test_joining_a_port_nobody_listens_on_says_so_in_words(lang: str, expected: str) -> None:
    port = free_port()
    words = connect_failure(await _failure("127.0.0.1", port), "127.0.0.1", port, lang)
    assert expected.format(port=port) in words
    assert "Errno" not in words and "refused" not in words.lower()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "No host named nosuchhost.invalid on this network"), ("zh", "名叫 nosuchhost.invalid")],
)
async def test_joining_a_name_nobody_answers_to_says_so_in_words(lang: str, expected: str) -> None:
    # ".invalid" never resolves (RFC 2606), with or without a DNS server.
    exc = await _failure("nosuchhost.invalid", 7351)
    assert isinstance(exc, socket.gaierror)
    words = connect_failure(exc, "nosuchhost.invalid", 7351, lang)
    assert expected in words and "Errno" not in words


def test_the_bot_command_says_why_it_cannot_connect() -> None:
    port = free_port()
    run = subprocess.run(
        [sys.executable, "-m", "qingming", "bot", "--connect", f"127.0.0.1:{port}", "--quiet"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 1
    assert f"Nothing is listening at 127.0.0.1:{port}" in run.stderr and "Errno" not in run.stderr


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (["replay", "{missing}"], "No such file or directory"),
        (["replay", "{folder}"], "Is a directory"),
        (["verify", "{missing}"], "No such file or directory"),
        (["verify", "{folder}"], "Is a directory"),
        (["serve", "--resume", "{missing}", "--no-advertise"], "No such file or directory"),
    ],
)
def test_a_file_that_cannot_be_read_is_said_in_words(
    command: list[str], words: str, tmp_path: Path
) -> None:
    """``replay``, ``verify`` and ``serve --resume`` of a path that is not a readable file
    name the path and say why in words, not "[Errno 2] No such file or directory: '...'"."""
    missing, folder = tmp_path / "nope.jsonl", tmp_path
    args = [a.format(missing=missing, folder=folder) for a in command]
    run = subprocess.run(
        [sys.executable, "-m", "qingming", *args], capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert words in run.stderr and args[-1 if command[0] != "serve" else 2] in run.stderr
    assert "Errno" not in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_no_catalogue_string_names_a_ruling_or_an_internal_id() -> None:
    """Every string the game shows (the whole catalogue, both languages, every plural form)."""
    import qm_tui.i18n  # noqa: F401  (registers the UI's strings)
    from qm_rules.i18n import all_strings

    texts = [
        (key, form)
        for key, entry in all_strings().items()
        for text in entry.values()
        for form in ([text] if isinstance(text, str) else list(text.values()))
    ]
    assert len(texts) > 300
    bad = [(k, t) for k, t in texts if RULING.search(t) or INTERNAL_ID.search(t)]
    assert not bad, bad


def test_a_hosts_refusal_reads_as_words_not_as_its_code() -> None:
    import qm_tui.i18n  # noqa: F401  (registers the UI's strings)
    from qm_net.client import CLIENT_CODES
    from qm_net.protocol import ERROR_CODES
    from qm_rules.i18n import all_strings
    from qm_tui.net import refusal

    said = [key.removeprefix("refused.") for key in all_strings() if key.startswith("refused.")]
    # every sentence answers a real code: the host's, or one this client says itself
    assert said and set(said) <= set(ERROR_CODES) | set(CLIENT_CODES)
    for lang in ("en", "zh"):
        words = refusal("wrong_state", "not now: the table is playing", lang)
        assert "wrong_state" not in words and words != "not now: the table is playing"
    # A code this client does not know yet: the host's own message, not the code.
    assert refusal("brand_new_code", "the host's own words", "en") == "the host's own words"
