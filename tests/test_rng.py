"""The game's generator: ``below`` and ``shuffle`` draw from the one xorshift64* stream that
``next64`` steps (they step it inline, for speed), so a seed gives the same game everywhere."""

from __future__ import annotations

from qm_rules.rng import Rng, seed_state


def test_below_and_shuffle_draw_the_stream_next64_steps() -> None:
    fast, ref = Rng(seed_state("rng")), Rng(seed_state("rng"))
    for n in (1, 2, 3, 7, 52, 1000, 2**40):
        assert fast.below(n) == ref.next64() % n
    items = list(range(60))
    fast.shuffle(items)
    expected = list(range(60))
    for i in range(len(expected) - 1, 0, -1):
        j = ref.next64() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert sorted(items) == list(range(60)) and items != list(range(60))
    assert fast.state == ref.state


def test_known_values() -> None:
    # Pinned: a change here changes every game ever journalled.
    rng = Rng(1)
    assert [rng.next64() for _ in range(3)] == [
        5180492295206395165,
        12380297144915551517,
        13389498078930870103,
    ]
