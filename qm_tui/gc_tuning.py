"""The process's garbage collector, tuned for a table on screen.

A table's frames make tens of thousands of short-lived objects, and full collections of what a
running app keeps alive stalled the screen for 60-150 ms at a time (benchmarks/tui.py,
``--gc-freeze``). :func:`settle` is called once a table's board is built, between games.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Move everything alive now (the app, its widgets, the card data) out of the collector's
    reach, and collect young objects less often.

    What the last freeze kept is given back first: the previous game's board, frozen while it
    was alive, is garbage now that could never be collected frozen (8 MiB kept a game). This
    full collection is paid here, between games; after the freeze a full collection takes ~12
    ms instead of 60-150.

    Young collections every 10,000 allocations (Python's default is 700: the table collected
    ~6,000 times a game and the older generations often enough to stall a frame): ~30 times
    fewer, and no pause near a frame's. The middle generation is collected every third young
    collection: it then holds the survivors of three (~15,000 objects), not of eleven, and its
    pauses stay under ~15 ms of CPU where they reached 30-37 ms (benchmarks/tui.py). The oldest
    is left to the next game's build unless a hundred of those pass: what survives that far is
    the table's own state, and a full collection of it stalls the screen for 50-150 ms.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 2, 100)
