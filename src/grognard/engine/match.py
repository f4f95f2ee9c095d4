"""The one match driver every front end plays through: seats, `advance`, `act`, undo, a save per move.

A `Match` wraps a `Session` (the moves are the truth) with its seats, each "human", "bot" (the game's
registered bot policy, else the random legal one) or a bot of a named strength (`BOT_LEVELS`): "random"
(random legal moves), "heuristic" (the game's heuristic bot) or "search" (a bot that looks ahead), each
the game's registered level of that name (`GameViews.bots`), else its default bot. `advance()`
rolls chance and plays the bots until a human seat must decide or the game ends; `act(seat, action, ply)`
checks the seat, the action and the ply the client saw, makes the move and advances. Every move is appended
to the store as it is made, guarded by its ply, so two clients acting on the same position cannot both move:
the second is refused as stale (`StaleMoveError`). `undo(seat)` goes back to that seat's previous decision.
Views come from the game's registered view function (`engine.view`).

Dice thrown at a real table come in through `GivenDice`: `act(..., dice=given)` (or `advance(dice=given)`)
rolls the chance moves that follow the seat's move with the caller's dice instead of the seed's, makes the
move and those chance moves as one unit inside one `guard()`, and saves none of them when `given.check()`
refuses (dice left unused) or a die does not fit. `act(..., listed=False)` takes an action the state does
not list but its rules' `apply` accept (a referee's free action, such as an Adventures in Fantasy note).

The seats are kept with the game (the store's `seats` column, `engine.store.seats`); a game stored
without them has seat 0 human and the others bots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Literal, Protocol

from grognard.engine import registry
from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError, SaveError, UsageError
from grognard.engine.game import CHANCE, TERMINAL, GameState, Move, OptionValue
from grognard.engine.session import MoveRecord, Policy, Session, random_policy
from grognard.engine.store import seats as store_seats
from grognard.engine.store.factory import GameStore
from grognard.engine.view import CAME, Event, GameViews, SeatView, move_event, recent_moves, seat_view
from grognard.i18n import gettext

SeatKind = Literal["human", "bot", "random", "heuristic", "search"]
Guard = Callable[[], AbstractContextManager[object]]
"""What each move is made inside (a server's write lock); by default nothing."""
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "bot", "random", "heuristic", "search")
BOT_LEVELS: tuple[SeatKind, ...] = ("random", "heuristic", "search")
"""A bot's strengths, weakest first. "bot", a seat's kind in games saved before the levels, is the game's
default bot (`GameViews.bot`, the "heuristic" level), so those games replay as they were played."""

MAX_ADVANCE = 100_000
"""Moves `advance` makes at most in one call (a game of bots only stops there and can be advanced again)."""


class MatchError(UsageError):
    """A move refused by the driver: a seat not to act, an illegal action or a stale ply (one line)."""


class StaleMoveError(MatchError):
    """A move refused because the game moved on: the ply the client saw, or the store's, is past."""


class GivenDice(Protocol):
    """Dice a caller gives for the chance moves that follow one move (the dice thrown at a real table).

    The driver asks `rng(seed, ply)` for the random source of each chance move in turn, where it would
    use `Rng.for_move(seed, ply)`, and throws that move's dice with it (`GameState.roll`); once the chance
    moves are made it calls `check()`, which refuses (a `UsageError`) when given dice were left unused,
    and only then saves them. A source may refuse a die that does not fit (a `UsageError`): nothing is
    saved either.
    """

    def rng(self, seed: int, ply: int) -> Rng:
        """The random source of the chance move at move number `ply` of a game with `seed`."""
        ...

    def check(self) -> None:
        """Refuse, before anything is saved, when some of the given dice were not used."""
        ...


def seats_title(title: str, seats: Sequence[SeatKind]) -> str:
    """A title carrying its seats as saved-game files do: `talisman/game [seats: human,bot]`."""
    return store_seats.mark(title, seats)


def plain_title(title: str) -> str:
    """A title without the seats mark it may carry."""
    return store_seats.split(title)[0].strip()


def seats_of_title(title: str) -> list[SeatKind] | None:
    """The seats a title's mark names, or None when it carries none."""
    return _kinds(store_seats.split(title)[1])


def _kinds(seats: Sequence[str] | None) -> list[SeatKind] | None:
    if not seats:
        return None
    return [_known(k) or "bot" for k in seats]


def _known(kind: str) -> SeatKind | None:
    return next((k for k in SEAT_KINDS if k == kind), None)


def seat_kind(kind: str) -> SeatKind:
    """A seat's kind as typed ("human", "bot", "random", "heuristic" or "search"); a `UsageError` else."""
    known = _known(kind)
    if known is None:
        raise UsageError(
            gettext("seat {kind!r} is not one of {value}").format(kind=kind, value=", ".join(SEAT_KINDS))
        )
    return known


