"""Every Grey Star roll told (issue 30): a combat round says its random number, the Combat Ratio it was read
at (COMBAT SKILL against the enemy's, the Staff without WILLPOWER 6 lower), the Combat Results Table's
cell and what WILLPOWER or evading did (001_2055bbb054c2d265.txt:5-18); the Action Chart beside a fight
shows ENDURANCE and WILLPOWER as they stand in it."""

from __future__ import annotations

import re

import pytest

from grognard.engine.match import Match
from grognard.engine.registry import get_views
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.book_fight import BookFight
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.ruleset import GS_RULES
from tests.systems.grey_star.test_ruleset import begin

ROUND = re.compile(
    r"Random number (?P<number>\d)(?P<place> \(table row \d+ column \d+\))? "
    r"at Combat Ratio (?P<ratio>[+-]\d+) \(COMBAT SKILL (?P<skill>-?\d+)"
    r"(?P<plain> \(the Staff without WILLPOWER: 6 less\))? against the enemy's (?P<enemy>-?\d+)\): "
    r"the Combat Results Table's column (?P<column>.+?) gives (?P<cell>[\dK]+/[\dK]+)"
)


@pytest.mark.parametrize("table", ["uniform", "book"])
def test_each_round_says_its_random_number_ratio_and_cell(table: str) -> None:
    """Random spends (0 plays the Staff as a plain weapon, -6) against a tough enemy, many rounds."""
    options = {"enemy_endurance": 40, "willpower": 12, "table": table}
    match = Match.new("grey-star", "combat", options, ("random",), seed=7)
    match.advance()
    told = 0
    for event in match.replay_view(None).events:  # every move, each roll labelled as the log tells it
        if event.kind != "roll":
            continue
        assert event.ply is not None
        record, before = match.session.moves[event.ply], match.session.replay(event.ply)
        assert isinstance(before, CombatState)
        label = event.values["label"]
        found = ROUND.search(str(label))
        assert found is not None, label
        number, ratio = int(found["number"]), int(found["ratio"])
        assert number == record.rolls[0].total and bool(found["place"]) == (table == "book")
        assert (
            ratio == int(found["skill"]) - int(found["enemy"]) and int(found["enemy"]) == before.enemy_skill
        )
        plain = found["plain"] is not None
        assert int(found["skill"]) == before.combat_skill - (6 if plain else 0)
        assert crt.table().column_index(ratio) == before.column
        assert found["column"] == crt.table().columns[before.column].label()
        assert found["cell"] == crt.table().cells[number][before.column].text()
        assert ("times" in str(label)) == (before.multiplier > 1)
        told += 1
    assert told >= 3


def test_the_action_chart_beside_a_fight_is_the_fight_s() -> None:
    state = begin(
        """
[sections.1]
text = "A fight."
fight = { creatures = [{ name = "Eel-man", COMBAT_SKILL = 30, ENDURANCE = 30 }], win = "end" }
"""
    )
    rolling = state.apply("spend:2")
    wounds = [o for o, _ in rolling.chance_outcomes() if re.fullmatch(r"E([0-9]|1[0-9])/GS[1-9]", str(o))]
    state = rolling.apply(wounds[0])  # Grey Star wounded, the eel-man standing: the fight goes on
    fight = state.fight
    assert isinstance(fight, BookFight)
    assert fight.combat.endurance < 24 and fight.combat.willpower == 23  # wounded, 2 WILLPOWER spent
    shown = dict(GS_RULES.sheet_lines(GS_RULES.sheet_in_fight(state.sheet, fight)))
    assert shown["ENDURANCE"].startswith(f"{fight.combat.endurance} (at most 24)")
    assert shown["WILLPOWER"] == "23"
    views = get_views("grey-star", "gamebook")
    public = views.view(state, 0).public
    assert dict(map(tuple, public["sheet"]))["WILLPOWER"] == "23"  # type: ignore[arg-type]
    assert dict(GS_RULES.sheet_lines(state.sheet))["WILLPOWER"] == "25"  # the chart itself waits for the end
