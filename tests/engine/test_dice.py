"""The dice model: the seeded RNG, plain dice, exact sums, and the special dice of the five systems."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.dice import core as dice
from grognard.engine.dice.core import (
    BOOK_TABLE_DIGITS,
    HQ_COMBAT_FACES,
    MAX_DICE,
    MAX_SIDES,
    DieRoll,
    Rng,
    d20_digit,
    heroquest_combat_dice,
    lone_wolf_distribution,
    lone_wolf_number,
    percentile,
    red_dice,
    roll_dice,
    sum_distribution,
)
from grognard.engine.errors import DiceError

# The Random Number Table as printed, one string per row.
BOOK_ROWS = (
    "3279628256",
    "4138716840",
    "4163175620",
    "2504866841",
    "0595709465",
    "2825632796",
    "1684041387",
    "7562041631",
    "6684125048",
    "0946505957",
)


class Scripted(Rng):
    """An Rng that returns chosen faces, in order, and checks each is in the range asked for."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.asked: list[tuple[int, int]] = []

    def randint(self, low: int, high: int) -> int:
        self.asked.append((low, high))
        value = self.faces.pop(0)
        assert low <= value <= high, (value, low, high)
        return value


class Tickets:
    """Stands in for the random source of `weighted_choice`: hands out one chosen ticket."""

    def __init__(self, ticket: int) -> None:
        self.ticket = ticket
        self.ranges: list[int] = []

    def randrange(self, n: int) -> int:
        self.ranges.append(n)
        return self.ticket


def draws(rng: Rng, n: int = 50) -> list[int]:
    return [rng.randint(1, 1_000_000) for _ in range(n)]


# The RNG.


def test_same_seed_same_numbers() -> None:
    assert draws(Rng(42)) == draws(Rng(42))
    assert draws(Rng("grey star")) == draws(Rng("grey star"))


def test_different_seeds_different_numbers() -> None:
    assert draws(Rng(1)) != draws(Rng(2))


def test_int_and_string_seed_agree() -> None:
    assert draws(Rng(7)) == draws(Rng("7"))


def test_for_move_is_derived_from_seed_and_ply() -> None:
    assert draws(Rng.for_move(9, 3)) == draws(Rng.for_move(9, 3))
    assert draws(Rng.for_move(9, 3)) == draws(Rng("9:3"))
    assert draws(Rng.for_move(9, 3)) != draws(Rng.for_move(9, 4))
    assert draws(Rng.for_move(9, 3)) != draws(Rng.for_move(10, 3))
    assert draws(Rng.for_move(9, 0)) != draws(Rng(9))


def test_for_move_does_not_depend_on_earlier_draws() -> None:
    unbroken = Rng(5)
    draws(unbroken, 10)
    assert draws(Rng.for_move(5, 2)) == draws(Rng.for_move(5, 2))


def test_choice_and_shuffle_are_seeded() -> None:
    items = list(range(30))
    a, b = list(items), list(items)
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b
    assert sorted(a) == items
    picks = [Rng(s).choice("abcdef") for s in range(40)]
    assert picks == [Rng(s).choice("abcdef") for s in range(40)]
    assert set(picks) <= set("abcdef")
    with pytest.raises(DiceError):
        Rng(1).choice([])


@pytest.mark.parametrize(
    "weights",
    [
        [("a", Fraction(1, 3)), ("b", Fraction(1, 6)), ("c", Fraction(1, 2))],
        [("x", Fraction(1, 7)), ("y", Fraction(6, 7))],
        [("p", Fraction(3, 10)), ("q", Fraction(1, 4)), ("r", Fraction(9, 20))],
    ],
)
def test_weighted_choice_is_exact_over_its_tickets(weights: list[tuple[str, Fraction]]) -> None:
    probe = Rng(0)
    probe._random = Tickets(0)  # type: ignore[assignment]
    probe.weighted_choice(weights)
    (denominator,) = probe._random.ranges  # type: ignore[attr-defined]
    counts: Counter[str] = Counter()
    for ticket in range(denominator):
        rng = Rng(0)
        rng._random = Tickets(ticket)  # type: ignore[assignment]
        counts[rng.weighted_choice(weights)] += 1
    assert {k: Fraction(v, denominator) for k, v in counts.items()} == dict(weights)


def test_weighted_choice_refuses_nothing() -> None:
    with pytest.raises(DiceError):
        Rng(1).weighted_choice([])


# Plain dice.


def test_roll_dice_records_every_die() -> None:
    roll = roll_dice(Scripted([2, 6, 3]), 3, 6, modifier=4)
    assert [d.value for d in roll.dice] == [2, 6, 3]
    assert all(d.sides == 6 and d.die == "d6" and d.kept for d in roll.dice)
    assert roll.total == 2 + 6 + 3 + 4
    assert roll.expression == "3d6+4"
    assert roll.faces() == [2, 6, 3]


def test_roll_dice_stays_in_range() -> None:
    rng = Rng(11)
    for sides in (1, 2, 6, 20, 100):
        roll = roll_dice(rng, 50, sides)
        assert all(1 <= d.value <= sides for d in roll.dice)
        assert roll.total == sum(d.value for d in roll.dice)


@pytest.mark.parametrize(("count", "sides"), [(MAX_DICE + 1, 6), (-1, 6), (1, 0), (1, MAX_SIDES + 1)])
def test_roll_dice_refuses_absurd_dice(count: int, sides: int) -> None:
    with pytest.raises(DiceError):
        roll_dice(Rng(1), count, sides)


