"""Textual's footer, without keeping every key it ever showed.

Each key of Textual's ``Footer`` (8.2.8) is bound to the footer's ``compact`` attribute
(``data_bind``), which adds a watcher to the footer. The footer rebuilds its keys whenever the
screen's bindings change, and Textual drops a closed key's watcher only when ``compact``
changes, which it never does: every key the footer ever showed stayed reachable from it, with
everything it had drawn (~50 keys a game in the waiting room, most of the memory a rematch
kept). :class:`Footer` drops the closed keys' watchers after each rebuild.
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """:class:`textual.widgets.Footer`, letting go of the keys it has removed."""

    async def recompose(self) -> None:
        await super().recompose()
        watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})
        for watching in watchers.values():
            watching[:] = [(node, cb) for node, cb in watching if not getattr(node, "_closing", 0)]