def levels(views: GameViews) -> tuple[SeatKind, ...]:
    """The bot strengths a game offers, weakest first: random moves always, then those it registers."""
    return tuple(k for k in BOT_LEVELS if k == "random" or k in views.bots)


def bot_policy(views: GameViews, kind: str) -> Policy:
    """The policy a bot seat of `kind` plays: "random" the random legal moves, a level the game registers
    (`GameViews.bots`) that one, anything else (a "bot" seat) the game's default bot, else random moves."""
    if kind == "random":
        return random_policy
    return views.bots.get(kind) or views.bot or random_policy


def parse_seats(given: Sequence[str], count: int) -> list[SeatKind]:
    """The seats of a new game: those given (human, bot or a bot's strength), the rest bots; none: seat 0
    human."""
    if len(given) > count:
        raise UsageError(
            gettext("{given_count} seats given, but this game has {count}").format(
                given_count=len(given), count=count
            )
        )
    out = [seat_kind(kind) for kind in given]
    if not out:
        out = ["human"]
    return out + ["bot"] * (count - len(out))


@dataclass
class Match:
    """A game in play with its seats, saved move by move when it has a store."""

    session: Session
    views: GameViews
    seats: list[SeatKind]
    store: GameStore | None = None
    labels: dict[int, str] = field(default_factory=dict)
    policies: dict[int, Policy] = field(default_factory=dict)
    """A bot seat's own policy (a Talisman seat's "random" bot); the others play the game's bot."""

    # --- making and loading -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        system: str,
        game: str,
        options: Mapping[str, OptionValue],
        seats: Sequence[str] = (),
        seed: int = 0,
        store: GameStore | None = None,
        title: str = "",
    ) -> Match:
        """A new game (options checked, seats filled in), stored when a store is given (under `title`,
        by default "SYSTEM/GAME"). Not advanced."""
        info = registry.get_system(system)
        played = info.game(game)
        views = registry.get_views(info.id, game)
        session = Session.new(info.id, played, options, seed)
        kinds = parse_seats(seats, views.seats(session.current))
        match = cls(session, views, kinds, store)
        if store is not None:
            store.create(session, title or f"{info.id}/{game}", kinds)
        return match

    @classmethod
    def load(cls, store: GameStore, game_id: str) -> Match:
        """A stored game with the seats its title carries."""
        session = store.load(game_id)
        views = registry.get_views(session.system, session.game.info.id)
        count = views.seats(session.current)
        summary = store.summary(game_id)
        kinds = _kinds(summary.seats) or seats_of_title(summary.title) or parse_seats([], count)
        return cls(session, views, kinds, store)

    # --- what the seats see -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.session.current

    @property
    def ply(self) -> int:
        """How many moves have been made."""
        return len(self.session.moves)

    def view(self, seat: int | None, *, odds: bool = True) -> SeatView:
        """The view of `seat` now (None: an onlooker); with `odds`, the system's solved odds too."""
        self._check_seat(seat)
        self._fill_labels(recent_moves(self.session.moves, seat))
        labels = [self.labels.get(i, "") for i in range(self.ply)]
        return seat_view(
            self.session.system,
            self.session.game.info.id,
            self.views,
            self.state,
            seat,
            self.session.moves,
            labels,
            odds=odds,
        )

    def humans_to_act(self) -> list[int]:
        """The human seats that must decide now (empty at chance, a bot's turn or the end)."""
        who = self.state.actor()
        return [who] if isinstance(who, int) and self._kind(who) == "human" else []

    # --- moves ------------------------------------------------------------------------------------

    def advance(
        self, seat: int | None = None, guard: Guard = nullcontext, *, dice: GivenDice | None = None
    ) -> list[Event]:
        """Roll chance and play the bots until a human seat must decide or the game ends; the events of
        the moves made, as `seat` may see them. Each move is made and saved inside its own `guard()` (a
        server's write lock, held per move so one table's long run of bots never stalls another's).
        With `dice`, the chance moves at this position are thrown with them first, checked and saved
        as one unit inside one `guard()` (see `GivenDice`)."""
        made: list[tuple[MoveRecord, int, str] | Event] = []
        if dice is not None:
            with guard():
                made = self._unit(None, dice)
        return self._events(made + self._advance(guard), seat)

    def _advance(self, guard: Guard = nullcontext) -> list[tuple[MoveRecord, int, str] | Event]:
        events: list[tuple[MoveRecord, int, str] | Event] = []
        for _ in range(MAX_ADVANCE):
            state = self.state
            who = state.actor()
            if who is TERMINAL:
                break
            if isinstance(who, int) and self._kind(who) == "human":
                break
            action = None
            if who is not CHANCE:  # a bot decides outside the guard: only saving the move holds it
                assert isinstance(who, int)
                action = self._policy(who)(state, Rng(f"{self.session.seed}:bot:{self.ply}"))
            with guard():
                record = self.session.roll() if action is None else self.session.play(action)
                events += self._record(state, record)
        return events

    def act(
        self,
        seat: int,
        action: str,
        ply: int | None = None,
        guard: Guard = nullcontext,
        *,
        dice: GivenDice | None = None,
        listed: bool = True,
    ) -> list[Event]:
        """`seat` makes `action` (at the position of move `ply`, when given), then the game advances to
        the next human decision (each move inside its own `guard()`, as `advance`); a wrong seat, an
        illegal action or a stale ply is a `MatchError` (a stale one a `StaleMoveError`).

        With `dice`, the chance moves straight after the action are thrown with them (see `GivenDice`)
        and the action and those moves are one unit, made and saved inside one `guard()`: when the dice
        are refused, nothing is saved and the game is as it was. `listed=False` takes an action the
        state does not list if its rules' `apply` accept it; the rules' refusal is a `MatchError` with
        their reason."""
        self._check_seat(seat)
        with guard():
            move = self._decided(seat, action, ply, listed)
            made = self._unit(move, dice) if dice is not None else self._act_one(move)
        return self._events(made + self._advance(guard), seat)

    def _decided(self, seat: int, action: str, ply: int | None, listed: bool) -> tuple[int, Move]:
        """The seat and the move it makes, once the ply, the seat and (when `listed`) the action pass."""
        if ply is not None and ply != self.ply:
            raise StaleMoveError(
                gettext("stale move: the game is at move {ply}, not {ply2}; look again").format(
                    ply=self.ply, ply2=ply
                )
            )
        state = self.state
        who = state.actor()
        if who is TERMINAL:
            raise MatchError(gettext("the game is over"))
        if who is CHANCE:
            raise MatchError(gettext("chance moves next, not a seat; advance the game first"))
        if who != seat:
            raise MatchError(gettext("seat {seat} is not to act: seat {who} is").format(seat=seat, who=who))
        if not listed:
            return seat, action
        legal = {str(a): a for a in state.legal_actions()}
        if action not in legal:
            shown = ", ".join(list(legal)[:8]) + (", ..." if len(legal) > 8 else "")
            raise MatchError(
                gettext("illegal action {action!r} for seat {seat}; legal: {shown}").format(
                    action=action, seat=seat, shown=shown
                )
            )
        return seat, legal[action]

    def _act_one(self, decided: tuple[int, Move]) -> list[tuple[MoveRecord, int, str] | Event]:
        state = self.state
        seat, move = decided
        return self._commit([(state, MoveRecord(move, seat), self._applied(state, move))])

    def _unit(
        self, decided: tuple[int, Move] | None, dice: GivenDice
    ) -> list[tuple[MoveRecord, int, str] | Event]:
        """The seat's move (when `decided`) and the chance moves after it, thrown with `dice`, worked
        out before anything is kept; then, once `dice.check()` passes, kept and saved in turn."""
        state = self.state
        steps: list[tuple[GameState, MoveRecord, GameState]] = []
        if decided is not None:
            seat, move = decided
            after = self._applied(state, move)
            steps.append((state, MoveRecord(move, seat), after))
            state = after
        for _ in range(MAX_ADVANCE):
            if state.actor() is not CHANCE:
                break
            outcome, thrown = state.roll(dice.rng(self.session.seed, self.ply + len(steps)))
            after = state.apply(outcome)
            steps.append((state, MoveRecord(outcome, None, thrown), after))
            state = after
        dice.check()
        return self._commit(steps)

    @staticmethod
    def _applied(state: GameState, move: Move) -> GameState:
        """The state after a seat's `move`; the rules' refusal is a `MatchError` with their reason."""
        try:
            return state.apply(move)
        except RulesError as e:
            raise MatchError(e.reason) from None

    def _commit(
        self, steps: list[tuple[GameState, MoveRecord, GameState]]
    ) -> list[tuple[MoveRecord, int, str] | Event]:
        """Keep the moves worked out (each with the states before and after it), saving each in turn."""
        made: list[tuple[MoveRecord, int, str] | Event] = []
        for before, record, after in steps:
            self.session.moves.append(record)
            self.session.state = after
            made += self._record(before, record)
        return made

    def undo(self, seat: int) -> int:
        """Go back to `seat`'s previous decision (the moves after it are dropped); how many were dropped."""
        self._check_seat(seat)
        if self._kind(seat) != "human":
            raise MatchError(
                gettext("seat {seat} is a bot: undo goes back to a human seat's decision").format(seat=seat)
            )
        moves = self.session.moves
        last = max((i for i, m in enumerate(moves) if m.player == seat), default=None)
        if last is None:
            raise MatchError(gettext("you have made no move yet, so there is no decision to undo"))
        dropped = len(moves) - last
        del moves[last:]
        self.session.state = None
        self.labels = {k: v for k, v in self.labels.items() if k < last}
        if self.store is not None and self.session.game_id is not None:
            self.store.truncate(self.session.game_id, last)
        return dropped

    def replay_view(self, upto: int | None, seat: int | None = None) -> SeatView:
        """The view at move `upto` (every move by default) with every move up to it as an event, each
        followed by what it changed (`GameViews.changes`) unless its label already tells that: a chance
        move told in words (`GameViews.told`), any move of a game whose labels tell what came of every
        move (`GameViews.tells_actions`). The sight's log follows at move `upto` only for a game without
        `changes` (with them, the last move's changes have said it)."""
        views = self.views
        self._check_seat(seat)
        n = self.ply if upto is None else upto
        if not 0 <= n <= self.ply:
            raise UsageError(gettext("ply {n} is outside 0..{ply}").format(n=n, ply=self.ply))
        game = self.session.game
        state = game.new_initial_state(self.session.options)
        events: list[Event] = []
        for ply, record in enumerate(self.session.moves[:n]):
            secret = self.views.hidden is not None and self.views.hidden(record, seat)
            after = state.apply(record.move)
            label = "" if secret else self._said(state, record, after)
            events.append(move_event(record, ply, label, secret))
            if not (views.tells_actions or (record.player is None and label)):
                events += self._changes(state, after, ply)
            state = after
        view = seat_view(self.session.system, game.info.id, views, state, seat, ())
        tail = [] if views.changes is not None else [e.model_copy(update={"ply": n}) for e in view.events]
        return view.model_copy(update={"ply": n, "events": events + tail})

    # --- plumbing ---------------------------------------------------------------------------------

    def _events(self, made: list[tuple[MoveRecord, int, str] | Event], seat: int | None) -> list[Event]:
        hidden = self.views.hidden
        out = []
        for item in made:
            if isinstance(item, Event):
                out.append(item)
                continue
            record, ply, label = item
            secret = hidden is not None and hidden(record, seat)
            out.append(move_event(record, ply, "" if secret else label, secret))
        return out

    def _fill_labels(self, plies: range) -> None:
        """Label the moves among `plies` that this process did not make (a loaded game), by replaying
        the states before them: the seats' moves when the game labels actions, the chance moves when it
        tells them."""
        moves = self.session.moves
        views = self.views
        wanted = {
            p
            for p in plies
            if p not in self.labels
            and (
                views.label is not None or (views.tells_actions and views.told is not None)
                if moves[p].player is not None
                else views.told is not None
            )
        }
        if not wanted:
            return
        state = self.session.game.new_initial_state(self.session.options)
        for ply in range(max(wanted) + 1):
            after = state.apply(moves[ply].move)
            if ply in wanted:
                self.labels[ply] = self._said(state, moves[ply], after)
            state = after

    def _kind(self, seat: int) -> SeatKind:
        return self.seats[seat] if 0 <= seat < len(self.seats) else "bot"

    def _policy(self, seat: int) -> Policy:
        return self.policies.get(seat) or bot_policy(self.views, self._kind(seat))

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < len(self.seats):
            raise MatchError(
                gettext("no seat {seat}: this game has seats 0 to {value}").format(
                    seat=seat, value=len(self.seats) - 1
                )
            )

    def _label(self, state: GameState, move: Move) -> str:
        if self.views.label is None or not isinstance(state.actor(), int):
            return ""
        return self.views.label(state, str(move))

    def _said(self, before: GameState, record: MoveRecord, after: GameState) -> str:
        """How the move `record` from `before` to `after` is labelled: a seat's action by the game's
        labels, a chance move as the game tells it ("" when it has no way to)."""
        told = self.views.told
        if before.actor() is CHANCE:
            return "" if told is None else told(before, record, after)
        label = self._label(before, record.move)
        came = told(before, record, after) if told is not None and self.views.tells_actions else ""
        return f"{label}{CAME}{came}" if came else label

    def _record(self, before: GameState, record: MoveRecord) -> list[tuple[MoveRecord, int, str] | Event]:
        """Save the move just made (refused as stale if the stored game moved on) and describe it."""
        ply = self.ply - 1
        if self.store is not None and self.session.game_id is not None:
            try:
                self.store.append(self.session.game_id, record, ply=ply)
            except SaveError as e:
                self.session.moves.pop()
                self.session.state = before
                raise StaleMoveError(gettext("stale move: {e}").format(e=e)) from e
        label = self._said(before, record, self.state)
        self.labels[ply] = label
        return [(record, ply, label), *self._changes(before, self.state, ply)]

    def _changes(self, before: GameState, after: GameState, ply: int) -> list[Event]:
        if self.views.changes is None:
            return []
        return [e.model_copy(update={"ply": ply}) for e in self.views.changes(before, after)]
