"""A Grey Star combat as a game state: WILLPOWER spent each round, a random number, the table's cell.

Procedure (001_2055bbb054c2d265.txt:5-12): COMBAT SKILL with the weapon used, minus the enemy's, is the
Combat Ratio; fighting with the Staff's magic, the reader notes the WILLPOWER he spends; a random
number is picked and read with the ratio on the Combat Results Table; the enemy's loss is multiplied by
the WILLPOWER spent; rounds go on until one side is at 0 ENDURANCE or below. Evading
(001_2055bbb054c2d265.txt:16-18): a round fought as usual in which the enemy's losses are ignored.

Readings (docs/rulings/grey-star.md): a round with 0 WILLPOWER spent is the Staff used as a plain weapon
(-6 COMBAT SKILL, enemy's loss x1); a K kills whatever was spent; when both sides fall in one round,
Grey Star is dead.

The chance node of a round lists its outcomes at the coarsest grain: random numbers that give the same
next state (losses capped at what each side has left) are one outcome. The round's rules are functions
over numbers in `round_rules`, shared with the solver's position view (`fight_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grognard.engine.dice.core import Rng, Roll, lone_wolf_number
from grognard.engine.errors import UsageError
from grognard.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
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
from grognard.i18n import N_, NP_
from grognard.i18n import gettext as _
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.chart import (
    NO_STAFF_PENALTY,
    SHORTFALL_CHOICES,
    STAFF,
    ActionChart,
)
from grognard.systems.grey_star.combat_moves import OUTCOMES, parse_action, spend_actions
from grognard.systems.grey_star.fight_view import FightView, fits
from grognard.systems.grey_star.round_rules import (
    Key,
    multiplier_cap,
    outcome_label,
    ratio_column,
    read_label,
    round_end,
    round_outcomes,
    round_table,
    spend_round,
)

MAX_SCORE = 999
"""The highest COMBAT SKILL, ENDURANCE or WILLPOWER a combat takes (each WILLPOWER point is a choice
every round, so a score without a cap would let a typed number exhaust memory)."""
TABLES = ("uniform", "book")
"""The random number sources: uniform 0-9, or the book's printed table."""
TABLE_OPTION = OptionInfo(
    "table",
    N_("random numbers: uniform 0-9, or the book's printed table"),
    "uniform",
    TABLES,
    title=NP_("option", "Table"),
    words=(N_("every number 0-9 alike"), N_("the book's printed table")),
)
"""The random numbers' source, as a combat on its own and a book take it."""
SHORTFALL_OPTION = OptionInfo(
    "shortfall",
    N_("WILLPOWER spent past 0: goes negative, or costs 2 ENDURANCE a point"),
    "negative",
    SHORTFALL_CHOICES,
    words=(N_("WILLPOWER goes below 0"), N_("each point costs 2 ENDURANCE")),
)
"""What WILLPOWER spent past 0 does, as a combat on its own and a book take it."""
PHASES = ("decide", "round", "over")
"""A combat's phases: Grey Star's choice, the random number, the end."""


