"""A Grey Star combat as a game state: spending, the Staff without magic, evasion, section modifiers,
the coarse chance node, real rolls, and conformance (001_2055bbb054c2d265.txt:3-18 and the issue)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from grognard.engine import registry
from grognard.engine.conformance import check_game, check_registered
from grognard.engine.dice.core import BOOK_TABLE_DIGITS, Rng
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.grey_star import chart as ch
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.combat import CombatGame, CombatState, Foe, finish_combat, start_combat


def _number_of(state: CombatState, number: int) -> str:
    """The outcome label a random number gives, found by rolling until the number comes up."""
    for seed in range(500):
        label, rolls = state.roll(Rng(seed))
        if rolls[0].total == number:
            return str(label)
    raise AssertionError(f"no seed gave {number}")


def test_spend_choices_run_from_0_to_current_willpower() -> None:
    """001_2055bbb054c2d265.txt:7: the WILLPOWER to expend is chosen each round (0 to what is left)."""
    s = CombatState(15, 20, 3, 15, 20)
    assert s.actor() == 0
    assert list(s.legal_actions()) == ["spend:0", "spend:1", "spend:2", "spend:3"]
    with pytest.raises(RulesError, match="spend:4"):
        s.apply("spend:4")


def test_the_worked_example_as_a_round() -> None:
    # The worked example: ratio -5, random number 6, 2 WILLPOWER: Grey Star loses 4, enemy 10.
    s = CombatState(15, 20, 5, 20, 30).apply("spend:2")
    assert isinstance(s, CombatState) and s.actor() is CHANCE
    assert s.willpower == 3
    label = _number_of(s, 6)
    assert label == "E10/GS4"
    after = s.apply(label)
    assert isinstance(after, CombatState)
    assert (after.endurance, after.enemy_endurance, after.willpower, after.actor()) == (16, 20, 3, 0)


def test_zero_willpower_spent_is_the_staff_as_a_plain_weapon() -> None:
    """issue #4 and the ruling "A round with 0 WILLPOWER spent" (001_2055bbb054c2d265.txt:7, :11)."""
    # Ruling "0 WILLPOWER": -6 COMBAT SKILL and the enemy's loss x1.
    s = CombatState(20, 20, 5, 15, 30)
    assert s.ratio(0) == -1 and s.ratio(1) == 5
    plain = s.apply("spend:0")
    assert isinstance(plain, CombatState) and plain.willpower == 5
    assert _number_of(plain, 6) == "E7/GS2"  # column -2/-1, row 6: 7/2, x1
    one = s.apply("spend:1")
    assert isinstance(one, CombatState) and _number_of(one, 6) == "E11/GS1"  # column +5/+6, row 6: 11/1


def test_without_willpower_only_the_plain_staff_is_open() -> None:
    """issue #4: WILLPOWER 0 or below: no magic from the Staff, a plain weapon at -6."""
    for wp in (0, -3):
        s = CombatState(20, 20, wp, 15, 30)
        assert list(s.legal_actions()) == ["spend:0"]
        nxt = s.apply("spend:0")
        assert isinstance(nxt, CombatState) and nxt.column == crt.table().column_index(-1)


def test_an_enemy_immune_to_the_staffs_magic_faces_the_plain_staff() -> None:
    """issue #4: a section may make the enemy immune to the Staff's magic (data)."""
    s = CombatState(20, 20, 9, 15, 30, immune=True)
    assert list(s.legal_actions()) == ["spend:0"]
    nxt = s.apply("spend:0")
    assert isinstance(nxt, CombatState) and nxt.column == crt.table().column_index(-1)


def test_another_weapon_has_no_staff_magic_and_no_second_penalty() -> None:
    """issue #4: -6 without the Staff (the dagger +1), -8 with no weapon."""
    chart = ch.new_chart((5, 5, 5), ("Sorcery", "Enchantment", "Alchemy", "Prophecy", "Evocation"), ch.DAGGER)
    foe = Foe("Kleasa", 12, 20)
    with_dagger = start_combat(chart, foe, ch.DAGGER)
    assert with_dagger.combat_skill == 15 - 6 + 1 and not with_dagger.staff
    assert list(with_dagger.legal_actions()) == ["spend:0"] and with_dagger.ratio(0) == -2
    bare = start_combat(chart, foe, None)
    assert bare.ratio(0) == 15 - 8 - 12


def test_section_modifiers_are_data() -> None:
    """issue #4: COMBAT SKILL bonus or penalty, fight for N rounds, evasion: data of the section."""
    chart = ch.new_chart((5, 5, 5), ("Sorcery", "Enchantment", "Alchemy", "Prophecy", "Evocation"), ch.DAGGER)
    s = start_combat(chart, Foe("Ghoul", 17, 22, skill_modifier=-2, rounds=3, can_evade=True))
    assert (s.combat_skill, s.enemy_skill, s.rounds_left, s.can_evade) == (13, 17, 3, True)
    assert "evade:0" in s.legal_actions() and "evade:25" in s.legal_actions()
    with pytest.raises(UsageError):
        Foe("Nothing", 10, 0)


