"""What the chaos spells leave on the figures, and the artifacts that answer them by themselves.

The lasting effects (strings, see `effects`): on a hero "sleep|" (and "deep|": one red die to wake),
"paralysed|" (Cloud of Chaos), "mindblast|", "fear|", "command@MONSTER|", "curse-werewolf|quest",
"rust:ITEM|quest"; on a monster "fear|", "sleep|" and "command|" (with Dominion's "thrallN|quest") when an
Ancient Staff turned the spell on it; on the caster of Ice Wall one "ice@X,Y+SKULLS|quest" a square.

The dice they change are read here and called from `effects`: asleep or paralysed, no defend dice; under
Mind Blast the hero defends with his base Attack (line 553); under Fear one attack die (line 551); a
rusted weapon or armour piece gives no dice (line 573). The Fire Ring stops two fire spells (line 459)
and the Sky Orb takes four lost Mind points (line 471) without being asked: `fire_ring`, `lose_mind`.
Ice squares (line 585) block movement and blows, not sight or spells: `ice_squares`, `melt`, `smash`.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import can_attack_close, furniture_penalty
from grognard.systems.heroquest.model.edits import drop_stealth, note, tossed, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import base_name, has, parse, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.artifacts_gear import spend_charge
from grognard.systems.heroquest.rules.gear import attack_dice, find_thing, weapon_of
from grognard.systems.heroquest.rules.ice import any_ice, ice_marks, ice_squares, ice_stands

HELPLESS = ("sleep", "paralysed", "mindblast")
"""Hero effects that take his whole turn: asleep (line 561), paralysed (line 581), Mind Blast (line 553)."""

BREAKABLE = ("sleep", "paralysed", "mindblast", "command", "fear")
"""Hero effects he breaks with a 6 on red dice, one per Mind point, in this order at his turn's start."""

ICE_BREAKS = 5
"""Skulls that break an ice square (line 585)."""

WOODEN = ("staff", "bow", "crossbow")
"""Weapons of wood, which Rust does not touch: those Twist Wood names (line 529)."""


def named(effects: tuple[str, ...], prefix: str) -> str | None:
    """The first effect whose name starts with `prefix`, or None."""
    return next((e for e in effects if parse(e)[0].startswith(prefix)), None)


def without(effects: tuple[str, ...], *names: str) -> tuple[str, ...]:
    """The effects less those whose name is one of `names` or starts with "NAME@"."""
    return tuple(e for e in effects if base_name(parse(e)[0]) not in names)


def hero_add(state: QuestState, i: int, *effects: str) -> QuestState:
    """Hero `i` with more effects."""
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=(*fig.effects, *effects)))


def hero_drop(state: QuestState, i: int, *names: str) -> QuestState:
    """Hero `i` without the effects `names`."""
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=without(fig.effects, *names)))


def monster_add(state: QuestState, j: int, *effects: str) -> QuestState:
    """Monster `j` with more effects."""
    m = state.monsters[j]
    return with_monster(state, j, replace(m, effects=(*m.effects, *effects)))


def monster_drop(state: QuestState, j: int, *names: str) -> QuestState:
    """Monster `j` without the effects `names` (a name ending in a digit, "thrall0", exactly)."""
    m = state.monsters[j]
    return with_monster(state, j, replace(m, effects=without(m.effects, *names)))


def helpless(effects: tuple[str, ...]) -> bool:
    """True while the hero can do nothing on his turn (asleep, paralysed, mind-blasted)."""
    return any(has(effects, n) for n in HELPLESS)


# ---------------------------------------------------------------------------------------------------
# Dice (called from `effects`)


def _rusted(effects: tuple[str, ...]) -> set[str]:
    return {parse(e)[0][5:] for e in effects if parse(e)[0].startswith("rust:")}


