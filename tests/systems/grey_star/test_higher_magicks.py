"""The Higher Magicks on the Action Chart and the items carried from an earlier adventure (issue 32).

Book 4 (War of the Wizards) opens six Higher Magicks beside the seven Lesser ones: a first adventure
chooses five Lesser and four Higher Magicks, and Theurgy brings the Herb Pouch as Alchemy does; a reader
who finished an earlier adventure keeps his equipment (books 3 and 4). A book says so in `[book.rules]`:
`higher_magicks = N` and `carried_over = "ITEM, ITEM"` (docs/systems/grey-star.md). The books below are
written for these tests."""

from __future__ import annotations

from typing import Any

import pytest

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine.errors import UsageError
from grognard.gamebook.check import check_book
from grognard.gamebook.load import parse_book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.systems.grey_star.chart import (
    HERB_POUCH_START,
    HIGHER_MAGICKS,
    LESSER_MAGICKS,
    TALISMAN,
    new_chart,
    with_higher_magicks,
)
from grognard.systems.grey_star.ruleset import GS_RULES

FIVE = "Sorcery,Enchantment,Elementalism,Prophecy,Evocation"

BOOK = """
[book]
title = "The Moonstone Test"
system = "grey-star"
start = "1"

[book.rules]
{rules}

[book.items]
"Mind Gem" = {{ special = true }}
"Rope" = {{}}

[sections.1]
text = "Doors."
choices = [
  {{ text = "Teleport", target = "end", condition = {{ power = "Thaumaturgy" }} }},
  {{ text = "Gem", target = "end", condition = {{ item = "Mind Gem" }} }},
  {{ text = "Climb", target = "end", condition = {{ item = "Rope" }} }},
  {{ text = "Walk", target = "end" }},
]

[sections.end]
text = "The end."
ending = "victory"
"""


def game_of(rules: str) -> GamebookGame:
    return GamebookGame(GS_RULES, parse_book(BOOK.format(rules=rules), "test"), "test")


def begin(rules: str, **options: Any) -> GamebookState:
    game = game_of(rules)
    return act_start(game, {"book": "test", "hero": "15/25/24", "magicks": FIVE, "gift": TALISMAN, **options})


def act_start(game: GamebookGame, given: dict[str, Any]) -> GamebookState:
    state = game.new_initial_state(game.info.resolve_options(given))
    assert isinstance(state, GamebookState)
    return state


def act(state: GamebookState, action: Any) -> GamebookState:
    """The state after `action` (a move or a random number)."""
    after = state.apply(action)
    assert isinstance(after, GamebookState)
    return after


def labels(state: GamebookState) -> list[str]:
    return [state.label(a) for a in state.legal_actions()]


# --- the chart ----------------------------------------------------------------------------------------


def test_higher_magicks_are_powers_of_the_chart_and_close_at_zero_willpower() -> None:
    chart = with_higher_magicks(new_chart((5, 5, 5), FIVE.split(","), TALISMAN), ["Telergy", "Thaumaturgy"])
    assert chart.magicks == (*FIVE.split(","), "Thaumaturgy", "Telergy")
    assert chart.has_power("Thaumaturgy") and not chart.has_power("Necromancy")
    assert not chart.gain_willpower(0).spend_willpower(25).has_power("Thaumaturgy")
    with pytest.raises(UsageError, match="not a Magical Power"):
        chart.has_power("Flight")


def test_theurgy_brings_the_herb_pouch_without_alchemy_and_only_once_with_it() -> None:
    plain = new_chart((5, 5, 5), FIVE.split(","), TALISMAN)
    assert plain.herb_pouch is None
    assert with_higher_magicks(plain, ["Theurgy"]).herb_pouch == HERB_POUCH_START
    alchemist = new_chart((5, 5, 5), ["Alchemy", *FIVE.split(",")[:4]], TALISMAN).add_herb("Moss")
    assert with_higher_magicks(alchemist, ["Theurgy"]).herb_pouch == (*HERB_POUCH_START, "Moss")
    assert with_higher_magicks(plain, ["Visionary"]).herb_pouch is None


@pytest.mark.parametrize("higher", [["Sorcery"], ["Telergy", "Telergy"], ["Flight"]])
def test_a_higher_magick_is_one_of_the_six_chosen_once(higher: list[str]) -> None:
    with pytest.raises(UsageError):
        with_higher_magicks(new_chart((5, 5, 5), FIVE.split(","), TALISMAN), higher)


# --- creation and play --------------------------------------------------------------------------------


def test_a_book_that_gives_higher_magicks_has_them_chosen_after_the_lesser_ones() -> None:
    game = game_of("higher_magicks = 2")
    state = act_start(game, {"book": "test"})
    for rolled in (15, 25, 24):
        state = act(state, rolled)
    for _ in range(5):
        assert set(labels(state)) <= set(LESSER_MAGICKS)
        state = act(state, state.legal_actions()[0])
    assert labels(state) == list(HIGHER_MAGICKS) and state.step_label() == "Higher Magick 1 of 2"
    assert "teleportation" in GS_RULES.action_detail("power:Thaumaturgy")
    state = act(state, "power:Telergy")
    assert labels(state) == [m for m in HIGHER_MAGICKS if m != "Telergy"]
    state = act(act(state, "power:Thaumaturgy"), f"gift:{TALISMAN}")
    assert state.sheet.chart is not None and state.sheet.chart.magicks[5:] == ("Thaumaturgy", "Telergy")
    assert "Teleport" in labels(state)
    assert ("Higher Magicks", "Thaumaturgy, Telergy") in GS_RULES.sheet_lines(state.sheet)


