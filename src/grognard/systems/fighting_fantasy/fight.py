"""A fight as a game state: the combat sequence, Luck in combat, escape, potions and section modifiers.

The Attack Round follows steps 1-7 of 000_13d85f0bd5b613c5.txt:27-53; Luck after a wound follows
000_13d85f0bd5b613c5.txt:84-107; escape 000_13d85f0bd5b613c5.txt:55-63. The nodes:

- "start" (the reader): "fight", "target:N" against several creatures at once, "escape" where the section
  offers it, "drink" while the potion would change a score. Skipped when there is nothing to choose.
- "round" (chance): one Attack Round at the coarsest grain (see `attack`); a stand-off returns the same state.
- "luck?" (the reader): "luck" or "no-luck" for the wound at the head of `pending`.
- "luck" (chance): "lucky" or "unlucky", after which LUCK is one point less.
- once the fight has ended, the phase is how: "win", "dead", "escaped", "hero-floor", "hero-wounds" or
  "rounds-over".

Wounds are taken in full when the round is thrown; the Luck tests then adjust them, and only then is the
fight checked for its end (step 6 before step 7), so a reader may test Luck on a wound that would kill him.

In a fight against one creature with nothing to choose between rounds, the moves at "round", "luck?" and
"luck" are read from `fight_view.FightView.layer`, one Attack Round in one function, the same function
that gives the solver its position view (`odds_view`). Every other fight goes step by step (`fight_moves`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, d6
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.i18n import gettext as _
from grognard.systems.fighting_fantasy.attack import (
    classify_round,
    classify_together,
    round_outcomes,
    together_outcomes,
)
from grognard.systems.fighting_fantasy.checks import LUCKY, luck_outcomes, roll_luck
from grognard.systems.fighting_fantasy.fight_moves import after_luck, after_round, key_after, settle
from grognard.systems.fighting_fantasy.fight_rules import (
    ASK_LUCK,
    DRINK,
    ENDS,
    ESCAPE,
    FIGHT,
    LUCK,
    LUCK_ACTIONS,
    PHASES,
    ROUND,
    START,
    Creature,
    FightRules,
    FightSpec,
    Key,
    fight_result,
    has_outcome,
    luck_split,
    potion_helps,
    round_split,
    together_split,
)
from grognard.systems.fighting_fantasy.fight_view import FightView, fight_view, round_rules
from grognard.systems.fighting_fantasy.sheet import AdventureSheet


@dataclass(frozen=True, slots=True)
class FightState(GameState):
    """One position of a fight. `foes` is each creature's remaining STAMINA; `luck_cap` the Initial LUCK
    (a Potion of Fortune raises it); `phase` one of `PHASES`, or the end label once the fight is over;
    `pending` the wounds still open to a Luck test ("hit:N", "hurt:N", "flee"); `counts` the rounds
    fought, wounds dealt and wounds taken, each counted only when a rule needs it, so a stand-off repeats
    the state exactly."""

    spec: FightSpec
    skill: int
    stamina: int
    luck: int
    foes: tuple[int, ...]
    luck_cap: int
    measures: int = 0
    phase: str = START
    target: int = 0
    pending: tuple[str, ...] = ()
    counts: tuple[int, int, int] = (0, 0, 0)

    def __hash__(self) -> int:
        """Hash the changing fields only: the spec is shared by every state of one fight."""
        fields = (self.skill, self.stamina, self.luck, self.foes, self.phase, self.target, self.pending)
        return hash((*fields, self.counts, self.luck_cap, self.measures))

    # -- the protocol -------------------------------------------------------------------------------------

    def actor(self) -> Actor:
        """The reader (0) at "start" and "luck?", chance at "round" and "luck", terminal when over."""
        phase = self.phase
        if phase in (ROUND, LUCK):
            return CHANCE
        if phase in (START, ASK_LUCK):
            return 0
        return TERMINAL

    def legal_actions(self) -> Sequence[Action]:
        """The reader's choices here (none at chance and terminal nodes)."""
        if self.phase == ASK_LUCK:
            return LUCK_ACTIONS
        if self.phase == START:
            return self._start_actions()
        return ()

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact results of the Attack Round or of the Luck test (none elsewhere)."""
        if self.phase == ROUND:
            return self._round_outcomes()
        if self.phase == LUCK:
            return luck_outcomes(self.luck)
        return ()

    def apply(self, move: Move) -> FightState:
        """The state after `move`; a move not open here raises `RulesError` naming it and the state."""
        phase = self.phase
        if phase == ROUND:
            if not has_outcome(self._round_outcomes(), move):
                raise RulesError(move, self, _("not a result of this Attack Round"))
            return self._apply(move)
        if phase == LUCK:
            if not has_outcome(luck_outcomes(self.luck), move):
                raise RulesError(move, self, _("not a result of this Luck test"))
            return self._apply(move)
        if move not in self.legal_actions():
            reason = "the fight is over" if self.over else "not a legal action"
            raise RulesError(move, self, reason)
        return self._apply(move)

    def _apply(self, move: Move) -> FightState:
        key = key_after(self, move)
        return self if key is None else build_state(self.spec, key)

    # -- the solver's compact protocol (see engine.odds.graph) ------------------------------------------

    def odds_family(self) -> FightSpec:
        """What every state of this fight shares, beyond its `odds_key`: the spec. A book's solver walks
        the positions of a fight once for every reader entering it with the same spec
        (`gamebook.solve_fights`)."""
        return self.spec

    def odds_key(self) -> Key:
        """Every field but the spec, which all the states of one fight share."""
        return (
            self.skill,
            self.stamina,
            self.luck,
            self.foes,
            self.luck_cap,
            self.measures,
            self.phase,
            self.target,
            self.pending,
            self.counts,
        )

    def odds_expand(self) -> tuple[Sequence[Move], Sequence[Fraction], tuple[Key, ...]]:
        """The moves here, their probabilities at a chance node, and the key of the state each leads to."""
        phase = self.phase
        moves: Sequence[Move]
        probs: Sequence[Fraction] = ()
        if phase == ROUND:
            moves, probs = self._round_split()
        elif phase == LUCK:
            moves, probs = luck_split(self.luck)
        elif phase == ASK_LUCK:
            moves = LUCK_ACTIONS
        else:
            moves = self._start_actions()
        if phase != START and round_rules(self) is not None:
            keys = tuple(key_after(self, move) or self.odds_key() for move in moves)
        elif phase == ROUND:
            keys = tuple(after_round(self, label) or self.odds_key() for label in moves)
        elif phase == LUCK:
            keys = tuple(after_luck(self, label == LUCKY) for label in moves)
        else:
            keys = tuple(key_after(self, move) or self.odds_key() for move in moves)
        return moves, probs, keys

    def odds_state(self, key: Key) -> FightState:
        """The state of this fight with `key` (see `odds_key`)."""
        return build_state(self.spec, key)

    # -- the solver's position view (see engine.odds.view) -------------------------------------------------

    def odds_view(self, exact: bool) -> FightView | None:
        """One Attack Round at a time, for a fight against one creature (`fight_view`); None otherwise."""
        return fight_view(self, exact)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real dice: the creatures' two dice first (step 1), then the hero's (step 2), or the
        two dice of a Luck test; each face is shown and mapped by the function that made the odds."""
        if self.phase == LUCK:
            outcome, luck_roll = roll_luck(rng, self.luck)
            return outcome, (luck_roll,)
        if self.phase != ROUND:
            raise RulesError("roll", self, _("no dice are thrown here"))
        fighting = self.alive() if self.spec.rules.together else (self.target,)
        creature_rolls = [d6(rng, 2, self.spec.creatures[i].skill) for i in fighting]
        hero = d6(rng, 2, self.attack_skill)
        shown = (
            *(
                Roll(f"{self.spec.creatures[i].name} Attack Strength", r.dice, r.total, r.detail)
                for i, r in zip(fighting, creature_rolls, strict=True)
            ),
            Roll("your Attack Strength", hero.dice, hero.total, hero.detail),
        )
        if self.spec.rules.together:
            totals = {i: r.total for i, r in zip(fighting, creature_rolls, strict=True)}
            return classify_together(hero.total, totals, self.target), shown
        return classify_round(hero.total, creature_rolls[0].total), shown

    def result(self) -> Result:
        """How the fight ended, with the LUCK, STAMINA and SKILL the reader keeps (no LUCK kept if dead)."""
        if not self.over:
            raise RulesError("result", self, _("the fight is not over"))
        return fight_result(self.phase, self.skill, self.stamina, self.luck, self.measures)

    def invariants(self) -> list[str]:
        """Broken invariants: scores above Initial, negative LUCK or STAMINA, impossible phases."""
        spec = self.spec
        bad: list[str] = []
        if self.phase not in PHASES and self.phase not in ENDS:
            bad.append(f"unknown phase {self.phase!r}")
        if not 0 <= self.luck <= self.luck_cap:
            bad.append(f"LUCK {self.luck} outside 0..{self.luck_cap}")
        if self.luck_cap < spec.initial_luck:
            bad.append("Initial LUCK fell")
        if not 0 <= self.skill <= spec.initial_skill:
            bad.append(f"SKILL {self.skill} outside 0..{spec.initial_skill}")
        if self.stamina > spec.initial_stamina:
            bad.append(f"STAMINA {self.stamina} above its Initial {spec.initial_stamina}")
        if len(self.foes) != len(spec.creatures):
            bad.append("a creature's STAMINA is missing")
        for c, left in zip(spec.creatures, self.foes, strict=False):
            if left > c.stamina:
                bad.append(f"{c.name} has {left} STAMINA, above its {c.stamina}")
        if self.pending and self.phase not in (ASK_LUCK, LUCK):
            bad.append(f"wounds {self.pending} left open at {self.phase}")
        if not self.pending:
            if self.stamina < 0 or min(self.foes, default=0) < 0:
                bad.append("negative STAMINA after the round was settled")
            if self.phase in (ASK_LUCK, LUCK):
                bad.append("a Luck test with no wound to test it on")
        if not 0 <= self.measures <= 2:
            bad.append(f"{self.measures} measures of potion")
        if spec.rules.max_rounds and self.counts[0] > spec.rules.max_rounds:
            bad.append(f"{self.counts[0]} rounds fought, above the limit {spec.rules.max_rounds}")
        return bad

    def describe(self) -> str:
        """One line: the hero's scores, each creature's STAMINA, the phase."""
        pairs = zip(self.spec.creatures, self.foes, strict=True)
        foes = ", ".join(f"{c.name} {c.skill}/{n}" for c, n in pairs)
        tail = f" pending {list(self.pending)}" if self.pending else ""
        hero = f"SKILL {self.attack_skill} STAMINA {self.stamina} LUCK {self.luck}"
        return f"{hero} vs {foes}; {self.phase}{tail}"

    # -- reading the state --------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the fight has ended; `phase` is then the end label."""
        return self.phase in ENDS

    @property
    def end(self) -> str:
        """How the fight ended ("" while it goes on)."""
        return self.phase if self.phase in ENDS else ""

    @property
    def attack_skill(self) -> int:
        """The SKILL added to the hero's dice: SKILL, the weapon in use and the section's modifier."""
        return self.skill + self.spec.weapon_bonus + self.spec.rules.skill_modifier

    @property
    def rounds(self) -> int:
        """Attack Rounds fought (counted only when the section limits them)."""
        return self.counts[0]

    def alive(self) -> tuple[int, ...]:
        """The creatures not yet beaten, by index."""
        floor = self.spec.rules.creature_floor
        return tuple(i for i, left in enumerate(self.foes) if left > floor)

    def _round_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        spec = self.spec
        if spec.rules.together:
            alive = self.alive()
            if len(alive) > 1:
                skills = tuple((i, spec.creatures[i].skill) for i in alive)
                return together_outcomes(self.attack_skill, skills, self.target)
        return round_outcomes(self.attack_skill, spec.creatures[self.target].skill)

    def _round_split(self) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
        spec = self.spec
        if spec.rules.together:
            alive = self.alive()
            if len(alive) > 1:
                skills = tuple((i, spec.creatures[i].skill) for i in alive)
                return together_split(self.attack_skill, skills, self.target)
        return round_split(self.attack_skill, spec.creatures[self.target].skill)

    def _start_actions(self) -> tuple[Action, ...]:
        alive = self.alive()
        fights: tuple[Action, ...]
        if self.spec.rules.together and len(alive) > 1:
            fights = tuple(f"target:{i}" for i in alive)
        else:
            fights = (FIGHT,)
        extra: tuple[Action, ...] = (ESCAPE,) if self.spec.rules.can_escape else ()
        if potion_helps(self.spec, self.skill, self.stamina, self.measures):
            extra += (DRINK,)
        return fights + extra


