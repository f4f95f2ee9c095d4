"""Heroes made at a level, and the party a quest is written for.

A party-spec entry may name a level after an `@`: "barbarian@3", "elf-wizard@2:Mira". The hero is made
at level 1 (`quest_setup.hero_from_spec`) and then taken up level by level as a hero who has earned it
would be (line 349): it is given the experience the rulebook's example scale asks for the next level
(`DEFAULT_THRESHOLDS`) and `level_up` puts the level's attribute point on Body, Attack, Defend, Mind,
Magic or Movement in turn (the first that the hero may raise), adds the skill point and teaches the
level's spells.

A quest file may say the party level it is written for (`level`, default 1) and the party (`party`, a
party spec); `quest_party` is the spec, each entry at that level, that `simulate` and `play` use when no
heroes are given.
"""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.catalog import Stat
from grognard.systems.heroquest.content.hero import (
    DEFAULT_THRESHOLDS,
    Hero,
    attribute_problem,
    gain_experience,
    level_up,
)
from grognard.systems.heroquest.content.quest import QuestFile

DEFAULT_PARTY = "barbarian,dwarf-warrior,elf-wizard,human-rogue"
"""The party of four when neither the heroes nor the quest name one."""

MAX_SPEC_LEVEL = 20
"""The highest level a party-spec entry may ask for."""

_LEVEL_ORDER: tuple[Stat, ...] = ("body", "attack", "defend", "mind", "magic", "movement")


def split_level(text: str) -> tuple[str, int]:
    """A spec entry's race and class and its level: "barbarian@3" is ("barbarian", 3); no `@` is 1."""
    base, level = spec_text.leveled(text)
    if level is None:
        return base, 1
    if not level.strip().isdigit() or not 1 <= int(level) <= MAX_SPEC_LEVEL:
        raise UsageError(
            _("the level in {text!r} is not a whole number from 1 to {MAX_SPEC_LEVEL}").format(
                text=text, MAX_SPEC_LEVEL=MAX_SPEC_LEVEL
            )
        )
    return base, int(level)


def raise_to_level(hero: Hero, level: int) -> Hero:
    """The hero taken up to `level`, one level at a time, as `level_up` takes a hero (line 349)."""
    n = 0
    while hero.level < level:
        hero = gain_experience(hero, max(0, DEFAULT_THRESHOLDS.needed(hero.level + 1) - hero.experience))
        stats = [s for s in _LEVEL_ORDER if attribute_problem(hero, s) is None]
        hero = level_up(hero, stats[n % len(stats)])
        n += 1
    return hero


def quest_party(quest: QuestFile) -> str:
    """The party spec a quest is written for: its `party` (or the party of four), each at its `level`."""
    entries = [e.strip() for e in (quest.party or DEFAULT_PARTY).split(",") if e.strip()]
    if quest.level <= 1:
        return ",".join(entries)
    out = []
    for entry in entries:
        spec, name = spec_text.named(entry)
        if "@" not in spec:
            spec = f"{spec}@{quest.level}"
        out.append(spec if name is None else f"{spec}:{name}")
    return ",".join(out)
