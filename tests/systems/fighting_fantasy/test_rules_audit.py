"""Rules that had no test naming their source (the audit in docs/systems/fighting-fantasy.md, "Rules and
their tests"): each test here names the rulebook line (000_13d85f0bd5b613c5.txt:N) or "issue #3" for a
fact the issue supplies, and drives the public API (the fight, the sheet, the gamebook runner)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from grognard.engine.game import CHANCE, TERMINAL
from grognard.gamebook.load import parse_book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.systems.fighting_fantasy.fight import FightState, sheet_after, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from tests.systems.fighting_fantasy.stub import StubRng

HEAD = """
[book]
title = "Audit"
system = "fighting-fantasy"
start = "1"

[sections.end]
text = "The end."
ending = "victory"

[sections.dead]
text = "Dead."
ending = "death"
"""


def begin(sections: str, hero: str = "10/20/9", potion: str = "skill") -> GamebookState:
    """The adventure in a small book made of HEAD and `sections`, the sheet typed in (the Potion of Skill
    at full SKILL, so drinking is not offered)."""
    book = parse_book(HEAD + sections, "audit")
    game = GamebookGame(FF_RULES, book, "audit")
    return game.new_initial_state(
        game.info.resolve_options({"book": "audit", "hero": hero, "potion": potion})
    )


def fight(hero: tuple[int, int, int], *creatures: Creature, **rules: object) -> FightState:
    return start_fight(AdventureSheet.new(*hero), list(creatures), FightRules(**rules))  # type: ignore[arg-type]


def test_no_flight_unless_offered_and_attacking_anyway_is_a_fight() -> None:
    """000_13d85f0bd5b613c5.txt:22-26: "An option to flee may be given, but if not - or if you choose to
    attack the creature anyway - you must resolve the battle"."""
    plain = begin(
        '[sections.1]\nfight = { creatures = [{ name = "ORC", SKILL = 6, STAMINA = 2 }], win = "end" }'
    )
    assert plain.phase == "fight" and plain.actor() is CHANCE  # no choice: the battle is resolved
    offered = begin(
        '[sections.1]\nfight = { creatures = [{ name = "ORC", SKILL = 6, STAMINA = 2 }], win = "end", '
        'escape = "dead" }'
    )
    assert list(offered.legal_actions()) == ["fight", "escape"]
    attacked = offered.apply("fight")
    assert attacked.phase == "fight" and attacked.actor() is CHANCE


def test_step_6_adjusts_stamina_and_the_luck_used() -> None:
    """000_13d85f0bd5b613c5.txt:47-49: step 6 adjusts the creature's or your STAMINA "and your LUCK score
    if you used LUCK"; not testing leaves LUCK alone."""
    hurt = fight((10, 20, 9), Creature("Orc", 9, 12)).apply("hurt")
    assert (hurt.stamina, hurt.luck) == (18, 9)
    assert hurt.apply("no-luck").luck == 9
    tested = hurt.apply("luck").apply("lucky")
    assert (tested.stamina, tested.luck) == (19, 8)
    back = sheet_after(AdventureSheet.new(10, 20, 9), tested)
    assert (back.stamina, back.luck, back.initial_luck) == (19, 8, 9)


def test_a_page_tells_you_to_test_your_luck_and_the_consequences() -> None:
    """000_13d85f0bd5b613c5.txt:84-86: a page says "Test your Luck" and what being lucky or unlucky does;
    the branches lead apart, and the test costs a point either way (:106-107)."""
    state = begin(
        "[sections.1]\n"
        'test = { kind = "luck", branches = { lucky = { target = "end" }, unlucky = { target = "dead" } } }'
    )
    assert state.phase == "test"
    lucky = sum(n for t, n in Counter(a + b for a, b in product(range(1, 7), repeat=2)).items() if t <= 9)
    assert dict(state.chance_outcomes()) == {
        "lucky": Fraction(lucky, 36),
        "unlucky": Fraction(36 - lucky, 36),
    }
    assert (state.apply("lucky").outcome, state.apply("lucky").sheet.luck) == ("victory", 8)
    assert (state.apply("unlucky").outcome, state.apply("unlucky").sheet.luck) == ("death", 8)


def test_in_battle_luck_is_always_an_option() -> None:
    """000_13d85f0bd5b613c5.txt:86-90: "in battles, you always have the option of using your luck" after
    a wound either way, with no page offering it."""
    state = fight((10, 20, 9), Creature("Orc", 9, 12))
    for outcome in ("hit", "hurt"):
        assert state.apply(outcome).legal_actions() == ("luck", "no-luck")


def test_luck_never_exceeds_its_initial_value_unless_a_page_says_so() -> None:
    """000_13d85f0bd5b613c5.txt:141-146: LUCK is awarded by the pages but "may never exceed its Initial
    value unless specifically instructed on a page"."""
    state = begin(
        "[sections.1]\n"
        'effects = [{ stat = "LUCK", add = -3 }, { stat = "LUCK", add = 5 }]\n'
        'choices = [{ text = "On", target = "2" }]\n'
        "[sections.2]\n"
        'effects = [{ initial = "LUCK", add = 2 }]\n'
        'choices = [{ text = "On", target = "end" }]\n'
    )
    assert (state.sheet.luck, state.sheet.initial_luck) == (9, 9)
    raised = state.apply(state.legal_actions()[0])
    assert (raised.sheet.luck, raised.sheet.initial_luck) == (11, 11)


