"""Adventures in Fantasy's views (`engine.view`): the melee (two seats, chance only) and the kept
campaign (the referee's seat), with the referee's actions said as sentences and the campaign's events
as structured records."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.engine.game import Action, GameState
from grognard.engine.session import MoveRecord
from grognard.engine.view import ActionView, Event, FrontEnd, GameViews, Odds, Sight, Target
from grognard.systems.adventures_in_fantasy.action_text import (
    Bowshot,
    Find,
    ForMember,
    Holding,
    Money,
    Party,
    Place,
    Purchase,
    StudyBreak,
    Travel,
    parse,
    town_name,
)
from grognard.systems.adventures_in_fantasy.calendar import names
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.melee import MeleeState, turn_label
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds
from grognard.systems.adventures_in_fantasy.sheet import party, sheet
from grognard.systems.adventures_in_fantasy.supplies import on_price_list
from grognard.systems.adventures_in_fantasy.view_forms import forms_data, groups_data

SYSTEM_ID = "adventures-in-fantasy"


def melee_public(state: MeleeState) -> dict[str, JsonValue]:
    """Both fighters with the hit points they have now, the turn and who strikes."""
    sides: list[JsonValue] = []
    for i in (0, 1):
        f = state.spec.side(i)
        sides.append(
            {"index": i, "name": f.name, "body": f.body, "hit_points": state.hp[i], "start": f.hit_points}
        )
    return {"fighters": sides, "turn": state.turn, "phase": state.phase, "now": turn_label(state)}


def melee_sight(state: GameState, seat: int | None) -> Sight:
    """The melee as every seat sees it: no secrets, no decisions."""
    assert isinstance(state, MeleeState)
    return Sight(public={"melee": melee_public(state)})


def _melee_told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A turn's blows in words: how many hit points they took and what the one struck has left."""
    if not isinstance(before, MeleeState) or not isinstance(after, MeleeState) or before.striker < 0:
        return ""
    was: Any = melee_public(before)
    striker = was["fighters"][before.striker]["name"]
    struck = 1 - before.striker
    target, old, new = was["fighters"][struck]["name"], before.hp[struck], after.hp[struck]
    if old == new:
        return f"{striker} draws no blood"
    left = f"{target} falls" if new == 0 else f"{target} has {new} left"
    return f"{striker} takes {old - new} hit point{'s' if old - new != 1 else ''} from {target}: {left}"


def melee_chances(state: GameState, seat: int) -> Odds | None:
    """The exact chance of each end of the melee from here (`melee_odds`), the seat's win first."""
    assert isinstance(state, MeleeState)
    if state.striker < 0:
        return None
    try:
        found = melee_odds(state)
    except GrognardError as e:
        return Odds(note=str(e))
    win = found.outcomes.get("a-wins" if seat != 1 else "b-wins")
    return Odds(win=None if win is None else float(win), note=_ends(found.outcomes))


def _ends(outcomes: Mapping[str, float | Fraction]) -> str:
    return ", ".join(f"{k} {float(v):.1%}" for k, v in outcomes.items())


_VERBS = {
    "exp": "gains {arg} level(s) of experience",
    "boast": "boasts: reputation +{arg} (unverified)",
    "renown": "earns renown: reputation +{arg} (seen by neutral observers)",
    "found-out": "is found out in his lies",
    "wound": "takes {arg} hit(s)",
    "study": "begins course {arg} of Table B",
    "skill": "takes up the weapon skill {arg}",
    "practise": "keeps up his {arg} practice",
    "neglect": "neglects his {arg} practice",
    "service": "gives {arg} week(s) a month of magical service",
    "hire": "recruits {arg} hireling(s)",
    "lose": "loses {arg} hireling(s)",
    "unpaid": "leaves his hirelings unpaid",
    "promote": "is offered the next rank",
    "align": "takes the alignment {arg}",
    "buy": "buys {arg} from the price list",
    "drop": "leaves his {arg}",
    "pay-men": "pays his hirelings' month (their rank's income {arg} GP a year)",
    "kill": "is finished off",
    "release": "no longer holds {arg}",
}
_PARTY = {
    "round": "The melee goes on another turn",
    "break": "The melee is broken off",
    "note": "The referee's note: {rest}",
    "days": "Let {rest} day(s) of rest pass",
}


def _money(text: str) -> str:
    money = Money.parse(text)
    return f"{money.gold or 0} GP" + (f" {money.silver} SP" if money.silver else "")


