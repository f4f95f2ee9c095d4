"""The gamebook format as typed models: a book, its sections, and the rules data inside them.

The structure is generic; the meaning of stat names, items, powers, fights and tests belongs to the
rule system (`grognard.gamebook.ruleset.Ruleset`). Every model is frozen and refuses unknown keys, so a
misspelt field is a load error naming its section and field. See docs/formats/gamebook.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, TypeAlias

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

DICE_RE = re.compile(r"^([+-]?)(\d*)d(\d+)([+-]\d+)?$")
"""Dice amounts in effects: `1d6`, `-2d6`, `-1d6+1` (a sign, a count, `d`, sides, a modifier)."""

_ID_FORBIDDEN = re.compile(r"[\[\]{}|<>\n\r\t\\]|->|<-")


def _section_id(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise ValueError("a section id cannot be empty")
        if _ID_FORBIDDEN.search(text):
            raise ValueError(f"section id {text!r} may not contain [ ] {{ }} | < > \\, '->' or a line break")
        return text
    return value


SectionId = Annotated[StrictStr, BeforeValidator(_section_id)]
"""A section id: a string (a number in the file is read as its digits); no brackets, bars or arrows."""

Amount: TypeAlias = StrictInt | StrictStr
"""A number, or dice (`"1d6"`, `"-2d6+1"`) rolled when the effect is applied."""

PropertyValue: TypeAlias = StrictInt | StrictStr | StrictBool
"""A value in a system-interpreted table (item properties, fight modifiers, book rules)."""

Ending: TypeAlias = Literal["victory", "death", "ended"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


def _one_kind(values: dict[str, Any], kinds: tuple[str, ...], what: str) -> str:
    present = [k for k in kinds if values.get(k) is not None]
    if len(present) != 1:
        shown = ", ".join(present) if present else "none"
        raise ValueError(f"{what} needs exactly one of {', '.join(kinds)} (found {shown})")
    return present[0]


def check_dice(text: str) -> str:
    """`text` if it is a dice amount; a `ValueError` quoting it otherwise."""
    m = DICE_RE.match(text.replace(" ", ""))
    if not m or int(m.group(3)) < 1 or (m.group(2) and int(m.group(2)) > 100):
        raise ValueError(f"{text!r} is neither a number nor dice like '1d6' or '-2d6+1'")
    return text


def parse_dice(text: str) -> tuple[int, int, int, int]:
    """A dice amount as (sign, count, sides, modifier): `-2d6+1` is (-1, 2, 6, 1)."""
    m = DICE_RE.match(check_dice(text).replace(" ", ""))
    assert m is not None
    sign = -1 if m.group(1) == "-" else 1
    count = int(m.group(2)) if m.group(2) else 1
    return sign, count, int(m.group(3)), int(m.group(4) or 0)


class Condition(_Model):
    """A test on the reader's state. Exactly one kind key: item, gold, provisions, flag, visited, stat
    (with at_least and/or at_most), power, special (with value), not, any, all.

    `pay = true` (with gold, provisions or item) spends what was tested when the choice is taken.
    """

    item: StrictStr | None = None
    gold: StrictInt | None = None
    provisions: StrictInt | None = None
    flag: StrictStr | None = None
    visited: SectionId | None = None
    stat: StrictStr | None = None
    at_least: StrictInt | None = None
    at_most: StrictInt | None = None
    power: StrictStr | None = None
    special: StrictStr | None = None
    value: PropertyValue | None = None
    not_: Condition | None = Field(default=None, alias="not")
    any: tuple[Condition, ...] | None = None
    all: tuple[Condition, ...] | None = None
    pay: StrictBool = False

    KINDS: ClassVar[tuple[str, ...]] = (
        "item",
        "gold",
        "provisions",
        "flag",
        "visited",
        "stat",
        "power",
        "special",
        "not_",
        "any",
        "all",
    )

    @model_validator(mode="after")
    def _shape(self) -> Condition:
        kind = _one_kind(self.__dict__, self.KINDS, "a condition")
        if (self.at_least is not None or self.at_most is not None) and kind != "stat":
            raise ValueError("at_least and at_most go with stat")
        if kind == "stat" and self.at_least is None and self.at_most is None:
            raise ValueError("a stat condition needs at_least or at_most")
        if self.pay and kind not in ("gold", "provisions", "item"):
            raise ValueError("pay goes with gold, provisions or item")
        if self.value is not None and kind != "special":
            raise ValueError("value goes with special")
        return self

    @cached_property
    def kind(self) -> str:
        """Which kind of condition this is ("not" for a negation); found once per condition."""
        kind = _one_kind(self.__dict__, self.KINDS, "a condition")
        return "not" if kind == "not_" else kind


class Effect(_Model):
    """A change to the reader's state. Exactly one kind key: stat or initial (with add or set), item or
    lose_item (with count), gold, provisions, flag, clear_flag, special (with value).

    `once = true`: only on the first visit of its section. `when`: applied only if that condition holds
    at the moment the effect comes up.
    """

    stat: StrictStr | None = None
    initial: StrictStr | None = None
    add: Amount | None = None
    set_to: StrictInt | None = Field(default=None, alias="set")
    item: StrictStr | None = None
    lose_item: StrictStr | None = None
    count: StrictInt = Field(default=1, ge=1)
    gold: Amount | None = None
    provisions: Amount | None = None
    flag: StrictStr | None = None
    clear_flag: StrictStr | None = None
    special: StrictStr | None = None
    value: PropertyValue | None = None
    once: StrictBool = False
    when: Condition | None = None

    KINDS: ClassVar[tuple[str, ...]] = (
        "stat",
        "initial",
        "item",
        "lose_item",
        "gold",
        "provisions",
        "flag",
        "clear_flag",
        "special",
    )

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        kind = _one_kind(self.__dict__, self.KINDS, "an effect")
        if kind in ("stat", "initial"):
            if (self.add is None) == (self.set_to is None):
                raise ValueError(f"a {kind} effect needs exactly one of add or set")
        elif self.add is not None or self.set_to is not None:
            raise ValueError("add and set go with stat or initial")
        if self.count != 1 and kind not in ("item", "lose_item"):
            raise ValueError("count goes with item or lose_item")
        if self.value is not None and kind != "special":
            raise ValueError("value goes with special")
        for amount in (self.add, self.gold, self.provisions):
            if isinstance(amount, str):
                check_dice(amount)
        return self

    @cached_property
    def kind(self) -> str:
        """Which kind of effect this is; found once per effect."""
        return _one_kind(self.__dict__, self.KINDS, "an effect")

    def dice(self) -> str | None:
        """The dice this effect rolls when applied (its amount as text), or None for a fixed amount."""
        for amount in (self.add, self.gold, self.provisions):
            if isinstance(amount, str):
                return amount
        return None

    def with_amount(self, total: int) -> Effect:
        """This effect with its dice replaced by the rolled total."""
        field = "add" if isinstance(self.add, str) else "gold" if isinstance(self.gold, str) else "provisions"
        return self.model_copy(update={field: total})


class Choice(_Model):
    """A way on: its text, its target, an optional condition and effects applied when it is taken."""

    text: StrictStr
    target: SectionId
    condition: Condition | None = None
    effects: tuple[Effect, ...] = ()

    @field_validator("text")
    @classmethod
    def _one_line(cls, value: str) -> str:
        value = value.strip()
        if not value or "\n" in value or "]]" in value or "[[" in value:
            raise ValueError("a choice text is one non-empty line without '[[' or ']]'")
        return value


class Branch(_Model):
    """One outcome of a test: where it leads (or none: read on in the section) and its effects."""

    target: SectionId | None = None
    effects: tuple[Effect, ...] = ()


class Range(Branch):
    """A branch taken when the total lies in [min, max]; an open end when one is left out."""

    min: StrictInt | None = None
    max: StrictInt | None = None

    @model_validator(mode="after")
    def _order(self) -> Range:
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    def holds(self, total: int) -> bool:
        """True when `total` lies in this range."""
        return (self.min is None or total >= self.min) and (self.max is None or total <= self.max)


class Adjust(_Model):
    """A conditional modifier of a test: `add` counts when `when` holds."""

    when: Condition
    add: StrictInt


class ChanceTest(_Model):
    """A chance test the system interprets by `kind` ("luck", "stat", "roll", "random", ...).

    Either named `branches` (the system's outcome labels, e.g. lucky/unlucky) or `ranges` of totals.
    """

    kind: StrictStr
    stat: StrictStr | None = None
    dice: StrictStr | None = None
    modifier: StrictInt = 0
    adjust: tuple[Adjust, ...] = ()
    branches: dict[StrictStr, Branch] = Field(default_factory=dict)
    ranges: tuple[Range, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> ChanceTest:
        if bool(self.branches) == bool(self.ranges):
            raise ValueError("a test needs either branches or ranges (not both)")
        return self

    def range_for(self, total: int) -> int:
        """The index of the range holding `total`; outside them all, the nearest end range."""
        for i, r in enumerate(self.ranges):
            if r.holds(total):
                return i
        lows = [(r.min if r.min is not None else -(10**9), i) for i, r in enumerate(self.ranges)]
        highs = [(r.max if r.max is not None else 10**9, i) for i, r in enumerate(self.ranges)]
        lowest = min(lows)
        if total < lowest[0]:
            return lowest[1]
        return max(highs)[1]

    def targets(self) -> list[tuple[str, str | None]]:
        """(field, target) of every branch, for the checker."""
        named = [(f"test.branches.{k}.target", b.target) for k, b in self.branches.items()]
        return named + [(f"test.ranges[{i}].target", r.target) for i, r in enumerate(self.ranges, 1)]


class Creature(BaseModel):
    """An enemy: its name and its stats in the system's names, written flat (`SKILL = 7`)."""

    model_config = ConfigDict(frozen=True, extra="allow")

    name: StrictStr

    @model_validator(mode="after")
    def _stats_are_numbers(self) -> Creature:
        for key, value in (self.model_extra or {}).items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"stat {key} of {self.name} must be a whole number, not {value!r}")
        return self

    @property
    def stats(self) -> dict[str, int]:
        """The creature's stats by name."""
        return dict(self.model_extra or {})


