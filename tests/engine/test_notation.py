"""Dice notation: every feature, dropped and rerolled dice kept visible, limits refused before rolling."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.dice.core import BOOK_TABLE_DIGITS, HQ_COMBAT_FACES, MAX_DICE, Rng, Roll
from grognard.engine.dice.notation import (
    MAX_EXPLOSIONS,
    MAX_NESTING,
    MAX_TEXT,
    MAX_THROWS,
    Dice,
    Operator,
    Selector,
    Special,
    evaluate,
    parse,
    roll_data,
    roll_expression,
    to_text,
)
from grognard.engine.errors import DiceError


class Scripted(Rng):
    """An Rng that returns chosen faces in order and checks each fits the die asked for."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        value = self.faces.pop(0)
        assert low <= value <= high, (value, low, high)
        return value


class Always(Rng):
    """An Rng whose dice always show the same face (clamped to the die), counting the throws."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face
        self.thrown = 0

    def randint(self, low: int, high: int) -> int:
        self.thrown += 1
        return max(low, min(high, self.face))


class Untouchable(Rng):
    """An Rng that fails the test if any die is thrown."""

    def __init__(self) -> None:
        super().__init__(0)

    def randint(self, low: int, high: int) -> int:
        raise AssertionError("a die was thrown")


def roll(text: str, faces: Iterable[int]) -> Roll:
    rng = Scripted(faces)
    result = roll_expression(text, rng)
    assert rng.faces == [], f"faces left over: {rng.faces}"
    return result


def kept(r: Roll) -> list[int]:
    return [d.value for d in r.dice if d.kept and not d.rerolled]


# Plain dice and arithmetic.


@pytest.mark.parametrize(
    ("text", "count", "sides"), [("3d6", 3, 6), ("d20", 1, 20), ("2d%", 2, 100), ("1d1", 1, 1)]
)
def test_dice_terms(text: str, count: int, sides: int) -> None:
    faces = [min(sides, i + 1) for i in range(count)]
    r = roll(text, faces)
    assert [d.value for d in r.dice] == faces
    assert {d.sides for d in r.dice} == {sides}
    assert r.total == sum(faces)
    assert r.expression == text


@pytest.mark.parametrize(
    ("text", "combine"),
    [
        ("2d6+3", lambda a, b: a + b + 3),
        ("2d6-3", lambda a, b: a + b - 3),
        ("1d6*1d6", lambda a, b: a * b),
        ("1d6 // 1d6", lambda a, b: a // b),
        ("1d6/1d6", lambda a, b: a // b),
        ("1d6 % 1d6", lambda a, b: a % b),
        ("-1d6+1d6", lambda a, b: -a + b),
        ("(1d6+1d6)*2", lambda a, b: (a + b) * 2),
        ("-(1d6 - 1d6)", lambda a, b: -(a - b)),
        ("+1d6 - -1d6", lambda a, b: a + b),
    ],
)
@pytest.mark.parametrize(("a", "b"), [(1, 1), (5, 2), (6, 4), (3, 6)])
def test_arithmetic(text: str, combine: Callable[[int, int], int], a: int, b: int) -> None:
    assert roll(text, [a, b]).total == combine(a, b)


def test_division_rounds_down() -> None:
    assert roll_expression("-7/2", Untouchable()).total == -7 // 2
    assert roll_expression("7//2", Untouchable()).total == 7 // 2


def test_division_by_zero_refused() -> None:
    with pytest.raises(DiceError, match="division by zero"):
        roll("1d6 // (1d6 - 1d6)", [4, 3, 3])


# Keep and drop.


@pytest.mark.parametrize(
    ("text", "faces", "dropped"),
    [
        ("4d6kh3", [3, 1, 6, 4], [1]),
        ("4d6pl1", [3, 1, 6, 4], [1]),
        ("4d6kl1", [3, 1, 6, 4], [3, 6, 4]),
        ("4d6ph2", [3, 1, 6, 4], [6, 4]),
        ("4d6k3", [3, 1, 3, 4], [1, 4]),
        ("4d6p>3", [3, 1, 6, 4], [6, 4]),
        ("4d6k<4", [3, 1, 6, 4], [6, 4]),
        ("4d6kh1kl1", [3, 1, 6, 4], [3, 4]),
        ("2d20kh1", [7, 7], [7]),
    ],
)
def test_keep_and_drop_mark_dropped_dice(text: str, faces: list[int], dropped: list[int]) -> None:
    r = roll(text, faces)
    assert [d.value for d in r.dice] == faces, "every die stays in the roll"
    assert sorted(d.value for d in r.dice if not d.kept) == sorted(dropped)
    assert r.total == sum(faces) - sum(dropped)
    assert all("dropped" in d.label() for d in r.dice if not d.kept)
    statuses = roll_data(r)["dice"][0]["status"]
    assert statuses.count("dropped") == len(dropped)


def test_keep_ties_drop_the_later_die() -> None:
    r = roll("3d6kh2", [5, 5, 5])
    assert [d.kept for d in r.dice] == [True, True, False]


def test_set_keeps_highest_item() -> None:
    r = roll("(1d20, 1d20)kh1", [7, 15])
    assert r.total == 15
    assert [(d.value, d.kept) for d in r.dice] == [(7, False), (15, True)]
    assert r.terms == ("1d20", "1d20")
    assert {d.group for d in r.dice} == {0, 1}


def test_plain_set_sums_and_parentheses_with_keep() -> None:
    assert roll("(1d6, 2, 3)", [4]).total == 4 + 2 + 3
    assert roll("(1d6, 2d8, 3)pl1", [6, 1, 1]).total == 6 + 3
    assert roll("(2d6)k<5", [2, 3]).total == 0


# Rerolls, explosions, minimum and maximum.


def test_reroll_until_none_selected() -> None:
    r = roll("2d6rr1", [1, 4, 1, 1, 5])
    assert [d.value for d in r.dice] == [1, 1, 1, 5, 4]
    assert [d.rerolled for d in r.dice] == [True, True, True, False, False]
    assert r.total == 5 + 4
    assert kept(r) == [5, 4]
    assert all("rerolled" in d.label() for d in r.dice if d.rerolled)
    assert roll_data(r)["dice"][0]["status"].count("rerolled") == 3


def test_reroll_once() -> None:
    r = roll("2d6ro<3", [1, 4, 2])
    assert [d.value for d in r.dice] == [1, 2, 4]
    assert r.total == 2 + 4
    assert sum(d.rerolled for d in r.dice) == 1


def test_explode_adds_dice() -> None:
    r = roll("2d6e6", [6, 3, 6, 2])
    assert [d.value for d in r.dice] == [6, 6, 2, 3]
    assert [d.exploded for d in r.dice] == [True, True, False, False]
    assert r.total == 6 + 6 + 2 + 3
    assert roll_data(r)["dice"][0]["exploded"] == [True, True, False, False]


def test_explode_once() -> None:
    r = roll("2d6ra6", [6, 6, 6])
    assert len(r.dice) == 3
    assert sum(d.exploded for d in r.dice) == 1
    assert r.total == 18


def test_explosions_are_capped() -> None:
    rng = Always(6)
    r = roll_expression("1d6e6", rng)
    assert len(r.dice) == MAX_EXPLOSIONS + 1 == rng.thrown
    assert r.total == 6 * (MAX_EXPLOSIONS + 1)
    assert str(MAX_EXPLOSIONS) in r.detail


def test_rerolls_past_the_budget_refused() -> None:
    rng = Always(1)
    with pytest.raises(DiceError, match=str(MAX_THROWS)):
        roll_expression("1d6rr<6", rng)
    assert rng.thrown == MAX_THROWS


def test_minimum_and_maximum_keep_the_face_thrown() -> None:
    r = roll("3d6mi3ma5", [1, 6, 4])
    assert [d.value for d in r.dice] == [3, 5, 4]
    assert [d.raw for d in r.dice] == [1, 6, None]
    assert r.total == 3 + 5 + 4
    data = roll_data(r)["dice"][0]
    assert data["faces"] == [1, 6, 4]
    assert data["values"] == [3, 5, 4]


# Named rolls.


def test_lone_wolf_number() -> None:
    assert roll("lw", [7]).total == 7
    r = roll_expression("LW", Scripted([42]), table="book")
    assert r.total == int(BOOK_TABLE_DIGITS[42])


@pytest.mark.parametrize(("tens", "units", "value"), [(13, 7, 37), (10, 20, 100), (11, 10, 10), (20, 1, 1)])
def test_percentile(tens: int, units: int, value: int) -> None:
    r = roll("pct", [tens, units])
    assert r.total == value
    data = roll_data(r)
    assert [e["faces"] for e in data["dice"]] == [[tens], [units]]
    assert [e["values"] for e in data["dice"]] == [[tens % 10], [units % 10]]


@pytest.mark.parametrize("text", ["6hq", "hq6", "6 HQ", "hq 6"])
def test_heroquest_combat_dice(text: str) -> None:
    r = roll(text, [1, 2, 3, 4, 5, 6])
    assert [d.face for d in r.dice] == list(HQ_COMBAT_FACES)
    counts = roll_data(r)["counts"]
    assert r.total == counts["skulls"] == HQ_COMBAT_FACES.count("skull")
    assert counts["white shields"] == HQ_COMBAT_FACES.count("white shield")
    assert counts["black shields"] == HQ_COMBAT_FACES.count("black shield")
    assert roll_data(r)["dice"][0]["symbols"] == list(HQ_COMBAT_FACES)


def test_one_combat_die_and_red_dice() -> None:
    assert len(roll("hq", [2]).dice) == 1
    r = roll("2red", [3, 5])
    assert r.total == 8
    assert {d.die for d in r.dice} == {"red d6"}
    assert roll("red3", [1, 2, 3]).total == 6


def test_special_counts_are_bounded() -> None:
    with pytest.raises(DiceError):
        roll_expression(f"{MAX_DICE + 1}hq", Untouchable())


# Refusals.


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("1d6 > 3", ">"),
        ("1d20 == 20", "=="),
        ("1.5 + 1d6", "1.5"),
        ("1d6 [fire]", "[fire]"),
        ("2d6mi<3", "mi"),
        ("4d6rrh1", "rr"),
        ("1d6e1", "1d6e1"),
        ("1d6e<3", "lowest"),
        ("1d1e1", "d1"),
        ("1d6rr<7", "forever"),
        ("1d0", "sides"),
        ("3q6", "not dice notation"),
        ("", "empty"),
        ("1d6 +", "1d6 +"),
        ("lw + 1", "lw"),
    ],
)
def test_unsupported_is_named(text: str, named: str) -> None:
    with pytest.raises(DiceError) as caught:
        roll_expression(text, Untouchable())
    assert named in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [
        "1000000d6",
        "9999999999d9999999999",
        "1d99999999",
        "(" * 10000 + "1" + ")" * 10000,
        "(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1),
        "-" * (MAX_NESTING + 1) + "1",
        "1d6e1",
        "1d6 + " * 40 + "1",
        f"{MAX_DICE}d6 + 1d6",
        f"{MAX_DICE}d10000e>1",
        "10d10000rr<10000",
        "99999999999 + 1",
        "1d6kh99999999999",
        "1" * 5000,
    ],
)
def test_bombs_refused_before_any_die_is_thrown(text: str) -> None:
    with pytest.raises(DiceError):
        roll_expression(text, Untouchable())


def test_text_limit_and_nesting_limit_are_the_bounds() -> None:
    deepest = "(" * MAX_NESTING + "1d6" + ")" * MAX_NESTING
    assert roll(deepest, [4]).total == 4
    longest = "1+" * ((MAX_TEXT - 1) // 2) + "1"
    assert len(longest) <= MAX_TEXT
    assert roll_expression(longest, Untouchable()).total == longest.count("1")
    assert roll(f"{MAX_DICE}d6", [1] * MAX_DICE).total == MAX_DICE


# Parse, evaluate and render are separate steps.


@pytest.mark.parametrize(
    "text", ["4d6kh3+2", "(1d20, 1d20)kh1 - 1", "d%", "3d6rr1ro<3e6mi2", "-(2d4)*3", "3hq", "(1,)"]
)
def test_canonical_text_parses_to_the_same_tree(text: str) -> None:
    tree = parse(text).root
    assert parse(to_text(tree)).root == tree


def test_parse_builds_the_tree() -> None:
    assert parse("4d6kh3").root == Dice(4, 6, (Operator("k", (Selector("h", 3),)),))
    assert parse(" d% ").root == Dice(1, 100, (), percent=True)
    assert parse("hq3").root == Special("hq", 3)
    assert parse("1d6kh1kl1").root == Dice(1, 6, (Operator("k", (Selector("h", 1), Selector("l", 1))),))


def test_evaluate_same_seed_same_roll() -> None:
    expression = parse("10d6e6kh5 + (1d20, 1d20)kl1")
    assert evaluate(expression, Rng(99)) == evaluate(expression, Rng(99))
    assert roll_data(evaluate(expression, Rng(99))) == roll_data(evaluate(expression, Rng(99)))


def test_roll_data_shape() -> None:
    data = roll_data(roll("4d6kh3+2", [3, 1, 6, 4]), seed=5)
    assert set(data) >= {"expression", "total", "dice", "seed"}
    assert data["seed"] == 5
    (entry,) = data["dice"]
    assert entry["term"] == "4d6kh3" and entry["die"] == "d6" and entry["sides"] == 6
    assert entry["faces"] == [3, 1, 6, 4]
    assert entry["status"] == ["kept", "dropped", "kept", "kept"]
    counted = [f for f, s in zip(entry["faces"], entry["status"], strict=True) if s == "kept"]
    assert data["total"] == sum(counted) + 2


def test_render_shows_each_die() -> None:
    text = roll("4d6kh3", [3, 1, 6, 4]).render()
    for face in ("3", "6", "4", "1 dropped"):
        assert face in text


# Properties.


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_a_roll_or_a_dice_error(text: str) -> None:
    try:
        result = roll_expression(text, Rng(text))
    except DiceError:
        return
    assert isinstance(result, Roll)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789d%+-*/(), khlpreoamiwqct<>=.[]", max_size=40))
def test_dice_like_text_gives_a_roll_or_a_dice_error(text: str) -> None:
    try:
        result = roll_expression(text, Rng(text))
    except DiceError:
        return
    assert isinstance(result, Roll)
    assert isinstance(result.total, int)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 50),
    st.integers(1, 1000),
    st.integers(-1000, 1000),
    st.integers(0, 2**32),
)
def test_totals_within_bounds(count: int, sides: int, modifier: int, seed: int) -> None:
    text = f"{count}d{sides}{modifier:+d}"
    r = roll_expression(text, Rng(seed))
    assert count + modifier <= r.total <= count * sides + modifier
    assert len(r.dice) == count
    assert r.total == sum(d.value for d in r.dice) + modifier
