"""Chaos spells cast by monsters (lines 543-593): the casters, the registry of the spells, the casting.

Some enemies "use Chaos spells in the same fashion" as heroes use theirs (line 102): in place of an attack,
one Magic point a cast (line 162), from the spells they hold (`chaos_lists`: the quest's list or our
default), of their own level or lower (line 543). A monster's Magic is its level's Magic attribute; what
it has spent is kept on it as "spent-magic+N|quest". The game master's monster casts with the action
`cast:chaos/KEY:TARGET` (offered by `monster_casts`), instead of attacking.

Every chaos spell has a `Chaos` handler in `HANDLERS` (the spells are in `chaos_spells` and
`chaos_area`): the targets it may be cast on now, the figures it touches, and what it does to each of
them (`hit`) or, for a spell that touches no figure, the whole of it (`cast`). A spell in flight is a
`Flight`, kept on the state as text (`QuestState.casting`) while the heroes may answer it, Mimic is
rolled, or its victims are taken one by one (`chaos_flight`). Dispell and Mirror Magic are cast only in
answer to a hero's spell (`reactive`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

from grognard.engine.features import Registry
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.chaos_lists import spell_list
from grognard.systems.heroquest.content.geometry import can_target
from grognard.systems.heroquest.model.edits import hidden, thrall_of, with_monster
from grognard.systems.heroquest.model.effect_strings import has, parse, total
from grognard.systems.heroquest.model.state import QuestState

# ---------------------------------------------------------------------------------------------------
# A spell in flight


@dataclass(frozen=True)
class Flight:
    """A spell cast and not yet done with, kept on the state as JSON text.

    `by` is the caster ("m3" a monster, "h0" a hero), `key` the spell ("chaos/fear", or a hero's spell
    answered by Dispell or Mirror Magic), `target` its target. `stage` says what comes next (see
    `chaos_flight`); `mkey` is the spell Mimic may learn and `mimic` the heroes still to roll for it,
    `after` the stage after them. `resist` are heroes the spell passes over (a Potion of Magic
    Resistance, Strength of Will), `used` the answers already given, `reactor` the monster answering a
    hero's spell, `victims` the figures ("hN", "mN") still to take it, `mode` "staff:N" when hero N's
    Ancient Staff turned it back or "mirror" when Mirror Magic did, `placed` the ice squares made.
    """

    by: str
    key: str
    target: str
    stage: str
    mkey: str = ""
    mimic: tuple[int, ...] = ()
    after: str = ""
    resist: tuple[int, ...] = ()
    used: tuple[str, ...] = ()
    reactor: int = -1
    victims: tuple[str, ...] = ()
    mode: str = ""
    placed: int = 0

    def text(self) -> str:
        """The flight as canonical JSON text."""
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def of(cls, text: str) -> Flight:
        """The flight `text` was written from."""
        data = json.loads(text)
        for name in ("mimic", "resist", "used", "victims"):
            data[name] = tuple(data[name])
        return cls(**data)

    @property
    def caster(self) -> int:
        """The caster's index (a monster's, or a hero's when `by` starts with "h")."""
        return int(self.by[1:])


def flight(state: QuestState) -> Flight | None:
    """The spell in flight, or None."""
    return Flight.of(state.casting) if state.casting else None


def with_flight(state: QuestState, f: Flight | None) -> QuestState:
    """The state with `f` in flight (None: nothing)."""
    return replace(state, casting=f.text() if f is not None else "")


# ---------------------------------------------------------------------------------------------------
# The registry

Offers = Callable[[QuestState, int], list[str]]
Victims = Callable[[QuestState, int, str], list[str]]
Hit = Callable[[QuestState, Flight, str], QuestState]
Cast = Callable[[QuestState, int, str], QuestState]


def no_victims(state: QuestState, j: int, target: str) -> list[str]:
    """A spell that touches no figure."""
    return []


