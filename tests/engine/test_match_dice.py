"""The match driver with dice given by the caller (`GivenDice`, the dice thrown at a real table): the given
values decide the chance moves after a seat's move, the move and those chance moves are one unit saved
inside one guard, and dice left unused, a die that does not fit or a stale ply save nothing, on both
stores. `listed=False` takes an action the state does not list, the rules' refusal a one-line
`MatchError`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE
from grognard.engine.match import GivenDice, Match, MatchError, StaleMoveError
from grognard.engine.store.factory import open_url
from grognard.engine.store.sql import SqlStore
from tests.toys import DuelState


class Faces(Rng):
    """A die that shows the faces it is given first, then rolls from its seed."""

    def __init__(self, seed: str, faces: list[int]) -> None:
        super().__init__(seed)
        self.faces = faces

    def randint(self, low: int, high: int) -> int:
        if not self.faces:
            return super().randint(low, high)
        face = self.faces.pop(0)
        if not low <= face <= high:
            raise UsageError(f"face {face}: the die shows {low}-{high}")
        return face


class Given:
    """Faces given for the chance moves, in order (`GivenDice`); `asked` the plies their dice were for."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.asked: list[int] = []

    def rng(self, seed: int, ply: int) -> Rng:
        self.asked.append(ply)
        return Faces(f"{seed}:{ply}", self.faces)

    def check(self) -> None:
        if self.faces:
            raise UsageError(f"faces {self.faces} were not used: nothing was saved")


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """A fresh store, SQLite then PostgreSQL."""
    opened = open_url(store_url)
    try:
        yield opened
    finally:
        opened.close()


def duel(store: SqlStore | None = None, seed: int = 3) -> Match:
    """A toy duel (one human seat against chance) at player 0's first decision, his die a 2."""
    match = Match.new("toy", "duel", {"hp": 3}, ("human",), seed=seed, store=store)
    match.advance(dice=Given(2))
    assert match.state.actor() == 0 and isinstance(match.state, DuelState) and match.state.mine == 2
    return match


def stored_moves(store: SqlStore, match: Match) -> int:
    assert match.session.game_id is not None
    return len(store.load(match.session.game_id).moves)


def test_the_given_dice_decide_the_chance_moves_after_the_action_and_are_saved(store: SqlStore) -> None:
    won, lost = duel(store), duel(store)
    at = won.ply
    events = won.act(0, "keep", at, dice=Given(1, 6))  # theirs 1 < my 2: they lose a point; my next die 6
    assert [m.move for m in won.session.moves[at:]] == ["keep", 1, 6]
    assert [e.ply for e in events] == [at, at + 1, at + 2]
    assert isinstance(won.state, DuelState) and won.state.hp == (3, 2) and won.state.mine == 6
    assert won.session.moves[at + 1].rolls[0].total == 1
    lost.act(0, "keep", at, dice=Given(5, 4))  # theirs 5 > my 2
    assert isinstance(lost.state, DuelState) and lost.state.hp == (2, 3) and lost.state.mine == 4
    assert won.session.game_id is not None
    kept = store.load(won.session.game_id)
    assert kept.moves == won.session.moves and kept.current == won.state


def test_without_values_the_given_dice_are_the_seeds_own(store: SqlStore) -> None:
    given, plain = duel(store, seed=9), duel(store, seed=9)
    dice = Given()
    given.act(0, "keep", given.ply, dice=dice)
    plain.act(0, "keep", plain.ply)
    assert given.session.moves == plain.session.moves
    assert dice.asked == [plain.ply - 2, plain.ply - 1]


def test_dice_left_unused_refuse_the_move_and_nothing_is_saved(store: SqlStore) -> None:
    match = duel(store)
    at, state, kept = match.ply, match.state, stored_moves(store, match)
    with pytest.raises(UsageError, match=r"faces \[3\] were not used"):
        match.act(0, "keep", at, dice=Given(1, 6, 3))
    assert stored_moves(store, match) == kept and match.ply == at and match.state == state
    with pytest.raises(UsageError, match="face 7"):
        match.act(0, "keep", at, dice=Given(7))
    assert stored_moves(store, match) == kept and match.ply == at and match.state == state
    match.act(0, "keep", at, dice=Given(1, 6))
    assert stored_moves(store, match) == kept + 3


def test_a_stale_ply_is_refused_with_the_dice_and_nothing_is_saved(store: SqlStore) -> None:
    match = duel(store)
    assert match.session.game_id is not None
    other = Match.load(store, match.session.game_id)
    at = match.ply
    with pytest.raises(StaleMoveError, match="stale move"):
        match.act(0, "keep", at - 1, dice=Given(1, 6))
    assert stored_moves(store, match) == at
    match.act(0, "keep", at, dice=Given(1, 6))
    with pytest.raises(StaleMoveError, match="stale move"):  # the store moved on since `other` loaded
        other.act(0, "keep", dice=Given(5, 4))
    assert other.ply == at and store.load(match.session.game_id).moves == match.session.moves


def test_the_action_and_its_chance_moves_are_saved_inside_one_guard(store: SqlStore) -> None:
    match = duel(store)
    at = match.ply
    seen: list[tuple[int, int]] = []

    @contextmanager
    def guard() -> Iterator[None]:
        before = stored_moves(store, match)
        yield
        seen.append((before, stored_moves(store, match)))

    match.act(0, "keep", at, guard, dice=Given(1, 6))
    assert seen == [(at, at + 3)]
    seen.clear()
    match.act(0, "keep", match.ply, guard)  # without dice: each move in its own guard, as ever
    assert seen == [(at + 3, at + 4), (at + 4, at + 5), (at + 5, at + 6)]


def test_advance_throws_the_given_dice_at_a_chance_node_and_refuses_them_elsewhere() -> None:
    match = Match.new("toy", "duel", {"hp": 3}, ("human",), seed=1)
    assert match.state.actor() is CHANCE
    match.advance(dice=Given(5))
    assert isinstance(match.state, DuelState) and match.state.mine == 5 and match.ply == 1
    with pytest.raises(UsageError, match="not used"):
        match.advance(dice=Given(5))
    assert match.ply == 1


def test_an_unlisted_action_goes_to_the_rules_whose_refusal_is_one_line() -> None:
    match = duel()
    with pytest.raises(MatchError, match="illegal action 'fly'"):
        match.act(0, "fly")
    with pytest.raises(MatchError, match=r"^not a legal action$"):
        match.act(0, "fly", listed=False)
    with pytest.raises(MatchError, match=r"^not a legal action$"):
        match.act(0, "fly", dice=Given(), listed=False)
    assert match.ply == 1
    match.act(0, "keep", listed=False, dice=Given(1, 6))
    assert match.ply == 4


def test_the_test_dice_are_given_dice() -> None:
    dice: GivenDice = Given()
    assert dice.rng(1, 0).randint(1, 6) == Rng.for_move(1, 0).randint(1, 6)
