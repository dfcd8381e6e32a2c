"""Every prompt says what its choice does: the card, the clause and the count, in both languages.

The card set is iterated, so a new card (or a new clause op) without words fails here; real
games check that the engine's prompt context carries what the words need.
"""

from __future__ import annotations

import dataclasses
import unicodedata

import pytest
from helpers import in_hand, option_for, position

from qm_rules import Game, GameOptions, Phase, PromptKind, shipped_cards
from qm_rules.cards import COST_OPS, CardType, Clause
from qm_rules.effects import CLAUSE_OPS
from qm_rules.model import CardView, LinkKind, LinkView, Prompt, View
from qm_words import count as card_count
from qm_words import describe_option, describe_prompt

LANGS = ("zh", "en")
GENERIC = {
    "en": ("Effect: choose a card", "Pay the cost: choose a card", "Choose a target"),
    "zh": ("效果：选择一张牌", "支付代价：选择一张牌", "选择目标"),
}


def _base_view() -> View:
    return Game.new(["Ann", "Bob", "Cy"], 3).view(0)


def _ambiguous(text: str) -> set[str]:
    return {ch for ch in text if unicodedata.east_asian_width(ch) == "A"}


def _effects(d):
    """(link kind, mode, sections) for each effect a card can resolve."""
    if d.type is CardType.ANCESTOR:
        if d.manifestation is not None:
            yield LinkKind.MANIFEST, None, d.manifestation.effect
        return
    kind = {"trap": LinkKind.TRAP, "counter": LinkKind.COUNTER}.get(d.type.value, LinkKind.ACTION)
    for m, mode in enumerate(d.modes):
        yield kind, m, mode.effect


def _effect_view(base: View, d, kind, mode, sec: int, i: int, op: str, n: int, picked: int) -> View:
    card = CardView(900, d.id)
    targets = tuple("p1" if t == "opponent" else "c901" for t in d.targets)
    link = LinkView(0, 0, kind, card, mode, targets, (), False, None)
    ctx = {"link": 0, "clause": i, "op": op, "section": sec, "def": d.id, "n": n, "picked": picked}
    prompt = Prompt(0, PromptKind.EFFECT, base.seq, (), ctx, "")
    return dataclasses.replace(base, chain=(link,), resolving=0, prompt=prompt)


def _takes(cl: Clause) -> int:
    """The most cards the engine says a clause takes (the shipped ops count by the clause
    alone: no game is needed to ask them)."""
    # (type: ignore: no game and no link, which these ops' counts do not read)
    return CLAUSE_OPS[cl.op].picks(None, None, cl).most  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_every_effect_clause_of_the_card_set_has_its_own_words(lang: str) -> None:
    base = _base_view()
    seen_ops: dict[str, set[str]] = {}
    for d in shipped_cards().cards:
        name = d.name(lang)
        for kind, mode, sections in _effects(d):
            for s, sec in enumerate(sections):
                for i, cl in enumerate(sec.clauses):
                    n = _takes(cl)  # what the engine's context says
                    for picked in range(n):
                        text = describe_prompt(
                            _effect_view(base, d, kind, mode, s, i, cl.op, n, picked), lang
                        )
                        where = (d.id, s, i, lang, text)
                        assert text.startswith(name), where  # the card first
                        assert text not in GENERIC[lang] and not text.endswith(GENERIC[lang]), where
                        assert "_" not in text and "{" not in text, where  # no raw op, no slot
                        words = text.removeprefix(name).lstrip(" -：")
                        assert words != cl.op, where  # words, not the op's id
                        assert not _ambiguous(text.replace(name, "")), where
                        if n > 1:
                            count = (
                                f"（第 {picked + 1} 张，共 {n} 张）"
                                if lang == "zh"
                                else f"({picked + 1} of {n})"
                            )
                            assert count in text, where
                        seen_ops.setdefault(cl.op, set()).add(text.removeprefix(name))
    # Each op reads differently from every other (the words say what the clause does).
    texts = [next(iter(t)) for t in seen_ops.values()]
    assert len(set(texts)) == len(texts), seen_ops
    # The card set uses most ops; every op it uses was seen (so none is left without words).
    assert set(seen_ops) <= set(CLAUSE_OPS) and len(seen_ops) >= 8


