"""What is fixed for a quest in play: the `Setup` (quest, party, options) and the `Context` read from it once.

The context holds the quest loaded, the party made from its spec (`parse_party`, `hero_from_spec`), the
doors, traps and treasure, and each monster's numbers in play (`MonsterStats`); it is cached per setup,
and so is the layout for each set of door states and fallen rock.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

from grognard.engine.content import package_file
from grognard.engine.embedded import is_embedded
from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.board import Door, Layout, Square
from grognard.systems.heroquest.content.hero import Hero, create_hero, creation_needs
from grognard.systems.heroquest.content.mercenaries import hired_party
from grognard.systems.heroquest.content.monster_kit import MonsterStats, monster_stats
from grognard.systems.heroquest.content.party_level import raise_to_level, split_level
from grognard.systems.heroquest.content.quest import Quest, TrapPlacement, TreasurePlacement, load_quest

SHIPPED_QUESTS = ("1-the-smugglers-stair", "2-the-salt-crypt", "3-the-rimebound-hold", "the-goblin-cellar")
"""The quests that come with grognard, by id (files in `data/quests/`)."""

PARTY_SPECS = (
    *("barbarian", "warrior", "rogue", "wizard", "rogue-mage"),
    *("human-barbarian", "human-warrior", "human-rogue", "human-wizard", "human-rogue-mage"),
    *("elf-barbarian", "elf-warrior", "elf-rogue", "elf-wizard", "elf-rogue-mage"),
    *("dwarf-barbarian", "dwarf-warrior", "dwarf-rogue"),
)
"""Every class, then every race and class a hero may be (a dwarf takes no magic-using class, line 176),
as a party spec names them; offered on the new-game form (the test checks them against the catalog)."""


@dataclass(frozen=True)
class Setup:
    """Everything fixed for a quest: the quest (a shipped id or a path), the party, and the options.

    `heroes` is a party spec ("barbarian,dwarf-warrior,elf-wizard") or a JSON list of heroes (as the
    roster keeps them). `gm` is "auto" or "human"; `order` "roll" or "agree"; `interleave` puts the game
    master's turn into the rolled order; `rounds` ends the quest after that many rounds (0: never).
    `mercenaries` the hires ("swordsman,scout:Mira", `mercenaries`), added to the party after the heroes.
    `returning` is the memory of a retreat the party returns from (JSON, `returning.Memory`), or "".
    """

    quest: str = "1-the-smugglers-stair"
    heroes: str = "barbarian,dwarf-warrior,elf-wizard,human-rogue"
    gm: str = "auto"
    order: str = "roll"
    interleave: bool = False
    rounds: int = 0
    mercenaries: str = ""
    returning: str = ""


# Party specs: "class", "race-class" or "race-class:name".
_DEFAULT_RACE = {
    "barbarian": "human",
    "warrior": "human",
    "rogue": "human",
    "wizard": "human",
    "rogue-mage": "elf",
}
_EXTRA_PRIORITY = ("body", "attack", "defend", "mind", "magic", "movement")
_ELEMENTS = ("fire", "water", "earth", "air")
_START_SKILL = {
    "dwarf-warrior": "Disarm Traps",
    "human-rogue": "Disarm Traps",
    "elf-rogue": "Disarm Traps",
    "dwarf-barbarian": "Disarm Traps",
}


def hero_from_spec(spec: str, taken: Collection[str] = ()) -> Hero:
    """A hero from one party-spec entry ("barbarian", "dwarf-warrior", "elf-wizard:Mira", "barbarian@3").

    The extra points go to Body, then Attack, Defend, Mind (as far as the class and race allow); a wizard
    takes fire, water and earth, a rogue mage fire; a dwarf or a rogue spends its skill point on Disarm
    Traps. A level after `@` takes the hero up to it (`party_level.raise_to_level`); without one the
    hero is of level 1. A `UsageError` names a race or class that is not known.
    """
    text, named = spec_text.named(spec.strip())
    name = named or ""
    text, level = split_level(text)
    key = hq.key_of(text)
    race = next((r for r in hq.catalog().races if key.startswith(r + "-")), None)
    cls = key[len(race) + 1 :] if race else key
    cls_entry = hq.hero_class(cls)
    cls = cls_entry.key
    race = race or _DEFAULT_RACE.get(cls, "human")

    needs = creation_needs(race, cls)
    extra: list[Any] = []
    for stat in _EXTRA_PRIORITY:
        if stat in needs.extra_to and len(extra) < needs.extra_points:
            extra.append(stat)
    while len(extra) < needs.extra_points:
        extra.append(needs.extra_to[0])
    label = name.strip() or f"{hq.race(race).name} {cls_entry.name}"
    base, n = label, 2
    while label in taken:
        label, n = f"{base} {n}", n + 1
    elements = _ELEMENTS[: needs.elements]
    skill = _START_SKILL.get(f"{race}-{cls}")
    mind_first = ["mind", *[e for e in extra if e != "mind"]][: needs.extra_points]
    tries = [(extra, skill), (mind_first, skill), (extra, None), (mind_first, None)]
    for points, chosen in tries:
        try:
            made = create_hero(label, race, cls, points, elements=elements, skill=chosen)
        except UsageError:
            continue
        return raise_to_level(made, level)
    made = create_hero(label, race, cls, [needs.extra_to[-1]] * needs.extra_points, elements=elements)
    return raise_to_level(made, level)


def parse_party(text: str) -> tuple[Hero, ...]:
    """The heroes of a party spec or a JSON list of heroes; a `UsageError` for an empty or bad party."""
    text = text.strip()
    if text.startswith("["):
        try:
            heroes = tuple(Hero.model_validate(h) for h in json.loads(text))
        except (ValueError, TypeError) as exc:
            raise UsageError(_("the heroes are not a JSON list of heroes: {exc}").format(exc=exc)) from None
    else:
        made: list[Hero] = []
        for part in text.split(","):
            if part.strip():
                made.append(hero_from_spec(part, [h.name for h in made]))
        heroes = tuple(made)
    if not heroes:
        raise UsageError(_("a quest needs at least one hero"))
    if len({h.name for h in heroes}) != len(heroes):
        raise UsageError(_("two heroes of the party have the same name"))
    return heroes


def quest_source(ref: str) -> Any:
    """Where the quest `ref` is read from: a shipped quest's resource, the content a game carries
    (`engine.embedded`), or the path given."""
    if is_embedded(ref):
        return ref
    if ref in SHIPPED_QUESTS:
        return package_file("grognard.systems.heroquest", f"data/quests/{ref}.toml")
    path = Path(ref)
    if not path.is_file():
        raise UsageError(
            _("no quest {ref!r}: give a file or one of {value}").format(
                ref=ref, value=", ".join(SHIPPED_QUESTS)
            )
        )
    return path


@cache
def _quest(ref: str) -> Quest:
    return load_quest(quest_source(ref))


def _monster_stats(
    quest: Quest, mid: str, kind: str, level: int | None, weapon: str, armour: Sequence[str], name: str
) -> MonsterStats:
    """Monster `mid`'s numbers with the weapons, armour and skills its quest gives it (`monster_gear`;
    `weapon` and `armour` are read from the quest there)."""
    return monster_stats(quest, mid, kind, level, name)


@dataclass(frozen=True, eq=False)
class Context:
    """The fixed facts of a quest in play, read from a `Setup` once: quest, party, doors, traps, stats."""

    setup: Setup
    quest: Quest
    party: tuple[Hero, ...]
    door_ids: tuple[str, ...]
    doors: tuple[Door, ...]
    traps: tuple[TrapPlacement, ...]
    treasure: tuple[TreasurePlacement, ...]
    stats: dict[str, MonsterStats]

    @cached_property
    def trap_index(self) -> dict[str, int]:
        """Each trap's place in `traps` by id."""
        return {t.id: i for i, t in enumerate(self.traps)}

    @cached_property
    def stairs(self) -> frozenset[Square]:
        """The stairs' squares (none when the quest starts elsewhere)."""
        return self.quest.layout.stairs

    @cached_property
    def exits(self) -> dict[str, Square]:
        """Each exit door's id and the board square inside it."""
        found = {}
        for d in self.doors:
            if d.exit:
                a, b = d.at
                found[d.id] = a if self.quest.board.on_board(a) else b
        return found

    def monster(self, mid: str) -> MonsterStats:
        """A monster's numbers by id (wandering monsters are "wandering-N"; monsters a chaos spell summons,
        "summoned-N-KIND", are of their kind's lowest level, `chaos_area`)."""
        if mid not in self.stats:
            w = self.quest.file.wandering
            summoned = mid.startswith("summoned-")
            kind, level = (mid.split("-", 2)[2], None) if summoned else (w.monster, w.level)
            self.stats[mid] = _monster_stats(self.quest, mid, kind, level, "", (), "")
        return self.stats[mid]

    def layout(self, doors: tuple[str, ...], rubble: tuple[Square, ...]) -> Layout:
        """The layout with the doors in the given states and fallen rock on `rubble`."""
        return _layout(self, doors, rubble)


