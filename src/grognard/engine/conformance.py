"""Conformance: play many random legal games of any game and check the protocol's promises at every move.

`check_game(game, options, seed=..., games=...)` plays each game to its end (or to `max_moves`) through
a `Session`, the bots drawing from `Rng(f"{seed}:bot:{i}")` and the dice from the session's own
`Rng.for_move`. After every move it checks:

- the move did not raise, and applying it again to the previous state gives an equal state;
- the state round-trips through JSON text exactly (equal state, equal canonical JSON) and is hashable
  with its copy hashing alike (the exact solver memoises on states);
- the state's own `invariants()` are all kept;
- at a decision node the legal actions are non-empty, distinct, and JSON-safe moves (text or whole
  numbers); at a chance node the outcomes are distinct, JSON-safe, each with a positive `Fraction`, and
  the probabilities sum to exactly 1; the actor is a player of the game, `CHANCE` or `TERMINAL`;
- at a terminal node there are no legal actions and `result()` gives a `Result`.

At the end of each game the moves (with their dice) round-trip through JSON and replaying them on a
fresh session gives an identical state. The first broken promise raises `ConformanceError` naming the
game, the seed, the game index, the move number and the state, so the failure can be reproduced.

Long games can be checked on a sample: with `full_every=n` the state checks that cost most (the JSON
round trip and the hash, and applying the move a second time) run on one move in n (which ones is fixed
by the game's seed) and on the first and last states, while every move still has its node checked
(invariants, legal actions, exact chance) and its legality enforced by `apply`; with `replay_every=n`
the recorded moves are round-tripped and replayed for one game in n (chosen by seed). `fast_dice`
throws each game's dice from one stream, `Rng(f"{seed}:dice:{index}")`, instead of seeding a generator
for every chance node as a saved game does (`Rng.for_move`); the moves, dice and replay are the same
kind of record either way. The defaults check everything.

With `views_every=n` (0: off, the default) the seat views are checked too, on one state in n (fixed by
the game's seed) and on the last: `check_views` builds the view of every seat and of an onlooker
through the game's registered view function (without the solved odds, which the systems' odds tests
cover), validates each by the `SeatView` model, round-trips it
through JSON text, and checks that no view shows another seat's secrets (see `view_leaks`).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from grognard.engine import registry
from grognard.engine.dice.core import Rng, Roll
from grognard.engine.game import CHANCE, TERMINAL, Game, GameState, Move, OptionValue, Result
from grognard.engine.serial import canonical, from_data, to_data
from grognard.engine.session import MoveRecord, Policy, Session, random_policy
from grognard.engine.view import GameViews, SeatView, seat_view, view_data, view_from_data


class ConformanceError(AssertionError):
    """A broken promise of the game protocol, with everything needed to reproduce it."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        game_index: int,
        move_number: int,
        state: Any,
        reason: str,
        moves: Sequence[Move] = (),
    ) -> None:
        self.game_id = game_id
        self.seed = seed
        self.game_index = game_index
        self.move_number = move_number
        self.state = state
        self.reason = reason
        self.moves = tuple(moves)
        shown = _describe(state)
        tail = list(self.moves[-12:])
        history = f"; last moves {tail}" if tail else ""
        where = f"{game_id} (seed {seed}, game {game_index}, move {move_number})"
        super().__init__(f"{where}: {reason}; state {shown}{history}")


def _describe(state: Any) -> str:
    try:
        text = state.describe() if isinstance(state, GameState) else repr(state)
    except Exception as exc:
        text = f"<describe failed: {exc!r}> {state!r}"
    return text if len(text) <= 2000 else text[:1997] + "..."


@dataclass
class ConformanceReport:
    """What a conformance run played: games, how many ended, moves made, and outcomes by label."""

    game_id: str
    seed: int
    games: int = 0
    finished: int = 0
    moves: int = 0
    decisions: int = 0
    chance_moves: int = 0
    longest: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def unfinished(self) -> int:
        """Games stopped by the move cap before reaching a terminal state."""
        return self.games - self.finished

    @property
    def mean_moves(self) -> float:
        """Average number of moves per game played."""
        return self.moves / self.games if self.games else 0.0


@dataclass
class _Run:
    game: Game
    seed: int
    index: int
    session: Session

    def fail(self, reason: str, state: Any = None) -> ConformanceError:
        shown = self.session.state if state is None else state
        return ConformanceError(
            self.game.info.id,
            self.seed,
            self.index,
            len(self.session.moves),
            shown,
            reason,
            [m.move for m in self.session.moves],
        )


