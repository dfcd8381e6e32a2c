"""Cards leaving a field together at the end phase read as one line each card, copies once:
two copies of a card leaving at once read "bot-2's 2 copies of Ritual Preparation leave the
field", never the same line twice — in the log of a whole game (``describe_events``) and in the
table's log, told a playback step at a time. The games are a bounded search over seeds until
copies have left together several times."""

from __future__ import annotations

from qm_rules import Game
from qm_rules.bots import make_bot
from qm_rules.model import Event, View
from qm_tui.playback import Playback
from qm_words import LogOrder, describe_events


class _Clock:
    def now(self) -> float:
        return 0.0


def _game(seed: int) -> tuple[list[tuple[list[Event], View]], list[str]]:
    """A whole game of heuristic bots, as seat 0 is told it: each update's events, with its
    view after them."""
    players = 2 + seed % 4
    names = [f"bot-{i + 1}" for i in range(players)]
    game = Game.new(names, seed)
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    updates: list[tuple[list[Event], View]] = []
    events = list(game.opening)
    while game.result is None:
        prompt = game.prompt
        assert prompt is not None
        events += game.choose(prompt.seat, bots[prompt.seat].choose(game.view(prompt.seat)))
        if game.prompt is None or game.prompt.seat == 0:  # an update to seat 0: its decision
            updates.append((events, game.view(0)))
            events = []
    return updates, names


def _copies_leaving(events: list[Event]) -> int:
    """How many times two copies of a card left one field in one end phase."""
    n = 0
    left: set[tuple[int | None, str]] = set()
    for e in events:
        if e.kind == "discard" and e.data.get("end_phase"):
            key = (e.seat, str(e.data.get("def")))
            n += key in left
            left.add(key)
        elif e.kind in ("turn", "phase"):
            left = set()
    return n


def _no_line_twice(lines: list[str]) -> None:
    for a, b in zip(lines, lines[1:], strict=False):
        assert not (a == b and ("leaves the field" in a or "离场" in a)), a


def test_copies_leaving_a_field_together_read_as_one_line() -> None:
    found = 0
    for seed in range(200):
        updates, names = _game(seed)
        events = [e for batch, _ in updates for e in batch]
        copies = _copies_leaving([e for e in events if e.visible_to(0)])
        if not copies:
            continue
        found += copies
        for lang in ("en", "zh"):
            whole = describe_events(events, 0, lang, names)
            _no_line_twice(whole)
            word = "copies of" if lang == "en" else " 张"
            assert sum(word in line for line in whole) >= copies
        # the table: each update's steps, described as the playback shows them
        playback, order, lines = Playback(_Clock()), LogOrder(), []
        for batch, view in updates:
            playback.add(batch, view, None)
            for step in playback.flush():
                lines += describe_events(step.events, 0, "en", names, order=order)
        _no_line_twice(lines)
        assert sum("copies of" in line for line in lines) >= copies
        if found >= 3:
            return
    raise AssertionError(f"two copies of a card left a field together only {found} times")
