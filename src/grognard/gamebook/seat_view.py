"""The reader's view of a gamebook adventure (`engine.view.Sight`), shared by the systems that play books.

The gamebook layer knows the section, its text and choices, the sheet's lines and the phase; a system
adds what its fights show (`fight_public`), how its fight and reader actions are grouped and targeted
(`group_of`) and the odds it computes (`odds`). A gamebook has one seat, the reader, and no secrets from
them: everything is public.

Every move is told (`BookViews.told`, the label the log shows): each roll in the rulebook's words, with
its dice, modifiers, the score it was held against and what it decided (`step_words`, `roll_words`, and
the system's `fight_told`), and every section the reader turned to where the dice follow without a click,
with its title and text (`passed_section`), so no section goes unread; the choice that leads to a test
gives the test's chances. The sheet beside a fight is the fight's (`Ruleset.sheet_in_fight`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import JsonValue

from grognard.engine.dice.core import Roll
from grognard.engine.errors import GrognardError
from grognard.engine.game import CHANCE, Action, GameState, Outcome
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
from grognard.gamebook.model import Section
from grognard.gamebook.runner import GamebookState
from grognard.i18n import N_, ngettext, number, percent
from grognard.i18n import gettext as _

if TYPE_CHECKING:
    from grognard.gamebook.solve_state import SheetView


def _no_odds(state: GamebookState) -> Odds | None:
    return None


def the_reader(public: Mapping[str, Any], seat: int) -> str:
    """The one seat of a gamebook or of a fight on its own as a watcher reads it ("The adventurer to
    act"); its player reads "You" (`web.pages.seat_label`)."""
    return _("The adventurer")


def _no_fight(fight: GameState) -> dict[str, JsonValue]:
    return {}


def _plain(action: Action) -> tuple[str, Target | None]:
    return "choice", None


def _label(state: GamebookState, action: Action) -> str:
    return state.label(action)


CHANCE_WORDS = {
    "pending": N_("The chance to finish from here is being worked out."),
    "too large": N_("This book is too large to work out the chance to finish from here."),
    "cannot": N_("The chance to finish cannot be worked out for this book."),
}
"""How a chance to finish not known is said."""


def chance_line(status: str, here: float | None) -> str:
    """The chance to finish the book from here in words ("Chance to finish from here, with the best
    choices: 42%"), or why it is not known (`CHANCE_WORDS`)."""
    if status == "known" and here is not None:
        return _("Chance to finish from here, with the best choices: {chance}").format(
            chance=chance_words(here)
        )
    return _(CHANCE_WORDS.get(status, CHANCE_WORDS["too large"]))


STEPS = frozenset({"create", "effects", "test"})
"""The phases whose rolls are said with what they are for: creation, a section's effects, its test."""


def chance_words(p: float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not ("under 1%", "over 99%")."""
    if 0 < p < 0.005:
        return _("under {chance}").format(chance=percent(0.01, 0))
    if 0.995 <= p < 1:
        return _("over {chance}").format(chance=percent(0.99, 0))
    return percent(p, 0)


def _term(label: str, value: int) -> str:
    sign = "+" if value >= 0 else "-"
    if label and label.replace(" ", "").isupper():  # a score: "+ SKILL 8"
        return f" {sign} {label} {abs(value)}"
    return f" {sign} {abs(value)}" + (f" ({label})" if label else "")


def dice_of(roll: Roll) -> str:
    """The dice a roll threw in notation ("2d6", "1d6 + 1d4"; "random number" for a Lone Wolf number)."""
    if roll.dice and roll.dice[0].die.startswith("lw"):
        return _("random number")
    return " + ".join(f"{len(v)}d{s}" for s, v in _kinds(roll).items()) or _("no dice")


def _kinds(roll: Roll) -> dict[int, list[int]]:
    kinds: dict[int, list[int]] = {}
    for d in roll.dice:
        if d.kept and not d.rerolled:
            kinds.setdefault(d.sides, []).append(d.value)
    return kinds


def table_place(roll: Roll) -> str:
    """Where a random number read from the book's printed table was found ("table row 3 column 4"), ""
    for any other roll."""
    first = roll.detail.split("; ")[0]
    return first if first.startswith("table row ") else ""


def roll_words(roll: Roll, named: Sequence[tuple[str, int]] = (), said: bool = False) -> str:
    """A roll in the rulebook's words: the dice with their faces, each modifier added to them (`named`:
    a score's name before its value, "+ SKILL 8", anything else after it, "+ 2 (Prophecy)"; what they do
    not account for is added unnamed) and the total: "2d6 (6+2) + SKILL 8 = 16", "random number 6 + 10 =
    16", "1d6 (4) = 4"; a random number from the book's printed table with its place (`table_place`).
    With `said` the dice were named already ("Roll 2d6"): the faces alone, "6+2 = 8", "4"."""
    faces = roll.faces()
    if said:
        words = "+".join(map(str, faces))
    elif roll.dice and roll.dice[0].die.startswith("lw"):
        words = _("random number") + " " + " ".join(str(f) for f in faces)
        found = table_place(roll)
        words += f" ({found})" if found else ""
    else:
        words = " + ".join(f"{len(v)}d{s} ({'+'.join(map(str, v))})" for s, v in _kinds(roll).items())
        words = words or _("no dice")
    terms = [(label, value) for label, value in named if value]
    rest = roll.total - sum(faces) - sum(value for _label, value in terms)
    if rest:
        terms.append(("", rest))
    words += "".join(_term(label, value) for label, value in terms)
    lone = len(faces) == 1 and not terms and (said or roll.dice[0].die.startswith("lw"))
    return words if lone else f"{words} = {roll.total}"


def section_words(section_id: str, section: Section) -> str:
    """A section as one line of the log: "Section 8 — The reeds: <its text>"."""
    title = f" — {section.title}" if section.title else ""
    text = " ".join(section.text.split())
    return _("Section {section}").format(section=section_id) + title + (f": {text}" if text else "")


def passed_section(before: GameState, after: GameState) -> str:
    """The section a move turned to where the dice are thrown next without the reader's click (a test,
    an effect's dice, a fight's first round), whose text the page will not show before they are: its id,
    else "". A move turns to a section when it changes the section, or is the reader's choice (a choice
    may turn back to the same section)."""
    if not isinstance(before, GamebookState) or not isinstance(after, GamebookState):
        return ""
    if not after.section or after.actor() is not CHANCE or after.then.startswith("goto:"):
        return ""
    turned = after.section != before.section or before.phase in ("choose", "create")
    return after.section if turned else ""


def sheet_changes(state: GamebookState, old: Any, new: Any) -> str:
    """What changed between two sheets of `state`'s ruleset, as its sheet's lines say it: "LUCK 9 → 8"
    (a part in brackets both lines share, "(Initial 10)", left out)."""
    was = dict(state.play.ruleset.sheet_lines(old))
    said = []
    for name, value in state.play.ruleset.sheet_lines(new):
        old_value = was.get(name)
        if old_value is None or old_value == value:
            continue
        head, _sep, tail = old_value.partition(" (")
        new_head, _sep, new_tail = value.partition(" (")
        if tail and tail == new_tail:
            old_value, value = head, new_head
        said.append(f"{name} {old_value} → {value}")
    return ", ".join(said)


def _test_turn(state: GamebookState, outcome: Outcome) -> str:
    test = state.current.test if state.current is not None else None
    if test is None:
        return ""
    text = str(outcome)
    if test.ranges:
        target = test.ranges[number_in(text) - 1].target if text.startswith("range:") else None
    else:
        branch = test.branches.get(text)
        target = branch.target if branch is not None else None
    return _(", turn to {section}").format(section=target) if target is not None else ""


def step_words(before: GamebookState, record: MoveRecord) -> str:
    """A roll of creation, of a section's effect or of its test in the rulebook's words: what it was for,
    the dice and every modifier, the score it was held against and what came of it ("Test your Luck: 2d6
    (4+2) = 6 against LUCK 9: lucky, turn to 12 (LUCK 9 → 8)", "Roll 1d6: 4, on 2-4, turn to 20", "SKILL:
    1d6 (5) + 6 = 11")."""
    label = before.step_label()
    roll = record.rolls[0] if record.rolls else None
    ruleset, ctx = before.play.ruleset, before.play.ctx
    if before.phase == "create":
        return f"{label}: {roll_words(roll) if roll is not None else record.move}"
    if before.phase == "effects":
        effect = before.queue[0]
        sheet = ruleset.apply_effect(before.sheet, effect.with_amount(int(record.move)), ctx)
        changes = sheet_changes(before, before.sheet, sheet)
        words = roll_words(roll) if roll is not None else str(record.move)
        return f"{label}: {words}" + (f": {changes}" if changes else "")
    section = before.current
    assert section is not None and section.test is not None
    said = roll is not None and label.lower().endswith(dice_of(roll))  # "Roll 1d6: 4", "Random number: 6"
    words = roll_words(roll, before.test_modifiers(), said) if roll is not None else str(record.move)
    score = ruleset.tested_score(before.sheet, section.test)
    against = (
        _(" against {score} {value}").format(score=_(score[0]), value=score[1]) if score is not None else ""
    )
    cost = sheet_changes(
        before, before.sheet, ruleset.after_test(before.sheet, section.test, record.move, ctx)
    )
    came = before.outcome_label(record.move) + _test_turn(before, record.move)
    came = _(", on {outcome}").format(outcome=came) if section.test.ranges else f": {came}"  # ": lucky"
    return f"{label}: {words}{against}{came}" + (f" ({cost})" if cost else "")


def chances_of_test(state: GameState) -> str:
    """The chances of a section's test about to be thrown, for the choice that leads to it ("Test your
    Luck: 72% lucky"; each range of a roll, "Random number: 0-4 30%, 5-9 70%"); "" elsewhere."""
    if not isinstance(state, GamebookState) or state.phase != "test" or state.actor() is not CHANCE:
        return ""
    section = state.current
    assert section is not None and section.test is not None
    pairs = [(state.outcome_label(o), float(p)) for o, p in state.chance_outcomes()]
    if section.test.ranges:
        said = ", ".join(f"{label} {chance_words(p)}" for label, p in pairs)
    else:
        shown = pairs[:1] if len(pairs) == 2 else pairs
        said = ", ".join(f"{chance_words(p)} {label}" for label, p in shown)
    return f"{state.step_label()}: {said}"


def step_events(before: GameState, after: GameState) -> list[Event]:
    """What a move did that the reader follows: a roll of creation, of a section's effects or of its test
    as one event of kind "step" (values: step, outcome, chances), and the section it turned to where the
    dice follow without a click (`passed_section`) as one of kind "section" (values: section, title,
    text), so the reader reads every section passed through."""
    events: list[Event] = []
    if isinstance(before, GamebookState) and before.phase in STEPS and before.actor() is CHANCE:
        outcomes = list(before.chance_outcomes())
        came = next((o for o, _p in outcomes if before.apply(o) == after), None)
        if came is not None:
            chances = (
                ", ".join(f"{before.outcome_label(o)} {percent(float(p))}" for o, p in outcomes)
                if before.phase == "test"
                else ""
            )
            values: dict[str, JsonValue] = {
                "step": before.step_label(),
                "outcome": before.outcome_label(came),
                "chances": chances,
            }
            events.append(Event(kind="step", values=values))
    passed = passed_section(before, after)
    if passed and isinstance(after, GamebookState):
        section = after.play.book.sections[passed]
        shown: dict[str, JsonValue] = {"section": passed, "title": section.title, "text": section.text}
        events.append(Event(kind="section", values=shown))
    return events


ENDINGS = {
    "victory": N_("Victory! Your adventure is a success."),
    "death": N_("You have died. Your adventure ends here."),
    "ended": N_("Your adventure ends here."),
    "stuck": N_("There is no way on: your adventure ends here."),
}
"""How a book's endings are said to the reader."""


def book_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None, sheet: str = "") -> list[str]:
    """A finished adventure in words: how it ended, the sections read, the numbers of the reader's sheet
    (called `sheet`) as they were left."""
    outcome = str(public.get("outcome") or (result or {}).get("outcome", ""))
    ending = ENDINGS.get(outcome)
    lines = [_(ending) if ending else _("The adventure is over: {outcome}.").format(outcome=outcome)]
    read = public.get("visited")
    if isinstance(read, int) and read:
        book = public.get("book", _("the book"))
        said = ngettext("You read {count} section of {book}.", "You read {count} sections of {book}.", read)
        lines.append(said.format(count=read, book=book))
    rows = public.get("sheet") or []
    scores = [f"{row[0]} {row[1]}" for row in rows if len(row) == 2 and str(row[1])[:1].isdigit()]
    if scores:
        named = _(sheet) if sheet else _("sheet")
        lines.append(_("Your {sheet} at the end: {scores}.").format(sheet=named, scores=", ".join(scores)))
    return lines


