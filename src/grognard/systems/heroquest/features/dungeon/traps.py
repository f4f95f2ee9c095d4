"""Traps sprung (lines 126-142) and searching (lines 82, 94-100): the trap's effect on the hero who springs
it, and what a search finds. Split from `resolve`, which imports this module for them; nothing here
imports `resolve`, so the two load in either order."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.dungeon.challenge_play import give_treasure, locked_treasure
from grognard.systems.heroquest.features.items.artifacts_env import envenom
from grognard.systems.heroquest.model.edits import add, note, set_door, trap_status, with_hero
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.targets import place_piece, trap_place
from grognard.systems.heroquest.rules.wounds import hurt_hero, spawn_wanderer

# ---------------------------------------------------------------------------------------------------
# Traps


_trap_status = trap_status  # the name used below


def spring(state: QuestState, i: int, idx: int, *, came_from: Square | None) -> QuestState:
    """Trap `idx` springs on hero `i` (lines 128-142). `came_from` is the square he stepped from (None
    when a disarm failed and he did not step onto it). A poisoned trap's damage is poison
    (`artifacts_env.envenom`)."""
    return envenom(state, _spring(state, i, idx, came_from=came_from), i, idx)


def _spring(state: QuestState, i: int, idx: int, *, came_from: Square | None) -> QuestState:
    trap = state.ctx.traps[idx]
    kind = trap.kind
    name = state.hero_of(i).name
    fig = state.heroes[i]
    on_it = fig.at in trap.squares
    if kind in ("spear", "chest") or trap.furniture is not None:  # a spear's effect in furniture (line 146)
        state = note(
            _trap_status(state, idx, "gone"), said("trap.spear-trap-springs", hero=i, hero_name=name)
        )
        return replace(state, pending=Pending("trap", who=i, ref=trap.id))
    if kind in ("pit", "long-pit"):
        state = _trap_status(state, idx, "sprung")
        if on_it:
            state = with_hero(state, i, replace(fig, effects=(*fig.effects, "pit|here")))
        return hurt_hero(
            note(state, said("trap.floor-gives-way-under", hero=i, hero_name=name)),
            i,
            2 if kind == "long-pit" else 1,
            "fall",
        )
    if kind == "falling-rock":
        state = _trap_status(state, idx, "gone")
        square = next(iter(trap.squares))
        back = came_from or square
        fwd = (2 * square[0] - back[0], 2 * square[1] - back[1]) if came_from else square
        return replace(
            state, pending=Pending("trap", who=i, ref=trap.id, then=f"{fwd[0]},{fwd[1]};{back[0]},{back[1]}")
        )
    if kind == "stalactite":
        state = note(_trap_status(state, idx, "gone"), said("trap.stalactite-falls", hero=i, hero_name=name))
        return hurt_hero(state, i, 1, "stalactite")
    if kind == "swinging-axe":
        state = note(_trap_status(state, idx, "sprung"), said("trap.axe-swings-down", hero=i, hero_name=name))
        return replace(state, pending=Pending("trap", who=i, ref=trap.id))
    state = note(_trap_status(state, idx, "gone"), said("trap.alarm-sounds"))
    return spawn_wanderer(state, i)


# ---------------------------------------------------------------------------------------------------
# Searching


def search_scope(state: QuestState, i: int) -> tuple[str, frozenset[Square]]:
    """The area hero `i` stands in and the squares of it he can see (line 82: searching needs sight)."""
    at = state.heroes[i].at
    assert at is not None
    board = state.layout.board
    area = board.area_at[at]
    return area, frozenset(s for s in board.squares_of(area) if sees(state.layout, at, s))


def search_mark(state: QuestState, i: int, what: str) -> str:
    """The mark a search for traps or doors by hero `i` leaves in `QuestState.searched`: its kind, the
    area and the square searched from, "doors:corridor-3@4,7" (what it covered is the area as far as
    seen from there, `search_scope`)."""
    at = state.heroes[i].at
    assert at is not None
    return f"{what}:{state.layout.board.area_at[at]}@{at[0]},{at[1]}"


def furniture_in(state: QuestState, area: str, scope: frozenset[Square]) -> set[str]:
    """The ids of the furniture a search of `area` within `scope` covers."""
    return {
        f.id
        for f in state.layout.furniture
        if f.squares & scope or (state.layout.board.area_at[f.at] == area and f.squares & scope)
    }


def search(state: QuestState, i: int, what: str) -> QuestState:
    """Search the hero's area, as far as he sees, for traps, secret doors or treasure (lines 94-100)."""
    area, scope = search_scope(state, i)
    name = state.hero_of(i).name
    furniture = furniture_in(state, area, scope)
    if what in ("traps", "doors"):  # where from, so the heroes know what it covered (line 82: in sight)
        state = replace(state, searched=add(state.searched, search_mark(state, i, what)))
    if what == "traps":
        found = [
            k
            for k, t in enumerate(state.ctx.traps)
            if state.traps[k] == "hidden"
            and (t.squares & scope or (t.furniture is not None and t.furniture in furniture))
        ]
        for k in found:
            state = _trap_status(state, k, "found")
        state = find_icicles(state, i, scope)  # an ice gremlin's stalactites (line 847)
        if not found:
            return note(state, said("trap.searches-traps-finds-none", hero=i, hero_name=name))
        places = tuple(trap_place(state, k) for k in found)  # the spot, not the kind (line 96)
        pieces = tuple(place_piece(state, k) for k in found)
        return note(
            state,
            said(
                "trap.searches-traps-finds",
                hero=i,
                hero_name=name,
                found=len(found),
                places=places,
                pieces=pieces,
            ),
        )
    if what == "doors":
        found_doors = [
            d.id
            for d in state.layout.door_by_id.values()
            if d.state == "secret" and any(s in scope for s in d.at)
        ]
        for door_id in found_doors:
            state = set_door(state, door_id, "closed")
        return note(
            state,
            said("search.searches-secret-doors-finds", hero=i, hero_name=name, found_doors=len(found_doors)),
        )
    state = replace(state, searched=add(state.searched, f"treasure:{area}"))
    for k, t in enumerate(state.ctx.traps):
        if (
            t.furniture in furniture
            and state.traps[k] in ("hidden", "found")
            and _treasure_in(state, t.furniture or "")
        ):
            state = note(
                _trap_status(state, k, "gone"),
                said("trap.furniture-trap-springs", hero=i, furniture=t.furniture, hero_name=name),
            )
            return replace(state, pending=Pending("trap", who=i, ref=t.id, then="treasure"))
    return take_treasure(state, i)


