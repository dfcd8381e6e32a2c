"""What the search bot's seat can tell of the others' hidden cards from how they played.

Everything here is read from the seat's own views, one after another, from the events its seat
was shown, and from the bot's own choices: the public table (fields, hand sizes, the discard
pile) and what it did not see happen. The others are assumed to play as the heuristic bot
does — that is who they are in the bot's playouts, too — so their public choices say something
about what they hold:

- **worship not declared**: a player with four offerings on the field and no ancestor on it who
  let a worship phase pass holds no ancestor whose condition is met (the heuristic declares at
  once then), and after ``wait_limit`` such phases most likely none at all;
- **no offering placed**: a player below four offerings, with a free slot, who placed nothing
  holds no offering (a Burning one at most, if they play for the ancestor that counts them);
- **no answer**: a face-down card that stayed face-down while our placement, action, worship or
  targeting went unanswered is not a card the heuristic would have flipped against it (野火
  against a placement, 鬼打墙 against an action, 纸人替身 and 拆台 against a worship, 护身符 and
  捉贼 when their field is targeted);
- **what is set**: a face-down card is the trap or counter its owner liked best to set, so the
  cards the heuristic sets first (by the card data's ``bot.set``) are the likelier ones.

What the log says (the events the seat was shown between its decisions) is read by
:class:`~qm_rules.bots.logmemory.LogMemory`: cards known to be in a hand, and the kind of card a
hand searched.

:class:`SeatMemory` gathers these facts; :mod:`qm_rules.bots.mcts`'s determinizer deals the
unseen cards to fit them. Nothing here sees the true game: tests feed the bot games that differ
only in hidden information and get the same choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import CardSet, CardType
from ..model import CardView, LinkKind, Phase, PromptKind, View
from .digest import WORSHIP_OFFERINGS, Situation
from .heuristic import HeuristicBot
from .logmemory import LogMemory
from .roles import Book, book_of

#: Prompts that only continue an activation already begun (its mode, targets, costs).
_DRAFT = frozenset({PromptKind.MODE, PromptKind.TARGET, PromptKind.COST})
#: Option prefixes that begin an activation of ours others may answer.
_ACTIVATIONS = ("place:", "play:", "declare:", "ability:")
#: Actions and traps that draw, search or take cards: a hand seen before them says little after.
_HAND_CHANGERS = (CardType.ACTION, CardType.TRAP)
#: Our choices that change nobody's field but ours (placing and setting aside).
_QUIET = frozenset({"pass", "end", "skip", "decline", "none", "enough"})


def set_weight(book: Book, card: str) -> float:
    """How likely a face-down card is this one, before any other evidence: the heuristic sets
    the trap or counter it ranks highest (``bot.set`` in the card data), so those it ranks high
    are face-down more often. Doubles every 15 points of rank."""
    rank = book.defs[card].bot.set
    return float(2.0 ** ((rank if rank is not None else 10.0) / 15.0))


@dataclass
class Pending:
    """An activation of ours under way: what it was and what the others had face-down."""

    kind: str  # place, play, declare, ability
    card: str
    turn: int
    face_down: dict[int, list[int]]  # opponent -> its face-down slots when we began
    targets: list[str] = field(default_factory=list)  # target option ids we chose
    answerers: dict[int, set[str]] = field(default_factory=dict)  # filled by the view at start


class SeatMemory:
    """What the bot remembers between its decisions (all of it seen in its own views or chosen
    by itself), and what it infers from it about the others' hidden cards."""

    def __init__(self, cards: CardSet | None = None) -> None:
        self.book = book = book_of(cards)
        self.set_turn: dict[int, int] = {}  # our face-down cards: the turn we first saw them set
        self.others_set_turn: dict[tuple[int, int], int] = {}  # others' face-down slots
        self.ability_turn = 0  # the turn we last used the stacking ability
        self.last: View | None = None  # the view of our previous decision
        self.read_turn: dict[int, int] = {}  # opponent -> the last of its turns read
        #: opponent -> worship phases in a row it let pass with four offerings out
        self.passes: dict[int, int] = {}
        #: opponent -> the worship phases it may have let pass in the whole game, every one of
        #: its turns read (the heuristic counts its waits per ancestor and never forgets them)
        self.waits: dict[int, int] = {}
        #: opponents with a turn we could not read: how long they waited is not known
        self.waits_unknown: set[int] = set()
        #: opponents who placed no offering on their last turn though they wanted one
        self.no_offering: set[int] = set()
        #: others' face-down slots -> the cards they cannot be (they did not answer)
        self.not_card: dict[tuple[int, int], set[str]] = {}
        self.pending: Pending | None = None
        self.last_choice = ""  # our choice at ``last``
        self.declared: dict[int, int] = {}  # opponent -> the last turn we saw it declare worship
        self.log = LogMemory(book)  # what the log (the events shown to the seat) said of hands

    # ── reading the views ──

    def observe(self, view: View) -> None:
        me = view.viewer
        ours: dict[int, int] = {}
        others: dict[tuple[int, int], int] = {}
        for sv in view.seats:
            for slot in sv.slots:
                if not slot.face_down:
                    continue
                if sv.seat == me and slot.card is not None:
                    ours[slot.card.cid] = self.set_turn.get(slot.card.cid, view.turn - 1)
                elif sv.seat != me:
                    # first seen this turn on the turn player's field: possibly set this turn
                    first = view.turn if sv.seat == view.turn_seat else view.turn - 1
                    others[(sv.seat, slot.index)] = self.others_set_turn.get(
                        (sv.seat, slot.index), first
                    )
        # A slot that is no longer face-down (flipped, or gone) forgets what it was not.
        self.not_card = {k: v for k, v in self.not_card.items() if k in others}
        for key, turn in others.items():
            if self.others_set_turn.get(key) != turn:
                self.not_card.pop(key, None)  # a new card in that slot
        self.set_turn, self.others_set_turn = ours, others
        for link in view.chain:
            if link.kind is LinkKind.WORSHIP and link.seat != me:
                self.declared[link.seat] = view.turn
        prev = self.last
        if prev is not None and _readable(prev, view):
            self._read_turns(prev, view)
            self._read_answers(view)
        else:
            if prev is not None:
                # Turns we cannot read (a reshuffle, a concession) may have passed: what was
                # read of an earlier turn ("placed no offering") says nothing after a draw,
                # and the turns now over are not read later against a view after them.
                self.no_offering.clear()
                self.passes.clear()
                n = len(view.seats)
                for sv in view.seats:
                    done = _last_turn_of(view, sv.seat, n)
                    if sv.seat != me and done is not None:
                        self.read_turn[sv.seat] = max(self.read_turn.get(sv.seat, 0), done)
                        self.waits_unknown.add(sv.seat)
            if self.pending is not None and view.prompt is not None:
                if view.prompt.kind not in _DRAFT:
                    self.pending = None
        self.last = view

    def chose(self, view: View, choice: str) -> None:
        """Our own choice at ``view``: an activation begun, a target picked, or a draft undone."""
        self.last_choice = choice
        if choice.startswith("ability:"):
            self.ability_turn = view.turn
        elif choice.startswith("set:"):
            self.set_turn[int(choice[4:])] = view.turn
        if choice == "cancel":
            self.pending = None
        elif choice.startswith("target:") and self.pending is not None:
            self.pending.targets.append(choice[7:])
            target_answerers(self.book, view, self.pending, choice[7:])
        elif choice.startswith(_ACTIVATIONS):
            kind, _, cid = choice.partition(":")
            name = _card_name(view, int(cid))
            if name is None:
                return
            me = view.viewer
            face_down = {
                sv.seat: [s.index for s in sv.slots if s.face_down]
                for sv in view.seats
                if sv.seat != me and not sv.conceded
            }
            self.pending = Pending(kind, name, view.turn, face_down)
            self.pending.answerers = _answerers(self.book, view, self.pending)

    def _read_turns(self, prev: View, view: View) -> None:
        """Each opponent's turn that ended since our previous decision: did it worship, did it
        place?"""
        me = view.viewer
        n = len(view.seats)
        new = view.discard[len(prev.discard) :]
        mine = _our_cards(prev)
        theirs = [cv for cv in new if cv.cid not in mine]
        # a worship negated (the ancestor discarded, or returned to its owner's hand)
        defs, returning = self.book.defs, self.book.returns_ancestor
        worship_broken = any(
            defs[cv.card].type is CardType.ANCESTOR or cv.card in returning for cv in new
        )
        # a trap flipped or a counter played: a worship may have been declared and negated
        # (its ancestor back in hand) without our seeing it
        worship_broken |= _answered(self.book, prev, view, new)
        hands_changed = any(defs[cv.card].type in _HAND_CHANGERS for cv in theirs)
        placed_away = any(defs[cv.card].type is CardType.OFFERING for cv in theirs)
        for sv in view.seats:
            o = sv.seat
            if o == me or sv.conceded:
                continue
            done = _last_turn_of(view, o, n)
            last = self.read_turn.get(o, 0)
            if done is None or done <= last:
                continue
            if done != (last + n if last else (o - view.first_seat) % n + 1):
                self.waits_unknown.add(o)  # one of its turns went by unread
            self.read_turn[o] = done
            offerings, ancestor, free = _field(self.book, view, o)
            if not ancestor and offerings >= WORSHIP_OFFERINGS and self.declared.get(o) != done:
                self.waits[o] = self.waits.get(o, 0) + 1
            if ancestor:
                self.passes.pop(o, None)
            elif (
                offerings >= WORSHIP_OFFERINGS
                and not worship_broken
                and self.declared.get(o) != done
            ):
                self.passes[o] = self.passes.get(o, 0) + 1
            else:
                self.passes.pop(o, None)
            self.no_offering.discard(o)
            # (our own last choice, if it began or steered an activation, may have changed
            # their field since ``prev``; and a field whose cards changed may have taken an
            # offering as another left)
            quiet = self.last_choice in _QUIET or self.last_choice.startswith(("place:", "set:"))
            if prev.turn < done and not ancestor and quiet:
                before, had_ancestor, free_before = _field(self.book, prev, o)
                if (
                    not had_ancestor
                    and before < WORSHIP_OFFERINGS
                    and free_before >= 1
                    and _field_cards(prev, o) == _field_cards(view, o)
                    and not hands_changed
                    and not placed_away
                ):
                    self.no_offering.add(o)

    def _read_answers(self, view: View) -> None:
        """Our activation, once its chain has closed: the face-down cards still face-down did
        not answer it, so they are none of the cards that would have."""
        p = self.pending
        if p is None or view.prompt is None or view.prompt.kind in _DRAFT:
            return
        self.pending = None
        if view.chain or view.turn != p.turn or self.last is None:
            return  # someone answered (or we cannot tell): no inference
        before = self.last
        for o, slots in p.face_down.items():
            now = {s.index for s in view.seats[o].slots if s.face_down}
            if set(slots) - now or len(view.seats[o].stacked) != len(before.seats[o].stacked):
                return  # someone answered (a card flipped, a manifestation): they were asked
        for o, slots in p.face_down.items():
            names = p.answerers.get(o)
            if not names:
                continue
            for slot in slots:
                if self.others_set_turn.get((o, slot), view.turn) < view.turn:
                    self.not_card.setdefault((o, slot), set()).update(names)

    # ── what the facts allow ──

    def hand_fits(self, seat: int, hand: list[str], view: View, rng_roll: float) -> bool:
        """Could ``seat``, playing as the heuristic does, hold ``hand`` given what it did?
        ``rng_roll`` in [0, 1) decides the soft part (an ancestor drawn since it began to wait).
        What was read of its last turn says nothing once its next turn has begun (it drew)."""
        waits = HeuristicBot.wait_limit if seat in self.waits_unknown else self.waits.get(seat, 0)
        if not worship_fits(seat, hand, view, waits, self.book):
            return False
        if view.turn_seat == seat and view.turn > self.read_turn.get(seat, 0):
            return True
        if seat in self.no_offering:
            taigong_plan = any(c in self.book.burning_plans for c in hand)
            for c in hand:
                d = self.book.defs[c]
                if d.type is CardType.OFFERING and not (
                    d.burning and taigong_plan and view.deck_count >= 5
                ):
                    return False
        k = self.passes.get(seat, 0)
        if k and self.declared.get(seat) != view.turn:  # (declaring now: its ancestor has left)
            return self._declined_fits(hand, _field(self.book, view, seat)[0], k, rng_roll)
        return True

    def may_hold(self, seat: int, card: str, view: View) -> bool:
        """Could ``card`` be in ``seat``'s hand at all, whatever else it holds (a necessary
        part of :meth:`hand_fits`, to deal a hand from the cards it may hold)?"""
        if seat not in self.no_offering:
            return True
        if view.turn_seat == seat and view.turn > self.read_turn.get(seat, 0):
            return True
        d = self.book.defs[card]
        return d.type is not CardType.OFFERING or (d.burning and view.deck_count >= 5)

    def _declined_fits(self, hand: list[str], offerings: int, passes: int, roll: float) -> bool:
        """Could the heuristic have let its worship pass holding ``hand``, ``offerings`` out,
        after ``passes`` such phases? It weighs only the ancestor nearest its condition (of
        several as near, the one offered first, which we cannot tell: any of them), and
        declares it if its condition is met, or if it stacks and an offering is in hand, or
        once it has waited long enough (the soft part, by ``roll``)."""
        defs = self.book.defs
        nearest: list[tuple[str, bool]] = []  # (ancestor, it stacks)
        least = None
        for c in hand:
            if defs[c].type is not CardType.ANCESTOR:
                continue
            rest = list(hand)
            rest.remove(c)
            cond = defs[c].condition
            assert cond is not None
            if cond.op == "stacked":
                miss = max(0, cond.n - offerings)
            else:
                extra = 1 if self.book.worship_draw_counts(c) else 0
                miss = self.book.hand_missing(c, rest, extra)
            if least is None or miss < least:
                least, nearest = miss, []
            if miss == least:
                nearest.append((c, cond.op == "stacked"))
        if least is None:
            return True  # no ancestor in hand: nothing to declare
        if least == 0:
            return False
        offering_in_hand = any(defs[x].type is CardType.OFFERING for x in hand)
        for _, stacks in nearest:
            if stacks and offering_in_hand:
                continue  # it would have declared: the ability stacks the fifth at once
            waited_out = (
                passes >= HeuristicBot.wait_limit if stacks else passes > HeuristicBot.wait_limit
            )
            if not (waited_out and roll < 0.8):
                return True
        return False

    def declined(self, seat: int, hand: list[str]) -> dict[str, int]:
        """The heuristic's count of worships declined, for a playout bot in ``seat`` holding
        ``hand``: as many as the worship phases it let pass."""
        k = self.passes.get(seat, 0)
        return {c: k for c in hand if self.book.defs[c].type is CardType.ANCESTOR} if k else {}