FIGHT_ENDINGS = {
    "win": N_("You win the fight."),
    "dead": N_("You are killed: the fight is lost."),
    "escaped": N_("You escape from the fight."),
    "evaded": N_("You evade the fight."),
    "hero-floor": N_("The fight stops: you have lost as much as the section lets you."),
    "hero-wounds": N_("The fight stops: you have taken as many wounds as the section lets you."),
    "rounds-over": N_("The fight stops: its rounds are over."),
}
"""How the end of a fight on its own is said (the ends of Fighting Fantasy's and Grey Star's fights)."""


def fight_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A fight on its own, ended: won, lost, escaped or stopped."""
    outcome = str((result or {}).get("outcome", ""))
    ending = FIGHT_ENDINGS.get(outcome)
    return [_(ending) if ending else _("The fight is over: {outcome}.").format(outcome=outcome)]


def roll_said(expression: str, public: Mapping[str, Any]) -> str:
    """A roll's expression as the log says it, in the reader's language: the names the rules give their
    rolls ("your Attack Strength", "BRIDGE TROLL Attack Strength", "random number"); dice notation as it
    is ("2d6+12")."""
    if expression == "your Attack Strength":
        return _("your Attack Strength")
    if expression.endswith(" Attack Strength"):
        return _("{creature} Attack Strength").format(creature=expression.removesuffix(" Attack Strength"))
    if expression.startswith("random number"):
        return _("random number") + expression.removeprefix("random number")
    return expression


def book_played(public: Mapping[str, Any]) -> str:
    """What a new table plays, for its title: the book's title."""
    book = public.get("book")
    return book if isinstance(book, str) else ""


