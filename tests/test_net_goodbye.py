"""A closing host's last words arrive: no reset destroys the 'bye' (protocol.md §5)."""

from __future__ import annotations

import asyncio

from net_support import Raw, running_host

from qm_net import framing


async def test_bye_reaches_a_peer_that_is_still_talking_when_the_table_closes() -> None:
    # A peer that keeps sending while the host closes leaves unread bytes in the host's
    # receive buffer; closing then would reset the connection, and a reset makes the peer's
    # kernel drop the host's last frames unread. The host drains instead.
    for _ in range(5):
        async with running_host(seats=2) as host:
            raw = await Raw.open(host)
            ping = framing.encode({"t": "ping", "id": 1})
            stop = asyncio.create_task(host.stop("the table has played its games"))
            for _ in range(200):  # still talking while the host says goodbye
                raw.writer.write(ping)
                await asyncio.sleep(0)
            got = []
            try:
                while True:
                    msg = await raw.recv(5.0)
                    got.append(msg.get("t"))
                    if msg.get("t") == "bye":
                        break
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                raise AssertionError(
                    f"connection ended without a bye: {exc!r}; got {got[-5:]}"
                ) from exc
            raw.close()  # a peer hangs up on bye, which lets the host finish closing at once
            await stop
