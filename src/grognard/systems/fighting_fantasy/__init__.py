"""Fighting Fantasy (000_13d85f0bd5b613c5.txt): the Adventure Sheet, fights with exact odds, Luck and Skill,
and gamebooks played section by section.

Importing this package registers the system, its gamebook game and its fight game with `engine.registry`.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.gamebook.runner import GamebookGame
from grognard.systems.fighting_fantasy import seat_view
from grognard.systems.fighting_fantasy.checks import (
    LUCK_TEST,
    SKILL_TEST,
    luck_after_test,
    luck_outcomes,
    roll_luck,
    roll_skill,
    skill_outcomes,
)
from grognard.systems.fighting_fantasy.fight import FightState, sheet_after, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.game import FightGame, parse_creature, parse_creatures, parse_hero
from grognard.systems.fighting_fantasy.ruleset import FF_RULES, FightingFantasyRuleset
from grognard.systems.fighting_fantasy.sheet import AdventureSheet, Weapon

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("fighting-fantasy"), games=(FightGame(), GamebookGame(FF_RULES)))
)
"""The registered system."""

seat_view.register()

__all__ = [
    "FF_RULES",
    "LUCK_TEST",
    "SKILL_TEST",
    "SYSTEM",
    "AdventureSheet",
    "Creature",
    "FightGame",
    "FightRules",
    "FightState",
    "FightingFantasyRuleset",
    "Weapon",
    "luck_after_test",
    "luck_outcomes",
    "parse_creature",
    "parse_creatures",
    "parse_hero",
    "roll_luck",
    "roll_skill",
    "sheet_after",
    "skill_outcomes",
    "start_fight",
]
