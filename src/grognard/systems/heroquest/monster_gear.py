"""Monsters' weapons, armour and skills as a quest gives them, and the dice they roll with them.

Line 613: beneath each monster the rulebook lists the weapons, armour and skills it may use; the game
master adds them at any level (line 351). A quest says what each placed monster has (`monsters`), or
what every monster of a kind has (`monster_kinds`, for whatever a placement leaves out), and what the
wandering monster has; `kit_of` reads that into a `Kit`, `kit_problems` checks it against the monster's
lists, and `monster_stats` turns it into the `MonsterStats` the game state reads.

A weapon that is also a hero's weapon follows its rules (lines 359-373: a bow shoots any hero in sight
and is two-handed, as is a battle axe); for the rest the catalogue's note on the piece says: "diagonal"
(the scythe strikes corner to corner), "two-handed" (no shield with it, line 383), "one piece" (a zombie
wears chain mail or a helmet, not both, line 663). A shield
gives two dice against a shot (line 383); plate mail takes 2 from the movement roll unless the monster's
entry says it does not slow it (line 381). A monster with two weapons and Dual-Wielding strikes twice, the
second time with the lesser weapon and half the dice rounded up (line 343); Claw Swipe's second attack
rolls base Attack (line 913).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pydantic import Field

from grognard.engine.content import ContentModel
from grognard.systems.heroquest import catalog as hq
from grognard.systems.heroquest.mercenary_foes import default_skills, default_weapon

if TYPE_CHECKING:
    from grognard.systems.heroquest.quest import Quest, QuestFile
    from grognard.systems.heroquest.quest_setup import MonsterStats
    from grognard.systems.heroquest.state import QuestState


class MonsterKind(ContentModel):
    """What every monster of a kind in the quest has, unless its placement says otherwise."""

    monster: str
    level: int | None = None
    weapon: str = ""
    off_hand: str = ""
    armour: list[str] = Field(default_factory=list)
    skills: list[str] | None = None


class Outfitted(Protocol):
    """A placement, a kind entry or the wandering monster: what a kit is read from."""

    @property
    def monster(self) -> str: ...

    @property
    def level(self) -> int | None: ...

    @property
    def weapon(self) -> str: ...

    @property
    def off_hand(self) -> str: ...

    @property
    def armour(self) -> list[str]: ...

    @property
    def skills(self) -> list[str] | None: ...


@dataclass(frozen=True)
class Kit:
    """A monster's level, weapon, second weapon, armour and skills (catalogue names)."""

    kind: str
    level: int
    weapon: str = ""
    off_hand: str = ""
    armour: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()


def kit_of(quest: QuestFile, placed: Outfitted) -> Kit:
    """The kit of a placement (or the wandering monster): its own fields, what it leaves out from the
    quest's `monster_kinds` entry for its kind; no gear and no skills when neither says (an enemy
    mercenary's own arms and skill then, `mercenary_foes`)."""
    kind = next((k for k in quest.monster_kinds if hq.key_of(k.monster) == hq.key_of(placed.monster)), None)
    entry = hq.monster(placed.monster)
    level = placed.level if placed.level is not None else kind.level if kind is not None else None
    skills = placed.skills if placed.skills is not None else kind.skills if kind is not None else None
    if skills is None:  # an enemy mercenary's own skill (line 969), none for a monster
        skills = list(default_skills(entry.name))
    return Kit(
        entry.name,
        level if level is not None else entry.level_range[0],
        placed.weapon or (kind.weapon if kind is not None else "") or default_weapon(entry.name),
        placed.off_hand or (kind.off_hand if kind is not None else ""),
        tuple(placed.armour or (kind.armour if kind is not None else ())),
        tuple(skills or ()),
    )


# ---------------------------------------------------------------------------------------------------
# The gear's rules


def _gear(entry: hq.Monster, name: str) -> hq.Gear | None:
    return next((g for g in (*entry.weapons, *entry.armour) if hq.key_of(g.name) == hq.key_of(name)), None)


