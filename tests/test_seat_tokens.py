"""The seat-token store: kept per table, private to the user, forgotten when it should be."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest

from qm_tui import seat_tokens


@pytest.fixture(autouse=True)
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QINGMING_STATE_DIR", str(tmp_path / "state"))
    return tmp_path / "state"


def test_a_token_is_kept_per_table_and_readable_only_by_the_user(state: Path) -> None:
    seat_tokens.remember("127.0.0.1:7351", "Den", "tok-a", 2)
    seat_tokens.remember("127.0.0.1:7351", "Hall", "tok-b", 0)
    seat_tokens.remember("10.0.0.5:7351", "Den", "tok-c", 1)
    assert [s.token for s in seat_tokens.lookup("127.0.0.1:7351", "Den")] == ["tok-a"]
    assert [s.token for s in seat_tokens.lookup("10.0.0.5:7351", "Den")] == ["tok-c"]
    assert seat_tokens.lookup("127.0.0.1:7352", "Den") == []
    assert stat.S_IMODE((state / "seats.json").stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o700


def test_a_new_seat_at_the_same_table_replaces_the_old_token() -> None:
    seat_tokens.remember("127.0.0.1:7351", "Den", "old", 2)
    seat_tokens.remember("127.0.0.1:7351", "Den", "new", 3)
    assert [(s.token, s.seat) for s in seat_tokens.lookup("127.0.0.1:7351", "Den")] == [("new", 3)]


def test_forget_and_age(state: Path) -> None:
    seat_tokens.remember("127.0.0.1:1", "A", "t1")
    seat_tokens.remember("127.0.0.1:2", "B", "t2")
    seat_tokens.forget("t1")
    assert [s.token for s in seat_tokens.load()] == ["t2"]
    raw = json.loads((state / "seats.json").read_text())
    raw["seats"][0]["saved"] = time.time() - seat_tokens.MAX_AGE - 1
    (state / "seats.json").write_text(json.dumps(raw))
    assert seat_tokens.load() == []


def test_addresses_are_spelled_one_way() -> None:
    assert seat_tokens.address_key("LOCALHOST", 7351) == "127.0.0.1:7351"
    assert seat_tokens.address_key("[::1]", 80) == "127.0.0.1:80"
    assert seat_tokens.address_key("[fe80::1]", 80) == "fe80::1:80"
    assert seat_tokens.address_key("Box.lan", 5) == "box.lan:5"


def test_a_broken_store_holds_nothing_and_is_rewritten(state: Path) -> None:
    state.mkdir(parents=True)
    (state / "seats.json").write_text("{not json")
    assert seat_tokens.load() == []
    (state / "seats.json").write_text(json.dumps({"seats": [{"address": 1}, "x"]}))
    assert seat_tokens.load() == []
    seat_tokens.remember("127.0.0.1:1", "A", "t1")
    assert [s.token for s in seat_tokens.load()] == ["t1"]


def test_a_journal_names_the_table_it_records(tmp_path: Path) -> None:
    journal = tmp_path / "games" / "x.jsonl"
    seat_tokens.remember("127.0.0.1:4000", "Mine", "t1", 0, journal=str(journal))
    assert [s.token for s in seat_tokens.for_journal(str(journal))] == ["t1"]
    assert seat_tokens.for_journal(str(tmp_path / "other.jsonl")) == []


def test_a_seat_taken_back_by_join_still_names_its_journal(tmp_path: Path) -> None:
    # Hosted here, then served again by `serve --resume` and taken back with `qingming join`
    # (which knows no journal): the journal stays with the token, for play --resume and the
    # lobby (playtest 4 finding 22: the join had wiped it, and play --resume found nothing).
    journal = str(tmp_path / "j.jsonl")
    seat_tokens.remember("127.0.0.1:7351", "Ann's table", "t1", 0, journal=journal)
    seat_tokens.remember("127.0.0.1:7351", "Ann's table", "t1", 0)
    assert [s.journal for s in seat_tokens.load()] == [journal]
    seat_tokens.remember("127.0.0.1:7351", "Ann's table", "t2", 0)  # another seat: none
    assert [s.journal for s in seat_tokens.load()] == [None]


def test_the_deals_record_is_kept_beside_the_token_appended_view_by_view(state: Path) -> None:
    from qm_net.fairdeal import ClientRecord

    keep = seat_tokens.DealFile("tok-a")
    record = ClientRecord(1, "c" * 64, "Den", part="a" * 64, game=2, cards="d" * 64)
    keep(record)
    path = seat_tokens.deal_path("tok-a")
    assert path.parent == state / "deals" and "tok-a" not in path.name  # named by its hash
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    record.views += ["1" * 64, "2" * 64]
    keep(record)
    size = path.stat().st_size
    record.views.append("3" * 64)
    keep(record)
    assert path.stat().st_size == size + len(json.dumps({"v": "3" * 64}, separators=(",", ":"))) + 1
    record.sources = ["player", "bot"]  # the head changed: written whole again
    keep(record)
    back = seat_tokens.load_deal("tok-a")
    assert back is not None
    assert (back.seat, back.commitment, back.part, back.game, back.table, back.sources) == (
        1, "c" * 64, "a" * 64, 2, "Den", ["player", "bot"]
    )  # fmt: skip
    assert back.views == record.views and not back.partial
    assert back.cards == "d" * 64  # the table's card set, which the deal's check binds
    with path.open("a") as f:
        f.write('{"v": "44')  # a crash mid-write tears the last line
    assert seat_tokens.load_deal("tok-a").views == record.views  # type: ignore[union-attr]
    assert seat_tokens.load_deal("tok-b") is None
    seat_tokens.forget("tok-a")  # a seat given up: its record goes with the token
    assert not path.exists()
    keep(record)
    keep(None)  # the game is over
    assert not path.exists()
