"""The desk's table procedures say what a day's encounter met, "nothing" included, so the front ends record
it as the road does without asking which procedure ran."""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.systems.adventures_in_fantasy.journey import NOTHING
from grognard.systems.adventures_in_fantasy.procedures import PROCEDURES


def test_an_encounter_names_what_it_met_and_nothing_met_is_said_too() -> None:
    encounter = PROCEDURES["encounter"]
    quiet = encounter.run(Rng(0), {"terrain": "forest"})
    assert quiet.summary == "nothing met" and quiet.met == NOTHING
    soldiers = encounter.run(Rng(10), {"terrain": "forest"})
    assert soldiers.met == "Soldiers"


def test_a_procedure_that_meets_nothing_by_its_nature_names_no_meeting() -> None:
    assert PROCEDURES["hostility"].run(Rng(1), {}).met == ""
    assert PROCEDURES["forage"].run(Rng(1), {}).met == ""
