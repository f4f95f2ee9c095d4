"""The heroes' skills' registry (the model layer): how each active or action skill is played (`Handler`:
its offers, its effect, its kind), the passive skills and where they are played, the skills not played
yet. The skill modules (`skills`, `skill_combat`, `skill_moves`, `destiny`) register their handlers here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grognard.engine.features import Registry
from grognard.systems.heroquest.model.state import QuestState

Offers = Callable[[QuestState, int], list[str]]
Apply = Callable[[QuestState, int, str], QuestState]


@dataclass(frozen=True)
class Handler:
    """How one skill is played: its offers (argument strings, "" for none), its effect, its kind."""

    offers: Offers
    apply: Apply
    kind: str = "free"


HANDLERS: dict[str, Handler] = {}
"""Active and action skills by key."""

PASSIVE: dict[str, str] = {
    "long-jump": "trap_dice.jump_chance: a jump fails only on a black shield (line 329)",
    "disarm-traps": "targets.can_disarm and resolve._disarm_chance (line 255)",
    "frightening-battle-roar": "skills.battle_roar's outcome: one Body from each affected adjacent enemy",
    "improved-stealth": "skill_moves.break_stealth and skill_combat.backstab: search and disarm keep "
    "stealth; no defend dice against a backstab from stealth (line 259)",
    "ranged-accuracy": "targets.hero_targets and effects.hero_attack_dice: a shot past a figure at one "
    "die fewer (line 337)",
    "dual-wielding": "turn_attacks.attacks_allowed and effects.hero_attack_dice: a second attack at half the "
    "dice (line 343)",
    "riposte": "skill_combat.riposte, called by resolve.apply_outcome after a defence that took no damage",
    "human-resistance": "resolve: one more white die on a jump or a disarm; pit_climb: 2 more on the red "
    "die to climb out of a pit (line 315)",
    "mimic": "chaos_flight.mimics: rolled when an enemy in sight casts a spell he does not know (line 286)",
    "strength-of-will": "chaos_flight.answer: a mental spell resisted, once an encounter (line 313)",
}
"""Passive skills (and Riposte, played automatically) and where their rule is played."""

NOT_PLAYED: dict[str, str] = {}
"""Skills the game does not play yet; using one raises `RuleNotImplementedError`."""


SKILLS = Registry("skill", HANDLERS, PASSIVE, NOT_PLAYED)
"""The skills' registry (`engine.features.Registry`)."""

add_handler = SKILLS.add
"""Register a skill's handler (a `ValueError` when the skill has one already)."""
handler = SKILLS.lookup
"""The handler of a skill; `RuleNotImplementedError` for one the game does not play."""


def register_skill(key: str, offers: Offers, kind: str = "free") -> Callable[[Apply], Apply]:
    """A decorator registering the function as the handler of skill `key` (`kind`: when it is used)."""
    return SKILLS.register(key, lambda apply: Handler(offers, apply, kind))
