"""The combat sequence (000_13d85f0bd5b613c5.txt:27-53), Luck in combat (:84-107) and escape (:55-63)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.fighting_fantasy.attack import round_outcomes, together_outcomes
from grognard.systems.fighting_fantasy.fight import FightState, sheet_after, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from tests.systems.fighting_fantasy.stub import StubRng

ORC = Creature("Orc", 9, 12)


def fight(hero: tuple[int, int, int] = (10, 20, 9), *creatures: Creature, **rules: object) -> FightState:
    sheet = AdventureSheet.new(*hero)
    return start_fight(sheet, list(creatures) or [ORC], FightRules(**rules))  # type: ignore[arg-type]


def test_round_rolls_creature_first_then_hero_and_higher_wounds() -> None:
    """Steps 1-3 (000_13d85f0bd5b613c5.txt:28-37): creature 2d6+SKILL, then hero 2d6+SKILL; higher wounds."""
    state = fight()
    assert state.actor() is CHANCE
    outcome, rolls = state.roll(StubRng(3, 3, 4, 4))
    assert [r.faces() for r in rolls] == [[3, 3], [4, 4]]
    assert [r.total for r in rolls] == [6 + 9, 8 + 10]
    assert outcome == "hit"
    assert state.roll(StubRng(6, 6, 1, 1))[0] == "hurt"


def test_hero_wound_takes_two_stamina_from_the_creature() -> None:
    """Step 4 (000_13d85f0bd5b613c5.txt:41-43): subtract 2 from the creature; LUCK may be used here."""
    after = fight().apply("hit")
    assert after.foes == (10,)
    assert after.legal_actions() == ("luck", "no-luck")
    assert after.apply("no-luck").foes == (10,)


def test_creature_wound_takes_two_stamina_from_the_hero() -> None:
    """Step 5 (000_13d85f0bd5b613c5.txt:44-46): subtract 2 from your STAMINA; LUCK may be used."""
    after = fight().apply("hurt")
    assert after.stamina == 18
    assert after.legal_actions() == ("luck", "no-luck")


def test_stand_off_repeats_the_same_state() -> None:
    """Step 3 (000_13d85f0bd5b613c5.txt:38-40): equal totals avoid each other's blows; the round restarts."""
    state = fight()
    outcome, _ = state.roll(StubRng(2, 3, 2, 2))
    assert outcome == "even"
    assert state.apply("even") == state


def test_round_odds_enumerate_both_pairs_of_dice() -> None:
    """Step 3 (000_13d85f0bd5b613c5.txt:34-40) counted face by face over all 6**4 throws."""
    faces = range(1, 7)
    counts = {"hit": 0, "hurt": 0, "even": 0}
    for a, b, c, d in itertools.product(faces, faces, faces, faces):
        hero, creature = a + b + 10, c + d + 9
        counts["hit" if hero > creature else "hurt" if creature > hero else "even"] += 1
    assert dict(round_outcomes(10, 9)) == {k: Fraction(v, 6**4) for k, v in counts.items()}


def test_fight_goes_on_until_a_stamina_reaches_zero() -> None:
    """Step 7 (000_13d85f0bd5b613c5.txt:50-53): rounds repeat until one side is at STAMINA 0."""
    state = fight((10, 4, 0), Creature("Rat", 5, 4))
    state = state.apply("hit")
    assert state.actor() is CHANCE and state.foes == (2,)
    state = state.apply("hit")
    assert state.actor() is TERMINAL
    assert state.result().outcome == "win" and state.result().winners == (0,)


def test_death_at_stamina_zero() -> None:
    """000_13d85f0bd5b613c5.txt:51-53: STAMINA reduced to zero is death."""
    state = fight((10, 2, 0)).apply("hurt")
    assert state.result().outcome == "dead"
    assert state.result().winners == ()
    assert state.result().resource("STAMINA") == 0


def test_lucky_wound_takes_two_more() -> None:
    """000_13d85f0bd5b613c5.txt:91-94 and :106-107: lucky: 2 extra damage; LUCK -1."""
    state = fight().apply("hit").apply("luck")
    assert state.actor() is CHANCE
    at_most_nine = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= 9)
    assert dict(state.chance_outcomes())["lucky"] == Fraction(at_most_nine, 36)
    lucky = state.apply("lucky")
    assert (lucky.foes, lucky.luck) == ((8,), 8)


def test_unlucky_wound_is_a_graze() -> None:
    """000_13d85f0bd5b613c5.txt:95-98: unlucky: 1 point restored to the creature (1 damage in all)."""
    unlucky = fight().apply("hit").apply("luck").apply("unlucky")
    assert (unlucky.foes, unlucky.luck) == ((11,), 8)


def test_lucky_when_wounded_restores_one() -> None:
    """000_13d85f0bd5b613c5.txt:99-103: lucky: restore 1 STAMINA (1 damage in all)."""
    lucky = fight().apply("hurt").apply("luck").apply("lucky")
    assert (lucky.stamina, lucky.luck) == (19, 8)


