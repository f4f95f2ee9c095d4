"""Resting (line 108): when it is allowed, who rests together, the dice, and what a spoiled rest brings.

"When no enemies are present, each player character may attempt to rest in a hostile area by rolling one
white die. In a standard dungeon, if all characters within line of sight of each other roll anything
other than a black shield, they rest uninterrupted and recover their health, mind and magic points.
Otherwise, the game master may attack the players with a number of his choice of the wandering monster."

Our reading (docs/rulings/heroquest.md, "Resting"):
- a hero calls a rest at the start of his turn, before he rolls to move or does anything that takes his
  action, while no active monster is in sight of any hero and no combat encounter is on; it costs his
  whole turn (the move and the action), so no hero steps out of a fight, rests and walks back in one turn;
- the group rests together: he and every hero in line of sight of him, and of those in sight of them (the
  heroes "within line of sight of each other"); mercenaries are not player characters and do not rest;
- each of the group rolls one white die: one chance node over `rested` ((5/6)^n for n heroes) and
  `disturbed`; every die is thrown and kept in play;
- rested: each of the group recovers his Body, Mind and Magic; disturbed: the automatic game master sends
  one of the quest's wandering monster beside the hero who called the rest, where it attacks at once (no
  experience for killing it, line 108).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice
from grognard.engine.game import Outcome
from grognard.systems.heroquest.content.mercenaries import is_mercenary
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.monsters.monster_pursuit import hunting
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, Chance
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.wounds import spawn_wanderer

SPOILS = "black shield"
"""The face that spoils a rest (line 108)."""

QUIET = Fraction(5, 6)
"""The chance one hero's die does not spoil the rest: anything but a black shield."""


def can_rest(state: QuestState, i: int) -> bool:
    """True when hero `i` may call a rest now: his turn not yet begun (no roll, no move, no action, no
    attack), no monster in sight of any hero, no combat encounter on, no monster chasing the heroes
    (`monster_pursuit.hunting`), and he is not a mercenary."""
    turn = state.turn
    fresh = not (turn.rolled or turn.acted or turn.stopped or turn.attacks or turn.done)
    return (
        fresh
        and not state.visible_monsters
        and not state.encounter
        and not hunting(state)
        and state.heroes[i].at is not None
        and not is_mercenary(state, i)
    )


def resting_group(state: QuestState, i: int) -> tuple[int, ...]:
    """Hero `i` and the heroes within line of sight of each other with him (figures between block a look,
    as everywhere), in party order; mercenaries and heroes off the board are left out."""
    standing = {
        k: h.at
        for k, h in enumerate(state.heroes)
        if h.status == "active" and h.at is not None and not is_mercenary(state, k)
    }
    group = {i}
    frontier = [i]
    while frontier:
        k = frontier.pop()
        a = standing[k]
        for other, b in standing.items():
            if other not in group and sees(state.layout, a, b, state.figures):
                group.add(other)
                frontier.append(other)
    return tuple(sorted(group))


def begin_rest(state: QuestState, i: int) -> QuestState:
    """Hero `i` calls a rest: his move and action spent, the group's dice to roll."""
    group = resting_group(state, i)
    spent = replace(state.turn, rolled=True, moves=0, acted=True, stopped=True)
    names = tuple(state.hero_of(k).name for k in group)
    state = note(
        replace(state, turn=spent),
        said("rest.calls-rest-rest", hero=i, hero_name=state.hero_of(i).name, names=names),
    )
    return replace(state, pending=Pending("rest", who=i, dice=len(group), then=_text(group)))


def group_of(p: Pending) -> tuple[int, ...]:
    """The heroes resting on the chance node `p` (the caller alone for an old node without the group)."""
    return tuple(int(k) for k in p.then.split(",")) if p.then else (p.who,)


def _text(group: tuple[int, ...]) -> str:
    return ",".join(str(k) for k in group)


def rest_outcomes(p: Pending) -> list[tuple[Outcome, Fraction]]:
    """`rested` when no die of the group shows a black shield, else `disturbed` (line 108)."""
    quiet = QUIET ** len(group_of(p))
    return [("rested", quiet), ("disturbed", 1 - quiet)]


def rest_throw(p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """One white die for each hero of the group, every face kept."""
    roll = heroquest_combat_dice(rng, len(group_of(p)), SPOILS, "Rest")
    spoiled = roll.total > 0
    return ("disturbed" if spoiled else "rested"), (roll,)


def rest_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The group recovers Body, Mind and Magic; or the wandering monster comes to the caller."""
    group = group_of(p)
    if move != "rested":
        return spawn_wanderer(note(state, said("rest.rest-disturbed")), p.who, resting=True)
    for k in group:
        fig = state.heroes[k]
        if fig.status != "active":
            continue
        hero = state.hero_of(k)
        fig = replace(fig, body=hero.maximum("body"), mind=hero.maximum("mind"), magic=hero.maximum("magic"))
        state = note(with_hero(state, k, fig), said("heal.rests-recovers", hero=k, hero_name=hero.name))
    return state


CHANCES.add(
    "rest",  # one die for each hero resting together (line 108)
    Chance(
        lambda state, p: rest_outcomes(p),
        lambda state, p, move: rest_result(state, p, str(move)),
        lambda state, p, rng: rest_throw(p, rng),
    ),
)
