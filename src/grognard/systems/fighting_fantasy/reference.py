"""Fighting Fantasy's potions and Provisions as the rules help shows them beside its How to play page
(`/rules/fighting-fantasy`).

What a potion does is read off the Adventure Sheet itself (`sheet.AdventureSheet.drink` on a worn-down
sheet: which score comes back and which Initial score moves), with the sheet's numbers (measures,
Provisions, a meal's STAMINA), so nothing is retyped. Each entry is (name, text, citation).
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.i18n import N_, ngettext
from grognard.i18n import gettext as _
from grognard.systems.fighting_fantasy.sheet import (
    MEAL_STAMINA,
    POTION_MEASURES,
    POTION_SCORE,
    POTIONS,
    PROVISIONS,
    SCORES,
    AdventureSheet,
)

POTION_LINES = {"skill": "117-118, 151-161", "strength": "137-139, 151-161"}
"""Where the rules give each potion (the Potion of Fortune: `FORTUNE_LINES`)."""
FORTUNE_LINES = "146-161"
PROVISION_LINES = "125-137"
POTION_NAMES = {
    "skill": N_("Potion of Skill ({score})"),
    "strength": N_("Potion of Strength ({score})"),
    "fortune": N_("Potion of Fortune ({score})"),
}
"""Each potion's name on the page, with the score it restores."""


def _lines(lines: str) -> str:
    return _("lines {lines}").format(lines=lines)


def potion_text(potion: str) -> str:
    """What one measure of `potion` does, found by drinking it from a sheet worn down to 1 of everything."""
    full = AdventureSheet.new(10, 20, 10, potion)
    worn = full.change("SKILL", -9).change("STAMINA", -19).change("LUCK", -9)
    drunk = worn.drink()
    said = []
    for score in SCORES:
        if drunk.score(score) != worn.score(score):
            said.append(_("restores {score} to its Initial score").format(score=_(score)))
    for score in SCORES:
        if (rise := drunk.initial(score) - full.initial(score)) > 0:
            said.insert(0, _("adds {rise} to your Initial {score}").format(rise=rise, score=_(score)))
    holds = ngettext(
        "The bottle holds {count} measure; drink it at any time (in a fight, between two rounds).",
        "The bottle holds {count} measures; drink one at any time (in a fight, between two rounds).",
        POTION_MEASURES,
    ).format(count=POTION_MEASURES)
    return _("A measure {does}. {holds} You take one of the three potions.").format(
        does=_(" and then ").join(said), holds=holds
    )


def potion_entries() -> list[Entry]:
    """The three potions, named by the score each restores."""
    return [
        (
            _(POTION_NAMES[potion]).format(score=_(POTION_SCORE[potion])),
            potion_text(potion),
            _lines(POTION_LINES.get(potion, FORTUNE_LINES)),
        )
        for potion in POTIONS
    ]


def provision_entries() -> list[Entry]:
    """Provisions: how many meals, what one gives."""
    text = _(
        "You set out with {meals} meals. Where a section lets you eat, one meal gives back {stamina} STAMINA "
        "(never above its Initial score) and costs 1 Provision."
    ).format(meals=PROVISIONS, stamina=MEAL_STAMINA)
    return [(_("Provisions"), text, _lines(PROVISION_LINES))]


def sections() -> list[Section]:
    """The potions and the Provisions."""
    return [(_("Potions"), potion_entries()), (_("Provisions"), provision_entries())]
