"""Small edits of a quest state shared by every rule (the model layer's helpers): an event logged, a hero
or monster replaced, a monster found by id or given effects, a sorted set grown, where a dangerous trap
or a free square is, and the named selectors for questions asked everywhere (`active_heroes`,
`active_squares`)."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.effect_strings import has, parse
from grognard.systems.heroquest.model.events import HqEvent, said
from grognard.systems.heroquest.model.state import HeroFig, MonsterFig, QuestState


def note(state: QuestState, event: HqEvent) -> QuestState:
    """The state with one more event in the log of this move (a record, never text: `events`)."""
    if not isinstance(event, HqEvent):
        raise TypeError(f"the log keeps events, not {type(event).__name__}")
    return state.evolve(log=(*state.log, event))


def with_hero(state: QuestState, index: int, fig: HeroFig) -> QuestState:
    """The state with hero `index` replaced."""
    heroes = list(state.heroes)
    heroes[index] = fig
    return state.evolve(heroes=tuple(heroes))


def with_monster(state: QuestState, index: int, fig: MonsterFig) -> QuestState:
    """The state with monster `index` replaced."""
    monsters = list(state.monsters)
    monsters[index] = fig
    return state.evolve(monsters=tuple(monsters))


def monster_index(state: QuestState, mid: str) -> int:
    """The index of the monster whose id is `mid` (it must be on the quest's list)."""
    return next(k for k, m in enumerate(state.monsters) if m.id == mid)


def add_monster_effects(state: QuestState, j: int, *effects: str) -> QuestState:
    """The state with `effects` put on monster `j`, after those it has."""
    m = state.monsters[j]
    return with_monster(state, j, replace(m, effects=(*m.effects, *effects)))


def add(items: tuple[str, ...], *new: str) -> tuple[str, ...]:
    """A sorted set (tuple) with more members."""
    return tuple(sorted(set(items) | set(new)))


def trap_here(state: QuestState, square: Square) -> int | None:
    """The index of a trap still dangerous on `square` (hidden, found, or a sprung pit or axe), or None."""
    for i, t in enumerate(state.ctx.traps):
        if square in t.squares and state.traps[i] in ("hidden", "found", "sprung"):
            if state.traps[i] == "sprung" and t.kind not in ("pit", "long-pit", "swinging-axe"):
                continue
            return i
    return None


def free_square_near(state: QuestState, near: Square) -> Square | None:
    """The nearest free floor square to `near` (by steps through open edges), for a figure to appear on."""
    layout = state.layout
    seen = {near}
    frontier = [near]
    while frontier:
        nxt = []
        for sq in frontier:
            x, y = sq
            for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if n in seen or not layout.open_between(sq, n) or layout.solid(n):
                    continue
                seen.add(n)
                if n not in state.figures and not trap_here(state, n):
                    return n
                nxt.append(n)
        frontier = nxt
    return None


def chebyshev(a: Square, b: Square) -> int:
    """Squares apart, diagonals counting one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def active_heroes(state: QuestState, *, near: Square | None = None, but: int | None = None) -> list[int]:
    """The heroes in play on the board (active and placed), by party place: only those on the eight
    squares around `near` when it is given, and never hero `but`."""
    return [
        k
        for k, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and k != but
        and (near is None or chebyshev(near, h.at) == 1)
    ]


def active_squares(state: QuestState) -> list[Square]:
    """The squares of the heroes in play on the board, by party place."""
    return [h.at for h in state.heroes if h.status == "active" and h.at is not None]


def set_door(state: QuestState, door_id: str, status: str) -> QuestState:
    """The state with a door in a new state."""
    index = state.ctx.door_ids.index(door_id)
    doors = list(state.doors)
    doors[index] = status
    return state.evolve(doors=tuple(doors))


def known_traps(state: QuestState) -> frozenset[Square]:
    """Squares of traps the heroes know and must jump: found and unsprung, or sprung pits and axes."""
    out: set[Square] = set()
    for i, t in enumerate(state.ctx.traps):
        status = state.traps[i]
        if status == "found" or (status == "sprung" and t.kind in ("pit", "long-pit", "swinging-axe")):
            out |= t.squares
    return frozenset(out)


def hidden(state: QuestState, i: int) -> bool:
    """True while hero `i` is in stealth or under Disappear (enemies neither see nor attack him)."""
    effects = state.heroes[i].effects
    return has(effects, "stealth") or has(effects, "vanish")


def tossed(effects: tuple[str, ...]) -> Square | None:
    """Where a weapon thrown by Mighty Toss lies, or None."""
    for e in effects:
        name = parse(e)[0]
        if name.startswith("tossed@"):
            x, y = name[7:].split(",")
            return int(x), int(y)
    return None


def drop_stealth(state: QuestState, i: int) -> QuestState:
    """Stealth broken."""
    fig = state.heroes[i]
    if not has(fig.effects, "stealth"):
        return state
    effects = tuple(e for e in fig.effects if parse(e)[0] != "stealth")
    return note(
        with_hero(state, i, replace(fig, effects=effects)),
        said("move.seen", hero=i, hero_name=state.hero_of(i).name),
    )


def thrall_of(state: QuestState, j: int) -> int | None:
    """The wizard who holds monster `j` by Dominion (while he is in play), or None."""
    for e in state.monsters[j].effects:
        name = parse(e)[0]
        if name.startswith("thrall") and name[6:].isdigit():
            w = int(name[6:])
            if state.heroes[w].status == "active":
                return w
    return None


def seen_enemies(state: QuestState, i: int, *, living: bool = True) -> list[int]:
    """The indices of the active monsters hero `i` sees."""
    at = state.heroes[i].at
    assert at is not None
    return [
        j
        for j, m in enumerate(state.monsters)
        if m.status == "active" and m.at is not None and sees(state.layout, at, m.at, state.figures)
    ]


def trap_status(state: QuestState, idx: int, status: str) -> QuestState:
    """The state with trap `idx` now `status` ("hidden", "found", "sprung", "disarmed", "gone")."""
    traps = list(state.traps)
    traps[idx] = status
    return replace(state, traps=tuple(traps))