@pytest.mark.parametrize("lang", LANGS)
def test_every_cost_of_the_card_set_says_what_it_takes_and_the_count(lang: str) -> None:
    base = _base_view()
    checked = 0
    for d in shipped_cards().cards:
        costs = [("activation", d.cost)]
        if d.manifestation is not None:
            costs.append((LinkKind.MANIFEST.value, d.manifestation.cost))
        for activation, cost in costs:
            for c in cost:
                assert c.op in COST_OPS
                for remaining in range(c.n, 0, -1):
                    ctx = {"card": 900, "def": d.id, "activation": activation, "cost": c.op,
                           "remaining": remaining}  # fmt: skip
                    prompt = Prompt(0, PromptKind.COST, base.seq, (), ctx, "")
                    text = describe_prompt(dataclasses.replace(base, prompt=prompt), lang)
                    assert text.startswith(d.name(lang)) and text not in GENERIC[lang], text
                    assert str(card_count(c.n, lang)) in text, text  # zh: as the card words it
                    step = c.n - remaining + 1
                    if c.n > 1:
                        count = (
                            f"（第 {step} 张，共 {c.n} 张）"
                            if lang == "zh"
                            else f"({step} of {c.n})"
                        )
                        assert count in text, text
                    if activation == LinkKind.MANIFEST.value:
                        assert ("显灵" if lang == "zh" else "manifestation") in text
                    checked += 1
    assert checked >= 7  # 拆台 (2 steps), 祭祀准备, six manifestations


def _respond_all(g: Game) -> None:
    while g.prompt is not None and g.prompt.kind is PromptKind.RESPOND:
        g.choose(g.prompt.seat, "pass")


def test_real_prompts_name_the_card_the_clause_and_the_count() -> None:
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "shao_baofu", "qingtuan"]},
    )
    g.choose(0, f"play:{in_hand(g, 0, 'shao_baofu')}")
    _respond_all(g)
    en = describe_prompt(g.view(0), "en")
    assert en == "Burning Parcel - choose an offering to add to your hand from the deck"
    assert describe_prompt(g.view(0), "zh") == "烧包袱：从牌山选一张供品加入手牌"
    # Bob sees whose choice it is and the (public) card resolving, not what is offered.
    assert describe_prompt(g.view(1), "en") == "Waiting for P0: Burning Parcel - choosing a card"
    g.choose(0, g.prompt.options[0].id)
    assert describe_prompt(g.view(0), "en") == (
        "Burning Parcel - choose an offering to put onto your field (or none)"
    )
    assert describe_prompt(g.view(0), "zh") == "烧包袱：选择一张供品放到你的场上（也可以不放）"
    g.choose(0, "none")
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    _respond_all(g)
    assert g.prompt.kind is PromptKind.EFFECT
    assert describe_prompt(g.view(0), "en") == "Tomb Sweeping - choose a card to discard"
    assert describe_prompt(g.view(0), "zh") == "扫墓：选择要弃掉的手牌"


def test_a_two_card_cost_counts_its_steps() -> None:
    g = position(
        2,
        turn=0,
        hands={0: ["saomu", "chaitai", "qingtuan", "qingcha", "juhua"]},
        fields={1: ["gui_daqiang/down"]},
    )
    g.choose(0, f"play:{in_hand(g, 0, 'saomu')}")
    g.choose(1, option_for(g, "flip", "gui_daqiang"))
    g.choose(0, option_for(g, "counter", "chaitai"))
    assert g.prompt.kind is PromptKind.COST
    assert (
        describe_prompt(g.view(0), "en")
        == "Spoil the Show - pay the cost: discard 2 cards (1 of 2)"
    )
    assert describe_prompt(g.view(0), "zh") == "拆台：支付代价：舍弃两张手牌（第 1 张，共 2 张）"
    first = g.prompt.options[0]
    assert describe_option(first, g.view(0), "en").startswith("Discard ")  # what paying does
    assert describe_option(first, g.view(0), "zh").startswith("舍弃")
    g.choose(0, first.id)
    assert (
        describe_prompt(g.view(0), "en")
        == "Spoil the Show - pay the cost: discard 2 cards (2 of 2)"
    )
    # The other seat does not learn which card is being activated (R5): the step is hidden.
    assert "Spoil the Show" not in describe_prompt(g.view(1), "en")