def worship_fits(
    seat: int, hand: list[str], view: View, passes: int = 0, book: Book | None = None
) -> bool:
    """Could ``seat`` hold ``hand`` given its worship, as the view shows it (its cards read
    in ``book``, the shipped set's if None)?

    - A ritual standing (an ancestor on the field, offerings stacked) has not won: the rules
      check every ritual at the start of each phase and after each chain, and a hand changes
      only as a chain resolves (a draw) or by a cost (which only shrinks it), so while nothing
      resolves the hand does not meet the ancestor's hand condition. (A rule, true of anyone.)
    - A worship declared and still on the chain, by a player who has not waited out
      (``passes`` worship phases let pass below the heuristic's ``wait_limit``): the heuristic
      declares then only when its hand meets the condition, counting the worship draw where
      the condition is a hand size. (True of heuristic players.)"""
    book = book or book_of()
    sv = view.seats[seat]
    if sv.conceded:
        return True
    if sv.stacked and view.resolving is None:
        for slot in sv.slots:
            if slot.card is None or slot.face_down:
                continue
            d = book.defs[slot.card.card]
            if d.type is CardType.ANCESTOR:
                assert d.condition is not None
                if d.condition.op != "stacked" and book.hand_missing(d.id, hand) == 0:
                    return False
    if passes < HeuristicBot.wait_limit:
        for link in view.chain:
            if link.seat != seat or link.kind is not LinkKind.WORSHIP or link.negated:
                continue
            cond = book.defs[link.card.card].condition
            if cond is None or cond.op == "stacked":
                continue
            extra = 1 if book.worship_draw_counts(link.card.card) else 0
            if book.hand_missing(link.card.card, hand, extra) > 0:
                return False
    return True


