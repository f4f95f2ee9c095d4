"""Every Fighting Fantasy roll told in the rulebook's words (issue 30): an Attack Round with both Attack
Strengths, dice and SKILL (000_13d85f0bd5b613c5.txt:28-33), a Luck test in a fight with what the wound now
does (:84-107), a Test your Luck in a section against LUCK and what it cost (:72-82); a section whose test
is thrown at once shown at the terminal before its roll; the Adventure Sheet beside a fight showing the
scores as they stand in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard.engine.dice.core import DieRoll, Roll
from grognard.engine.session import MoveRecord
from grognard.systems.fighting_fantasy.fight import FightState, sheet_after, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.seat_view import BOOK_VIEWS, attack_words
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from tests.cli.helpers import grognard

HERO = AdventureSheet.new(10, 20, 9)


def fight(rules: FightRules | None = None, *creatures: Creature) -> FightState:
    """A fight of the hero above against `creatures` (an orc of SKILL 7, STAMINA 6 by default)."""
    return start_fight(HERO, creatures or (Creature("Orc", 7, 6),), rules or FightRules(can_escape=True))


def two_dice(a: int, b: int, add: int, name: str) -> Roll:
    """An Attack Strength's roll as a fight throws it."""
    return Roll(name, (DieRoll("d6", 6, a), DieRoll("d6", 6, b)), a + b + add)


def told(before: FightState, move: str, *rolls: Roll) -> str:
    """The label of a fight's chance move, as the book's fight tells it."""
    assert BOOK_VIEWS.fight_told is not None
    return BOOK_VIEWS.fight_told(before, MoveRecord(move, None, rolls), before.apply(move))


def test_an_attack_round_says_both_attack_strengths_with_skill_weapon_and_section() -> None:
    armed = start_fight(
        AdventureSheet.new(10, 20, 9),
        (Creature("Orc", 7, 6),),
        FightRules(can_escape=True, skill_modifier=-1),
    )
    rolling = armed.apply("fight")
    orc, yours = two_dice(3, 1, 7, "Orc Attack Strength"), two_dice(6, 2, 9, "your Attack Strength")
    assert attack_words(rolling, (orc, yours)) == (
        "Your Attack Strength: 2d6 (6+2) + SKILL 10 - 1 (this fight) = 17; Orc's: 2d6 (3+1) + SKILL 7 = 11"
    )
    said = told(rolling, "hit", orc, yours)
    assert said.startswith("You wound Orc. Orc STAMINA 6 → 4 (4 left). Your Attack Strength: 2d6 (6+2)")
    assert told(rolling, "even", two_dice(5, 5, 7, "o"), two_dice(4, 4, 9, "y")).startswith(
        "A stand-off. Your Attack Strength: 2d6 (4+4) + SKILL 10 - 1 (this fight) = 17; Orc's:"
    )


@pytest.mark.parametrize(
    ("round_", "lucky"), [("hit", "lucky"), ("hit", "unlucky"), ("hurt", "lucky"), ("hurt", "unlucky")]
)
def test_a_luck_test_on_a_wound_says_what_the_wound_now_does(round_: str, lucky: str) -> None:
    """The wound said is the wound dealt: the creature's STAMINA before the round less after the test
    (:92-98), or the hero's (:100-105)."""
    start = fight().apply("fight")
    testing = start.apply(round_).apply("luck")
    assert isinstance(testing, FightState)
    faces = (1, 1) if lucky == "lucky" else (6, 6)
    said = told(testing, lucky, two_dice(*faces, 0, "2d6"))
    after = testing.apply(lucky)
    assert isinstance(after, FightState)
    dice = f"Test your Luck: 2d6 ({faces[0]}+{faces[1]}) = {sum(faces)} against LUCK 9: {lucky}, "
    if round_ == "hit":
        wound = start.foes[0] - after.foes[0]
        assert said.startswith(
            dice + f"the wound does {'' if lucky == 'lucky' else 'only '}{wound}. Orc STAMINA"
        )
    else:
        wound = start.stamina - after.stamina
        assert said.startswith(
            dice + f"the wound costs you {'' if lucky == 'unlucky' else 'only '}{wound} STAMINA"
        )
    assert "Your LUCK 9 → 8" in said


def test_the_sheet_beside_a_fight_is_the_fight_s() -> None:
    hurt = fight().apply("fight").apply("hurt").apply("no-luck")
    assert isinstance(hurt, FightState) and hurt.stamina == 18
    shown = dict(FF_RULES.sheet_lines(FF_RULES.sheet_in_fight(HERO, hurt)))
    assert shown["STAMINA"] == "18 (Initial 20)" and FF_RULES.sheet_in_fight(HERO, hurt) == sheet_after(
        HERO, hurt
    )
    assert dict(FF_RULES.sheet_lines(HERO))["STAMINA"] == "20 (Initial 20)"


def test_the_terminal_shows_the_reeds_before_their_luck_test(tmp_path: Path) -> None:
    """`ff play sample`: the potion, the causeway, the reeds (section 8): its heading and text come before
    its Test your Luck, told against LUCK; the choice there gave the test's chance."""
    ran = grognard("ff", "play", "sample", "--seed", "3", stdin="1\n3\n2\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    luck = int(re.search(r"LUCK: 1d6 \(\d\) \+ 6 = (\d+)", ran.out).group(1))  # type: ignore[union-attr]
    assert re.search(
        r"2\. Take the short cut through the reeds \(turn to 8; Test your Luck: \d+% lucky\)", ran.out
    )
    reeds = ran.out.index("\nSection 8 — The reeds\nThe trampled path soon splits")
    told = rf"\n  Test your Luck: 2d6 \(\d\+\d\) = \d+ against LUCK {luck}: (un)?lucky, turn to 1[23]"
    test = re.search(told, ran.out)
    assert test is not None and reeds < test.start() < ran.out.index("\nSection 1", test.start())


def test_the_terminal_sheet_in_a_fight_is_as_the_fight_stands(tmp_path: Path) -> None:
    """`s` during the troll's fight: the Adventure Sheet's STAMINA and LUCK are the fight's."""
    answers = ["1", "3", "1", "2", *["1"] * 6, "s", "q"]
    ran = grognard("ff", "play", "sample", "--seed", "5", stdin="\n".join(answers) + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    shown = ran.out.split("In this fight:\n", 1)[1]
    fighting = re.match(r"  You: SKILL \d+, STAMINA (\d+)/(\d+), LUCK (\d+)/\d+", shown)
    assert fighting is not None, shown[:300]
    assert fighting.group(1) != fighting.group(2)  # wounded in the fight: the sheet before it said more
    assert "Adventure Sheet (as the fight stands)" in shown
    assert re.search(rf"\n  STAMINA +{fighting.group(1)} \(Initial {fighting.group(2)}\)", shown)
    assert re.search(rf"\n  LUCK +{fighting.group(3)} \(Initial ", shown)