def test_shizu_stacking_after_worship_says_so_and_its_decline_is_not_a_worship() -> None:
    # The worship phase asks again only after 始祖's worship: to stack one more, or not.
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["shizu", "qingcha"], 1: ["qingtuan"]},
        fields={0: ["qingtuan", "juhua", "qingjiu", "xianguo"]},
        deck_top=["saomu"],
    )
    view = g.view(0)
    assert describe_prompt(view, "en") == "Worship: declare, or decline"
    assert describe_option(view.prompt.option("decline"), view, "en") == "Decline worship"
    g.choose(0, f"declare:{in_hand(g, 0, 'shizu')}")
    _respond_all(g)
    view = g.view(0)
    assert {o.kind for o in view.prompt.options} == {"ability", "decline"}
    assert describe_prompt(view, "en") == (
        "Worship phase: stack one more offering under your ancestor, or don't"
    )
    assert describe_prompt(view, "zh") == "祭祀阶段：再叠放一张供品到祖宗牌下，或不叠放"
    assert describe_option(view.prompt.option("decline"), view, "en") == "Don't stack"
    assert describe_option(view.prompt.option("decline"), view, "zh") == "不叠放"


def test_the_hand_limit_says_how_many_are_left_to_discard() -> None:
    g = position(
        2,
        turn=0,
        phase=Phase.WORSHIP,
        hands={0: ["qingtuan", "juhua", "qingjiu", "xianguo", "qingcha"]},
        options=GameOptions(hand_limit=3),
    )
    while g.prompt is not None and g.prompt.kind is not PromptKind.HAND_LIMIT:
        g.choose(g.prompt.seat, g.prompt.default)
    assert g.prompt.seat == 0
    assert describe_prompt(g.view(0), "en") == "Hand limit (3): discard a card (2 to go)"
    assert describe_prompt(g.view(0), "zh") == "手牌超出上限（3 张）：弃一张牌（还要弃 2 张）"
    g.choose(0, g.prompt.options[0].id)
    assert describe_prompt(g.view(0), "en") == "Hand limit (3): discard a card (1 to go)"