def test_enemy_k_kills_whatever_was_spent() -> None:
    """issue #4: a K for the enemy kills whatever WILLPOWER was spent."""
    s = CombatState(30, 20, 5, 15, 90).apply("spend:1")  # ratio +15, row 8: K/0
    assert isinstance(s, CombatState)
    label = _number_of(s, 8)
    assert label == "E90/GS0"
    end = s.apply(label)
    assert end.actor() is TERMINAL and end.result().outcome == "win" and end.result().winners == (0,)


def test_evading_ignores_the_enemys_losses_and_ends_the_fight() -> None:
    # 001_2055bbb054c2d265.txt:17: one round in the usual way; the enemy's losses are ignored.
    s = CombatState(15, 20, 5, 15, 30, can_evade=True).apply("evade:1")
    assert isinstance(s, CombatState)
    labels = {str(o) for o, _ in s.chance_outcomes()}
    assert labels == {"E0/GS5", "E0/GS4", "E0/GS3", "E0/GS2", "E0/GS1", "E0/GS0"}  # column 0
    end = s.apply("E0/GS4")
    assert isinstance(end, CombatState)
    assert end.result().outcome == "evaded" and end.enemy_endurance == 30 and end.endurance == 16


def test_evasion_only_where_offered() -> None:
    """001_2055bbb054c2d265.txt:16: evade only when the text offers it."""
    s = CombatState(15, 20, 5, 15, 30)
    assert not [a for a in s.legal_actions() if a.startswith("evade")]
    with pytest.raises(RulesError):
        s.apply("evade:0")


def test_dying_while_evading_is_death() -> None:
    """001_2055bbb054c2d265.txt:17 with :12: the evading round is fought as usual; 0 ENDURANCE is death."""
    s = CombatState(0, 3, 0, 15, 30, can_evade=True).apply("evade:0")
    assert isinstance(s, CombatState)
    end = s.apply(_number_of(s, 1))  # ratio -21, row 1: 0/K
    assert end.result().outcome == "dead"


def test_both_falling_in_one_round_is_death() -> None:
    """001_2055bbb054c2d265.txt:12 (silent on both falling): the ruling makes it death."""
    s = CombatState(15, 4, 5, 15, 3).apply("spend:1")  # column 0, row 1: 3/5
    assert isinstance(s, CombatState)
    assert _number_of(s, 1) == "E3/GS4"
    assert s.apply("E3/GS4").result().outcome == "dead"


def test_fight_for_n_rounds() -> None:
    """issue #4: a section may limit the fight to N rounds."""
    s = CombatState(15, 30, 5, 15, 90, rounds_left=2)
    for _ in range(2):
        s = s.apply("spend:0")  # type: ignore[assignment]
        s = s.apply(s.chance_outcomes()[0][0])  # type: ignore[assignment]
    assert s.result().outcome == "rounds-over"


def test_willpower_drain_past_zero_follows_the_shortfall_option() -> None:
    """issue #4: WILLPOWER spent past 0 follows the shortfall option."""
    neg = CombatState(15, 30, 1, 15, 90, drain=2).apply("spend:1")
    assert isinstance(neg, CombatState)
    after = (
        neg.apply("E0/GS5")
        if "E0/GS5" in dict(neg.chance_outcomes())
        else neg.apply(neg.chance_outcomes()[0][0])
    )
    assert isinstance(after, CombatState) and after.willpower == -2
    end = CombatState(15, 30, 1, 15, 90, drain=2, shortfall="endurance").apply("spend:1")
    assert isinstance(end, CombatState)
    label = end.chance_outcomes()[0][0]
    lost = int(str(label).split("GS")[1])
    paid = end.apply(label)
    assert isinstance(paid, CombatState)
    assert paid.willpower == 0 and paid.endurance == 30 - lost - 4


