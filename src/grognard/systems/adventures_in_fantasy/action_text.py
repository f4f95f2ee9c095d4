"""Adventures in Fantasy's referee actions, parsed and printed in one place (typed actions).

A referee action is a head, then its arguments after colons. `parse` reads one into a small frozen
dataclass per kind and `str()` prints it back (`parse(str(a)) == a`, a property test pins it):

- `Party`: a head about the party or the time, its text kept whole ("end", "round", "break",
  "note:TEXT", "days:N", "advance:N", "share:GP:SP", "add:JSON", "town:NAME:POPULATION...");
- `Place`: "place:TERRAIN:TOWN", either part may be empty;
- `Travel`: "travel:DAYS:TERRAIN:TOWN";
- `ForMember`: any other head, a character's index and its argument ("fight:0:Wolf", "wound:1:3").

Arguments stay text: the rules check them and say what is wrong. The arguments that have parts read with
`Money` ("GP:SP"), `Bowshot` ("BOW:YARDS"), `StudyBreak` ("WEEKS:YEAR"), `Find` ("ITEM:POUNDS") and
`SkillArg` ("NAME:BASE"), `Holding` ("NAME:PEOPLE:GP"), `Purchase` ("ITEM:N", Table D's supplies) and
`ForcePart` ("Soldiers:foot"); the
ones written in parts of their own with `CourseArg` ("26:tailor") and `town_parts`
("NAME:POPULATION:MAKERS:MARKUP:walled"). A rulebook source "FILE:LINES" reads with `Source`.

Two chance outcomes have parts too: an arrow's special hit `SpecialHit` ("special:HITS:DEX[:halved]") and
soldiers' reaction `Reaction` ("ALIGNMENT:DEPLOYMENT:hostile").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

PARTY_HEADS = frozenset({"end", "round", "break", "note", "days", "advance", "share", "add", "town", "meet"})
"""The heads whose text is kept whole (`Party`)."""


def _glue(*parts: str) -> str:
    """Parts joined by colons, the empty ones at the end left off."""
    kept = list(parts)
    while len(kept) > 1 and not kept[-1]:
        kept.pop()
    return ":".join(kept)


@dataclass(frozen=True)
class Party:
    """A head about the party or the time and the text after it ("note:TEXT", "advance:2", "end")."""

    head: str
    rest: str = ""

    def __str__(self) -> str:
        return f"{self.head}:{self.rest}" if self.rest else self.head


@dataclass(frozen=True)
class Place:
    """ "place:TERRAIN:TOWN": where the party is; an empty terrain keeps the place."""

    head: ClassVar[str] = "place"
    terrain: str = ""
    town: str = ""

    @classmethod
    def parse(cls, rest: str) -> Place:
        """The text after "place:"."""
        terrain, _, town = rest.partition(":")
        return cls(terrain, town)

    def __str__(self) -> str:
        return _glue(self.head, self.terrain, self.town)


@dataclass(frozen=True)
class Meet:
    """ "meet:WHAT:TERRAIN": what the party meets (a creature or a company), where; an empty terrain keeps
    the place."""

    head: ClassVar[str] = "meet"
    what: str
    terrain: str = ""

    @classmethod
    def parse(cls, rest: str) -> Meet:
        """The text after "meet:"."""
        what, _, terrain = rest.partition(":")
        return cls(what.strip(), terrain.strip())

    def __str__(self) -> str:
        return _glue(self.head, self.what, self.terrain)


@dataclass(frozen=True)
class Travel:
    """ "travel:DAYS:TERRAIN:TOWN": days of journey, through a terrain, towards a town."""

    head: ClassVar[str] = "travel"
    days: str
    terrain: str = ""
    town: str = ""

    @classmethod
    def parse(cls, rest: str) -> Travel:
        """The text after "travel:"."""
        days, _, more = rest.partition(":")
        terrain, _, town = more.partition(":")
        return cls(days, terrain, town)

    def __str__(self) -> str:
        return _glue(self.head, self.days, self.terrain, self.town)


@dataclass(frozen=True)
class ForMember:
    """A head about one character: his index (as written) and the argument ("fight:0:Wolf")."""

    head: str
    index: str
    arg: str = ""

    @property
    def member(self) -> int | None:
        """The index as a number, or None when it is not one."""
        return int(self.index) if self.index.isdigit() else None

    def __str__(self) -> str:
        return _glue(self.head, self.index, self.arg)


RefereeAction: TypeAlias = Party | Place | Travel | ForMember
"""Any referee action."""


def parse(text: str) -> RefereeAction:
    """A referee action from its text (never fails: the rules judge the parts)."""
    head, _, rest = text.partition(":")
    if head in PARTY_HEADS:
        return Party(head, rest)
    if head == "place":
        return Place.parse(rest)
    if head == "travel":
        return Travel.parse(rest)
    index, _, arg = rest.partition(":")
    return ForMember(head, index, arg)


def town_name(spec: str) -> str:
    """The name in a town's description "NAME:POPULATION:..." (the first part)."""
    return spec.partition(":")[0]