class Fight(_Model):
    """A fight the system runs: creatures, a mode, where winning or escaping leads, other outcome labels
    mapped to targets in `on`, system-interpreted `modifiers`, and the `worth` of its endings to the
    advice (see `ending_worths`)."""

    creatures: tuple[Creature, ...] = Field(min_length=1)
    mode: StrictStr = ""
    win: SectionId | None = None
    escape: SectionId | None = None
    on: dict[StrictStr, SectionId] = Field(default_factory=dict)
    modifiers: dict[StrictStr, PropertyValue] = Field(default_factory=dict)
    worth: dict[StrictStr, StrictInt] = Field(default_factory=dict)

    @field_validator("worth")
    @classmethod
    def _worths(cls, value: dict[str, int]) -> dict[str, int]:
        for label, worth in value.items():
            if label == "dead":
                raise ValueError("worth.dead: death is worth nothing; leave it out")
            if not 0 <= worth <= 100:
                raise ValueError(f"worth.{label} is {worth}: a worth is a percentage of a win, 0 to 100")
        return value

    def ending_worths(self, labels: Iterable[str]) -> dict[str, Fraction]:
        """The worth to the advice of each ending in `labels` but death, a win being worth 1: `worth`'s
        percentage when the book gives one, else 1 (every ending but death continues the adventure)."""
        return {label: Fraction(self.worth.get(label, 100), 100) for label in labels if label != "dead"}

    def targets(self) -> list[tuple[str, str | None]]:
        """(field, target) of every way out of the fight, for the checker."""
        out: list[tuple[str, str | None]] = [("fight.win", self.win), ("fight.escape", self.escape)]
        return out + [(f"fight.on.{k}", v) for k, v in self.on.items()]


