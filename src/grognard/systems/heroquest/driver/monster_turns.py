"""The monster skills in the turn sequence: what begins and ends a hero's or a monster's turn, what runs
after every move, the queue of what follows a blow, and the skills' chance nodes.

- A hero's turn begins (`hero_turn_begins`): stunned by a toss or turned to stone he loses it (lines
  937, 781); carried off he rolls to escape (a 6 on a red die, line 711); pestilence costs him a Body
  point (line 669); seeing a monster with (Minor) Dread he rolls one red die, and below the number of
  undead in its room he attacks with one die fewer (two for Dread) this turn (lines 645, 737). Our
  ruling: the room of the dread monster he sees with the most undead; a corridor counts as a room.
- A hero's turn ends (`hero_turn_ends`): a curse counts down; after the third turn he dies (line 735).
- A monster's turn begins (`monster_turn_begins`): stunned it loses it; a runner may escape
  (`monster_flight`); a yeti's bear hug costs its hero a Body point (line 891).
- After every move (`upkeep`): wounds that last until healed are checked, runners and ambushers
  watched, holds let go when a figure is gone or apart, a hero turned to stone with no one left to heal
  him is left for dead (line 781), and encounter marks end with the encounter.
- The queue (`QuestState.queue`): what a blow sets off (another roll, another attack) is played in
  order once no roll is pending, so no roll ever overwrites another.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.game import Outcome
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import orthogonal
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.monsters import monster_blows as blows
from grognard.systems.heroquest.features.monsters.monster_blows import stomp_outcomes, stomp_result
from grognard.systems.heroquest.features.monsters.monster_flight import reveal, turn_begins, turn_ends, watch
from grognard.systems.heroquest.features.monsters.monster_pursuit import (
    pursuit_begins,
    pursuit_ends,
    pursuit_watch,
)
from grognard.systems.heroquest.features.monsters.monster_skills import kidnap_chance
from grognard.systems.heroquest.model.edits import note, trap_here, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import queued_step
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    HERO_TURN_STARTS,
    Chance,
    TurnStart,
    TurnStep,
    required,
)
from grognard.systems.heroquest.model.hooks import end_turn
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.monster_wounds import (
    HEALED,
    carrying,
    heal_watch,
    hugging,
    kidnapped,
    release,
    resist_chance,
    stone,
    tagged,
    untag,
    wound,
)
from grognard.systems.heroquest.rules.wounds import hurt_hero

CHANCE_KINDS = ("m-kidnap", "m-plague", "m-daze", "m-stomp", "m-dread", "m-struggle")
"""The chance nodes of the monster skills."""

SIXTH = Fraction(1, 6)


# ---------------------------------------------------------------------------------------------------
# Turns


def hero_turn_begins(state: QuestState, i: int) -> tuple[QuestState, bool]:
    """Hero `i`'s turn begins: the state, and True when he loses the turn (stunned, stone)."""
    fig = state.heroes[i]
    name = state.hero_of(i).name
    if "stunned|" in fig.effects:
        state = with_hero(state, i, replace(fig, effects=tuple(e for e in fig.effects if e != "stunned|")))
        return note(state, said("turn.still-dazed-from-fall", hero=i, hero_name=name)), True
    if stone(state, i):
        return note(state, said("turn.stands-turned-stone", hero=i, hero_name=name)), True
    if kidnapped(state, i) is not None:
        state = _queue(state, f"struggle:{i}")
    if any(e.startswith("plague|") for e in fig.effects):
        state = _queue(state, f"plague-hurt:{i}")
    if _dread(state, i) is not None:
        state = _queue(state, f"dread:{i}")
    return state, False


def hero_turn_ends(state: QuestState, i: int) -> QuestState:
    """Hero `i`'s turn ends: his curse counts down, and after his third turn he dies (line 735)."""
    fig = state.heroes[i]
    left = tagged(fig.effects, "curse")
    if left is None:
        return state
    mid, _, n = left.rpartition("+")
    effects = tuple(e for e in fig.effects if not e.startswith("curse@"))
    if int(n) > 1:
        return with_hero(state, i, replace(fig, effects=(*effects, f"curse@{mid}+{int(n) - 1}|quest")))
    state = with_hero(state, i, replace(fig, effects=effects))
    return _queue(state, f"curse-death:{i}")