@dataclass(frozen=True)
class Chaos:
    """How one chaos spell is played.

    `offers(state, j)` are the targets monster `j` may cast it on now; `victims(state, j, target)` the
    figures it touches ("hN", "mN"); `hit(state, flight, victim)` its effect on one of them (a monster
    when an Ancient Staff turns it back); `cast(state, j, target)` the whole of a spell without victims.
    `mental` spells are those Strength of Will resists (line 313), `fire` those a Fire Ring stops (line
    459); `players_only` spells do nothing to monsters (their text names players); `reactive` spells are
    cast only in answer to a hero's spell.
    """

    offers: Offers
    victims: Victims = no_victims
    hit: Hit | None = None
    cast: Cast | None = None
    mental: bool = False
    fire: bool = False
    players_only: bool = False
    reactive: bool = False


HANDLERS: dict[str, Chaos] = {}
"""Every chaos spell by "chaos/key"."""

PASSIVE: dict[str, str] = {}
"""No chaos spell acts without being cast."""

NOT_PLAYED: dict[str, str] = {}
"""Every chaos spell is played."""

_REGISTRY = Registry("chaos spell", HANDLERS, PASSIVE, NOT_PLAYED)
handler = _REGISTRY.lookup
"""The handler of a chaos spell; `RuleNotImplementedError` for one without."""


def register(key: str, chaos: Chaos) -> None:
    """Put a chaos spell's handler in `HANDLERS`."""
    _REGISTRY.add(key, chaos)


_MIRROR: list[Hit] = []


def install_mirror(hit: Hit) -> None:
    """Inject what a hero's own spell does to him when Mirror Magic sends it back (`chaos_spells`
    installs `mirrored`, line 571)."""
    _MIRROR[:] = [hit]


@dataclass(frozen=True)
class ChaosForHeroes:
    """What the heroes' own spells ask of the chaos spells: the chaos spells a hero learned by Mimic that
    he may cast now (`casts`, line 286), casting one (`cast`, "chaos/key:target"), and a monster's answer to
    a hero's spell (`answer`: Dispell or Mirror Magic, lines 557, 571; None when no monster answers),
    a learned chaos spell acting once it is cast (`resolve`), and when a hero may cast a chaos spell he has
    just learned, or why not and the level needed (`bar`).
    Installed by `chaos_heroes`, so that the heroes' spells never import the chaos spells."""

    casts: Callable[[QuestState, int], list[str]]
    cast: Callable[[QuestState, int, str], QuestState]
    answer: Callable[[QuestState, int, str, str], QuestState | None]
    resolve: Callable[[QuestState, int, str, str], QuestState]
    bar: Callable[[QuestState, int, str], tuple[str, int]]


_HERO_CHAOS: list[ChaosForHeroes] = []


def install_hero_chaos(hooks: ChaosForHeroes) -> None:
    """Inject what the heroes' spells ask of the chaos spells (`chaos_heroes` installs its own)."""
    _HERO_CHAOS[:] = [hooks]


def hero_chaos() -> ChaosForHeroes:
    """What the heroes' spells ask of the chaos spells; a `RuntimeError` when nothing is installed."""
    if not _HERO_CHAOS:
        raise RuntimeError("no chaos spells are installed: import grognard.systems.heroquest.game")
    return _HERO_CHAOS[0]


def mirror_hit() -> Hit:
    """What a mirrored spell does to its caster; a `RuntimeError` when nothing is installed."""
    if not _MIRROR:
        raise RuntimeError("no Mirror Magic is installed: import grognard.systems.heroquest.game")
    return _MIRROR[0]


# ---------------------------------------------------------------------------------------------------
# The casters


def level_of(state: QuestState, j: int) -> int:
    """Monster `j`'s level: its placement's, the wandering monster's, else its kind's lowest."""
    mid = state.monsters[j].id
    entry = hq.monster(state.stats_of(j).kind)
    placed = next((m for m in state.ctx.quest.file.monsters if m.id == mid), None)
    if placed is not None and placed.level is not None:
        return placed.level
    wandering = state.ctx.quest.file.wandering
    if mid.startswith("wandering-") and wandering.level is not None:
        return wandering.level
    return entry.level_range[0]


