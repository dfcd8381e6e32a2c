"""The game as a decision machine.

Every moment of a game is either over or waiting on exactly one player's decision
(:attr:`Game.prompt`). :meth:`Game.choose` applies one of the offered options, runs the game
forward until the next decision, and returns the events that happened. Everything random comes
from the game's own seeded generator, so a game is fully described by its seed, options, players
and the list of choices (:class:`~qm_rules.journal.Journal`).

Reading order: ``choose`` → ``_advance`` (the loop that runs the game to the next decision) →
the phase steps (R9–R13) → activation drafts (R15) → asking for responses (R16–R18) →
resolution (R19, clause ops in :mod:`qm_rules.effects`) → the win check (R20).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import effects
from .cards import CARDS, CardDef, CardSet, CardType, Section
from .journal import ENGINE_VERSION, Journal, rules_version
from .model import (
    CardView,
    Event,
    GameOptions,
    GameOver,
    JournalError,
    LinkKind,
    LinkView,
    NotYourTurn,
    Option,
    Phase,
    Prohibition,
    Prompt,
    PromptKind,
    Result,
    RulesError,
    SeatView,
    SlotView,
    StalePrompt,
    UnknownOption,
    View,
    to_plain,
)
from .rng import Rng, seed_state
from .state import DECK, DISCARD, EMPTY, FIELD, HAND, LIMBO, SLOTS, STACK, Draft, Link, State

# Enum members as module constants: attribute access on an Enum class is slow in hot loops.
_CardType_ACTION = CardType.ACTION
_CardType_ANCESTOR = CardType.ANCESTOR
_CardType_COUNTER = CardType.COUNTER
_CardType_OFFERING = CardType.OFFERING
_CardType_TRAP = CardType.TRAP
_LinkKind_ABILITY = LinkKind.ABILITY
_LinkKind_ACTION = LinkKind.ACTION
_LinkKind_COUNTER = LinkKind.COUNTER
_LinkKind_MANIFEST = LinkKind.MANIFEST
_LinkKind_PLACE = LinkKind.PLACE
_LinkKind_TRAP = LinkKind.TRAP
_LinkKind_WORSHIP = LinkKind.WORSHIP
_Phase_ACTION = Phase.ACTION
_Phase_DRAW = Phase.DRAW
_Phase_END = Phase.END
_Phase_OVER = Phase.OVER
_Phase_PLACE = Phase.PLACE
_Phase_WORSHIP = Phase.WORSHIP
_PromptKind_ACTION = PromptKind.ACTION
_PromptKind_COST = PromptKind.COST
_PromptKind_EFFECT = PromptKind.EFFECT
_PromptKind_HAND_LIMIT = PromptKind.HAND_LIMIT
_PromptKind_MODE = PromptKind.MODE
_PromptKind_PLACE = PromptKind.PLACE
_PromptKind_RESPOND = PromptKind.RESPOND
_PromptKind_TARGET = PromptKind.TARGET
_PromptKind_WORSHIP = PromptKind.WORSHIP

MIN_PLAYERS, MAX_PLAYERS = 2, 6
OPENING_HAND = 5


def base_set_copies(players: int) -> int:
    """How many base sets the deck holds (CARDS.md): 1 for 2, 2 for 3–4, 3 for 5–6."""
    return 1 if players <= 2 else 2 if players <= 4 else 3



_PHASE_NAME = {p: p.value for p in Phase}
_LINK_NAME = {k: k.value for k in LinkKind}
_EMPTY_SLOTS = tuple(SlotView(i, None, False) for i in range(SLOTS))

_DEFAULTS = {
    _PromptKind_PLACE: "skip",
    _PromptKind_ACTION: "end",
    _PromptKind_WORSHIP: "decline",
    _PromptKind_MODE: "cancel",
    _PromptKind_TARGET: "cancel",
    _PromptKind_COST: "cancel",
    _PromptKind_RESPOND: "pass",
}


class Game:
    """One game of Qingming. Build it with :meth:`new` or :meth:`replay`."""

    # ───────────────────────────── construction ─────────────────────────────

    def __init__(self, players: list[str], seed: int | str, options: GameOptions, cards: CardSet) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"Qingming is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)} (R1)")
        self.names = list(players)
        self.n = len(players)
        self.seed = seed
        self.options = options
        self.cards = cards
        self.rng = Rng(seed_state(seed))
        self.conceded = [False] * self.n
        self.turn_seat = 0
        self.first_seat = 0
        self.turn = 0
        self.round = 1
        self.phase = _Phase_DRAW
        self.phase_entered = False
        self.placed = False  # an offering placed this turn (R10)
        self.ability_turn = [0] * self.n  # the turn 始祖's stacking ability was last used
        self.prohibitions: list[Prohibition] = []
        self.chain: list[Link] = []
        self.chain_origin = _Phase_ACTION
        self.asking: list[int] | None = None  # seats still to ask about the newest link
        self.resolving = False
        self.res_section = 0
        self.res_choices: dict[int, list[int] | None] = {}
        self.breaking: set[int] = set()  # seats whose ritual breaks after the chain (R14)
        self.turn_ends_after_chain = False
        self.quiet_turns = 0  # turns ended since the last decision (stalemate guard)
        self.draft: Draft | None = None
        self.result: Result | None = None
        self.seq = 0
        self.choices: list[tuple[int, str]] = []
        self._events: list[Event] = []
        self._prompt: Prompt | None = None
        self._build_deck()

    @classmethod
    def new(cls, players: list[str], seed: int | str = 0, options: GameOptions | None = None) -> Game:
        """A new game: deck built and shuffled (R2), first player drawn (R1), hands dealt (R3)."""
        game = cls(players, seed, options or GameOptions(), CARDS)
        game._start()
        return game

    def _build_deck(self) -> None:
        defs: list[CardDef] = []
        for _ in range(base_set_copies(self.n)):
            for d in self.cards.base_set:
                defs.extend([d] * d.copies)
        pool = list(self.cards.ancestors)
        for _ in range(self.n):  # one ancestor a player, all different (R2)
            defs.append(pool.pop(self.rng.below(len(pool))))
        # Card instance ids are handed out at random: an id says nothing about its card until
        # the card is seen (R5), so ids in options and events cannot be decoded by position in
        # the card list.
        self.rng.shuffle(defs)
        self.defs = defs
        self.st = State(defs, self.n)
        self._cv_cache: list[list[CardView | None]] = [[None, None] for _ in defs]
        self._slot_cache: dict[tuple[int, int, bool, bool, bool, bool], SlotView] = {}
        self._seat_cache: dict[tuple[int, bool], tuple[int, SeatView]] = {}
        self._discard_cache: tuple[int, tuple[CardView, ...]] | None = None
        deck = list(range(len(defs)))
        self.rng.shuffle(deck)
        self.st.deck = deck

    def _start(self) -> None:
        self.first_seat = self.rng.below(self.n)
        self.emit("start", None, {"first": self.first_seat, "players": list(self.names)})
        for i in range(self.n):
            self.draw((self.first_seat + i) % self.n, OPENING_HAND)
        self.turn_seat = self.first_seat
        self.turn = 1
        self.emit("turn", self.turn_seat, {"turn": 1, "round": 1})
        self._events.clear()  # the opening is part of every view; not an update
        self._advance()

    # ───────────────────────────── public surface ─────────────────────────────

    @property
    def prompt(self) -> Prompt | None:
        """The pending decision, or None once the game is over."""
        return self._prompt

    @property
    def over(self) -> bool:
        return self.result is not None

    def choose(self, seat: int, option: str, seq: int | None = None) -> list[Event]:
        """Apply ``option`` for ``seat``. Raises a :class:`RulesError` and changes nothing if the
        call is not legal: game over, stale ``seq``, not this seat's decision, no such option.
        ``"concede"`` is accepted from any seat still playing, at any time (R23)."""
        if self.result is not None:
            raise GameOver("the game is over")
        if not isinstance(option, str):
            raise UnknownOption(f"an option id is a string, not {type(option).__name__}")
        if option == "concede":
            if not isinstance(seat, int) or not 0 <= seat < self.n or self.conceded[seat]:
                raise NotYourTurn(f"seat {seat} is not playing")
            return self._record(seat, option, lambda: self._concede(seat))
        prompt = self._prompt
        assert prompt is not None
        if seq is not None and seq != prompt.seq:
            raise StalePrompt(f"that prompt (#{seq}) is no longer pending; the current one is #{prompt.seq}")
        if seat != prompt.seat:
            raise NotYourTurn(f"it is seat {prompt.seat}'s decision, not seat {seat}'s")
        opt = prompt.option(option)
        if opt is None:
            raise UnknownOption(f"{option!r} is not an option now; the options are {', '.join(prompt.ids)}")
        return self._record(seat, option, lambda: self._apply(prompt, opt))

    def apply_default(self) -> list[Event]:
        """Take the pending prompt's default option (what the response and turn timers do)."""
        if self._prompt is None:
            raise GameOver("the game is over")
        return self.choose(self._prompt.seat, self._prompt.default, self._prompt.seq)

    def _record(self, seat: int, option: str, action: Any) -> list[Event]:
        self._events = []
        self.quiet_turns = 0
        action()
        self.seq += 1
        self.choices.append((seat, option))
        self._advance()
        events, self._events = self._events, []
        return events

    # ───────────────────────────── helpers used by effects ─────────────────────────────

    def emit(self, kind: str, seat: int | None, data: dict[str, Any], to: tuple[int, ...] | None = None) -> None:
        self._events.append(Event(kind, seat, data, to))

    def refill_deck_if_empty(self) -> bool:
        """R4 and the seed (当牌山抽空之后，立即…): when the deck has been drawn or searched
        empty, and whenever it is needed while empty, the discard pile is shuffled into it."""
        st = self.st
        if st.deck:
            return True
        if not st.discard:
            return False
        cards = st.discard
        st.discard = []
        self.rng.shuffle(cards)
        st.deck = cards
        for c in cards:
            st.loc[c] = (DECK, -1, -1)
        st.touch(-1)
        self.emit("reshuffle", None, {"cards": len(cards)})
        return True

    def draw(self, seat: int, n: int) -> None:
        """Draw up to ``n`` cards (R4: skipped when deck and discard are both empty)."""
        st = self.st
        drawn: list[int] = []
        for _ in range(n):
            if not st.deck and not self.refill_deck_if_empty():
                break
            c = st.deck[-1]
            st.move(c, HAND, seat)
            drawn.append(c)
            if not st.deck:  # the seed: drawn empty → the discard pile becomes the deck at once
                self.refill_deck_if_empty()
        if drawn or n:
            self.emit("draw", seat, {"count": len(drawn)})
            if drawn:
                self.emit("draw", seat, {"count": len(drawn), "cards": drawn, "defs": [st.defs[c].id for c in drawn]}, to=(seat,))

    def prohibited(self, seat: int, d: CardDef, action: str) -> bool:
        """R21: is ``seat`` forbidden to ``action`` ("search" or "use") card ``d`` now?"""
        for p in self.prohibitions:
            if p.tag in d.tags and action in p.actions:
                return True
        return False

    def add_prohibition(self, tag: str, actions: tuple[str, ...], source: str) -> None:
        self.prohibitions.append(Prohibition(tag, tuple(actions), source, self.turn))
        self.emit("prohibit", None, {"tag": tag, "actions": list(actions), "source": source})

    # ───────────────────────────── the loop ─────────────────────────────

    def _advance(self) -> None:
        """Run the game forward until a decision is needed or the game is over."""
        while True:
            if self.result is not None:
                self._prompt = None
                return
            if self.draft is not None:
                prompt = self._draft_prompt()
                if prompt is not None:
                    self._prompt = prompt
                    return
                continue  # the draft completed by itself (forced choices) and was committed
            if self.chain:
                if not self.resolving:
                    prompt = self._ask_next()
                    if prompt is not None:
                        self._prompt = prompt
                        return
                    self.resolving = True
                    self.res_section = 0
                    self.res_choices = {}
                    self.emit("chain_closed", None, {"links": len(self.chain)})
                prompt = self._resolve()
                if prompt is not None:
                    self._prompt = prompt
                    return
                self._after_chain()
                continue
            prompt = self._phase_step()
            if prompt is not None:
                self._prompt = prompt
                return

    # ───────────────────────────── phases (R9–R13) ─────────────────────────────

    def _next_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phase_entered = False

    def _phase_step(self) -> Prompt | None:
        seat = self.turn_seat
        st = self.st
        if not self.phase_entered:
            self.phase_entered = True
            self.emit("phase", seat, {"phase": _PHASE_NAME[self.phase]})
            if self._check_win():  # R20: at the start of every phase
                return None
            if self.phase is _Phase_DRAW:
                self._draw_phase(seat)
                self._next_phase(_Phase_PLACE)
                return None
            if self.phase is _Phase_END:
                self._end_phase_discards(seat)
        if self.phase is _Phase_PLACE:
            if st.ancestor(seat) >= 0 or self.placed:  # R14: no placement while the ancestor is out
                self._next_phase(_Phase_ACTION)
                return None
            opts = self._place_options(seat)
            if not opts:
                self._next_phase(_Phase_ACTION)
                return None
            opts.append(Option("skip", "skip"))
            return self._make_prompt(seat, _PromptKind_PLACE, opts, {})
        if self.phase is _Phase_ACTION:
            opts = self._action_options(seat)
            if not opts:
                self._next_phase(_Phase_WORSHIP)
                return None
            opts.append(Option("end", "end"))
            return self._make_prompt(seat, _PromptKind_ACTION, opts, {})
        if self.phase is _Phase_WORSHIP:
            opts = self._worship_options(seat)
            if not opts:
                self._next_phase(_Phase_END)
                return None
            opts.append(Option("decline", "decline"))
            return self._make_prompt(seat, _PromptKind_WORSHIP, opts, {})
        if self.phase is _Phase_END:
            limit = self.options.hand_limit
            hand = st.hands[seat]
            if limit is not None and len(hand) > limit:
                opts = [Option(f"discard:{c}", "discard", card=c) for c in hand]
                return self._make_prompt(seat, _PromptKind_HAND_LIMIT, opts, {"limit": limit, "over": len(hand) - limit})
            self._end_turn()
            return None
        raise AssertionError(self.phase)

    def _draw_phase(self, seat: int) -> None:
        st = self.st
        for c in st.fields[seat]:  # R8: Burning offerings placed before this turn become tapped
            if c != EMPTY and not st.face_down[c] and not st.tapped[c]:
                d = st.defs[c]
                if d.burning and d.type is _CardType_OFFERING:
                    st.set_tapped(c)
                    self.emit("tap", seat, {"card": c, "def": d.id, "burning": True})
        n = 1 + len(st.offerings_on_field(seat))  # R9
        anc = st.ancestor(seat)
        if anc >= 0 and "extra_draw" in st.defs[anc].standing:
            n += 1
        self.draw(seat, n)

    def _end_phase_discards(self, seat: int) -> None:
        st = self.st
        for c in st.fields[seat]:  # R7
            if c != EMPTY and not st.face_down[c] and st.defs[c].is_special:
                st.move(c, DISCARD)
                self.emit("discard", seat, {"card": c, "def": st.defs[c].id, "end_phase": True})

    def _end_turn(self) -> None:
        """R13: "this turn" effects end, the next player still playing begins."""
        self.prohibitions = [p for p in self.prohibitions if p.until_turn > self.turn]
        prev = self.turn_seat
        nxt = prev
        for i in range(1, self.n + 1):
            s = (prev + i) % self.n
            if not self.conceded[s]:
                nxt = s
                break
        # A round ends when the turn passes the first player's position again.
        if (nxt - self.first_seat) % self.n <= (prev - self.first_seat) % self.n:
            self.round += 1
            limit = self.options.round_limit
            if limit and self.round > limit:
                self.round = limit
                self._finish(None, None, "round_limit")
                return
        # A dead position: nobody has had a decision for two rounds and nothing is left to
        # draw, so every further turn would be the same (e.g. full fields, empty piles). Without
        # a round limit this would never end; it is a draw.
        self.quiet_turns += 1
        live = self.n - sum(self.conceded)
        if self.quiet_turns >= 2 * live and not self.st.deck and not self.st.discard:
            self._finish(None, None, "stalemate")
            return
        self.turn_seat = nxt
        self.turn += 1
        self.placed = False
        self.turn_ends_after_chain = False
        self._next_phase(_Phase_DRAW)
        self.emit("turn", nxt, {"turn": self.turn, "round": self.round})

    # ───────────────────────────── legal plays ─────────────────────────────

    def _place_options(self, seat: int) -> list[Option]:
        st = self.st
        if st.free_slot(seat) < 0:
            return []
        return [
            Option(f"place:{c}", "place", card=c)
            for c in st.hands[seat]
            if st.defs[c].type is _CardType_OFFERING and not self.prohibited(seat, st.defs[c], "use")
        ]

    def _action_options(self, seat: int) -> list[Option]:
        st = self.st
        opts: list[Option] = []
        free = st.free_slot(seat) >= 0
        hand = st.hands[seat]
        for c in hand:
            d = st.defs[c]
            if not free or self.prohibited(seat, d, "use"):
                continue
            if d.type is _CardType_ACTION:
                if self._can_pay(seat, d, c) and self._targets_exist(seat, d):
                    opts.append(Option(f"play:{c}", "play", card=c))
            elif d.type is _CardType_TRAP or d.type is _CardType_COUNTER:
                opts.append(Option(f"set:{c}", "set", card=c))
        anc = st.ancestor(seat)
        if anc >= 0 and "stack_ability" in st.defs[anc].standing and self.ability_turn[seat] != self.turn:
            for c in hand:
                d = st.defs[c]
                if d.type is _CardType_OFFERING and not self.prohibited(seat, d, "use"):
                    opts.append(Option(f"ability:{c}", "ability", card=c))
        return opts

    def _worship_options(self, seat: int) -> list[Option]:
        st = self.st
        if st.ancestor(seat) >= 0 or len(st.offerings_on_field(seat)) < 4:  # R12
            return []
        return [
            Option(f"declare:{c}", "declare", card=c)
            for c in st.hands[seat]
            if st.defs[c].type is _CardType_ANCESTOR and not self.prohibited(seat, st.defs[c], "use")
        ]

    def _can_pay(self, seat: int, d: CardDef, card: int) -> bool:
        st = self.st
        for cost in d.cost:
            if cost.op == "discard" and len(st.hands[seat]) - (1 if st.loc[card][0] == HAND else 0) < cost.n:
                return False
        return True

    def _target_candidates(self, seat: int, kind: str, chosen: list[tuple[str, int]]) -> list[tuple[str, int]]:
        st = self.st
        out: list[tuple[str, int]] = []
        for s in range(self.n):
            if s == seat or self.conceded[s]:
                continue
            if kind == "opponent":
                out.append(("p", s))
            elif kind == "opp_offering":
                for c in st.fields[s]:
                    if c != EMPTY and not st.face_down[c] and not st.tapped[c] and st.defs[c].type is _CardType_OFFERING:
                        out.append(("c", c))
            elif kind == "opp_ancestor":
                a = st.ancestor(s)
                if a >= 0 and not st.tapped[a]:
                    out.append(("c", a))
        return [t for t in out if t not in chosen]

    def _targets_exist(self, seat: int, d: CardDef) -> bool:
        return all(self._target_candidates(seat, kind, []) for kind in d.targets)

    # ───────────────────────────── responses (R16–R18) ─────────────────────────────

    def _response_options(self, seat: int) -> list[Option]:
        st = self.st
        newest = self.chain[-1]
        opts: list[Option] = []
        match = effects.trigger_matches
        for c in st.fields[seat]:
            if c == EMPTY or not st.face_down[c] or st.set_turn[c] >= self.turn:
                continue  # R16: not in the turn it was set
            d = st.defs[c]
            if d.trigger and match(self, d.trigger, seat, newest) and not self.prohibited(seat, d, "use") and self._can_pay(seat, d, c):
                opts.append(Option(f"flip:{c}", "flip", card=c))
        if seat == self.turn_seat and st.free_slot(seat) >= 0:
            for c in st.hands[seat]:
                d = st.defs[c]
                if d.type is _CardType_COUNTER and match(self, d.trigger or "", seat, newest) and not self.prohibited(seat, d, "use") and self._can_pay(seat, d, c):
                    opts.append(Option(f"counter:{c}", "counter", card=c))
        anc = st.ancestor(seat)
        if anc >= 0 and st.stacks[seat]:
            m = st.defs[anc].manifestation
            if m is not None and match(self, m.trigger, seat, newest):
                opts.append(Option(f"manifest:{anc}", "manifest", card=anc))
        return opts

    def _ask_next(self) -> Prompt | None:
        """Ask the next seat in turn order about the newest link (R18)."""
        asking = self.asking
        assert asking is not None
        while asking:
            seat = asking[0]
            if self.conceded[seat]:
                asking.pop(0)
                continue
            opts = self._response_options(seat)
            if opts or self.options.ask_everyone:
                opts.append(Option("pass", "pass"))
                return self._make_prompt(seat, _PromptKind_RESPOND, opts, {"link": len(self.chain) - 1})
            asking.pop(0)
        return None

    def _open_asking(self, after: int) -> None:
        self.asking = [(after + i) % self.n for i in range(1, self.n) if not self.conceded[(after + i) % self.n]]

    # ───────────────────────────── activation drafts (R15) ─────────────────────────────

    def _draft_def(self, dr: Draft) -> tuple[CardDef, tuple[str, ...], list[tuple[str, int]]]:
        """The card, the target kinds and the costs still to choose for a draft."""
        d = self.st.defs[dr.card]
        if dr.kind is _LinkKind_MANIFEST:
            assert d.manifestation is not None
            return d, (), [(c.op, c.n) for c in d.manifestation.cost]
        if dr.kind in (_LinkKind_ACTION, _LinkKind_TRAP, _LinkKind_COUNTER):
            return d, d.targets, [(c.op, c.n) for c in d.cost]
        return d, (), []

    def _draft_prompt(self) -> Prompt | None:
        """The next step of the draft, or None after committing it. Forced choices are made
        without asking (a single candidate)."""
        dr = self.draft
        assert dr is not None
        st = self.st
        d, target_kinds, costs = self._draft_def(dr)
        ctx = {"card": dr.card, "def": d.id, "activation": _LINK_NAME[dr.kind]}
        cancel = Option("cancel", "cancel")
        if dr.mode is None and dr.kind in (_LinkKind_ACTION, _LinkKind_TRAP, _LinkKind_COUNTER) and len(d.modes) > 1:
            opts = [Option(f"mode:{i}", "mode", card=dr.card, mode=i) for i in range(len(d.modes))]
            return self._make_prompt(dr.seat, _PromptKind_MODE, [*opts, cancel], ctx)
        while len(dr.targets) < len(target_kinds):
            cands = self._target_candidates(dr.seat, target_kinds[len(dr.targets)], dr.targets)
            if len(cands) == 1:
                dr.targets.append(cands[0])
                continue
            opts = [
                Option(f"target:p{v}", "target", seat=v) if k == "p" else Option(f"target:c{v}", "target", card=v)
                for k, v in cands
            ]
            return self._make_prompt(dr.seat, _PromptKind_TARGET, [*opts, cancel], {**ctx, "target": target_kinds[len(dr.targets)]})
        paid = len(dr.cost)
        need = 0
        for op, n in costs:
            need += n
            if paid < need:
                if op == "discard":
                    cands_c = [c for c in st.hands[dr.seat] if c != dr.card and c not in dr.cost]
                else:  # remove_stacked: from this ancestor's stack
                    cands_c = [c for c in st.stacks[dr.seat] if c not in dr.cost]
                if len(cands_c) == need - paid or len({st.defs[c].id for c in cands_c}) == 1:
                    dr.cost.extend(cands_c[: need - paid])
                    return self._draft_prompt()
                opts = [Option(f"pay:{c}", "pay", card=c) for c in cands_c]
                return self._make_prompt(dr.seat, _PromptKind_COST, [*opts, cancel], {**ctx, "cost": op, "remaining": need - paid})
        self._commit(dr)
        return None

    def _start_draft(self, seat: int, kind: LinkKind, card: int, payload: int | None = None) -> None:
        origin = self._prompt.kind if self._prompt is not None else _PromptKind_ACTION
        self.draft = Draft(seat, kind, card, payload, origin.value)

    def _commit(self, dr: Draft) -> None:
        """Carry out a complete activation: move the card, pay the costs, open or extend the
        chain, and start asking (R15, R18)."""
        st = self.st
        self.draft = None
        seat, card, kind = dr.seat, dr.card, dr.kind
        d = st.defs[card]
        if kind is _LinkKind_PLACE:
            st.move(card, FIELD, seat, st.free_slot(seat))
            self.placed = True
        elif kind is _LinkKind_ACTION or (kind is _LinkKind_COUNTER and st.loc[card][0] == HAND):
            st.move(card, FIELD, seat, st.free_slot(seat))
        elif kind is _LinkKind_TRAP or kind is _LinkKind_COUNTER:
            st.set_face_down(card, False)  # flipped where it stands
        elif kind is _LinkKind_WORSHIP:
            st.move(card, LIMBO, seat)
        elif kind is _LinkKind_ABILITY:
            assert dr.payload is not None
            st.move(dr.payload, LIMBO, seat)
            self.ability_turn[seat] = self.turn
        for c in dr.cost:
            if st.loc[c][0] == STACK:
                st.move(c, DISCARD)
                self.emit("unstack", seat, {"card": c, "def": st.defs[c].id, "cost": True})
                if not st.stacks[seat]:
                    self.breaking.add(seat)
            else:
                st.move(c, DISCARD)
                self.emit("discard", seat, {"card": c, "def": st.defs[c].id, "cost": True})
        owners = [st.loc[v][1] if k == "c" else -1 for k, v in dr.targets]
        responds_to = len(self.chain) - 1 if self.chain else None
        if not self.chain:
            self.chain_origin = self.phase
        link = Link(seat, kind, card, dr.mode, list(dr.targets), owners, list(dr.cost), responds_to, dr.payload)
        self.chain.append(link)
        self.emit(
            "activate",
            seat,
            {
                "link": len(self.chain) - 1,
                "kind": _LINK_NAME[kind],
                "card": card,
                "def": d.id,
                "mode": dr.mode,
                "targets": [f"{k}{v}" for k, v in dr.targets],
                "cost": [st.defs[c].id for c in dr.cost],
                "payload": st.defs[dr.payload].id if dr.payload is not None else None,
            },
        )
        self._open_asking(seat)

    # ───────────────────────────── applying a choice ─────────────────────────────

    def _apply(self, prompt: Prompt, opt: Option) -> None:
        kind = prompt.kind
        seat = prompt.seat
        st = self.st
        k = opt.kind
        if kind is _PromptKind_PLACE:
            if k == "skip":
                self.placed = True
            else:
                self._start_draft(seat, _LinkKind_PLACE, opt.card)  # type: ignore[arg-type]
        elif kind is _PromptKind_ACTION:
            if k == "end":
                self._next_phase(_Phase_WORSHIP)
            elif k == "play":
                self._start_draft(seat, _LinkKind_ACTION, opt.card)  # type: ignore[arg-type]
            elif k == "set":
                c = opt.card
                assert c is not None
                st.move(c, FIELD, seat, st.free_slot(seat))
                st.set_face_down(c, True)
                st.set_turn[c] = self.turn
                self.emit("set", seat, {"slot": st.loc[c][2]})
                self.emit("set", seat, {"slot": st.loc[c][2], "card": c, "def": st.defs[c].id}, to=(seat,))
            elif k == "ability":
                self._start_draft(seat, _LinkKind_ABILITY, st.ancestor(seat), payload=opt.card)
        elif kind is _PromptKind_WORSHIP:
            if k == "decline":
                self._next_phase(_Phase_END)
            else:
                self._start_draft(seat, _LinkKind_WORSHIP, opt.card)  # type: ignore[arg-type]
        elif kind in (_PromptKind_MODE, _PromptKind_TARGET, _PromptKind_COST):
            dr = self.draft
            assert dr is not None
            if k == "cancel":
                self.draft = None
            elif k == "mode":
                dr.mode = opt.mode
            elif k == "target":
                dr.targets.append(("p", opt.seat) if opt.seat is not None else ("c", opt.card))  # type: ignore[arg-type]
            elif k == "pay":
                dr.cost.append(opt.card)  # type: ignore[arg-type]
        elif kind is _PromptKind_RESPOND:
            if k == "pass":
                assert self.asking
                self.asking.pop(0)
                self.emit("pass", seat, {"link": len(self.chain) - 1})
            elif k == "flip":
                d = st.defs[opt.card]  # type: ignore[index]
                lk = _LinkKind_TRAP if d.type is _CardType_TRAP else _LinkKind_COUNTER
                self._start_draft(seat, lk, opt.card)  # type: ignore[arg-type]
            elif k == "counter":
                self._start_draft(seat, _LinkKind_COUNTER, opt.card)  # type: ignore[arg-type]
            elif k == "manifest":
                self._start_draft(seat, _LinkKind_MANIFEST, opt.card)  # type: ignore[arg-type]
        elif kind is _PromptKind_EFFECT:
            i = prompt.context["clause"]
            prev = self.res_choices.get(i) or []
            self.res_choices[i] = None if k == "none" else [*prev, opt.card]  # type: ignore[list-item]
        elif kind is _PromptKind_HAND_LIMIT:
            st.move(opt.card, DISCARD)  # type: ignore[arg-type]
            self.emit("discard", seat, {"card": opt.card, "def": st.defs[opt.card].id, "hand_limit": True})  # type: ignore[index]

    # ───────────────────────────── resolution (R19) ─────────────────────────────

    def _link_effect(self, link: Link) -> tuple[Section, ...]:
        d = self.st.defs[link.card]
        if link.kind is _LinkKind_MANIFEST:
            assert d.manifestation is not None
            return d.manifestation.effect
        if link.kind in (_LinkKind_ACTION, _LinkKind_TRAP, _LinkKind_COUNTER):
            return d.modes[link.mode or 0].effect
        return ()

    def _resolve(self) -> Prompt | None:
        """Resolve from the newest link to the oldest (R18). Returns a prompt when a clause
        needs a decision, None when the chain is empty."""
        while self.chain:
            link = self.chain[-1]
            index = len(self.chain) - 1
            if not link.negated and not self.conceded[link.seat]:
                sections = self._link_effect(link)
                while self.res_section < len(sections):
                    sec = sections[self.res_section]
                    prompt = self._resolve_section(link, index, sec)
                    if prompt is not None:
                        return prompt
                    self.res_section += 1
                    self.res_choices = {}
            self._finish_link(link, index)
            self.chain.pop()
            self.res_section = 0
            self.res_choices = {}
        return None

    def _resolve_section(self, link: Link, index: int, sec: Section) -> Prompt | None:
        if sec.condition == "cost_offering":
            if not any(self.st.defs[c].type is _CardType_OFFERING for c in link.cost):
                self.emit("section", link.seat, {"link": index, "section": self.res_section, "ok": False, "why": "condition"})
                return None
        chosen = self.res_choices
        for i, cl in enumerate(sec.clauses):
            picked = chosen.get(i, ...)
            if picked is None and i in chosen:
                continue  # an optional choice declined
            cands = effects.choices(self, link, cl)
            if cands is effects.NO_CHOICE:
                continue
            got = picked if isinstance(picked, list) else []
            need = cl.n if cl.op == "discard" else 1
            if len(got) >= need:
                continue
            remaining = [c for c in cands if c not in got]
            if not remaining:
                if cl.optional and not got:
                    chosen[i] = None
                    continue
                self.emit("section", link.seat, {"link": index, "section": self.res_section, "ok": False, "why": cl.op})
                return None
            if cl.op == "take_hand" and not got:  # R5: the hand is shown to the activator only
                victim = link.targets[cl.target][1]
                self.emit("look", link.seat, {"seat": victim, "cards": list(remaining), "defs": [self.st.defs[c].id for c in remaining]}, to=(link.seat,))
            if len(remaining) == 1 and not cl.optional:
                chosen[i] = [*got, remaining[0]]
                if len(chosen[i]) < need:  # type: ignore[arg-type]
                    return self._resolve_section(link, index, sec)
                continue
            opts = [Option(f"pick:{c}", "pick", card=c) for c in remaining]
            if cl.optional:
                opts.append(Option("none", "none"))
            return self._make_prompt(
                link.seat,
                _PromptKind_EFFECT,
                opts,
                {
                    "link": index,
                    "clause": i,
                    "op": cl.op,
                    "section": self.res_section,
                    "def": self.st.defs[link.card].id,
                    "n": need,  # cards this clause takes, and how many are chosen so far
                    "picked": len(got),
                    # The candidates may be cards the decider's view does not hold (the deck
                    # for a search, a hand for 借东风); the decider may see them (R5).
                    "cards": {str(c): self.st.defs[c].id for c in remaining},
                },
                default="none" if cl.optional else opts[0].id,
            )
        for i, cl in enumerate(sec.clauses):
            if not effects.feasible(self, link, cl, chosen.get(i)):
                self.emit("section", link.seat, {"link": index, "section": self.res_section, "ok": False, "why": cl.op})
                return None
        for i, cl in enumerate(sec.clauses):
            effects.apply(self, link, cl, chosen.get(i))
        self.emit("section", link.seat, {"link": index, "section": self.res_section, "ok": True})
        return None

    def _finish_link(self, link: Link, index: int) -> None:
        """What happens to the card itself once its link has resolved or was negated."""
        st = self.st
        card = link.card
        self.emit("resolved", link.seat, {"link": index, "negated": link.negated})
        if link.kind is _LinkKind_PLACE:
            if link.negated and st.loc[card][0] == FIELD:  # R10
                st.move(card, DISCARD)
                self.emit("discard", link.seat, {"card": card, "def": st.defs[card].id})
        elif link.kind is _LinkKind_WORSHIP:
            if st.loc[card][0] != LIMBO:
                return
            if link.negated or self.conceded[link.seat]:  # R12
                if link.negate_to == "hand" and not self.conceded[link.seat]:
                    st.move(card, HAND, link.seat)
                    self.emit("return", link.seat, {"card": card, "def": st.defs[card].id})
                else:
                    st.move(card, DISCARD)
                    self.emit("discard", link.seat, {"card": card, "def": st.defs[card].id})
                return
            self._worship(link.seat, card)
        elif link.kind is _LinkKind_ABILITY:
            payload = link.payload
            assert payload is not None
            if st.loc[payload][0] != LIMBO:
                return
            if link.negated or st.ancestor(link.seat) != card:
                st.move(payload, DISCARD)
                self.emit("discard", link.seat, {"card": payload, "def": st.defs[payload].id})
            else:
                st.move(payload, STACK, link.seat)
                self.breaking.discard(link.seat)
                self.emit("stack", link.seat, {"cards": [payload], "defs": [st.defs[payload].id]})

    def _worship(self, seat: int, ancestor: int) -> None:
        """R12: the offerings are stacked under the ancestor, which takes one of their slots;
        then the worship draw."""
        st = self.st
        offerings = st.offerings_on_field(seat)
        slot = st.loc[offerings[0]][2] if offerings else st.free_slot(seat)
        for c in offerings:
            st.move(c, STACK, seat)
        if slot < 0:  # R6: nowhere to put it
            st.move(ancestor, HAND, seat)
            self.emit("return", seat, {"card": ancestor, "def": st.defs[ancestor].id})
            return
        st.move(ancestor, FIELD, seat, slot)
        self.emit("worship", seat, {"card": ancestor, "def": st.defs[ancestor].id, "stacked": [st.defs[c].id for c in offerings]})
        if not offerings:
            self.breaking.add(seat)
        self.draw(seat, 1)

    def _after_chain(self) -> None:
        """After a chain has fully resolved: broken rituals leave (R14), the win check (R20),
        and the turn goes on from the phase that opened the chain."""
        st = self.st
        self.resolving = False
        self.asking = None
        for seat in sorted(self.breaking):
            anc = st.ancestor(seat)
            if anc >= 0 and not st.stacks[seat]:
                st.move(anc, DISCARD)
                self.emit("ritual_broken", seat, {"card": anc, "def": st.defs[anc].id})
        self.breaking.clear()
        if self._check_win():
            return
        if self.turn_ends_after_chain:
            self._end_turn()
            return
        if self.chain_origin is _Phase_PLACE:
            self._next_phase(_Phase_ACTION)
        elif self.chain_origin is _Phase_WORSHIP:
            self._next_phase(_Phase_END)

    # ───────────────────────────── winning (R20) ─────────────────────────────

    def qualifies(self, seat: int) -> bool:
        """Does ``seat`` succeed at worship right now?"""
        st = self.st
        if not st.stacks[seat] or self.conceded[seat]:
            return False
        anc = st.ancestor(seat)
        if anc < 0:
            return False
        cond = st.defs[anc].condition
        assert cond is not None
        hand = st.hands[seat]
        defs = st.defs
        if cond.op == "hand_count":
            f = cond.filter
            return sum(1 for c in hand if f is None or f.accepts(defs[c])) >= cond.n
        if cond.op == "hand_types":
            have = {defs[c].type for c in hand}
            return all(t in have for t in cond.types)
        if cond.op == "hand_size":
            return len(hand) >= cond.n
        if cond.op == "stacked":
            return len(st.stacks[seat]) >= cond.n
        if cond.op == "stacked_at_turn_start":
            at_start = self.turn_seat == seat and self.phase is _Phase_DRAW and not self.chain
            return at_start and len(st.stacks[seat]) >= cond.n
        raise AssertionError(cond.op)

    def _check_win(self) -> bool:
        if not any(self.st.stacks):  # nobody has a ritual going: the common case, cheaply
            return False
        for i in range(self.n):
            seat = (self.turn_seat + i) % self.n
            if self.qualifies(seat):
                anc = self.st.ancestor(seat)
                self._finish(seat, self.st.defs[anc].id, "worship")
                return True
        return False

    def _finish(self, winner: int | None, ancestor: str | None, reason: str) -> None:
        self.result = Result(winner, ancestor, reason, self.round, self.turn)
        self.phase = _Phase_OVER
        self.draft = None
        self.emit("game_over", winner, {"winner": winner, "ancestor": ancestor, "reason": reason, "rounds": self.round, "turns": self.turn})
        hands = {str(s): [[c, self.st.defs[c].id] for c in self.st.hands[s]] for s in range(self.n)}
        self.emit("reveal_hands", None, {"hands": hands})

    # ───────────────────────────── conceding (R23) ─────────────────────────────

    def _concede(self, seat: int) -> None:
        st = self.st
        self.conceded[seat] = True
        st.touch(seat)
        self.emit("concede", seat, {})
        for c in list(st.hands[seat]) + [c for c in st.fields[seat] if c != EMPTY] + list(st.stacks[seat]):
            st.move(c, DISCARD)
        for c in list(st.limbo):
            if st.loc[c][1] == seat:
                st.move(c, DISCARD)
        self.breaking.discard(seat)
        if self.draft is not None and self.draft.seat == seat:
            self.draft = None
        if self.asking and seat in self.asking:
            self.asking.remove(seat)
        left = [s for s in range(self.n) if not self.conceded[s]]
        if len(left) == 1:
            self._finish(left[0], None, "last_standing")
            return
        if seat == self.turn_seat:
            if self.chain:
                self.turn_ends_after_chain = True
            else:
                self._end_turn()

    # ───────────────────────────── prompts and views ─────────────────────────────

    def _make_prompt(self, seat: int, kind: PromptKind, opts: list[Option], ctx: dict[str, Any], default: str | None = None) -> Prompt:
        if default is None:
            default = _DEFAULTS.get(kind, opts[0].id)
        return Prompt(seat, kind, self.seq, tuple(opts), ctx, default)

    def _card_view(self, c: int) -> CardView:
        # CardViews are immutable: keep one per card and tapped state instead of rebuilding.
        tapped = self.st.tapped[c]
        cache = self._cv_cache[c]
        v = cache[tapped]
        if v is None:
            v = cache[tapped] = CardView(c, self.st.defs[c].id, tapped)
        return v

    def view(self, viewer: int | None) -> View:
        """Everything ``viewer`` may see (R5). None is a spectator."""
        st = self.st
        over = self.result is not None
        cv = self._card_view
        seats = []
        fd = st.face_down
        neg = st.negated
        tapped = st.tapped
        slot_cache = self._slot_cache
        ver = st.ver
        seat_cache = self._seat_cache
        for s in range(self.n):
            visible = s == viewer or over
            hit = seat_cache.get((s, visible))
            if hit is not None and hit[0] == ver[s]:
                seats.append(hit[1])
                continue
            slots = []
            for i, c in enumerate(st.fields[s]):
                if c == EMPTY:
                    slots.append(_EMPTY_SLOTS[i])
                    continue
                # SlotViews are immutable and few: reuse them (views are built every decision).
                key = (i, c, tapped[c], fd[c] and not visible, fd[c], neg[c])
                slot = slot_cache.get(key)
                if slot is None:
                    if fd[c]:
                        slot = SlotView(i, cv(c) if visible else None, True)
                    else:
                        slot = SlotView(i, cv(c), False, neg[c])
                    slot_cache[key] = slot
                slots.append(slot)
            hand = tuple([cv(c) for c in st.hands[s]]) if visible else None
            sv = SeatView(s, self.names[s], len(st.hands[s]), hand, tuple(slots), tuple([cv(c) for c in st.stacks[s]]), self.conceded[s])
            seat_cache[(s, visible)] = (ver[s], sv)
            seats.append(sv)
        dv = self._discard_cache
        if dv is None or dv[0] != ver[-1]:
            dv = self._discard_cache = (ver[-1], tuple([cv(c) for c in st.discard]))
        chain = tuple(
            LinkView(
                i,
                link.seat,
                link.kind,
                cv(link.card),
                link.mode,
                tuple(f"{k}{v}" for k, v in link.targets),
                tuple(cv(c) for c in link.cost),
                link.negated,
                link.responds_to,
                cv(link.payload) if link.payload is not None else None,
            )
            for i, link in enumerate(self.chain)
        )
        prompt = self._prompt
        if prompt is not None and prompt.seat != viewer:
            # Others see whose decision it is and of what kind — but not the steps of an
            # activation being declared (MODE/TARGET/COST would tell which hidden card it is,
            # even if it is then cancelled): for them it is still the prompt it started from.
            kind = PromptKind(self.draft.origin) if self.draft is not None else prompt.kind
            prompt = Prompt(prompt.seat, kind, prompt.seq, (), {}, "")
        return View(
            viewer=viewer,
            seq=self.seq,
            turn=self.turn,
            round=self.round,
            turn_seat=self.turn_seat,
            phase=self.phase,
            first_seat=self.first_seat,
            deck_count=len(st.deck),
            discard=dv[1],
            seats=tuple(seats),
            chain=chain,
            resolving=len(self.chain) - 1 if self.resolving and self.chain else None,
            prohibitions=tuple(self.prohibitions),
            prompt=prompt,
            result=self.result,
        )

    # ───────────────────────────── state, hash, journal ─────────────────────────────

    def to_state(self) -> dict[str, Any]:
        """The whole state as plain data (includes hidden information: host-side only)."""
        return {
            "rules": rules_version(),
            "names": list(self.names),
            "seed": self.seed,
            "options": to_plain(self.options),
            "defs": [d.id for d in self.defs],
            "rng": self.rng.state,
            "zones": self.st.to_plain(),
            "conceded": list(self.conceded),
            "turn_seat": self.turn_seat,
            "first_seat": self.first_seat,
            "turn": self.turn,
            "round": self.round,
            "phase": self.phase.value,
            "phase_entered": self.phase_entered,
            "placed": self.placed,
            "ability_turn": list(self.ability_turn),
            "prohibitions": [[p.tag, list(p.actions), p.source, p.until_turn] for p in self.prohibitions],
            "chain": [link.to_plain() for link in self.chain],
            "chain_origin": self.chain_origin.value,
            "asking": list(self.asking) if self.asking is not None else None,
            "resolving": self.resolving,
            "res_section": self.res_section,
            "res_choices": [[k, v] for k, v in sorted(self.res_choices.items())],
            "breaking": sorted(self.breaking),
            "turn_ends_after_chain": self.turn_ends_after_chain,
            "quiet_turns": self.quiet_turns,
            "draft": self.draft.to_plain() if self.draft is not None else None,
            "result": None
            if self.result is None
            else [self.result.winner, self.result.ancestor, self.result.reason, self.result.rounds, self.result.turns],
            "seq": self.seq,
        }

    @classmethod
    def from_state(cls, data: dict[str, Any], choices: list[tuple[int, str]] | None = None) -> Game:
        """Rebuild a game from :meth:`to_state` (same rules version only)."""
        if data.get("rules") != rules_version():
            raise JournalError(f"that state was saved under rules {data.get('rules')}, these are {rules_version()}")
        game = cls(list(data["names"]), data["seed"], GameOptions.from_plain(data["options"]), CARDS)
        by_id = CARDS.by_id
        game.defs = [by_id[i] for i in data["defs"]]
        game.st = State(game.defs, game.n)
        game._cv_cache = [[None, None] for _ in game.defs]
        game._slot_cache = {}
        game._seat_cache = {}
        game._discard_cache = None
        game.st.load_plain(data["zones"])
        game.rng.state = data["rng"]
        game.conceded = list(data["conceded"])
        game.turn_seat = data["turn_seat"]
        game.first_seat = data["first_seat"]
        game.turn = data["turn"]
        game.round = data["round"]
        game.phase = Phase(data["phase"])
        game.phase_entered = data["phase_entered"]
        game.placed = data["placed"]
        game.ability_turn = list(data["ability_turn"])
        game.prohibitions = [Prohibition(t, tuple(a), s, u) for t, a, s, u in data["prohibitions"]]
        game.chain = [Link.from_plain(x) for x in data["chain"]]
        game.chain_origin = Phase(data["chain_origin"])
        game.asking = list(data["asking"]) if data["asking"] is not None else None
        game.resolving = data["resolving"]
        game.res_section = data["res_section"]
        game.res_choices = {k: (list(v) if v is not None else None) for k, v in data["res_choices"]}
        game.breaking = set(data["breaking"])
        game.turn_ends_after_chain = data["turn_ends_after_chain"]
        game.quiet_turns = data.get("quiet_turns", 0)
        game.draft = Draft.from_plain(data["draft"]) if data["draft"] is not None else None
        r = data["result"]
        game.result = Result(*r) if r is not None else None
        game.seq = data["seq"]
        game.choices = list(choices or [])
        game._advance()
        game._events = []
        return game

    def state_hash(self) -> str:
        """A hash of the whole state: equal states, equal hashes."""
        blob = json.dumps(self.to_state(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()

    @property
    def journal(self) -> Journal:
        return Journal(
            rules=rules_version(),
            engine=ENGINE_VERSION,
            seed=self.seed,
            players=list(self.names),
            options=self.options,
            choices=list(self.choices),
            result=self.result,
        )

    @classmethod
    def replay(cls, journal: Journal, *, check_hashes: list[str] | None = None) -> Game:
        """Rebuild a game by replaying its journal's choices. Refuses a journal written under
        other rules (card data or engine version)."""
        if journal.rules != rules_version():
            raise JournalError(
                f"this journal was written under rules {journal.rules} (engine {journal.engine}); "
                f"this program plays rules {rules_version()} (engine {ENGINE_VERSION}) and cannot replay it"
            )
        game = cls.new(list(journal.players), journal.seed, journal.options)
        for i, (seat, option) in enumerate(journal.choices):
            try:
                game.choose(seat, option)
            except RulesError as exc:
                raise JournalError(f"choice {i + 1} ({seat}, {option!r}) does not replay: {exc}") from exc
            if check_hashes is not None and i < len(check_hashes) and check_hashes[i] != game.state_hash():
                raise JournalError(f"state differs after choice {i + 1}")
        return game
