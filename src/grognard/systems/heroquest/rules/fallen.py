"""A fallen hero's belongings (lines 90 and 116 of 004_24cd6f974fe6a1ee.txt).

Line 90: once a character is dead, "old equipment, items and money can be collected by nearby players
and given to him [the player's new character] ... If there are no players nearby but there are enemies,
then an enemy can steal the dead character's items." Line 116: if the whole party dies, all items are
lost. Our ruling (docs/rulings): a dead hero's things (his items, artifacts and gold, on his figure, and
his weapons and armour) lie on the square where he fell ("fell@X,Y" on his figure). A living hero on that
square or beside it (the edge open) may `collect:hN` with his action: the items, artifacts and gold go
into his pack at once, and he carries the weapons and armour home ("carries:hN"); they are written to his
roster file when the quest ends (`homecoming`). A monster that ends its turn on or beside the things while
no living hero sees them steals them ("thief:ID" on the dead hero); slain, it drops them where it falls
(its "fell@" mark, `wounds.hurt_monster`); escaped, it takes them away for good. Whatever is left in the
dungeon when the quest ends is lost.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    HERO_ACTIONS,
    MONSTER_TURN_ENDS,
    FigureHook,
    HeroAction,
)
from grognard.systems.heroquest.model.state import MonsterFig, QuestState

LOOTED = "looted|quest"
"""On a dead hero whose things a companion collected."""


def fell_mark(at: Square | None) -> tuple[str, ...]:
    """The effects a hero dies with: where he fell, so his things can be found there."""
    return (f"fell@{at[0]},{at[1]}|quest",) if at is not None else ()


def _square(effects: tuple[str, ...], prefix: str = "fell@") -> Square | None:
    for e in effects:
        name = parse(e)[0]
        if name.startswith(prefix):
            x, _, y = name[len(prefix) :].partition(",")
            return int(x), int(y)
    return None


def thief_of(state: QuestState, k: int) -> int | None:
    """The monster that stole dead hero `k`'s things, or None."""
    for e in state.heroes[k].effects:
        name = parse(e)[0]
        if name.startswith("thief:"):
            mid = name[6:]
            return next((j for j, m in enumerate(state.monsters) if m.id == mid), None)
    return None


def _thief_drop(m: MonsterFig) -> Square | None:
    return _square(m.effects) if m.status == "dead" else None


def pile_at(state: QuestState, k: int) -> Square | None:
    """Where dead hero `k`'s things lie on the floor, or None (he lives, they were collected, or a living
    or escaped monster has them)."""
    fig = state.heroes[k]
    if fig.status != "dead" or LOOTED in fig.effects:
        return None
    j = thief_of(state, k)
    if j is not None:
        return _thief_drop(state.monsters[j])
    return _square(fig.effects)


def _within_reach(state: QuestState, at: Square, pile: Square) -> bool:
    return at == pile or (pile in set(neighbours(at)) and state.layout.open_between(at, pile))


def collect_actions(state: QuestState, i: int) -> list[str]:
    """The `collect:hN` actions hero `i` has: a fallen companion's things on or beside his square."""
    at = state.heroes[i].at
    if at is None:
        return []
    out = []
    for k in range(len(state.heroes)):
        pile = pile_at(state, k)
        if k != i and pile is not None and _within_reach(state, at, pile):
            out.append(f"collect:h{k}")
    return out


def collect(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` collects dead hero `k`'s things (his action, taken by the caller): items, artifacts and gold
    into his pack; the weapons and armour he carries home."""
    k = int(arg.removeprefix("h"))
    dead = state.heroes[k]
    fig = state.heroes[i]
    fig = replace(
        fig,
        items=(*fig.items, *dead.items),
        gold=fig.gold + dead.gold,
        effects=(*fig.effects, f"carries:h{k}|quest"),
    )
    state = with_hero(state, i, fig)
    state = with_hero(state, k, replace(dead, items=(), gold=0, effects=(*dead.effects, LOOTED)))
    fallen = state.ctx.party[k]
    return note(
        state,
        said(
            "item.collects-things",
            hero=i,
            hero_name=state.hero_of(i).name,
            fallen_name=fallen.name,
            gear=(*fallen.weapons, *fallen.armour, *dead.items),
            gold=dead.gold,
        ),
    )


def carried_for(state: QuestState, i: int) -> list[int]:
    """The fallen heroes whose things hero `i` collected and who are still dead (their weapons and armour
    go home with him)."""
    out = []
    for e in state.heroes[i].effects:
        name = parse(e)[0]
        if name.startswith("carries:h"):
            k = int(name[9:])
            if state.heroes[k].status == "dead":
                out.append(k)
    return out


def steal(state: QuestState, j: int) -> QuestState:
    """Monster `j`, its turn over, steals the things of a fallen hero on or beside its square that no
    living hero sees (line 90)."""
    if not 0 <= j < len(state.monsters):
        return state
    m = state.monsters[j]
    if m.status != "active" or m.at is None or any(e.startswith("sleep|") for e in m.effects):
        return state  # a sleeper steals nothing
    for k, fig in enumerate(state.heroes):
        pile = pile_at(state, k)
        if pile is None or not _within_reach(state, m.at, pile):
            continue
        watched = any(
            h.status == "active" and h.at is not None and sees(state.layout, h.at, pile, state.figures)
            for h in state.heroes
        )
        if watched:
            continue
        kept = tuple(e for e in fig.effects if not parse(e)[0].startswith("thief:"))
        state = with_hero(state, k, replace(fig, effects=(*kept, f"thief:{m.id}|quest")))
        name = state.stats_of(j).name
        state = note(
            state,
            said("item.makes-off-things", monster=j, monster_name=name, owner_name=state.ctx.party[k].name),
        )
    return state


HERO_ACTIONS.add(
    "collect", HeroAction(2, lambda state, i, free: collect_actions(state, i) if free else [], collect)
)


MONSTER_TURN_ENDS.add("steal", FigureHook(10, steal))  # a fallen hero's things no hero sees (line 90)
