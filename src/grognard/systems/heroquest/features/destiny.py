"""Human Destiny (line 311 of 004_24cd6f974fe6a1ee.txt): a white die rolled at the start, kept for later.

"At the beginning of any quest or dungeon a human may roll a single white die. Whatever the result is,
he may save it to apply to a roll at a single point in the adventure." Our ruling (docs/rulings): every
human with the skill rolls one combat die before the heroes' order is settled (a chance node: skull 1/2,
white shield 1/3, black shield 1/6), and the face is kept on him ("fate-skull|quest"). The face stands
for one later roll of a single white die made for him: his jump over a trap (line 140), his disarm
(lines 255, 423), his rest (line 108), or the one die of a spear trap (or a trap in furniture) springing
on him (line 128). He declares it beforehand, as active skills are (line 166): `skill:human-destiny`
arms the face ("fate-skull|armed") and his next such roll uses it instead of a thrown die; Human
Resistance's second die (line 315) is still thrown. Rolls of several dice (attacks, defence, an axe's two
dice) are not "a roll" of the kept die and are not replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from itertools import product

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice
from grognard.engine.game import Outcome
from grognard.systems.heroquest.features.rest import group_of
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    MODIFIERS,
    OPENING_ROLLS,
    Chance,
    Modifier,
    OpeningRoll,
)
from grognard.systems.heroquest.model.hooks import opening
from grognard.systems.heroquest.model.skill_registry import Handler, add_handler
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.trap_dice import jump_chance, jump_clears, trap_kind

KEY = "human-destiny"
"""The skill's key."""

FACES: tuple[tuple[str, Fraction], ...] = (
    ("skull", Fraction(1, 2)),
    ("white-shield", Fraction(1, 3)),
    ("black-shield", Fraction(1, 6)),
)
"""A combat die's faces and their chances: three skulls, two white shields, one black shield."""

SKULL, WHITE, BLACK = (f for f, _ in FACES)

REPLACED = ("jump", "disarm", "rest", "trap", "dagger")
"""The chance nodes whose single white die a kept face may stand for (traps: those of one die; a thrown
dagger picked up again, line 359)."""


def _face(die_face: str) -> str:
    return die_face.replace(" ", "-")


# ---------------------------------------------------------------------------------------------------
# The roll at the start of the quest


def destiny_pending(state: QuestState, start: int = 0) -> Pending | None:
    """The destiny roll of the first hero from party place `start` on who has Human Destiny, or None."""
    for i in range(start, len(state.heroes)):
        if state.hero_of(i).knows_skill("Human Destiny") and state.heroes[i].status == "active":
            return Pending("destiny", who=i)
    return None


def destiny_outcomes() -> list[tuple[Outcome, Fraction]]:
    """The kept face: one combat die."""
    return list(FACES)