class Section(_Model):
    """One section: text, then (in this order) effects on arrival, a fight, a test, and the choices."""

    title: StrictStr = ""
    text: StrictStr = ""
    effects: tuple[Effect, ...] = ()
    eat: StrictBool = False
    fight: Fight | None = None
    test: ChanceTest | None = None
    choices: tuple[Choice, ...] = ()
    ending: Ending | None = None

    @field_validator("text", "title")
    @classmethod
    def _strip(cls, value: str) -> str:
        value = value.replace("\r\n", "\n").strip()
        if "[[" in value or "]]" in value or "<!--" in value or "-->" in value:
            raise ValueError("text may not contain '[[', ']]', '<!--' or '-->'")
        return value

    def targets(self) -> list[tuple[str, str | None]]:
        """(field, target) of every reference this section makes to another one."""
        out: list[tuple[str, str | None]] = [
            (f"choices[{i}].target", c.target) for i, c in enumerate(self.choices, 1)
        ]
        if self.fight is not None:
            out += self.fight.targets()
        if self.test is not None:
            out += self.test.targets()
        return out


class BookInfo(_Model):
    """The `[book]` table: title, author, system id, start section, version, declared items (name ->
    properties the system reads), effects applied when the adventure starts, and system rules."""

    title: StrictStr
    author: StrictStr = ""
    blurb: StrictStr = ""
    """A few words a reader chooses the book by (the library of the new-game page)."""
    system: StrictStr
    start: SectionId
    version: StrictStr = "1"
    items: dict[StrictStr, dict[StrictStr, PropertyValue]] = Field(default_factory=dict)
    start_effects: tuple[Effect, ...] = ()
    rules: dict[StrictStr, PropertyValue] = Field(default_factory=dict)
    sheet: StrictBool = True
    """False for a story that uses none of its system's rules (a Twine story imported as it plays): no
    character is made, the sheet shows nothing and the reader has no actions of the system's own."""

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        value = value.strip()
        if not value or "\n" in value or "\r" in value:
            raise ValueError("a title is one non-empty line")
        return value


class Book(_Model):
    """A whole gamebook: the `[book]` table and its sections by id (in the file's order)."""

    book: BookInfo
    sections: dict[SectionId, Section] = Field(min_length=1)

    def section(self, section_id: str) -> Section:
        """A section by id; a `KeyError` naming it otherwise."""
        try:
            return self.sections[section_id]
        except KeyError:
            raise KeyError(f"no section {section_id!r} in {self.book.title!r}") from None

    def to_data(self) -> dict[str, Any]:
        """The book as plain data in the file's shape (defaults left out), ready to write as TOML."""
        data: dict[str, Any] = self.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        return data


def effect_data(effect: Effect) -> dict[str, Any]:
    """One effect as plain data in the file's shape."""
    data: dict[str, Any] = effect.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return data
