"""Checking a whole book at once: every problem, each with its section and field.

Generic checks: the book names the ruleset's system; the start section and every target exist; a
section that is not an ending has a way on, and the conditions of its choices cannot all be false at
once (the reader would be stuck: `grognard.gamebook.stuck`); stats, items and powers are known and
named (an effect on the stat "" is refused); flags that are tested are set somewhere; test ranges
neither overlap nor leave gaps; `pay` is not hidden under `not` or `any`. Then the ruleset's own checks
of items, effects, conditions, fights and tests. A book without a sheet (`[book] sheet = false`, a story
using none of its system's rules) may not read or change the sheet: no fight, meal, scored test, score,
item, gold, Provisions or Power in it.

Sections no way leads to from the start are not errors (published books have such orphans; the book
still plays): `check_warnings` lists them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import pairwise

from grognard.engine.errors import ContentError
from grognard.gamebook.model import Book, ChanceTest, Condition, Effect, Section
from grognard.gamebook.ruleset import Problem, Ruleset
from grognard.gamebook.stuck import MAX_CASES, Verdict, can_be_stuck
from grognard.i18n import N_, gettext


def _conditions(cond: Condition | None, path: str) -> Iterator[tuple[Condition, str, bool]]:
    """Every condition inside `cond` with its path and whether it sits under `not` or `any`."""
    if cond is None:
        return
    stack: list[tuple[Condition, str, bool]] = [(cond, path, False)]
    while stack:
        c, p, hidden = stack.pop()
        yield c, p, hidden
        if c.not_ is not None:
            stack.append((c.not_, f"{p}.not", True))
        for key, hide in (("any", True), ("all", False)):
            for i, sub in enumerate(getattr(c, key) or (), 1):
                stack.append((sub, f"{p}.{key}[{i}]", hidden or hide))


def _effects(section: Section) -> Iterator[tuple[Effect, str]]:
    for i, e in enumerate(section.effects, 1):
        yield e, f"effects[{i}]"
    for i, c in enumerate(section.choices, 1):
        for j, e in enumerate(c.effects, 1):
            yield e, f"choices[{i}].effects[{j}]"
    if section.test is not None:
        for key, b in section.test.branches.items():
            for j, e in enumerate(b.effects, 1):
                yield e, f"test.branches.{key}.effects[{j}]"
        for i, r in enumerate(section.test.ranges, 1):
            for j, e in enumerate(r.effects, 1):
                yield e, f"test.ranges[{i}].effects[{j}]"


def _all_conditions(section: Section) -> Iterator[tuple[Condition, str, bool]]:
    for i, c in enumerate(section.choices, 1):
        yield from _conditions(c.condition, f"choices[{i}].condition")
    for effect, path in _effects(section):
        yield from _conditions(effect.when, f"{path}.when")
    if section.test is not None:
        for i, a in enumerate(section.test.adjust, 1):
            yield from _conditions(a.when, f"test.adjust[{i}].when")


class _Checker:
    def __init__(self, book: Book, ruleset: Ruleset) -> None:
        self.book = book
        self.ruleset = ruleset
        self.items = set(book.book.items) | set(ruleset.builtin_items)
        self.problems: list[Problem] = []

    def add(self, section: str, field: str, message: str) -> None:
        self.problems.append(Problem(section, field, message))

    def name(self, section: str, field: str, kind: str, name: str | None) -> None:
        if name is None:
            return
        if not name.strip():
            self.add(section, field, gettext(_EMPTY[kind]))
            return
        known = {"stat": set(self.ruleset.stats), "item": self.items, "power": set(self.ruleset.powers)}[kind]
        if name not in known:
            shown = ", ".join(sorted(known)) or gettext("none")
            self.add(section, field, gettext(_UNKNOWN[kind]) % {"name": repr(name), "known": shown})

    def empty(self, sid: str, path: str, names: tuple[str | None, ...]) -> None:
        if any(name is not None and not name.strip() for name in names):
            self.add(sid, path, gettext("an empty flag or special name"))

    def effect(self, sid: str, path: str, e: Effect) -> None:
        self.name(sid, path, "stat", e.stat if e.stat is not None else e.initial)
        self.name(sid, path, "item", e.item if e.item is not None else e.lose_item)
        self.empty(sid, path, (e.flag, e.clear_flag, e.special))
        for message in self.ruleset.check_effect(self.book, e):
            self.add(sid, path, message)

    def condition(self, sid: str, path: str, c: Condition, hidden: bool) -> None:
        kind = c.kind
        if kind == "visited" and c.visited not in self.book.sections:
            self.add(sid, path, gettext("no section %(section)s") % {"section": repr(c.visited)})
        self.name(sid, path, "stat", c.stat)
        self.name(sid, path, "item", c.item)
        self.name(sid, path, "power", c.power)
        self.empty(sid, path, (c.flag, c.special))
        if c.pay and hidden:
            self.add(sid, path, gettext("pay cannot sit under not or any"))
        if kind not in ("not", "any", "all", "flag", "visited"):
            for message in self.ruleset.check_condition(self.book, c):
                self.add(sid, path, message)

    def test(self, sid: str, test: ChanceTest, has_choices: bool) -> None:
        self.name(sid, "test.stat", "stat", test.stat)
        for message in self.ruleset.check_test(self.book, test):
            self.add(sid, "test", message)
        ranges = sorted(test.ranges, key=lambda r: r.min if r.min is not None else -(10**9))
        for a, b in pairwise(ranges):
            if a.max is None or b.min is None or a.max >= b.min:
                self.add(
                    sid,
                    "test.ranges",
                    gettext("ranges overlap (%(a_min)s..%(a_max)s and %(b_min)s..%(b_max)s)")
                    % {"a_min": a.min, "a_max": a.max, "b_min": b.min, "b_max": b.max},
                )
            elif b.min > a.max + 1:
                self.add(
                    sid,
                    "test.ranges",
                    gettext("no range holds %(low)s..%(high)s") % {"low": a.max + 1, "high": b.min - 1},
                )
        if not has_choices:
            for path, target in test.targets():
                if target is None:
                    self.add(sid, path, gettext("reads on in the section, but the section has no choices"))

    def section(self, sid: str, s: Section) -> None:
        for path, target in s.targets():
            if target is not None and target not in self.book.sections:
                self.add(sid, path, gettext("no section %(section)s") % {"section": repr(target)})
        for e, path in _effects(s):
            self.effect(sid, path, e)
        for c, path, hidden in _all_conditions(s):
            self.condition(sid, path, c, hidden)
        if s.fight is not None:
            for message in self.ruleset.check_fight(self.book, s.fight):
                self.add(sid, "fight", message)
        if s.test is not None:
            self.test(sid, s.test, bool(s.choices))
        way_on = [t for _, t in s.targets() if t is not None]
        if s.ending is None and not way_on:
            self.add(sid, "choices", gettext("no way on, and the section is not an ending"))
        if s.ending is not None and s.choices:
            self.add(sid, "ending", gettext("an ending (%(ending)s) with choices") % {"ending": s.ending})

    def sheetless(self) -> None:
        """A book without a sheet: every place that reads or changes the sheet is a problem."""
        if self.book.book.items:
            self.add(
                "",
                "book.items",
                gettext("items are declared, but the book has no sheet ([book] sheet = false)"),
            )
        changes = gettext("changes the sheet, but the book has no sheet ([book] sheet = false)")
        for i, e in enumerate(self.book.book.start_effects, 1):
            if _sheet_effect(e):
                self.add("", f"book.start_effects[{i}]", changes)
        for sid, s in self.book.sections.items():
            if s.fight is not None:
                self.add(sid, "fight", gettext("a fight, but the book has no sheet ([book] sheet = false)"))
            if s.eat:
                self.add(sid, "eat", gettext("a meal, but the book has no sheet ([book] sheet = false)"))
            if s.test is not None and (s.test.stat is not None or s.test.kind not in _SHEETLESS_TESTS):
                self.add(
                    sid,
                    "test",
                    gettext(
                        "a test of the reader's scores, but the book has no sheet ([book] sheet = false); "
                        'use kind = "roll"'
                    ),
                )
            for e, path in _effects(s):
                if _sheet_effect(e):
                    self.add(sid, path, changes)
            for c, path, _hidden in _all_conditions(s):
                if any(v is not None for v in (c.item, c.gold, c.provisions, c.stat, c.power)):
                    self.add(
                        sid,
                        path,
                        gettext("reads the sheet, but the book has no sheet ([book] sheet = false)"),
                    )

    def stuck(self) -> None:
        for sid, verdict in _verdicts(self.book):
            if verdict.stuck:
                self.add(
                    sid,
                    "choices",
                    gettext(
                        "every choice has a condition and all can be false at once (%(example)s): "
                        "the reader would be stuck; add a choice without a condition"
                    )
                    % {"example": verdict.example},
                )

    def flags(self) -> None:
        effects = [(e, "") for e in self.book.book.start_effects]
        set_flags = {e.flag for e, _ in effects if e.flag}
        for s in self.book.sections.values():
            set_flags |= {e.flag for e, _ in _effects(s) if e.flag}
        for sid, s in self.book.sections.items():
            for c, path, _ in _all_conditions(s):
                if c.flag is not None and c.flag not in set_flags:
                    self.add(
                        sid, path, gettext("flag %(flag)s is tested but never set") % {"flag": repr(c.flag)}
                    )

    def run(self) -> list[Problem]:
        info = self.book.book
        if info.system != self.ruleset.id:
            self.add(
                "",
                "book.system",
                gettext("is %(system)s; this checker is for %(checker)s")
                % {"system": repr(info.system), "checker": repr(self.ruleset.id)},
            )
        if info.start not in self.book.sections:
            self.add("", "book.start", gettext("no section %(section)s") % {"section": repr(info.start)})
        for i, e in enumerate(info.start_effects, 1):
            self.effect("", f"book.start_effects[{i}]", e)
        self.problems += self.ruleset.check_book(self.book)
        for sid, s in self.book.sections.items():
            self.section(sid, s)
        if not info.sheet:
            self.sheetless()
        self.stuck()
        self.flags()
        return self.problems


_EMPTY = {
    "stat": N_("an empty stat name"),
    "item": N_("an empty item name"),
    "power": N_("an empty power name"),
}
"""The problem of an empty name, by its kind."""

_UNKNOWN = {
    "stat": N_("unknown stat %(name)s (known: %(known)s)"),
    "item": N_("unknown item %(name)s (known: %(known)s)"),
    "power": N_("unknown power %(name)s (known: %(known)s)"),
}
"""The problem of a name not known, by its kind."""

_SHEETLESS_TESTS = ("roll", "random")
"""The tests a book without a sheet may hold: dice thrown against nothing the reader has."""


def _sheet_effect(e: Effect) -> bool:
    return any(v is not None for v in (e.stat, e.initial, e.item, e.lose_item, e.gold, e.provisions))


def _verdicts(book: Book) -> Iterator[tuple[str, Verdict]]:
    """Each section whose choices all have conditions, and can be reached in play, with the verdict
    on whether the reader can be stuck there."""
    leads_to: dict[str, set[str]] = {}
    for sid, section in book.sections.items():
        for _, target in section.targets():
            if target is not None:
                leads_to.setdefault(target, set()).add(sid)
    for sid, s in book.sections.items():
        reaches_choices = (
            s.ending is None
            and (s.fight is None or s.fight.win is None)
            and (s.test is None or any(t is None for _, t in s.test.targets()))
        )
        conditions = [c.condition for c in s.choices if c.condition is not None]
        if not reaches_choices or not conditions or len(conditions) < len(s.choices):
            continue
        came_from = None if sid == book.book.start else frozenset(leads_to.get(sid, ()))
        yield sid, can_be_stuck(conditions, sid, came_from)


def unreachable(book: Book) -> list[str]:
    """The sections no way leads to from the start section, in the book's order."""
    start = book.book.start
    seen = {start}
    todo = deque([start])
    while todo:
        section = book.sections.get(todo.popleft())
        if section is None:
            continue
        for _, target in section.targets():
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    return [sid for sid in book.sections if sid not in seen]


