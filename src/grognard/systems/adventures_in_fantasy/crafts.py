"""What two masters earn beyond their yearly income: husbandry's herd and the troubadour's gift.

Husbandry (course 24) raises a herd's value 2% a year while the master breeds it, for 12 to 30 years;
the troubadour (a craft of course 26) has a chance at a gift of coppers each time he performs, and must
talk his way out when none comes. Exact odds (`Fraction`) throughout; readings under "Crafts: the herd
and the gift" in docs/rulings/adventures-in-fantasy.md.
Rulebook: 002_8449cbd1010a37a5.txt, lines 451 and 470.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.checks import influence_probability
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

HERD_MINIMUM = 40
"""Only a herd of at least 40 animals of one species grows in value (:451)."""

HERD_GROWTH = Fraction(2, 100)
"""2% a year (:451)."""

BREEDING_YEARS = (12, 30)
"""The master breeds for 12 to 30 years, until satisfied with the blood line (:451)."""

GIFT_PER_CHARISMA = 2
"""The chance of a gift is twice Charisma, in percent (:470)."""

GIFT_DIE_FACES = 10
"""Each of the gift's two d20 is read 1-10 (a face ending in 0 counts 10), so their product is 1 to 100
coppers, as the book says (:470; ruling "Crafts: the herd and the gift")."""

PRISON_WEEKS = (1, 6)
"""A troubadour who fails to talk his host round is imprisoned 1 to 6 weeks (:470)."""


@dataclass(frozen=True)
class Herd:
    """A herd's value year by year: `values[0]` the value at the start, one entry per year after."""

    animals: int
    years: int
    breeding_years: int
    values: tuple[Fraction, ...]
    source: str = f"{RULEBOOK}:451"

    @property
    def grows(self) -> bool:
        """Whether the herd is large enough to grow at all."""
        return self.animals >= HERD_MINIMUM

    @property
    def final(self) -> Fraction:
        """The value after the last year."""
        return self.values[-1]


def herd_value(value: Fraction | int, animals: int, years: int, breeding_years: int = 30) -> Herd:
    """A herd of one species bred by a master of husbandry for `years`: each year of breeding adds 2%
    of the value the herd then has, while the herd has 40 animals or more; breeding stops after
    `breeding_years` (12-30, when the master is satisfied with the blood line) and the value with it."""
    start = Fraction(value)
    if start < 0:
        raise UsageError(gettext("herd value {value} cannot be negative").format(value=value))
    if animals < 1:
        raise UsageError(gettext("a herd of {animals} animals is no herd").format(animals=animals))
    if years < 0:
        raise UsageError(gettext("years {years} cannot be negative").format(years=years))
    low, high = BREEDING_YEARS
    if not low <= breeding_years <= high:
        raise UsageError(
            gettext("breeding lasts {low} to {high} years (line 451), not {years}").format(
                low=low, high=high, years=breeding_years
            )
        )
    values = [start]
    for year in range(1, years + 1):
        current = values[-1]
        grows = animals >= HERD_MINIMUM and year <= breeding_years
        values.append(current * (1 + HERD_GROWTH) if grows else current)
    return Herd(animals, years, breeding_years, tuple(values))


def gift_chance(charisma: int) -> Fraction:
    """The exact chance of a gift at one performance: twice Charisma in percent, at most certain."""
    if not 0 <= charisma <= 100:
        raise UsageError(
            gettext("charisma {charisma} is not a rating from 0 to 100").format(charisma=charisma)
        )
    return min(Fraction(1), Fraction(GIFT_PER_CHARISMA * charisma, 100))


def gift_coppers() -> dict[int, Fraction]:
    """The exact distribution of a gift in coppers: the product of two d20 each read 1-10 (:470)."""
    faces = range(1, GIFT_DIE_FACES + 1)
    counts = Counter(a * b for a in faces for b in faces)
    total = GIFT_DIE_FACES**2
    return {coppers: Fraction(n, total) for coppers, n in sorted(counts.items())}


@dataclass(frozen=True)
class Performance:
    """The exact odds of one attempt to perform: how it can end and the coppers to expect."""

    allowed: Fraction
    gift: Fraction
    thrown_out: Fraction
    imprisoned: Fraction
    refused: Fraction
    expected_coppers: Fraction
    source: str = f"{RULEBOOK}:470"


def performance(charisma: int, host_charisma: int) -> Performance:
    """One evening of a troubadour: influence the innkeeper or householder to be let perform; a gift
    at twice Charisma; with none, influence the host again: success, thrown out of town; failure, 1 to
    6 weeks in prison (:470). Each influence is the book's two rolls (`checks.influence_probability`)."""
    if not 0 <= host_charisma <= 100:
        raise UsageError(
            gettext("host charisma {charisma} is not a rating from 0 to 100").format(charisma=host_charisma)
        )
    talk = influence_probability(charisma, host_charisma)
    again = talk
    gift = gift_chance(charisma)
    mean = sum((c * p for c, p in gift_coppers().items()), Fraction(0))
    return Performance(
        allowed=talk,
        gift=talk * gift,
        thrown_out=talk * (1 - gift) * again,
        imprisoned=talk * (1 - gift) * (1 - again),
        refused=1 - talk,
        expected_coppers=talk * gift * mean,
    )


__all__ = ["Herd", "Performance", "gift_chance", "gift_coppers", "herd_value", "performance"]
