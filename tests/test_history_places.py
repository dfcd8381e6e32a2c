"""A history reads as the game read live: where each targeted card lay included.

The live log names a targeted card's place from the views ("-> Joss Paper (bot-3's slot 1)");
a client that comes to the game under way (started again, a resumed host, a spectator) reads
it from a history, whose events alone do not say it: the history carries the places
(``places``). Over whole games of bots, for every seat and a spectator, the log a history
gives must be the very log the updates gave live, told as a table tells them. The games are a
bounded search over seeds until histories have named targeted cards' places many times."""

from __future__ import annotations

import msgspec

from qm_net import compact, protocol
from qm_net.host.history import GameHistory
from qm_net.host.wireseq import drafters_only, is_hidden_step
from qm_rules import Game
from qm_rules.bots import make_bot
from qm_words import LogOrder, describe_events, field_places


def _live_and_history(seed: int) -> tuple[dict[int | None, list[str]], dict[int | None, list[str]]]:
    """Each viewer's log as told live, update by update, and as its history tells it."""
    players = 2 + seed % 4
    names = [f"bot-{i + 1}" for i in range(players)]
    game = Game.new(names, seed)
    bots = [make_bot("random" if seed % 2 else "heuristic", seed * 10 + i) for i in range(players)]
    viewers: list[int | None] = [*range(players), None]
    history = GameHistory()
    history.reset((), game)
    boards = {v: {} for v in viewers}  # the board each viewer's last update showed
    orders = {v: LogOrder() for v in viewers}
    live: dict[int | None, list[str]] = {v: [] for v in viewers}

    def tell(events: list, hidden_by: int | None) -> None:
        history.add(events, hidden_by, game)
        told = events if hidden_by is None else drafters_only(events, hidden_by)
        for v in viewers if hidden_by is None else [hidden_by]:
            after = field_places(game.view(v))
            places = {**after, **boards[v]}  # where the board showed it, else the new view
            live[v] += describe_events(told, v, "en", names, places=places, order=orders[v])
            boards[v] = after

    tell(list(game.opening), None)
    while game.result is None:
        prompt = game.prompt
        assert prompt is not None
        option = bots[prompt.seat].choose(game.view(prompt.seat))
        drafting = game.draft is not None
        events = game.choose(prompt.seat, option)
        tell(events, prompt.seat if is_hidden_step(drafting, option, game) else None)

    restored: dict[int | None, list[str]] = {}
    for v in viewers:
        wire = msgspec.msgpack.encode(history.for_viewer(v, limit=10**6))
        told = msgspec.msgpack.decode(wire, type=protocol.GameHistory)  # as a client gets it
        events = [compact.to_event(e) for e in told.events]
        own: dict[int, dict[int, tuple[int, int]]] = {}
        for pl in told.places:
            own.setdefault(pl.at, {})[pl.card] = (pl.seat, pl.slot)
        restored[v] = describe_events(events, v, "en", names, event_places=own)
    return live, restored


def test_a_history_names_where_targeted_cards_lay_as_the_live_log_did() -> None:
    placed = 0
    for seed in range(60):
        live, restored = _live_and_history(seed)
        for v, lines in live.items():
            assert restored[v] == lines, f"seed {seed}, viewer {v}"
            placed += sum("slot" in line for line in lines)
        if seed >= 5 and placed >= 20:
            return
    raise AssertionError(f"only {placed} lines named a targeted card's place in 60 games")
