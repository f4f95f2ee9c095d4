"""The Book of Adventure's catalogues as the rules help shows them beside Adventures in Fantasy's How to play
page (`/rules/adventures-in-fantasy`).

Read from the data, not retyped: the courses a character studies, the price list and general supplies
(`tables.all_tables()`), the creatures a melee meets (`creatures.creatures()`), and the list of every table
of the book, by its title (never its id in the data, a machine word to a reader). Each entry is (name,
text, citation): the rulebook line its data cites ("line 346"), or "our ruling" where the figures are
grognard's (ruling "Creature figures" of the rulings page).

Every word is said in the reader's language: the Reference's own words (the headings, "72 months",
"availability", "hit dice", the citations) are messages here, one sentence or phrase with named places
each; the data's texts (the courses', items' and creatures' names, a cost, a remark, a note, a table's
title) are said with `gettext` where the catalogue has them (`grognard.i18n.extract.DATA`), else as the
book wrote them. English is said exactly as before.
"""

from __future__ import annotations

import re

from grognard.engine.content import Scalar
from grognard.engine.reference import Entry, Section
from grognard.i18n import N_, gettext, ngettext, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.action_text import Source
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart, ChartRow
from grognard.systems.adventures_in_fantasy.creatures import Creature, creatures
from grognard.systems.adventures_in_fantasy.tables import all_tables, kind

RULING = N_("our ruling")
"""How an entry whose figures are grognard's, not the book's, is cited (said with `gettext`)."""

HEADINGS = {
    "courses": N_("Courses of instruction"),
    "price-list": N_("Price list"),
    "general-supplies": N_("General supplies"),
}
"""The charts shown, by their name in the data, and their headings."""
CREATURES = N_("Creatures")
TABLES = N_("Every table of the book")

ARMOUR = (N_("leather"), N_("chain"), N_("plate"))
"""The armour a creature wears, as its data names it."""

MONEY = re.compile(r"(?P<amount>\d+) (?P<coin>GP|SP|CP)(?P<per> a day| a month)?")
"""A price as the general supplies write it ("5 CP", "10 SP a day")."""


def cite(source: str) -> str:
    """A data source ("file:346", "file:980-982", "ruling") as the page cites it, in the reader's
    language."""
    if ":" not in source:
        return gettext(RULING) if source == "ruling" else ""
    lines = Source.parse(source).lines.replace(",", ", ")
    if "-" in lines or "," in lines:
        return _("lines {lines}").format(lines=lines)
    return _("line {line}").format(line=lines)


def _said(value: Scalar) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _text(value: Scalar) -> str:
    """A text of the data in the reader's language (itself where the catalogue lacks it)."""
    said = _said(value)
    return gettext(said) if said else said


def _chart(name: str) -> Chart | None:
    entry = all_tables().get(name)
    return entry if isinstance(entry, Chart) else None


def course_entry(row: ChartRow) -> Entry:
    """A course of Table B: its months, its complexity, what must come first, its income."""
    cells = row.cells
    facts = [_("{months} months").format(months=_said(cells["months"])) if "months" in cells else ""]
    if "complexity" in cells:
        facts.append(_("complexity {complexity}").format(complexity=_said(cells["complexity"])))
    if requisites := cells.get("requisites"):
        courses = ", ".join(str(requisites).split())
        after = _("after courses {courses}") if " " in str(requisites) else _("after course {courses}")
        facts.append(after.format(courses=courses))
    if income := cells.get("income_gp"):
        facts.append(_("{income} GP a year").format(income=_said(income)))
    if levels := cells.get("social_levels"):
        facts.append(_("+{levels} social level").format(levels=_said(levels)))
    if cells.get("apprenticeship"):
        facts.append(_("an apprenticeship"))
    if note := cells.get("note"):
        facts.append(_text(note))
    name = _text(cells.get("name", ""))
    return f"{row.key}. {name}", "; ".join(f for f in facts if f) + ".", cite(row.source)


