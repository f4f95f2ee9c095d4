"""A melee between two combatants as a game State, and the Game that makes it playable and solvable.

Each melee turn is two chance nodes, one per side: the hit points that side's blows take off the other
(capped at what the other has left). Both strike at once (phase F of the combat sequence, line 1566), so
a fighter felled this turn still strikes back, unless Table Q gives one side the first strike (line
1686): then a blow that fells the other is not answered. A turn's blows are one (two with two
weapons, twice that on the first turn of a downhill charge, line 1708); each hits with the chance of
`combat.hit_chance` and does the damage of `damage.hit_damage` (1d6, or the Hit Location Chart;
strength bonus; armour saves of the one hit).
With the stamina rule each turn spends 5 stamina; past it a fighter fights at half, then is exhausted
(line 162). The rules give no choice inside a melee, so it is a game of chance only.

Nodes: "a-strikes" and "b-strikes" (chance), then an end label: "a-wins", "b-wins", "both-fall",
"a-exhausted", "b-exhausted", "both-exhausted". Resources: each side's hit points left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Actor,
    Game,
    GameInfo,
    GameState,
    Move,
    OptionInfo,
    OptionValue,
    Outcome,
    Result,
)
from grognard.engine.serial import from_data, to_data
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.combat import (
    Fighter,
    HitChance,
    attack_chances,
    fatigue,
    first_strike,
    fresh_turns,
    parse_fighter,
    table_q_places,
)
from grognard.systems.adventures_in_fantasy.damage import DamageRules, hit_damage, roll_hit_damage
from grognard.systems.adventures_in_fantasy.fighters import READY_FIGHTERS

A_WINS = "a-wins"
B_WINS = "b-wins"
BOTH_FALL = "both-fall"
A_EXHAUSTED = "a-exhausted"
B_EXHAUSTED = "b-exhausted"
BOTH_EXHAUSTED = "both-exhausted"
PLACES = ("outdoors or large room", "normal room", "corridor", "door")
"""The places of Table Q, as its rows are keyed (`combat.table_q_places`), which the place option offers."""
ENDS = (A_WINS, B_WINS, BOTH_FALL, A_EXHAUSTED, B_EXHAUSTED, BOTH_EXHAUSTED)
"""How a melee can end."""

WINNERS = {A_WINS: (0,), B_WINS: (1,), B_EXHAUSTED: (0,), A_EXHAUSTED: (1,)}

Dist = tuple[tuple[int, Fraction], ...]


@dataclass(frozen=True, slots=True)
class MeleeRules:
    """The optional rules in play and the ground fought on.

    `hit_location`: damage by Chart O (else 1d6). `strength`: the strength bonus. `armour`: armour
    saving throws. `stamina`: stamina is spent and fatigue counts. `place`: a Table Q row ("" when
    Table Q is not used). `swamp`: everyone fights at half effectiveness.
    """

    hit_location: bool = False
    strength: bool = False
    armour: bool = False
    stamina: bool = False
    place: str = ""
    swamp: bool = False


@dataclass(frozen=True)
class MeleeSpec:
    """The fixed facts of one melee: the two fighters and the rules."""

    a: Fighter
    b: Fighter
    rules: MeleeRules = MeleeRules()

    def __hash__(self) -> int:
        """The hash of the fields, worked out once (every state of a melee carries its spec)."""
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = hash((self.a, self.b, self.rules))
            object.__setattr__(self, "_hash", known)
        return known

    def side(self, index: int) -> Fighter:
        """Fighter 0 (A) or 1 (B)."""
        return self.a if index == 0 else self.b


def _tracked(spec: MeleeSpec, fighter: Fighter) -> bool:
    return spec.rules.stamina and fighter.stamina > 0


def status(spec: MeleeSpec, index: int, turn: int) -> str:
    """ "fresh", "fatigued" or "exhausted" for fighter `index` at melee turn `turn`."""
    fighter = spec.side(index)
    if not _tracked(spec, fighter):
        return "fresh"
    return fatigue(fighter.stamina, turn)


@cache
def horizon(spec: MeleeSpec) -> int:
    """The turn from which nothing about the turn number changes any more (the turn counter stops there)."""
    marks = [0]
    if spec.a.downhill or spec.b.downhill:
        marks.append(1)
    for fighter in (spec.a, spec.b):
        if _tracked(spec, fighter):
            marks += [fresh_turns(fighter.stamina), fresh_turns(fighter.stamina) + fighter.stamina]
    return max(marks)


@cache
def chances(spec: MeleeSpec, index: int, fatigued: bool) -> tuple[HitChance, ...]:
    """The chance of each blow fighter `index` strikes in a turn (fresh or fatigued)."""
    me, them = spec.side(index), spec.side(1 - index)
    rules = spec.rules
    return attack_chances(me, them, place=rules.place, swamp=rules.swamp, fatigued=fatigued)


@cache
def damage_rules(spec: MeleeSpec, index: int) -> DamageRules:
    """How fighter `index`'s blows do damage to the other."""
    me, them = spec.side(index), spec.side(1 - index)
    rules = spec.rules
    return DamageRules(
        hit_location=rules.hit_location,
        strength=me.strength_class() if rules.strength else "normal",
        armour=them.defending_armour() if rules.armour else (),
    )


