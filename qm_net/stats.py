"""Your record: the games kept on this machine, counted — ``qingming stats`` and the lobby's
panel.

Two kinds of file keep a game here: a host's journal (a table hosted here: ``play``, the
lobby's host form, ``serve --journal``) and a client's game record (a fairly dealt game played
at someone else's table, kept for ``qingming verify``). Each says who played and how the game
ended — the result line, or the host's reveal — which is all a record needs: no game is
replayed, so a journal written under other rules still counts.

Which seat was the player's: in a record, the record's own seat (a spectator's record is not a
game of theirs); in a journal, the seat whose token the player still holds, else the person
seated under the player's name, else the only person at the table (a table of bots). A game
with none of these is someone else's (a ``serve`` the player only hosted). The same game kept
twice (a journal and a record of it) counts once. A file that cannot be read as either, or is
cut or malformed, is skipped with a note saying why, never an error.

:func:`collect` returns the :class:`Record`; its tallies are by ancestor (won with, lost to), by
table size, by the bots' level (games against bots of a level; "none" for people only) and
against each person met. New tallies are new fields of :class:`Record` and of
:meth:`Record.add`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qm_net.fairdeal import ClientRecord
    from qm_net.journal_io import JournalGame
    from qm_rules import Journal
    from qm_rules.cards import CardSet
    from qm_rules.cardstats import CardStats

#: The bots' level of a game with people only.
NO_BOTS = "none"
#: The level of a bot whose level the file does not keep (a record: it knows a seat was a bot).
UNKNOWN_LEVEL = "unknown"


@dataclass(slots=True)
class Tally:
    games: int = 0
    won: int = 0
    lost: int = 0  # another player won (a draw is neither)

    def add(self, won: bool, lost: bool) -> None:
        self.games += 1
        self.won += won
        self.lost += lost

    def plain(self) -> dict[str, int]:
        return {"games": self.games, "won": self.won, "lost": self.lost}


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game of the player's, as a file kept it."""

    path: str
    players: tuple[str, ...]
    seat: int  # the player's
    bots: tuple[bool, ...]
    levels: tuple[str | None, ...]  # a bot seat's level (None: a person, or not kept)
    winner: int | None
    ancestor: str | None  # the card id the winner worshipped with (None: another way)
    key: tuple[Any, ...]  # the same game kept twice has the same key


@dataclass(slots=True)
class Record:
    total: Tally = field(default_factory=Tally)
    by_ancestor: dict[str, Tally] = field(default_factory=dict)
    """Per ancestor (card id): ``won`` with it, ``lost`` to it (another's worship)."""
    by_size: dict[int, Tally] = field(default_factory=dict)
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_opponent: dict[str, Tally] = field(default_factory=dict)
    """Per person met: ``won`` by the player, ``lost`` (won by them)."""
    unfinished: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """Files not counted: (path, why: ``stats.why.<why>``); a player never sees a traceback."""

    def add(self, g: Played) -> None:
        won = g.winner == g.seat
        lost = g.winner is not None and not won
        self.total.add(won, lost)
        if g.ancestor is not None and g.winner is not None:
            self.by_ancestor.setdefault(g.ancestor, Tally()).add(won, lost)
        self.by_size.setdefault(len(g.players), Tally()).add(won, lost)
        levels = {
            (level or UNKNOWN_LEVEL)
            for s, (bot, level) in enumerate(zip(g.bots, g.levels, strict=True))
            if bot and s != g.seat
        }
        for level in levels or {NO_BOTS}:
            self.by_level.setdefault(level, Tally()).add(won, lost)
        for s, name in enumerate(g.players):
            if s != g.seat and not g.bots[s]:
                self.by_opponent.setdefault(name, Tally()).add(won, g.winner == s)

    def plain(self) -> dict[str, Any]:
        """As JSON: the same figures, keys in English."""
        return {
            "total": self.total.plain(),
            "by_ancestor": {k: t.plain() for k, t in sorted(self.by_ancestor.items())},
            "by_size": {str(k): t.plain() for k, t in sorted(self.by_size.items())},
            "by_level": {k: t.plain() for k, t in sorted(self.by_level.items())},
            "by_opponent": {k: t.plain() for k, t in sorted(self.by_opponent.items())},
            "unfinished": self.unfinished,
            "skipped": [{"path": p, "why": w} for p, w in self.skipped],
        }


def kept_files(data_dir: Path) -> list[Path]:
    """Every file in the data directory's ``journals/`` and ``records/``, oldest first."""
    files: list[Path] = []
    for sub in ("journals", "records"):
        try:
            files += [p for p in (data_dir / sub).iterdir() if p.is_file()]
        except OSError:
            continue
    return sorted(files, key=lambda p: (p.name, str(p)))


