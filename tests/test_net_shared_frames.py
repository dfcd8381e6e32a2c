"""Frames encoded once for many connections are the frames encoding each one would give.

The host encodes a message that several connections get (a lobby change, a ping, the public
result, a spectators' update) once, and puts each connection's own ``n`` (and an update's
``base``) into the bytes. Every documented example message, and updates of real games, must come
out exactly as encoding the message for that connection does.
"""

from __future__ import annotations

import msgspec
import pytest

from qm_net import compact, framing
from qm_net import protocol as p
from qm_net.delta import diff
from qm_net.schema import EXAMPLES
from qm_rules import Game

NUMBERS = (0, 1, 31, 127, 128, 255, 256, 65_535, 65_536, p.MAX_INT)


@pytest.mark.parametrize(
    "msg", [m for d, m in EXAMPLES if isinstance(m, p.HostMessage)], ids=lambda m: type(m).__name__
)
def test_a_shared_message_is_each_connections_own_encoding(msg: p.HostMessage) -> None:
    shared = p.Shared(msg)
    for n in NUMBERS:
        assert shared.frame(n) == p.encode(msgspec.structs.replace(msg, n=n))


def test_an_update_encoded_once_decodes_as_the_update_itself() -> None:
    game = Game.new(["a", "b", "c"], seed=3)
    plain = compact.Encoder()
    before = None
    for step in range(40):
        view = game.view(None)
        now = plain.view(view)
        opening = tuple(game.opening) if step == 0 else ()
        events = tuple(compact.event(e) for e in opening)
        whole = p.update_body(events, 12.5, view=now)
        for n in NUMBERS:
            got = p.decode_host(framing.decode(p.update_frame(whole, n, None)[4:]))
            assert got.n == n and got.deadline == 12.5 and got.patch is None
            assert compact.to_view(got.view) == view
            assert tuple(compact.to_event(e) for e in got.events) == opening
        if before is not None:
            steps = msgspec.to_builtins([[list(path), v] for path, v in diff(before, now)])
            patched = p.update_body(events, None, patch=steps)
            for n in NUMBERS:
                raw = framing.decode(p.update_frame(patched, n, max(0, n - 1))[4:])
                got = p.decode_host(raw)
                assert got.view is None and got.base == max(0, n - 1) and got.n == n
                assert raw["patch"] == steps
                assert tuple(compact.to_event(e) for e in got.events) == opening
        before = now
        prompt = game.prompt
        assert prompt is not None
        game.choose(prompt.seat, prompt.default)
    with pytest.raises(ValueError):
        p.update_body((), None)  # neither a view nor a patch
    with pytest.raises(ValueError):
        p.update_body((), None, view={}, patch=[])  # both
