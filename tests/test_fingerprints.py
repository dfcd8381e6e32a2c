"""The engine plays the recorded games exactly: same prompts, views, events, states and results
(``tools/fingerprints.py``, whose file holds 200 games; the first 30 are played here). A change
for speed must keep them. A change meant to alter games records them again with
``.venv/bin/python tools/fingerprints.py --write``; a change to the engine also bumps
``ENGINE_VERSION`` (a change of card data needs no bump: the rules' version hashes the cards)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from qm_rules import GameOptions
from tools.fingerprints import FILE, Spec, _plain, fingerprint

RECORDED = json.loads(FILE.read_text(encoding="utf-8"))["games"]
SUITE_GAMES = 30


def test_the_recorded_games_cover_every_table_size_and_bot() -> None:
    specs = [Spec(i) for i in range(SUITE_GAMES)]
    assert {s.players for s in specs} == {2, 3, 4, 5, 6}
    assert {b for s in specs for b in s.bots} == {"random", "heuristic", "easy"}
    assert any(s.concede_at is not None for s in specs)
    assert len(RECORDED) >= SUITE_GAMES


@pytest.mark.parametrize("index", range(SUITE_GAMES))
def test_a_recorded_game_plays_the_same(index: int) -> None:
    decisions, digest = fingerprint(index)
    assert [decisions, digest] == RECORDED[index], (
        f"game {index} ({Spec(index).players} players, {','.join(Spec(index).bots)}) no longer "
        "plays as recorded; if the games were meant to change (card data, or the engine with "
        "ENGINE_VERSION bumped), run tools/fingerprints.py --write"
    )


def test_a_fingerprint_tells_games_apart() -> None:
    # The check must be able to fail: different games, different fingerprints.
    digests = {fingerprint(i)[1] for i in range(5)}
    assert len(digests) == 5


@dataclasses.dataclass(frozen=True, slots=True)
class _OptionsWithANewOne(GameOptions):
    """The table's options as they would be with one more option, off by default."""

    new_option: bool = False


def test_a_new_default_valued_option_leaves_the_hash_as_it_was() -> None:
    options = Spec(50).options
    kept = {f.name: getattr(options, f.name) for f in dataclasses.fields(GameOptions)}
    assert _plain(_OptionsWithANewOne(**kept)) == _plain(options)
    assert _plain(_OptionsWithANewOne(**kept, new_option=True)) != _plain(options)
    assert _plain(dataclasses.replace(options, round_limit=3)) != _plain(options)
