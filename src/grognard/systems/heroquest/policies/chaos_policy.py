"""The automatic game master's chaos spells: a deterministic policy (the bot heroes' answers to them are
`bots.bot_choice`).

Casting (`gm_choice`, asked first by `gm.choose`): a monster with Magic left weighs each spell it may cast
now in Body points, the unit of an attack (`spell_value`), against its best attack (`attack_value`: the
expected damage of the attack it has now, or, before it has rolled to move, half the expected damage on a
hero it could reach this turn). It casts the spell worth most when that is worth more than the attack;
on a tie it attacks. Worth, in short: a damage spell its expected damage to heroes less that to monsters;
a spell that costs a hero turns, what he is worth a turn (`threat`: his best expected damage on a monster
he sees, one more for a magic-user with Magic left; half a point more when he cannot defend) times the
turns he may be expected to lose (a 6 on one red die a Mind point breaks it; at most three); a curse 2;
Rust 1.5 a die ruined; Mind Freeze half the Mind lost and 3 for a comatose hero; healing the Body
restored; Reanimation and the summonings the monsters they bring; Escape (10) and Skate (5) only for a
caster at a third of its Body or less with a hero beside it; Ice Wall only round a caster at half its
Body or less that a hero sees from afar, a square beside it at a time.

Answers: to a hero's spell cast at a monster, Mirror Magic when it can, else Dispell when it cancels at
least one time in four; a hero under Command or turned werewolf strikes the weakest hero he can, else
walks towards the nearest; a skating caster runs to the square farthest from the heroes, out of their
sight if it can. The bot heroes (`bots.bot_choice`) always answer a spell: Strength of Will, then the
Ancient Staff, then the Potion of Magic Resistance (not against a Chill).
"""

from __future__ import annotations

from fractions import Fraction

from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.combat_dice import damage, mean
from grognard.systems.heroquest.content.geometry import distances
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.driver.chaos_turns import puppet
from grognard.systems.heroquest.driver.reach import hero_reach
from grognard.systems.heroquest.features.chaos.chaos_area import SUMMONS, fallen_undead, ice_candidates
from grognard.systems.heroquest.features.chaos.chaos_flight import dispel_chance
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.model.action_text import aimed_hero, cast_of, keyed_of, square_of
from grognard.systems.heroquest.model.edits import active_squares
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.chaos import Flight, flight, handler, hero_refs, ref_of
from grognard.systems.heroquest.rules.chaos_effects import carries, rustable
from grognard.systems.heroquest.rules.effects import (
    hero_attack_dice,
    hero_defend_dice,
    monster_attack_dice,
    monster_defend_dice,
)
from grognard.systems.heroquest.rules.gear import find_thing
from grognard.systems.heroquest.rules.targets import monster_targets, seen_heroes

MAX_TURNS = 3.0
"""The most turns a spell that holds until broken is counted to cost a hero."""


def _exp(attack: int, defend: int, defender: str) -> float:
    return float(mean(damage(attack, defend, "hero" if defender == "hero" else "monster")))


def _break(mind: int) -> float:
    return 1 - (5 / 6) ** mind if mind > 0 else 0.0


def _held(chance: float, at_once: bool) -> float:
    """Expected turns a hero loses to a spell broken by a 6 (`chance` a roll), capped at three."""
    if chance <= 0:
        return MAX_TURNS
    turns = min(MAX_TURNS, (1 - chance) / chance)
    return turns * (1 - chance) if at_once else turns


def threat(state: QuestState, i: int, j: int) -> float:
    """What hero `i` is worth in a turn: the damage he may be expected to deal the monster he sees that
    he would hurt most (monster `j` among them; at least half a point), one more for a magic-user with a
    Magic point left."""
    fig = state.heroes[i]
    if fig.at is None:
        return 0.5
    seen = [
        k
        for k, m in enumerate(state.monsters)
        if m.status == "active" and m.at is not None and (k == j or sees(state.layout, fig.at, m.at))
    ]
    hurt = max(
        (_exp(hero_attack_dice(state, i, k), monster_defend_dice(state, k), "monster") for k in seen),
        default=0,
    )
    magic = 1.0 if state.hero_of(i).magic_user and fig.magic > 0 else 0.0
    return max(0.5, hurt) + magic