@dataclass(frozen=True, slots=True)
class CombatState(GameState):
    """One moment of a combat; player 0 is Grey Star.

    `combat_skill` is his COMBAT SKILL with the weapon used and every modifier, the Staff's magic in use
    when `staff` is true (a round fought with the Staff and no WILLPOWER is 6 lower). At a "decide" node
    he chooses the WILLPOWER to spend ("spend:N"), or to evade ("evade:N") where `can_evade`; the
    "round" node is the random number, with the WILLPOWER already paid, the table's `column` and the
    enemy loss `multiplier` (capped where more could not matter); "over" is the end, `outcome` saying
    how. `rounds_left` counts down a fight limited to N rounds (None: until one side falls). `drain` is
    WILLPOWER lost each round by a section's rule, past 0 handled by `shortfall`.
    """

    combat_skill: int
    endurance: int
    willpower: int
    enemy_skill: int
    enemy_endurance: int
    staff: bool = True
    table: str = "uniform"
    can_evade: bool = False
    immune: bool = False
    rounds_left: int | None = None
    shortfall: str = "negative"
    drain: int = 0
    phase: str = "decide"
    column: int = 0
    multiplier: int = 1
    evading: bool = False
    outcome: str = ""

    # -- the protocol ---------------------------------------------------------------------------

    def actor(self) -> Actor:
        """Grey Star (0) at a decision, CHANCE for the random number, TERMINAL once over."""
        if self.phase == "over":
            return TERMINAL
        return 0 if self.phase == "decide" else CHANCE

    @property
    def magic_open(self) -> bool:
        """True when the Staff's magic can be used this round: the Staff, WILLPOWER, no immunity."""
        return self.staff and not self.immune and self.willpower > 0

    def round_skill(self, spend: int) -> int:
        """Grey Star's COMBAT SKILL in a round spending `spend` WILLPOWER."""
        return self.combat_skill - (NO_STAFF_PENALTY if self.staff and spend == 0 else 0)

    def ratio(self, spend: int) -> int:
        """The Combat Ratio of a round spending `spend` WILLPOWER."""
        return self.round_skill(spend) - self.enemy_skill

    def _actions(self) -> Sequence[Action]:
        return list(spend_actions(self.willpower if self.magic_open else 0, self.can_evade)[0])

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return round_outcomes(
            self.table, self.column, self.multiplier, self.endurance, self.enemy_endurance, self.evading
        )

    def _apply(self, move: Move) -> CombatState:
        if self.phase == "decide":
            spend, evade = parse_action(str(move))
            return self.odds_state(self._after_spend(spend, evade))
        enemy_loss, grey_star_loss = read_label(move)
        return self.odds_state(self._after_round(enemy_loss, grey_star_loss))

    # -- the solver's compact protocol (see engine.odds.graph) ---------------------------------

    def odds_key(self) -> Key:
        """The fields that change during a combat, in order; the others are the same in all its states."""
        return (
            self.endurance,
            self.willpower,
            self.enemy_endurance,
            self.rounds_left,
            self.phase,
            self.column,
            self.multiplier,
            self.evading,
            self.outcome,
        )

    def odds_expand(self) -> tuple[Sequence[Move], Sequence[Fraction], tuple[Key, ...]]:
        """The moves here, their probabilities at a round, and the key of the state each leads to."""
        if self.phase == "decide":
            moves, spends = spend_actions(self.willpower if self.magic_open else 0, self.can_evade)
            return moves, (), self._after_spends(spends)
        labels, probs, losses = round_table(
            self.table, self.column, self.multiplier, self.endurance, self.enemy_endurance, self.evading
        )
        after_round = self._after_round
        return labels, probs, tuple(after_round(enemy, grey_star) for enemy, grey_star in losses)

    def odds_state(self, key: Key) -> CombatState:
        """The state of this combat with `key` (see `odds_key`)."""
        # The frozen dataclass's __init__ sets 17 fields through object.__setattr__; the solver builds
        # every state of a combat here, so the slots are filled directly.
        state = _new(CombatState)
        _COMBAT_SKILL(state, self.combat_skill)
        _ENEMY_SKILL(state, self.enemy_skill)
        _STAFF(state, self.staff)
        _TABLE(state, self.table)
        _CAN_EVADE(state, self.can_evade)
        _IMMUNE(state, self.immune)
        _SHORTFALL(state, self.shortfall)
        _DRAIN(state, self.drain)
        _ENDURANCE(state, key[0])
        _WILLPOWER(state, key[1])
        _ENEMY_ENDURANCE(state, key[2])
        _ROUNDS_LEFT(state, key[3])
        _PHASE(state, key[4])
        _COLUMN(state, key[5])
        _MULTIPLIER(state, key[6])
        _EVADING(state, key[7])
        _OUTCOME(state, key[8])
        return state

    def odds_view(self, exact: bool) -> Any:
        """The solver's position view of this combat, one round per position (`fight_view.FightView`)."""
        return FightView(self, exact) if fits(self) else None

    # -- moving on: each move gives the key of the next state ------------------------------------

    def _after_spend(self, spend: int, evade: bool) -> Key:
        return self._after_spends(((spend, evade),))[0]

    def _after_spends(self, spends: Sequence[tuple[int, bool]]) -> tuple[Key, ...]:
        """The round after each (WILLPOWER spent, evading) choice: the WILLPOWER is paid now; the column
        and multiplier come from `spend_round`."""
        endurance, willpower, enemy = self.endurance, self.willpower, self.enemy_endurance
        rounds = self.rounds_left
        plain = ratio_column(self.ratio(0))
        magic = ratio_column(self.ratio(1))
        cap = multiplier_cap(magic, enemy)
        keys = []
        for spend, evade in spends:
            column, multiplier = spend_round(plain, magic, cap, spend, evade)
            keys.append((endurance, willpower - spend, enemy, rounds, "round", column, multiplier, evade, ""))
        return tuple(keys)

    def _after_round(self, enemy_loss: int, grey_star_loss: int) -> Key:
        return round_end(
            self.endurance,
            self.willpower,
            self.enemy_endurance,
            self.rounds_left,
            enemy_loss,
            grey_star_loss,
            self.evading,
            self.drain,
            self.shortfall,
        )

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Pick the real random number and read the table with the same function as the odds."""
        number = lone_wolf_number(rng, self.table)
        cell = crt.table().cells[number.total][self.column]
        label = outcome_label(
            self.column, self.multiplier, self.endurance, self.enemy_endurance, self.evading, number.total
        )
        heading = crt.table().columns[self.column].label()
        detail = f"ratio {heading}, cell {cell.text()}" + (
            f" x{self.multiplier}" if self.multiplier > 1 else ""
        )
        shown = Roll(
            number.expression, number.dice, number.total, "; ".join(filter(None, (number.detail, detail)))
        )
        return label, (shown,)

    def result(self) -> Result:
        """win (Grey Star the winner), dead, evaded or rounds-over; what he keeps.

        WILLPOWER and ENDURANCE are what he carries on with (nothing once dead); WILLPOWER_LEFT is the
        WILLPOWER actually left, so what was spent can be counted even in a lost fight.
        """
        alive = self.outcome != "dead"
        return Result(
            self.outcome,
            (0,) if self.outcome == "win" else (),
            (
                ("WILLPOWER", self.willpower if alive else 0),
                ("ENDURANCE", self.endurance if alive else 0),
                ("WILLPOWER_LEFT", self.willpower),
            ),
        )

    def invariants(self) -> list[str]:
        """Broken invariants of this combat state."""
        bad: list[str] = []
        if self.phase not in PHASES:
            bad.append(f"unknown phase {self.phase!r}")
        if self.table not in TABLES:
            bad.append(f"unknown random number table {self.table!r}")
        if self.shortfall not in SHORTFALL_CHOICES:
            bad.append(f"unknown shortfall rule {self.shortfall!r}")
        if self.rounds_left is not None and self.rounds_left < 0:
            bad.append("negative rounds left")
        if self.multiplier < 1 or self.drain < 0:
            bad.append("multiplier below 1 or negative drain")
        if self.phase != "over":
            if self.endurance <= 0 or self.enemy_endurance <= 0:
                bad.append("a side at 0 ENDURANCE or below while the fight goes on")
            if self.outcome:
                bad.append("an outcome before the end")
        else:
            if self.outcome not in OUTCOMES:
                bad.append(f"unknown outcome {self.outcome!r}")
            if (self.outcome == "dead") != (self.endurance <= 0):
                bad.append("dead without 0 ENDURANCE, or 0 ENDURANCE and not dead")
            if self.outcome == "win" and self.enemy_endurance > 0:
                bad.append("a win with the enemy standing")
        if self.shortfall == "endurance" and self.drain and self.willpower < 0 and self.phase != "over":
            bad.append("WILLPOWER below 0 under the endurance shortfall rule")
        return bad

    def describe(self) -> str:
        """One line: both sides' scores and where the combat stands."""
        limit = "" if self.rounds_left is None else f", {self.rounds_left} rounds left"
        where = self.outcome if self.phase == "over" else self.phase
        return (
            f"Grey Star CS {self.combat_skill} EP {self.endurance} WP {self.willpower} vs enemy "
            f"CS {self.enemy_skill} EP {self.enemy_endurance}{limit} ({where})"
        )


