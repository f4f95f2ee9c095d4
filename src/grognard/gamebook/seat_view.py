"""The reader's view of a gamebook adventure (`engine.view.Sight`), shared by the systems that play books.

The gamebook layer knows the section, its text and choices, the sheet's lines and the phase; a system
adds what its fights show (`fight_public`), how its fight and reader actions are grouped and targeted
(`group_of`) and the odds it computes (`odds`). A gamebook has one seat, the reader, and no secrets from
them: everything is public.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import JsonValue

from grognard.engine.game import CHANCE, Action, GameState
from grognard.engine.session import MoveRecord
from grognard.engine.view import (
    ActionView,
    Card,
    Event,
    FrontEnd,
    GameViews,
    Odds,
    Sight,
    Target,
    ToldFn,
    one_seat,
)
from grognard.gamebook.action_text import number_in
from grognard.gamebook.books import ShippedBooks
from grognard.gamebook.load import load_book
from grognard.gamebook.runner import GamebookState


def _no_odds(state: GamebookState) -> Odds | None:
    return None


def _no_fight(fight: GameState) -> dict[str, JsonValue]:
    return {}


def _plain(action: Action) -> tuple[str, Target | None]:
    return "choice", None


def _label(state: GamebookState, action: Action) -> str:
    return state.label(action)


STEPS = frozenset({"create", "effects", "test"})
"""The phases whose rolls are said with what they are for: creation, a section's effects, its test."""


def step_events(before: GameState, after: GameState) -> list[Event]:
    """What a roll of creation, of a section's effects or of its test was for, what came of it and the
    chances it had, as one event of kind "step" (values: step, outcome, chances); none for other moves."""
    if not isinstance(before, GamebookState) or before.phase not in STEPS or before.actor() is not CHANCE:
        return []
    outcomes = list(before.chance_outcomes())
    came = next((o for o, _ in outcomes if before.apply(o) == after), None)
    if came is None:
        return []
    chances = (
        ", ".join(f"{before.outcome_label(o)} {float(p):.1%}" for o, p in outcomes)
        if before.phase == "test"
        else ""
    )
    values: dict[str, JsonValue] = {
        "step": before.step_label(),
        "outcome": before.outcome_label(came),
        "chances": chances,
    }
    return [Event(kind="step", values=values)]


ENDINGS = {
    "victory": "Victory! Your adventure is a success.",
    "death": "You have died. Your adventure ends here.",
    "ended": "Your adventure ends here.",
    "stuck": "There is no way on: your adventure ends here.",
}
"""How a book's endings are said to the reader."""


def book_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None, sheet: str = "") -> list[str]:
    """A finished adventure in words: how it ended, the sections read, the numbers of the reader's sheet
    (called `sheet`) as they were left."""
    outcome = str(public.get("outcome") or (result or {}).get("outcome", ""))
    lines = [ENDINGS.get(outcome, f"The adventure is over: {outcome}.")]
    read = public.get("visited")
    if isinstance(read, int) and read:
        lines.append(
            f"You read {read} section{'' if read == 1 else 's'} of {public.get('book', 'the book')}."
        )
    rows = public.get("sheet") or []
    scores = [f"{row[0]} {row[1]}" for row in rows if len(row) == 2 and str(row[1])[:1].isdigit()]
    if scores:
        lines.append(f"Your {sheet or 'sheet'} at the end: " + ", ".join(scores) + ".")
    return lines


FIGHT_ENDINGS = {
    "win": "You win the fight.",
    "dead": "You are killed: the fight is lost.",
    "escaped": "You escape from the fight.",
    "evaded": "You evade the fight.",
    "hero-floor": "The fight stops: you have lost as much as the section lets you.",
    "hero-wounds": "The fight stops: you have taken as many wounds as the section lets you.",
    "rounds-over": "The fight stops: its rounds are over.",
}
"""How the end of a fight on its own is said (the ends of Fighting Fantasy's and Grey Star's fights)."""


def fight_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A fight on its own, ended: won, lost, escaped or stopped."""
    outcome = str((result or {}).get("outcome", ""))
    return [FIGHT_ENDINGS.get(outcome, f"The fight is over: {outcome}.")]


def book_played(public: Mapping[str, Any]) -> str:
    """What a new table plays, for its title: the book's title."""
    book = public.get("book")
    return book if isinstance(book, str) else ""


@cache
def shipped_cards(books: str) -> tuple[Card, ...]:
    """The books shipped in package `books` as the library shows them: title, blurb, author, length."""
    cards = []
    for name, path in ShippedBooks(books).all().items():
        book = load_book(path)
        info = book.book
        facts = (f"{len(book.sections)} sections", *((f"by {info.author}",) if info.author else ()))
        cards.append(Card(name, info.title, info.blurb, facts))
    return tuple(cards)


