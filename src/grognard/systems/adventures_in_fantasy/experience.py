"""Experience and standing: the warrior's and the magician's experience, reputation, social rank, fees.

Pure functions of numbers and a `Character`; every quantity is exact (`Fraction`), every die thrown is
kept as a `Roll`, every result names the book's line. Readings of the book are under "Experience" in
docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt, lines 1775-1866.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.apprenticeship import position_of, with_position
from grognard.systems.adventures_in_fantasy.character import Character
from grognard.systems.adventures_in_fantasy.chargen import MONTHS_PER_YEAR, Position, ladder
from grognard.systems.adventures_in_fantasy.checks import check, round_half_up
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

Alignment: TypeAlias = Literal["", "law", "neutral", "chaos"]
"""A magician's alignment ("" for one who is not a magician or whose alignment is not set)."""

ALIGNMENTS: tuple[Alignment, ...] = ("", "law", "neutral", "chaos")

LEVEL_HIT_BONUS = 1
"""Each level of experience adds 1% to a warrior's chance to hit (:1809) and takes 1% off the
opponent's chance to hit him (:1807)."""

VACANCY_CHANCE = 2
"""The chance in a year that a given position falls vacant, rolled on two d20 read 01-100 (:1850)."""

FOUND_OUT_SHARE = Fraction(1, 2)
"""Lies found out: reputation falls to half the actual experience (:1817)."""

OWN_ALIGNMENT_DIVISOR = 5
OTHER_SPELL_DIVISOR = 10
PERMANENT_POINT_VALUE = Fraction(1, 10)
SORCEROUS_VICTORY = Fraction(1, 2)
NON_MAGICIAN_DIVISOR = 10
EDIFICE_DIVISOR = 5
ARTIFACT_BREAK = Fraction(1, 10)
"""The magician's experience awards (:1823-1836)."""

COURT_SHARE = Fraction(1, 10)
"""A court magician receives 10% of his noble's monthly income (:1864)."""

COURT_WEEKS = 2
"""... and serves him at least two weeks a month (:1864)."""

STARRED_FROM = 10
"""Ranks from Knight up hold castles; without castles to award, promotion there is honorific (:1844)."""