def test_unlucky_when_wounded_loses_one_more() -> None:
    """000_13d85f0bd5b613c5.txt:104-105: unlucky: subtract 1 extra STAMINA."""
    unlucky = fight().apply("hurt").apply("luck").apply("unlucky")
    assert (unlucky.stamina, unlucky.luck) == (17, 8)


def test_real_luck_dice_in_combat() -> None:
    """000_13d85f0bd5b613c5.txt:72-77 inside a fight: 2d6 against the current LUCK."""
    state = fight().apply("hurt").apply("luck")
    assert state.roll(StubRng(4, 5))[0] == "lucky"
    assert state.roll(StubRng(5, 5))[0] == "unlucky"


def test_luck_may_save_the_hero_from_a_killing_wound() -> None:
    """Ruling: Luck is used at step 5/6 before step 7 checks death (000_13d85f0bd5b613c5.txt:44-53)."""
    state = fight((10, 2, 9)).apply("hurt")
    assert state.legal_actions() == ("luck", "no-luck")
    assert state.apply("luck").apply("lucky").stamina == 1
    assert state.apply("no-luck").result().outcome == "dead"


def test_no_luck_question_on_a_killing_blow() -> None:
    """Ruling on 000_13d85f0bd5b613c5.txt:91-98: a test on a killing blow could only cost; none is asked."""
    state = fight((10, 20, 9), Creature("Rat", 5, 2)).apply("hit")
    assert state.result().outcome == "win"
    assert state.luck == 9


def test_no_luck_question_at_luck_zero() -> None:
    """Ruling on 000_13d85f0bd5b613c5.txt:72-80: with no LUCK point to pay, no test is offered."""
    state = fight((10, 20, 0)).apply("hurt")
    assert state.actor() is CHANCE and state.stamina == 18


def test_escape_only_where_offered() -> None:
    """000_13d85f0bd5b613c5.txt:62-63: you may only Escape if the page offers it."""
    assert fight().actor() is CHANCE
    offered = fight(can_escape=True)
    assert offered.legal_actions() == ("fight", "escape")
    with pytest.raises(RulesError, match="escape"):
        fight().apply("escape")


def test_escape_costs_one_wound_with_luck_as_usual() -> None:
    """000_13d85f0bd5b613c5.txt:57-61: the creature gets one wound (2 STAMINA); LUCK may be used on it."""
    fled = fight(can_escape=True).apply("escape")
    assert fled.stamina == 18 and fled.legal_actions() == ("luck", "no-luck")
    assert fled.apply("no-luck").result().outcome == "escaped"
    lucky = fled.apply("luck").apply("lucky")
    assert (lucky.result().outcome, lucky.stamina, lucky.luck) == ("escaped", 19, 8)
    unlucky = fled.apply("luck").apply("unlucky")
    assert (unlucky.result().outcome, unlucky.stamina) == ("escaped", 17)


def test_escape_at_luck_zero_ends_at_once() -> None:
    """000_13d85f0bd5b613c5.txt:57-59: with no LUCK to test, the fleeing wound is taken and he is away."""
    state = fight((10, 20, 0), can_escape=True).apply("escape")
    assert (state.result().outcome, state.stamina) == ("escaped", 18)


def test_escape_wound_can_kill() -> None:
    """000_13d85f0bd5b613c5.txt:57-59 with :51-53: the fleeing wound at STAMINA 2 is death."""
    state = fight((10, 2, 0), can_escape=True).apply("escape")
    assert state.result().outcome == "dead"


def test_the_escape_wound_is_the_creatures_own() -> None:
    """000_13d85f0bd5b613c5.txt:57-59: "the creature automatically gets in one wound on you": the wound
    of a creature that wounds for 3 (:44-46 as a book prints it) costs 3 as the hero flees, unless the
    section sets the fleeing wound (`escape_damage`). One after another, the creature being fought;
    several at once, one wound in all, the heaviest of those standing (docs/rulings/fighting-fantasy.md,
    "Escape")."""
    troll = Creature("Troll", 9, 12, damage=3)
    assert fight((10, 20, 0), troll, can_escape=True).apply("escape").stamina == 17
    assert fight((10, 20, 0), troll, can_escape=True, escape_damage=1).apply("escape").stamina == 19
    rat = Creature("Rat", 5, 2, damage=1)
    first = fight((10, 20, 0), rat, troll, can_escape=True)
    assert first.apply("escape").stamina == 19
    second = first.apply("fight").apply("hit")
    assert second.foes == (0, 12) and second.apply("escape").stamina == 17
    both = fight((10, 20, 0), rat, Creature("Troll", 9, 2, damage=3), together=True, can_escape=True)
    assert both.apply("escape").stamina == 17
    rat_left = both.apply("target:1").apply("hit")
    assert rat_left.foes == (2, 0) and rat_left.apply("escape").stamina == 19


def test_together_every_creature_rolls_and_the_reader_picks_a_target() -> None:
    """Ruling (several creatures at once): each rolls; hero once; target wounded as usual; others defended."""
    state = fight((10, 20, 0), Creature("A", 7, 6), Creature("B", 8, 6), together=True)
    assert state.legal_actions() == ("target:0", "target:1")
    at_a = state.apply("target:0")
    outcome, rolls = at_a.roll(StubRng(1, 1, 6, 6, 3, 3))
    assert [r.total for r in rolls] == [9, 20, 16]
    assert outcome == "hit+1"
    after = at_a.apply(outcome)
    assert after.foes == (4, 6) and after.stamina == 18


