"""What of the reader the rest of a book can read: the state abstraction of the book solver.

The solver (`gamebook.solve`) works on the runner's own states (`runner.GamebookState`) but numbers them
by a key that keeps only what can still matter. What a section reads is found in the book: the flags,
visited sections, items, gold, Provisions, stats, Powers and specials its conditions name (choices,
effects' `when`, test adjustments), a test, a fight, a meal, and, for a section on a cycle of the section
graph whose effects are `once`, whether it was visited. What is *live* at a section is what it reads or
what any section it can lead to reads (`Liveness`); the rest is dropped from the key, so two readers who
differ only in a flag no section ahead of them tests are one state. The reader actions taken in a visit
(the runner's `used`) are kept only while they can still make a difference (`spent`).

Flags and visited sections belong to the gamebook layer and are dropped here. The sheet belongs to the
system: a `SheetView` says which part of it a key keeps, given what is live. The default keeps the whole
sheet (exact for any ruleset); a system may offer a finer view as `Ruleset.solve_sheet_view` (read with
`getattr`, so a ruleset without one is solved with the whole sheet).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from grognard.engine.odds.graph import components
from grognard.gamebook.model import Book, Condition, Effect, Section
from grognard.gamebook.ruleset import Ruleset, Sheet
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.stuck import leaves

Read: TypeAlias = tuple[str, ...]
"""One thing a section reads: ("flag", name), ("visited", id), ("item", name), ("gold",),
("provisions",), ("stat", name) (a condition on it or a change to it), ("power", name),
("special", name), ("test", kind), ("fight",), ("eat",)."""

Live: TypeAlias = frozenset[Read]
"""What the rest of the book can read from a section on."""


def section_conditions(section: Section) -> Iterator[Condition]:
    """Every condition of a section: its choices', its effects' and its test's (adjustments, branches)."""
    for choice in section.choices:
        if choice.condition is not None:
            yield choice.condition
        yield from (e.when for e in choice.effects if e.when is not None)
    yield from (e.when for e in section.effects if e.when is not None)
    if section.test is not None:
        yield from (a.when for a in section.test.adjust)
        for branch in (*section.test.branches.values(), *section.test.ranges):
            yield from (e.when for e in branch.effects if e.when is not None)


def section_targets(section: Section) -> list[str]:
    """Every section this one can lead to (choices, the fight's ways out, the test's branches)."""
    return [target for _, target in section.targets() if target is not None]


def _leaf_read(c: Condition) -> Read:
    kind = c.kind
    if kind in ("gold", "provisions"):
        return (kind,)
    if kind == "visited":
        return ("visited", str(c.visited))
    return (kind, str(getattr(c, kind)))


def section_effects(section: Section) -> Iterator[Effect]:
    """Every effect of a section: on arrival, of its choices and of its test's branches."""
    yield from section.effects
    for choice in section.choices:
        yield from choice.effects
    if section.test is not None:
        for branch in (*section.test.branches.values(), *section.test.ranges):
            yield from branch.effects


def section_reads(section_id: str, section: Section, on_cycle: bool) -> set[Read]:
    """What one section reads (see `Read`); `on_cycle`: the section can be reached again after it. A
    change to a stat reads it (its new value is the old one moved, capped, and may be death); the loss of
    an item reads the item (losing it, when it is held, makes room)."""
    reads = {_leaf_read(leaf) for c in section_conditions(section) for leaf in leaves(c)}
    for effect in section_effects(section):
        if effect.stat or effect.initial:
            reads.add(("stat", str(effect.stat or effect.initial)))
        if effect.lose_item:
            reads.add(("item", str(effect.lose_item)))  # a loss frees the item's place, if it is held
    if on_cycle and any(e.once for e in section.effects):
        reads.add(("visited", section_id))
    if section.test is not None:
        reads.add(("test", section.test.kind))
        if section.test.stat:
            reads.add(("stat", section.test.stat))
    if section.fight is not None:
        reads.add(("fight",))
    if section.eat:
        reads.add(("eat",))
    return reads