def collect(files: Iterable[Path], name: str | None, tokens: Sequence[str] = ()) -> Record:
    """The player's record from ``files`` (each a journal or a record); ``name``: the player's
    name, ``tokens``: the seat tokens they hold (which seat of a journal was theirs)."""
    from qm_net.journal_io import token_hash

    hashes = {token_hash(t) for t in tokens}
    record = Record()
    seen: set[tuple[Any, ...]] = set()
    for path in files:
        try:
            games, unfinished = _read(path, name, hashes)
        except _Skip as why:
            record.skipped.append((str(path), str(why)))
            continue
        record.unfinished += unfinished
        for g in games:
            if g.key in seen:
                continue
            seen.add(g.key)
            record.add(g)
    return record


class _Skip(Exception):
    """A file not counted, and why: ``stats.why.<why>`` (unreadable, not_game, malformed)."""


#: What a file holds, read from its first line: a client's game record or a host's journal.
RECORD, JOURNAL = "record", "journal"


def _kind(path: Path) -> str:
    """:data:`RECORD` or :data:`JOURNAL`, or :class:`_Skip` saying why neither."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
    except OSError:
        raise _Skip("unreadable") from None
    except UnicodeDecodeError:
        raise _Skip("not_game") from None
    try:
        head = json.loads(first) if first.strip() else None
    except ValueError:
        raise _Skip("not_game") from None
    if not isinstance(head, dict):
        raise _Skip("not_game")
    from qm_net.fairdeal import RECORD_KIND

    if head.get("kind") == RECORD_KIND:
        return RECORD
    if head.get("type") in ("table", "game"):
        return JOURNAL
    raise _Skip("not_game")


def _read(path: Path, name: str | None, hashes: set[str]) -> tuple[list[Played], int]:
    kind = _kind(path)
    try:
        if kind == RECORD:
            return _from_record(path)
        return _from_journal(path, name, hashes)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise _Skip("malformed") from None


def _games(path: Path) -> list[JournalGame]:
    """The games of a journal file, or :class:`_Skip` (malformed) when it cannot be read."""
    from qm_net.journal_io import read_games
    from qm_rules import JournalError

    try:
        return read_games(str(path))
    except (JournalError, OSError):
        raise _Skip("malformed") from None


def _from_journal(path: Path, name: str | None, hashes: set[str]) -> tuple[list[Played], int]:
    from qm_rules.bots import level_of

    games = _games(path)
    out: list[Played] = []
    unfinished = 0
    for g in games:
        players = tuple(str(p) for p in g.header["players"])
        seats = {int(s["seat"]): s for s in g.seats if isinstance(s, dict) and "seat" in s}
        bots = tuple(seats.get(i, {}).get("kind") == "bot" for i in range(len(players)))
        mine = _journal_seat(players, seats, bots, name, hashes)
        if mine is None:
            continue  # a table this machine hosted for others
        if g.result is None:
            unfinished += 1
            continue
        levels = tuple(
            _level(seats[i].get("strategy"), level_of) if bots[i] else None
            for i in range(len(players))
        )
        out.append(_played(str(path), players, mine, bots, levels, g.result, g.header.get("seed")))
    return out, unfinished


def _journal_seat(
    players: tuple[str, ...],
    seats: dict[int, dict[str, Any]],
    bots: tuple[bool, ...],
    name: str | None,
    hashes: set[str],
) -> int | None:
    for i in range(len(players)):
        if seats.get(i, {}).get("token_sha256") in hashes:
            return i
    people = [i for i in range(len(players)) if not bots[i]]
    named = [i for i in people if players[i] == name]
    if len(named) == 1:
        return named[0]
    return people[0] if len(people) == 1 else None


def _level(strategy: Any, level_of: Any) -> str:
    try:
        return str(level_of(str(strategy)))
    except ValueError:
        return UNKNOWN_LEVEL


def _revealed(path: Path) -> tuple[ClientRecord, Journal | None, int]:
    """A game record, the finished game its host revealed (None: none, watched or left before
    the end) and 1 if it was left before the end (an unfinished game of the player's)."""
    from qm_net import fairdeal
    from qm_rules import JournalError

    rec = fairdeal.load(str(path))
    if rec.seat is None:
        return rec, None, 0  # watched, not played
    try:
        journal = fairdeal.revealed_journal(rec)
    except JournalError:
        return rec, None, 1  # left before the end: nothing revealed
    if journal.result is None:
        return rec, None, 1
    return rec, journal, 0


def _from_record(path: Path) -> tuple[list[Played], int]:
    rec, journal, unfinished = _revealed(path)
    if rec.seat is None or journal is None:
        return [], unfinished
    assert journal.result is not None
    players = tuple(journal.players)
    sources = rec.sources or []
    bots = tuple(i < len(sources) and sources[i] == "bot" for i in range(len(players)))
    result = {
        "winner": journal.result.winner,
        "ancestor": journal.result.ancestor,
    }
    levels: tuple[str | None, ...] = (None,) * len(players)
    return [_played(str(path), players, rec.seat, bots, levels, result, journal.seed)], 0


def _played(
    path: str,
    players: tuple[str, ...],
    seat: int,
    bots: tuple[bool, ...],
    levels: tuple[str | None, ...],
    result: Any,
    seed: Any,
) -> Played:
    winner = result.get("winner")
    ancestor = result.get("ancestor")
    return Played(
        path,
        players,
        seat,
        bots,
        levels,
        int(winner) if winner is not None else None,
        str(ancestor) if ancestor else None,
        (str(seed), players, winner),
    )


# ───────────────────────────── card by card ─────────────────────────────


@dataclass(slots=True)
class CardGroup:
    """The games kept here of one card set, card by card (``qingming stats --cards``).

    A host's journal holds every seat's choices: replayed, each seat's part counts (a
    seat-game each). A player's game record holds the game the host revealed at its end, but
    only what the player was shown during it counts: their own seat's part."""

    cards: CardSet
    stats: CardStats
    hosted: int = 0  # games from journals: every seat's part counts
    recorded: int = 0  # games from players' records: their own seat's part only
    seat_games: int = 0
    worshipped: int = 0  # games won by worship
    wins_by_ancestor: Counter[str] = field(default_factory=Counter)

    @property
    def games(self) -> int:
        return self.hosted + self.recorded

    def plain(self) -> dict[str, Any]:
        return {
            "rules": self.cards.digest,
            "games": self.games,
            "hosted": self.hosted,
            "recorded": self.recorded,
            "seat_games": self.seat_games,
            "won_by_worship": self.worshipped,
            "wins_by_ancestor": {a.id: self.wins_by_ancestor[a.id] for a in self.cards.ancestors},
            "by_card": self.stats.to_plain(),
        }


@dataclass(slots=True)
class CardRecord:
    """Every card set's figures, in the order their first games were read."""

    groups: list[CardGroup] = field(default_factory=list)
    other_set: int = 0  # finished games of another set than the one asked for
    other_rules: int = 0  # finished games this engine cannot replay (its version, a set not kept)
    unfinished: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def group(self, cards: CardSet) -> CardGroup:
        from qm_rules.cardstats import CardStats

        for g in self.groups:
            if g.cards.digest == cards.digest:
                return g
        g = CardGroup(cards, CardStats([d.id for d in cards.cards]))
        self.groups.append(g)
        return g

    def plain(self) -> dict[str, Any]:
        return {
            "sets": [g.plain() for g in self.groups],
            "other_set": self.other_set,
            "other_rules": self.other_rules,
            "unfinished": self.unfinished,
            "skipped": [{"path": p, "why": w} for p, w in self.skipped],
        }


@dataclass(frozen=True, slots=True)
class _Kept:
    """One finished game read from a file: its journal, and whose part of it counts."""

    journal: Journal
    seat: int | None  # a record's own seat; None: a journal's every seat
    path: str

    @property
    def key(self) -> tuple[Any, ...]:
        """The same game kept twice (a journal and a record of it) has the same key."""
        j = self.journal
        return (str(j.seed), tuple(j.players), j.rules)


def collect_cards(files: Iterable[Path], cards: CardSet | None = None) -> CardRecord:
    """Card by card, the finished games in ``files`` (journals and game records), each set's
    games apart; ``cards``: only the games played with this set. A game kept both as a
    journal and as a record counts once, as the journal (every seat). A file that cannot be
    read as either is skipped with a note, as :func:`collect` skips it."""
    from qm_rules import RulesError, rules_version
    from qm_rules.cardstats import track_replay

    record = CardRecord()
    kept: list[_Kept] = []
    for path in files:
        try:
            if _kind(path) == RECORD:
                got, unfinished = _record_game(path)
            else:
                got, unfinished = _journal_games(path)
        except _Skip as why:
            record.skipped.append((str(path), str(why)))
            continue
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            record.skipped.append((str(path), "malformed"))
            continue
        record.unfinished += unfinished
        kept += got
    hosted = {k.key for k in kept if k.seat is None}
    known = _known_sets(kept)
    counted: set[tuple[Any, ...]] = set()
    for k in kept:
        if k.key in counted or (k.seat is not None and k.key in hosted):
            continue  # the same game twice: once, as its journal
        counted.add(k.key)
        journal = k.journal
        if cards is not None:
            if journal.rules != rules_version(cards):
                record.other_set += 1 if journal.rules in known else 0
                record.other_rules += 0 if journal.rules in known else 1
                continue
            use = cards
        elif journal.rules in known:
            use = known[journal.rules]
        else:
            record.other_rules += 1
            continue
        try:
            seen = track_replay(journal, k.seat, use)
        except (RulesError, KeyError, TypeError, ValueError, IndexError):
            record.skipped.append((k.path, "malformed"))
            continue
        assert journal.result is not None
        group = record.group(use)
        winner = journal.result.winner
        group.stats.add(seen, winner, None if k.seat is None else (k.seat,))
        if k.seat is None:
            group.hosted += 1
            group.seat_games += len(journal.players)
        else:
            group.recorded += 1
            group.seat_games += 1
        if winner is not None and journal.result.ancestor:
            group.worshipped += 1
            group.wins_by_ancestor[journal.result.ancestor] += 1
    return record


def _known_sets(kept: Iterable[_Kept]) -> dict[str, CardSet]:
    """The card sets these games can be replayed with, by the rules they make: the game's own
    and every set a journal keeps (a record's reveal keeps none: a game of another set read
    from a record is replayed with the copy its table's journal keeps, if it is here)."""
    from qm_rules import RulesError, rules_version
    from qm_rules.cards import shipped_cards

    known = {rules_version(shipped_cards()): shipped_cards()}
    for k in kept:
        if k.journal.cards is not None and k.journal.rules not in known:
            try:
                cards = k.journal.card_set()
            except RulesError:
                continue  # its copy cannot be read: its games are not counted
            known[rules_version(cards)] = cards
    return known


def _journal_games(path: Path) -> tuple[list[_Kept], int]:
    from qm_rules import JournalError

    games = _games(path)
    out: list[_Kept] = []
    unfinished = 0
    for g in games:
        if g.result is None:
            unfinished += 1
            continue
        try:
            journal = g.journal()
        except JournalError:
            raise _Skip("malformed") from None
        out.append(_Kept(journal, None, str(path)))
    return out, unfinished


def _record_game(path: Path) -> tuple[list[_Kept], int]:
    rec, journal, unfinished = _revealed(path)
    if rec.seat is None or journal is None:
        return [], unfinished
    return [_Kept(journal, rec.seat, str(path))], 0


def record_lines(record: Record, name: str, lang: str) -> list[str]:
    """The record in words, as lines of a table aligned in terminal cells (CJK names too)."""
    from qm_rules.i18n import tr
    from qm_words import card_name

    lines: list[str] = []
    t = record.total
    if t.games:
        lines.append(tr("stats.total", lang, name=name, games=t.games, won=t.won, lost=t.lost))
    else:
        lines.append(tr("stats.empty", lang))
    heads = [tr(f"stats.col.{c}", lang) for c in ("games", "won", "lost")]

    def section(title: str, rows: list[tuple[str, Tally]]) -> None:
        if not rows:
            return
        first = max(cell_width(label) for label, _ in rows) + 2  # (indented by 2)
        cols = [max(cell_width(h), 5) + 2 for h in heads]
        lines.extend(["", title, _row("", heads, first + 2, cols)])
        for label, tally in rows:
            figures = [str(tally.games), str(tally.won), str(tally.lost)]
            lines.append(_row("  " + label, figures, first + 2, cols))

    section(
        tr("stats.by_ancestor", lang),
        [(card_name(a, lang), t) for a, t in sorted(record.by_ancestor.items())],
    )
    section(
        tr("stats.by_size", lang),
        [(tr("stats.size", lang, n=n), t) for n, t in sorted(record.by_size.items())],
    )

    def level(name: str) -> str:
        if name in (NO_BOTS, UNKNOWN_LEVEL):
            return tr(f"stats.level.{name}", lang)
        return tr(f"level.{name}", lang)

    section(tr("stats.by_level", lang), [(level(k), t) for k, t in sorted(record.by_level.items())])
    section(tr("stats.against", lang), sorted(record.by_opponent.items()))
    if record.unfinished:
        lines += ["", tr("stats.unfinished", lang, n=record.unfinished)]
    if record.skipped:
        lines.append("")
        for path, why in record.skipped:
            lines.append(tr("stats.skipped", lang, path=path, why=tr(f"stats.why.{why}", lang)))
    return lines


def cell_width(text: str) -> int:
    """Terminal cells: CJK characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _row(label: str, figures: list[str], first: int, cols: list[int]) -> str:
    """A label padded to ``first`` cells, then each figure right-aligned in its column."""
    out = label + " " * max(0, first - cell_width(label))
    for text, width in zip(figures, cols, strict=True):
        out += " " * max(1, width - cell_width(text)) + text
    return out.rstrip()