def _wounded(state: QuestState, j: int, share: int) -> bool:
    return state.monsters[j].body <= max(1, state.stats_of(j).body // share)


def _beside_hero(state: QuestState, j: int) -> bool:
    return bool(monster_targets(state, j))


# ---------------------------------------------------------------------------------------------------
# Worth


def attack_value(state: QuestState, j: int, actions: list[str]) -> float:
    """What monster `j`'s attack is worth now, in expected Body points."""
    attacks = [aimed_hero(a) for a in actions if a.startswith("attack:h")]
    if attacks:
        return max(
            _exp(monster_attack_dice(state, j, i), hero_defend_dice(state, i), "hero") for i in attacks
        )
    at = state.monsters[j].at
    if state.turn.rolled or at is None:
        return 0.0
    reach = state.stats_of(j).move_max
    near = []
    for i in seen_heroes(state, j):
        h = state.heroes[i].at
        assert h is not None
        if abs(h[0] - at[0]) + abs(h[1] - at[1]) - 1 <= reach:
            near.append(i)
    if not near:
        return 0.0
    return 0.5 * max(_exp(monster_attack_dice(state, j, i), hero_defend_dice(state, i), "hero") for i in near)


def _flames(state: QuestState, victims: list[str], per: float) -> float:
    worth = 0.0
    for v in victims:
        side, k = ref_of(v)
        if side == "h":
            worth += 0.0 if carries(state, k, "fire-ring") else per
        else:
            worth -= per
    return worth


def spell_value(state: QuestState, j: int, action: str) -> float:
    """What casting `action` ("cast:chaos/KEY:TARGET") is worth to monster `j`, in Body points."""
    read = cast_of(action)
    key, target = read.spell, read.target
    name = key.partition("/")[2]
    victims = handler(key).victims(state, j, target)
    heroes = hero_refs(victims)
    others = len(victims) - len(heroes)
    if name in ("tempest", "fear", "mind-blast", "sleep", "command", "cloud-of-chaos"):
        return sum(_disabling(state, j, name, i) for i in heroes)
    if name == "weak-ball-of-flame":
        return _flames(state, victims, 4 / 3)
    if name == "firestorm":
        return _flames(state, victims, 7 / 3)
    if name == "chill":
        return 1.0
    if name == "lightning-bolt":
        return 2.0 * (len(heroes) - others)
    if name == "ice-storm":
        return 1.5 * (len(heroes) - others)
    if name == "mind-freeze":
        mind = state.heroes[heroes[0]].mind
        return mind / 3 + 3 * (2 / 3) ** mind
    if name == "werewolfs-curse":
        return 2.0 * 5 / 6
    if name == "rust":
        i, _, item = target.partition("=")
        return 1.5 * _gear_dice(state, int(i[1:]), item)
    if name in ("soothe", "restore-chaos"):
        k = next(n for n, m in enumerate(state.monsters) if m.id == target)
        return float(min(3 if name == "soothe" else 6, state.stats_of(k).body - state.monsters[k].body))
    if name == "reanimation":
        return 1.5 * len(fallen_undead(state, j))
    if key in SUMMONS:
        return sum(float(Fraction(len(faces), 6)) * sum(n for _, n in group) for faces, group in SUMMONS[key])
    if name == "escape":
        return 10.0 if _wounded(state, j, 3) and _beside_hero(state, j) else 0.0
    if name == "skate":
        return 5.0 if _wounded(state, j, 3) and _beside_hero(state, j) else 0.0
    if name == "ice-wall":
        return _ice_value(state, j, target)
    return 0.0


def _disabling(state: QuestState, j: int, name: str, i: int) -> float:
    mind = state.heroes[i].mind
    hurt = threat(state, i, j)
    chance = _break(mind)
    if name == "tempest":
        return hurt
    if name == "fear":
        one = _exp(min(1, hero_attack_dice(state, i, j)), monster_defend_dice(state, j), "monster")
        return max(0.0, hurt - one) * (MAX_TURNS if chance <= 0 else min(MAX_TURNS, 1 / chance))
    if name == "mind-blast":
        return hurt * _held(chance, False)
    if name == "command":
        return 2 * hurt * _held(chance, True)
    return (hurt + 0.5) * _held(chance, True)  # sleep, cloud: no defence either


def _gear_dice(state: QuestState, i: int, key: str) -> int:
    if key not in rustable(state, i):
        return 0
    _, entry = find_thing(key)
    return int(getattr(entry, "attack_dice", 0) or getattr(entry, "defend_dice", 0))


def _ice_value(state: QuestState, j: int, target: str) -> float:
    at = state.monsters[j].at
    assert at is not None
    x, y = (int(v) for v in target.split(","))
    beside = [n for n in neighbours(at) if state.layout.open_between(at, n)]
    if (
        (x, y) not in beside
        or not _wounded(state, j, 2)
        or _beside_hero(state, j)
        or not seen_heroes(state, j)
    ):
        return 0.0
    return 0.5 * sum(1 for n in beside if n in ice_candidates(state, j))


# ---------------------------------------------------------------------------------------------------
# The game master's choices


def gm_choice(state: QuestState, actions: list[str]) -> str | None:
    """The game master's move where a chaos spell is concerned, or None to leave it to `gm.choose`."""
    f = flight(state)
    if f is not None:
        if f.stage == "gm":
            return _answer(state, f, actions)
        if f.stage == "ice":
            return _raise_ice(state, f, actions)
        return None
    who = state.current_hero()
    if who is not None and not state.in_gm_turn():
        return _puppet(state, who, actions) if puppet(state, who) else None
    j = state.acting
    if j < 0 or not state.in_gm_turn() or state.monsters[j].at is None:
        return None
    if has(state.monsters[j].effects, "skate") and state.turn.rolled:
        return _run(state, actions)
    casts = [a for a in actions if a.startswith("cast:")]
    if not casts:
        return None
    scored = sorted(((spell_value(state, j, a), a) for a in casts), key=lambda t: (-t[0], t[1]))
    worth, best = scored[0]
    return best if worth > 0 and worth > attack_value(state, j, actions) else None


def _answer(state: QuestState, f: Flight, actions: list[str]) -> str:
    mirror = [a for a in actions if a.startswith("react:mirror:")]
    if mirror:
        return mirror[0]
    if any(m.id == f.target for m in state.monsters):
        for a in actions:
            if a.startswith("react:dispell:"):
                k = next(n for n, m in enumerate(state.monsters) if m.id == keyed_of(a).target)
                if dispel_chance(state.stats_of(k).mind, state.heroes[f.caster].mind) >= Fraction(1, 4):
                    return a
    return "react:none"


def _raise_ice(state: QuestState, f: Flight, actions: list[str]) -> str:
    at = state.monsters[f.caster].at
    assert at is not None
    for n in sorted(neighbours(at)):
        a = f"ice:{n[0]},{n[1]}"
        if a in actions and state.layout.open_between(at, n):
            return a
    return "ice:done"


def _far(state: QuestState, square: Square) -> tuple[bool, int]:
    heroes = active_squares(state)
    hidden = not any(sees(state.layout, h, square) for h in heroes)
    return hidden, min((abs(square[0] - h[0]) + abs(square[1] - h[1]) for h in heroes), default=0)


def _run(state: QuestState, actions: list[str]) -> str:
    here = state.monsters[state.acting].at
    assert here is not None
    moves = [a for a in actions if a.startswith("move:")]
    if not moves:
        return "end"
    best = max(moves, key=lambda a: (_far(state, square_of(a)), a))
    return best if _far(state, square_of(best)) > _far(state, here) else "end"


def _puppet(state: QuestState, i: int, actions: list[str]) -> str:
    attacks = [a for a in actions if a.startswith("attack:h")]
    if attacks:
        return min(
            attacks,
            key=lambda a: (
                state.heroes[aimed_hero(a)].body,
                hero_defend_dice(state, aimed_hero(a)),
                a,
            ),
        )
    if "roll" in actions:
        return "roll"
    moves = [a for a in actions if a.startswith("move:")]
    here = state.heroes[i].at
    if not moves or here is None:
        return "end"
    lay = state.layout
    goals = {
        n
        for k, h in enumerate(state.heroes)
        if k != i and h.status == "active" and h.at is not None
        for n in neighbours(h.at)
        if lay.open_between(h.at, n) and not lay.solid(n)
    }
    dist = distances(lay, goals, state.hero_squares - {here} | all_traps(state))
    reach = hero_reach(state, i)
    best = min(moves, key=lambda a: (dist.get(square_of(a), 10_000), reach.cost[square_of(a)], a))
    return best if dist.get(square_of(best), 10_000) < dist.get(here, 10_000) else "end"


# ---------------------------------------------------------------------------------------------------
# The bot heroes
