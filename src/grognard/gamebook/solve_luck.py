"""A gamebook game's luck and its chance of finishing over the game, read from the solved book.

`BookAppraiser` gives `engine.luck` the worth of every position of a book game: the chance of reaching a
winning ending from it under the best play (`gamebook.solve.BookSolution.value_of`). So a roll's luck is
what it added to or took from the reader's chance to finish, the line over the game is that chance after
each move, and a choice cost what the best choice of the same moment would have kept over it.

The book is solved once per game (`book_appraiser`), within a budget of states and of seconds: from the
game's first state when the book is small enough, else from the earliest of the reader's decisions (outside
fights) tried from which it is (`_order`), so the line and the rolls are known from that move on and the
report says so. Solutions are kept in this process (`KEPT`, the most recent), so a page asked for again
answers at once.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, Action, GameState
from grognard.engine.luck import Appraiser, Judged
from grognard.engine.session import MoveRecord
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.seat_view import step_words
from grognard.gamebook.solve import BookSolution, TimeUp, solve_from
from grognard.gamebook.solve_cache import book_id, node_key, root_id
from grognard.gamebook.solve_graph import FIGHT, TooManyStates
from grognard.gamebook.solve_reader import READER_BUDGET, READER_SECONDS
from grognard.gamebook.solve_state import Projector, sheet_view
from grognard.i18n import N_
from grognard.i18n import gettext as _

KEPT = 2
"""Solutions kept in this process, the most recent."""

TRIES = 8
"""The most starting points tried (see `_order`)."""

UNIT = N_("chance to finish")
"""What a book game's worth counts (a message: said with `gettext` where it is shown)."""

_kept: OrderedDict[tuple[str, str], BookSolution] = OrderedDict()
_lock = threading.Lock()


class BookAppraiser:
    """The worth of a book game's positions: the chance of winning from them under the best play, from a
    solution of the book from `root_ply` (the move of the game it was solved from) on."""

    unit = UNIT
    shares = True

    def __init__(self, solution: BookSolution, root_ply: int) -> None:
        self.solution = solution
        self.root_ply = root_ply

    def _value(self, state: GameState) -> float | None:
        if not isinstance(state, GamebookState):
            return None
        try:
            return float(self.solution.value_of(state))
        except OddsError:  # a position the solve did not reach (before its starting point)
            return None

    def roll(self, before: GameState, seat: int) -> Judged | None:
        """Each outcome's chance of winning after it, or None before the solved part of the game."""
        if seat != 0 or not isinstance(before, GamebookState) or before.actor() is not CHANCE:
            return None
        worths = {}
        for outcome, _chance in before.chance_outcomes():
            value = self._value(before.apply(outcome))
            if value is None:
                return None
            worths[outcome] = value
        return Judged(worths, _what(before))

    def value(self, state: GameState, seat: int) -> float | None:
        """The chance of winning from `state` under the best play (None where not known)."""
        return self._value(state) if seat == 0 else None

    def choices(self, before: GameState, seat: int) -> Mapping[Action, float] | None:
        """Each action's chance of winning after it, at a reader's decision of the solved part."""
        if seat != 0 or not isinstance(before, GamebookState):
            return None
        try:
            return {a: float(v) for a, v in self.solution.action_values(before).items()}
        except OddsError:
            return None

    def action_words(self, before: GameState, action: Action) -> str:
        """The action as the reader reads it (a choice's text, the ruleset's label)."""
        return before.label(action) if isinstance(before, GamebookState) else action

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        """A roll in the rulebook's words."""
        return words_of(before, record)


def _what(before: GamebookState) -> str:
    if before.phase == FIGHT:
        return _("Section {section}: a round of the fight").format(section=before.section)
    label = before.step_label() or _("a roll")
    if not before.section:
        return label
    return _("Section {section}: {step}").format(section=before.section, step=label)


