"""The sample adventure shipped with grognard (data/books/sample.toml): it loads, it is sound, it is
winnable, and it exercises every rule of the rulebook 000_13d85f0bd5b613c5.txt at least once."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.gamebook.check import check_book
from grognard.gamebook.load import load_book
from grognard.gamebook.model import Book, Choice, Condition, Effect, Fight, Section
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.systems.fighting_fantasy.fight import FightState
from grognard.systems.fighting_fantasy.ruleset import FightingFantasyRuleset

BOOK_PATH = (
    Path(__file__).resolve().parents[3]
    / "src"
    / "grognard"
    / "systems"
    / "fighting_fantasy"
    / "data"
    / "books"
    / "sample.toml"
)


@pytest.fixture(scope="module")
def book() -> Book:
    return load_book(BOOK_PATH)


# --- walking the models ----------------------------------------------------------------------------------


def conditions(c: Condition | None) -> Iterator[Condition]:
    """A condition and every condition nested in it (not, any, all)."""
    if c is None:
        return
    yield c
    yield from conditions(c.not_)
    for sub in (*(c.any or ()), *(c.all or ())):
        yield from conditions(sub)


def section_effects(s: Section) -> Iterator[Effect]:
    """Every effect of a section: on arrival, on its choices, in its test's branches and ranges."""
    yield from s.effects
    for c in s.choices:
        yield from c.effects
    if s.test is not None:
        for b in s.test.branches.values():
            yield from b.effects
        for r in s.test.ranges:
            yield from r.effects


def all_effects(book: Book) -> list[tuple[str, Effect]]:
    return [(sid, e) for sid, s in book.sections.items() for e in section_effects(s)]


def all_choices(book: Book) -> list[tuple[str, Choice]]:
    return [(sid, c) for sid, s in book.sections.items() for c in s.choices]


def choice_conditions(book: Book) -> list[tuple[str, Condition]]:
    return [(sid, sub) for sid, c in all_choices(book) for sub in conditions(c.condition)]


def fights(book: Book) -> list[tuple[str, Fight]]:
    return [(sid, s.fight) for sid, s in book.sections.items() if s.fight is not None]


def reachable(book: Book, start: str) -> set[str]:
    """Every section reachable from `start` by following choices, fight outcomes and test branches."""
    seen = {start}
    todo = deque([start])
    while todo:
        for _, target in book.section(todo.popleft()).targets():
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


# --- the book as a whole ---------------------------------------------------------------------------------


def test_the_book_loads_as_a_fighting_fantasy_book(book: Book) -> None:
    assert book.book.system == "fighting-fantasy"
    assert book.book.author == "grognard"
    assert book.book.title == "The Heartflame of Cinderwick"
    assert book.book.start == "1"


def test_at_least_60_sections_numbered_1_to_n(book: Book) -> None:
    assert len(book.sections) >= 60
    assert list(book.sections) == [str(i) for i in range(1, len(book.sections) + 1)]


def test_check_book_finds_no_problem(book: Book) -> None:
    problems = check_book(book, FightingFantasyRuleset())
    assert problems == [], "\n".join(p.render() for p in problems)


def test_every_section_is_reachable_and_every_non_ending_has_a_way_on(book: Book) -> None:
    assert reachable(book, "1") == set(book.sections)
    for sid, s in book.sections.items():
        targets = [t for _, t in s.targets() if t is not None]
        assert all(t in book.sections for t in targets), sid
        if s.ending is None:
            assert targets, f"section {sid} has no way on"
        else:
            assert not s.choices and s.fight is None and s.test is None, sid


def test_exactly_one_victory_reachable_from_the_start(book: Book) -> None:
    victories = [sid for sid, s in book.sections.items() if s.ending == "victory"]
    assert len(victories) == 1
    assert victories[0] in reachable(book, "1")


def test_several_deaths_each_reachable(book: Book) -> None:
    """Death endings, besides death in a fight at STAMINA 0 (000_13d85f0bd5b613c5.txt:50-53)."""
    deaths = [sid for sid, s in book.sections.items() if s.ending == "death"]
    assert len(deaths) >= 3
    assert set(deaths) <= reachable(book, "1")


def test_every_item_named_is_declared(book: Book) -> None:
    named = {e.item or e.lose_item for _, e in all_effects(book) if e.item or e.lose_item}
    named |= {c.item for _, c in choice_conditions(book) if c.item}
    for s in book.sections.values():
        for e in s.effects:
            named |= {c.item for c in conditions(e.when) if c.item}
    assert named <= set(book.book.items)
    assert set(book.book.items) <= named, "a declared item is never used"


