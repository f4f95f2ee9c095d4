"""A Grey Star combat one round at a time: the solver's position view of `CombatState` (`engine.odds.view`).

A position is Grey Star's ENDURANCE, his WILLPOWER, the enemy's ENDURANCE and the rounds left at the start
of a round (a "decide" state), or once the combat is over (then with how it ended). One layer is one round
(001_2055bbb054c2d265.txt:5-12): the choice of WILLPOWER to spend (or of evading, where the text offers
it: :14-18), then the random number read on the Combat Results Table. Seen state by state, a round is a
decision, one "round" state per spend and a transition per random number; by positions it is one call of
`layer`, so the solver keeps one value per position.

The rules stay single: `layer` reads a round with the same functions `CombatState` plays with
(`round_rules.spend_round` for the column and multiplier of a spend, `round_rules.round_losses` for the
random numbers and the losses they give, `round_rules.round_end` for what follows the losses). The losses of a
round do not depend on WILLPOWER, and without a section's drain WILLPOWER only passes through
`round_end`, so one round's successors are worked out once per (column, multiplier, ENDURANCE, enemy
ENDURANCE, rounds left, evading) and WILLPOWER is put in afterwards; with a drain every successor is
worked out in full. Tests check that the view's layer gives exactly the states the step-by-step
transitions give, and that both solves give the same Fractions.

`SpendOne` (the policy of 1 WILLPOWER every round, `odds.SpendOne`) is the same view with one option.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol, TypeAlias

from grognard.engine.errors import OddsError
from grognard.engine.game import Result, State
from grognard.systems.grey_star.combat_moves import OUTCOMES, spend_actions
from grognard.systems.grey_star.round_rules import (
    Key,
    hundredths,
    multiplier_cap,
    ratio_column,
    round_end,
    round_losses,
    spend_round,
)

Position: TypeAlias = int
"""A position packed in one int (cheap to hash and to add to): WILLPOWER + `_OFFSET` in the low bits,
then the enemy's ENDURANCE, Grey Star's ENDURANCE, rounds left (0: no limit, else rounds + 1) and the
outcome's index in `_ENDINGS`, `_BITS` bits each. WILLPOWER is the lowest field, so the successors of
a round differ from one spend to the next by the WILLPOWER left alone."""

_BITS = 11
_LIMIT = 1 << _BITS
_OFFSET = 1 << (2 * _BITS)
_W_SPAN = 1 << (2 * _BITS + 1)
_ENDINGS = ("", *OUTCOMES)

Row: TypeAlias = tuple[Any, tuple[Position, ...], int]
"""One spend's round: the random number's probabilities, the position each leads to with 0 WILLPOWER
left, and the WILLPOWER spent (WILLPOWER - spend is added to each position)."""

Block: TypeAlias = tuple[list[Row], int, int]
"""Rows `start` to `stop` of a table of rows (`stop` 0: all of them)."""

Option: TypeAlias = tuple[Any, tuple[Position, ...], int]
"""One option of a round: the random number's probabilities (Fractions or floats), the position each
leads to with 0 WILLPOWER left, and the WILLPOWER left (added to each position: WILLPOWER is the lowest
field of a packed position)."""


class Combat(Protocol):
    """A combat's state as its position view reads it: `combat.CombatState` is one. Named here so this
    module, which `combat` imports, never imports `combat`."""

    @property
    def combat_skill(self) -> int: ...

    @property
    def endurance(self) -> int: ...

    @property
    def willpower(self) -> int: ...

    @property
    def enemy_skill(self) -> int: ...

    @property
    def enemy_endurance(self) -> int: ...

    @property
    def staff(self) -> bool: ...

    @property
    def table(self) -> str: ...

    @property
    def can_evade(self) -> bool: ...

    @property
    def immune(self) -> bool: ...

    @property
    def rounds_left(self) -> int | None: ...

    @property
    def shortfall(self) -> str: ...

    @property
    def drain(self) -> int: ...

    def ratio(self, spend: int) -> int:
        """The Combat Ratio of a round spending `spend` WILLPOWER."""

    def odds_state(self, key: Key) -> State:
        """The state of this combat with `key`."""


def fits(combat: Combat) -> bool:
    """True when the combat's numbers fit a packed position (every real fight; else the solver uses
    the states)."""
    rounds = combat.rounds_left or 0
    return (
        0 <= combat.endurance < _LIMIT
        and 0 <= combat.enemy_endurance < _LIMIT
        and rounds + 1 < _LIMIT
        and abs(combat.willpower) + (rounds or 1) * combat.drain < _OFFSET // 2
    )


def pack(key: Key) -> Position:
    """The position of a "decide" or "over" state key (`CombatState.odds_key`)."""
    endurance, willpower, enemy, rounds = key[0], key[1], key[2], key[3]
    code = _ENDINGS.index(key[8])
    code = (code << _BITS) | (0 if rounds is None else rounds + 1)
    code = (code << _BITS) | endurance
    code = (code << _BITS) | enemy
    return code * _W_SPAN + willpower + _OFFSET


def full_key(position: Position) -> Key:
    """The state key (`CombatState.odds_key`) of a position."""
    rest, w = divmod(position, _W_SPAN)
    enemy = rest & (_LIMIT - 1)
    endurance = (rest >> _BITS) & (_LIMIT - 1)
    rounds_code = (rest >> (2 * _BITS)) & (_LIMIT - 1)
    outcome = _ENDINGS[rest >> (3 * _BITS)]
    rounds = None if rounds_code == 0 else rounds_code - 1
    phase = "over" if outcome else "decide"
    return (endurance, w - _OFFSET, enemy, rounds, phase, 0, 1, False, outcome)


class FightView:
    """The position view of the combat `root` belongs to (its fixed facts: skills, Staff, table, evasion,
    immunity, drain and shortfall); `exact` chooses Fractions or floats for the probabilities.

    With `spend_one`, the only option of a round is 1 WILLPOWER while the Staff's magic is open, else 0
    (never evading); `wrap` (a State class holding the combat as `inner`, `odds.SpendOne`) wraps the states.
    """

    def __init__(
        self,
        root: Combat,
        exact: bool,
        *,
        spend_one: bool = False,
        wrap: type[Any] | None = None,
    ) -> None:
        self.root = root
        self.exact = exact
        self.spend_one = spend_one
        self._wrap = wrap
        self._static = fight_constants(root)
        self._plain = ratio_column(root.ratio(0))
        self._magic = ratio_column(root.ratio(1))
        self._magic_allowed = root.staff and not root.immune
        self._one: tuple[Any, ...] = (Fraction(1),) if exact else (1.0,)
        self._rounds: dict[tuple[int, int, int, int, int | None, bool], tuple[Any, Any]] = {}
        self._results: dict[Position, Result] = {}
        self._by_numbers: dict[tuple[int, int, int | None, bool], list[Row]] = {}
        self.layer = self._rules()
        """`layer(position)`: a terminal position's `Result`, or one round: `((1,), (options,))` where
        `options` holds, for every action of `CombatState.legal_actions` in order, `[probs, positions]`."""

    def _round(
        self, column: int, multiplier: int, endurance: int, enemy: int, rounds: int | None, evade: bool
    ) -> tuple[Any, Any]:
        """The random number's probabilities and, per outcome, the successor with 0 WILLPOWER (the
        WILLPOWER left is added to it), or the losses themselves when a drain makes WILLPOWER matter
        (`round_end` per use)."""
        key = (column, multiplier, endurance, enemy, rounds, evade)
        got = self._rounds.get(key)
        if got is not None:
            return got
        root = self.root
        rows = round_losses(root.table, column, multiplier, endurance, enemy, evade)
        probs = tuple(hundredths(w) if self.exact else w / 100 for _, w in rows)
        if root.drain:
            got = (probs, (None, tuple(losses for losses, _ in rows)))
        else:
            shortfall = root.shortfall
            got = (
                probs,
                tuple(
                    pack(round_end(endurance, 0, enemy, rounds, e, g, evade, 0, shortfall))
                    for (e, g), _ in rows
                ),
            )
        self._rounds[key] = got
        return got

    def _rows(self, endurance: int, enemy: int, rounds: int | None, top: int, evade: bool) -> list[Row]:
        """The rounds of spending 0, 1, ... at least `top` WILLPOWER (evading or not) from a position with
        these numbers, whatever its WILLPOWER (no drain): the same for every WILLPOWER, so kept."""
        key = (endurance, enemy, rounds, evade)
        rows = self._by_numbers.get(key)
        if rows is None:
            rows = self._by_numbers[key] = []
        if len(rows) <= top:
            plain, magic = self._plain, self._magic
            cap = multiplier_cap(magic, enemy)
            for spend in range(len(rows), top + 1):
                column, multiplier = spend_round(plain, magic, cap, spend, evade)
                probs, codes = self._round(column, multiplier, endurance, enemy, rounds, evade)
                rows.append((probs, codes, spend))
        return rows

    def blocks(self, endurance: int, willpower: int, enemy: int, rounds: int | None) -> list[Block]:
        """Every option of a round from a "decide" position, in the order of `CombatState.legal_actions`
        (only 1 WILLPOWER, or 0, with `spend_one`), as `Block`s: rows `start` to `stop` of a table."""
        root = self.root
        open_now = self._magic_allowed and willpower > 0
        top = willpower if open_now else 0
        if root.drain:
            return [(self._drained(endurance, willpower, enemy, rounds, top), 0, 0)]
        if self.spend_one:
            spend = 1 if open_now else 0
            return [(self._rows(endurance, enemy, rounds, spend, False), spend, spend + 1)]
        blocks = [(self._rows(endurance, enemy, rounds, top, False), 0, top + 1)]
        if root.can_evade:
            blocks.append((self._rows(endurance, enemy, rounds, top, True), 0, top + 1))
        return blocks

    def _drained(self, endurance: int, willpower: int, enemy: int, rounds: int | None, top: int) -> list[Row]:
        """With a drain the successors depend on WILLPOWER: each worked out in full (`round_end`), the
        row's spend set to `willpower` so that nothing is added to them."""
        root = self.root
        if self.spend_one:
            spends: Any = ((1 if top else 0, False),)
        else:
            spends = spend_actions(top, root.can_evade)[1]
        plain, magic = self._plain, self._magic
        cap = multiplier_cap(magic, enemy)
        drain, shortfall = root.drain, root.shortfall
        rows: list[Row] = []
        for spend, evade in spends:
            column, multiplier = spend_round(plain, magic, cap, spend, evade)
            probs, losses = self._round(column, multiplier, endurance, enemy, rounds, evade)
            left = willpower - spend
            codes = tuple(
                pack(round_end(endurance, left, enemy, rounds, e, g, evade, drain, shortfall))
                for e, g in losses[1]
            )
            rows.append((probs, codes, willpower))
        return rows

    def options(self, endurance: int, willpower: int, enemy: int, rounds: int | None) -> list[Option]:
        """Every option of a round from a "decide" position, in the order of `CombatState.legal_actions`
        (see `blocks`), each with the WILLPOWER left (`Option`)."""
        options: list[Option] = []
        for rows, start, stop in self.blocks(endurance, willpower, enemy, rounds):
            for probs, codes, spend in rows[start : stop or len(rows)]:
                options.append((probs, codes, willpower - spend))
        return options

    def _rules(self) -> Callable[[Position], Any]:
        one = self._one
        options_of = self.options
        result_of = self.result

        def layer(key: Position) -> Any:
            endurance, willpower, enemy, rounds, _, _, _, _, outcome = full_key(key)
            if outcome:
                return result_of(key)
            return one, (
                [
                    [probs, [code + left for code in codes]]
                    for probs, codes, left in options_of(endurance, willpower, enemy, rounds)
                ],
            )

        return layer

    def result(self, position: Position) -> Result:
        """The `Result` of a position where the combat is over."""
        got = self._results.get(position)
        if got is None:
            got = self._results[position] = self.root.odds_state(full_key(position)).result()
        return got

    def position(self, state: Any) -> Position | None:
        """The position of a state of this combat ("decide" or "over"), None for a "round" state; a state
        of another combat (or of another game) is an `OddsError`: it is not reachable from any position
        of this one, though its key may look the same."""
        if self._wrap is not None:
            if type(state) is not self._wrap:
                raise OddsError(f"{state!r} is not reachable from the solved position")
            state = state.inner
        if not self.belongs(state):
            raise OddsError(f"{state!r} is not reachable from the solved position")
        if state.phase == "round":
            return None
        return pack(state.odds_key())

    def belongs(self, state: Any) -> bool:
        """True when `state` is a `CombatState` of this combat (any phase)."""
        return type(state) is type(self.root) and fight_constants(state) == self._static

    def state(self, position: Position) -> State:
        """The public state of a position."""
        combat = self.root.odds_state(full_key(position))
        return self._wrap(combat) if self._wrap is not None else combat


def fight_constants(combat: Combat) -> tuple[object, ...]:
    """What stays the same through one fight (the figures that are not counted down)."""
    return (
        combat.combat_skill,
        combat.enemy_skill,
        combat.staff,
        combat.table,
        combat.can_evade,
        combat.immune,
        combat.shortfall,
        combat.drain,
    )
