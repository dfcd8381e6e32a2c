"""A host's web door: :class:`~qm_web.server.WebDoor` opened beside a running table, and the
table's mDNS record told its port."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qm_web import DEFAULT_PORT

if TYPE_CHECKING:
    from qm_net.host import Host
    from qm_web.server import WebDoor


async def open_door(
    host: Host, *, port: int = -1, lang: str = "en", bind: str | None = None
) -> WebDoor:
    """Serve ``host``'s table to browsers on ``port`` (-1: :data:`DEFAULT_PORT` if free, else any
    free one; 0: any), on ``bind`` (None: the address the table listens on: a table kept on
    loopback can still be served to the LAN); ``OSError`` when it cannot listen."""
    from qm_net.discovery import reachable_addresses
    from qm_web.server import WebDoor

    bind = bind or host.bind
    everywhere = bind in ("", "0.0.0.0", "::")
    interfaces = None if everywhere and host.bind != bind else host.interfaces

    local = "127.0.0.1" if host.bind in ("", "0.0.0.0", "::") else host.bind
    ports = [DEFAULT_PORT, 0] if port < 0 else [port]
    for i, want in enumerate(ports):
        door = WebDoor(
            host.name,
            host.port,
            table_address=local,
            bind=bind,
            port=want,
            seats=host.n_seats,
            spectators=host.options.web_spectators,
            lang=lang,
        )
        try:
            await door.start()
        except OSError:
            await door.stop()
            if i + 1 == len(ports):
                raise
            continue
        door.addresses = reachable_addresses(interfaces, None if everywhere else bind)
        host.web_port, host.web_code = door.port, door.code
        host.advert.changed()
        host.tell_web_page()
        host.lobby.broadcast()  # (the waiting rooms draw it again)
        return door
    raise AssertionError("unreachable")