@cache
def turn_damage(spec: MeleeSpec, index: int, fatigued: bool, first: bool) -> Dist:
    """The exact distribution of the hit points fighter `index` takes off the other in one turn."""
    body = spec.side(1 - index).body
    per_hit = hit_damage(body, damage_rules(spec, index))
    total: dict[int, Fraction] = {0: Fraction(1)}
    attacks = chances(spec, index, fatigued)
    if first and spec.side(index).downhill:
        attacks = attacks + attacks
    for attack in attacks:
        p = Fraction(attack.chance, 100)
        blow: dict[int, Fraction] = {0: 1 - p}
        for dmg, q in per_hit:
            blow[dmg] = blow.get(dmg, Fraction(0)) + p * q
        nxt: dict[int, Fraction] = {}
        for x, px in total.items():
            for y, py in blow.items():
                nxt[x + y] = nxt.get(x + y, Fraction(0)) + px * py
        total = nxt
    return tuple(sorted((d, p) for d, p in total.items() if p))


Outcomes = tuple[tuple[int, Fraction], ...]


class Plan:
    """Everything a melee's states look up, worked out once per spec: who strikes first, the turn
    horizon, each side's fatigue by turn, and each side's damage outcomes by turn and target's hit points."""

    def __init__(self, spec: MeleeSpec) -> None:
        """Work out the figures of `spec` that do not depend on the hit points."""
        self.spec = spec
        first = first_strike(spec.rules.place, spec.a, spec.b)
        self.order = (1, 0) if first == "b" else (0, 1)
        self.simultaneous = not first
        self.horizon = horizon(spec)
        turns = range(self.horizon + 1)
        self.status = [[status(spec, i, t) for t in turns] for i in (0, 1)]
        self._kinds = [[(self.status[i][t] == "fatigued", t == 0) for t in turns] for i in (0, 1)]
        self._dists = [[turn_damage(spec, i, *kind) for kind in self._kinds[i]] for i in (0, 1)]
        self._capped: dict[tuple[int, bool, bool, int], Outcomes] = {}

    def outcomes(self, striker: int, turn: int, target_hp: int) -> Outcomes:
        """The damage `striker` deals on `turn`, capped at the target's hit points."""
        dist = self._dists[striker][turn]
        cap = min(target_hp, dist[-1][0])
        key = (striker, *self._kinds[striker][turn], cap)
        found = self._capped.get(key)
        if found is None:
            merged: dict[int, Fraction] = {}
            for d, p in dist:
                k = min(d, cap)
                merged[k] = merged.get(k, Fraction(0)) + p
            found = self._capped[key] = tuple(merged.items())
        return found

    def end(self, turn: int) -> str:
        """The end label when fatigue has exhausted a side by `turn`, else ""."""
        out_a = self.status[0][turn] == "exhausted"
        out_b = self.status[1][turn] == "exhausted"
        if out_a and out_b:
            return BOTH_EXHAUSTED
        return A_EXHAUSTED if out_a else B_EXHAUSTED if out_b else ""


@cache
def plan(spec: MeleeSpec) -> Plan:
    """The `Plan` of a melee (one per spec)."""
    return Plan(spec)


A_STRIKES = "a-strikes"
B_STRIKES = "b-strikes"
STRIKES = (A_STRIKES, B_STRIKES)