def test_chance_outcomes_are_grouped_and_exact() -> None:
    """001_2055bbb054c2d265.txt:8-10: a random number read on the table; grouped outcomes are exact."""
    s = CombatState(15, 20, 5, 15, 30).apply(
        "spend:1"
    )  # column 0: 3/5 4/4 5/4 6/3 7/2 8/2 9/1 10/0 11/0 12/0
    assert isinstance(s, CombatState)
    assert dict(s.chance_outcomes()) == {
        "E3/GS5": Fraction(1, 10), "E4/GS4": Fraction(1, 10), "E5/GS4": Fraction(1, 10),
        "E6/GS3": Fraction(1, 10), "E7/GS2": Fraction(1, 10), "E8/GS2": Fraction(1, 10),
        "E9/GS1": Fraction(1, 10), "E10/GS0": Fraction(1, 10), "E11/GS0": Fraction(1, 10),
        "E12/GS0": Fraction(1, 10),
    }  # fmt: skip
    weak = CombatState(15, 2, 5, 15, 6).apply("spend:1")  # losses capped at what is left
    assert isinstance(weak, CombatState)
    assert dict(weak.chance_outcomes()) == {
        "E3/GS2": Fraction(1, 10), "E4/GS2": Fraction(1, 10), "E5/GS2": Fraction(1, 10),
        "E6/GS2": Fraction(3, 10), "E6/GS1": Fraction(1, 10), "E6/GS0": Fraction(3, 10),
    }  # fmt: skip


def test_book_table_probabilities_come_from_its_100_digits() -> None:
    """issue #4: the book's printed table, each of its 100 digits equally likely."""
    counts = Counter(int(c) for c in BOOK_TABLE_DIGITS)
    s = CombatState(15, 20, 5, 15, 30, table="book").apply("spend:1")
    assert isinstance(s, CombatState)
    got = dict(s.chance_outcomes())
    assert got["E3/GS5"] == Fraction(counts[1], 100)
    assert got["E12/GS0"] == Fraction(counts[0], 100)
    assert sum(got.values()) == 1
    assert len(set(counts.values())) > 1  # the printed digits are not uniform


def test_a_real_roll_maps_through_the_same_function_as_the_odds() -> None:
    s = CombatState(15, 20, 5, 18, 30, table="book").apply("spend:3")
    assert isinstance(s, CombatState)
    odds = dict(s.chance_outcomes())
    for seed in range(60):
        label, rolls = s.roll(Rng(seed))
        number = rolls[0].total
        cell = crt.lookup(-3, number)
        assert label == f"E{min(int(cell.enemy) * 3, 30)}/GS{cell.grey_star}"
        assert label in odds and "cell" in rolls[0].detail


def test_result_carries_what_grey_star_keeps() -> None:
    win = CombatState(15, 20, 5, 15, 3).apply("spend:2")
    assert isinstance(win, CombatState)
    end = win.apply(win.chance_outcomes()[0][0])
    r = end.result()
    assert r.outcome == "win" and r.resource("WILLPOWER") == 3 and r.resource("WILLPOWER_LEFT") == 3
    dead = CombatState(0, 3, 4, 15, 30).apply("spend:1")
    assert isinstance(dead, CombatState)
    r = dead.apply(_number_of(dead, 1)).result()  # ratio -15, row 1: 0/K
    assert r.outcome == "dead" and r.winners == () and r.resource("WILLPOWER") == 0
    assert r.resource("ENDURANCE") == 0 and r.resource("WILLPOWER_LEFT") == 3


def test_finish_combat_writes_back_to_the_chart() -> None:
    chart = ch.new_chart((5, 5, 5), ("Sorcery", "Enchantment", "Alchemy", "Prophecy", "Evocation"), ch.DAGGER)
    s = start_combat(chart, Foe("Rat", 5, 2))
    s = s.apply("spend:1")  # type: ignore[assignment]
    end = s.apply(s.chance_outcomes()[0][0])
    assert isinstance(end, CombatState)
    after = finish_combat(chart, end)
    assert (after.willpower, after.endurance) == (end.willpower, end.endurance)
    with pytest.raises(UsageError):
        finish_combat(chart, s)


def test_the_system_is_registered() -> None:
    system = registry.get_system("gs")
    assert system.id == "grey-star" and system.game("combat").info.id == "combat"


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"willpower": 4, "enemy_skill": 20, "can_evade": True, "table": "book"},
        {"willpower": 0, "endurance": 8, "enemy_endurance": 40},
        {"immune": True, "rounds": 3, "drain": 2, "shortfall": "endurance", "willpower": 3},
        {"staff": False, "combat_skill": 9, "can_evade": True, "drain": 1},
    ],
)
def test_random_combats_keep_the_protocol(options: dict[str, object]) -> None:
    report = check_game(CombatGame(), options, seed=7, games=60, system="grey-star")  # type: ignore[arg-type]
    assert report.finished == 60


def test_registered_combat_conformance() -> None:
    report = check_registered("grey-star", "combat", seed=3, games=40)
    assert report.finished == 40 and set(report.outcomes) <= {"win", "dead"}


def test_bad_options_are_refused_with_the_value() -> None:
    with pytest.raises(UsageError, match="0"):
        CombatGame().new_initial_state({"endurance": 0})
    with pytest.raises(UsageError, match="dice"):
        CombatGame().info.resolve_options({"table": "dice"})