@pytest.mark.parametrize("lang", LANGS)
def test_options_naming_copies_of_one_card_say_where_each_is(lang: str) -> None:
    """Two Joss Papers on Bob's field are two targets told apart by their slots; a card whose
    copies cannot be told apart by place is numbered. No two options of a prompt read alike."""
    from qm_rules.model import Option
    from qm_words import describe_options

    g = position(2, turn=0, hands={0: ["shunshou"]}, fields={1: ["zhiqian", "zhiqian", "qingtuan"]})
    g.choose(0, f"play:{in_hand(g, 0, 'shunshou')}")
    view = g.view(0)
    assert view.prompt.kind is PromptKind.TARGET
    labels = describe_options(view.prompt.options, view, lang)
    plain = [describe_option(o, view, lang) for o in view.prompt.options]
    assert len(set(plain)) < len(plain)  # alike without their places
    assert len(set(labels)) == len(labels), labels
    slot = {"en": "(P1's slot {n})", "zh": "（P1 的 {n} 号位置）"}[lang]
    assert labels[:2] == [plain[0] + (" " if lang == "en" else "") + slot.format(n=1),
                          plain[1] + (" " if lang == "en" else "") + slot.format(n=2)]  # fmt: skip
    # Two picks from the deck are nowhere in sight: numbered.
    picks = (Option("pick:900", "pick", card=900), Option("pick:901", "pick", card=901))
    index = {900: "zhiqian", 901: "zhiqian"}
    assert describe_options(picks, view, lang, index) == [
        describe_option(picks[0], view, lang, index) + tr_nth(lang, 1),
        describe_option(picks[1], view, lang, index) + tr_nth(lang, 2),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_target_on_another_players_field_says_whose_it_is(lang: str) -> None:
    """顺手牵羊 at three players: the offerings it may take lie on two opponents' fields, and
    every option says whose card it is and where, not only copies of one card (a playtest read
    "Target: Green Rice Cake / Target: Incense and Candles": anyone's)."""
    from qm_words import describe_options

    g = position(
        3, turn=0, hands={0: ["shunshou"]}, fields={1: ["qingtuan", "qingcha"], 2: ["xianguo"]}
    )
    g.choose(0, f"play:{in_hand(g, 0, 'shunshou')}")
    view = g.view(0)
    assert view.prompt.kind is PromptKind.TARGET
    labels = describe_options(view.prompt.options, view, lang)
    targets = [label for o, label in zip(view.prompt.options, labels, strict=True)
               if o.id.startswith("target:")]  # fmt: skip
    slot = {"en": "({name}'s slot {n})", "zh": "（{name} 的 {n} 号位置）"}[lang]
    assert len(targets) == 3, labels
    assert targets[0].endswith(slot.format(name="P1", n=1)), targets
    assert targets[1].endswith(slot.format(name="P1", n=2)), targets
    assert targets[2].endswith(slot.format(name="P2", n=1)), targets


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_and_the_chain_say_whose_card_a_link_targets(lang: str) -> None:
    """The line for the activation and the chain's link say whose slot the target lies in, as
    the option did: "P0 activates Sleight of Hand -> Fresh Fruit (P2's slot 1)"; the viewer's
    own card is "your slot"."""
    from qm_words import card_index, describe_events, describe_link, field_places

    g = position(
        3, turn=0, hands={0: ["shunshou"]}, fields={1: ["qingtuan", "qingcha"], 2: ["xianguo"]}
    )
    g.choose(0, f"play:{in_hand(g, 0, 'shunshou')}")
    before = g.view(0)
    names = [sv.name for sv in before.seats]
    fruit_card = before.seats[2].slots[0].card
    assert fruit_card is not None and fruit_card.card == "xianguo"
    (target,) = [o for o in before.prompt.options if o.id == f"target:c{fruit_card.cid}"]
    events = g.choose(0, target.id)  # P2's Fresh Fruit
    fruit = shipped_cards()["xianguo"].name(lang)
    slot = {"en": "{card} (P2's slot 1)", "zh": "{card}（P2 的 1 号位置）"}[lang]
    slot = slot.format(card=fruit)
    for viewer in (0, 1, None):
        board = g.view(viewer) if viewer is not None else before
        lines = describe_events(
            events, viewer, lang, names, card_index(board), places=field_places(before)
        )
        assert any(line.endswith("-> " + slot) for line in lines), lines
    # the chain's link: where the view has the card, or where it lay when the link was made
    (made,) = [e for e in events if e.kind == "activate"]
    link = LinkView(
        0, 0, LinkKind.ACTION, CardView(made.data["card"], "shunshou"), None,
        (f"c{fruit_card.cid}",), (), False, None,
    )  # fmt: skip
    assert describe_link(link, before, lang).endswith("-> " + slot)
    after = g.view(0)  # the fruit taken: no longer on P2's field
    assert not describe_link(link, after, lang).endswith(slot)
    assert describe_link(link, after, lang, field_places(before)).endswith("-> " + slot)
    # seen by P2, it is their own card
    own = {"en": "(your slot 1)", "zh": "（你的 1 号位置）"}[lang]
    lines = describe_events(events, 2, lang, names, places=field_places(before))
    assert any(line.endswith(own) for line in lines), lines
    # without the board, the card is named alone (never a wrong owner)
    assert not any("slot" in line or "格" in line for line in describe_events(events, 0, lang))


def tr_nth(lang: str, n: int) -> str:
    return {"en": f" ({n})", "zh": f"（{n}）"}[lang]


@pytest.mark.parametrize("discarded", ["yehuo", "qingtuan"])
def test_an_unmet_if_is_told_as_what_happened_not_as_a_failure(discarded: str) -> None:
    """祭祀准备 ①: search a Burning card, then draw 1 if the discarded card was an offering.
    Discarding a trap: the log says the condition was not met (not that the effect "fails");
    discarding an offering: the card is drawn and neither line appears."""
    from helpers import pass_responses, pick

    from qm_words import describe_events

    g = position(2, turn=0, hands={0: ["jisi_zhunbei", discarded, "qingming_yu"], 1: ["qingcha"]})
    events = g.choose(0, f"play:{in_hand(g, 0, 'jisi_zhunbei')}")
    events += g.choose(0, "mode:0")
    assert g.prompt.kind is PromptKind.COST  # which card to discard
    events += pick(g, 0, discarded)
    events += pass_responses(g)
    while g.prompt is not None and g.prompt.seat == 0 and g.prompt.kind is PromptKind.EFFECT:
        events += g.choose(0, g.prompt.options[0].id)  # the Burning card searched out
    lines = {lang: describe_events(events, 0, lang, ["Ann", "Bob"]) for lang in LANGS}
    unmet = {
        "en": "Link 1: Ritual Preparation (Ann): the condition was not met, so that part of the "
        "effect does not happen",
        "zh": "连锁 1：祭祀准备（Ann）的条件未满足，这一段效果不发生",
    }
    for lang in LANGS:
        assert (unmet[lang] in lines[lang]) is (discarded == "yehuo"), lines[lang]
        assert not any("fail" in line or "无法执行" in line for line in lines[lang])


def test_copies_in_my_hand_are_one_option_and_copies_on_a_field_stay_apart() -> None:
    """Playtest 4 (F21): the options a player is shown (``distinct_options``) keep one of two
    copies in their own hand offered for the same action, the first; targets on a field stay
    apart (their slots differ), and so do different actions on one card."""
    from qm_words import distinct_options

    g = position(2, turn=0, phase=Phase.PLACE, hands={0: ["zhiqian", "qingtuan", "zhiqian"]})
    view = g.view(0)
    opts = view.prompt.options
    assert [o.kind for o in opts] == ["place", "place", "place", "skip"]
    assert distinct_options(opts, view) == [opts[0], opts[1], opts[3]]
    assert distinct_options(opts, None) == list(opts)  # no hand in sight: all of them
    # the same copies in another seat's view are not that seat's hand: nothing merged
    assert distinct_options(opts, g.view(1)) == list(opts)

    g = position(2, turn=0, hands={0: ["shunshou"]}, fields={1: ["zhiqian", "zhiqian", "qingtuan"]})
    g.choose(0, f"play:{in_hand(g, 0, 'shunshou')}")
    view = g.view(0)
    assert view.prompt.kind is PromptKind.TARGET
    assert distinct_options(view.prompt.options, view) == list(view.prompt.options)

    hand = ["quxie", "quxie", "hushenfu"]  # two Ward Off Evil: play or set, once each
    g = position(2, turn=0, hands={0: hand}, fields={0: ["juhua"]})
    view = g.view(0)
    opts = view.prompt.options
    shown = distinct_options(opts, view)
    defs = {c.cid: c.card for c in view.seats[0].hand or ()}
    kinds = [(o.kind, defs.get(o.card)) for o in shown]
    assert len(kinds) == len(set(kinds)) and len(shown) < len(opts), kinds
    assert {(o.kind, defs.get(o.card)) for o in opts} == set(kinds)  # every action still offered
