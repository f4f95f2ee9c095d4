"""A game being played: its system, options, seed and the ordered moves applied to the initial state.

The current state is a cached snapshot of replaying the moves. Real dice are thrown through
`Rng.for_move(seed, ply)`, so a saved game continues with exactly the dice an unbroken one would have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.embedded import carry_files
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE, TERMINAL, Action, Game, GameState, Move, OptionValue
from grognard.i18n import gettext as _


@dataclass(frozen=True)
class MoveRecord:
    """One move of a game: who made it (a player index, or None for chance), the move, the dice shown."""

    move: Move
    player: int | None
    rolls: tuple[Roll, ...] = ()


Policy = Callable[[GameState, Rng], Action]
"""A bot: picks a legal action for the state, drawing any randomness it needs from the RNG it is given."""


def random_policy(state: GameState, rng: Rng) -> Action:
    """The random legal policy that exists for every game."""
    return rng.choice(list(state.legal_actions()))


@dataclass
class Session:
    """A game in play. `moves` is the truth; `state` is the snapshot of replaying them.

    `revision` is the stored game's revision when this session last read or wrote it (None: not from a
    store), and `synced` how many leading moves the session shares with the store at that revision; a
    store refuses to save a session whose revision is stale (another session changed the game).
    """

    system: str
    game: Game
    options: dict[str, OptionValue]
    seed: int
    moves: list[MoveRecord] = field(default_factory=list)
    state: GameState | None = None
    game_id: str | None = None
    revision: int | None = None
    synced: int = 0

    @classmethod
    def new(cls, system: str, game: Game, options: Mapping[str, OptionValue], seed: int) -> Session:
        """A fresh game with options resolved against the game's declared ones; a file option naming a
        file of this machine (a custom book, a quest file) carries that file's content from now on
        (`engine.embedded`), so the game replays anywhere."""
        resolved = carry_files(game.info, game.info.resolve_options(options))
        session = cls(system, game, resolved, seed)
        session.state = game.new_initial_state(resolved)
        return session

    @property
    def current(self) -> GameState:
        """The current state (replayed from the moves if no snapshot is cached)."""
        if self.state is None:
            self.state = self.replay()
        return self.state

    def replay(self, upto: int | None = None) -> GameState:
        """The state after replaying the first `upto` moves (all by default) on a new initial state."""
        state = self.game.new_initial_state(self.options)
        for record in self.moves[:upto]:
            state = state.apply(record.move)
        return state

    def play(self, action: Action) -> MoveRecord:
        """The current player makes `action`."""
        state = self.current
        player = state.actor()
        if not isinstance(player, int):
            raise RulesError(action, state, _("no player is to move here"))
        nxt = state.apply(action)
        record = MoveRecord(action, player)
        self.moves.append(record)
        self.state = nxt
        return record

    def roll(self) -> MoveRecord:
        """Throw the real dice at the current chance node."""
        state = self.current
        if state.actor() is not CHANCE:
            raise RulesError("roll", state, _("this is not a chance node"))
        outcome, rolls = state.roll(Rng.for_move(self.seed, len(self.moves)))
        nxt = state.apply(outcome)
        record = MoveRecord(outcome, None, rolls)
        self.moves.append(record)
        self.state = nxt
        return record

    def advance(self) -> list[MoveRecord]:
        """Roll every chance node until a player must decide or the game is over."""
        done: list[MoveRecord] = []
        while self.current.actor() is CHANCE:
            done.append(self.roll())
        return done

    def is_over(self) -> bool:
        """True at a terminal state."""
        return self.current.actor() is TERMINAL

    def undo(self) -> int:
        """Drop moves back to the previous player decision; returns how many moves were dropped.

        Trailing chance moves go first, then the last player action, so the player decides again.
        A game with no player action yet cannot be undone (0 is returned).
        """
        last = max((i for i, m in enumerate(self.moves) if m.player is not None), default=None)
        if last is None:
            return 0
        dropped = len(self.moves) - last
        del self.moves[last:]
        self.synced = min(self.synced, len(self.moves))
        self.state = self.replay()
        return dropped
