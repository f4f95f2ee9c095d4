"""Adventures in Fantasy's views (`engine.view`): the melee (two seats, chance only) and the kept
campaign (the referee's seat), with the referee's actions said as sentences and the campaign's events
as structured records."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.engine.game import Action, GameState
from grognard.engine.view import ActionView, Event, GameViews, Odds, Sight, Target
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.melee import MeleeState, turn_label
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds

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
}


def campaign_label(state: CampaignState, action: Action) -> str:
    """A referee action as a sentence naming the character it concerns."""
    head, _, rest = action.partition(":")
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
    index, _, arg = rest.partition(":")
    verb = _VERBS.get(head)
    if verb is None or not index.isdigit() or int(index) >= len(state.members):
        return action
    return f"{state.members[int(index)].name} {verb.format(arg=arg.replace(':', ' at '))}"


def _campaign_group(action: Action) -> tuple[str, Target | None]:
    head, _, rest = action.partition(":")
    if head in ("advance", "end"):
        return "time", None
    if head == "add":
        return "character", None
    index = rest.partition(":")[0]
    return head, Target(kind="character", id=int(index)) if index.isdigit() else None


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
                "experience": str(m.experience),
                "alignment": m.alignment,
                "silver": m.silver,
                "men": m.band.men,
                "studying": m.study is not None,
            }
        )
    public: dict[str, JsonValue] = {
        "date": state.date.iso(),
        "members": members,
        "passing_until": None if state.until is None else state.until,
        "over": state.over,
        "place": {
            "terrain": state.place or None,
            "town": state.town or None,
            "journey_days": state.journey,
            "bound_for": state.bound or None,
            "met": state.met or None,
        },
        "fighting": [
            {
                "fighter": state.members[b.fighter].name,
                "foe": b.foe,
                "group": b.group,
                "hit_points": [b.fight.hp[0], b.fight.hp[1]],
            }
            for b in state.bouts
        ],
    }
    actions = []
    for a in state.legal_actions():
        group, target = _campaign_group(a)
        actions.append(ActionView(id=a, label=campaign_label(state, a), group=group, target=target))
    return Sight(public=public, actions=actions, log=[campaign_event(e) for e in state.events])


def _two(state: GameState) -> int:
    return 2


def _one(state: GameState) -> int:
    return 1


def _campaign_label(state: GameState, action: Action) -> str:
    assert isinstance(state, CampaignState)
    return campaign_label(state, action)


def register() -> None:
    """Register the views of the melee and the campaign."""
    registry.register_views(SYSTEM_ID, "melee", GameViews(melee_sight, _two, odds=melee_chances))
    registry.register_views(SYSTEM_ID, "campaign", GameViews(campaign_sight, _one, label=_campaign_label))
