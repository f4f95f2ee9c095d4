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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import cache
from typing import TypeAlias

from grognard.engine.dice import Rng, Roll, d6
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.systems.fighting_fantasy.attack import (
    EVEN,
    HIT,
    classify_round,
    classify_together,
    parse_label,
    round_outcomes,
    together_outcomes,
)
from grognard.systems.fighting_fantasy.checks import LUCKY, luck_after_test, luck_outcomes, roll_luck
from grognard.systems.fighting_fantasy.sheet import AdventureSheet

START = "start"
ROUND = "round"
ASK_LUCK = "luck?"
LUCK = "luck"
PHASES = (START, ROUND, ASK_LUCK, LUCK)
FLEE = "flee"

FIGHT = "fight"
ESCAPE = "escape"
DRINK = "drink"
TEST_LUCK = "luck"
NO_LUCK = "no-luck"
LUCK_ACTIONS = (TEST_LUCK, NO_LUCK)

WIN = "win"
DEAD = "dead"
ESCAPED = "escaped"
HERO_FLOOR = "hero-floor"
HERO_WOUNDS = "hero-wounds"
ROUNDS_OVER = "rounds-over"
ENDS = (WIN, DEAD, ESCAPED, HERO_FLOOR, HERO_WOUNDS, ROUNDS_OVER)

