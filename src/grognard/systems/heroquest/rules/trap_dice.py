"""The single white die of a trap check (the model of a jump, a disarm, a trap's own dice): which trap a
node names, which faces clear a jump, and Human Resistance's second die. Shared by the core chance nodes
(`resolve`), the artifacts that change a jump and Human Destiny's kept die.
"""

from __future__ import annotations

from fractions import Fraction

from grognard.engine.dice.core import HQ_COMBAT_FACES
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.artifacts_gear import wears


def trap_kind(state: QuestState, ref: str) -> str:
    """The kind of trap `ref` ("chest" for one in a piece of furniture)."""
    trap = state.ctx.traps[state.ctx.trap_index[ref]]
    return "chest" if trap.furniture is not None else trap.kind  # a spear's effect in furniture (line 146)


def jump_clears(state: QuestState, p: Pending) -> frozenset[str]:
    """The faces of one white die that clear the trap of jump `p`: anything but a skull (line 140); a
    long pit lengthwise only a black shield (line 132); with Rabbit Boots anything but a black shield
    (line 465); with Long Jump anything but a black shield over one square and anything but a white
    shield over a long pit lengthwise (line 329). The best reading the hero has counts."""
    hero = state.hero_of(p.who)
    lengthwise = trap_kind(state, p.ref) == "long-pit" and p.need >= 3
    ways = [frozenset({"black shield"}) if lengthwise else frozenset({"white shield", "black shield"})]
    if _rabbit(state, p.who):
        ways.append(frozenset({"skull", "white shield"}))
    if hero.knows_skill("Long Jump"):
        ways.append(frozenset({"skull", "black shield"} if lengthwise else {"skull", "white shield"}))
    return max(ways, key=_face_chance)


def _face_chance(faces: frozenset[str]) -> Fraction:
    return Fraction(sum(HQ_COMBAT_FACES.count(f) for f in faces), len(HQ_COMBAT_FACES))


def jump_chance(state: QuestState, p: Pending) -> Fraction:
    """The chance jump `p` clears (`jump_clears`; Human Resistance's second die, line 315)."""
    if has(state.heroes[p.who].effects, "airwalk") or has(state.heroes[p.who].effects, "vanish"):
        return Fraction(1)  # Air Walk crosses the pit (line 387); Disappear springs no trap (line 527)
    return resisted_chance(state, p.who, _face_chance(jump_clears(state, p)))


def _rabbit(state: QuestState, who: int) -> bool:
    return wears(state, who, "rabbit-boots")


def resisted_chance(state: QuestState, who: int, ok: Fraction) -> Fraction:
    """Human Resistance: one more white die on a check against a trap, either die will do (line 315)."""
    return 1 - (1 - ok) ** 2 if state.hero_of(who).knows_skill("Human Resistance") else ok
