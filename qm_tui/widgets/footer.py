"""Textual's footer, without keeping every key it ever showed.

Each key of Textual's ``Footer`` (8.2.8) is bound to the footer's ``compact`` attribute
(``data_bind``), which adds a watcher to the footer. The footer rebuilds its keys whenever the
screen's bindings change, and Textual drops a closed key's watcher only when ``compact``
changes, which it never does: every key the footer ever showed stayed reachable from it, with
everything it had drawn (~50 keys a game in the waiting room, most of the memory a rematch
kept). :class:`Footer` drops the closed keys' watchers after each rebuild.

Nor does it rebuild its keys while its screen is under another: Textual tells a screen's footer
that the bindings changed when the screen is suspended (another pushed over it), and the footer
rebuilt every key then, unseen, while the table that had just been pushed over the waiting room
played its first moves back (a few ms of the one thread, at each game's start). The keys are
rebuilt when the screen is on top again (Textual tells the footer once more then). (Not
``Screen.is_current``: it counts the screen just under the top one as visible, always.)
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """:class:`textual.widgets.Footer`, letting go of the keys it has removed."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen.app.screen is not screen:
            return  # under another screen: rebuilt when it is back on top (see the module)
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        if self.is_attached and self.app.screen is not self.screen:
            return  # asked before another screen came over this one: rebuilt once it is back
        await super().recompose()
        watchers: dict[str, list[tuple[object, object]]] = getattr(self, "__watchers", {})
        for watching in watchers.values():
            watching[:] = [(node, cb) for node, cb in watching if not getattr(node, "_closing", 0)]
