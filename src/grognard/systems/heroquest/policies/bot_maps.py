"""Where the bot heroes (`bots`, `bots_party`) want to go and what threatens them: the walking map to
goals, the squares beside one, a hero's goals (the quest's goal, rooms unsearched, areas unseen),
whether a monster in sight could strike him, and whether a search of his would cover anything new."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from functools import lru_cache

from grognard.systems.heroquest.content.board import Layout, Square, neighbours
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.edits import known_traps
from grognard.systems.heroquest.model.effect_strings import search_spot
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.goals import deed_done, rescued
from grognard.systems.heroquest.rules.targets import monster_targets


def walk_map(state: QuestState, goals: Collection[Square]) -> Mapping[Square, int]:
    """Steps to the nearest goal square, through open edges and closed (not secret) doors, over traps
    (each known trap counts 3). The map is shared between calls with the same layout, goals and traps:
    read it, never change it."""
    return _walk(state.layout, frozenset(goals), known_traps(state))


@lru_cache(maxsize=1024)
def _walk(layout: Layout, goals: frozenset[Square], traps: frozenset[Square]) -> Mapping[Square, int]:
    links = layout.links
    dist = {g: 0 for g in goals if not layout.solid(g)}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there, door in links.get(here, ()):
            if there in dist or (door is not None and door.state == "secret"):
                continue
            dist[there] = dist[here] + (3 if there in traps else 1)
            queue.append(there)
    return dist


def beside_squares(state: QuestState, square: Square) -> set[Square]:
    """The squares beside `square` a figure could step to from it: through no wall, or through a door."""
    layout = state.layout
    return {n for n in neighbours(square) if not layout.solid(n) and layout.open_between(square, n)} | (
        {n for n in neighbours(square) if not layout.solid(n) and layout.door(square, n) is not None}
    )


def goal_squares(state: QuestState, i: int) -> set[Square]:
    """Where hero `i` heads when no monster is in sight: the goal, else the nearest unseen area. A goal of
    several targets heads for all the unmet ones at once, so the walking map leads to the nearest first;
    a `reach` goal for the squares of its rooms not yet reached (a hero in a room to hold is already
    there, and stays); a prisoner's escort for the nearest way out (`ways_out`)."""
    ctx = state.ctx
    goal = ctx.quest.file.goal
    fig = state.heroes[i]
    out: set[Square] = set()
    if led_out(state, i):
        out = {fig.at} if fig.at is not None else set()  # his prisoner out where he stands: he stays
    elif fig.escort:
        out = ways_out(state)
    elif goal.kind == "rescue" and leading(state):
        out = ahead_squares(state)  # the escort's companions go ahead and clear his way (`bots_party`)
    elif goal.exit and deed_done(state):
        out = set(ctx.exits.values()) or set(ctx.stairs)  # the deed done: out by the way out (`goals`)
    elif goal.kind == "slay-all":
        layout = state.layout
        for m in state.monsters:
            if m.at is not None and m.status in ("active", "lurking"):
                out |= {
                    n
                    for n in neighbours(m.at)
                    if not layout.solid(n) and (layout.open_between(m.at, n) or layout.door(m.at, n))
                }
    elif goal.kind in ("kill", "rescue"):
        left = set(goal.targets)
        for m in state.monsters:
            if m.id in left and m.at is not None and m.status not in ("dead", "escorted"):
                out |= beside_squares(state, m.at)
    elif goal.kind == "find":
        for t in ctx.treasure:
            if t.id in goal.targets and t.id not in state.taken:
                if t.at is not None:
                    out.add(t.at)
                else:
                    piece = next(f for f in state.layout.furniture if f.id == t.furniture)
                    out |= {n for s in piece.squares for n in beside_squares(state, s)} - piece.squares
    elif goal.kind == "reach":
        layout = state.layout
        out = {
            s
            for room in goal.targets
            if room not in state.reached
            for s in layout.board.squares_of(room)
            if not layout.solid(s)
        }
    elif goal.kind == "reach-exit":
        out = set(ctx.exits.values()) or set(ctx.stairs)
    return out


def ways_out(state: QuestState) -> set[Square]:
    """The squares a prisoner is led out from: the stairs and the square inside each exit door."""
    return set(state.ctx.stairs) | set(state.ctx.exits.values())


def ahead_squares(state: QuestState) -> set[Square]:
    """Where the companions of a prisoner's escort wait for him: the stairs, and beside (never on) the one
    square inside each exit door, which the escort must reach."""
    exits = set(state.ctx.exits.values())
    beside = {n for s in exits for n in beside_squares(state, s)}
    return set(state.ctx.stairs) | (beside - exits)


def led_out(state: QuestState, i: int) -> bool:
    """True when hero `i` has led his prisoner out (`goals.rescued`) and the goal has more to do: the
    other prisoners. (With the deed done the quest is won, or the escort goes on to the way out.)"""
    fig = state.heroes[i]
    return bool(fig.escort) and rescued(state, fig.escort) and not deed_done(state)


def leading(state: QuestState) -> bool:
    """True when a hero leads a prisoner he has not yet led out (`led_out`): his companions clear his
    way."""
    return any(h.escort and not led_out(state, k) for k, h in enumerate(state.heroes))


def unseen(state: QuestState) -> set[Square]:
    """The floor squares of the areas the heroes have not seen yet."""
    board = state.layout.board
    seen = set(state.seen)
    return {
        s
        for a in board.areas.values()
        if a.kind != "rock" and a.id not in seen
        for s in board.squares_of(a.id)
    }


def unsearched_rooms(state: QuestState) -> set[Square]:
    """The floor squares of the rooms seen but not searched yet."""
    board = state.layout.board
    return {
        s
        for room in board.rooms()
        if f"treasure:{room}" not in state.searched
        for s in board.squares_of(room)
        if not state.layout.solid(s)
    }


def threatened(state: QuestState, i: int) -> bool:
    """True when a monster in sight could strike hero `i` where he stands."""
    return any(i in monster_targets(state, j) for j in state.visible_monsters if state.monsters[j].at)


def searched_before(state: QuestState, i: int, kind: str) -> bool:
    """True when a search for `kind` ("doors", "traps") by hero `i` where he stands would cover no square
    an earlier one did not (a search covers his room or corridor as far as he sees, lines 82 and 94: the
    marks `traps.search` leaves in `QuestState.searched` say where each was made from)."""
    at = state.heroes[i].at
    assert at is not None
    layout = state.layout
    area = layout.board.area_at[at]
    covered: set[Square] = set()
    for mark in state.searched:
        what, where, square = search_spot(mark)
        if what == kind and where == area and square is not None:
            covered |= _scope(layout, area, square)
    return bool(covered) and _scope(layout, area, at) <= covered


@lru_cache(maxsize=4096)
def _scope(layout: Layout, area: str, at: Square) -> frozenset[Square]:
    """The squares of `area` seen from `at` (what a search from there covers, `traps.search_scope`)."""
    return frozenset(s for s in layout.board.squares_of(area) if sees(layout, at, s))
