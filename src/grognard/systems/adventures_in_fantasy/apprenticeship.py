"""Apprenticeships and the guilds: ranks, the guild record, breaking an apprenticeship, restarting it,
and buying the master's forgiveness.

Split from `education` (which keeps the Basic Learning Formula, the attempts, breaks in study and
weapon training); the throws here use its formula. Every chance is exact, every die kept, every result
names the book's line. Readings are under "Education" in docs/rulings/adventures-in-fantasy.md.
Rulebook: 002_8449cbd1010a37a5.txt, lines 297, 305-329.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.character import LANGUAGE_COURSES, Character
from grognard.systems.adventures_in_fantasy.chargen import (
    CourseChoice,
    Position,
    course,
    ladder,
    missing_requisites,
    rank_for,
)
from grognard.systems.adventures_in_fantasy.checks import given_roll
from grognard.systems.adventures_in_fantasy.education import (
    FORESTER,
    Attempt,
    CourseFacts,
    attempt,
    facts,
    learning_odds,
)
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_rollable

RESTART_PAY = Fraction(1, 2)
"""A returned apprentice earns half the normal pay (:317)."""

KNOWLEDGE_KEPT = Fraction(1, 2)
"""Knowledge is kept while the time away is under half the time studied (:315)."""

REDEEM_PER_STATUS = 3
"""Buying forgiveness redeems the lost rank on status level x 3 % (:319)."""

FORGIVENESS_DIVISOR = 10
FORGIVENESS_FACTOR = 2
"""Forgiveness costs time required x yearly guild income / 10 x 2 (:321-327; ruling)."""


def _source(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


# ---------------------------------------------------------------------------------------------------
# Ranks and the guild record


def _royal_ladder() -> tuple[Position, ...]:
    rows = get_rollable("social-status-100").rows
    found = []
    for row in rows:
        level = row.field("rank")
        assert isinstance(level, int)
        found.append(Position(str(row.field("position")), level, None, False, True, row.source))
    return tuple(sorted(found, key=lambda p: p.level))


def position_of(character: Character) -> Position:
    """The rank of Table A the character holds (matched by its number and royalty)."""
    for position in _royal_ladder() if character.royal else ladder():
        if position.level == character.rank:
            return position
    raise UsageError(
        gettext("rank {rank} of {position} is not a rank of Table A").format(
            rank=character.rank, position=repr(character.position)
        )
    )


def rank_below(held: Position) -> Position:
    """One full rank lower: the next rank down Table A; a royal steps down the royal ranks and the
    lowest royal to the highest common rank beneath (ruling "Education: one full class"). A Serf
    stays a Serf."""
    common = ladder()
    if held.royal:
        lower = [p for p in _royal_ladder() if p.level < held.level]
        if lower:
            return lower[-1]
        beneath = [p for p in common if p.level < held.level]
        return beneath[-1] if beneath else common[0]
    beneath = [p for p in common if p.level < held.level]
    return beneath[-1] if beneath else held


def with_position(character: Character, position: Position, status_level: int) -> Character:
    """The character holding `position` at `status_level` (its side kept for a civilian/soldier pair)."""
    return character.model_copy(
        update={
            "status_level": status_level,
            "position": position.side(character.soldier),
            "rank": position.level,
            "royal": position.royal,
            "castle": position.castle,
            "rank_income_gp": position.income_gp,
        }
    )


class Model(BaseModel):
    """Frozen, unknown keys refused, exact JSON round trip."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Blackball(Model):
    """A broken apprenticeship not yet resolved: the course, the months studied, the rank before."""

    number: int = Field(ge=19, le=26)
    craft: str = ""
    months: int = Field(ge=0)
    status_level: int
    rank: int
    royal: bool = False


class GuildRecord(Model):
    """What the guilds remember of a character: an unresolved broken apprenticeship and the courses
    bought out by forgiveness, never to be taken again (:329)."""

    blackball: Blackball | None = None
    forgiven: tuple[str, ...] = ()

    def forbidden(self, choice: CourseChoice) -> bool:
        """True when forgiveness was bought for this course (and craft)."""
        return _key(choice) in self.forgiven


def _key(choice: CourseChoice) -> str:
    return f"{choice.number}:{choice.craft}" if choice.craft else str(choice.number)


def enrolment_problems(character: Character, record: GuildRecord, choice: CourseChoice) -> tuple[str, ...]:
    """Every reason the character may not begin `choice` now (empty: he may): requisites (:295),
    courses done (languages and crafts may repeat), blackballing from apprenticeships (:311), and
    courses bought out by forgiveness (:329)."""
    info = facts(choice)
    problems: list[str] = []
    done = [c.number for c in character.courses]
    missing = missing_requisites(choice.number, done)
    if missing:
        problems.append(
            gettext("needs course(s) {courses} first (line 295)").format(courses=", ".join(map(str, missing)))
        )
    repeat = any(c.number == choice.number and c.craft == choice.craft for c in character.courses)
    if repeat and choice.number not in LANGUAGE_COURSES:
        problems.append(gettext("{course} is already mastered").format(course=info.label))
    if info.apprenticeship and record.blackball is not None:
        problems.append(
            gettext("blackballed by the guilds until the broken apprenticeship is resolved (line 311)")
        )
    if record.forbidden(choice):
        problems.append(
            gettext("forgiveness was bought for {course}: never again (line 329)").format(course=info.label)
        )
    return tuple(problems)


def complete_course(character: Character, choice: CourseChoice, months: int) -> Character:
    """The character with a course mastered: recorded, its social levels added and the rank following."""
    taken = course(choice).model_copy(update={"months": months})
    level = character.status_level + taken.social_levels
    held = position_of(character)
    raised = with_position(character, rank_for(level, held), level)
    return raised.model_copy(update={"courses": (*character.courses, taken)})


