"""Loading, coverage, lookups and the reconstructions of damaged tables (each names its ruling in
docs/rulings/adventures-in-fantasy.md). Book: 002_8449cbd1010a37a5.txt."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from grognard.engine.content import Table, load_text
from grognard.engine.dice.core import Rng
from grognard.engine.errors import ContentError, UsageError
from grognard.systems.adventures_in_fantasy import lookups
from grognard.systems.adventures_in_fantasy.charts import Chart, ChartFile
from grognard.systems.adventures_in_fantasy.tables import (
    all_tables,
    chart_entries,
    get_rollable,
    get_table,
    listing,
    rollable_tables,
)

SOURCE = re.compile(r"^002_8449cbd1010a37a5\.txt:(\d+)(?:-(\d+))?(?:,\d+-\d+)*$")


def test_every_file_loads_and_names_are_unique() -> None:
    rollable, charts = rollable_tables(), chart_entries()
    assert len(rollable) >= 100 and len(charts) >= 25
    assert set(rollable).isdisjoint(charts)
    assert len(all_tables()) == len(rollable) + len(charts)


@pytest.mark.parametrize("name", sorted(rollable_tables()))
def test_rollable_table_covers_its_dice_exactly(name: str) -> None:
    table = rollable_tables()[name]
    assert not table.partial
    low, high = table.range
    covered = [n for row in table.rows for n in range(row.low, row.high + 1)]
    assert covered == list(range(low, high + 1))
    assert sum(p for _, p in table.chances()) == Fraction(1)


def test_every_row_cites_a_line_of_the_book() -> None:
    for name, entry in all_tables().items():
        assert SOURCE.match(entry.source), (name, entry.source)
        for row in entry.rows:
            found = SOURCE.match(row.source)
            assert found and 1 <= int(found.group(1)) <= 1905, (name, row.source)


def test_listing_gives_every_table_with_its_dice() -> None:
    lines = {t.name: t for t in listing()}
    assert lines["social-status"].dice == "d100"
    assert lines["deployment"].dice == "1d20"
    assert lines["table-of-death"].dice == "by age"
    assert lines["combat-matrix"].kind == "chart"


def test_unknown_name_suggests_close_names() -> None:
    with pytest.raises(UsageError, match="hit-location-snake"):
        get_table("hit-location-snak")
    with pytest.raises(UsageError, match="read, not rolled"):
        get_rollable("combat-matrix")


def test_rolling_uses_two_d20_for_percentile_tables() -> None:
    thrown, row = get_rollable("starting-age").roll(Rng(7))
    assert [d.sides for d in thrown.dice] == [20, 20]
    assert row.covers(thrown.total)


def test_a_chart_with_an_unknown_column_is_refused_with_its_place() -> None:
    text = """
[[charts]]
name = "bad"
source = "002_8449cbd1010a37a5.txt:1"
columns = ["a"]
rows = [ { key = "x", cells = { b = 1 }, source = 2 } ]
"""
    with pytest.raises(ContentError, match=r"charts\[0\]\.rows\[0\]\.cells\.b"):
        load_text(text, ChartFile, "bad.toml")


def test_bands_with_a_gap_are_refused() -> None:
    text = """
