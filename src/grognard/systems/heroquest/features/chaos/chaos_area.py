"""The chaos spells of places and of the caster itself (lines 555, 559, 565, 575-593): Skate, Lightning
Bolt, Escape, Firestorm, Ice Storm, Cloud of Chaos, Reanimation, Ice Wall, and the three summonings.

Readings (see the rulings): the bolt goes in one of the eight directions and passes through every figure
in its path; Firestorm fills the caster's room, or in a corridor the squares within five that it sees;
Ice Storm's 2 by 2 squares must all be floor the caster sees; Cloud of Chaos takes the heroes of the
caster's room or corridor segment; Escape puts the caster on the free square farthest from the heroes
that none of them sees; summoned monsters are of their kind's lowest printed level and stand on the free
squares nearest the caster.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import squares_within
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.chaos.chaos_hits import flame, harm, shaken
from grognard.systems.heroquest.model.action_text import rest_of
from grognard.systems.heroquest.model.edits import (
    active_squares,
    free_square_near,
    note,
    trap_here,
    with_monster,
)
from grognard.systems.heroquest.model.effect_strings import parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import MonsterFig, Pending, QuestState
from grognard.systems.heroquest.rules.chaos import (
    Chaos,
    Flight,
    area_squares,
    figures_in,
    flight,
    hero_refs,
    ref_of,
    register,
    with_flight,
)
from grognard.systems.heroquest.rules.chaos_effects import hero_add, monster_add
from grognard.systems.heroquest.rules.ice import ice_squares

DIRECTIONS: dict[str, tuple[int, int]] = {
    "n": (0, -1),
    "ne": (1, -1),
    "e": (1, 0),
    "se": (1, 1),
    "s": (0, 1),
    "sw": (-1, 1),
    "w": (-1, 0),
    "nw": (-1, -1),
}
"""The ways a Lightning Bolt may go (line 559: "in any direction", read as the eight of the grid)."""

FIRESTORM_RADIUS = 5
"""Firestorm's reach in corridors and open spaces (line 575)."""

ICE_WALL_SQUARES = 4
"""Ice Wall makes up to four squares (line 585)."""

SUMMONS: dict[str, tuple[tuple[tuple[int, ...], tuple[tuple[str, int], ...]], ...]] = {
    "chaos/summon-orcs": (  # line 587
        ((1, 2, 3), (("Orc", 4),)),
        ((4, 5), (("Orc", 5),)),
        ((6,), (("Orc", 6),)),
    ),
    "chaos/summon-undead": (  # line 591
        ((1, 2), (("Skeleton", 4),)),
        ((3, 4), (("Skeleton", 3), ("Zombie", 2))),
        ((5, 6), (("Zombie", 2), ("Mummy", 2))),
    ),
    "chaos/summon-wolves": (  # line 593
        ((1, 2), (("Giant Wolf", 1),)),
        ((3, 4), (("Giant Wolf", 2),)),
        ((5, 6), (("Giant Wolf", 3),)),
    ),
}
"""Each summoning's red-die table: the faces and the monsters they bring."""


def _self(state: QuestState, j: int) -> list[str]:
    return ["self"]


def free_floor(state: QuestState, square: Square, ice: frozenset[Square] | None = None) -> bool:
    """A floor square with no figure, trap or ice on it (`ice`: the ice squares, when known)."""
    lay = state.layout
    return (
        lay.board.is_floor(square)
        and not lay.solid(square)
        and square not in state.figures
        and trap_here(state, square) is None
        and square not in (ice_squares(state) if ice is None else ice)
    )


# ---------------------------------------------------------------------------------------------------
# Skate (555) and Escape (565)


def _skate_offers(state: QuestState, j: int) -> list[str]:
    return [] if state.turn.rolled else ["self"]


def _skate(state: QuestState, j: int, target: str) -> QuestState:
    """Twelve squares this turn, through any figure (the caster's action, so no attack after)."""
    state = monster_add(state, j, "skate|next-turn")
    state = replace(state, turn=replace(state.turn, rolled=True, moves=12))
    return note(state, said("ice.monster-skates-away", monster=j, monster_name=state.stats_of(j).name))


