"""What a monster's blow sets off, played from the queue (`monster_turns`): the next blow of a sweep
(line 335), a pincer's extra attack (line 759), a fimir's tail (line 713), a stomp's knock-back (line
915), a toss (line 937); and the ice gremlins' stalactites (line 847).

Rulings. A stomp knocks back the figures side by side with the stomper, each one square straight away
from it, onto free floor only (a wall, a closed door or a figure behind it keeps it where it is); a hero
knocked or thrown onto a trap springs it (line 937 says so of a toss; a stomp is read the same), a
monster is never knocked onto one. A toss is straight along one of the four directions a figure moves.
A gremlin's stalactite is set on a free square beside it; it falls on the first hero to step onto it
(one Body, line 136); a hero who searches for traps with no monster in sight finds those in the part of
his area he sees and knocks them down (line 847).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.features.dungeon.traps import spring
from grognard.systems.heroquest.features.items.weapons import monster_axe, with_axe
from grognard.systems.heroquest.features.monsters.monster_skills import icicle_squares as squares
from grognard.systems.heroquest.features.skills.skills import subsets
from grognard.systems.heroquest.model.edits import note, trap_here, with_hero, with_monster
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.effects import hero_defend_dice
from grognard.systems.heroquest.rules.monster_gear import untouchable
from grognard.systems.heroquest.rules.monster_wounds import hugging, release
from grognard.systems.heroquest.rules.targets import monster_targets
from grognard.systems.heroquest.rules.wounds import begin_attack, hurt_hero


def run(state: QuestState, verb: str, args: list[str]) -> QuestState:
    """Play one queued item of a blow (see the module doc)."""
    if verb == "sweep":
        return _sweep(state, int(args[0]), int(args[1]), args[2] if len(args) > 2 else "")
    if verb == "extra":
        return _extra(state, int(args[0]), int(args[1]))
    if verb == "tail":
        j, i = int(args[0]), int(args[1])
        if state.monsters[j].status != "active" or state.heroes[i].status != "active":
            return state
        state = note(state, said("attack.lashes-out-tail", monster=j, monster_name=state.stats_of(j).name))
        return replace(
            state, pending=Pending("attack", who=j, target=i, dice=1, need=0, side="monster", then="tail")
        )
    if verb == "stomp":
        return _stomp(state, int(args[0]))
    if verb == "toss":
        x, y = (int(v) for v in args[2].split(","))
        return _toss(state, int(args[0]), int(args[1]), (x, y))
    if verb == "spring":
        x, y = (int(v) for v in args[2].split(","))
        i, idx = int(args[0]), int(args[1])
        if state.heroes[i].status != "active":
            return state
        return spring(state, i, idx, came_from=(x, y))
    raise ValueError(f"unknown queued monster skill item {verb!r}")


# ---------------------------------------------------------------------------------------------------
# Sweep, pincer


def _sweep(state: QuestState, j: int, dice: int, rest: str) -> QuestState:
    if state.monsters[j].status != "active":
        return state
    left = [int(k) for k in rest.split(",") if k]
    for n, i in enumerate(left):
        if state.heroes[i].status == "active" and not untouchable(state, i):
            more = ",".join(str(k) for k in left[n + 1 :])
            state = note(state, said("move.sweep-carries", hero=i, hero_name=state.hero_of(i).name))
            p = Pending(
                "attack",
                who=j,
                target=i,
                dice=dice,
                need=hero_defend_dice(state, i),
                side="monster",
                ref=with_axe("", monster_axe(state, j)),  # a battle axe swept on (line 369)
                then=f"msweep:{more}",
            )
            return replace(state, pending=p)
    return state


def _extra(state: QuestState, k: int, i: int) -> QuestState:
    if state.monsters[k].status != "active" or state.heroes[i].status != "active":
        return state
    if i not in monster_targets(state, k):
        return state
    state = begin_attack(state, "monster", k, i, own_turn=False)
    p = state.pending
    assert p is not None
    return replace(state, pending=replace(p, then="extra"))


# ---------------------------------------------------------------------------------------------------
# Stomp (line 915)


def _beside_figures(state: QuestState, j: int) -> list[str]:
    """The figures side by side with monster `j`, the edge open: heroes "hN", monsters by id."""
    at = state.monsters[j].at
    assert at is not None
    out: list[str] = []
    for i, h in enumerate(state.heroes):
        if h.status == "active" and h.at is not None and _side(state, at, h.at):
            out.append(f"h{i}")
    for k, o in enumerate(state.monsters):
        if k != j and o.status in ("active", "lurking") and o.at is not None and _side(state, at, o.at):
            out.append(o.id)
    return out


def _side(state: QuestState, a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and state.layout.open_between(a, b)


def _stomp(state: QuestState, j: int) -> QuestState:
    if state.monsters[j].status != "active":
        return state
    ids = _beside_figures(state, j)
    if not ids:
        return state
    state = note(state, said("attack.stomp-shakes-floor", monster=j, monster_name=state.stats_of(j).name))
    return replace(state, pending=Pending("m-stomp", who=j, ref=",".join(ids)))


def _in_plate(state: QuestState, fid: str) -> bool:
    if fid.startswith("h") and fid[1:].isdigit():
        body = state.hero_of(int(fid[1:])).equipped.body
        return body is not None and hq.key_of(body) in ("plate-mail", "borins-armor")
    k = next(n for n, o in enumerate(state.monsters) if o.id == fid)
    return state.stats_of(k).plate_worn


def stand_chance(plate: bool) -> Fraction:
    """The chance a figure stands its ground: a white shield on one combat die, or on either of two in
    plate armour (line 915)."""
    return 1 - Fraction(2, 3) ** (2 if plate else 1)


def stomp_outcomes(state: QuestState, p: Pending) -> list[tuple[str, Fraction]]:
    """Which figures are knocked back: each unless it stands its ground."""
    ids = [x for x in p.ref.split(",") if x]
    return subsets(ids, {fid: 1 - stand_chance(_in_plate(state, fid)) for fid in ids})


def stomp_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """Every figure knocked back moves a square straight away from the stomper, where there is room."""
    at = state.monsters[p.who].at
    if at is None:
        return state
    for fid in [x for x in move.split("+") if x]:
        state = _push(state, at, fid)
    return state


def _push(state: QuestState, origin: Square, fid: str) -> QuestState:
    hero = fid.startswith("h") and fid[1:].isdigit()
    k = int(fid[1:]) if hero else next(n for n, o in enumerate(state.monsters) if o.id == fid)
    fig = state.heroes[k] if hero else state.monsters[k]
    if fig.at is None:
        return state
    dest = (2 * fig.at[0] - origin[0], 2 * fig.at[1] - origin[1])
    layout = state.layout
    free = (
        layout.board.is_floor(dest)
        and not layout.solid(dest)
        and layout.open_between(fig.at, dest)
        and dest not in state.figures
    )
    trap = trap_here(state, dest) if free else None
    name = state.hero_of(k).name if hero else state.stats_of(k).name
    if not free or (not hero and (trap is not None or dest in icicle_squares(state))):
        return note(state, said("move.knocked-against-what-stands", name=name))
    came = fig.at
    if hero:
        state = with_hero(state, k, replace(state.heroes[k], at=dest))
        state = note(state, said("move.knocked-back", name=name))
        return _landed(state, k, came)
    state = with_monster(state, k, replace(state.monsters[k], at=dest))
    return note(state, said("move.knocked-back", name=name))


def _landed(state: QuestState, i: int, came: Square) -> QuestState:
    """Hero `i` thrown or knocked onto his square: a trap there springs, a stalactite falls."""
    at = state.heroes[i].at
    assert at is not None
    if at in icicle_squares(state):
        return icicle_falls(state, i, at)
    trap = trap_here(state, at)
    if trap is not None:
        return replace(state, queue=(*state.queue, f"spring:{i}:{trap}:{came[0]},{came[1]}"))
    return state


# ---------------------------------------------------------------------------------------------------
# Toss (line 937)


def _toss(state: QuestState, j: int, i: int, mark: Square) -> QuestState:
    fig = state.heroes[i]
    if fig.status != "active" or fig.at is None or state.monsters[j].status != "active":
        return state
    start = fig.at
    dx = (mark[0] > start[0]) - (mark[0] < start[0])
    dy = (mark[1] > start[1]) - (mark[1] < start[1])
    others = state.figures - {start}
    landing = (mark[0] - dx, mark[1] - dy) if mark in others else mark
    name = state.hero_of(i).name
    if hugging(state, j) == i:
        state = with_monster(state, j, release(state.monsters[j]))
    state = with_hero(state, i, replace(fig, at=landing))
    state = note(
        state,
        said(
            "move.throws",
            hero=i,
            monster=j,
            monster_name=state.stats_of(j).name,
            hero_name=name,
            square=landing,
        ),
    )
    if mark in others:
        state = _stun(_stun(state, ("h", i)), _figure_at(state, mark))
        state = note(state, said("turn.crashes-into-figure-both", name=name, square=mark))
    if landing == start:
        return state
    before = (landing[0] - dx, landing[1] - dy)
    return _landed(state, i, before)


def _figure_at(state: QuestState, square: Square) -> tuple[str, int]:
    for i, h in enumerate(state.heroes):
        if h.at == square and h.status == "active":
            return ("h", i)
    k = next(
        n
        for n, o in enumerate(state.monsters)
        if o.at == square and o.status in ("active", "lurking", "prisoner")
    )
    return ("m", k)


def _stun(state: QuestState, who: tuple[str, int]) -> QuestState:
    side, k = who
    if side == "h":
        fig = state.heroes[k]
        return with_hero(state, k, replace(fig, effects=(*fig.effects, "stunned|")))
    m = state.monsters[k]
    return with_monster(state, k, replace(m, effects=(*m.effects, "stunned|")))


# ---------------------------------------------------------------------------------------------------
# The gremlins' stalactites (line 847)


def icicle_squares(state: QuestState) -> frozenset[Square]:
    """The squares of the stalactites set by ice gremlins, not yet fallen or found."""
    return squares(state)


def icicle_falls(state: QuestState, i: int, square: Square) -> QuestState:
    """A gremlin's stalactite falls on hero `i`: one Body point (line 136)."""
    state = replace(state, icicles=tuple(s for s in state.icicles if s != f"{square[0]},{square[1]}"))
    state = note(state, said("trap.stalactite-falls", hero=i, hero_name=state.hero_of(i).name))
    return hurt_hero(state, i, 1, "stalactite")


def under_icicle(state: QuestState, i: int, square: Square) -> QuestState:
    """Hero `i` has stepped onto `square`: a gremlin's stalactite there falls on him and his move ends."""
    if f"{square[0]},{square[1]}" not in state.icicles or state.heroes[i].status != "active":
        return state
    state = replace(state, turn=replace(state.turn, moves=0, stopped=True))
    return icicle_falls(state, i, square)
