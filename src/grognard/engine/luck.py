"""How lucky a game's dice were: every roll that mattered placed in its exact distribution, and the game's
dice as a whole placed against the exact distribution of the same rolls thrown again.

A game is replayed move by move. At each chance node the state lists its exact outcomes
(`chance_outcomes`), so each roll's distribution is known exactly; what is not known to the engine is which
outcomes are good for a seat. An `Appraiser` says so: `roll(before, seat)` gives the worth to the seat of
every outcome of the roll (the chance of finishing a gamebook after it, a fight won, Body Points dealt),
or None when the roll does not concern the seat or its odds are not exact. A game's appraiser comes from
its rules (`appraiser_for`, see below); the engine names none.

The definitions (written out for players in docs/solving.md, "How lucky were the dice"):

- A roll *mattered* to a seat when its outcomes are not all worth the same to it.
- A roll's *luck* is the worth of the outcome thrown less the worth expected before the throw (the worths
  averaged over the exact distribution).
- A roll's *percentile* is 100 x (the chance of an outcome worth less, plus half the chance of one worth
  the same): 50 is an ordinary throw, 100 the best there was, 0 the worst. Outcomes worth the same count
  half, so a roll with two equally likely outcomes is at 25 or 75, never 0 or 100.
- The game's *luck* is the sum of its rolls' luck. The game's *percentile* places it against the same
  rolls (the same chance nodes, met at the same moments of this game) thrown again, each independently
  of the others, by their exact distributions: 100 x (the chance their summed luck is less than the
  game's, plus half the chance it is equal). It is worked out by adding the rolls' distributions one by
  one on a grid of `GRID` steps across the widest sum possible (each roll's luck rounded to the grid:
  exact when the worths are whole numbers or halves, within one step otherwise).

Holding the chance nodes fixed is the choice: the rolls a game did not make (because an earlier throw
went otherwise) cannot be judged against what happened, and every roll thrown is judged once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from grognard.engine.game import CHANCE, Action, GameState, Outcome
from grognard.engine.session import MoveRecord

GRID = 4096
"""The steps across the widest possible sum of luck on which the game's percentile is worked out."""

SAME = 1e-9
"""Worths closer than this are the same worth (a solve in floats rounds in the 16th digit)."""

CHOICE_MATTERS = 1e-6
"""A choice costs something when the best one is worth more than this above it."""


@dataclass(frozen=True)
class Judged:
    """What an appraiser says of one roll: the worth of each outcome to the seat, and the roll in words
    ("a round of the fight with the ORC"; empty: no words)."""

    worths: Mapping[Outcome, float]
    what: str = ""


class Appraiser(Protocol):
    """What a game's rules say about the worth of its positions to a seat (see the module docstring).
    `unit` names what a worth counts, in words ("chance to finish", "combats won"); `shares` is true when
    a worth is a chance (shown as a percentage, luck in percentage points)."""

    unit: str
    shares: bool

    def roll(self, before: GameState, seat: int) -> Judged | None:
        """The worth of each outcome of the roll at `before` to `seat`, or None: it does not count."""

    def value(self, state: GameState, seat: int) -> float | None:
        """The worth of a position to `seat` (for the line over the game), or None when not known."""

    def choices(self, before: GameState, seat: int) -> Mapping[Action, float] | None:
        """The worth to `seat` of each action open at its decision `before`, or None when not known."""

    def action_words(self, before: GameState, action: Action) -> str:
        """An action in words, as a player reads it."""

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        """A roll thrown in words: its dice and what came of it."""


class RollsOnly:
    """An appraiser that judges rolls alone (a board game's combats): the worth of a whole position and of
    the choices are not worked out, so no line over the game and no better choice is said."""

    def value(self, state: GameState, seat: int) -> float | None:
        """Not known: the worth of a whole position is not worked out."""
        return None

    def choices(self, before: GameState, seat: int) -> Mapping[Action, float] | None:
        """Not known."""
        return None

    def action_words(self, before: GameState, action: Action) -> str:
        """Not used (no choice is judged)."""
        return action


