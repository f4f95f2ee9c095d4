"""The chance nodes of the chaos spells and their answers: exact outcomes, the real dice, the result.

- "mimic": the wizard's red dice, one per Mind point, against the caster's; more learns it (line 286);
- "dispel": one red die plus Mind each, the monster's first; higher cancels (line 557);
- "cburn": a flame's victim throws red dice, each saving face takes a point off (lines 547, 575);
- "chit": combat dice against a figure, with its defend dice or none (Ice Storm, line 577; the genie sent
  back; a hero the game master moves striking another);
- "cbreak": a 6 on red dice, one per Mind point, breaks a spell (lines 551-567, 581);
- "cfreeze": a combat die per Mind point, each white shield a point kept (line 569);
- "ccurse": a red die of 6 spares the hero the Werewolf's Curse; "cwere", each turn, a 6 turns him (589);
- "csummon": the summoning's red die (lines 587-593);
- "cice": a hero's blow at an ice square, its skulls counted (line 585).
Every real throw is mapped to its outcome by the rule its exact odds were found from.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice, red_dice
from grognard.engine.game import Move, Outcome
from grognard.systems.heroquest.content.combat_dice import binomial, damage, roll_attack
from grognard.systems.heroquest.features.chaos.chaos_area import summon_face, summon_outcomes, summoned
from grognard.systems.heroquest.features.chaos.chaos_flight import (
    advance,
    dispel_chance,
    dispel_result,
    mimic_result,
)
from grognard.systems.heroquest.features.chaos.chaos_hits import SAVE_FACES, killer
from grognard.systems.heroquest.features.items.artifacts_env import spell_relief
from grognard.systems.heroquest.features.items.weapons import (
    CONCUSSION,
    axe_outcomes,
    axe_throw,
    concuss_hero,
    is_axe_ref,
)
from grognard.systems.heroquest.features.skills.skills import more_chance
from grognard.systems.heroquest.model.edits import note
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    MONSTER_TURN_STARTS,
    Chance,
    FigureHook,
    required,
)
from grognard.systems.heroquest.model.hooks import start_slot
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import flight, mind_of, spell_name
from grognard.systems.heroquest.rules.chaos_effects import (
    hero_add,
    hero_drop,
    ice_struck,
    lose_mind,
    monster_add,
    monster_drop,
)
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster

KINDS = ("mimic", "dispel", "cburn", "chit", "cbreak", "cfreeze", "ccurse", "cwere", "csummon", "cice")
"""The chance nodes played here."""

SIXTH = Fraction(1, 6)


def _two(a: str, pa: Fraction, b: str) -> list[tuple[Outcome, Fraction]]:
    return [(k, q) for k, q in ((a, pa), (b, 1 - pa)) if q]


def burn_damage(dice: int, damage_points: int, faces: int) -> dict[int, Fraction]:
    """A flame's damage: `damage_points` less one a saving face among `dice` red dice (never below 0)."""
    out: dict[int, Fraction] = {}
    for saves, q in binomial(dice, Fraction(faces, 6)).items():
        d = max(0, damage_points - saves)
        out[d] = out.get(d, Fraction(0)) + q
    return dict(sorted(out.items()))


def outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The exact outcomes of a chaos chance node, or None when `p` is not one."""
    kind = p.kind
    if kind not in KINDS:
        return None
    if kind == "mimic":
        return _two("learned", more_chance(p.dice, p.need), "missed")
    if kind == "dispel":
        return _two("cancelled", dispel_chance(p.dice, p.need), "holds")
    if kind == "cburn":
        return [(d, q) for d, q in burn_damage(p.dice, p.need, SAVE_FACES[p.ref]).items() if q]
    if kind == "chit":
        if is_axe_ref(p.ref):  # a battle axe's blow by a hero under Command (line 369)
            return axe_outcomes(p.dice, p.need, "hero", p.ref)
        return [
            (d, q) for d, q in damage(p.dice, p.need, "hero" if p.side == "h" else "monster").items() if q
        ]
    if kind == "cbreak":
        return _two("breaks", 1 - Fraction(5, 6) ** p.dice, "holds")
    if kind == "cfreeze":
        return [(k, q) for k, q in binomial(p.dice, Fraction(2, 6)).items() if q]
    if kind == "ccurse":
        return _two("spared", SIXTH, "cursed")
    if kind == "cwere":
        return _two("wolf", SIXTH, "man")
    if kind == "csummon":
        return list(summon_outcomes(p.ref))
    return [(k, q) for k, q in binomial(p.dice, Fraction(1, 2)).items() if q]  # cice: skulls


def throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]] | None:
    """The real dice of a chaos chance node and the outcome they give, or None when `p` is not one."""
    kind = p.kind
    if kind not in KINDS:
        return None
    if kind == "mimic":
        mine, theirs = red_dice(rng, p.dice), red_dice(rng, p.need)
        return ("learned" if mine.total > theirs.total else "missed"), (mine, theirs)
    if kind == "dispel":
        enemy, hero = red_dice(rng, 1), red_dice(rng, 1)
        return ("cancelled" if enemy.total + p.dice > hero.total + p.need else "holds"), (enemy, hero)
    if kind == "cburn":
        roll = red_dice(rng, p.dice)
        saves = sum(1 for f in roll.faces() if f > 6 - SAVE_FACES[p.ref])
        return max(0, p.need - saves), (roll,)
    if kind == "chit" and is_axe_ref(p.ref):
        return axe_throw(rng, p, "hero")
    if kind == "chit":
        thrown = roll_attack(rng, p.dice, p.need, "hero" if p.side == "h" else "monster")
        return thrown.damage, (thrown.attack_roll, thrown.defend_roll)
    if kind == "cbreak":
        roll = red_dice(rng, p.dice)
        return ("breaks" if 6 in roll.faces() else "holds"), (roll,)
    if kind == "cfreeze":
        cdice = heroquest_combat_dice(rng, p.dice)
        return sum(1 for d in cdice.dice if d.face == "white shield"), (cdice,)
    if kind in ("ccurse", "cwere"):
        roll = red_dice(rng, 1)
        six = roll.total == 6
        return (("spared" if six else "cursed") if kind == "ccurse" else ("wolf" if six else "man")), (roll,)
    if kind == "csummon":
        roll = red_dice(rng, 1)
        return summon_face(p.ref, roll.total), (roll,)
    cdice = heroquest_combat_dice(rng, p.dice)
    return cdice.total, (cdice,)


def result(state: QuestState, p: Pending, move: Move) -> QuestState | None:
    """The state after a chaos chance node came out as `move`, or None when `p` is not one."""
    kind = p.kind
    if kind not in KINDS:
        return None
    if kind == "mimic":
        return mimic_result(state, p, str(move))
    if kind == "dispel":
        return dispel_result(state, p, str(move))
    if kind == "chit" and is_axe_ref(p.ref):
        if str(move).endswith(CONCUSSION):
            state = concuss_hero(state, p.target)
        return _hurt(state, p, int(str(move).removesuffix(CONCUSSION)))
    if kind in ("cburn", "chit"):
        return _hurt(state, p, int(str(move)))
    if kind == "cbreak":
        return _broken(state, p, str(move))
    if kind == "cfreeze":
        lost = state.heroes[p.target].mind - int(str(move))
        if not lost:
            return _go_on(
                note(
                    state,
                    said("mind.mind-withstands-frost", hero=p.target, hero_name=state.hero_of(p.target).name),
                )
            )
        return _go_on(lose_mind(state, p.target, lost, "spell", spell_name(p.ref)))
    if kind == "ccurse":
        name = state.hero_of(p.target).name
        if move == "spared":
            return _go_on(note(state, said("status.throws-off-werewolf-curse", name=name)))
        state = hero_add(state, p.target, "curse-werewolf|quest")
        return _go_on(note(state, said("turn.cursed-wolf-may-take", name=name)))
    if kind == "cwere":
        if move == "wolf":
            state = hero_add(state, p.who, "werewolf|one-turn", "puppet|one-turn")
            state = note(
                state, said("turn.turns-into-werewolf", hero=p.who, hero_name=state.hero_of(p.who).name)
            )
        return start_slot(state)  # the hero's turn start goes on: each roll is made once a turn
    if kind == "csummon":
        return summoned(state, p.who, str(move))
    x, y = p.ref.split(",")
    return ice_struck(state, (int(x), int(y)), int(str(move)))


def _go_on(state: QuestState) -> QuestState:
    """The spell in flight carries on, unless a roll (a potion drunk as a hero falls) comes first."""
    return state if state.pending is not None else advance(state)


def _hurt(state: QuestState, p: Pending, amount: int) -> QuestState:
    if p.ref.split(",")[0] == "puppet":
        return hurt_hero(state, p.target, amount, "attack", by=state.hero_of(p.who).name)
    what = spell_name(p.ref)
    if p.side == "h":
        amount = max(0, amount - spell_relief(state, p.target, p.ref))  # the Armband of Ice (line 443)
        state = hurt_hero(state, p.target, amount, "spell", by=what)
    else:
        f = flight(state)
        state = hurt_monster(state, p.target, amount, killer=killer(f) if f else None, spell=True)
    return _go_on(state)


def _broken(state: QuestState, p: Pending, move: str) -> QuestState:
    k = p.target
    if move == "breaks":
        if p.side == "h":
            state = hero_drop(state, k, p.ref, *(("deep",) if p.ref == "sleep" else ()))
            state = note(state, said("spell.breaks-free-spell", hero=k, hero_name=state.hero_of(k).name))
        else:
            names: tuple[str, ...] = (p.ref, "deep") if p.ref == "sleep" else (p.ref,)
            if p.ref == "command":
                names = ("command", *(f"thrall{n}" for n in range(len(state.heroes))))
            state = monster_drop(state, k, *names)
            state = note(
                state, said("spell.monster-breaks-free-spell", monster=k, monster_name=state.stats_of(k).name)
            )
    if p.then == "now":
        return _go_on(state)
    if p.side == "h":
        return start_slot(state)  # the hero's turn start goes on: each roll is made once a turn
    return monster_turn_starts(state, k)


def monster_turn_starts(state: QuestState, j: int) -> QuestState:
    """Monster `j` rolls to break a Fear or a Command turned on it (one red die a Mind point, a 6)."""
    m = state.monsters[j]
    for name in ("fear", "command"):
        if not has(m.effects, name) or has(m.effects, f"rolled-{name}"):
            continue
        state = monster_add(state, j, f"rolled-{name}|next-turn")
        dice = mind_of(state, j)
        if dice > 0:
            return replace(
                state, pending=Pending("cbreak", target=j, side="m", dice=dice, ref=name, then="turn")
            )
    return state


for _kind in KINDS:
    CHANCES.add(_kind, Chance(required(outcomes), required(result), required(throw)))


MONSTER_TURN_STARTS.add("staff-spells", FigureHook(10, monster_turn_starts))  # a Fear or Command to break
