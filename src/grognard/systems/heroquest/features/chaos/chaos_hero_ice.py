"""Ice Wall cast by a hero who learned it by Mimic (lines 286, 585), and blows at the ice by monsters.

Line 585: "This spell creates up to four squares of solid ice. These squares block movement and physical
attack, but not line of sight or spells. The squares need not be adjacent, but they must all be within the
line of sight of the spell-caster. Each ice square lasts until the spell-caster dies, cancels the spell or
can no longer see the square, or until a cumulative total of 5 skulls are rolled in attacks on the square."

The game master's Ice Wall (`chaos_area.place_ice`) with the roles turned: the hero's first square is the
cast's target (`cast:chaos/ice-wall:X,Y`, a free floor square he sees), then he adds up to three more
(`ice:X,Y`) or stops (`ice:done`), the spell in flight at the stage "hero-ice", his own decision in his
turn. Each square is marked on the hero ("ice@X,Y+SKULLS|quest", as a monster's on the monster) and
`chaos_effects.ice_squares` counts it: it blocks every figure's move and blow, his companions' and his own
too (line 585 spares no one), never sight nor spells. It melts when he dies, leaves the board or no longer
sees it (`chaos_effects.melt`), at the quest's end, or at five skulls rolled at it. The heroes strike it
with `smash:X,Y` as any ice; a monster beside a hero's ice square strikes it with `smash:X,Y` (one of its
attacks: its base Attack's dice, the skulls counted, `monster_smash`), and the automatic game master does so
when the ice stands between the monster and every hero it sees (`gm_smash`). See docs/rulings/heroquest.md.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.errors import RulesError
from grognard.i18n import gettext
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.geometry import can_attack_close, furniture_penalty
from grognard.systems.heroquest.features.chaos.chaos_area import ICE_WALL_SQUARES, free_floor_seen
from grognard.systems.heroquest.model.action_text import rest_of
from grognard.systems.heroquest.model.edits import note
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import Flight, flight, with_flight
from grognard.systems.heroquest.rules.chaos_effects import hero_add, monster_attack
from grognard.systems.heroquest.rules.ice import ice_marks, ice_squares

ICE_WALL = "chaos/ice-wall"
STAGE = "hero-ice"
"""The stage of a hero's Ice Wall in flight while he adds squares."""


def candidates(state: QuestState, i: int) -> list[Square]:
    """The squares hero `i` may turn to ice: free floor he sees (no figure, trap nor ice on it)."""
    at = state.heroes[i].at
    assert at is not None
    return free_floor_seen(state, at)


def offers(state: QuestState, i: int) -> list[str]:
    """The first square of his Ice Wall: any square he may turn to ice."""
    return [f"{s[0]},{s[1]}" for s in candidates(state, i)]


def place(state: QuestState, i: int, target: str) -> QuestState:
    """One more ice square of hero `i`'s wall; he may add more, up to four (`ice:X,Y`, `ice:done`)."""
    state = hero_add(state, i, f"ice@{target}+0|quest")
    state = note(state, said("ice.ice-rises", square=target))
    f = flight(state) or Flight(f"h{i}", ICE_WALL, target, STAGE)
    f = replace(f, stage=STAGE, placed=f.placed + 1)
    if f.placed >= ICE_WALL_SQUARES or not candidates(state, i):
        return with_flight(state, None)
    return with_flight(state, f)


def actions(state: QuestState, f: Flight) -> list[str]:
    """The hero's choices while raising his Ice Wall."""
    return [*(f"ice:{s[0]},{s[1]}" for s in candidates(state, f.caster)), "ice:done"]


def action(state: QuestState, f: Flight, act: str) -> QuestState:
    """Another square, or done."""
    arg = rest_of(act)
    if arg == "done":
        return with_flight(state, None)
    if arg not in offers(state, f.caster):
        raise RulesError(act, state, gettext("ice rises only on free floor the caster sees (line 585)"))
    return place(state, f.caster, arg)


# ---------------------------------------------------------------------------------------------------
# Monsters striking a hero's ice


def heroes_ice(state: QuestState) -> frozenset[Square]:
    """The standing ice squares raised by heroes."""
    standing = ice_squares(state)
    return frozenset(s for who, s, _ in ice_marks(state) if who[0] == "h" and s in standing)


def monster_smash_offers(state: QuestState, j: int) -> list[str]:
    """The `smash:X,Y` attacks monster `j` may make on a hero's ice square it could strike hand to hand."""
    ice = heroes_ice(state)
    at = state.monsters[j].at
    if not ice or at is None or state.stats_of(j).ranged:
        return []
    diagonal = state.stats_of(j).diagonal
    return [
        f"smash:{s[0]},{s[1]}"
        for s in sorted(ice)
        if can_attack_close(state.layout, at, s, diagonal_weapon=diagonal, figures=state.figures)
    ]


def monster_smash(state: QuestState, j: int, arg: str) -> QuestState:
    """Monster `j` attacks a hero's ice square (one of its attacks): its attack dice, the skulls counted."""
    state = replace(state, turn=replace(state.turn, attacks=state.turn.attacks + 1))
    at = state.monsters[j].at
    assert at is not None
    dice = monster_attack(state, j, max(0, state.stats_of(j).attack - furniture_penalty(state.layout, at)))
    return replace(state, pending=Pending("cice", who=j, dice=dice, ref=arg))


def gm_smash(actions_now: list[str]) -> str | None:
    """The automatic game master's blow at a hero's ice, when its monster, seeing a hero, can neither
    strike one nor get nearer (`gm.choose` asks only then)."""
    return next((a for a in actions_now if a.startswith("smash:")), None)
