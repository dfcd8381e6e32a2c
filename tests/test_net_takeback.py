"""Taking back a decision at a table of one player and bots (``takeback``), on a real host on
loopback: the game goes back to before the decision, which can then be made differently; the
journal, the fair deal's check and a resumed host all read the game as finally played; and
what may not be taken back is refused with its own code, changing nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from net_support import client, options, running_host, seated, until, wait_for

from qm_net import fairdeal
from qm_net.client import TableClient, TableError
from qm_net.host import Host
from qm_net.host.history import GameHistory
from qm_net.host.wireseq import WireSeq
from qm_net.journal_io import JournalError, live, read_games
from qm_net.messages import GameEnded, GameUpdate, Message
from qm_rules import View
from qm_rules.bots import make_bot

MY_TURNS = 400  # a bound on the prompts a search looks through (a game has far fewer)


def _mine(c: TableClient) -> Any:
    def pred(m: Message) -> bool:
        if isinstance(m, GameEnded):
            return True
        p = m.view.prompt if isinstance(m, GameUpdate) else None
        return p is not None and p.seat == c.seat and bool(p.options)

    return pred


async def _my_prompt(c: TableClient) -> GameUpdate | GameEnded:
    msg = await until(c, _mine(c))
    assert isinstance(msg, GameUpdate | GameEnded)
    return msg


def _without_seq(view: View) -> View:
    prompt = dataclasses.replace(view.prompt, seq=0) if view.prompt is not None else None
    return dataclasses.replace(view, seq=0, prompt=prompt)


async def _refused(c: TableClient, code: str) -> None:
    with pytest.raises(TableError) as err:
        await c.take_back()
    assert err.value.code == code, err.value


async def test_a_decision_taken_back_can_be_made_otherwise_and_the_game_checks_out(
    tmp_path: Path,
) -> None:
    journal = str(tmp_path / "j.jsonl")
    async with running_host(seats=3, bots=2, seed=None, journal_path=journal) as host:
        (ann,) = await seated(host, "Ann")
        assert ann.can_take_back
        bot = make_bot("random", 5)
        before: GameUpdate | None = None  # my last prompt, when I answered it
        taken = 0
        msg = await _my_prompt(ann)
        for _ in range(MY_TURNS):
            if isinstance(msg, GameEnded):
                break
            game = host.game
            assert game is not None
            mine_last = game.choices and game.choices[-1][0] == ann.seat
            if before is not None and mine_last and taken < 3:
                try:
                    await ann.take_back()
                except TableError as exc:  # a card was shown since: play on
                    assert exc.code == "takeback_revealed", exc
                    before = None
                    continue
                answer = await _my_prompt(ann)
                assert isinstance(answer, GameUpdate)
                # the view from before the decision, counted on: the decision and the take-back
                assert _without_seq(answer.view) == _without_seq(before.view)
                assert answer.view.seq == before.view.seq + 2
                taken += 1
                at = len(host.game.choices)  # type: ignore[union-attr]
                prompt = answer.view.prompt
                assert prompt is not None
                withdrawn = host.takebacks.done[-1][2]
                other = next((o.id for o in prompt.options if o.id != withdrawn), withdrawn)
                await ann.choose(other, prompt.seq)  # made otherwise
                msg = await _my_prompt(ann)
                assert host.game.choices[at] == (ann.seat, other)  # type: ignore[union-attr]
                before = None
                continue
            assert msg.view.prompt is not None
            before = msg
            await ann.choose(bot.choose(msg.view), msg.view.prompt.seq)
            msg = await _my_prompt(ann)
        assert isinstance(msg, GameEnded) and taken == 3
        assert msg.takebacks == 3
        assert msg.fair is not None
        verdict = fairdeal.verify(msg.fair)  # every view shown, the withdrawn ones too
        assert verdict.ok, verdict.failed
        live_wire, live_history, final = host.wire, host.history, host.game
        assert final is not None

    kept = read_games(journal)[-1]
    assert len(kept.takebacks) == 3
    assert kept.replay().state_hash() == final.state_hash()  # the game as finally played
    assert fairdeal.verify_journal(kept.deal or {}, kept.journal()).ok
    told = GameHistory()
    wire = WireSeq.replay(
        list(final.names),
        final.seed,
        final.options,
        kept.choices,
        told,
        kept.timeouts,
        final.cards,
        kept.takebacks,
    )
    assert (wire.public, wire.hidden) == (live_wire.public, live_wire.hidden)
    assert told.events == live_history.events and told.withdrawn == live_history.withdrawn
    assert told.places == live_history.places
    resumed = Host.resume(journal, bind="127.0.0.1", advertise=False)  # (not started)
    assert resumed.takebacks.done == kept.takebacks
    assert resumed.game is not None and resumed.game.state_hash() == final.state_hash()
    assert resumed.wire.public == live_wire.public


async def _search(seeds: range, want: str) -> tuple[TableClient, Host, Any] | None:
    """Play games against bots until a take-back of the player's last decision is refused
    with ``want``; the client, the host and the host's context (the table still on: the
    caller leaves it). None when no game of ``seeds`` gives one."""
    for seed in seeds:
        ctx = running_host(seats=3, bots=2, seed=seed, options=options(round_limit=12))
        host = await ctx.__aenter__()
        (ann,) = await seated(host, "Ann")
        bot = make_bot("random", seed)
        msg, again, made_again = await _my_prompt(ann), None, False
        for _ in range(MY_TURNS):
            if isinstance(msg, GameEnded):
                break
            game = host.game
            assert game is not None and msg.view.prompt is not None
            option = again or bot.choose(msg.view)
            if game.choices and again is None and not made_again:
                state, lines = game.state_hash(), len(host.history.events)
                try:
                    await ann.take_back()
                except TableError as exc:
                    assert host.game is game and game.state_hash() == state  # nothing changed
                    assert len(host.history.events) == lines
                    if exc.code == want:
                        return ann, host, ctx
                else:  # made again as it was, so that the game goes on
                    again = host.takebacks.done[-1][2]
                    msg = await _my_prompt(ann)
                    continue
            made_again, again = again is not None, None
            await ann.choose(option, msg.view.prompt.seq)
            msg = await _my_prompt(ann)
        await ctx.__aexit__(None, None, None)
    return None


async def test_no_take_back_once_a_bot_has_decided_since() -> None:
    found = await _search(range(1, 6), "takeback_others")
    assert found is not None, "no bot decided after the player in five games"
    ann, host, ctx = found
    try:
        game = host.game
        assert game is not None and game.choices[-1][0] != ann.seat
    finally:
        await ctx.__aexit__(None, None, None)


async def test_no_take_back_once_a_hidden_card_was_shown() -> None:
    found = await _search(range(1, 12), "takeback_revealed")
    assert found is not None, "no decision of the player's showed a hidden card in 11 games"
    ann, host, ctx = found
    try:
        # the decision was the player's, and something was shown to the player alone
        game = host.game
        assert game is not None and game.choices[-1][0] == ann.seat
        private = [e for e in host.history.events if e.to is not None and ann.seat in e.to]
        assert private, "nothing was shown to the player alone"
    finally:
        await ctx.__aexit__(None, None, None)


async def test_no_take_back_at_a_table_of_two_players() -> None:
    async with running_host(seats=3, bots=1, seed=3) as host:
        ann, bo = await seated(host, "Ann", "Bo")
        game = host.game
        assert game is not None
        await wait_for(lambda: game.prompt is not None and game.prompt.seat in (0, 1))
        assert game.prompt is not None
        first = ann if game.prompt.seat == ann.seat else bo
        msg = await _my_prompt(first)
        assert isinstance(msg, GameUpdate) and msg.view.prompt is not None
        bot = make_bot("random", 1)
        await first.choose(bot.choose(msg.view), msg.view.prompt.seq)
        await until(first, lambda m: isinstance(m, GameUpdate))
        made = list(game.choices)
        await _refused(first, "takeback_table")
        # (the bot may have moved meanwhile: nothing was taken back)
        assert host.game is game and game.choices[: len(made)] == made
        assert host.takebacks.done == []


async def test_bad_and_stale_take_backs_change_nothing() -> None:
    async with running_host(seats=2, bots=1, seed=4) as host:
        watcher = await client(host, "Cy")
        with pytest.raises(TableError) as err:  # no game yet
            await watcher._request(_takeback(0))
        assert err.value.code == "not_seated"
        (ann,) = await seated(host, "Ann")
        msg = await _my_prompt(ann)
        assert isinstance(msg, GameUpdate) and msg.view.prompt is not None
        game = host.game
        assert game is not None
        state, seq = game.state_hash(), msg.view.prompt.seq
        if not any(s == ann.seat for s, _ in game.choices):
            await _refused(ann, "takeback_none")  # nothing of mine yet
        for wrong in (seq + 1, max(0, seq - 1) if seq else seq + 5):
            with pytest.raises(TableError) as err:
                await ann._request(_takeback(wrong))
            assert err.value.code == "stale_prompt"
        assert host.game is game and game.state_hash() == state
        assert host.takebacks.done == []
        # an older host (no ``takeback`` feature) is not asked at all
        ann.table = dataclasses.replace(ann.table, features=frozenset())  # type: ignore[arg-type]
        with pytest.raises(TableError) as err:
            await ann.take_back()
        assert err.value.code == "unsupported"


def _takeback(seq: int) -> Any:
    from qm_net import protocol as p

    return p.TakeBack(seq=seq)


def test_the_decisions_are_put_back_in_the_order_they_were_made() -> None:
    a, b, c, b2, c2 = (0, "place:1"), (0, "play:2"), (0, "pick:3"), (0, "play:4"), (0, "pick:5")
    # a b c, c and b taken back, then b2 c2
    steps = list(live([a, b2, c2], [(2, *c), (1, *b)]))
    assert steps == [(*a, True), (*b, False), (*c, False), None, None, (*b2, True), (*c2, True)]
    with pytest.raises(JournalError):
        list(live([a], [(3, *b)]))  # withdraws a choice never made


def test_a_journal_keeps_the_take_back_and_reads_as_finally_played(tmp_path: Path) -> None:
    from qm_net.journal_io import JournalWriter
    from qm_rules import Game

    game = Game.new(["Ann", "bot-2", "bot-3"], 9)
    path = str(tmp_path / "j.jsonl")
    writer = JournalWriter(path)
    writer.begin_game(0, "t", [], game)
    withdrawn: tuple[int, int, str] | None = None
    for _ in range(60):  # a choice of seat 0's that another option could replace
        prompt = game.prompt
        assert prompt is not None
        if prompt.seat == 0 and len(prompt.options) > 1 and withdrawn is None:
            game.choose(0, prompt.options[0].id)
            writer.sync_choices(game)
            withdrawn = (len(game.choices) - 1, *game.choices[-1])
            writer.take_back(game)
            game = Game.replay(dataclasses.replace(game.journal, choices=game.choices[:-1]))
            game.choose(0, prompt.options[1].id)
        else:
            game.choose(prompt.seat, prompt.default)
        writer.sync_choices(game)
    writer.close()
    assert withdrawn is not None
    kept = read_games(path)[-1]
    assert kept.choices == game.choices and kept.takebacks == [withdrawn]
    assert kept.replay().state_hash() == game.state_hash()


def _after(m: Message, seq: int) -> bool:
    """The first update after the decision at ``seq`` (or the game's end)."""
    if isinstance(m, GameEnded):
        return True
    p = m.view.prompt if isinstance(m, GameUpdate) else None
    return p is not None and p.seq > seq


async def test_a_bot_about_to_move_is_stopped_and_its_move_never_comes() -> None:
    """A decision of mine that handed the prompt to a bot, taken back before the bot moved:
    the bot's pending move is called off (the prompt is mine again and no bot move is armed),
    and the bot is made anew for the game as it stands."""
    async with running_host(seats=2, bots=1, seed=6) as host:
        (ann,) = await seated(host, "Ann")
        bot = make_bot("random", 6)
        msg = await _my_prompt(ann)
        for _ in range(MY_TURNS):
            assert isinstance(msg, GameUpdate) and msg.view.prompt is not None
            seq = msg.view.prompt.seq
            host.timers.bot_delay = 3600.0  # the bots wait: nothing they do is timed here
            await ann.choose(bot.choose(msg.view), seq)
            after = await until(ann, lambda m, s=seq: _after(m, s))
            assert isinstance(after, GameUpdate), "the game ended before a bot's turn came"
            prompt = after.view.prompt
            assert prompt is not None
            if prompt.seat != ann.seat:  # a bot's turn to move, its move not made yet
                try:
                    await ann.take_back()
                except TableError as exc:
                    assert exc.code == "takeback_revealed", exc
                else:
                    now = host.game
                    assert now is not None and now.prompt is not None
                    assert now.prompt.seat == ann.seat
                    assert host.timers._bot is None  # the bot's move was called off
                    assert host.seats[1].bot is None  # made anew when next it moves
                    return
            host.timers.bot_delay = 0.0
            host.standins.arm()  # (a bot's move armed with the long wait: now)
            mine = prompt.seat == ann.seat and bool(prompt.options)
            msg = after if mine else await _my_prompt(ann)
    raise AssertionError("no decision of mine handed the prompt to a bot")