def monster_turn_begins(state: QuestState, j: int) -> QuestState:
    """Monster `j`'s turn begins: stunned it loses it; a runner may have escaped or turns to run; a bear
    hug squeezes."""
    if state.pending is not None or state.acting != j or state.turn.done:
        return state
    m = state.monsters[j]
    if "stunned|" in m.effects:
        state = with_monster(state, j, replace(m, effects=tuple(e for e in m.effects if e != "stunned|")))
        state = note(state, said("turn.loses-turn", monster=j, monster_name=state.stats_of(j).name))
        return _done(state)
    state = turn_begins(state, j)
    if state.monsters[j].status not in ("active", "lurking"):
        return _done(state)
    held = hugging(state, j)
    if held is not None:
        state = _queue(state, f"squeeze:{j}:{held}")

    return pursuit_begins(state, j)  # heroes out of its sight: the chase (line 88)


def _done(state: QuestState) -> QuestState:
    return replace(state, turn=replace(state.turn, rolled=True, acted=True, stopped=True, done=True))


def monster_turn_ends(state: QuestState) -> QuestState:
    """The acting monster's turn ends (`monster_flight.turn_ends`)."""
    j = state.acting
    if not 0 <= j < len(state.monsters):
        return state
    return pursuit_ends(turn_ends(state, j), j)  # a chase that found no hero (line 88)


def monster_acts(state: QuestState, j: int, verb: str) -> QuestState:
    """Before monster `j`'s move, attack or skill: a lurker shows itself (Ambush, line 803)."""
    if verb in ("attack", "skill", "throw") and 0 <= j < len(state.monsters):
        return reveal(state, j)
    return state


# ---------------------------------------------------------------------------------------------------
# After every move


def upkeep(state: QuestState) -> QuestState:
    """Run after every move (`turn.settle`): see the module doc."""
    heroes = state.heroes
    if any(HEALED in e for h in heroes for e in h.effects):
        state = heal_watch(state)
    state = watch(state)

    state = pursuit_watch(state)  # a chaser seen again is in the fight again (line 88)
    state = _holds(state)
    if any("stone|quest" in h.effects for h in state.heroes):
        state = _left_for_dead(state)
    if not state.encounter and any(e.endswith("|encounter") for m in state.monsters for e in m.effects):
        monsters = tuple(
            replace(m, effects=tuple(e for e in m.effects if not e.endswith("|encounter")))
            for m in state.monsters
        )
        state = replace(state, monsters=monsters)
    return state


def _holds(state: QuestState) -> QuestState:
    """Holds and kidnaps end when a figure is gone, and a bear hug when the two stand apart."""
    for j, m in enumerate(state.monsters):
        if not m.effects:
            continue  # neither hugging nor carrying anyone
        for who in (hugging(state, j), carrying(state, j)):
            if who is None:
                continue
            h = state.heroes[who]
            apart = who == hugging(state, j) and not (h.at and m.at and orthogonal(h.at, m.at))
            if m.status != "active" or h.status != "active" or apart:
                state = with_monster(state, j, release(state.monsters[j]))
    for i, h in enumerate(state.heroes):
        if not h.effects:
            continue
        for tag in ("hugged", "kidnapped"):
            mid = tagged(h.effects, tag)
            if mid is None:
                continue
            k = next(n for n, o in enumerate(state.monsters) if o.id == mid)
            holds = hugging(state, k) if tag == "hugged" else carrying(state, k)
            if holds != i:
                state = with_hero(
                    state, i, replace(state.heroes[i], effects=untag(state.heroes[i].effects, tag))
                )
    return state


def healer(state: QuestState, k: int) -> bool:
    """True when hero `k` has a healing spell memorised (the cure for stone, line 781)."""
    for key in state.heroes[k].spells:
        school, _, name = key.partition("/")
        spell = hq.spell(name, school)
        if (spell.by_level or isinstance(spell.effect.heal_body, int)) and spell.target in (
            "self-or-character",
            "self-or-ally",
        ):
            return True
    return False