def check_book(book: Book, ruleset: Ruleset) -> list[Problem]:
    """Every problem with `book` under `ruleset` (empty when the book is sound): what would make
    play fail or stop where the book does not end."""
    return _Checker(book, ruleset).run()


class UnplayableBookError(ContentError):
    """A book `check` finds problems with, refused before play: the first problem and how many more."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.problems = problems
        first = problems[0].render()
        if len(problems) > 1:
            reason = gettext("has problems; run `check` on it: %(first)s (and %(more)s more)") % {
                "first": first,
                "more": len(problems) - 1,
            }
        else:
            reason = gettext("has problems; run `check` on it: %(first)s") % {"first": first}
        super().__init__(file, "", reason)


def refuse_problems(book: Book, ruleset: Ruleset, file: str) -> None:
    """Refuse (`UnplayableBookError`, naming `file`) a book that `check_book` finds problems with: a
    game is started only from a book `check` passes, whichever front end starts it."""
    problems = check_book(book, ruleset)
    if problems:
        raise UnplayableBookError(file, problems)


def check_warnings(book: Book) -> list[Problem]:
    """What is odd about `book` but does not stop play: sections no way leads to from the start, and
    sections whose choice conditions read too many things for the checker to prove the reader is
    never stuck there."""
    start = book.book.start
    said = gettext("unreachable from the start section %(start)s") % {"start": start}
    out = [Problem(sid, "", said) for sid in unreachable(book)]
    for sid, verdict in _verdicts(book):
        if verdict.unknown:
            out.append(
                Problem(
                    sid,
                    "choices",
                    gettext(
                        "the choices' conditions read too many things (over %(cases)s cases) to prove "
                        "the reader is never stuck here"
                    )
                    % {"cases": MAX_CASES},
                )
            )
    return out
