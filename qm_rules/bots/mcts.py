"""The search bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

It sees only its own :class:`~qm_rules.model.View`, like every bot, and reads the log as a
player at the table does: the events its seat was shown (``observe``, handed to it by whoever
runs it through :func:`qm_rules.bots.tell`). At each decision worth searching it grows one tree
over *information sets*, and every iteration

1. **determinizes**: builds a complete game consistent with what its seat can know — its view
   (its hand, every field's face-up cards, the stacks, the discard pile, the chain, hand sizes,
   the deck's size), the card pool of a game of this many players (card data), and what it saw
   of its own face-down cards — dealing the cards it has not seen into the places it cannot see
   (other hands, other players' face-down slots, the deck). Face-down cards are always traps or
   counters (only those can be set), so they are dealt from those, the ones the heuristic sets
   first more often. The deal follows what the others' public play says of their cards
   (:mod:`qm_rules.bots.inference`: a worship let pass, no offering placed, a face-down card
   that did not answer): a hand that does not fit is dealt again. A card the log showed in a
   hand is dealt there (:class:`~qm_rules.bots.logmemory.LogMemory`; with ``search_kinds``, a
   hand that searched also gets a card of the kind it searched: measured worse, off). The
   engine builds the game from the view and the deal (:class:`~qm_rules.infoset.InfoSet`);
   the true game is never consulted: the bot is never given it.
2. **tries every root move on that deal** (a :meth:`~qm_rules.game.Game.clone` each, with the
   same playout seeds), so that moves are compared on the same cards and the same luck: in a
   game decided this much by the draw, that is what makes a few hundred playouts enough.
3. below the root, **selects** with UCB1 where a child's exploration term counts how often it
   was *available* (a move may be legal in one determinization and not in another), each node
   scoring the reward of the seat that chose it — rewards are a vector, one per seat, so the
   tree handles 2-6 players. Opponents either choose in the tree for their own reward
   (``opponents_in_tree``) or as the heuristic bot would (the default: the better of the two
   in ``benchmarks/mcts.py``);
4. **expands** one untried move — the heuristic's own first, so a node is first valued as play
   would go on rather than by a random move — **plays out** the rest of the game with the
   heuristic bot in every seat, and backs the reward vector up the path.

Moves are named by what they are (``play:shunshou``, ``target:c:yehuo@2``), not by card instance,
so the same move in two determinizations is the same child. The move played is the root's best
on average; the heuristic's own move is kept unless another did better by ``confidence``
standard errors of the paired difference. Steps that carry on a decision already taken — the
mode, targets and costs of an activation, and choices during resolution — are left to the
heuristic bot, at the root and in the tree, as are prompts with a single distinct move; with
``drafts`` the steps of our own activation are searched too, each deal made from the view where
the activation began with our steps since replayed on it. With ``tree=False`` the root moves
are valued by heuristic playouts alone (flat Monte Carlo over the same deals).

Deterministic: the generator is seeded from the bot's seed and the decision's sequence number,
so with a playout budget (``iterations``, a number or one per table size) the same seed and view
give the same move. A time
budget (``max_ms``) stops earlier on a slow machine and is then not reproducible; the levels
use iterations, a table adds a time cap on top.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence

from ..cards import SET_TYPES, CardSet
from ..game import Game
from ..infoset import Deal, InfoSet, Recall
from ..model import Event, GameOptions, Option, Prompt, PromptKind, View, to_plain
from ..rng import Rng, seed_state
from .heuristic import HeuristicBot
from .inference import SeatMemory, set_weight
from .roles import Book, action_role, book_of

#: Prompt kinds the bot searches; the others continue a decision or are left to the heuristic.
SEARCHED = frozenset(
    {
        PromptKind.PLACE,
        PromptKind.ACTION,
        PromptKind.WORSHIP,
        PromptKind.RESPOND,
        PromptKind.HAND_LIMIT,
    }
)
#: The steps of drafting an activation: searched (``drafts``) from where the activation began.
DRAFT = frozenset({PromptKind.MODE, PromptKind.TARGET, PromptKind.COST})
#: Choices that begin an activation whose mode, targets or costs come next.
_ACTIVATIONS = ("play:", "declare:", "ability:", "place:", "flip:", "counter:", "manifest:")
#: Whether the deals put the cards the log showed in a hand there (``read_log``), and whether
#: they also give a hand a card of each kind it searched (``search_kinds``): the figures are in
#: docs/BOTS.md. A new game's start always clears what it kept (:func:`qm_rules.bots.tell`).
READ_LOG = True
SEARCH_KINDS = False
#: UCB exploration constant (rewards are in [0, 1]).
EXPLORATION = 0.7
#: Decisions a playout may take before it is scored as a draw (a runaway guard).
MAX_PLAYOUT = 2_000
#: Deals of one opponent's hand tried before one that fits how it played is given up on.
HAND_TRIES = 40
#: Deals of all the others' hands (each seat's with its ``HAND_TRIES``) before a determinization
#: is given up on: none fits, and it is not searched.
DEAL_TRIES = 8


class Node:
    """A node of the information-set tree: the move that led here and its statistics."""

    __slots__ = ("move", "seat", "parent", "children", "visits", "avail", "reward")

    def __init__(self, move: str | None, seat: int, parent: Node | None) -> None:
        self.move = move
        self.seat = seat  # who chose ``move``
        self.parent = parent
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed reward of ``seat``

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


def move_key(game: Game, opt: Option) -> str:
    """The option as a move that means the same in every determinization."""
    card = opt.card
    if card is None or opt.kind == "mode":
        return opt.id
    name = game.defs[card].id
    if opt.kind == "target":
        return f"target:c:{name}@{game.st.loc[card][1]}"
    return f"{opt.kind}:{name}"


def _moves(game: Game, prompt: Prompt | None = None) -> dict[str, str]:
    """A prompt's options by move (``cancel`` aside, which only undoes a step), their cards
    named through ``game``. By default the game's own pending prompt; the real prompt's when
    ``game`` is a determinization of its view (which holds every card those options name)."""
    prompt = prompt or game.prompt
    assert prompt is not None
    out: dict[str, str] = {}
    for o in prompt.options:
        if o.kind != "cancel":
            out.setdefault(move_key(game, o), o.id)
    if not out:
        out = {o.id: o.id for o in prompt.options}
    return out


class Determinizer:
    """Deals the games the search plays over: the engine's :class:`InfoSet` of the seat's
    view (the seen cards where they are seen), the unseen cards dealt into the unseen places
    so that each other hand fits how its player played."""

    def __init__(
        self, view: View, options: GameOptions, memory: SeatMemory, search_kinds: bool = False
    ) -> None:
        self.view = view
        self.book = memory.book
        recall = Recall(
            memory.set_turn,
            memory.others_set_turn,
            memory.ability_turn == view.turn,
            memory.log.hands,  # the cards the log showed in the others' hands: placed there
        )
        self.infoset = info = InfoSet(view, self.book.cards, options, recall)
        self.me, self.n, self.consistent = info.me, info.n, info.consistent
        # the kinds of card the others searched into their hands (when those are dealt)
        self.kinds = memory.log.kinds(view) if search_kinds else {}

    def could_deal(
        self,
        memory: SeatMemory,
        hands: Mapping[int, Sequence[str]],
        slots: Mapping[tuple[int, int], str],
        deck: Sequence[str],
    ) -> bool:
        """Could :meth:`sample` deal these hidden cards: the others' hands (by seat), their
        face-down cards (by seat and slot) and the deck? The view must allow them
        (:meth:`InfoSet.allows`), a face-down card be one not ruled out for its slot, each hand
        hold the kinds it searched for, and fit how its player played (the soft part at its
        most lenient)."""
        if not self.infoset.allows(hands, slots, deck):
            return False
        if any(name in memory.not_card.get(key, ()) for key, name in slots.items()):
            return False
        defs = self.book.defs
        for seat, hand in hands.items():
            for kind in set(self.kinds.get(seat, ())):
                wanted = sum(1 for k in self.kinds[seat] if k == kind)
                if sum(1 for x in hand if kind.accepts(defs[x])) < min(wanted, len(hand)):
                    return False
            if not memory.hand_fits(seat, list(hand), self.view, 0.999):
                return False
        return True

    def sample(self, rng: Rng, memory: SeatMemory) -> Game | None:
        """One determinization; None when no deal of the others' hands that fits how they played
        was found (rare: a seat whose cards are held to few kinds)."""
        return self.infoset.sample(rng, lambda rng: self._deal(rng, memory))

    def _deal(self, rng: Rng, memory: SeatMemory) -> Deal | None:
        info = self.infoset
        pool = info.unseen_pool(rng)
        # Face-down slots first, from the traps and counters of the pool: the ones the
        # heuristic sets first are likelier, and none that would have answered what it let by.
        slots: dict[tuple[int, int], str] = {}
        for key in info.hidden_slots:
            slots[key] = pool.pop(_pick_set_card(self.book, pool, memory.not_card.get(key), rng))
        # Then the others' hands, each dealt again until it fits how that player played. The
        # cards known in a hand are there; a hand that searched a kind of card gets one (beyond
        # those known), for every hand before any is filled.
        forced: dict[int, list[str]] = {}
        defs = self.book.defs
        for seat, count in sorted(info.others_hands.items()):
            held = info.held.get(seat, [])
            dealt = forced[seat] = [info.known[c] for c in held]
            for kind in self.kinds.get(seat, ()):
                if len(dealt) - len(held) >= count:
                    break
                if sum(1 for x in dealt if kind.accepts(defs[x])) >= sum(
                    1 for k in self.kinds[seat] if k == kind
                ):
                    continue
                fits = [i for i, x in enumerate(pool) if kind.accepts(defs[x])]
                if fits:
                    dealt.append(pool.pop(fits[rng.below(len(fits))]))
        free = self._deal_hands(pool, forced, memory, rng)
        if free is None:
            return None
        hands = {
            seat: forced[seat][len(info.held.get(seat, ())) :] + free[seat]
            for seat in sorted(info.others_hands)
        }
        return Deal(hands, slots, pool[::-1])

    def _deal_hands(
        self, pool: list[str], forced: dict[int, list[str]], memory: SeatMemory, rng: Rng
    ) -> dict[int, list[str]] | None:
        """The others' hands but for their ``forced`` cards, dealt from ``pool`` (what is left
        stays in it) so that every hand fits how its player played; None if no such deal was
        found. Each try deals the seats in a new order, each hand from the cards its player may
        hold, so that no seat takes what another's hand needs for good."""
        info = self.infoset
        for _ in range(DEAL_TRIES):
            left = list(pool)
            rng.shuffle(left)
            order = sorted(info.others_hands)
            rng.shuffle(order)
            dealt: dict[int, list[str]] = {}
            for seat in order:
                known = len(info.held.get(seat, ()))
                free = info.others_hands[seat] - (len(forced[seat]) - known)
                hand = self._deal_hand(seat, free, forced[seat], left, memory, rng)
                if hand is None:
                    break
                dealt[seat] = hand
            else:
                pool[:] = left
                return dealt
        return None

    def _deal_hand(
        self,
        seat: int,
        free: int,
        forced: list[str],
        left: list[str],
        memory: SeatMemory,
        rng: Rng,
    ) -> list[str] | None:
        """``free`` cards of ``left`` (taken out of it) that, with ``forced``, make a hand
        ``seat`` may hold; None if none was found in ``HAND_TRIES``."""
        allowed = [i for i, name in enumerate(left) if memory.may_hold(seat, name, self.view)]
        if len(allowed) < free:
            return None
        for _ in range(HAND_TRIES):
            rng.shuffle(allowed)
            picked = sorted(allowed[:free], reverse=True)
            hand = [left[i] for i in picked]
            if memory.hand_fits(seat, forced + hand, self.view, rng.below(1000) / 1000):
                for i in picked:
                    del left[i]
                return hand
        return None


