"""The short text forms written outside actions and effects, read in one place: party and hire specs
("barbarian@3:Mira", "scout:Mira"), quest goals ("rescue:prisoner@B") and carried things' names
("Spell Scroll: fire/Courage"). Actions are `action_text`'s, effects and state marks `effect_strings`'."""

from __future__ import annotations


def thing_head(name: str) -> str:
    """A carried thing's name before its colon: "Spell Scroll" for "Spell Scroll: fire/Courage"."""
    return name.partition(":")[0]


def thing_detail(name: str) -> str:
    """What a carried thing's name says after its colon ("" for none): " fire/Courage" for a scroll."""
    return name.partition(":")[2]


def named(entry: str) -> tuple[str, str | None]:
    """A spec entry and the name after its colon: ("barbarian@3", "Mira"); None when it has no colon."""
    spec, colon, name = entry.partition(":")
    return spec, name if colon else None


def leveled(text: str) -> tuple[str, str | None]:
    """A race and class and the level after its "@": ("barbarian", "3"); None when it has no "@"."""
    base, at, level = text.partition("@")
    return base, level if at else None


def goal(spec: str) -> tuple[str, str]:
    """A goal's kind and its argument: ("rescue", "prisoner@B") for "rescue:prisoner@B"."""
    kind, _, arg = spec.partition(":")
    return kind, arg


def placed(arg: str) -> tuple[str, str | None]:
    """What a goal names and where, after "@": ("prisoner", "B"); None when it says no place."""
    what, at, where = arg.partition("@")
    return what, where if at else None


def several(arg: str) -> list[str]:
    """The targets of a goal spec joined by "+": ["ogre-1", "ogre-2"] for "ogre-1+ogre-2"."""
    return [part.strip() for part in arg.split("+")]
