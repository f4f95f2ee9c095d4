"""The author's report (`gamebook.solve_report`, `grognard ff check --odds`): endings, the deadliest
fights and sections, sections only rare rolls reach, choices that never matter, the fairness flag."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.gamebook.solve import BookSolution, solve_book
from grognard.gamebook.solve_report import (
    deadliest_fights,
    deadliest_sections,
    flag_of,
    odds_report,
    pointless_choices,
    rare_sections,
)
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from tests.cli.helpers import grognard
from tests.gamebook.helpers import HEAD, book
from tests.gamebook.test_solve import FF_BOOK, FF_HEAD
from tests.gamebook.toy import TOY_RULES

SIXES = """
[sections.1]
choices = [{ text = "Left", target = 2 }, { text = "Right", target = 2 }, { text = "Home", target = 7 }]
[sections.2]
test = { kind = "roll", ranges = [{ max = 5, target = 5 }, { min = 6, target = 3 }] }
[sections.3]
test = { kind = "roll", ranges = [{ max = 5, target = 5 }, { min = 6, target = 4 }] }
[sections.4]
test = { kind = "roll", ranges = [{ max = 5, target = 5 }, { min = 6, target = 6 }] }
[sections.5]
ending = "death"
[sections.6]
ending = "victory"
[sections.7]
ending = "death"
"""
"""Three sixes in a row to win (1 in 216), and a first choice of two ways that are the same."""


def sixes() -> BookSolution:
    """The three-sixes book solved."""
    return solve_book(TOY_RULES, book(SIXES, HEAD), exact=True)


def test_sections_only_rare_rolls_reach_are_listed_with_their_chance() -> None:
    rare, unchecked = rare_sections(sixes())
    assert [r.section for r in rare] == ["6"]
    assert rare[0].p == pytest.approx(1 / 216)
    assert unchecked == 0
    # two sixes (1 in 36, about 2.8%) are not rare; a threshold above it lists section 4 too
    rarer, _ = rare_sections(sixes(), below=0.05)
    assert {r.section: r.p for r in rarer} == {"4": pytest.approx(1 / 36), "6": pytest.approx(1 / 216)}


def test_choices_that_matter_somewhere_are_not_listed() -> None:
    # "Home" is a sure death: section 1's choice matters, though Left and Right are the same
    assert pointless_choices(sixes()) == []


def test_a_section_whose_every_choice_is_the_same_is_listed() -> None:
    same = SIXES.replace(', { text = "Home", target = 7 }', "")
    assert same != SIXES
    solved = solve_book(TOY_RULES, book(same, HEAD), exact=True)
    assert [(p.section, p.choices) for p in pointless_choices(solved)] == [("1", ("Left", "Right"))]


def test_the_deadliest_sections_are_where_readers_die() -> None:
    solved = sixes()
    deaths = deadliest_sections(solved)
    by = {d.section: d for d in deaths}
    # at random a third go home (7) and die; the rest die at 5 unless three sixes come
    assert by["7"].killed == pytest.approx(1 / 3)
    assert by["5"].killed == pytest.approx(2 / 3 * (1 - 1 / 216))
    assert by["7"].killed_best == 0
    assert deaths[0].section == "5"
    assert sum(d.killed for d in deaths) == pytest.approx(1 - float(solved.p_win_random))


def test_the_deadliest_fight_kills_the_share_its_odds_say() -> None:
    solved = solve_book(
        FF_RULES,
        book(FF_BOOK, FF_HEAD),
        {"hero": "7/6/7", "potion": "skill"},
        view=FightingFantasySheetView(),
    )
    (rat,) = deadliest_fights(solved)
    assert rat.section == "2"
    assert 0 < rat.share < 1
    # the share of fighters killed, times the readers who fight (half, choosing at random), is the share
    # of all readers the rat kills
    assert rat.killed == pytest.approx(rat.share * rat.entered)
    assert rat.entered == pytest.approx(0.5)
    endings = {(e.section, e.outcome): float(e.p_random) for e in solved.endings()}
    assert rat.killed == pytest.approx(endings[("2", "death")])


def test_the_flag_marks_books_too_hard_or_too_easy() -> None:
    assert "less than 1%" in flag_of(0.005)
    assert "more than 99%" in flag_of(0.995)
    assert flag_of(0.5) == ""
    report = odds_report(sixes())
    assert report.p_win == pytest.approx(1 / 216)
    assert "less than 1%" in report.flag
    data = report.to_json()
    assert data["flag"] == report.flag
    assert data["rare_sections"] == [{"section": "6", "p": pytest.approx(1 / 216)}]
    json.dumps(data)


def test_the_endings_chances_sum_to_one() -> None:
    report = odds_report(sixes())
    assert sum(Fraction(e.p_best) for e in report.endings) == 1
    assert sum(float(e.p_random) for e in report.endings) == pytest.approx(1)


# -- the command line ------------------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "book.toml"
    path.write_text(FF_HEAD + text)
    return path


def test_check_odds_reports_as_json(tmp_path: Path) -> None:
    path = write(tmp_path, FF_BOOK)
    ran = grognard(
        "ff",
        "check",
        "--odds",
        str(path),
        "--hero",
        "7/6/7",
        "--option",
        "potion=skill",
        "--json",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert {
        "p_win",
        "endings",
        "deadliest_fights",
        "deadliest_sections",
        "rare_sections",
        "choices_never_matter",
        "flag",
    } <= data.keys()
    assert data["deadliest_fights"][0]["section"] == "2"
    assert sum(e["p_best"] for e in data["endings"]) == pytest.approx(1)


def test_check_odds_in_words(tmp_path: Path) -> None:
    path = write(tmp_path, FF_BOOK)
    ran = grognard(
        "ff", "check", "--odds", str(path), "--hero", "7/6/7", "--option", "potion=skill", home=tmp_path
    )
    assert ran.code == 0, ran.err
    assert "Deadliest fights" in ran.out
    assert "Chance of winning with the best play" in ran.out
    assert "_" not in ran.out.replace("--json", "")  # no engine words


def test_check_odds_of_a_book_too_large_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = write(tmp_path, FF_BOOK)
    ran = grognard("ff", "check", "--odds", str(path), "--budget", "50", home=tmp_path)
    assert ran.code == 2
    assert ran.out == ""
    assert len(ran.err.strip().splitlines()) == 1
    assert "more than 50 states" in ran.err


def test_check_odds_of_a_book_with_problems_lists_them(tmp_path: Path) -> None:
    path = write(tmp_path, FF_BOOK.replace("target = 3 }", "target = 99 }"))
    ran = grognard("ff", "check", "--odds", str(path), home=tmp_path)
    assert ran.code == 1
    assert "99" in ran.out


GS_BOOK = """[book]
title = "A Short Grey Star Walk"
system = "grey-star"
start = "1"

