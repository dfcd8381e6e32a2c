"""Networking for Qingming: table discovery over mDNS (zeroconf), host and client over TCP.

Imports no Textual, so headless tools (``qingming tables``, ``qingming serve``) stay light.
"""

from __future__ import annotations

from qm_net.version import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