[[bands]]
name = "gappy"
source = "002_8449cbd1010a37a5.txt:1"
score = "age"
rows = [ { low = 0, high = 5, result = { x = 1 }, source = 2 }, { low = 7, result = { x = 2 }, source = 3 } ]
"""
    with pytest.raises(ContentError, match="does not follow"):
        load_text(text, ChartFile, "gappy.toml")


# Worked examples of the book.


def test_starting_age_example_30_years_adds_four_to_status() -> None:
    # line 235: aged 30 with a rolled status of 1 gives 5; a Knight (10) aged 32 reaches 16, a Baron.
    assert get_rollable("starting-age").lookup(88).field("status_bonus") == 4
    age32 = get_rollable("starting-age").lookup(94)
    assert age32.field("age") == 32
    knight = get_rollable("social-status-86-99").lookup(41)
    baron = get_rollable("social-status-86-99").lookup(70)
    status = int(str(knight.field("rank"))) + int(str(age32.field("status_bonus")))
    assert status == 16 and int(str(baron.field("rank"))) <= status


def test_combat_matrix_example_line_1557() -> None:
    assert lookups.combat_chance("Human", "Snake") == 35
    assert lookups.combat_chance("snake", "human") == 75


def test_hit_chance_limits_line_1584() -> None:
    assert lookups.clamp_hit_chance(105) == 98
    assert lookups.clamp_hit_chance(-3) == 2


def test_evasion_and_hostility_example_line_1062() -> None:
    # 1000 chaotic searchers find 10 lawful men on a roll of 5; the law side is 100% hostile to chaos.
    assert lookups.evasion_chance(1000, 10) >= 5
    assert lookups.hostility_chance("law", "chaos") == 100


def test_mounted_soldier_example_lines_957_963() -> None:
    assert get_rollable("arms-mounted").lookup(40).field("weapon") == "Sword"
    assert get_rollable("armour-mounted-sword").lookup(75).field("armour") == "Chainmail"


def test_death_chance_lookup() -> None:
    assert lookups.death_chance(30) == 2
    assert lookups.death_chance(58) == 15
    with pytest.raises(UsageError):
        lookups.death_chance(-1)


# Reconstructions: each test names its ruling in docs/rulings/adventures-in-fantasy.md.


def test_ruling_social_status_71_75() -> None:
    row = get_rollable("social-status").lookup(73)
    assert (row.low, row.high, row.field("position")) == (61, 75, "Guildsman/Fighter")


def test_ruling_chart_g_layout() -> None:
    # Values run from the first column; blanks past the last printed value are 100.
    assert lookups.evasion_chance(15, 3) == 1
    assert lookups.evasion_chance(15, 2000) == 100
    assert lookups.evasion_chance(30, 2000) == 100
    assert lookups.evasion_chance(2000, 1) == 100
    assert lookups.evasion_chance(100, 40) == 15
    assert lookups.evasion_chance(5000, 9000) == 100


def test_ruling_chart_g_is_monotone() -> None:
    chart = get_table("evasion")
    assert isinstance(chart, Chart)
    grid = [[int(str(chart.cell(r.key, c))) for c in chart.columns] for r in chart.rows]
    for row in grid:
        assert row == sorted(row)
    for column in zip(*grid, strict=True):
        assert list(column) == sorted(column)


def test_ruling_speak_is_spear() -> None:
    assert get_rollable("arms-dismounted").lookup(80).field("weapon") == "Spear"


def test_ruling_table_n_first_rows() -> None:
    desert = get_rollable("other-creatures-desert")
    assert [(r.low, r.high) for r in desert.rows[:5]] == [(1, 4), (5, 5), (6, 10), (11, 14), (15, 15)]


def test_ruling_table_n_95_100() -> None:
    assert get_rollable("other-creatures-forest").rows[-1].span() == "96-100"


def test_ruling_table_n_lost_column() -> None:
    """Every city roll names a creature (002_8449cbd1010a37a5.txt:1010-1033, ruling "Table N, the lost
    column"): the printed rows 01-15 as printed, 16-100 rebuilt and marked so."""
    city = get_rollable("other-creatures-city")
    named = {roll: str(city.lookup(roll).field("creature", city.lookup(roll).text)) for roll in range(1, 101)}
    assert all(name and name != "referee's choice" for name in named.values())
    assert all(city.lookup(roll).field("lost") is None for roll in range(1, 101))
    assert [named[r] for r in (1, 5, 6, 11, 15)] == ["Elf", "Troll", "Anakim", "Al", "Lycanthrope"]
    assert city.lookup(15).field("reconstructed") is None and city.lookup(16).field("reconstructed") is True
    assert named[50] == "Elf" and named[52] == "Al" and named[70] == "Dragon" and named[100] == "Special"
    assert sum(name == "Special" for name in named.values()) == 32
    assert get_rollable("other-creatures-water").lookup(30).result == "Will-o'-Wisp"
    assert get_rollable("other-creatures-other").lookup(16).result == "Lion"


CITY_FOLK = {"Elf", "Troll", "Anakim", "Al", "Lycanthrope", "Hydra", "Dragon", "Changeling"} | {
    "Ghul",
    "Vampire",
    "Jinn",
    "Ifreet",
    "Rakshasa",
    "Special",
}
"""What the book puts in towns and ruins (002_8449cbd1010a37a5.txt:1005-1009, :1319-1327, :1377-1384)
and the ruling's man-haunting kin of the Al."""


def test_ruling_table_n_city_rebuilt_by_the_rule() -> None:
    """Each rebuilt city row (002_8449cbd1010a37a5.txt:1010-1033) is the first town or ruin creature
    printed in the same row, reading Desert, Mountain, Forest, Clear, Water, Other."""
    city = get_rollable("other-creatures-city")
    others = [get_rollable(f"other-creatures-{c}") for c in ("desert", "mountain", "forest", "clear")]
    others += [get_rollable(f"other-creatures-{c}") for c in ("water", "other")]
    rebuilt = [row for row in city.rows if row.field("reconstructed") is True]
    assert [(r.low, r.high) for r in rebuilt] == [(r.low, r.high) for r in others[0].rows[5:]]
    for row in rebuilt:
        printed = [str(t.lookup(row.low).field("creature", t.lookup(row.low).text)) for t in others]
        assert row.field("creature") == next(name for name in printed if name in CITY_FOLK), printed
        assert row.source == others[0].lookup(row.low).source


def test_ruling_table_n_spellings() -> None:
    assert get_rollable("other-creatures-desert").lookup(6).result == "Anakim"
    assert get_rollable("other-creatures-city").lookup(12).result == "Al"


def test_ruling_chart_m_shield_example() -> None:
    # The example (line 963) quotes 60% for mounted chainmail; the chart (line 997) reads 40% mounted.
    assert get_rollable("shield-mounted-chainmail").lookup(45).result == "no shield"
    assert get_rollable("shield-dismounted-chainmail").lookup(45).result == "shield"


def test_ruling_chart_k_city() -> None:
    assert get_rollable("troops-city").lookup(8).field("force") == "all foot"


def test_ruling_chart_k_water() -> None:
    assert get_rollable("troops-water").lookup(50).field("per_boat") == "20-100"


def test_ruling_percent_shares() -> None:
    assert get_rollable("civilians").lookup(31).field("encounter") == "Wagon train"
    assert get_rollable("soldier-numbers").lookup(90).field("number") == "10-100"


def test_ruling_chart_p_ranges() -> None:
    assert lookups.missile_dexterity_modifier(96) == 6
    assert lookups.missile_dexterity_modifier(95) == 5
    assert lookups.missile_dexterity_modifier(88) == 4
    assert lookups.missile_dexterity_modifier(23) == -2
    assert lookups.missile_dexterity_modifier(28) == -1
    assert lookups.missile_dexterity_modifier(50) == 0


def test_ruling_chart_f_multipliers_and_seventh_chance() -> None:
    assert get_rollable("underworld-level-6").lookup(98).field("multiplier") == 3
    assert get_rollable("underworld-level-3").lookup(98).field("multiplier") == 1
    assert get_rollable("underworld-chance-deeper").lookup(35).result == "occupied"


def test_ruling_calendar_years() -> None:
    years = get_table("calendar-years")
    assert isinstance(years, Chart)
    assert len(years.rows) == 13
    assert years.cell("12", "name") == "Year of the Boar"
    assert years.cell("13", "name") == "Year of the Jinn"


def test_calendar_adds_up_to_365_days() -> None:
    months = get_table("calendar-months")
    assert isinstance(months, Chart)
    assert sum(int(str(r.get("days"))) for r in months.rows) == 365


def test_ruling_encumbrance_animal_column() -> None:
    enc = get_table("encumbrance")
    assert isinstance(enc, Chart)
    assert enc.cell("60 lb", "horse or mule") == 8.0
    with pytest.raises(UsageError, match="blank"):
        enc.cell("175 lb", "horse or mule")
    assert enc.cell("200 lb", "average 41-60") == 0.5


def test_ruling_hostility_axes() -> None:
    assert lookups.hostility_chance("chaos", "law") == 80
    assert lookups.hostility_chance("law", "law", "ambush") == 60
    assert lookups.hostility_chance("neutral", "chaos", "hiding") == 10


def test_ruling_mounted_archer() -> None:
    # line 1670: a short bow at medium range hits a man 18% of the time from horseback.
    targets, modifiers = get_table("missile-targets"), get_table("missile-modifiers")
    assert isinstance(targets, Chart) and isinstance(modifiers, Chart)
    base = float(str(targets.cell("man (2 HD)", "medium")))
    factor = float(str(modifiers.cell("archer mounted on a horse", "factor")))
    assert round(base * factor) == 18


def test_ruling_table_b_ditto_marks() -> None:
    courses = get_table("courses")
    assert isinstance(courses, Chart)
    assert courses.cell("11", "name") == "Use of shield"
    assert courses.cell("18", "name") == "Use of dagger"


def test_course_requisites_name_existing_courses() -> None:
    courses = get_table("courses")
    assert isinstance(courses, Chart)
    keys = {r.key for r in courses.rows}
    for row in courses.rows:
        for needed in str(row.get("requisites") or "").split():
            assert needed in keys and int(needed) < int(row.key), row.key


def test_special_creatures_for_other_terrains() -> None:
    table = get_rollable("other-creatures-clear")
    assert table.notes.endswith("special-creatures-other.")
    assert isinstance(get_table("special-creatures-other"), Table)
