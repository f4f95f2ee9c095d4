"""Damage of a hit: the dice (1d6, or the Hit Location Chart with special damage), strength, armour saves.

Every step is a small function of the dice it reads (`location_die`, `strength_damage`, `armour_step`),
and the exact distributions (`hit_damage`) are built by enumerating those same functions over every face,
so play and odds agree. Book: 002_8449cbd1010a37a5.txt:1590-1622 (hit location, special damage),
1748-1765 (armour), 1767-1773 (strength); readings in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from grognard.engine.content import Table
from grognard.engine.dice.core import Rng, Roll, percentile, roll_dice, sum_distribution
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_table

BODY_TYPES = ("human", "snake", "lion", "bird", "reptile", "scaled")
"""The six basic body types of the Combat Matrix and the Hit Location Chart (line 1549)."""

PLAIN_DAMAGE = "1d6"
"""The damage of a hit when the Hit Location Chart is not used (line 1592)."""

SPECIAL = "special"
SPECIAL_DAMAGE = "1d6"
SPECIAL_DEXTERITY = "1d10"
"""Special damage: 1d6 hit points and 1d10 dexterity lost; a second special halves movement (line 1609)."""

ARMOUR_ORDER = ("small shield", "large shield", "helmet", "leather armour", "chainmail", "full plate armour")
"""The order in which worn pieces are tried for a save: shield, helmet, body armour (see the rulings)."""

ARMOUR_ALIASES = {
    "leather": "leather armour",
    "chain": "chainmail",
    "plate": "full plate armour",
    "full plate": "full plate armour",
    "shield": "small shield",
    "small-shield": "small shield",
    "large-shield": "large shield",
    "leather-armour": "leather armour",
    "full-plate-armour": "full plate armour",
}
SHIELDS = ("small shield", "large shield")
STRONG_BOWS = ("composite or long bow", "crossbow")
STRENGTH_CLASSES = ("weak", "normal", "strong")

Distribution = Mapping[int, Fraction]


def source(line: int | str) -> str:
    """A citation of the rulebook: file and line."""
    return f"{RULEBOOK}:{line}"


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, .5 rounded up (the book's general rule, line 414)."""
    return int((value + Fraction(1, 2)) // 1)


def body_type(name: str) -> str:
    """A body type by name ("scales" and "scaled" are the same); anything else is a `UsageError`."""
    key = name.strip().lower()
    key = "scaled" if key == "scales" else key
    if key not in BODY_TYPES:
        raise UsageError(
            gettext("body type {body} is not one of {bodies}").format(
                body=repr(name), bodies=", ".join(BODY_TYPES)
            )
        )
    return key


def armour_piece(name: str) -> str:
    """An armour piece of the save chart by name or short name (plate, chain, leather, shield)."""
    key = name.strip().lower().replace("armor", "armour")
    key = ARMOUR_ALIASES.get(key, key)
    if key not in ARMOUR_ORDER:
        raise UsageError(
            gettext("armour {armour} is not one of {pieces} (or plate, chain, leather)").format(
                armour=repr(name), pieces=", ".join(ARMOUR_ORDER)
            )
        )
    return key


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


# -- the damage die ---------------------------------------------------------------------------------------


def location_table(body: str) -> Table:
    """Hit Location Chart O for the body type hit."""
    entry = get_table(f"hit-location-{body_type(body)}")
    assert isinstance(entry, Table)
    return entry


def location_die(body: str, roll: int) -> str:
    """The die of damage ("1d8", "2d10" or "special") for a d100 `roll` on the body type hit."""
    if not 1 <= roll <= 100:
        raise UsageError(gettext("hit location roll {roll} is not 1-100").format(roll=roll))
    value = location_table(body).lookup(roll).field("damage")
    assert isinstance(value, str)
    return value


def _dice(expr: str) -> tuple[int, int]:
    count, _, sides = expr.partition("d")
    return int(count), int(sides)


def die_distribution(expr: str) -> dict[int, Fraction]:
    """The exact distribution of a damage die such as "1d6" or "2d10"."""
    count, sides = _dice(expr)
    return dict(sum_distribution(count, sides))


@cache
def location_distribution(body: str) -> tuple[tuple[str, Fraction], ...]:
    """Each die of the Hit Location Chart for a body type with its exact chance (rows by width)."""
    counts: dict[str, int] = {}
    for roll in range(1, 101):
        die = location_die(body, roll)
        counts[die] = counts.get(die, 0) + 1
    return tuple((die, Fraction(n, 100)) for die, n in counts.items())


@dataclass(frozen=True)
class LocationHit:
    """A hit rolled on the Hit Location Chart: the rolls, the die, the damage, and any special effects.

    `dexterity_lost` and `movement_halved` are the special damage's effects (0 / False otherwise).
    """

    body: str
    location_roll: int
    die: str
    damage: int
    dexterity_lost: int = 0
    movement_halved: bool = False
    rolls: tuple[Roll, ...] = ()


def roll_location(rng: Rng, body: str, roll: int | None = None) -> LocationHit:
    """Roll (or use `roll`) on the Hit Location Chart, then roll the damage die and any special effects."""
    rolls: list[Roll] = []
    chart = f"hit location, {body_type(body)} body (Chart O)"
    if roll is None:
        thrown = percentile(rng)
        rolls.append(Roll(chart, thrown.dice, thrown.total, thrown.detail))
        roll = thrown.total
    die = location_die(body, roll)
    if die != SPECIAL:
        count, sides = _dice(die)
        damage = roll_dice(rng, count, sides)
        rolls.append(Roll(f"its wound {damage.expression}", damage.dice, damage.total, damage.detail))
        return LocationHit(body_type(body), roll, die, damage.total, rolls=tuple(rolls))
    damage = roll_dice(rng, 1, 6)
    dexterity = roll_dice(rng, 1, 10)
    again = percentile(rng)
    halved = location_die(body, again.total) == SPECIAL
    legs = "movement halved" if halved else "movement kept"
    rolls += [
        Roll("its wound, special damage 1d6", damage.dice, damage.total),
        Roll("dexterity lost 1d10", dexterity.dice, dexterity.total),
        Roll(f"{chart} again, special halves movement ({legs})", again.dice, again.total, again.detail),
    ]
    return LocationHit(body_type(body), roll, die, damage.total, dexterity.total, halved, tuple(rolls))


def raw_damage_distribution(body: str, hit_location: bool) -> dict[int, Fraction]:
    """The damage rolled for one hit before strength and armour: 1d6, or by the Hit Location Chart."""
    if not hit_location:
        return die_distribution(PLAIN_DAMAGE)
    out: dict[int, Fraction] = {}
    for die, p in location_distribution(body_type(body)):
        dist = die_distribution(SPECIAL_DAMAGE if die == SPECIAL else die)
        for value, q in dist.items():
            out[value] = out.get(value, Fraction(0)) + p * q
    return out


# -- strength ---------------------------------------------------------------------------------------------


def strength_class(strength: int | None = None, hit_dice: int | None = None) -> str:
    """Weak, normal or strong: by the strength score (0-30, 31-70, 71 up), else by hit dice (1, 2-3, 4 up).

    A 2-hit-dice creature is normal (ruling "Strength of creatures").
    """
    if strength is not None:
        if strength < 0:
            raise UsageError(gettext("strength {strength} is below 0").format(strength=strength))
        bands = get_table("strength-bonus")
        assert isinstance(bands, Bands)
        value = bands.lookup(strength).result["class"]
        assert isinstance(value, str)
        return value
    if hit_dice is None or hit_dice <= 0:
        return "normal"
    if hit_dice <= 1:
        return "weak"
    return "normal" if hit_dice <= 3 else "strong"


def strength_damage(damage: int, klass: str) -> int:
    """The damage after the strength bonus: weak halves rounding up, strong doubles (lines 1771-1773)."""
    bands = get_table("strength-bonus")
    assert isinstance(bands, Bands)
    for band in bands.rows:
        if band.result["class"] == klass:
            factor = Fraction(str(band.result["damage_factor"]))
            scaled = damage * factor
            return -((-scaled.numerator) // scaled.denominator)
    raise UsageError(
        gettext("strength class {klass} is not one of {classes}").format(
            klass=repr(klass), classes=", ".join(STRENGTH_CLASSES)
        )
    )


# -- armour -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Missile:
    """The missile that hit, for armour: the weapon (a row of missile-ranges) and the range band."""

    weapon: str
    range: str


def armour_effect(piece: str, missile: Missile | None = None) -> tuple[int, Fraction] | None:
    """The save of one piece: (% chance the blow struck it, share of damage then taken), or None when
    the piece gives no save against this blow (archery through it, lines 1761-1763)."""
    piece = armour_piece(piece)
    row = _chart("armour-saves").row(piece)
    chance = row.get("chance")
    factor = row.get("damage_factor")
    assert isinstance(chance, int) and isinstance(factor, float | int)
    share = Fraction(factor).limit_denominator(12)
    if missile is None:
        return chance, share
    strong = missile.weapon in STRONG_BOWS and missile.range in ("medium", "short")
    if piece in ("full plate armour", "helmet") and strong:
        return None
    if piece == "leather armour":
        return None
    if piece == "chainmail":
        if missile.range == "short":
            return None
        if missile.weapon == "short bow" and missile.range == "long":
            return chance, Fraction(0)
    return chance, share


def armour_step(damage: int, effect: tuple[int, Fraction], roll: int) -> int | None:
    """One piece tried with a d100 `roll`: the damage taken if it struck the piece, None if it missed it.

    Reduced damage is rounded to the nearest point, .5 up (line 414).
    """
    chance, share = effect
    if roll > chance:
        return None
    return round_half_up(damage * share)


def worn_effects(
    armour: tuple[str, ...], missile: Missile | None = None, behind: bool = False, magical: bool = False
) -> tuple[tuple[str, int, Fraction], ...]:
    """The pieces that may save this blow, in the order tried: shields only from the front (line 1761),
    nothing against magic (line 1765)."""
    if magical:
        return ()
    pieces = sorted({armour_piece(p) for p in armour}, key=ARMOUR_ORDER.index)
    out: list[tuple[str, int, Fraction]] = []
    for piece in pieces:
        if behind and piece in SHIELDS:
            continue
        effect = armour_effect(piece, missile)
        if effect is not None:
            out.append((piece, *effect))
    return tuple(out)


def save_distribution(damage: int, effects: tuple[tuple[str, int, Fraction], ...]) -> dict[int, Fraction]:
    """The damage taken after armour, by enumerating each piece's d100 through `armour_step`."""
    out: dict[int, Fraction] = {}
    reach = Fraction(1)
    for _, chance, share in effects:
        struck: dict[int, int] = {}
        for roll in range(1, 101):
            taken = armour_step(damage, (chance, share), roll)
            if taken is not None:
                struck[taken] = struck.get(taken, 0) + 1
        missed = 100 - sum(struck.values())
        for taken, n in struck.items():
            out[taken] = out.get(taken, Fraction(0)) + reach * Fraction(n, 100)
        reach *= Fraction(missed, 100)
    if reach:
        out[damage] = out.get(damage, Fraction(0)) + reach
    return out


def roll_saves(
    rng: Rng, damage: int, effects: tuple[tuple[str, int, Fraction], ...]
) -> tuple[int, tuple[Roll, ...]]:
    """Throw each piece's save in turn until one is struck; the damage taken and every roll."""
    rolls: list[Roll] = []
    for piece, chance, share in effects:
        thrown = percentile(rng)
        rolls.append(Roll(f"{piece} save ({chance}%)", thrown.dice, thrown.total, thrown.detail))
        taken = armour_step(damage, (chance, share), thrown.total)
        if taken is not None:
            return taken, tuple(rolls)
    return damage, tuple(rolls)


# -- one hit, whole -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DamageRules:
    """How a hit's damage is found: the optional rules in play and the blow's circumstances."""

    hit_location: bool = False
    strength: str = "normal"
    armour: tuple[str, ...] = ()
    missile: Missile | None = None
    behind: bool = False
    magical: bool = False


@cache
def hit_damage(body: str, rules: DamageRules) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the hit points a hit takes from a target of `body`, sorted by damage."""
    effects = worn_effects(rules.armour, rules.missile, rules.behind, rules.magical)
    out: dict[int, Fraction] = {}
    for rolled, p in raw_damage_distribution(body, rules.hit_location).items():
        dealt = strength_damage(rolled, rules.strength)
        for taken, q in save_distribution(dealt, effects).items():
            out[taken] = out.get(taken, Fraction(0)) + p * q
    return tuple(sorted(out.items()))


@dataclass(frozen=True)
class RolledHit:
    """One hit's damage as thrown: what was rolled, the hit points taken, special effects, every die."""

    rolled: int
    dealt: int
    taken: int
    location: LocationHit | None
    rolls: tuple[Roll, ...]


def roll_hit_damage(rng: Rng, body: str, rules: DamageRules) -> RolledHit:
    """Throw one hit's damage with the same steps `hit_damage` enumerates."""
    location: LocationHit | None = None
    rolls: list[Roll] = []
    if rules.hit_location:
        location = roll_location(rng, body)
        rolled = location.damage
        rolls += location.rolls
    else:
        thrown = roll_dice(rng, 1, 6)
        rolls.append(thrown)
        rolled = thrown.total
    dealt = strength_damage(rolled, rules.strength)
    effects = worn_effects(rules.armour, rules.missile, rules.behind, rules.magical)
    taken, saves = roll_saves(rng, dealt, effects)
    return RolledHit(rolled, dealt, taken, location, (*rolls, *saves))
