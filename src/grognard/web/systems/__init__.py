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

from grognard.i18n import N_
from grognard.web.pages import live
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

AIF_FIGHTERS = (
    "Swordsman",
    "Brigand",
    "Town guard",
    "Knight",
    "Wolf",
    "Great serpent",
    "Giant eagle",
    "Young dragon",
)
"""Adventures in Fantasy's ready-made fighters by name (`fighters.READY_FIGHTERS`, named here so that listing
the tools imports no system)."""

TOOL_FORMS = (
    Tool(
        "ff-fight",
        N_("Fighting Fantasy fight"),
        N_("The chance to win a fight without Luck and with the best Luck policy, and what is left after."),
        (
            int_field("skill", N_("Your SKILL"), 10, 1, 24),
            int_field("stamina", N_("Your STAMINA"), 20, 1, 40),
            int_field("luck", N_("Your LUCK"), 9, 0, 24),
            Field("enemies", N_("Creatures (SKILL/STAMINA, commas)"), "text", "9/12"),
            Field("together", N_("Creatures attack together"), "bool"),
            Field("can_escape", N_("The section lets you escape"), "bool"),
            Field("luck_worth", N_("Worth of a LUCK point kept"), "float", "0", low=0, high=1),
        ),
        ("grognard.web.systems.tools_fighting_fantasy", "compute"),
    ),
    Tool(
        "gs-combat",
        N_("Grey Star combat"),
        N_("The chance to win with the best WILLPOWER spending through the Wizard's Staff, by first spend."),
        (
            int_field("combat_skill", N_("Your COMBAT SKILL"), 15, 0, 60),
            int_field("endurance", N_("Your ENDURANCE"), 22, 1, 60),
            int_field("willpower", N_("Your WILLPOWER"), 12, 0, 60),
            int_field("enemy_skill", N_("Enemy COMBAT SKILL"), 18, 0, 60),
            int_field("enemy_endurance", N_("Enemy ENDURANCE"), 24, 1, 80),
            Field("table", N_("Random numbers"), "choice", "uniform", (N_("uniform"), N_("book"))),
            Field("can_evade", N_("The text offers evasion"), "bool"),
        ),
        ("grognard.web.systems.tools_grey_star", "compute"),
    ),
    Tool(
        "talisman-combat",
        N_("Talisman combat"),
        N_("Win, stand-off and lose: your Strength (or Craft) and a die against the enemy's and a die."),
        (
            int_field("strength", N_("Your Strength (or Craft)"), 5, 0, 60),
            int_field("enemy", N_("Enemy Strength (or Craft)"), 4, 0, 60),
            Field("psychic", N_("Psychic combat (Craft)"), "bool"),
            int_field("bonus", N_("Your bonus"), 0, -20, 20),
            int_field("enemy_bonus", N_("Enemy bonus"), 0, -20, 20),
        ),
        ("grognard.web.systems.tools_talisman", "compute"),
    ),
    Tool(
        "heroquest-attack",
        N_("HeroQuest attack"),
        N_("The exact damage of an attack: skulls against the defender's shields."),
        (
            int_field("attack", N_("Attack dice"), 3, 1, 12),
            int_field("defend", N_("Defend dice"), 2, 0, 12),
            Field("defender", N_("Defender"), "choice", "monster", (N_("monster"), N_("hero"))),
            int_field("attacks", N_("Attacks this turn"), 1, 1, 4),
            Field(
                "body", N_("Target's Body (blank: no kill chance)"), "int", "", low=1, high=20, required=False
            ),
        ),
        ("grognard.web.systems.tools_heroquest", "compute"),
    ),
    Tool(
        "aif-melee",
        N_("Adventures in Fantasy melee"),
        N_("Each way a melee can end between two ready-made fighters, with the optional rules you choose."),
        (
            Field("a", N_("First fighter"), "choice", AIF_FIGHTERS[0], AIF_FIGHTERS),
            Field(
                "a_hp",
                N_("First fighter's hit points (blank: as ready-made)"),
                "int",
                low=1,
                high=100,
                required=False,
            ),
            Field("b", N_("Second fighter"), "choice", AIF_FIGHTERS[1], AIF_FIGHTERS),
            Field(
                "b_hp",
                N_("Second fighter's hit points (blank: as ready-made)"),
                "int",
                low=1,
                high=100,
                required=False,
            ),
            Field("hit_location", N_("Hit Location Chart"), "bool"),
            Field("strength", N_("Strength bonus"), "bool"),
            Field("armour", N_("Armour saves"), "bool"),
            Field("stamina", N_("Stamina and fatigue"), "bool"),
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
        env.filters.update({k: live(f) for k, f in getattr(m, "TEMPLATE_FILTERS", {}).items()})


def routers() -> list[APIRouter]:
    """Every system's own pages, as the routers the app includes."""
    return [m.ROUTER for m in _modules() if isinstance(getattr(m, "ROUTER", None), APIRouter)]
