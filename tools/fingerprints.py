"""Fingerprints of seeded games: proof that a change to the engine left every game as it was.

Each game (2–6 players; random, heuristic and careless heuristic bots, mixed; several table
options; now and then a concession) is played to its end and hashed as it goes: at every
decision the pending prompt (seat, kind, options, context, default), the views of the deciding
seat, of the next seat and of a spectator, the option taken and the events it returned; at the
end the whole state (hidden information included) and the result. Equal fingerprints: the same
games, the same views, the same events. What holds its default is left out of the hashes (an
option, a view's field, a game field an older state loads as its default): a field or option
added with a default the games do not use leaves them as they were, so a changed fingerprint
means a changed game.

A speed change must keep them all. A change meant to alter games writes the fingerprints
again; a change to the engine also bumps ``ENGINE_VERSION`` (card data needs no bump: the rules'
version hashes the cards).

    .venv/bin/python tools/fingerprints.py --check           # the 200 games against the file
    .venv/bin/python tools/fingerprints.py --write           # record them (after a rules change)
    .venv/bin/python tools/fingerprints.py --games 30 --check

``tests/test_fingerprints.py`` checks the first games of the file in the suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qm_rules import Game, GameOptions
from qm_rules.bots import make_bot
from qm_rules.fields import FIELDS as GAME_FIELDS  # the game's own fields, each said once
from qm_rules.fields import REQUIRED
from qm_rules.model import to_plain

FILE = Path(__file__).resolve().parent.parent / "tests" / "fingerprints.json"
GAMES = 200

#: Bot line-ups, cycled through: every seat the same, or mixed.
_LINEUPS = (("random",), ("heuristic",), ("easy",), ("heuristic", "random"), ("random", "easy"))
#: The timers the games were recorded with. The engine does not read them, but the views it
#: hashes carry the table's options: fixed here, a new default for a timer (the turn timer's
#: became 90 s) leaves the recorded games as they are.
_TIMERS = {"response_timer": 20.0, "turn_timer": None}
#: Table options, cycled through (those the engine reads).
_OPTIONS = (
    GameOptions(**_TIMERS),
    GameOptions(**_TIMERS, round_limit=6),
    GameOptions(**_TIMERS, hand_limit=4, ask_everyone=True),
    GameOptions(**_TIMERS, round_limit=0, hand_limit=None),
    GameOptions(**_TIMERS, hand_limit=2),
)


@dataclass(frozen=True)
class Spec:
    """Which game ``index`` is: players, bots, options, seed, and when someone concedes."""

    index: int

    @property
    def players(self) -> int:
        return 2 + self.index % 5

    @property
    def bots(self) -> tuple[str, ...]:
        lineup = _LINEUPS[(self.index // 5) % len(_LINEUPS)]
        return tuple(lineup[s % len(lineup)] for s in range(self.players))

    @property
    def options(self) -> GameOptions:
        return _OPTIONS[(self.index // 25) % len(_OPTIONS)]

    @property
    def seed(self) -> str:
        return f"fingerprint-{self.index}"

    @property
    def concede_at(self) -> int | None:
        """The decision at which the seat after the deciding one concedes (every 7th game)."""
        return 10 + self.index % 30 if self.index % 7 == 3 else None


def _trimmed(value: Any) -> Any:
    """``value`` as plain data with every dataclass field left out that holds its default: a
    field or option added later with a default the games do not use leaves their hashes as
    they were, so a changed fingerprint means a changed game."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _trimmed(v)
            for f in dataclasses.fields(value)
            if not _is_default(f, v := getattr(value, f.name))
        }
    if isinstance(value, dict):
        return {str(k): _trimmed(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [_trimmed(v) for v in value]
    return to_plain(value)


def _is_default(f: dataclasses.Field[Any], value: Any) -> bool:
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


def _plain(value: Any) -> bytes:
    return json.dumps(_trimmed(value), sort_keys=True, separators=(",", ":")).encode()


def _state(g: Game) -> dict[str, Any]:
    """The whole state (hidden information included), its default-valued parts left out like a
    view's: the options trimmed, and a game field holding what an older state without it
    loads as."""
    state = g.to_state()
    del state["rules"]  # the card data's hash: its wording may change, the games may not
    state["options"] = _trimmed(g.options)
    for name, f in GAME_FIELDS.items():
        if f.default is not REQUIRED and state[name] == f.default:
            del state[name]
    return state


def fingerprint(index: int) -> tuple[int, str]:
    """Play game ``index``: (decisions made, the hash of everything seen along the way)."""
    spec = Spec(index)
    n = spec.players
    g = Game.new([f"p{i}" for i in range(n)], spec.seed, spec.options)
    bots = [make_bot(b, (spec.seed, s)) for s, b in enumerate(spec.bots)]
    h = hashlib.blake2b(digest_size=16)
    h.update(_plain(g.opening))
    decisions = 0
    while g.prompt is not None:
        p = g.prompt
        h.update(_plain([p.seat, p.kind, list(p.ids), p.context, p.default]))
        view = g.view(p.seat)
        h.update(_plain(view))
        h.update(_plain(g.view((p.seat + 1) % n)))
        h.update(_plain(g.view(None)))
        if decisions == spec.concede_at and not g.conceded[(p.seat + 1) % n]:
            seat, option = (p.seat + 1) % n, "concede"
        else:
            seat, option = p.seat, bots[p.seat].choose(view)
        h.update(f"{seat}:{option}".encode())
        h.update(_plain(g.choose(seat, option)))
        decisions += 1
    h.update(_plain(_state(g)))
    h.update(_plain([g.view(s) for s in range(n)]))
    return decisions, h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=GAMES, help=f"games (default: {GAMES})")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="compare with the recorded games")
    mode.add_argument("--write", action="store_true", help="record the games")
    args = ap.parse_args(argv)
    got = [list(fingerprint(i)) for i in range(args.games)]
    if args.write:
        rows = ",\n".join(f"  {json.dumps(row)}" for row in got)
        FILE.write_text(f'{{"games": [\n{rows}\n]}}\n', encoding="utf-8")
        print(f"wrote {len(got)} fingerprints to {FILE}")
        return 0
    want = json.loads(FILE.read_text(encoding="utf-8"))["games"]
    if len(want) < len(got):
        print(f"the file holds {len(want)} games, not {len(got)}", file=sys.stderr)
        return 1
    bad = [i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b]
    for i in bad:
        spec = Spec(i)
        print(f"game {i} ({spec.players} players, {','.join(spec.bots)}) differs", file=sys.stderr)
    print(f"{len(got) - len(bad)} of {len(got)} games as recorded")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
