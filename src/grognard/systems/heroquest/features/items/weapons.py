"""Two weapons' own rules: the Battle Axe's concussion (line 369) and the thrown dagger (line 359).

Battle Axe: "If all skulls are rolled, the opponent suffers a concussion and loses one mind point." An
attack made with a battle axe in hand (a hero's, or a monster's its quest gives one) carries "axe" in its
chance node's `ref`; the node's outcomes are then labels "D" (damage D) and "D+concussion" (damage D,
every attack die a skull), found exactly from the same distributions as any attack (`axe_outcomes`),
so the odds of the concussion are part of the attack's. `concussed` takes the Mind point first (a hero
through `chaos_effects.lose_mind`, a Sky Orb included; a monster as "mind-1|quest", which
`QuestState.stats_of` counts) and hands the damage on as a number.

Dagger: thrown (`throw:MONSTER`, one of the turn's attacks) at an enemy in sight, as a shot (line 371):
the thrower's attack dice, the target's defend dice against a shot (a shield two, line 383). It lands on
the target's square whatever the dice say and stays there (`QuestState.daggers`, "x,y@h0" for hero 0's,
"x,y@m3" for monster 3's); the thrower holds one dagger fewer. Standing on that square, its thrower may
roll a white die to pick it up, free, once a turn (`recover:X,Y`): anything but a black shield. A
Magical Throwing Dagger comes back by itself (line 461). A monster carrying a dagger throws it at a hero
in sight (`throw:hN`) and does not go back for it. See docs/rulings/heroquest.md.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice
from grognard.engine.game import Move, Outcome
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.combat_dice import Defender, roll_attack, shields
from grognard.systems.heroquest.content.geometry import can_target
from grognard.systems.heroquest.content.hero import Hero, spell_id
from grognard.systems.heroquest.features.items.items import attack_hits, least_hits, without_least
from grognard.systems.heroquest.model.action_text import aimed_hero, sq
from grognard.systems.heroquest.model.edits import note, tossed, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import dagger, has, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    ENCOUNTER_ENDS,
    MODIFIERS,
    Chance,
    Modifier,
    StateHook,
)
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos_effects import lose_mind
from grognard.systems.heroquest.rules.effects import hero_defend_dice, monster_defend_dice
from grognard.systems.heroquest.rules.gear import weapon_of
from grognard.systems.heroquest.rules.ice import ice_squares
from grognard.systems.heroquest.rules.monster_gear import untouchable
from grognard.systems.heroquest.rules.monster_wounds import disarmed
from grognard.systems.heroquest.rules.wounds import begin_attack

AXE = "axe"
"""The token an attack's `ref` carries when it is made with a battle axe."""

CONCUSSION = "+concussion"
"""The suffix of an axe attack's outcome when every attack die is a skull."""

RECOVER = Fraction(5, 6)
"""The chance a white die is anything but a black shield (line 359)."""


# ---------------------------------------------------------------------------------------------------
# The Battle Axe (line 369)


def _key(name: str | None) -> str:
    return hq.key_of(name) if name else ""


def hero_axe(state: QuestState, i: int) -> bool:
    """True when hero `i` strikes with a battle axe now (held, not knocked away nor thrown)."""
    fig = state.heroes[i]
    if disarmed(fig.effects) or tossed(fig.effects) is not None:
        return False
    return _key(state.hero_of(i).equipped.weapon) == "battle-axe"


def monster_axe(state: QuestState, j: int) -> bool:
    """True when monster `j`'s quest gives it a battle axe (its weapon; it never loses it)."""
    return _key(state.stats_of(j).weapon) == "battle-axe"


def with_axe(ref: str, axe: bool) -> str:
    """An attack's `ref` with the axe token added when `axe`."""
    if not axe:
        return ref
    return ",".join(x for x in (ref, AXE) if x)


def axe_only(ref: str) -> str:
    """The axe token of a `ref` alone (a sweep's next blow: the potions were spent on the first)."""
    return AXE if is_axe_ref(ref) else ""


def is_axe_ref(ref: str) -> bool:
    """True when an attack's `ref` says it is made with a battle axe."""
    return AXE in ref.split(",")


def _label(damage: int, all_skulls: bool) -> str:
    return f"{damage}{CONCUSSION}" if all_skulls else str(damage)