def _playout_bot(seed: int, declined: dict[str, int], cards: CardSet) -> HeuristicBot:
    bot = HeuristicBot(seed, cards)
    bot._declined = dict(declined)
    return bot


def _pick_set_card(book: Book, pool: list[str], ruled_out: set[str] | None, rng: Rng) -> int:
    """The index in ``pool`` of a face-down card: a trap or counter not ruled out, drawn with
    the weight of how readily the heuristic sets it (the first card if none is left)."""
    weights = [
        (i, set_weight(book, name))
        for i, name in enumerate(pool)
        if book.type[name] in SET_TYPES and not (ruled_out and name in ruled_out)
    ]
    if not weights:
        weights = [(i, 1.0) for i, name in enumerate(pool) if book.type[name] in SET_TYPES]
    if not weights:
        return 0
    roll = rng.below(1 << 30) / (1 << 30) * sum(w for _, w in weights)
    for i, w in weights:
        roll -= w
        if roll < 0:
            return i
    return weights[-1][0]


def _doomed_answer(book: Book, view: View, choice: str) -> bool:
    """Whether ``choice`` flips a face-down card of ours that the link it answers removes
    anyway (a link aimed at that card, or one that clears our face-down cards): the answer
    costs nothing, so it is not searched. Playouts value such a pair of moves by the rest of
    the game and, on a few hundred deals, the noise once chose to pass and lose the card
    unused (playtest 3: a Ghost Wall left to Qingming Rain)."""
    prompt = view.prompt
    if prompt is None or prompt.kind is not PromptKind.RESPOND or not choice.startswith("flip:"):
        return False
    option = prompt.option(choice)
    idx = prompt.context.get("link", len(view.chain) - 1)
    if option is None or option.card is None or not isinstance(idx, int):
        return False
    if not 0 <= idx < len(view.chain):
        return False
    link = view.chain[idx]
    if f"c{option.card}" in link.targets:
        return True
    return (
        f"p{view.viewer}" in link.targets
        and action_role(book.defs[link.card.card]) == "clear_facedown"
    )