def _readable(prev: View, view: View) -> bool:
    """Can two views be compared: the same game going forward, nobody gone, no reshuffle? (A
    reshuffle empties the discard pile into the deck: the pile no longer starts as it did, or
    the deck has grown.)"""
    return (
        view.turn >= prev.turn
        and view.discard[: len(prev.discard)] == prev.discard
        and view.deck_count <= prev.deck_count
        and not any(sv.conceded for sv in view.seats)
        and view.turn_seat == (view.first_seat + view.turn - 1) % len(view.seats)
    )


def _last_turn_of(view: View, seat: int, n: int) -> int | None:
    """The last turn of ``seat`` whose worship phase is over (no one has conceded: turns go
    round)."""
    if view.turn_seat == seat and view.phase is Phase.END:
        return view.turn
    for t in range(view.turn - 1, max(0, view.turn - n) - 1, -1):
        if t >= 1 and (view.first_seat + t - 1) % n == seat:
            return t
    return None


def _field(book: Book, view: View, seat: int) -> tuple[int, bool, int]:
    """Face-up offerings, whether an ancestor is out, free slots: of ``seat``'s field."""
    offerings = free = 0
    ancestor = bool(view.seats[seat].stacked)
    for s in view.seats[seat].slots:
        if s.card is None:
            free += not s.face_down
            continue
        t = book.defs[s.card.card].type
        if s.face_down:
            continue
        offerings += t is CardType.OFFERING
        ancestor |= t is CardType.ANCESTOR
    return offerings, ancestor, free


