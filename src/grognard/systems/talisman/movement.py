"""Movement (11:1-26): the die, direction, the Sentinel's bridge, the Portal of Power, the Inner Region.

Task kinds: "move_start", "move_roll" (chance 1-6), "direction" (cw / acw / bridge / portal),
"step", "branch" (on / bridge / portal at a branching space), "cross", "crossed", "portal_roll"
(chance: open / shut), "arrive", "inner_step" (forward / back, 11:3, 11:5), "pit_fight".
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from grognard.engine.dice.core import Rng, d6
from grognard.engine.game import Outcome
from grognard.systems.talisman import content
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.dice import sum_probabilities
from grognard.systems.talisman.effects import end_turn, place, start_fight, take_what_lies
from grognard.systems.talisman.scores import craft, keywords, strength
from grognard.systems.talisman.state import FightCtx, MoveCtx, TalismanState, Task, plain_task
from grognard.systems.talisman.tasks import Thrown, auto, chance, decision, one_die
from grognard.systems.talisman.words import OPENS_PORTAL, TURNS_BACK

CW = "cw"
ACW = "acw"
DIRECTIONS = {CW: 1, ACW: -1}


@auto("move_start")
def _move_start(state: TalismanState, task: Task) -> TalismanState:
    """11:1 roll and move; 11:3 one space in the Inner Region; 11:7 none on the Crown; 19:4 a Toad
    moves one space; 14:8 Pitfiends still to fight come first."""
    i = task.player
    h = state.heroes[i]
    region = catalog().spaces[h.space].region
    if region == "crown":
        return state.push(plain_task("encounter", i))
    if h.pits:
        return state.push(plain_task("pit_fight", i))
    if region == "inner":
        return state.push(plain_task("inner_step", i))
    if h.toad:
        return state.evolve(move=MoveCtx(1)).push(plain_task("direction", i))
    return state.push(plain_task("move_roll", i))


def _die(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    return list(sum_probabilities(1).items())


@chance("move_roll", _die, one_die)
def _move_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """11:1: the die says how many spaces the character must move."""
    return state.evolve(move=MoveCtx(int(outcome))).push(plain_task("direction", task.player))


def _branches(state: TalismanState, i: int) -> list[str]:
    """Ways off the current space other than along the ring: the bridge (11:10) or the Portal (11:23)."""
    move = state.move
    if move is None or move.left < 1:
        return []
    space = catalog().spaces[state.heroes[i].space]
    out = []
    if space.bridge is not None:
        out.append("bridge")
    if space.portal is not None:
        out.append("portal")
    return out


def _direction_actions(state: TalismanState, task: Task) -> Sequence[str]:
    extra = [] if "crossed" in task.opts else _branches(state, task.player)
    return [CW, ACW, *extra]


@decision("direction", _direction_actions)
def _direction(state: TalismanState, task: Task, move: str) -> TalismanState:
    """11:1 either way round; 11:14 a new direction on entering a new Region."""
    if move in DIRECTIONS:
        assert state.move is not None
        return state.evolve(move=MoveCtx(state.move.left, DIRECTIONS[move])).push(
            plain_task("step", task.player)
        )
    return state.push(Task("cross" if move == "bridge" else "portal_roll", task.player))


@auto("step")
def _step(state: TalismanState, task: Task) -> TalismanState:
    """Along the ring, 11:2 the direction kept, until the move is spent or a space offers a way off the
    ring (the bridge, the Portal: a choice); passing a space does nothing else, so the spaces between
    are skipped in one go."""
    i = task.player
    move = state.move
    assert move is not None
    cat = catalog()
    here = state.heroes[i].space
    left = move.left
    while True:
        here = cat.ring_step(here, move.direction)
        left -= 1
        space = cat.spaces[here]
        if left == 0 or space.bridge is not None or space.portal is not None:
            break
    state = place(state, i, here).evolve(move=MoveCtx(left, move.direction))
    return state.push(Task("arrive" if left == 0 else "branch", i))


def _branch_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return ["on", *_branches(state, task.player)]


@decision("branch", _branch_actions)
def _branch(state: TalismanState, task: Task, move: str) -> TalismanState:
    """At the Sentinel, the Hills or the Portal: go on round, or cross."""
    if move == "on":
        return state.push(plain_task("step", task.player))
    return state.push(Task("cross" if move == "bridge" else "portal_roll", task.player))


@auto("cross")
def _cross(state: TalismanState, task: Task) -> TalismanState:
    """11:11-13: crossing into the Middle Region the Sentinel attacks; the other way it does not."""
    i = task.player
    bridge = catalog().spaces[state.heroes[i].space].bridge
    assert bridge is not None
    if bridge.guard is None:
        return state.push(plain_task("crossed", i))
    fight = FightCtx(name=bridge.guard.name, enemy=bridge.guard.strength, source="sentinel")
    return start_fight(state, i, fight)


@auto("crossed")
def _crossed(state: TalismanState, task: Task) -> TalismanState:
    """11:12: over the bridge the move goes on; 11:14 in a direction chosen anew."""
    i = task.player
    bridge = catalog().spaces[state.heroes[i].space].bridge
    assert bridge is not None and state.move is not None
    left = state.move.left - 1
    state = place(state, i, bridge.to).evolve(move=MoveCtx(left))
    if left == 0:
        return state.push(plain_task("arrive", i))
    return state.push(Task("direction", i, opts=("crossed",)))


def portal_chance(state: TalismanState, i: int) -> Fraction:
    """The chance that the Portal opens for seat `i` (the instructions of the Portal space, 11:24)."""
    space = catalog().spaces[state.heroes[i].space]
    assert space.portal is not None
    h = state.heroes[i]
    target = {"strength": strength(h), "craft": craft(h)}
    best = max(target.values()) if space.portal.versus == "best" else target[space.portal.versus]
    return sum((p for total, p in sum_probabilities(space.portal.dice).items() if total <= best), Fraction(0))


def _portal_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    p = portal_chance(state, task.player)
    return [(label, q) for label, q in (("open", p), ("shut", 1 - p)) if q > 0]


def _throw_portal(state: TalismanState, rng: Rng) -> Thrown:
    i = state.tasks[-1].player
    h = state.heroes[i]
    portal = catalog().spaces[h.space].portal
    assert portal is not None
    target = {"strength": strength(h), "craft": craft(h)}
    best = max(target.values()) if portal.versus == "best" else target[portal.versus]
    roll = d6(rng, portal.dice)
    return ("open" if roll.total <= best else "shut"), (roll,)


@chance("portal_roll", _portal_outcomes, _throw_portal)
def _portal_roll(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """11:24: opened, the turn ends on the Plain of Peril (what lies there may be taken, 12:1); not, the
    move ends on the Portal."""
    i = task.player
    if outcome == "open":
        portal = catalog().spaces[state.heroes[i].space].portal
        assert portal is not None
        state = place(state, i, portal.to).note(OPENS_PORTAL, f"p{i}")
        return take_what_lies(end_turn(state.evolve(move=None), i), i)
    return state.push(plain_task("arrive", i))


@auto("arrive")
def _arrive(state: TalismanState, task: Task) -> TalismanState:
    """The move is over; the Encounters follow (10:1)."""
    return state.evolve(move=None).push(plain_task("encounter", task.player))


def inner_moves(state: TalismanState, i: int) -> list[str]:
    """11:3, 11:5, 11:6, 11:26: forward (into the Valley of Fire only with a Talisman) or back."""
    cat = catalog()
    path = cat.path()
    here = path.index(state.heroes[i].space)
    out = []
    if here + 1 < len(path):
        nxt = cat.spaces[path[here + 1]]
        if not nxt.talisman_needed or "talisman" in keywords(state.heroes[i]):
            out.append("forward")
    out.append("back")
    return out


def _inner_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return inner_moves(state, task.player)


@decision("inner_step", _inner_actions)
def _inner_step(state: TalismanState, task: Task, move: str) -> TalismanState:
    """Forward one space and meet it (14:3); back one space, meeting nothing (11:5) but free to take what
    lies there, as the move ends there (12:1); from the Plain of Peril back through the Portal to its
    space (11:26)."""
    cat = catalog()
    i = task.player
    path = cat.path()
    here = path.index(state.heroes[i].space)
    if move == "forward":
        return place(state, i, path[here + 1]).push(plain_task("encounter", i))
    if here == 0:
        portal = next(s for s in cat.spaces.values() if s.portal is not None and s.portal.to == path[0])
        return place(state, i, portal.id).push(plain_task("encounter", i))
    return take_what_lies(place(state, i, path[here - 1]).note(TURNS_BACK, f"p{i}"), i)


@auto("pit_fight")
def _pit_fight(state: TalismanState, task: Task) -> TalismanState:
    """14:8: the next Pitfiend attacks (it cannot be evaded in the Inner Region, 14:4)."""
    space = catalog().spaces[state.heroes[task.player].space]
    fx = next(f for f in space.effects if isinstance(f, content.Fight) and f.count_dice)
    fight = FightCtx(
        name=fx.name, enemy=fx.strength or fx.craft, psychic=fx.craft > 0, source="pits", evadable=False
    )
    return start_fight(state, task.player, fight)
