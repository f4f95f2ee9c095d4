"""Lands held and their revenue: a town pays its holder 3 GP a year for each inhabitant (Bleakwood's 600 GP
from 200 people, 002_8449cbd1010a37a5.txt:1411); a castle's holdings are counted in people (:1420-1422)
and pay at the same rate unless the referee sets another (ruling "Campaign: lands and revenue")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.errors import RulesError
from grognard.engine.serial import canonical
from grognard.systems.adventures_in_fantasy.campaign import CAMPAIGN_GAME
from grognard.systems.adventures_in_fantasy.lands import REVENUE_PER_HEAD_GP, land_of
from grognard.systems.adventures_in_fantasy.seat_view import campaign_label
from grognard.systems.adventures_in_fantasy.sheet import sheet
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.towns import BOOK_TOWNS
from grognard.systems.adventures_in_fantasy.view_forms import FORMS
from tests.systems.adventures_in_fantasy.test_campaign import run_until_referee, start, with_member
from tests.systems.adventures_in_fantasy.test_experience import person


def test_bleakwood_pays_600_gp_a_year_line_1411() -> None:
    land = land_of("Bleakwood", BOOK_TOWNS)
    assert land.people == 200 and REVENUE_PER_HEAD_GP == 3
    assert land.revenue_gp == 600


def test_holdings_are_counted_in_people_at_the_towns_rate_or_the_referees() -> None:
    assert land_of("The holdings:3600", ()).revenue_gp == 10_800
    assert land_of("Serfs:3000:1/2", ()).revenue_gp == 1500
    assert land_of("Serfs:7:1/2", ()).revenue_gp == 3  # a part piece is not paid


@pytest.mark.parametrize(
    "text, words",
    [
        ("Nowhere", "say how many people"),
        ("", "write NAME"),
        ("Farms:many", "not a whole number"),
        ("Farms:0", "must be 1-"),
        ("Farms:10:lots", "not a number"),
        ("Farms:10:-1", "must be 0-"),
    ],
)
def test_bad_lands_are_refused_in_words(text: str, words: str) -> None:
    state = with_member(start(), Member(character=person("Knight", 10, 10)))
    with pytest.raises(RulesError, match=words):
        state.apply(f"hold:0:{text}")


def test_the_revenue_is_paid_with_the_years_income_and_lands_can_be_given_up() -> None:
    knight = person("Knight", 10, 10, income=50)
    state = with_member(start("1-13-22"), Member(character=knight))
    state = state.apply("hold:0:Bleakwood").apply("hold:0:Yeomen of Bleakwood:600")
    assert [k.name for k in state.members[0].lands] == ["Bleakwood", "Yeomen of Bleakwood"]
    assert "Yeomen of Bleakwood: 600 people at 3 GP a year, 1,800 GP" in state.events[-1].text
    assert sheet(0, state.members[0])["money"]["yearly_income_gp"] == 50 + 600 + 1800
    # the state keeps them through a save
    again = CAMPAIGN_GAME.state_from_json(CAMPAIGN_GAME.state_to_json(state))
    assert canonical(CAMPAIGN_GAME.state_to_json(again)) == canonical(CAMPAIGN_GAME.state_to_json(state))
    after = run_until_referee(state.apply("advance:1"), "safe")
    paid = after.members[0].character.funds_gp
    assert paid == 50 + 600 + 1800
    income = next(e for e in after.events if e.label == "Income")
    assert "600 GP from Bleakwood" in income.text and "1411" in income.source
    fewer = after.apply("release:0:bleakwood")
    assert [k.name for k in fewer.members[0].lands] == ["Yeomen of Bleakwood"]
    with pytest.raises(RulesError, match="holds no 'Bleakwood'"):
        fewer.apply("release:0:Bleakwood")


def test_a_town_the_referee_described_is_held_with_its_population() -> None:
    state = with_member(start(), Member(character=person("Knight", 10, 10)))
    state = state.apply("town:Stonebridge:450").apply("hold:0:Stonebridge")
    (land,) = state.members[0].lands
    assert (land.name, land.people, land.rate_gp, land.revenue_gp) == ("Stonebridge", 450, Fraction(3), 1350)


def test_the_desk_has_the_forms_and_says_them_in_words() -> None:
    heads = {f.id: f for f in FORMS}
    assert heads["hold"].group == "lands" and heads["release"].group == "lands"
    assert [f.name for f in heads["hold"].fields] == ["I", "NAME", "PEOPLE", "GP"]
    state = with_member(start(), Member(character=person("Knight", 10, 10)))
    assert (
        campaign_label(state, "hold:0:Bleakwood") == "Knight holds Bleakwood (its people at 3 GP a year each)"
    )
    said = campaign_label(state, "hold:0:Serfs:3000:1/2")
    assert said == "Knight holds Serfs (3000 people at 1/2 GP a year each)"
    assert campaign_label(state, "release:0:Serfs") == "Knight no longer holds Serfs"
