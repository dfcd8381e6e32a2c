"""The version of the Qingming wire protocol.

Discovery puts it in every table's TXT record and the host sends it in its welcome, so a client
can tell before joining whether it speaks the same protocol. Bump it on any incompatible change
to the messages on the wire.
"""

from __future__ import annotations

PROTOCOL_VERSION: int = 4

#: The port a table listens on unless told otherwise (``qingming serve``); when it is taken the
#: host takes any free port, which discovery announces. ``qingming join HOST`` tries it.
DEFAULT_PORT: int = 7351