def book_front(system_id: str, books: str, sheet: str = "", fight: str = "") -> FrontEnd:
    """How the front ends show a gamebook of system `system_id`: the section as the page, the Adventure
    Sheet beside it (called `sheet`), the system's shipped books (in package `books`) and the reader's own."""
    return FrontEnd(
        board="gamebook/board.html",
        side="gamebook/side.html",
        content="books",
        books=books,
        upload=(
            f"/books/{system_id}",
            "Open your own book",
            "(a TOML book, a Twee story or Twine HTML), or start a shipped one below.",
        ),
        what=book_played,
        sheet=sheet,
        cards=lambda option: shipped_cards(books) if option == "book" else (),
        upfront=("book",),
        ending=lambda public, result: book_ending(public, result, sheet),
        fight=fight,
        help="Read the section, choose where to turn; fights and tests are rolled for you, with their odds.",
    )


FIGHT_FRONT = FrontEnd(
    board="gamebook/fight.html",
    ending=fight_ending,
    help="A fight on its own: each round both sides roll, the higher strikes; every choice shows its odds.",
)
"""How the front ends show a gamebook system's fight on its own."""


@dataclass(frozen=True)
class BookViews:
    """A system's hooks into the gamebook view: its fight's public data, its action groups, its odds."""

    fight_public: Callable[[GameState], dict[str, JsonValue]] = _no_fight
    group_of: Callable[[Action], tuple[str, Target | None]] = _plain
    odds: Callable[[GamebookState], Odds | None] = _no_odds
    label: Callable[[GamebookState, Action], str] = _label
    fight_told: ToldFn | None = None
    """How a roll of the system's fight is told, from the fight's states before and after it."""

    def game_views(self, system_id: str, books: str, sheet: str = "", fight: str = "") -> GameViews:
        """The views of the gamebook game of system `system_id`, whose shipped books are in package
        `books`, its reader's sheet called `sheet` and a section's fight drawn by template `fight`: one
        seat, these labels and odds, drawn as a book (`book_front`)."""
        return GameViews(
            self.sight,
            one_seat,
            label=self.any_label,
            odds=self.seat_odds,
            changes=step_events,
            told=self.told if self.fight_told is not None else None,
            front=book_front(system_id, books, sheet, fight),
        )

    def told(self, before: GameState, record: MoveRecord, after: GameState) -> str:
        """A roll of a section's fight told as the system tells its fights ("" for any other roll: its
        step is told by `step_events`)."""
        fight = before.fight if isinstance(before, GamebookState) else None
        if fight is None or self.fight_told is None or fight.actor() is not CHANCE:
            return ""
        return self.fight_told(fight, record, fight.apply(record.move))

    def any_label(self, state: GameState, action: Action) -> str:
        """How an action of a gamebook state is said to the reader."""
        assert isinstance(state, GamebookState)
        return self.label(state, action)

    def sight(self, state: GameState, seat: int | None) -> Sight:
        """What the reader (and any onlooker) sees of the adventure now."""
        assert isinstance(state, GamebookState)
        ruleset = state.play.ruleset
        section = state.current
        public: dict[str, JsonValue] = {
            "book": state.play.book.book.title,
            "phase": state.phase,
            "section": state.section,
            "title": section.title if section is not None else "",
            "text": section.text if section is not None else "",
            "sheet": [[name, value] for name, value in ruleset.sheet_lines(state.sheet)],
            "visited": len(state.visited),
            "outcome": state.outcome,
        }
        if state.phase in ("create", "effects", "test"):
            public["step"] = state.step_label()
        if state.fight is not None:
            public["fight"] = self.fight_public(state.fight)
        actions = [self._action(state, a) for a in state.legal_actions()]
        return Sight(public=public, actions=actions)

    def seat_odds(self, state: GameState, seat: int) -> Odds | None:
        """The system's odds at the reader's decision (a fight's, solved), with the ruleset's advice in a
        fight (its exact odds in words, one line each) after the first line of the note."""
        assert isinstance(state, GamebookState)
        odds = self.odds(state)
        advice = state.play.ruleset.advice(state) if state.fight is not None else []
        if not advice:
            return odds
        base = odds or Odds()
        return base.model_copy(update={"note": "\n".join([base.note, *advice])})

    def _action(self, state: GamebookState, action: Action) -> ActionView:
        label = self.label(state, action)
        section = state.current
        if action.startswith("choice:") and section is not None:
            choice = section.choices[number_in(action) - 1]
            to = Target(kind="section", id=choice.target)
            return ActionView(id=action, label=f"{label} (turn to {choice.target})", group="move", target=to)
        group, target = self.group_of(action)
        return ActionView(id=action, label=label, group=group, target=target)