LUCKY_HIT_EXTRA = 2
"""A lucky wound: 2 more points off the creature (000_13d85f0bd5b613c5.txt:92-94)."""
UNLUCKY_HIT_BACK = 1
"""An unlucky wound: 1 point restored to the creature (000_13d85f0bd5b613c5.txt:95-98)."""
LUCKY_HURT_BACK = 1
"""Lucky when wounded: 1 STAMINA restored (000_13d85f0bd5b613c5.txt:100-103)."""
UNLUCKY_HURT_EXTRA = 1
"""Unlucky when wounded: 1 more STAMINA lost (000_13d85f0bd5b613c5.txt:104-105)."""


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature as a section prints it: name, SKILL, STAMINA, and the damage of its wound (2 as a rule)."""

    name: str
    skill: int
    stamina: int
    damage: int = 2


@dataclass(frozen=True, slots=True)
class FightRules:
    """What a section says about this fight.

    `together`: several creatures attack at once (else one after another). `can_escape`: the section offers
    to flee; the fleeing wound is `escape_damage`. `hero_damage`: the hero's wound (2 as a rule).
    `skill_modifier`: added to the hero's SKILL for this fight only. `max_rounds`: the fight stops after
    that many Attack Rounds ("rounds-over"). `hero_floor`: it stops when the hero's STAMINA is at or below
    it ("hero-floor"; 0 means death only). `creature_floor`: a creature is beaten at or below it.
    `hero_wounds` / `creature_wounds`: it stops when the hero has been wounded / has wounded that many
    times ("hero-wounds" / "win"; 0 means never). `use_luck`: False never offers a Luck test (the odds of
    fighting without Luck). `drink`: the potion may be taken between rounds.
    """

    together: bool = False
    can_escape: bool = False
    escape_damage: int = 2
    hero_damage: int = 2
    skill_modifier: int = 0
    max_rounds: int = 0
    hero_floor: int = 0
    creature_floor: int = 0
    hero_wounds: int = 0
    creature_wounds: int = 0
    use_luck: bool = True
    drink: bool = True


@dataclass(frozen=True, slots=True)
class FightSpec:
    """The fixed facts of a fight: the creatures, the section's rules, the hero's Initial scores and bonus.

    `weapon_bonus` is the SKILL bonus of the one weapon in use (000_13d85f0bd5b613c5.txt:112-115).
    """

    creatures: tuple[Creature, ...]
    rules: FightRules
    initial_skill: int
    initial_stamina: int
    initial_luck: int
    weapon_bonus: int = 0
    potion: str = ""


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
            if not _has(self._round_outcomes(), move):
                raise RulesError(move, self, "not a result of this Attack Round")
            return self._apply(move)
        if phase == LUCK:
            if not _has(luck_outcomes(self.luck), move):
                raise RulesError(move, self, "not a result of this Luck test")
            return self._apply(move)
        if move not in self.legal_actions():
            reason = "the fight is over" if self.over else "not a legal action"
            raise RulesError(move, self, reason)
        return self._apply(move)

    def _apply(self, move: Move) -> FightState:
        key = self._key_after(move)
        return self if key is None else _build(self.spec, key)

    # -- the solver's compact protocol (see engine.odds_graph) ------------------------------------------

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
            moves, probs = _luck_split(self.luck)
        elif phase == ASK_LUCK:
            moves = LUCK_ACTIONS
        else:
            moves = self._start_actions()
        if phase == ROUND:
            after_round = self._after_round
            keys = tuple(after_round(label) or self.odds_key() for label in moves)
        elif phase == LUCK:
            keys = tuple(self._after_luck(label == LUCKY) for label in moves)
        else:
            keys = tuple(self._key_after(move) or self.odds_key() for move in moves)
        return moves, probs, keys

    def odds_state(self, key: Key) -> FightState:
        """The state of this fight with `key` (see `odds_key`)."""
        return _build(self.spec, key)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real dice: the creatures' two dice first (step 1), then the hero's (step 2), or the
        two dice of a Luck test; each face is shown and mapped by the function that made the odds."""
        if self.phase == LUCK:
            outcome, luck_roll = roll_luck(rng, self.luck)
            return outcome, (luck_roll,)
        if self.phase != ROUND:
            raise RulesError("roll", self, "no dice are thrown here")
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
            raise RulesError("result", self, "the fight is not over")
        winners = (0,) if self.phase == WIN else ()
        if self.phase == DEAD:
            return Result(DEAD, (), (("LUCK", 0), ("STAMINA", 0), ("SKILL", self.skill)))
        resources = (("LUCK", self.luck), ("STAMINA", self.stamina), ("SKILL", self.skill))
        return Result(self.phase, winners, resources)

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
                return _together_split(self.attack_skill, skills, self.target)
        return _round_split(self.attack_skill, spec.creatures[self.target].skill)

    def _potion_helps(self, skill: int, stamina: int, measures: int) -> bool:
        spec = self.spec
        if not spec.rules.drink or measures <= 0:
            return False
        if spec.potion == "skill":
            return skill < spec.initial_skill
        if spec.potion == "strength":
            return stamina < spec.initial_stamina
        return spec.potion == "fortune"

    def _start_actions(self) -> tuple[Action, ...]:
        alive = self.alive()
        fights: tuple[Action, ...]
        if self.spec.rules.together and len(alive) > 1:
            fights = tuple(f"target:{i}" for i in alive)
        else:
            fights = (FIGHT,)
        extra: tuple[Action, ...] = (ESCAPE,) if self.spec.rules.can_escape else ()
        if self._potion_helps(self.skill, self.stamina, self.measures):
            extra += (DRINK,)
        return fights + extra

    # -- moving on ----------------------------------------------------------------------------------------
    # Each move gives the key of the next state (None: the state itself), built only when needed.

    def _key_after(self, move: Move) -> Key | None:
        phase = self.phase
        if phase == ROUND:
            return self._after_round(str(move))
        if phase == LUCK:
            return self._after_luck(move == LUCKY)
        if move == TEST_LUCK:
            return self._at(LUCK, self.target)
        if move == NO_LUCK:
            return self._settle(self.stamina, self.luck, self.foes, self.pending[1:], self.pending[0] == FLEE)
        if move == ESCAPE:
            stamina = self.stamina - self.spec.rules.escape_damage
            return self._settle(stamina, self.luck, self.foes, (FLEE,), True)
        if move == DRINK:
            return self._drink()
        target = self.target if move == FIGHT else int(str(move).split(":")[1])
        return self._at(ROUND, target)

    def _at(self, phase: str, target: int) -> Key:
        return (
            self.skill,
            self.stamina,
            self.luck,
            self.foes,
            self.luck_cap,
            self.measures,
            phase,
            target,
            self.pending,
            self.counts,
        )

    def _after_round(self, label: str) -> Key | None:
        spec = self.spec
        rules = spec.rules
        core, hurters = _parsed(label)
        rounds, dealt, taken = self.counts
        if rules.max_rounds:
            rounds += 1
        elif core == EVEN and not hurters:
            return None
        stamina = self.stamina
        foes = self.foes
        target = self.target
        pending: tuple[str, ...] = ()
        if core == HIT:
            left = foes[target] - rules.hero_damage
            foes = (left,) if len(foes) == 1 else (*foes[:target], left, *foes[target + 1 :])
            pending = _hit_event(target)
            if rules.creature_wounds:
                dealt += 1
        elif core != EVEN:
            hurters = (target, *hurters)
        for j in hurters:
            stamina -= spec.creatures[j].damage
            pending += _hurt_event(j)
            if rules.hero_wounds:
                taken += 1
        return self._settle(stamina, self.luck, foes, pending, False, (rounds, dealt, taken))

    def _after_luck(self, lucky: bool) -> Key:
        event = self.pending[0]
        stamina, foes = self.stamina, self.foes
        i = _hit_index(event)
        if i >= 0:
            cap = self.spec.creatures[i].stamina
            left = foes[i] - LUCKY_HIT_EXTRA if lucky else min(cap, foes[i] + UNLUCKY_HIT_BACK)
            foes = (left,) if len(foes) == 1 else (*foes[:i], left, *foes[i + 1 :])
        elif lucky:
            stamina = min(self.spec.initial_stamina, stamina + LUCKY_HURT_BACK)
        else:
            stamina -= UNLUCKY_HURT_EXTRA
        return self._settle(stamina, luck_after_test(self.luck), foes, self.pending[1:], event == FLEE)

    def _settle(
        self,
        stamina: int,
        luck: int,
        foes: tuple[int, ...],
        pending: tuple[str, ...],
        fled: bool,
        counts: tuple[int, int, int] | None = None,
        skill: int | None = None,
        luck_cap: int | None = None,
        measures: int | None = None,
    ) -> Key:
        """The one state that follows: the next Luck question, the end of the fight, or the next round."""
        spec = self.spec
        rules = spec.rules
        counts = self.counts if counts is None else counts
        skill = self.skill if skill is None else skill
        luck_cap = self.luck_cap if luck_cap is None else luck_cap
        measures = self.measures if measures is None else measures
        floor = rules.creature_floor
        if pending and luck > 0 and rules.use_luck:
            while pending and (i := _hit_index(pending[0])) >= 0 and foes[i] <= floor:
                pending = pending[1:]
            if pending:
                target = self.target
                return (skill, stamina, luck, foes, luck_cap, measures, ASK_LUCK, target, pending, counts)
        if stamina < 0:
            stamina = 0
        if len(foes) == 1:
            if foes[0] < 0:
                foes = (0,)
            alive: tuple[int, ...] = (0,) if foes[0] > floor else ()
        else:
            foes = tuple(f if f > 0 else 0 for f in foes)
            alive = tuple(i for i, left in enumerate(foes) if left > floor)
        phase = _end(rules, stamina, counts, fled, alive)
        target = self.target
        if not phase:
            if target not in alive:
                target = alive[0]
            choose = (
                rules.can_escape
                or (rules.together and len(alive) > 1)
                or (spec.potion != "" and self._potion_helps(skill, stamina, measures))
            )
            phase = START if choose else ROUND
        return (skill, stamina, luck, foes, luck_cap, measures, phase, target, (), counts)

    def _drink(self) -> Key:
        spec = self.spec
        skill, stamina, luck, cap = self.skill, self.stamina, self.luck, self.luck_cap
        if spec.potion == "skill":
            skill = spec.initial_skill
        elif spec.potion == "strength":
            stamina = spec.initial_stamina
        else:
            cap += 1
            luck = cap
        return self._settle(
            stamina, luck, self.foes, (), False, skill=skill, luck_cap=cap, measures=self.measures - 1
        )


