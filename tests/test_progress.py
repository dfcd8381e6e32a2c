"""How near each player is to winning (``qm_rules.progress``): the figures agree with the
engine's own win check, and a figure says nothing its viewer may not see."""

from __future__ import annotations

import random

from helpers import PAD, in_hand, pass_responses, position

from qm_rules import Game, GameOptions, Phase, PromptKind, shipped_cards
from qm_rules.bots import make_bot
from qm_rules.cards import CardType
from qm_rules.progress import hand_outlooks, seat_progress
from qm_words import (
    card_index,
    offerings_words,
    outlook_words,
    worship_block_words,
    worship_progress,
)

_ANCESTORS = [d.id for d in shipped_cards().ancestors]
_BASE = [d.id for d in shipped_cards().base_set]
_NAMES = {d.id: (d.name("zh"), d.name("en")) for d in shipped_cards().ancestors}


def _words_name_only_seen_ancestors(g: Game, viewer: int | None) -> None:
    """Every ancestor named in ``viewer``'s figures is a card ``viewer``'s view shows."""
    view = g.view(viewer)
    seen = set(card_index(view).values())
    said: list[str] = []
    for lang in ("zh", "en"):
        for s in range(g.n):
            said.append(worship_progress(view, s, lang) or "")
            said.append(offerings_words(view, s, lang))
        said += [outlook_words(o, lang) for o in hand_outlooks(view)]
        said.append(worship_block_words(view, lang) or "")
    text = "\n".join(said)
    for card in seen & _NAMES.keys():  # (one name may hold another: Great-Grandfather)
        for name in _NAMES[card]:
            text = text.replace(name, "")
    for card, names in _NAMES.items():
        if card not in seen:
            assert not any(n in text for n in names), (viewer, card, text)


def _check_figures(g: Game) -> int:
    """The figures of every seat, as each viewer sees them, against the engine's win check;
    how many ancestors on the field were checked."""
    checked = 0
    for s in range(g.n):
        own = seat_progress(g.view(s), s)
        assert own.offerings == len(g.st.offerings_on_field(s))
        if own.ancestor is None:
            assert g.st.anc[s] < 0
            continue
        checked += 1
        assert own.ancestor.met == g.qualifies(s)  # the owner sees it all
        for viewer in [*range(g.n), None]:  # the others: right, or nothing said
            theirs = seat_progress(g.view(viewer), s).ancestor
            assert theirs is not None
            assert theirs.met in (None, g.qualifies(s))
            if own.ancestor.condition.public:
                assert theirs.met == g.qualifies(s)
    return checked


def test_the_figures_agree_with_the_win_check_during_real_games() -> None:
    checked = 0
    for game in range(8):
        players = 2 + game % 3
        g = Game.new([f"p{i}" for i in range(players)], f"progress-{game}", GameOptions())
        bots = [make_bot("heuristic", (game, s)) for s in range(players)]
        while g.prompt is not None:
            checked += _check_figures(g)
            if g.seq % 7 == 0:
                for viewer in [*range(players), None]:
                    _words_name_only_seen_ancestors(g, viewer)
            p = g.prompt
            g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
    rng = random.Random(4)
    wins = 0
    for i in range(150):  # positions with ancestors out, played on a few decisions
        players = 2 + i % 2
        ancestors = rng.sample(_ANCESTORS, players)
        out = [s for s in range(players) if rng.random() < 0.7]
        g = position(
            players,
            turn=rng.randrange(players),
            phase=rng.choice([Phase.DRAW, Phase.ACTION]),
            hands={s: rng.choices(_BASE, k=rng.randrange(0, 9)) for s in range(players)},
            fields={s: [ancestors[s]] for s in out},
            stacks={s: ["qingtuan"] * rng.randrange(1, 6) for s in out},
        )
        bots = [make_bot("random", (i, s)) for s in range(players)]
        for _ in range(12):
            if g.prompt is None:
                break
            checked += _check_figures(g)
            _words_name_only_seen_ancestors(g, i % players)
            p = g.prompt
            g.choose(p.seat, bots[p.seat].choose(g.view(p.seat)))
        wins += g.result is not None and g.result.reason == "worship"
    assert checked >= 500 and wins >= 10, (checked, wins)


def _fits(card: str, outlook_card: str, missing: tuple[CardType, ...]) -> bool:
    """Whether ``card``, drawn, brings an ancestor's hand condition one step on."""
    cond = shipped_cards()[outlook_card].condition
    assert cond is not None
    d = shipped_cards()[card]
    if cond.op == "hand_types":
        return d.type in missing
    return cond.filter is None or cond.filter.accepts(d)


def test_declaring_wins_exactly_when_the_outlook_says_so() -> None:
    rng = random.Random(20)
    verdicts: dict[str, int] = {"win": 0, "draw": 0, "short": 0}
    for _ in range(300):
        ancestor = rng.choice(_ANCESTORS)
        offerings = rng.choice([["qingtuan", "juhua", "qingjiu", "xianguo"], ["qingtuan"] * 5])
        hand = [ancestor, *rng.choices(_BASE, k=rng.randrange(0, 9))]
        top = rng.choice(_BASE)
        g = position(
            hands={0: hand, 1: [PAD]},
            fields={0: offerings},
            deck_top=[top],
            phase=Phase.WORSHIP,
        )
        assert g.prompt is not None and g.prompt.kind is PromptKind.WORSHIP
        view = g.view(0)
        _words_name_only_seen_ancestors(g, 0)
        _words_name_only_seen_ancestors(g, 1)
        (outlook,) = [o for o in hand_outlooks(view) if o.standing.card == ancestor]
        verdicts[outlook.verdict] += 1
        g.choose(0, f"declare:{in_hand(g, 0, ancestor)}")
        pass_responses(g)
        won = g.result is not None and g.result.winner == 0
        if outlook.verdict == "draw":
            assert won == _fits(top, ancestor, outlook.standing.missing), (hand, top)
        else:
            assert won == (outlook.verdict == "win"), (hand, top, outlook)
    assert min(verdicts.values()) >= 20, verdicts


def test_the_outlook_in_words() -> None:
    g = position(
        hands={0: ["waigong", "qingtuan"], 1: [PAD]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        phase=Phase.WORSHIP,
    )
    (o,) = hand_outlooks(g.view(0))
    assert outlook_words(o, "en") == "Maternal Grandfather: 0 of 2 traps in hand - not yet"
    assert outlook_words(o, "zh") == "外公：需要手牌中有 2 张陷阱牌（现有 0 张），还不够"
    assert offerings_words(g.view(1), 0, "en") == "offerings 4/4"
    assert hand_outlooks(g.view(1)) == []  # nobody sees another's hand
    g = position(hands={0: ["qingtuan", "yehuo"], 1: [PAD]}, fields={0: ["juhua"]})
    assert worship_block_words(g.view(0), "en") == "offerings on your field: 1 of 4"
    assert worship_block_words(g.view(0), "zh") == "场上供品 1/4"