@dataclass(frozen=True)
class Money:
    """ "GP" or "GP:SP": gold and silver pieces as written."""

    gold: str
    silver: str = ""

    @classmethod
    def parse(cls, text: str) -> Money:
        """ "GP" or "GP:SP"."""
        gold, _, silver = text.partition(":")
        return cls(gold, silver)

    def __str__(self) -> str:
        return f"{self.gold}:{self.silver}" if self.silver else self.gold


@dataclass(frozen=True)
class Bowshot:
    """ "BOW:YARDS": a missile weapon and the range."""

    weapon: str
    yards: str = ""

    @classmethod
    def parse(cls, text: str) -> Bowshot:
        """ "BOW:YARDS"."""
        weapon, _, yards = text.partition(":")
        return cls(weapon, yards)

    def __str__(self) -> str:
        return f"{self.weapon}:{self.yards}"


@dataclass(frozen=True)
class StudyBreak:
    """ "WEEKS" or "WEEKS:YEAR": weeks away from a course, and the weeks away this year."""

    weeks: str
    year: str = ""

    @classmethod
    def parse(cls, text: str) -> StudyBreak:
        """ "WEEKS" or "WEEKS:YEAR"."""
        weeks, _, year = text.partition(":")
        return cls(weeks, year)

    def __str__(self) -> str:
        return f"{self.weeks}:{self.year}" if self.year else self.weeks


@dataclass(frozen=True)
class Find:
    """ "ITEM" or "ITEM:POUNDS": treasure taken (the pounds after the last colon)."""

    item: str
    pounds: str = ""

    @classmethod
    def parse(cls, text: str) -> Find:
        """ "ITEM" or "ITEM:POUNDS"."""
        if ":" not in text:
            return cls(text)
        item, _, pounds = text.rpartition(":")
        return cls(item, pounds)

    def __str__(self) -> str:
        return f"{self.item}:{self.pounds}" if self.pounds or ":" in self.item else self.item


@dataclass(frozen=True)
class SkillArg:
    """ "NAME:BASE": a weapon skill taken up and its base (after the last colon; NAME may be empty)."""

    name: str
    base: str

    @classmethod
    def parse(cls, text: str) -> SkillArg:
        """ "NAME:BASE"."""
        name, _, base = text.rpartition(":")
        return cls(name, base)

    def __str__(self) -> str:
        return f"{self.name}:{self.base}" if self.name else self.base


@dataclass(frozen=True)
class Holding:
    """ "NAME", "NAME:PEOPLE" or "NAME:PEOPLE:GP": a town or holdings held, its people and the gold each
    pays a year (either may be empty)."""

    name: str
    people: str = ""
    gold: str = ""

    @classmethod
    def parse(cls, text: str) -> Holding:
        """ "NAME[:PEOPLE[:GP]]"."""
        name, _, rest = text.partition(":")
        people, _, gold = rest.partition(":")
        return cls(name, people, gold)

    def __str__(self) -> str:
        if self.gold:
            return f"{self.name}:{self.people}:{self.gold}"
        return f"{self.name}:{self.people}" if self.people else self.name


