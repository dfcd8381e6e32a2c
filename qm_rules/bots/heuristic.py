"""The heuristic bot: plays to win, seeing only its own :class:`~qm_rules.model.View`.

How it plays, in one paragraph: it builds four offerings on its field because
each one draws a card every turn; it declares worship with the ancestor in hand whose condition
it can meet soonest, and waits (装高手) while waiting is cheap and the condition is not yet met;
it keeps a trap or counter set and answers what threatens it (纸人替身/拆台 against an opponent's
worship, 野火 against the leader's placement, 鬼打墙 against actions aimed at it, 护身符 when a
card of its field is targeted, 驱邪/镇魂 against negations of its own plays); and it aims its
interference (顺手牵羊, 借东风, 惊扰, 清明雨) at the opponent closest to winning.

It knows no card by its id: what each card is for is read from the card data
(:mod:`qm_rules.bots.roles`), and it reads each view through one digest of it
(:mod:`qm_rules.bots.digest`); this module is the policy. The bot's reasons are kept by role,
so a new card made of known parts is played without editing the bot, and a card the bot has no
role for fails a test.

Everything is a function of the view and the bot's own small memory (the mode it chose for an
activation in progress, how often it declined worship); the bot's own seeded generator only
picks among cards it cannot tell apart. So a bot is deterministic given its seed and its views.

Choices backed by measurements (``qm_rules.sim``, thousands of games against this bot): placing
Burning offerings first or last, waiting 0–5 turns for a hand condition, setting 0–2 cards before
worship, and a fifth offering before an ancestor is found all came out within noise; waiting
was slightly ahead at 2 players, so the bot waits up to three worship phases.
"""

from __future__ import annotations

from ..cards import CardSet
from ..effects import CLAUSE_OPS
from ..model import LinkKind, LinkView, Option, Prompt, PromptKind, View
from ..rng import Rng, seed_state
from .digest import WORSHIP_OFFERINGS, Seat, Situation
from .roles import (
    ACTION,
    ANCESTOR,
    OFFERING,
    TRAP,
    answer_role,
    book_of,
    card_ops,
    manifestation_role,
    prohibits,
    returns_to_hand,
    searches_tag,
)

#: Fewer cards than this in the deck: stop hoarding for a hand condition that cannot come.
LOW_DECK = 5


def _opt_cards(prompt: Prompt, kind: str) -> list[Option]:
    return [o for o in prompt.options if o.kind == kind]


