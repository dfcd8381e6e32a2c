"""Playing the table's updates back one step at a time, so that a player can follow them.

The host sends a view and the events that led to it after every decision, at the speed the
bots decide (a whole bot turn in about a second; a three-link chain resolved in one update).
:class:`Playback` turns each update into :class:`Step` values — a card placed, a link added to
the chain, each link resolving with what it did, a phase begun — and hands them out one at a
time, each after the time the player's pace gives it. It only ever runs on the client: the
host never waits for it.

It never falls behind for long: when steps pile up it hurries (each step's time is divided by
how far behind it is, so that it is never much more than :func:`most_behind` seconds behind:
``MOST_BEHIND`` at the normal pace, in proportion at a slower or faster one), and
the table takes everything at once (:meth:`Playback.flush`) when a decision of the player's
arrives or the player skips. Time comes from the injected clock; the
screen asks :meth:`Playback.due` on a short interval. No Textual here.

The chain is rebuilt from the events (``activate``, ``negate``, ``resolved``), because a chain
that builds and resolves within one update is never in any view; at the end of every update it
is taken again from the update's view, which is the authority.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from qm_rules.model import CardView, Event, LinkKind, LinkView, Phase, View
from qm_rules.progress import ancestor_on_field
from qm_tui.clock import Clock
from qm_words import field_places
from qm_words.events.discard import leaves_with

__all__ = [
    "DEFAULT_PACE",
    "ANCESTOR_NOTES",
    "FULL_NOTES",
    "PACES",
    "ChainFrame",
    "LinkState",
    "Playback",
    "Step",
    "closed_note",
    "closed_words",
    "field_full",
    "is_resolved",
    "most_behind",
    "next_pace",
    "resolved_among",
]

#: Seconds a step stays on screen before the next one, by pace.
PACES: dict[str, float] = {"fast": 0.3, "normal": 0.8, "slow": 1.6}
DEFAULT_PACE = "normal"

#: Steps queued beyond which the playback hurries (each step's time divided by queued / HURRY).
HURRY = 6

#: Seconds of steps queued, at the normal pace, beyond which the playback hurries: it is never
#: much more than this behind the table. At another pace it scales with the step
#: (:func:`most_behind`): a slow pace was chosen for the time, so a chain of three, 7.8 s at
#: slow, is played back link by link there too, not dropped as "far behind".
MOST_BEHIND = 3.0

#: Bookkeeping steps pass quicker than a card played or a link resolving (share of a step).
LIGHT: dict[str, float] = {"phase": 0.5, "draw": 0.6, "turn": 0.7, "pass": 0.6, "reshuffle": 0.6}

#: The viewer's own phases that ask for a play; one that passes without a question (nothing
#: could be played) gets a note saying so, or the player sees play move on without knowing why.
IDLE_NOTES: dict[str, str] = {
    "place": "table.idle.place",
    "action": "table.idle.action",
    "worship": "table.idle.worship",
}

#: The same, when the viewer's 5 slots are all taken: the real reason nothing could be played
#: (RULES.md section 5; a used counter keeps its slot until its owner's end phase), not "nothing
#: you can place" to a player holding offerings.
FULL_NOTES: dict[str, str] = {
    "place": "table.idle.place.full",
    "action": "table.idle.action.full",
}

#: The same, when the viewer's ancestor is on their field: they have worshipped and wait for
#: its condition to hold, and skip placement meanwhile (RULES.md 4.2); the worship note says
#: how far the condition is (``{progress}``, :func:`qm_words.worship_progress`).
ANCESTOR_NOTES: dict[str, str] = {
    "place": "table.idle.place.ancestor",
    "worship": "table.idle.worship.ancestor",
}

#: Events told with the next step: a section says nothing by itself, and a timeout goes with
#: the default it took (the log reads "timed out (passed)", not that and "passes").
SILENT = frozenset({"section", "timeout"})


def most_behind(pace: str) -> float:
    """Seconds of steps queued at ``pace`` beyond which the playback hurries (twice that: the
    oldest are shown at once): ``MOST_BEHIND`` at the normal pace, in proportion at others."""
    step = PACES.get(pace, PACES[DEFAULT_PACE])
    return MOST_BEHIND if step == PACES[DEFAULT_PACE] else MOST_BEHIND * step / PACES[DEFAULT_PACE]


def next_pace(pace: str) -> str:
    """The pace after ``pace`` in the order fast, normal, slow (then fast again)."""
    names = list(PACES)
    return names[(names.index(pace) + 1) % len(names)] if pace in PACES else DEFAULT_PACE


@dataclass(frozen=True, slots=True)
class LinkState:
    """A chain link as drawn: ``state`` is ``waiting``, ``resolving``, ``resolved`` or
    ``negated``; ``effects`` are the events its resolution made (the outcome's words) and
    ``failed`` whether a part of its effect could not be done. ``places``: where its targeted
    cards lay when it was made, ``(cid, seat, slot)`` (the chain's box says whose they were,
    also once the resolution has moved them); None: where the view shows them."""

    link: LinkView
    state: str = "waiting"
    effects: tuple[Event, ...] = ()
    failed: bool = False
    places: tuple[tuple[int, int, int], ...] | None = None

    def where(self) -> dict[int, tuple[int, int]] | None:
        """:attr:`places` as ``describe_link`` takes them."""
        if self.places is None:
            return None
        return {cid: (seat, slot) for cid, seat, slot in self.places}


def target_places(
    link: LinkView, *boards: dict[int, tuple[int, int]]
) -> tuple[tuple[int, int, int], ...]:
    """Where ``link``'s targeted cards lie: on the first of ``boards`` (``field_places``) that
    has each."""
    out = []
    for t in link.targets:
        if t[:1] == "c" and t[1:].isdigit():
            cid = int(t[1:])
            place = next((b[cid] for b in boards if cid in b), None)
            if place is not None:
                out.append((cid, *place))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ChainFrame:
    """The chain at one step, oldest link first; ``current``: the index of the link the step
    is about (the one resolving, or just resolved), drawn highlighted."""

    links: tuple[LinkState, ...] = ()
    current: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One beat of the playback.

    ``events``: what the log says at this step. ``chain``: the chain as drawn. ``phase`` and
    ``turn_seat``: what the phase strip shows, with ``turn`` (the turn's number and round).
    ``view``: the board changes to it here (the update's view, on one step of the update),
    with ``deadline_at`` for its prompt (and ``timer``, that clock's whole length, if told).
    ``ended``: the game is over at this step. ``weight``: its time, in steps of the pace.
    ``note``: a catalogue key the log tells after the events (a phase of the viewer's passed
    with nothing to play).
    """

    events: tuple[Event, ...]
    chain: ChainFrame
    phase: Phase | None
    turn_seat: int | None
    view: View | None = None
    turn: tuple[int, int] | None = None
    deadline_at: float | None = None
    timer: float | None = None
    ended: object | None = None
    weight: float = 1.0
    note: str = ""


def is_resolved(frame: ChainFrame) -> bool:
    """Whether every link of ``frame`` has resolved (or was negated): the chain is over."""
    return bool(frame.links) and all(ls.state in ("resolved", "negated") for ls in frame.links)


def resolved_among(steps: Sequence[Step]) -> ChainFrame | None:
    """The last chain that finished resolving among ``steps`` shown at once (a decision of the
    player's arrived, or a skip), each link with its outcome and none lit — for the table to
    keep drawn until the next step, or the player never sees what became of a chain they may
    have answered; None when no chain resolved after the last one drawn."""
    frame = next((step.chain for step in reversed(steps) if step.chain.links), None)
    if frame is None or not is_resolved(frame):
        return None
    return dataclasses.replace(frame, current=None)


def _link_from_event(e: Event) -> LinkView:
    """A chain link as an ``activate`` event describes it (costs and payload by card id)."""
    d = e.data
    index = int(d.get("link") or 0)
    try:
        kind = LinkKind(str(d.get("kind")))
    except ValueError:
        kind = LinkKind.ACTION
    payload = d.get("payload")
    return LinkView(
        index,
        e.seat if e.seat is not None else 0,
        kind,
        CardView(int(d.get("card") or -1), str(d.get("def") or "")),
        d.get("mode"),
        tuple(str(t) for t in d.get("targets") or ()),
        tuple(CardView(-1, str(c)) for c in d.get("cost") or ()),
        False,
        index - 1 if index > 0 else None,
        CardView(-1, str(payload)) if payload else None,
    )


def visible_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events ``viewer`` sees, each once: the engine sends a public event ("Bob draws 2")
    and then, to the seats allowed, the same with the cards named; only the second is kept
    (the rule :func:`qm_words.describe_events` follows for the log)."""
    seen = [e for e in events if e.visible_to(viewer)]
    out: list[Event] = []
    for i, e in enumerate(seen):
        nxt = seen[i + 1] if i + 1 < len(seen) else None
        if e.to is None and nxt is not None and nxt.to is not None and nxt.kind == e.kind:
            if nxt.seat == e.seat:
                continue
        out.append(e)
    return out


def field_full(view: View) -> bool:
    """Whether the viewer's 5 slots are all taken in ``view`` (none of them free)."""
    me = view.me()
    return me is not None and not any(s.empty for s in me.slots)


def my_ancestor_down(view: View) -> bool:
    """Whether the viewer's ancestor is on their field in ``view``."""
    return view.viewer is not None and ancestor_on_field(view, view.viewer) is not None


def idle_notes(
    seen: Sequence[Event], viewer: int | None, full: bool = False, ancestor: bool = False
) -> dict[int, str]:
    """The phases of ``viewer``'s that passed without a question, among the events ``seen`` of
    one update (as :func:`visible_events` gives them): their index -> the note the log tells
    after them. Such a phase is followed at once by the next phase (or turn): the engine passes
    through a phase with nothing to play. Only within an update: across updates a phase the
    player closed (no event says so) looks the same. ``full``: the viewer's slots are all taken
    in the update's view, so the note says that (:data:`FULL_NOTES`); ``ancestor``: the
    viewer's ancestor is on their field, which says why before a full field does
    (:data:`ANCESTOR_NOTES`)."""
    out: dict[int, str] = {}
    if viewer is None:
        return out
    for i in range(len(seen) - 1):
        e = seen[i]
        if e.kind == "phase" and e.seat == viewer and seen[i + 1].kind in ("phase", "turn"):
            phase = str(e.data.get("phase"))
            note = (
                (ANCESTOR_NOTES.get(phase) if ancestor else None)
                or (FULL_NOTES.get(phase) if full else None)
                or IDLE_NOTES.get(phase)
            )
            if note:
                out[i] = note
    return out


def closed_note(seen: Sequence[Event], viewer: int | None, closed: tuple[str, int] | None) -> int:
    """Where a phase of ``viewer``'s that the engine closed under them ends, among the events
    ``seen`` of one update: ``closed`` is the phase the viewer had played in without closing
    it (and the free slots their play left), as the update began. If the update moves the
    viewer to another phase or turn before that phase asks again, nothing more could be played
    in it: the index of the event that moved on (-1: none). Not when the viewer's turn timer
    ended it (a ``timeout`` that took "end"): the log says that, the one true reason (playtest
    4, F14: "Nothing more you can play" then "timed out (ended the action phase)")."""
    if closed is None or viewer is None:
        return -1
    for i, e in enumerate(seen):
        if e.kind == "timeout" and e.seat == viewer and e.data.get("option") == "end":
            return -1
        if e.kind == "turn" or (e.kind == "phase" and e.seat == viewer):
            return -1 if e.data.get("phase") == closed[0] else i
    return -1


def closed_words(seen: Sequence[Event], at: int, viewer: int | None, free: int) -> str:
    """The note for a phase of ``viewer``'s closed under them at ``seen[at]``: ``free`` slots
    were left once the card they chose was down, and a card an effect brought onto their field
    before ``at`` (Sleight of Hand's take, a put) took one more. None left: the 5 slots are
    full (the same words as a phase that passed for a full field, :data:`FULL_NOTES`), else
    nothing more could be played."""
    brought = sum(
        1
        for e in seen[:at]
        if e.seat == viewer
        and (e.kind == "put" or (e.kind == "take" and e.data.get("to") == "field"))
    )
    return FULL_NOTES["action"] if free - brought <= 0 else "table.idle.action.more"


def _finishes(link: LinkView, e: Event, drawing: bool) -> bool:
    """Whether ``e``, just after ``link`` resolved, is what became of the link's own card:
    a place negated (discarded), a worship (stacked, then the worship draw: ``drawing``), a
    worship returned to the hand, an ability's offering stacked or discarded."""
    if e.seat != link.seat:
        return False
    card, did = e.data.get("card"), e.data.get("def")
    if e.kind in ("discard", "return"):
        pay = link.payload
        return card == link.card.cid or (pay is not None and (card == pay.cid or did == pay.card))
    if e.kind == "worship":
        return link.kind is LinkKind.WORSHIP
    if e.kind == "stack":
        return link.kind is LinkKind.ABILITY
    return e.kind == "draw" and drawing


class _Builder:
    """Turns updates into steps, keeping the chain, phase and turn as of the last update."""

    def __init__(self) -> None:
        self.chain: list[LinkState] = []
        self.resolving = False
        self.phase: Phase | None = None
        self.turn_seat: int | None = None
        self.turn: tuple[int, int] | None = None
        self.board: dict[int, tuple[int, int]] = {}
        """Where the fields' cards lay at the last update's view (``field_places``): the board
        this update's events begin on."""

    def frame(self, current: int | None = None) -> ChainFrame:
        if current is None:
            current = next((ls.link.index for ls in self.chain if ls.state == "resolving"), None)
        return ChainFrame(tuple(self.chain), current)

    def _set(self, index: int, **changes: object) -> None:
        for i, ls in enumerate(self.chain):
            if ls.link.index == index:
                # (type: ignore: the changes are LinkState's fields)
                self.chain[i] = dataclasses.replace(ls, **changes)  # type: ignore[arg-type]
                return

    def _step(
        self, events: Sequence[Event], weight: float = 1.0, current: int | None = None
    ) -> Step:
        frame = self.frame(current)
        return Step(tuple(events), frame, self.phase, self.turn_seat, turn=self.turn, weight=weight)

    def steps(
        self,
        events: Sequence[Event],
        view: View,
        deadline_at: float | None,
        closed: tuple[str, int] | None = None,
        timer: float | None = None,
    ) -> list[Step]:
        out: list[Step] = []
        pending: list[Event] = []  # silent events, told with the next step
        group: list[Event] = []  # the events of the link resolving now
        last_resolution = -1
        finished: LinkView | None = None  # the link that just resolved
        seen = visible_events(events, view.viewer)
        notes = idle_notes(seen, view.viewer, field_full(view), my_ancestor_down(view))
        before, after = self.board, field_places(view)
        moved_on = closed_note(seen, view.viewer, closed)
        for i, e in enumerate(seen):
            if i == moved_on and closed is not None:  # told after what came before it
                note = closed_words(seen, i, view.viewer, closed[1])
                if out and not out[-1].note:
                    out[-1] = dataclasses.replace(out[-1], note=note)
                else:  # nothing before it in this update: a step of its own, the note only
                    out.append(dataclasses.replace(self._step([], 0.0), note=note))
            k = e.kind
            if finished is not None and out:
                drawing = out[-1].events[-1].kind in ("worship", "draw")
                if _finishes(finished, e, drawing):  # told with the link's own step
                    out[-1] = dataclasses.replace(out[-1], events=(*out[-1].events, e))
                    continue
                finished = None
            if k == "chain_closed":
                self.resolving = True
                if self.chain and self.chain[-1].state == "waiting":
                    self.chain[-1] = dataclasses.replace(self.chain[-1], state="resolving")
                if (e.data.get("links") or 0) >= 2:
                    out.append(self._step([*pending, e], 0.7))
                    pending = []
                else:  # a chain of one says nothing about closing
                    pending.append(e)
                continue
            if self.resolving:
                if k == "resolved":
                    index = int(e.data.get("link") or 0)
                    effects = tuple(x for x in group if x.kind not in ("section", "resolved"))
                    failed = any(x.kind == "section" and not x.data.get("ok") for x in group)
                    negated = bool(e.data.get("negated"))
                    self._set(
                        index,
                        state="negated" if negated else "resolved",
                        effects=effects,
                        failed=failed,
                    )
                    out.append(self._step([*pending, *group, e], 1.4, current=index))
                    finished = next((ls.link for ls in self.chain if ls.link.index == index), None)
                    last_resolution = len(out) - 1
                    pending, group = [], []
                    below = [ls for ls in self.chain if ls.state == "waiting"]
                    if below:  # the next link down resolves next
                        self._set(below[-1].link.index, state="resolving")
                    else:
                        self.resolving = False
                        self.chain = []
                    continue
                if k == "negate":
                    self._set(int(e.data.get("link") or 0), link=self._negated(e))
                group.append(e)
                continue
            if k in SILENT:
                pending.append(e)
                continue
            if out and out[-1].events and leaves_with(e, out[-1].events[-1]):
                # the cards leaving a field at the end phase: one step, read as one line
                out[-1] = dataclasses.replace(out[-1], events=(*out[-1].events, e))
                continue
            if k == "activate":  # its targets where they lay before (else placed meanwhile)
                link = _link_from_event(e)
                self.chain.append(LinkState(link, places=target_places(link, before, after)))
            elif k == "phase":
                try:
                    self.phase = Phase(str(e.data.get("phase")))
                except ValueError:
                    pass
                self.turn_seat = e.seat
            elif k == "turn":
                self.turn_seat = e.seat
                self.turn = (int(e.data.get("turn") or 0), int(e.data.get("round") or 0))
            step = self._step([*pending, e], LIGHT.get(k, 1.0))
            out.append(dataclasses.replace(step, note=notes[i]) if i in notes else step)
            pending = []
        if group or pending:  # a resolution waiting for a decision: told now
            out.append(self._step([*pending, *group], 1.0))
        # The view is the authority: take the chain, phase and turn from it.
        self._take(view, after)
        self.board = after
        final = dataclasses.replace(
            self._step([]), view=view, weight=0, deadline_at=deadline_at, timer=timer
        )
        at = last_resolution + 1 if last_resolution >= 0 else 0
        if at < len(out):
            # The board changes with this step (the first, or the first after the chain has
            # resolved); after the last step the chain and phase are the view's.
            out[at] = dataclasses.replace(out[at], view=view, deadline_at=deadline_at, timer=timer)
            out.append(dataclasses.replace(final, view=None, deadline_at=None, timer=None))
        else:
            out.append(final)
        return out

    def _negated(self, e: Event) -> LinkView:
        index = int(e.data.get("link") or 0)
        for ls in self.chain:
            if ls.link.index == index:
                return dataclasses.replace(ls.link, negated=True)
        raise LookupError(index)

    def _take(self, view: View, board: dict[int, tuple[int, int]] | None = None) -> None:
        """Take the chain from ``view``; links already resolved in this resolution stay shown
        (the view drops them) until the chain is done. A link keeps where its targets lay
        when it was made (``board``: the view's fields, for a link not seen made)."""
        done = [ls for ls in self.chain if ls.state in ("resolved", "negated")]
        made = {(ls.link.index, ls.link.card.cid): ls.places for ls in self.chain}
        chain = []
        for link in view.chain:
            state = "resolving" if view.resolving == link.index else "waiting"
            places = made.get((link.index, link.card.cid))
            if places is None:
                places = target_places(link, field_places(view) if board is None else board)
            chain.append(LinkState(link, state, places=places))
        if view.chain and view.resolving is not None:
            top = max(link.index for link in view.chain)
            chain.extend(ls for ls in done if ls.link.index > top)
        self.chain = sorted(chain, key=lambda ls: ls.link.index)
        self.resolving = view.resolving is not None and bool(view.chain)
        self.phase = view.phase
        self.turn_seat = view.turn_seat
        self.turn = (view.turn, view.round)


class Playback:
    """The queue of steps still to show, and when the next one is due."""

    def __init__(self, clock: Clock, pace: str = DEFAULT_PACE) -> None:
        self.clock = clock
        self.pace = pace if pace in PACES else DEFAULT_PACE
        self.queue: deque[Step] = deque()
        self._builder = _Builder()
        self._next_at: float | None = None

    @property
    def behind(self) -> int:
        """Steps still to show that say something (the table is that far ahead)."""
        return sum(1 for s in self.queue if s.weight > 0)

    def add(
        self,
        events: Sequence[Event],
        view: View,
        deadline_at: float | None,
        closed: tuple[str, int] | None = None,
        timer: float | None = None,
    ) -> None:
        """Queue the steps of one update; ``closed``: the viewer's phase they had played in
        and not closed, with the slots their play left, told if the update moves on
        (:func:`closed_note`, :func:`closed_words`); ``timer``: the whole length of the clock
        ``deadline_at`` ends."""
        self.queue.extend(self._builder.steps(events, view, deadline_at, closed, timer))

    def add_end(self, ended: object, view: View) -> None:
        """Queue the end of the game (after the last moves have been shown)."""
        self._builder._take(view)
        self.queue.append(
            dataclasses.replace(self._builder._step([]), view=view, ended=ended, weight=0.0)
        )

    def flush(self) -> list[Step]:
        """Everything queued, at once (a decision of the player's arrived, or a skip)."""
        steps = list(self.queue)
        self.queue.clear()
        self._next_at = None
        return steps

    @property
    def next_at(self) -> float | None:
        """When the next step is due (None: at once)."""
        return self._next_at

    def ready(self) -> bool:
        """Whether a step is due now."""
        return bool(self.queue) and (self._next_at is None or self.clock.now() >= self._next_at)

    def queued_seconds(self) -> float:
        """How long the queued steps would take at the pace, without hurrying."""
        return sum(s.weight for s in self.queue) * PACES[self.pace]

    def due(self) -> list[Step]:
        """The steps whose time has come (usually none or one), in order. Far behind (more
        than twice :func:`most_behind` seconds of steps at the pace), the oldest come at once,
        together."""
        now = self.clock.now()
        out: list[Step] = []
        limit = most_behind(self.pace)
        if self.queue and self.queued_seconds() > 2 * limit:
            while self.queue and self.queued_seconds() > limit:
                out.append(self.queue.popleft())
            self._next_at = None
        while self.queue and (self._next_at is None or now >= self._next_at):
            step = self.queue.popleft()
            out.append(step)
            if step.weight > 0:
                start = now if self._next_at is None else max(self._next_at, now - 1.0)
                hurry = max(1.0, self.behind / HURRY, self.queued_seconds() / limit)
                self._next_at = start + step.weight * PACES[self.pace] / hurry
        if not self.queue and self._next_at is not None and now >= self._next_at:
            self._next_at = None  # idle: the next update shows at once
        return out
