"""The automatic game master's monsters chasing heroes who ran out of sight (line 88).

"The other characters may attempt to chase a character that has run away, but if by the end of their next
turn the character in question is still beyond line of sight, he is considered to have escaped. [...] If
the escapee is a player, and no other player characters are visible, the game master may roll a red die
to determine which direction the enemies will move, or if the enemies return to their start positions."

Our reading (docs/rulings/heroquest.md, "Running out of sight"), for the automatic game master only (a
person moves his monsters as he likes). A monster that has seen the heroes (`aware`), is not running away
itself, and begins its turn seeing no hero:
- chases: it is marked `chase` and walks towards the nearest hero (the game master knows where the heroes
  are), attacking if it gets beside one;
- still seeing no hero at the end of that turn, the heroes have escaped it: `lost`;
- at the start of its next turn the game master rolls one red die for it (a chance node `seek`): even, it
  goes back to its start position (`home`, turn after turn until it stands there); odd, it moves on the
  way the heroes went, one turn towards the square of the hero nearest to it when the die was rolled
  (`onward@X,Y`);
- then it stands where it is (`calm`) until it sees a hero again.
A hero seeing it (or it seeing a hero) at any time ends all this: the fight is on again. A monster with no
start position (a wandering monster, a summoned one) that rolls even stands where it is. While a monster
chases or has just lost the heroes, enemies are about and no hero may rest (`rest.can_rest`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, red_dice
from grognard.engine.game import Outcome
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.geometry import distances
from grognard.systems.heroquest.features.monsters.monster_flight import running, seen
from grognard.systems.heroquest.model.edits import hidden, note, thrall_of, with_monster
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, Chance
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.monster_wounds import carrying
from grognard.systems.heroquest.rules.targets import seen_heroes

CHASE = "chase|quest"
"""The monster chases the heroes who ran out of its sight this turn."""

LOST = "lost|quest"
"""The heroes escaped it; the red die is rolled at the start of its next turn."""

HOME = "home|quest"
"""It walks back to its start position."""

ONWARD = "onward@"
"""It moves on, one turn, towards the square after "@" ("onward@3,4|quest")."""

CALM = "calm|quest"
"""It has given up and stands until it sees a hero."""

_MARKS = (CHASE, LOST, HOME, CALM)


def _marked(effect: str) -> bool:
    return effect in _MARKS or effect.startswith(ONWARD)


def marks(state: QuestState, j: int) -> tuple[str, ...]:
    """Monster `j`'s pursuit marks."""
    return tuple(e for e in state.monsters[j].effects if _marked(e))


def _set(state: QuestState, j: int, mark: str | None) -> QuestState:
    m = state.monsters[j]
    kept = tuple(e for e in m.effects if not _marked(e))
    return with_monster(state, j, replace(m, effects=(*kept, mark) if mark else kept))


def hunting(state: QuestState) -> bool:
    """True while some monster chases the heroes or has only just lost them (enemies are about)."""
    return any(CHASE in m.effects or LOST in m.effects for m in state.monsters if m.status == "active")


def _eligible(state: QuestState, j: int) -> bool:
    m = state.monsters[j]
    return (
        state.setup.gm != "human"
        and m.status == "active"
        and m.at is not None
        and m.aware
        and not running(state, j)
        and not has(m.effects, "flee")
        and carrying(state, j) is None
        and thrall_of(state, j) is None
    )


def _sees_hero(state: QuestState, j: int) -> bool:
    return bool(seen_heroes(state, j))


def home_of(state: QuestState, j: int) -> Square | None:
    """Where monster `j` was placed by its quest (None for a wandering or summoned monster)."""
    mid = state.monsters[j].id
    for placed in state.ctx.quest.file.monsters:
        if placed.id == mid:
            return placed.at
    return None


def pursuit_begins(state: QuestState, j: int) -> QuestState:
    """Monster `j`'s turn begins: a fight on clears the marks; the heroes just out of sight are chased;
    once they escaped, the red die is rolled."""
    if state.pending is not None or not _eligible(state, j):
        return state
    if _sees_hero(state, j):
        return _set(state, j, None) if marks(state, j) else state
    now = marks(state, j)
    name = state.stats_of(j).name
    if LOST in now:
        return replace(state, pending=Pending("seek", who=j))
    if not now:
        return note(_set(state, j, CHASE), said("monster.gives-chase", monster=j, monster_name=name))
    return state


