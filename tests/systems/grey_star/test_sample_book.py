"""The shipped Grey Star sample adventure (data/books/sample.toml): it loads, it is sound, it is winnable,
and it uses every rule the issue lists at least once.

Rules come from the issue's summary of the Grey Star rules; combat from the excerpt
001_2055bbb054c2d265.txt (procedure lines 5-12, evasion lines 14-18). The walk in `_explore` plays the
book's graph with the reader's items, Nobles, flags and visited sections tracked, so the tests see the
book as a reader does (a choice closed by `not visited` is closed; a paid item is gone).
"""

from __future__ import annotations

import importlib
import inspect
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.game import GameState, Outcome
from grognard.gamebook.check import check_book
from grognard.gamebook.load import dump_book, load_book, parse_book
from grognard.gamebook.model import Book, Choice, Condition, Effect, Fight, Section
from grognard.gamebook.ruleset import ChanceStep, Context, Ruleset, Sheet, Step
from grognard.gamebook.twee import export_twee, import_twee
from grognard.systems.grey_star import chart

SEED = "001_2055bbb054c2d265.txt"
BOOK_PATH = Path(__file__).resolve().parents[3] / "src/grognard/systems/grey_star/data/books/sample.toml"
STATS = ("COMBAT_SKILL", "WILLPOWER", "ENDURANCE")
HERBS = ("Vial of Saltpetre", "Vial of Sulphur", "Empty Vial")
STARTING = (chart.STAFF, chart.MEAL, chart.MAP, *chart.GIFTS, *HERBS)


@pytest.fixture(scope="module")
def book() -> Book:
    return load_book(BOOK_PATH)


# --- walking the models -----------------------------------------------------------------------------


def conditions(cond: Condition | None) -> Iterator[Condition]:
    """`cond` and every condition inside it."""
    if cond is None:
        return
    yield cond
    if cond.not_ is not None:
        yield from conditions(cond.not_)
    for sub in (cond.any or ()) + (cond.all or ()):
        yield from conditions(sub)


def section_effects(s: Section) -> Iterator[Effect]:
    """Every effect of a section: on arrival, on its choices, on its test's outcomes."""
    yield from s.effects
    for c in s.choices:
        yield from c.effects
    if s.test is not None:
        for r in s.test.ranges:
            yield from r.effects
        for b in s.test.branches.values():
            yield from b.effects


def section_conditions(s: Section) -> Iterator[Condition]:
    """Every condition of a section (choices, effects' `when`, test adjustments), nested ones too."""
    for c in s.choices:
        yield from conditions(c.condition)
    for e in section_effects(s):
        yield from conditions(e.when)
    if s.test is not None:
        for a in s.test.adjust:
            yield from conditions(a.when)


def choices_where(book: Book, pred: Any) -> list[tuple[str, Choice]]:
    return [(sid, c) for sid, s in book.sections.items() for c in s.choices if pred(c)]


def effects_where(book: Book, pred: Any) -> list[str]:
    return [sid for sid, s in book.sections.items() if any(pred(e) for e in section_effects(s))]


def fights(book: Book) -> list[tuple[str, Fight]]:
    return [(sid, s.fight) for sid, s in book.sections.items() if s.fight is not None]


def powers_of(c: Choice) -> set[str]:
    return {x.power for x in conditions(c.condition) if x.power is not None}


def targets(s: Section) -> list[str]:
    return [t for _, t in s.targets() if t is not None]


# --- a reader's walk through the book ---------------------------------------------------------------


NO_GOLD = -1
"""The Nobles of a walk that does not count them."""

State = tuple[str, tuple[str, ...], int, frozenset[str], frozenset[str]]
"""(section, items carried, Nobles, flags, visited sections)."""


def _holds(
    cond: Condition, items: tuple[str, ...], gold: int, flags: frozenset[str], seen: frozenset[str]
) -> bool:
    """A condition for the walk: items, Nobles, flags and visits exactly; powers and stats as held (a
    reader may have any five Magicks and enough WILLPOWER)."""
    kind = cond.kind
    if kind == "item":
        return cond.item in items
    if kind == "gold":
        return gold == NO_GOLD or gold >= (cond.gold or 0)
    if kind == "flag":
        return cond.flag in flags
    if kind == "visited":
        return cond.visited in seen
    if kind == "not":
        assert cond.not_ is not None
        return not _holds(cond.not_, items, gold, flags, seen)
    if kind == "any":
        return any(_holds(c, items, gold, flags, seen) for c in cond.any or ())
    if kind == "all":
        return all(_holds(c, items, gold, flags, seen) for c in cond.all or ())
    return True


