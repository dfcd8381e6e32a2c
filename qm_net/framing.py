"""Frames on the wire: a 4-byte big-endian length, then that many bytes of one msgpack map.

The length is checked against :data:`MAX_FRAME` *before* a single body byte is read, and the
body is decoded with tight msgpack limits, so a hostile peer can make us neither allocate a
huge buffer nor build a huge object. See ``docs/protocol.md`` for the whole protocol.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

#: The largest frame body either side accepts or sends (256 KiB).
MAX_FRAME = 256 * 1024
#: Length prefix: unsigned 32-bit, big-endian.
HEADER = struct.Struct(">I")

# Limits handed to the decoder: no container or string may be larger than a frame could
# honestly hold, binary and extension types are not part of the protocol at all.
_UNPACK_LIMITS: dict[str, Any] = {
    "max_str_len": MAX_FRAME,
    "max_bin_len": 0,
    "max_ext_len": 0,
    "max_array_len": 16 * 1024,
    "max_map_len": 4 * 1024,
}


class ProtocolError(Exception):
    """A peer broke the protocol. ``code`` is the wire error code (see docs/protocol.md);
    ``fatal`` says the connection cannot go on (the stream is out of step or the peer is
    hostile)."""

    def __init__(self, code: str, message: str, *, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal


def encode(msg: dict[str, Any]) -> bytes:
    """One message given as a map, as a complete frame (length prefix included). The host and
    the client frame typed messages (:func:`qm_net.protocol.encode`); this is for raw peers."""
    return frame(msgpack.packb(msg, use_bin_type=True))


def frame(body: bytes) -> bytes:
    """A msgpack body with its length prefix; refuses a body over :data:`MAX_FRAME`."""
    if len(body) > MAX_FRAME:
        raise ProtocolError("frame_too_large", f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def decode(body: bytes) -> dict[str, Any]:
    """A frame body back to a message map; anything but one str-keyed map is refused."""
    try:
        obj = msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True, **_UNPACK_LIMITS)
    except Exception:  # msgpack raises a zoo of types on garbage: all mean the same
        raise ProtocolError(
            "bad_frame",
            "the frame body is not one msgpack map (string keys) within the protocol's limits",
        ) from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_message", "a frame must hold one map")
    return obj


def check_length(length: int) -> None:
    """Refuse a length prefix before reading the body it announces."""
    if length > MAX_FRAME:
        raise ProtocolError(
            "frame_too_large", f"frame of {length} bytes exceeds {MAX_FRAME}", fatal=True
        )
    if length == 0:
        raise ProtocolError("bad_frame", "empty frame", fatal=True)


async def read_frame(reader: asyncio.StreamReader) -> dict[str, Any]:
    """Read one frame. Raises :class:`ProtocolError` for a bad frame and
    ``asyncio.IncompleteReadError`` when the peer closes (mid-frame or between frames)."""
    (length,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    check_length(length)
    return decode(await reader.readexactly(length))
