"""Games written for the engine's own tests: a dice duel with ties (a cycle) and an optional reroll.

Each round both duellists roll 1d6; the higher roll wounds the other by 1, a tie changes nothing and the
round is fought again. Player 0 may, once per roll, spend a reroll token to roll his die again before the
opponent rolls. The duel ends when a side has no hit points left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine import registry
from grognard.engine.dice.core import DieRoll, Rng, Roll
from grognard.engine.game import (
    CHANCE,
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
    SystemInfo,
)
from grognard.engine.serial import from_data, to_data
from grognard.engine.session import Session

SIXTH = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class DuelState(GameState):
    """hp: hit points of each side; phase: 'roll' (chance: my die), 'decide' (player 0), 'answer'
    (chance: the opponent's die) or 'over'."""

    hp: tuple[int, int]
    rerolls: int
    phase: str = "roll"
    mine: int = 0

    def actor(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        return 0 if self.phase == "decide" else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ("keep", "reroll") if self.rerolls > 0 else ("keep",)

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return [(v, SIXTH) for v in range(1, 7)]

    def _apply(self, move: Move) -> DuelState:
        if self.phase == "roll":
            return DuelState(self.hp, self.rerolls, "decide", int(move))
        if self.phase == "decide":
            if move == "reroll":
                return DuelState(self.hp, self.rerolls - 1, "roll")
            return DuelState(self.hp, self.rerolls, "answer", self.mine)
        theirs = int(move)
        mine_hp, their_hp = self.hp
        if self.mine > theirs:
            their_hp -= 1
        elif theirs > self.mine:
            mine_hp -= 1
        phase = "over" if min(mine_hp, their_hp) <= 0 else "roll"
        return DuelState((mine_hp, their_hp), self.rerolls, phase)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        value = rng.randint(1, 6)
        return value, (Roll("1d6", (DieRoll("d6", 6, value),), value),)

    def result(self) -> Result:
        winner = 0 if self.hp[1] <= 0 else 1
        return Result(
            "win" if winner == 0 else "lose",
            (winner,),
            (("hp", self.hp[0]), ("rerolls", self.rerolls)),
        )

    def invariants(self) -> list[str]:
        bad = []
        if self.rerolls < 0:
            bad.append("negative rerolls")
        if any(h < 0 for h in self.hp):
            bad.append("negative hit points")
        return bad


class DuelGame(Game):
    """The dice duel as a registered game."""

    info = GameInfo(
        id="duel",
        name="Dice duel",
        min_players=2,
        max_players=2,
        options=(
            OptionInfo("hp", "hit points of each duellist", 3),
            OptionInfo("rerolls", "reroll tokens of player 0", 1),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> DuelState:
        hp = int(options.get("hp", 3))
        return DuelState((hp, hp), int(options.get("rerolls", 1)))

    def state_to_json(self, state: GameState) -> object:
        return to_data(state)

    def state_from_json(self, data: object) -> DuelState:
        return from_data(DuelState, data)


TOY = SystemInfo(
    id="toy",
    name="Toy games for the engine tests",
    rulebook="(none)",
    command="toy",
    playable=("duel",),
    games=(DuelGame(),),
)


def register_toys() -> SystemInfo:
    """Register the toy system (idempotent)."""
    return registry.register(TOY)


def duel_choice(state: GameState) -> str:
    """A fixed policy that uses both actions: reroll a low die while tokens last, else keep."""
    assert isinstance(state, DuelState)
    return "reroll" if "reroll" in state.legal_actions() and state.mine <= 3 else "keep"


def played_duel(seed: int, decisions: int | None = None, **options: int) -> Session:
    """A toy duel played by `duel_choice` for `decisions` player moves (to the end when None)."""
    session = Session.new("toy", DuelGame(), options, seed)
    session.advance()
    made = 0
    while not session.is_over() and (decisions is None or made < decisions):
        session.play(duel_choice(session.current))
        session.advance()
        made += 1
    return session


register_toys()
