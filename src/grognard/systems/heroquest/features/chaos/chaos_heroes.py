"""Chaos spells a hero learned by Mimic (line 286), cast by him at the monsters.

Line 286: a spell learned by Mimic "will be added to his spell pool (although it may only be used when the
character reaches the required spell level)"; line 543: the chaos spells carry levels and "the same level
restrictions apply". So a hero casts a chaos spell he learned (this quest, kept on him as
"learned:chaos/KEY|quest", or in an earlier one, in his pool and memorised like any spell) once his level
is at least the spell's printed level; as any of his spells it is his action and costs a Magic point
(line 162), and a monster holding Dispell may answer it (line 557).

The spell acts through the game master's own handlers (`chaos.HANDLERS`): the same `hit` on each figure
it touches, with the roles turned round: it is aimed at a monster the hero may target (in sight, line
84), its room spells take the monsters of his room, and a monster it slays or commands is his
(`chaos_hits.killer`). `HERO_CASTS` says, for each spell, what the hero may aim at and whom it touches;
`REFUSED` the spells a hero cannot sensibly cast, with the reason (their text names players, they answer a
player's spell, or they bring monsters to fight the players); `NOT_PLAYED` those not played yet. Every
chaos spell is in exactly one of the three. See docs/rulings/heroquest.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from grognard.engine.errors import RuleNotImplementedError, RulesError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import adjacent, can_target, squares_within
from grognard.systems.heroquest.content.hero import casting_level
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.artifacts import pay_for_cast, ring_pays
from grognard.systems.heroquest.features.chaos import chaos_hero_ice as hero_ice
from grognard.systems.heroquest.features.chaos.chaos_area import (
    DIRECTIONS,
    FIRESTORM_RADIUS,
    bolt_path,
    free_floor,
)
from grognard.systems.heroquest.features.chaos.chaos_flight import advance, answer_hero_spell
from grognard.systems.heroquest.model.action_text import aim, cast_arg, cast_of
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.chaos import (
    ChaosForHeroes,
    Flight,
    figures_in,
    install_hero_chaos,
    spell_name,
    with_flight,
)
from grognard.systems.heroquest.rules.chaos import handler as chaos_handler
from grognard.systems.heroquest.rules.ice import ice_squares

HeroOffers = Callable[[QuestState, int], list[str]]
HeroVictims = Callable[[QuestState, int, str], list[str]]
HeroCast = Callable[[QuestState, int, str], QuestState]


@dataclass(frozen=True)
class HeroChaos:
    """How a hero casts one chaos spell: the targets he may choose now, and either the figures it touches
    (each taking the game master's `Chaos.hit`) or, for a spell on the caster or a companion, the whole
    of it (`cast`)."""

    offers: HeroOffers
    victims: HeroVictims | None = None
    cast: HeroCast | None = None


# ---------------------------------------------------------------------------------------------------
# Aiming


def _index(state: QuestState, mid: str) -> int:
    return next(k for k, m in enumerate(state.monsters) if m.id == mid)


def aimable_monsters(state: QuestState, i: int) -> list[int]:
    """The monsters hero `i` may aim a spell at: on the board and in his sight, as for a shot (line 84)."""
    at = state.heroes[i].at
    assert at is not None
    return [
        j
        for j, m in enumerate(state.monsters)
        if m.status == "active" and m.at is not None and can_target(state.layout, at, m.at, state.figures)
    ]


def _at_one(effect: str = "") -> HeroOffers:
    """Every monster he may aim at, but those already under `effect`."""

    def offers(state: QuestState, i: int) -> list[str]:
        return [
            state.monsters[j].id
            for j in aimable_monsters(state, i)
            if not (effect and has(state.monsters[j].effects, effect))
        ]

    return offers


def _one(state: QuestState, i: int, target: str) -> list[str]:
    return [f"m{_index(state, target)}"]


def _chill_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    return [
        state.monsters[j].id
        for j in aimable_monsters(state, i)
        if adjacent(state.layout, at, state.monsters[j].at)  # type: ignore[arg-type]
    ]


def _command_offers(state: QuestState, i: int) -> list[str]:
    return [
        state.monsters[j].id
        for j in aimable_monsters(state, i)
        if not any(e.startswith(("thrall", "command|")) for e in state.monsters[j].effects)
    ]


def _monsters_among(victims: list[str]) -> bool:
    return any(v.startswith("m") for v in victims)


# ---------------------------------------------------------------------------------------------------
# Spells of places: Lightning Bolt (559), Firestorm (575), Ice Storm (577), Cloud of Chaos (581)


def _bolt_victims(state: QuestState, i: int, way: str) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    path = bolt_path(state, at, way)
    order = {s: n for n, s in enumerate(path)}
    found = figures_in(state, set(path))
    return sorted(found, key=lambda v: order[_square(state, v)])


def _square(state: QuestState, victim: str) -> Square:
    fig = state.heroes[int(victim[1:])] if victim[0] == "h" else state.monsters[int(victim[1:])]
    assert fig.at is not None
    return fig.at


def _bolt_offers(state: QuestState, i: int) -> list[str]:
    return [w for w in DIRECTIONS if _monsters_among(_bolt_victims(state, i, w))]


def _area(state: QuestState, i: int) -> frozenset[Square]:
    at = state.heroes[i].at
    assert at is not None
    area = state.layout.board.area_at.get(at)
    return state.layout.board.squares_of(area) if area is not None else frozenset({at})


def _storm_victims(state: QuestState, i: int, target: str) -> list[str]:
    """Firestorm: everyone else in his room; in a corridor the squares within five he sees (line 575)."""
    at = state.heroes[i].at
    assert at is not None
    lay = state.layout
    if lay.board.room_of(at) is not None:
        squares = set(_area(state, i))
    else:
        squares = {
            s for s in squares_within(at, FIRESTORM_RADIUS) if lay.board.is_floor(s) and sees(lay, at, s)
        }
    return [v for v in figures_in(state, squares) if v != f"h{i}"]


def _storm_offers(state: QuestState, i: int) -> list[str]:
    return ["room"] if _monsters_among(_storm_victims(state, i, "room")) else []


def _block(target: str) -> set[Square]:
    x, y = (int(v) for v in target.split(","))
    return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}


def _ice_storm_offers(state: QuestState, i: int) -> list[str]:
    """The 2 by 2 blocks of floor he sees that hold a monster (line 577)."""
    at = state.heroes[i].at
    assert at is not None
    lay = state.layout
    corners: set[Square] = set()
    for j in aimable_monsters(state, i):
        m = state.monsters[j].at
        assert m is not None
        x, y = m
        corners |= {(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)}
    out = []
    for c in sorted(corners):
        target = f"{c[0]},{c[1]}"
        if all(lay.board.is_floor(s) and not lay.solid(s) and sees(lay, at, s) for s in _block(target)):
            out.append(target)
    return out


def _ice_storm_victims(state: QuestState, i: int, target: str) -> list[str]:
    return figures_in(state, _block(target))


def _cloud_victims(state: QuestState, i: int, target: str) -> list[str]:
    """Cloud of Chaos from a hero: the monsters of his room or corridor segment (line 581, roles turned)."""
    return [v for v in figures_in(state, set(_area(state, i))) if v.startswith("m")]


def _cloud_offers(state: QuestState, i: int) -> list[str]:
    return ["room"] if _cloud_victims(state, i, "room") else []


# ---------------------------------------------------------------------------------------------------
# Spells on the caster or a companion: Soothe (563), Restore Chaos (579), Skate (555), Escape (565);
# Ice Wall (585) in `chaos_hero_ice`


def _healing(amount: int) -> tuple[HeroOffers, HeroCast]:
    def offers(state: QuestState, i: int) -> list[str]:
        at = state.heroes[i].at
        assert at is not None
        return [
            f"h{k}"
            for k, h in enumerate(state.heroes)
            if h.status == "active"
            and h.at is not None
            and h.body < state.hero_of(k).maximum("body")
            and (k == i or sees(state.layout, at, h.at, state.figures))
        ]

    def cast(state: QuestState, i: int, target: str) -> QuestState:
        k = aim(target).hero_index
        fig = state.heroes[k]
        body = min(state.hero_of(k).maximum("body"), fig.body + amount)
        return note(
            with_hero(state, k, replace(fig, body=body)),
            said("heal.restored-body", hero=k, hero_name=state.hero_of(k).name, body=body),
        )

    return offers, cast


def _skate_offers(state: QuestState, i: int) -> list[str]:
    return [] if state.turn.rolled else ["self"]


def _skate(state: QuestState, i: int, target: str) -> QuestState:
    """Twelve squares this turn in place of his roll, through any figure (line 555)."""
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=(*fig.effects, "skate|one-turn")))
    state = replace(state, turn=replace(state.turn, rolled=True, moves=12))
    return note(state, said("ice.hero-skates-away", hero=i, hero_name=state.hero_of(i).name))


def _hideout(state: QuestState, i: int) -> Square | None:
    """The free square no monster sees, farthest from the nearest monster (Escape's secret destination)."""
    foes = [m.at for m in state.monsters if m.status in ("active", "lurking") and m.at is not None]
    ice = ice_squares(state)
    best: tuple[int, Square] | None = None
    for s in state.layout.board.floor():
        if not free_floor(state, s, ice) or any(sees(state.layout, f, s) for f in foes):
            continue
        far = min((abs(s[0] - f[0]) + abs(s[1] - f[1]) for f in foes), default=0)
        if best is None or far > best[0]:
            best = (far, s)
    return best[1] if best is not None else None


def _escape_offers(state: QuestState, i: int) -> list[str]:
    return ["self"] if _hideout(state, i) is not None else []


def _escape(state: QuestState, i: int, target: str) -> QuestState:
    where = _hideout(state, i)
    assert where is not None
    state = with_hero(state, i, replace(state.heroes[i], at=where))
    return note(state, said("move.vanishes-stands", hero=i, hero_name=state.hero_of(i).name, square=where))


# ---------------------------------------------------------------------------------------------------
# The tables

_soothe = _healing(3)
_restore = _healing(6)

HERO_CASTS: dict[str, HeroChaos] = {
    "chaos/tempest": HeroChaos(_at_one("tempest"), _one),
    "chaos/weak-ball-of-flame": HeroChaos(_at_one(), _one),
    "chaos/chill": HeroChaos(_chill_offers, _one),
    "chaos/fear": HeroChaos(_at_one("fear"), _one),
    "chaos/sleep": HeroChaos(_at_one("sleep"), _one),
    "chaos/command": HeroChaos(_command_offers, _one),
    "chaos/lightning-bolt": HeroChaos(_bolt_offers, _bolt_victims),
    "chaos/firestorm": HeroChaos(_storm_offers, _storm_victims),
    "chaos/ice-storm": HeroChaos(_ice_storm_offers, _ice_storm_victims),
    "chaos/cloud-of-chaos": HeroChaos(_cloud_offers, _cloud_victims),
    "chaos/soothe": HeroChaos(_soothe[0], cast=_soothe[1]),
    "chaos/restore-chaos": HeroChaos(_restore[0], cast=_restore[1]),
    "chaos/skate": HeroChaos(_skate_offers, cast=_skate),
    "chaos/escape": HeroChaos(_escape_offers, cast=_escape),
    "chaos/ice-wall": HeroChaos(hero_ice.offers, cast=hero_ice.place),
}
"""The chaos spells a hero casts, by "chaos/key"."""

_PLAYERS = (
    "its text names players (line {line}): it does nothing to a monster, so a hero has no target for it"
)
_ANSWER = "it is an enemy's answer to a player's spell (line {line}), not a spell a player casts"
_SUMMON = (
    "it brings monsters to fight the players (line {line}); the game has no monsters on the heroes' side"
)
REFUSED: dict[str, str] = {
    "chaos/mind-blast": _PLAYERS.format(line=553),
    "chaos/mind-freeze": _PLAYERS.format(line=569),
    "chaos/werewolfs-curse": _PLAYERS.format(line=589),
    "chaos/rust": "it ruins a player's metal weapon or armour (line 573); monsters' gear is not wasted so",
    "chaos/dispell": _ANSWER.format(line=557),
    "chaos/mirror-magic": _ANSWER.format(line=571),
    "chaos/reanimation": "it raises the fallen undead to attack the players again (line 583)",
    "chaos/summon-orcs": _SUMMON.format(line=587),
    "chaos/summon-undead": _SUMMON.format(line=591),
    "chaos/summon-wolves": _SUMMON.format(line=593),
}
"""The chaos spells a hero who learns them cannot cast, with the reason (see the rulings)."""

NOT_PLAYED: dict[str, str] = {}
"""The chaos spells a hero could cast that the game does not play for him yet."""


# ---------------------------------------------------------------------------------------------------
# Who may cast what


def learned(state: QuestState, i: int) -> list[str]:
    """The chaos spells ("chaos/key") in hero `i`'s hands: learned this quest, or memorised from his pool."""
    fig = state.heroes[i]
    out = [k for k in fig.spells if k.startswith("chaos/")]
    out += [e[8:].partition("|")[0] for e in fig.effects if e.startswith("learned:chaos/")]
    return list(dict.fromkeys(out))


def bar(state: QuestState, i: int, key: str) -> tuple[str, int]:
    """What keeps hero `i` from casting the chaos spell `key` now, by id: ("refused", 0), ("not-played",
    0), ("level", the level he needs), or ("", 0) when nothing does."""
    if key in REFUSED:
        return "refused", 0
    if key in NOT_PLAYED:
        return "not-played", 0
    school, _, name = key.partition("/")
    need = casting_level(state.hero_of(i), hq.spell(name, school))
    return ("level", need) if state.hero_of(i).level < need else ("", 0)


def bar_text(key: str, why: str, need: int, hero_name: str) -> str | None:
    """The bar `why` (from `bar`) in English, for the error and the log alike, or None for no bar."""
    school, _, name = key.partition("/")
    spell = hq.spell(name, school)
    if why == "refused":
        return f"a hero cannot cast {spell.name}: {REFUSED[key]}"
    if why == "not-played":
        return f"{spell.name} is not played for a hero: {NOT_PLAYED[key]}"
    if why == "level":
        return f"{spell.name} is a level-{need} spell: {hero_name} may cast it from level {need} (line 286)"
    return None


def problem(state: QuestState, i: int, key: str) -> str | None:
    """Why hero `i` may not cast the chaos spell `key` now (level, refusal, not played), or None."""
    why, need = bar(state, i, key)
    return bar_text(key, why, need, state.hero_of(i).name)


def hero_casts(state: QuestState, i: int) -> list[str]:
    """The `cast:chaos/KEY:TARGET` actions hero `i` has: a chaos spell in his hands that his level allows,
    a Magic point (or his Spell Ring) to pay, and a target."""
    fig = state.heroes[i]
    out: list[str] = []
    for key in learned(state, i):
        if problem(state, i, key) is not None or (fig.magic < 1 and not ring_pays(state, i, key)):
            continue
        out.extend(f"cast:{key}:{t}" for t in HERO_CASTS[key].offers(state, i))
    return out


# ---------------------------------------------------------------------------------------------------
# Casting


def cast(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` casts "chaos/key:target": a Magic point paid, a monster's Dispell may answer it, then it
    acts (`resolve`)."""
    read = cast_arg(arg)
    key, target = read.spell, read.target
    why = problem(state, i, key)
    if key in NOT_PLAYED:
        raise RuleNotImplementedError(why)
    if why is not None:
        raise RulesError(f"cast:{arg}", state, why)
    state = pay_for_cast(state, i, key)
    state = note(
        state, said("spell.chaos-casts", hero=i, hero_name=state.hero_of(i).name, spell=spell_name(key))
    )
    answered = answer_hero_spell(state, i, key, target)  # a monster's Dispell (line 557)
    if answered is not None:
        return answered
    return resolve(state, i, key, target)


def resolve(state: QuestState, i: int, key: str, target: str) -> QuestState:
    """The spell acts: on the caster or a companion (`HeroChaos.cast`), or on each figure it touches in
    turn through the game master's `hit` (a spell in flight, `chaos_flight.advance`)."""

    entry = HERO_CASTS[key]
    if entry.cast is not None:
        return entry.cast(state, i, target)
    assert entry.victims is not None
    chaos_handler(key)
    victims = tuple(entry.victims(state, i, target))
    return advance(with_flight(state, Flight(f"h{i}", key, target, "victims", victims=victims, mode="hero")))


def spares_companions(state: QuestState, i: int, action: str) -> bool:
    """True when the cast `action` of hero `i` is aimed at the monsters and touches no other hero (a bot
    keeps its companions out of a Lightning Bolt, a Firestorm or an Ice Storm)."""
    read = cast_of(action)
    key, target = read.spell, read.target
    entry = HERO_CASTS.get(key)
    if entry is None or entry.victims is None:
        return False
    victims = entry.victims(state, i, target)
    return any(v.startswith("m") for v in victims) and not any(v.startswith("h") for v in victims)


install_hero_chaos(
    ChaosForHeroes(casts=hero_casts, cast=cast, answer=answer_hero_spell, resolve=resolve, bar=bar)
)
