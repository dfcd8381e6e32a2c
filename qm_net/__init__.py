"""Networking for Qingming: table discovery over mDNS (zeroconf), host and client over TCP.

Imports no Textual, so headless tools (``qingming tables``, ``qingming serve``) stay light.
"""

from __future__ import annotations

from qm_net.version import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]

# The table on the wire, loaded on first use so that discovery-only tools stay light.
_LAZY = {
    "Host": "qm_net.host",
    "Limits": "qm_net.host",
    "TableClient": "qm_net.client",
    "TableError": "qm_net.client",
    "TableMeta": "qm_net.messages",
    "SeatInfo": "qm_net.messages",
    "LobbyUpdate": "qm_net.messages",
    "GameUpdate": "qm_net.messages",
    "ChatMessage": "qm_net.messages",
    "ErrorMessage": "qm_net.messages",
    "GameEnded": "qm_net.messages",
    "ConnectionLost": "qm_net.messages",
    "ProtocolError": "qm_net.framing",
    "MAX_FRAME": "qm_net.framing",
    "ERROR_CODES": "qm_net.protocol",
}
__all__ += list(_LAZY)


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'qm_net' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