# ---------------------------------------------------------------------------------------------------
# Breaking an apprenticeship


@dataclass(frozen=True)
class Broken:
    """An apprenticeship broken: the throw to master it anyway, the rank lost, the guilds' blackball."""

    attempt: Attempt
    before: Position
    after: Position
    character: Character
    record: GuildRecord
    source: str = _source("305-311")


def break_apprenticeship(
    rng: Rng,
    character: Character,
    record: GuildRecord,
    choice: CourseChoice,
    months: int,
    *,
    given: int | None = None,
) -> Broken:
    """Leave an apprenticeship early: one throw of the formula with the months so far (:307); win or
    lose, the rank falls one class (:309) and the guilds blackball him (:311)."""
    info = facts(choice)
    if not info.apprenticeship:
        raise UsageError(
            gettext("{course} is not an apprenticeship (courses 19-26 are)").format(course=info.label)
        )
    if record.blackball is not None:
        raise UsageError(gettext("an earlier broken apprenticeship is still unresolved"))
    forester = character.has_course(FORESTER)
    odds = learning_odds(choice, character.characteristics.intelligence, months, forester=forester)
    thrown = attempt(rng, odds, 1, given=given, leaving=True)
    before = position_of(character)
    after = rank_below(before)
    changed = with_position(character, after, after.level if after != before else character.status_level)
    if thrown.success:
        changed = changed.model_copy(
            update={"courses": (*changed.courses, course(choice).model_copy(update={"months": months}))}
        )
    mark = Blackball(
        number=choice.number,
        craft=choice.craft,
        months=months,
        status_level=character.status_level,
        rank=character.rank,
        royal=character.royal,
    )
    return Broken(thrown, before, after, changed, record.model_copy(update={"blackball": mark}))


@dataclass(frozen=True)
class Restart:
    """Back to the master from day one: guild time starts again, knowledge kept or not, half pay."""

    studied: int
    away: int
    retained: bool
    pay_share: Fraction = RESTART_PAY
    source: str = _source("315-317")

    @property
    def knowledge_months(self) -> int:
        """Months that still count as study (A in the formula)."""
        return self.studied if self.retained else 0


def restart(studied: int, away: int) -> Restart:
    """Option 1: the guild counts him a novice again; his knowledge stays while the time away is
    under half the time studied (13 months studied: 6 away keeps it, :315)."""
    if studied < 0 or away < 0:
        raise UsageError(
            gettext("months studied {studied} and away {away} cannot be negative").format(
                studied=studied, away=away
            )
        )
    return Restart(studied, away, Fraction(away) < Fraction(studied) * KNOWLEDGE_KEPT)


def resume(record: GuildRecord) -> GuildRecord:
    """The record once he is back at his apprenticeship: the blackball is lifted."""
    return record.model_copy(update={"blackball": None})


def forgiveness_cost(choice: CourseChoice) -> Fraction:
    """Time required x (the guild member's yearly income / 10) x 2, in GP (:321-327; ruling
    "Education: forgiveness")."""
    info = facts(choice)
    return Fraction(info.months) * Fraction(info.income_gp, FORGIVENESS_DIVISOR) * FORGIVENESS_FACTOR


@dataclass(frozen=True)
class Forgiveness:
    """Option 2: the master's forgiveness bought; the chance and throw to win the lost rank back."""

    course: CourseFacts
    cost_gp: Fraction
    status_level: int
    chance: int
    roll: Roll
    redeemed: bool
    source: str = _source("319-329")

    @property
    def redeem_chance(self) -> Fraction:
        """The exact chance of redeeming the rank."""
        return Fraction(min(100, self.chance), 100)


def forgiveness(
    rng: Rng, choice: CourseChoice, status_level: int, *, given: int | None = None
) -> Forgiveness:
    """Buy forgiveness: pay the cost; status level x 3 % (at or under on 01-100) redeems the rank."""
    info = facts(choice)
    if not info.apprenticeship:
        raise UsageError(
            gettext("{course} is not an apprenticeship (courses 19-26 are)").format(course=info.label)
        )
    if status_level < 0:
        raise UsageError(gettext("status level {level} cannot be negative").format(level=status_level))
    roll = percentile(rng) if given is None else given_roll(given)
    chance = status_level * REDEEM_PER_STATUS
    return Forgiveness(info, forgiveness_cost(choice), status_level, chance, roll, roll.total <= chance)


def buy_forgiveness(
    rng: Rng, character: Character, record: GuildRecord, *, given: int | None = None
) -> tuple[Forgiveness, Character, GuildRecord]:
    """Resolve the blackball by forgiveness: funds paid (rounded up to whole GP), rank restored if
    redeemed, the blackball lifted and the course barred for ever (:319-329)."""
    mark = record.blackball
    if mark is None:
        raise UsageError(gettext("no broken apprenticeship to buy forgiveness for"))
    choice = CourseChoice(mark.number, mark.craft)
    bought = forgiveness(rng, choice, character.status_level, given=given)
    cost = -(-bought.cost_gp.numerator // bought.cost_gp.denominator)
    if cost > character.funds_gp:
        raise UsageError(
            gettext("forgiveness costs {cost} GP; the character has {funds}").format(
                cost=cost, funds=character.funds_gp
            )
        )
    changed = character.model_copy(update={"funds_gp": character.funds_gp - cost})
    if bought.redeemed:
        ranks = _royal_ladder() if mark.royal else ladder()
        old = next(p for p in ranks if p.level == mark.rank)
        changed = with_position(changed, old, mark.status_level)
    cleared = record.model_copy(update={"blackball": None, "forgiven": (*record.forgiven, _key(choice))})
    return bought, changed, cleared