def _member_label(state: CampaignState, head: str, index: int, arg: str) -> str:
    name = state.members[index].name
    if head == "fight":
        return f"{name} fights the {arg or 'creature met'}"
    if head == "join":
        other = int(arg) if arg.isdigit() and int(arg) < len(state.members) else -1
        return f"{name} joins {state.members[other].name if other >= 0 else arg}'s fight"
    if head in ("take", "spend"):
        return f"{name} {'takes' if head == 'take' else 'spends'} {_money(arg)}"
    if head == "shoot":
        shot = Bowshot.parse(arg)
        return f"{name} shoots his {shot.weapon} at the creature met, {shot.yards} yards off"
    if head == "study-break":
        away = StudyBreak.parse(arg)
        year = f" ({away.year} this year)" if away.year else ""
        return f"{name} spends {away.weeks} week(s) away from his course{year}"
    if head == "buy" and not on_price_list(arg):
        bought = Purchase.parse(arg)
        return f"{name} buys {bought.count} x {bought.item} (Table D's general supplies)"
    if head == "find":
        found = Find.parse(arg)
        weight = f" ({found.pounds} lb)" if found.pounds else ""
        return f"{name} finds {found.item}{weight} as treasure"
    if head == "hold":
        held = Holding.parse(arg)
        people = f"{held.people} people" if held.people else "its people"
        return f"{name} holds {held.name} ({people} at {held.gold or 3} GP a year each)"
    verb = _VERBS.get(head)
    return f"{name} {verb.format(arg=arg.replace(':', ' at '))}" if verb else ""


def _travel_label(act: Place | Travel) -> str:
    where = f"in the {act.terrain}" if act.terrain else ""
    if isinstance(act, Place):
        return f"The party is {where or 'where it was'}" + (f", at {act.town}" if act.town else "")
    days = f"{act.days} day(s) "
    return f"Travel {days}{where}".rstrip() + (f" towards {act.town}" if act.town else "")


def campaign_label(state: CampaignState, action: Action) -> str:
    """A referee action as a sentence naming the character it concerns."""
    act = parse(action)
    if isinstance(act, (Place, Travel)):
        return _travel_label(act)
    if isinstance(act, Party):
        return _party_label(act)
    if act.member is None or act.member >= len(state.members):
        return action
    return _member_label(state, act.head, act.member, act.arg) or action


def _party_label(act: Party) -> str:
    head, rest = act.head, act.rest
    if head == "end":
        return "End the campaign"
    if head == "advance":
        weeks = int(rest)
        return f"Let {weeks} week{'s' if weeks != 1 else ''} pass (each week's rolls are made)"
    if head == "add":
        try:
            name = json.loads(rest)["character"].get("name", "")
        except (ValueError, KeyError, AttributeError, TypeError):
            name = ""
        return f"Add the character {name}".rstrip() + " to the campaign"
    if head in _PARTY:
        return _PARTY[head].format(rest=rest)
    if head == "share":
        return f"Share {_money(rest)} among the living"
    return f"Describe the town {town_name(rest)}"


def _campaign_group(action: Action) -> tuple[str, Target | None]:
    act = parse(action)
    if act.head in ("advance", "end"):
        return "time", None
    if act.head == "add":
        return "character", None
    index = act.member if isinstance(act, ForMember) else None
    return act.head, Target(kind="character", id=index) if index is not None else None


def campaign_event(e: object) -> Event:
    """A campaign event (the date, the character, what, the book's line) as a view event."""
    date, member, name, label, text, source, rolled = (
        getattr(e, k) for k in ("date", "member", "name", "label", "text", "source", "rolled")
    )
    return Event(
        kind="campaign",
        values={
            "date": date,
            "member": member,
            "name": name,
            "label": label,
            "text": text,
            "source": source,
            "rolled": rolled,
        },
    )


def campaign_sight(state: GameState, seat: int | None) -> Sight:
    """The campaign as the referee keeps it: the date, each character, what is pending."""
    assert isinstance(state, CampaignState)
    members: list[JsonValue] = []
    for i, m in enumerate(state.members):
        c = m.character
        members.append(
            {
                "index": i,
                "name": m.name,
                "alive": m.alive,
                "position": c.position,
                "status_level": c.status_level,
                "age": c.age,
                "hit_points": c.current_hit_points,
                "max_hit_points": c.hit_points,
                "rank": c.rank,
                "experience": str(m.experience),
                "reputation": str(m.reputation.value),
                "funds_gp": c.funds_gp,
                "alignment": m.alignment,
                "silver": m.silver,
                "copper": m.copper,
                "men": m.band.men,
                "studying": m.study is not None,
                "course": None if m.study is None else {"number": m.study.number, "months": m.study.months},
            }
        )
    public: dict[str, JsonValue] = {
        "date": state.date.iso(),
        "calendar": names(state.date).text(),
        "days_into_week": state.days,
        "members": members,
        "passing_until": None if state.until is None else state.until,
        "over": state.over,
        "place": {
            "terrain": state.place or None,
            "town": state.town or None,
            "journey_days": state.journey,
            "bound_for": state.bound or None,
            "met": state.met or None,
            "soldiers": state.force or None,
            "reaction": state.reaction or None,
        },
        "towns": [{"name": t.name, "text": t.describe()} for t in state.towns],
        "fighting": [
            {
                "fighter": state.members[b.fighter].name,
                "foe": b.foe,
                "group": b.group,
                "hit_points": [b.fight.hp[0], b.fight.hp[1]],
                "now": b.fight.describe(),
            }
            for b in state.bouts
        ],
        "party": _json(party(state.members)),
        "sheets": [_json(sheet(i, m)) for i, m in enumerate(state.members)],
        "forms": forms_data(bool(state.bouts)),
        "form_groups": groups_data(),
    }
    actions = []
    for a in state.legal_actions():
        group, target = _campaign_group(a)
        label = campaign_label(state, a)
        actions.append(ActionView(id=a, label=label, group=group, target=target, confirm=asks(state, a)))
    return Sight(public=public, actions=actions, log=[campaign_event(e) for e in state.events])


