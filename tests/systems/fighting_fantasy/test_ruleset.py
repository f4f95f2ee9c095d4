"""The Fighting Fantasy ruleset in the gamebook layer: creation, effects, conditions, tests, fights, eating,
potions, death, victory, advice and `check`, each on a small book written for the test."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from grognard.engine.game import CHANCE, TERMINAL
from grognard.gamebook.check import check_book
from grognard.gamebook.load import load_book, parse_book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.systems.fighting_fantasy.checks import luck_outcomes, skill_outcomes
from grognard.systems.fighting_fantasy.fight import FightState
from grognard.systems.fighting_fantasy.fight_rules import ENDS
from grognard.systems.fighting_fantasy.odds import advise, fight_objective
from grognard.systems.fighting_fantasy.ruleset import FF_RULES

DATA = Path(__file__).parent / "data"

HEAD = """
[book]
title = "Test"
system = "fighting-fantasy"
start = "1"

[book.items]
"Magic Sword" = { weapon = true, skill_bonus = 2 }
"Old Sword" = { weapon = true, skill_bonus = 1 }
"Rope" = {}

[sections.end]
text = "The end."
ending = "victory"

[sections.dead]
text = "Dead."
ending = "death"
"""


def begin(sections: str, hero: str = "10/20/9", potion: str = "skill") -> GamebookState:
    """The adventure in a book made of HEAD and `sections`, the sheet typed in (no creation rolls)."""
    book = parse_book(HEAD + sections, "test")
    game = GamebookGame(FF_RULES, book, "test")
    options = game.info.resolve_options({"book": "test", "hero": hero, "potion": potion})
    return game.new_initial_state(options)


def choose(state: GamebookState, text: str) -> GamebookState:
    """Take the open choice whose text is `text`."""
    for action in state.legal_actions():
        if state.label(action) == text:
            return state.apply(action)
    raise AssertionError(f"no open choice {text!r} in {[state.label(a) for a in state.legal_actions()]}")


def labels(state: GamebookState) -> list[str]:
    return [state.label(a) for a in state.legal_actions()]


def two_dice() -> Counter[int]:
    return Counter(a + b for a, b in product(range(1, 7), repeat=2))


# --- creation --------------------------------------------------------------------------------------------


def test_creation_rolls_then_the_potion_then_ten_provisions() -> None:
    """SKILL 1d6+6, STAMINA 2d6+12, LUCK 1d6+6 (ruling), one of three potions (:151-161), ten Provisions
    (000_13d85f0bd5b613c5.txt:125-126), two measures (:156-158)."""
    state = begin('[sections.1]\nchoices = [{ text = "On", target = "end" }]', hero="", potion="")
    assert state.phase == "create" and state.actor() is CHANCE
    assert dict(state.chance_outcomes()) == {6 + f: Fraction(1, 6) for f in range(1, 7)}
    state = state.apply(11)
    stamina = {12 + t: Fraction(n, 36) for t, n in two_dice().items()}
    assert dict(state.chance_outcomes()) == stamina
    state = state.apply(20).apply(9)
    assert state.actor() == 0
    assert sorted(state.legal_actions()) == ["potion:fortune", "potion:skill", "potion:strength"]
    state = state.apply("potion:fortune")
    sheet = state.sheet
    assert (sheet.skill, sheet.stamina, sheet.luck) == (11, 20, 9)
    assert (sheet.initial_skill, sheet.initial_stamina, sheet.initial_luck) == (11, 20, 9)
    assert sheet.provisions == 10 and sheet.potion == "fortune" and sheet.potion_measures == 2
    assert state.section == "1" and state.phase == "choose"


# --- effects ---------------------------------------------------------------------------------------------


def test_stat_effects_are_capped_at_the_initial_value() -> None:
    """Scores "may never exceed your Initial scores" (000_13d85f0bd5b613c5.txt:7-11)."""
    state = begin(
        """
[sections.1]
effects = [{ stat = "STAMINA", add = -5 }, { stat = "LUCK", add = 3 }, { stat = "STAMINA", add = 2 }]
choices = [{ text = "On", target = "end" }]
"""
    )
    assert (state.sheet.stamina, state.sheet.luck) == (17, 9)
    assert (state.sheet.initial_stamina, state.sheet.initial_luck) == (20, 9)


def test_an_initial_value_moves_its_score_with_it() -> None:
    """A page may raise a score past its Initial value (000_13d85f0bd5b613c5.txt:9-11, :115-116); the
    ruling: the Initial value and the score move together."""
    state = begin(
        """
