"""Human Destiny (line 311 of 004_24cd6f974fe6a1ee.txt): a white die rolled at the start of the quest and
kept, standing later for one roll of a single white die (our ruling: a jump, a disarm, a rest, a spear
trap's die). The trap row quest (`play_helpers.TRAP_QUEST`) has a spear trap at (4,0), a pit at (6,0) and
a long pit at (8,0)-(9,0)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.hero import Hero, create_hero
from grognard.systems.heroquest.driver.resolve import outcomes
from grognard.systems.heroquest.features.destiny import die_rule, rule_outcomes
from grognard.systems.heroquest.features.skills.skills import HANDLERS, NOT_PLAYED
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import Pending, QuestState
from tests.seeds import Rulebook

from .play_helpers import put_hero, rolled, step, trap_quest

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")


def _ada(*skills: str) -> Hero:
    hero = create_hero("Ada", "human", "warrior", ["body", "attack"], skill="Human Destiny")
    return hero.model_copy(update={"skills": (*hero.skills, *skills)})


def _new(tmp_path: Path, *heroes: Hero) -> QuestState:
    options = {
        "quest": trap_quest(tmp_path),
        "heroes": json.dumps([h.model_dump(mode="json") for h in heroes]),
        "order": "agree",
    }
    state = GAME.new_initial_state(GAME.info.resolve_options(options))
    assert isinstance(state, QuestState)
    return state


def _kept(tmp_path: Path, face: str, *skills: str) -> QuestState:
    """Ada has kept `face` and it is her turn."""
    state = step(_new(tmp_path, _ada(*skills)), face)
    return step(state, "order:0")


def _found(state: QuestState, tid: str, status: str = "found") -> QuestState:
    traps = list(state.traps)
    traps[state.ctx.trap_index[tid]] = status
    return replace(state, traps=tuple(traps))


def test_the_line_is_human_destiny() -> None:
    line = SEED.read_text(encoding="utf-8").splitlines()[310]
    assert line.startswith("**Human Destiny**") and "roll a single white die" in line


def test_the_skill_is_played_now() -> None:
    assert "human-destiny" in HANDLERS and "human-destiny" not in NOT_PLAYED


def test_each_human_with_the_skill_rolls_a_white_die_before_the_order_line_311(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:311: at the beginning of any quest a human may roll a single white die."""
    plain = create_hero("Bo", "human", "warrior", ["body", "attack"])
    state = _new(tmp_path, _ada(), plain, _ada().model_copy(update={"name": "Cy"}))
    assert state.actor() is CHANCE and state.pending == Pending("destiny", who=0)
    third = {"skull": Fraction(1, 2), "white-shield": Fraction(1, 3), "black-shield": Fraction(1, 6)}
    assert dict(state.chance_outcomes()) == third
    after = step(state, "skull")
    assert "fate-skull|quest" in after.heroes[0].effects and after.pending == Pending("destiny", who=2)
    done = step(after, "white-shield")
    assert done.pending is None and done.legal_actions()[0].startswith("order:")  # then the agreed order
    assert "fate-white-shield|quest" in done.heroes[2].effects and not done.heroes[1].effects


def test_the_real_die_is_thrown_and_kept(tmp_path: Path) -> None:
    state = _new(tmp_path, _ada())
    face, rolls = state.roll(Rng(5))
    assert face in ("skull", "white-shield", "black-shield") and rolls[0].dice[0].face == face.replace(
        "-", " "
    )


def test_declared_the_kept_face_stands_for_the_next_jump_line_140(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:140: a jump clears on anything but a skull; a kept black shield clears."""
    state = put_hero(_kept(tmp_path, "black-shield"), 0, at=(5, 0))
    assert "skill:human-destiny" in state.legal_actions()
    armed = step(state, "skill:human-destiny")
    assert "fate-black-shield|armed" in armed.heroes[0].effects
    assert "skill:human-destiny" not in armed.legal_actions()
    trying = step(rolled(_found(armed, "pit"), 12), "jump:7,0")
    assert trying.chance_outcomes() == [("clear", Fraction(1))]
    assert trying.roll(Rng(1)) == ("clear", ())
    landed = step(trying, "clear")
    assert landed.heroes[0].at == (7, 0) and not any(e.startswith("fate-") for e in landed.heroes[0].effects)
    # not declared: the jump is an ordinary throw
    plain = step(rolled(_found(state, "pit"), 12), "jump:7,0")
    assert dict(plain.chance_outcomes()) == {"clear": Fraction(1, 2), "fall": Fraction(1, 2)}
    assert "fate-black-shield|quest" in step(plain, "clear").heroes[0].effects  # still kept


def test_a_kept_skull_springs_the_spear_trap_line_128(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:128: one point of damage if a skull is rolled on a single white die."""
    state = step(put_hero(_kept(tmp_path, "skull"), 0, at=(3, 0)), "skill:human-destiny")
    sprung = step(rolled(state, 12), "move:5,0")
    assert sprung.actor() is CHANCE and sprung.chance_outcomes() == [(1, Fraction(1))]
    hurt = step(sprung, 1)
    assert hurt.heroes[0].body == hurt.hero_of(0).maximum("body") - 1


def test_human_resistance_still_throws_its_second_die_line_315(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:315: one more white die on a check against a trap; either will do."""
    state = step(put_hero(_kept(tmp_path, "skull", "Human Resistance"), 0, at=(5, 0)), "skill:human-destiny")
    trying = step(rolled(_found(state, "pit"), 12), "jump:7,0")
    assert dict(trying.chance_outcomes()) == {"clear": Fraction(1, 2), "fall": Fraction(1, 2)}
    face, rolls = trying.roll(Rng(2))
    assert len(rolls) == 1 and len(rolls[0].dice) == 1
    assert face == ("fall" if rolls[0].dice[0].face == "skull" else "clear")


def test_rolls_of_several_dice_are_not_replaced(tmp_path: Path) -> None:
    state = step(put_hero(_kept(tmp_path, "black-shield"), 0, at=(15, 0)), "skill:human-destiny")
    axe = step(rolled(state, 12), "move:17,0")  # the swinging axe: two combat dice (line 138)
    assert dict(axe.chance_outcomes()) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert "fate-black-shield|armed" in step(axe, 0).heroes[0].effects


@pytest.mark.parametrize("kind", ["jump", "disarm", "rest", "trap"])
@pytest.mark.parametrize("skills", [(), ("Human Resistance",), ("Disarm Traps", "Long Jump")])
def test_the_die_rule_read_with_a_thrown_die_is_the_ordinary_roll(
    tmp_path: Path, kind: str, skills: tuple[str, ...]
) -> None:
    """With the first die thrown rather than kept, the rule gives exactly the rolls' own outcomes."""
    state = put_hero(_kept(tmp_path, "skull", *skills), 0, at=(5, 0))
    ref = {"jump": "pit", "disarm": "pit", "rest": "", "trap": "spear"}[kind]
    p = Pending(kind, who=0, ref=ref, need=2)
    found = die_rule(state, p)
    assert found is not None
    dice, rule = found
    assert dict(rule_outcomes(dice, rule)) == {k: q for k, q in outcomes(state, p) if q}