def test_each_measure_drunk_is_noted_on_the_sheet() -> None:
    """000_13d85f0bd5b613c5.txt:156-159: two measures, "Each time it is used make a note on your Adventure
    Sheet": the sheet shows the measures left."""
    sheet = AdventureSheet.new(10, 20, 9, "fortune")
    rows = dict(FF_RULES.sheet_lines(sheet))
    assert rows["Potion"] == "Fortune, 2 measure(s)"
    once = sheet.drink()
    assert dict(FF_RULES.sheet_lines(once))["Potion"] == "Fortune, 1 measure(s)"
    assert dict(FF_RULES.sheet_lines(once.drink()))["Potion"] == "Fortune, 0 measure(s)"


def test_creation_rolls_are_the_issues_ruling() -> None:
    """issue #3: creation is SKILL 1d6+6, STAMINA 2d6+12, LUCK 1d6+6 (the excerpt prints no rolls)."""
    sheet, rolls = AdventureSheet.roll(StubRng(3, 2, 5, 6), "skill")
    assert [r.faces() for r in rolls] == [[3], [2, 5], [6]]
    assert (sheet.skill, sheet.stamina, sheet.luck) == (9, 19, 12)
    assert (sheet.initial_skill, sheet.initial_stamina, sheet.initial_luck) == (9, 19, 12)


def test_the_sheet_keeps_gold_jewels_equipment_and_items() -> None:
    """issue #3: the Adventure Sheet holds Gold, Jewels, Equipment and Items besides the scores."""
    sheet = AdventureSheet.new(10, 20, 9)
    assert (sheet.gold, sheet.jewels, sheet.equipment, sheet.items) == (0, (), (), ())
    state = begin(
        "[book.items]\n"
        '"Rope" = {}\n'
        "[sections.1]\n"
        'effects = [{ gold = 4 }, { item = "Rope" }, { special = "jewels", value = "Ruby" }]\n'
        'choices = [{ text = "On", target = "end" }]\n'
    ).sheet
    assert (state.gold, state.items, state.jewels) == (4, ("Rope",), ("Ruby",))


def test_several_creatures_one_after_another_is_the_default() -> None:
    """issue #3: "a section says whether they are fought one after another or together"; one after
    another, the next steps up when one falls, with STAMINA carried over."""
    state = begin(
        "[sections.1.fight]\n"
        'creatures = [{ name = "A", SKILL = 5, STAMINA = 2 }, { name = "B", SKILL = 5, STAMINA = 4 }]\n'
        'win = "end"\n'
    )
    fs = state.fight
    assert isinstance(fs, FightState) and not fs.spec.rules.together
    after = state.apply("hurt").apply("no-luck").apply("hit")  # A falls: no Luck on a killing blow
    assert isinstance(after.fight, FightState) and after.fight.target == 1 and after.fight.stamina == 18


def test_together_each_creature_rolls_one_target_and_only_defence_against_the_rest() -> None:
    """issue #3: together, every creature rolls an Attack Strength each round and the reader picks one
    target; against it the higher total wounds; against each other creature a lower total than its means
    a wound, a higher one does nothing."""
    state = fight((10, 20, 0), Creature("A", 7, 6), Creature("B", 8, 6), together=True)
    assert state.legal_actions() == ("target:0", "target:1")
    at_b = state.apply("target:1")
    outcome, rolls = at_b.roll(StubRng(1, 1, 1, 1, 4, 4))  # A 9, B 10, then the hero 18
    assert [r.total for r in rolls] == [9, 10, 18] and outcome == "hit"
    assert at_b.apply(outcome).foes == (6, 4)
    outcome, rolls = at_b.roll(StubRng(6, 6, 1, 1, 1, 1))  # A 19 (only defended against), B 10, hero 12
    assert [r.total for r in rolls] == [19, 10, 12] and outcome == "hit+0"  # B hit; A wounds
    hurt = at_b.apply(outcome)
    assert (hurt.foes, hurt.stamina) == ((6, 4), 18)


def test_death_at_stamina_zero_ends_the_adventure() -> None:
    """issue #3 ("Death at STAMINA 0 ends the adventure"; 000_13d85f0bd5b613c5.txt:51-53): a lost fight
    is the end of the book, whatever its `win` target."""
    state = begin(
        '[sections.1]\nfight = { creatures = [{ name = "ORC", SKILL = 6, STAMINA = 9 }], win = "end" }',
        hero="10/2/1",
    )
    over = state.apply("hurt").apply("no-luck")  # a killing wound: Luck offered (a ruling), declined
    assert over.actor() is TERMINAL and over.outcome == "death" and over.result().winners == ()
