"""The items used as an action against the chaos spells, registered in `items.HANDLERS`: the Wolfsbane
Potion cures the Werewolf's Curse (line 427). The Potion of Restoration, which besides its healing lifts
any curse (line 413), is played in `artifacts_env` with the poison it cures.

The answers given as a spell comes (the Potion of Magic Resistance, the Ancient Staff, Strength of Will)
are in `chaos_flight`; the Fire Ring and the Sky Orb work by themselves (`chaos_effects`); Mimic is rolled
by `chaos_flight`.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.features.items.items import register_item
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.artifacts_gear import discard_thing
from grognard.systems.heroquest.rules.chaos_effects import cure


def cursed(state: QuestState, i: int) -> list[str]:
    """The Wolfsbane Potion is offered only to a hero under the Werewolf's Curse."""
    return [""] if has(state.heroes[i].effects, "curse-werewolf") else []


@register_item("wolfsbane-potion", cursed)
def wolfsbane(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 427: the curse is gone."""
    state = discard_thing(state, i, "wolfsbane-potion")
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=cure(fig.effects)))
    return note(state, said("heal.cured-werewolf-curse", hero=i, hero_name=state.hero_of(i).name))
