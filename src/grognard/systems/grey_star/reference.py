"""Grey Star's Action Chart and Combat Results Table as the rules help shows them beside its How to play
page (`/rules/grey-star`).

Read from the chart's data (`chart`: the Lesser and Higher Magicks, the three gifts, the starting kit,
the limits, costs and penalties) and from the shipped table (`crt.table()`), not retyped. Each entry is
(name, text, citation). The Action Chart's rules are not in the rulebook excerpt (it holds the combat
rules only), so their entries cite nothing; the table's columns cite the excerpt's lines it repairs. Every
word is said in the reader's language when `sections()` is called.
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.i18n import gettext as _
from grognard.systems.grey_star.chart import (
    GIFT_SAID,
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

CRT_LINES = (20, 56)
"""Where the excerpt prints the Combat Results Table (each cell with one of its two numbers lost)."""

HERB_MAGICK = "Alchemy"
"""The Lesser Magick that brings the Herb Pouch."""


def _counted(names: tuple[str, ...]) -> str:
    counts = {n: names.count(n) for n in dict.fromkeys(names)}
    return ", ".join(_(n) if c == 1 else f"{c} x {_(n)}" for n, c in counts.items())


def _capital(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}"


def _lines(lines: tuple[int, int]) -> str:
    return _("lines {first}-{last}").format(first=lines[0], last=lines[1])


def magick_entries() -> list[Entry]:
    """The Lesser Magicks: each opens the book's choices that name it while WILLPOWER is above 0."""
    out = []
    for magick in LESSER_MAGICKS:
        text = _(
            "{what}. One of the seven Lesser Magicks; you choose {chosen} of them at the start. The book's "
            "choices that name {magick} are open to you while your WILLPOWER is above 0, at the WILLPOWER "
            "the choice says."
        ).format(what=_capital(_(MAGICK_WORDS[magick])), chosen=MAGICKS_CHOSEN, magick=_(magick))
        if magick == HERB_MAGICK:
            text += _(" It also brings the Herb Pouch: {pouch}.").format(pouch=_counted(HERB_POUCH_START))
        out.append((_(magick), text, ""))
    return out


def higher_entries() -> list[Entry]:
    """The Higher Magicks: chosen after the Lesser ones in a book that gives them (book 4 on)."""
    return [
        (
            _(magick),
            _(
                "{what}. One of the six Higher Magicks, which the Moonstone opens: a book that gives "
                "them says how many you choose at the start (book 4: four). Its choices are open to you "
                "while your WILLPOWER is above 0."
            ).format(what=_capital(_(HIGHER_WORDS[magick]))),
            "",
        )
        for magick in HIGHER_MAGICKS
    ]


def gift_entries() -> list[Entry]:
    """The three gifts, one of which is taken at the start."""
    return [(_(gift), _(words).format(bonus=bonus), "") for gift, (words, bonus) in GIFT_SAID.items()]


def chart_entries() -> list[Entry]:
    """The starting kit, the carrying limits, hunger and the penalties for fighting without the Staff."""
    return [
        (
            _(STAFF),
            _(
                "Your weapon, and the channel of your WILLPOWER in a fight. Used as a plain weapon (no "
                "WILLPOWER spent through it, or WILLPOWER at 0 or below), or fighting with another weapon, "
                "costs {penalty} COMBAT SKILL; bare-handed, {unarmed}."
            ).format(penalty=NO_STAFF_PENALTY, unarmed=UNARMED_PENALTY),
            "",
        ),
        (_("Weapons"), _("At most {count}, the Staff among them.").format(count=MAX_WEAPONS), ""),
        (
            _("Backpack"),
            _("At most {count} items, Meals included; you start with {meals} Meals.").format(
                count=MAX_BACKPACK, meals=START_MEALS
            ),
            "",
        ),
        (
            _(MEAL),
            _("Eaten where the text says so; without one you lose {cost} ENDURANCE.").format(
                cost=HUNGER_COST
            ),
            "",
        ),
        (
            _("Herb Pouch"),
            _("At most {count} things; only with {magick} (or Theurgy).").format(
                count=MAX_HERB_POUCH, magick=_(HERB_MAGICK)
            ),
            "",
        ),
        (_(MAP), _("A Special Item you start with."), ""),
    ]


def crt_entries() -> list[Entry]:
    """The Combat Results Table a column at a time: for each random number, the enemy's and your loss."""
    crt = table()
    out = []
    for i, column in enumerate(crt.columns):
        cells = [f"{n}: {crt.cells[n][i].text()}" for n in (*range(1, 10), 0) if n in crt.cells]
        out.append(
            (
                _("Combat Ratio {ratio}").format(ratio=column.said()),
                "; ".join(cells) + ".",
                _lines(CRT_LINES),
            )
        )
    return out


def sections() -> list[Section]:
    """The Lesser and Higher Magicks, the gifts, the Action Chart's kit and limits, and the Combat Results
    Table."""
    return [
        (_("Lesser Magicks"), magick_entries()),
        (_("Higher Magicks (from book 4)"), higher_entries()),
        (_("Gifts (you take one)"), gift_entries()),
        (_("The Action Chart"), chart_entries()),
        (_("Combat Results Table (enemy's loss / Grey Star's loss; K: killed outright)"), crt_entries()),
    ]