def _source(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


def _positive(value: Fraction | int, what: str) -> Fraction:
    if value <= 0:
        raise UsageError(
            gettext("{what} {value} must be more than 0").format(what=gettext(what), value=value)
        )
    return Fraction(value)


def _level(value: Fraction | int, what: str) -> Fraction:
    """An experience level as the formulas divide by it: unknown (0) counts as 1 (ruling "Experience:
    level 0")."""
    if value < 0:
        raise UsageError(gettext("{what} {value} cannot be negative").format(what=gettext(what), value=value))
    return max(Fraction(value), Fraction(1))


def show(value: Fraction) -> str:
    """A fraction as the referee writes it: whole numbers plain, others to two places ("0.8")."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------------------------------
# The warrior


@dataclass(frozen=True)
class Award:
    """An experience award: the amount, how it was worked out, and the book's line."""

    amount: Fraction
    detail: str
    source: str


def warrior_experience(
    loser_hit: int,
    victor_hits: Sequence[int],
    loser_hit_dice: Fraction | int,
    victor_hit_dice: Sequence[Fraction | int],
    loser_level: Fraction | int = 0,
    victor_levels: Sequence[Fraction | int] = (0,),
) -> Award:
    """The victor's level increase: (L hit / V hit) x (L HD / V HD) x (L level / V level) (:1785-1803).

    Several victors who all struck in the last turn add their hit chances, hit dice and levels and each
    gets the whole award (:1805). A level of 0 ("unless otherwise known", :1799) counts as 1.
    """
    if not victor_hits or len(victor_hits) != len(victor_hit_dice) or len(victor_hits) != len(victor_levels):
        raise UsageError(gettext("give one hit chance, one hit dice and one level for each victor"))
    hit = _positive(loser_hit, N_("the loser's hit chance"))
    v_hit = _positive(sum(victor_hits), N_("the victors' hit chance"))
    hd = _positive(loser_hit_dice, N_("the loser's hit dice"))
    v_hd = _positive(sum((Fraction(v) for v in victor_hit_dice), Fraction(0)), N_("the victors' hit dice"))
    level = _level(loser_level, N_("the loser's level"))
    v_level = _level(sum((Fraction(v) for v in victor_levels), Fraction(0)), N_("the victors' level"))
    amount = hit / v_hit * (hd / v_hd) * (level / v_level)
    detail = (
        f"({show(hit)} / {show(v_hit)}) x ({show(hd)} / {show(v_hd)}) x ({show(level)} / {show(v_level)})"
        f" = {show(amount)}"
    )
    return Award(amount, detail, _source("1785-1805"))


def basic_experience(kill_chance: int, hit_dice: Fraction | int) -> Award:
    """The basic game's figure (:1781): the matrix chance and that chance times the creature's hit dice,
    the larger divided by the smaller, then by 2."""
    chance = _positive(kill_chance, N_("the kill chance"))
    scaled = chance * _positive(hit_dice, N_("hit dice"))
    amount = max(chance, scaled) / min(chance, scaled) / 2
    return Award(amount, f"{show(max(chance, scaled))} / {show(min(chance, scaled))} / 2", _source("1781"))


def level_hit_bonus(level: int) -> int:
    """The warrior's bonus to hit, and the opponent's malus against him: 1% per level (:1807-1809)."""
    if level < 0:
        raise UsageError(gettext("level {level} cannot be negative").format(level=level))
    return level * LEVEL_HIT_BONUS


# ---------------------------------------------------------------------------------------------------
# The magician

MagicEvent: TypeAlias = Literal[
    "spell-own",
    "spell-other",
    "permanent",
    "defeat-opposing",
    "defeat-magician",
    "sorcerous-victory",
    "defeat-non-magician",
    "break-edifice",
    "break-artifact",
]

MAGIC_EVENTS: dict[MagicEvent, str] = {
    "spell-own": "a spell of his alignment gained: points / 5 (:1825)",
    "spell-other": "a non-alignment spell or one of another alignment: points / 10 (:1824)",
    "permanent": "permanent magic: 0.1 per permanent point spent (:1826)",
    "defeat-opposing": "a magician of the opposing alignment defeated: loser / winner level (:1829)",
    "defeat-magician": "a magician of another alignment defeated: loser / winner level / 2 (:1831)",
    "sorcerous-victory": "victory in sorcerous combat: 0.5 (:1832)",
    "defeat-non-magician": "a non-magician defeated: creature value (or level) / level / 10 (:1833)",
    "break-edifice": "permanent magic on an edifice broken: caster / breaker level / 5 (:1834)",
    "break-artifact": "permanent magic on an artifact broken: 0.1 (:1836)",
}
"""The magician's experience awards by name, as the command line offers them."""


def magic_experience(event: MagicEvent, value: Fraction | int = 0, level: Fraction | int = 0) -> Award:
    """The magician's award for `event`: `value` is the spell's points, the permanent points, the
    loser's (creature's, caster's) level or value; `level` is the magician's own level."""
    v = Fraction(value)
    own = _level(level, N_("the magician's level"))
    if v < 0:
        raise UsageError(gettext("value {value} cannot be negative").format(value=value))
    amounts: dict[MagicEvent, tuple[Fraction, str, str]] = {
        "spell-own": (v / OWN_ALIGNMENT_DIVISOR, f"{show(v)} / 5", "1825"),
        "spell-other": (v / OTHER_SPELL_DIVISOR, f"{show(v)} / 10", "1824"),
        "permanent": (v * PERMANENT_POINT_VALUE, f"{show(v)} x 0.1", "1826"),
        "defeat-opposing": (v / own, f"{show(v)} / {show(own)}", "1829-1830"),
        "defeat-magician": (v / own / 2, f"{show(v)} / {show(own)} / 2", "1831"),
        "sorcerous-victory": (SORCEROUS_VICTORY, "0.5", "1832"),
        "defeat-non-magician": (v / own / NON_MAGICIAN_DIVISOR, f"{show(v)} / {show(own)} / 10", "1833"),
        "break-edifice": (v / own / EDIFICE_DIVISOR, f"{show(v)} / {show(own)} / 5", "1834-1836"),
        "break-artifact": (ARTIFACT_BREAK, "0.1", "1836"),
    }
    if event not in amounts:
        raise UsageError(
            gettext("no magic award {event}; the awards are {awards}").format(
                event=repr(event), awards=", ".join(MAGIC_EVENTS)
            )
        )
    amount, how, lines = amounts[event]
    return Award(amount, f"{how} = {show(amount)}", _source(lines))


# ---------------------------------------------------------------------------------------------------
# Reputation


class Reputation(BaseModel):
    """What others believe a character has done: the value, and whether he has been found out lying
    (then only gains verified by neutral observers count, :1817)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: Fraction = Fraction(0)
    verified_only: bool = False

    def gain(self, amount: Fraction | int, *, verified: bool) -> Reputation:
        """The reputation after a deed (or a boast, `verified=False`) of `amount`; once found out, an
        unverified gain counts for nothing."""
        if amount < 0:
            raise UsageError(gettext("reputation gain {amount} cannot be negative").format(amount=amount))
        if self.verified_only and not verified:
            return self
        return self.model_copy(update={"value": self.value + Fraction(amount)})

    def found_out(self, experience: Fraction | int) -> Reputation:
        """Lies found out: the reputation drops to half the actual experience and, from now on, only
        verified gains count (:1817). A reputation already lower is not raised."""
        return Reputation(value=min(self.value, Fraction(experience) * FOUND_OUT_SHARE), verified_only=True)


# ---------------------------------------------------------------------------------------------------
# Social rank


def status_after_levels(status_level: int, levels_before: Fraction, levels_after: Fraction) -> int:
    """One social level for every whole experience level gained (:1842): a Knight of status 10 goes
    to 11 with one level, to 15 with five."""
    gained = int(levels_after) - int(levels_before)
    return status_level + max(0, gained)


def outside_the_ranks(alignment: Alignment, magician: bool) -> bool:
    """A Lawful or Neutral magician keeps his starting rank whatever his status level (:1860)."""
    return magician and alignment in ("law", "neutral")


def next_rank(character: Character) -> Position | None:
    """The next rank up Table A when the status level reaches it (None otherwise, and for royals).

    Ranks are climbed one at a time: Omar the Squire must be a Knight before a Baron (:1848).
    """
    if character.royal:
        return None
    held = position_of(character)
    above = [p for p in ladder() if p.level > held.level]
    if not above or above[0].level > character.status_level:
        return None
    return above[0]


@dataclass(frozen=True)
class Promotion:
    """Whether a character rises a rank this year and why: the rank sought, the vacancy, the outcome."""

    character: Character
    sought: Position | None
    promoted: bool
    reason: str
    source: str


def promote(
    character: Character,
    *,
    vacancy: bool,
    year: int,
    last_promotion_year: int | None = None,
    alignment: Alignment = "",
    castles: bool = True,
) -> Promotion:
    """One step up the ranks when the next rank is open (`vacancy`), at most one rank a year (:1842),
    never for a Lawful or Neutral magician (:1860). Without castles to award, a rank from Knight up is
    honorific: the income of the rank left is kept (:1844)."""
    sought = next_rank(character)
    if outside_the_ranks(alignment, character.magician):
        return Promotion(
            character, sought, False, "a Lawful or Neutral magician keeps his rank", _source("1860")
        )
    if sought is None:
        return Promotion(character, None, False, "the status level reaches no higher rank", _source("1842"))
    if last_promotion_year == year:
        return Promotion(character, sought, False, "already promoted this year", _source("1842"))
    if not vacancy:
        return Promotion(character, sought, False, f"no {sought.name} position is open", _source("1846-1848"))
    raised = with_position(character, sought, character.status_level)
    if not castles and sought.level >= STARRED_FROM:
        raised = raised.model_copy(update={"rank_income_gp": character.rank_income_gp, "castle": False})
        return Promotion(raised, sought, True, f"to {sought.name}, honorific (no castle)", _source("1844"))
    return Promotion(raised, sought, True, f"to {sought.name}", _source("1842-1850"))


@dataclass(frozen=True)
class Vacancy:
    """The year's roll for an opening at a rank: two d20 read 01-100, at or under 2 (:1850)."""

    roll: Roll
    open: bool


def vacancy_roll(rng: Rng, given: int | None = None) -> Vacancy:
    """Roll (or take `given`) for a vacancy at a position this year."""
    done = check(rng, "Vacancy", VACANCY_CHANCE, "2% a year", _source("1850"), given)
    return Vacancy(done.roll, done.success)


def vacancy_probability() -> Fraction:
    """The exact chance a position falls vacant in a year."""
    return Fraction(VACANCY_CHANCE, 100)


# ---------------------------------------------------------------------------------------------------
# The magician's income


def service_fee(level: int, status_level: int) -> int:
    """Silver pieces for a week of magical service: 1 per level plus status level / 2, rounded half up
    (:1862): Al-Haza, level 11 and status 20, gets 21."""
    if level < 0 or status_level < 0:
        raise UsageError(
            gettext("level {level} and status level {status} cannot be negative").format(
                level=level, status=status_level
            )
        )
    return level + round_half_up(Fraction(status_level, 2))


def service_fees(level: int, status_level: int, weeks: int) -> int:
    """Silver pieces for `weeks` (0-4) of magical service in a month: one fee a week (ruling
    "Experience: Al-Haza's fees"): Al-Haza's four weeks give 84."""
    if not 0 <= weeks <= 4:
        raise UsageError(gettext("weeks {weeks} of service in a month must be 0-4").format(weeks=weeks))
    return weeks * service_fee(level, status_level)


def court_fee(noble_yearly_income_gp: int) -> Fraction:
    """Gold pieces a month for a court magician: 10% of the noble's monthly income, a month being a
    thirteenth of the year (:1864)."""
    if noble_yearly_income_gp < 0:
        raise UsageError(gettext("income {income} cannot be negative").format(income=noble_yearly_income_gp))
    return Fraction(noble_yearly_income_gp, MONTHS_PER_YEAR) * COURT_SHARE