def _left_for_dead(state: QuestState) -> QuestState:
    """A hero turned to stone whom no other hero free to act can heal is left for dead (line 781)."""
    free = [
        k
        for k, h in enumerate(state.heroes)
        if h.status == "active" and not stone(state, k) and kidnapped(state, k) is None
    ]
    for i, h in enumerate(state.heroes):
        if h.status == "active" and stone(state, i) and not any(healer(state, k) for k in free):
            state = with_hero(state, i, replace(h, status="dead", at=None, effects=()))
            state = note(state, said("death.no-one-can-break", hero=i, hero_name=state.hero_of(i).name))
    return state


# ---------------------------------------------------------------------------------------------------
# The queue


def _queue(state: QuestState, item: str) -> QuestState:
    return replace(state, queue=(*state.queue, item))


def run_queue(state: QuestState) -> QuestState | None:
    """The next queued item played (when no roll is pending), or None when there is none."""
    if state.pending is not None or not state.queue:
        return None
    item, rest = state.queue[0], state.queue[1:]
    return _run(replace(state, queue=rest), item)


def _run(state: QuestState, item: str) -> QuestState:
    verb, args = queued_step(item)
    n = [int(a) for a in args[:2] if a.lstrip("-").isdigit()]
    if verb == "plague":
        return _node(state, n[0], Pending("m-plague", target=n[0]))
    if verb == "daze":
        return _node(state, n[0], Pending("m-daze", target=n[0], dice=state.heroes[n[0]].mind))
    if verb == "struggle":
        return _node(state, n[0], Pending("m-struggle", target=n[0]), need_kidnapped=True)
    if verb == "plague-hurt":
        return hurt_hero(state, n[0], 1, "pestilence")
    if verb == "curse-death":
        if state.heroes[n[0]].status != "active":
            return state
        state = note(state, said("status.mummy-curse-takes", hero=n[0], hero_name=state.hero_of(n[0]).name))
        return hurt_hero(state, n[0], state.heroes[n[0]].body, "curse", self_heal=False)
    if verb == "dread":
        return _dread_node(state, n[0])
    if verb == "squeeze":
        if hugging(state, n[0]) != n[1]:
            return state
        return hurt_hero(state, n[1], 1, "bear-hug", by=state.stats_of(n[0]).name)
    return blows.run(state, verb, args)


def _node(state: QuestState, i: int, p: Pending, *, need_kidnapped: bool = False) -> QuestState:
    if state.heroes[i].status not in ("active", "dying") or (need_kidnapped and kidnapped(state, i) is None):
        return state
    return replace(state, pending=p)


# ---------------------------------------------------------------------------------------------------
# Dread (lines 645, 737)


def _dread(state: QuestState, i: int) -> tuple[int, int] | None:
    """(undead in the worst room, dice lost) for hero `i`, or None when he sees no monster with Dread."""
    at = state.heroes[i].at
    if at is None:
        return None
    board = state.layout.board
    worst, penalty = 0, 0
    for j, m in enumerate(state.monsters):
        skills = state.stats_of(j).skills
        if m.status != "active" or m.at is None or not ("Minor Dread" in skills or "Dread" in skills):
            continue
        if not sees(state.layout, at, m.at, state.figures):
            continue
        area = board.area_at.get(m.at)
        undead = sum(
            1
            for k, o in enumerate(state.monsters)
            if o.status == "active"
            and o.at is not None
            and board.area_at.get(o.at) == area
            and state.stats_of(k).undead
        )
        worst = max(worst, undead)
        penalty = max(penalty, 2 if "Dread" in skills else 1)
    return (worst, penalty) if penalty else None


def dread_chance(undead: int) -> Fraction:
    """The chance one red die rolls less than the number of undead."""
    return Fraction(min(6, max(0, undead - 1)), 6)


def _dread_node(state: QuestState, i: int) -> QuestState:
    found = _dread(state, i)
    if found is None or state.current_hero() != i or state.heroes[i].status != "active":
        return state
    undead, penalty = found
    if dread_chance(undead) == 0:
        return state
    return replace(state, pending=Pending("m-dread", target=i, dice=undead, need=penalty))


# ---------------------------------------------------------------------------------------------------
# Chance nodes


def outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The exact outcomes of a monster skill's chance node, or None when `p` is not one."""
    pairs: list[tuple[Outcome, Fraction]]
    if p.kind == "m-kidnap":
        win = kidnap_chance(p)
        pairs = [("taken", win), ("resists", 1 - win)]
    elif p.kind == "m-plague":
        pairs = [("sick", Fraction(1, 2)), ("well", Fraction(1, 2))]
    elif p.kind == "m-daze":
        stay = resist_chance(p.dice)
        pairs = [("dazed", stay), ("steady", 1 - stay)]
    elif p.kind == "m-dread":
        afraid = dread_chance(p.dice)
        pairs = [("afraid", afraid), ("steady", 1 - afraid)]
    elif p.kind == "m-struggle":
        pairs = [("free", SIXTH), ("held", 1 - SIXTH)]
    elif p.kind == "m-stomp":
        return list[tuple[Outcome, Fraction]](stomp_outcomes(state, p))
    else:
        return None
    return [(k, q) for k, q in pairs if q]


def result(state: QuestState, p: Pending, move: object) -> QuestState | None:
    """The state after a monster skill's chance node came out as `move`, or None when `p` is not one."""
    if p.kind not in CHANCE_KINDS:
        return None
    i = p.target
    name = state.hero_of(i).name if 0 <= i < len(state.heroes) else ""
    if p.kind == "m-kidnap":
        if move != "taken":
            return note(
                state,
                said(
                    "status.wrenches-free", monster=p.who, name=name, monster_name=state.stats_of(p.who).name
                ),
            )
        m = state.monsters[p.who]
        state = with_monster(state, p.who, replace(m, effects=(*m.effects, f"carrying@{i}|quest")))
        fig = state.heroes[i]
        state = with_hero(state, i, replace(fig, effects=(*fig.effects, f"kidnapped@{m.id}|quest")))
        return note(
            state,
            said(
                "move.seizes-carries-off", monster=p.who, monster_name=state.stats_of(p.who).name, name=name
            ),
        )
    if p.kind == "m-plague":
        return wound(state, i, "plague") if move == "sick" else state
    if p.kind == "m-daze":
        if move != "dazed":
            return note(state, said("attack.hero-shakes-off-blow", hero=i, name=name))
        fig = state.heroes[i]
        return note(
            with_hero(state, i, replace(fig, effects=(*fig.effects, "dazed|one-turn"))),
            said("attack.hero-dazed", hero=i, name=name),
        )
    if p.kind == "m-dread":
        if move != "afraid":
            return note(state, said("turn.dread-resisted", hero=i, name=name))
        fig = state.heroes[i]
        state = with_hero(state, i, replace(fig, effects=(*fig.effects, f"atk-{p.need}|one-turn")))
        return note(
            state,
            said("turn.dread-one-die", hero=i, name=name)
            if p.need == 1
            else said("turn.dread-dice", hero=i, name=name, need=p.need),
        )
    if p.kind == "m-struggle":
        k = kidnapped(state, i)
        if move == "free" and k is not None:
            state = with_monster(state, k, release(state.monsters[k]))
            fig = state.heroes[i]
            state = with_hero(state, i, replace(fig, effects=untag(fig.effects, "kidnapped")))
            return note(state, said("status.breaks-free", hero=i, name=name))
        state = note(state, said("status.struggles-vain", hero=i, name=name))
        return end_turn(state) if state.current_hero() == i else state
    return stomp_result(state, p, str(move))


def trap_square(state: QuestState, square: Square) -> int | None:
    """The quest trap still dangerous on `square` (a figure thrown or knocked onto it springs it)."""
    return trap_here(state, square)


for _kind in CHANCE_KINDS:
    CHANCES.add(_kind, Chance(required(outcomes), required(result)))  # drawn by their chances


def _monster_skills_start(state: QuestState, who: int) -> tuple[QuestState, TurnStep]:
    state, lost_turn = hero_turn_begins(state, who)  # tossed or stone; the monster skills' rolls queued
    return state, "end" if lost_turn else "go"


HERO_TURN_STARTS.add("monster-skills", TurnStart(30, _monster_skills_start))
