"""Every section passed and every roll told (issue 30): the gamebook view tells a section whose dice are
thrown without the reader's click with its text, in the log of the move that turned to it
(`seat_view.passed_section`, the `BookViews.told` label and a "section" event of `step_events`), each
roll of creation, effects and tests in words with its dice, modifiers and what it decided
(`step_words`, `roll_words`), and the choice that leads to a test with the test's chances. Played on the
toy ruleset's cave book (tests/gamebook/data/cave.toml)."""

from __future__ import annotations

from grognard.engine.dice.core import DieRoll, Rng, Roll
from grognard.engine.game import CHANCE
from grognard.engine.session import MoveRecord
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.seat_view import (
    BookViews,
    chance_words,
    passed_section,
    roll_words,
    step_events,
    step_words,
)
from tests.gamebook.helpers import cave, start, walk

VIEWS = BookViews()


def d6s(*faces: int, add: int = 0) -> Roll:
    """A roll of d6s with these faces and `add` on top."""
    return Roll(f"{len(faces)}d6", tuple(DieRoll("d6", 6, f) for f in faces), sum(faces) + add)


def thrown(state: GamebookState, seed: str) -> tuple[MoveRecord, GamebookState]:
    """The chance move at `state` thrown with a seeded RNG, and the state after it."""
    assert state.actor() is CHANCE
    outcome, rolls = state.roll(Rng(seed))
    return MoveRecord(outcome, None, rolls), state.apply(outcome)


def test_a_roll_is_said_with_its_dice_each_modifier_and_its_total() -> None:
    assert roll_words(d6s(6, 2, add=8), [("SKILL", 8)]) == "2d6 (6+2) + SKILL 8 = 16"
    assert (
        roll_words(d6s(6, 2, add=10), [("SKILL", 8), ("weapon", 2)])
        == "2d6 (6+2) + SKILL 8 + 2 (weapon) = 18"
    )
    assert roll_words(d6s(5, add=6)) == "1d6 (5) + 6 = 11"  # what no name accounts for, added unnamed
    assert roll_words(d6s(3, add=-1), [("", -1)]) == "1d6 (3) - 1 = 2"
    assert roll_words(d6s(4, 3), said=True) == "4+3 = 7" and roll_words(d6s(4), said=True) == "4"
    number = Roll("random number +10", (DieRoll("lw", 10, 6),), 16)
    assert roll_words(number) == "random number 6 + 10 = 16"
    printed = Roll("random number", (DieRoll("lw-table", 100, 3, face="3"),), 3, "table row 2 column 7")
    assert roll_words(printed) == "random number 3 (table row 2 column 7)"
    added = Roll("random number +2", printed.dice, 5, printed.detail)
    assert roll_words(added, [("Prophecy", 2)]) == "random number 3 (table row 2 column 7) + 2 (Prophecy) = 5"


def test_a_chance_is_never_rounded_to_a_certainty() -> None:
    assert [chance_words(p) for p in (0.0, 0.001, 0.5, 0.72, 0.996, 1.0)] == [
        "0%",
        "under 1%",
        "50%",
        "72%",
        "over 99%",
        "100%",
    ]


def test_a_choice_into_a_test_section_gives_its_chances_and_the_section_is_told() -> None:
    at_pool = walk(start(cave()), "choice:2", "attack", "hit", "lucky")  # the fight won, the pit leapt
    assert at_pool.section == "5" and at_pool.actor() == 0
    dive = next(a for a in VIEWS.sight(at_pool, 0).actions if a.id == "choice:2")
    assert dive.label == "Dive into the pool (turn to 8; Roll: 2 or less 33%, 3-5 50%, 6 or more 17%)"
    diving = at_pool.apply("choice:2")
    assert diving.section == "8" and diving.actor() is CHANCE
    assert passed_section(at_pool, diving) == "8"
    assert VIEWS.told(at_pool, MoveRecord("choice:2", 0), diving) == "Section 8: You dive."
    assert [e.values for e in step_events(at_pool, diving)] == [
        {"section": "8", "title": "", "text": "You dive."}
    ]
    record, after = thrown(diving, "dive")
    total = record.rolls[0].total
    branch, turn = ("2 or less", "9") if total <= 2 else ("3-5", "5") if total <= 5 else ("6 or more", "6")
    assert step_words(diving, record) == f"Roll: 1d6 ({total}) = {total}, on {branch}, turn to {turn}"
    assert VIEWS.told(diving, record, after) == step_words(diving, record)  # section 5, 6 or 9: not dice


def test_a_choice_into_a_section_the_reader_decides_in_tells_nothing_more() -> None:
    at_start = start(cave())
    runes = walk(at_start, "choice:2", "flee")  # fled back to section 1, a decision: drawn as the page
    assert runes.section == "1" and runes.actor() == 0
    into_fight = at_start.apply("choice:2")
    assert passed_section(at_start, into_fight) == ""  # the fight asks first: the page shows section 3
    assert VIEWS.told(at_start, MoveRecord("choice:2", 0), into_fight) == ""
    assert all("turn to 3)" in a.label for a in VIEWS.sight(at_start, 0).actions if a.id == "choice:2")


def test_a_fight_won_into_a_luck_test_tells_the_pit_and_the_test_against_its_cost() -> None:
    fighting = walk(start(cave(), luck=4), "choice:2", "attack")
    record = MoveRecord("hit", None, (d6s(5),))
    at_pit = fighting.apply("hit")
    assert at_pit.section == "4" and at_pit.phase == "test"
    assert passed_section(fighting, at_pit) == "4"
    pit = "Section 4: Beyond the goblin, a pit. Test your luck to leap it."
    assert VIEWS.told(fighting, record, at_pit) == pit  # the toy tells no fight roll: the section alone
    assert [e.kind for e in step_events(fighting, at_pit)] == ["section"]
    luck = MoveRecord("unlucky", None, (d6s(6),))
    assert step_words(at_pit, luck) == "Test your luck: 1d6 (6) = 6: unlucky (luck 4 → 3)"
    [step] = step_events(at_pit, at_pit.apply("unlucky"))
    assert step.values == {
        "step": "Test your luck",
        "outcome": "unlucky",
        "chances": "lucky 66.7%, unlucky 33.3%",
    }


def test_an_effects_dice_are_told_with_what_they_changed() -> None:
    hurt = walk(start(cave(), hp=10, luck=1), "choice:2", "attack", "hit", "unlucky")
    assert hurt.phase == "effects" and hurt.step_label() == "HP -1d6"
    record, after = thrown(hurt, "pit")
    lost = record.rolls[0].total
    hp = dict(after.play.ruleset.sheet_lines(hurt.sheet))["hp"]
    assert step_words(hurt, record) == f"HP -1d6: 1d6 ({lost}) = {lost}: hp {hp} → {int(hp) - lost}"
    assert passed_section(hurt, after) == ""  # still section 4: its choice is the page


def test_creation_rolls_say_which_score() -> None:
    game_state = start(cave())
    blank = GamebookState(game_state.play, game_state.play.ruleset.new_sheet(game_state.play.ctx)).settle()
    record, _ = thrown(blank, "hp")
    hp = record.rolls[0]
    assert step_words(blank, record) == f"HP: 1d6 ({hp.faces()[0]}) + 4 = {hp.total}"