def _pay(cond: Condition | None, items: list[str], gold: int) -> int:
    for c in conditions(cond):
        if gold == NO_GOLD and c.gold is not None:
            continue
        if c.pay and c.item is not None:
            items.remove(c.item)
        if c.pay and c.gold is not None:
            gold -= c.gold
    return gold


def _apply(effects: tuple[Effect, ...], st: State, first_visit: bool) -> State:
    sid, items_t, gold, flags, seen = st
    items = list(items_t)
    for e in effects:
        if e.once and not first_visit:
            continue
        if e.when is not None and not _holds(e.when, tuple(items), gold, flags, seen):
            continue
        if e.item is not None:
            items += [e.item] * e.count
        elif e.lose_item is not None:
            for _ in range(e.count):
                items.remove(e.lose_item)
        elif e.gold is not None and gold != NO_GOLD:
            assert isinstance(e.gold, int)
            gold += e.gold
        elif e.flag is not None:
            flags = flags | {e.flag}
        elif e.clear_flag is not None:
            flags = flags - {e.clear_flag}
        elif e.special == "meal" and chart.MEAL in items:
            items.remove(chart.MEAL)
    return (sid, tuple(sorted(items)), gold, flags, seen)


def remembered(book: Book) -> frozenset[str]:
    """The sections whose visits matter: tested by `visited`, or with `once` effects (a walk that kept
    every visit would count the same position many times over)."""
    out = {c.visited for s in book.sections.values() for c in section_conditions(s) if c.visited}
    out |= {sid for sid, s in book.sections.items() if any(e.once for e in section_effects(s))}
    return frozenset(x for x in out if x is not None)


def _successors(book: Book, st: State, keep: frozenset[str]) -> Iterator[tuple[State, str]]:
    """Every state the reader may move on to from arriving at `st`, each with how."""
    sid, _, _, _, seen = st
    s = book.section(sid)
    first = sid not in seen
    st = _apply(s.effects, st, first)
    sid, items, gold, flags, seen = st
    if sid in keep:
        seen = seen | {sid}
    st = (sid, items, gold, flags, seen)
    if s.fight is not None:
        for label, target in s.fight.targets():
            if target is not None:
                yield (target, items, gold, flags, seen), label
        if s.fight.win is not None:
            return
    if s.test is not None:
        for r in s.test.ranges:
            after = _apply(r.effects, st, True)
            if r.target is not None:
                yield (r.target, *after[1:]), "test"
            else:
                yield from _choose(book, s, after)
        return
    yield from _choose(book, s, st)


def _choose(book: Book, s: Section, st: State) -> Iterator[tuple[State, str]]:
    sid, items, gold, flags, seen = st
    for i, c in enumerate(s.choices, 1):
        if c.condition is not None and not _holds(c.condition, items, gold, flags, seen):
            continue
        left = list(items)
        paid = _pay(c.condition, left, gold)
        after = _apply(c.effects, (sid, tuple(sorted(left)), paid, flags, seen), True)
        yield (c.target, *after[1:]), f"choice {i}"


def start_items(gift: str, alchemy: bool) -> tuple[str, ...]:
    herbs = chart.HERB_POUCH_START if alchemy else ()
    meals = (chart.MEAL,) * chart.START_MEALS
    return tuple(sorted((chart.STAFF, chart.MAP, gift, *meals, *herbs)))


def explore(book: Book, gift: str, alchemy: bool = True, gold: bool = True, goal: str = "") -> set[str]:
    """The sections a reader with `gift` (and Alchemy or not) can reach, walking until `goal` is
    reached ("": the whole book). With `gold` False, Nobles are not counted and every gold condition
    holds (more paths than a reader has: right for limits that must hold on every path).

    Each reachable state is also checked against the carrying limits as it is found."""
    first: State = (
        book.book.start,
        start_items(gift, alchemy),
        0 if gold else NO_GOLD,
        frozenset(),
        frozenset(),
    )
    keep = remembered(book)
    seen_states = {first}
    reached = {first[0]}
    todo = deque([first])
    while todo:
        st = todo.popleft()
        check_limits(book, st)
        if st[0] == goal:
            break
        if book.section(st[0]).ending is not None:
            continue
        for nxt, _ in _successors(book, st, keep):
            if nxt not in seen_states:
                seen_states.add(nxt)
                reached.add(nxt[0])
                todo.append(nxt)
    return reached


