"""The chance to hit in melee, with every modifier the book gives, each shown with its line.

`hit_chance(attacker, defender)` starts from Combat Matrix N (body type against body type) and applies,
in this order: weapon training, neglected practice, fighting from the saddle (attacker's and
defender's horsemanship), the second weapon of two-weapon fighting, the
defender's cover, dexterity, size and experience (each with its cap), the weapon's bonus, Table Q, the
referee's own modifier, the halving effects (swamp, blocked on a low wall, fatigue), and last the 2%/98%
limits. Each step is a `Modifier` (name, amount, source line, whether a cap cut it), so a referee sees
exactly how the number came about. Stamina in melee and its recovery are here too.
Book: 002_8449cbd1010a37a5.txt:389-408, 1522-1586, 1674-1740; readings in
docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any

from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.action_text import Source
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.damage import (
    armour_piece,
    body_type,
    round_half_up,
    source,
    strength_class,
)
from grognard.systems.adventures_in_fantasy.lookups import HIT_CHANCE_LIMITS, combat_chance
from grognard.systems.adventures_in_fantasy.riding import melee_share, team_level, weapon_problem
from grognard.systems.adventures_in_fantasy.tables import get_table

TRAINING = {"trained": Fraction(1), "half": Fraction(2, 3), "untrained": Fraction(1, 3)}
"""The share of the base chance by weapon training: full, half the course done (2/3), none (1/3)."""

REACHES = ("very long", "long", "medium", "short")
"""The weapon classes of Table Q."""

TWO_WEAPONS = ("", "dagger", "shield")
"""Two-weapon fighting: none, a dagger with a sword, hand ax or club, or a dagger with the shield."""

DEFAULT_DEXTERITY = 50
"""A creature with no dexterity listed has 50 (line 1533)."""

EXPERIENCE_CAP = 15
"""Hit dice above 15, or hits above 150, count as 15 for experience (line 1541)."""
HITS_FOR_CAP = 150

DEXTERITY_CAP = 10
SIZE_BONUS_CAP = 15
SIZE_MINUS_CAP = 10
STAMINA_PER_TURN = 5
"""A melee turn spends 5 stamina (line 1742)."""


MAX_SCORE = 999
"""The largest hit points, size, hit dice, stamina or level a fighter takes: far past any creature of the
rules, and small enough that a melee's exact odds (a table over both sides' hit points) stay bounded."""


@dataclass(frozen=True, slots=True)
class Fighter:
    """A combatant: what the Combat Matrix and its modifiers read, and what its blows do.

    `hit_points` are those it has now; `size` the hits it takes whole (its average for a creature),
    used for the size comparison (0: the same as `hit_points`). `level` is an experience level; a
    creature without one uses `hit_dice`. `weapon_bonus` is the weapon's +N% (a +8 sword).
    `training` is "trained", "half" or "untrained"; `unpracticed` months without practice.
    `strength` (or else `hit_dice`) gives the strength bonus class. `armour` the pieces worn.
    `two_weapons` "dagger" or "shield" for a second attack. `stamina` 0 when not tracked. `reach` the
    weapon class of Table Q. `cover`: behind a tree; `on_wall`: blocked on a low wall; `downhill`:
    charged down a hill. `extra`: the referee's own modifier to its chance to hit. `mounted`: the
    rider's horsemanship level (0-3; None on foot), `horse` the horse's (the rider's when not given).
    """

    name: str = "fighter"
    body: str = "human"
    hit_points: int = 10
    size: int = 0
    dexterity: int = DEFAULT_DEXTERITY
    level: int | None = None
    hit_dice: int = 0
    weapon_bonus: int = 0
    training: str = "trained"
    unpracticed: int = 0
    strength: int | None = None
    armour: tuple[str, ...] = ()
    two_weapons: str = ""
    stamina: int = 0
    reach: str = ""
    cover: bool = False
    on_wall: bool = False
    downhill: bool = False
    extra: int = 0
    mounted: int | None = None
    horse: int | None = None

    def __post_init__(self) -> None:
        """Refuse impossible values with a `UsageError` naming the value."""
        body_type(self.body)
        if self.body != body_type(self.body):
            raise UsageError(
                gettext("body type {body}: write it as {written}").format(
                    body=repr(self.body), written=repr(body_type(self.body))
                )
            )
        for name in ("hit_points", "size", "hit_dice", "unpracticed", "stamina"):
            if getattr(self, name) < 0:
                raise UsageError(
                    gettext("{fighter}: {name} {value} is below 0").format(
                        fighter=self.name, name=name, value=getattr(self, name)
                    )
                )
            if getattr(self, name) > MAX_SCORE:
                raise UsageError(
                    gettext("{fighter}: {name} {value} is above {most}").format(
                        fighter=self.name, name=name, value=getattr(self, name), most=MAX_SCORE
                    )
                )
        if self.level is not None and not 0 <= self.level <= MAX_SCORE:
            raise UsageError(
                gettext("{fighter}: level {level} is not 0-{most}").format(
                    fighter=self.name, level=self.level, most=MAX_SCORE
                )
            )
        if not 0 <= self.dexterity <= 100:
            raise UsageError(
                gettext("{fighter}: dexterity {dexterity} is not 0-100").format(
                    fighter=self.name, dexterity=self.dexterity
                )
            )
        if self.training not in TRAINING:
            raise UsageError(
                gettext("{fighter}: training {training} is not one of {trainings}").format(
                    fighter=self.name, training=repr(self.training), trainings=", ".join(TRAINING)
                )
            )
        if self.two_weapons not in TWO_WEAPONS:
            raise UsageError(
                gettext("{fighter}: two weapons {two} is not dagger or shield").format(
                    fighter=self.name, two=repr(self.two_weapons)
                )
            )
        if self.two_weapons and self.training != "trained":
            raise UsageError(
                gettext("{fighter}: two weapons need full training in both (line 1740)").format(
                    fighter=self.name
                )
            )
        if self.two_weapons == "shield" and not any("shield" in armour_piece(p) for p in self.armour):
            raise UsageError(
                gettext("{fighter}: attacking with the shield needs a shield in the armour").format(
                    fighter=self.name
                )
            )
        if self.reach and self.reach not in REACHES:
            raise UsageError(
                gettext("{fighter}: reach {reach} is not one of {reaches}").format(
                    fighter=self.name, reach=repr(self.reach), reaches=", ".join(REACHES)
                )
            )
        for piece in self.armour:
            armour_piece(piece)
        if self.strength is not None and self.strength < 0:
            raise UsageError(
                gettext("{fighter}: strength {strength} is below 0").format(
                    fighter=self.name, strength=self.strength
                )
            )
        self._check_saddle()

    def _check_saddle(self) -> None:
        if self.mounted is None:
            if self.horse is not None:
                raise UsageError(
                    gettext("{fighter}: a horse's level needs mounted=LEVEL for the rider").format(
                        fighter=self.name
                    )
                )
            return
        level = self.riding_level()
        assert level is not None
        used = ["shield"] if any("shield" in armour_piece(p) for p in self.armour) else []
        used += ["dagger"] if self.two_weapons == "dagger" else []
        for weapon in used:
            problem = weapon_problem(weapon, level)
            if problem:
                raise UsageError(gettext("{fighter}: {problem}").format(fighter=self.name, problem=problem))

    def riding_level(self) -> int | None:
        """The horsemanship level the fighter's rider and horse share (line 389), None on foot."""
        if self.mounted is None:
            return None
        return team_level(self.mounted, self.mounted if self.horse is None else self.horse)

    @property
    def full_size(self) -> int:
        """The hit points compared for size: `size`, or the hit points when no size is given."""
        return self.size or self.hit_points

    def experience(self) -> tuple[int, bool]:
        """The experience value and whether the cap of 15 cut it (a creature's hit dice, line 1541)."""
        if self.level is not None:
            return self.level, False
        if self.full_size > HITS_FOR_CAP or self.hit_dice > EXPERIENCE_CAP:
            return EXPERIENCE_CAP, self.hit_dice != EXPERIENCE_CAP
        return self.hit_dice, False

    def strength_class(self) -> str:
        """Weak, normal or strong, for the strength bonus."""
        return strength_class(self.strength, self.hit_dice if self.level is None else None)

    def defending_armour(self) -> tuple[str, ...]:
        """The pieces that may save a blow: a shield used to attack does not defend (line 1740)."""
        if self.two_weapons != "shield":
            return self.armour
        return tuple(p for p in self.armour if "shield" not in armour_piece(p))

    def attacks(self) -> int:
        """Blows a melee turn: two with two weapons."""
        return 2 if self.two_weapons else 1


@dataclass(frozen=True, slots=True)
class Modifier:
    """One step from the base chance to the final one: its name, what it changed, where the book says so.

    `capped` is true when a cap or limit cut the amount (the dexterity cap of 10, the 98% limit).
    """

    name: str
    amount: int
    source: str
    capped: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class HitChance:
    """A final chance to hit, the base it started from and every modifier applied on the way.

    `forbidden` names why no attack is allowed at all (an untrained archer, fire in woods); the chance is
    then 0.
    """

    chance: int
    base: int
    modifiers: tuple[Modifier, ...] = ()
    forbidden: str = ""

    def to_json(self) -> dict[str, Any]:
        """The chance, base and modifiers as JSON-safe data."""
        return {
            "chance": self.chance,
            "base": self.base,
            "forbidden": self.forbidden,
            "modifiers": [
                {"name": m.name, "amount": m.amount, "source": m.source, "capped": m.capped, "note": m.note}
                for m in self.modifiers
            ],
        }


class Steps:
    """The running chance and the list of modifiers that made it."""

    def __init__(self, base: int) -> None:
        self.value = base
        self.steps: list[Modifier] = []

    def add(self, name: str, amount: int, line: int | str, capped: bool = False, note: str = "") -> None:
        self.value += amount
        self.steps.append(Modifier(name, amount, source(line), capped, note))

    def scale(self, name: str, factor: Fraction, line: int | str, note: str = "") -> None:
        new = round_half_up(self.value * factor)
        self.add(name, new - self.value, line, note=note)

    def limit(self) -> HitChance:
        low, high = HIT_CHANCE_LIMITS
        final = max(low, min(high, self.value))
        if final != self.value:
            edge = N_("98% at most") if final == high else N_("2% at least")
            self.add("hit chance limits", final - self.value, "1580-1586", True, edge)
        base = self.steps[0].amount if self.steps and self.steps[0].name.startswith("base") else 0
        return HitChance(final, base, tuple(self.steps))


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def table_q(place: str, reach: str) -> int:
    """Table Q as printed for a place and a weapon class (subtract it from the chance, line 1684)."""
    value = _chart("table-q").cell(place, reach)
    assert isinstance(value, int)
    return value


def table_q_places() -> list[str]:
    """The places of Table Q."""
    return [r.key for r in _chart("table-q").rows]


def first_strike(place: str, a: Fighter, b: Fighter) -> str:
    """Who has the first strike: "a", "b", or "" (neither, or Table Q not in use).

    The larger printed Table Q modifier of the two weapons strikes first (line 1686; ruling "First strike").
    """
    if not place or not a.reach or not b.reach:
        return ""
    qa, qb = table_q(place, a.reach), table_q(place, b.reach)
    return "a" if qa > qb else "b" if qb > qa else ""


def _dexterity(steps: Steps, mine: int, theirs: int) -> None:
    quarter = abs(mine - theirs) // 4
    amount = min(DEXTERITY_CAP, quarter)
    if not amount:
        return
    sign = 1 if mine > theirs else -1
    note = gettext("dexterity {mine} vs {theirs}: difference / 4 = {quarter}").format(
        mine=mine, theirs=theirs, quarter=quarter
    )
    steps.add("dexterity", sign * amount, 1531, quarter > DEXTERITY_CAP, note)


def hit_chance(
    attacker: Fighter,
    defender: Fighter,
    *,
    place: str = "",
    swamp: bool = False,
    second: bool = False,
    fatigued: bool = False,
) -> HitChance:
    """The attacker's chance to hit the defender in melee, with every modifier shown.

    `place` is a row of Table Q (it applies with the attacker's `reach`); `swamp` halves everyone's
    effectiveness; `second` is the second weapon's attack; `fatigued` the half effectiveness of a
    fighter past its stamina (line 162).
    """
    if place and place not in table_q_places():
        raise UsageError(
            gettext("place {place} is not one of {places}").format(
                place=repr(place), places=", ".join(table_q_places())
            )
        )
    base = combat_chance(attacker.body, defender.body)
    row = Source.parse(_chart("combat-matrix").row(attacker.body).source).lines
    steps = Steps(0)
    steps.add(f"base: {attacker.body} vs {defender.body}", base, row)
    factor = TRAINING[attacker.training]
    if factor != 1:
        new = int(base * factor)
        what = "untrained in the weapon (1/3 base)" if factor < Fraction(1, 2) else "half trained (2/3 base)"
        steps.add(what, new - base, 412 if factor < Fraction(1, 2) else 413, note=N_("fractions dropped"))
    if attacker.unpracticed:
        lost = 0
        current = steps.value
        for _ in range(attacker.unpracticed):
            cut = round_half_up(Fraction(current, 10))
            current -= cut
            lost += cut
        note = gettext("{months} month(s), 10% each").format(months=attacker.unpracticed)
        steps.add("practice neglected", -lost, 414, note=note)
    _saddle(steps, attacker, defender)
    if second:
        steps.scale("second weapon (base halved)", Fraction(1, 2), 1740)
    if defender.cover:
        steps.scale("defender behind a tree (basic odds halved)", Fraction(1, 2), 1698)
    _dexterity(steps, attacker.dexterity, defender.dexterity)
    _size(steps, attacker.full_size, defender.full_size)
    mine, my_cap = attacker.experience()
    theirs, their_cap = defender.experience()
    if mine != theirs:
        said = (
            gettext("experience {mine} vs {theirs} (hit dice capped at 15)")
            if my_cap or their_cap
            else gettext("experience {mine} vs {theirs}")
        )
        note = said.format(mine=mine, theirs=theirs)
        steps.add("experience", mine - theirs, "1539-1543", my_cap or their_cap, note)
    if attacker.weapon_bonus:
        steps.add("weapon bonus", attacker.weapon_bonus, 412)
    if place and attacker.reach:
        q = table_q(place, attacker.reach)
        if q:
            printed = gettext("printed {q}").format(q=f"{q:+d}")
            steps.add(f"Table Q: {attacker.reach} weapon, {place}", -q, "1679-1684", note=printed)
    if attacker.extra:
        steps.add("referee's modifier", attacker.extra, 1582)
    if swamp:
        steps.scale("swamp (half effectiveness)", Fraction(1, 2), 1712)
    if attacker.on_wall:
        steps.scale("blocked on a low wall (half odds)", Fraction(1, 2), 1726)
    if fatigued:
        steps.scale("fatigued (half effectiveness)", Fraction(1, 2), 162)
    return steps.limit()


def _saddle(steps: Steps, attacker: Fighter, defender: Fighter) -> None:
    """Mounted melee below Horsemanship II: the rider's base at half, attacking and defending (line 394).

    The attacker's base is halved; a defender's half defence lets the attacker's base keep half of what
    it missed, base + (100 - base) / 2 (ruling "Riding")."""
    mine, theirs = attacker.riding_level(), defender.riding_level()
    if mine is not None and melee_share(mine) != 1:
        steps.scale(f"mounted, horsemanship {mine} (base halved)", melee_share(mine), 394)
    if theirs is not None and melee_share(theirs) != 1:
        missed = 100 - steps.value
        gained = missed - round_half_up(missed * melee_share(theirs))
        note = gettext("half of the {missed} the base missed").format(missed=missed)
        steps.add(f"defender mounted, horsemanship {theirs} (half defence)", gained, 394, note=note)


def _size(steps: Steps, mine: int, theirs: int) -> None:
    if mine == theirs:
        return
    result = round_half_up(Fraction(abs(mine - theirs), 2))
    note = gettext("size {mine} vs {theirs} hit points").format(mine=mine, theirs=theirs)
    if mine < theirs:
        steps.add("size (smaller)", min(SIZE_BONUS_CAP, result), 1537, result > SIZE_BONUS_CAP, note)
    else:
        steps.add("size (larger)", -min(SIZE_MINUS_CAP, result), 1537, result > SIZE_MINUS_CAP, note)


def attack_chances(
    attacker: Fighter, defender: Fighter, *, place: str = "", swamp: bool = False, fatigued: bool = False
) -> tuple[HitChance, ...]:
    """The chance of each blow of a melee turn: one, or two with two weapons (both at the same target)."""
    first = hit_chance(attacker, defender, place=place, swamp=swamp, fatigued=fatigued)
    if not attacker.two_weapons:
        return (first,)
    second = hit_chance(attacker, defender, place=place, swamp=swamp, second=True, fatigued=fatigued)
    return first, second


# -- stamina ------------------------------------------------------------------------------------------------

TURN_MODES = {"melee": 0, "rest": 3, "move": 2, "other": 1}
"""Stamina regained by a turn's mode (line 1742); a melee turn also spends 5 and regains nothing."""


def fresh_turns(stamina: int) -> int:
    """Melee turns fought before fatigue: one per 5 stamina (lines 162, 1742)."""
    return stamina // STAMINA_PER_TURN


def fatigue(stamina: int, turn: int) -> str:
    """ "fresh", "fatigued" (half effectiveness) or "exhausted" (cannot fight) at melee turn `turn` (0 first).

    Past its fresh turns a fighter fights at half for as many turns as its stamina, then is exhausted
    (line 162).
    """
    fresh = fresh_turns(stamina)
    if turn < fresh:
        return "fresh"
    return "fatigued" if turn < fresh + stamina else "exhausted"


def stamina_after(stamina: int, turns: Iterable[str], spent: int = 0) -> tuple[int, int]:
    """Stamina left and points expended after a run of turns ("melee", "rest", "move", "other").

    A melee turn expends 5 and recovers nothing (ruling "Stamina in a melee turn"); other turns recover
    3, 2 or 1 of the points expended, never more (line 1742).
    """
    for mode in turns:
        if mode not in TURN_MODES:
            raise UsageError(
                gettext("turn {mode} is not one of {modes}").format(
                    mode=repr(mode), modes=", ".join(TURN_MODES)
                )
            )
        if mode == "melee":
            spent += STAMINA_PER_TURN
        else:
            spent -= min(spent, TURN_MODES[mode])
    return stamina - spent, spent


# -- reading fighters typed by people ---------------------------------------------------------------------

_KEYS = {
    "name": "name",
    "body": "body",
    "hp": "hit_points",
    "hits": "hit_points",
    "size": "size",
    "dex": "dexterity",
    "dexterity": "dexterity",
    "level": "level",
    "hd": "hit_dice",
    "weapon": "weapon_bonus",
    "training": "training",
    "unpracticed": "unpracticed",
    "str": "strength",
    "strength": "strength",
    "armour": "armour",
    "armor": "armour",
    "two": "two_weapons",
    "stamina": "stamina",
    "reach": "reach",
    "cover": "cover",
    "wall": "on_wall",
    "downhill": "downhill",
    "extra": "extra",
    "mounted": "mounted",
    "horse": "horse",
}
_FLAGS = ("cover", "on_wall", "downhill")
_TEXT = ("name", "body", "training", "two_weapons", "reach")
FIGHTER_HELP = N_(
    "comma-separated KEY=VALUE: body, hp, size, dex, level, hd, weapon, training (trained, half or "
    "untrained), unpracticed, str, armour (pieces joined by +), two (dagger or shield), stamina, reach "
    "(Table Q class), extra, mounted (rider's horsemanship 0-3), horse (the horse's 0-3), name; flags "
    "cover, wall, downhill. E.g. body=human,hp=12,dex=60,level=3,armour=chain+helmet,mounted=2"
)
"""How a fighter is written on the command line and in game options."""


def parse_fighter(text: str, default_name: str = "fighter") -> Fighter:
    """Read "body=human,hp=12,dex=60,..." as a `Fighter`; a bad key or value is a `UsageError` naming it."""
    values: dict[str, Any] = {"name": default_name}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        key, eq, raw = item.partition("=")
        key = key.strip().lower()
        if key not in _KEYS:
            raise UsageError(
                gettext("fighter {text}: unknown key {key}; {help}").format(
                    text=repr(text), key=repr(key), help=gettext(FIGHTER_HELP)
                )
            )
        name = _KEYS[key]
        raw = raw.strip()
        if name in _FLAGS:
            if eq and raw.lower() not in ("yes", "true", "1", "no", "false", "0"):
                raise UsageError(
                    gettext("fighter {text}: {key}={value} is not yes or no").format(
                        text=repr(text), key=key, value=repr(raw)
                    )
                )
            values[name] = not eq or raw.lower() in ("yes", "true", "1")
        elif not raw:
            raise UsageError(gettext("fighter {text}: {key} has no value").format(text=repr(text), key=key))
        elif name == "armour":
            values[name] = tuple(armour_piece(p) for p in raw.replace("/", "+").split("+") if p.strip())
        elif name == "body":
            values[name] = body_type(raw)
        elif name == "reach":
            values[name] = raw.lower().replace("-", " ")
        elif name in _TEXT:
            values[name] = raw.lower() if name != "name" else raw
        else:
            try:
                values[name] = int(raw)
            except ValueError:
                raise UsageError(
                    gettext("fighter {text}: {key}={value} is not a whole number").format(
                        text=repr(text), key=key, value=repr(raw)
                    )
                ) from None
    return Fighter(**values)


def fighter_text(fighter: Fighter) -> str:
    """A fighter written back as the KEY=VALUE text `parse_fighter` reads."""
    default = Fighter()
    back = {v: k for k, v in reversed(list(_KEYS.items()))}
    parts: list[str] = []
    for f in fields(Fighter):
        value = getattr(fighter, f.name)
        if value == getattr(default, f.name) and f.name != "name":
            continue
        key = back[f.name]
        if f.name in _FLAGS:
            parts.append(key)
        elif f.name == "armour":
            parts.append(f"{key}={'+'.join(value)}")
        else:
            parts.append(f"{key}={value}")
    return ",".join(parts)


def with_hit_points(fighter: Fighter, hit_points: int) -> Fighter:
    """The same fighter with other hit points, its size kept."""
    return replace(fighter, hit_points=hit_points, size=fighter.full_size)


__all__ = [
    "Fighter",
    "HitChance",
    "Modifier",
    "attack_chances",
    "fatigue",
    "fighter_text",
    "first_strike",
    "hit_chance",
    "parse_fighter",
    "stamina_after",
    "table_q",
    "with_hit_points",
]
