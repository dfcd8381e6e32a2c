"""A card set is a value: games with different sets run side by side in one process, each
dealt, played, journaled and replayed with its own."""

from __future__ import annotations

from card_sets import lantern_set

from qm_rules import Game, JournalError, shipped_cards
from qm_rules.bots import make_bot, tell
from qm_rules.cards import CardSet


def _bots(game: Game, cards: CardSet | None) -> list[object]:
    return [make_bot("normal", (game.seed, s), cards) for s in range(game.n)]


def _play(games: list[tuple[Game, CardSet | None]]) -> None:
    """Play the games to their ends, one decision of each in turn."""
    tables = [(g, c, _bots(g, c), list(g.opening)) for g, c in games]
    live = True
    while live:
        live = False
        for i, (g, c, bots, events) in enumerate(tables):
            if g.prompt is None:
                continue
            live = True
            for s, b in enumerate(bots):
                tell(b, s, events)
            seat = g.prompt.seat
            got = g.choose(seat, bots[seat].choose(g.view(seat)), g.prompt.seq)  # type: ignore[attr-defined]
            tables[i] = (g, c, bots, got)


def test_two_games_with_different_sets_run_side_by_side() -> None:
    lanterns = lantern_set()
    assert lanterns.digest != shipped_cards().digest
    for seed in range(3):
        custom = Game.new(["a", "b", "c"], seed, cards=lanterns)
        stock = Game.new(["a", "b", "c"], seed)
        _play([(custom, lanterns), (stock, None)])
        assert custom.result is not None and stock.result is not None
        # each dealt from its own set: the lanterns are in the one deck only
        assert sum(d.id == "denglong" for d in custom.defs) == 3 * 2
        assert all(d.id in shipped_cards().by_id for d in stock.defs)
        # and each plays as it would alone
        alone = Game.new(["a", "b", "c"], seed, cards=lanterns)
        _play([(alone, lanterns)])
        assert alone.choices == custom.choices and alone.result == custom.result
        # each journal replays with its own set, and names the rules it was played under
        assert Game.replay(custom.journal, cards=lanterns).state_hash() == custom.state_hash()
        assert Game.replay(stock.journal).state_hash() == stock.state_hash()
        assert custom.journal.rules != stock.journal.rules


def test_a_journal_is_refused_with_another_set() -> None:
    lanterns = lantern_set()
    game = Game.new(["a", "b"], 4, cards=lanterns)
    _play([(game, lanterns)])
    try:
        Game.replay(game.journal)
    except JournalError as exc:
        assert "rules" in str(exc)
    else:
        raise AssertionError("a journal of another set replayed with the shipped one")


def test_a_saved_state_comes_back_with_its_set() -> None:
    lanterns = lantern_set()
    game = Game.new(["a", "b", "c", "d"], 9, cards=lanterns)
    state = game.to_state()
    again = Game.from_state(state, cards=lanterns)
    assert again.state_hash() == game.state_hash()
    assert again.cards is lanterns