def check_limits(book: Book, st: State) -> None:
    """Carrying limits: at most 2 weapons (the Staff counts) and 8 Backpack items (Meals count)."""
    items = st[1]
    assert weapons_of(book, items) <= chart.MAX_WEAPONS, (st[0], items)
    assert backpack_of(book, items) <= chart.MAX_BACKPACK, (st[0], items)


def weapons_of(book: Book, items: tuple[str, ...]) -> int:
    declared = book.book.items
    return sum(1 for i in items if i in (chart.STAFF, chart.DAGGER) or declared.get(i, {}).get("weapon"))


def backpack_of(book: Book, items: tuple[str, ...]) -> int:
    declared = book.book.items
    elsewhere = ("weapon", "special", "herb")
    return sum(
        1
        for i in items
        if i in (chart.MEAL, chart.LAUMSPUR)
        or (i in declared and not any(declared[i].get(p) for p in elsewhere))
    )


# --- a stand-in ruleset knowing only Grey Star's names (for the generic checks) --------------------


class GreyStarNames(Ruleset):
    """Grey Star's stat names, Magicks and starting items, and nothing else: enough for `check_book`'s
    generic checks (targets, reachability, ways on, names, flags, ranges) before the real ruleset."""

    id = "grey-star"
    name = "Grey Star (names only)"
    stats = STATS
    powers = chart.LESSER_MAGICKS
    builtin_items = STARTING

    def new_sheet(self, ctx: Context) -> Sheet:
        raise NotImplementedError

    def creation_step(self, sheet: Sheet, ctx: Context) -> Step | None:
        raise NotImplementedError

    def apply_creation(self, sheet: Sheet, move: Outcome, ctx: Context) -> Sheet:
        raise NotImplementedError

    def apply_effect(self, sheet: Sheet, effect: Effect, ctx: Context) -> Sheet:
        raise NotImplementedError

    def condition_holds(self, sheet: Sheet, condition: Condition, ctx: Context) -> bool:
        raise NotImplementedError

    def start_fight(self, sheet: Sheet, fight: Fight, ctx: Context) -> GameState:
        raise NotImplementedError

    def end_fight(self, sheet: Sheet, fight: Fight, final: GameState, ctx: Context) -> tuple[Sheet, str]:
        raise NotImplementedError

    def test_step(self, sheet: Sheet, test: Any, modifier: int, ctx: Context) -> ChanceStep:
        raise NotImplementedError


def grey_star_ruleset() -> Ruleset:
    """The Grey Star ruleset of grognard.systems.grey_star.ruleset (its instance, or its class built)."""
    module = importlib.import_module("grognard.systems.grey_star.ruleset")
    found = [v for v in vars(module).values() if isinstance(v, Ruleset)]
    if found:
        return found[0]
    classes = [
        v
        for v in vars(module).values()
        if inspect.isclass(v) and issubclass(v, Ruleset) and v is not Ruleset and not inspect.isabstract(v)
    ]
    assert classes, "grognard.systems.grey_star.ruleset defines no Ruleset"
    return classes[0]()


# --- the book as a whole ----------------------------------------------------------------------------


def test_the_book_loads_with_its_header(book: Book) -> None:
    info = book.book
    assert (info.system, info.author, info.start) == ("grey-star", "grognard", "1")
    assert info.title == "The Drowned Bell of Quellmere"


def test_at_least_forty_sections_numbered_from_one(book: Book) -> None:
    assert len(book.sections) >= 40
    assert list(book.sections) == [str(n) for n in range(1, len(book.sections) + 1)]


def test_the_generic_checks_find_no_problem(book: Book) -> None:
    problems = [p.render() for p in check_book(book, GreyStarNames())]
    assert problems == []


def test_the_grey_star_ruleset_finds_no_problem(book: Book) -> None:
    """check_book with the real ruleset (its fight, test, effect and item checks)."""
    problems = [p.render() for p in check_book(book, grey_star_ruleset())]
    assert problems == []


