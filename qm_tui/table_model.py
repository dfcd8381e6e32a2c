"""The table as data: what the table screen shows, worked out without Textual.

:class:`TableModel` holds what the screen knows beyond the view (which question I answered,
who sits where and who is away, the timers, the cards seen so far, what the playback shows)
and answers what is drawn: what is wanted now (:class:`Now`), each seat's name line as
structured parts (:class:`SeatHeader`), which options name which card or seat
(:class:`OptionRefs`), which cards the chain targets, which keys answer (:class:`KeyState`) and
the status line's words (:class:`StatusLine`). The screen and its widgets draw these; tests
check them with no app running (tests/test_table_model.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from qm_rules.model import Event, LinkView, Option, Phase, PromptKind, SeatView, View
from qm_rules.progress import WORSHIP_OFFERINGS, hand_outlooks, seat_progress
from qm_tui.clock import Clock
from qm_tui.i18n import tr
from qm_tui.playback import ChainFrame
from qm_tui.seat_words import bot_words
from qm_tui.session import Ended, Reconnecting, Seats, SeatStatus
from qm_words import card_name, distinct_options, outlook_words, worship_progress
from qm_words.logorder import LogOrder

#: Options the "pass" and "end" keys take, in order of preference.
PASS_IDS = ("pass", "none")
END_IDS = ("end", "skip", "decline", "enough")
#: The table's actions that answer with an option of their own, and the options they take: that
#: option keeps its letter (the action's key) and never takes a number, so that a number pressed
#: for one question cannot mean "pass" in the next.
LETTERED = (("pass", PASS_IDS), ("end", END_IDS), ("cancel", ("cancel",)))


def lettered(ids: Sequence[str]) -> dict[str, str]:
    """The options among ``ids`` that a letter answers: option id -> the table's action (pass,
    end, cancel); of each action, the first of its options present (the one its key takes)."""
    out: dict[str, str] = {}
    for action, wanted in LETTERED:
        first = next((i for i in wanted if i in ids), None)
        if first is not None:
            out[first] = action
    return out


def numbered(ids: Sequence[str]) -> tuple[str, ...]:
    """The options among ``ids`` the number keys answer, in order: all but :func:`lettered`."""
    closing = lettered(ids)
    return tuple(i for i in ids if i not in closing)


@dataclass(frozen=True, slots=True)
class Now:
    """What the status line's second line says: ``kind`` picks the words and colour.

    ``mine`` (your decision), ``respond`` (yours, answering a chain), ``sent`` (answered, the
    table is moving on), ``waiting`` (someone else decides: ``who``), ``away_bot`` (``who``
    should decide but is away: the bar counts down to the bot that takes the seat over, which
    comes before any timer), ``away_timer`` (away, and the prompt's timer runs out before the
    bot comes: the bar is the timer's), ``over`` (the game ended: ``who`` won, or a draw when
    ``who`` is empty), ``watching`` (a spectator, no one deciding), ``reconnecting`` (the
    connection is lost: ``who`` is the try, "2/5")."""

    kind: str
    who: str = ""


@dataclass(frozen=True, slots=True)
class OptionRefs:
    """Which options name which card (``cid``) and which seat: what a tile's Enter can pick."""

    cards: dict[int, list[Option]] = field(default_factory=dict)
    seats: dict[int, list[Option]] = field(default_factory=dict)

    @classmethod
    def of(cls, options: Iterable[Option]) -> OptionRefs:
        refs = cls()
        for o in options:
            if o.card is not None:
                refs.cards.setdefault(o.card, []).append(o)
            elif o.seat is not None:
                refs.seats.setdefault(o.seat, []).append(o)
        return refs


@dataclass(frozen=True, slots=True)
class KeyState:
    """What the key bar shows: the game over (``v``), a decision of mine (its keys), whether
    it can be passed and ended (``p``, ``e``), and how many options the number keys answer."""

    over: bool = False
    mine: bool = False
    close: tuple[bool, bool] = (False, False)
    count: int = 0


