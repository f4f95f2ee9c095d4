"""Grey Star's Action Chart and Combat Results Table as the rules help shows them beside its How to play
page (`/rules/grey-star`).

Read from the chart's data (`chart`: the Lesser and Higher Magicks, the three gifts, the starting kit,
the limits, costs and penalties) and from the shipped table (`crt.table()`), not retyped. Each entry is
(name, text, citation). The Action Chart's rules are not in the rulebook excerpt (it holds the combat
rules only), so their entries cite nothing; the table's columns cite the excerpt's lines it repairs.
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.systems.grey_star.chart import (
    GIFT_WORDS,
    GIFTS,
    HERB_POUCH_START,
    HIGHER_MAGICKS,
    HIGHER_WORDS,
    HUNGER_COST,
    LESSER_MAGICKS,
    MAGICK_WORDS,
    MAGICKS_CHOSEN,
    MAP,
    MAX_BACKPACK,
    MAX_HERB_POUCH,
    MAX_WEAPONS,
    MEAL,
    NO_STAFF_PENALTY,
    STAFF,
    START_MEALS,
    UNARMED_PENALTY,
)
from grognard.systems.grey_star.crt import table

CRT_LINES = "lines 20-56"
"""Where the excerpt prints the Combat Results Table (each cell with one of its two numbers lost)."""

HERB_MAGICK = "Alchemy"
"""The Lesser Magick that brings the Herb Pouch."""


def _counted(names: tuple[str, ...]) -> str:
    counts = {n: names.count(n) for n in dict.fromkeys(names)}
    return ", ".join(n if c == 1 else f"{c} x {n}" for n, c in counts.items())


def magick_entries() -> list[Entry]:
    """The Lesser Magicks: each opens the book's choices that name it while WILLPOWER is above 0."""
    out = []
    for magick in LESSER_MAGICKS:
        text = (
            f"{MAGICK_WORDS[magick][0].upper()}{MAGICK_WORDS[magick][1:]}. "
            f"One of the seven Lesser Magicks; you choose {MAGICKS_CHOSEN} of them at the start. The book's "
            f"choices that name {magick} are open to you while your WILLPOWER is above 0, at the WILLPOWER "
            "the choice says."
        )
        if magick == HERB_MAGICK:
            text += f" It also brings the Herb Pouch: {_counted(HERB_POUCH_START)}."
        out.append((magick, text, ""))
    return out


def higher_entries() -> list[Entry]:
    """The Higher Magicks: chosen after the Lesser ones in a book that gives them (book 4 on)."""
    return [
        (
            magick,
            f"{HIGHER_WORDS[magick][0].upper()}{HIGHER_WORDS[magick][1:]}. One of the six Higher Magicks, "
            "which the Moonstone opens: a book that gives them says how many you choose at the start "
            "(book 4: four). Its choices are open to you while your WILLPOWER is above 0.",
            "",
        )
        for magick in HIGHER_MAGICKS
    ]


def gift_entries() -> list[Entry]:
    """The three gifts, one of which is taken at the start."""
    return [(gift, GIFT_WORDS[gift], "") for gift in GIFTS if gift in GIFT_WORDS]


def chart_entries() -> list[Entry]:
    """The starting kit, the carrying limits, hunger and the penalties for fighting without the Staff."""
    return [
        (
            STAFF,
            "Your weapon, and the channel of your WILLPOWER in a fight. Used as a plain weapon (no WILLPOWER "
            f"spent through it, or WILLPOWER at 0 or below), or fighting with another weapon, costs "
            f"{NO_STAFF_PENALTY} COMBAT SKILL; bare-handed, {UNARMED_PENALTY}.",
            "",
        ),
        ("Weapons", f"At most {MAX_WEAPONS}, the Staff among them.", ""),
        (
            "Backpack",
            f"At most {MAX_BACKPACK} items, Meals included; you start with {START_MEALS} {MEAL}s.",
            "",
        ),
        (MEAL, f"Eaten where the text says so; without one you lose {HUNGER_COST} ENDURANCE.", ""),
        ("Herb Pouch", f"At most {MAX_HERB_POUCH} things; only with {HERB_MAGICK} (or Theurgy).", ""),
        (MAP, "A Special Item you start with.", ""),
    ]


def crt_entries() -> list[Entry]:
    """The Combat Results Table a column at a time: for each random number, the enemy's and your loss."""
    crt = table()
    out = []
    for i, column in enumerate(crt.columns):
        cells = [f"{n}: {crt.cells[n][i].text()}" for n in (*range(1, 10), 0) if n in crt.cells]
        out.append((f"Combat Ratio {column.label()}", "; ".join(cells) + ".", CRT_LINES))
    return out


def sections() -> list[Section]:
    """The Lesser and Higher Magicks, the gifts, the Action Chart's kit and limits, and the Combat Results
    Table."""
    return [
        ("Lesser Magicks", magick_entries()),
        ("Higher Magicks (from book 4)", higher_entries()),
        ("Gifts (you take one)", gift_entries()),
        ("The Action Chart", chart_entries()),
        ("Combat Results Table (enemy's loss / Grey Star's loss; K: killed outright)", crt_entries()),
    ]