def hideout(state: QuestState) -> Square | None:
    """Where Escape takes its caster: the free square no hero sees, farthest from the nearest hero."""
    heroes = active_squares(state)
    ice = ice_squares(state)
    best: tuple[int, Square] | None = None
    for s in state.layout.board.floor():
        if (
            not free_floor(state, s, ice)
            or s in state.ctx.stairs
            or any(sees(state.layout, h, s) for h in heroes)
        ):
            continue
        far = min((abs(s[0] - h[0]) + abs(s[1] - h[1]) for h in heroes), default=0)
        if best is None or far > best[0]:
            best = (far, s)
    return best[1] if best is not None else None


def _escape_offers(state: QuestState, j: int) -> list[str]:
    return ["self"] if hideout(state) is not None else []


def _escape(state: QuestState, j: int, target: str) -> QuestState:
    where = hideout(state)
    assert where is not None
    state = with_monster(state, j, replace(state.monsters[j], at=where))
    return note(state, said("move.vanishes", monster=j, monster_name=state.stats_of(j).name))


# ---------------------------------------------------------------------------------------------------
# Lightning Bolt (559)


def bolt_path(state: QuestState, start: Square, way: str) -> list[Square]:
    """The squares a bolt from `start` crosses in direction `way` until a wall, a closed door or a solid
    square stops it (a diagonal step goes where a look would)."""
    dx, dy = DIRECTIONS[way]
    lay = state.layout
    out: list[Square] = []
    here = start
    while len(out) < 40:
        there = (here[0] + dx, here[1] + dy)
        if lay.solid(there):
            break
        ok = sees(lay, here, there) if dx and dy else lay.open_between(here, there)
        if not ok:
            break
        out.append(there)
        here = there
    return out


def _bolt_victims(state: QuestState, j: int, way: str) -> list[str]:
    at = state.monsters[j].at
    assert at is not None
    path = bolt_path(state, at, way)
    found = figures_in(state, set(path))
    order = {s: n for n, s in enumerate(path)}
    return sorted(found, key=lambda v: order[_at(state, v)])


def _at(state: QuestState, victim: str) -> Square:
    side, k = ref_of(victim)
    at = state.heroes[k].at if side == "h" else state.monsters[k].at
    assert at is not None
    return at


def _bolt_offers(state: QuestState, j: int) -> list[str]:
    return [w for w in DIRECTIONS if hero_refs(_bolt_victims(state, j, w))]


def _bolt(state: QuestState, f: Flight, victim: str) -> QuestState:
    return harm(state, f, victim, 2)


# ---------------------------------------------------------------------------------------------------
# Firestorm (575), Ice Storm (577), Cloud of Chaos (581)


def firestorm_squares(state: QuestState, j: int) -> frozenset[Square]:
    """The caster's room; in a corridor, the squares within five it sees."""
    at = state.monsters[j].at
    assert at is not None
    if state.layout.board.room_of(at) is not None:
        return area_squares(state, j)
    lay = state.layout
    return frozenset(
        s for s in squares_within(at, FIRESTORM_RADIUS) if lay.board.is_floor(s) and sees(lay, at, s)
    )


def _storm_victims(state: QuestState, j: int, target: str) -> list[str]:
    return [v for v in figures_in(state, set(firestorm_squares(state, j))) if v != f"m{j}"]


def _storm_offers(state: QuestState, j: int) -> list[str]:
    return ["room"] if hero_refs(_storm_victims(state, j, "room")) else []


def _storm(state: QuestState, f: Flight, victim: str) -> QuestState:
    return flame(state, f, victim, 3, 2)


def _block(corner: Square) -> frozenset[Square]:
    x, y = corner
    return frozenset({(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)})