def hero_attack(state: QuestState, i: int, dice: int) -> int:
    """A hero's attack dice less a rusted weapon's (line 573), one die at most under Fear (line 551)."""
    fig = state.heroes[i]
    weapon = state.hero_of(i).equipped.weapon
    if weapon is not None and hq.key_of(weapon) in _rusted(fig.effects) and tossed(fig.effects) is None:
        plain = weapon_of(weapon)
        dice -= plain.attack_dice if plain is not None else 0
    if has(fig.effects, "fear"):
        dice = min(dice, 1)
    return max(0, dice)


def hero_defend(state: QuestState, i: int, dice: int) -> int:
    """A hero's defend dice: none asleep or paralysed (lines 561, 581), his base Attack under Mind Blast
    (line 553), less rusted armour's dice (line 573)."""
    fig = state.heroes[i]
    if has(fig.effects, "sleep") or has(fig.effects, "paralysed"):
        return 0
    hero = state.hero_of(i)
    if has(fig.effects, "mindblast"):
        return hero.base.attack
    rusted = _rusted(fig.effects)
    for name in (hero.equipped.head, hero.equipped.body, hero.equipped.off_hand):
        if name is not None and hq.key_of(name) in rusted:
            _, entry = find_thing(name)
            dice -= entry.defend_dice if isinstance(entry, hq.Armour) else 0
    return max(0, dice)


def monster_attack(state: QuestState, j: int, dice: int) -> int:
    """A monster under a Fear turned back on it rolls one attack die (line 551)."""
    return min(dice, 1) if has(state.monsters[j].effects, "fear") else dice


def plain_attack_dice(state: QuestState, i: int) -> int:
    """Hero `i`'s attack dice against no monster in particular (an ice square): base, weapon, effects,
    less furniture and pit, then Rust and Fear."""
    fig = state.heroes[i]
    assert fig.at is not None
    mods = (
        total(fig.effects, "atk")
        - furniture_penalty(state.layout, fig.at)
        - (1 if has(fig.effects, "pit") else 0)
    )
    return hero_attack(state, i, attack_dice(state.hero_of(i), mods))


# ---------------------------------------------------------------------------------------------------
# Rust (line 573)


def rustable(state: QuestState, i: int) -> list[str]:
    """The keys of hero `i`'s metal weapon and armour in use that Rust may ruin: not wooden (staff, bow,
    crossbow), not an artifact, not already rusted."""
    hero = state.hero_of(i)
    done = _rusted(state.heroes[i].effects)
    out = []
    eq = hero.equipped
    for name in (eq.weapon, eq.off_hand, eq.head, eq.body):
        if name is None:
            continue
        _, entry = find_thing(name)
        if (isinstance(entry, hq.Weapon) and entry.key not in WOODEN and entry.attack_dice > 0) or isinstance(
            entry, hq.Armour
        ):
            out.append(entry.key)
    return [k for k in dict.fromkeys(out) if k not in done]


# ---------------------------------------------------------------------------------------------------
# Artifacts that answer by themselves


def _charges(key: str) -> int:
    charges = hq.artifact(key).effect.charges
    assert charges is not None
    return charges


def carries(state: QuestState, i: int, key: str) -> bool:
    """True when hero `i` carries the item or artifact `key`."""
    return any(hq.key_of(n) == key for n in state.heroes[i].items)


def fire_ring(state: QuestState, i: int) -> QuestState | None:
    """A Fire Ring stops a fire spell on its wearer: one of its two uses (line 459); None without one."""
    if not carries(state, i, "fire-ring"):
        return None
    state = note(state, said("item.fire-ring-turns-flames", hero=i, hero_name=state.hero_of(i).name))
    return spend_charge(state, i, "fire-ring", _charges("fire-ring"))


