"""A deal no one can stack, and a game every player can check afterwards.

The host runs the rules and so knows the deck; this module is what lets the players stop
trusting it for two things: that it did not *choose* the deal, and that it applied the rules
to the choices that were made.

The deal (a commit-reveal coin toss between the host and every seated player):

1. Before a game the host draws a 32-byte ``secret`` and sends every connection
   ``commitment = H("qingming/deal/commit/v2", secret, cards)``, ``cards`` the SHA-256 of the
   card set's file the table named at ``welcome``: the host is bound to the set as to the
   secret, so it can neither swap the set unseen nor pick one after seeing the parts.
2. Every seated client answers with a fresh random 32-byte ``part``. The host accepts no part
   before its commitment is out, and shows no part to anyone before the end.
3. Seats that cannot answer (bots, disconnected players, a player who does not answer in time)
   get a part the host *derives from its secret* — ``H("qingming/deal/host-part/v1", secret,
   seat, reason)`` — so it was fixed by the commitment and the host cannot grind it after
   seeing the players' parts. Such parts are marked ``host`` and the table says so.
4. ``seed = "deal:" + hex(H("qingming/deal/seed/v1", secret, n, seat_0, source_0, part_0, …))``
   where ``H`` is SHA-256 over a length-prefixed encoding (:func:`_encode`: each field as a
   4-byte big-endian length then its bytes), so no two different lists of fields hash alike.
5. At the end the host reveals the secret, every part and the game's journal (players,
   options, rules, the seed it used and every choice). Each client then checks, on its own,
   :func:`verify`: the secret and the set it was told match the commitment, its own part was
   used as sent, the seed follows from the parts, the host played that seed with that set, and
   replaying the choices gives — for its own seat — exactly the views it was shown, in order.

What this proves: neither the host nor any one player could choose or predict the deal (the
host is bound by its commitment before it sees a part; a player sees neither the secret nor
other parts), and the game the host reports is the one the rules make of those choices and
the one the player saw. What it does not prove: the host still sees every hand while the game
runs (it could tell a friend), and it can abandon a game whose deal it dislikes (the table shows
an abandoned game; nothing is revealed then). A host colluding with a player could let that
player pick its part last, knowing the secret — again a host that cheats openly, not secretly.

This module is pure: no I/O but :meth:`ClientRecord.save` / :func:`load`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from typing import Any

from qm_rules import Event, Game, Journal, JournalError, RulesError, View, rules_version, to_plain
from qm_rules.cards import CardSet, shipped_cards

PART_BYTES = 32
SECRET_BYTES = 32
RECORD_KIND = "qingming-client-record"
RECORD_VERSION = 2  # 2: the card set (``cards``, ``card_source``); 1 had none: the game's own

# Where a part came from: the seat's own client, or the host (derived from its secret).
SOURCE_PLAYER = "player"
SOURCE_BOT = "bot"  # a bot seat the host runs
SOURCE_ABSENT = "absent"  # a human seat whose player was away or did not answer in time
HOST_SOURCES = (SOURCE_BOT, SOURCE_ABSENT)
SOURCES = (SOURCE_PLAYER, *HOST_SOURCES)


def _encode(fields: list[bytes]) -> bytes:
    """Length-prefixed concatenation: unambiguous, so distinct field lists never collide."""
    out = bytearray()
    for f in fields:
        out += len(f).to_bytes(4, "big")
        out += f
    return bytes(out)


def _h(label: str, *fields: bytes) -> bytes:
    return hashlib.sha256(_encode([label.encode(), *fields])).digest()


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def new_part() -> bytes:
    """A client's contribution: fresh randomness from the operating system."""
    return secrets.token_bytes(PART_BYTES)


def commitment(secret: bytes, cards: str | None = None) -> str:
    """What the host sends before any part is accepted (hex): bound to the card set the game
    is dealt from, ``cards`` (the SHA-256 hex of its file). None: the commitment of a record
    or journal written before sets were bound (version 1), which named none."""
    if cards is None:
        return _h("qingming/deal/commit/v1", secret).hex()
    return _h("qingming/deal/commit/v2", secret, bytes.fromhex(cards)).hex()