@pytest.mark.parametrize(("count", "sides"), [(1, 6), (2, 6), (3, 6), (3, 4), (2, 20), (4, 3), (0, 6)])
def test_sum_distribution_is_exact(count: int, sides: int) -> None:
    every = itertools.product(range(1, sides + 1), repeat=count)
    brute: Counter[int] = Counter(sum(faces) for faces in every)
    outcomes = sides**count
    assert sum_distribution(count, sides) == {t: Fraction(n, outcomes) for t, n in brute.items()}
    assert sum(sum_distribution(count, sides).values()) == 1


def test_die_labels_mark_what_happened() -> None:
    assert DieRoll("d6", 6, 4).label() == "4"
    assert "dropped" in DieRoll("d6", 6, 1, kept=False).label()
    assert "rerolled" in DieRoll("d6", 6, 1, kept=False, rerolled=True).label()
    assert DieRoll("d6", 6, 6, exploded=True).label().endswith("!")
    assert "2" in DieRoll("d6", 6, 3, raw=2).label()


# Lone Wolf: the random number.


def test_book_table_is_the_printed_rows() -> None:
    assert len(BOOK_TABLE_DIGITS) == 100
    assert "".join(BOOK_ROWS) == BOOK_TABLE_DIGITS


def test_book_distribution_counts_the_printed_digits() -> None:
    dist = lone_wolf_distribution("book")
    counts = Counter("".join(BOOK_ROWS))
    assert dist == {v: Fraction(counts[str(v)], 100) for v in range(10)}
    assert sum(dist.values()) == 1
    assert dist != lone_wolf_distribution("uniform")
    assert len(set(dist.values())) > 1


def test_uniform_distribution() -> None:
    dist = lone_wolf_distribution("uniform")
    assert set(dist) == set(range(10))
    assert set(dist.values()) == {Fraction(1, 10)}


@pytest.mark.parametrize("index", [0, 9, 10, 47, 99])
def test_book_number_reads_the_cell_pointed_at(index: int) -> None:
    roll = lone_wolf_number(Scripted([index]), "book")
    row, column = divmod(index, 10)
    assert roll.total == int(BOOK_ROWS[row][column])
    assert f"row {row + 1}" in roll.detail and f"column {column + 1}" in roll.detail


def test_uniform_number_is_0_to_9() -> None:
    rng = Scripted([0, 9])
    assert lone_wolf_number(rng).total == 0
    assert lone_wolf_number(rng).total == 9
    assert rng.asked == [(0, 9), (0, 9)]


def test_unknown_table_refused() -> None:
    with pytest.raises(DiceError, match="dice"):
        lone_wolf_number(Rng(1), "dice")
    with pytest.raises(DiceError, match="dice"):
        lone_wolf_distribution("dice")


# Adventures in Fantasy: two d20 read as digits.


@pytest.mark.parametrize(("face", "digit"), [(1, 1), (9, 9), (10, 0), (11, 1), (19, 9), (20, 0)])
def test_d20_digit(face: int, digit: int) -> None:
    assert d20_digit(face) == digit


@pytest.mark.parametrize(("tens", "units"), [(13, 7), (1, 20), (10, 11), (20, 5), (11, 11), (9, 19)])
def test_percentile_reads_two_digits(tens: int, units: int) -> None:
    rng = Scripted([tens, units])
    roll = percentile(rng)
    assert rng.asked == [(1, 20), (1, 20)]
    expected = (tens % 10) * 10 + units % 10
    assert roll.total == expected
    assert [d.face for d in roll.dice] == [str(tens), str(units)]
    assert [d.sides for d in roll.dice] == [20, 20]


@pytest.mark.parametrize(("tens", "units"), [(10, 10), (10, 20), (20, 10), (20, 20)])
def test_percentile_double_zero_is_100(tens: int, units: int) -> None:
    assert percentile(Scripted([tens, units])).total == 100


def test_percentile_covers_1_to_100_evenly() -> None:
    totals = Counter(percentile(Scripted([t, u])).total for t in range(1, 21) for u in range(1, 21))
    assert set(totals) == set(range(1, 101))
    assert set(totals.values()) == {4}


# HeroQuest.


def test_combat_die_faces() -> None:
    assert len(HQ_COMBAT_FACES) == 6
    assert Counter(HQ_COMBAT_FACES) == {"skull": 3, "white shield": 2, "black shield": 1}


def test_combat_dice_count_skulls_and_shields() -> None:
    roll = heroquest_combat_dice(Scripted([1, 2, 3, 4, 5, 6]), 6)
    assert [d.face for d in roll.dice] == list(HQ_COMBAT_FACES)
    faces = Counter(HQ_COMBAT_FACES)
    assert roll.total == faces["skull"]
    assert dict(roll.extras) == {
        "skulls": faces["skull"],
        "white shields": faces["white shield"],
        "black shields": faces["black shield"],
    }


def test_combat_dice_seeded_totals_are_skulls() -> None:
    roll = heroquest_combat_dice(Rng(8), 40)
    assert roll.total == sum(1 for d in roll.dice if d.face == "skull")
    assert sum(n for _, n in roll.extras) == 40


def test_red_dice_are_d6() -> None:
    roll = red_dice(Scripted([4, 1]), 2)
    assert roll.total == 5
    assert {d.die for d in roll.dice} == {"red d6"}
    assert {d.sides for d in roll.dice} == {6}


def test_no_module_level_random_in_the_package() -> None:
    root = Path(dice.__file__).parents[2]
    calls = "randint|randrange|random|choice|choices|shuffle|sample|seed|uniform|getrandbits"
    module_level = re.compile(rf"\brandom\.({calls})\(")
    offenders = [
        f"{path.relative_to(root)}: {found.group(0)}"
        for path in root.rglob("*.py")
        for found in module_level.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
