"""The hooks the shared turn modules call for the rules played in `challenge_play` (other actions, line
110), `pit_climb` (line 132), `destiny` (Human Destiny, line 311) and `fallen` (a dead hero's things,
line 90): the actions they offer and apply (their chance nodes are registered by their own modules).
"""

from __future__ import annotations

from grognard.systems.heroquest.challenge_play import attempt, challenge_actions, locked_door
from grognard.systems.heroquest.fallen import collect, collect_actions
from grognard.systems.heroquest.pit_climb import climb, climb_actions
from grognard.systems.heroquest.pit_climb import held as in_pit
from grognard.systems.heroquest.state import QuestState

VERBS = ("challenge", "collect", "climb")
"""The hero actions played here."""


def held(state: QuestState, i: int) -> bool:
    """True while hero `i` must roll to climb out of a pit before he moves (`pit_climb`)."""
    return in_pit(state, i)


def locked(state: QuestState, door_id: str) -> bool:
    """True while a challenge keeps the door shut to hands (`challenge_play`)."""
    return locked_door(state, door_id)


def hero_extras(state: QuestState, i: int, free_to_act: bool) -> list[str]:
    """The actions of these rules hero `i` has now: `climb` (in place of the movement roll), and, while
    his action is free, `challenge:ID` and `collect:hN`."""
    out = climb_actions(state, i)
    if free_to_act:
        out += challenge_actions(state, i) + collect_actions(state, i)
    return out


def apply_extra(state: QuestState, i: int, verb: str, arg: str) -> QuestState:
    """Hero `i` climbs, tries a challenge or collects a fallen companion's things (the last two take the
    turn's action, which the caller has marked)."""
    if verb == "climb":
        return climb(state, i)
    if verb == "challenge":
        return attempt(state, i, arg)
    return collect(state, i, arg)
