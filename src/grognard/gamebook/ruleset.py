"""The Ruleset protocol: what a rule system tells the generic gamebook layer.

The gamebook layer knows the structure of a book (sections, choices, effects, fights, tests, endings);
a system (Fighting Fantasy, Grey Star) says what the names mean. It subclasses `Ruleset`, overriding the
abstract hooks and any default it needs. Every hook is pure: it returns new values and does no I/O.

The sheet is the system's own frozen dataclass (JSON round trip through `engine.serial` by default).
Hooks that run during play get a `Context` (the book and the game's resolved options).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeAlias

from grognard.engine.dice.core import Rng, Roll, roll_dice, sum_distribution
from grognard.engine.errors import RuleNotImplementedError
from grognard.engine.game import JSON, Action, GameState, OptionInfo, OptionValue, Outcome
from grognard.engine.serial import from_data, to_data
from grognard.gamebook.books import ShippedBooks
from grognard.gamebook.model import Book, ChanceTest, Condition, Effect, Fight, PropertyValue, Section
from grognard.i18n import gettext as _

Sheet: TypeAlias = Any
"""The system's adventure sheet: a frozen dataclass of its own type (typed `Any` here so each system's
hooks can name its concrete type)."""

Roller: TypeAlias = Callable[[Rng], tuple[Outcome, tuple[Roll, ...]]]
"""Throws the real dice and maps them to one outcome label, showing every die."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a book: the section ("" for the book itself), the field, and what."""

    section: str
    field: str
    message: str

    def where(self) -> str:
        """The place: `section 12, choices[2].target`, or `book, book.start`, or `book`."""
        where = _("section {section}").format(section=self.section) if self.section else _("book")
        return f"{where}, {self.field}" if self.field else where

    def render(self) -> str:
        """One line for a person: `section 12, choices[2].target: no section '99'`."""
        return f"{self.where()}: {self.message}"


@dataclass(frozen=True)
class ChanceStep:
    """A chance node the system defines: exact outcomes and the real roll mapped to the same labels."""

    label: str
    outcomes: tuple[tuple[Outcome, Fraction], ...]
    roll: Roller


@dataclass(frozen=True)
class ChoiceStep:
    """A decision the reader makes during sheet creation (a potion, a power): the actions open."""

    label: str
    actions: tuple[Action, ...]


Step: TypeAlias = ChanceStep | ChoiceStep


@dataclass(frozen=True)
class Context:
    """What play-time hooks may consult: the book and the game's resolved options."""

    book: Book
    options: Mapping[str, OptionValue]


class SharedPlay(Protocol):
    """What every state of one game shares, as the hooks read it (`runner.Play` is one): the context."""

    @property
    def ctx(self) -> Context: ...


class AdviceState(Protocol):
    """A gamebook state as `Ruleset.advice` reads it (`runner.GamebookState` is one): the fight under way,
    the current section and what the game shares. Named here: the runner imports this module."""

    @property
    def fight(self) -> GameState | None: ...

    @property
    def current(self) -> Section | None: ...

    @property
    def play(self) -> SharedPlay: ...