class HeuristicBot:
    """Plays to win. ``choose(view)`` returns one of ``view.prompt``'s option ids."""

    name = "heuristic"

    #: Worship phases to wait (装高手) for a hand condition before declaring anyway.
    wait_limit = 3
    #: Face-down cards to keep set while still building offerings.
    max_set_before_worship = 1
    #: Slots kept free for actions while building offerings (set cards never take them).
    action_slots_before_worship = 1
    #: Offerings on the field while no ancestor is in hand (each draws a card a turn).
    offerings_without_ancestor = WORSHIP_OFFERINGS
    #: Answer every negation of our worship, whatever the answer costs.
    always_save_worship = False

    def __init__(self, seed: int | str = 0, cards: CardSet | None = None) -> None:
        self.seed = seed
        self.book = book_of(cards)
        self.new_game()

    def new_game(self) -> None:
        """All that the bot keeps of a game, as at its start (qm_rules.bots.new_game: a bot
        kept for the rematch must not wait less for a worship, or read a card id of the last
        game as this one's)."""
        self.rng = Rng(seed_state(f"heuristic-bot:{self.seed!r}"))
        self._mode_for: dict[int, int] = {}  # card being activated -> the mode we chose
        self._declined: dict[str, int] = {}  # ancestor -> worship phases we declined with it

    # ───────────────────────────── entry ─────────────────────────────

    def choose(self, view: View) -> str:
        prompt = view.prompt
        assert prompt is not None and prompt.options, "asked to choose without a prompt"
        s = Situation(view, self.book)
        handler = _HANDLERS.get(prompt.kind)
        choice = handler(self, s, prompt) if handler is not None else None
        if choice is None or prompt.option(choice) is None:
            choice = self._fallback(prompt)
        return choice

    def _fallback(self, prompt: Prompt) -> str:
        """A legal option that never undoes a step (``cancel`` would loop the same draft)."""
        if prompt.default and prompt.default != "cancel" and prompt.option(prompt.default):
            return prompt.default
        opts = [o for o in prompt.options if o.kind != "cancel"] or list(prompt.options)
        return opts[0].id

    # ───────────────────────────── placement (R10) ─────────────────────────────

    def _place(self, s: Situation, p: Prompt) -> str:
        opts = _opt_cards(p, "place")
        if not opts:
            return "skip"
        have = len(s.my.offerings)
        if have >= s.target_offerings(self.offerings_without_ancestor):
            return "skip"  # keep offerings in hand: they count for 祖母, feed 始祖, or wait
        pick = self._offering_to_put(s, opts)
        return pick if pick is not None else "skip"

    def _offering_to_put(self, s: Situation, opts: list[Option]) -> str | None:
        """Which offering goes onto the field: Burning first (it becomes tapped, out of reach of
        顺手牵羊), unless we play for 太公, who wants Burning cards in hand."""
        burning_in_hand = s.count(burning=True)
        best: tuple[float, int, str] | None = None
        for o in opts:
            name = s.names.get(o.card) if o.card is not None else None
            if name is None:
                continue
            d = self.book.defs[name]
            score = 5.0 if d.burning else 3.0
            if self.book.plan_kind(s.plan) == "burning" and d.burning:
                # 太公 counts Burning cards in hand; place one only with a spare, or when the
                # deck is nearly dry and the field would otherwise never reach four.
                if burning_in_hand <= 2 and s.view.deck_count >= LOW_DECK:
                    continue
                score = 1.0
            key = (-score, o.card or 0, o.id)
            if best is None or key < best:
                best = key
        return best[2] if best else None

    # ───────────────────────────── action phase (R11) ─────────────────────────────

    def _action(self, s: Situation, p: Prompt) -> str:
        ability = _opt_cards(p, "ability")
        if ability:  # 始祖: stack one more offering; five stacked wins
            return ability[0].id
        best: tuple[float, str] | None = None
        for o in _opt_cards(p, "play"):
            name = s.names.get(o.card) if o.card is not None else None
            if name is None:
                continue
            score = self._play_score(s, name)
            if score > 0 and (best is None or score > best[0]):
                best = (score, o.id)
        if best is not None:
            return best[1]
        setting = self._set_choice(s, p)
        return setting or "end"

    def _play_score(self, s: Situation, card: str) -> float:
        """How much playing this action now helps (0 or less: keep it)."""
        plan = s.plan
        kind = self.book.plan_kind(plan)
        role = self.book.role(card)
        pre = s.pre_worship
        opps = s.opponents
        if (
            kind == "types"
            and ACTION in self.book.types_needed(plan)
            and s.count(ctype=ACTION) <= 1
            and role != "break_ritual"
        ):
            return 0.0  # the last action card is part of 太婆's condition
        if (
            kind == "size"
            and not pre
            and role in ("steal_offering", "clear_facedown", "fetch_offering")
        ):
            # every card played shrinks the hand 祖父 counts; only the draws (and a card taken
            # from another hand) are neutral
            return 0.0
        if role == "break_ritual":
            targets = [o for o in opps if o.ancestor and not o.ancestor[2] and o.stacked > 0]
            if not targets:
                return 0.0
            return 90.0
        if role == "fetch_offering":
            if pre:
                return (
                    75.0
                    if s.my.free >= 2
                    and len(s.my.offerings) < s.target_offerings(self.offerings_without_ancestor)
                    else 30.0
                )
            return 60.0 if kind in ("offerings", "stack") else 20.0
        if role == "steal_offering":
            victims = [o for o in opps if any(not t for _, _, t in o.offerings)]
            if not victims:
                return 0.0
            if s.my.free < 2 and not any(len(o.offerings) >= WORSHIP_OFFERINGS for o in victims):
                # The card itself takes our last free slot, so the stolen offering would only
                # reach our hand: worth it to stop someone who could worship, else keep it (two
                # players passing one 顺手牵羊 back and forth through an empty deck never end).
                return 0.0
            return 70.0 if pre else 40.0
        if role == "clear_facedown":
            hit = [o for o in opps if o.face_down and "guard_facedown" not in o.standing]
            return 50.0 + 5 * max(o.face_down for o in hit) if hit else 0.0
        if role == "take_hand":
            hit = [o for o in opps if o.hand_count and "guard_hand" not in o.standing]
            return 45.0 if hit else 0.0
        if role == "trade":
            if len(s.hand) < 2:
                return 0.0
            return 65.0 if kind == "burning" else 40.0
        if role == "draw":
            return 35.0
        return 10.0

    def _set_choice(self, s: Situation, p: Prompt) -> str | None:
        """Set a trap or counter if the slots allow: offerings come first before worship, and
        one slot stays free for actions."""
        opts = _opt_cards(p, "set")
        if not opts:
            return None
        free_after = s.my.free - 1
        if s.pre_worship:
            reserve = max(
                0, s.target_offerings(self.offerings_without_ancestor) - len(s.my.offerings)
            )
            if free_after < reserve or len(s.my_face_down) >= self.max_set_before_worship:
                return None
            # Offerings still to place need their slots; and one slot should stay free for
            # actions (four offerings and a set card cannot play 借东风 or 顺手牵羊 until
            # worship), unless the card is one that stops an opponent's worship.
            guard_only = free_after < reserve + self.action_slots_before_worship
            if guard_only and s.plan is None:
                return None  # without an ancestor the action slot is how we find one (借东风)
        elif free_after < 1:
            return None
        else:
            guard_only = False
        if self.book.plan_kind(s.plan) == "size" and len(s.hand) <= self.book.condition_n(s.plan):
            return None
        best: tuple[float, str] | None = None
        for o in opts:
            name = s.names.get(o.card) if o.card is not None else None
            if name is None:
                continue
            d = self.book.defs[name]
            if d.type in self.book.types_needed(s.plan) and s.count(ctype=d.type) <= 1:
                continue
            if self.book.plan_kind(s.plan) == "burning" and d.burning:
                continue
            prio = d.bot.set if d.bot.set is not None else 10.0
            if guard_only and name not in self.book.worship_stoppers:
                continue
            if any(card == name for _, card in s.my_face_down):
                prio -= 30  # a second copy set adds little
            if best is None or prio > best[0]:
                best = (prio, o.id)
        return best[1] if best is not None and best[0] > 0 else None

    # ───────────────────────────── worship (R12) ─────────────────────────────

    def _worship(self, s: Situation, p: Prompt) -> str:
        ability = _opt_cards(p, "ability")
        if ability:  # 始祖, just worshipped: stack one more now
            return ability[0].id
        best: tuple[int, int, str, str] | None = None
        for i, o in enumerate(_opt_cards(p, "declare")):
            name = s.names.get(o.card) if o.card is not None else None
            if name is None:
                continue
            # zufu counts the worship draw: a sure card.
            miss = s.missing(name, extra_draw=1 if self.book.worship_draw_counts(name) else 0)
            key = (miss, i, o.id, name)
            if best is None or key < best:
                best = key
        if best is None:
            return "decline"
        miss, _, oid, name = best
        waited = self._declined.get(name, 0)
        if self._should_declare(s, name, miss, waited):
            self._declined.pop(name, None)
            return oid
        self._declined[name] = waited + 1
        return "decline"

    def _should_declare(self, s: Situation, ancestor: str, miss: int, waited: int) -> bool:
        if miss == 0:
            return True  # wins at the worship draw
        if self.book.stack_condition(ancestor):
            # four stacked and an offering in hand: the stacking ability wins at once
            return s.count(ctype=OFFERING) >= 1 or waited >= self.wait_limit - 1
        # Waiting keeps drawing 1 + offerings a turn; declaring now would draw 1.
        # Do not wait forever.
        return waited >= self.wait_limit

    # ───────────────────────────── activation steps (R15) ─────────────────────────────

    def _mode(self, s: Situation, p: Prompt) -> str:
        card = p.context.get("card")
        name = p.context.get("def")
        modes = [o for o in p.options if o.kind == "mode"]
        if not modes:
            return self._fallback(p)
        choice = modes[-1]
        if isinstance(name, str) and self.book.role(name) == "trade":
            spare_offering = self._spare_offering(s, exclude=card)
            want_burning = self.book.plan_kind(s.plan) == "burning" or (
                spare_offering is not None and s.pre_worship
            )
            if want_burning and not s.burning_search_prohibited:
                choice = next((o for o in modes if o.mode == 0), modes[0])
            else:
                choice = next((o for o in modes if o.mode == 1), modes[-1])
        if isinstance(card, int) and choice.mode is not None:
            self._mode_for[card] = choice.mode
        return choice.id

    def _spare_offering(self, s: Situation, exclude: object = None) -> int | None:
        """An offering in hand we can spend (jisi's ① draws a card for it)."""
        offerings = [
            cid for cid, card in s.hand if cid != exclude and self.book.defs[card].type is OFFERING
        ]
        kind = self.book.plan_kind(s.plan)
        if kind == "offerings" and len(offerings) <= self.book.condition_n(s.plan):
            return None
        if kind == "stack" and len(offerings) <= 1:
            return None
        if kind == "burning":
            offerings = [c for c in offerings if not self.book.defs[s.names[c]].burning]
        return s.cheapest(offerings)

    def _target(self, s: Situation, p: Prompt) -> str:
        kind = p.context.get("target")
        name = p.context.get("def")
        opts = [o for o in p.options if o.kind == "target"]
        if not opts:
            return self._fallback(p)
        by_seat = {x.seat: x for x in s.seats}
        role = self.book.role(name) if isinstance(name, str) else None

        def seat_score(o: Option) -> float:
            if o.seat is not None:
                t = by_seat[o.seat]
                if role == "take_hand":
                    if "guard_hand" in t.standing or not t.hand_count:
                        return -100.0
                    return t.threat() + 0.5 * t.hand_count
                if role == "clear_facedown":
                    if "guard_facedown" in t.standing or not t.face_down:
                        return -100.0
                    return t.threat() + 10 * t.face_down
                return t.threat()
            owner = s.owner_of(o.card) if o.card is not None else None
            if owner is None:
                return -100.0
            t = by_seat[owner]
            if kind == "opp_ancestor":
                if t.stacked == 1:
                    return 1000.0 + t.threat()  # the ritual breaks (R14)
                return t.threat()
            return t.threat()

        best = max(opts, key=lambda o: (seat_score(o), -(o.card or 0), -(o.seat or 0)))
        return best.id

    def _cost(self, s: Situation, p: Prompt) -> str:
        opts = [o for o in p.options if o.kind == "pay"]
        if not opts:
            return self._fallback(p)
        if p.context.get("cost") == "discard":
            card = p.context.get("card")
            if (
                self.book.role(str(p.context.get("def"))) == "trade"
                and isinstance(card, int)
                and self._mode_for.get(card) == 0
            ):
                spare = self._spare_offering(s, exclude=card)
                if spare is not None and p.option(f"pay:{spare}"):
                    return f"pay:{spare}"
            cheapest = s.cheapest(o.card for o in opts if o.card is not None)
            if cheapest is not None:
                return f"pay:{cheapest}"
        return opts[0].id

    # ───────────────────────────── responses (R16–R18) ─────────────────────────────

    def _respond(self, s: Situation, p: Prompt) -> str:
        view = s.view
        idx = p.context.get("link", len(view.chain) - 1)
        if not isinstance(idx, int) or not 0 <= idx < len(view.chain):
            return "pass"
        newest = view.chain[idx]
        best: tuple[float, str] | None = None
        for o in p.options:
            if o.kind not in ("flip", "counter", "manifest") or o.card is None:
                continue
            name = s.names.get(o.card)
            if name is None:
                continue
            score = self._response_score(s, name, o.kind, newest)
            if score > 0 and (best is None or score > best[0]):
                best = (score, o.id)
        return best[1] if best is not None else "pass"

    def _hurts_me(self, s: Situation, link: LinkView) -> bool:
        """Does this link aim at us: target us or a card of ours, or negate our link?"""
        me = s.me
        for t in link.targets:
            if t == f"p{me}":
                return True
            if t.startswith("c") and t[1:].isdigit() and s.owner_of(int(t[1:])) == me:
                return True
        if link.responds_to is not None and link.card.card in self.book.negators:
            answered = s.view.chain[link.responds_to]
            if answered.seat == me and not answered.negated:
                return True
        return False

    def _response_score(self, s: Situation, card: str, how: str, link: LinkView) -> float:
        me = s.me
        if link.seat == me or link.negated:
            return 0.0
        by_seat = {x.seat: x for x in s.seats}
        actor = by_seat[link.seat]
        leader = s.leader()
        is_leader = leader is not None and actor.seat == leader.seat
        answered = s.view.chain[link.responds_to] if link.responds_to is not None else None
        linked = self.book.defs[link.card.card]
        if how == "manifest":
            return self._manifest_score(s, card, link, actor, is_leader)
        d = self.book.defs[card]
        role = answer_role(d)
        discard_cost = sum(c.n for c in d.cost if c.op == "discard")
        if discard_cost and len(s.hand) < discard_cost + (1 if how == "counter" else 0):
            return 0.0  # the cost (and the counter itself) would empty the hand
        if role == "stop_worship":
            # an ancestor unaffected by traps, or one that cannot return to hand when the
            # negation sends it there, is not stopped
            guards = {"immune_traps"} if d.type is TRAP else set()
            if returns_to_hand(d):
                guards.add("no_return")
            if link.kind is LinkKind.WORSHIP and not (linked.standing & guards):
                return 95.0
            return 0.0
        if role == "negate_any":
            if link.kind is LinkKind.WORSHIP:
                return 90.0  # the ancestor goes to the discard pile
            if answered is not None and answered.seat == me and answered.kind is LinkKind.WORSHIP:
                # something negates our worship
                return 92.0 if self._save_worship(s, answered, link, card, how) else 0.0
            if (
                link.kind is LinkKind.ABILITY
                and actor.ancestor is not None
                and self.book.stack_condition(actor.ancestor[1])
                and actor.stacked >= self.book.stacked_needed(actor.ancestor[1]) - 1
            ):
                return 85.0  # the offering that completes a stack condition
            if self._hurts_me(s, link) and "remove_stacked" in card_ops(linked):
                return 70.0 if s.my.stacked <= 2 else 0.0  # our ritual would soon break
            return 0.0
        if role == "stop_place":
            if link.kind is LinkKind.PLACE and (is_leader or len(actor.offerings) >= 3):
                return 60.0
            return 0.0
        if role == "stop_action":
            if link.kind is LinkKind.ACTION and (self._hurts_me(s, link) or is_leader):
                return 60.0
            return 0.0
        if role == "keep_mine":
            return 70.0  # it triggers only when a card of ours is being taken
        if role == "shield":
            return 75.0  # triggers only when a card of our field is targeted
        if role == "stop_trap":
            if link.kind is LinkKind.TRAP and self._hurts_me(s, link):
                if answered is not None and answered.kind is LinkKind.WORSHIP:
                    return 80.0 if self._save_worship(s, answered, link, card, how) else 0.0
                return 80.0
            return 0.0
        if role == "stop_manifestation":
            if link.kind is LinkKind.MANIFEST and (
                self._hurts_me(s, link) or (manifestation_role(linked) == "draw" and is_leader)
            ):
                return 60.0
            return 0.0
        if role == "prohibit":
            tag, actions = prohibits(d)
            if tag is None:
                return 0.0
            # an action that uses, or searches for, what the prohibition forbids
            if link.kind is LinkKind.ACTION and (
                ("use" in actions and tag in linked.tags)
                or ("search" in actions and searches_tag(linked, link.mode, tag))
            ):
                return 40.0
            if is_leader and actor.ancestor and self.book.counts_tag(actor.ancestor[1], tag):
                return 30.0
            return 0.0
        return 0.0

    def _save_worship(
        self, s: Situation, worship: LinkView, negator: LinkView, card: str, how: str
    ) -> bool:
        """Is answering a negation of our worship worth its price? A negated worship under
        拆台 loses the ancestor (to the discard pile): always save it. Under 纸人替身 it only
        returns to hand, so we can declare again: save it only if we still win at the worship
        draw after paying (the answer's own cost shrinks the hand), or for an ancestor with no
        hand condition or that cannot return to hand."""
        if not returns_to_hand(self.book.defs[negator.card.card]) or self.always_save_worship:
            return True
        ancestor = worship.card.card
        if self.book.stack_condition(ancestor) or "no_return" in self.book.defs[ancestor].standing:
            return True  # no hand condition to keep, or 纸人替身 cannot return it anyway
        spent: list[int] = []
        if how == "counter":
            spent += [cid for cid, name in s.hand if name == card][:1]
        discard_cost = sum(c.n for c in self.book.defs[card].cost if c.op == "discard")
        if discard_cost:
            rest = [cid for cid, _ in s.hand if cid not in spent]
            for _ in range(discard_cost):
                c = s.cheapest(rest)
                if c is not None:
                    spent.append(c)
                    rest.remove(c)
        extra = 1 if self.book.worship_draw_counts(ancestor) else 0
        return s.missing(ancestor, extra_draw=extra, spent=spent) == 0

    def _manifest_score(
        self, s: Situation, ancestor: str, link: LinkView, actor: Seat, is_leader: bool
    ) -> float:
        """Manifestations cost a stacked offering: never the last one (the ritual would break),
        and an ancestor whose condition is its stack (始祖) keeps three. What a manifestation
        does is read from its effect: a draw is always welcome, a negation when the link aims
        at us, a random discard against a worship (it may spoil a hand condition)."""
        stacked = s.my.stacked
        m = self.book.defs[ancestor].manifestation
        from_stack = m is not None and any(c.op == "remove_stacked" for c in m.cost)
        if from_stack and stacked < 2:
            return 0.0
        role = manifestation_role(self.book.defs[ancestor])
        if role == "draw":
            return 50.0  # cards for the hand conditions (祖母 counts offerings)
        if role == "negate" and self._hurts_me(s, link):
            if self.book.stack_condition(ancestor):
                return 40.0 if stacked >= 3 else 0.0  # the stack is its condition
            return 50.0
        if role == "discard" and link.kind is LinkKind.WORSHIP and stacked >= 3:
            return 30.0  # a random discard may spoil their hand condition; the stack guards ours
        return 0.0

    # ───────────────────────────── resolution choices (R19) ─────────────────────────────

    def _effect(self, s: Situation, p: Prompt) -> str:
        """A pick for a clause, by where the picked card goes (an op this engine does not know,
        from a newer host, gets the first pick)."""
        op = CLAUSE_OPS.get(str(p.context.get("op")))
        goes = op.picked_goes if op is not None else None
        picks = [o for o in p.options if o.kind == "pick" and o.card is not None]
        if not picks:
            return self._fallback(p)
        if goes == "from_hand":
            if p.option("enough"):  # "up to": no card more than it must
                return "enough"
            c = s.cheapest(o.card for o in picks if o.card is not None)
            return f"pick:{c}" if c is not None else picks[0].id
        if goes == "to_field":
            if s.pre_worship and len(s.my.offerings) < s.target_offerings(
                self.offerings_without_ancestor
            ):
                pick = self._offering_to_put(s, picks)
                if pick is not None:
                    return pick
            return "none" if p.option("none") else picks[0].id
        if goes == "to_hand":
            known = [o for o in picks if o.card in s.names]
            if not known:  # the engine did not name them: any is as good as another
                return picks[self.rng.below(len(picks))].id

            def gain(o: Option) -> tuple[float, int]:
                name = s.names.get(o.card) if o.card is not None else None
                return (self.gain_value(s, name) if name is not None else 0.0, -(o.card or 0))

            return max(picks, key=gain).id
        return picks[0].id

    def gain_value(self, s: Situation, card: str) -> float:
        """How much we want to add this card to our hand."""
        d = self.book.defs[card]
        if d.type is ANCESTOR:
            return 200.0 if s.plan is None else 5.0
        v = s.value(card)
        if (
            d.type is OFFERING
            and s.pre_worship
            and d.burning
            and self.book.plan_kind(s.plan) != "burning"
        ):
            v += 3  # tapped once on the field
        return v

    def _hand_limit(self, s: Situation, p: Prompt) -> str:
        c = s.cheapest(o.card for o in p.options if o.card is not None)
        return f"discard:{c}" if c is not None else self._fallback(p)