[sections.1]
effects = [{ stat = "SKILL", add = -3 }, { initial = "SKILL", add = 1 }, { initial = "LUCK", add = -2 }]
choices = [{ text = "On", target = "end" }]
"""
    )
    sheet = state.sheet
    assert (sheet.skill, sheet.initial_skill) == (8, 11)
    assert (sheet.luck, sheet.initial_luck) == (7, 7)


def test_gold_provisions_and_dice_amounts() -> None:
    """Provisions are counted on the sheet (000_13d85f0bd5b613c5.txt:131-133); a dice amount is rolled."""
    state = begin(
        """
[sections.1]
effects = [{ gold = 5 }, { provisions = -3 }, { stat = "STAMINA", add = "-1d6" }]
choices = [{ text = "On", target = "end" }]
"""
    )
    assert state.phase == "effects"
    assert dict(state.chance_outcomes()) == {-f: Fraction(1, 6) for f in range(1, 7)}
    after = state.apply(-4)
    assert (after.sheet.gold, after.sheet.provisions, after.sheet.stamina) == (5, 7, 16)


def test_only_the_best_weapon_carried_counts() -> None:
    """Only one weapon can be used at a time (000_13d85f0bd5b613c5.txt:112-115): the best is wielded."""
    state = begin(
        """
[sections.1]
effects = [{ item = "Old Sword" }, { item = "Magic Sword" }, { item = "Rope" }]
choices = [{ text = "Drop the magic sword", target = 2, effects = [{ lose_item = "Magic Sword" }] }]

[sections.2]
fight = { creatures = [{ name = "ORC", SKILL = 6, STAMINA = 5 }], win = "end" }
"""
    )
    assert state.sheet.weapon == "Magic Sword" and state.sheet.weapon_bonus == 2
    assert state.sheet.items == ("Old Sword", "Magic Sword", "Rope")
    state = choose(state, "Drop the magic sword")
    assert state.sheet.weapon == "Old Sword" and "Magic Sword" not in state.sheet.items
    assert isinstance(state.fight, FightState)
    assert state.fight.attack_skill == 10 + 1


def test_jewels_special() -> None:
    """The Adventure Sheet keeps jewels; a section may ask for one (the `jewels` special)."""
    state = begin(
        """
[sections.1]
effects = [{ special = "jewels", value = "Ruby" }]
choices = [
  { text = "Show the ruby", target = "end", condition = { special = "jewels", value = "Ruby" } },
  { text = "Show two jewels", target = "end", condition = { special = "jewels", value = 2 } },
]
"""
    )
    assert state.sheet.jewels == ("Ruby",)
    assert labels(state) == ["Show the ruby"]


# --- conditions ------------------------------------------------------------------------------------------


def test_conditions_items_gold_paid_provisions_stats_flags_visited_not_any() -> None:
    """Choices open by what the sheet holds (SKILL, LUCK, Provisions, 000_13d85f0bd5b613c5.txt:1-20, :131)."""
    state = begin(
        """
[sections.1]
effects = [{ gold = 3, once = true }, { flag = "met" }]
choices = [
  { text = "Rope", target = 2, condition = { item = "Rope" } },
  { text = "Pay 2", target = 2, condition = { gold = 2, pay = true } },
  { text = "Pay 4", target = 2, condition = { gold = 4, pay = true } },
  { text = "Skilled", target = 2, condition = { stat = "SKILL", at_least = 10 } },
  { text = "Very skilled", target = 2, condition = { stat = "SKILL", at_least = 11 } },
  { text = "Fed", target = 2, condition = { provisions = 10 } },
  { text = "Met", target = 2, condition = { flag = "met" } },
  { text = "Not here before", target = 2, condition = { not = { visited = "2" } } },
  { text = "Either", target = 2, condition = { any = [{ item = "Rope" }, { stat = "LUCK", at_most = 9 }] } },
]

