"""The Book of Adventure's catalogues as the rules help shows them beside Adventures in Fantasy's How to play
page (`/rules/adventures-in-fantasy`).

Read from the data, not retyped: the courses a character studies, the price list and general supplies
(`tables.all_tables()`), the creatures a melee meets (`creatures.creatures()`), and the list of every table
of the book, by its title (never its id in the data, a machine word to a reader). Each entry is (name,
text, citation): the rulebook line its data cites ("line 346"), or "our ruling" where the figures are
grognard's (ruling "Creature figures" of the rulings page).
"""

from __future__ import annotations

from grognard.engine.content import Scalar
from grognard.engine.reference import Entry, Section
from grognard.systems.adventures_in_fantasy.action_text import Source
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart, ChartRow
from grognard.systems.adventures_in_fantasy.creatures import Creature, creatures
from grognard.systems.adventures_in_fantasy.tables import all_tables, kind

RULING = "our ruling"
"""How an entry whose figures are grognard's, not the book's, is cited."""

PRICE_COLUMNS = {
    "cost_gp": "{} GP",
    "cost": "{}",
    "weight_lb": "{} lb",
    "weeks": "{} week(s) to make",
    "availability": "availability {}",
    "supplier": "from the {}",
    "remarks": "{}",
}
"""How the price charts' cells are said."""


def cite(source: str) -> str:
    """A data source ("file:346", "file:980-982", "ruling") as the page cites it."""
    if ":" not in source:
        return RULING if source == "ruling" else ""
    lines = Source.parse(source).lines.replace(",", ", ")
    return f"lines {lines}" if "-" in lines or "," in lines else f"line {lines}"


def _said(value: Scalar) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _chart(name: str) -> Chart | None:
    entry = all_tables().get(name)
    return entry if isinstance(entry, Chart) else None


def course_entry(row: ChartRow) -> Entry:
    """A course of Table B: its months, its complexity, what must come first, its income."""
    cells = row.cells
    facts = [f"{_said(cells['months'])} months" if "months" in cells else ""]
    facts.append(f"complexity {_said(cells['complexity'])}" if "complexity" in cells else "")
    if requisites := cells.get("requisites"):
        facts.append(
            f"after course{'s' if ' ' in str(requisites) else ''} {', '.join(str(requisites).split())}"
        )
    if income := cells.get("income_gp"):
        facts.append(f"{_said(income)} GP a year")
    if levels := cells.get("social_levels"):
        facts.append(f"+{_said(levels)} social level")
    if cells.get("apprenticeship"):
        facts.append("an apprenticeship")
    if note := cells.get("note"):
        facts.append(str(note))
    return f"{row.key}. {cells.get('name', '')}", "; ".join(f for f in facts if f) + ".", cite(row.source)


def price_entry(row: ChartRow) -> Entry:
    """A row of the price list or the general supplies: price, weight and the rest."""
    parts = [
        PRICE_COLUMNS[column].format(_said(value)).replace("1 week(s)", "1 week").replace("(s)", "s")
        for column, value in row.cells.items()
        if column in PRICE_COLUMNS and value not in ("", None)
    ]
    return row.key, "; ".join(parts) + ".", cite(row.source)


def creature_entry(creature: Creature) -> Entry:
    """A creature: hit dice and hits, body type, Dexterity, armour, and a note."""
    facts = [
        f"{creature.hit_dice} hit {'die' if creature.hit_dice == 1 else 'dice'}, {creature.hits} hits",
        f"{creature.body} body",
        f"Dexterity {creature.dexterity}",
    ]
    if creature.armour:
        facts.append(f"armour: {', '.join(creature.armour)}")
    if creature.note:
        facts.append(creature.note)
    return creature.name, "; ".join(facts) + ".", cite(creature.source)


def table_entries() -> list[Entry]:
    """Every table of the book: its title, how it is used (rolled on which dice, or read), its rows."""
    out = []
    for name, entry in all_tables().items():
        way = kind(entry)
        if isinstance(entry, Bands):
            how = f"looked up by {entry.score}"
        elif way == "rollable":
            how = f"rolled on {getattr(entry, 'dice', 'dice')}"
        else:
            how = "read as a chart"
        rows = len(entry.rows)
        out.append(
            (
                entry.title or name,
                f"{how.capitalize()}; {rows} row{'s' if rows != 1 else ''}.",
                cite(entry.source),
            )
        )
    return out


def sections() -> list[Section]:
    """The courses, the price list, the general supplies, the creatures and the list of tables."""
    out: list[Section] = []
    for name, heading, entry in (
        ("courses", "Courses of instruction", course_entry),
        ("price-list", "Price list", price_entry),
        ("general-supplies", "General supplies", price_entry),
    ):
        chart = _chart(name)
        if chart is not None:
            out.append((heading, [entry(row) for row in chart.rows]))
    out.append(("Creatures", [creature_entry(c) for c in creatures().values()]))
    out.append(("Every table of the book", table_entries()))
    return out
