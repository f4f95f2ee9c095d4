"""A fight against one creature, one Attack Round at a time: the rules `FightState` plays in such a fight,
and the solver's position view of it (`engine.odds.view`).

A position is the reader's STAMINA, his LUCK and the creature's STAMINA at the start of an Attack Round,
or once the fight is over. One layer is one round (000_13d85f0bd5b613c5.txt:27-53): its result; after a
wound, when the reader may use his Luck on it (000_13d85f0bd5b613c5.txt:84-107), the choice of testing
it or not; and the test. `FightView.layer` is the round's rules in one function, and
`FightView.key_after` gives `FightState` its moves at "round", "luck?" and "luck" from it in every fight
the view covers, so play and odds read the same rules code. The step-by-step transitions of
`fight_moves` play every other fight; the tests check that both give the same states wherever both
apply.

Covered: one creature, no escape offered, no limit on rounds or wounds, no potion to drink during the
fight; any damage, SKILL modifier, weapon or STAMINA floor, with or without Luck.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeAlias

from grognard.engine.errors import RulesError
from grognard.engine.game import GameState, Move, Result
from grognard.i18n import gettext as _
from grognard.systems.fighting_fantasy.attack import EVEN, HIT, HURT
from grognard.systems.fighting_fantasy.checks import LUCKY, luck_after_test
from grognard.systems.fighting_fantasy.fight_rules import (
    ASK_LUCK,
    DEAD,
    ENDS,
    LUCK,
    LUCKY_HIT_EXTRA,
    LUCKY_HURT_BACK,
    ROUND,
    TEST_LUCK,
    UNLUCKY_HIT_BACK,
    UNLUCKY_HURT_EXTRA,
    Creature,
    FightFields,
    FightRules,
    FightSpec,
    Key,
    fight_end,
    fight_result,
    hit_event,
    hit_index,
    hurt_event,
    luck_split,
    round_split,
)

Position: TypeAlias = tuple[int, int, int]
"""The reader's STAMINA, his LUCK and the creature's STAMINA."""

Branch: TypeAlias = Any
"""What follows one result of a round: a `Position`, or the Luck question `[[probs, positions], position]`
(see `engine.odds.view`: testing Luck leads to a chance node over positions, not testing to a position)."""

Wound: TypeAlias = tuple[int, int, bool]
"""What a round's result does: STAMINA the reader loses, STAMINA the creature loses, and whether the
reader's blow landed (the wound a Luck test would then act on)."""

POSITIONAL = (ROUND, *ENDS)
"""The phases of a position: the start of an Attack Round, or the fight's end."""


def covered(spec: FightSpec, measures: int) -> bool:
    """True when the fight is played (and solved) one Attack Round at a time by this module."""
    rules = spec.rules
    return (
        len(spec.creatures) == 1
        and not rules.can_escape
        and not rules.max_rounds
        and not rules.hero_wounds
        and not rules.creature_wounds
        and not (spec.potion and rules.drink and measures > 0)
    )


def wound(rules: FightRules, creature: Creature, label: str) -> Wound | None:
    """Steps 4 and 5 of an Attack Round (000_13d85f0bd5b613c5.txt:41-46): the reader's blow takes the
    section's wound off the creature, the creature's takes its damage off him; a stand-off (None) neither."""
    if label == HIT:
        return (0, rules.hero_damage, True)
    if label == HURT:
        return (creature.damage, 0, False)
    if label == EVEN:
        return None
    raise RulesError(label, creature, _("not a result of an Attack Round against one creature"))


def _luck_tables(top: int, exact: bool) -> list[tuple[tuple[Any, ...], int, int]]:
    """For each LUCK up to `top`: the Luck test's probabilities, which results can happen (0 both, 1 only
    "lucky", 2 only "unlucky"), and LUCK after the test."""
    tables = []
    for luck in range(top + 1):
        labels, probs = luck_split(luck)
        which = 0 if len(labels) == 2 else (1 if labels[0] == LUCKY else 2)
        tables.append((probs if exact else tuple(float(p) for p in probs), which, luck_after_test(luck)))
    return tables