def lose_mind(state: QuestState, i: int, points: int, cause: str, by: str = "") -> QuestState:
    """Hero `i` loses `points` Mind to `cause` ("spell" `by` its name, "battle-axe"); a Sky Orb takes each
    point while it has tokens (line 471). At 0 Mind he is comatose (line 92)."""
    name = state.hero_of(i).name
    while points > 0 and carries(state, i, "sky-orb"):
        state = note(state, said("mind.sky-orb-absorbs-lost", hero=i, hero_name=name))
        state = spend_charge(state, i, "sky-orb", _charges("sky-orb"))
        points -= 1
    if points <= 0:
        return state
    fig = state.heroes[i]
    mind = max(0, fig.mind - points)
    state = note(
        with_hero(state, i, replace(fig, mind=mind)),
        said("mind.costs-mind-left", hero=i, cause=cause, by=by, hero_name=name, points=points, mind=mind),
    )
    return note(state, said("mind.hero-comatose", hero=i, hero_name=name)) if mind == 0 else state


def cure(effects: tuple[str, ...]) -> tuple[str, ...]:
    """The effects less every curse (a Potion of Restoration, line 413; Wolfsbane, line 427)."""
    return tuple(e for e in effects if not parse(e)[0].startswith("curse-") and parse(e)[0] != "werewolf")


# ---------------------------------------------------------------------------------------------------
# Ice Wall's squares (line 585)


def monster_passage(state: QuestState, j: int) -> tuple[frozenset[Square], frozenset[Square]]:
    """The squares monster `j` may pass through and those it may not enter on its move: its allies and the
    heroes, but every figure under Skate (line 555); never an ice square (line 585)."""
    at = state.monsters[j].at
    allies, enemies = state.monster_squares - {at}, state.hero_squares
    if has(state.monsters[j].effects, "skate"):
        allies, enemies = (allies | enemies) - {at}, frozenset()
    return frozenset(allies), frozenset(enemies | ice_squares(state))


def melt(state: QuestState) -> QuestState:
    """Ice squares whose caster can no longer see them are gone for good."""
    if not any_ice(state):
        return state
    for who, s, _ in ice_marks(state):
        if not ice_stands(state, who, s):
            state = _unmark(state, who, s)
            state = note(state, said("ice.ice-melts-away", square=s))
    return state


def _unmark(state: QuestState, who: str, square: Square) -> QuestState:
    k = int(who[1:])
    tag = f"ice@{square[0]},{square[1]}"
    if who[0] == "h":
        h = state.heroes[k]
        return with_hero(state, k, replace(h, effects=tuple(e for e in h.effects if parse(e)[0] != tag)))
    m = state.monsters[k]
    return with_monster(state, k, replace(m, effects=tuple(e for e in m.effects if parse(e)[0] != tag)))


def smash_offers(state: QuestState, i: int) -> list[str]:
    """The `smash:X,Y` attacks hero `i` may make on an ice square he could strike hand to hand."""
    ice = ice_squares(state)
    at = state.heroes[i].at
    if not ice or at is None:
        return []
    name = state.hero_of(i).equipped.weapon
    weapon = weapon_of(name) if name else None
    diagonal = weapon is not None and weapon.diagonal
    return [
        f"smash:{s[0]},{s[1]}"
        for s in sorted(ice)
        if can_attack_close(state.layout, at, s, diagonal_weapon=diagonal, figures=state.figures)
    ]


def smash(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` attacks an ice square (one of his attacks): his attack dice, the skulls counted."""
    state = replace(state, turn=replace(state.turn, attacks=state.turn.attacks + 1))
    state = drop_stealth(state, i)
    dice = plain_attack_dice(state, i)
    return replace(state, pending=Pending("cice", who=i, dice=dice, ref=arg))


def ice_struck(state: QuestState, square: Square, skulls: int) -> QuestState:
    """`skulls` more against the ice square; at five in all it breaks."""
    for who, s, n in ice_marks(state):
        if s != square:
            continue
        state = _unmark(state, who, s)
        if n + skulls >= ICE_BREAKS:
            return note(state, said("ice.ice-shatters", square=s))
        add = hero_add if who[0] == "h" else monster_add
        state = add(state, int(who[1:]), f"ice@{s[0]},{s[1]}+{n + skulls}|quest")
        return note(state, said("ice.ice-cracks-skulls", square=s, skulls=n + skulls, breaks=ICE_BREAKS))
    return state