def test_the_book_survives_the_toml_and_twee_round_trips(book: Book) -> None:
    assert parse_book(dump_book(book)) == book
    assert import_twee(export_twee(book)) == book


def test_every_non_ending_has_a_way_on_and_endings_have_none(book: Book) -> None:
    for sid, s in book.sections.items():
        if s.ending is None:
            assert targets(s), f"section {sid} has no way on"
        else:
            assert not s.choices and s.fight is None and s.test is None, sid


def test_texts_are_short(book: Book) -> None:
    for sid, s in book.sections.items():
        assert s.text, f"section {sid} has no text"
        assert len(s.text) <= 520, f"section {sid} is {len(s.text)} characters long"


# --- winnable ---------------------------------------------------------------------------------------


def test_exactly_one_victory_and_several_deaths(book: Book) -> None:
    endings = [s.ending for s in book.sections.values()]
    assert endings.count("victory") == 1
    assert endings.count("death") >= 3


def test_every_section_and_the_victory_are_reachable_from_one(book: Book) -> None:
    seen = {"1"}
    todo = deque(["1"])
    while todo:
        for t in targets(book.section(todo.popleft())):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    assert seen == set(book.sections)
    victory = next(sid for sid, s in book.sections.items() if s.ending == "victory")
    assert victory in seen


def victory_of(book: Book) -> str:
    return next(sid for sid, s in book.sections.items() if s.ending == "victory")


@pytest.mark.parametrize("gift", chart.GIFTS)
@pytest.mark.parametrize("alchemy", [True, False])
def test_a_reader_without_any_magick_can_win_with_any_gift(book: Book, gift: str, alchemy: bool) -> None:
    """With items, Nobles, flags and visits tracked and every power-gated choice closed, the victory
    can be reached (the Herb Pouch comes with Alchemy, so both are tried)."""
    bare = _without_powers(book)
    assert victory_of(book) in explore(bare, gift, alchemy, goal=victory_of(book))


def test_the_walk_is_strict_and_can_fail(book: Book) -> None:
    """The walk finds the victory, and is strict: with the town and the reed path cut off, the only way
    on is the ferry, which a reader with no Nobles and no Magick cannot take."""
    assert victory_of(book) in explore(book, chart.TALISMAN, goal=victory_of(book))
    sections = dict(book.sections)
    for sid, s in book.sections.items():
        drop = tuple(c for c in s.choices if not (sid in ("1", "6", "11") and c.target in ("2", "13", "11")))
        drop = tuple(c for c in drop if not (sid == "12" and c.target == "13"))
        sections[sid] = s.model_copy(update={"choices": drop})
    broke = _without_powers(book.model_copy(update={"sections": sections}))
    assert victory_of(book) not in explore(broke, chart.TALISMAN, goal=victory_of(book))


def _without_powers(book: Book) -> Book:
    """The book with every power-gated choice removed (a reader lacking every Magick)."""
    sections = {
        sid: s.model_copy(update={"choices": tuple(c for c in s.choices if not powers_of(c))})
        for sid, s in book.sections.items()
    }
    return book.model_copy(update={"sections": sections})


def test_every_section_and_ending_is_reached_on_a_walk_and_carrying_limits_hold(book: Book) -> None:
    """Walking the book with each gift (Nobles not counted, so more paths than a reader has): every
    section is reached by some reader, and no path breaks the carrying limits (at most 2 weapons, the
    Staff counting; at most 8 Backpack items, Meals counting)."""
    reached: set[str] = set()
    for gift in chart.GIFTS:
        found = explore(book, gift, gold=False)
        endings = {sid for sid, s in book.sections.items() if s.ending is not None}
        assert endings <= found, (gift, endings - found)
        reached |= found
    assert reached == set(book.sections)


@pytest.mark.parametrize(
    ("gift", "extra", "limit"),
    [
        (chart.DAGGER, ("Fisher's Hatchet",), "weapons"),
        (chart.LAUMSPUR, ("Lantern", "Lantern", "Coil of Rope", "Coil of Rope"), "Backpack"),
    ],
)
def test_the_carrying_check_can_fail(book: Book, gift: str, extra: tuple[str, ...], limit: str) -> None:
    """A book that hands out a third weapon, or a ninth Backpack item, is caught by the walk."""
    greedy = dict(book.sections)
    greedy["1"] = book.sections["1"].model_copy(update={"effects": tuple(Effect(item=i) for i in extra)})
    with pytest.raises(AssertionError):
        explore(book.model_copy(update={"sections": greedy}), gift, gold=False)