def destiny_throw(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """One combat die thrown."""
    roll = heroquest_combat_dice(rng, 1)
    return _face(roll.dice[0].face or ""), (roll,)


def destiny_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """The face kept on the hero; then the next human's roll, or the heroes' order (`turn.opening`)."""
    fig = state.heroes[p.who]
    state = with_hero(state, p.who, replace(fig, effects=(*fig.effects, f"fate-{move}|quest")))
    state = note(
        state,
        said(
            "status.keeps-human-destiny",
            hero=p.who,
            hero_name=state.hero_of(p.who).name,
            kept=move,
        ),
    )
    nxt = destiny_pending(state, p.who + 1)
    return replace(state, pending=nxt) if nxt is not None else opening(state)


# ---------------------------------------------------------------------------------------------------
# The kept face, declared and used


def kept(state: QuestState, i: int) -> tuple[str, bool] | None:
    """Hero `i`'s kept face and whether it is armed for his next single-die roll, or None."""
    for e in state.heroes[i].effects:
        head, _, duration = e.partition("|")
        if head.startswith("fate-"):
            return head[5:], duration == "armed"
    return None


def _offers(state: QuestState, i: int) -> list[str]:
    face = kept(state, i)
    return [""] if face is not None and not face[1] else []


def _arm(state: QuestState, i: int, _arg: str) -> QuestState:
    """The kept face will stand for his next roll of a single white die."""
    fig = state.heroes[i]
    effects = tuple(e.replace("|quest", "|armed") if e.startswith("fate-") else e for e in fig.effects)
    return with_hero(state, i, replace(fig, effects=effects))


add_handler(KEY, Handler(_offers, _arm))


Rule = Callable[[tuple[str, ...]], Outcome]


def die_rule(state: QuestState, p: Pending) -> tuple[int, Rule] | None:
    """How the chance node `p` reads its white dice when it is a roll of one die for a hero (with Human
    Resistance's second die for a jump or a disarm): the number of dice and the outcome of their faces.
    None for any other node, or a jump that needs no die (Air Walk, Disappear)."""
    kind = p.kind
    if kind not in REPLACED or not 0 <= p.who < len(state.heroes):
        return None
    hero = state.hero_of(p.who)
    extra = 2 if hero.knows_skill("Human Resistance") else 1
    if kind == "rest":  # his die and one for each hero resting with him (line 108)
        return len(group_of(p)), lambda f: "disturbed" if BLACK in f else "rested"
    if kind == "dagger":
        return 1, lambda f: "lost" if f[0] == BLACK else "recovered"
    if kind == "disarm":
        fails = BLACK if hero.knows_skill("Disarm Traps") else SKULL
        return extra, lambda f: "sprung" if all(x == fails for x in f) else "disarmed"
    if kind == "trap":
        trap = trap_kind(state, p.ref) if p.ref in state.ctx.trap_index else "spear"
        if trap in ("swinging-axe", "falling-rock"):
            return None
        return 1, lambda f: 1 if f[0] == SKULL else 0
    if jump_chance(state, p) == 1:
        return None
    clears = {_face(f) for f in jump_clears(state, p)}
    return extra, lambda f: "clear" if any(x in clears for x in f) else "fall"


def rule_outcomes(dice: int, rule: Rule, first: str | None = None) -> list[tuple[Outcome, Fraction]]:
    """The exact outcomes of `dice` white dice read by `rule`, the first die showing `first` if given."""
    out: dict[Outcome, Fraction] = {}
    fixed = [((first,), Fraction(1))] if first is not None else [((f,), q) for f, q in FACES]
    for head, q0 in fixed:
        for rest in product(FACES, repeat=dice - 1):
            faces = head + tuple(f for f, _ in rest)
            q = q0
            for _, r in rest:
                q *= r
            key = rule(faces)
            out[key] = out.get(key, Fraction(0)) + q
    return sorted(out.items(), key=lambda kv: str(kv[0]))


def _armed_rule(state: QuestState, p: Pending) -> tuple[int, Rule, str] | None:
    if not 0 <= p.who < len(state.heroes) or p.kind not in REPLACED:
        return None
    face = kept(state, p.who)
    if face is None or not face[1]:
        return None
    found = die_rule(state, p)
    return None if found is None else (*found, face[0])


def fate_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The outcomes of a single-die roll whose die is the hero's armed kept face, or None."""
    found = _armed_rule(state, p)
    if found is None:
        return None
    dice, rule, face = found
    return rule_outcomes(dice, rule, face)


def fate_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]] | None:
    """The kept face read in place of the die (a second die thrown for Human Resistance), or None."""
    found = _armed_rule(state, p)
    if found is None:
        return None
    dice, rule, face = found
    rolls = (heroquest_combat_dice(rng, dice - 1),) if dice > 1 else ()
    faces = (face, *(_face(d.face or "") for r in rolls for d in r.dice))
    return rule(faces), rolls


def spend_fate(state: QuestState, p: Pending) -> QuestState:
    """The armed face used up by the roll it stood for."""
    found = _armed_rule(state, p)
    if found is None:
        return state
    fig = state.heroes[p.who]
    effects = tuple(e for e in fig.effects if not e.startswith("fate-"))
    state = with_hero(state, p.who, replace(fig, effects=effects))
    return note(
        state,
        said("status.calls-destiny-kept-die", hero=p.who, hero_name=state.hero_of(p.who).name, face=found[2]),
    )


CHANCES.add(
    "destiny",
    Chance(
        lambda state, p: destiny_outcomes(),
        lambda state, p, move: destiny_result(state, p, str(move)),
        lambda state, p, rng: destiny_throw(rng),
    ),
)
MODIFIERS.add(
    "destiny",  # a kept face stands for a single white die (line 311)
    Modifier(
        30,
        outcomes=fate_outcomes,
        throw=fate_throw,
        before=lambda state, p, move: (spend_fate(state, p), move, False),
    ),
)
OPENING_ROLLS.add("human-destiny", OpeningRoll(10, destiny_pending))  # line 311
