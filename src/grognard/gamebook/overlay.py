"""The rules overlay of an imported book: what a Project Aon book says only in prose, as data.

A Project Aon XML file marks up sections, choices, combats and dead ends, but a random-number branch,
a test for a Power or an item, or a change to ENDURANCE is only prose. The overlay (TOML, keyed by
section id) adds them: effects, a test, conditions and effects on choices by their index, fight
details, the ending, and the book's declared items. Its shape is documented in
docs/formats/projectaon-overlay.md; every table refuses unknown keys.

`merge_section` applies one section's overlay to what the XML gave (`Draft`); keys naming a section
or a choice that does not exist are collected by the caller and refused together.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from grognard.engine.errors import ContentError
from grognard.engine.files import read_text
from grognard.gamebook.book_data import problems_from_validation
from grognard.gamebook.model import (
    ChanceTest,
    Choice,
    Condition,
    Creature,
    Effect,
    Ending,
    Fight,
    PropertyValue,
    SectionId,
)
from grognard.i18n import gettext

MAX_OVERLAY_BYTES = 2_000_000
"""An overlay file larger than this is refused before it is parsed."""


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChoiceOverlay(_Strict):
    """Changes to one choice of the XML, found by its index in the section (counted from 1)."""

    text: StrictStr | None = None
    target: SectionId | None = None
    condition: Condition | None = None
    effects: tuple[Effect, ...] = ()
    drop: StrictBool = False


class FightOverlay(_Strict):
    """Fight details: creatures (replacing the XML's), mode, where winning or evading leads, outcome
    labels mapped to sections, and modifiers the system reads (e.g. `immune_to_staff = true`)."""

    creatures: tuple[Creature, ...] | None = None
    mode: StrictStr | None = None
    win: SectionId | None = None
    escape: SectionId | None = None
    on: dict[StrictStr, SectionId] = Field(default_factory=dict)
    modifiers: dict[StrictStr, PropertyValue] = Field(default_factory=dict)


class SectionOverlay(_Strict):
    """What one section's prose says: effects on arrival, a test, fight details, choice changes and
    choices added, the ending, a title, and whether the reader may eat here; or that the section is
    left out of the book (`drop`), or that no choice leads to it on purpose (`orphan`)."""

    drop: StrictBool = False
    orphan: StrictBool = False
    title: StrictStr | None = None
    effects: tuple[Effect, ...] = ()
    eat: StrictBool | None = None
    test: ChanceTest | None = None
    fight: FightOverlay | None = None
    ending: Ending | None = None
    choices: dict[StrictStr, ChoiceOverlay] = Field(default_factory=dict)
    add_choices: tuple[Choice, ...] = ()

    @model_validator(mode="after")
    def _drop_alone(self) -> SectionOverlay:
        if self.drop and self.model_fields_set - {"drop"}:
            raise ValueError("a dropped section is left out of the book: give it nothing else")
        return self


class BookOverlay(_Strict):
    """Changes to the `[book]` table: title, author, start section, version, declared items, effects
    applied when the adventure starts, and the system's book rules."""

    title: StrictStr | None = None
    author: StrictStr | None = None
    start: SectionId | None = None
    version: StrictStr | None = None
    items: dict[StrictStr, dict[StrictStr, PropertyValue]] = Field(default_factory=dict)
    start_effects: tuple[Effect, ...] = ()
    rules: dict[StrictStr, PropertyValue] = Field(default_factory=dict)


class Overlay(_Strict):
    """A whole overlay file: the `[book]` changes and the sections by id."""

    format: StrictInt = 1
    book: BookOverlay = Field(default_factory=BookOverlay)
    sections: dict[SectionId, SectionOverlay] = Field(default_factory=dict)


def parse_overlay(text: str, file: str = "<overlay>") -> Overlay:
    """An overlay from TOML text; a `ContentError` names the file, the place and every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(file, "", gettext("not valid TOML: {e}").format(e=e)) from None
    except RecursionError:
        raise ContentError(file, "", gettext("not valid TOML: nested too deeply")) from None
    try:
        overlay = Overlay.model_validate(data)
    except ValidationError as e:
        problems = problems_from_validation(e)
        if len(problems) == 1:
            p = problems[0]
            raise ContentError(file, p.where(), p.message) from None
        reason = f"{len(problems)} problems: " + "; ".join(p.render() for p in problems)
        raise ContentError(file, "", reason) from None
    if overlay.format != 1:
        raise ContentError(
            file,
            "format",
            gettext("overlay format {overlay_format} is not known (1 is)").format(
                overlay_format=overlay.format
            ),
        )
    return overlay


def load_overlay(path: Path) -> Overlay:
    """The overlay in the file at `path` (UTF-8 TOML)."""
    return parse_overlay(read_text(path, MAX_OVERLAY_BYTES, "overlay"), str(path))


@dataclass
class Draft:
    """One numbered section as the XML gives it, before the overlay: the mutable working copy."""

    id: str
    title: str = ""
    paragraphs: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    creatures: list[Creature] = field(default_factory=list)
    deadend: bool = False


@dataclass
class Merged:
    """A section's parts once the overlay is applied, ready to become a `Section`."""

    choices: tuple[Choice, ...]
    effects: tuple[Effect, ...] = ()
    eat: bool = False
    fight: Fight | None = None
    test: ChanceTest | None = None
    ending: Ending | None = None
    title: str = ""


def dropped(overlay: Overlay) -> set[str]:
    """The sections the overlay leaves out of the book."""
    return {sid for sid, section in overlay.sections.items() if section.drop}


def orphans(overlay: Overlay) -> set[str]:
    """The sections the overlay says no choice leads to, on purpose."""
    return {sid for sid, section in overlay.sections.items() if section.orphan}


def missing_keys(overlay: Overlay, drafts: dict[str, Draft]) -> list[str]:
    """Overlay keys naming a section or a choice the book does not have, as dotted paths."""
    missing: list[str] = []
    for sid, section in overlay.sections.items():
        draft = drafts.get(sid)
        if draft is None:
            missing.append(f"sections.{sid}")
            continue
        for index in section.choices:
            if not (index.isdigit() and 1 <= int(index) <= len(draft.choices)):
                missing.append(f"sections.{sid}.choices.{index}")
        if section.fight is not None and section.fight.creatures is None and not draft.creatures:
            missing.append(
                gettext("%(key)s (the section has no <combat>; give creatures)")
                % {"key": f"sections.{sid}.fight"}
            )
    return missing


def _choices(draft: Draft, spec: SectionOverlay | None) -> list[Choice]:
    out = _changed_choices(draft, spec)
    return out + list(spec.add_choices) if spec is not None else out


def _changed_choices(draft: Draft, spec: SectionOverlay | None) -> list[Choice]:
    out: list[Choice] = []
    for i, choice in enumerate(draft.choices, 1):
        change = spec.choices.get(str(i)) if spec is not None else None
        if change is None:
            out.append(choice)
            continue
        if change.drop:
            continue
        update: dict[str, object] = {"effects": choice.effects + change.effects}
        for name in ("text", "target", "condition"):
            value = getattr(change, name)
            if value is not None:
                update[name] = value
        out.append(Choice.model_validate({**choice.model_dump(by_alias=True), **update}))
    return out


def _fight(draft: Draft, spec: FightOverlay | None) -> Fight | None:
    creatures = tuple(draft.creatures)
    if spec is not None and spec.creatures is not None:
        creatures = spec.creatures
    if not creatures:
        return None
    if spec is None:
        return Fight(creatures=creatures)
    return Fight(
        creatures=creatures,
        mode=spec.mode or "",
        win=spec.win,
        escape=spec.escape,
        on=spec.on,
        modifiers=spec.modifiers,
    )


def merge_section(draft: Draft, spec: SectionOverlay | None, warn: list[str]) -> Merged:
    """The section's overlay applied to its draft; notes for the reader of the import go to `warn`.

    Choices whose target is a way out of the section's test or fight are taken out (the rules take
    that path). A fight without a `win` whose section has exactly one onward choice (without a
    condition) wins to that choice's target. The ending: the overlay's, else death at a `<deadend>`,
    else "ended" (with a warning) when nothing leads on.
    """
    choices = _choices(draft, spec)
    fight = _fight(draft, spec.fight if spec is not None else None)
    test = spec.test if spec is not None else None
    outs = {t for _, t in fight.targets() if t is not None} if fight is not None else set()
    if test is not None:
        outs |= {t for _, t in test.targets() if t is not None}
    choices = [c for c in choices if c.target not in outs or c.condition is not None]
    if fight is not None and fight.win is None:
        if len(choices) == 1 and choices[0].condition is None and not choices[0].effects:
            fight = fight.model_copy(update={"win": choices[0].target})
            choices = []
        elif choices:
            warn.append(
                gettext(
                    "section %(section)s: a fight and %(count)s choices; the choices follow a won fight "
                    "(give fight.win in the overlay when one of them is the win)"
                )
                % {"section": draft.id, "count": len(choices)}
            )
    ending: Ending | None = spec.ending if spec is not None else None
    leads_on = bool(choices) or bool(outs) or (fight is not None and fight.win is not None)
    if ending is None and draft.deadend:
        if choices:
            warn.append(
                gettext("section %(section)s: a <deadend> with choices; the choices are kept")
                % {"section": draft.id}
            )
        else:
            ending = "death"
    if ending is None and not leads_on:
        ending = "ended"
        warn.append(
            gettext(
                "section %(section)s: no choice and no <deadend>; marked 'ended' "
                '(say ending = "victory" in the overlay if the adventure is won here)'
            )
            % {"section": draft.id}
        )
    return Merged(
        choices=tuple(choices),
        effects=spec.effects if spec is not None else (),
        eat=bool(spec.eat) if spec is not None else False,
        fight=fight,
        test=test,
        ending=ending,
        title=(spec.title if spec is not None and spec.title is not None else draft.title),
    )


def combine(under: Overlay, over: Overlay) -> Overlay:
    """`over` laid on `under`: the book's fields and each section's fields that `over` gives replace
    `under`'s (a section's choices one by one, by index, and its fight field by field, `on` and
    `modifiers` key by key); declared items are joined, `over`'s winning.
    A section `over` drops is dropped whatever `under` said of it."""
    book = under.book.model_dump(by_alias=True, exclude_unset=True)
    book.update(over.book.model_dump(by_alias=True, exclude_unset=True))
    book["items"] = {**under.book.items, **over.book.items}
    sections = dict(under.sections)
    for sid, spec in over.sections.items():
        below = sections.get(sid)
        if below is None or spec.drop:
            sections[sid] = spec
            continue
        data = below.model_dump(by_alias=True, exclude_unset=True)
        data.update(spec.model_dump(by_alias=True, exclude_unset=True))
        data["choices"] = {**below.choices, **spec.choices}
        if below.fight is not None and spec.fight is not None:
            fight = below.fight.model_dump(by_alias=True, exclude_unset=True)
            fight.update(spec.fight.model_dump(by_alias=True, exclude_unset=True))
            fight["on"] = {**below.fight.on, **spec.fight.on}
            fight["modifiers"] = {**below.fight.modifiers, **spec.fight.modifiers}
            data["fight"] = fight
        sections[sid] = SectionOverlay.model_validate(data)
    return Overlay.model_validate({"format": over.format, "book": book, "sections": sections})