def test_the_five_noble_payment_can_be_afforded(book: Book) -> None:
    """Nobles: without Enchantment the ferry (the gold-gated choice) is reached only by paying 5 Nobles,
    and a reader can afford it."""
    gated = choices_where(book, lambda c: c.condition is not None and c.condition.gold == 5)
    assert gated
    (_sid, choice), *_ = gated
    bare = _without_powers(book)
    assert choice.target in explore(bare, chart.DAGGER, goal=choice.target)


# --- every rule, at least once ----------------------------------------------------------------------


def test_action_chart_scores_are_the_only_stats(book: Book) -> None:
    """Action Chart: COMBAT SKILL, WILLPOWER, ENDURANCE."""
    used = {e.stat for s in book.sections.values() for e in section_effects(s) if e.stat}
    used |= {c.stat for s in book.sections.values() for c in section_conditions(s) if c.stat}
    assert used <= set(STATS)
    assert {"WILLPOWER", "ENDURANCE"} <= used


def test_all_seven_magicks_offer_a_choice(book: Book) -> None:
    """Magical Powers: every one of the seven Lesser Magicks gates a choice somewhere."""
    used = set().union(*(powers_of(c) for _, c in choices_where(book, lambda c: True)))
    assert used == set(chart.LESSER_MAGICKS)


def test_magick_choices_cost_willpower(book: Book) -> None:
    """Magical Powers spend WILLPOWER: every power-gated choice lowers it."""
    for sid, c in choices_where(book, lambda c: bool(powers_of(c))):
        costs = [e.add for e in c.effects if e.stat == "WILLPOWER" and isinstance(e.add, int) and e.add < 0]
        assert costs, f"section {sid}: {c.text!r} costs no WILLPOWER"


def test_a_way_on_for_readers_without_the_magick(book: Book) -> None:
    """Every section offering a power-gated choice also offers a choice with no condition."""
    for sid, s in book.sections.items():
        if any(powers_of(c) for c in s.choices):
            assert any(c.condition is None for c in s.choices), f"section {sid}"


def test_alchemy_uses_the_herb_pouch(book: Book) -> None:
    """Alchemy's Herb Pouch: a choice needs Alchemy and spends a vial of the starting pouch."""
    found = choices_where(
        book,
        lambda c: (
            "Alchemy" in powers_of(c) and any(x.item in HERBS and x.pay for x in conditions(c.condition))
        ),
    )
    assert found


def test_prophecy_adjusts_a_random_number(book: Book) -> None:
    """A random number test with Prophecy's +2 (an `adjust`)."""
    adjusted = [
        sid
        for sid, s in book.sections.items()
        if s.test is not None and any(a.when.power == "Prophecy" and a.add == 2 for a in s.test.adjust)
    ]
    assert adjusted


def test_random_number_tests_cover_zero_to_nine(book: Book) -> None:
    """Random number tests (0-9, seed line 8 'Pick a number from the Random Number Table')."""
    tests = [(sid, s.test) for sid, s in book.sections.items() if s.test is not None]
    assert len(tests) >= 3
    for sid, t in tests:
        assert t.kind == "random", sid
        covered = sorted(
            n for r in t.ranges for n in range(r.min or 0, (r.max if r.max is not None else 9) + 1)
        )
        assert covered == list(range(10)), f"section {sid}: {covered}"


def test_each_gift_opens_a_choice(book: Book) -> None:
    """The starting gifts (Jewelled Dagger, Magic Talisman, Vial of Laumspur) each gate a choice."""
    for gift in chart.GIFTS:
        assert choices_where(book, lambda c, g=gift: any(x.item == g for x in conditions(c.condition))), gift


def test_a_second_weapon_and_backpack_items_can_be_taken(book: Book) -> None:
    """Carrying limits: a declared weapon can be taken (and the dagger swapped for it), and at least two
    Backpack items."""
    declared = book.book.items
    weapons = [n for n, p in declared.items() if p.get("weapon") is True]
    gained = {e.item for s in book.sections.values() for e in section_effects(s) if e.item}
    assert set(weapons) & gained
    backpack = {i for i in gained if i in declared and not any(declared[i].values())}
    assert len(backpack) >= 2, backpack
    swap = choices_where(
        book,
        lambda c: (
            any(e.lose_item == chart.DAGGER for e in c.effects) and any(e.item in weapons for e in c.effects)
        ),
    )
    assert swap


