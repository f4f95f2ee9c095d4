"""A campaign's melee: a kept character against a creature of the encounter tables, turn by turn.

`member_fighter` makes a character a `combat.Fighter` from his sheet (hit points left, usable Dexterity
and Strength, experience level, the armour in his kit, trained or not with a weapon); `creatures`
gives the foe. The melee is `melee.MeleeState` with hit location, strength and armour (`CAMPAIGN_RULES`),
each blow's dice shown; `kill_award` is what the victor learns (:1785-1805). Before the melee a
character trained in the bow who carries one and its arrows may shoot at the creature met (`aim`,
`shot_outcomes`, `roll_shot`; each shot uses an arrow, `use_missile`), its wounds carried into the melee
(`wounded_foe`). Readings: rulings "Creature figures", "Falling in a fight",
"Campaign melee" and "Campaign missiles".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.engine.game import Outcome
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.action_text import SpecialHit
from grognard.systems.adventures_in_fantasy.combat import Fighter, HitChance, with_hit_points
from grognard.systems.adventures_in_fantasy.creatures import creature, creature_fighter
from grognard.systems.adventures_in_fantasy.damage import (
    SPECIAL,
    SPECIAL_DAMAGE,
    DamageRules,
    body_type,
    die_distribution,
    location_distribution,
    roll_hit_damage,
    save_distribution,
    strength_damage,
    worn_effects,
)
from grognard.systems.adventures_in_fantasy.experience import Award, warrior_experience
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, MeleeState, chances, start_melee
from grognard.systems.adventures_in_fantasy.missiles import Shot, missile_chance, missile_weapon, target_size
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

WEAPON_COURSES = frozenset(range(11, 19))
"""Table B's courses in the use of a hand weapon (shield, sword, two-handed sword, spear, club, axe, pike,
dagger: :345-352); one makes him trained in melee. Course 10, the bow (:344), is for missile fire."""

BOW_COURSE = 10
"""Table B's "How to use a bow" (:344): without it a character "may not fire that weapon" (:1626)."""


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
    return shared_kill_award((state,), foe)


def shared_kill_award(fights: Sequence[MeleeState], foe: str) -> Award:
    """What each of several characters learns for killing `foe` together, one melee each (the first the
    one it struck at): its chance to hit the first over the sum of theirs, times its hit dice over theirs
    (1 each), times its level over the sum of theirs; each gets the whole award (:1805)."""
    if not fights:
        raise UsageError(gettext("a kill needs at least one fighter"))
    theirs = chances(fights[0].spec, 1, False)[0].chance
    mine = [chances(f.spec, 0, False)[0].chance for f in fights]
    levels = [f.spec.a.level or 0 for f in fights]
    return warrior_experience(theirs, mine, creature(foe).hit_dice, [1] * len(fights), 0, levels)


# ---------------------------------------------------------------------------------------------------
# Missiles at the creature met, before the melee

KIT_BOWS = {"bow": "short bow", "long bow": "composite or long bow", "composite bow": "composite or long bow"}
"""The price list's bows (:473-501) as the missile chart names them; "Crossbow" is its own row."""

MISSILES = {
    "short bow": "Quiver of Arrows",
    "composite or long bow": "Quiver of Arrows",
    "crossbow": "Crossbow Bolts",
}
"""What each bow shoots, as the price list sells it: "Quiver of Arrows (20)", "Crossbow Bolts (20)" (:483,
:493). A kit item "NAME (N)" holds N of them; each shot uses one (ruling "Campaign missiles")."""

_COUNTED = re.compile(r"^(?P<name>.+?) \((?P<count>\d+)\)$")


def target_of(foe: str) -> str:
    """The missile chart's size row for the creature `foe`: the one the chart names for it, or the nearest
    in bulk (:1656-1666; its `missile_target`, ruling "Campaign missiles")."""
    return target_size(creature(foe).missile_target)


def bow_trained(m: Member) -> bool:
    """True when character `m` has learnt the bow (Table B course 10, :344); the crossbow, composite and
    long bow count as the bow (:416-422)."""
    return m.character.has_course(BOW_COURSE)