@dataclass(frozen=True)
class CourseArg:
    """ "COURSE" or "COURSE:CRAFT": a course of Table B by number or name, and a craftsman's craft."""

    course: str
    craft: str = ""

    @classmethod
    def parse(cls, text: str) -> CourseArg:
        """ "COURSE" or "COURSE:CRAFT"."""
        course, _, craft = text.partition(":")
        return cls(course, craft)

    def __str__(self) -> str:
        return f"{self.course}:{self.craft}" if self.craft else self.course


def town_parts(spec: str) -> list[str]:
    """The parts of a town's description "NAME:POPULATION[:MAKER+MAKER[:MARKUP[:walled]]]", in order."""
    return spec.split(":")


@dataclass(frozen=True)
class Source:
    """ "FILE:LINES": where a rule is in the rulebooks (the lines after the last colon)."""

    file: str
    lines: str

    @classmethod
    def parse(cls, text: str) -> Source:
        """ "FILE:LINES" (a text without a colon is lines alone)."""
        file, _, lines = text.rpartition(":")
        return cls(file, lines)

    def __str__(self) -> str:
        return f"{self.file}:{self.lines}" if self.file else self.lines


@dataclass(frozen=True)
class Purchase:
    """ "ITEM" or "ITEM:N": a supply of Table D and how many, as written (the count after the last colon,
    "1" when there is none)."""

    item: str
    count: str = "1"

    @classmethod
    def parse(cls, text: str) -> Purchase:
        """ "ITEM" or "ITEM:N"."""
        if ":" not in text:
            return cls(text)
        item, _, count = text.rpartition(":")
        return cls(item, count)

    def __str__(self) -> str:
        return f"{self.item}:{self.count}" if self.count != "1" or ":" in self.item else self.item


@dataclass(frozen=True)
class ForcePart:
    """ "NAME" or "NAME:PART": the soldiers a man fights and which part of their force ("Soldiers:foot")."""

    name: str
    part: str = ""

    @classmethod
    def parse(cls, text: str) -> ForcePart:
        """ "NAME" or "NAME:PART"."""
        name, _, part = text.partition(":")
        return cls(name, part)

    def __str__(self) -> str:
        return f"{self.name}:{self.part}" if self.part else self.name


@dataclass(frozen=True)
class SpecialHit:
    """ "special:HITS:DEX" or "special:HITS:DEX:halved": an arrow's special hit of Chart O, its hit points,
    the Dexterity it took and whether a second special roll halved the creature's movement."""

    head: ClassVar[str] = "special"
    halved_word: ClassVar[str] = "halved"
    hits: str
    dexterity: str
    halved: bool = False

    @classmethod
    def parse(cls, text: str) -> SpecialHit | None:
        """The special hit, or None when the text is not one."""
        head, *parts = text.split(":")
        if head != cls.head or len(parts) not in (2, 3) or parts[2:] not in ([], [cls.halved_word]):
            return None
        return cls(parts[0], parts[1], len(parts) == 3)

    def __str__(self) -> str:
        return f"{self.head}:{self.hits}:{self.dexterity}" + (f":{self.halved_word}" if self.halved else "")


@dataclass(frozen=True)
class Reaction:
    """ "ALIGNMENT:DEPLOYMENT:WORD": soldiers' reaction to the party, the word "hostile" or "peaceful"."""

    alignment: str
    deployment: str
    word: str

    @classmethod
    def parse(cls, text: str) -> Reaction:
        """ "ALIGNMENT:DEPLOYMENT:WORD" (the word is the rest after the second colon)."""
        alignment, _, rest = text.partition(":")
        deployment, _, word = rest.partition(":")
        return cls(alignment, deployment, word)

    def __str__(self) -> str:
        return f"{self.alignment}:{self.deployment}:{self.word}"


def outcome_parts(text: str) -> tuple[str, ...]:
    """A chance outcome of the campaign cut at its colons, to be said part by part: a soldiers'
    reaction "neutral:marching:peaceful" (`Reaction`), or one word ("nothing", "cured")."""
    return tuple(text.split(":"))


def value_parts(arg: str) -> tuple[str, ...]:
    """A referee action's value cut at its colons, to be said part by part: a weapon skill and its base
    ("sword:40"), an alignment ("law"), an item."""
    return tuple(arg.split(":"))
