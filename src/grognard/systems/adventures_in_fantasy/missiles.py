"""Missile fire: may the archer shoot at all, and the chance to hit with every modifier shown.

The steps (002_8449cbd1010a37a5.txt:1622-1670, terrain 1690-1736): training (an untrained archer may not
fire), the range band (from yards and the bow, or named), the base chance by the target's size (the
man-sized row when the optional size rule is not used), Chart P for dexterity, the bow's bonus, a mounted
archer's tenth off, arrow slits, the referee's own modifier and the 2%/98% limits. Woods and hills
forbid fire. Each step is a `combat.Modifier` so the referee sees where the number came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.action_text import Source
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.combat import HitChance, Modifier, Steps
from grognard.systems.adventures_in_fantasy.damage import Missile, source
from grognard.systems.adventures_in_fantasy.lookups import missile_dexterity_modifier
from grognard.systems.adventures_in_fantasy.tables import get_table

RANGES = ("long", "medium", "short")
"""The range bands of missile fire."""

SLIT_INTO = -75
"""Fire into a tower through an arrow slit (line 1734)."""

_TARGET_WORDS = {
    "faerry": "faerry (1 HD)",
    "faery": "faerry (1 HD)",
    "man": "man (2 HD)",
    "griffin": "griffin or bear",
    "bear": "griffin or bear",
    "ogre": "ogre or trow",
    "trow": "ogre or trow",
    "dragon": "dragon (over 10 HD)",
}
_WEAPON_WORDS = {
    "longbow": "composite or long bow",
    "long bow": "composite or long bow",
    "composite bow": "composite or long bow",
    "composite": "composite or long bow",
    "crossbow": "crossbow",
    "shortbow": "short bow",
    "short bow": "short bow",
}


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def missile_weapon(name: str) -> str:
    """A bow of the range chart by name ("longbow", "crossbow", "short bow" or the chart's own key)."""
    key = name.strip().lower().replace("-", " ")
    key = _WEAPON_WORDS.get(key, key)
    keys = [r.key for r in _chart("missile-ranges").rows]
    if key not in keys:
        raise UsageError(
            gettext("missile weapon {name} is not one of {weapons} (or longbow)").format(
                name=repr(name), weapons=", ".join(keys)
            )
        )
    return key


def target_size(name: str) -> str:
    """A target size row by name ("man", "ogre", "dragon" or the chart's own key)."""
    key = name.strip().lower().replace("-", " ")
    key = _TARGET_WORDS.get(key, key).lower()
    keys = {r.key.lower(): r.key for r in _chart("missile-targets").rows}
    if key in keys:
        return keys[key]
    raise UsageError(
        gettext("target {name} is not one of faerry, man, griffin, bear, ogre, trow, dragon").format(
            name=repr(name)
        )
    )


def range_band(weapon: str, yards: int) -> str:
    """The range band of a shot of `yards` with `weapon`; "" when out of range."""
    if yards < 0:
        raise UsageError(gettext("range {yards} yards is below 0").format(yards=yards))
    row = _chart("missile-ranges").row(missile_weapon(weapon))
    for band in ("short", "medium", "long"):
        limit = row.get(band)
        assert isinstance(limit, int)
        if yards <= limit:
            return band
    return ""


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot: the archer, the bow, the range and the target, and what the ground and the tower do.

    `range` is a band ("long", "medium", "short"), or "" to find it from `yards`. `trained`: the archer
    has learnt the bow. `bonus`: the bow's +N%. `target`: a size row (man when the size rule is not
    used). `woods`: fired in woods; `over_hill`: fired over a hill. `into_slit`: fired into a tower
    through an arrow slit (only when adjacent to it); `from_slit`: fired out of one at someone outside.
    """

    weapon: str = "short bow"
    range: str = ""
    yards: int = -1
    dexterity: int = 50
    trained: bool = True
    bonus: int = 0
    target: str = "man (2 HD)"
    mounted: bool = False
    woods: bool = False
    over_hill: bool = False
    into_slit: bool = False
    from_slit: bool = False
    extra: int = 0

    def band(self) -> str:
        """The range band: as given, or from the yards; "" when out of range."""
        if self.range:
            if self.range not in RANGES:
                raise UsageError(
                    gettext("range {range} is not one of {ranges}").format(
                        range=repr(self.range), ranges=", ".join(RANGES)
                    )
                )
            return self.range
        if self.yards < 0:
            raise UsageError(gettext("give a range band (long, medium, short) or the yards to the target"))
        return range_band(self.weapon, self.yards)

    def missile(self) -> Missile:
        """The missile as armour sees it (bow and range band); out of range is a `UsageError`."""
        band = self.band()
        if not band:
            raise UsageError(
                gettext("{yards} yards is out of range for a {weapon}").format(
                    yards=self.yards, weapon=missile_weapon(self.weapon)
                )
            )
        return Missile(missile_weapon(self.weapon), band)


def _forbidden(reason: str, line: int | str) -> HitChance:
    return HitChance(0, 0, (Modifier("no fire allowed", 0, source(line), note=reason),), reason)


def missile_chance(shot: Shot) -> HitChance:
    """The chance of `shot` hitting, with each modifier shown; `forbidden` set when it may not be fired."""
    weapon = missile_weapon(shot.weapon)
    target = target_size(shot.target)
    if not 0 <= shot.dexterity <= 100:
        raise UsageError(gettext("dexterity {dexterity} is not 0-100").format(dexterity=shot.dexterity))
    band = shot.band()
    if not shot.trained:
        untrained = gettext("untrained in the {weapon}: may not fire it").format(weapon=gettext(weapon))
        return _forbidden(untrained, 1626)
    if shot.woods:
        return _forbidden(gettext("no missile fire in woods"), 1694)
    if shot.over_hill:
        return _forbidden(gettext("no missile fire over hills"), 1708)
    if not band:
        ranges = _chart("missile-ranges").row(weapon)
        beyond = gettext("{yards} yards is beyond long range ({long})").format(
            yards=shot.yards, long=ranges.get("long")
        )
        return _forbidden(beyond, "1646-1650")
    row = _chart("missile-targets").row(target)
    base = row.get(band)
    assert isinstance(base, int)
    steps = Steps(0)
    steps.add(f"base: {target}, {band} range", base, Source.parse(row.source).lines)
    dexterity = missile_dexterity_modifier(shot.dexterity)
    if dexterity:
        note = gettext("dexterity {dexterity}").format(dexterity=shot.dexterity)
        steps.add("dexterity (Chart P)", dexterity, "1629-1636", note=note)
    if shot.bonus:
        steps.add("bow bonus", shot.bonus, 1389)
    if shot.mounted:
        factor = _chart("missile-modifiers").cell("archer mounted on a horse", "factor")
        assert isinstance(factor, float | int)
        steps.scale("mounted archer (a tenth off)", Fraction(str(factor)), 1670)
    if shot.into_slit:
        steps.add("into a tower through an arrow slit", SLIT_INTO, 1734, note=N_("only when adjacent to it"))
    if shot.from_slit:
        steps.scale("fired out of an arrow slit (odds halved)", Fraction(1, 2), 1734)
    if shot.extra:
        steps.add("referee's modifier", shot.extra, 1654)
    return steps.limit()
