"""Fighting Fantasy's potions and Provisions as the rules help shows them beside its How to play page
(`/rules/fighting-fantasy`).

What a potion does is read off the Adventure Sheet itself (`sheet.AdventureSheet.drink` on a worn-down
sheet: which score comes back and which Initial score moves), with the sheet's numbers (measures,
Provisions, a meal's STAMINA), so nothing is retyped. Each entry is (name, text, citation).
"""

from __future__ import annotations

from grognard.engine.reference import Entry, Section
from grognard.systems.fighting_fantasy.sheet import (
    MEAL_STAMINA,
    POTION_MEASURES,
    POTION_SCORE,
    POTIONS,
    PROVISIONS,
    SCORES,
    AdventureSheet,
)

POTION_LINES = {"skill": "lines 117-118, 151-161", "strength": "lines 137-139, 151-161"}
"""Where the rules give each potion (the Potion of Fortune: `FORTUNE_LINES`)."""
FORTUNE_LINES = "lines 146-161"
PROVISION_LINES = "lines 125-137"


def potion_text(potion: str) -> str:
    """What one measure of `potion` does, found by drinking it from a sheet worn down to 1 of everything."""
    full = AdventureSheet.new(10, 20, 10, potion)
    worn = full.change("SKILL", -9).change("STAMINA", -19).change("LUCK", -9)
    drunk = worn.drink()
    said = []
    for score in SCORES:
        if drunk.score(score) != worn.score(score):
            said.append(f"restores {score} to its Initial score")
    for score in SCORES:
        if (rise := drunk.initial(score) - full.initial(score)) > 0:
            said.insert(0, f"adds {rise} to your Initial {score}")
    plural = "s" if POTION_MEASURES > 1 else ""
    return (
        f"A measure {' and then '.join(said)}. The bottle holds {POTION_MEASURES} measure{plural}; "
        "drink one at any time (in a fight, between two rounds). You take one of the three potions."
    )


def potion_entries() -> list[Entry]:
    """The three potions, named by the score each restores."""
    return [
        (
            f"Potion of {potion.capitalize()} ({POTION_SCORE[potion]})",
            potion_text(potion),
            POTION_LINES.get(potion, FORTUNE_LINES),
        )
        for potion in POTIONS
    ]


def provision_entries() -> list[Entry]:
    """Provisions: how many meals, what one gives."""
    text = (
        f"You set out with {PROVISIONS} meals. Where a section lets you eat, one meal gives back "
        f"{MEAL_STAMINA} STAMINA (never above its Initial score) and costs 1 Provision."
    )
    return [("Provisions", text, PROVISION_LINES)]


def sections() -> list[Section]:
    """The potions and the Provisions."""
    return [("Potions", potion_entries()), ("Provisions", provision_entries())]
