"""Monsters running away (lines 86-88), carrying a hero off (Kidnap, line 711) and lying in ambush
(Ambush, line 803).

Running away. Line 86: a side may run away "by moving beyond the line of sight of all opposing
characters"; line 88: one still out of sight by the end of the chasers' next turn has escaped, and a
game master's monster leaves the board. The rulebook does not say when a monster runs; our ruling: a
monster with a mind (Mind above 0; the undead have none) runs once it is down to a third of its
starting Body or less, unless its quest says it fights on (`flees = false`) or it is the quest's target;
a thief runs with what it stole (line 849). A running monster ends its turn out of every hero's sight
if it can (`flee_move`), and hides; if no hero has seen it again when its next turn begins (the heroes'
turns come between), it has escaped: status "gone".

Kidnap. The fimir that won carries the hero off: it moves with him in its wake (he is put on the square
it left last), defending with base dice and making no attack; he cannot act, nor be attacked by other
monsters, but rolls a red die at the start of each of his turns and is free on a 6 (`monster_turns`).
Out of sight of every other hero at the end of two of its turns running, fimir and hero vanish: the hero
is dead and his gear gone with him.

Ambush. A monster with Ambush lies unseen from the start (status "lurking": on its square, but no one
sees, targets or counts it, even in the heroes' sight); it is revealed for good when it moves or
attacks, or when a hero comes within two squares of it (diagonals counting one, as for Stealth).
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import Reach, reachable
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.model.action_text import square_of
from grognard.systems.heroquest.model.edits import note, with_hero, with_monster
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.monster_wounds import carrying, kidnapped, release, stone, untag


def watchers(state: QuestState, *, besides: int = -1) -> list[Square]:
    """The squares of the heroes who can look about them (not stone nor carried off), but `besides`."""
    return [
        h.at
        for i, h in enumerate(state.heroes)
        if i != besides
        and h.status == "active"
        and h.at is not None
        and not stone(state, i)
        and kidnapped(state, i) is None
    ]


def seen(state: QuestState, j: int, *, besides: int = -1, at: Square | None = None) -> bool:
    """True when a hero sees monster `j` (on `at` when given, as if it stood there)."""
    where = at if at is not None else state.monsters[j].at
    if where is None:
        return False
    figures = state.figures
    if at is not None and state.monsters[j].at is not None:
        figures = (figures - {state.monsters[j].at}) | {at}
    return any(sees(state.layout, h, where, figures) for h in watchers(state, besides=besides))


def running(state: QuestState, j: int) -> bool:
    """True while monster `j` runs away."""
    return "running|quest" in state.monsters[j].effects


def wants_to_run(state: QuestState, j: int) -> bool:
    """Our ruling on when a monster runs: a mind, a third of its Body or less left, free to flee."""
    m = state.monsters[j]
    stats = state.stats_of(j)
    placed = next((p for p in state.ctx.quest.file.monsters if p.id == m.id), None)
    goal = state.ctx.quest.file.goal
    if stats.mind < 1 or (placed is not None and not placed.flees) or m.id in goal.targets:
        return False
    return m.body * 3 <= stats.body


# ---------------------------------------------------------------------------------------------------
# Turns


def turn_begins(state: QuestState, j: int) -> QuestState:
    """Monster `j`'s turn begins: one still hidden since its last turn has escaped; one badly hurt turns
    to run."""
    m = state.monsters[j]
    name = state.stats_of(j).name
    if "hiding|quest" in m.effects and carrying(state, j) is None:
        state = with_monster(state, j, replace(m, status="gone", at=None))
        return note(state, said("monster.has-escaped", monster=j, monster_name=name))
    if not running(state, j) and wants_to_run(state, j):
        state = with_monster(state, j, replace(m, effects=(*m.effects, "running|quest")))
        state = note(state, said("monster.turns-run", monster=j, monster_name=name))
    return state


def turn_ends(state: QuestState, j: int) -> QuestState:
    """Monster `j`'s turn ends: a runner out of sight hides; a fimir out of the other heroes' sight two
    turns running vanishes with the hero it carries (line 711)."""
    m = state.monsters[j]
    if m.status != "active" or m.at is None:
        return state
    carried = carrying(state, j)
    if carried is not None:
        if seen(state, j, besides=carried):
            return state
        count = sum(int(e[7:].partition("|")[0]) for e in m.effects if e.startswith("unseen+")) + 1
        if count < 2:
            kept = tuple(e for e in m.effects if not e.startswith("unseen+"))
            return with_monster(state, j, replace(m, effects=(*kept, f"unseen+{count}|quest")))
        return vanish(state, j, carried)
    if running(state, j) and "hiding|quest" not in m.effects and not seen(state, j):
        state = with_monster(state, j, replace(m, effects=(*m.effects, "hiding|quest")))
        state = note(state, said("monster.out-sight", monster=j, monster_name=state.stats_of(j).name))
    return state


def vanish(state: QuestState, j: int, i: int) -> QuestState:
    """The fimir and the hero it carries are gone: the hero is presumed dead, his gear stolen."""
    m = state.monsters[j]
    state = with_monster(state, j, replace(release(m), status="gone", at=None))
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, status="dead", at=None, body=0, items=(), effects=(), escort=""))
    for k, o in enumerate(state.monsters):
        if fig.escort and o.id == fig.escort and fig.at is not None:
            state = with_monster(state, k, replace(o, status="prisoner", at=fig.at))
    return note(
        state,
        said(
            "death.vanishes-never-be-seen",
            hero=i,
            monster=j,
            monster_name=state.stats_of(j).name,
            hero_name=state.hero_of(i).name,
        ),
    )


def watch(state: QuestState) -> QuestState:
    """After every move: a hiding runner seen again is hiding no more; a kidnapper seen again starts its
    count afresh; an ambusher no hero has seen lurks, and one a hero comes near is revealed."""
    for j, m in enumerate(state.monsters):
        if m.status == "active" and m.at is not None:
            if "hiding|quest" in m.effects and seen(state, j):
                state = with_monster(
                    state, j, replace(m, effects=tuple(e for e in m.effects if e != "hiding|quest"))
                )
            elif any(e.startswith("unseen+") for e in m.effects):
                carried = carrying(state, j)
                if carried is None or seen(state, j, besides=carried):
                    state = with_monster(state, j, replace(m, effects=untag(m.effects, "unseen")))
        if "Ambush" in state.ctx.monster(m.id).skills:  # what `stats_of` changes leaves skills alone
            state = lurk(state, j)
    return state


def lurk(state: QuestState, j: int) -> QuestState:
    """Ambush (line 803) for monster `j`: hidden till seen, revealed by a hero within two squares."""
    m = state.monsters[j]
    if m.at is None or m.status not in ("active", "lurking"):
        return state
    near = any(max(abs(h[0] - m.at[0]), abs(h[1] - m.at[1])) <= 2 for h in watchers(state))
    if m.status == "active":
        if "revealed|quest" in m.effects:
            return state
        if near:
            return with_monster(state, j, replace(m, effects=(*m.effects, "revealed|quest")))
        return with_monster(state, j, replace(m, status="lurking"))
    if near:
        return reveal(state, j)
    if not m.aware and any(sees(state.layout, m.at, h, state.figures) for h in watchers(state)):
        return with_monster(state, j, replace(m, aware=True))
    return state


def reveal(state: QuestState, j: int) -> QuestState:
    """A lurking monster shows itself."""
    m = state.monsters[j]
    if m.status != "lurking":
        return state
    state = with_monster(
        state, j, replace(m, status="active", aware=True, effects=(*m.effects, "revealed|quest"))
    )
    return note(state, said("monster.springs-from-ambush", monster=j, monster_name=state.stats_of(j).name))


# ---------------------------------------------------------------------------------------------------
# Moving


def carry_reach(state: QuestState, j: int) -> Reach | None:
    """Where monster `j` may end its move while it carries a hero off (through the hero's square, never
    ending on it, nor past another figure: he is dragged behind), or None when it carries no one."""
    i = carrying(state, j)
    m = state.monsters[j].at
    if i is None or m is None:
        return None
    hero = state.heroes[i].at
    others = state.figures - {m} - ({hero} if hero is not None else set())
    return reachable(
        state.layout,
        m,
        state.turn.moves,
        allies=frozenset({hero}) if hero is not None else frozenset(),
        enemies=others,
        avoid=all_traps(state),
    )


def moved(state: QuestState, j: int, path: list[Square]) -> QuestState:
    """After monster `j` walked `path`: the squares it crossed count for Rush (line 689), a lurker is
    revealed, and a hero it carries is dragged onto the square it left last."""
    steps = len(path) - 1
    if steps <= 0:
        return state
    state = reveal(state, j)
    m = state.monsters[j]
    state = with_monster(state, j, replace(m, effects=(*m.effects, f"rushed+{steps}|next-turn")))
    i = carrying(state, j)
    if i is not None:
        fig = state.heroes[i]
        state = with_hero(state, i, replace(fig, at=path[-2]))
    return state


def flee_move(state: QuestState, j: int, moves: list[str]) -> str:
    """The move of a running (or carrying) monster: to a square no hero sees, farthest from the heroes;
    else the farthest it can reach; "end" when staying is as good."""
    here = state.monsters[j].at
    assert here is not None
    carried = carrying(state, j)
    heroes = watchers(state, besides=-1 if carried is None else carried)

    def score(square: Square) -> tuple[bool, int, int, Square]:
        hidden = not seen(state, j, besides=-1 if carried is None else carried, at=square)
        far = min((abs(square[0] - h[0]) + abs(square[1] - h[1]) for h in heroes), default=0)
        return (hidden, far, -abs(square[0] - here[0]) - abs(square[1] - here[1]), (-square[0], -square[1]))

    options = [here, *(square_of(a) for a in moves if a.startswith("move:"))]
    best = max(options, key=score)
    return "end" if best == here else f"move:{best[0]},{best[1]}"
