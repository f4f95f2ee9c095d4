"""Evasion with a condition (issue 32): book 3's Elessi Leader may be left after three rounds only while
Grey Star's ENDURANCE is above the enemy's (`evade_if_ahead`); book 4's Toad Demon may be evaded only if
Grey Star lost less ENDURANCE than it in the first round (`evade_if_first_round_ahead`). The fights below
are written for these tests."""

from __future__ import annotations

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.gamebook.check import check_book
from grognard.gamebook.load import parse_book
from grognard.gamebook.model import Creature, Fight
from grognard.gamebook.ruleset import Context
from grognard.systems.grey_star.book_fight import BookFight, Enemy
from grognard.systems.grey_star.chart import TALISMAN, new_chart
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import parse_action
from grognard.systems.grey_star.ruleset import GS_RULES
from grognard.systems.grey_star.sheet import GreyStarSheet


def fight(endurance: int, enemy: int, when: str, wait: int = 0) -> BookFight:
    combat = CombatState(
        combat_skill=15,
        endurance=endurance,
        willpower=20,
        enemy_skill=15,
        enemy_endurance=enemy,
        can_evade=True,
    )
    return BookFight(combat, (Enemy("Elessi", 15, enemy),), evade_wait=wait, evade_if=when)


def may_evade(state: BookFight) -> bool:
    return any(parse_action(str(a))[1] for a in state.legal_actions())


def test_evasion_while_ahead_follows_the_endurance_totals() -> None:
    assert not may_evade(fight(20, 25, "ahead")) and not may_evade(fight(25, 25, "ahead"))
    assert may_evade(fight(26, 25, "ahead")) and may_evade(fight(20, 25, ""))
    assert not may_evade(fight(40, 25, "ahead", wait=3))


def test_evasion_after_the_first_round_only_when_grey_star_lost_less() -> None:
    start = fight(30, 30, "first-round")
    assert not may_evade(start)
    rolled = start.apply("spend:1")
    assert isinstance(rolled, BookFight)
    seen = set()
    for outcome, _ in rolled.chance_outcomes():
        after = rolled.apply(outcome)
        assert isinstance(after, BookFight)
        if after.over:
            continue
        ahead = 30 - after.combat.endurance < 30 - after.combat.enemy_endurance
        assert after.first_round_ahead == ahead and may_evade(after) == ahead
        seen.add(ahead)
        later = after.apply("spend:1")
        assert isinstance(later, BookFight)
        for second, _ in later.chance_outcomes():
            last = later.apply(second)
            assert isinstance(last, BookFight) and last.first_round_ahead == ahead
    assert seen == {True, False}


def test_the_modifiers_are_checked_and_reach_the_fight() -> None:
    book = parse_book(
        """
[book]
title = "T"
system = "grey-star"
start = "1"

[sections.1]
text = "An Elessi."
[sections.1.fight]
creatures = [{ name = "Elessi", COMBAT_SKILL = 12, ENDURANCE = 25 }]
win = "2"
escape = "2"
modifiers = { evade_after = 3, evade_if_ahead = true }

[sections.2]
text = "End."
ending = "victory"
""",
        "t",
    )
    assert check_book(book, GS_RULES) == []
    sheet = GreyStarSheet(chart=new_chart((5, 5, 5), ["Sorcery", "Enchantment", "Elementalism", "Prophecy",
                                                      "Evocation"], TALISMAN))  # fmt: skip
    spec = Fight(
        creatures=(Creature.model_validate({"name": "Toad", "COMBAT_SKILL": 17, "ENDURANCE": 16}),),
        escape="2",
        modifiers={"evade_if_first_round_ahead": True},
    )
    started = GS_RULES.start_fight(sheet, spec, Context(book, {}))
    assert started.evade_if == "first-round" and not may_evade(started)
    section = book.sections["1"].fight
    assert section is not None
    assert GS_RULES.start_fight(sheet, section, Context(book, {})).evade_if == "ahead"