@cache
def _shipped(books: str) -> tuple[tuple[str, str, str, str, int], ...]:
    """The books shipped in package `books`: name, title, blurb, author and sections, each book read once."""
    found = []
    for name, path in ShippedBooks(books).all().items():
        book = load_book(path)
        info = book.book
        found.append((name, info.title, info.blurb, info.author, len(book.sections)))
    return tuple(found)


def shipped_cards(books: str) -> tuple[Card, ...]:
    """The books shipped in package `books` as the library shows them: title, blurb, author, length (the
    length and the author's "by" in the reader's language)."""
    cards = []
    for name, title, blurb, author, count in _shipped(books):
        length = ngettext("{count} section", "{count} sections", count).format(count=number(count))
        facts = (length, *((_("by {author}").format(author=author),) if author else ()))
        cards.append(Card(name, title, blurb, facts))
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
            N_("Open your own book"),
            N_("(a TOML book, a Twee story or Twine HTML), or start a shipped one below."),
        ),
        what=book_played,
        seat_name=the_reader,
        roll=roll_said,
        sheet=sheet,
        cards=lambda option: shipped_cards(books) if option == "book" else (),
        upfront=("book",),
        ending=lambda public, result: book_ending(public, result, sheet),
        fight=fight,
        help=N_(
            "Read the section, choose where to turn; fights and tests are rolled for you, with their odds."
        ),
    )


