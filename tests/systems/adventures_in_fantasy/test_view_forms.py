"""The kept campaign's view carries what a front end needs to run it (`seat_view`, `view_forms`): the
referee's actions as forms with their fields, the party and every full sheet, the calendar and the
towns, a sentence for every referee action, and a melee's exact odds while one is on."""

from __future__ import annotations

import re

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine import registry
from grognard.engine.session import Session
from grognard.engine.view import SeatView, seat_view, view_data, view_from_data
from grognard.systems.adventures_in_fantasy.campaign import CampaignState, sample_action
from grognard.systems.adventures_in_fantasy.seat_view import campaign_label
from grognard.systems.adventures_in_fantasy.view_forms import FORMS, IN_A_MELEE, fill

SYSTEM = "adventures-in-fantasy"


def _session(*actions: str) -> Session:
    game = registry.get_game(SYSTEM, "campaign")
    session = Session.new(SYSTEM, game, {}, 7)
    session.play(sample_action(0))
    for action in actions:
        session.play(action)
        session.advance()
    return session


def _view(session: Session, odds: bool = False) -> SeatView:
    views = registry.get_views(SYSTEM, "campaign")
    view = seat_view(SYSTEM, "campaign", views, session.current, 0, session.moves, odds=odds)
    assert view_from_data(view_data(view)) == view  # the one model, through JSON
    return view


def test_a_form_is_filled_from_its_answers_blank_optional_ones_left_out() -> None:
    take, travel, advance = (next(f for f in FORMS if f.id == h) for h in ("take", "travel", "advance"))
    assert take.form == "take:I:GP[:SP]" and [f.optional for f in take.fields] == [False, False, True]
    assert fill(take, ["0", "10", ""]) == "take:0:10"
    assert fill(take, ["0", "10", "5"]) == "take:0:10:5"
    assert fill(travel, ["3", "", "Ash"]) == "travel:3::Ash"  # a blank in the middle stays
    assert fill(travel, ["3", "", ""]) == "travel:3"
    assert [(f.kind, f.low, f.high) for f in advance.fields] == [("number", 1, 520)]


def test_the_view_offers_the_forms_the_party_and_the_sheets() -> None:
    view = _view(_session("place:forest", "town:Ashford:800:Armorer"))
    public = view.public
    forms = public["forms"]
    assert isinstance(forms, list)
    heads = [f["id"] for f in forms if isinstance(f, dict)]
    assert "round" not in heads and "break" not in heads  # no melee on
    assert heads[0] == "add" and {"advance", "exp", "buy", "travel"} <= set(heads)
    exp = next(f for f in forms if isinstance(f, dict) and f["id"] == "exp")
    assert exp["fields"] == [
        {"name": "I", "ask": "Which character", "kind": "character"},
        {"name": "X", "ask": "Levels gained (1, 1/2, 0.25 ...)", "kind": "text"},
    ]
    sheets = public["sheets"]
    assert isinstance(sheets, list) and len(sheets) == 1
    assert isinstance(sheets[0], dict) and sheets[0]["name"] == "Sample 1"
    party = public["party"]
    assert isinstance(party, dict) and party["able"] == 1
    assert public["calendar"] == "Chaoda, Week of Fire, 1 Basilisk, year 1 (Year of the Rat)"
    towns = public["towns"]
    assert isinstance(towns, list) and isinstance(towns[0], dict) and towns[0]["name"] == "Ashford"
    place = public["place"]
    assert isinstance(place, dict) and place["terrain"] == "forest"
    assert view.odds is None  # no fight: no odds


def test_a_melee_narrows_the_forms_and_has_exact_odds() -> None:
    session = _session("fight:0:Wolf")
    state = session.current
    assert isinstance(state, CampaignState) and state.bouts
    view = _view(session, odds=True)
    forms = view.public["forms"]
    assert isinstance(forms, list)
    assert {f["id"] for f in forms if isinstance(f, dict)} == IN_A_MELEE
    assert next(f for f in forms if isinstance(f, dict) and f["id"] == "round")["rolls"] is True
    assert view.odds is not None
    found = re.findall(r"(\d+\.\d)%", view.odds.note)
    assert view.odds.note.startswith("Sample 1 against the Wolf: ")
    assert abs(sum(float(p) for p in found) - 100) < 0.2  # every end of the bout, all told


def test_every_referee_action_is_said_as_a_sentence() -> None:
    state = _session().current
    assert isinstance(state, CampaignState)
    said = {
        "round": "The melee goes on another turn",
        "share:10:5": "Share 10 GP 5 SP among the living",
        "travel:3::Ash": "Travel 3 days towards Ash",
        "place:forest:Ash": "The party is in the forest, at Ash",
        "fight:0:Wolf": "Sample 1 fights the Wolf",
        "take:0:10:5": "Sample 1 takes 10 GP 5 SP",
        "find:0:Rope:3": "Sample 1 finds Rope (3 lb) as treasure",
        "shoot:0:Longbow:50": "Sample 1 shoots his Longbow at the creature met, 50 yards off",
        "study-break:0:2:6": "Sample 1 spends 2 weeks away from his course (6 this year)",
        "days:3": "Let 3 days of rest pass",
        "days:1": "Let 1 day of rest pass",
        "travel:1:forest:": "Travel 1 day in the forest",
        "wound:0:1": "Sample 1 takes 1 hit",
        "wound:0:4": "Sample 1 takes 4 hits",
        "exp:0:1/2": "Sample 1 gains 1/2 level of experience",
        "hire:0:3": "Sample 1 recruits 3 hirelings",
        "kill:0": "Sample 1 is finished off",
    }
    assert {a: campaign_label(state, a) for a in said} == said
    assert campaign_label(state, "bogus:0:1") == "bogus:0:1"  # nothing to say: the action itself