def _missiles_in(name: str, missile: str) -> int:
    found = _COUNTED.match(name)
    if found is None or found["name"].casefold() != missile.casefold():
        return 0
    return int(found["count"])


NONE_LEFT = {"arrows": N_("{name} has no arrows left"), "bolts": N_("{name} has no bolts left")}
"""The refusal of a shot with nothing left to shoot, by what the bow shoots."""
NONE_FOR = {
    "arrows": N_("{name} has no arrows for his {bow} (buy:I:{missile})"),
    "bolts": N_("{name} has no bolts for his {bow} (buy:I:{missile})"),
}
"""The refusal of a shot with nothing the bow shoots in the kit, by what it shoots."""


def missile_word(weapon: str) -> str:
    """What `weapon` shoots, in a word: "bolts" for the crossbow, else "arrows"."""
    return "bolts" if bow(weapon) == "crossbow" else "arrows"


def missiles_left(m: Member, weapon: str) -> int:
    """How many arrows (or bolts, for the crossbow) character `m` carries for `weapon`."""
    missile = MISSILES[bow(weapon)]
    return sum(_missiles_in(item.name, missile) for item in m.character.equipment)


def use_missile(m: Member, weapon: str) -> Member:
    """Character `m` after one shot of `weapon`: an arrow (a bolt) fewer in the first quiver that has one,
    its weight with it; an empty quiver is gone."""
    missile = MISSILES[bow(weapon)]
    kit = list(m.character.equipment)
    for k, item in enumerate(kit):
        count = _missiles_in(item.name, missile)
        if count:
            if count == 1:
                del kit[k]
            else:
                weight = round(item.weight_lb * (count - 1) / count, 2)
                kit[k] = item.model_copy(update={"name": f"{missile} ({count - 1})", "weight_lb": weight})
            return m.with_character(m.character.model_copy(update={"equipment": tuple(kit)}))
    raise UsageError(gettext(NONE_LEFT[missile_word(weapon)]).format(name=m.name))


def bow(weapon: str) -> str:
    """The missile chart's row for a bow named as the price list or the chart names it."""
    return missile_weapon(KIT_BOWS.get(weapon.strip().casefold(), weapon))


def _kit_bow(m: Member, weapon: str) -> bool:
    wanted = bow(weapon)
    for item in m.character.equipment:
        name = item.name.casefold()
        if KIT_BOWS.get(name, name) == wanted:
            return True
    return False


def aim(m: Member, foe: str, weapon: str, yards: int) -> tuple[Shot, HitChance]:
    """Character `m`'s shot at `foe`: he must have learnt the bow (:1626), carry it and an arrow for it;
    the chance with every modifier, or a `UsageError` saying why he may not shoot."""
    if not _kit_bow(m, weapon):
        raise UsageError(
            gettext("{name} carries no {bow} (buy:I:Bow, ...)").format(name=m.name, bow=bow(weapon))
        )
    shot = Shot(
        weapon=bow(weapon),
        yards=yards,
        dexterity=min(100, m.character.effective("dexterity")),
        trained=bow_trained(m),
        target=target_of(foe),
    )
    chance = missile_chance(shot)
    if chance.forbidden:
        said = (
            gettext("{name}: {reason} (Table B course 10, How to use a bow)")
            if not shot.trained
            else gettext("{name}: {reason}")
        )
        raise UsageError(said.format(name=m.name, reason=chance.forbidden))
    if not missiles_left(m, weapon):
        said = gettext(NONE_FOR[missile_word(weapon)])
        raise UsageError(said.format(name=m.name, bow=bow(weapon), missile=MISSILES[bow(weapon)]))
    return shot, chance


def _damage_rules(shot: Shot, foe: str) -> DamageRules:
    return DamageRules(hit_location=True, armour=creature(foe).armour, missile=shot.missile())


SPECIAL_DEXTERITY_SIDES = 10
"""Special damage takes 1d10 Dexterity (:1609)."""