def axe_outcomes(dice: int, defend: int, defender: Defender, ref: str) -> list[tuple[Outcome, Fraction]]:
    """The exact outcomes of an axe attack: the damage, and whether every attack die was a skull.

    With a Potion of Battle the better of two rolls counts (line 393): it is all skulls when either is;
    with Icy Strength the skulls count double (line 405), every die a skull all the same."""
    doubled = 2 if "icy" in ref.split(",") else 1
    least = least_hits(ref) * doubled  # Berserker's guaranteed hits (line 199); the dice stay as they fell
    out: dict[str, Fraction] = {}
    for raw, ph in attack_hits(dice, without_least(ref)).items():
        whole = dice > 0 and raw == dice * doubled
        hits = max(raw, least)
        for blocks, pb in shields(defend, defender).items():
            label = _label(max(0, hits - blocks), whole)
            out[label] = out.get(label, Fraction(0)) + ph * pb
    return [(k, q) for k, q in sorted(out.items(), key=lambda kv: (_damage(kv[0]), kv[0])) if q]


def axe_throw(rng: Rng, p: Pending, defender: Defender) -> tuple[Outcome, tuple[Roll, ...]]:
    """The real dice of an axe attack, every face kept, named by `axe_outcomes`' labels."""
    first = roll_attack(rng, p.dice, p.need, defender)
    rolls = [first.attack_roll]
    hits = first.hits
    refs = p.ref.split(",")
    if "battle" in refs:
        second = roll_attack(rng, p.dice, 0, defender)
        hits = max(hits, second.hits)
        rolls.append(second.attack_roll)
    whole = p.dice > 0 and hits == p.dice

    hits = max(hits, least_hits(p.ref))  # Berserker's guaranteed hits (line 199)
    if "icy" in refs:
        hits *= 2
    return _label(max(0, hits - first.blocked), whole), (*rolls, first.defend_roll)


def _damage(label: str) -> int:
    return int(label.removesuffix(CONCUSSION))


def concussed(state: QuestState, p: Pending, move: Move) -> tuple[QuestState, Move]:
    """An axe attack's outcome: the Mind point taken when every die was a skull (whatever the defend roll,
    before the damage), and the damage as a number for the usual attack's result."""
    if p.kind != "attack" or not is_axe_ref(p.ref) or not isinstance(move, str):
        return state, move
    if move.endswith(CONCUSSION):
        state = concuss(state, p)
    return state, _damage(move)


def concuss(state: QuestState, p: Pending) -> QuestState:
    """The target of attack `p` suffers a concussion: one Mind point lost (line 369)."""

    if p.side == "monster":
        return concuss_hero(state, p.target)
    j = p.target
    m = state.monsters[j]
    stats = state.stats_of(j)
    if m.status != "active":
        return state
    if stats.mind <= 0:
        return note(state, said("mind.concussed-no-mind", monster=j, monster_name=stats.name))
    state = with_monster(state, j, replace(m, effects=(*m.effects, "mind-1|quest")))
    left = stats.mind - 1
    state = note(state, said("mind.concussed", monster=j, monster_name=stats.name, left=left))
    return note(state, said("mind.comatose", monster=j, monster_name=stats.name)) if left == 0 else state


def concuss_hero(state: QuestState, i: int) -> QuestState:
    """Hero `i` suffers a battle axe's concussion: one Mind point lost (line 369)."""
    fig = state.heroes[i]
    name = state.hero_of(i).name
    if fig.status != "active" or "stone|quest" in fig.effects:
        return state
    if fig.mind <= 0:
        return note(state, said("mind.struck-senseless-again-no", hero=i, hero_name=name))
    state = note(state, said("mind.hero-concussed", hero=i, hero_name=name))
    return lose_mind(state, i, 1, "battle-axe")


def monster_comatose(state: QuestState, j: int) -> bool:
    """True when monster `j` has lost all its Mind (line 92: it rolls no defend dice); the mindless undead,
    who never had any, are not comatose."""
    m = state.monsters[j]
    return total(m.effects, "mind") < 0 and state.stats_of(j).mind == 0


def wake_monsters(state: QuestState) -> QuestState:
    """The encounter is over: a comatose monster regains one Mind point (line 92, as a hero does)."""
    for j, m in enumerate(state.monsters):
        if m.status in ("active", "lurking") and monster_comatose(state, j):
            state = with_monster(state, j, replace(m, effects=(*m.effects, "mind+1|quest")))
    return state


# ---------------------------------------------------------------------------------------------------
# Daggers (line 359): where they lie


