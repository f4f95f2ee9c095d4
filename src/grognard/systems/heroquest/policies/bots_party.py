"""The bot heroes' party play (`bots`): keeping together, the quest's challenges, a fallen hero's things,
and breaking a wait that goes nowhere.

- Together: with no monster in sight, a hero more than `STRAY` steps from the party's leader (the first
  fighter standing, in the turn order) walks back to him before he explores on; the leader waits for
  the others when one is that far behind, but not when all those are ahead of him on the way to the
  quest's goal (`together`; waiting for them, who walked back within `STRAY` steps and on again,
  stalled a party at a sprung pit for 58 rounds).
- Challenges (the "other actions" of line 110): a hero with no monster in sight tries one beside him
  when his chance is at least `TRY_AT`, or is the best of the heroes standing (`challenge_choice`); he
  turns aside for one within `DETOUR` steps (`detour_goals`).
- A fallen companion's things (line 90): collected at once when no monster is in reach; a hero turns
  aside for them within `DETOUR` steps.
- Making way: a spell-caster (or a hero one blow from death) a monster in sight could strike steps back,
  while a fighter with more Body stands, to a square beside no monster, as near the fighters as may be,
  so that they can come at it (`make_way`); he casts from there.
- The prisoner: the companions of the hero leading the prisoner go ahead to the stairs, or beside (not
  on) the square inside an exit door (`bot_maps.ahead_squares`), out of his way, and, once there, stay
  (`guards_escort`) rather than wander off and back (which had a wizard stepping to and fro between two
  squares for whole turns). An escort who has led his prisoner out while others are still to be
  fetched is no longer leading (`bot_maps.leading`): the others go for the next prisoner.
- Waits: a hero who cannot get nearer his goal this turn tries another (`fallback_goals`) when no monster
  is in sight, or when those in sight can neither be come at nor strike a hero (a standoff: a goblin
  beyond a pit it will not step into): a companion of the hero leading the prisoner goes on ahead to the
  stairs or the exit door (so he no longer stands where the escort must land, beyond a pit, say); any
  other hero goes on to the quest's goal alone. In a standoff a hero first looks for a way round to the
  monsters, never through a known trap nor a monster's square (`way_round`, `round_map`), and a
  spell-caster no longer holds back, unless a fighter with more Body can walk up to the monsters that way
  (the standoff was his own doing: stepped back out of reach, he would walk up and back again for a whole
  turn); a hero one blow from death holds back all the same.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import lru_cache

from grognard.systems.heroquest.content.board import Layout, Square, neighbours
from grognard.systems.heroquest.features.dungeon.challenge_play import (
    challenge,
    challenges,
    chance,
    dice_for,
    near,
    solved,
    tries_made,
)
from grognard.systems.heroquest.model.action_text import rest_of, square_of
from grognard.systems.heroquest.model.edits import known_traps
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bot_maps import (
    ahead_squares,
    beside_squares,
    goal_squares,
    leading,
    threatened,
    walk_map,
)
from grognard.systems.heroquest.rules.fallen import pile_at

STRAY = 5
"""Walking steps from the leader past which a hero with no monster in sight goes back to him."""

DETOUR = 8
"""Walking steps a hero with no monster in sight turns aside for a challenge or a fallen hero's things."""

TRY_AT = 0.3
"""The chance of meeting a challenge at which a hero tries it."""


def leader(state: QuestState) -> int | None:
    """The party's leader: the first fighter standing in the turn order (else the first hero standing)."""
    standing = [
        k
        for k in state.order
        if 0 <= k < len(state.heroes) and state.heroes[k].status == "active" and state.heroes[k].at
    ]
    fighters = [k for k in standing if not state.hero_of(k).magic_user]
    first = fighters or standing
    return first[0] if first else None


