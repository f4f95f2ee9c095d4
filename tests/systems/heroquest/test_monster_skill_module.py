"""A monster skill with a roll lives in one module (`monster_skills`): its handler, its chance node
(registered in `feature_hooks.CHANCES`) and, for a new skill, the automatic game master's pick
(`Handler.gm_pick`, read by `monster_gm`). Stone Gaze (line 781) is the worked example."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.features.monsters import monster_skills
from grognard.systems.heroquest.features.monsters.monster_skills import Handler
from grognard.systems.heroquest.features.skills.skills import more_chance
from grognard.systems.heroquest.model.feature_hooks import CHANCES
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.monster_gm import gm_choice

from .monster_helpers import fight, gm_turn
from .play_helpers import put_hero, step

GARGOYLE = '  { id = "g", monster = "Gargoyle", level = 1, at = [15, 7], skills = ["Stone Gaze"] },'


def _gazing(tmp_path: Path) -> QuestState:
    state = fight(tmp_path, GARGOYLE, gm="human")
    return gm_turn(put_hero(put_hero(state, 0, at=(10, 11)), 1, at=(11, 8)), "g")


def test_the_gaze_roll_is_registered_by_the_skills_module() -> None:
    gaze = CHANCES.handlers["m-gaze"]
    assert gaze.outcomes.__module__ == monster_skills.__name__
    assert gaze.result.__module__ == monster_skills.__name__


def test_stone_gaze_rolls_mind_against_defend_and_turns_to_stone_line_781(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:781: red dice for the gargoyle's Mind against the hero's base Defend."""
    state = _gazing(tmp_path)
    rolling = step(state, "skill:stone-gaze:h0")
    assert rolling.actor() is CHANCE and rolling.pending is not None and rolling.pending.kind == "m-gaze"
    win = more_chance(rolling.pending.dice, rolling.pending.need)
    assert dict(rolling.chance_outcomes()) == {"stone": win, "resists": 1 - win}
    assert Fraction(0) < win < Fraction(1)
    assert "stone|quest" in step(rolling, "stone").heroes[0].effects
    assert "stone|quest" not in step(rolling, "resists").heroes[0].effects


def test_a_new_skill_brings_its_game_master_pick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A skill the game master's ordered policy does not name is taken when its `gm_pick` says so, and
    not otherwise."""
    state = _gazing(tmp_path)
    actions = [*state.legal_actions(), "skill:glare:h1"]
    before = gm_choice(state, actions)
    assert before == "skill:stone-gaze:h0"
    glare = Handler(lambda s, j: ["h1"], lambda s, j, arg: s, "action", lambda s, j, offered: offered[0])
    monkeypatch.setitem(monster_skills.HANDLERS, "glare", glare)
    assert gm_choice(state, actions) == "skill:glare:h1"
    shy = Handler(lambda s, j: ["h1"], lambda s, j, arg: s, "action", lambda s, j, offered: None)
    monkeypatch.setitem(monster_skills.HANDLERS, "glare", shy)
    assert gm_choice(state, actions) == before
