"""The log reads in order: each link's "resolves" line first, then what the link did, for every
kind of link; every line that names a link by number names its card and owner too.

Whole games are played by bots through the engine's public choices; which link each event
belongs to is taken from the engine as it emits it (the link on top of the chain while the
chain resolves), independently of :mod:`qm_words.logorder`, and the log's order is checked
against it for every seat's view and a spectator's, told update by update as a table tells it.
The games are a bounded search over seeds until every kind of link has resolved, with effects
and negated, and several times over."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from qm_rules import Game
from qm_rules.bots import make_bot
from qm_rules.cards import shipped_cards
from qm_rules.model import Event, LinkKind, make_event
from qm_words import describe_events
from qm_words.logorder import LogOrder

OWNER = "_owner"  # the test's tag in an event's data: (chain number, link index)
KINDS = {k.value for k in LinkKind}
CHAINS: dict[int, int] = {}  # chains closed so far, by game (id): cleared for each new game


@pytest.fixture
def tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tag each event the engine emits while a chain resolves with the link it belongs to."""
    emit, add = Game.emit, Game.add_event
    chains = CHAINS

    def owner(g: Game, kind: str) -> tuple[int, int] | None:
        if kind == "chain_closed":
            chains[id(g)] = chains.get(id(g), 0) + 1
            return None
        if g.resolving and g.chain:
            return (chains.get(id(g), 0), len(g.chain) - 1)
        return None

    def tagged_emit(g: Game, kind: str, seat: Any, data: dict[str, Any], to: Any = None) -> None:
        who = owner(g, kind)
        emit(g, kind, seat, {**data, OWNER: who} if who else data, to)

    def tagged_add(g: Game, event: Event) -> None:
        who = owner(g, event.kind)
        if who:
            event = make_event(event.kind, event.seat, {**event.data, OWNER: who}, event.to)
        add(g, event)

    monkeypatch.setattr(Game, "emit", tagged_emit)
    monkeypatch.setattr(Game, "add_event", tagged_add)


def _game(seed: int, players: int) -> tuple[list[list[Event]], list[str]]:
    """A whole game of bots, heuristic (even seeds) or random (odd: they try everything):
    its events, update by update (the opening first)."""
    names = [f"bot-{i + 1}" for i in range(players)]
    CHAINS.clear()
    game = Game.new(names, seed)
    strategy = "random" if seed % 2 else "heuristic"
    bots = [make_bot(strategy, seed * 10 + i) for i in range(players)]
    batches = [list(game.opening)]
    while game.result is None:
        prompt = game.prompt
        assert prompt is not None
        batches.append(game.choose(prompt.seat, bots[prompt.seat].choose(game.view(prompt.seat))))
    return batches, names


def _check(batches: list[list[Event]], viewer: int | None) -> Counter[str]:
    """Feed a viewer's events to one LogOrder update by update; check every link's resolves
    line comes before each of its effects, once. The kinds of link resolved (and how)."""
    order = LogOrder()
    out: list[Event] = []
    for batch in batches:
        out += order.feed([e for e in batch if e.visible_to(viewer)])
    return check_order(out)


def check_order(out: list[Event]) -> Counter[str]:
    """Events as the log reads them: every link's resolves line before each of its effects
    (the tags say which link an event belongs to), once. The kinds of link resolved."""
    chain = 0
    kinds: dict[int, str] = {}
    said: dict[tuple[int, int], int] = {}
    seen: Counter[str] = Counter()
    for i, e in enumerate(out):
        if e.kind == "start":
            chain = 0
        if e.kind == "activate":
            kinds[e.data["link"]] = e.data["kind"]
        if e.kind == "chain_closed":
            chain += 1
            continue
        if e.kind == "resolved":
            key = (chain, e.data["link"])
            assert key not in said, f"link {key} read as resolving twice (at {said[key]}, {i})"
            said[key] = i
            how = "negated" if e.data.get("negated") else "resolved"
            seen[f"{kinds.get(e.data['link'])}:{how}"] += 1
            continue
        who = e.data.get(OWNER)
        if who is None or (e.kind == "section" and e.data.get("ok")):
            continue
        assert tuple(who) in said, f"{e.kind} of link {who} read before its resolves line"
        seen[f"{kinds.get(who[1])}:effect"] += 1
        if e.kind in ("negate", "section"):
            assert e.data.get("of"), f"{e.kind} names link {e.data.get('link')} by number only"
    return seen