def _ice_storm_offers(state: QuestState, j: int) -> list[str]:
    at = state.monsters[j].at
    assert at is not None
    lay = state.layout
    corners: set[Square] = set()
    for h in state.heroes:
        if h.status == "active" and h.at is not None:
            x, y = h.at
            corners |= {(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)}
    out = []
    for c in sorted(corners):
        block = _block(c)
        if all(lay.board.is_floor(s) and not lay.solid(s) and sees(lay, at, s) for s in block):
            out.append(f"{c[0]},{c[1]}")
    return out


def _corner(target: str) -> Square:
    x, y = target.split(",")
    return int(x), int(y)


def _ice_storm_victims(state: QuestState, j: int, target: str) -> list[str]:
    return figures_in(state, set(_block(_corner(target))))


def _ice_storm(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    return replace(
        state, pending=Pending("chit", who=f.caster, target=k, side=side, dice=3, need=0, ref=f.key)
    )


def _cloud_victims(state: QuestState, j: int, target: str) -> list[str]:
    return [v for v in figures_in(state, set(area_squares(state, j))) if v.startswith("h")]


def _cloud_offers(state: QuestState, j: int) -> list[str]:
    return ["room"] if _cloud_victims(state, j, "room") else []


def _cloud(state: QuestState, f: Flight, victim: str) -> QuestState:
    side, k = ref_of(victim)
    if side == "h":
        state = note(
            hero_add(state, k, "paralysed|"),
            said("status.hero-paralysed-cloud", hero=k, hero_name=state.hero_of(k).name),
        )
        return shaken(state, victim, "paralysed")
    state = note(
        monster_add(state, k, "sleep|"),
        said("status.paralysed-cloud", monster=k, monster_name=state.stats_of(k).name),
    )
    return shaken(state, victim, "sleep")


# ---------------------------------------------------------------------------------------------------
# Reanimation (583)


def fell_at(m: MonsterFig) -> Square | None:
    """Where a slain monster fell (kept as "fell@X,Y" by `wounds.hurt_monster`)."""
    for e in m.effects:
        name = parse(e)[0]
        if name.startswith("fell@"):
            x, y = name[5:].split(",")
            return int(x), int(y)
    return None


def fallen_undead(state: QuestState, j: int) -> list[int]:
    """The slain undead that fell in monster `j`'s room or corridor segment."""
    room = area_squares(state, j)
    return [
        k
        for k, m in enumerate(state.monsters)
        if m.status == "dead" and state.stats_of(k).undead and fell_at(m) in room
    ]


def _reanimate_offers(state: QuestState, j: int) -> list[str]:
    return ["room"] if fallen_undead(state, j) else []


def _reanimate(state: QuestState, j: int, target: str) -> QuestState:
    for k in fallen_undead(state, j):
        m = state.monsters[k]
        where = fell_at(m)
        assert where is not None
        if not free_floor(state, where):
            where = free_square_near(state, where)
        if where is None:
            continue
        body = state.stats_of(k).body
        state = with_monster(
            state, k, replace(m, status="active", at=where, body=body, aware=True, effects=())
        )
        state = note(state, said("monster.rises-from-floor", monster=k, monster_name=state.stats_of(k).name))
    return state


# ---------------------------------------------------------------------------------------------------
# Ice Wall (585)


def ice_candidates(state: QuestState, j: int) -> list[Square]:
    """The squares monster `j` may turn to ice: free floor it sees."""
    at = state.monsters[j].at
    assert at is not None
    return free_floor_seen(state, at)


def free_floor_seen(state: QuestState, at: Square) -> list[Square]:
    """The squares an Ice Wall cast from `at` may take: free floor seen from there (no figure, trap nor
    ice on it)."""
    lay = state.layout
    ice = ice_squares(state)
    return [
        s
        for s in lay.board.floor()
        if s != at and free_floor(state, s, ice) and sees(lay, at, s, state.figures)
    ]


def _ice_offers(state: QuestState, j: int) -> list[str]:
    return [f"{s[0]},{s[1]}" for s in ice_candidates(state, j)]


def place_ice(state: QuestState, j: int, target: str) -> QuestState:
    """One more ice square; the game master may add more, up to four (`ice:X,Y`, `ice:done`)."""
    state = monster_add(state, j, f"ice@{target}+0|quest")
    state = note(state, said("ice.ice-rises", square=target))
    f = flight(state) or Flight(f"m{j}", "chaos/ice-wall", target, "ice")
    f = replace(f, stage="ice", placed=f.placed + 1)
    if f.placed >= ICE_WALL_SQUARES or not ice_candidates(state, j):
        return with_flight(state, None)
    return with_flight(state, f)


def ice_actions(state: QuestState, f: Flight) -> list[str]:
    """The game master's choices while raising an Ice Wall."""
    return [*(f"ice:{s[0]},{s[1]}" for s in ice_candidates(state, f.caster)), "ice:done"]


def ice_action(state: QuestState, f: Flight, action: str) -> QuestState:
    """Another square, or done."""
    arg = rest_of(action)
    if arg == "done":
        return with_flight(state, None)
    return place_ice(state, f.caster, arg)


# ---------------------------------------------------------------------------------------------------
# Summon Orcs (587), Summon Undead (591), Summon Wolves (593)


def summon_outcomes(key: str) -> list[tuple[str, Fraction]]:
    """The summoning's results, by the red die."""
    return [(band_label(group), Fraction(len(faces), 6)) for faces, group in SUMMONS[key]]


def band_label(group: tuple[tuple[str, int], ...]) -> str:
    """ "3xskeleton+2xzombie"."""
    return "+".join(f"{n}x{hq.key_of(kind)}" for kind, n in group)


def summon_face(key: str, face: int) -> str:
    """The result a red die's face gives."""
    return next(band_label(group) for faces, group in SUMMONS[key] if face in faces)


def _summon_offers(state: QuestState, j: int) -> list[str]:
    at = state.monsters[j].at
    assert at is not None
    return ["self"] if free_square_near(state, at) is not None else []


def summoned(state: QuestState, j: int, label: str) -> QuestState:
    """The monsters of `label` appear on the free squares nearest the caster and join the fight."""
    at = state.monsters[j].at
    assert at is not None
    count = sum(1 for m in state.monsters if m.id.startswith("summoned-"))
    names = []
    for part in label.split("+"):
        n, _, kind = part.partition("x")
        for _ in range(int(n)):
            where = free_square_near(state, at)
            if where is None:
                return note(state, said("monster.there-no-more-room"))
            count += 1
            mid = f"summoned-{count}-{kind}"
            fig = MonsterFig(mid, where, state.ctx.monster(mid).body, "active", True)
            state = replace(state, monsters=(*state.monsters, fig))
            names.append(state.ctx.monster(mid).name)
    return note(state, said("monster.summoned", names=tuple(names)))


def _summoner(key: str) -> Chaos:
    def cast(state: QuestState, j: int, target: str) -> QuestState:
        return replace(state, pending=Pending("csummon", who=j, ref=key))

    return Chaos(_summon_offers, cast=cast)


for _key, _chaos in {
    "chaos/skate": Chaos(_skate_offers, cast=_skate),
    "chaos/lightning-bolt": Chaos(_bolt_offers, _bolt_victims, _bolt),
    "chaos/escape": Chaos(_escape_offers, cast=_escape),
    "chaos/firestorm": Chaos(_storm_offers, _storm_victims, _storm, fire=True),
    "chaos/ice-storm": Chaos(_ice_storm_offers, _ice_storm_victims, _ice_storm),
    "chaos/cloud-of-chaos": Chaos(_cloud_offers, _cloud_victims, _cloud, mental=True),
    "chaos/reanimation": Chaos(_reanimate_offers, cast=_reanimate),
    "chaos/ice-wall": Chaos(_ice_offers, cast=place_ice),
    **{key: _summoner(key) for key in SUMMONS},
}.items():
    register(_key, _chaos)
