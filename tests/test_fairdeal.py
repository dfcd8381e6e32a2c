"""The fair deal's construction and the client's check, without a network.

A game is dealt from a :class:`Deal` exactly as the host does it and played by random bots;
each seat's record holds the digests of the views that seat was shown. A faithful reveal
verifies; a host that plays another seed, rewrites a choice, shows one wrong view, swaps its
secret or a player's part is caught, and the verdict names the step that failed.
"""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from qm_net import fairdeal
from qm_net.fairdeal import ClientRecord, Deal, Part
from qm_net.host.wireseq import WireSeq, is_hidden_step
from qm_rules import Game, View
from qm_rules.bots import make_bot


def _sent(game: Game, wire: WireSeq, seat: int | None) -> View:
    """``seat``'s view as the host sends it: numbered in the receiver's own seq."""
    view = fairdeal.sent_view(game, seat)
    seq = wire.of(seat)
    prompt = dataclasses.replace(view.prompt, seq=seq) if view.prompt is not None else None
    return dataclasses.replace(view, seq=seq, prompt=prompt)


def _play(
    n: int = 3, *, seed: str | None = None, sources: tuple[str, ...] = ()
) -> tuple[Deal, Game, list[ClientRecord]]:
    """Deal as the host does (players' parts first, host-made parts for the rest), then play
    the game with random bots, recording every seat's views."""
    deal = Deal(n)
    records = [ClientRecord(seat=s, commitment=deal.commitment) for s in range(n)]
    for s in range(n):
        source = sources[s] if s < len(sources) else fairdeal.SOURCE_PLAYER
        if source == fairdeal.SOURCE_PLAYER:
            part = fairdeal.new_part()
            deal.accept(s, part)
            records[s].part = part.hex()
        else:
            deal.fill(s, source)
    for r in records:
        r.sources = deal.sources()
    game = Game.new([f"p{s}" for s in range(n)], seed if seed is not None else deal.seed())
    bots = [make_bot("random", s) for s in range(n)]
    wire = WireSeq(n)
    for r in records:
        r.saw(_sent(game, wire, r.seat))
    while not game.over:
        assert game.prompt is not None
        seat = game.prompt.seat
        drafting = game.draft is not None
        option = bots[seat].choose(game.view(seat))
        game.choose(seat, option)
        hidden = is_hidden_step(drafting, option, game)
        wire.record(seat if hidden else None)
        for r in records:  # as the host sends: a hidden draft step to its drafter alone
            if not hidden or r.seat == seat:
                r.saw(_sent(game, wire, r.seat))
    for r in records:
        r.reveal = deal.reveal(game.journal)
    return deal, game, records


def test_commitment_binds_and_hides_nothing_of_the_seed() -> None:
    a, b = fairdeal.new_secret(), fairdeal.new_secret()
    assert fairdeal.commitment(a) == fairdeal.commitment(a)
    assert fairdeal.commitment(a) != fairdeal.commitment(b)
    parts = [Part(0, "player", bytes(32)), Part(1, "player", bytes(31) + b"\x01")]
    assert fairdeal.commitment(a)[:16] not in fairdeal.derive_seed(a, parts)


def test_every_part_moves_the_seed_and_order_is_enforced() -> None:
    secret = fairdeal.new_secret()
    parts = [Part(s, "player", fairdeal.new_part()) for s in range(4)]
    seed = fairdeal.derive_seed(secret, parts)
    for s in range(4):
        changed = list(parts)
        changed[s] = Part(s, "player", bytes(a ^ 1 for a in parts[s].value))
        assert fairdeal.derive_seed(secret, changed) != seed
    relabelled = [Part(p.seat, "absent", p.value) for p in parts]
    assert fairdeal.derive_seed(secret, relabelled) != seed  # the source is hashed too
    with pytest.raises(ValueError):
        fairdeal.derive_seed(secret, list(reversed(parts)))