[sections.2]
choices = [{ text = "Back", target = 1 }, { text = "End", target = "end" }]
"""
    )
    assert labels(state) == ["Pay 2", "Skilled", "Fed", "Met", "Not here before", "Either"]
    state = choose(state, "Pay 2")
    assert state.sheet.gold == 1
    state = choose(state, "Back")
    assert "Not here before" not in labels(state) and "Pay 2" not in labels(state)


# --- tests -----------------------------------------------------------------------------------------------

TESTS = """
[sections.1]
choices = [{ text = "Limp on", target = 2 }]

[sections.1.test]
kind = "luck"
branches.lucky = { target = "end" }
branches.unlucky = { effects = [{ stat = "STAMINA", add = -2 }] }

[sections.2]
test = { kind = "skill", modifier = 1, branches = { success = { target = "end" }, failure = { target = 3 } } }

[sections.3]
test = { kind = "roll", dice = "2d6", ranges = [{ max = 6, target = "dead" }, { min = 7, target = "end" }] }
"""


def test_luck_test_two_dice_at_most_luck_then_one_point_less() -> None:
    """Test your Luck: 2d6 <= LUCK is lucky, then LUCK - 1 either way (000_13d85f0bd5b613c5.txt:72-82)."""
    state = begin(TESTS)
    assert state.phase == "test"
    assert tuple(state.chance_outcomes()) == luck_outcomes(9)
    lucky = sum(n for t, n in two_dice().items() if t <= 9)
    assert dict(state.chance_outcomes())["lucky"] == Fraction(lucky, 36)
    won = state.apply("lucky")
    assert won.outcome == "victory" and won.sheet.luck == 8
    unlucky = state.apply("unlucky")
    assert unlucky.section == "1" and unlucky.phase == "choose"
    assert (unlucky.sheet.luck, unlucky.sheet.stamina) == (8, 18)


def test_skill_test_and_roll_ranges() -> None:
    """Test your Skill (ruling: 2d6 + modifier <= SKILL, no cost); a plain roll folds into its ranges
    (the two dice of 000_13d85f0bd5b613c5.txt:72-73)."""
    state = choose(begin(TESTS).apply("unlucky"), "Limp on")
    assert state.phase == "test"
    assert tuple(state.chance_outcomes()) == skill_outcomes(10 - 1)
    failed = state.apply("failure")
    assert failed.sheet.skill == 10 and failed.sheet.luck == 8
    low = sum(n for t, n in two_dice().items() if t <= 6)
    assert dict(failed.chance_outcomes()) == {"range:1": Fraction(low, 36), "range:2": Fraction(36 - low, 36)}
    assert failed.apply("range:1").outcome == "death"


# --- fights ----------------------------------------------------------------------------------------------

FIGHTS = """
[sections.1]
fight = { creatures = [{ name = "ORC", SKILL = 6, STAMINA = 2 }], win = 2, escape = "dead" }

[sections.2.fight]
creatures = [{ name = "A", SKILL = 5, STAMINA = 2 }, { name = "B", SKILL = 5, STAMINA = 2 }]
mode = "together"
win = 3

[sections.3.fight]
creatures = [{ name = "TROLL", SKILL = 9, STAMINA = 20, damage = 3 }]
win = "dead"
on = { "rounds-over" = "end", "hero-floor" = "dead" }
modifiers = { max_rounds = 1, hero_floor = 4, skill = -2, luck = false, hero_damage = 3 }
"""


def test_a_fight_with_escape_then_together_then_modifiers() -> None:
    """Escape only where offered (000_13d85f0bd5b613c5.txt:55-63); two creatures at once (a ruling); a
    section's modifiers and the endings it maps (`on`); a win leads on (:50-53)."""
    state = begin(FIGHTS)
    assert state.phase == "fight"
    assert list(state.legal_actions()) == ["fight", "escape"]
    fled = state.apply("escape").apply("no-luck")
    assert fled.section == "dead" and fled.outcome == "death" and fled.sheet.stamina == 18
    state = state.apply("fight").apply("hit")
    assert state.section == "2" and state.sheet.luck == 9
    assert list(state.legal_actions()) == ["target:0", "target:1"]
    assert state.fight is not None and state.fight.spec.rules.together
    state = state.apply("target:1").apply("hit").apply("hit")
    assert state.section == "3"
    assert isinstance(state.fight, FightState)
    rules = state.fight.spec.rules
    assert (rules.max_rounds, rules.hero_floor, rules.skill_modifier, rules.use_luck, rules.hero_damage) == (
        1,
        4,
        -2,
        False,
        3,
    )
    assert state.fight.attack_skill == 8
    assert state.apply("hurt").sheet.stamina == 17
    assert state.apply("hurt").outcome == "victory"


