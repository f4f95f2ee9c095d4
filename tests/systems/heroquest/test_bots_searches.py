"""The bot heroes search for secret doors only where no search has looked yet (issue 34: "heroes search for
doors in corridors again and again").

`004_24cd6f974fe6a1ee.txt:82`: searching for "traps, treasure and secret doors" needs line of sight;
line 94: "thoroughly search an area". A search covers the hero's room or corridor as far as he sees it
(`traps.search_scope`), and leaves its mark, where it was made from, in `QuestState.searched`; a second
search that sees nothing the first did not cannot find a door the first missed.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.dice.core import Rng
from grognard.systems.heroquest.features.dungeon.traps import search_scope
from grognard.systems.heroquest.model.state import QuestState, Turn
from grognard.systems.heroquest.policies.bot_maps import searched_before
from grognard.systems.heroquest.policies.bots import hero_bot
from tests.systems.heroquest.play_helpers import begin, put_hero, step

NORTH = (4, 0)
"""A square of the goblin cellar's straight top corridor ("north-edge")."""
NORTH_FAR = (20, 0)
"""Another square of that corridor, at its other end."""
WEST = (0, 9)
"""A square of another corridor ("west-edge")."""


def _idle_at(state: QuestState, at: tuple[int, int]) -> QuestState:
    """The barbarian on `at` with his move used up, no monster on the board: all that is left to do is a
    search or the end of his turn (the monsters not yet placed)."""
    state = put_hero(state, 0, at)
    monsters = tuple(replace(m, at=None, status="held") for m in state.monsters)
    return replace(state, monsters=monsters, turn=Turn(rolled=True, moves=0))


def test_a_search_for_doors_leaves_its_mark_where_it_was_made_line_82() -> None:
    """The search for doors (and traps) records its area and square, so what it covered is known later."""
    state = _idle_at(begin(), NORTH)
    after = step(state, "search:doors")
    assert after.searched == ("doors:north-edge@4,0",)
    assert step(_idle_at(begin(), WEST), "search:traps").searched == ("traps:west-edge@0,9",)


def test_a_hero_searches_a_corridor_for_doors_once_lines_82_94() -> None:
    """With nothing else to do he searches the corridor; once it is searched (from either end: it is
    straight, all in sight) he ends his turn instead; in another corridor he searches again."""
    state = _idle_at(begin(), NORTH)
    assert search_scope(state, 0)[0] == "north-edge"
    assert hero_bot(state, Rng("t")) == "search:doors"
    searched = step(state, "search:doors").searched
    again = replace(state, searched=searched)
    assert searched_before(again, 0, "doors")
    assert hero_bot(again, Rng("t")) == "end"
    far = replace(_idle_at(begin(), NORTH_FAR), searched=searched)
    assert search_scope(far, 0)[1] == search_scope(state, 0)[1]  # the whole corridor is in sight
    assert hero_bot(far, Rng("t")) == "end"
    other = replace(_idle_at(begin(), WEST), searched=searched)
    assert not searched_before(other, 0, "doors")
    assert hero_bot(other, Rng("t")) == "search:doors"


def test_a_search_for_traps_does_not_count_as_one_for_doors() -> None:
    """Only a search for doors covers the corridor for doors (line 94: three kinds of secrets)."""
    state = _idle_at(begin(), NORTH)
    traps = replace(state, searched=step(state, "search:traps").searched)
    assert not searched_before(traps, 0, "doors") and searched_before(traps, 0, "traps")
    assert hero_bot(traps, Rng("t")) == "search:doors"
