"""Character generation: the book's procedure as a pure function of a seeded Rng and the player's choices.

Two phases, so a front end can ask for the courses once it knows how much education there is:
`roll_character` throws every die of characteristics, Social Status Table A and the Starting Age Table
and records each as a `Step`; `finish` spends the starting education on the chosen courses, rolls what
those courses roll (Physical Training II), and works out status, funds, the soldiers' kit and hit points.
`generate` does both. Every table is read from the shipped data (`tables`); the readings are in
docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from grognard.engine.content import Row
from grognard.engine.dice.core import DieRoll, Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.engine.game import OptionInfo
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.action_text import CourseArg
from grognard.systems.adventures_in_fantasy.character import (
    LANGUAGE_COURSES,
    PHYSICAL_TRAINING,
    ROLL_ORDER,
    Character,
    Characteristics,
    Course,
    Item,
    Name,
)
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_rollable, get_table

MONTHS_PER_YEAR = 13
"""The game year has 13 months (:654); starting education is counted in them (:301)."""

MAGIC_YEAR_COST = 3
"""A year of education spent on magic costs three years of the allowance (:299)."""

NO_EDUCATION_BEFORE = 6
"""No education in the first six years of life: the allowance is at most age minus six (:299)."""

STATUS_PER_YEAR = 2
"""One year of starting education per two points of status (:299)."""

FUNDS_PER_RANK = 10
"""Starting funds: ten gold pieces per point of social rank (:259)."""

SOLDIER_KIT = (("price-list", "Sword"), ("price-list", "Helmet"), ("price-list", "Shield (Light)"))
"""A soldier's sword, helmet and small shield (:265), as the price list names them; plus a small sack."""

SMALL_SACK = ("general-supplies", "2 small sacks")
"""The general supplies sell small sacks in pairs (:529); a soldier starts with one (:265)."""

SOLDIER_POSITIONS = frozenset({"Sergeant-at-Arms", "Mounted Sergeant"})
"""Fighting positions of Table A that are not printed as a civilian/soldier pair (:201-202)."""

PHYSICAL_TRAINING_II = 6
"""Course 6 adds 2-20 to Strength, Constitution and Dexterity (:384-387)."""

PT_II_RATINGS: tuple[Name, ...] = ("strength", "stamina", "dexterity")

ROYAL_TABLE = "social-status-100"

OPTIONS = (
    OptionInfo(
        "stamina",
        "Use the optional Stamina (Constitution) characteristic (:96); it counts in hit points and fatigue.",
        True,
        (True, False),
    ),
)
"""The rule variants of character generation, for a GameInfo."""


@dataclass(frozen=True)
class Step:
    """One step of generation: what was done, the dice thrown (if any), what it gave, and the book's line."""

    label: str
    result: str
    source: str
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True)
class Position:
    """A rank of Table A: its name(s), its number, yearly income (None: not printed), land, royalty."""

    name: str
    level: int
    income_gp: int | None
    castle: bool
    royal: bool
    source: str

    @property
    def paired(self) -> bool:
        """True for the printed civilian/soldier pairs (GUILDSMAN/FIGHTER, :198-200)."""
        return "/" in self.name and not self.royal

    def side(self, soldier: bool) -> str:
        """The name held: for a pair, the civilian (first) or the soldier (second) name."""
        if not self.paired:
            return self.name
        civilian, fighter = self.name.split("/", 1)
        return fighter if soldier else civilian

    def is_soldier(self, soldier: bool) -> bool:
        """Whether the holder is a soldier (ruling "Soldiers")."""
        return (self.paired and soldier) or self.name in SOLDIER_POSITIONS


def _position(row: Row, royal: bool) -> Position:
    rank = row.field("rank")
    income = row.field("income_gp")
    assert isinstance(rank, int) and (income is None or isinstance(income, int))
    return Position(
        name=str(row.field("position")),
        level=rank,
        income_gp=income,
        castle=bool(row.field("castle", False)),
        royal=royal,
        source=row.source,
    )


@cache
def ladder() -> tuple[Position, ...]:
    """The ranks a status level can reach, lowest first: every row of Table A but the royal roll."""
    found: list[Position] = []
    for name in ("social-status", "social-status-76-85", "social-status-86-99"):
        for row in get_rollable(name).rows:
            if row.field("rank") is not None:
                found.append(_position(row, royal=False))
    return tuple(sorted(found, key=lambda p: p.level))