def test_hero_floor_leads_where_the_section_says() -> None:
    """A fight a section stops at a STAMINA floor ("hero-floor") goes to its `on` target; death at 0
    wins over it (000_13d85f0bd5b613c5.txt:51-53)."""
    state = begin(FIGHTS, hero="10/6/9")
    state = state.apply("fight").apply("hit").apply("target:0").apply("hit").apply("hit")
    assert state.section == "3"
    floored = state.apply("hurt")
    assert floored.sheet.stamina == 3 and floored.outcome == "death" and floored.section == "dead"
    dying = begin(FIGHTS.replace("hero_floor = 4", "hero_floor = 1"), hero="10/3/9")
    dying = dying.apply("fight").apply("hit").apply("target:0").apply("hit").apply("hit")
    dead = dying.apply("hurt")
    assert dead.sheet.stamina == 0 and dead.outcome == "death" and dead.section == "3"


def test_luck_in_combat_is_offered_and_costs_a_point() -> None:
    """After a wound the reader may Test his Luck (000_13d85f0bd5b613c5.txt:84-107)."""
    state = begin(FIGHTS.replace("STAMINA = 2 }], win = 2", "STAMINA = 6 }], win = 2"))
    hit = state.apply("fight").apply("hit")
    assert list(hit.legal_actions()) == ["luck", "no-luck"]
    lucky = hit.apply("luck").apply("lucky")
    assert lucky.fight is not None and lucky.fight.foes == (2,) and lucky.fight.luck == 8


# --- eating, potions, death ------------------------------------------------------------------------------

EATING = """
[sections.1]
effects = [{ stat = "STAMINA", add = -9 }, { stat = "SKILL", add = -2 }]
eat = true
choices = [{ text = "On", target = 2 }]

[sections.2]
fight = { creatures = [{ name = "RAT", SKILL = 4, STAMINA = 2 }], win = "end" }
"""


def test_eat_one_meal_where_allowed() -> None:
    """Eat only where a page allows, one meal at a time: +4 STAMINA, one Provision less
    (000_13d85f0bd5b613c5.txt:125-134)."""
    state = begin(EATING)
    assert "eat" in state.legal_actions()
    fed = state.apply("eat")
    assert (fed.sheet.stamina, fed.sheet.provisions) == (15, 9)
    assert "eat" not in fed.legal_actions()
    assert "eat" not in begin(EATING.replace("eat = true", "eat = false")).legal_actions()


def test_drink_the_potion_between_sections_and_in_a_fight() -> None:
    """Potions may be taken at any time (000_13d85f0bd5b613c5.txt:151-159): two measures, each restoring
    the score; in a fight between Attack Rounds."""
    state = begin(EATING)
    assert "drink" in state.legal_actions()
    drunk = state.apply("drink")
    assert (drunk.sheet.skill, drunk.sheet.potion_measures) == (10, 1)
    assert "drink" not in drunk.legal_actions()
    fighting = choose(begin(EATING), "On")
    assert list(fighting.legal_actions()) == ["fight", "drink"]
    assert fighting.apply("drink").fight.skill == 10  # type: ignore[union-attr]


def test_potion_of_fortune_raises_initial_luck() -> None:
    """The Potion of Fortune adds 1 to Initial LUCK, then restores LUCK (000_13d85f0bd5b613c5.txt:146-155)."""
    state = begin('[sections.1]\nchoices = [{ text = "On", target = "end" }]', potion="fortune")
    drunk = state.apply("drink")
    assert (drunk.sheet.luck, drunk.sheet.initial_luck, drunk.sheet.potion_measures) == (10, 10, 1)


def test_stamina_zero_anywhere_is_death() -> None:
    """STAMINA 0 is death (000_13d85f0bd5b613c5.txt:51-53), even from a section's effect."""
    state = begin(
        """
[sections.1]
effects = [{ stat = "STAMINA", add = -25 }]
choices = [{ text = "On", target = "end" }]
"""
    )
    assert state.actor() is TERMINAL and state.outcome == "death"
    assert state.result().winners == ()


# --- advice ----------------------------------------------------------------------------------------------