def lying(state: QuestState) -> list[tuple[Square, str]]:
    """Every dagger on the floor: its square and its thrower ("h0", "m3")."""
    out = []
    for entry in state.daggers:
        where, who = dagger(entry)
        out.append((sq(where), who))
    return out


def _drop(state: QuestState, square: Square, who: str) -> QuestState:
    entry = f"{square[0]},{square[1]}@{who}"
    return replace(state, daggers=tuple(sorted((*state.daggers, entry))))


def _pick(state: QuestState, square: Square, who: str) -> QuestState:
    daggers = list(state.daggers)
    daggers.remove(f"{square[0]},{square[1]}@{who}")
    return replace(state, daggers=tuple(daggers))


def _thrown_by(state: QuestState, who: str) -> int:
    return sum(1 for _, w in lying(state) if w == who)


def hero_daggers(state: QuestState, i: int) -> int:
    """How many daggers hero `i` still has: those he carries less those lying where he threw them."""
    hero = state.hero_of(i)
    carried = sum(1 for n in hero.weapons if _key(n) == "dagger")
    return carried - _thrown_by(state, f"h{i}")


def _held_throwable(state: QuestState, i: int) -> str:
    """The key of the throwing weapon hero `i` holds ("dagger", "magical-throwing-dagger") or ""."""
    fig = state.heroes[i]
    name = state.hero_of(i).equipped.weapon
    if not name or disarmed(fig.effects) or tossed(fig.effects) is not None:
        return ""
    weapon = weapon_of(name)
    if weapon is None or not weapon.thrown:
        return ""
    key = _key(name)
    if key == "dagger" and hero_daggers(state, i) < 1:
        return ""
    return key


def hero_throws(state: QuestState, i: int) -> list[str]:
    """The `throw:MONSTER` actions hero `i` has: a dagger in hand and a monster in sight (line 359), while
    he may still attack (checked by the caller)."""
    at = state.heroes[i].at
    if at is None or not _held_throwable(state, i):
        return []
    figures = state.figures | ice_squares(state)
    return [
        f"throw:{m.id}"
        for m in state.monsters
        if m.status == "active" and m.at is not None and can_target(state.layout, at, m.at, figures)
    ]


def hero_throw(state: QuestState, i: int, mid: str) -> QuestState:
    """Hero `i` throws his dagger at monster `mid`: an attack with his dice against its defend dice
    against a shot; the dagger lands on its square (a Magical Throwing Dagger comes back, line 461)."""
    j = next(k for k, m in enumerate(state.monsters) if m.id == mid)
    at = state.monsters[j].at
    assert at is not None
    magical = _held_throwable(state, i) != "dagger"
    state = begin_attack(state, "hero", i, j)
    p = state.pending
    assert p is not None
    state = replace(state, pending=replace(p, need=monster_defend_dice(state, j, ranged=True), then="thrown"))
    name = state.hero_of(i).name
    if magical:
        return note(
            state,
            said(
                "item.throws-magical-throwing-dagger",
                hero=i,
                monster=j,
                hero_name=name,
                monster_name=state.stats_of(j).name,
            ),
        )
    state = note(
        state,
        said(
            "item.throws-dagger-lands",
            hero=i,
            monster=j,
            hero_name=name,
            monster_name=state.stats_of(j).name,
            square=at,
        ),
    )
    return _drop(state, at, f"h{i}")


def recover_offers(state: QuestState, i: int) -> list[str]:
    """`recover:X,Y` when hero `i` stands where a dagger he threw lies and has not tried this turn."""
    fig = state.heroes[i]
    if fig.at is None or has(fig.effects, "dagger-tried"):
        return []
    here = fig.at
    mine = [s for s, who in lying(state) if who == f"h{i}" and s == here]
    return [f"recover:{here[0]},{here[1]}"] if mine else []


def begin_recover(state: QuestState, i: int, arg: str) -> QuestState:
    """The white die to pick the dagger up (free, once a turn)."""
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=(*fig.effects, "dagger-tried|one-turn")))
    return replace(state, pending=Pending("dagger", who=i, ref=arg))


def recover_outcomes(p: Pending) -> list[tuple[Outcome, Fraction]]:
    """Anything but a black shield picks it up (line 359)."""
    return [("recovered", RECOVER), ("lost", 1 - RECOVER)]


