"""A campaign's melee: a kept character against a creature of the encounter tables, turn by turn.

`member_fighter` makes a character a `combat.Fighter` from his sheet (hit points left, usable Dexterity
and Strength, experience level, the armour in his kit, trained or not with a weapon); `creatures`
gives the foe. The melee is `melee.MeleeState` with hit location, strength and armour (`CAMPAIGN_RULES`),
each blow's dice shown. `outcome_text` and `kill_award` read its end: who fell, what the victor learnt
(:1785-1805). Readings: rulings "Creature figures" and "Falling in a fight".
"""

from __future__ import annotations

from grognard.systems.adventures_in_fantasy.combat import Fighter
from grognard.systems.adventures_in_fantasy.creatures import creature, creature_fighter
from grognard.systems.adventures_in_fantasy.experience import Award, warrior_experience
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, MeleeState, chances, start_melee
from grognard.systems.adventures_in_fantasy.time import Member

CAMPAIGN_RULES = MeleeRules(hit_location=True, strength=True, armour=True)
"""The optional rules a campaign's melee uses: Chart O, the strength bonus and armour saves."""

KIT_ARMOUR = {
    "Helmet": "helmet",
    "Helm": "helmet",
    "Shield (Light)": "small shield",
    "Shield (Heavy)": "large shield",
    "Leather Armor": "leather armour",
    "Chainmail": "chainmail",
    "Plate Armor": "full plate armour",
}
"""The price list's armour (:480-500) as the armour save chart names it."""

WEAPON_COURSES = frozenset(range(4, 10))
"""Table B's weapon courses (shield, sword, spear, club, axe, dagger: :331-345); one makes him trained."""


def member_fighter(m: Member) -> Fighter:
    """Character `m` as a melee fighter: hit points left, usable Dexterity and Strength, his level,
    the armour he carries (one piece of each kind), trained when a soldier or schooled in a weapon."""
    c = m.character
    worn: list[str] = []
    for item in c.equipment:
        piece = KIT_ARMOUR.get(item.name)
        if piece is not None and piece not in worn:
            worn.append(piece)
    trained = c.soldier or any(k.number in WEAPON_COURSES for k in c.courses)
    return Fighter(
        name=m.name,
        hit_points=c.current_hit_points,
        dexterity=min(100, c.effective("dexterity")),
        level=c.experience_level,
        strength=c.effective("strength"),
        armour=tuple(worn),
        training="trained" if trained else "untrained",
    )


def begin(m: Member, foe: str) -> MeleeState:
    """The first state of a melee between character `m` and the creature named `foe`."""
    return start_melee(member_fighter(m), creature_fighter(foe), CAMPAIGN_RULES)


def kill_award(state: MeleeState, foe: str) -> Award:
    """What the character learns for killing `foe`: its chance to hit him over his to hit it, times
    its hit dice over his (1), times its level (none: 1) over his (:1785-1805)."""
    spec = state.spec
    mine = chances(spec, 0, False)[0].chance
    theirs = chances(spec, 1, False)[0].chance
    level = spec.a.level or 0
    return warrior_experience(theirs, [mine], creature(foe).hit_dice, [1], 0, [level])