def test_a_book_without_them_asks_for_none_and_a_higher_magick_test_stays_closed() -> None:
    game = game_of("")
    state = act_start(game, {"book": "test"})
    for rolled in (15, 25, 24):
        state = act(state, rolled)
    for _ in range(5):
        state = act(state, state.legal_actions()[0])
    assert labels(state)[0] == "Jewelled Dagger"
    assert "Teleport" not in labels(begin(""))


def test_higher_magicks_given_as_an_option_must_be_as_many_as_the_book_says() -> None:
    assert "Teleport" in labels(begin("higher_magicks = 2", higher_magicks="Thaumaturgy,Visionary"))
    with pytest.raises(UsageError, match="choose 2"):
        begin("higher_magicks = 2", higher_magicks="Thaumaturgy")


def test_items_carried_from_an_earlier_adventure_are_the_readers_to_take_at_the_start() -> None:
    game = game_of('carried_over = "Mind Gem, Rope"')
    state = act_start(game, {"book": "test", "hero": "15/25/24", "magicks": FIVE})
    state = act(state, f"gift:{TALISMAN}")
    assert list(state.legal_actions()) == ["carry:Mind Gem", "carry:Rope", "set-out"]
    assert state.label("carry:Rope") == "Take the Rope (carried from an earlier adventure)"
    state = act(state, "carry:Mind Gem")
    assert list(state.legal_actions()) == ["carry:Rope", "set-out"]
    state = act(state, "set-out")
    assert state.sheet.chart is not None and "Mind Gem" in state.sheet.chart.special_items
    assert labels(state)[:2] == ["Gem", "Walk"]


def test_carried_items_given_as_an_option_and_none_without_it() -> None:
    assert labels(begin('carried_over = "Mind Gem, Rope"', carried="Rope"))[:2] == ["Climb", "Walk"]
    assert labels(begin('carried_over = "Mind Gem, Rope"'))[:1] == ["Walk"]
    with pytest.raises(UsageError, match="offers Mind Gem"):
        begin('carried_over = "Mind Gem"', carried="Rope")


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        ("higher_magicks = 7", "must be a whole number 0-6"),
        ('higher_magicks = "four"', "must be a whole number 0-6"),
        ('carried_over = "Mind Gem, Lantern"', "unknown item 'Lantern'"),
        ("carried_over = 3", "must be items"),
        ("wizardry = 1", "has no book rules"),
        ("returning = 3", "must be true or false"),
    ],
)
def test_check_reads_the_book_rules(rules: str, problem: str) -> None:
    found = check_book(parse_book(BOOK.format(rules=rules), "test"), GS_RULES)
    assert [p.field.split(".")[:2] for p in found] == [["book", "rules"]]
    assert problem in found[0].message


def test_a_book_with_both_rules_checks_clean() -> None:
    rules = 'higher_magicks = 4\ncarried_over = "Mind Gem, Rope"\nreturning = true'
    assert check_book(parse_book(BOOK.format(rules=rules), "test"), GS_RULES) == []


SEQUEL = 'returning = true\nhigher_magicks = 2\ncarried_over = "Mind Gem, Rope"'


def created(answer: str) -> tuple[GamebookState, list[str]]:
    """A reader of a book that asks whether he finished an earlier adventure, answering `answer`, taking
    the first Magick offered each time and the Magic Talisman: the state and the steps he went through."""
    state = act_start(game_of(SEQUEL), {"book": "test"})
    for rolled in (15, 25, 24):
        state = act(state, rolled)
    assert state.step_label() == "Have you finished an earlier Grey Star adventure?"
    assert list(state.legal_actions()) == ["returning:yes", "returning:no"]
    state = act(state, answer)
    steps = []
    while state.step_label().startswith(("Lesser", "Higher")):
        steps.append(state.step_label())
        state = act(state, state.legal_actions()[0])
    return act(state, f"gift:{TALISMAN}"), steps


def test_a_first_adventure_chooses_five_lesser_and_the_books_higher_magicks_and_carries_nothing() -> None:
    state, steps = created("returning:no")
    assert steps[4:] == ["Lesser Magick 5 of 5", "Higher Magick 1 of 2", "Higher Magick 2 of 2"]
    assert state.sheet.chart is not None and len(state.sheet.chart.magicks) == 7
    assert labels(state)[:2] == ["Teleport", "Walk"]  # Thaumaturgy chosen; no items carried asked for


def test_a_returning_reader_chooses_six_lesser_one_higher_more_and_what_he_carried() -> None:
    state, steps = created("returning:yes")
    assert steps[5:] == ["Lesser Magick 6 of 6", "Higher Magick 1 of 3", "Higher Magick 2 of 3",
                         "Higher Magick 3 of 3"]  # fmt: skip
    chart = state.sheet.chart
    assert chart is not None and len([m for m in chart.magicks if m in LESSER_MAGICKS]) == 6
    assert list(state.legal_actions()) == ["carry:Mind Gem", "carry:Rope", "set-out"]


def test_the_returning_reader_given_as_options() -> None:
    six = FIVE + ",Alchemy"
    state = begin(SEQUEL, magicks=six, returning="yes", higher_magicks="Thaumaturgy,Telergy,Theurgy",
                  carried="Rope")  # fmt: skip
    assert labels(state)[:3] == ["Teleport", "Climb", "Walk"]
    assert "Teleport" not in labels(begin(SEQUEL, higher_magicks="Telergy,Theurgy"))
    with pytest.raises(UsageError, match="choose 5"):
        begin(SEQUEL, magicks=six)
