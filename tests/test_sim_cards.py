"""``qingming sim`` card by card, on a hand-made set whose answer is known: one ancestor's
condition always holds (a hand of at least 0 cards), so declaring worship with it wins the
game; the other five can never be met. Its "played" win rate must be all but 1, its
improvement when drawn clearly above 0, the others' played win rates 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qingming.cli import main
from qm_rules.cards import parse_cards
from qm_rules.sim import simulate

TINY = (Path(__file__).parent / "cardsets" / "tiny.toml").read_text(encoding="utf-8")
SURE = 'condition = { op = "hand_size", n = 0 }'
NEVER = 'condition = { op = "stacked", n = 60 }'


def _sure_set() -> str:
    """The tiny set with a1 sure to win when worshipped, a2-a6 never."""
    lines = TINY.splitlines()
    out, card = [], None
    for line in lines:
        if line.startswith("id = "):
            card = line.split('"')[1]
        if line.startswith("condition = "):
            line = SURE if card == "a1" else NEVER
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def figures() -> dict[str, dict[str, object]]:
    cards = parse_cards(_sure_set().encode())
    report = simulate(4, 40, seed="sure", bots="heuristic", cards=cards, by_card=True)
    plain = report.to_plain()
    assert plain["wins_by_ancestor"].keys() <= {"a1"}  # only the sure one ever wins
    assert plain["wins_by_ancestor"].get("a1", 0) > 5
    return plain["by_card"]  # type: ignore[no-any-return]


def test_a_card_that_wins_when_played_shows_it(figures: dict[str, dict[str, object]]) -> None:
    sure = figures["a1"]
    played = sure["played"]
    assert played["of"] > 5 and played["rate"] == 1.0  # type: ignore[index]
    assert played["interval"][0] > 0.5  # type: ignore[index]
    iwd = sure["improvement_when_drawn"]
    assert iwd["value"] > 0.3 and iwd["interval"][0] > 0  # type: ignore[index]
    # held but never played: it did not win those (the game went to another's worship or ran out)
    assert sure["not_played"]["rate"] in (None, 0.0)  # type: ignore[index]


def test_cards_that_cannot_win_show_that(figures: dict[str, dict[str, object]]) -> None:
    sure = figures["a1"]["improvement_when_drawn"]["value"]  # type: ignore[index]
    for never in ("a2", "a3", "a4", "a5", "a6"):
        played = figures[never]["played"]
        assert played["rate"] in (None, 0.0), (never, played)  # type: ignore[index]
        iwd = figures[never]["improvement_when_drawn"]
        assert iwd is None or iwd["value"] < sure - 0.2  # type: ignore[index]


def test_every_figure_is_there_for_every_card(figures: dict[str, dict[str, object]]) -> None:
    keys = {
        "opening_hand",
        "drawn",
        "in_hand",
        "not_seen",
        "played",
        "not_played",
        "improvement_when_drawn",
        "play_rate",
        "mean_round_played",
    }
    assert set(figures) == {"rice", "tea", "sweep", "fire", "a1", "a2", "a3", "a4", "a5", "a6"}
    assert all(set(f) == keys for f in figures.values())
    # in hand = opening hand + drawn later; played + not played = in hand (+ played unseen)
    for f in figures.values():
        assert f["in_hand"]["of"] == f["opening_hand"]["of"] + f["drawn"]["of"]  # type: ignore[index]


def test_the_same_figures_in_worker_processes() -> None:
    cards = parse_cards(_sure_set().encode())
    one = simulate(3, 8, seed=5, bots="heuristic", cards=cards, by_card=True).to_plain()
    two = simulate(3, 8, seed=5, bots="heuristic", cards=cards, by_card=True, jobs=2).to_plain()
    assert one["by_card"] == two["by_card"]


def test_the_command_reports_by_card_and_writes_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sure.toml"
    path.write_text(_sure_set(), encoding="utf-8")
    page = tmp_path / "report.html"
    args = ["sim", "--cards", str(path), "--games", "6", "--players", "3", "--lang", "en"]
    assert main([*args, "--report", str(page)]) == 0
    out = capsys.readouterr().out
    assert "Card by card" in out and "First (Ancestor)" in out and "improvement when drawn" in out
    html = page.read_text(encoding="utf-8")
    assert "First (Ancestor)" in html and "<svg" in html
    for outside in ("http:", "https:", "<script", "src=", "@import", "url("):
        assert outside not in html  # nothing is fetched: the page stands alone
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["by_card"]) >= {"a1", "rice"}
