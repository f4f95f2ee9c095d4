"""The browser's per-system parts, and the one index of them the generic web code reaches them through.

Each system's own pages (the Adventures in Fantasy referee's desk, the HeroScribe quest uploads, each a
`fastapi.APIRouter` taking what it needs by `Depends` from `web.routes.deps`), the
helpers its board and side templates call (Talisman's board geometry, HeroQuest's board drawing) and its
calculators on the tools page live here, one module per system and purpose; its templates live in
`templates/systems/<system id>/`. The generic code (`web/*.py`, `web/routes/`, the templates outside
`systems/`, `static/grognard.js`) names no system: it asks this index for the routers of these pages,
to install the template helpers and to list the calculators, and asks a game's `engine.view.FrontEnd`
which templates draw it (`tests/web/test_no_system_names.py` keeps it so). This is the only
generic-facing place that names the per-system modules; adding a system's browser parts means adding
its module to `MODULES` and nothing else in the generic code.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from fastapi import APIRouter

from grognard.web.tool_kit import Field, Tool, int_field

if TYPE_CHECKING:
    from jinja2 import Environment

MODULES = (
    "grognard.web.systems.talisman",
    "grognard.web.systems.heroquest",
    "grognard.web.systems.heroquest_quests",
    "grognard.web.systems.adventures_in_fantasy",
)
"""Every per-system module with pages or template helpers: it may define `TEMPLATE_GLOBALS` and
`TEMPLATE_FILTERS` (names its templates call) and `ROUTER` (its own pages, an `APIRouter`). Imported
when the app is made."""

TOOL_FORMS = (
    Tool(
        "ff-fight",
        "Fighting Fantasy fight",
        "The chance to win a fight without Luck and with the best Luck policy, and what is left after.",
        (
            int_field("skill", "Your SKILL", 10, 1, 24),
            int_field("stamina", "Your STAMINA", 20, 1, 40),
            int_field("luck", "Your LUCK", 9, 0, 24),
            Field("enemies", "Creatures (SKILL/STAMINA, commas)", "text", "9/12"),
            Field("together", "Creatures attack together", "bool"),
            Field("can_escape", "The section lets you escape", "bool"),
            Field("luck_worth", "Worth of a LUCK point kept", "float", "0", low=0, high=1),
        ),
        ("grognard.web.systems.tools_fighting_fantasy", "compute"),
    ),
    Tool(
        "gs-combat",
        "Grey Star combat",
        "The chance to win with the best WILLPOWER spending through the Wizard's Staff, by first spend.",
        (
            int_field("combat_skill", "Your COMBAT SKILL", 15, 0, 60),
            int_field("endurance", "Your ENDURANCE", 22, 1, 60),
            int_field("willpower", "Your WILLPOWER", 12, 0, 60),
            int_field("enemy_skill", "Enemy COMBAT SKILL", 18, 0, 60),
            int_field("enemy_endurance", "Enemy ENDURANCE", 24, 1, 80),
            Field("table", "Random numbers", "choice", "uniform", ("uniform", "book")),
            Field("can_evade", "The text offers evasion", "bool"),
        ),
        ("grognard.web.systems.tools_grey_star", "compute"),
    ),
    Tool(
        "talisman-combat",
        "Talisman combat",
        "Win, stand-off and lose: your Strength (or Craft) and a die against the enemy's and a die.",
        (
            int_field("strength", "Your Strength (or Craft)", 5, 0, 60),
            int_field("enemy", "Enemy Strength (or Craft)", 4, 0, 60),
            Field("psychic", "Psychic combat (Craft)", "bool"),
            int_field("bonus", "Your bonus", 0, -20, 20),
            int_field("enemy_bonus", "Enemy bonus", 0, -20, 20),
        ),
        ("grognard.web.systems.tools_talisman", "compute"),
    ),
    Tool(
        "heroquest-attack",
        "HeroQuest attack",
        "The exact damage of an attack: skulls against the defender's shields.",
        (
            int_field("attack", "Attack dice", 3, 1, 12),
            int_field("defend", "Defend dice", 2, 0, 12),
            Field("defender", "Defender", "choice", "monster", ("monster", "hero")),
            int_field("attacks", "Attacks this turn", 1, 1, 4),
            Field("body", "Target's Body (blank: no kill chance)", "int", "", low=1, high=20, required=False),
        ),
        ("grognard.web.systems.tools_heroquest", "compute"),
    ),
    Tool(
        "aif-melee",
        "Adventures in Fantasy melee",
        "Each way a melee can end, from both combatants' figures (hp=, dex=, body=, armour=, stamina=).",
        (
            Field("a", "Combatant A", "text", "hp=12,dex=60"),
            Field("b", "Combatant B", "text", "body=lion,hp=11"),
            Field("hit_location", "Hit Location Chart", "bool"),
            Field("strength", "Strength bonus", "bool"),
            Field("armour", "Armour saves", "bool"),
            Field("stamina", "Stamina and fatigue", "bool"),
        ),
        ("grognard.web.systems.tools_adventures_in_fantasy", "compute"),
    ),
)
"""The systems' calculators on the tools page, in the order it lists them, each as its form: its id, title,
what it answers and its fields. The working out is named by module (`Tool.compute`), imported only when a
calculation runs, so listing the tools imports no system."""


def _modules(names: tuple[str, ...] = MODULES) -> list[ModuleType]:
    return [importlib.import_module(name) for name in names]


def tools() -> list[Tool]:
    """Every system's calculators, in order (their forms: no system is imported)."""
    return list(TOOL_FORMS)


def install(env: Environment) -> None:
    """Give the templates every system's helpers (globals and filters)."""
    for m in _modules():
        env.globals.update(getattr(m, "TEMPLATE_GLOBALS", {}))
        env.filters.update(getattr(m, "TEMPLATE_FILTERS", {}))


def routers() -> list[APIRouter]:
    """Every system's own pages, as the routers the app includes."""
    return [m.ROUTER for m in _modules() if isinstance(getattr(m, "ROUTER", None), APIRouter)]
