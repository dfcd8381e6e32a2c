"""The describer (qm_words): every event and option of real games in words, in both
languages; the public/private pairs read once; and the chain widget's text."""

from __future__ import annotations

import dataclasses
import unicodedata

import pytest
from test_tui_table_support import chain_position

from qm_rules.bots import make_bot
from qm_rules.cards import shipped_cards
from qm_rules.game import Game
from qm_rules.model import Event, GameOptions, PromptKind
from qm_tui.widgets.chain import chain_text, frame_of
from qm_words import (
    card_index,
    describe,
    describe_events,
    describe_option,
    describe_prompt,
)

LANGS = ("zh", "en")


def _games(seeds: range, players: int = 4):
    """(game, seat-0 view before the choice, events) for every decision of some random games."""
    for seed in seeds:
        g = Game.new(
            [f"P{i}" for i in range(players)], seed, GameOptions(round_limit=12, ask_everyone=True)
        )
        bots = [make_bot("random", f"{seed}:{s}") for s in range(players)]
        while not g.over:
            p = g.prompt
            assert p is not None
            view = g.view(p.seat)
            events = g.choose(p.seat, bots[p.seat].choose(view), p.seq)
            yield g, view, events


def _ambiguous(text: str) -> set[str]:
    return {ch for ch in text if unicodedata.east_asian_width(ch) == "A"}


def test_every_event_of_real_games_is_described_in_words_in_both_languages() -> None:
    kinds: set[str] = set()
    for g, _view, events in _games(range(12)):
        cards = card_index(g.view(None))
        for e in events:
            kinds.add(e.kind)
            for lang in LANGS:
                text = describe(e, lang, g.names, cards)
                if e.kind == "section" and e.data.get("ok"):
                    assert text == ""
                    continue
                if e.kind == "chain_closed" and e.data.get("links", 0) < 2:
                    continue
                assert text, (e, lang)
                assert f": {e.kind}" not in text, f"no words for {e.kind}: {text}"  # the fallback
                if e.kind != "activate" or e.data.get("mode") is None:  # mode labels are card data
                    assert not _ambiguous(text), (text, _ambiguous(text))
    assert {"activate", "pass", "draw", "turn", "phase", "resolved"} <= kinds


def test_a_resolving_link_names_its_card_as_its_activation_did() -> None:
    # The log read "Link 1 (Bob) resolves" without the card; the card is public once activated.
    seen = negated = 0
    links: dict[int, str] = {}  # link index -> the card its activation named (latest chain)
    for g, _view, events in _games(range(10)):
        for e in events:
            if e.kind == "activate":
                links[e.data["link"]] = e.data["def"]
            if e.kind != "resolved":
                continue
            card = links[e.data["link"]]
            assert e.data["def"] == card, e  # the card its activation named
            for lang in LANGS:
                text = describe(e, lang, g.names)
                name = (
                    shipped_cards().by_id[card].name.zh
                    if lang == "zh"
                    else shipped_cards().by_id[card].name.en
                )
                assert name in text, (lang, text)
            seen += 1
            negated += bool(e.data["negated"])
    assert seen > 50 and negated > 0
    # a host that left the card out (older) still reads as words, the card from its activation
    old = Event("resolved", 1, {"link": 0, "negated": True})
    made = Event("activate", 1, {"link": 0, "kind": "trap", "card": 7, "def": "chaitai"})
    assert describe_events([made, old], None, "en", ["A", "B"])[-1] == (
        "Link 1: Spoil the Show (B) was negated"
    )
    ok = Event("resolved", 1, {"link": 1, "negated": False, "def": "chaitai"})
    assert describe(ok, "en", ["A", "B"]) == "Link 2: Spoil the Show (B) resolves"
    assert describe(ok, "zh", ["A", "B"]) == "连锁 2：拆台（B）结算"


def test_every_option_reads_as_words_and_names_its_card() -> None:
    for _g, view, _events in _games(range(8)):
        p = view.prompt
        assert p is not None
        for o in p.options:
            for lang in LANGS:
                text = describe_option(o, view, lang)
                assert text and text != o.id
                # a card the decider can see is named (a search's deck cards are not in the view)
                if o.card is not None and not (
                    p.kind is PromptKind.EFFECT and p.context.get("op") == "search"
                ):
                    assert text not in ("Pick a card", "选择 一张牌"), (o, p.context)
                    assert "a card" not in text and "一张牌" not in text, (o, text)
        assert describe_prompt(view, "en") and describe_prompt(view, "zh")


def test_a_public_event_and_its_private_twin_read_once() -> None:
    public = Event("draw", 0, {"count": 2})
    private = Event(
        "draw", 0, {"count": 2, "cards": [1, 2], "defs": ["qingtuan", "juhua"]}, to=(0,)
    )
    names = ["Me", "Bob"]
    assert describe_events([public, private], 0, "en", names) == [
        "Me draws Green Rice Cake, Chrysanthemums"
    ]
    assert describe_events([public, private], 1, "en", names) == ["Me draws 2 cards"]
    assert describe_events([public, private], None, "zh", names) == ["Me 抽了 2 张牌"]


def test_an_unknown_event_is_still_described() -> None:
    text = describe(Event("comet", 1, {"def": "qingtuan", "size": 3}), "en", ["A", "B"])
    assert "comet" in text and "Green Rice Cake" in text and "B" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_chain_reads_newest_first_and_marks_the_resolving_link(lang: str) -> None:
    view = chain_position()
    text = chain_text(frame_of(view), view, lang, "chain")
    lines = text.plain.split("\n")
    assert [line[1:].split(".")[0] for line in lines[1:]] == ["3", "2", "1"]
    assert "->" in lines[3]  # the oldest link names its target
    resolving = dataclasses.replace(view, resolving=1)
    text = chain_text(frame_of(resolving), resolving, lang, "chain")
    styled = [text.plain[s.start : s.end] for s in text.spans if "reverse" in str(s.style)]
    assert len(styled) == 1
    assert ("鬼打墙" if lang == "zh" else "Ghost Wall") in styled[0]