def _games() -> Iterator[tuple[list[list[Event]], list[str]]]:
    for seed in range(400):
        yield _game(seed, 2 + seed % 5)


def test_every_kind_of_link_reads_resolves_first_over_whole_games(tagged: None) -> None:
    seen: Counter[str] = Counter()
    mentions: Counter[str] = Counter()
    games = 0
    wanted = {f"{k}:resolved" for k in KINDS} | {"action:effect", "trap:effect", "counter:effect"}
    wanted |= {"manifest:effect", "worship:effect", "action:negated"}
    for batches, names in _games():
        games += 1
        for viewer in (*range(len(names)), None):
            seen += _check(batches, viewer)
            if viewer in (0, None):
                for lang in ("en", "zh"):
                    lines = describe_events([e for b in batches for e in b], viewer, lang, names)
                    mentions += _check_lines(lines, lang, names)
        if games >= 20 and all(seen[w] >= 3 for w in wanted):
            break
    missing = {w for w in wanted if seen[w] < 3}
    assert not missing, f"after {games} games, not seen 3 times: {sorted(missing)} ({seen})"
    # every way a line mentions a link was read, in both languages
    kinds = {"resolves", "negated", "negates", "section"}
    assert {f"{lang}:{k}" for lang in ("en", "zh") for k in kinds} <= set(mentions), mentions


#: How each language mentions a link, with what must follow: its card's name and its owner.
_MENTION = {
    "en": (re.compile(r"[Ll]ink (\d+)"), ": {card} ({owner})"),
    "zh": (re.compile(r"连锁 (\d+)"), "：{card}（{owner}）"),
}
_CARD_NAMES = {lang: [d.name(lang) for d in shipped_cards().cards] for lang in ("en", "zh")}


def _check_lines(lines: list[str], lang: str, names: list[str]) -> Counter[str]:
    """Every mention of a link in the log names its card and owner right after its number
    ("Link 2: Ghost Wall (bot-1) was negated", "bot-4 negates link 2: Ghost Wall (bot-1)").
    The kinds of line that mentioned one."""
    pattern, follows = _MENTION[lang]
    said: Counter[str] = Counter()
    for line in lines:
        for m in pattern.finditer(line):
            rest = line[m.end() :]
            assert any(
                rest.startswith(follows.format(card=card, owner=owner))
                for card in _CARD_NAMES[lang]
                for owner in names
            ), f"a link named without its card and owner: {line!r}"
            said[f"{lang}:{_mention_kind(line)}"] += 1
    return said


#: Words that tell which kind of line mentions a link (else a section's).
_MENTION_KINDS = {"resolves": "resolves", "结算": "resolves", "was negated": "negated",
                  "被无效": "negated", "negates": "negates", "使连锁": "negates"}  # fmt: skip


def _mention_kind(line: str) -> str:
    return next((kind for word, kind in _MENTION_KINDS.items() if word in line), "section")


def test_a_link_a_host_sent_without_its_card_is_named_by_its_card(tagged: None) -> None:
    """An older host's ``resolved`` carried no card: the log names it from the link's
    ``activate``, over whole games."""
    read = 0
    for seed in range(40):
        batches, names = _game(seed, 2 + seed % 3)
        events = [
            Event(e.kind, e.seat, {k: v for k, v in e.data.items() if k != "def"}, e.to)
            if e.kind == "resolved"
            else e
            for b in batches
            for e in b
        ]
        for lang in ("en", "zh"):
            said = _check_lines(describe_events(events, None, lang, names), lang, names)
            read += said[f"{lang}:resolves"] + said[f"{lang}:negated"]
        if read >= 20:
            return
    raise AssertionError(f"only {read} resolved links read in 40 games")


def test_a_resolution_cut_by_a_decision_still_reads_in_order(tagged: None) -> None:
    """Told one decision at a time (a table's updates, some cutting a resolution at an
    effect's pick), the log reads as the whole game told at once."""
    for seed in range(10):
        batches, _ = _game(seed, 3)
        whole = LogOrder().feed([e for b in batches for e in b])
        order = LogOrder()
        stepwise = [e for b in batches for e in order.feed(b)]
        assert [(e.kind, e.seat, e.data) for e in whole] == [
            (e.kind, e.seat, e.data) for e in stepwise
        ]