_new = object.__new__


def _setter(name: str) -> Callable[[CombatState, Any], None]:
    """The slot's own setter, which a frozen dataclass's __setattr__ does not guard."""
    setter: Callable[[CombatState, Any], None] = getattr(CombatState, name).__set__
    return setter


_COMBAT_SKILL = _setter("combat_skill")
_ENEMY_SKILL = _setter("enemy_skill")
_STAFF = _setter("staff")
_TABLE = _setter("table")
_CAN_EVADE = _setter("can_evade")
_IMMUNE = _setter("immune")
_SHORTFALL = _setter("shortfall")
_DRAIN = _setter("drain")
_ENDURANCE = _setter("endurance")
_WILLPOWER = _setter("willpower")
_ENEMY_ENDURANCE = _setter("enemy_endurance")
_ROUNDS_LEFT = _setter("rounds_left")
_PHASE = _setter("phase")
_COLUMN = _setter("column")
_MULTIPLIER = _setter("multiplier")
_EVADING = _setter("evading")
_OUTCOME = _setter("outcome")


@dataclass(frozen=True)
class Foe:
    """A section's fight, as data: the enemy and the section's modifiers.

    `skill_modifier` is added to Grey Star's COMBAT SKILL for this fight; `immune_to_staff`: the Staff's
    magic does not work (every round is the Staff as a plain weapon); `rounds`: the fight lasts at most
    that many rounds; `can_evade`: the text offers evasion; `willpower_drain`: WILLPOWER lost each round.
    """

    name: str
    combat_skill: int
    endurance: int
    skill_modifier: int = 0
    immune_to_staff: bool = False
    rounds: int | None = None
    can_evade: bool = False
    willpower_drain: int = 0

    def __post_init__(self) -> None:
        if self.endurance <= 0:
            raise UsageError(
                _("enemy ENDURANCE {endurance} must be above 0").format(endurance=self.endurance)
            )
        if self.rounds is not None and self.rounds <= 0:
            raise UsageError(
                _("a fight of {rounds} rounds: the limit must be above 0").format(rounds=self.rounds)
            )
        if self.willpower_drain < 0:
            raise UsageError(
                _("WILLPOWER drain {willpower_drain} is below 0").format(willpower_drain=self.willpower_drain)
            )