@dataclass(frozen=True, slots=True)
class HeaderPart:
    """One part of a seat's name line: ``kind`` says what it is (a widget may style it)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class SeatHeader:
    """A seat's name line as data: turn mark and name, whether it is mine, how it is played
    (conceded, a bot and its level, online or not), hand size, stacked offerings, how near it
    is to winning (its offerings on the field out of the 4 worship needs while it has no
    ancestor out; its ancestor's condition and how far it is, as the view shows it; for me,
    what declaring each ancestor in my hand would do now), and whether it is deciding now.
    :meth:`parts` puts it in words; the seat's widget draws the parts (a new figure is a field
    here and a part in :meth:`parts`)."""

    seat: int
    name: str
    turn: bool = False
    mine: bool = False
    conceded: bool = False
    presence: str | None = None
    """A bot and how well it plays, or whether the player is online (in words); None: unknown."""
    hand_count: int = 0
    stacked: int = 0
    offerings: int | None = None
    progress: str | None = None
    outlook: str | None = None
    deciding: bool = False

    def parts(self, lang: str) -> tuple[HeaderPart, ...]:
        name = (">" if self.turn else " ") + self.name
        if self.mine:
            name += tr("table.you", lang)
        out = [HeaderPart("name", name)]
        if self.conceded:
            out.append(HeaderPart("conceded", tr("table.conceded", lang)))
        elif self.presence is not None:
            out.append(HeaderPart("presence", self.presence))
        out.append(HeaderPart("hand", tr("table.hand_count", lang, n=self.hand_count)))
        if self.stacked:
            out.append(HeaderPart("stacked", tr("table.stacked", lang, n=self.stacked)))
        if self.offerings is not None:
            out.append(
                HeaderPart(
                    "offerings",
                    tr("progress.offerings", lang, n=self.offerings, need=WORSHIP_OFFERINGS),
                )
            )
        if self.progress:
            out.append(HeaderPart("progress", self.progress))
        if self.outlook:
            out.append(HeaderPart("outlook", self.outlook))
        if self.deciding:
            out.append(HeaderPart("deciding", "... " + tr("table.deciding", lang)))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class StatusLine:
    """The status line's content: the phase strip, the turn on the left, the piles on the
    right, what is wanted now and the countdown (or how long the table has waited)."""

    phase: Phase | None
    left: str
    right: str
    now: Now
    deadline_at: float | None
    total: float | None
    idle_since: float | None


@dataclass(slots=True)
class Shown:
    """What the playback last showed with ``view``: its chain frame, phase, turn's seat and
    (turn, round)."""

    chain: ChainFrame
    phase: Phase | None
    turn_seat: int | None
    view: View
    turn: tuple[int, int] | None


def option_refs(options: Iterable[Option]) -> OptionRefs:
    """Which options name which card and which seat."""
    return OptionRefs.of(options)


def chain_targets(view: View) -> frozenset[int]:
    """The cards (``cid``) the links on the chain target."""
    return frozenset(
        int(t[1:]) for link in view.chain for t in link.targets if t[:1] == "c" and t[1:].isdigit()
    )


def names_on_board(view: View, lang: str) -> frozenset[str]:
    """The names of the cards face up on the board: every field's and the hands shown (mine,
    and every one at the game's end): a name shortened on a narrow tile is told apart from
    these."""
    cards = [
        slot.card.card
        for sv in view.seats
        for slot in sv.slots
        if slot.card is not None and not slot.face_down
    ]
    cards += [c.card for sv in view.seats for c in sv.hand or ()]
    return frozenset(card_name(c, lang) for c in cards)


def answering(view: View) -> bool:
    """Whether my decision answers a chain: a response, or a step of one being declared (its
    mode, target or cost, asked while the links it answers wait on the chain: a first
    activation of mine is declared with the chain empty)."""
    p = view.prompt
    if p is None:
        return False
    drafting = p.kind in (PromptKind.MODE, PromptKind.TARGET, PromptKind.COST)
    return p.kind is PromptKind.RESPOND or (drafting and bool(view.chain))


def pinned_link(view: View) -> tuple[LinkView, str] | None:
    """While I answer a link, or choose for a resolving one: that link, and the heading's
    string key."""
    p = view.prompt
    if p is None or p.seat != view.viewer or not view.chain:
        return None
    if p.kind is PromptKind.RESPOND:
        return view.chain[-1], "table.answering"
    if p.kind is PromptKind.EFFECT and view.resolving is not None:
        return view.chain[view.resolving], "table.resolving"
    return None


def played_in_action(view: View, option_id: str) -> tuple[str, int] | None:
    """Choosing ``option_id`` in my action phase: None if it ends the phase; else the phase
    stays mine to end, with the free slots left once the card is down: if the engine ends the
    phase (nothing more can be played) the log says why — no free slot left, or nothing left
    that may be played (:func:`qm_tui.playback.closed_words`)."""
    p, me = view.prompt, view.me()
    if p is None or me is None or option_id == p.default:
        return None
    option = p.option(option_id)
    free = sum(1 for s in me.slots if s.card is None and not s.face_down)
    takes = option is not None and option.kind in ("play", "set")
    return ("action", free - (1 if takes else 0))


class Away:
    """Which players are away and since when (as this client learnt it): waiting on them, the
    status line counts down to the bot that will play their seat, and the log says so once."""

    #: Seconds a player is away before the log says so (a blip of the network is not told).
    NOTE_AFTER = 5.0

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.since: dict[int, float] = {}
        self.told: set[int] = set()
        self.grace: float | None = None
        """How long after going away a bot plays the seat (the table's grace)."""

    def note(self, seats: Seats) -> None:
        self.grace = seats.grace
        for s in seats.seats:
            if s.kind == "human" and not s.connected and not s.played_by_bot:
                self.since.setdefault(s.seat, self.clock.now())
            else:
                self.since.pop(s.seat, None)
                self.told.discard(s.seat)  # away again later: told again

    def deadline(self, seat: int) -> float | None:
        """When a bot will play the seat of ``seat``'s player, who is away; None if not away."""
        at = self.since.get(seat)
        return None if at is None or self.grace is None else at + self.grace

    def due(self, view: View | None) -> list[tuple[int, int]]:
        """The players away long enough to be told, once each, during a game: (seat, seconds
        until a bot steps in). Not me, nor a player who conceded (the header says so)."""
        grace = self.grace
        if not self.since or view is None or view.result is not None or grace is None:
            return []
        now, out = self.clock.now(), []
        for seat, at in self.since.items():
            if seat in self.told or now - at < self.NOTE_AFTER or seat == view.viewer:
                continue
            if seat >= len(view.seats) or view.seats[seat].conceded:
                continue
            self.told.add(seat)
            out.append((seat, max(0, round(at + grace - now))))
        return out


class TableModel:
    """What the table screen knows and shows, beside the view (see the module's docstring)."""

    def __init__(self, clock: Clock, view: View | None = None) -> None:
        self.clock = clock
        self.view: View | None = view
        """The view on screen (the playback may be behind the table)."""
        self.chosen_seq: int | None = None
        """The question I answered (its ``seq``): its options go while the table moves on."""
        self.deadline_at: float | None = None
        """When the pending prompt's timer runs out (on ``clock``)."""
        self.timer_length: float | None = None
        """That timer's whole length in seconds, as the host told it (None: not told): the
        bar is full at it, not at the time left when this client first saw the clock."""
        self.seat_status: dict[int, SeatStatus] = {}
        self.away = Away(clock)
        self.known_cards: dict[int, str] = {}
        self.log_order = LogOrder()
        """The log's reading of the chain, update to update: each link's line before what it
        did (:mod:`qm_words.logorder`)."""
        """Card instances seen so far (cid -> card id), to name targets that left the view."""
        self.ended: Ended | None = None
        """The end of the game, once the playback has reached it (``v`` opens the result)."""
        self.shown: Shown | None = None
        """The chain, phase and turn the last playback step showed, and its view."""
        self.reconnecting: Reconnecting | None = None
        """The connection is lost and this try to get the seat back comes next (None: not)."""
        self._idle_from: tuple[tuple[int, int], float] | None = None

    # ── the question in front of me ─────────────────────────────────────────────────────────

    def my_question(self, view: View | None = None) -> bool:
        """Whether ``view`` (default: the one on screen) asks me something with options."""
        view = self.view if view is None else view
        p = view.prompt if view is not None else None
        return view is not None and p is not None and p.seat == view.viewer and bool(p.options)

    def answered(self, view: View | None = None) -> bool:
        """Whether the question of ``view`` (default: on screen) was answered from here."""
        view = self.view if view is None else view
        p = view.prompt if view is not None else None
        return p is not None and self.chosen_seq == p.seq

    def refs(self, view: View) -> OptionRefs:
        """The options of my question that name cards and seats (none if it is not mine)."""
        p = view.prompt
        return option_refs(p.options) if p is not None and self.my_question(view) else OptionRefs()

    def prompt_ids(self) -> tuple[str, ...]:
        """My question's options, as the list shows them."""
        view = self.view
        if view is None or view.prompt is None or view.prompt.seat != view.viewer:
            return ()
        return tuple(o.id for o in distinct_options(view.prompt.options, view))

    def numbered_ids(self) -> tuple[str, ...]:
        """My question's options that the number keys answer, in their keys' order."""
        return numbered(self.prompt_ids())

    def keys(self, view: View, now: Now) -> KeyState:
        """The keys for ``view``: an answered question's options are gone."""
        p = view.prompt
        mine = self.my_question(view) and not self.answered(view)
        shown = distinct_options(p.options, view) if mine and p is not None else []
        ids = [o.id for o in shown]
        close = (any(i in ids for i in PASS_IDS), any(i in ids for i in END_IDS))
        return KeyState(now.kind == "over", mine, close, len(numbered(ids)))

    # ── what is wanted now ──────────────────────────────────────────────────────────────────

    def now(self, view: View) -> Now:
        """What is wanted at ``view``, in the words of the status line."""
        p = view.prompt
        result = view.result or (self.ended.result if self.ended is not None else None)
        if result is not None:
            w = result.winner
            return Now("over", view.seats[w].name if w is not None else "")
        if p is None:
            return Now("watching" if view.viewer is None else "waiting")
        if p.seat == view.viewer and p.options:
            if self.chosen_seq == p.seq:
                return Now("sent")
            return Now("respond" if answering(view) else "mine")
        who = view.seats[p.seat].name
        bot_at = self.away.deadline(p.seat)
        if bot_at is None:
            return Now("waiting", who)
        # away: say what comes first, the bot taking the seat over or the prompt's timer
        timer_at = self.deadline_at
        return Now("away_timer" if timer_at is not None and timer_at < bot_at else "away_bot", who)

    def idle_since(self, view: View) -> float | None:
        """Since when (on the clock) the decision awaited has waited, as this table first saw
        it asked: shown counting up where no timer runs (its host switched the timers off), so
        that the others see how long a player has been idle. None for a bot's decision."""
        p = view.prompt
        if p is None:
            self._idle_from = None
            return None
        status = self.seat_status.get(p.seat)
        if status is not None and (status.kind == "bot" or status.played_by_bot):
            return None  # a bot is never idle for long: nothing to count
        if self._idle_from is None or self._idle_from[0] != (p.seat, p.seq):
            self._idle_from = ((p.seat, p.seq), self.clock.now())
        return self._idle_from[1]

    def status_line(self, view: View, lang: str) -> StatusLine:
        """The status line for ``view`` (the playback's phase and turn while it plays a view
        back)."""
        phase: Phase | None = view.phase
        turn_seat = view.turn_seat
        turn, round_ = view.turn, view.round
        shown = self.shown
        if shown is not None and shown.view is view and view.result is None:
            phase = shown.phase or phase
            if shown.turn_seat is not None:  # the turn played back, its number with its player
                turn_seat = shown.turn_seat
                turn, round_ = shown.turn or (turn, round_)
        turn_name = view.seats[turn_seat].name if 0 <= turn_seat < len(view.seats) else ""
        left = tr("status.turn", lang, turn=turn, round=round_, name=turn_name)
        if view.viewer is None:
            left = tr("seats.watching", lang) + "  " + left
        right = tr("status.piles", lang, deck=view.deck_count, discard=len(view.discard))
        for tag in sorted({p.tag for p in view.prohibitions}):
            right += tr("table.prohibited", lang, tag=tr(f"tag.{tag}", lang))
        now = self.now(view)
        deadline, total = self.deadline_at, self.timer_length
        if now.kind == "away_bot" and view.prompt is not None:
            deadline = self.away.deadline(view.prompt.seat)  # the bot comes first: its clock
            total = self.away.grace
        if self.reconnecting is not None:  # the table is gone: the tries, not a stale wait
            step = self.reconnecting
            now, deadline, total = Now("reconnecting", f"{step.attempt}/{step.of}"), *step.clock
        idle = self.idle_since(view) if now.kind == "waiting" else None
        return StatusLine(phase, left, right, now, deadline, total, idle)

    def banner(self, view: View, lang: str) -> tuple[str, str] | None:
        """The banner over the final table: its words and its kind (``win``: mine, ``loss``:
        another's, ``draw``); None while the game goes on."""
        result = view.result or (self.ended.result if self.ended is not None else None)
        if result is None:
            return None
        w = result.winner
        if w is None:
            return tr("table.banner.draw", lang), "draw"
        if w == view.viewer:
            return tr("table.banner.win", lang), "win"
        name = view.seats[w].name if 0 <= w < len(view.seats) else "?"
        return tr("table.banner.wins", lang, name=name), "loss"

    # ── the seats ───────────────────────────────────────────────────────────────────────────

    def seat_header(self, sv: SeatView, view: View, lang: str) -> SeatHeader:
        """A seat's name line as data."""
        status = self.seat_status.get(sv.seat)
        presence: str | None = None
        if status is not None:  # a bot and how well it plays; else whether they are online
            words = bot_words(status, lang)
            presence = words or tr(f"table.conn.{'on' if status.connected else 'off'}", lang)
        mine = sv.seat == view.viewer
        progress = seat_progress(view, sv.seat)
        outlook = ""  # what declaring each ancestor in my hand would do now
        if mine and progress.ancestor is None:
            outlook = "; ".join(outlook_words(o, lang) for o in hand_outlooks(view))
        deciding = (
            view.prompt is not None
            and view.prompt.seat == sv.seat
            and view.result is None
            and self.away.deadline(sv.seat) is None  # (away, nobody decides yet)
        )
        return SeatHeader(
            seat=sv.seat,
            name=sv.name,
            turn=sv.seat == view.turn_seat,
            mine=mine,
            conceded=sv.conceded,
            presence=presence,
            hand_count=sv.hand_count,
            stacked=len(sv.stacked),
            offerings=progress.offerings if progress.ancestor is None else None,
            progress=worship_progress(view, sv.seat, lang) or None,
            outlook=outlook or None,
            deciding=deciding,
        )

    def header_classes(self, sv: SeatView, view: View, refs: OptionRefs) -> frozenset[str]:
        """The seat's name line's classes: its turn, out of the game, choosable."""
        classes = set()
        if sv.seat == view.turn_seat:
            classes.add("-turn")
        if sv.conceded:
            classes.add("-out")
        if sv.seat in refs.seats:
            classes.add("-choosable")
        return frozenset(classes)

    # ── cards seen ──────────────────────────────────────────────────────────────────────────

    def learn_cards(self, events: Sequence[Event]) -> None:
        """Remember the cards ``events`` name (to name them once they have left the view)."""
        for e in events:
            cid, did = e.data.get("card"), e.data.get("def")
            if isinstance(cid, int) and isinstance(did, str):
                self.known_cards[cid] = did
            cids, dids = e.data.get("cards"), e.data.get("defs")
            if isinstance(cids, list) and isinstance(dids, list) and len(cids) == len(dids):
                self.known_cards.update(zip(cids, dids, strict=True))