def rank_for(level: int, held: Position) -> Position:
    """The rank a status level gives: the highest rank of the ladder at or below `level`, never lower
    than the rank held; a royal keeps his royal rank (ruling "Status level and rank", :235)."""
    if held.royal:
        return held
    best = held
    for position in ladder():
        if held.level < position.level <= level:
            best = position
    return best


# ---------------------------------------------------------------------------------------------------
# Phase one: the dice


@dataclass(frozen=True)
class Rolled:
    """Everything thrown before the player chooses: ratings, status, age, and the education allowance."""

    characteristics: Characteristics
    rolled: Position
    position: Position
    status_level: int
    age: int
    wealth_multiplier: int
    steps: tuple[Step, ...]

    @property
    def education_years(self) -> int:
        """Years of starting education (`education_years`)."""
        return education_years(self.status_level, self.age)

    @property
    def education_months(self) -> int:
        """The allowance in months of the 13-month game year."""
        return self.education_years * MONTHS_PER_YEAR


def education_years(status_level: int, age: int) -> int:
    """One year per two status points, at most age minus six (:299)."""
    return max(0, min(status_level // STATUS_PER_YEAR, age - NO_EDUCATION_BEFORE))


def _table_step(label: str, roll: Roll, row: Row) -> Step:
    return Step(label, f"{row.span()}: {row.text}", row.source, (roll,))


def roll_characteristics(rng: Rng, stamina: bool = True) -> tuple[Characteristics, tuple[Step, ...]]:
    """Two d20 read as 01-100 for each characteristic, in the book's order (:100); Stamina if used."""
    values: dict[str, int] = {}
    steps: list[Step] = []
    for name in ROLL_ORDER:
        if name == "stamina" and not stamina:
            continue
        roll = percentile(rng)
        values[name] = roll.total
        steps.append(Step(name.capitalize(), str(roll.total), f"{RULEBOOK}:100", (roll,)))
    return Characteristics.model_validate(values), tuple(steps)


def roll_social_status(rng: Rng) -> tuple[Position, tuple[Step, ...]]:
    """Social Status Table A: the first roll, and the second roll where it sends you (:192-213)."""
    first = get_rollable("social-status")
    roll, row = first.roll(rng)
    steps = [_table_step("Social status, first roll", roll, row)]
    then = row.field("then")
    if isinstance(then, str):
        second = get_rollable(then)
        roll, row = second.roll(rng)
        steps.append(_table_step("Social status, second roll", roll, row))
        return _position(row, royal=then == ROYAL_TABLE), tuple(steps)
    return _position(row, royal=False), tuple(steps)


def roll_age(rng: Rng) -> tuple[Row, Step]:
    """The Starting Age Table (:219-237): age, status bonus and starting wealth multiplier."""
    table = get_rollable("starting-age")
    roll, row = table.roll(rng)
    return row, _table_step("Starting age", roll, row)


def roll_character(rng: Rng, *, stamina: bool = True) -> Rolled:
    """Phase one: characteristics, Social Status Table A, the Starting Age Table and its status bonus."""
    characteristics, steps = roll_characteristics(rng, stamina)
    rolled, status_steps = roll_social_status(rng)
    age_row, age_step = roll_age(rng)
    age, bonus, multiplier = (age_row.field(k) for k in ("age", "status_bonus", "wealth_multiplier"))
    assert isinstance(age, int) and isinstance(bonus, int) and isinstance(multiplier, int)
    level = rolled.level + bonus
    position = rank_for(level, rolled)
    raised = f"; rank raised to {position.name}" if position != rolled else ""
    status_step = Step(
        "Status level", f"{rolled.level} + {bonus} for age = {level}{raised}", f"{RULEBOOK}:235"
    )
    years = education_years(level, age)
    education = Step(
        "Education allowance",
        f"{years} years = {years * MONTHS_PER_YEAR} months: the lesser of half the status level"
        f" ({level // 2}) and the years since age 6 ({age - 6})",
        f"{RULEBOOK}:299",
    )
    return Rolled(
        characteristics=characteristics,
        rolled=rolled,
        position=position,
        status_level=level,
        age=age,
        wealth_multiplier=multiplier,
        steps=(*steps, *status_steps, age_step, status_step, education),
    )


# ---------------------------------------------------------------------------------------------------
# The courses


@dataclass(frozen=True)
class CourseChoice:
    """A course asked for: its Table B number and, for course 26, the craft."""

    number: int
    craft: str = ""


def courses_chart() -> Chart:
    """Table B, the courses of instruction (:331-364)."""
    chart = get_table("courses")
    assert isinstance(chart, Chart)
    return chart


def crafts_chart() -> Chart:
    """The crafts of course 26 (:460-471)."""
    chart = get_table("craftsmen")
    assert isinstance(chart, Chart)
    return chart


def _normal(text: str) -> str:
    return " ".join(text.casefold().replace("-", " ").replace("(", " ").replace(")", " ").split())


def parse_course(text: str) -> CourseChoice:
    """A course named by number or name ("12", "sword", "Use of sword", "26:tailor", "craftsman:tailor").

    An unknown or ambiguous name is a `UsageError` naming it.
    """
    written = CourseArg.parse(text)
    head, craft = written.course, written.craft
    key = _normal(head)
    chart = courses_chart()
    if not key:
        raise UsageError(
            gettext("course %(course)s: name a course of Table B (1-26)") % {"course": repr(text)}
        )
    if key.isdigit():
        number = int(key)
        if not 1 <= number <= len(chart.rows):
            raise UsageError(
                gettext("course %(course)s: Table B numbers its courses 1 to %(last)s")
                % {"course": repr(text), "last": len(chart.rows)}
            )
    else:
        names = {int(r.key): _normal(str(r.cells["name"])) for r in chart.rows}
        exact = [n for n, name in names.items() if key == name or f"use of {key}" == name]
        found = exact or [n for n, name in names.items() if key in name]
        if len(found) != 1:
            listed = ", ".join(f"{n}. {chart.row(str(n)).cells['name']}" for n in found) or "none"
            raise UsageError(
                gettext("course %(course)s matches %(listed)s; give its number (1-26)")
                % {"course": repr(text), "listed": listed}
            )
        number = found[0]
    craft_name = _craft(craft, text) if number == 26 else ""
    if craft and number != 26:
        raise UsageError(
            gettext("course %(course)s: only course 26 (Craftsman) takes a craft") % {"course": repr(text)}
        )
    return CourseChoice(number, craft_name)


def _craft(craft: str, text: str) -> str:
    keys = [r.key for r in crafts_chart().rows]
    if not craft.strip():
        raise UsageError(
            gettext("course %(course)s: Craftsman needs a craft, e.g. 26:tailor (%(crafts)s)")
            % {"course": repr(text), "crafts": ", ".join(keys)}
        )
    for key in keys:
        if key.casefold() == craft.strip().casefold():
            return key
    raise UsageError(
        gettext("course %(course)s: no craft %(craft)s; the crafts are %(crafts)s")
        % {"course": repr(text), "craft": repr(craft.strip()), "crafts": ", ".join(keys)}
    )


def course(choice: CourseChoice) -> Course:
    """The completed course as the character records it: months, income and social levels."""
    row = courses_chart().row(str(choice.number))
    months, income, levels = (row.get(k) for k in ("months", "income_gp", "social_levels"))
    if choice.craft:
        craft = crafts_chart().row(choice.craft)
        income, levels = craft.get("income_gp"), craft.get("social_levels")
    assert isinstance(months, int)
    return Course(
        number=choice.number,
        name=str(row.cells["name"]),
        months=months,
        craft=choice.craft,
        income_gp=income if isinstance(income, int) else 0,
        social_levels=levels if isinstance(levels, int) else 0,
    )


def requisites(number: int) -> tuple[int, ...]:
    """The courses that must be completed before course `number` (Table B's requisites column)."""
    cell = courses_chart().row(str(number)).get("requisites")
    return tuple(int(n) for n in str(cell).split()) if cell else ()


def missing_requisites(number: int, done: Sequence[int]) -> tuple[int, ...]:
    """Requisites of `number` not yet met by `done`; Blacksmithing and Sailor count as Physical
    Training I (:426, :447), as the Count Horace example needs for his bow (:303)."""
    have = set(done)
    if have & set(PHYSICAL_TRAINING):
        have.add(PHYSICAL_TRAINING[0])
    return tuple(n for n in requisites(number) if n not in have)


def plan_education(
    choices: Sequence[CourseChoice], allowance_months: int, magic_years: int = 0
) -> tuple[Course, ...]:
    """The courses of a starting education, checked: in order, requisites first, each once (languages
    may repeat), all within the allowance with each year of magic costing three (:299-303).

    Starting education is granted without the learning roll (ruling "Starting education").
    """
    if magic_years < 0:
        raise UsageError(gettext("magic years %(years)s cannot be negative") % {"years": magic_years})
    spent = magic_years * MAGIC_YEAR_COST * MONTHS_PER_YEAR
    if spent > allowance_months:
        raise UsageError(
            gettext("%(years)s years of magic cost %(spent)s months; the allowance is %(allowance)s")
            % {"years": magic_years, "spent": spent, "allowance": allowance_months}
        )
    done: list[Course] = []
    for choice in choices:
        taken = course(choice)
        numbers = [c.number for c in done]
        repeat = taken.number in numbers and taken.number not in LANGUAGE_COURSES
        if repeat and not (taken.craft and all(c.craft != taken.craft for c in done)):
            raise UsageError(gettext("course %(course)s is already taken") % {"course": repr(taken.label)})
        missing = missing_requisites(taken.number, numbers)
        if missing:
            raise UsageError(
                gettext("course %(course)s needs course(s) %(missing)s first")
                % {"course": repr(taken.label), "missing": ", ".join(map(str, missing))}
            )
        if spent + taken.months > allowance_months:
            raise UsageError(
                gettext("course %(course)s takes %(months)s months; only %(left)s of %(allowance)s are left")
                % {
                    "course": repr(taken.label),
                    "months": taken.months,
                    "left": allowance_months - spent,
                    "allowance": allowance_months,
                }
            )
        spent += taken.months
        done.append(taken)
    return tuple(done)


def months_spent(courses: Sequence[Course], magic_years: int = 0) -> int:
    """Months of the allowance used by these courses and years of magic."""
    return sum(c.months for c in courses) + magic_years * MAGIC_YEAR_COST * MONTHS_PER_YEAR


def open_courses(done: Sequence[Course], months_left: int) -> list[CourseChoice]:
    """Courses (crafts spelled out) that could be added now: requisites met, not taken, time enough."""
    numbers = [c.number for c in done]
    found: list[CourseChoice] = []
    for row in courses_chart().rows:
        number = int(row.key)
        months = row.get("months")
        assert isinstance(months, int)
        if months > months_left or missing_requisites(number, numbers):
            continue
        if number == 26:
            crafts = {c.craft for c in done}
            found.extend(CourseChoice(26, r.key) for r in crafts_chart().rows if r.key not in crafts)
        elif number in LANGUAGE_COURSES or number not in numbers:
            found.append(CourseChoice(number))
    return found


# ---------------------------------------------------------------------------------------------------
# Phase two: education, status, funds, kit, hits


def physical_training_ii_bonus(rng: Rng) -> Roll:
    """2 to 20 from two d20, each read 1-10, a face ending in 0 counting 10 (:387; ruling)."""
    faces = (rng.randint(1, 20), rng.randint(1, 20))
    dice = tuple(DieRoll("d20 as d10", 20, f % 10 or 10, face=str(f)) for f in faces)
    return Roll("2d10", dice, sum(d.value for d in dice), "(two d20 read 1-10)")


def starting_funds(rolled_rank: int, wealth_multiplier: int, course_income_gp: int, soldier: bool) -> int:
    """Ten GP per point of the rank rolled on Table A, times the age's wealth multiplier, plus a year of
    the courses' income, none for soldiers (:237, :259; ruling "Starting funds")."""
    education = 0 if soldier else course_income_gp
    return FUNDS_PER_RANK * rolled_rank * wealth_multiplier + education


def _kit_item(chart_name: str, key: str, share: int = 1) -> Item:
    chart = get_table(chart_name)
    assert isinstance(chart, Chart)
    row = chart.row(key)
    weight = row.get("weight_lb")
    assert isinstance(weight, int | float)
    name = "Small sack" if share > 1 else row.key
    return Item(name=name, weight_lb=weight / share, source=row.source)


def soldier_kit() -> tuple[Item, ...]:
    """Sword, helmet, small shield and small sack (:265), weighed from the price lists."""
    items = [_kit_item(chart, key) for chart, key in SOLDIER_KIT]
    return (*items, _kit_item(*SMALL_SACK, share=2))


@dataclass(frozen=True)
class Generation:
    """A generated character and every step that made it, dice included."""

    character: Character
    steps: tuple[Step, ...] = field(default=())

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll thrown, in order."""
        return tuple(r for s in self.steps for r in s.rolls)


def finish(
    rolled: Rolled,
    rng: Rng,
    courses: Sequence[CourseChoice] = (),
    *,
    magic_years: int = 0,
    soldier: bool = False,
    name: str = "",
) -> Generation:
    """Phase two: spend the education, roll Physical Training II, then status, funds, kit and hits.

    `soldier` picks the soldier side of a civilian/soldier rank (GUILDSMAN/FIGHTER ...); it is ignored
    for every other rank.
    """
    taken = plan_education(courses, rolled.education_months, magic_years)
    steps = list(rolled.steps)
    used = months_spent(taken, magic_years)
    magic = f"; {magic_years} year(s) of magic at 3 years each" if magic_years else ""
    listed = ", ".join(f"{c.label} {c.months}" for c in taken) or "none"
    steps.append(
        Step(
            "Education",
            f"{listed}{magic}: {used} of {rolled.education_months} months, "
            f"{rolled.education_months - used} forfeit",
            f"{RULEBOOK}:299-303",
        )
    )
    characteristics = rolled.characteristics
    if any(c.number == PHYSICAL_TRAINING_II for c in taken):
        for rating in PT_II_RATINGS:
            value = characteristics.get(rating)
            if value is None:
                continue
            bonus = physical_training_ii_bonus(rng)
            characteristics = characteristics.with_value(rating, value + bonus.total)
            steps.append(
                Step(
                    f"Physical Training II, {rating}",
                    f"{value} + {bonus.total} = {value + bonus.total}",
                    f"{RULEBOOK}:387",
                    (bonus,),
                )
            )
    level = rolled.status_level + sum(c.social_levels for c in taken)
    position = rank_for(level, rolled.position)
    if level != rolled.status_level:
        steps.append(
            Step(
                "Status from crafts",
                f"{rolled.status_level} -> {level}: {position.name}",
                f"{RULEBOOK}:355-471",
            )
        )
    is_soldier = position.is_soldier(soldier)
    course_income = sum(c.income_gp for c in taken)
    education_funds = 0 if is_soldier else course_income
    funds = starting_funds(rolled.rolled.level, rolled.wealth_multiplier, course_income, is_soldier)
    steps.append(
        Step(
            "Starting funds",
            f"10 x {rolled.rolled.level} x {rolled.wealth_multiplier} + {education_funds}"
            f"{' (soldier)' if is_soldier else ''} = {funds} GP",
            f"{RULEBOOK}:237, :259",
        )
    )
    kit = soldier_kit() if is_soldier else ()
    if kit:
        steps.append(Step("Soldier's kit", ", ".join(i.name for i in kit), f"{RULEBOOK}:265"))
    character = Character(
        name=name,
        characteristics=characteristics,
        age=rolled.age,
        rolled_position=rolled.rolled.name,
        rolled_level=rolled.rolled.level,
        status_level=level,
        position=position.side(soldier),
        rank=position.level,
        royal=position.royal,
        castle=position.castle,
        soldier=is_soldier,
        rank_income_gp=position.income_gp,
        courses=taken,
        magic_years=magic_years,
        funds_gp=funds,
        equipment=kit,
    )
    character = character.recompute_hit_points()
    trained = "trained" if character.physically_trained else "untrained: 75% of Str, Sta, Dex"
    steps.append(Step("Hit points", f"{character.hit_points} ({trained})", f"{RULEBOOK}:166-172"))
    return Generation(character, tuple(steps))


def generate(
    rng: Rng,
    courses: Sequence[CourseChoice] = (),
    *,
    stamina: bool = True,
    magic_years: int = 0,
    soldier: bool = False,
    name: str = "",
) -> Generation:
    """A whole character: `roll_character` then `finish` with the given choices."""
    return finish(
        roll_character(rng, stamina=stamina),
        rng,
        courses,
        magic_years=magic_years,
        soldier=soldier,
        name=name,
    )