def start_combat(chart: ActionChart, foe: Foe, weapon: str | None = STAFF) -> CombatState:
    """The first decision of a fight between the chart's Grey Star and `foe`, with `weapon` in hand."""
    if chart.dead:
        raise UsageError(_("Grey Star is dead and cannot fight"))
    return CombatState(
        combat_skill=chart.weapon_skill(weapon) + foe.skill_modifier,
        endurance=chart.endurance,
        willpower=chart.willpower,
        enemy_skill=foe.combat_skill,
        enemy_endurance=foe.endurance,
        staff=weapon == STAFF,
        table=chart.options.table,
        can_evade=foe.can_evade,
        immune=foe.immune_to_staff,
        rounds_left=foe.rounds,
        shortfall=chart.options.shortfall,
        drain=foe.willpower_drain,
    )


def finish_combat(chart: ActionChart, state: CombatState) -> ActionChart:
    """The chart after a finished combat: its ENDURANCE and WILLPOWER."""
    if state.phase != "over":
        raise UsageError(_("the combat is not over: {value}").format(value=state.describe()))
    return chart.after_combat(state.endurance, state.willpower)


def _int_option(options: Mapping[str, OptionValue], name: str, low: int, high: int = MAX_SCORE) -> int:
    value = options[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UsageError(
            _("option {name}={value!r} must be a whole number from {low} to {high}").format(
                name=name, value=value, low=low, high=high
            )
        )
    return value


WORDS = (
    N_("Grey Star combat"),
    N_("Lone Wolf: Grey Star the Wizard gamebook"),
    N_("Combat skill"),
    N_("Endurance"),
    N_("Willpower"),
    N_("Enemy skill"),
    N_("Enemy endurance"),
    N_("Staff"),
    NP_("option", "Table"),
    N_("Can evade"),
    N_("Immune"),
    N_("Rounds"),
    N_("Shortfall"),
    N_("Drain"),
    N_("uniform"),
    N_("book"),
    N_("negative"),
    N_("endurance"),
    N_("Higher magicks"),
    N_("Returning"),
    N_("Carried"),
    N_("Willpower worth"),
    N_("Advice budget"),
    N_("yes"),
    N_("no"),
)
"""The games' names and the options' names and choices as the new-game form shows them (made from the
options' names, `OptionInfo.label`): marked here for the catalogues, said in the reader's language by the
form."""


class CombatGame(Game):
    """One Grey Star combat as a playable game (for conformance runs, odds and the command line)."""

    info = GameInfo(
        id="combat",
        name="Grey Star combat",
        options=(
            OptionInfo(
                "combat_skill",
                N_("Grey Star's COMBAT SKILL with the weapon used"),
                15,
                title=N_("COMBAT SKILL"),
            ),
            OptionInfo("endurance", N_("Grey Star's ENDURANCE"), 25, title=N_("ENDURANCE")),
            OptionInfo("willpower", N_("Grey Star's WILLPOWER"), 25, title=N_("WILLPOWER")),
            OptionInfo("enemy_skill", N_("the enemy's COMBAT SKILL"), 15, title=N_("Enemy's COMBAT SKILL")),
            OptionInfo("enemy_endurance", N_("the enemy's ENDURANCE"), 25, title=N_("Enemy's ENDURANCE")),
            OptionInfo("staff", N_("fighting with the Wizard's Staff"), True, (True, False)),
            TABLE_OPTION,
            OptionInfo("can_evade", N_("the text offers evasion"), False, (True, False)),
            OptionInfo("immune", N_("the enemy is immune to the Staff's magic"), False, (True, False)),
            OptionInfo("rounds", N_("fight at most this many rounds (0: until one side falls)"), 0),
            SHORTFALL_OPTION,
            OptionInfo("drain", N_("WILLPOWER lost each round by the section's rule"), 0),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> CombatState:
        """The first decision of a combat with these options."""
        full = self.info.resolve_options(options)
        rounds = _int_option(full, "rounds", 0)
        return CombatState(
            combat_skill=_int_option(full, "combat_skill", -100),
            endurance=_int_option(full, "endurance", 1),
            willpower=_int_option(full, "willpower", -100),
            enemy_skill=_int_option(full, "enemy_skill", -100),
            enemy_endurance=_int_option(full, "enemy_endurance", 1),
            staff=bool(full["staff"]),
            table=str(full["table"]),
            can_evade=bool(full["can_evade"]),
            immune=bool(full["immune"]),
            rounds_left=rounds or None,
            shortfall=str(full["shortfall"]),
            drain=_int_option(full, "drain", 0),
        )

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON-safe data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> CombatState:
        """The state written by `state_to_json`."""
        return from_data(CombatState, data)
