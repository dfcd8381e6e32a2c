"""The command palette's Qingming commands (Ctrl+P): the main actions, each listed once by its
name in the player's language, and found by either language's (a Chinese player can type 规则
or "rules")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from qm_tui.i18n import tr

if TYPE_CHECKING:
    from qm_tui.app import QingmingApp

#: (string key, app action). The palette searches the text of the key in both languages.
ACTIONS: tuple[tuple[str, str], ...] = (
    ("cmd.play_bots", "play_bots"),
    ("cmd.host", "host_form"),
    ("cmd.join_address", "join_address"),
    ("cmd.rulebook", "rulebook"),
    ("cmd.gallery", "gallery"),
    ("cmd.stats", "stats"),
    ("cmd.name", "edit_name"),
    ("cmd.lang", "toggle_lang"),
    ("cmd.help", "help"),
    ("cmd.intro", "intro"),
    ("cmd.learn", "learn"),
    ("cmd.puzzles", "puzzles"),
)


class QingmingCommands(Provider):
    """Play, host, join, rules, cards, name, language, help."""

    @property
    def _qm(self) -> QingmingApp:
        return self.app  # type: ignore[return-value]  # the app is a QingmingApp

    def _commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        lang = getattr(self.app, "lang", "en")
        other = "en" if lang == "zh" else "zh"
        out = []
        for key, action in ACTIONS:
            shown = tr(key, lang)
            also = tr(key, other)
            out.append((shown, also, self._runner(action)))
        return out

    def _runner(self, action: str) -> Callable[[], object]:
        def run() -> None:
            self.app.call_later(self.app.run_action, f"app.{action}")

        return run

    async def discover(self) -> Hits:
        for shown, _also, run in self._commands():
            yield DiscoveryHit(shown, run)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for shown, also, run in self._commands():
            score = max(matcher.match(shown), matcher.match(also))
            if score > 0:
                yield Hit(score, matcher.highlight(shown), run)