# --- every rule used at least once -----------------------------------------------------------------------


def test_luck_test_out_of_combat_with_lucky_and_unlucky_leading_apart(book: Book) -> None:
    """Test your Luck on a page (000_13d85f0bd5b613c5.txt:64-82)."""
    tests = [s.test for s in book.sections.values() if s.test is not None and s.test.kind == "luck"]
    assert len(tests) >= 2
    for t in tests:
        assert set(t.branches) == {"lucky", "unlucky"}
        assert t.branches["lucky"].target != t.branches["unlucky"].target


def test_several_fights_where_luck_may_be_used_in_combat(book: Book) -> None:
    """Luck after a wound in any fight (000_13d85f0bd5b613c5.txt:84-107)."""
    with_luck = [sid for sid, f in fights(book) if f.modifiers.get("luck", True) is not False]
    assert len(with_luck) >= 5


def test_skill_test(book: Book) -> None:
    """Test your Skill: two dice against SKILL (the Luck procedure, 000_13d85f0bd5b613c5.txt:72-77)."""
    tests = [s.test for s in book.sections.values() if s.test is not None and s.test.kind == "skill"]
    assert tests
    for t in tests:
        assert set(t.branches) == {"success", "failure"}
        assert t.branches["success"].target != t.branches["failure"].target


def test_random_roll_with_ranges(book: Book) -> None:
    tests = [s.test for s in book.sections.values() if s.test is not None and s.test.kind == "roll"]
    assert tests
    for t in tests:
        assert t.dice == "1d6"
        covered = sorted(n for r in t.ranges for n in range(r.min or 1, (r.max or 6) + 1))
        assert covered == [1, 2, 3, 4, 5, 6]
        assert len({r.target for r in t.ranges}) >= 2


def test_fights_offering_escape(book: Book) -> None:
    """Escape only where the page offers it (000_13d85f0bd5b613c5.txt:55-63)."""
    escapes = [(sid, f) for sid, f in fights(book) if f.escape is not None]
    assert len(escapes) >= 2
    assert all(f.escape != f.win for _, f in escapes)


def test_creatures_fought_one_after_another(book: Book) -> None:
    """Several creatures in the default mode, one after another (rulings, "Several creatures")."""
    assert any(f.mode == "" and len(f.creatures) >= 2 for _, f in fights(book))


def test_creatures_fought_together(book: Book) -> None:
    """Several creatures attacking at once (rulings, "Several creatures")."""
    assert any(f.mode == "together" and len(f.creatures) >= 2 for _, f in fights(book))


def test_skill_penalty_fighting_in_the_dark_without_the_lantern(book: Book) -> None:
    """A section-level SKILL modifier; the lit version of the same fight is gated by the Lantern."""
    stair = book.section("49")
    lit = next(c for c in stair.choices if c.condition is not None and c.condition.item == "Lantern")
    dark = next(c for c in stair.choices if c.condition is None)
    lit_fight, dark_fight = book.section(lit.target).fight, book.section(dark.target).fight
    assert lit_fight is not None and dark_fight is not None
    assert lit_fight.creatures == dark_fight.creatures
    assert dark_fight.modifiers.get("skill") == -2
    assert "skill" not in lit_fight.modifiers


def test_fight_that_ends_after_four_rounds(book: Book) -> None:
    """A section stops the fight after N Attack Rounds (combat sequence 000_13d85f0bd5b613c5.txt:27-53)."""
    limited = [f for _, f in fights(book) if f.modifiers.get("max_rounds")]
    assert limited
    f = limited[0]
    assert f.modifiers["max_rounds"] == 4
    assert "rounds-over" in f.on and f.on["rounds-over"] != f.win


def test_a_creature_whose_wound_costs_3_stamina(book: Book) -> None:
    """Not the usual 2 points of a wound (000_13d85f0bd5b613c5.txt:45-46)."""
    assert any(c.stats.get("damage") == 3 for _, f in fights(book) for c in f.creatures)