@dataclass(frozen=True, slots=True)
class MeleeState(GameState):
    """One position of a melee: each side's hit points, the melee turn (counted only while it matters)
    and the phase: "a-strikes" or "b-strikes" (chance: that side's blows of this turn), or the end label.
    """

    spec: MeleeSpec
    hp: tuple[int, int]
    turn: int = 0
    phase: str = A_STRIKES

    def __hash__(self) -> int:
        """Hash the changing fields only: the spec is shared by every state of one melee."""
        return hash((self.hp, self.turn, self.phase))

    @property
    def striker(self) -> int:
        """The side whose blows are thrown now (0: A, 1: B); -1 once the melee is over."""
        return 0 if self.phase == A_STRIKES else 1 if self.phase == B_STRIKES else -1

    def actor(self) -> Actor:
        """Chance while the melee goes on, terminal once it has ended."""
        return CHANCE if self.phase in STRIKES else TERMINAL

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        i = self.striker
        return plan(self.spec).outcomes(i, self.turn, self.hp[1 - i])

    def _apply(self, move: Move) -> MeleeState:
        spec = self.spec
        p = plan(spec)
        hp_a, hp_b = self.hp
        dealt = int(move)
        if self.phase == A_STRIKES:
            hp_b = hp_b - dealt if dealt < hp_b else 0
            if p.order[0] == 0 and (hp_b or p.simultaneous):
                return MeleeState(spec, (hp_a, hp_b), self.turn, B_STRIKES)
        else:
            hp_a = hp_a - dealt if dealt < hp_a else 0
            if p.order[0] == 1 and (hp_a or p.simultaneous):
                return MeleeState(spec, (hp_a, hp_b), self.turn, A_STRIKES)
        return _settle(spec, hp_a, hp_b, self.turn + 1, p)

    def held(self) -> MeleeState:
        """The state after the striker holds his blows this turn (he strikes at someone else)."""
        if self.phase not in STRIKES:
            raise RulesError("hold", self, gettext("the melee is over"))
        return self._apply(0)

    def with_foe_hp(self, hp: int) -> MeleeState:
        """The melee with side B's hit points set to `hp` (wounded by another fighter); at 0 it ends."""
        if not 0 <= hp <= self.hp[1]:
            raise RulesError(
                "wound",
                self,
                gettext("side B cannot go from {before} to {after} hit points").format(
                    before=self.hp[1], after=hp
                ),
            )
        if self.phase not in STRIKES or hp == self.hp[1]:
            return self
        if hp == 0:
            return _settle(self.spec, self.hp[0], 0, self.turn)
        return MeleeState(self.spec, (self.hp[0], hp), self.turn, self.phase)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the striker's blows (two d20 to hit, then the damage and saves) and name the damage."""
        if self.phase not in STRIKES:
            raise RulesError("roll", self, gettext("the melee is over"))
        shown: list[Roll] = []
        dealt = _throw(self.spec, self.striker, self.turn, rng, shown)
        return min(dealt, self.hp[1 - self.striker]), tuple(shown)

    def result(self) -> Result:
        """Who won and the hit points each side has left."""
        if self.phase in STRIKES:
            raise RulesError("result", self, gettext("the melee is not over"))
        resources = (("a-hit-points", self.hp[0]), ("b-hit-points", self.hp[1]))
        return Result(self.phase, WINNERS.get(self.phase, ()), resources)

    def invariants(self) -> list[str]:
        """Hit points outside 0..start, a turn past the horizon, an unknown phase, a fallen side fighting."""
        bad: list[str] = []
        spec = self.spec
        if self.phase not in STRIKES and self.phase not in ENDS:
            bad.append(f"unknown phase {self.phase!r}")
        for i, hp in enumerate(self.hp):
            if not 0 <= hp <= spec.side(i).hit_points:
                bad.append(f"side {i} has {hp} hit points, outside 0..{spec.side(i).hit_points}")
        if self.phase in STRIKES:
            i = self.striker
            if self.hp[1 - i] <= 0:
                bad.append("a fallen fighter is struck at")
            answer = plan(spec).simultaneous and i == plan(spec).order[1]
            if self.hp[i] <= 0 and not answer:
                bad.append("a fallen fighter strikes")
        if not 0 <= self.turn <= horizon(spec):
            bad.append(f"turn {self.turn} outside 0..{horizon(spec)}")
        return bad

    def describe(self) -> str:
        """One line: both sides' hit points, the turn and the phase."""
        a, b = self.spec.a, self.spec.b
        return f"{a.name} {self.hp[0]} hp vs {b.name} {self.hp[1]} hp; turn {self.turn}; {self.phase}"


def _throw(spec: MeleeSpec, index: int, turn: int, rng: Rng, shown: list[Roll]) -> int:
    fighter = spec.side(index)
    attacks = chances(spec, index, plan(spec).status[index][min(turn, plan(spec).horizon)] == "fatigued")
    if turn == 0 and fighter.downhill:
        attacks = attacks + attacks
    body = spec.side(1 - index).body
    total = 0
    for n, attack in enumerate(attacks, 1):
        thrown = percentile(rng)
        hit = thrown.total <= attack.chance
        what = f"{fighter.name} blow {n} ({attack.chance}%): {'hit' if hit else 'miss'}"
        shown.append(Roll(what, thrown.dice, thrown.total, thrown.detail))
        if hit:
            done = roll_hit_damage(rng, body, damage_rules(spec, index))
            shown.extend(done.rolls)
            total += done.taken
    return total


