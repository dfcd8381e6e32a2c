"""Every table option, fed its edge values through each entry point: the ``serve`` flag, the
host form's field, ``sim``'s round limit and the engine's check agree on what is taken and what
is refused, because all read the one definition in ``qm_rules.options``."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

import pytest

from qingming.commands import serve, sim
from qm_rules import Game, GameOptions
from qm_rules.options import BY_NAME, OPTIONS, Option
from qm_tui.screens.host_form import FormError, FormValues

NUMBERS = [o for o in OPTIONS if o.kind != "flag"]


def edges(option: Option) -> list[tuple[str, bool]]:
    """Texts at and just past each end of the option's range, each with whether it is good."""
    step = 1 if option.kind == "count" else 0.5
    low = option.least + (step if option.above else 0)
    cases = [
        (f"{low:g}", True),
        (f"{option.most:g}", True),
        (f"{option.most + step:g}", False),
        (f"{option.least - step:g}", option.zero_is_off and option.least - step == 0),
        ("-1", False),
        ("many", False),
        ("", True),  # off, none or 0, whichever the option's empty means
    ]
    if option.kind == "count":
        cases.append(("2.5", False))
    if option.zero_is_off:
        cases.append(("0", True))
    return cases


def via_serve(option: Option, text: str) -> Any:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args([option.flag, text])
    return getattr(serve.table_options(args), option.name)


def via_form(option: Option, text: str) -> Any:
    typed: dict[str, str | bool] = {o.name: "" for o in NUMBERS} | {option.name: text}
    form = FormValues(name="t", seats=2, bots="0", options=typed)
    return getattr(form.settings().options, option.name)


@pytest.mark.parametrize(
    ("option", "text", "good"),
    [(o, text, good) for o in NUMBERS for text, good in edges(o)],
    ids=lambda v: v.name if isinstance(v, Option) else repr(v),
)
def test_every_entry_point_takes_and_refuses_the_same_values(
    option: Option, text: str, good: bool
) -> None:
    if good:
        value = via_serve(option, text)
        assert via_form(option, text) == value
        options = GameOptions(**{option.name: value})
        Game.new(["a", "b"], 1, options)  # the engine takes it too
    else:
        with pytest.raises(ValueError, match=f"^{option.name} must be"):
            via_serve(option, text)
        with pytest.raises(FormError) as err:
            via_form(option, text)
        assert err.value.field == option.name


@pytest.mark.parametrize(("text", "good"), edges(BY_NAME["round_limit"]))
def test_sim_takes_the_round_limit_as_serve_does(text: str, good: bool) -> None:
    # ``qingming sim --round-limit`` is the same option's entry point for bot games.
    from qm_rules.sim import SimError

    option = BY_NAME["round_limit"]
    if good:
        assert sim._round_limit(text) == via_serve(option, text)
    else:
        with pytest.raises(SimError, match="^--round-limit must be"):
            sim._round_limit(text)


@pytest.mark.parametrize("option", NUMBERS, ids=lambda o: o.name)
def test_the_engine_refuses_what_no_entry_point_would_give_it(option: Option) -> None:
    too_big = option.most + 1
    with pytest.raises(ValueError, match=f"^{option.name} must be"):
        Game.new(["a", "b"], 1, GameOptions(**{option.name: too_big}))
    with pytest.raises(ValueError, match=f"^{option.name} must be"):
        Game.new(["a", "b"], 1, GameOptions(**{option.name: "3"}))


def test_a_flag_option_is_a_switch_everywhere() -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    for option in (o for o in OPTIONS if o.kind == "flag"):
        assert getattr(serve.table_options(parser.parse_args([option.flag])), option.name) is True
        assert getattr(serve.table_options(parser.parse_args([])), option.name) is option.default
        with pytest.raises(ValueError, match=f"^{option.name} must be"):
            GameOptions(**{option.name: "yes"}).check()


def test_the_definitions_are_the_engines_options() -> None:
    # A field of GameOptions without a definition would have no flag, no form field, no check.
    fields = {f.name: f.default for f in dataclasses.fields(GameOptions)}
    assert fields == {o.name: o.default for o in OPTIONS}
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert serve.table_options(parser.parse_args([])) == GameOptions()


def test_a_table_has_a_turn_timer_unless_its_host_switches_it_off() -> None:
    """Every waiting state has a timer: with the default options one idle player stalled the
    table for ever (playtest 4, F18). serve, the host form and the docs take the default from
    the one definition; 0 (or an empty field) still switches it off."""
    from qm_tui.screens.host_form import _typed

    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    assert serve.table_options(parser.parse_args([])).turn_timer == 90.0
    assert serve.table_options(parser.parse_args(["--turn-timer", "0"])).turn_timer is None
    option = BY_NAME["turn_timer"]
    assert _typed(option) == "90"  # the host form's field, before anyone types
    assert via_form(option, "") is None and via_form(option, "0") is None
    assert "default: 90 s" in option.serve_help()