_HANDLERS = {
    PromptKind.PLACE: HeuristicBot._place,
    PromptKind.ACTION: HeuristicBot._action,
    PromptKind.WORSHIP: HeuristicBot._worship,
    PromptKind.MODE: HeuristicBot._mode,
    PromptKind.TARGET: HeuristicBot._target,
    PromptKind.COST: HeuristicBot._cost,
    PromptKind.RESPOND: HeuristicBot._respond,
    PromptKind.EFFECT: HeuristicBot._effect,
    PromptKind.HAND_LIMIT: HeuristicBot._hand_limit,
}


class EasyBot(HeuristicBot):
    """The ``easy`` level: the heuristic bot, but one decision in three (seeded) is any legal
    move, and it never waits for a better worship."""

    name = "easy"
    wait_limit = 0
    #: Out of 100 decisions, how many are taken at random.
    careless = 33

    def new_game(self) -> None:
        super().new_game()
        self.dice = Rng(seed_state(f"easy-bot:{self.seed!r}"))

    def choose(self, view: View) -> str:
        prompt = view.prompt
        assert prompt is not None and prompt.options, "asked to choose without a prompt"
        if self.dice.below(100) < self.careless:
            opts = [o for o in prompt.options if o.kind != "cancel"] or list(prompt.options)
            return opts[self.dice.below(len(opts))].id
        return super().choose(view)
