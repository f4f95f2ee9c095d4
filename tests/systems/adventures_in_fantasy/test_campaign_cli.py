"""The campaign commands, run as a user would: `grognard aif campaign|advance|experience|hirelings`.

The commands are mounted on `grognard aif` by `cli/systems/aif.py` and the campaign game is registered by the
system's `__init__`: the tests run the real `python -m grognard` (`tests.cli.helpers.grognard`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grognard.cli.systems.aif_campaign import ACTIONS, campaign_app
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE
from grognard.systems.adventures_in_fantasy.campaign import CAMPAIGN_GAME, sample_action
from grognard.systems.adventures_in_fantasy.chargen import CourseChoice, course
from tests.cli.helpers import Ran
from tests.cli.helpers import grognard as run_grognard


def grognard(home: Path, *args: str, stdin: str = "") -> Ran:
    """Run `grognard ARGS` in its own process with a private store."""
    return run_grognard(*args, stdin=stdin, home=home)


def test_a_kept_campaign_from_start_to_advance(tmp_path: Path) -> None:
    made = grognard(tmp_path, "aif", "campaign", "new", "--date", "1-13-1", "--seed", "4", "--json")
    assert made.code == 0, made.err
    cid = json.loads(made.out)["id"]
    added = grognard(tmp_path, "aif", "campaign", "add-character", cid, "--seed", "5", "--name", "Omar")
    assert added.code == 0, added.err
    assert "Omar joins campaign" in added.out and "d100" in added.out
    assert grognard(tmp_path, "aif", "campaign", "act", cid, "wound:0:2").code == 0
    passed = grognard(tmp_path, "aif", "advance", cid, "--weeks", "6", "--json")
    assert passed.code == 0, passed.err
    data = json.loads(passed.out)
    labels = [e["label"] for e in data["events"]]
    assert "Age" in labels and any(label.startswith("Table of Death") for label in labels)
    rolled = [e for e in data["events"] if "rolls" in e]
    assert rolled and all(e["rolls"][0]["dice"] for e in rolled)
    shown = grognard(tmp_path, "aif", "campaign", "show", cid, "--json")
    member = json.loads(shown.out)["members"][0]
    assert member["name"] == "Omar" and member["age"] >= 18
    listed = grognard(tmp_path, "games", "list", "--json")
    assert any(g["game"] == "campaign" for g in json.loads(listed.out))
    undone = grognard(tmp_path, "games", "undo", cid)
    assert undone.code == 0, undone.err


def test_bad_actions_are_one_line_errors(tmp_path: Path) -> None:
    cid = json.loads(grognard(tmp_path, "aif", "campaign", "new", "--seed", "1", "--json").out)["id"]
    bad = grognard(tmp_path, "aif", "campaign", "act", cid, "exp:0:1")
    assert bad.code == 2 and "no character 0" in bad.err and "Traceback" not in bad.err
    weeks = grognard(tmp_path, "aif", "advance", cid, "--weeks", "0")
    assert weeks.code == 2 and "Traceback" not in weeks.err
    missing = grognard(tmp_path, "aif", "campaign", "show", "99")
    assert missing.code == 2


def test_calculators_give_the_books_examples(tmp_path: Path) -> None:
    fees = grognard(tmp_path, "aif", "experience", "fees", "--level", "11", "--status", "20", "--json")
    assert json.loads(fees.out)["per_week_sp"] == 21  # Al-Haza, line 1862
    limit = grognard(
        tmp_path, "aif", "hirelings", "limit", "--status", "5", "--charisma", "13", "--lost", "4"
    )
    assert "= 5 men" in limit.out  # lines 1893, 1898
    spell = grognard(tmp_path, "aif", "experience", "magic", "spell-own", "--value", "4", "--json")
    assert json.loads(spell.out)["amount"] == "4/5"  # line 1825
    warrior = grognard(tmp_path, "aif", "experience", "warrior", "--loser-hit", "40", "--victor-hit", "40")
    assert warrior.code == 0 and "= 1 levels" in warrior.out
    shares = grognard(tmp_path, "aif", "hirelings", "shares", "80", "a=5", "b=3", "--json")
    assert [s["amount"] for s in json.loads(shares.out)] == ["50", "30"]
    obey = grognard(tmp_path, "aif", "hirelings", "obey", "--leader", "60", "--follower", "40", "--seed", "2")
    assert obey.code == 0 and "obey" in obey.out


def test_act_help_lists_every_action_the_campaign_accepts() -> None:
    """`campaign act --help` lists each referee action; each listed form is played on a campaign and
    accepted, and the campaign accepts no action that is not listed (ruling "Campaign")."""
    shown = CliRunner().invoke(campaign_app, ["act", "--help"], env={"COLUMNS": "120"})
    assert shown.exit_code == 0, shown.output
    assert all(form in shown.output for form, _ in ACTIONS)
    examples: dict[str, tuple[str, ...]] = {
        "add:JSON": (sample_action(1),),
        "advance:N": ("advance:1",),
        "exp:I:X": ("exp:0:8",),
        "boast:I:X": ("boast:0:5",),
        "renown:I:X": ("renown:0:1/2",),
        "found-out:I": ("found-out:0",),
        "wound:I:N": ("wound:0:1",),
        "shoot:I:BOW:YARDS": (
            "MEET",
            "ARCHER",
            "find:0:Bow",
            "find:0:Quiver of Arrows (20)",
            "shoot:0:bow:30",
        ),
        "fight:I:CREATURE": ("fight:0:Wolf",),
        "join:I:J": ("join:1:0",),
        "round": ("round",),
        "break": ("break",),
        "study:I:COURSE": ("study:0:1",),
        "skill:I:NAME:BASE": ("skill:0:sword:40",),
        "practise:I:NAME": ("practise:0:sword",),
        "neglect:I:NAME": ("neglect:0:sword",),
        "service:I:W": ("service:1:2",),
        "hire:I:N": ("hire:0:1",),
        "lose:I:N": ("lose:0:1",),
        "unpaid:I": ("hire:0:1", "unpaid:0"),
        "promote:I": ("promote:0",),
        "align:I:ALIGNMENT": ("align:0:chaos",),
        "take:I:GP[:SP]": ("take:0:100:200",),
        "spend:I:GP[:SP]": ("spend:0:1",),
        "share:GP[:SP]": ("share:10:3",),
        "buy:I:ITEM": ("buy:0:dagger",),
        "find:I:ITEM[:LB]": ("find:0:Silver cup:2",),
        "drop:I:ITEM": ("drop:0:Silver cup",),
        "pay-men:I:INCOME": ("hire:0:1", "pay-men:0:20"),
        "hold:I:NAME[:PEOPLE][:GP]": ("hold:0:Bleakwood", "hold:0:Serfs:3000:1/2"),
        "release:I:NAME": ("release:0:Serfs",),
        "note:TEXT": ("note:the road is long",),
        "meet:WHAT[:TERRAIN]": ("meet:Wolf:forest", "fight:0:", "break"),
        "town:NAME:POP[:MAKERS]": ("town:Riverford:1200:Armorer+Merchant:10",),
        "place:TERRAIN[:TOWN]": ("place:clear:Bleakwood",),
        "travel:DAYS[:TERRAIN[:TOWN]]": ("travel:2:forest:Riverford",),
        "days:N": ("days:3",),
        "study-break:I:WEEKS": ("study-break:0:1",),
        "kill:I": ("FELL", "kill:1"),
        "end": ("end",),
    }
    assert [form for form, _ in ACTIONS] == list(examples)
    state = CAMPAIGN_GAME.new_initial_state({}).apply(sample_action(2))
    for form, moves in examples.items():
        for move in moves:
            if move == "FELL":
                move = f"wound:1:{state.members[1].character.current_hit_points}"
            if move == "MEET":  # a day's encounter is a chance move: met here without one
                state = replace(state, met="Wolf")
                continue
            if move == "ARCHER":  # he has learnt the bow (Table B course 10): three years of study
                archer = state.members[0].character
                archer = archer.model_copy(update={"courses": (*archer.courses, course(CourseChoice(10)))})
                state = replace(state, members=(state.members[0].with_character(archer), *state.members[1:]))
                continue
            state = state.apply(move)
            while state.actor() is CHANCE:
                state = state.apply(state.chance_outcomes()[0][0])
        assert state.events or form in ("advance:N", "end"), form
    assert state.over
    with pytest.raises(RulesError) as refused:
        CAMPAIGN_GAME.new_initial_state({}).apply("bogus:0")
    accepted = str(refused.value.reason).split("the actions are ", 1)[1].split(", ")
    assert sorted(accepted) == sorted(form.split(":")[0] for form, _ in ACTIONS)


def test_add_character_asks_the_side_and_the_courses_showing_the_months_left(tmp_path: Path) -> None:
    """Seed 5 rolls a Guildsman/Fighter with 26 months of schooling (min(4 // 2, 29 - 6) = 2 years,
    002_8449cbd1010a37a5.txt:299); he goes soldier and takes Physical Training I (6 months, :331)."""
    cid = json.loads(grognard(tmp_path, "aif", "campaign", "new", "--seed", "1", "--json").out)["id"]
    added = grognard(tmp_path, "aif", "campaign", "add-character", cid, "--seed", "5", stdin="2\n2\ndone\n")
    assert added.code == 0, added.err
    assert "civilian or soldier?" in added.out
    assert "Starting education: 26 of 26 months left." in added.out
    assert "Starting education: 20 of 26 months left." in added.out
    sheet = json.loads(grognard(tmp_path, "aif", "campaign", "sheet", cid, "0", "--json").out)
    assert sheet["standing"]["soldier"] is True and sheet["standing"]["position"] == "Fighter"
    assert [c["name"] for c in sheet["education"]["courses"]] == ["Physical Training I"]
    # a soldier's sword, helmet, small shield and sack (:265), weighed, and his move from Table E
    assert sheet["kit"]["items"] and sheet["kit"]["weight_lb"] == sum(
        i["weight_lb"] for i in sheet["kit"]["items"]
    )
    assert sheet["kit"]["lifting_lb"] == 2 * next(
        r["usable"] for r in sheet["ratings"] if r["name"] == "strength"
    )
    assert sheet["health"]["left"] == sheet["health"]["hit_points"] > 0
    assert {"ratings", "money", "experience", "reputation", "age"} <= set(sheet)
    shown = grognard(tmp_path, "aif", "campaign", "sheet", cid, "0")
    assert shown.code == 0 and "Physical Training I (6 mo)" in shown.out and "Encumbrance" in shown.out
    given = grognard(
        tmp_path,
        "aif",
        "campaign",
        "add-character",
        cid,
        "--seed",
        "5",
        "--civilian",
        "--course",
        "Physical Training I",
        "--json",
    )
    member = json.loads(given.out)["member"]
    assert member["position"] == "Guildsman" and len(member["character"]["courses"]) == 1
    party = json.loads(grognard(tmp_path, "aif", "campaign", "party", cid, "--json").out)
    assert [m["position"] for m in party["members"]] == ["Fighter", "Guildsman"]
    assert party["able"] == 2 and party["gold"] == sum(m["gold"] for m in party["members"])
    view = grognard(tmp_path, "aif", "campaign", "party", cid)
    assert view.code == 0 and "2 able" in view.out
    missing = grognard(tmp_path, "aif", "campaign", "sheet", cid, "5")
    assert missing.code == 2 and "no character 5" in missing.err
