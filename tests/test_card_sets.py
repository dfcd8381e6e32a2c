"""A card set is a value: games with different sets run side by side in one process, each
dealt, played, journaled and replayed with its own."""

from __future__ import annotations

import pytest
from card_sets import LANTERN, lantern_set, source_with

from qm_rules import Game, Journal, JournalError, shipped_cards
from qm_rules.bots import make_bot, tell
from qm_rules.cards import CardSet, parse_cards


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
    with pytest.raises(JournalError, match="another card set than the one given"):
        Game.replay(game.journal, cards=shipped_cards())


def test_a_saved_state_comes_back_with_its_set() -> None:
    lanterns = lantern_set()
    game = Game.new(["a", "b", "c", "d"], 9, cards=lanterns)
    state = game.to_state()
    again = Game.from_state(state, cards=lanterns)
    assert again.state_hash() == game.state_hash()
    assert again.cards is lanterns


def test_a_journal_keeps_its_set_and_replays_without_the_file() -> None:
    lanterns = lantern_set()
    game = Game.new(["a", "b", "c"], 2, cards=lanterns)
    _play([(game, lanterns)])
    plain = game.journal.to_plain()
    assert "Paper Lantern" in plain["cards"]  # the file's text, kept
    again = Game.replay(Journal.from_plain(plain))  # no set given: the kept one
    assert again.state_hash() == game.state_hash()
    # a stock game's journal is as it was: no copy of the shipped set
    assert "cards" not in Game.new(["a", "b"], 1).journal.to_plain()


def test_a_set_changed_after_the_game_is_detected_on_replay() -> None:
    lanterns = lantern_set()
    game = Game.new(["a", "b", "c"], 3, cards=lanterns)
    _play([(game, lanterns)])
    plain = game.journal.to_plain()
    # the copy kept in the journal edited: three lanterns become four
    tampered = dict(plain, cards=plain["cards"].replace("copies = 3", "copies = 4"))
    with pytest.raises(JournalError, match="the copy was changed"):
        Game.replay(Journal.from_plain(tampered))
    # a journal that keeps no copy, replayed with the file as it is now (changed)
    bare = Journal.from_plain({k: v for k, v in plain.items() if k != "cards"})
    changed = parse_cards(source_with(LANTERN.replace("copies = 3", "copies = 4")).encode())
    with pytest.raises(JournalError, match="another card set than the one given"):
        Game.replay(bare, cards=changed)
    # ... and with none: it says to give the file
    with pytest.raises(JournalError, match="--cards FILE"):
        Game.replay(bare)
    # a reworded copy is the same rules: it replays
    reworded = dict(plain, cards=plain["cards"].replace("Paper Lantern", "Lantern of Paper"))
    assert Game.replay(Journal.from_plain(reworded)).state_hash() == game.state_hash()