def _noted(entry: hq.Monster, name: str, word: str) -> bool:
    """True when the piece `name` has the rule `word`: a hero weapon's own (lines 359-373), else its note."""
    gear = _gear(entry, name) if name else None
    if gear is None:
        return False
    hero = hq.catalog().weapons.get(hq.key_of(name))
    if hero is not None and word in ("diagonal", "ranged", "two-handed"):
        return bool(getattr(hero, word.replace("-", "_")))
    return word in gear.note


def armour_slot(name: str) -> str:
    """Where a monster wears a piece: "shield", "head" (a helmet or helm) or "body"."""
    key = hq.key_of(name)
    return "shield" if key == "shield" else "head" if "helm" in key else "body"


def kit_problems(kit: Kit) -> list[tuple[str, str]]:
    """Every (field, reason) that makes a kit wrong for its monster's lists (line 613)."""
    entry = hq.monster(kit.kind)
    out: list[tuple[str, str]] = []
    weapons = {hq.key_of(g.name) for g in entry.weapons}
    for field, name in (("weapon", kit.weapon), ("off_hand", kit.off_hand)):
        if name and hq.key_of(name) not in weapons:
            listed = ", ".join(g.name for g in entry.weapons) or "none"
            out.append((field, f"a {entry.name} carries no {name!r} (its weapons: {listed})"))
    if kit.off_hand:
        if "Dual-Wielding" not in entry.skills:
            out.append(("off_hand", f"a {entry.name} does not wield two weapons (no Dual-Wielding)"))
        elif not kit.weapon:
            out.append(("off_hand", "a second weapon needs a first"))
        elif any(
            _noted(entry, w, "two-handed") or _noted(entry, w, "ranged") for w in (kit.weapon, kit.off_hand)
        ):
            out.append(("off_hand", "two weapons must both be one-handed melee weapons (line 343)"))
    armour = {hq.key_of(g.name) for g in entry.armour}
    slots: dict[str, str] = {}
    for name in kit.armour:
        if hq.key_of(name) not in armour:
            listed = ", ".join(g.name for g in entry.armour) or "none"
            out.append(("armour", f"a {entry.name} wears no {name!r} (its armour: {listed})"))
            continue
        slot = armour_slot(name)
        if slot in slots:
            out.append(("armour", f"{name!r} and {slots[slot]!r} are both worn as {slot}"))
        slots[slot] = name
    if len(kit.armour) > 1 and any(_noted(entry, a, "one piece") for a in kit.armour):
        out.append(("armour", f"a {entry.name} wears one piece of armour only"))
    if "shield" in slots and (kit.off_hand or _noted(entry, kit.weapon, "two-handed")):
        out.append(("armour", "a shield needs a one-handed weapon and no second weapon (line 383)"))
    listed_skills = {hq.key_of(s) for s in entry.skills}
    for name in kit.skills:
        if hq.key_of(name) not in listed_skills:
            out.append(
                ("skills", f"a {entry.name} has no skill {name!r} (its skills: {', '.join(entry.skills)})")
            )
    needs = {
        "sweep-attack": (
            _noted(entry, kit.weapon, "two-handed") and not _noted(entry, kit.weapon, "ranged"),
            "Sweep Attack needs a two-handed melee weapon (lines 335, 647)",
        ),
        "dual-wielding": (bool(kit.off_hand), "Dual-Wielding needs two weapons (line 343)"),
        "ranged-accuracy": (_noted(entry, kit.weapon, "ranged"), "Ranged Accuracy needs a bow (line 337)"),
        "shield-bash": ("shield" in slots, "Shield Bash needs a shield (line 341)"),
    }
    for name in kit.skills:
        ok, reason = needs.get(hq.key_of(name), (True, ""))
        if not ok:
            out.append(("skills", reason))
    return out