class MCTSBot:
    """ISMCTS with heuristic playouts. ``iterations`` bounds the work per decision (and keeps it
    reproducible); ``max_ms``, if given, also stops the search after that many milliseconds."""

    name = "mcts"

    def __init__(
        self,
        seed: int | str = 0,
        iterations: int | Mapping[int, int] = 200,
        max_ms: float | None = None,
        options: GameOptions | None = None,
        exploration: float = EXPLORATION,
        opponents_in_tree: bool = False,
        confidence: float = 0.0,
        tree: bool = True,
        drafts: bool = False,
        read_log: bool = READ_LOG,
        search_kinds: bool = SEARCH_KINDS,
        cards: CardSet | None = None,
    ) -> None:
        self.seed = seed
        self.book = book_of(cards)
        self.iterations = iterations
        self.max_ms = max_ms
        self.options = options or GameOptions()
        self.exploration = exploration
        self.opponents_in_tree = opponents_in_tree
        self.confidence = confidence
        self.tree = tree
        self.drafts = drafts
        self.read_log = read_log
        self.search_kinds = search_kinds
        self.searched = 0  # decisions searched (for tests and benchmarks)
        self.playouts = 0  # playouts run over all decisions (for tests and benchmarks)
        self.inconsistent = 0  # views the determinizer could not account for (should stay 0)
        self.new_game()

    def new_game(self) -> None:
        """All that the bot keeps of a game, as at its start (qm_rules.bots.new_game); the
        counts above are of all its games."""
        self.fallback = HeuristicBot(self.seed, self.book.cards)
        self.memory = SeatMemory(self.book.cards)
        #: the view where our activation under way began, and our choices since
        self._draft: tuple[View, list[str]] | None = None
        self._unread: list[Event] = []  # events shown to our seat since our last decision

    def observe(self, events: list[Event]) -> None:
        """Events our seat was shown (the runner selects them, R5): read at our next decision,
        when our seat is known."""
        self._unread.extend(events)

    def budget(self, players: int) -> int:
        """Playouts a searched decision at a table of ``players``: ``iterations``, or its entry
        for the largest table size up to ``players`` when it is given per table size."""
        if isinstance(self.iterations, int):
            return self.iterations
        sizes = [n for n in self.iterations if n <= players] or [min(self.iterations)]
        return self.iterations[max(sizes)]

    def choose(self, view: View) -> str:
        prompt = view.prompt
        assert prompt is not None and prompt.options, "asked to choose without a prompt"
        if self._unread:
            if self.read_log:
                self.memory.log.read(self._unread, view.viewer)
            self._unread = []
        self.memory.observe(view)
        several = len({o.id for o in prompt.options if o.kind != "cancel"}) >= 2
        if prompt.kind in DRAFT:
            # a step of our own activation: searched from where it began, the steps so far
            # replayed on each deal (when the drafts are searched at all)
            begun = self._draft
            if begun is not None and several and self.drafts:
                choice, _ = self._search_from(begun[0], view, tuple(begun[1]))
            else:
                choice = self.fallback.choose(view)
            if begun is not None:
                begun[1].append(choice)
            return self._note(view, choice)
        self._draft = None
        if prompt.kind not in SEARCHED or not several:
            choice = self.fallback.choose(view)
        else:
            choice, _ = self._search_from(view, view, ())
        if choice.startswith(_ACTIVATIONS):
            self._draft = (view, [choice])
        return self._note(view, choice)

    def _search_from(self, root: View, view: View, steps: tuple[str, ...]) -> tuple[str, bool]:
        """Search ``view``'s decision, dealing from ``root`` (the same view, or the one where
        the activation now being drafted began, with ``steps`` our choices since): the move,
        and whether it was searched (if the deals cannot be made to match the view, the
        heuristic's move)."""
        assert root.prompt is not None
        options = self.options
        limit = root.prompt.context.get("limit")
        if root.prompt.kind is PromptKind.HAND_LIMIT and isinstance(limit, int):
            options = GameOptions(**{**to_plain(options), "hand_limit": limit})
        det = Determinizer(root, options, self.memory, self.search_kinds)
        if not det.consistent:
            self.inconsistent += 1
            return self.fallback.choose(view), False
        # The heuristic's move: the search keeps it unless another is clearly better (and
        # asking keeps the heuristic's own memory, e.g. how long it has waited, in step).
        default = self.fallback.choose(view)
        if _doomed_answer(self.book, view, default):
            return default, False
        rng = Rng(seed_state(("mcts", self.seed, view.viewer, view.seq)))
        choice = self.search(det, rng, view, default, steps)
        if choice is None:  # the deals did not show the view's decision
            self.inconsistent += 1
            return default, False
        self.searched += 1
        return choice, True

    def _note(self, view: View, choice: str) -> str:
        # What the view will not tell later: the stacking ability is once a turn, a card set
        # this turn cannot be flipped before the next (R16), and what our activation was.
        self.memory.chose(view, choice)
        if choice == "cancel":
            self._draft = None
        return choice

    def search(
        self,
        det: Determinizer,
        rng: Rng,
        view: View,
        default: str | None,
        steps: tuple[str, ...] = (),
    ) -> str | None:
        """Run the iterations; the best root move, as an option id of the view's prompt, or
        None if the determinizations do not match the view's prompt.

        Every iteration deals one determinization and tries *every* root move on it (a copy
        each, the same playout seeds): the moves are compared on the same deal and the same
        luck, which takes most of the noise out of their differences. Below the root the
        tree is the usual one: UCB with availability counts, one reward per seat.
        ``iterations`` counts playouts, so the budget is the same whatever the moves.
        ``default`` (the heuristic's move, as an option id) is kept unless another did better
        by ``confidence`` standard errors of the paired difference."""
        me = det.me
        prompt = view.prompt
        assert prompt is not None
        root = Node(None, me, None)
        deadline = time.perf_counter() + self.max_ms / 1000 if self.max_ms else None
        real: dict[str, str] = {}
        diffs: dict[str, list[float]] = {}  # per move: its reward minus the default's, per deal
        default_key: str | None = None
        playouts = 0
        limit = self.budget(det.n)
        while playouts < limit:
            base = det.sample(rng, self.memory)
            if base is None:  # no deal fits what the others did: this playout is not played
                playouts += 1
                continue
            for step in steps:
                if base.prompt is None or base.prompt.option(step) is None:
                    return None
                base.choose(me, step)
            if not real:
                p = base.prompt
                if p is None or p.seat != me or p.kind is not prompt.kind:
                    return None
                real = _moves(base, prompt)
                if set(_moves(base)) != set(real):
                    return None
                if len(real) < 2:  # the options are all the same move
                    return next(iter(real.values()))
                chosen = prompt.option(default) if default is not None else None
                if chosen is not None and chosen.kind != "cancel":
                    default_key = move_key(base, chosen)
                    real[default_key] = chosen.id  # the heuristic's own card among equals
            seeds = [rng.next64() for _ in range(base.n)]
            # The heuristic in each playout seat remembers the worships it let pass, as the
            # player it stands for does (ours: our own heuristic's count).
            declined = [
                dict(self.fallback._declined)
                if s == me
                else self.memory.declined(s, [base.defs[c].id for c in base.st.hands[s]])
                for s in range(base.n)
            ]
            got: dict[str, float] = {}
            for key in real:
                game = base.clone()
                bots = [
                    _playout_bot(seed, d, self.book.cards)
                    for seed, d in zip(seeds, declined, strict=True)
                ]
                child = root.children.get(key)
                if child is None:
                    child = root.children[key] = Node(key, me, root)
                child.avail += 1
                game.choose(me, real[key])
                got[key] = self._iterate(child, game, rng, bots)[me]
                playouts += 1
                self.playouts += 1
            root.visits += 1
            if default_key is not None:
                for key, r in got.items():
                    diffs.setdefault(key, []).append(r - got[default_key])
            if deadline is not None and time.perf_counter() > deadline:
                break
        if not real:
            return default  # no deal fitted what the others did: the heuristic's move
        best = self._best(root, default_key)
        if default_key is not None and best != default_key and self.confidence:
            d = diffs[best]
            mean = sum(d) / len(d)
            # (floored: a few deals that all agree are not proof)
            var = max(sum((x - mean) ** 2 for x in d) / max(len(d) - 1, 1), 0.05)
            if mean <= self.confidence * math.sqrt(var / len(d)):
                return real[default_key]
        return real[best]

    @staticmethod
    def _best(root: Node, default_key: str | None) -> str:
        best = max(
            root.children.values(),
            key=lambda ch: (ch.reward / max(ch.visits, 1), ch.move == default_key, ch.move or ""),
        )
        assert best.move is not None
        return best.move

    def _iterate(self, node: Node, game: Game, rng: Rng, bots: list[HeuristicBot]) -> list[float]:
        """One descent from ``node`` (whose move has just been played on ``game``): select and
        expand down the tree, play out, back the rewards up; returns the rewards."""
        path = [node]
        c = self.exploration
        me = node.seat
        # Selection and expansion, through prompts with a choice.
        while game.prompt is not None and self.tree:
            seat = game.prompt.seat
            if (seat != me and not self.opponents_in_tree) or game.prompt.kind not in SEARCHED:
                # the others as the heuristic plays them; and, as at the root, the steps that
                # carry on a decision already taken (mode, targets, costs, effect choices)
                game.choose(seat, bots[seat].choose(game.view(seat)))
                continue
            moves = _moves(game)
            if len(moves) == 1:
                game.choose(seat, next(iter(moves.values())))
                continue
            children = node.children
            for key in moves:
                child = children.get(key)
                if child is not None:
                    child.avail += 1
            untried = [key for key in moves if key not in children]
            if untried:
                # the heuristic's move first: until the others are tried, the node is valued
                # as the heuristic would play on, not by a random move
                hint = game.prompt.option(bots[seat].choose(game.view(seat)))
                key = move_key(game, hint) if hint is not None else ""
                if key not in untried:
                    key = untried[rng.below(len(untried))]
                child = children[key] = Node(key, seat, node)
                child.avail = 1
                game.choose(seat, moves[key])
                path.append(child)
                break
            node = max((children[key] for key in moves), key=lambda ch: ch.ucb(c))
            # (type: ignore: a child's move is never None (only the root's))
            game.choose(seat, moves[node.move])  # type: ignore[index]
            path.append(node)
        rewards = self._playout(game, bots)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]
        return rewards

    def _playout(self, game: Game, bots: list[HeuristicBot]) -> list[float]:
        """Play to the end with the heuristic bot in every seat: the reward of each seat."""
        steps = 0
        while game.prompt is not None and steps < MAX_PLAYOUT:
            seat = game.prompt.seat
            game.choose(seat, bots[seat].choose(game.view(seat)))
            steps += 1
        result = game.result
        if result is None or result.winner is None:
            return [1.0 / game.n] * game.n
        out = [0.0] * game.n
        out[result.winner] = 1.0
        return out