class Liveness:
    """What is live at each section of a book: what it or any section it can lead to reads.

    Sections on one cycle of the section graph share one set (each can lead to every other).
    """

    def __init__(self, book: Book) -> None:
        ids = list(book.sections)
        number = {sid: i for i, sid in enumerate(ids)}
        succ = [tuple(number[t] for t in section_targets(book.sections[sid]) if t in number) for sid in ids]
        self.live: dict[str, Live] = {}
        """The live set of every section, by id."""
        self.on_cycle: frozenset[str] = frozenset()
        """The sections that can be reached again after themselves."""
        cyclic: set[str] = set()
        done: list[Live] = [frozenset()] * len(ids)
        for comp in components(succ):  # each component after every one it can reach
            members = comp if isinstance(comp, list) else [comp]
            looped = len(members) > 1 or members[0] in succ[members[0]]
            reads: set[Read] = set()
            inside = set(members)
            for v in members:
                sid = ids[v]
                if looped:
                    cyclic.add(sid)
                reads |= section_reads(sid, book.sections[sid], looped)
                for w in succ[v]:
                    if w not in inside:
                        reads |= done[w]
            live = frozenset(reads)
            for v in members:
                done[v] = live
                self.live[ids[v]] = live
        self.on_cycle = frozenset(cyclic)

    def at(self, section: str) -> Live:
        """The live set at `section` (empty for an unknown one)."""
        return self.live.get(section, frozenset())


class SheetView(Protocol):
    """How the solver reads a system's sheet: the part a key keeps.

    `key(sheet, live)` is what of the sheet can matter when `live` is what the rest of the book reads
    (two sheets with equal keys must play out alike from there on). `fight_context(sheet, live)` is the
    part of the sheet a fight neither reads nor changes (two readers entering a section's fight with equal
    contexts share the fight's positions); the whole key is always a safe answer.
    """

    def key(self, sheet: Sheet, live: Live) -> Hashable:
        """The part of `sheet` that can matter from a section whose live set is `live`."""

    def fight_context(self, sheet: Sheet, live: Live) -> Hashable:
        """The part of `sheet` a section's fight leaves as it is and does not read."""


class WholeSheet:
    """The default view: the whole sheet is kept (exact for any ruleset; the sheet must be hashable)."""

    def key(self, sheet: Sheet, live: Live) -> Hashable:
        """The sheet itself."""
        return sheet  # type: ignore[no-any-return]

    def fight_context(self, sheet: Sheet, live: Live) -> Hashable:
        """The sheet itself: no two different sheets share a fight."""
        return sheet  # type: ignore[no-any-return]


def sheet_view(ruleset: Ruleset) -> SheetView:
    """The ruleset's own view of its sheet (`solve_sheet_view`, when it offers one), else `WholeSheet`."""
    offered = getattr(ruleset, "solve_sheet_view", None)
    view = offered() if callable(offered) else None
    return view if view is not None else WholeSheet()


VIEWS_KEPT = 100_000
"""The most sheets whose view a `Projector` keeps at once."""


SPENT_STEPS = 64
"""The most reader actions `spent` steps through to compare two readers' visits (past it they are kept
apart, which is always exact)."""


def spent(state: GamebookState) -> bool:
    """True when the reader actions already taken in this visit of the section (`used`, the reader at a
    decision) make no difference from here: the reader plays out exactly as one with the same sheet who
    took none (`_same_visit`; the section's choices do not read `used`, and the next section forgets it).
    A reader who drank a potion that would now change nothing, or dropped an item no longer held (with no
    other reader action the drop changed), is then one state with every other reader there alike."""
    return state.phase == "choose" and _same_visit(state, state._with(used=()), SPENT_STEPS)[0]


def _same_visit(a: GamebookState, b: GamebookState, steps: int) -> tuple[bool, int]:
    """Whether two readers in the same place with the same sheet, who differ only in the reader actions
    taken in this visit, play out alike: the same reader actions open (in the same order), and after
    each, taken by both, readers alike again (the runner's own step; only a reader action of the visit
    is taken before the reader leaves the section). The steps left are returned with the answer; none
    left is no."""
    if a.phase != b.phase:
        return False, steps
    if a.phase == "over":
        return a.outcome == b.outcome, steps
    if a.phase != "choose":
        return False, steps
    offered = list(a._reader_actions())
    if offered != list(b._reader_actions()):
        return False, steps
    for action in offered:
        steps -= 1
        if steps < 0:
            return False, steps
        after_a, after_b = a._apply(action), b._apply(action)
        if after_a.sheet != after_b.sheet:
            return False, steps
        same, steps = _same_visit(after_a, after_b, steps)
        if not same:
            return False, steps
    return True, steps