def asks(state: CampaignState, action: Action) -> str:
    """The question asked before a referee action not lightly made: ending the campaign, finishing off a
    fallen character ("" for any other)."""
    act = parse(action)
    if isinstance(act, Party) and act.head == "end":
        return "End the campaign? Nothing more can be played in it (its log and sheets are kept)."
    who = act.member if isinstance(act, ForMember) and act.head == "kill" else None
    if who is not None and who < len(state.members):
        return f"Finish off {state.members[who].name}? He dies where he lay."
    return ""


def campaign_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """An ended campaign in words: who of the party lives."""
    members = [m for m in public.get("members") or [] if isinstance(m, dict)]
    alive = [str(m.get("name")) for m in members if m.get("alive")]
    dead = [str(m.get("name")) for m in members if not m.get("alive")]
    lines = ["The campaign has ended."]
    if members:
        lines.append(
            f"Alive: {', '.join(alive) or 'nobody'}." + (f" Dead: {', '.join(dead)}." if dead else "")
        )
    return lines


def _json(data: object) -> JsonValue:
    """Sheet data as plain JSON (its numbers and texts as `json` writes them)."""
    found: JsonValue = json.loads(json.dumps(data))
    return found


def campaign_chances(state: GameState, seat: int) -> Odds | None:
    """The exact odds of each bout of the melee on (`melee_odds`, each bout reckoned alone), or None
    when no fight is on."""
    assert isinstance(state, CampaignState)
    if not state.bouts:
        return None
    notes = []
    for b in state.bouts:
        who = state.members[b.fighter].name
        try:
            found = melee_odds(b.fight)
        except GrognardError as e:
            notes.append(f"{who} against the {b.foe}: {e}")
            continue
        ends = ", ".join(f"{_end(k, who, b.foe)} {float(v):.1%}" for k, v in found.outcomes.items())
        notes.append(f"{who} against the {b.foe}: {ends}")
    return Odds(note="\n".join(notes))


def _end(outcome: str, who: str, foe: str) -> str:
    return {"a-wins": f"{who} wins", "b-wins": f"the {foe} wins"}.get(outcome, outcome)


def fighter_name(public: Mapping[str, Any], seat: int) -> str:
    """A seat of the melee as the events name it: its fighter's name."""
    fighters = (public.get("melee") or {}).get("fighters") or []
    if 0 <= seat < len(fighters) and fighters[seat].get("name"):
        return str(fighters[seat]["name"])
    return "The other fighter" if seat else "The first fighter"


def melee_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A finished melee in words: who fell or gave out, and who won."""
    a, b = fighter_name(public, 0), fighter_name(public, 1)
    said = {
        "a-wins": f"{b} falls: {a} wins the melee.",
        "b-wins": f"{a} falls: {b} wins the melee.",
        "both-fall": f"{a} and {b} both fall: nobody wins.",
        "a-exhausted": f"{a} is exhausted: {b} wins the melee.",
        "b-exhausted": f"{b} is exhausted: {a} wins the melee.",
        "both-exhausted": f"{a} and {b} are both exhausted: nobody wins.",
    }
    outcome = str((result or {}).get("outcome", ""))
    return [said.get(outcome, f"The melee is over: {outcome}.")]


def the_referee(public: Mapping[str, Any], seat: int) -> str:
    """The campaign's one seat as the events name it."""
    return "The referee"


def _two(state: GameState) -> int:
    return 2


def _one(state: GameState) -> int:
    return 1


def _campaign_label(state: GameState, action: Action) -> str:
    assert isinstance(state, CampaignState)
    return campaign_label(state, action)


def register() -> None:
    """Register the views of the melee and the campaign."""
    melee = FrontEnd(
        board="systems/adventures-in-fantasy/melee-board.html",
        seat_name=fighter_name,
        help="Two combatants trade blows by dexterity; each hit's damage is rolled, with the optional rules "
        "you chose.",
        ending=melee_ending,
    )
    campaign = FrontEnd(
        board="systems/adventures-in-fantasy/campaign-board.html",
        seat_name=the_referee,
        help="The referee keeps the party week by week: journeys, encounters, training and the calendar.",
        ending=campaign_ending,
    )
    registry.register_views(
        SYSTEM_ID, "melee", GameViews(melee_sight, _two, odds=melee_chances, told=_melee_told, front=melee)
    )
    registry.register_views(
        SYSTEM_ID,
        "campaign",
        GameViews(campaign_sight, _one, label=_campaign_label, odds=campaign_chances, front=campaign),
    )
