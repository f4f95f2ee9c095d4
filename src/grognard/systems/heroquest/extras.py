"""The hooks the shared turn modules call for the rules played in `challenge_play` (other actions, line
110), `pit_climb` (line 132), `destiny` (Human Destiny, line 311) and `fallen` (a dead hero's things,
line 90): the actions they offer and apply, and their chance nodes' outcomes, dice and results.
"""

from __future__ import annotations

from fractions import Fraction

from grognard.engine.dice import Rng, Roll
from grognard.engine.game import Move, Outcome
from grognard.systems.heroquest.state import Pending, QuestState

VERBS = ("challenge", "collect", "climb")
"""The hero actions played here."""


def held(state: QuestState, i: int) -> bool:
    """True while hero `i` must roll to climb out of a pit before he moves (`pit_climb`)."""
    from grognard.systems.heroquest.pit_climb import held as in_pit

    return in_pit(state, i)


def locked(state: QuestState, door_id: str) -> bool:
    """True while a challenge keeps the door shut to hands (`challenge_play`)."""
    from grognard.systems.heroquest.challenge_play import locked_door

    return locked_door(state, door_id)


def hero_extras(state: QuestState, i: int, free_to_act: bool) -> list[str]:
    """The actions of these rules hero `i` has now: `climb` (in place of the movement roll), and, while
    his action is free, `challenge:ID` and `collect:hN`."""
    from grognard.systems.heroquest.challenge_play import challenge_actions
    from grognard.systems.heroquest.fallen import collect_actions
    from grognard.systems.heroquest.pit_climb import climb_actions

    out = climb_actions(state, i)
    if free_to_act:
        out += challenge_actions(state, i) + collect_actions(state, i)
    return out


def apply_extra(state: QuestState, i: int, verb: str, arg: str) -> QuestState:
    """Hero `i` climbs, tries a challenge or collects a fallen companion's things (the last two take the
    turn's action, which the caller has marked)."""
    from grognard.systems.heroquest.challenge_play import attempt
    from grognard.systems.heroquest.fallen import collect
    from grognard.systems.heroquest.pit_climb import climb

    if verb == "climb":
        return climb(state, i)
    if verb == "challenge":
        return attempt(state, i, arg)
    return collect(state, i, arg)


def extra_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The exact outcomes of these rules' chance nodes (and of a roll a kept destiny die stands for), or
    None for any other node."""
    from grognard.systems.heroquest import challenge_play, destiny, pit_climb

    if p.kind == "challenge":
        return list(challenge_play.challenge_outcomes(p))
    if p.kind == "climb":
        return list(pit_climb.climb_outcomes(p))
    if p.kind == "destiny":
        return destiny.destiny_outcomes()
    return destiny.fate_outcomes(state, p)


def extra_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]] | None:
    """The real dice of these rules' chance nodes, or None for any other node."""
    from grognard.systems.heroquest import challenge_play, destiny, pit_climb

    if p.kind == "challenge":
        return challenge_play.challenge_throw(p, rng)
    if p.kind == "climb":
        return pit_climb.climb_throw(p, rng)
    if p.kind == "destiny":
        return destiny.destiny_throw(rng)
    return destiny.fate_throw(state, p, rng)


def extra_result(state: QuestState, p: Pending, move: Move) -> tuple[QuestState, bool]:
    """The state after one of these rules' nodes came out as `move` (and True), or the state with a kept
    destiny die spent by the roll it stood for (and False: the caller plays the roll's outcome)."""
    from grognard.systems.heroquest import challenge_play, destiny, pit_climb

    if p.kind == "challenge":
        return challenge_play.challenge_result(state, p, str(move)), True
    if p.kind == "climb":
        return pit_climb.climb_result(state, p, str(move)), True
    if p.kind == "destiny":
        return destiny.destiny_result(state, p, str(move)), True
    return destiny.spend_fate(state, p), False