def test_fleeing_the_bridge_troll_costs_its_three_point_wound(book: Book) -> None:
    """The creature "automatically gets in one wound on you" as you run away (000_13d85f0bd5b613c5.txt:
    57-59), and the troll's wound is 3 ("one blow from that club would cost you 3 STAMINA", section 7):
    leaping from the bridge (section 9) costs 3, and the reader is in the river (section 11). A hero who
    would likely lose is advised to leap (an escape worth 90% of a win there), a strong one to fight."""
    assert book.sections["9"].fight is not None and book.sections["9"].fight.worth == {"escaped": 90}
    at_bridge = book.model_copy(update={"book": book.book.model_copy(update={"start": "9"})})
    game = GamebookGame(FightingFantasyRuleset(), at_bridge, "sample")

    def hero(scores: str) -> GamebookState:
        options = {"book": "sample", "hero": scores, "potion": "skill"}
        return game.new_initial_state(game.info.resolve_options(options))

    def advised(state: GamebookState) -> str:
        return next(line for line in state.play.ruleset.advice(state) if "<- best" in line).lstrip()

    strong = hero("10/20/9")
    assert strong.section == "9" and list(strong.legal_actions()) == ["fight", "escape"]
    fled = strong.apply("escape")
    assert isinstance(fled.fight, FightState) and fled.fight.stamina == 17
    landed = fled.apply("no-luck")
    assert (landed.section, landed.sheet.stamina) == ("11", 17)
    assert advised(strong).startswith("Fight on")
    assert advised(hero("7/14/7")).startswith("Escape")


def test_fights_mostly_against_skill_5_to_9(book: Book) -> None:
    skills = [c.stats["SKILL"] for _, f in fights(book) for c in f.creatures]
    assert len(skills) >= 10
    assert sum(5 <= s <= 9 for s in skills) >= len(skills) - 1


def test_item_gated_choices(book: Book) -> None:
    gated = {c.item for _, c in choice_conditions(book) if c.item}
    assert {"Lantern", "Rope", "Sprig of Rowan", "Silver Key"} <= gated


def test_gold_gated_choices_that_pay(book: Book) -> None:
    paying = [(sid, c) for sid, c in choice_conditions(book) if c.gold is not None and c.pay]
    assert len(paying) >= 4
    assert any(sid == "7" and c.gold == 4 for sid, c in paying)


def test_sections_where_the_reader_may_eat(book: Book) -> None:
    """Eat only where a page allows it (000_13d85f0bd5b613c5.txt:125-131)."""
    assert len([s for s in book.sections.values() if s.eat]) >= 4


def test_potions_are_named_where_drinking_makes_sense(book: Book) -> None:
    """Potions of Skill, Strength and Fortune (000_13d85f0bd5b613c5.txt:117-118, 137-139, 146-161)."""
    text = " ".join(s.text for s in book.sections.values())
    for potion in ("Potion of Skill", "Potion of Strength", "Potion of Fortune"):
        assert potion in text.replace("\n", " ")
    assert "drink it" in book.section("67").text


def test_effect_raising_initial_luck(book: Book) -> None:
    """An Initial score raised on a page's instruction (000_13d85f0bd5b613c5.txt:9-11, 144-146)."""
    assert any(e.initial == "LUCK" and e.add == 1 for _, e in all_effects(book))


def test_magic_weapon_with_a_skill_bonus_is_declared_and_found(book: Book) -> None:
    """A Magic Weapon adds to SKILL (000_13d85f0bd5b613c5.txt:111-116)."""
    weapons = {n: p for n, p in book.book.items.items() if p.get("weapon") is True}
    assert weapons == {"Sword of Embers": {"weapon": True, "skill_bonus": 2}}
    assert any(e.item == "Sword of Embers" for _, e in all_effects(book))


@pytest.mark.parametrize("stat", ["STAMINA", "LUCK", "SKILL"])
def test_effects_gain_and_lose_each_score(book: Book, stat: str) -> None:
    """Scores change constantly (000_13d85f0bd5b613c5.txt:1-3, 109-111, 120-122, 141-143)."""
    adds = [e.add for _, e in all_effects(book) if e.stat == stat]
    assert any(isinstance(a, int) and a > 0 for a in adds)
    assert any((isinstance(a, int) and a < 0) or (isinstance(a, str) and a.startswith("-")) for a in adds)


def test_effects_gain_and_lose_gold_provisions_and_items(book: Book) -> None:
    effects = [e for _, e in all_effects(book)]
    golds = [e.gold for e in effects if isinstance(e.gold, int)]
    assert any(g > 0 for g in golds) and any(g < 0 for g in golds)
    provisions = [e.provisions for e in effects if isinstance(e.provisions, int)]
    assert any(p > 0 for p in provisions) and any(p < 0 for p in provisions)
    assert any(e.item for e in effects) and any(e.lose_item for e in effects)