def challenge_choice(state: QuestState, i: int, actions: list[str]) -> str | None:
    """A challenge worth trying now, with no monster in sight (see the module doc)."""
    if state.visible_monsters:
        return None
    for a in actions:
        if not a.startswith("challenge:"):
            continue
        c = challenge(state, rest_of(a))
        mine = chance(state, i, c)
        others = [
            chance(state, k, c)
            for k, h in enumerate(state.heroes)
            if k != i and h.status == "active" and near(state, k, c)
        ]
        if mine >= TRY_AT or mine >= max(others, default=0):
            return a
    return None


def collect_choice(state: QuestState, actions: list[str]) -> str | None:
    """A fallen companion's things beside the hero, taken when no monster is in reach."""
    if any(a.startswith("attack:") for a in actions):
        return None
    return next((a for a in actions if a.startswith("collect:")), None)


def _challenge_squares(state: QuestState, i: int) -> set[Square]:
    out: set[Square] = set()
    for c in challenges(state):
        if solved(state, c.id) or (c.tries and tries_made(state, i, c.id) >= c.tries):
            continue
        if dice_for(state, i, c) < 1 or chance(state, i, c) < TRY_AT or c.door is not None:
            continue
        if c.furniture is not None:
            squares = next(f.squares for f in state.layout.furniture if f.id == c.furniture)
            out |= {n for s in squares for n in beside_squares(state, s)} - set(squares)
        elif c.at is not None:
            out |= {c.at} | beside_squares(state, c.at)
    return out


def _pile_squares(state: QuestState, i: int) -> set[Square]:
    out: set[Square] = set()
    for k in range(len(state.heroes)):
        pile = pile_at(state, k) if k != i else None
        if pile is not None:
            out |= {pile} | beside_squares(state, pile)
    return out


def detour_goals(state: QuestState, i: int) -> set[Square]:
    """Squares worth a detour for hero `i` (no monster in sight): a fallen hero's things, a challenge he
    may well meet, within `DETOUR` walking steps; else none."""
    at = state.heroes[i].at
    for goals in (_pile_squares(state, i), _challenge_squares(state, i)):
        if goals and at is not None:
            far = walk_map(state, goals).get(at)
            if far is not None and 0 < far <= DETOUR:
                return goals
    return set()


def together(state: QuestState, i: int) -> set[Square] | None:
    """Where hero `i` walks to keep the party together (no monster in sight), or None to go on: beside
    the leader when he is more than `STRAY` steps from him; the leader stands (an empty set) while a
    companion is that far behind. Not while someone leads the prisoner (the escort has his own way)."""
    if any(h.escort for h in state.heroes):
        return None
    lead = leader(state)
    at = state.heroes[i].at
    if lead is None or at is None:
        return None
    if lead != i:
        where = state.heroes[lead].at
        assert where is not None
        beside = beside_squares(state, where)
        far = walk_map(state, beside).get(at)
        return beside if far is not None and far > STRAY else None
    others = [h.at for k, h in enumerate(state.heroes) if k != i and h.status == "active" and h.at]
    if not others:
        return None
    here = walk_map(state, beside_squares(state, at))
    to_goal = _goal_steps(state, lead)
    lagging = [o for o in others if (d := here.get(o)) is not None and d > STRAY + 2]
    if lagging and not all(_nearer(to_goal, o, at) for o in lagging):
        return set()
    return None


def _goal_steps(state: QuestState, lead: int) -> Mapping[Square, int]:
    """The walking steps to the quest's goal for the party's leader (empty when it has none)."""
    goals = goal_squares(state, lead)
    return walk_map(state, goals) if goals else {}


def _nearer(steps: Mapping[Square, int], square: Square, than: Square) -> bool:
    """True when `square` is fewer steps from the goal than `than` (both on the map `steps`)."""
    a, b = steps.get(square), steps.get(than)
    return a is not None and b is not None and a < b


def guards_escort(state: QuestState, i: int, goals: set[Square]) -> bool:
    """True when hero `i`, a companion of the hero leading the prisoner, stands on his goal (`goals`, the
    stairs): he stays there for the rest of his move. (Wandering off to an unsearched room from his goal
    and coming back at the next step had him stepping to and fro for whole turns.)"""
    fig = state.heroes[i]
    return not fig.escort and fig.at in goals and leading(state)


