"""Ready-made combatants for a melee: what a player picks a fighter from on the new-game page.

The people and beasts are ours; what they are made of is the rules' own (the body types of the Combat
Matrix, line 1549; the armour of the saving throw chart; the weapon classes of Table Q). Each is written
as the fighter text `combat.parse_fighter` reads, which the melee's options take, so a referee can still
write any other fighter at the terminal (`grognard aif melee --a ...`).
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.i18n import N_


@dataclass(frozen=True)
class ReadyFighter:
    """A ready-made combatant: its name (also the fighter's name in the melee), a few words about it,
    and the fighter text the melee's options take."""

    name: str
    blurb: str
    text: str


READY_FIGHTERS = (
    ReadyFighter(
        N_("Swordsman"),
        N_("A seasoned soldier with sword and shield, in a mail shirt and a helmet."),
        "name=Swordsman,body=human,hp=14,dex=60,level=3,armour=chain+helmet+shield,reach=medium",
    ),
    ReadyFighter(
        N_("Brigand"),
        N_("A road robber in leather who fights with a sword and a dagger at once."),
        "name=Brigand,body=human,hp=11,dex=55,level=2,armour=leather,two=dagger,reach=medium",
    ),
    ReadyFighter(
        N_("Town guard"),
        N_("A young watchman with a long spear, a helmet and a shield."),
        "name=Town guard,body=human,hp=10,dex=50,level=1,armour=leather+helmet+shield,reach=long",
    ),
    ReadyFighter(
        N_("Knight"),
        N_("A knight in full plate on a trained warhorse."),
        "name=Knight,body=human,hp=15,dex=50,level=5,armour=plate+helmet,mounted=2,reach=long",
    ),
    ReadyFighter(
        N_("Wolf"),
        N_("A hungry wolf: four legs, quick jaws, no armour."),
        "name=Wolf,body=lion,hp=9,hd=2,dex=65,reach=short",
    ),
    ReadyFighter(
        N_("Great serpent"),
        N_("A snake as long as a boat, slow to die."),
        "name=Great serpent,body=snake,hp=18,hd=4,dex=55,reach=short",
    ),
    ReadyFighter(
        N_("Giant eagle"),
        N_("A bird of prey the size of a man, striking from above."),
        "name=Giant eagle,body=bird,hp=12,hd=3,dex=70,reach=short",
    ),
    ReadyFighter(
        N_("Young dragon"),
        N_("A scaled dragon not yet grown, still stronger than any man."),
        "name=Young dragon,body=scaled,hp=36,hd=8,dex=45,reach=medium",
    ),
)
"""The combatants a new melee is picked from, the two first its default sides."""

READY_NAMES = frozenset(f.name for f in READY_FIGHTERS)
"""The ready-made fighters' names, which the views say in the reader's language."""
