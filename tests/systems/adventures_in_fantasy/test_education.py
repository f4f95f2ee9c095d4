"""Education in play: the learning formula, attempts, waiting, breaks, apprenticeships, weapons, practice.

Every worked example of the book's education section is a test naming its line
(002_8449cbd1010a37a5.txt); readings are in docs/rulings/adventures-in-fantasy.md under "Education".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng, d20_digit
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import apprenticeship as ap
from grognard.systems.adventures_in_fantasy import education as ed
from grognard.systems.adventures_in_fantasy.character import Character, Characteristics
from grognard.systems.adventures_in_fantasy.chargen import MONTHS_PER_YEAR, CourseChoice, course

SWORD = CourseChoice(12)
JEWELER = CourseChoice(23)
SAILOR = CourseChoice(22)
HUNTSMAN = CourseChoice(25)


def _character(position: str = "Count", rank: int = 30, status: int = 32, **extra: object) -> Character:
    ratings = Characteristics(strength=50, dexterity=50, intelligence=60, charisma=50, health=50)
    data: dict[str, object] = {
        "characteristics": ratings,
        "age": 20,
        "rolled_position": position,
        "rolled_level": rank,
        "status_level": status,
        "position": position,
        "rank": rank,
        "funds_gp": 1000,
    }
    return Character.model_validate(data | extra)


# -- the Basic Learning Formula (:283-289) -----------------------------------------------------------


def test_formula_divides_t_by_a_then_multiplies_by_c_then_deducts_p_line_289() -> None:
    # Use of sword: T 12, C 45 (Table B :346); 8 months studied, Intelligence 40: 12/8 x 45 - 40 = 27.5.
    odds = ed.learning_odds(SWORD, 40, 8)
    assert odds.formula == Fraction(55, 2)
    assert odds.failure == 28  # rounded half up (:415)
    assert odds.success_chance == Fraction(72, 100)


def test_the_failure_chance_is_held_within_0_and_100() -> None:
    assert ed.learning_odds(SWORD, 100, 12).failure == 0
    assert ed.learning_odds(JEWELER, 0, 1).failure == 100
    assert ed.learning_odds(JEWELER, 0, 1).success_chance == 0


def test_success_chance_agrees_with_every_face_of_two_d20() -> None:
    odds = ed.learning_odds(CourseChoice(1), 55, 60)  # 72/60 x 120 - 55 = 89
    wins = 0
    for tens in range(1, 21):
        for units in range(1, 21):
            value = d20_digit(tens) * 10 + d20_digit(units) or 100
            wins += value > odds.failure
    assert odds.success_chance == Fraction(wins, 400)


def test_a_throw_masters_the_course_above_the_failure_chance() -> None:
    odds = ed.learning_odds(SWORD, 40, 12)  # 45 - 40 = 5% to fail
    assert not ed.attempt(Rng(1), odds, 2, given=5).success
    assert ed.attempt(Rng(1), odds, 2, given=6).success


def test_a_seeded_throw_repeats_and_keeps_its_dice() -> None:
    odds = ed.learning_odds(SWORD, 40, 12)
    first, second = ed.attempt(Rng(9), odds, 2), ed.attempt(Rng(9), odds, 2)
    assert first.roll == second.roll
    assert len(first.roll.dice) == 2
    assert first.success == (first.roll.total > odds.failure)


# -- the three attempts and their timing (:293, :297) -------------------------------------------------


def test_three_attempts_before_at_and_after_the_average_time_line_293() -> None:
    assert ed.attempt_problem(1, Fraction(6), Fraction(12), False) == ""
    assert ed.attempt_problem(1, Fraction(12), Fraction(12), False)
    assert ed.attempt_problem(2, Fraction(12), Fraction(12), False) == ""
    assert ed.attempt_problem(2, Fraction(13), Fraction(12), False)
    assert ed.attempt_problem(3, Fraction(13), Fraction(12), False) == ""
    assert ed.attempt_problem(3, Fraction(12), Fraction(12), False)
    assert ed.attempt_problem(4, Fraction(20), Fraction(12), False)
    with pytest.raises(UsageError, match="attempt 2"):
        ed.attempt(Rng(1), ed.learning_odds(SWORD, 40, 10), 2)


def test_an_apprenticeship_is_never_completed_before_its_time_line_297() -> None:
    odds = ed.learning_odds(SAILOR, 60, 20)
    with pytest.raises(UsageError, match="line 297"):
        ed.attempt(Rng(1), odds, 1)
    assert ed.attempt(Rng(1), odds, 1, leaving=True).number == 1  # leaving early still throws (:307)


def test_the_third_failure_starts_the_wait() -> None:
    odds = ed.learning_odds(SWORD, 0, 13)
    assert ed.attempt(Rng(1), odds, 3, given=1).last
    assert not ed.attempt(Rng(1), ed.learning_odds(SWORD, 0, 12), 2, given=1).last


def test_chance_over_several_throws() -> None:
    assert ed.mastery_chance([Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)]) == Fraction(7, 8)


# -- waiting, repeating (:293) ------------------------------------------------------------------------


def test_wait_is_three_times_the_course_time_line_293() -> None:
    wait = ed.waiting(ed.required_months(SWORD))
    assert wait.months == 36
    assert not wait.barred


def test_a_wait_of_twelve_years_adds_twelve_example_line_293() -> None:
    wait = ed.waiting(Fraction(12 * MONTHS_PER_YEAR, 3))  # a course whose wait is 12 game years
    assert wait.years == 12
    assert wait.penalty == 12


def test_a_wait_of_ten_years_exactly_is_still_waited() -> None:
    assert not ed.waiting(Fraction(10 * MONTHS_PER_YEAR, 3)).barred


def test_second_time_through_halves_the_time_and_adds_the_long_wait_line_293() -> None:
    first = ed.learning_odds(JEWELER, 50, 120)
    again = ed.learning_odds(JEWELER, 50, 60, repeat=True)
    assert again.required == first.required / 2
    assert again.penalty == Fraction(3 * 120, MONTHS_PER_YEAR)
    assert again.formula == first.formula + again.penalty
    assert ed.learning_odds(SWORD, 40, 6, repeat=True).penalty == 0


def test_a_forester_learns_bow_spear_and_dagger_in_half_the_time_line_456() -> None:
    assert ed.required_months(CourseChoice(10), forester=True) == 18
    assert ed.required_months(CourseChoice(12), forester=True) == 12


# -- breaks (:281) ------------------------------------------------------------------------------------


def test_jeweler_loses_three_weeks_in_his_third_year_example_line_281() -> None:
    ruling = ed.study_break(JEWELER, 3 * MONTHS_PER_YEAR, longest_weeks=3, year_weeks=3)
    assert ruling.outcome == "penalised"
    assert ruling.lost / MONTHS_PER_YEAR == Fraction(3, 2)  # "1.5 years of his training"
    assert ruling.fine_gp == 20  # a year's income for a jeweler, Table B :361


def test_breaks_within_two_weeks_and_two_months_a_year_cost_nothing() -> None:
    assert ed.study_break(SWORD, 6, 2, 8).outcome == "allowed"
    assert ed.study_break(SWORD, 6, 2, 9).outcome == "penalised"
    assert ed.study_break(SWORD, 6, 2, 9).fine_gp == 0  # Use of sword gives no income


def test_an_apprentice_who_goes_adventuring_breaks_his_apprenticeship_line_297() -> None:
    assert ed.study_break(SAILOR, 10, 1, 1, outside_activity=True).outcome == "apprenticeship broken"
    assert ed.study_break(SWORD, 6, 1, 1, outside_activity=True).outcome == "allowed"


def test_inconsistent_breaks_are_refused() -> None:
    with pytest.raises(UsageError, match="do not fit"):
        ed.study_break(SWORD, 6, 3, 2)


# -- breaking an apprenticeship (:305-329) ------------------------------------------------------------


def test_breaking_lowers_the_rank_one_class_example_line_309() -> None:
    # The book's Count falls to MARQUIS, a higher rank on Table A (:207-208); ruling: one rank down.
    broken = ap.break_apprenticeship(Rng(3), _character(), ap.GuildRecord(), SAILOR, 20)
    assert broken.before.name == "Count"
    assert broken.after.name == "Earl"
    assert broken.character.position == "Earl"
    assert broken.character.status_level == broken.after.level < 30


def test_a_serf_has_no_lower_rank() -> None:
    serf = _character("Serf", 1, 1)
    assert ap.break_apprenticeship(Rng(1), serf, ap.GuildRecord(), SAILOR, 3).character.position == "Serf"


def test_a_royal_steps_down_the_royal_ranks() -> None:
    king = _character("King", 60, 60, royal=True)
    assert ap.rank_below(ap.position_of(king)).name == "Queen"
    prince = _character("Prince/Princess", 25, 25, royal=True)
    assert not ap.rank_below(ap.position_of(prince)).royal


def test_breaking_rolls_the_formula_with_the_months_so_far_line_307() -> None:
    won = ap.break_apprenticeship(Rng(1), _character(), ap.GuildRecord(), SAILOR, 36, given=100)
    lost = ap.break_apprenticeship(Rng(1), _character(), ap.GuildRecord(), SAILOR, 36, given=1)
    assert won.attempt.success and won.character.has_course(22)
    assert not lost.attempt.success and not lost.character.has_course(22)
    assert won.attempt.odds.months == 36


def test_blackballed_from_other_apprenticeships_until_resolved_line_311() -> None:
    broken = ap.break_apprenticeship(Rng(3), _character(), ap.GuildRecord(), SAILOR, 20)
    assert any("blackballed" in p for p in ap.enrolment_problems(broken.character, broken.record, HUSBANDRY))
    assert ap.enrolment_problems(broken.character, broken.record, SWORD) == ()
    assert ap.enrolment_problems(broken.character, ap.resume(broken.record), HUSBANDRY) == ()


HUSBANDRY = CourseChoice(24)


def test_enrolment_needs_the_requisites_line_295() -> None:
    problems = ap.enrolment_problems(_character(), ap.GuildRecord(), CourseChoice(9))
    assert any("7, 8" in p for p in problems)


def test_restart_keeps_knowledge_under_half_the_time_example_line_315() -> None:
    assert ap.restart(13, 6).retained
    assert not ap.restart(13, 7).retained
    huntsman = ap.restart(20, 12)  # 20 months as a Huntsman, gone a year: a novice again, nothing kept
    assert huntsman.knowledge_months == 0
    assert ap.restart(20, 3).pay_share == Fraction(1, 2)  # half pay (:317)


def test_forgiveness_for_a_jeweler_costs_480_example_line_325() -> None:
    assert ap.forgiveness_cost(JEWELER) == 480


def test_forgiveness_for_a_sailor_example_line_327() -> None:
    # The book multiplies 36 x 1.5 x 2 and prints 96; the product is 108 (ruling "Education: forgiveness").
    assert ap.forgiveness_cost(SAILOR) == Fraction(36) * Fraction(3, 2) * 2 == 108


def test_status_nine_redeems_on_27_percent_example_line_319() -> None:
    assert ap.forgiveness(Rng(1), SAILOR, 9, given=27).redeemed
    assert not ap.forgiveness(Rng(1), SAILOR, 9, given=28).redeemed
    assert ap.forgiveness(Rng(1), SAILOR, 9).redeem_chance == Fraction(27, 100)


def test_forgiveness_is_only_for_apprenticeships() -> None:
    with pytest.raises(UsageError, match="not an apprenticeship"):
        ap.forgiveness(Rng(1), SWORD, 9)


def test_buying_forgiveness_pays_restores_and_bars_the_course_line_329() -> None:
    broken = ap.break_apprenticeship(Rng(3), _character(), ap.GuildRecord(), SAILOR, 20)
    bought, after, record = ap.buy_forgiveness(Rng(1), broken.character, broken.record, given=1)
    assert bought.redeemed and after.position == "Count" and after.status_level == 32
    assert after.funds_gp == 1000 - 108
    assert record.blackball is None
    assert ap.enrolment_problems(after, record, SAILOR)
    assert ap.enrolment_problems(after, record, HUSBANDRY) == ()
    _, unredeemed, _ = ap.buy_forgiveness(Rng(1), broken.character, broken.record, given=100)
    assert unredeemed.position == "Earl"


def test_the_guild_record_round_trips_through_json() -> None:
    broken = ap.break_apprenticeship(Rng(3), _character(), ap.GuildRecord(), SAILOR, 20)
    assert ap.GuildRecord.model_validate_json(broken.record.model_dump_json()) == broken.record


def test_completing_an_armorer_course_raises_the_status_line_359() -> None:
    knight = _character("Knight", 10, 14)
    done = ap.complete_course(knight, CourseChoice(21), 60)
    assert done.status_level == 15 and done.position == "Baron"
    assert done.courses[-1] == course(CourseChoice(21)).model_copy(update={"months": 60})


# -- weapons: training and practice (:410-422) ---------------------------------------------------------


def test_harold_the_devious_untrained_and_half_trained_example_lines_412_413() -> None:
    level, sword = 12, 8
    untrained = ed.trained_base(40, ed.training_share(12, 0, False))
    half = ed.trained_base(40, ed.training_share(12, 6, False))
    full = ed.trained_base(40, ed.training_share(12, 6, True))
    assert (untrained, untrained + level + sword) == (13, 33)
    assert (half, half + level + sword) == (26, 46)
    assert full + level + sword == 60


def test_weapon_equivalents_line_416() -> None:
    assert ed.weapon_course("Long Bow") == ed.weapon_course("crossbow") == 10
    assert ed.weapon_course("2-HD axe") == ed.weapon_course("two-handed sword") == 13
    assert ed.weapon_course("Flail") == 14
    with pytest.raises(UsageError, match="lance"):
        ed.weapon_course("lance")


def test_a_character_uses_the_weapon_share_of_his_courses() -> None:
    swordsman = _character(courses=(course(SWORD),))
    assert ed.character_weapon_share(swordsman, "sword") == 1
    assert ed.character_weapon_share(swordsman, "dagger", 3) == Fraction(2, 3)
    assert ed.character_weapon_share(swordsman, "dagger", 2) == Fraction(1, 3)


def test_practice_deterioration_40_36_32_example_line_414() -> None:
    assert ed.deterioration(40, 2) == (40, 36, 32)


def test_twelve_hours_a_month_keep_the_skill_line_414() -> None:
    assert ed.practice_month(40, 12) == 40
    assert ed.practice_month(40, 11.5) == 36
