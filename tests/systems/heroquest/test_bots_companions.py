"""A spare fighter comes to help a companion under attack (issue 34: "a spare fighter ends his turn beside
a companion under attack").

`004_24cd6f974fe6a1ee.txt:74`: figures move "only on four sides" and "may move past each other over the
same squares only if they are allies"; line 84: "Characters may attack once per turn". A goblin strikes
the dwarf; the barbarian stands behind the dwarf, and the squares beside the goblin that the dwarf does
not hold are free. With the moves to reach one he goes there and attacks the goblin, rather than ending
his turn behind the dwarf.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.dice.core import Rng
from grognard.systems.heroquest.model.action_text import square_of
from grognard.systems.heroquest.model.state import QuestState, Turn
from grognard.systems.heroquest.policies.bot_maps import beside_squares, threatened
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.rules.targets import monster_targets
from tests.systems.heroquest.play_helpers import begin, index_of, put_hero, step

GOBLIN = (2, 5)
"""The goblin, in room D of the goblin cellar."""
DWARF = (2, 6)
"""The dwarf, beside the goblin (south)."""
BARBARIAN = (2, 7)
"""The barbarian, behind the dwarf: three steps from the nearest free square beside the goblin."""


def companion_fight(moves: int) -> QuestState:
    """The barbarian's turn, `moves` squares to move rolled, the goblin striking the dwarf."""
    state = begin(heroes="barbarian,dwarf-warrior")
    monsters = tuple(
        replace(m, at=GOBLIN, aware=True) if m.id == "goblin-1" else replace(m, at=None, status="held")
        for m in state.monsters
    )
    state = put_hero(put_hero(replace(state, monsters=monsters), 1, DWARF), 0, BARBARIAN)
    return replace(state, turn=Turn(rolled=True, moves=moves))


def test_the_fight_is_as_described() -> None:
    state = companion_fight(6)
    assert state.current_hero() == 0 and state.visible_monsters == (index_of(state, "goblin-1"),)
    assert monster_targets(state, index_of(state, "goblin-1")) == [1]
    assert threatened(state, 1) and not threatened(state, 0)
    assert not any(a.startswith("attack:") for a in state.legal_actions())


def test_a_spare_fighter_comes_round_and_attacks_the_monster_lines_74_84() -> None:
    """With three moves or more the barbarian steps to a free square beside the goblin, then attacks it."""
    for moves in (3, 6, 12):
        state = companion_fight(moves)
        action = hero_bot(state, Rng("t"))
        assert action.startswith("move:"), (moves, action)
        to = square_of(action)
        assert to in beside_squares(state, GOBLIN) and to != DWARF
        after = step(state, action)
        assert hero_bot(after, Rng("t")) == "attack:goblin-1"
