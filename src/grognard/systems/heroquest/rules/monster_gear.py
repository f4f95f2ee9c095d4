"""Monsters' weapons, armour and skills as a quest gives them, and the dice they roll with them.

Line 613: beneath each monster the rulebook lists the weapons, armour and skills it may use; the game
master adds them at any level (line 351). A quest says what each placed monster has (`monsters`), or
what every monster of a kind has (`monster_kinds`, for whatever a placement leaves out), and what the
wandering monster has; `kit_of` reads that into a `Kit`, `kit_problems` checks it against the monster's
lists, and `monster_stats` turns it into the `MonsterStats` the game state reads.

A weapon that is also a hero's weapon follows its rules (lines 359-373: a bow shoots any hero in sight
and is two-handed, as is a battle axe); for the rest the catalogue's note on the piece says: "diagonal"
(the scythe strikes corner to corner), "two-handed" (no shield with it, line 383), "one piece" (a zombie
wears chain mail or a helmet, not both, line 663). A shield
gives two dice against a shot (line 383); plate mail takes 2 from the movement roll unless the monster's
entry says it does not slow it (line 381). A monster with two weapons and Dual-Wielding strikes twice, the
second time with the lesser weapon and half the dice rounded up (line 343); Claw Swipe's second attack
rolls base Attack (line 913).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from grognard.systems.heroquest.content.geometry import can_target
from grognard.systems.heroquest.model.edits import hidden
from grognard.systems.heroquest.model.effect_strings import total
from grognard.systems.heroquest.rules.gear import weapon_of
from grognard.systems.heroquest.rules.monster_wounds import carrying, disarmed, kidnapped, stone

if TYPE_CHECKING:
    from grognard.systems.heroquest.content.monster_kit import MonsterStats
    from grognard.systems.heroquest.model.state import QuestState


# ---------------------------------------------------------------------------------------------------
# The gear's rules


def has_skill(state: QuestState, j: int, name: str) -> bool:
    """True when monster `j` was given the skill `name`."""
    return name in state.stats_of(j).skills


def skilled(stats: MonsterStats, names: Sequence[str]) -> bool:
    """True when the monster has any of the skills."""
    return any(n in stats.skills for n in names)


# ---------------------------------------------------------------------------------------------------
# Dice and reach in play


def moved(state: QuestState, j: int) -> int:
    """The squares monster `j` has crossed this turn (kept for Rush, line 689)."""
    return total(state.monsters[j].effects, "rushed")


def second_attack(state: QuestState, j: int) -> bool:
    """True when monster `j`'s next attack this turn is its second (Dual-Wielding, Claw Swipe)."""
    return (
        state.in_gm_turn() and state.acting == j and state.turn.attacks >= 1 and state.stats_of(j).second > 0
    )


def attacks_allowed(state: QuestState, j: int) -> int:
    """How many attacks monster `j` makes a turn: two with Dual-Wielding and two weapons or Claw Swipe."""
    return 2 if state.stats_of(j).second > 0 else 1


def swarming(state: QuestState, j: int) -> bool:
    """Swarm (line 623): another monster of its kind in the same room."""
    m = state.monsters[j]
    stats = state.stats_of(j)
    board = state.layout.board
    room = board.room_of(m.at) if m.at is not None else None
    if "Swarm" not in stats.skills or room is None:
        return False
    return any(
        k != j
        and o.status in ("active", "lurking")
        and o.at is not None
        and state.stats_of(k).kind == stats.kind
        and board.room_of(o.at) == room
        for k, o in enumerate(state.monsters)
    )


def clear_shot(state: QuestState, j: int, i: int) -> bool:
    """True when monster `j` shoots at hero `i` with no figure in the way."""
    m, h = state.monsters[j].at, state.heroes[i].at
    return m is not None and h is not None and can_target(state.layout, m, h, state.figures)


def attack_dice(state: QuestState, j: int, hero: int, *, base: bool = False) -> int:
    """Monster `j`'s attack dice at hero `hero` before furniture and spells: its weapon's (or base Attack
    for a skill that says so, or the second attack's), its effects, +1 for Swarm (line 623), +1 for Rush
    after crossing more than two squares (line 689), -1 for a shot past a figure (Ranged Accuracy, line
    337)."""
    stats = state.stats_of(j)
    m = state.monsters[j]
    dice = stats.base_attack if base else stats.second if second_attack(state, j) else stats.attack
    dice += total(m.effects, "atk")
    if swarming(state, j):
        dice += 1
    if "Rush" in stats.skills and moved(state, j) > 2:
        dice += 1
    if stats.ranged and not base and hero >= 0 and not clear_shot(state, j, hero):
        dice -= 1
    return max(0, dice)


def defend_dice(state: QuestState, j: int, *, ranged: bool = False) -> int:
    """Monster `j`'s defend dice before effects and furniture: Defend with armour, two for a shield
    against a shot (line 383); base Defend while it carries off a hero (Kidnap, line 711)."""
    stats = state.stats_of(j)
    if carrying(state, j) is not None:
        return stats.base_defend
    return stats.defend + (1 if ranged and stats.shield else 0)


def untouchable(state: QuestState, i: int) -> bool:
    """True when no monster may attack hero `i`: unseen (stealth, Disappear), stone (line 781), carried
    off by a fimir (line 711)."""
    return hidden(state, i) or stone(state, i) or kidnapped(state, i) is not None


def shot_targets(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` may shoot with its bow: any in sight (line 371), past a figure with Ranged
    Accuracy (line 337)."""
    m = state.monsters[j].at
    assert m is not None
    accurate = "Ranged Accuracy" in state.stats_of(j).skills
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not untouchable(state, i)
        and (clear_shot(state, j, i) or (accurate and can_target(state.layout, m, h.at)))
    ]


def shoots(state: QuestState, j: int) -> bool:
    """True when monster `j`'s attacks are shots (a bow, line 371)."""
    return state.stats_of(j).ranged


def hero_shoots(state: QuestState, i: int) -> bool:
    """True when hero `i` attacks with a bow or crossbow in hand (a monster's shield gives two dice)."""
    name = state.hero_of(i).equipped.weapon
    weapon = weapon_of(name) if name and not disarmed(state.heroes[i].effects) else None
    return weapon is not None and weapon.ranged
