"""A spare fighter comes to help a companion under attack (issue 34: "a spare fighter ends his turn beside
a companion under attack").

`004_24cd6f974fe6a1ee.txt:74`: figures move "only on four sides" and "may move past each other over the
same squares only if they are allies"; line 84: "Characters may attack once per turn". A goblin strikes
the dwarf; the barbarian stands behind the dwarf, and the squares beside the goblin that the dwarf does
not hold are free. With the moves to reach one he goes there and attacks the goblin, rather than ending
his turn behind the dwarf. With a second goblin in reach that strikes no one, he goes to the one striking
the dwarf when the dwarf is down to half his Body (the bot of before went to the nearer side of the other:
every free square beside a monster in sight was as good a goal to it); with the dwarf unhurt he still
goes to the nearer goblin (helping a companion who needs no help cost the heroes games, see
docs/systems/heroquest.md).
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


STRIKER = (3, 5)
"""In the tests of two goblins: the goblin striking the dwarf, who stands at (3, 6), the barbarian behind
him at (3, 7)."""
IDLE = (1, 8)
"""A second goblin in room D, striking no one: the free squares beside it are nearer the barbarian."""


def two_goblins(moves: int) -> QuestState:
    """The barbarian's turn, `moves` squares to move rolled: goblin-1 at `STRIKER` strikes the dwarf,
    who is down to half his Body (one in need of help, `bots._in_danger`), goblin-2 at `IDLE` strikes no
    one."""
    state = begin(heroes="barbarian,dwarf-warrior")
    kept = {"goblin-1": STRIKER, "goblin-2": IDLE}
    monsters = tuple(
        replace(m, at=kept[m.id], aware=True) if m.id in kept else replace(m, at=None, status="held")
        for m in state.monsters
    )
    half = state.hero_of(1).maximum("body") // 2
    state = put_hero(put_hero(replace(state, monsters=monsters), 1, (3, 6), body=half), 0, (3, 7))
    return replace(state, turn=Turn(rolled=True, moves=moves))


def test_the_two_goblins_are_as_described() -> None:
    state = two_goblins(6)
    striker, idle = index_of(state, "goblin-1"), index_of(state, "goblin-2")
    assert sorted(state.visible_monsters) == sorted((striker, idle))
    assert monster_targets(state, striker) == [1] and monster_targets(state, idle) == []
    moves = {square_of(a) for a in state.legal_actions() if a.startswith("move:")}
    assert moves & beside_squares(state, IDLE) and moves & (beside_squares(state, STRIKER) - {(3, 6)})


def test_the_spare_fighter_goes_to_the_goblin_striking_his_companion_lines_74_84() -> None:
    """Of two goblins he can reach this turn, the barbarian goes beside the one striking the dwarf and
    attacks it (before, he went to the nearer side of the goblin that struck no one)."""
    for moves in (3, 6, 12):
        state = two_goblins(moves)
        action = hero_bot(state, Rng("t"))
        assert action.startswith("move:"), (moves, action)
        to = square_of(action)
        assert to in beside_squares(state, STRIKER) and to not in beside_squares(state, IDLE), (moves, action)
        assert hero_bot(step(state, action), Rng("t")) == "attack:goblin-1"


def test_a_companion_who_needs_no_help_is_left_to_his_fight() -> None:
    """The dwarf unhurt: the barbarian goes to the goblin nearer him, which strikes no one, as before."""
    state = put_hero(two_goblins(6), 1, body=two_goblins(6).hero_of(1).maximum("body"))
    action = hero_bot(state, Rng("t"))
    assert action.startswith("move:") and square_of(action) in beside_squares(state, IDLE), action