def cost_said(value: Scalar) -> str:
    """A price of the general supplies in the reader's language ("5 CP", "10 SP a day", "free")."""
    text = _said(value)
    found = MONEY.fullmatch(text)
    if found is None:
        return pgettext("price", "free") if text == "free" else _text(text)
    coins = {"GP": _("{amount} GP"), "SP": _("{amount} SP"), "CP": _("{amount} CP")}
    price = coins[found["coin"]].format(amount=found["amount"])
    if found["per"] == " a day":
        return _("{price} a day").format(price=price)
    if found["per"] == " a month":
        return _("{price} a month").format(price=price)
    return price


def price_part(column: str, value: Scalar) -> str:
    """One cell of the price list or the general supplies in words."""
    said = _said(value)
    if column == "cost_gp":
        return _("{amount} GP").format(amount=said)
    if column == "cost":
        return cost_said(value)
    if column == "weight_lb":
        return _("{weight} lb").format(weight=said)
    if column == "weeks":
        count = int(value) if isinstance(value, int | float) and float(value).is_integer() else 2
        return ngettext("{weeks} week to make", "{weeks} weeks to make", count).format(weeks=said)
    if column == "availability":
        return _("availability {availability}").format(availability=_text(value))
    if column == "supplier":
        return _("from the {supplier}").format(supplier=_text(value))
    return _text(value)


PRICE_COLUMNS = ("cost_gp", "cost", "weight_lb", "weeks", "availability", "supplier", "remarks")
"""The price charts' columns said, each by `price_part`."""


def price_entry(row: ChartRow) -> Entry:
    """A row of the price list or the general supplies: price, weight and the rest."""
    parts = [
        price_part(column, value)
        for column, value in row.cells.items()
        if column in PRICE_COLUMNS and value not in ("", None)
    ]
    return _text(row.key), "; ".join(parts) + ".", cite(row.source)


def creature_entry(creature: Creature) -> Entry:
    """A creature: hit dice and hits, body type, Dexterity, armour, and a note."""
    facts = [
        ngettext("{dice} hit die, {hits} hits", "{dice} hit dice, {hits} hits", creature.hit_dice).format(
            dice=creature.hit_dice, hits=creature.hits
        ),
        _("{body} body").format(body=pgettext("aif", creature.body)),
        _("Dexterity {dexterity}").format(dexterity=creature.dexterity),
    ]
    if creature.armour:
        facts.append(_("armour: {pieces}").format(pieces=", ".join(gettext(a) for a in creature.armour)))
    if creature.note:
        facts.append(_text(creature.note))
    return _text(creature.name), "; ".join(facts) + ".", cite(creature.source)


LOOKED_UP = {
    "dexterity": N_("Looked up by dexterity"),
    "strength": N_("Looked up by strength"),
    "age": N_("Looked up by age"),
}
"""How a table of bands is read, by the score it is looked up by."""


def table_entries() -> list[Entry]:
    """Every table of the book: its title, how it is used (rolled on which dice, or read), its rows."""
    out = []
    for name, entry in all_tables().items():
        way = kind(entry)
        if isinstance(entry, Bands):
            score = entry.score
            how = (
                gettext(LOOKED_UP[score])
                if score in LOOKED_UP
                else _("Looked up by {score}").format(score=score)
            )
        elif way == "rollable":
            how = _("Rolled on {dice}").format(dice=getattr(entry, "dice", "dice"))
        else:
            how = _("Read as a chart")
        rows = len(entry.rows)
        said_rows = ngettext("{rows} row", "{rows} rows", rows).format(rows=rows)
        title = _text(entry.title) if entry.title else name
        out.append((title, _("{how}; {rows}.").format(how=how, rows=said_rows), cite(entry.source)))
    return out


def sections() -> list[Section]:
    """The courses, the price list, the general supplies, the creatures and the list of tables."""
    out: list[Section] = []
    for name, entry in (
        ("courses", course_entry),
        ("price-list", price_entry),
        ("general-supplies", price_entry),
    ):
        chart = _chart(name)
        if chart is not None:
            out.append((gettext(HEADINGS[name]), [entry(row) for row in chart.rows]))
    out.append((gettext(CREATURES), [creature_entry(c) for c in creatures().values()]))
    out.append((gettext(TABLES), table_entries()))
    return out