def fallback_goals(state: QuestState, i: int) -> set[Square]:
    """Another goal for a hero who cannot get nearer his own this turn (see the module doc)."""
    fig = state.heroes[i]
    if leading(state) and not fig.escort:
        return ahead_squares(state)
    return goal_squares(state, i)


def _fighters(state: QuestState, i: int) -> list[tuple[int, Square]]:
    return [
        (k, h.at)
        for k, h in enumerate(state.heroes)
        if k != i and h.status == "active" and h.at is not None and not state.hero_of(k).magic_user
    ]


def weak(state: QuestState, i: int) -> bool:
    """True when hero `i` is one blow from death (he makes way like a spell-caster)."""
    return state.heroes[i].body <= max(2, state.hero_of(i).maximum("body") // 4)


def holds_back(state: QuestState, i: int) -> bool:
    """True when hero `i`, one blow from death, has a companion with more Body standing: he does not walk
    up to the monsters in sight (else he would step up and back again, `make_way`, for a whole turn)."""
    return weak(state, i) and any(state.heroes[k].body > state.heroes[i].body for k, _ in _fighters(state, i))


def make_way(state: QuestState, i: int, actions: list[str]) -> str | None:
    """A spell-caster's roll or step back out of the monsters' reach, or None (see the module doc)."""
    hero = state.hero_of(i)
    if not (hero.magic_user or weak(state, i)) or not state.visible_monsters or not threatened(state, i):
        return None
    fighters = [f for k, f in _fighters(state, i) if state.heroes[k].body > state.heroes[i].body]
    if not fighters:
        return None
    if not state.turn.rolled:
        return "roll" if "roll" in actions else None
    foes = [at for j in state.visible_monsters if (at := state.monsters[j].at) is not None]

    def gap(s: Square, t: Square) -> int:
        return abs(s[0] - t[0]) + abs(s[1] - t[1])

    best: tuple[int, int, str] | None = None
    for a in actions:
        if not a.startswith("move:"):
            continue
        s = square_of(a)
        near = min(gap(s, f) for f in foes)
        if near < 2:
            continue
        key = (min(gap(s, f) for f in fighters), -min(near, 4), a)
        if best is None or key < best:
            best = (*key[:2], a)
    return best[2] if best is not None else None


def round_map(state: QuestState) -> Mapping[Square, int]:
    """Steps to a square beside a monster in sight by a way that crosses no known trap and no monster's
    square (doors, closed or open, are passed; secret ones are not). The map is shared between calls with
    the same layout, blocked squares and goals: read it, never change it."""
    blocked = known_traps(state) | state.monster_squares
    goals = {
        n for j in state.visible_monsters if (m := state.monsters[j].at) for n in beside_squares(state, m)
    } - blocked
    return _round_map(state.layout, frozenset(blocked), frozenset(goals))


@lru_cache(maxsize=1024)
def _round_map(layout: Layout, blocked: frozenset[Square], goals: frozenset[Square]) -> Mapping[Square, int]:
    dist = {g: 0 for g in goals if not layout.solid(g)}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there in dist or there in blocked or layout.solid(there):
                continue
            door = layout.door(here, there)
            if door is not None and door.state == "secret":
                continue
            if door is None and not layout.open_between(here, there):
                continue
            dist[there] = dist[here] + 1
            queue.append(there)
    return dist


def way_round(state: QuestState, i: int, actions: list[str]) -> str | None:
    """A move nearer a square beside a monster in sight by a way that crosses no known trap and no
    monster's square (doors, closed or open, are passed), or None."""
    at = state.heroes[i].at
    if at is None or not state.turn.rolled:
        return None
    dist = round_map(state)
    now = dist.get(at)
    if now is None or now == 0:
        return None
    options = [(dist[t], a) for a in actions if a.startswith("move:") and (t := square_of(a)) in dist]
    best = min(options, default=None)
    return best[1] if best is not None and best[0] < now else None
