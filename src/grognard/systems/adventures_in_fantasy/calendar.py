"""The campaign calendar (TIME SCALE, seed 002 lines 617-666): dates, their names and date arithmetic.

A year is the Day of Tehuti, the holy day that starts it, then thirteen months of 28 days (365 days).
A month has four weeks of seven days, each day and week named; the years are named in a thirteen-year
cycle. The game starts in year 1, on the first day of the first month (Chaoda, Week of Fire, Basilisk),
the Year of the Rat (line 666). Every name comes from the `calendar-*` charts.

Dates are written `YEAR-MONTH-DAY` (`1-1-1`, `3-basilisk-5`, `7-holy-ahura-28`) or `YEAR-tehuti`; a
month may be given by number or name. The day of the year counts the Day of Tehuti as day 1.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from functools import cache

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.tables import get_table

MONTHS = 13
"""Months in a year."""
DAYS_IN_MONTH = 28
"""Days in each month."""
DAYS_IN_WEEK = 7
"""Days in each week; a month holds four weeks."""
DAYS_IN_YEAR = 1 + MONTHS * DAYS_IN_MONTH
"""The Day of Tehuti and thirteen months of 28 days: 365 (line 619)."""
YEAR_CYCLE = 13
"""The years are named in a thirteen-year cycle (line 654)."""
TEHUTI = 0
"""The month number of the Day of Tehuti (the chart's month 0, line 635)."""


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def _name(chart: str, key: int) -> str:
    return str(_chart(chart).cell(str(key), "name"))


@cache
def _month_keys() -> dict[str, int]:
    keys: dict[str, int] = {}
    for row in _chart("calendar-months").rows:
        number = int(row.key)
        name = str(row.get("name"))
        keys[_squash(name)] = number
        keys[_squash(name.removeprefix("The Day of "))] = number
    return keys


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.casefold())


@dataclass(frozen=True, order=True)
class Date:
    """A date of the campaign calendar: a year, and a month 1-13 with a day 1-28, or the Day of Tehuti.

    The Day of Tehuti is `month = 0, day = 0`. Dates order by time.
    """

    year: int
    month: int
    day: int

    def __post_init__(self) -> None:
        if self.month == TEHUTI:
            if self.day != 0:
                raise UsageError(
                    gettext("the Day of Tehuti has no day of the month (got day {day})").format(day=self.day)
                )
        elif not 1 <= self.month <= MONTHS:
            raise UsageError(
                gettext("month {month} is not 1-{months} (or 0 for the Day of Tehuti)").format(
                    month=self.month, months=MONTHS
                )
            )
        elif not 1 <= self.day <= DAYS_IN_MONTH:
            raise UsageError(gettext("day {day} is not 1-{days}").format(day=self.day, days=DAYS_IN_MONTH))

    @classmethod
    def tehuti(cls, year: int) -> Date:
        """The Day of Tehuti that starts `year`."""
        return cls(year, TEHUTI, 0)

    @classmethod
    def start(cls) -> Date:
        """The day the game starts: Year of the Rat, Basilisk, Week of Fire, Chaoda (line 666)."""
        return cls(1, 1, 1)

    @property
    def is_tehuti(self) -> bool:
        """True on the Day of Tehuti, which belongs to no month or week."""
        return self.month == TEHUTI

    @property
    def day_of_year(self) -> int:
        """1 for the Day of Tehuti, 2 for the first of Basilisk ... 365 for the last of Demon Lord."""
        if self.is_tehuti:
            return 1
        return 1 + (self.month - 1) * DAYS_IN_MONTH + self.day

    @property
    def ordinal(self) -> int:
        """Days since the Day of Tehuti of year 1 (which is day 0); differences of dates are in days."""
        return (self.year - 1) * DAYS_IN_YEAR + self.day_of_year - 1

    @classmethod
    def from_ordinal(cls, ordinal: int) -> Date:
        """The date `ordinal` days after the Day of Tehuti of year 1 (negative: before it)."""
        years, day_index = divmod(ordinal, DAYS_IN_YEAR)
        year = years + 1
        if day_index == 0:
            return cls.tehuti(year)
        month, day = divmod(day_index - 1, DAYS_IN_MONTH)
        return cls(year, month + 1, day + 1)

    @property
    def week(self) -> int | None:
        """The week of the month, 1-4; None on the Day of Tehuti."""
        return None if self.is_tehuti else (self.day - 1) // DAYS_IN_WEEK + 1

    @property
    def weekday(self) -> int | None:
        """The day of the week, 1-7; None on the Day of Tehuti."""
        return None if self.is_tehuti else (self.day - 1) % DAYS_IN_WEEK + 1

    @property
    def cycle_year(self) -> int:
        """The year's place in the thirteen-year cycle, 1-13 (year 1 is the Year of the Rat)."""
        return (self.year - 1) % YEAR_CYCLE + 1

    def add_days(self, days: int) -> Date:
        """The date `days` later (earlier when negative)."""
        return Date.from_ordinal(self.ordinal + days)

    def add_weeks(self, weeks: int) -> Date:
        """The date `weeks` of seven days later."""
        return self.add_days(weeks * DAYS_IN_WEEK)

    def add_months(self, months: int) -> Date:
        """The same day of the month `months` months later, across years; the Day of Tehuti is refused."""
        if self.is_tehuti:
            raise UsageError(
                gettext("the Day of Tehuti belongs to no month: add days or years to it instead")
            )
        years, month = divmod(self.month - 1 + months, MONTHS)
        return Date(self.year + years, month + 1, self.day)

    def add_years(self, years: int) -> Date:
        """The same month and day `years` years later (every year has the same days)."""
        return Date(self.year + years, self.month, self.day)

    def days_until(self, other: Date) -> int:
        """Days from this date to `other` (negative when `other` is earlier)."""
        return other.ordinal - self.ordinal

    def julian(self) -> str:
        """The corresponding day of the Julian calendar, as the month chart gives it ("2 Jan")."""
        day = datetime.date(2001, 1, 1) + datetime.timedelta(days=self.day_of_year - 1)
        return f"{day.day} {day.strftime('%b')}"

    def iso(self) -> str:
        """The date as this module parses it: `1-1-1`, `5-tehuti`."""
        return f"{self.year}-tehuti" if self.is_tehuti else f"{self.year}-{self.month}-{self.day}"


