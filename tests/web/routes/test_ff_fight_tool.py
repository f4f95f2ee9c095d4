"""The Fighting Fantasy fight calculator (/tools/ff-fight) where the section offers to flee: the best first
move in words and the chance of a win fighting it out (an escape counts as a win, a way out)."""

from __future__ import annotations

import html
import re

from grognard.systems.fighting_fantasy.fight import start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import fight_odds, without_escape
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from grognard.web.tool_kit import pct
from tests.web.security.tables_client import browser

FORM = {"skill": "10", "stamina": "20", "luck": "9", "enemies": "11/14", "luck_worth": "0"}
"""A creature stronger than the hero (000_13d85f0bd5b613c5.txt:55-63: running away costs one wound)."""


def _figures(page: str) -> dict[str, str]:
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page)
    return {html.unescape(k): html.unescape(v) for k, v in pairs}


def test_where_escaping_is_best_the_calculator_says_so_with_the_fight_on_chance() -> None:
    got = browser().post("/tools/ff-fight", FORM | {"can_escape": "on"}, headers={"HX-Request": "true"})
    assert got.status_code == 200, got.text
    figures = _figures(got.text)
    assert figures["Best first move"] == "escape (out alive 100.00%)"
    state = start_fight(AdventureSheet.new(10, 20, 9), [Creature("c", 11, 14)], FightRules(can_escape=True))
    fought_out = fight_odds(without_escape(state)).p_win_optimal_luck
    assert 0.5 < fought_out < 0.9
    assert figures["Win, fighting it out (never fleeing)"] == pct(fought_out)
    assert figures["Win, best Luck policy"] == pct(0)
    assert figures["An escape counts as"] == "a win (a way out of the fight)"
    assert '"best_start": "escape"' in html.unescape(got.text)


def test_without_an_escape_no_first_move_nor_fight_on_chance_is_shown() -> None:
    got = browser().post("/tools/ff-fight", FORM, headers={"HX-Request": "true"})
    assert got.status_code == 200, got.text
    figures = _figures(got.text)
    assert "Best first move" not in figures and "Win, fighting it out (never fleeing)" not in figures
    state = start_fight(AdventureSheet.new(10, 20, 9), [Creature("c", 11, 14)])
    assert figures["Win, best Luck policy"] == pct(fight_odds(state).p_win_optimal_luck)