def test_together_a_lower_total_of_another_creature_does_nothing() -> None:
    """Ruling (several at once): against a creature only defended from, a lower total means no wound."""
    at_a = fight((10, 20, 0), Creature("A", 7, 6), Creature("B", 8, 6), together=True).apply("target:0")
    outcome, _ = at_a.roll(StubRng(4, 4, 1, 1, 2, 3))
    assert outcome == "even"
    outcome, _ = at_a.roll(StubRng(6, 6, 1, 1, 1, 1))
    assert outcome == "hurt"


def test_together_odds_match_brute_force() -> None:
    """Ruling (several at once) enumerated over every face of three pairs of dice."""
    faces = list(itertools.product(range(1, 7), repeat=2))
    counts: dict[str, int] = {}
    for h, a, b in itertools.product(faces, faces, faces):
        hero, ta, tb = sum(h) + 9, sum(a) + 7, sum(b) + 8
        core = "hit" if hero > ta else "hurt" if ta > hero else "even"
        label = core + ("+1" if tb > hero else "")
        counts[label] = counts.get(label, 0) + 1
    expected = {k: Fraction(v, 36**3) for k, v in counts.items()}
    assert dict(together_outcomes(9, ((0, 7), (1, 8)), 0)) == expected


def test_one_after_another_the_next_creature_steps_up() -> None:
    """Ruling (several creatures fought in turn): when one falls, the next is fought."""
    state = fight((10, 20, 0), Creature("A", 7, 2), Creature("B", 8, 6)).apply("hit")
    assert state.target == 1 and state.actor() is CHANCE
    assert state.apply("hit").foes == (0, 4)


def test_skill_modifier_for_one_fight() -> None:
    """000_13d85f0bd5b613c5.txt:110-111: a page may change SKILL; here for this fight only."""
    state = fight(skill_modifier=-3)
    assert state.attack_skill == 7
    assert dict(state.chance_outcomes()) == dict(round_outcomes(7, 9))


def test_rounds_limit_ends_the_fight() -> None:
    """A section's limit on rounds (extends step 7, 000_13d85f0bd5b613c5.txt:50-53), stand-offs included."""
    state = fight(max_rounds=2)
    once = state.apply("even")
    assert once != state and once.rounds == 1
    assert once.apply("even").result().outcome == "rounds-over"


def test_stamina_thresholds_end_the_fight() -> None:
    """Section thresholds ("reduce it to 4 or less") beside step 7 (000_13d85f0bd5b613c5.txt:50-53)."""
    beaten = fight((10, 20, 0), Creature("Ogre", 8, 6), creature_floor=4).apply("hit")
    assert beaten.result().outcome == "win"
    floored = fight((10, 8, 0), hero_floor=6).apply("hurt")
    assert floored.result().outcome == "hero-floor"
    counted = fight((10, 20, 0), hero_wounds=2).apply("hurt").apply("hurt")
    assert counted.result().outcome == "hero-wounds"


def test_creature_with_other_damage() -> None:
    """A creature whose wound is not the 2 points of step 5 (000_13d85f0bd5b613c5.txt:44-46)."""
    state = fight((10, 20, 0), Creature("Troll", 9, 12, damage=3)).apply("hurt")
    assert state.stamina == 17


def test_potion_between_rounds() -> None:
    """000_13d85f0bd5b613c5.txt:151-152: potions at any time; in a fight, between Attack Rounds (ruling)."""
    sheet = AdventureSheet.new(10, 20, 9, potion="strength")
    state = start_fight(sheet, [ORC]).apply("hurt").apply("no-luck")
    assert state.legal_actions() == ("fight", "drink")
    drunk = state.apply("drink")
    assert (drunk.stamina, drunk.measures) == (20, 1)
    assert sheet_after(sheet, drunk).potion_measures == 1


def test_no_score_above_initial_in_a_fight() -> None:
    """000_13d85f0bd5b613c5.txt:135-137: a lucky blow at full STAMINA restores nothing beyond Initial."""
    state = fight((10, 20, 9), Creature("Imp", 5, 5, damage=1)).apply("hurt").apply("luck").apply("lucky")
    assert state.stamina == 20 and state.invariants() == []


def test_illegal_outcome_names_move_and_state() -> None:
    """A move not open at this node is refused naming both (DESIGN: RulesError)."""
    with pytest.raises(RulesError, match=r"'lucky'.*phase='round'"):
        fight().apply("lucky")


def test_sheet_after_the_fight() -> None:
    """The fight's scores go back onto the Adventure Sheet (000_13d85f0bd5b613c5.txt:1-6)."""
    sheet = AdventureSheet.new(10, 20, 9)
    end = start_fight(sheet, [ORC]).apply("hurt").apply("luck").apply("unlucky")
    after = sheet_after(sheet, end)
    assert (after.stamina, after.luck, after.initial_luck) == (17, 8, 9)