[sections.1]
choices = [{ text = "Through the gate", target = 2 }, { text = "Along the wall", target = 3 }]

[sections.2]
fight = { creatures = [{ name = "GATE GUARD", COMBAT_SKILL = 14, ENDURANCE = 10 }], win = "4" }

[sections.3]
test = { kind = "random", ranges = [{ max = 4, target = "4" }, { min = 5, target = "5" }] }

[sections.4]
ending = "victory"

[sections.5]
ending = "death"
"""
GS_OPTIONS = (
    "--hero",
    "15/25/24",
    "--option",
    "gift=Jewelled Dagger",
    "--option",
    "magicks=Sorcery,Alchemy,Prophecy,Psychomancy,Evocation",
)


def test_grey_star_check_odds(tmp_path: Path) -> None:
    path = tmp_path / "walk.toml"
    path.write_text(GS_BOOK, encoding="utf-8")
    ran = grognard("gs", "check", "--odds", str(path), *GS_OPTIONS, "--json", home=tmp_path)
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    by = {(e["section"], e["outcome"]): e for e in data["endings"]}
    # along the wall a random number 0-4 of 0-9 wins: half of those who go that way (a quarter of all)
    # die at 5 choosing at random
    assert by[("5", "death")]["p_random"] == pytest.approx(0.25)
    assert data["deadliest_fights"][0]["section"] == "2"