def recover_throw(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """The white die thrown."""
    die = heroquest_combat_dice(rng, 1)
    return ("lost" if die.dice[0].face == "black shield" else "recovered"), (die,)


def recover_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """Picked up (it is his again), or it stays where it lies."""
    x, y = (int(v) for v in p.ref.split(","))
    name = state.hero_of(p.who).name
    if move == "recovered":
        return note(
            _pick(state, (x, y), f"h{p.who}"), said("item.picks-dagger-up-again", hero=p.who, hero_name=name)
        )
    return note(state, said("item.fumbles-dagger-stays-where", hero=p.who, hero_name=name))


# ---------------------------------------------------------------------------------------------------
# Monsters' daggers


def monster_throws(state: QuestState, j: int) -> list[str]:
    """`throw:hN` for monster `j` whose quest gives it a dagger it still holds: any hero in sight it may
    strike (not one unseen, stone or carried off)."""
    m = state.monsters[j]
    if m.at is None or _key(state.stats_of(j).weapon) != "dagger" or _thrown_by(state, f"m{j}"):
        return []
    return [
        f"throw:h{i}"
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not untouchable(state, i)
        and can_target(state.layout, m.at, h.at, state.figures)
    ]


def monster_throw(state: QuestState, j: int, arg: str) -> QuestState:
    """Monster `j` throws its dagger at hero N: its attack dice against his defend dice against a shot."""
    i = int(arg[1:])
    at = state.heroes[i].at
    assert at is not None
    state = begin_attack(state, "monster", j, i)
    p = state.pending
    assert p is not None
    state = replace(state, pending=replace(p, need=hero_defend_dice(state, p.target, ranged=True)))
    target = state.heroes[p.target].at or at
    state = note(
        state,
        said(
            "item.throws-dagger",
            hero=p.target,
            monster=j,
            monster_name=state.stats_of(j).name,
            hero_name=state.hero_of(p.target).name,
        ),
    )
    return _drop(state, target, f"m{j}")


def gm_throw(state: QuestState, actions: list[str]) -> str | None:
    """The automatic game master's throw when nothing is in reach: at the weakest hero it may hit."""
    throws = [a for a in actions if a.startswith("throw:h")]
    if not throws:
        return None
    return min(throws, key=lambda a: (state.heroes[aimed_hero(a)].body, aimed_hero(a)))


def dagger_marks(state: QuestState) -> dict[Square, str]:
    """The map's marks for daggers lying on seen squares: `/`."""
    seen = set(state.seen)
    board = state.layout.board
    return {s: "/" for s, _ in lying(state) if board.area_at.get(s) in seen}


# ---------------------------------------------------------------------------------------------------
# Home from the quest


def taken_home(state: QuestState, i: int, hero: Hero) -> Hero:
    """Hero `i` as he goes home: the chaos spells he learned by Mimic join his pool for good (line 286),
    and the daggers he left lying in the dungeon are lost (as what is left there, line 116)."""
    fig = state.heroes[i]
    learned = [
        spell_id(hq.spell(e[14:].partition("|")[0], "chaos"))
        for e in fig.effects
        if e.startswith("learned:chaos/")
    ]
    weapons = list(hero.weapons)
    for _ in range(_thrown_by(state, f"h{i}")):
        lost = next((n for n in weapons if _key(n) == "dagger"), None)
        if lost is not None:
            weapons.remove(lost)
    held = hero.equipped
    if _key(held.weapon) == "dagger" and not any(_key(n) == "dagger" for n in weapons):
        held = held.model_copy(update={"weapon": None})
    return hero.model_copy(
        update={
            "spells": tuple(dict.fromkeys((*hero.spells, *learned))),
            "weapons": tuple(weapons),
            "equipped": held,
        }
    )


def own_daggers(state: QuestState, i: int) -> set[Square]:
    """The squares where daggers hero `i` threw lie (free of figures), for him to walk to."""
    return {s for s, who in lying(state) if who == f"h{i}" and s not in state.figures}


CHANCES.add(
    "dagger",
    Chance(
        lambda state, p: recover_outcomes(p),
        lambda state, p, move: recover_result(state, p, str(move)),
        lambda state, p, rng: recover_throw(rng),
    ),
)
MODIFIERS.add(
    "concussion",  # an axe's concussion first, then the damage (line 369)
    Modifier(10, before=lambda state, p, move: (*concussed(state, p, move), False)),
)


ENCOUNTER_ENDS.add("wake-monsters", StateHook(10, wake_monsters))  # a concussed monster too (line 369)
