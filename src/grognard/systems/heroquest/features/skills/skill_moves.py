"""Skills of moving, hiding and the mind (lines 257-263, 284, 323, 331): Stealth, Dash Attack, Set Trap,
Excavate, Elven Awareness, Dominion. Registered in `skills.HANDLERS`."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.geometry import can_target, openable_doors
from grognard.systems.heroquest.features.dungeon.traps import spring
from grognard.systems.heroquest.features.skills.skills import skill_outcomes
from grognard.systems.heroquest.model.edits import (
    add_monster_effects,
    chebyshev,
    drop_stealth,
    monster_index,
    note,
    seen_enemies,
    thrall_of,
    trap_here,
    with_hero,
    with_monster,
)
from grognard.systems.heroquest.model.effect_strings import has, parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    HERO_TURN_STARTS,
    Chance,
    TurnStart,
    TurnStep,
    required,
)
from grognard.systems.heroquest.model.skill_registry import register_skill
from grognard.systems.heroquest.model.state import Pending, QuestState

# ---------------------------------------------------------------------------------------------------
# Stealth (lines 257-259) and Dash Attack (line 261)


def _stealth_offers(state: QuestState, i: int) -> list[str]:
    if has(state.heroes[i].effects, "stealth") or state.visible_monsters:
        return []
    return [""]


@register_skill("stealth", _stealth_offers)
def stealth(state: QuestState, i: int, _arg: str) -> QuestState:
    """Declared with no enemy in sight: one red die to move; enemies cannot single him out."""
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=(*fig.effects, "stealth|quest")))


def break_stealth(state: QuestState, i: int, verb: str) -> QuestState:
    """Any action but moving or opening doors breaks stealth (searching and disarming keep it with
    Improved Stealth); so does coming within one square of an enemy."""
    keeps = {"roll", "move", "jump", "door", "end", "leave", "skill"}
    if state.hero_of(i).knows_skill("Improved Stealth"):
        keeps |= {"search", "disarm"}
    if verb not in keeps:
        return drop_stealth(state, i)
    at = state.heroes[i].at
    if at is not None and any(
        m.status == "active" and m.at is not None and chebyshev(at, m.at) <= 1 for m in state.monsters
    ):
        return drop_stealth(state, i)
    return state


def stealth_check(state: QuestState, i: int) -> QuestState:
    """At the start of his turn with enemies in sight, a hero in stealth rolls red dice for his Mind and
    stays hidden only by beating their total Mind (line 257)."""
    fig = state.heroes[i]
    if not has(fig.effects, "stealth") or fig.at is None:
        return state
    seen = seen_enemies(state, i)
    if not seen:
        return state
    need = sum(state.stats_of(j).mind for j in seen)
    return replace(state, pending=Pending("hide", who=i, dice=fig.mind, need=need))


def hide_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """Hidden still, or seen."""
    return state if move == "hidden" else drop_stealth(state, p.who)


def _dash_offers(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    if not state.hero_of(i).knows_skill("Dash Attack") or fig.at is None:
        return []
    turn = state.turn
    if not turn.rolled or turn.stopped or turn.moves < 2:
        return []
    out = []
    for e in fig.effects:
        name = parse(e)[0]
        if not name.startswith("struck"):
            continue
        m = state.monsters[int(name[6:])]
        if m.status != "active" or m.at is None or abs(m.at[0] - fig.at[0]) + abs(m.at[1] - fig.at[1]) != 1:
            continue
        beyond = (2 * m.at[0] - fig.at[0], 2 * m.at[1] - fig.at[1])
        layout = state.layout
        if (
            layout.board.is_floor(beyond)
            and not layout.solid(beyond)
            and beyond not in state.figures
            and layout.open_between(fig.at, m.at)
            and layout.open_between(m.at, beyond)
        ):
            out.append(f"{beyond[0]},{beyond[1]}")
    return out


@register_skill("dash-attack", _dash_offers)
def dash_attack(state: QuestState, i: int, arg: str) -> QuestState:
    """After a hit, run past the enemy to the square beyond it (two squares of the move)."""
    x, y = (int(v) for v in arg.split(","))
    fig = state.heroes[i]
    came = fig.at
    effects = tuple(e for e in fig.effects if not parse(e)[0].startswith("struck"))
    state = with_hero(state, i, replace(fig, at=(x, y), effects=effects))
    state = replace(state, turn=replace(state.turn, moves=state.turn.moves - 2))
    trap = trap_here(state, (x, y))
    if trap is not None and state.traps[trap] == "hidden":
        state = replace(state, turn=replace(state.turn, moves=0, stopped=True))
        return spring(state, i, trap, came_from=came)
    return state


# ---------------------------------------------------------------------------------------------------
# Set Trap (line 263)


def snares(state: QuestState) -> dict[Square, int]:
    """The heroes' set traps, by square, with the hero who set each."""
    out: dict[Square, int] = {}
    for i, h in enumerate(state.heroes):
        for e in h.effects:
            name = parse(e)[0]
            if name.startswith("snare@"):
                x, y = name[6:].split(",")
                out[(int(x), int(y))] = i
    return out


def _snare_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    set_now = snares(state)
    if state.visible_monsters or sum(1 for w in set_now.values() if w == i) >= 2:
        return []
    return [
        f"{n[0]},{n[1]}"
        for n in neighbours(at)
        if state.layout.open_between(at, n)
        and not state.layout.solid(n)
        and n not in state.figures
        and n not in set_now
        and trap_here(state, n) is None
    ]