def host_part(secret: bytes, seat: int, source: str) -> bytes:
    """The part the host gives a seat that has none: fixed by the secret, so fixed by the
    commitment before any player's part was seen."""
    if source not in HOST_SOURCES:
        raise ValueError(f"not a host-made source: {source!r}")
    return _h("qingming/deal/host-part/v1", secret, str(seat).encode(), source.encode())


@dataclass(frozen=True, slots=True)
class Part:
    seat: int
    source: str  # one of SOURCES
    value: bytes

    def plain(self) -> dict[str, Any]:
        return {"seat": self.seat, "source": self.source, "part": self.value.hex()}

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Part:
        source = str(d["source"])
        if source not in SOURCES:
            raise ValueError(f"unknown part source {source!r}")
        value = bytes.fromhex(str(d["part"]))
        if len(value) != PART_BYTES:
            raise ValueError("a part is 32 bytes")
        return cls(int(d["seat"]), source, value)


def derive_seed(secret: bytes, parts: list[Part]) -> str:
    """The game's seed from the host's secret and one part per seat, in seat order."""
    if [p.seat for p in parts] != list(range(len(parts))):
        raise ValueError("one part per seat, in seat order")
    fields = [secret, str(len(parts)).encode()]
    for p in parts:
        fields += [str(p.seat).encode(), p.source.encode(), p.value]
    return "deal:" + _h("qingming/deal/seed/v1", *fields).hex()