def test_meals_are_required_twice(book: Book) -> None:
    """Meals: at least two sections where a Meal is eaten or 3 ENDURANCE lost (`special = "meal"`)."""
    assert len(effects_where(book, lambda e: e.special == "meal")) >= 2


def test_nobles_are_gained_and_paid(book: Book) -> None:
    """Nobles: gained by effects, and paid through a gold-gated choice of 5."""
    assert effects_where(book, lambda e: isinstance(e.gold, int) and e.gold > 0)
    assert choices_where(
        book, lambda c: c.condition is not None and c.condition.gold == 5 and c.condition.pay
    )


def test_several_fights_with_enemies_in_range(book: Book) -> None:
    """Combat (seed lines 5-12): several fights; enemies COMBAT SKILL 10-17, ENDURANCE 10-25."""
    found = fights(book)
    assert len(found) >= 5
    for sid, f in found:
        for c in f.creatures:
            assert set(c.stats) == {"COMBAT_SKILL", "ENDURANCE"}, sid
            assert 10 <= c.stats["COMBAT_SKILL"] <= 17, sid
            assert 10 <= c.stats["ENDURANCE"] <= 25, sid
        assert f.win is not None, sid


def test_a_fight_offers_evasion(book: Book) -> None:
    """Evasion only where the text offers it (001_2055bbb054c2d265.txt:14-18)."""
    assert [sid for sid, f in fights(book) if f.escape is not None]


def test_a_fight_with_a_combat_skill_penalty(book: Book) -> None:
    """A section's modifier to COMBAT SKILL (seed line 5: COMBAT SKILL for this fight)."""
    found = [sid for sid, f in fights(book) if isinstance(f.modifiers.get("combat_skill"), int)]
    assert found
    assert all(book.section(sid).fight.modifiers["combat_skill"] < 0 for sid in found)  # type: ignore[union-attr,operator]


def test_an_enemy_immune_to_the_staff(book: Book) -> None:
    """An enemy immune to the Staff's magic (seed lines 7 and 11: WILLPOWER multiplies the enemy's loss)."""
    assert [sid for sid, f in fights(book) if f.modifiers.get("immune_to_staff") is True]


def test_a_fight_of_a_fixed_number_of_rounds(book: Book) -> None:
    """A fight for a fixed number of rounds, its end mapped (seed line 12 otherwise: until one falls)."""
    limited = [
        (sid, f)
        for sid, f in fights(book)
        if isinstance(f.modifiers.get("max_rounds"), int) and "rounds-over" in f.on
    ]
    assert limited


def test_scores_rise_and_fall(book: Book) -> None:
    """Effects gain and lose ENDURANCE and WILLPOWER."""
    for stat in ("ENDURANCE", "WILLPOWER"):
        assert effects_where(book, lambda e, s=stat: e.stat == s and isinstance(e.add, int) and e.add > 0), (
            stat
        )
        assert effects_where(book, lambda e, s=stat: e.stat == s and isinstance(e.add, int) and e.add < 0), (
            stat
        )


def test_items_gained_and_lost_flags_and_visits(book: Book) -> None:
    """Items gained and lost, flags set and tested, visited-before conditions."""
    assert effects_where(book, lambda e: e.item is not None)
    assert effects_where(book, lambda e: e.lose_item is not None)
    set_flags = {e.flag for s in book.sections.values() for e in section_effects(s) if e.flag}
    tested = {c.flag for s in book.sections.values() for c in section_conditions(s) if c.flag}
    assert tested and tested <= set_flags
    assert any(c.visited for s in book.sections.values() for c in section_conditions(s))


def test_declared_items_cover_every_item_used(book: Book) -> None:
    """`[book.items]` declares every item that is not a starting item; weapons are marked."""
    used = {e.item or e.lose_item for s in book.sections.values() for e in section_effects(s)} - {None}
    used |= {c.item for s in book.sections.values() for c in section_conditions(s) if c.item}
    undeclared = used - set(book.book.items) - set(STARTING)
    assert undeclared == set()
    assert set(book.book.items) <= used