def _settle(spec: MeleeSpec, hp_a: int, hp_b: int, turn: int, p: Plan | None = None) -> MeleeState:
    p = p or plan(spec)
    if turn > p.horizon:
        turn = p.horizon
    hp = (hp_a, hp_b)
    if hp_a <= 0 or hp_b <= 0:
        phase = BOTH_FALL if hp_a <= 0 and hp_b <= 0 else A_WINS if hp_b <= 0 else B_WINS
        return MeleeState(spec, hp, turn, phase)
    return MeleeState(spec, hp, turn, p.end(turn) or STRIKES[p.order[0]])


def start_melee(a: Fighter, b: Fighter, rules: MeleeRules | None = None) -> MeleeState:
    """The first state of a melee between `a` and `b` at their present hit points."""
    rules = rules or MeleeRules()
    if rules.place and rules.place not in table_q_places():
        raise UsageError(
            gettext("place {place} is not one of {places}").format(
                place=repr(rules.place), places=", ".join(table_q_places())
            )
        )
    for fighter in (a, b):
        if fighter.hit_points < 1:
            raise UsageError(
                gettext("{name} has {hits} hit points: nothing to fight with").format(
                    name=fighter.name, hits=fighter.hit_points
                )
            )
    spec = MeleeSpec(a, b, rules)
    return _settle(spec, a.hit_points, b.hit_points, 0)


def turn_label(state: MeleeState) -> str:
    """Who strikes at a chance node of the melee, for logs ("A strikes"), or the end label."""
    if state.striker < 0:
        return state.phase
    return f"{state.spec.side(state.striker).name} strikes"


def _bool(options: Mapping[str, OptionValue], name: str) -> bool:
    value = options.get(name, False)
    if isinstance(value, str):
        return value.lower() in ("yes", "true", "1", "on")
    return bool(value)


class MeleeGame(Game):
    """A melee between two Adventures in Fantasy combatants, playable and solvable on its own."""

    info = GameInfo(
        id="melee",
        name=N_("Adventures in Fantasy melee"),
        min_players=2,
        max_players=2,
        options=(
            OptionInfo(
                "a",
                N_("who fights on the first side"),
                READY_FIGHTERS[0].text,
                title=N_("First fighter"),
            ),
            OptionInfo(
                "b", N_("who fights on the second side"), READY_FIGHTERS[1].text, title=N_("Second fighter")
            ),
            OptionInfo(
                "hit_location",
                N_("damage by the Hit Location Chart (else 1d6)"),
                False,
                (False, True),
                title=N_("Hit location"),
            ),
            OptionInfo(
                "strength", N_("the strength bonus to damage"), False, (False, True), title=N_("Strength")
            ),
            OptionInfo("armour", N_("armour saving throws"), False, (False, True), title=N_("Armour")),
            OptionInfo(
                "stamina",
                N_("stamina is spent in melee and fatigue counts"),
                False,
                (False, True),
                title=N_("Stamina"),
            ),
            OptionInfo(
                "place",
                N_("where they fight: in close quarters a long weapon is a hindrance (Table Q)"),
                "",
                ("", *PLACES),
                title=N_("Place"),
                words=(
                    N_("anywhere: the weapons' length does not count"),
                    N_("outdoors or in a large room"),
                    N_("in a room of ordinary size"),
                    N_("in a corridor"),
                    N_("in a doorway"),
                ),
            ),
            OptionInfo(
                "swamp", N_("fought in a swamp (half effectiveness)"), False, (False, True), title=N_("Swamp")
            ),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> MeleeState:
        """The melee the options describe."""
        a = parse_fighter(str(options.get("a", READY_FIGHTERS[0].text)), "A")
        b = parse_fighter(str(options.get("b", READY_FIGHTERS[1].text)), "B")
        rules = MeleeRules(
            hit_location=_bool(options, "hit_location"),
            strength=_bool(options, "strength"),
            armour=_bool(options, "armour"),
            stamina=_bool(options, "stamina"),
            place=str(options.get("place", "")),
            swamp=_bool(options, "swamp"),
        )
        return start_melee(a, b, rules)

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> MeleeState:
        """The state written by `state_to_json`."""
        return from_data(MeleeState, data)


MELEE_GAME = MeleeGame()
"""The melee game, for the system's registration."""