_SLOTS = tuple(getattr(FightState, f.name).__set__ for f in fields(FightState))


def build_state(spec: FightSpec, key: Key) -> FightState:
    """`FightState(spec, *key)` without the frozen dataclass's checks (the solver builds thousands)."""
    state = object.__new__(FightState)
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10 = _SLOTS
    s0(state, spec)
    s1(state, key[0])
    s2(state, key[1])
    s3(state, key[2])
    s4(state, key[3])
    s5(state, key[4])
    s6(state, key[5])
    s7(state, key[6])
    s8(state, key[7])
    s9(state, key[8])
    s10(state, key[9])
    return state


def start_fight(
    sheet: AdventureSheet, creatures: Sequence[Creature], rules: FightRules | None = None
) -> FightState:
    """The first state of a fight a section orders, from the reader's sheet and the creatures it prints."""
    if not creatures:
        raise RulesError("fight", sheet, _("a fight needs at least one creature"))
    potion = sheet.potion if sheet.potion_measures else ""
    spec = FightSpec(
        tuple(creatures),
        rules or FightRules(),
        sheet.initial_skill,
        sheet.initial_stamina,
        sheet.initial_luck,
        sheet.weapon_bonus,
        potion,
    )
    measures = sheet.potion_measures if potion else 0
    foes = tuple(c.stamina for c in creatures)
    state = FightState(spec, sheet.skill, sheet.stamina, sheet.luck, foes, sheet.initial_luck, measures)
    return build_state(spec, settle(state, sheet.stamina, sheet.luck, foes, (), False))


def sheet_after(sheet: AdventureSheet, state: FightState) -> AdventureSheet:
    """The reader's sheet after the fight (or at any point of it): SKILL, STAMINA, LUCK and the potion."""
    return replace(
        sheet,
        skill=state.skill,
        stamina=max(0, state.stamina),
        luck=state.luck,
        initial_luck=state.luck_cap,
        potion_measures=state.measures if state.spec.potion else sheet.potion_measures,
    )
