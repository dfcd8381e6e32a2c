"""The game as a decision machine.

Every moment of a game is either over or waiting on exactly one player's decision
(:attr:`Game.prompt`). :meth:`Game.choose` applies one of the offered options, runs the game
forward until the next decision, and returns the events that happened. Everything random comes
from the game's own seeded generator, so a game is fully described by its seed, options, players
and the list of choices (:class:`~qm_rules.journal.Journal`).

This module holds the game's state and its public surface; the rules it runs live beside it,
one part of the game per module, each a set of functions over a :class:`Game`:

- :mod:`qm_rules.choices` — what each option does when chosen;
- :mod:`qm_rules.turn` — the phases of a turn and passing the turn on (R9–R13);
- :mod:`qm_rules.plays` — what a seat may play or respond with now (R10–R12, R16–R17);
- :mod:`qm_rules.drafts` — declaring an activation step by step (R15);
- :mod:`qm_rules.chain` — asking for responses, resolving last-in first-out (R16–R19);
- :mod:`qm_rules.effects` — the clause ops a resolving section carries out (R19);
- :mod:`qm_rules.views` — what each seat may see (R5);
- :mod:`qm_rules.fields` — the game's own fields, each said once (saved, loaded, copied, seen);
- :mod:`qm_rules.infoset` — the games one seat could be in (a search's determinizations).

Reading order: ``choose`` → ``apply_choice`` (a choice) → ``_advance`` (the loop that runs the
game to the next decision: an open draft, else an open chain, else the turn's current phase) →
the win check (R20).
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .cards import CardDef, CardSet, shipped_cards
from .chain import step as step_chain
from .choices import apply_choice
from .drafts import draft_prompt
from .fields import FIELDS, MUTABLE, REQUIRED
from .journal import ENGINE_VERSION, Journal, kept_cards, rules_version
from .members import (
    PHASE_ACTION,
    PHASE_DRAW,
    PHASE_OVER,
    PROMPT_ACTION,
    PROMPT_COST,
    PROMPT_MODE,
    PROMPT_PLACE,
    PROMPT_RESPOND,
    PROMPT_TARGET,
    PROMPT_WORSHIP,
)
from .model import (
    Event,
    GameOptions,
    GameOver,
    JournalError,
    NotYourTurn,
    Option,
    Prohibition,
    Prompt,
    PromptKind,
    Result,
    RulesError,
    SharedEvents,
    StalePrompt,
    UnknownOption,
    View,
    make_event,
    make_prompt,
    to_plain,
)
from .rng import Rng, seed_state
from .state import DISCARD, EMPTY, Draft, Link, State, attrs_of, set_attrs
from .turn import TURN_EVENTS, end_turn, phase_step
from .views import Views

if TYPE_CHECKING:
    from .infoset import Recall

#: Defaults a ``timeout`` event may name: none says which card, nor that a card was being declared.
_PLAIN_DEFAULTS = frozenset({"pass", "end", "skip", "decline", "none", "enough"})

#: A draw's count, by (seat, count): shared public events (:class:`SharedEvents`).
_DRAWN = SharedEvents("draw", "count")

MIN_PLAYERS, MAX_PLAYERS = 2, 6
OPENING_HAND = 5


def base_set_copies(players: int) -> int:
    """How many base sets the deck holds: 1 for 2 players, 2 for 3–4, 3 for 5–6."""
    return 1 if players <= 2 else 2 if players <= 4 else 3


_DEFAULTS = {
    PROMPT_PLACE: "skip",
    PROMPT_ACTION: "end",
    PROMPT_WORSHIP: "decline",
    PROMPT_MODE: "cancel",
    PROMPT_TARGET: "cancel",
    PROMPT_COST: "cancel",
    PROMPT_RESPOND: "pass",
}


#: Per card set and number of base sets: the base sets' cards in order, and the ancestors.
_DECK_PARTS: dict[tuple[int, int], tuple[CardSet, tuple[CardDef, ...], tuple[CardDef, ...]]] = {}


def _deck_parts(cards: CardSet, copies: int) -> tuple[tuple[CardDef, ...], tuple[CardDef, ...]]:
    """The cards of ``copies`` base sets, each card as many times as it has copies, in the
    card data's order, and the ancestors: the deck before the deal (built once)."""
    hit = _DECK_PARTS.get((id(cards), copies))
    if hit is None or hit[0] is not cards:
        base = tuple(d for _ in range(copies) for d in cards.base_set for _ in range(d.copies))
        hit = _DECK_PARTS[(id(cards), copies)] = (cards, base, cards.ancestors)
    return hit[1], hit[2]