@dataclass(frozen=True)
class RollLuck:
    """One roll that mattered: the move that threw it (`ply`, from 1), the roll and its dice in words,
    the chance of the outcome thrown, its worth, the worth expected, its percentile and its luck."""

    ply: int
    what: str
    dice: str
    chance: float
    worth: float
    expected: float
    percentile: float
    best: float
    worst: float
    spread: tuple[tuple[float, float], ...] = field(default=(), repr=False, compare=False)
    """The roll's exact distribution: (worth, chance) of each outcome."""

    @property
    def luck(self) -> float:
        """The worth thrown less the worth expected."""
        return self.worth - self.expected

    def to_json(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "ply": self.ply,
            "what": self.what,
            "dice": self.dice,
            "chance": round(self.chance, 6),
            "worth": round(self.worth, 6),
            "expected": round(self.expected, 6),
            "luck": round(self.luck, 6),
            "percentile": round(self.percentile, 2),
            "best": round(self.best, 6),
            "worst": round(self.worst, 6),
        }


@dataclass(frozen=True)
class Better:
    """A decision where a better choice existed: the move (`ply`), what was chosen and its worth, the best
    choice and its worth; `cost` is the difference."""

    ply: int
    chosen: str
    chosen_worth: float
    best: str
    best_worth: float

    @property
    def cost(self) -> float:
        """What the choice made cost against the best one."""
        return self.best_worth - self.chosen_worth

    def to_json(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "ply": self.ply,
            "chosen": self.chosen,
            "chosen_worth": round(self.chosen_worth, 6),
            "best": self.best,
            "best_worth": round(self.best_worth, 6),
            "cost": round(self.cost, 6),
        }


@dataclass(frozen=True)
class LuckReport:
    """The luck of one seat's dice over a game's first `upto` moves (see the module docstring): the rolls
    that mattered, their summed luck and its percentile (None when no roll mattered), the worth after each
    move where it is known (`line`: (move, worth), move 0 the start), the decisions where a better choice
    existed, and `note`: why a part is missing, in words."""

    seat: int
    upto: int
    moves: int
    unit: str
    shares: bool = False
    rolls: tuple[RollLuck, ...] = ()
    line: tuple[tuple[int, float], ...] = ()
    better: tuple[Better, ...] = ()
    note: str = ""
    percentile: float | None = field(default=None)

    @property
    def total(self) -> float:
        """The summed luck of the rolls that mattered."""
        return sum(r.luck for r in self.rolls)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "seat": self.seat,
            "upto": self.upto,
            "moves": self.moves,
            "unit": self.unit,
            "shares": self.shares,
            "luck": round(self.total, 6),
            "percentile": None if self.percentile is None else round(self.percentile, 2),
            "rolls": [r.to_json() for r in self.rolls],
            "line": [{"ply": p, "worth": round(w, 6)} for p, w in self.line],
            "better": [b.to_json() for b in self.better],
            "note": self.note,
        }


def percentile(distribution: Sequence[tuple[float, float]], value: float) -> float:
    """100 x (the chance of a value below `value`, plus half the chance of one equal to it), for a
    distribution given as (value, chance) pairs whose chances sum to 1."""
    below = sum(p for v, p in distribution if v < value - SAME)
    equal = sum(p for v, p in distribution if abs(v - value) <= SAME)
    return 100.0 * (below + equal / 2)


