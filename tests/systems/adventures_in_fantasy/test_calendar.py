"""The campaign calendar (002_8449cbd1010a37a5.txt:617-666): names, parsing and date arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.calendar import (
    DAYS_IN_YEAR,
    Date,
    names,
    parse_date,
)
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.tables import get_table


def test_the_game_starts_as_line_666_says() -> None:
    start = names(Date.start())
    assert (start.year, start.month, start.week, start.day) == (
        "Year of the Rat",
        "Basilisk",
        "Week of Fire",
        "Chaoda",
    )


def test_a_year_has_365_days_line_619() -> None:
    assert DAYS_IN_YEAR == 365
    assert Date(1, 13, 28).add_days(1) == Date.tehuti(2)
    assert Date.tehuti(2).add_days(1) == Date(2, 1, 1)
    assert Date(1, 1, 1).days_until(Date(2, 1, 1)) == 365


def test_the_day_of_tehuti_starts_the_year_line_666() -> None:
    tehuti = names(Date.tehuti(4))
    assert tehuti.month == "The Day of Tehuti" and tehuti.week == "" and tehuti.day == ""
    assert Date.tehuti(4).day_of_year == 1 and Date.tehuti(4) < Date(4, 1, 1)
    assert tehuti.julian == "1 Jan"


def _julian_chart() -> list[tuple[int, str, str]]:
    chart = get_table("calendar-months")
    assert isinstance(chart, Chart)
    rows = []
    for row in chart.rows:
        if row.key == "0":
            continue
        first, _, last = str(row.get("julian")).partition(" - ")
        rows.append((int(row.key), first, last))
    return rows


@pytest.mark.parametrize(("month", "first", "last"), _julian_chart())
def test_each_month_matches_its_julian_dates_lines_622_634(month: int, first: str, last: str) -> None:
    assert Date(1, month, 1).julian() == first
    assert Date(1, month, 28).julian() == last


def test_weeks_and_days_of_the_week_lines_637_652() -> None:
    d = names(Date(1, 3, 22))
    assert (Date(1, 3, 22).week, Date(1, 3, 22).weekday) == (4, 1)
    assert (d.week, d.day) == ("Week of Earth", "Chaoda")
    assert names(Date(1, 3, 14)).day == "Lada" and names(Date(1, 3, 14)).week == "Week of Water"


def test_the_thirteen_year_cycle_lines_654_664() -> None:
    assert names(Date(13, 1, 1)).year == "Year of the Jinn"
    assert names(Date(14, 1, 1)).year == "Year of the Rat"
    assert names(Date(0, 1, 1)).year == "Year of the Jinn"
    assert names(Date(12, 5, 5)).year == "Year of the Boar"


def test_parse_accepts_numbers_names_and_tehuti() -> None:
    assert parse_date("3-basilisk-5") == Date(3, 1, 5)
    assert parse_date("7-Holy Ahura-28") == Date(7, 7, 28)
    assert parse_date("7-holy-ahura-28") == Date(7, 7, 28)
    assert parse_date("2-13-1") == Date(2, 13, 1)
    assert parse_date("5-tehuti") == Date.tehuti(5)
    assert parse_date("5-day of tehuti") == Date.tehuti(5)
    assert parse_date("start") == Date(1, 1, 1)
    assert parse_date(Date(9, 4, 3).iso()) == Date(9, 4, 3)


@pytest.mark.parametrize("text", ["", "1", "1-14-1", "1-1-29", "1-1-0", "1-dragon-1", "x-1-1", "1-1-a"])
def test_bad_dates_are_usage_errors_naming_the_text(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_date(text)
    assert repr(text) in str(caught.value) or text in str(caught.value)


def test_add_months_and_years_keep_the_day() -> None:
    assert Date(1, 12, 10).add_months(3) == Date(2, 2, 10)
    assert Date(2, 2, 10).add_months(-3) == Date(1, 12, 10)
    assert Date(1, 12, 10).add_years(2) == Date(3, 12, 10)
    assert Date.tehuti(3).add_years(1) == Date.tehuti(4)
    with pytest.raises(UsageError, match="Tehuti"):
        Date.tehuti(3).add_months(1)


def test_weeks_are_seven_days() -> None:
    assert Date(1, 1, 1).add_weeks(4) == Date(1, 2, 1)
    # the Day of Tehuti lies between the years and belongs to no week, so a week back is the 23rd
    assert Date(1, 1, 1).add_weeks(-1) == Date(0, 13, 23)


@given(st.integers(-5000, 5000), st.integers(-5000, 5000))
def test_adding_days_round_trips(start: int, days: int) -> None:
    date = Date.from_ordinal(start)
    assert date.ordinal == start
    assert date.add_days(days).add_days(-days) == date
    assert date.days_until(date.add_days(days)) == days
    assert (date.add_days(days) > date) == (days > 0)


@given(st.text(max_size=20))
def test_parse_gives_a_date_or_a_usage_error(text: str) -> None:
    try:
        date = parse_date(text)
    except UsageError:
        return
    assert parse_date(date.iso()) == date