class Game:
    """One game of Qingming. Build it with :meth:`new` or :meth:`replay`."""

    # ───────────────────────────── construction ─────────────────────────────

    def __init__(
        self,
        players: list[str],
        seed: int | str,
        options: GameOptions,
        cards: CardSet,
        defs: list[CardDef] | None = None,
        zones: dict[str, Any] | None = None,
        *,
        blank: bool = False,
    ) -> None:
        if blank:  # nothing set: for clone, which sets every field
            return
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(
                f"Qingming is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)} (R1)"
            )
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
        self.phase = PHASE_DRAW
        self.phase_entered = False
        self.placed = False  # an offering placed this turn (R10)
        self.ability_turn = [0] * self.n  # the turn 始祖's stacking ability was last used
        self.prohibitions: list[Prohibition] = []
        self.chain: list[Link] = []
        self.chain_origin = PHASE_ACTION
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
        self.opening: list[Event] = []
        """What happened before the first decision (the deal, the first turn's start): the
        players are shown it as the game's first update; it is part of no choice."""
        self._prompt: Prompt | None = None
        if defs is None:
            self._build_deck()
        else:  # a saved game's cards and zones (from_state), without a deal
            assert zones is not None
            self.defs = defs
            self.st = State.from_plain(defs, zones)
            self._views = Views(defs)

    @classmethod
    def new(
        cls,
        players: list[str],
        seed: int | str = 0,
        options: GameOptions | None = None,
        cards: CardSet | None = None,
    ) -> Game:
        """A new game with the card set ``cards`` (the shipped set if None): deck built and
        shuffled (R2), first player drawn (R1), hands dealt (R3). Raises ``ValueError`` for
        options no game can be played with (:meth:`GameOptions.check`)."""
        options = options or GameOptions()
        options.check()
        game = cls(players, seed, options, cards or shipped_cards())
        game._start()
        return game

    def _build_deck(self) -> None:
        base, ancestors = _deck_parts(self.cards, base_set_copies(self.n))
        defs = list(base)
        pool = list(ancestors)
        for _ in range(self.n):  # one ancestor a player, all different (R2)
            defs.append(pool.pop(self.rng.below(len(pool))))
        # Card instance ids are handed out at random: an id says nothing about its card until
        # the card is seen (R5), so ids in options and events cannot be decoded by position in
        # the card list.
        self.rng.shuffle(defs)
        self.defs = defs
        self.st = State(defs, self.n)
        self._views = Views(defs)
        deck = list(range(len(defs)))
        self.rng.shuffle(deck)
        self.st.fill_deck(deck)

    def _start(self) -> None:
        self.first_seat = self.rng.below(self.n)
        self.emit("start", None, {"first": self.first_seat, "players": list(self.names)})
        for i in range(self.n):
            self.draw((self.first_seat + i) % self.n, OPENING_HAND)
        self.turn_seat = self.first_seat
        self.turn = 1
        self.add_event(TURN_EVENTS[self.turn_seat, 1, 1])
        self._advance()
        self.opening, self._events = self._events, []

    # ───────────────────────────── public surface ─────────────────────────────

    @property
    def prompt(self) -> Prompt | None:
        """The pending decision, or None once the game is over."""
        return self._prompt

    @property
    def over(self) -> bool:
        return self.result is not None

    def choose(self, seat: Any, option: Any, seq: Any = None) -> list[Event]:
        """Apply ``option`` (an option id) for ``seat`` (an int) at prompt ``seq`` (or None:
        the pending one). Raises a :class:`RulesError` and changes nothing if the call is not
        legal: game over, stale ``seq``, not this seat's decision, no such option (a value of
        another type too: typed ``Any`` so that a compiled build, which checks typed arguments
        at the call, lets this say so). ``"concede"`` is accepted from any seat still playing,
        at any time (R23)."""
        if self.result is not None:
            raise GameOver("the game is over")
        if not isinstance(option, str):
            raise UnknownOption(f"an option id is a string, not {type(option).__name__}")
        prompt = self._prompt
        if option == "concede":
            if not isinstance(seat, int) or not 0 <= seat < self.n or self.conceded[seat]:
                raise NotYourTurn(f"seat {seat} is not playing")
            opt = None
        else:
            assert prompt is not None
            if seq is not None and seq != prompt.seq:
                raise StalePrompt(
                    f"that prompt (#{seq}) is no longer pending; the current one is #{prompt.seq}"
                )
            if seat != prompt.seat:
                raise NotYourTurn(f"it is seat {prompt.seat}'s decision, not seat {seat}'s")
            for opt in prompt.options:  # prompt.option(option), without a call
                if opt.id == option:
                    break
            else:
                raise UnknownOption(
                    f"{option!r} is not an option now; the options are {', '.join(prompt.ids)}"
                )
        # Legal: apply it (or the concession), then run the game on to the next decision.
        self._events = []
        self.quiet_turns = 0
        if opt is None or prompt is None:
            self._concede(seat)
        else:
            apply_choice(self, prompt, opt)
        self.seq += 1
        self.choices.append((seat, option))
        self._advance()
        events, self._events = self._events, []
        return events

    def apply_default(self) -> list[Event]:
        """Take the pending prompt's default option (what the response and turn timers do).

        The events start with a public ``timeout`` event, so that a default taken reads as
        such ("timed out (passed)") and not as a choice made. It names the option only when
        that tells nothing hidden (pass, end, skip, decline, none)."""
        p = self._prompt
        if p is None:
            raise GameOver("the game is over")
        said = p.default if p.default in _PLAIN_DEFAULTS else None
        marker = Event("timeout", p.seat, {"option": said})
        return [marker, *self.choose(p.seat, p.default, p.seq)]

    def view(self, viewer: int | None) -> View:
        """Everything ``viewer`` may see (R5). None is a spectator."""
        return self._views.build(self, viewer)

    # ──────────── helpers for the rules modules (turn, plays, drafts, chain, effects) ────────────

    def make_prompt(
        self,
        seat: int,
        kind: PromptKind,
        opts: list[Option],
        ctx: dict[str, Any],
        default: str | None = None,
    ) -> Prompt:
        """A prompt for ``seat`` at the current ``seq``; its default is the kind's usual one
        (skip, end, decline, cancel, pass) or else the first option."""
        if default is None:
            default = _DEFAULTS.get(kind, opts[0].id)
        return make_prompt(seat, kind, self.seq, tuple(opts), ctx, default)

    def emit(
        self, kind: str, seat: int | None, data: dict[str, Any], to: tuple[int, ...] | None = None
    ) -> None:
        self._events.append(make_event(kind, seat, data, to))

    def add_event(self, event: Event) -> None:
        """Record an event already built (one shared by every game: events are immutable)."""
        self._events.append(event)

    def refill_deck_if_empty(self) -> bool:
        """R4 and the seed (当牌山抽空之后，立即…): when the deck has been drawn or searched
        empty, and whenever it is needed while empty, the discard pile is shuffled into it."""
        st = self.st
        if st.deck:
            return True
        if not st.discard:
            return False
        cards = list(st.discard)
        self.rng.shuffle(cards)
        st.fill_deck(cards)
        self.emit("reshuffle", None, {"cards": len(cards)})
        return True

    def draw(self, seat: int, n: int) -> None:
        """Draw up to ``n`` cards (R4: skipped when deck and discard are both empty)."""
        st = self.st
        if len(st.deck) > n:  # the common case: the deck lasts, all at once
            drawn = st.draw_many(seat, n)
        else:
            drawn = []
            for _ in range(n):
                if not st.deck and not self.refill_deck_if_empty():
                    break
                drawn.append(st.draw(seat))
                if not st.deck:  # the seed: drawn empty → the discard pile becomes the deck now
                    self.refill_deck_if_empty()
        if drawn or n:
            self.add_event(_DRAWN[seat, len(drawn)])
            if drawn:
                self.emit(
                    "draw",
                    seat,
                    {"count": len(drawn), "cards": drawn, "defs": [st.defs[c].id for c in drawn]},
                    to=(seat,),
                )

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
                prompt = draft_prompt(self)
                if prompt is not None:
                    self._prompt = prompt
                    return
                continue  # the draft completed by itself (forced choices) and was committed
            if self.chain:
                prompt = step_chain(self)
                if prompt is not None:
                    self._prompt = prompt
                    return
                continue
            prompt = phase_step(self)
            if prompt is not None:
                self._prompt = prompt
                return

    # ───────────────────────────── winning (R20) ─────────────────────────────

    def qualifies(self, seat: int) -> bool:
        """Does ``seat`` succeed at worship right now?"""
        st = self.st
        if not st.stacks[seat] or self.conceded[seat]:
            return False
        anc = st.anc[seat]
        if anc < 0:
            return False
        cond = st.defs[anc].condition
        assert cond is not None
        hand = st.hands[seat]
        defs = st.defs
        have = cond.have(len(st.stacks[seat]), len(hand), (defs[c] for c in hand))
        return have is not None and have >= cond.need

    def check_win(self) -> bool:
        if not any(self.st.stacks):  # nobody has a ritual going: the common case, cheaply
            return False
        for i in range(self.n):
            seat = (self.turn_seat + i) % self.n
            if self.qualifies(seat):
                anc = self.st.ancestor(seat)
                self.end_game(seat, self.st.defs[anc].id, "worship")
                return True
        return False

    def end_game(self, winner: int | None, ancestor: str | None, reason: str) -> None:
        self.result = Result(winner, ancestor, reason, self.round, self.turn)
        self.phase = PHASE_OVER
        self.draft = None
        self.emit(
            "game_over",
            winner,
            {
                "winner": winner,
                "ancestor": ancestor,
                "reason": reason,
                "rounds": self.round,
                "turns": self.turn,
            },
        )
        hands = {str(s): [[c, self.st.defs[c].id] for c in self.st.hands[s]] for s in range(self.n)}
        self.emit("reveal_hands", None, {"hands": hands})

    # ───────────────────────────── conceding (R23) ─────────────────────────────

    def _concede(self, seat: int) -> None:
        st = self.st
        self.conceded[seat] = True
        self.emit("concede", seat, {})
        for c in (
            list(st.hands[seat])
            + [c for c in st.fields[seat] if c != EMPTY]
            + list(st.stacks[seat])
        ):
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
            self.end_game(left[0], None, "last_standing")
            return
        if seat == self.turn_seat:
            if self.chain:
                self.turn_ends_after_chain = True
            else:
                end_turn(self)

    # ───────────────────────────── state, hash, journal ─────────────────────────────

    def to_state(self) -> dict[str, Any]:
        """The whole state as plain data (includes hidden information: host-side only)."""
        data = {
            "rules": rules_version(self.cards),
            "names": list(self.names),
            "seed": self.seed,
            "options": to_plain(self.options),
            "defs": [d.id for d in self.defs],
            "rng": self.rng.state,
            "zones": self.st.to_plain(),
        }
        for name, f in FIELDS.items():
            data[name] = f.save(getattr(self, name))
        return data

    @classmethod
    def from_state(
        cls,
        data: dict[str, Any],
        choices: list[tuple[int, str]] | None = None,
        cards: CardSet | None = None,
    ) -> Game:
        """Rebuild a game from :meth:`to_state` (same rules and card set only: ``cards``, the
        shipped set if None)."""
        cards = cards or shipped_cards()
        if data.get("rules") != rules_version(cards):
            raise JournalError(
                f"that state was saved under rules {data.get('rules')}, "
                f"these are {rules_version(cards)}"
            )
        by_id = cards.by_id
        game = cls(
            list(data["names"]),
            data["seed"],
            GameOptions.from_plain(data["options"]),
            cards,
            [by_id[i] for i in data["defs"]],
            data["zones"],
        )
        game.rng.state = data["rng"]
        for name, f in FIELDS.items():
            plain = data[name] if f.default is REQUIRED else data.get(name, f.default)
            setattr(game, name, f.load(plain))
        game.choices = list(choices or [])
        game._advance()
        game._events = []
        return game

    @classmethod
    def determinize(
        cls,
        view: View,
        rng: Rng,
        *,
        options: GameOptions | None = None,
        cards: CardSet | None = None,
        recall: Recall | None = None,
    ) -> Game:
        """A game the deciding seat of ``view`` could be in (a search's determinization): what
        it sees where it sees it, what it remembers beyond that (``recall``), and the cards it
        does not see dealt at random into the places it does not see. ``options`` and
        ``cards``: the game's (the defaults and the shipped set if None). Raises
        ``ValueError`` for a view no game of this card set shows, or one in the middle of a
        declaration or a resolution (:data:`~qm_rules.infoset.DEALT_FROM`). For many games
        from one view, or deals of another likelihood: :class:`~qm_rules.infoset.InfoSet`."""
        from .infoset import DEALT_FROM, InfoSet  # (the information set builds on this module)

        if view.viewer is None or view.prompt is None or view.prompt.kind not in DEALT_FROM:
            raise ValueError("a game is dealt from a seat's view that begins a decision")
        info = InfoSet(view, cards or shipped_cards(), options or GameOptions(), recall)
        if not info.consistent:
            raise ValueError("no game of this card set shows that view")
        game = info.sample(rng)
        assert game is not None  # (a deal at random is always made)
        return game

    def clone(self) -> Game:
        """An independent copy of the whole game, hidden information included (host-side, or
        for search). Much cheaper than ``from_state(to_state())``: immutable parts (card
        definitions, options, the pending prompt, card views) are shared, every mutable
        container is copied."""
        g = Game(self.names, self.seed, self.options, self.cards, blank=True)
        set_attrs(g, attrs_of(self))
        g.rng = Rng(self.rng.state)
        g.st = self.st.clone()
        for name, copy in MUTABLE:
            setattr(g, name, copy(getattr(self, name)))
        g.choices = self.choices[:]
        g._events = []
        g._views = self._views.fork()
        return g

    def state_hash(self) -> str:
        """A hash of the whole state: equal states, equal hashes."""
        blob = json.dumps(
            self.to_state(), sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()

    def position_key(self) -> bytes:
        """A key of everything that decides what can happen from here on: equal keys, the
        same game from now on (a search's transposition table). Unlike :meth:`state_hash` it
        leaves out the decision counter and the choices made, so two orders of the same moves
        reach the same key; it is cheaper too (no JSON)."""
        st = self.st
        fields = [f.save(getattr(self, name)) for name, f in FIELDS.items() if name != "seq"]
        parts = (
            st.loc,
            st.tapped,
            st.face_down,
            st.negated,
            st.set_turn,
            st.deck,
            st.discard,
            st.hands,
            st.stacks,
            st.limbo,
            self.rng.state,
            fields,
        )
        return hashlib.blake2b(repr(parts).encode(), digest_size=16).digest()

    @property
    def journal(self) -> Journal:
        return Journal(
            rules=rules_version(self.cards),
            engine=ENGINE_VERSION,
            seed=self.seed,
            players=list(self.names),
            options=self.options,
            choices=list(self.choices),
            result=self.result,
            cards=kept_cards(self.cards),
        )

    @classmethod
    def replay(
        cls,
        journal: Journal,
        *,
        check_hashes: list[str] | None = None,
        cards: CardSet | None = None,
    ) -> Game:
        """Rebuild a game by replaying its journal's choices with the card set ``cards`` (if
        None: the set the journal keeps, else the shipped set). Refuses a journal written under
        other rules (card data or engine version)."""
        given = cards is not None
        cards = cards or journal.card_set()
        if journal.rules != rules_version(cards):
            if journal.engine != ENGINE_VERSION:
                why = (
                    f"by another version of the engine ({journal.engine}, this is {ENGINE_VERSION})"
                )
            elif given:
                why = "with another card set than the one given"
            elif journal.cards is not None:
                why = "with a card set other than the copy it keeps (the copy was changed)"
            else:
                why = (
                    "with another card set (give its file with --cards FILE), or another "
                    "version of the cards"
                )
            raise JournalError(
                f"this journal was written under rules {journal.rules} (engine {journal.engine}), "
                f"{why}; these are rules {rules_version(cards)} and cannot replay it"
            )
        game = cls.new(list(journal.players), journal.seed, journal.options, cards)
        for i, (seat, option) in enumerate(journal.choices):
            try:
                game.choose(seat, option)
            except RulesError as exc:
                raise JournalError(
                    f"choice {i + 1} ({seat}, {option!r}) does not replay: {exc}"
                ) from exc
            if (
                check_hashes is not None
                and i < len(check_hashes)
                and check_hashes[i] != game.state_hash()
            ):
                raise JournalError(f"state differs after choice {i + 1}")
        return game
