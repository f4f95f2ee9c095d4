"""Adventures in Fantasy's referee actions parsed and printed in one module (`action_text`): the round trip
for generated actions and their parts, and the actions the campaign offers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from grognard.engine.game import CHANCE
from grognard.systems.adventures_in_fantasy.action_text import (
    PARTY_HEADS,
    Bowshot,
    CourseArg,
    Find,
    ForcePart,
    ForMember,
    Holding,
    Money,
    Party,
    Place,
    Purchase,
    Reaction,
    SkillArg,
    Source,
    SpecialHit,
    StudyBreak,
    Travel,
    parse,
    town_name,
    town_parts,
)
from grognard.systems.adventures_in_fantasy.campaign import CAMPAIGN_GAME, CampaignState

PART = st.from_regex(r"[A-Za-z0-9 +{}\"-]{0,8}", fullmatch=True)
"""A part with no colon."""
TAIL = st.from_regex(r"[A-Za-z0-9 :+{}\"-]{0,12}", fullmatch=True)
"""The last part, colons allowed."""
MEMBER_HEADS = st.from_regex(r"[a-z][a-z-]{0,10}", fullmatch=True).filter(
    lambda h: h not in PARTY_HEADS | {"place", "travel"}
)

ACTIONS = st.one_of(
    st.builds(Party, st.sampled_from(sorted(PARTY_HEADS)), TAIL),
    st.builds(Place, PART, TAIL),
    st.builds(Travel, PART, PART, TAIL),
    st.builds(ForMember, MEMBER_HEADS, PART, TAIL),
)


@given(ACTIONS)
def test_an_action_printed_parses_back_to_itself(action: Party | Place | Travel | ForMember) -> None:
    assert parse(str(action)) == action


@given(st.from_regex(r"[a-z:0-9]{0,16}", fullmatch=True))
def test_a_text_parsed_prints_back_the_same_action(text: str) -> None:
    once = parse(text)
    assert parse(str(once)) == once


@given(PART, TAIL)
def test_the_arguments_print_and_parse_back(head: str, tail: str) -> None:
    assert Money.parse(str(Money(head, tail))) == Money(head, tail)
    assert Bowshot.parse(str(Bowshot(head, tail))) == Bowshot(head, tail)
    assert StudyBreak.parse(str(StudyBreak(head, tail))) == StudyBreak(head, tail)
    assert Find.parse(str(Find(tail, head))) == Find(tail, head)
    assert SkillArg.parse(str(SkillArg(tail, head))) == SkillArg(tail, head)
    assert CourseArg.parse(str(CourseArg(head, tail))) == CourseArg(head, tail)
    assert Source.parse(str(Source(tail, head))) == Source(tail, head)
    assert Purchase.parse(str(Purchase(tail, head))) == Purchase(tail, head)
    assert ForcePart.parse(str(ForcePart(head, tail))) == ForcePart(head, tail)
    assert Holding.parse(str(Holding(head, head, head))) == Holding(head, head, head)
    assert Holding.parse(str(Holding(head, "", head))) == Holding(head, "", head)
    assert Reaction.parse(str(Reaction(head, head, tail))) == Reaction(head, head, tail)


@given(PART, PART, st.booleans())
def test_a_special_hit_prints_and_parses_back(hits: str, dexterity: str, halved: bool) -> None:
    assert SpecialHit.parse(str(SpecialHit(hits, dexterity, halved))) == SpecialHit(hits, dexterity, halved)


@given(st.from_regex(r"[a-z:0-9]{0,16}", fullmatch=True))
def test_a_text_read_as_a_special_hit_prints_back_as_written(text: str) -> None:
    hit = SpecialHit.parse(text)
    assert hit is None or str(hit) == text


def test_the_kinds_and_their_parts() -> None:
    assert parse("fight:0:Wolf") == ForMember("fight", "0", "Wolf")
    assert parse("fight:0:Wolf").member == 0 and parse("wound:x:3").member is None
    assert parse("skill:1:Sword:12") == ForMember("skill", "1", "Sword:12")
    assert SkillArg.parse("Sword:12") == SkillArg("Sword", "12")
    assert parse("travel:7:forest:Bree") == Travel("7", "forest", "Bree")
    assert str(Travel("2", "forest")) == "travel:2:forest"
    assert parse("place::Bree") == Place("", "Bree")
    assert parse("note:a: b") == Party("note", "a: b") and str(Party("end")) == "end"
    assert Money.parse("12") == Money("12") and Money.parse("3:40") == Money("3", "40")
    assert Find.parse("rope:a:2.5") == Find("rope:a", "2.5") and Find.parse("rope") == Find("rope")
    assert town_name("Bree:500:smith") == "Bree"
    assert CourseArg.parse("26:tailor") == CourseArg("26", "tailor") and str(CourseArg("sword")) == "sword"
    assert town_parts("Bree:500:Smith+Tanner:10:walled") == ["Bree", "500", "Smith+Tanner", "10", "walled"]
    assert Source.parse("002_x.txt:1622-1670") == Source("002_x.txt", "1622-1670")
    assert Purchase.parse("rope") == Purchase("rope", "1") and str(Purchase("rope")) == "rope"
    assert Purchase.parse("iron ration:12") == Purchase("iron ration", "12")
    assert Purchase.parse("a:b:3") == Purchase("a:b", "3") and Purchase.parse("rope:") == Purchase("rope", "")
    assert str(Purchase("a:b")) == "a:b:1" and str(Purchase("rope", "12")) == "rope:12"
    assert ForcePart.parse("Soldiers:foot") == ForcePart("Soldiers", "foot")
    assert (
        ForcePart.parse("Soldiers") == ForcePart("Soldiers") and ForcePart.parse(":mounted").part == "mounted"
    )
    assert SpecialHit.parse("special:3:7:halved") == SpecialHit("3", "7", True)
    assert str(SpecialHit("3", "7")) == "special:3:7" and SpecialHit.parse("special:3:7") == SpecialHit(
        "3", "7"
    )
    assert [SpecialHit.parse(t) for t in ("3", "special:3", "special:3:7:x", "other:3:7")] == [None] * 4
    assert Reaction.parse("law:ambush:hostile") == Reaction("law", "ambush", "hostile")
    assert str(Reaction("chaos", "march", "peaceful")) == "chaos:march:peaceful"


def test_every_action_the_campaign_offers_prints_back_as_written() -> None:
    state = CAMPAIGN_GAME.new_initial_state({})
    assert isinstance(state, CampaignState)
    seen: set[str] = set()
    for _ in range(3):
        actions = state.legal_actions()
        seen.update(str(a) for a in actions)
        state = state.apply(next(str(a) for a in actions if str(a).startswith("add:")))
        while state.actor() is CHANCE:
            state = state.apply(state.chance_outcomes()[0][0])
    seen.update(str(a) for a in state.legal_actions())
    assert {a.partition(":")[0] for a in seen} >= {"advance", "travel", "add", "exp", "fight", "study"}
    assert [a for a in seen if str(parse(a)) != a] == []