def event_digest(event: Event) -> str:
    """A hash of one event as its receiver was told it: canonical JSON of its wire form."""
    from qm_net import compact  # (here: compact is the wire's, this module the rules')

    text = json.dumps(
        compact.event(event), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(text.encode()).hexdigest()


def sent_view(game: Game, viewer: int | None) -> View:
    """``viewer``'s view as the host sends it: the engine's, the decider's prompt telling it
    why each card of its that no option plays cannot be played now (its context's
    ``why_not``: only its own cards, which its view shows anyway). The host sends every view
    from here, and a replay checks the views against it (:func:`verify`)."""
    from qm_rules.plays import why_not_context  # (the engine's, as the host reads it)

    view = game.view(viewer)
    prompt = view.prompt
    if viewer is None or prompt is None or prompt.seat != viewer:
        return view
    told = why_not_context(game, viewer)
    if not told:
        return view
    prompt = dataclasses.replace(prompt, context={**prompt.context, "why_not": told})
    return dataclasses.replace(view, prompt=prompt)


def view_digest(view: View) -> str:
    """A hash of one view as the client understood it (typed, so independent of how the wire
    carried it): canonical JSON of its plain form."""
    text = json.dumps(to_plain(view), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


# ───────────────────────────── the host's side ─────────────────────────────


@dataclass(slots=True)
class Deal:
    """The host's state for one game's deal: its secret, and the parts as they arrive."""

    n: int
    secret: bytes = field(default_factory=new_secret)
    parts: dict[int, Part] = field(default_factory=dict)
    cards: str | None = None
    """The SHA-256 of the card set's file the game is dealt from, bound by the commitment."""

    @property
    def commitment(self) -> str:
        return commitment(self.secret, self.cards)

    def accept(self, seat: int, value: bytes) -> None:
        """A player's own part. Raises ValueError for a bad one or a second one."""
        if not 0 <= seat < self.n:
            raise ValueError("no such seat")
        if len(value) != PART_BYTES:
            raise ValueError(f"a part is {PART_BYTES} bytes")
        if seat in self.parts:
            raise ValueError("this seat's part is already in")
        self.parts[seat] = Part(seat, SOURCE_PLAYER, value)

    def fill(self, seat: int, source: str) -> None:
        """Give ``seat`` a host-made part (a bot, or a player who is away or too slow)."""
        if seat not in self.parts:
            self.parts[seat] = Part(seat, source, host_part(self.secret, seat, source))

    def complete(self) -> bool:
        return len(self.parts) == self.n

    def ordered(self) -> list[Part]:
        return [self.parts[s] for s in range(self.n)]

    def seed(self) -> str:
        return derive_seed(self.secret, self.ordered())

    def sources(self) -> list[str]:
        """Where each seat's part came from — public once the seed is fixed (values are not)."""
        return [self.parts[s].source for s in range(self.n)]

    def reveal(self, journal: Journal) -> dict[str, Any]:
        """What the host sends at the end: the secret, every part, and the game's journal."""
        return {
            "secret": self.secret.hex(),
            "commitment": self.commitment,
            "parts": [p.plain() for p in self.ordered()],
            "journal": journal.to_plain(),
        }

    def plain(self) -> dict[str, Any]:
        """For the host's own journal file (it holds the secret: the file is the host's)."""
        plain: dict[str, Any] = {
            "secret": self.secret.hex(),
            "parts": [p.plain() for p in self.ordered()],
        }
        if self.cards is not None:
            plain["cards"] = self.cards
        return plain

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> Deal:
        parts = [Part.from_plain(p) for p in d["parts"]]
        cards = str(d["cards"]) if d.get("cards") is not None else None
        deal = cls(len(parts), bytes.fromhex(str(d["secret"])), cards=cards)
        deal.parts = {p.seat: p for p in parts}
        return deal


# ───────────────────────────── the client's side ─────────────────────────────


@dataclass(slots=True)
class ClientRecord:
    """What a client keeps of one game to check it afterwards: the commitment it was shown,
    the part it sent, a digest of every view it received, and the host's reveal.

    A *partial* record is what a client that came to the game under way can keep — started
    again after a crash with its record lost, or watching from the middle: no commitment seen
    before the deal (``commitment`` empty), no part of its own; the views from its return on,
    and ``events``: digests of the events it was told of the game (the history it was given at
    its return, then the live ones), :func:`event_digest`, a timer's ``timeout`` marks left
    out (the journal does not hold them). A whole record kept on disk and carried on after a
    restart has ``events`` from the return on as well."""

    seat: int | None  # None: a spectator (checks the public views)
    commitment: str
    table: str = ""
    part: str | None = None  # hex, as sent
    sources: list[str] | None = None  # as the host announced them when the seed was fixed
    views: list[str] = field(default_factory=list)  # view digests, in the order received
    reveal: dict[str, Any] | None = None
    abandoned: bool = False
    game: int | None = None  # which game of the table (games finished before it), if known
    partial: bool = False
    events: list[str] | None = None  # event digests since a return (partial, or restored)
    cards: str | None = None  # the card set the table named (SHA-256 of its file); None: v1
    card_source: str | None = None  # that set's file, when it is not this program's own set

    def saw(self, view: View) -> None:
        digest = view_digest(view)
        if not self.views or self.views[-1] != digest:  # a repeated frame is the same view
            self.views.append(digest)

    def told(self, events: Any) -> None:
        """Events this (partial) record's client was told, in order."""
        if self.events is not None:
            self.events.extend(event_digest(e) for e in events if e.kind != "timeout")

    def plain(self) -> dict[str, Any]:
        return {
            "kind": RECORD_KIND,
            "version": RECORD_VERSION,
            "table": self.table,
            "seat": self.seat,
            "commitment": self.commitment,
            "part": self.part,
            "sources": self.sources,
            "views": list(self.views),
            "reveal": self.reveal,
            "abandoned": self.abandoned,
            "game": self.game,
            "partial": self.partial,
            "events": self.events,
            "cards": self.cards,
            "card_source": self.card_source,
        }

    @classmethod
    def from_plain(cls, d: dict[str, Any]) -> ClientRecord:
        if d.get("kind") != RECORD_KIND:
            raise ValueError("not a Qingming game record")
        seat = d.get("seat")
        return cls(
            seat=int(seat) if seat is not None else None,
            commitment=str(d["commitment"]),
            table=str(d.get("table") or ""),
            part=d.get("part"),
            sources=list(d["sources"]) if d.get("sources") is not None else None,
            views=[str(v) for v in d.get("views") or ()],
            reveal=d.get("reveal"),
            abandoned=bool(d.get("abandoned")),
            game=int(d["game"]) if d.get("game") is not None else None,
            partial=bool(d.get("partial")),
            events=[str(e) for e in d["events"]] if d.get("events") is not None else None,
            cards=str(d["cards"]) if d.get("cards") is not None else None,
            card_source=str(d["card_source"]) if d.get("card_source") is not None else None,
        )

    def save(self, path: str) -> None:
        """Write the record (0600: after the game it names every card the player held)."""
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(self.plain(), f, ensure_ascii=False)


def load(path: str) -> ClientRecord:
    with open(path, encoding="utf-8") as f:
        return ClientRecord.from_plain(json.load(f))


def is_record(path: str) -> bool:
    """Whether ``path`` holds a client's game record (one JSON object of :data:`RECORD_KIND`),
    not a host's journal. False for what cannot be read as one (the reader then says why)."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
        head = json.loads(first) if first.startswith("{") else None
    except (OSError, ValueError):
        return False
    return isinstance(head, dict) and head.get("kind") == RECORD_KIND


def revealed_journal(record: ClientRecord) -> Journal:
    """The game a finished record's reveal holds: every choice, the seed, the players (what
    the host showed every client at the end). JournalError when there is none (the game was
    left before its end) or it is malformed."""
    if record.reveal is None:
        raise JournalError("the host revealed nothing: the game was left before its end")
    try:
        journal = Journal.from_plain(record.reveal["journal"])
    except (KeyError, TypeError) as exc:
        raise JournalError(f"the host's reveal is malformed ({exc})") from exc
    if record.card_source is not None:  # the table's own set, as this client was sent it
        journal.cards = record.card_source
    return journal


def told_cards(record: ClientRecord, cards: CardSet) -> None:
    """Keep in ``record`` the card set its table named and dealt from (``cards``, checked
    against that name when it was received): its hash, and its file unless it is this
    program's own set, so that the record replays and verifies wherever it goes."""
    record.cards = cards.file_hash
    own = cards.file_hash == shipped_cards().file_hash
    record.card_source = None if own else cards.source.decode("utf-8")


def _set_told(record: ClientRecord, journal: Journal) -> str | None:
    """Why the set ``journal`` replays with is not the one the table named to this client
    (None: it is, or the record is from before sets were named)."""
    if record.cards is None:
        return None
    if journal.card_set().file_hash == record.cards:
        return None
    if record.card_source is None:
        return (
            "the game was played with the card set of another version of this program, which "
            "the record does not keep: it cannot be checked here"
        )
    return "the card set kept with this record is not the one the table named: it was changed"


# ───────────────────────────── checking ─────────────────────────────


@dataclass(frozen=True, slots=True)
class Step:
    name: str  # "commitment" | "part" | "seed" | "rules" | "replay" | "views"
    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Verdict:
    steps: tuple[Step, ...]
    partial: bool = False
    """Checked from the client's return on only (a partial record): its own part and the
    views before were not checked."""

    @property
    def ok(self) -> bool:
        return bool(self.steps) and all(s.ok for s in self.steps)

    @property
    def failed(self) -> Step | None:
        return next((s for s in self.steps if not s.ok), None)

    def plain(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "partial": self.partial,
            "steps": [{"name": s.name, "ok": s.ok, "detail": s.detail} for s in self.steps],
        }


def verify(record: ClientRecord) -> Verdict:
    """Check a finished game from one client's record. Stops at the first failed step (later
    steps would only repeat it); every step names what it compared.

    A partial record (:class:`ClientRecord`) is checked as far as it goes: the revealed secret
    against the revealed commitment (the one sent before the deal was not seen), the host-made
    parts, the seed, the replay, the views it holds, and ``history``: the events it was told
    are the last ones the replay tells its seat. The verdict says it is partial."""
    steps: list[Step] = []
    partial = record.partial

    def fail(name: str, detail: str) -> Verdict:
        steps.append(Step(name, False, detail))
        return Verdict(tuple(steps), partial)

    if record.abandoned or record.reveal is None:
        return fail("reveal", "the game was abandoned before its end: the host revealed nothing")
    try:
        secret = bytes.fromhex(str(record.reveal["secret"]))
        parts = [Part.from_plain(p) for p in record.reveal["parts"]]
        journal = revealed_journal(record)
    except (KeyError, TypeError, ValueError, JournalError) as exc:
        return fail("reveal", f"the host's reveal is malformed ({exc})")

    if partial:  # the commitment sent before the deal was not seen here: the revealed one
        shown = str(record.reveal.get("commitment", ""))
        if not hmac.compare_digest(commitment(secret, record.cards), shown):
            return fail("commitment", "the revealed secret does not match its commitment")
        steps.append(Step("commitment", True, "the secret matches the commitment revealed with it"))
    elif not hmac.compare_digest(commitment(secret, record.cards), record.commitment):
        return fail(
            "commitment",
            "the revealed secret and the table's card set do not match the commitment sent "
            "before the game"
            if record.cards is not None
            else "the revealed secret does not match the commitment sent before the game",
        )
    else:
        steps.append(
            Step("commitment", True, "the secret matches the commitment sent before the game")
        )

    if [p.seat for p in parts] != list(range(len(journal.players))):
        return fail("part", "the reveal does not hold one part per seat")
    for p in parts:
        if p.source in HOST_SOURCES and p.value != host_part(secret, p.seat, p.source):
            return fail(
                "part",
                f"seat {p.seat + 1}'s host-made part was not derived from the committed secret",
            )
    if record.sources is not None and record.sources != [p.source for p in parts]:
        return fail(
            "part", "the parts' sources differ from those announced when the seed was fixed"
        )
    if record.seat is not None and record.part is not None:
        mine = parts[record.seat] if record.seat < len(parts) else None
        if mine is None or mine.source != SOURCE_PLAYER or mine.value.hex() != record.part:
            return fail("part", "your own contribution was not used as you sent it")
        steps.append(Step("part", True, "your contribution was used as sent"))
    else:
        steps.append(Step("part", True, "the host-made parts follow from the secret"))

    seed = derive_seed(secret, parts)
    if journal.seed != seed:
        return fail("seed", "the host dealt another deal than the one the numbers make")
    steps.append(
        Step("seed", True, "the deal follows from the host's secret and every player's number")
    )

    try:
        rules = rules_version(journal.card_set())
        unlike = _set_told(record, journal)
    except JournalError as exc:
        return fail("rules", str(exc))
    if unlike is not None:
        return fail("rules", unlike)
    if journal.rules != rules:
        return fail(
            "rules",
            "the game was played under other rules than this program's; it cannot be checked here"
            if record.cards is None
            else "the revealed game was not played with the card set the table named (or was "
            "played under another version of the rules): it does not check",
        )

    try:
        views, told = _replayed(journal, record.seat, _takebacks(record.reveal["journal"]))
    except (JournalError, RulesError) as exc:
        return fail("replay", f"the revealed choices do not replay: {exc}")
    steps.append(Step("replay", True, f"{len(journal.choices)} choices replay under the rules"))

    # Every view received must appear in the replay, in order (a slow link may skip views).
    i = _missing(record.views, views)
    if i is not None:
        n = len(record.views)
        return fail(
            "views",
            f"view {i + 1} of {n} you were shown is not what the rules make of those choices",
        )
    steps.append(
        Step("views", True, f"all {len(record.views)} views you were shown match the replay")
    )
    if record.events is not None:  # in order among the replay's (a slow link may drop some)
        if _missing(record.events, told) is not None:
            return fail("history", "the game's log you were given is not what the choices made")
        steps.append(Step("history", True, f"the {len(record.events)} events you were told match"))
    return Verdict(tuple(steps), partial)


def _missing(mine: list[str], replayed: list[str]) -> int | None:
    """The index of the first of ``mine`` not found, in order, among ``replayed``; None: all are."""
    at = 0
    for i, digest in enumerate(mine):
        while at < len(replayed) and replayed[at] != digest:
            at += 1
        if at == len(replayed):
            return i
        at += 1
    return None


def _takebacks(plain: Any) -> list[tuple[int, int, str]]:
    """The choices a revealed journal says were taken back (none from an older host)."""
    try:
        return [(int(i), int(s), str(o)) for i, s, o in plain.get("takebacks") or ()]
    except (TypeError, ValueError) as exc:
        raise JournalError(f"the take-backs are malformed ({exc})") from exc


def _replayed(
    journal: Journal, seat: int | None, takebacks: list[tuple[int, int, str]] | None = None
) -> tuple[list[str], list[str]]:
    """The digest of ``seat``'s view after the deal and after every choice of the journal,
    numbered as the host numbers each receiver's views (its own hidden steps and every public
    decision: :mod:`qm_net.host.wireseq`); and the digests of the events ``seat`` was told on
    the way (:func:`event_digest`), as the host tells them (:mod:`qm_net.host.history`).
    ``takebacks``: the choices taken back (:func:`qm_net.journal_io.live`), whose views were
    shown too, and the view after each take-back."""
    from qm_net.host.wireseq import WireSeq, is_hidden_step  # here: the host imports this module
    from qm_net.journal_io import live

    cards = journal.card_set()
    game = Game.new(list(journal.players), journal.seed, journal.options, cards)
    wire = WireSeq(game.n)
    told = [event_digest(e) for e in game.opening if e.visible_to(seat)]

    def digest() -> str:
        view = sent_view(game, seat)
        seq = wire.of(seat)
        prompt = dataclasses.replace(view.prompt, seq=seq) if view.prompt is not None else None
        return view_digest(dataclasses.replace(view, seq=seq, prompt=prompt))

    out = [digest()]
    standing: list[tuple[int, str]] = []
    for i, step in enumerate(live(journal.choices, takebacks or ())):
        if step is None:  # the game as before the last choice standing: told to everyone
            standing.pop()
            game = Game.replay(dataclasses.replace(journal, choices=list(standing)), cards=cards)
            wire.record(None)
            out.append(digest())
            continue
        s, option, _ = step
        standing.append((s, option))
        drafting = game.draft is not None
        try:
            events = game.choose(s, option)
        except RulesError as exc:
            raise JournalError(f"choice {i + 1} ({option!r}) is not legal there: {exc}") from exc
        hidden = is_hidden_step(drafting, option, game)
        wire.record(s if hidden else None)
        out.append(digest())
        if not hidden or s == seat:  # a draft's steps are told to the drafter alone
            told.extend(event_digest(e) for e in events if e.visible_to(seat))
    return out, told


def verify_journal(deal: dict[str, Any], journal: Journal, seat: int | None = None) -> Verdict:
    """Check a host journal's game: the deal's parts give the journal's seed, and the choices
    replay. With ``seat``, also that the seat's part was its player's own (or say it was not)."""
    steps: list[Step] = []
    try:
        d = Deal.from_plain(deal)
    except (KeyError, TypeError, ValueError) as exc:
        return Verdict((Step("reveal", False, f"the journal's deal is malformed ({exc})"),))
    for p in d.ordered():
        if p.source in HOST_SOURCES and p.value != host_part(d.secret, p.seat, p.source):
            return Verdict(
                (
                    Step(
                        "part",
                        False,
                        f"seat {p.seat + 1}'s host-made part was not derived from the secret",
                    ),
                )
            )
    if seat is not None and 0 <= seat < d.n:
        src = d.parts[seat].source
        steps.append(
            Step(
                "part",
                True,
                "the seat's part came from its player"
                if src == SOURCE_PLAYER
                else f"the seat's part was host-made ({src})",
            )
        )
    if d.seed() != journal.seed:
        return Verdict(
            (*steps, Step("seed", False, "the journal's deal is not the one its numbers make"))
        )
    steps.append(
        Step("seed", True, "the deal follows from the host's secret and every player's number")
    )
    try:
        rules = rules_version(journal.card_set())
    except JournalError as exc:
        return Verdict((*steps, Step("rules", False, str(exc))))
    if journal.rules != rules:
        return Verdict(
            (*steps, Step("rules", False, "written under other rules; cannot replay here"))
        )
    try:
        Game.replay(journal)
    except JournalError as exc:
        return Verdict((*steps, Step("replay", False, str(exc))))
    steps.append(Step("replay", True, f"{len(journal.choices)} choices replay under the rules"))
    return Verdict(tuple(steps))
