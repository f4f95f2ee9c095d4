"""Playing a gamebook: `GamebookState` in the engine's game protocol, and `GamebookGame`.

A state is the sheet, the current section, the phase, the sections visited, the flags set, effects
still to apply, and the fight running, if any. Phases: `create` (the sheet is being made: chance or
reader choice), `effects` (an effect rolls dice: chance), `fight` (the system's fight state is
forwarded: its actor, actions, outcomes and dice), `test` (a section's test: chance), `choose` (the
reader picks a choice or a reader action), `over` (terminal: victory, death, ended or stuck).

Between nodes the state settles by itself: pending effects apply in order, then `then` says what comes
next (`goto:ID`, `fight`, `test`, `choose`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from grognard.engine.dice.core import Rng, Roll, roll_dice, sum_distribution
from grognard.engine.embedded import is_embedded, open_embedded, shown
from grognard.engine.errors import ContentError, RulesError
from grognard.engine.game import (
    CHANCE,
    JSON,
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
)
from grognard.gamebook.action_text import number_in
from grognard.gamebook.check import refuse_problems
from grognard.gamebook.load import book_from_bytes, load_book
from grognard.gamebook.model import Book, Condition, Effect, Section, effect_data, parse_dice
from grognard.gamebook.ruleset import ChanceStep, ChoiceStep, Context, Ruleset
from grognard.i18n import N_
from grognard.i18n import gettext as _

PHASES = ("create", "flow", "effects", "fight", "test", "choose", "over")


@dataclass(frozen=True)
class Play:
    """What every state of one game shares and does not save: the ruleset, the book, the options."""

    ruleset: Ruleset
    ctx: Context
    ref: str

    @property
    def book(self) -> Book:
        """The book being played."""
        return self.ctx.book

    @property
    def name(self) -> str:
        """The book's reference as one line of an error: a carried book by its file name and hash,
        never its content."""
        return shown(self.ref)


def pay_effects(condition: Condition | None) -> tuple[Effect, ...]:
    """The spending a choice's condition asks for (`pay = true`), as effects."""
    if condition is None:
        return ()
    if condition.all is not None:
        return tuple(e for c in condition.all for e in pay_effects(c))
    if not condition.pay:
        return ()
    if condition.gold is not None:
        return (Effect(gold=-condition.gold),)
    if condition.provisions is not None:
        return (Effect(provisions=-condition.provisions),)
    assert condition.item is not None
    return (Effect(lose_item=condition.item),)


_TARGETS = {"gold": N_("Gold"), "provisions": N_("Provisions")}
"""The sheet's boxes an effect changes that are not scores, as the sheet names them."""


def effect_target(effect: Effect) -> str:
    """What an effect changes, as the reader's sheet names it: a score, its Initial value, Gold,
    Provisions, or the effect's kind."""
    if effect.stat is not None:
        return _(effect.stat)
    if effect.initial is not None:
        return _("Initial {score}").format(score=_(effect.initial))
    return _(_TARGETS.get(effect.kind, effect.kind))


def condition_name(condition: Condition) -> str:
    """What a condition is about, in a word for the reader: the power, item, flag, score or special it
    names ("" for a condition made of others)."""
    for name in (condition.power, condition.item, condition.stat, condition.special, condition.flag):
        if name:
            return name
    return ""


def _dice_outcomes(text: str) -> tuple[tuple[Outcome, Fraction], ...]:
    sign, count, sides, modifier = parse_dice(text)
    dist = sum_distribution(count, sides)
    return tuple((sign * (t + modifier), p) for t, p in sorted(dist.items()))


