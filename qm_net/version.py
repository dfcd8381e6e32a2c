"""The version of the Qingming wire protocol.

Discovery puts it in every table's TXT record and the host sends it in its welcome, so a client
can tell before joining whether it speaks the same protocol. Bump it on any incompatible change
to the messages on the wire.
"""

from __future__ import annotations

PROTOCOL_VERSION: int = 1