class FightView:
    """The rules of one covered fight at the grain of positions, and its view for the solver.

    Built from the fight's fixed facts (the spec, SKILL, Initial LUCK, potion measures and counts, none of
    which changes in a covered fight); `exact` chooses Fractions or floats for the layers' probabilities;
    `build` makes the `FightState` of a full key (the solver's view needs it, the rules of play do not).
    """

    def __init__(
        self,
        spec: FightSpec,
        skill: int,
        luck_cap: int,
        measures: int,
        counts: tuple[int, int, int],
        exact: bool = True,
        build: Callable[[Key], GameState] | None = None,
    ) -> None:
        rules = spec.rules
        self._build = build
        creature = spec.creatures[0]
        self.spec = spec
        self.fixed = (skill, luck_cap, measures, counts)
        self.labels, probs = round_split(skill + spec.weapon_bonus + rules.skill_modifier, creature.skill)
        self.wounds = {label: wound(rules, creature, label) for label in self.labels}
        self._dead: Result | None = None
        self.layer = self._rules(probs if exact else _floats(probs), max(luck_cap, 12), exact)
        """`layer(position)`: one Attack Round from `position`, the rules of the round in one function
        (`FightState` plays its "round", "luck?" and "luck" states from it, `key_after`): a `Result` once
        the fight is over; else the round's results with their probabilities and, for each, a `Branch`.
        A wound is taken in full, then the Luck test adjusts it, and only then is the fight's end checked
        (000_13d85f0bd5b613c5.txt:41-53, 84-107). The Luck question is asked after a wound unless LUCK is
        0, the fight is fought without Luck, or the reader's blow has already beaten the creature;
        "luck" leads to the test ("lucky", "unlucky" as `luck_split` lists them, LUCK one less), "no-luck"
        to the wound as it is."""

    def _rules(self, probs: tuple[Any, ...], top_luck: int, exact: bool) -> Callable[[Position], Any]:
        """The `layer` function of this fight, its constants bound once (the solver calls it per position)."""
        spec = self.spec
        rules = spec.rules
        floor = rules.creature_floor
        stop = max(0, rules.hero_floor)
        cap = spec.creatures[0].stamina
        top = spec.initial_stamina
        ask = rules.use_luck
        tables = _luck_tables(top_luck, exact) if ask else []
        hit_extra, hit_back = LUCKY_HIT_EXTRA, UNLUCKY_HIT_BACK
        hurt_back, hurt_extra = LUCKY_HURT_BACK, UNLUCKY_HURT_EXTRA
        wounds = list(self.wounds.values())
        hit_loss = next((w[1] for w in wounds if w is not None and w[2]), None)
        hurt_loss = next((w[0] for w in wounds if w is not None and not w[2]), None)
        usual = [w and w[2] for w in wounds] == [True, False, None]
        ending = self.ending

        def layer(key: Position) -> Any:
            stamina, luck, foe = key
            if stamina <= stop or foe <= floor:
                return ending(stamina, luck, foe)
            asks = ask and luck > 0
            if asks:
                luck_probs, which, after = tables[luck]
            hit: Branch = None
            hurt: Branch = None
            if hit_loss is not None:
                # Step 4, and Luck on the reader's blow: 2 more points off, or 1 given back.
                left = foe - hit_loss
                if asks and left > floor:
                    a = left - hit_extra
                    b = left + hit_back
                    lucky = (stamina, after, a if a > 0 else 0)
                    unlucky = (stamina, after, b if b < cap else cap)
                    keys = (lucky, unlucky) if which == 0 else ((lucky,) if which == 1 else (unlucky,))
                    hit = [[luck_probs, keys], (stamina, luck, left)]
                else:
                    hit = (stamina, luck, left if left > 0 else 0)
            if hurt_loss is not None:
                # Step 5, and Luck on the creature's blow: 1 point given back, or 1 more lost.
                kept = stamina - hurt_loss
                if asks:
                    a = kept + hurt_back
                    if a > top:
                        a = top
                    b = kept - hurt_extra
                    lucky = (a if a > 0 else 0, after, foe)
                    unlucky = (b if b > 0 else 0, after, foe)
                    keys = (lucky, unlucky) if which == 0 else ((lucky,) if which == 1 else (unlucky,))
                    hurt = [[luck_probs, keys], (kept if kept > 0 else 0, luck, foe)]
                else:
                    hurt = (kept if kept > 0 else 0, luck, foe)
            if usual:
                return probs, (hit, hurt, key)
            return probs, tuple(key if w is None else (hit if w[2] else hurt) for w in wounds)

        return layer

    # -- positions and states ---------------------------------------------------------------------------

    def phase(self, stamina: int, foe: int) -> str:
        """The phase of a position: how the fight ended, or "round"."""
        rules = self.spec.rules
        alive = (0,) if foe > rules.creature_floor else ()
        return fight_end(rules, stamina, self.fixed[3], False, alive) or ROUND

    def ending(self, stamina: int, luck: int, foe: int) -> Result:
        """The result of a position where the fight is over (one `Result` for every death)."""
        phase = self.phase(stamina, foe)
        if phase != DEAD:
            return fight_result(phase, self.fixed[0], stamina, luck, self.fixed[2])
        if self._dead is None:
            self._dead = fight_result(DEAD, self.fixed[0], stamina, luck)
        return self._dead

    def key(self, position: Position) -> Key:
        """The full state key (`FightState.odds_key`) of a position."""
        stamina, luck, foe = position
        skill, luck_cap, measures, counts = self.fixed
        return (skill, stamina, luck, (foe,), luck_cap, measures, self.phase(stamina, foe), 0, (), counts)

    def position(self, state: Any) -> Position | None:
        """The position of a state of this fight, or None inside a round (or for another kind of state)."""
        if getattr(state, "phase", None) not in POSITIONAL or state.pending:
            return None
        return (state.stamina, state.luck, state.foes[0])

    def state(self, position: Position) -> GameState:
        """The `FightState` of a position, made by the view's `build` (`FightState.odds_state` of the fight,
        given by `fight_view`)."""
        if self._build is None:
            raise ValueError(f"this view of the fight's rules makes no states (asked for {position})")
        return self._build(self.key(position))

    # -- the moves of FightState ------------------------------------------------------------------------

    def key_after(self, state: FightFields, move: Move) -> Key | None:
        """The key after `move` at a "round", "luck?" or "luck" state (None: a stand-off, the same state).

        Read from the layer of the round's position: at "round" the state's own; inside the round (the
        wound taken, `pending` naming it) the position it started from, found by giving the wound back.
        """
        phase = state.phase
        stamina, luck, foe = state.stamina, state.luck, state.foes[0]
        if phase == ROUND:
            label = str(move)
            w = self.wounds[label]
            if w is None:
                return None
            branch = self.layer((stamina, luck, foe))[1][self.labels.index(label)]
            if branch.__class__ is not list:
                return self.key(branch)
            skill, luck_cap, measures, counts = self.fixed
            pending = hit_event(0) if w[2] else hurt_event(0)
            return (
                skill,
                stamina - w[0],
                luck,
                (foe - w[1],),
                luck_cap,
                measures,
                ASK_LUCK,
                0,
                pending,
                counts,
            )
        label = HIT if hit_index(state.pending[0]) >= 0 else HURT
        w = self.wounds.get(label)
        if w is None:
            raise RulesError(move, state, _("no Luck question is open here"))
        branch = self.layer((stamina + w[0], luck, foe + w[1]))[1][self.labels.index(label)]
        if branch.__class__ is not list:
            raise RulesError(move, state, _("no Luck question is open here"))
        if phase == ASK_LUCK:
            if move == TEST_LUCK:
                return (
                    state.skill,
                    stamina,
                    luck,
                    state.foes,
                    state.luck_cap,
                    state.measures,
                    LUCK,
                    state.target,
                    state.pending,
                    state.counts,
                )
            return self.key(branch[1])
        return self.key(branch[0][1][luck_split(luck)[0].index(str(move))])


