"""The "search" heroes weigh no potion that could heal no one (issue 34: the search bot made faster).

`004_24cd6f974fe6a1ee.txt:403`: a Potion of Healing "restores body points ... The total cannot exceed the
character's maximum body points": a hero at full Body gains nothing by it, so the searching bot does not
roll it out for him (each candidate costs its rollouts); for a hurt hero it does.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.model.state import Turn
from grognard.systems.heroquest.policies.search_bot import candidates
from tests.systems.heroquest.play_helpers import put_hero
from tests.systems.heroquest.test_bots_companions import companion_fight


def test_a_potion_is_weighed_only_for_a_hurt_hero() -> None:
    state = put_hero(companion_fight(6), 0, (1, 5), items=("potion-of-healing",))
    state = replace(state, turn=Turn(rolled=True, moves=0))
    assert "use:potion-of-healing" in state.legal_actions()
    assert state.heroes[0].body == state.hero_of(0).maximum("body")
    assert "use:potion-of-healing" not in candidates(state, 0, list(state.legal_actions()))
    hurt = put_hero(state, 0, body=3)
    weighed = candidates(hurt, 0, list(hurt.legal_actions()))
    assert "use:potion-of-healing" in weighed and "attack:goblin-1" in weighed