@dataclass(frozen=True)
class Projector:
    """Keys of the runner's states: what of a state the rest of the book can read.

    The parts of a key are shared between the keys that have them alike (one tuple of the sheet for the
    many readers with the same sheet in different sections), so a book's millions of keys take less room;
    a key is equal to, and hashes as, the same key built afresh.
    """

    liveness: Liveness
    view: SheetView
    _shared: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _tested: dict[Live, tuple[frozenset[str], frozenset[str]]] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    _views: dict[tuple[Any, int, bool], Hashable] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    @classmethod
    def of(cls, book: Book, ruleset: Ruleset, view: SheetView | None = None) -> Projector:
        """The projector of a book under a ruleset (with the ruleset's sheet view unless one is given)."""
        return cls(Liveness(book), view if view is not None else sheet_view(ruleset))

    def _common(self, state: GamebookState, live: Live, phase: str) -> tuple[Any, ...]:
        """Where the reader is and what of the book it carries, one tuple shared by every key that has
        it alike (the many sheets of readers in one place)."""
        tested = self._tested.get(live)
        if tested is None:
            visits = frozenset(str(rest[0]) for kind, *rest in live if kind == "visited")
            flags = frozenset(str(rest[0]) for kind, *rest in live if kind == "flag")
            tested = self._tested[live] = (visits, flags)
        share = self._shared.setdefault
        visited = tested[0].intersection(state.visited)
        flags = tested[1] & state.flags
        used: tuple[Any, ...] | None = ()
        if state.used:
            # reader actions that make no difference any more (`spent`) are None: one state for every
            # such reader with the sheet, kept apart from the readers who have just come (who took none:
            # a section's first states, whose visits the reports count)
            used = None if spent(state) else share(u := tuple(sorted(state.used)), u)
        common = (
            phase,
            state.section,
            state.then,
            state.queue,
            used,
            share(visited, visited),
            share(flags, flags),
        )
        return share(common, common)  # type: ignore[no-any-return]

    def key(self, state: GamebookState) -> Hashable:
        """The key of a state outside a fight: an ending by its section and outcome alone; during
        creation the whole sheet; else the readable part of the sheet, and where in the book the reader
        is (the phase, the section, what is still to apply, the reader actions used, the live visited
        sections and flags, one shared tuple: a key is two references)."""
        if state.phase == "over":
            return ("over", state.section, state.outcome)
        if state.phase == "create" or not state.section:
            return ("create", state.phase, state.sheet, state.queue, state.then)
        live = self.liveness.at(state.section)
        return (self._sheet(state.sheet, live, False), self._common(state, live, state.phase))

    def _sheet(self, sheet: Sheet, live: Live, fight: bool) -> Hashable:
        """The view's key of a sheet (or its fight context), worked out once for the many readers with
        the same sheet and live set (the walk is depth first: the last `VIEWS_KEPT` are kept)."""
        at = (sheet, id(live), fight)  # a live set is one of the `Liveness`'s own, kept as long
        try:
            known = self._views.get(at)
        except TypeError:  # a sheet that cannot be hashed: its view's key each time
            part = self.view.fight_context(sheet, live) if fight else self.view.key(sheet, live)
            return self._shared.setdefault(part, part)  # type: ignore[no-any-return]
        if known is None:
            part = self.view.fight_context(sheet, live) if fight else self.view.key(sheet, live)
            known = self._shared.setdefault(part, part)
            if len(self._views) >= VIEWS_KEPT:
                self._views.clear()
            self._views[at] = known
        return known

    def fight_context(self, state: GamebookState) -> Hashable:
        """The key of the reader around a fight under way: all of `key` but what the fight reads and
        changes (readers in one context share the fight's positions)."""
        live = self.liveness.at(state.section)
        return (self._sheet(state.sheet, live, True), self._common(state, live, "fight"))
