"""Tactical terrain for a battle map (TERRAIN GENERATION FOR TACTICAL BATTLES, lines 1149-1189).

The table top (at least 36" by 36") is gridded in 6" sections, six by six by default. Each section rolls
a d10 on each `tactical-*` table its strategic area lists, features accumulating (ruling "Tactical
terrain rerolls"); a section with none is flat and clear. Coastal hills are not rolled on a section that
is already swamp; a mountainous area's open sections roll for forest. Spotting up a tree and falling
(lines 1700-1702), and detecting the underworld's trapdoors and sliding walls (lines 743-745), are here
too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.steps import Step, roll_on

AREA_TABLES: dict[str, tuple[str, ...]] = {
    "open": ("tactical-open-forest", "tactical-open-hill"),
    "forest": ("tactical-forest-trees",),
    "swamp": ("tactical-swamp-swamp",),
    "coastal": ("tactical-coastal-forest", "tactical-coastal-swamp", "tactical-coastal-hill"),
    "desert": ("tactical-desert-dune",),
    "hilly": ("tactical-hilly-hill", "tactical-hilly-forest"),
    "mountain": ("tactical-mountain",),
}
"""The tables each strategic area rolls for every section, in the book's order."""

AREA_ALIASES: dict[str, str] = {
    "river": "coastal",
    "hills": "hilly",
    "mountains": "mountain",
    "clear": "open",
    "woods": "forest",
}
"""Other names accepted for the strategic areas."""

SYMBOLS = {"forest": "F", "trees": "F", "hill": "H", "swamp": "S", "dune": "D", "mountain": "M"}
"""One letter per feature for the map; a clear section is '.'."""

MAX_SECTIONS = 30
"""The most sections a side of the map may have."""


@dataclass(frozen=True)
class Section:
    """One 6" section: its column and row (from 0, top left) and its features (empty: flat and clear)."""

    x: int
    y: int
    features: tuple[str, ...]

    @property
    def symbol(self) -> str:
        """The section's letters on the map: "FH" for forest and hill, "." for clear."""
        return "".join(SYMBOLS.get(f, f[:1].upper()) for f in self.features) or "."


@dataclass(frozen=True)
class TacticalMap:
    """A battle map: the strategic area, its size in sections, every section and every roll."""

    area: str
    width: int
    height: int
    sections: tuple[Section, ...]
    steps: tuple[Step, ...] = field(default=())

    def rows(self) -> list[list[Section]]:
        """The sections row by row, top to bottom."""
        return [[s for s in self.sections if s.y == y] for y in range(self.height)]


def check_area(area: str) -> str:
    """The strategic area's name (river, hills, mountains, clear, woods accepted), or a `UsageError`."""
    key = area.strip().lower()
    key = AREA_ALIASES.get(key, key)
    if key not in AREA_TABLES:
        raise UsageError(
            gettext("tactical area {area} is not one of: {areas}").format(
                area=repr(area), areas=", ".join(AREA_TABLES)
            )
        )
    return key


def _section(rng: Rng, area: str, x: int, y: int, steps: list[Step]) -> Section:
    features: list[str] = []
    for table in AREA_TABLES[area]:
        if table == "tactical-coastal-hill" and "swamp" in features:
            continue
        step, row = roll_on(rng, table, f"section {x + 1},{y + 1}")
        steps.append(step)
        if row.text == "open terrain":
            step, row = roll_on(rng, "tactical-mountain-open-forest", f"section {x + 1},{y + 1} (open)")
            steps.append(step)
        if not row.text.startswith("no "):
            features.append(row.text)
    return Section(x, y, tuple(features))


def tactical_map(rng: Rng, area: str, width: int = 6, height: int = 6) -> TacticalMap:
    """Roll every section of a `width` by `height` map of `area`, left to right, top to bottom."""
    key = check_area(area)
    for refusal, value in (
        (N_("map width {value} must be 1-{most} sections"), width),
        (N_("map height {value} must be 1-{most} sections"), height),
    ):
        if not 1 <= value <= MAX_SECTIONS:
            raise UsageError(gettext(refusal).format(value=value, most=MAX_SECTIONS))
    steps: list[Step] = []
    sections = tuple(_section(rng, key, x, y, steps) for y in range(height) for x in range(width))
    return TacticalMap(key, width, height, sections, tuple(steps))


# ---------------------------------------------------------------------------------------------------
# Trees in a battle (TERRAIN EFFECT ON COMBAT, WOODS, lines 1690-1704)

TREE_HEIGHT_FT = 25
CLIMB_FT_PER_TURN = 5
"""Trees are 25 ft tall and a turn climbs 5 ft (line 1700)."""

SPOTTING = {25: 25, 20: 50, 15: 75, 10: 90, 5: 100}
"""The % chance that a turn of looking up finds someone up a tree, by his height in feet; at 5 ft there
is no cover (line 1702)."""

SPRAIN_FACES = 2
"""A drop of 5 ft does no damage, but a d6 of 1 or 2 sprains a leg: half movement, no fast moves (1702)."""


def _height(height_ft: int) -> int:
    if height_ft not in SPOTTING:
        raise UsageError(
            gettext("height {height} ft is not one of 5, 10, 15, 20, 25 (a turn climbs 5 ft)").format(
                height=height_ft
            )
        )
    return height_ft


def spotting_chance(height_ft: int) -> int:
    """The % chance that a turn spent looking up from the ground finds someone `height_ft` up a tree."""
    return SPOTTING[_height(height_ft)]


def fall_hits(height_ft: int) -> int:
    """Hits taken by a fall from `height_ft` (missing a leap between trees): one per 5 ft dropped, none
    from 5 ft (where a 1 or 2 on a d6 sprains a leg instead, `SPRAIN_FACES`)."""
    drop = _height(height_ft)
    return 0 if drop == CLIMB_FT_PER_TURN else drop // CLIMB_FT_PER_TURN


# -- tricks and traps of the underworld (lines 741-745) ---------------------------------------------------

TRAP_DETECTION = 30
"""A character finds a trapdoor or a sliding wall 30% of the time (lines 743, 745)."""

DWARF_DETECTION = 80
"""A dwarf's chance, in place of the 30 (line 743)."""

TRAP_SKILLS = {"forester": 10, "miner": 20, "engineer": 30}
"""What each master adds to the chance: Forester (course 25), Miner (a craft), Engineer (course 20)."""

TRAP_KINDS = ("trapdoor", "sliding wall")
"""The traps detected by the same chance (line 745)."""


def trap_detection(*, dwarf: bool = False, skills: tuple[str, ...] = ()) -> int:
    """The % chance of detecting a trapdoor or a sliding wall: 30, or 80 for a dwarf, plus 10 for a
    Forester, 20 for a Miner and 30 for an Engineer, the pluses added together, at most 100 (ruling
    "Trapdoors")."""
    chance = DWARF_DETECTION if dwarf else TRAP_DETECTION
    for skill in dict.fromkeys(s.strip().lower() for s in skills):
        if skill not in TRAP_SKILLS:
            raise UsageError(
                gettext("skill {skill} is not one of {skills}").format(
                    skill=repr(skill), skills=", ".join(TRAP_SKILLS)
                )
            )
        chance += TRAP_SKILLS[skill]
    return min(100, chance)


def trap_detection_chance(*, dwarf: bool = False, skills: tuple[str, ...] = ()) -> Fraction:
    """The exact chance that two d20 read 01-100 come at or under `trap_detection`."""
    return Fraction(trap_detection(dwarf=dwarf, skills=skills), 100)