def sum_percentile(rolls: Sequence[tuple[Sequence[tuple[float, float]], float]]) -> float:
    """The percentile of the sum of the values thrown against the sum of independent values, one from
    each distribution: `rolls` pairs each distribution ((value, chance) pairs) with the value thrown.
    Added on a grid (see the module docstring): steps of a half when every value is a whole number or a
    half above its distribution's lowest (exact), else `GRID` steps across the widest sum possible, each
    value rounded to its step. No roll: 50."""
    floors = [min(v for v, _ in d) for d, _ in rolls]
    width = sum(max(v for v, _ in d) - f for (d, _), f in zip(rolls, floors, strict=True))
    if width <= SAME:
        return 50.0
    halves = all(_whole(2 * (v - f)) for (d, _), f in zip(rolls, floors, strict=True) for v, _ in d)
    step = 0.5 if halves and width / 0.5 <= 16 * GRID else width / GRID
    sums = [1.0]  # sums[i]: the chance the sum so far is its lowest plus i steps
    spot = 0
    for (d, thrown), floor in zip(rolls, floors, strict=True):
        shifts: dict[int, float] = {}
        for v, p in d:
            k = round((v - floor) / step)
            shifts[k] = shifts.get(k, 0.0) + p
        spot += round((thrown - floor) / step)
        nxt = [0.0] * (len(sums) + max(shifts))
        for k, p in shifts.items():
            for i, q in enumerate(sums):
                if q:
                    nxt[i + k] += p * q
        sums = nxt
    below = sum(sums[:spot])
    return max(0.0, min(100.0, 100.0 * (below + sums[spot] / 2)))


def dice_words(record: MoveRecord) -> str:
    """The dice of a move as thrown ("2d6: [3, 4] = 7; ...")."""
    return "; ".join(r.render() for r in record.rolls)


def _whole(x: float) -> bool:
    return abs(x - round(x)) <= 1e-9


def appraise(
    start: GameState,
    moves: Sequence[MoveRecord],
    seat: int,
    appraiser: Appraiser,
    upto: int | None = None,
    *,
    note: str = "",
) -> LuckReport:
    """The luck report of `seat` over the first `upto` moves (all by default) of the game played from
    `start` by `moves`, with the worths `appraiser` gives."""
    count = len(moves) if upto is None else max(0, min(upto, len(moves)))
    state = start
    rolls: list[RollLuck] = []
    line: list[tuple[int, float]] = []
    better: list[Better] = []
    value = appraiser.value(state, seat)
    if value is not None:
        line.append((0, value))
    for i, record in enumerate(moves[:count]):
        if state.actor() is CHANCE:
            judged = appraiser.roll(state, seat)
            if judged is not None:
                words = appraiser.roll_words(state, record) or dice_words(record)
                thrown = _roll_luck(i + 1, state, record, judged, words)
                if thrown is not None:
                    rolls.append(thrown)
        elif record.player == seat:
            found = _better(i + 1, state, record, seat, appraiser)
            if found is not None:
                better.append(found)
        state = state.apply(record.move)
        value = appraiser.value(state, seat)
        if value is not None:
            line.append((i + 1, value))
    return LuckReport(
        seat=seat,
        upto=count,
        moves=len(moves),
        unit=appraiser.unit,
        shares=appraiser.shares,
        rolls=tuple(rolls),
        line=tuple(line),
        better=tuple(better),
        note=note,
        percentile=sum_percentile([(r.spread, r.worth) for r in rolls]) if rolls else None,
    )


def _roll_luck(
    ply: int, before: GameState, record: MoveRecord, judged: Judged, words: str
) -> RollLuck | None:
    outcomes = before.chance_outcomes()
    dist = [(float(judged.worths[o]), float(p)) for o, p in outcomes if o in judged.worths]
    if len(dist) != len(outcomes) or record.move not in judged.worths:
        return None  # the appraiser did not value every outcome: the roll is not judged
    worths = [v for v, _ in dist]
    if max(worths) - min(worths) <= SAME:
        return None  # every outcome worth the same: the roll did not matter
    worth = float(judged.worths[record.move])
    expected = sum(v * p for v, p in dist)
    chance = sum(float(p) for o, p in outcomes if o == record.move)
    made = RollLuck(
        ply=ply,
        what=judged.what,
        dice=words,
        chance=chance,
        worth=worth,
        expected=expected,
        percentile=percentile(dist, worth),
        best=max(worths),
        worst=min(worths),
        spread=tuple(dist),
    )
    return made