def _treasure_in(state: QuestState, furniture: str) -> bool:
    return any(
        t.furniture == furniture and t.id not in state.taken and not locked_treasure(state, t.id)
        for t in state.ctx.treasure
    )


def take_treasure(state: QuestState, i: int) -> QuestState:
    """Hero `i` takes the treasure he can see in his area: gold, items, artifacts; deck cards to draw."""
    area, scope = search_scope(state, i)
    furniture = furniture_in(state, area, scope)
    name = state.hero_of(i).name
    ids = [
        t.id
        for t in state.ctx.treasure
        if t.id not in state.taken
        and ((t.at is not None and t.at in scope) or t.furniture in furniture)
        and not locked_treasure(state, t.id)  # held by a challenge until it is met (`challenge_play`)
    ]
    if not ids:
        return note(state, said("search.searches-treasure-finds-nothing", hero=i, hero_name=name))
    return give_treasure(state, i, ids, found="treasure.finds")


def find_icicles(state: QuestState, i: int, scope: frozenset[Square]) -> QuestState:
    """A search for traps with no monster in sight finds the gremlins' stalactites the hero sees in his
    area, and he knocks them down (line 847)."""
    if state.visible_monsters or not state.icicles:
        return state
    found = [s for s in state.icicles if tuple(int(v) for v in s.split(",")) in scope]
    if not found:
        return state
    state = replace(state, icicles=tuple(s for s in state.icicles if s not in found))
    return note(
        state,
        said("trap.finds-stalactite-trap-knocks", hero=i, hero_name=state.hero_of(i).name, found=len(found)),
    )