def _json_move(move: Any) -> bool:
    """Text and whole numbers (not booleans) are exactly what JSON keeps: every `str` and every `int`
    comes back equal from `json.loads(json.dumps(...))`."""
    return isinstance(move, str | int) and not isinstance(move, bool)


def _total_is_one(probabilities: Sequence[Fraction]) -> bool:
    """Whether exact probabilities sum to 1, summed as whole numbers over their common denominator."""
    common = probabilities[0].denominator
    if any(p.denominator != common for p in probabilities):
        common = math.lcm(*(p.denominator for p in probabilities))
        return sum(p.numerator * (common // p.denominator) for p in probabilities) == common
    return sum(p.numerator for p in probabilities) == common


def _check_json(run: _Run, state: GameState) -> None:
    game = run.game
    try:
        text = canonical(game.state_to_json(state))
    except Exception as exc:
        raise run.fail(f"state_to_json failed or wrote data that is not JSON: {exc!r}") from exc
    try:
        back = game.state_from_json(json.loads(text))
    except Exception as exc:
        raise run.fail(f"state_from_json cannot read what state_to_json wrote ({text}): {exc!r}") from exc
    if back != state:
        raise run.fail(f"the state does not round-trip through JSON: read back as {_describe(back)}")
    again = canonical(game.state_to_json(back))
    if again != text:
        raise run.fail(f"the JSON of the state changes on a round trip: {text} became {again}")
    try:
        same = hash(back) == hash(state)
    except TypeError as exc:
        raise run.fail(f"the state is not hashable: {exc}") from exc
    if not same:
        raise run.fail("the state and its JSON copy are equal but hash differently")


def _check_node(run: _Run, state: GameState) -> None:
    bad = state.invariants()
    if bad:
        raise run.fail(f"invariants broken: {bad}")
    who = state.actor()
    if who is TERMINAL:
        if state.legal_actions():
            raise run.fail(f"a terminal state lists legal actions {list(state.legal_actions())}")
        if not isinstance(state.result(), Result):
            raise run.fail(f"result() gave {state.result()!r}, not a Result")
    elif who is CHANCE:
        _check_chance(run, state)
    elif isinstance(who, int) and not isinstance(who, bool):
        if not 0 <= who < max(run.game.info.max_players, 1):
            raise run.fail(f"actor {who} is not a player of a {run.game.info.max_players}-player game")
        actions = list(state.legal_actions())
        if not actions:
            raise run.fail(f"player {who} is to move but there are no legal actions")
        if len(set(actions)) != len(actions):
            raise run.fail(f"duplicate legal actions: {actions}")
        odd = [a for a in actions if not _json_move(a)]
        if odd:
            raise run.fail(f"legal actions that are not JSON-safe text or whole numbers: {odd}")
    else:
        raise run.fail(f"actor() gave {who!r}: not a player index, CHANCE or TERMINAL")


def _check_chance(run: _Run, state: GameState) -> None:
    outcomes = list(state.chance_outcomes())
    if not outcomes:
        raise run.fail("a chance node with no outcomes")
    labels = [o for o, _ in outcomes]
    if len(set(labels)) != len(labels):
        raise run.fail(f"duplicate chance outcomes: {labels}")
    odd = [o for o in labels if not _json_move(o)]
    if odd:
        raise run.fail(f"chance outcomes that are not JSON-safe text or whole numbers: {odd}")
    for outcome, p in outcomes:
        if not isinstance(p, Fraction):
            raise run.fail(f"outcome {outcome!r} has probability {p!r}, not an exact Fraction")
        if p.numerator <= 0:
            raise run.fail(f"outcome {outcome!r} has probability {p}, not above 0")
    if not _total_is_one([p for _, p in outcomes]):
        total = sum((p for _, p in outcomes), Fraction(0))
        raise run.fail(f"chance probabilities sum to {total}, not 1: {outcomes}")


def _check_moves(run: _Run, final: GameState) -> None:
    session = run.session
    try:
        data = [to_data(m) for m in session.moves]
        loaded = [from_data(MoveRecord, d) for d in json.loads(json.dumps(data))]
    except Exception as exc:
        raise run.fail(f"the moves do not round-trip through JSON: {exc!r}") from exc
    for number, (before, after) in enumerate(zip(session.moves, loaded, strict=True)):
        if before != after or type(before.move) is not type(after.move):
            raise run.fail(f"move {number} does not round-trip through JSON: {before!r} became {after!r}")
        for roll in before.rolls:
            if not isinstance(roll, Roll):
                raise run.fail(f"move {number} shows dice {roll!r} that are not a Roll")
    resumed = Session(session.system, run.game, dict(session.options), session.seed, moves=loaded)
    try:
        replayed = resumed.current
    except Exception as exc:
        raise run.fail(f"replaying the recorded moves failed: {exc!r}") from exc
    if replayed != final:
        raise run.fail(f"replaying the recorded moves gives a different state: {_describe(replayed)}", final)
    if canonical(run.game.state_to_json(replayed)) != canonical(run.game.state_to_json(final)):
        raise run.fail("replaying the recorded moves gives a state with different JSON", final)


def _throw(session: Session, dice: Rng) -> MoveRecord:
    """`Session.roll` with the dice drawn from `dice` (one stream for the game)."""
    state = session.current
    outcome, rolls = state.roll(dice)
    nxt = state.apply(outcome)
    record = MoveRecord(outcome, None, rolls)
    session.moves.append(record)
    session.state = nxt
    return record


def _step(run: _Run, policy: Policy, bot: Rng, dice: Rng | None, full: bool) -> None:
    session = run.session
    before = session.current
    try:
        if before.actor() is CHANCE:
            record = session.roll() if dice is None else _throw(session, dice)
        else:
            record = session.play(policy(before, bot))
    except Exception as exc:
        raise run.fail(f"the move raised {exc!r}", before) from exc
    if not full:
        return
    try:
        again = before.apply(record.move)
    except Exception as exc:
        raise run.fail(f"applying {record.move!r} a second time raised {exc!r}", before) from exc
    if again != session.current:
        raise run.fail(
            f"apply is not deterministic: {record.move!r} gave {_describe(session.current)} "
            f"and then {_describe(again)}",
            before,
        )


def _check_state(run: _Run, state: GameState, full: bool = True) -> None:
    try:
        if full:
            _check_json(run, state)
        _check_node(run, state)
    except ConformanceError:
        raise
    except Exception as exc:
        raise run.fail(f"checking the state raised {exc!r}", state) from exc


def _pairs(data: Any) -> Iterator[tuple[str, str]]:
    """Every (key, value) pair of the dicts inside JSON data, values as canonical text."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key, canonical(value)
            yield from _pairs(value)
    elif isinstance(data, list):
        for item in data:
            yield from _pairs(item)


def view_leaks(views: dict[int | None, SeatView]) -> list[str]:
    """Secrets one view shows of another seat: every seat and the onlooker see the same public part, and
    no field of a seat's private part (with its value) appears anywhere in another seat's view."""
    bad: list[str] = []
    onlooker = views.get(None)
    for seat, seen in views.items():
        if onlooker is not None and seen.public != onlooker.public:
            bad.append(f"seat {seat}'s public part differs from the onlooker's")
    for owner, seen in views.items():
        secrets = {
            (k, canonical(v)) for k, v in seen.private.items() if v not in (None, "", [], {}, 0, False)
        }
        if not secrets:
            continue
        for other, view in views.items():
            if other == owner:
                continue
            shown = secrets & set(_pairs(view_data(view)))
            if shown:
                bad.append(f"seat {other}'s view shows seat {owner}'s secret {sorted(shown)[0][0]}")
    return bad


def check_views(
    system: str, game_id: str, views: GameViews, state: GameState, moves: Sequence[MoveRecord]
) -> None:
    """Build every seat's view of `state` (and an onlooker's), validate them, round-trip them through
    JSON text and check them for leaks; the first problem raises `AssertionError` with a sentence."""
    built: dict[int | None, SeatView] = {}
    for seat in [None, *range(views.seats(state))]:
        view = seat_view(system, game_id, views, state, seat, moves, odds=False)
        text = json.dumps(view_data(view))
        back = view_from_data(json.loads(text))
        if back != view:
            raise AssertionError(f"seat {seat}'s view does not round-trip through JSON")
        if views.audit is not None:
            found = views.audit(state, seat, view)
            if found:
                raise AssertionError(f"seat {seat}'s view leaks: {found[0]}")
        built[seat] = view
    leaks = view_leaks(built)
    if leaks:
        raise AssertionError(leaks[0])


def _check_views(run: _Run, views: GameViews) -> None:
    session = run.session
    try:
        check_views(session.system, run.game.info.id, views, session.current, session.moves)
    except Exception as exc:
        raise run.fail(f"the seat views fail: {exc}") from exc


def game_seed(seed: int, index: int) -> int:
    """The session seed of game `index` of a conformance run with `seed` (stable across runs)."""
    mixed = (seed * 1_000_003 + index * 7_919 + 12_345) % (2**61 - 1)
    return mixed


def is_sampled(seed: int, index: int, every: int) -> bool:
    """Whether item `index` (a move or a game) is one of the one-in-`every` sample of a run with `seed`."""
    return every <= 1 or (index + game_seed(seed, every)) % every == 0


def play_one(
    game: Game,
    options: Mapping[str, OptionValue],
    seed: int,
    index: int,
    *,
    max_moves: int = 10_000,
    policy: Policy = random_policy,
    system: str = "",
    full_every: int = 1,
    replay: bool = True,
    fast_dice: bool = False,
    views_every: int = 0,
) -> Session:
    """Play and check game `index` of a run; returns the session, over or stopped at `max_moves`.

    The JSON round trip, the hash and the second apply run on the moves `is_sampled(game seed, move,
    full_every)` picks and on the first and last states; the recorded moves are replayed when `replay`.
    """
    session = Session.new(system or game.info.id, game, options, game_seed(seed, index))
    run = _Run(game, seed, index, session)
    bot = Rng(f"{seed}:bot:{index}")
    dice = Rng(f"{seed}:dice:{index}") if fast_dice else None
    mixed = game_seed(seed, index)
    views = registry.get_views(system, game.info.id) if views_every and system else None
    _check_state(run, session.current)
    while session.current.actor() is not TERMINAL and len(session.moves) < max_moves:
        full = is_sampled(mixed, len(session.moves), full_every)
        if views is not None and is_sampled(mixed + 1, len(session.moves), views_every):
            _check_views(run, views)
        _step(run, policy, bot, dice, full)
        _check_state(run, session.current, full)
    if full_every > 1:
        _check_state(run, session.current)
    if views is not None:
        _check_views(run, views)
    if replay:
        _check_moves(run, session.current)
    return session


def check_game(
    game: Game,
    options: Mapping[str, OptionValue] | None = None,
    *,
    seed: int = 0,
    games: int = 100,
    max_moves: int = 10_000,
    allow_unfinished: bool = False,
    policy: Policy = random_policy,
    system: str = "",
    first: int = 0,
    full_every: int = 1,
    replay_every: int = 1,
    fast_dice: bool = False,
    views_every: int = 0,
) -> ConformanceReport:
    """Play `games` random legal games of `game` (indexes `first` on) and check every move; see the
    module doc for `full_every`, `replay_every`, `fast_dice` and `views_every` (which needs `system`).

    A game still going after `max_moves` moves counts as unfinished, which is a `ConformanceError`
    unless `allow_unfinished` is true.
    """
    chosen = dict(options or {})
    report = ConformanceReport(game.info.id, seed)
    for index in range(first, first + games):
        session = play_one(
            game,
            chosen,
            seed,
            index,
            max_moves=max_moves,
            policy=policy,
            system=system,
            full_every=full_every,
            replay=is_sampled(seed, index, replay_every),
            fast_dice=fast_dice,
            views_every=views_every,
        )
        final = session.current
        report.games += 1
        report.moves += len(session.moves)
        report.chance_moves += sum(1 for m in session.moves if m.player is None)
        report.decisions += sum(1 for m in session.moves if m.player is not None)
        report.longest = max(report.longest, len(session.moves))
        if final.actor() is TERMINAL:
            report.finished += 1
            report.outcomes[final.result().outcome] += 1
        elif not allow_unfinished:
            raise ConformanceError(
                game.info.id,
                seed,
                index,
                len(session.moves),
                final,
                f"the game did not end within {max_moves} moves",
                [m.move for m in session.moves],
            )
    return report


def check_registered(system_id: str, game_id: str, **kwargs: Any) -> ConformanceReport:
    """`check_game` on a game found in the registry by system and game id."""
    return check_game(registry.get_game(system_id, game_id), system=system_id, **kwargs)