def test_a_deal_refuses_bad_and_second_parts() -> None:
    deal = Deal(2)
    with pytest.raises(ValueError):
        deal.accept(0, b"short")
    with pytest.raises(ValueError):
        deal.accept(5, fairdeal.new_part())
    deal.accept(0, fairdeal.new_part())
    with pytest.raises(ValueError):
        deal.accept(0, fairdeal.new_part())
    deal.fill(1, fairdeal.SOURCE_BOT)
    assert deal.complete() and deal.sources() == ["player", "bot"]
    assert Deal.from_plain(deal.plain()).seed() == deal.seed()


def test_host_made_parts_follow_from_the_secret() -> None:
    secret = fairdeal.new_secret()
    assert fairdeal.host_part(secret, 2, "bot") == fairdeal.host_part(secret, 2, "bot")
    assert fairdeal.host_part(secret, 2, "bot") != fairdeal.host_part(secret, 2, "absent")
    with pytest.raises(ValueError):
        fairdeal.host_part(secret, 0, "player")


def test_an_honest_game_verifies_for_every_seat() -> None:
    _, game, records = _play(3, sources=("player", "bot", "absent"))
    for r in records:
        verdict = fairdeal.verify(r)
        assert verdict.ok, verdict.failed
        assert len(r.views) > 2
    assert [s.name for s in fairdeal.verify(records[0]).steps] == [
        "commitment",
        "part",
        "seed",
        "replay",
        "views",
    ]


def test_a_spectators_record_verifies_too() -> None:
    deal, game, _ = _play(2)
    rec = ClientRecord(seat=None, commitment=deal.commitment, sources=deal.sources())
    replay = Game.new(list(game.names), game.seed)
    wire = WireSeq(replay.n)
    rec.saw(_sent(replay, wire, None))
    for s, o in game.choices:
        drafting = replay.draft is not None
        replay.choose(s, o)
        hidden = is_hidden_step(drafting, o, replay)
        wire.record(s if hidden else None)
        if not hidden:
            rec.saw(_sent(replay, wire, None))
    rec.reveal = deal.reveal(game.journal)
    assert fairdeal.verify(rec).ok


def test_a_record_survives_a_save(tmp_path) -> None:
    _, _, records = _play(2)
    path = tmp_path / "games" / "g.json"
    records[1].save(str(path))
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert fairdeal.verify(fairdeal.load(str(path))).ok


def _step(record: ClientRecord) -> str:
    verdict = fairdeal.verify(record)
    assert not verdict.ok
    assert verdict.failed is not None
    return verdict.failed.name


def test_a_host_that_plays_another_seed_is_caught() -> None:
    # The host announces a deal but deals from a seed of its own choosing, then reveals the
    # journal it really played: the seed it names is not the one the parts make.
    _, _, records = _play(2, seed="stacked")
    assert all(_step(r) == "seed" for r in records)


def test_a_host_that_hides_its_seed_is_caught_by_the_views() -> None:
    # The same cheat, but the reveal claims the fair seed: replaying the choices from it breaks
    # down (they name cards that seed never dealt) or gives other views.
    deal, _, records = _play(2, seed="stacked")
    for r in records:
        assert r.reveal is not None
        r.reveal["journal"]["seed"] = deal.seed()
        assert _step(r) in ("replay", "views")


def test_a_rewritten_choice_is_caught() -> None:
    _, game, records = _play(3)
    # Replace one choice by another legal one at that point of the game. Not a step inside an
    # activation being drafted: a different target for an activation later cancelled changes
    # nothing anyone is shown, so no seat could (or need) notice it.
    replay = Game.new(list(game.names), game.seed)
    for i, (s, o) in enumerate(game.choices):
        prompt = replay.prompt
        assert prompt is not None
        others = [x.id for x in prompt.options if x.id != o]
        if others and i > 3 and replay.draft is None:
            forged = list(game.choices)
            forged[i] = (s, others[0])
            break
        replay.choose(s, o)
    else:
        pytest.skip("no choice with an alternative in this game")
    for r in records:
        assert r.reveal is not None
        r.reveal = copy.deepcopy(r.reveal)
        r.reveal["journal"]["choices"] = [[a, b] for a, b in forged]
        assert _step(r) in ("views", "replay")