def _answered(book: Book, prev: View, view: View, new: Sequence[CardView]) -> bool:
    """Did anyone answer a link between ``prev`` and ``view``: a face-down card flipped or gone
    from its slot, a trap face up that was not, or a counter or trap discarded?"""
    answers = (CardType.COUNTER, CardType.TRAP)
    if any(book.defs[cv.card].type in answers for cv in new):
        return True
    for before, now in zip(prev.seats, view.seats, strict=True):
        down = {s.index for s in now.slots if s.face_down}
        if any(s.face_down and s.index not in down for s in before.slots):
            return True
        up = {s.card.cid for s in before.slots if s.card is not None and not s.face_down}
        for s in now.slots:
            card = s.card
            if card is not None and not s.face_down and card.cid not in up:
                if book.defs[card.card].type in answers:
                    return True
    return False


def _field_cards(view: View, seat: int) -> set[int | tuple[int, bool]]:
    """What lies on ``seat``'s field: its cards (a face-down one of another seat by its slot)."""
    return {
        s.card.cid if s.card is not None else (s.index, s.face_down)
        for s in view.seats[seat].slots
        if s.card is not None or s.face_down
    }


def _our_cards(view: View) -> set[int]:
    me = view.seats[view.viewer] if view.viewer is not None else None
    if me is None:
        return set()
    out = {cv.cid for cv in me.hand or ()} | {cv.cid for cv in me.stacked}
    out |= {s.card.cid for s in me.slots if s.card is not None}
    return out