def known_spells(state: QuestState, j: int) -> tuple[str, ...]:
    """The chaos spells monster `j` holds ("chaos/key"): its quest list, else the default (`chaos_lists`)."""
    mid = state.monsters[j].id
    placed = next((m for m in state.ctx.quest.file.monsters if m.id == mid), None)
    names = placed.spells if placed is not None else None
    return spell_list(state.stats_of(j).kind, level_of(state, j), names)


def magic_left(state: QuestState, j: int) -> int:
    """Monster `j`'s Magic points not yet spent."""
    return state.stats_of(j).magic - total(state.monsters[j].effects, "spent-magic")


def spend_magic(state: QuestState, j: int) -> QuestState:
    """Monster `j` spends one Magic point."""
    m = state.monsters[j]
    spent = total(m.effects, "spent-magic") + 1
    kept = tuple(e for e in m.effects if parse(e)[0] != "spent-magic")
    return with_monster(state, j, replace(m, effects=(*kept, f"spent-magic+{spent}|quest")))


def mind_of(state: QuestState, j: int) -> int:
    """Monster `j`'s Mind points (its statistics)."""
    return state.stats_of(j).mind


def may_cast(state: QuestState, j: int) -> bool:
    """True when monster `j` is free to cast: on the board, a Magic point left, not held by a hero's
    Dominion, not fleeing nor forbidden to attack."""
    m = state.monsters[j]
    if m.status != "active" or m.at is None or magic_left(state, j) < 1:
        return False
    return thrall_of(state, j) is None and not has(m.effects, "noattack") and not has(m.effects, "flee")


# ---------------------------------------------------------------------------------------------------
# Figures and places


def ref_of(victim: str) -> tuple[str, int]:
    """("h", 2) for "h2", ("m", 5) for "m5"."""
    return victim[0], int(victim[1:])


def hero_refs(victims: list[str]) -> list[int]:
    """The heroes among figure refs."""
    return [int(v[1:]) for v in victims if v.startswith("h")]


def aimable_heroes(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` may aim a spell at: in its sight, not across a wide doorway diagonal (line
    122), not hidden in stealth (line 257)."""
    at = state.monsters[j].at
    assert at is not None
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not hidden(state, i)
        and can_target(state.layout, at, h.at, state.figures)
    ]


def area_of(state: QuestState, square: Square) -> str | None:
    """The room or corridor segment `square` is in."""
    return state.layout.board.area_at.get(square)


def figures_in(state: QuestState, squares: frozenset[Square] | set[Square]) -> list[str]:
    """The figures standing on `squares` ("hN" then "mN"; a prisoner is not in play)."""
    out = [f"h{i}" for i, h in enumerate(state.heroes) if h.status == "active" and h.at in squares]
    out += [f"m{j}" for j, m in enumerate(state.monsters) if m.status == "active" and m.at in squares]
    return out


def area_squares(state: QuestState, j: int) -> frozenset[Square]:
    """The squares of the room or corridor segment monster `j` stands in."""
    at = state.monsters[j].at
    assert at is not None
    area = area_of(state, at)
    return state.layout.board.squares_of(area) if area is not None else frozenset({at})


def spell_name(key: str) -> str:
    """A spell's printed name from its key."""
    school, _, name = key.partition("/")
    return hq.spell(name, school).name


# ---------------------------------------------------------------------------------------------------
# Casting


def monster_casts(state: QuestState, j: int) -> list[str]:
    """The `cast:chaos/KEY:TARGET` actions monster `j` has now (its action, so only before it attacks)."""
    if state.turn.acted or state.turn.attacks or not may_cast(state, j):
        return []
    out: list[str] = []
    for key in known_spells(state, j):
        h = HANDLERS.get(key)
        if h is None or h.reactive:
            continue
        out.extend(f"cast:{key}:{t}" for t in h.offers(state, j))
    return out
