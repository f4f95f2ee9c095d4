"""Small fixes found by the audit: the shield and `--off-hand`, the agreed-order menu, quest 2's goal."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import hero_from_spec, quest_source
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.views.render import action_label
from tests.cli.helpers import grognard


def test_a_shield_equipped_with_off_hand_is_held_in_the_off_hand_line_383() -> None:
    """A shield is held in the off hand (line 383), so `--off-hand` changes nothing for it; armour worn
    elsewhere is refused with a message that says what the flag is for (Dual-Wielding, line 343)."""
    hero = gear.gain(gear.gain(hero_from_spec("barbarian"), "Shield"), "Helmet")
    assert gear.equip(hero, "shield", off_hand=True).equipped.off_hand == "Shield"
    with pytest.raises(UsageError, match="only a second weapon"):
        gear.equip(hero, "helmet", off_hand=True)


def test_the_agreed_order_is_offered_by_the_heroes_names_line_74(tmp_path: Path) -> None:
    """Line 74: the players agree their order; the menu names the heroes, not their indices."""
    options = GAME.info.resolve_options(
        {"quest": "the-goblin-cellar", "heroes": "barbarian,dwarf-warrior", "order": "agree"}
    )
    state = GAME.new_initial_state(options)
    assert isinstance(state, QuestState)
    names = [state.hero_of(i).name for i in range(len(state.heroes))]
    labels = [action_label(state, a) for a in state.legal_actions()]
    assert f"order: {names[0]}, {names[1]}" in labels and f"order: {names[1]}, {names[0]}" in labels
    ran = grognard(
        "hq", "play", "the-goblin-cellar", "--heroes", "barbarian,dwarf-warrior", "--order", "agree",
        "--seed", "1", stdin="q\n", home=tmp_path,
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert f"Order: {names[0]}, {names[1]}" in ran.out and "order:0" not in ran.out


def test_quest_two_says_it_is_won_when_the_blade_is_taken_line_114() -> None:
    """The rulings (Ending a quest, line 114): a find quest is won when a hero takes the treasure; the
    goal text says so rather than asking the heroes to carry it out."""
    quest = load_quest(quest_source("2-the-salt-crypt"))
    assert quest.file.goal.kind == "find"
    assert "carry it out" not in quest.file.goal.text and "takes it up" in quest.file.goal.text