FIGHT_FRONT = FrontEnd(
    board="gamebook/fight.html",
    seat_name=the_reader,
    # what a fight is chosen by (Fighting Fantasy's); the rounds' limits and such are advanced settings
    upfront=("hero", "enemies", "together", "escape", "potion"),
    roll=roll_said,
    ending=fight_ending,
    help=N_(
        "A fight on its own: each round both sides roll, the higher strikes; every choice shows its odds."
    ),
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
    solve_view: SheetView | None = None
    """What of the system's sheet the rest of a book can read, for the chance to finish (`solve_state`);
    None: the ruleset's own view."""

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
            told=self.told,
            tells_actions=True,
            front=book_front(system_id, books, sheet, fight),
        )

    def told(self, before: GameState, record: MoveRecord, after: GameState) -> str:
        """A move told in words. A roll: a section's fight's as the system tells its fights, a roll of
        creation, of a section's effects or of its test in the rulebook's words (`step_words`), never the
        runner's outcome ("range:2"). Any move, the reader's too: the section it turned to where the dice
        follow without a click (`passed_section`), its title and text, so no section goes unread."""
        if not isinstance(before, GamebookState):
            return ""
        said = ""
        if before.actor() is CHANCE:
            fight = before.fight
            if fight is not None and fight.actor() is CHANCE:
                if self.fight_told is not None:
                    said = self.fight_told(fight, record, fight.apply(record.move))
            elif before.phase in STEPS:
                said = step_words(before, record)
        passed = passed_section(before, after)
        if passed:
            section = section_words(passed, before.play.book.sections[passed])
            said = f"{said}. {section}" if said else section
        return said

    def any_label(self, state: GameState, action: Action) -> str:
        """How an action of a gamebook state is said to the reader."""
        assert isinstance(state, GamebookState)
        return self.label(state, action)

    def sight(self, state: GameState, seat: int | None) -> Sight:
        """What the reader (and any onlooker) sees of the adventure now."""
        assert isinstance(state, GamebookState)
        ruleset = state.play.ruleset
        section = state.current
        sheet = state.sheet if state.fight is None else ruleset.sheet_in_fight(state.sheet, state.fight)
        public: dict[str, JsonValue] = {
            "book": state.play.book.book.title,
            "phase": state.phase,
            "section": state.section,
            "title": section.title if section is not None else "",
            "text": section.text if section is not None else "",
            "sheet": [[name, value] for name, value in ruleset.sheet_lines(sheet)]
            if state.play.book.book.sheet
            else [],
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
        if state.fight is None:
            odds = self._with_chances(state, odds)
        advice = state.play.ruleset.advice(state) if state.fight is not None else []
        if not advice:
            return odds
        base = odds or Odds()
        return base.model_copy(update={"note": "\n".join([base.note, *advice])})

    def _with_chances(self, state: GamebookState, odds: Odds | None) -> Odds | None:
        """The system's odds with the chance to finish the book from here and after each choice, when a
        front end reads solved books (`solve_reader.use`): one line in words (`chance_line`), and each
        action's chance."""
        from grognard.gamebook import solve_reader  # inner import: loaded only where chances are read

        reader = solve_reader.current()
        if reader is None:
            return odds
        try:
            chances = reader.at(state, self.solve_view)
        except GrognardError:
            return odds
        if chances is None:
            return odds
        base = odds or Odds()
        line = chance_line(chances.status, chances.here)
        note = f"{line}\n{base.note}" if base.note else line
        return base.model_copy(update={"note": note, "actions": {**chances.actions, **base.actions}})

    def _action(self, state: GamebookState, action: Action) -> ActionView:
        label = self.label(state, action)
        section = state.current
        if action.startswith("choice:") and section is not None:
            choice = section.choices[number_in(action) - 1]
            to = Target(kind="section", id=choice.target)
            chances = chances_of_test(state.apply(action))
            # a numbered section is said ("turn to 12"); a named one (a Twine passage) would give away
            # where the choice leads, so only the test's chances are
            said = [_("turn to {section}").format(section=choice.target)] if choice.target.isdigit() else []
            turn = "; ".join([*said, chances] if chances else said)
            return ActionView(
                id=action, label=f"{label} ({turn})" if turn else label, group="move", target=to
            )
        group, target = self.group_of(action)
        detail = state.play.ruleset.action_detail(action)
        return ActionView(id=action, label=label, group=group, target=target, detail=detail)