Key: TypeAlias = tuple[
    int, int, int, tuple[int, ...], int, int, str, int, tuple[str, ...], tuple[int, int, int]
]
"""A fight state without its spec: the fields after `spec`, in order (`FightState.odds_key`)."""

_SLOTS = tuple(getattr(FightState, f.name).__set__ for f in fields(FightState))


def _build(spec: FightSpec, key: Key) -> FightState:
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


@cache
def _round_split(hero_skill: int, creature_skill: int) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    outcomes = round_outcomes(hero_skill, creature_skill)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


@cache
def _together_split(
    hero_skill: int, skills: tuple[tuple[int, int], ...], target: int
) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    outcomes = together_outcomes(hero_skill, skills, target)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


@cache
def _luck_split(luck: int) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    outcomes = luck_outcomes(luck)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


def _end(
    rules: FightRules, stamina: int, counts: tuple[int, int, int], fled: bool, alive: tuple[int, ...]
) -> str:
    """How the fight ends after a settled round, or "" when it goes on."""
    rounds, dealt, taken = counts
    if stamina <= 0:
        return DEAD
    if rules.hero_floor and stamina <= rules.hero_floor:
        return HERO_FLOOR
    if rules.hero_wounds and taken >= rules.hero_wounds:
        return HERO_WOUNDS
    if fled:
        return ESCAPED
    if not alive or (rules.creature_wounds and dealt >= rules.creature_wounds):
        return WIN
    if rules.max_rounds and rounds >= rules.max_rounds:
        return ROUNDS_OVER
    return ""


def _has(outcomes: tuple[tuple[str, Fraction], ...], move: Move) -> bool:
    return any(label == move for label, _ in outcomes)


@cache
def _parsed(label: str) -> tuple[str, tuple[int, ...]]:
    return parse_label(label)


@cache
def _hit_index(event: str) -> int:
    """The creature of a pending "hit:N" wound, or -1 for any other event."""
    return int(event[4:]) if event.startswith("hit:") else -1


@cache
def _hit_event(i: int) -> tuple[str]:
    return (f"hit:{i}",)


@cache
def _hurt_event(i: int) -> tuple[str]:
    return (f"hurt:{i}",)


def start_fight(
    sheet: AdventureSheet, creatures: Sequence[Creature], rules: FightRules | None = None
) -> FightState:
    """The first state of a fight a section orders, from the reader's sheet and the creatures it prints."""
    if not creatures:
        raise RulesError("fight", sheet, "a fight needs at least one creature")
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
    return _build(spec, state._settle(sheet.stamina, sheet.luck, foes, (), False))


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