def dice_step(label: str, count: int, sides: int, modifier: int = 0) -> ChanceStep:
    """A chance step for the total of `count` dice of `sides` faces plus `modifier` (e.g. SKILL 1d6+6)."""
    dist = sum_distribution(count, sides)
    outcomes = tuple((total + modifier, p) for total, p in sorted(dist.items()))

    def roll(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        thrown = roll_dice(rng, count, sides, modifier)
        return thrown.total, (thrown,)

    return ChanceStep(label, outcomes, roll)


def is_whole(value: object) -> bool:
    """True for a whole number (an `int` that is not a `bool`)."""
    return isinstance(value, int) and not isinstance(value, bool)


def effect_delta(effect: Effect, now: int) -> int:
    """How much a stat effect moves a score that is `now`: its `add`, or `set_to` less `now`."""
    return int(effect.add) if effect.add is not None else int(effect.set_to or 0) - now


def in_range(value: int, condition: Condition) -> bool:
    """Whether `value` is within a stat condition's `at_least` and `at_most` (either may be absent)."""
    low = condition.at_least if condition.at_least is not None else value
    high = condition.at_most if condition.at_most is not None else value
    return low <= value <= high


def declaration_problems(
    book: Book,
    properties: Mapping[str, type],
    system: str,
    item_check: Callable[[Mapping[str, PropertyValue]], list[str]],
) -> list[Problem]:
    """Problems with a book's `[book.items]` and `[book.rules]` for a system with no book rules.

    Each item's properties must be among `properties`, of the type named there; `item_check` adds what
    the system requires of one item's properties taken together. `system` names it in the messages.
    """
    problems: list[Problem] = []
    for name, props in book.book.items.items():
        where = f"book.items.{name}"
        for key, value in props.items():
            want = properties.get(key)
            if want is None:
                known = ", ".join(properties)
                problems.append(
                    Problem(
                        "",
                        where,
                        _("unknown item property {key!r} (known: {known})").format(key=key, known=known),
                    )
                )
            elif not (is_whole(value) if want is int else isinstance(value, want)):
                problems.append(
                    Problem(
                        "",
                        f"{where}.{key}",
                        _("must be {want___name}, not {value!r}").format(
                            want___name=want.__name__, value=value
                        ),
                    )
                )
        problems += [Problem("", where, message) for message in item_check(props)]
    for key in book.book.rules:
        problems.append(
            Problem("", f"book.rules.{key}", _("{system} has no book rules").format(system=system))
        )
    return problems


def modifier_problems(
    fight: Fight,
    lowest: Mapping[str, int | None],
    flags: Collection[str],
    whole: Callable[[str], str],
) -> list[str]:
    """Problems with a fight's `modifiers`: whole-number ones (`lowest`: each one's least value, None for
    none) below it or not whole (`whole(key)` says what it must be), true/false ones (`flags`) not true
    or false, and any other name."""
    out: list[str] = []
    for key, value in fight.modifiers.items():
        if key in lowest:
            low = lowest[key]
            if not is_whole(value) or (low is not None and int(value) < low):
                said = {"key": key, "whole": whole(key), "value": repr(value)}
                out.append(_("modifier %(key)s must be %(whole)s, not %(value)s") % said)
        elif key in flags:
            if not isinstance(value, bool):
                out.append(
                    _("modifier %(key)s must be true or false, not %(value)s")
                    % {"key": key, "value": repr(value)}
                )
        else:
            known = ", ".join([*lowest, *flags])
            out.append(_("unknown modifier %(key)s (known: %(known)s)") % {"key": repr(key), "known": known})
    return out


def ending_problems(
    fight: Fight, endings: Mapping[str, str], made: Callable[[PropertyValue | None], bool] = bool
) -> list[str]:
    """Problems with a fight's `on`: a label not among `endings` (the system's fight endings, each with
    the modifier that makes it possible), or one whose modifier is not set (`made` of its value false)."""
    out: list[str] = []
    for label in fight.on:
        need = endings.get(label)
        if need is None:
            out.append(
                _("unknown fight ending %(label)s in on (known: %(known)s)")
                % {"label": repr(label), "known": ", ".join(endings)}
            )
        elif not made(fight.modifiers.get(need)):
            out.append(
                _("on.%(label)s is never reached without modifiers.%(need)s") % {"label": label, "need": need}
            )
    return out


class Ruleset(ABC):
    """A rule system as the gamebook layer sees it. Subclass, set the class attributes, override hooks.

    Class attributes: `id` (the `system` a book names), `name`, `options` (rule options the game offers,
    beside `book`), `stats` (the stat names effects, conditions and tests may use), `powers` (names a
    `power` condition may test), `builtin_items` (items known without a `[book.items]` declaration),
    `sheet_type` (the sheet dataclass), `fight_type` (the fight GameState dataclass) and `books` (the
    books the system ships, which a saved game names by name rather than by path).
    """

    id: str = ""
    name: str = ""
    options: tuple[OptionInfo, ...] = ()
    stats: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    builtin_items: tuple[str, ...] = ()
    sheet_type: type[Any] = object
    fight_type: type[Any] = object
    books: ShippedBooks | None = None

    # --- the sheet -----------------------------------------------------------------------------------

    @abstractmethod
    def new_sheet(self, ctx: Context) -> Sheet:
        """The sheet before creation: blank stats, the standard equipment."""

    @abstractmethod
    def creation_step(self, sheet: Sheet, ctx: Context) -> Step | None:
        """The next creation step (a roll, or a choice such as a potion), or None when the sheet is done."""

    @abstractmethod
    def apply_creation(self, sheet: Sheet, move: Outcome, ctx: Context) -> Sheet:
        """The sheet after the current creation step came out as `move`."""

    def sheet_to_json(self, sheet: Sheet) -> JSON:
        """The sheet as JSON-safe data."""
        return to_data(sheet)

    def sheet_from_json(self, data: JSON) -> Sheet:
        """The sheet `sheet_to_json` wrote."""
        return from_data(self.sheet_type, data)

    def sheet_lines(self, sheet: Sheet) -> list[tuple[str, str]]:
        """The sheet for people, as (label, value) rows; changes between moves are shown from these."""
        return [(k, str(v)) for k, v in to_data(sheet).items()]

    def sheet_in_fight(self, sheet: Sheet, fight: GameState) -> Sheet:
        """The sheet as a fight under way has left it so far (its scores as they stand in the fight), for
        the sheet shown beside the fight; the sheet itself changes only when the fight ends (`end_fight`)."""
        return sheet

    def resources(self, sheet: Sheet) -> tuple[tuple[str, int], ...]:
        """The numbers a `Result` carries (what the reader ends with), for objectives and reports."""
        return ()

    def is_dead(self, sheet: Sheet) -> bool:
        """True when the reader is dead (FF: STAMINA 0; Grey Star: ENDURANCE 0)."""
        return False

    def invariants(self, sheet: Sheet) -> list[str]:
        """Broken invariants of a sheet, as sentences (empty when all hold)."""
        return []

    # --- effects and conditions ----------------------------------------------------------------------

    @abstractmethod
    def apply_effect(self, sheet: Sheet, effect: Effect, ctx: Context) -> Sheet:
        """The sheet after one effect (dice already rolled; flags are handled by the gamebook layer)."""

    @abstractmethod
    def condition_holds(self, sheet: Sheet, condition: Condition, ctx: Context) -> bool:
        """Whether a leaf condition (item, gold, provisions, stat, power, special) holds for the sheet.

        `not`, `any`, `all`, `flag` and `visited` are decided by the gamebook layer.
        """

    # --- the reader's own actions ---------------------------------------------------------------------

    def reader_actions(
        self, sheet: Sheet, section: Section, used: tuple[Action, ...], ctx: Context
    ) -> Sequence[Action]:
        """Actions the reader may take in this section besides its choices ("eat", "drink:...").

        `used` lists those already taken in this visit of the section.
        """
        return ()

    def choices_wait(self, sheet: Sheet) -> bool:
        """True while the sheet holds a question the reader must answer first (among `reader_actions`),
        so none of the section's choices is open until he has (Grey Star: an item found with no room
        for it). The reader then cannot turn on, and look at what lies ahead, before answering."""
        return False

    def apply_reader_action(self, sheet: Sheet, action: Action, section: Section, ctx: Context) -> Sheet:
        """The sheet after a reader action from `reader_actions`."""
        raise RuleNotImplementedError(f"{self.name} has no reader action {action!r}")

    def action_label(self, action: Action) -> str:
        """How a reader action or a fight action is shown in a menu."""
        return action

    def action_detail(self, action: Action) -> str:
        """What the thing a reader action chooses is or does, shown beside it (a creation choice's
        Magick or gift); "" for none."""
        return ""

    # --- fights ----------------------------------------------------------------------------------------

    @abstractmethod
    def start_fight(self, sheet: Sheet, fight: Fight, ctx: Context) -> GameState:
        """The system's fight state built from the section's fight data and the sheet."""

    @abstractmethod
    def end_fight(self, sheet: Sheet, fight: Fight, final: GameState, ctx: Context) -> tuple[Sheet, str]:
        """The sheet after the fight reached `final` (a terminal state), and the outcome label.

        Labels: "win", "escaped", "dead", or a label of the system that `fight.on` maps to a section.
        """

    def fight_to_json(self, state: GameState) -> JSON:
        """A fight state as JSON-safe data."""
        return to_data(state)

    def fight_from_json(self, data: JSON) -> GameState:
        """The fight state `fight_to_json` wrote."""
        state: GameState = from_data(self.fight_type, data)
        return state

    # --- tests ---------------------------------------------------------------------------------------

    @abstractmethod
    def test_step(self, sheet: Sheet, test: ChanceTest, modifier: int, ctx: Context) -> ChanceStep:
        """The chance node of a section's test. `modifier` is the test's own plus its adjustments.

        With `branches`, outcomes are the branch labels; with `ranges`, outcomes are the totals (int)
        and the gamebook layer folds them into ranges.
        """

    def after_test(self, sheet: Sheet, test: ChanceTest, outcome: Outcome, ctx: Context) -> Sheet:
        """The cost of a test once it came out (FF: 1 LUCK after every Test your Luck)."""
        return sheet

    def tested_score(self, sheet: Sheet, test: ChanceTest) -> tuple[str, int] | None:
        """The score a test's throw is held against, named ("LUCK", 9), for telling the test; None for a
        throw read on its own (a roll's total, a random number)."""
        return None

    # --- checking a book -------------------------------------------------------------------------------

    def check_book(self, book: Book) -> list[Problem]:
        """Problems with the book's own declarations (`[book.items]` properties, `[book.rules]`)."""
        return []

    def check_effect(self, book: Book, effect: Effect) -> list[str]:
        """Problems with one effect beyond unknown names (e.g. a special the system does not know)."""
        return []

    def check_condition(self, book: Book, condition: Condition) -> list[str]:
        """Problems with one leaf condition beyond unknown names."""
        return []

    def check_fight(self, book: Book, fight: Fight) -> list[str]:
        """Problems with a fight: missing creature stats, an unknown mode or modifier."""
        return []

    def check_test(self, book: Book, test: ChanceTest) -> list[str]:
        """Problems with a test: an unknown kind, missing branch labels, a stat it cannot test."""
        return []

    # --- odds for the reader -------------------------------------------------------------------------

    def advice(self, state: AdviceState) -> list[str]:
        """Lines of advice (exact odds from the solver) shown before a fight and at its decisions."""
        return []
