"""A seat from a browser: the table served to browsers on the LAN (:mod:`qm_web.server`).

Needs the ``web`` extra (aiohttp, qrcode): ``pip install 'qingming[web]'``. :func:`available`
says whether it is installed, and :data:`MISSING` what to do when it is not.
"""

from __future__ import annotations

import importlib.util

#: The port a table's web page takes when it is free (``qingming serve --web``'s default).
DEFAULT_PORT = 7352
MISSING = "serving to browsers needs the web extra: pip install 'qingming[web]'"


def page_url(address: str, port: int, code: str | None = None) -> str:
    """The address a browser opens for the table's page at ``address``:``port`` (with the
    code: what the QR code holds, so that the page asks for nothing but a name)."""
    host = f"[{address}]" if ":" in address else address
    base = f"http://{host}:{port}/"
    return f"{base}?code={code}" if code else base


def available() -> bool:
    return all(importlib.util.find_spec(m) is not None for m in ("aiohttp", "qrcode"))


def qr_lines(text: str) -> list[str]:
    """``text`` as a QR code drawn with half blocks, two rows of modules a line: light modules
    are drawn (the terminal's background is the dark), with the quiet zone around it."""
    import qrcode

    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    qr.add_data(text)
    qr.make(fit=True)
    matrix = qr.get_matrix()  # True: a dark module
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    glyph = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    return [
        "".join(glyph[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(matrix[::2], matrix[1::2], strict=True)
    ]