def monster_stats(quest: Quest, mid: str, kind: str, level: int | None, name: str) -> MonsterStats:
    """The numbers of monster `mid` in play: its placement's kit (or the wandering monster's), with the
    dice its weapons and armour add."""
    from grognard.systems.heroquest.quest_setup import MonsterStats

    placed = next((m for m in quest.file.monsters if m.id == mid), None)
    if placed is not None:
        kit = kit_of(quest.file, placed)
    elif mid.startswith("wandering-"):
        kit = kit_of(quest.file, quest.file.wandering)
    else:
        entry = hq.monster(kind)
        kit = Kit(entry.name, level if level is not None else entry.level_range[0])
    entry = hq.monster(kit.kind)
    line = entry.at(kit.level)

    def dice(gear_name: str) -> int:
        gear = _gear(entry, gear_name) if gear_name else None
        return gear.dice if gear is not None else 0

    ranged = _noted(entry, kit.weapon, "ranged")
    close = line.close_attack if line.close_attack is not None else line.attack
    attack = (line.attack if ranged else close) + dice(kit.weapon)  # the archer's first number shoots
    second = 0
    if kit.off_hand and "Dual-Wielding" in kit.skills:
        lesser = min(dice(kit.weapon), dice(kit.off_hand))
        second = (close + lesser + 1) // 2
    elif "Claw Swipe" in kit.skills:
        second = close
    plate = any(hq.key_of(a) == "plate-mail" for a in kit.armour)
    return MonsterStats(
        mid,
        name or entry.name,
        entry.name,
        attack,
        line.defend + sum(dice(a) for a in kit.armour),
        line.body,
        line.mind,
        line.magic,
        line.move_min,
        line.move_max,
        entry.undead,
        plate and entry.plate_mail_slows is not False,
        _noted(entry, kit.weapon, "diagonal"),
        kit.skills,
        min(line.attack, line.defend),
        base_attack=close,
        base_defend=line.defend,
        ranged=ranged,
        second=second,
        shield=any(armour_slot(a) == "shield" for a in kit.armour),
        plate_worn=plate,
        weapon=kit.weapon,
        off_hand=kit.off_hand,
        armour=kit.armour,
        level=kit.level,
    )


def has_skill(state: QuestState, j: int, name: str) -> bool:
    """True when monster `j` was given the skill `name`."""
    return name in state.stats_of(j).skills


def skilled(stats: MonsterStats, names: Sequence[str]) -> bool:
    """True when the monster has any of the skills."""
    return any(n in stats.skills for n in names)


# ---------------------------------------------------------------------------------------------------
# Dice and reach in play


def moved(state: QuestState, j: int) -> int:
    """The squares monster `j` has crossed this turn (kept for Rush, line 689)."""
    from grognard.systems.heroquest.effect_strings import total

    return total(state.monsters[j].effects, "rushed")


def second_attack(state: QuestState, j: int) -> bool:
    """True when monster `j`'s next attack this turn is its second (Dual-Wielding, Claw Swipe)."""
    return (
        state.in_gm_turn() and state.acting == j and state.turn.attacks >= 1 and state.stats_of(j).second > 0
    )


def attacks_allowed(state: QuestState, j: int) -> int:
    """How many attacks monster `j` makes a turn: two with Dual-Wielding and two weapons or Claw Swipe."""
    return 2 if state.stats_of(j).second > 0 else 1


def swarming(state: QuestState, j: int) -> bool:
    """Swarm (line 623): another monster of its kind in the same room."""
    m = state.monsters[j]
    stats = state.stats_of(j)
    board = state.layout.board
    room = board.room_of(m.at) if m.at is not None else None
    if "Swarm" not in stats.skills or room is None:
        return False
    return any(
        k != j
        and o.status in ("active", "lurking")
        and o.at is not None
        and state.stats_of(k).kind == stats.kind
        and board.room_of(o.at) == room
        for k, o in enumerate(state.monsters)
    )


def clear_shot(state: QuestState, j: int, i: int) -> bool:
    """True when monster `j` shoots at hero `i` with no figure in the way."""
    from grognard.systems.heroquest.geometry import can_target

    m, h = state.monsters[j].at, state.heroes[i].at
    return m is not None and h is not None and can_target(state.layout, m, h, state.figures)