@register_skill("set-trap", _snare_offers, "action")
def set_trap(state: QuestState, i: int, arg: str) -> QuestState:
    """A spear-type trap set on an empty square beside the hero (at most two unsprung)."""
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=(*fig.effects, f"snare@{arg}|quest")))


def snare_on(state: QuestState, path: list[Square]) -> Square | None:
    """The first square of a monster's path holding a set trap, or None."""
    found = snares(state)
    return next((s for s in path[1:] if s in found), None)


def spring_snare(state: QuestState, j: int, square: Square) -> QuestState:
    """A monster steps on a set trap: it springs like a spear trap (one combat die, a skull wounds)."""
    who = snares(state)[square]
    fig = state.heroes[who]
    tag = f"snare@{square[0]},{square[1]}|quest"
    state = with_hero(state, who, replace(fig, effects=tuple(e for e in fig.effects if e != tag)))
    state = note(state, said("trap.springs-trap", monster=j, monster_name=state.stats_of(j).name))
    return replace(state, pending=Pending("snare", who=j, target=who))


# ---------------------------------------------------------------------------------------------------
# Excavate (line 323), Elven Awareness (line 331), Dominion (line 284)


def _dig_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    rubble = set(state.rubble)
    return [f"{n[0]},{n[1]}" for n in neighbours(at) if n in rubble]


@register_skill("excavate", _dig_offers, "action")
def excavate(state: QuestState, i: int, arg: str) -> QuestState:
    """Dig at fallen rock with base Attack dice (our reading: one skull clears a rock square)."""
    return replace(state, pending=Pending("dig", who=i, dice=state.hero_of(i).base.attack, ref=arg))


def dig_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The rock cleared, or not yet."""
    if move != "cleared":
        return note(state, said("status.rock-holds"))
    x, y = (int(v) for v in p.ref.split(","))
    return note(
        replace(state, rubble=tuple(s for s in state.rubble if s != (x, y))), said("status.rock-dug-away")
    )


def _aware_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    return [d.id for d in openable_doors(state.layout, at)]


@register_skill("elven-awareness", _aware_offers, "action")
def elven_awareness(state: QuestState, i: int, door: str) -> QuestState:
    """Outside a closed door, white dice for Mind: a white shield tells where the enemies beyond are,
    three tell what they are."""
    return replace(state, pending=Pending("aware", who=i, dice=state.heroes[i].mind, ref=door))


def aware_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The game master tells where (and what) the enemies beyond the door are."""
    if move == "none":
        return note(state, said("search.elf-senses-nothing"))
    at = state.heroes[p.who].at
    assert at is not None
    a, b = state.layout.door_by_id[p.ref].at
    beyond = b if a == at else a
    area = state.layout.board.area_at.get(beyond)
    found = [
        (j, m)
        for j, m in enumerate(state.monsters)
        if m.status == "active"
        and m.at is not None
        and area is not None
        and state.layout.board.area_at.get(m.at) == area
    ]
    seen = [(state.stats_of(j).kind if move == "what" else "", m.at) for j, m in found if m.at is not None]
    if not seen:
        return note(state, said("search.beyond-door-nothing", hero=p.who))
    kinds, xs, ys = tuple(k for k, _ in seen), tuple(s[0] for _, s in seen), tuple(s[1] for _, s in seen)
    return note(state, said("search.beyond-door", hero=p.who, kinds=kinds, xs=xs, ys=ys))


def _dominion_offers(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    if any(thrall_of(state, j) == i for j in range(len(state.monsters))):
        return ["release"]
    assert fig.at is not None
    return [
        m.id
        for j, m in enumerate(state.monsters)
        if m.status == "active"
        and m.at is not None
        and can_target(state.layout, fig.at, m.at, state.figures)
        and fig.mind > state.stats_of(j).mind
    ]


@register_skill("dominion", _dominion_offers, "action")
def dominion(state: QuestState, i: int, arg: str) -> QuestState:
    """Take an enemy for Mind points equal to its Mind; it moves and attacks for the heroes in the game
    master's turn until the wizard or it dies, or he lets it go."""
    if arg == "release":
        for j, m in enumerate(state.monsters):
            if thrall_of(state, j) == i:
                state = with_monster(
                    state, j, replace(m, effects=tuple(e for e in m.effects if parse(e)[0] != f"thrall{i}"))
                )
        return state
    j = monster_index(state, arg)
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, mind=fig.mind - state.stats_of(j).mind))
    return add_monster_effects(state, j, f"thrall{i}|quest")


def thrall_acting(state: QuestState) -> bool:
    """True while a monster held by Dominion takes its turn (the heroes' player moves it, line 284)."""
    return state.in_gm_turn() and state.acting >= 0 and thrall_of(state, state.acting) is not None


def _stealth_start(state: QuestState, who: int) -> tuple[QuestState, TurnStep]:
    if state.pending is not None or state.heroes[who].status != "active":
        return state, "go"
    return stealth_check(state, who), "go"


HERO_TURN_STARTS.add("stealth", TurnStart(60, _stealth_start))  # a turn begun with no roll to make


CHANCES.add("hide", Chance(required(skill_outcomes), lambda state, p, move: hide_result(state, p, str(move))))
CHANCES.add("dig", Chance(required(skill_outcomes), lambda state, p, move: dig_result(state, p, str(move))))
CHANCES.add(
    "aware", Chance(required(skill_outcomes), lambda state, p, move: aware_result(state, p, str(move)))
)