def words_of(before: GameState, record: MoveRecord) -> str:
    """A roll of a book game in the rulebook's words, after what it was for ("2d6 (4+2) = 6 against LUCK 9:
    lucky, turn to 12"; the dice of a fight round as thrown)."""
    if isinstance(before, GamebookState) and before.phase != FIGHT:
        try:
            words = step_words(before, record)
        except (AssertionError, ValueError, IndexError):
            words = ""
        label = before.step_label()
        if label and words.startswith(f"{label}: "):
            words = words[len(label) + 2 :]
        if words:
            return words
    return "; ".join(r.render() for r in record.rolls)


def _solve(state: GamebookState, budget: int, deadline: float | None) -> tuple[BookSolution | None, str]:
    play = state.play
    view = sheet_view(play.ruleset)
    book = book_id(play.book, play.ruleset.id, view, play.ctx.options)
    root = root_id(node_key(Projector.of(play.book, play.ruleset, view), state))
    with _lock:
        found = _kept.get((book, root))
        if found is not None:
            _kept.move_to_end((book, root))
            return found, ""

    seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
    try:
        solution = solve_from(state, view, budget, seconds)
    except (TooManyStates, TimeUp):
        return None, "large"
    except OddsError:
        return None, "cannot"
    with _lock:
        _kept[(book, root)] = solution
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return solution, ""


def _starts(start: GamebookState, moves: Sequence[MoveRecord]) -> list[tuple[int, GamebookState]]:
    """The game's first state, then the reader's decisions outside fights, as (move, state)."""
    out = [(0, start)]
    state: GameState = start
    for i, record in enumerate(moves):
        state = state.apply(record.move)
        if (
            isinstance(state, GamebookState)
            and state.actor() == 0
            and state.phase != FIGHT
            and state.fight is None
        ):
            out.append((i + 1, state))
    return out


def _rolled(start: GamebookState, moves: Sequence[MoveRecord]) -> bool:
    """True when the game's character was rolled (a chance move while it was made)."""
    state: GameState = start
    for record in moves:
        if not isinstance(state, GamebookState) or state.phase != "create":
            return False
        if record.player is None:
            return True
        state = state.apply(record.move)
    return False


def _order(starts: list[tuple[int, GamebookState]]) -> list[tuple[int, GamebookState]]:
    """The starting points to try, last first, then ever further back (1, 2, 4, 8... decisions before the
    last), the game's start last: each solved one covers every later move, so the tries stop at the first
    the budget refuses."""
    n = len(starts)
    picks = [n - 1]
    back = 1
    while picks[-1] > 0 and len(picks) < TRIES:
        picks.append(max(0, n - 1 - back))
        back *= 2
    if picks[-1] != 0:
        picks[-1] = 0
    return [starts[i] for i in picks]


def book_appraiser(
    start: GameState,
    moves: Sequence[MoveRecord],
    seat: int,
    seconds: float | None = READER_SECONDS,
    *,
    budget: int = READER_BUDGET,
) -> tuple[Appraiser | None, str]:
    """The appraiser of a book game (see the module docstring), with a note in words when the book could be
    solved only from a later move, or not at all: (None, "why")."""
    if not isinstance(start, GamebookState):
        return None, _("This is not a gamebook.")
    deadline = None if seconds is None else time.monotonic() + seconds
    starts = _starts(start, moves)
    found: tuple[int, BookSolution] | None = None
    why = ""
    for ply, state in _order(starts):
        solution, why = _solve(state, budget, deadline)
        if solution is None:
            break
        found = (ply, solution)
        if deadline is not None and time.monotonic() > deadline:
            break
    if found is not None:
        ply, solution = found
        note = ""
        if ply and _rolled(start, moves):
            note = _(
                "The chance to finish is worked out from move {move} on: from the start the book is too "
                "large to solve in the time and states allowed (a character still to be rolled counts every "
                "roll)."
            ).format(move=ply)
        elif ply:
            note = _(
                "The chance to finish is worked out from move {move} on: from the start the book is too "
                "large to solve in the time and states allowed."
            ).format(move=ply)
        return BookAppraiser(solution, ply), note
    if why == "cannot":
        return None, _("The chance to finish cannot be worked out for this book.")
    return None, _("This book is too large to work out the chance to finish in the time allowed.")


__all__ = ["KEPT", "TRIES", "UNIT", "BookAppraiser", "book_appraiser", "words_of"]