def attack_dice(state: QuestState, j: int, hero: int, *, base: bool = False) -> int:
    """Monster `j`'s attack dice at hero `hero` before furniture and spells: its weapon's (or base Attack
    for a skill that says so, or the second attack's), its effects, +1 for Swarm (line 623), +1 for Rush
    after crossing more than two squares (line 689), -1 for a shot past a figure (Ranged Accuracy, line
    337)."""
    from grognard.systems.heroquest.effect_strings import total

    stats = state.stats_of(j)
    m = state.monsters[j]
    dice = stats.base_attack if base else stats.second if second_attack(state, j) else stats.attack
    dice += total(m.effects, "atk")
    if swarming(state, j):
        dice += 1
    if "Rush" in stats.skills and moved(state, j) > 2:
        dice += 1
    if stats.ranged and not base and hero >= 0 and not clear_shot(state, j, hero):
        dice -= 1
    return max(0, dice)


def defend_dice(state: QuestState, j: int, *, ranged: bool = False) -> int:
    """Monster `j`'s defend dice before effects and furniture: Defend with armour, two for a shield
    against a shot (line 383); base Defend while it carries off a hero (Kidnap, line 711)."""
    from grognard.systems.heroquest.monster_wounds import carrying

    stats = state.stats_of(j)
    if carrying(state, j) is not None:
        return stats.base_defend
    return stats.defend + (1 if ranged and stats.shield else 0)


def untouchable(state: QuestState, i: int) -> bool:
    """True when no monster may attack hero `i`: unseen (stealth, Disappear), stone (line 781), carried
    off by a fimir (line 711)."""
    from grognard.systems.heroquest.monster_wounds import kidnapped, stone
    from grognard.systems.heroquest.skill_moves import hidden

    return hidden(state, i) or stone(state, i) or kidnapped(state, i) is not None


def shot_targets(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` may shoot with its bow: any in sight (line 371), past a figure with Ranged
    Accuracy (line 337)."""
    from grognard.systems.heroquest.geometry import can_target

    m = state.monsters[j].at
    assert m is not None
    accurate = "Ranged Accuracy" in state.stats_of(j).skills
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not untouchable(state, i)
        and (clear_shot(state, j, i) or (accurate and can_target(state.layout, m, h.at)))
    ]


def shoots(state: QuestState, j: int) -> bool:
    """True when monster `j`'s attacks are shots (a bow, line 371)."""
    return state.stats_of(j).ranged


def quest_kit_problems(quest: QuestFile) -> list[tuple[str, str]]:
    """Every (place, reason) that makes a quest's monster kinds, monsters or wandering monster carry or
    use what their lists do not allow; entries with an unknown monster or level are left to the caller."""
    from grognard.engine.errors import GrognardError

    out: list[tuple[str, str]] = []
    entries: list[tuple[str, Outfitted]] = [
        (f"monster_kinds[{i}]", k) for i, k in enumerate(quest.monster_kinds)
    ]
    entries += [(f"monsters[{i}]", m) for i, m in enumerate(quest.monsters)]
    entries.append(("wandering", quest.wandering))
    for place, placed in entries:
        try:
            kit = kit_of(quest, placed)
            hq.monster(kit.kind).at(kit.level)
        except GrognardError as exc:
            if place.startswith("monster_kinds"):
                out.append((f"{place}.monster", str(exc)))
            continue
        out.extend((f"{place}.{field}", reason) for field, reason in kit_problems(kit))
    return out


def hero_shoots(state: QuestState, i: int) -> bool:
    """True when hero `i` attacks with a bow or crossbow in hand (a monster's shield gives two dice)."""
    from grognard.systems.heroquest.gear import weapon_of
    from grognard.systems.heroquest.monster_wounds import disarmed

    name = state.hero_of(i).equipped.weapon
    weapon = weapon_of(name) if name and not disarmed(state.heroes[i].effects) else None
    return weapon is not None and weapon.ranged