def _better(
    ply: int, before: GameState, record: MoveRecord, seat: int, appraiser: Appraiser
) -> Better | None:
    values = appraiser.choices(before, seat)
    if not values or record.move not in values:
        return None
    chosen = str(record.move)
    best = max(values, key=lambda a: values[a])  # ties: the first listed
    if values[best] - values[chosen] <= CHOICE_MATTERS:
        return None
    return Better(
        ply=ply,
        chosen=appraiser.action_words(before, chosen),
        chosen_worth=float(values[chosen]),
        best=appraiser.action_words(before, best),
        best_worth=float(values[best]),
    )


# -- in words, for the front ends --------------------------------------------------------------------


def amount(report: LuckReport, x: float, signed: bool = True) -> str:
    """A luck or a worth in words: percentage points of a chance ("+16.7 points"), else the unit's count
    ("-1.25 Body Points")."""
    sign = "+" if signed else ""
    if report.shares:
        return f"{100 * x:{sign}.1f} points"
    return f"{x:{sign}.2f} {report.unit}"


def worth_words(report: LuckReport, x: float) -> str:
    """A worth in words: a chance as a percentage, else the count."""
    return f"{100 * x:.1f}%" if report.shares else f"{x:.2f}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 22nd..."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def summary(report: LuckReport) -> str:
    """The report's headline in words."""
    if report.percentile is None:
        return "No roll that mattered was judged."
    rolls = len(report.rolls)
    pct = report.percentile
    mood = (
        "very lucky"
        if pct >= 90
        else "lucky"
        if pct >= 65
        else "very unlucky"
        if pct <= 10
        else "unlucky"
        if pct <= 35
        else "about as lucky as expected"
    )
    of = f" of {report.unit}" if report.shares else ""
    return (
        f"{rolls} roll{'s' if rolls != 1 else ''} mattered; together they gave {amount(report, report.total)}"
        f"{of}: the {ordinal(round(pct))} percentile of the same rolls thrown again ({mood})."
    )


# -- finding a game's appraiser -----------------------------------------------------------------------

AppraiserMaker = Callable[
    [GameState, Sequence[MoveRecord], int, "float | None"], "tuple[Appraiser | None, str]"
]
"""Makes the appraiser of one game for one seat from its first state, its moves and the seconds it may
take (None: no limit; a gamebook solves its book here), with a note in words when the appraisal is partial
or impossible (the book too large): (None, "why")."""

_MAKERS: dict[type, AppraiserMaker] = {}


def register_appraiser(kind: type, maker: AppraiserMaker) -> AppraiserMaker:
    """Register how the games whose states are of class `kind` (or a subclass) are appraised."""
    _MAKERS[kind] = maker
    return maker


def appraiser_for(
    start: GameState, moves: Sequence[MoveRecord], seat: int, seconds: float | None = None
) -> tuple[Appraiser | None, str]:
    """The appraiser of a game for `seat` (made within `seconds`, None: no limit), with a note in words
    when there is none or it is partial.

    The rules that say what a roll is worth live beside the game's states: for a state class defined in
    module `a.b.c`, the modules `a.b.luck` then `a.luck` are imported if they exist (each registers its
    makers with `register_appraiser`), so the engine names no game."""
    _load_luck_modules(type(start))
    for kind in type(start).__mro__:
        maker = _MAKERS.get(kind)
        if maker is not None:
            return maker(start, moves, seat, seconds)
    return None, "The dice of this game cannot be judged: no worth of its rolls is known."


def _load_luck_modules(kind: type) -> None:
    parts = kind.__module__.split(".")
    for n in range(len(parts) - 1, 1, -1):
        name = ".".join(parts[:n]) + ".luck"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise


__all__ = [
    "GRID",
    "Appraiser",
    "AppraiserMaker",
    "Better",
    "Judged",
    "LuckReport",
    "RollLuck",
    "amount",
    "appraise",
    "appraiser_for",
    "dice_words",
    "ordinal",
    "percentile",
    "register_appraiser",
    "sum_percentile",
    "summary",
    "worth_words",
]