@dataclass(frozen=True)
class DateNames:
    """A date's names: the day, week, month and year names, the season and the Julian equivalent."""

    date: Date
    day: str
    week: str
    month: str
    year: str
    season: str
    julian: str

    def text(self) -> str:
        """The date written out: "Chaoda, Week of Fire, 1 Basilisk, year 1 (Year of the Rat)"."""
        year = f"year {self.date.year} ({self.year})"
        if self.date.is_tehuti:
            return f"{self.month}, {year}"
        return f"{self.day}, {self.week}, {self.date.day} {self.month}, {year}"

    def to_data(self) -> dict[str, object]:
        """The names as JSON-ready data."""
        d = self.date
        return {
            "date": d.iso(),
            "year": d.year,
            "month": d.month,
            "day": d.day,
            "week": d.week,
            "weekday": d.weekday,
            "day_of_year": d.day_of_year,
            "cycle_year": d.cycle_year,
            "names": {
                "day": self.day,
                "week": self.week,
                "month": self.month,
                "year": self.year,
            },
            "season": self.season,
            "julian": self.julian,
            "text": self.text(),
        }


def names(date: Date) -> DateNames:
    """Every name the calendar charts give `date`."""
    month_row = _chart("calendar-months").row(str(date.month))
    week = "" if date.week is None else _name("calendar-weeks", date.week)
    day = "" if date.weekday is None else _name("calendar-days", date.weekday)
    return DateNames(
        date=date,
        day=day,
        week=week,
        month=str(month_row.get("name")),
        year=_name("calendar-years", date.cycle_year),
        season=str(month_row.get("season")),
        julian=date.julian(),
    )


_DATE = re.compile(r"^\s*(-?\d+)\s*[-/ ]\s*(.+?)\s*$")


def parse_date(text: str) -> Date:
    """A date from `YEAR-MONTH-DAY` (month by number or name) or `YEAR-tehuti`; `start` is 1-1-1.

    A bad date is a `UsageError` naming the text.
    """
    if text.strip().casefold() == "start":
        return Date.start()
    found = _DATE.match(text)
    if not found:
        raise UsageError(_write_date(text))
    year = int(found.group(1))
    rest = found.group(2)
    if _squash(rest) in ("tehuti", "dayoftehuti", "thedayoftehuti", "0"):
        return Date.tehuti(year)
    month_part, sep, day_part = rest.rpartition("-")
    if not sep:
        month_part, sep, day_part = rest.rpartition("/")
    if not sep or not day_part.strip().isdigit():
        raise UsageError(_write_date(text))
    month = _month(month_part, text)
    try:
        return Date(year, month, int(day_part))
    except UsageError as e:
        raise UsageError(gettext("date {date}: {reason}").format(date=repr(text), reason=e)) from None


def _month(part: str, text: str) -> int:
    part = part.strip()
    if part.isdigit():
        return int(part)
    key = _squash(part)
    months = _month_keys()
    if key in months:
        return months[key]
    raise UsageError(
        gettext("date {date}: no month {month}; months: {months}").format(
            date=repr(text),
            month=repr(part),
            months=", ".join(str(r.get("name")) for r in _chart("calendar-months").rows),
        )
    )


def _write_date(text: str) -> str:
    """The refusal of a date `text` not written as a date, in the reader's language."""
    return gettext("date {date}: write YEAR-MONTH-DAY (1-1-1, 3-basilisk-5) or YEAR-tehuti").format(
        date=repr(text)
    )
