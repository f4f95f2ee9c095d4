"""The creatures the encounter tables name, with the figures a melee needs (data/creatures/creatures.toml).

Each creature has hit dice (one die counts as one man, :897), hit points (9 a die unless the file says
otherwise), a body type of the Hit Location Chart, a Dexterity, any armour, and the line of the book
that fixes its figures or "ruling" where they are ours (ruling "Creature figures"). `creature` finds one
by name (any case); `creature_fighter` makes it a `combat.Fighter` for the melee.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.content import load_model, package_file
from grognard.engine.errors import ContentError, UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.combat import Fighter
from grognard.systems.adventures_in_fantasy.damage import armour_piece, body_type
from grognard.systems.adventures_in_fantasy.missiles import target_size
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

HITS_PER_DIE = 9
"""Hit points of one hit die when the file gives none: a man's (ruling "Creature figures")."""

SOLDIER = re.compile(
    r"^(?P<part>mounted|foot) soldier \((?P<weapon>[^,()]+), (?P<armour>leather|chainmail|plate),"
    r" (?P<shield>shield|no shield)\)$",
    re.IGNORECASE,
)
"""A soldier of Chart M as the campaign names him: "foot soldier (Spear, Chainmail, shield)"."""

SOLDIER_ARMOUR = {"leather": "leather armour", "chainmail": "chainmail", "plate": "full plate armour"}
"""Chart M's armour (:969-991) as the armour save chart names it; its shields are the small (:965)."""


class Creature(BaseModel):
    """One creature's melee figures and where they come from, and the row of the missile chart it is shot
    at by (`missile_target`: faerry, man, griffin or bear, ogre or trow, dragon; :1656-1666)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    hit_dice: int = Field(ge=1, le=50)
    hit_points: int | None = Field(default=None, ge=1)
    body: str
    missile_target: str
    dexterity: int = Field(ge=0, le=100)
    armour: tuple[str, ...] = ()
    source: str
    note: str = ""

    @property
    def hits(self) -> int:
        """The hits it takes: the file's, or 9 a hit die."""
        return self.hit_points if self.hit_points is not None else HITS_PER_DIE * self.hit_dice


class CreatureFile(BaseModel):
    """The creatures file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    creatures: tuple[Creature, ...]


@cache
def creatures() -> dict[str, Creature]:
    """Every creature by its name folded to lower case; a bad body type or armour is a `ContentError`."""
    path = package_file("grognard.systems.adventures_in_fantasy", "data").joinpath("creatures/creatures.toml")
    found: dict[str, Creature] = {}
    for c in load_model(path, CreatureFile).creatures:
        try:
            body_type(c.body)
            target_size(c.missile_target)
            for piece in c.armour:
                armour_piece(piece)
        except UsageError as e:
            raise ContentError(str(path), c.name, str(e)) from None
        if c.name.casefold() in found:
            raise ContentError(str(path), c.name, gettext("creature defined twice"))
        found[c.name.casefold()] = c
    return found


def soldier(name: str) -> Creature | None:
    """A soldier met, named as `soldiers.troop_label` names him: a man (Chart F's "Men", :841) in the
    armour and shield Chart M gave his part (:953-998); None when `name` is not one."""
    found = SOLDIER.match(name.strip())
    if found is None:
        return None
    shield: tuple[str, ...] = ("small shield",) if found["shield"].lower() == "shield" else ()
    armour = (SOLDIER_ARMOUR[found["armour"].lower()], *shield)
    man = creatures()["men"]
    note = f"a soldier met, armed with a {found['weapon']} (the campaign's melee takes no weapon)"
    return man.model_copy(
        update={"name": name.strip(), "armour": armour, "source": f"{RULEBOOK}:953-998", "note": note}
    )


def creature(name: str) -> Creature:
    """The creature called `name` (any case), or a soldier met (`soldier`); an unknown name is a
    `UsageError` listing some."""
    found = creatures().get(name.strip().casefold()) or soldier(name)
    if found is None:
        raise UsageError(
            gettext("no creature {name}; the creatures are {creatures}").format(
                name=repr(name), creatures=", ".join(c.name for c in creatures().values())
            )
        )
    return found


def creature_fighter(name: str, label: str = "") -> Fighter:
    """The creature as a melee `Fighter`: its hits, body, Dexterity, hit dice (for the matrix and the
    strength class, :1539, :1771-1773) and armour."""
    c = creature(name)
    return Fighter(
        name=label or c.name,
        body=body_type(c.body),
        hit_points=c.hits,
        dexterity=c.dexterity,
        hit_dice=c.hit_dice,
        armour=c.armour,
    )