@dataclass(frozen=True)
class GamebookState(GameState):
    """One moment of a gamebook adventure (see the module docstring for the phases)."""

    play: Play = field(compare=False, repr=False)
    sheet: Any
    section: str = ""
    phase: str = "create"
    visited: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    queue: tuple[Effect, ...] = ()
    then: str = ""
    fight: GameState | None = None
    used: tuple[Action, ...] = ()
    outcome: str = ""

    def _with(self, **changes: Any) -> GamebookState:
        """This state with some fields changed: `dataclasses.replace` without its per-call introspection
        (a state is copied several times a move)."""
        assert changes.keys() <= _FIELDS, f"not fields of a GamebookState: {set(changes) - _FIELDS}"
        new = object.__new__(GamebookState)
        new.__dict__.update(self.__dict__, **changes)
        return new

    # --- the protocol ---------------------------------------------------------------------------------

    def actor(self) -> Actor:
        """Whose turn: the reader (0), CHANCE, or TERMINAL."""
        if self.phase == "over":
            return TERMINAL
        if self.phase == "fight":
            assert self.fight is not None
            return self.fight.actor()
        if self.phase == "create":
            return 0 if isinstance(self._creation(), ChoiceStep) else CHANCE
        if self.phase == "choose":
            return 0
        return CHANCE

    def _actions(self) -> Sequence[Action]:
        if self.phase == "fight":
            assert self.fight is not None
            return self.fight.legal_actions()
        if self.phase == "create":
            step = self._creation()
            assert isinstance(step, ChoiceStep)
            return step.actions
        return self.open_choices() + list(self._reader_actions())

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "fight":
            assert self.fight is not None
            return self.fight.chance_outcomes()
        if self.phase == "effects":
            dice = self.queue[0].dice()
            assert dice is not None
            return _dice_outcomes(dice)
        return self._chance_step().outcomes

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real dice of this chance node: the fight's, the test's, an effect's or creation's."""
        if self.phase == "fight":
            assert self.fight is not None
            return self.fight.roll(rng)
        if self.phase == "effects":
            dice = self.queue[0].dice()
            assert dice is not None
            sign, count, sides, modifier = parse_dice(dice)
            thrown = roll_dice(rng, count, sides, modifier)
            return sign * thrown.total, (thrown,)
        return self._chance_step().roll(rng)

    def _apply(self, move: Move) -> GamebookState:
        if self.phase == "create":
            sheet = self.play.ruleset.apply_creation(self.sheet, move, self.play.ctx)
            return self._with(sheet=sheet).settle()
        if self.phase == "effects":
            effect = self.queue[0].with_amount(int(move))
            return self._apply_effect(effect, self.queue[1:]).settle()
        if self.phase == "fight":
            return self._fight_move(move)
        if self.phase == "test":
            return self._test_outcome(move)
        return self._choose(str(move))

    def result(self) -> Result:
        """Victory (the reader wins), or death, an ending without victory, or stuck (a dead end)."""
        if self.phase != "over":
            raise RulesError("result", self, _("the adventure is not over"))
        winners = (0,) if self.outcome == "victory" else ()
        return Result(self.outcome, winners, self.play.ruleset.resources(self.sheet))

    def invariants(self) -> list[str]:
        """Broken invariants: an unknown phase or section, and the sheet's own."""
        bad = list(self.play.ruleset.invariants(self.sheet))
        if self.phase not in PHASES or self.phase == "flow":
            bad.append(f"unsettled or unknown phase {self.phase!r}")
        if self.section and self.section not in self.play.book.sections:
            bad.append(f"unknown section {self.section!r}")
        if (self.fight is None) != (self.phase != "fight"):
            bad.append("a fight sub-state outside the fight phase (or none inside it)")
        return bad

    def describe(self) -> str:
        """One line: the section, the phase and the outcome."""
        where = f"section {self.section}" if self.section else "creating the sheet"
        end = f" ({self.outcome})" if self.outcome else ""
        return f"{self.play.book.book.title}: {where}, {self.phase}{end}"

    # --- what the reader sees --------------------------------------------------------------------------

    @property
    def current(self) -> Section | None:
        """The current section (None while the sheet is being created)."""
        return self.play.book.sections.get(self.section) if self.section else None

    def holds(self, condition: Condition | None) -> bool:
        """Whether a condition holds now (flags and visited here; the rest through the ruleset)."""
        if condition is None:
            return True
        kind = condition.kind
        if kind == "not":
            return not self.holds(condition.not_)
        if kind == "any":
            return any(self.holds(c) for c in condition.any or ())
        if kind == "all":
            return all(self.holds(c) for c in condition.all or ())
        if kind == "flag":
            return condition.flag in self.flags
        if kind == "visited":
            return condition.visited in self.visited
        return self.play.ruleset.condition_holds(self.sheet, condition, self.play.ctx)

    def open_choices(self) -> list[Action]:
        """The actions `choice:N` (N counted from 1 in the section) whose conditions hold; none while
        the ruleset has a question waiting for the reader's answer (`Ruleset.choices_wait`)."""
        section = self.current
        if self.phase != "choose" or section is None or self.play.ruleset.choices_wait(self.sheet):
            return []
        return [f"choice:{i}" for i, c in enumerate(section.choices, 1) if self.holds(c.condition)]

    def label(self, action: Action) -> str:
        """How an action is shown to the reader: a choice's text, or the ruleset's label."""
        if action.startswith("choice:") and self.current is not None:
            choice = self.current.choices[number_in(action) - 1]
            return choice.text
        return self.play.ruleset.action_label(action)

    def outcome_label(self, outcome: Outcome) -> str:
        """How a chance outcome is shown: a test's range as its totals, anything else as itself."""
        section = self.current
        text = str(outcome)
        if (
            self.phase == "test"
            and section is not None
            and section.test is not None
            and text.startswith("range:")
        ):
            r = section.test.ranges[number_in(text) - 1]
            if r.min is None:
                return _("{total} or less").format(total=r.max)
            if r.max is None:
                return _("{total} or more").format(total=r.min)
            return f"{r.min}-{r.max}" if r.min != r.max else str(r.min)
        return _(text)  # a branch's name the ruleset marked ("lucky"), else the outcome itself

    def step_label(self) -> str:
        """What the current chance node or creation decision is about, for the log."""
        if self.phase == "create":
            step = self._creation()
            return _(step.label) if step is not None else ""
        if self.phase == "effects":
            effect = self.queue[0]
            return f"{effect_target(effect)} {effect.dice()}"
        if self.phase == "test" and self.current is not None and self.current.test is not None:
            label = _(self._chance_step().label)
            return f"{label[:1].upper()}{label[1:]}"
        return self.phase

    def test_modifiers(self) -> list[tuple[str, int]]:
        """The modifiers added to the current test's throw, each named by what gives it ("" for the
        section's own modifier, else the power, item, flag or score its condition names)."""
        section = self.current
        if section is None or section.test is None:
            return []
        test = section.test
        named = [("", test.modifier)] if test.modifier else []
        return named + [(condition_name(a.when), a.add) for a in test.adjust if self.holds(a.when)]

    # --- settling ------------------------------------------------------------------------------------

    def settle(self) -> GamebookState:
        """Apply what needs no decision and no dice, until a node that does (or the end)."""
        state = self
        while True:
            if state.phase == "create":
                if state._creation() is not None:
                    return state
                start = state.play.book.book
                state = state._with(phase="flow", queue=start.start_effects, then=f"goto:{start.start}")
            if state.phase != "flow":
                return state
            if state.queue:
                effect = state.queue[0]
                if not state.holds(effect.when):
                    state = state._with(queue=state.queue[1:])
                elif effect.dice() is not None:
                    return state._with(phase="effects")
                else:
                    state = state._apply_effect(effect, state.queue[1:])
                continue
            state = state._next_stage()

    def _next_stage(self) -> GamebookState:
        then = self.then
        section = self.current
        if then.startswith("goto:"):
            return self._arrive(then[5:])
        assert section is not None
        if then == "fight":
            if section.fight is None:
                return self._with(then="test")
            fight = self.play.ruleset.start_fight(self.sheet, section.fight, self.play.ctx)
            started = self._with(phase="fight", fight=fight, then="test")
            return started._end_fight(fight) if fight.actor() is TERMINAL else started
        if then == "test":
            if section.test is None:
                return self._with(then="choose")
            return self._with(phase="test", then="choose")
        if then == "choose":
            if section.ending is not None:
                return self._over(section.ending)
            waiting = self._with(phase="choose", then="")
            if not waiting.open_choices() and not waiting._reader_actions():
                return self._over("stuck")
            return waiting
        raise AssertionError(f"nothing comes after {then!r} in {self.describe()}")

    def _arrive(self, target: str) -> GamebookState:
        if target not in self.play.book.sections:
            raise ContentError(
                self.play.name,
                f"section {self.section}",
                _("no section {target!r} to turn to").format(target=target),
            )
        section = self.play.book.sections[target]
        first = target not in self.visited
        effects = tuple(e for e in section.effects if first or not e.once)
        visited = (*self.visited, target) if first else self.visited
        return self._with(section=target, phase="flow", visited=visited, queue=effects, then="fight", used=())

    def _over(self, outcome: str) -> GamebookState:
        return self._with(phase="over", outcome=outcome, queue=(), then="", fight=None)

    def _apply_effect(self, effect: Effect, rest: tuple[Effect, ...]) -> GamebookState:
        kind = effect.kind
        if kind == "flag":
            assert effect.flag is not None
            return self._with(phase="flow", flags=self.flags | {effect.flag}, queue=rest)
        if kind == "clear_flag":
            return self._with(phase="flow", flags=self.flags - {effect.clear_flag}, queue=rest)
        sheet = self.play.ruleset.apply_effect(self.sheet, effect, self.play.ctx)
        state = self._with(phase="flow", sheet=sheet, queue=rest)
        return state._over("death") if self.play.ruleset.is_dead(sheet) else state

    # --- moves ---------------------------------------------------------------------------------------

    def _creation(self) -> ChanceStep | ChoiceStep | None:
        if not self.play.book.book.sheet:
            return None  # a story without the system's rules: no character is made
        return self.play.ruleset.creation_step(self.sheet, self.play.ctx)

    def _chance_step(self) -> ChanceStep:
        if self.phase == "create":
            step = self._creation()
            assert isinstance(step, ChanceStep)
            return step
        section = self.current
        assert self.phase == "test" and section is not None and section.test is not None
        test = section.test
        modifier = test.modifier + sum(a.add for a in test.adjust if self.holds(a.when))
        step = self.play.ruleset.test_step(self.sheet, test, modifier, self.play.ctx)
        if not test.ranges:
            return step
        folded: dict[Outcome, Fraction] = {}
        for total, p in step.outcomes:
            key = f"range:{test.range_for(int(total)) + 1}"
            folded[key] = folded.get(key, Fraction(0)) + p

        def roll(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
            total, rolls = step.roll(rng)
            return f"range:{test.range_for(int(total)) + 1}", rolls

        return ChanceStep(step.label, tuple(folded.items()), roll)

    def _reader_actions(self) -> Sequence[Action]:
        section = self.current
        if section is None or not self.play.book.book.sheet:
            return ()
        return self.play.ruleset.reader_actions(self.sheet, section, self.used, self.play.ctx)

    def _fight_move(self, move: Move) -> GamebookState:
        assert self.fight is not None
        fight = self.fight.apply(move)
        if fight.actor() is TERMINAL:
            return self._end_fight(fight)
        return self._with(fight=fight)

    def _end_fight(self, final: GameState) -> GamebookState:
        section = self.current
        assert section is not None and section.fight is not None
        data = section.fight
        sheet, label = self.play.ruleset.end_fight(self.sheet, data, final, self.play.ctx)
        state = self._with(sheet=sheet, fight=None, phase="flow")
        if self.play.ruleset.is_dead(sheet):
            return state._over("death")
        if label in data.on:
            state = state._with(then=f"goto:{data.on[label]}")
        elif label == "win" and data.win is not None:
            state = state._with(then=f"goto:{data.win}")
        elif label == "escaped" and data.escape is not None:
            state = state._with(then=f"goto:{data.escape}")
        elif label == "dead":
            return state._over("death")
        return state.settle()

    def _test_outcome(self, move: Move) -> GamebookState:
        section = self.current
        assert section is not None and section.test is not None
        test = section.test
        sheet = self.play.ruleset.after_test(self.sheet, test, move, self.play.ctx)
        if test.ranges:
            branch = test.ranges[number_in(str(move)) - 1]
            target, effects = branch.target, branch.effects
        else:
            named = test.branches.get(str(move))
            target, effects = (named.target, named.effects) if named is not None else (None, ())
        then = f"goto:{target}" if target is not None else "choose"
        state = self._with(sheet=sheet, phase="flow", queue=effects, then=then)
        if self.play.ruleset.is_dead(sheet):
            return state._over("death")
        return state.settle()

    def _choose(self, action: Action) -> GamebookState:
        section = self.current
        assert section is not None
        if action.startswith("choice:"):
            choice = section.choices[number_in(action) - 1]
            queue = pay_effects(choice.condition) + choice.effects
            return self._with(phase="flow", queue=queue, then=f"goto:{choice.target}").settle()
        sheet = self.play.ruleset.apply_reader_action(self.sheet, action, section, self.play.ctx)
        state = self._with(sheet=sheet, used=(*self.used, action), phase="flow", then="choose")
        if self.play.ruleset.is_dead(sheet):
            return state._over("death")
        return state.settle()


_FIELDS = frozenset(f.name for f in fields(GamebookState))


SAMPLE_BOOK = "sample"
"""The shipped book a gamebook game plays when none is named."""


class GamebookGame(Game):
    """A gamebook played under a ruleset. With a `book`, that book is played; without one, the `book`
    option is loaded on demand (so a saved game can be rebuilt from the registry): a path, or the name
    of one of the ruleset's shipped `books` (`ShippedBooks.locate`). Without a book or a reference the
    `book` option defaults to a shipped book (the sample), so a game started with no book named plays it.
    A book named by the option is checked when a game starts from it (`check.refuse_problems`), as the
    `play` commands check theirs, so no front end starts a game `check` would refuse."""

    def __init__(self, ruleset: Ruleset, book: Book | None = None, ref: str = "") -> None:
        self.ruleset = ruleset
        self.book = book
        shipped = list(ruleset.books.all()) if ruleset.books else []
        if book is None and not ref and shipped:
            ref = SAMPLE_BOOK if SAMPLE_BOOK in shipped else shipped[0]
        self.ref = ref
        self.info = GameInfo(
            id="gamebook",
            name=f"{ruleset.name} gamebook",
            options=(
                OptionInfo(
                    "book",
                    N_("the book to read (on the command line, a book file's path will do too)"),
                    ref,
                    file=True,
                    suggest=tuple(shipped),
                    title=N_("Book"),
                ),
                *ruleset.options,
            ),
        )
        self._plays: dict[tuple[tuple[str, OptionValue], ...], Play] = {}
        self._checked: set[tuple[tuple[str, OptionValue], ...]] = set()

    def _play(self, options: Mapping[str, OptionValue]) -> Play:
        key = tuple(sorted(options.items()))
        if key not in self._plays:
            ref = str(options.get("book", self.ref)) or self.ref
            book = self.book
            if book is None and is_embedded(ref):
                carried = open_embedded(ref)
                book = book_from_bytes(carried.data, carried.name, self.ruleset.id)
            elif book is None:
                shipped = self.ruleset.books
                book = load_book(shipped.locate(ref) if shipped else ref, self.ruleset.id)
            self._plays[key] = Play(self.ruleset, Context(book, dict(options)), ref)
        return self._plays[key]

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> GamebookState:
        """The adventure before the sheet is made (creation steps first, then the start section)."""
        play = self._play(options)
        if play.book.book.system != self.ruleset.id:
            raise ContentError(
                play.name,
                "book.system",
                _("is {system!r}, not {id!r}").format(system=play.book.book.system, id=self.ruleset.id),
            )
        key = tuple(sorted(options.items()))
        if self.book is None and key not in self._checked:  # named by the option: checked as `play` does
            refuse_problems(play.book, self.ruleset, play.name)
            self._checked.add(key)
        sheet = self.ruleset.new_sheet(play.ctx)
        return GamebookState(play, sheet).settle()

    def state_to_json(self, state: GameState) -> JSON:
        """The state without the book (only its reference), the sheet and fight through the ruleset."""
        assert isinstance(state, GamebookState)
        return {
            "book": state.play.ref,
            "options": {k: v for k, v in state.play.ctx.options.items() if k != "book"},
            "sheet": self.ruleset.sheet_to_json(state.sheet),
            "section": state.section,
            "phase": state.phase,
            "visited": list(state.visited),
            "flags": sorted(state.flags),
            "queue": [effect_data(e) for e in state.queue],
            "then": state.then,
            "fight": None if state.fight is None else self.ruleset.fight_to_json(state.fight),
            "used": list(state.used),
            "outcome": state.outcome,
        }

    def state_from_json(self, data: JSON) -> GamebookState:
        """The state `state_to_json` wrote, attached to this game's book."""
        options: dict[str, OptionValue] = {**data.get("options", {}), "book": data["book"]}
        play = self._play(options)
        fight = data.get("fight")
        return GamebookState(
            play,
            self.ruleset.sheet_from_json(data["sheet"]),
            section=data["section"],
            phase=data["phase"],
            visited=tuple(data["visited"]),
            flags=frozenset(data["flags"]),
            queue=tuple(Effect.model_validate(e) for e in data["queue"]),
            then=data["then"],
            fight=None if fight is None else self.ruleset.fight_from_json(fight),
            used=tuple(data["used"]),
            outcome=data["outcome"],
        )
