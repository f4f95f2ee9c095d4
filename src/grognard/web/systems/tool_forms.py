"""Each system's calculator on the tools page, as its form: its id, title, what it answers and its fields.
The working out is named by module (`Tool.compute`), imported only when a calculation runs, so listing
the tools imports no system."""

from __future__ import annotations

from grognard.web.tool_kit import Field, Tool, int_field

TOOLS = (
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
"""The systems' calculators, in the order the tools page lists them."""
