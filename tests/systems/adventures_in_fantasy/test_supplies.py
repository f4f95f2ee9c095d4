"""Table D's general supplies in the campaign (002_8449cbd1010a37a5.txt:517-542): bought at the book's
prices, kept in the kit, eaten and drunk on the road (ruling "Campaign: supplies and rations")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.seat_view import campaign_label
from grognard.systems.adventures_in_fantasy.supplies import Purse, supply
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.towns import Town
from tests.systems.adventures_in_fantasy.test_campaign import start, with_member
from tests.systems.adventures_in_fantasy.test_experience import person


def _party(money: str = "take:0:100:20", **options: object) -> CampaignState:
    knight = person("Knight", 10, 10).recompute_hit_points()
    return with_member(start(**options), Member(character=knight)).apply(money)


def _kit(state: CampaignState) -> dict[str, float]:
    return {i.name: i.weight_lb for i in state.members[0].character.equipment}


def test_supplies_are_bought_at_table_ds_prices_lines_523_535() -> None:
    """Beef ration 1 SP and 3 lb (:534), Water ration 1 CP and 8 lb (:535), Horse 500 SP (:532), Lantern 1
    (GP, :503, :527), 50 Feet of Rope 5 CP (:523): each paid from the purse, no availability roll ("They
    are always available", :517), rations kept as one counted item with their weight."""
    state = _party()
    fed = state.apply("buy:0:Beef ration:7")
    assert fed.actor() == 0 and _kit(fed) == {"Beef ration (7)": 21.0}
    m = fed.members[0]
    assert (m.character.funds_gp, m.silver, m.copper) == (100, 13, 0)
    assert "7 x Beef ration for 7 SP" in fed.events[-1].text
    assert (
        campaign_label(state, "buy:0:Beef ration:7")
        == "Knight buys 7 x Beef ration (Table D's general supplies)"
    )
    assert campaign_label(state, "buy:0:chainmail") == "Knight buys chainmail from the price list"
    more = fed.apply("buy:0:Beef ration:3")
    assert _kit(more) == {"Beef ration (10)": 30.0}
    watered = fed.apply("buy:0:water ration:7")  # 7 CP: a silver piece broken, 3 CP change
    m = watered.members[0]
    assert (m.character.funds_gp, m.silver, m.copper) == (100, 12, 3)
    assert _kit(watered)["Water ration (7)"] == 56.0
    kit = watered.apply("buy:0:Horse").apply("buy:0:Lantern").apply("buy:0:rope")
    m = kit.members[0]
    assert (m.character.funds_gp, m.silver, m.copper) == (
        50,
        1,
        8,
    )  # 500 SP, 1 GP, 5 CP: the small coins first
    assert _kit(kit)["Horse"] == 0 and _kit(kit)["Lantern"] == 3 and _kit(kit)["50 feet of rope"] == 3


def test_a_purchase_the_purse_cannot_pay_is_refused_line_503() -> None:
    """The campaign's money checks hold for Table D as for the price list (:503): a horse of 500 SP is not
    bought with 10 GP 20 SP; a meal or a room (:540-542) is a service, not an item kept."""
    state = _party("take:0:10:20")
    with pytest.raises(RulesError, match="1 x Horse cost 500 SP"):
        state.apply("buy:0:Horse")
    for service in ("Meal at the inn", "Room in town", "buy:0:Beef ration:0"):
        with pytest.raises(RulesError):
            state.apply(service if service.startswith("buy") else f"buy:0:{service}")
    assert state.apply("buy:0:chainmail").actor() is CHANCE  # the price list is bought as before (:511)
    with pytest.raises(UsageError):
        Purse(0, 0, 4).pay(5)
    assert Purse(1, 0, 0).pay(1) == Purse(0, 9, 9)  # change for a gold piece (ruling)
    assert supply("rope").key == "50 feet of rope"


def test_a_town_sells_supplies_from_its_merchants_and_inns_at_its_markup_line_517() -> None:
    """ "obtained from merchants, inns, and town bazaars" (:517), at the town's markup (:503)."""
    state = _party().apply("town:Riverford:120:armorer+merchant:50")
    there = state.apply("place:clear:Riverford").apply("buy:0:Beef ration:2")  # 2 SP + 50%: 3 SP
    assert there.members[0].silver == 17
    bare = Town(name="Keep", population=50, makers=("Armorer",), inns=0)
    with pytest.raises(RulesError, match="no merchant or inn"):
        replace(state, towns=(bare,), town="Keep").apply("buy:0:Beef ration")


def test_each_day_of_travel_eats_a_ration_and_drinks_a_water_ration_lines_534_535() -> None:
    """ "Any one ration of food is needed by each character per day to stay healthy" (:534); "Man uses 1
    per day" of water (:535): two days on the road use two of each, their weight going with them."""
    state = (
        _party().apply("buy:0:Waybread ration:1").apply("buy:0:Beef ration:3").apply("buy:0:Water ration:3")
    )
    gone = state.apply("travel:2:clear").apply("nothing").apply("nothing")
    assert _kit(gone) == {"Beef ration (2)": 6.0, "Water ration (1)": 8.0}  # the first food in his kit first
    assert gone.members[0].ill_weeks == 0
    eaten = [e.text for e in gone.events if e.label == "Rations"]
    assert eaten[0].startswith("eats a Waybread ration; drinks a Water ration")


def test_a_horse_drinks_five_water_rations_and_eats_a_horse_ration_lines_533_535() -> None:
    """ "Horse Ration ... Needs one ration per day" (:533); "Horse uses 5 per day" (:535)."""
    state = _party().apply("buy:0:Horse").apply("buy:0:Horse ration:2").apply("buy:0:Water ration:8")
    state = state.apply("buy:0:Beef ration:2")
    day = state.apply("travel:1:clear").apply("nothing")
    assert _kit(day)["Horse ration (1)"] == 15.0 and _kit(day)["Water ration (2)"] == 16.0
    assert "his horse is fed and watered" in next(e.text for e in day.events if e.label == "Rations")
    short = state.apply("drop:0:Water ration (8)").apply("buy:0:Water ration:3")
    short = short.apply("travel:1:clear").apply("nothing")
    said = next(e.text for e in short.events if e.label == "Rations")
    assert "his horse is short of water" in said and short.members[0].ill_weeks == 0


def test_a_day_without_food_or_water_is_a_week_more_of_illness_lines_253_255_534() -> None:
    """Without his ration he does not "stay healthy" (:534): a week more of illness for each such day
    (ruling), and under the optional rule a Health point for each week sick (:253-255)."""
    state = _party().apply("buy:0:Beef ration:2")
    thirsty = state.apply("travel:2:clear").apply("nothing").apply("nothing")
    assert thirsty.members[0].ill_weeks == 2 and _kit(thirsty) == {}
    assert "goes without water" in next(e.text for e in thirsty.events if e.label == "Rations")
    health = state.members[0].character.characteristics.health
    harsh = _party(sickness_health_loss=True).apply("travel:1:clear").apply("nothing")
    assert harsh.members[0].ill_weeks == 1
    assert harsh.members[0].character.characteristics.health == health - 1