def test_dice_amount_and_conditional_effects(book: Book) -> None:
    effects = [e for _, e in all_effects(book)]
    assert any(e.dice() == "-1d6" for e in effects)
    assert any(e.when is not None for e in effects)
    assert any(e.once for e in effects)


def test_visited_and_flag_conditions(book: Book) -> None:
    kinds = Counter(c.kind for _, c in choice_conditions(book))
    assert kinds["visited"] >= 2 and kinds["flag"] >= 1 and kinds["not"] >= 2
    tested = {c.flag for _, c in choice_conditions(book) if c.flag}
    set_flags = {e.flag for _, e in all_effects(book) if e.flag}
    assert tested and tested <= set_flags


# --- played through --------------------------------------------------------------------------------------

SENSIBLE = {
    "1": ["2", "5"],
    "2": ["3", "4", "5"],
    "5": ["8"],
    "7": ["10", "9"],
    "13": ["18", "20"],
    "16": ["21"],
    "21": ["25"],
    "22": ["28", "29"],
    "30": ["35", "33"],
    "35": ["44", "43", "30"],
    "33": ["36", "23"],
    "36": ["53", "48", "47", "49"],
    "47": ["37"],
    "50": ["64", "62"],
    "65": ["67", "69", "68"],
    "67": ["70"],
    "70": ["71", "72"],
}
"""Preferred targets by section: buy the lantern and rope, free the hermit, take the sword, use the key."""

CARELESS = {**SENSIBLE, "16": ["22"], "30": ["33"], "36": ["46", "53", "48", "47", "49"]}
"""No hermit (no key, no warning), no sword, straight through the gatehouse, the stone knight fought."""


ONCE = {"35"}
"""Targets taken only on the first visit (the graveyard, so the reader does not walk in circles)."""


def _choose(state: GamebookState, prefs: dict[str, list[str]]) -> str:
    actions = [str(a) for a in state.legal_actions()]
    sheet = state.sheet
    if state.phase == "fight":
        fight = state.fight
        assert isinstance(fight, FightState)
        if "luck" in actions:
            return "luck" if fight.luck >= 8 else "no-luck"
        if "drink" in actions and fight.stamina <= 6:
            return "drink"
        return next(a for a in actions if a == "fight" or a.startswith("target:"))
    if state.phase == "create":
        return "potion:strength"
    if "eat" in actions and sheet.stamina <= sheet.initial_stamina - 4:
        return "eat"
    if "drink" in actions and sheet.stamina <= sheet.initial_stamina // 2:
        return "drink"
    section = state.current
    assert section is not None
    open_: dict[str, str] = {
        section.choices[int(a.split(":")[1]) - 1].target: a for a in actions if a.startswith("choice:")
    }
    for target in prefs.get(state.section, []):
        if target in open_ and not (target in ONCE and target in state.visited):
            return open_[target]
    return next(iter(open_.values()))


def _play(hero: str, seed: int, prefs: dict[str, list[str]]) -> GamebookState:
    game = GamebookGame(FightingFantasyRuleset(), load_book(BOOK_PATH))
    state = game.new_initial_state({"hero": hero, "potion": "strength"})
    rng = Rng(f"sample-{seed}")
    for _ in range(5000):
        if state.actor() == TERMINAL:
            return state
        if state.actor() == CHANCE:
            outcome, _ = state.roll(rng)
            moved = state.apply(outcome)
        else:
            moved = state.apply(_choose(state, prefs))
        assert isinstance(moved, GamebookState)
        state = moved
    raise AssertionError(f"no ending after 5000 moves: {state.describe()}")


def test_a_typical_hero_playing_sensibly_wins() -> None:
    """SKILL 9, STAMINA 19, LUCK 9 and the Potion of Strength, over 30 seeds."""
    results = Counter(_play("9/19/9", seed, SENSIBLE).result().outcome for seed in range(30))
    assert results["victory"] >= 27, results


def test_careless_play_is_a_real_risk() -> None:
    """The same hero, skipping the hermit and the sword, dies in some of 30 games (and wins in some)."""
    states = [_play("9/19/9", seed, CARELESS) for seed in range(30)]
    results = Counter(s.result().outcome for s in states)
    assert results["death"] >= 3 and results["victory"] >= 10, results
    assert all("24" not in s.visited and "45" not in s.visited for s in states)
