"""The items used as an action against the chaos spells, registered in `items.HANDLERS`: the Wolfsbane
Potion cures the Werewolf's Curse (line 427), and the Potion of Restoration, besides its healing, lifts
any curse (line 413).

The answers given as a spell comes (the Potion of Magic Resistance, the Ancient Staff, Strength of Will)
are in `chaos_flight`; the Fire Ring and the Sky Orb work by themselves (`chaos_effects`); Mimic is rolled
by `chaos_flight`.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.artifacts_env import potion_of_restoration
from grognard.systems.heroquest.chaos_effects import cure
from grognard.systems.heroquest.edits import note, with_hero
from grognard.systems.heroquest.effect_strings import has
from grognard.systems.heroquest.items import _discard, _register, always
from grognard.systems.heroquest.state import QuestState


def cursed(state: QuestState, i: int) -> list[str]:
    """The Wolfsbane Potion is offered only to a hero under the Werewolf's Curse."""
    return [""] if has(state.heroes[i].effects, "curse-werewolf") else []


@_register("wolfsbane-potion", cursed)
def wolfsbane(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 427: the curse is gone."""
    state = _discard(state, i, "wolfsbane-potion")
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=cure(fig.effects)))
    return note(state, f"{state.hero_of(i).name} is cured of the Werewolf's Curse.")


@_register("potion-of-restoration", always)
def restoration(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 413: all Body and Mind back (the catalogue's effect), poison cured
    (`artifacts_env.potion_of_restoration`) and every curse lifted."""
    state = potion_of_restoration(state, i, arg)
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, effects=cure(fig.effects)))