@dataclass(frozen=True)
class ArrowHit:
    """What an arrow did: the hit points it took, and for a special hit of Chart O the Dexterity lost
    and whether a second special roll halved the creature's movement (:1609)."""

    hits: int
    special: bool = False
    dexterity_lost: int = 0
    movement_halved: bool = False

    @property
    def outcome(self) -> Outcome:
        """The chance outcome: the hits as a number, or "special:HITS:DEX[:halved]" for a special hit."""
        if not self.special:
            return self.hits
        return str(SpecialHit(str(self.hits), str(self.dexterity_lost), self.movement_halved))

    @classmethod
    def of(cls, outcome: Outcome) -> ArrowHit:
        """The arrow's hit from its outcome (`outcome`)."""
        if isinstance(outcome, int):
            return cls(outcome)
        hit = SpecialHit.parse(str(outcome))
        if hit is None:
            raise UsageError(gettext("no arrow outcome {outcome}").format(outcome=repr(outcome)))
        return cls(int(hit.hits), True, int(hit.dexterity), hit.halved)


def shot_outcomes(shot: Shot, chance: int, foe: str, left: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """The exact outcomes of an arrow at `foe` (hits capped at the `left` it has): a miss (0), a hit's
    hit points, or a special hit of Chart O with its hit points, Dexterity lost (1d10) and whether the
    second roll halves its movement (:1609), each as `ArrowHit.outcome`."""
    p = Fraction(chance, 100)
    body = body_type(creature(foe).body)
    rules = _damage_rules(shot, foe)
    effects = worn_effects(rules.armour, rules.missile, rules.behind, rules.magical)
    again = dict(location_distribution(body)).get(SPECIAL, Fraction(0))
    out: dict[Outcome, Fraction] = {0: 1 - p}
    for die, q in location_distribution(body):
        for rolled, r in die_distribution(SPECIAL_DAMAGE if die == SPECIAL else die).items():
            dealt = strength_damage(rolled, rules.strength)
            for taken, s in save_distribution(dealt, effects).items():
                hits = min(taken, left)
                if die != SPECIAL:
                    out[hits] = out.get(hits, Fraction(0)) + p * q * r * s
                    continue
                for dexterity in range(1, SPECIAL_DEXTERITY_SIDES + 1):
                    for halved, t in ((True, again), (False, 1 - again)):
                        key = ArrowHit(hits, True, dexterity, halved).outcome
                        out[key] = out.get(key, Fraction(0)) + p * q * r * s * t / SPECIAL_DEXTERITY_SIDES
    return tuple((k, v) for k, v in out.items() if v > 0)


def roll_shot(rng: Rng, shot: Shot, chance: int, foe: str, left: int) -> tuple[Outcome, tuple[Roll, ...]]:
    """Throw the arrow: two d20 against the chance, then the hit's damage and saves, every die shown;
    the outcome as `shot_outcomes` names it."""
    thrown = percentile(rng)
    hit = thrown.total <= chance
    shown = [Roll(f"arrow ({chance}%): {'hit' if hit else 'miss'}", thrown.dice, thrown.total, thrown.detail)]
    if not hit:
        return 0, tuple(shown)
    done = roll_hit_damage(rng, body_type(creature(foe).body), _damage_rules(shot, foe))
    where = done.location
    if where is None or where.die != SPECIAL:
        return min(done.taken, left), (*shown, *done.rolls)
    arrow = ArrowHit(min(done.taken, left), True, where.dexterity_lost, where.movement_halved)
    return arrow.outcome, (*shown, *done.rolls)


def shot_award(m: Member, foe: str, chance: int) -> Award:
    """What an archer learns for a kill: the creature's melee chance against him over his arrow's
    chance, times its hit dice, the levels as for a melee kill (:1785-1805)."""
    spec = begin(m, foe).spec
    theirs = chances(spec, 1, False)[0].chance
    return warrior_experience(
        theirs, [max(1, chance)], creature(foe).hit_dice, [1], 0, [m.character.experience_level]
    )


def wounded_foe(m: Member, foe: str, wounds: int, dexterity_lost: int = 0) -> MeleeState:
    """The melee against a creature already wounded by arrows (its Dexterity less what their special
    hits took, :1609)."""
    fresh = creature_fighter(foe)
    hurt = with_hit_points(fresh, fresh.hit_points - wounds)
    if dexterity_lost:
        hurt = replace(hurt, dexterity=max(0, hurt.dexterity - dexterity_lost))
    return start_melee(member_fighter(m), hurt, CAMPAIGN_RULES)