@lru_cache(maxsize=4096)
def _layout(ctx: Context, doors: tuple[str, ...], rubble: tuple[Square, ...]) -> Layout:
    base = ctx.quest.layout
    states = dict(zip(ctx.door_ids, doors, strict=True))
    board = replace(
        base.board, doors=tuple(d.model_copy(update={"state": states[d.id]}) for d in base.board.doors)
    )
    placed = tuple(d.model_copy(update={"state": states[d.id]}) for d in base.doors)
    return Layout(board, placed, base.furniture, base.stairs, base.blocked | frozenset(rubble))


@lru_cache(maxsize=64)
def context(setup: Setup) -> Context:
    """The context of a setup (cached): the quest loaded, the party made, the monsters' numbers."""
    quest = _quest(setup.quest)
    party = parse_party(setup.heroes)
    if setup.mercenaries:
        party = (*party, *hired_party(setup.mercenaries, party))
    doors = (*quest.board.doors, *quest.file.doors)
    stats = {
        m.id: _monster_stats(quest, m.id, m.monster, m.level, m.weapon, m.armour, m.name)
        for m in quest.file.monsters
    }
    return Context(
        setup,
        quest,
        party,
        tuple(d.id for d in doors),
        tuple(doors),
        tuple(quest.file.traps),
        tuple(quest.file.treasure),
        stats,
    )
