"""Where a figure may end its move (lines 78-132): a hero's reach with the moves left (allies passed,
enemies not; Veil of Mist, Dust, Skate, Pass Through Rock and Ice Wall change it), a monster's (never onto
a trap it knows), and the jumps over a known trap.
"""

from __future__ import annotations

from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.geometry import Reach, jump, reachable
from grognard.systems.heroquest.features.monsters.monster_flight import carry_reach
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.features.spells.spells import through_rock_reach
from grognard.systems.heroquest.model.edits import known_traps, trap_here
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.chaos_effects import monster_passage
from grognard.systems.heroquest.rules.ice import ice_squares


def hero_reach(state: QuestState, index: int) -> Reach:
    """Where hero `index` may end a move with the moves left."""
    fig = state.heroes[index]
    at = fig.at
    assert at is not None
    allies = state.hero_squares - {at}
    foes = state.monster_squares
    if has(fig.effects, "mist") or has(fig.effects, "dust") or has(fig.effects, "skate"):  # 521, 449, 555
        allies, foes = allies | foes, frozenset()

    foes = foes | ice_squares(state)  # Ice Wall blocks movement (line 585)
    if has(fig.effects, "rock"):  # Pass Through Rock (line 499)
        return through_rock_reach(state, at, state.turn.moves, allies, foes | known_traps(state))
    traps = known_traps(state)
    return reachable(state.layout, at, state.turn.moves, allies=allies, enemies=foes, avoid=traps)


def monster_reach(state: QuestState, index: int) -> Reach:
    """Where monster `index` may end its move."""
    carried = carry_reach(state, index)  # a fimir carrying a hero off drags him behind (line 711)
    if carried is not None:
        return carried
    at = state.monsters[index].at
    assert at is not None
    allies, enemies = monster_passage(state, index)  # through figures under Skate, not ice (555, 585)
    moves = state.turn.moves
    return reachable(state.layout, at, moves, allies=allies, enemies=enemies, avoid=all_traps(state))


def jumps(state: QuestState, index: int) -> list[tuple[Square, int, int]]:
    """The jumps hero `index` may try over a known trap beside him: (landing, moves used, trap index)."""
    at = state.heroes[index].at
    assert at is not None
    found = []
    known = known_traps(state)
    for n in neighbours(at):
        if n not in known:
            continue
        trap = trap_here(state, n)
        if trap is None:
            continue
        landed = jump(state.layout, at, state.ctx.traps[trap].squares, occupied=state.figures)
        if landed is not None and landed[1] <= state.turn.moves and trap_here(state, landed[0]) is None:
            found.append((landed[0], landed[1], trap))
    return found