def _floats(probs: tuple[Fraction, ...]) -> tuple[float, ...]:
    return tuple(float(p) for p in probs)


_RULES: dict[int, tuple[FightSpec, tuple[int, int, int, tuple[int, int, int]], FightView | None]] = {}
"""The rules of the fights played lately, by the identity of their spec (kept alive by the entry, so its
id is not reused meanwhile), with the fixed facts they were made for; emptied when it grows too long. The
solver never reads it: `fight_view` makes a fresh view for every solve."""

RULES_KEPT = 64


def round_rules(state: FightFields) -> FightView | None:
    """The rules a covered fight is played with (None for a fight this module does not cover)."""
    if state.target != 0:
        return None
    spec = state.spec
    fixed = (state.skill, state.luck_cap, state.measures, state.counts)
    kept = _RULES.get(id(spec))
    if kept is not None and kept[0] is spec and kept[1] == fixed:
        return kept[2]
    rules = FightView(spec, *fixed) if covered(spec, state.measures) else None
    if len(_RULES) >= RULES_KEPT:
        _RULES.clear()
    _RULES[id(spec)] = (spec, fixed, rules)
    return rules


def fight_view(state: FightFields, exact: bool) -> FightView | None:
    """A fresh position view of the fight `state` belongs to, for the solver (None when not covered)."""
    if state.target != 0 or not covered(state.spec, state.measures):
        return None
    return FightView(
        state.spec, state.skill, state.luck_cap, state.measures, state.counts, exact, build=state.odds_state
    )