def pursuit_ends(state: QuestState, j: int) -> QuestState:
    """Monster `j`'s turn ends: a chaser still seeing no hero has lost them (line 88); one that went on
    or reached its place stands."""
    if not 0 <= j < len(state.monsters) or state.monsters[j].status != "active":
        return state
    now = marks(state, j)
    if not now:
        return state
    if _sees_hero(state, j):
        return _set(state, j, None)
    if CHASE in now:
        return note(
            _set(state, j, LOST),
            said("monster.heroes-have-escaped", monster=j, monster_name=state.stats_of(j).name),
        )
    if any(e.startswith(ONWARD) for e in now) or (HOME in now and state.monsters[j].at == home_of(state, j)):
        return _set(state, j, CALM)
    return state


def pursuit_watch(state: QuestState) -> QuestState:
    """After every move: a monster with pursuit marks that a hero sees is in the fight again."""
    for j, m in enumerate(state.monsters):
        if m.status == "active" and any(_marked(e) for e in m.effects) and seen(state, j):
            state = _set(state, j, None)
    return state


def seek_outcomes() -> list[tuple[Outcome, Fraction]]:
    """The red die after the heroes escaped: even, back to its place; odd, onward (line 88)."""
    return [("home", Fraction(1, 2)), ("onward", Fraction(1, 2))]


def seek_throw(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """One red die thrown: even "home", odd "onward"."""
    roll = red_dice(rng, 1)
    return ("home" if roll.total % 2 == 0 else "onward"), (roll,)


def seek_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The monster's way after the red die."""
    j = p.who
    name = state.stats_of(j).name
    if move == "home":
        if home_of(state, j) is None or state.monsters[j].at == home_of(state, j):
            return note(_set(state, j, CALM), said("monster.gives-up-chase", monster=j, monster_name=name))
        return note(_set(state, j, HOME), said("monster.goes-back-place", monster=j, monster_name=name))
    target = _nearest_hero(state, j)
    if target is None:
        return note(_set(state, j, CALM), said("monster.gives-up-chase", monster=j, monster_name=name))
    return note(
        _set(state, j, f"{ONWARD}{target[0]},{target[1]}|quest"),
        said("monster.moves-on", monster=j, monster_name=name),
    )


def _nearest_hero(state: QuestState, j: int) -> Square | None:
    at = state.monsters[j].at
    assert at is not None
    heroes = [
        h.at
        for k, h in enumerate(state.heroes)
        if h.status == "active" and h.at is not None and not hidden(state, k)
    ]
    if not heroes:
        return None
    dist = distances(state.layout, {at}, frozenset())
    return min(heroes, key=lambda s: (dist.get(s, 10_000), s))


def pursuit_goals(state: QuestState, j: int) -> set[Square] | None:
    """Where the automatic game master walks monster `j` that sees no hero: beside the heroes while it
    chases, its start position going home, the square it moves on to; None when it stands."""
    now = marks(state, j)
    layout = state.layout
    if CHASE in now:
        goals: set[Square] = set()
        for k, h in enumerate(state.heroes):
            if h.status == "active" and h.at is not None and not hidden(state, k):
                goals |= {n for n in neighbours(h.at) if layout.open_between(h.at, n) and not layout.solid(n)}
        return goals or None
    if HOME in now:
        home = home_of(state, j)
        return {home} if home is not None else None
    for e in now:
        if e.startswith(ONWARD):
            x, y = e[len(ONWARD) :].partition("|")[0].split(",")
            return {(int(x), int(y))}
    return None


CHANCES.add(
    "seek",  # the red die after heroes escaped (line 88)
    Chance(
        lambda state, p: seek_outcomes(),
        lambda state, p, move: seek_result(state, p, str(move)),
        lambda state, p, rng: seek_throw(rng),
    ),
)