def test_one_wrong_view_is_caught_and_named() -> None:
    _, _, records = _play(2)
    r = records[0]
    middle = len(r.views) // 2
    r.views[middle] = "0" * 64
    verdict = fairdeal.verify(r)
    assert verdict.failed is not None and verdict.failed.name == "views"
    assert f"view {middle + 1} of {len(r.views)}" in verdict.failed.detail


def test_a_swapped_secret_is_caught() -> None:
    _, _, records = _play(2)
    r = records[0]
    assert r.reveal is not None
    r.reveal["secret"] = fairdeal.new_secret().hex()
    assert _step(r) == "commitment"


def test_a_replaced_player_part_is_caught() -> None:
    deal, game, records = _play(2)
    r = records[1]
    assert r.reveal is not None
    r.reveal["parts"][1]["part"] = fairdeal.new_part().hex()
    assert _step(r) == "part"
    # ... and so is a player's part passed off as the host's own after all.
    _, _, records = _play(2)
    r = records[1]
    assert r.reveal is not None
    r.reveal["parts"][1]["source"] = "absent"
    assert _step(r) == "part"


def test_an_abandoned_game_does_not_verify() -> None:
    deal = Deal(2)
    record = ClientRecord(seat=0, commitment=deal.commitment, abandoned=True)
    assert _step(record) == "reveal"


def test_a_host_journals_deal_verifies() -> None:
    deal, game, _ = _play(3, sources=("player", "bot", "player"))
    assert fairdeal.verify_journal(deal.plain(), game.journal, seat=1).ok
    journal = game.journal
    journal.seed = "other"
    assert not fairdeal.verify_journal(deal.plain(), journal).ok


def test_verify_command_checks_a_saved_record_and_a_journal(tmp_path, capsys) -> None:
    from qingming.cli import main
    from qm_net.journal_io import JournalWriter

    deal, game, records = _play(2, sources=("player", "bot"))
    good = tmp_path / "good.json"
    records[0].save(str(good))
    assert main(["verify", str(good)]) == 0
    assert "Fair deal: verified" in capsys.readouterr().out

    records[0].views[1] = "f" * 64
    bad = tmp_path / "bad.json"
    records[0].save(str(bad))
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL what you were shown: view 2 of" in out and "NOT verified" in out

    path = tmp_path / "table.journal"
    writer = JournalWriter(str(path))
    fresh = Game.new(list(game.names), game.seed)
    writer.begin_game(0, "t", [], fresh, deal=deal.plain())
    for s, o in game.choices:
        fresh.choose(s, o)
    writer.end_game(fresh)
    writer.close()
    assert main(["verify", str(path), "--seat", "2", "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["ok"] and "host-made (bot)" in verdict["steps"][0]["detail"]

    assert main(["verify", str(tmp_path / "missing.json")]) == 2


def test_replay_plays_a_game_from_a_players_saved_record(tmp_path, capsys) -> None:
    """A player at a table another hosts has no journal of the game, but their program kept
    its record, which holds the game the host revealed at the end: `qingming replay` plays it
    (the result screen points there), and says so plainly of a record with nothing revealed."""
    from qingming.cli import main

    deal, game, records = _play(2, sources=("player", "bot"))
    path = tmp_path / "record.json"
    records[0].save(str(path))
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["choices"] == len(game.choices) and summary["finished"] == game.over
    assert summary["winner"] == (game.result.winner if game.result else None)

    assert main(["replay", str(path), "--no-step"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert " · ".join(game.names) in out[0] and "dealt fairly" in out[0]
    assert sum(line.startswith("#") for line in out) == len(game.choices)  # a line a choice
    won = game.result.winner if game.result else None
    winner = game.names[won] if won is not None else None
    assert out[-1].startswith("Game over") and (winner is None or winner in out[-1])

    left = ClientRecord(seat=0, commitment=deal.commitment, abandoned=True)
    left.save(str(tmp_path / "left.json"))
    assert main(["replay", str(tmp_path / "left.json")]) == 1
    assert "revealed nothing" in capsys.readouterr().err
