"""`grognard roll`, run as a user would: JSON output, reproducible seeds, clean refusals."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import grognard


def test_json_has_the_promised_keys() -> None:
    ran = grognard("roll", "4d6kh3+2", "--seed", "11", "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert set(data) >= {"expression", "total", "dice", "seed"}
    assert data["expression"] == "4d6kh3+2"
    assert data["seed"] == 11
    (entry,) = data["dice"]
    assert {"die", "sides", "faces", "status"} <= set(entry)
    assert entry["sides"] == 6 and len(entry["faces"]) == 4
    assert all(1 <= f <= 6 for f in entry["faces"])
    assert entry["status"].count("dropped") == 1
    counted = [f for f, s in zip(entry["faces"], entry["status"], strict=True) if s == "kept"]
    assert sorted(counted) == sorted(entry["faces"])[1:]
    assert data["total"] == sum(counted) + 2


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_same_seed_same_output(extra: tuple[str, ...]) -> None:
    first = grognard("roll", "10d6e6kh5+(1d20,1d20)kl1", "--seed", "2024", *extra)
    again = grognard("roll", "10d6e6kh5+(1d20,1d20)kl1", "--seed", "2024", *extra)
    assert first.code == again.code == 0, first.err
    assert first.out == again.out
    assert "2024" in first.out


def test_a_roll_without_seed_shows_the_seed_that_repeats_it() -> None:
    first = json.loads(grognard("roll", "8d20", "--json").out)
    again = json.loads(grognard("roll", "8d20", "--json", "--seed", str(first["seed"])).out)
    assert first == again


def test_human_output_marks_dropped_dice_and_counts_shields() -> None:
    ran = grognard("roll", "6d6pl2", "--seed", "3")
    assert ran.code == 0, ran.err
    assert ran.out.count("dropped") == 2
    hq = grognard("roll", "5hq", "--seed", "3", "--json")
    data = json.loads(hq.out)
    assert sum(data["counts"].values()) == 5
    assert data["total"] == data["counts"]["skulls"] == data["dice"][0]["symbols"].count("skull")


def test_named_rolls_through_the_command() -> None:
    book = json.loads(grognard("roll", "lw", "--table", "book", "--seed", "4", "--json").out)
    assert 0 <= book["total"] <= 9 and "row" in book["detail"]
    pct = json.loads(grognard("roll", "pct", "--seed", "4", "--json").out)
    tens, units = (e["faces"][0] for e in pct["dice"])
    assert pct["total"] == ((tens % 10) * 10 + units % 10 or 100)


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "1000000d6"),
        ("roll", "3d6 >= 10"),
        ("roll", "(" * 10000 + "1" + ")" * 10000),
        ("roll", "1d6e1", "--json"),
        ("roll", "lw", "--table", "dice"),
    ],
)
def test_bad_expression_is_one_line_and_status_2(args: tuple[str, ...]) -> None:
    ran = grognard(*args)
    assert ran.code == 2
    assert ran.out == ""
    assert len(ran.err.strip().splitlines()) == 1
    assert "Traceback" not in ran.err
    assert ran.err.startswith("grognard: error:")


GOLDEN = {
    "4d6kh3+2": ["4d6kh3+2 = 18", "  4d6kh3: 6  5  5  (2 dropped)"],
    "3d6e6rr1": ["3d6e6rr1 = 18", "  3d6e6rr1: 6!  2  5  5"],
    "(1d20,1d20)kh1": ["(1d20,1d20)kh1 = 19", "  1d20 #1: 19", "  1d20 #2: (18 dropped)"],
    "3hq": [
        "3hq = 0 skulls",
        "  3hq: black shield  white shield  white shield",
        "  skulls 0, white shields 2, black shields 1",
    ],
    "pct": [
        "pct = 98 (two d20 read as digits)",
        "  pct d20-tens: 19 (reads 9)",
        "  pct d20-units: 18 (reads 8)",
    ],
}
"""`grognard roll EXPR --seed 7`, recorded before parsing, evaluation and rendering were split apart."""


@pytest.mark.parametrize("expression", sorted(GOLDEN))
def test_output_is_unchanged_by_the_split(expression: str) -> None:
    ran = grognard("roll", expression, "--seed", "7")
    assert ran.code == 0, ran.err
    assert ran.out.splitlines() == [*GOLDEN[expression], "seed 7 (--seed 7 rolls the same again)"]