def _card_name(view: View, cid: int) -> str | None:
    me = view.seats[view.viewer] if view.viewer is not None else None
    if me is None:
        return None
    for cv in me.hand or ():
        if cv.cid == cid:
            return cv.card
    for s in me.slots:
        if s.card is not None and s.card.cid == cid:
            return s.card.card
    return None


def _answerers(book: Book, view: View, p: Pending) -> dict[int, set[str]]:
    """Per opponent, the set cards the heuristic would flip against our activation ``p`` as it
    stands when we begin it (targets come later and are added by :func:`_target_answerers`)."""
    s = Situation(view, book)
    me = view.viewer
    assert me is not None
    my = s.seats[me]
    out: dict[int, set[str]] = {}
    for o in p.face_down:
        # the heuristic answers the opponent it sees as the leader: is that us?
        others = [x for x in s.seats if x.seat != o and x.live]
        leader = max(others, key=lambda x: x.threat()).seat if others else None
        is_leader = leader == me
        names: set[str] = set()
        hand_count = view.seats[o].hand_count
        if p.kind == "place" and (is_leader or len(my.offerings) >= 3):
            names.add("yehuo")
        elif p.kind == "play" and is_leader:
            names.add("gui_daqiang")
        elif p.kind == "declare":
            if not book.defs[p.card].standing & {"no_return", "immune_traps"}:
                names.add("zhiren_tishen")
            if hand_count >= 2:
                names.add("chaitai")
        elif p.kind == "ability" and my.stacked >= 4 and hand_count >= 2:
            names.add("chaitai")
        out[o] = names
    return out


def target_answerers(book: Book, view: View, p: Pending, target: str) -> None:
    """A target we chose for ``p``: the owner of a targeted card (or the targeted player) would
    have answered with 鬼打墙, and with 护身符 / 捉贼 when a card of theirs is aimed at."""
    if target.startswith("p"):
        o = int(target[1:])
        p.answerers.setdefault(o, set()).add("gui_daqiang")
        if book.defs[p.card].takes:
            p.answerers[o].add("zhuozei")
        return
    cid = int(target[1:])
    for sv in view.seats:
        if any(s.card is not None and s.card.cid == cid for s in sv.slots):
            names = p.answerers.setdefault(sv.seat, set())
            names.update({"gui_daqiang", "hushenfu"})
            if book.defs[p.card].takes:
                names.add("zhuozei")