def test_advice_shows_the_solvers_figures_for_every_action() -> None:
    """The exact odds of a fight with Luck (000_13d85f0bd5b613c5.txt:27-53, :84-107) before it and at
    each decision, from the same solver (`odds.advise`)."""
    state = begin(FIGHTS.replace("STAMINA = 2 }], win = 2", "STAMINA = 9 }], win = 2"), hero="8/10/7")
    assert isinstance(state.fight, FightState)
    assert state.current is not None and state.current.fight is not None
    endings = state.current.fight.ending_worths(ENDS)
    assert endings["escaped"] == 1
    expected = advise(state.fight, fight_objective(0.01, 0.005, endings=endings))
    lines = FF_RULES.advice(state)
    assert f"win {100 * expected.figures.win_probability:.1f}%" in lines[0]
    assert f"STAMINA {expected.figures.expected_stamina:.1f}" in lines[0]
    assert any(line.strip().startswith("Escape") for line in lines)
    assert sum("<- best" in line for line in lines) == 1
    assert FF_RULES.advisor(state.fight, state.play.ctx.options) is FF_RULES.advisor(
        state.fight, state.play.ctx.options
    )
    hit = state.apply("fight").apply("hit")
    luck_lines = FF_RULES.advice(hit)
    assert any("Test your Luck" in line for line in luck_lines)
    assert FF_RULES.advice(begin(TESTS)) == []


def test_json_round_trip_mid_fight() -> None:
    """A saved game keeps the fight exactly (the sheet of 000_13d85f0bd5b613c5.txt:1-11 and the creature)."""
    state = begin(FIGHTS.replace("STAMINA = 2 }], win = 2", "STAMINA = 6 }], win = 2")).apply("fight")
    game = GamebookGame(FF_RULES, state.play.book, "test")
    back = game.state_from_json(game.state_to_json(state.apply("hit")))
    assert back == state.apply("hit")


# --- check -----------------------------------------------------------------------------------------------


def test_the_fixture_book_is_sound() -> None:
    """The trial book uses every rule above (000_13d85f0bd5b613c5.txt:22-161) and checks clean."""
    assert check_book(load_book(DATA / "trial.toml"), FF_RULES) == []


def test_check_finds_every_problem_of_a_broken_book() -> None:
    """Unknown stats (only SKILL, STAMINA, LUCK: 000_13d85f0bd5b613c5.txt:1-3), items, modifiers, modes,
    creature stats, test branches (:72-82) and targets are all reported with their place."""
    book = load_book(DATA / "broken.toml")
    problems = {(p.section, p.field, p.message) for p in check_book(book, FF_RULES)}
    found = {(s, f) for s, f, _ in problems}
    text = " | ".join(m for _, _, m in problems)
    assert ("1", "effects[1]") in found and "unknown stat 'STRENGTH'" in text
    assert ("1", "choices[1].condition") in found and "unknown item 'Axe'" in text
    assert ("1", "choices[2].target") in found and "no section '99'" in text
    assert ("2", "fight") in found
    assert "unknown modifier 'armour'" in text
    assert "unknown mode 'melee'" in text
    assert "GOBLIN has no STAMINA" in text
    assert "on.rounds-over is never reached without modifiers.max_rounds" in text
    assert ("3", "test") in found and "a luck test needs the branches lucky and unlucky" in text
    assert ("", "book.items.Axe") not in found
    assert ("", "book.items.Club") in found and "skill_bonus counts only for a weapon" in text
    assert "unknown test kind 'dexterity'" in text
    assert len(problems) >= 10


@pytest.mark.parametrize(
    ("modifier", "value", "message"),
    [
        ("max_rounds", -1, "must be a whole number (0 or more)"),
        ("luck", 1, "must be true or false"),
        ("skill", "two", "must be a whole number"),
    ],
)
def test_check_refuses_bad_modifier_values(modifier: str, value: object, message: str) -> None:
    """Section modifiers of a fight (the rulings page, "Section-level modifiers"; :110-111) are typed."""
    shown = f'"{value}"' if isinstance(value, str) else str(value).lower()
    text = f"""{HEAD}
[sections.1.fight]
creatures = [{{ name = "ORC", SKILL = 6, STAMINA = 5 }}]
win = "end"
modifiers = {{ {modifier} = {shown} }}
"""
    problems = check_book(parse_book(text, "t"), FF_RULES)
    assert any(message in p.message and p.field == "fight" for p in problems), problems
