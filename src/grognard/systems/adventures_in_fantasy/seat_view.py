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
from grognard.engine.view import ActionView, Card, Event, FrontEnd, GameViews, Odds, Sight, Target
from grognard.i18n import N_, ngettext, percent, pgettext
from grognard.i18n import gettext as _
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
    outcome_parts,
    parse,
    town_name,
    value_parts,
)
from grognard.systems.adventures_in_fantasy.calendar import names
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.combat import Fighter, parse_fighter
from grognard.systems.adventures_in_fantasy.fighters import READY_FIGHTERS, READY_NAMES
from grognard.systems.adventures_in_fantasy.melee import MeleeState, turn_label
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds
from grognard.systems.adventures_in_fantasy.sheet import party, sheet
from grognard.systems.adventures_in_fantasy.supplies import on_price_list
from grognard.systems.adventures_in_fantasy.view_forms import forms_data, groups_data
from grognard.systems.adventures_in_fantasy.words import any_word, melee_end, told, word

SYSTEM_ID = "adventures-in-fantasy"


def melee_public(state: MeleeState) -> dict[str, JsonValue]:
    """Both fighters with the hit points they have now, the turn and who strikes."""
    sides: list[JsonValue] = []
    for i in (0, 1):
        f = state.spec.side(i)
        sides.append(
            {
                "index": i,
                "name": fighter_said(f.name),
                "body": f.body,
                "hit_points": state.hp[i],
                "start": f.hit_points,
            }
        )
    return {"fighters": sides, "turn": state.turn, "phase": state.phase, "now": turn_label(state)}


def fighter_said(name: str) -> str:
    """A fighter's name as the reader reads it: a ready-made fighter's in the reader's language, any other
    as it was written."""
    return _(name) if name in READY_NAMES else name


_REACHES = {
    "very long": N_("a very long weapon"),
    "long": N_("a long weapon"),
    "medium": N_("a weapon of middle length"),
    "short": N_("a short weapon, or teeth and claws"),
}


def fighter_facts(fighter: Fighter) -> tuple[str, ...]:
    """What the Combat Matrix and its modifiers read of a fighter, as short facts for its card."""
    facts = [
        _("{body} body").format(body=any_word(fighter.body)),
        ngettext("{n} hit point", "{n} hit points", fighter.hit_points).format(n=fighter.hit_points),
        _("Dexterity {n}").format(n=fighter.dexterity),
    ]
    if fighter.level is not None:
        facts.append(_("level {n}").format(n=fighter.level))
    elif fighter.hit_dice:
        facts.append(ngettext("{n} hit die", "{n} hit dice", fighter.hit_dice).format(n=fighter.hit_dice))
    if fighter.reach:
        facts.append(_(_REACHES[fighter.reach]))
    if fighter.two_weapons == "dagger":
        facts.append(_("a dagger in the other hand"))
    facts.append(", ".join(any_word(p) for p in fighter.armour) if fighter.armour else _("no armour"))
    if fighter.mounted is not None:
        facts.append(_("on horseback"))
    return tuple(facts)


def melee_cards(option: str) -> tuple[Card, ...]:
    """The ready-made combatants each side of a new melee is picked from (`fighters.READY_FIGHTERS`)."""
    if option not in ("a", "b"):
        return ()
    return tuple(
        Card(f.text, _(f.name), _(f.blurb), fighter_facts(parse_fighter(f.text))) for f in READY_FIGHTERS
    )


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
        return _("{striker} draws no blood").format(striker=striker)
    left = (
        _("{target} falls").format(target=target)
        if new == 0
        else _("{target} has {left} left").format(target=target, left=new)
    )
    taken = ngettext(
        "{striker} takes {hits} hit point from {target}: {left}",
        "{striker} takes {hits} hit points from {target}: {left}",
        old - new,
    )
    return taken.format(striker=striker, hits=old - new, target=target, left=left)


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
    names = [fighter_said(state.spec.side(i).name) for i in (0, 1)]
    return Odds(win=None if win is None else float(win), note=_ends(found.outcomes, *names))


def _ends(outcomes: Mapping[str, float | Fraction], a: str, b: str) -> str:
    return ", ".join(f"{melee_end(k, a, b)} {percent(float(v))}" for k, v in outcomes.items())


_VERBS = {
    "boast": N_("{name} boasts: reputation +{arg} (unverified)"),
    "renown": N_("{name} earns renown: reputation +{arg} (seen by neutral observers)"),
    "found-out": N_("{name} is found out in his lies"),
    "study": N_("{name} begins course {arg} of Table B"),
    "skill": N_("{name} takes up the weapon skill {arg}"),
    "practise": N_("{name} keeps up his {arg} practice"),
    "neglect": N_("{name} neglects his {arg} practice"),
    "unpaid": N_("{name} leaves his hirelings unpaid"),
    "promote": N_("{name} is offered the next rank"),
    "align": N_("{name} takes the alignment {arg}"),
    "buy": N_("{name} buys {arg} from the price list"),
    "drop": N_("{name} leaves his {arg}"),
    "pay-men": N_("{name} pays his hirelings' month (their rank's income {arg} GP a year)"),
    "kill": N_("{name} is finished off"),
    "release": N_("{name} no longer holds {arg}"),
}
_PARTY = {
    "round": N_("The melee goes on another turn"),
    "break": N_("The melee is broken off"),
    "note": N_("The referee's note: {rest}"),
}


def _money(text: str) -> str:
    money = Money.parse(text)
    if money.silver:
        return _("{gold} GP {silver} SP").format(gold=money.gold or 0, silver=money.silver)
    return _("{gold} GP").format(gold=money.gold or 0)


def _member_label(state: CampaignState, head: str, index: int, arg: str) -> str:
    name = state.members[index].name
    if head == "fight":
        if not arg:
            return _("{name} fights the creature met").format(name=name)
        return _("{name} fights the {foe}").format(name=name, foe=told(arg))
    if head == "join":
        other = int(arg) if arg.isdigit() and int(arg) < len(state.members) else -1
        return _("{name} joins {other}'s fight").format(
            name=name, other=state.members[other].name if other >= 0 else arg
        )
    if head in ("take", "spend"):
        said = _("{name} takes {money}") if head == "take" else _("{name} spends {money}")
        return said.format(name=name, money=_money(arg))
    if head == "shoot":
        shot = Bowshot.parse(arg)
        return _("{name} shoots his {weapon} at the creature met, {yards} yards off").format(
            name=name, weapon=shot.weapon, yards=shot.yards
        )
    if head == "study-break":
        away = StudyBreak.parse(arg)
        if away.year:
            said = ngettext(
                "{name} spends {weeks} week away from his course ({year} this year)",
                "{name} spends {weeks} weeks away from his course ({year} this year)",
                _count(away.weeks),
            )
        else:
            said = ngettext(
                "{name} spends {weeks} week away from his course",
                "{name} spends {weeks} weeks away from his course",
                _count(away.weeks),
            )
        return said.format(name=name, weeks=away.weeks, year=away.year)
    if head == "buy" and not on_price_list(arg):
        bought = Purchase.parse(arg)
        return _("{name} buys {count} x {item} (Table D's general supplies)").format(
            name=name, count=bought.count, item=bought.item
        )
    if head == "find":
        found = Find.parse(arg)
        if found.pounds:
            return _("{name} finds {item} ({pounds} lb) as treasure").format(
                name=name, item=found.item, pounds=found.pounds
            )
        return _("{name} finds {item} as treasure").format(name=name, item=found.item)
    if head == "hold":
        held = Holding.parse(arg)
        gold = held.gold or 3
        if held.people:
            said = _("{name} holds {place} ({people} people at {gold} GP a year each)")
        else:
            said = _("{name} holds {place} (its people at {gold} GP a year each)")
        return said.format(name=name, place=held.name, people=held.people, gold=gold)
    counted = _counted(head, _count(arg))
    if counted:
        return counted.format(name=name, arg=arg)
    verb = _VERBS.get(head)
    return _(verb).format(name=name, arg=_arg_said(arg)) if verb else ""


def _count(text: str) -> int:
    """A count written in an action, for choosing a message's form: a whole number, a fraction below one
    ("1/2" of a level) as one, anything else as many."""
    top, slash, bottom = text.partition("/")
    if slash and top.isdigit() and bottom.isdigit() and int(top) < int(bottom):
        return 1
    return int(text) if text.isdigit() else 2


def _counted(head: str, n: int) -> str:
    """The label of a member's action that counts something (levels, hits, weeks, hirelings), in the form
    for `n`; "" for an action that counts nothing."""
    if head == "exp":
        return ngettext(
            "{name} gains {arg} level of experience", "{name} gains {arg} levels of experience", n
        )
    if head == "wound":
        return ngettext("{name} takes {arg} hit", "{name} takes {arg} hits", n)
    if head == "service":
        return ngettext(
            "{name} gives {arg} week a month of magical service",
            "{name} gives {arg} weeks a month of magical service",
            n,
        )
    if head == "hire":
        return ngettext("{name} recruits {arg} hireling", "{name} recruits {arg} hirelings", n)
    if head == "lose":
        return ngettext("{name} loses {arg} hireling", "{name} loses {arg} hirelings", n)
    return ""


def _arg_said(arg: str) -> str:
    """An action's value in the reader's language: each part a word of the rules or a name of its data
    ("sword:40" is "sword at 40", "espada a 40"; "law" is "ley"; an item its name)."""
    parts = [any_word(part) for part in value_parts(arg)]
    said = parts[0]
    for then in parts[1:]:
        said = _("{first} at {then}").format(first=said, then=then)
    return said


def _travel_label(act: Place | Travel) -> str:
    terrain = pgettext("terrain", act.terrain) if act.terrain else ""
    if isinstance(act, Place):
        if terrain and act.town:
            return _("The party is in the {terrain}, at {town}").format(terrain=terrain, town=act.town)
        if terrain:
            return _("The party is in the {terrain}").format(terrain=terrain)
        if act.town:
            return _("The party is where it was, at {town}").format(town=act.town)
        return _("The party is where it was")
    n = _count(act.days)
    if terrain and act.town:
        said = ngettext(
            "Travel {days} day in the {terrain} towards {town}",
            "Travel {days} days in the {terrain} towards {town}",
            n,
        )
    elif terrain:
        said = ngettext("Travel {days} day in the {terrain}", "Travel {days} days in the {terrain}", n)
    elif act.town:
        said = ngettext("Travel {days} day towards {town}", "Travel {days} days towards {town}", n)
    else:
        said = ngettext("Travel {days} day", "Travel {days} days", n)
    return said.format(days=act.days, terrain=terrain, town=act.town)


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
        return _("End the campaign")
    if head == "advance":
        weeks = int(rest)
        return ngettext(
            "Let {weeks} week pass (each week's rolls are made)",
            "Let {weeks} weeks pass (each week's rolls are made)",
            weeks,
        ).format(weeks=weeks)
    if head == "add":
        try:
            name = json.loads(rest)["character"].get("name", "")
        except (ValueError, KeyError, AttributeError, TypeError):
            name = ""
        if not name:
            return _("Add the character to the campaign")
        return _("Add the character {name} to the campaign").format(name=name)
    if head == "days" and rest.isdigit():
        return ngettext("Let {rest} day of rest pass", "Let {rest} days of rest pass", int(rest)).format(
            rest=rest
        )
    if head in _PARTY:
        return _(_PARTY[head]).format(rest=rest)
    if head == "share":
        return _("Share {money} among the living").format(money=_money(rest))
    return _("Describe the town {town}").format(town=town_name(rest))


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
            "name": word("aif", name) if member < 0 else name,
            "label": told(label),
            "text": told(text),
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
        return _("End the campaign? Nothing more can be played in it (its log and sheets are kept).")
    who = act.member if isinstance(act, ForMember) and act.head == "kill" else None
    if who is not None and who < len(state.members):
        return _("Finish off {name}? He dies where he lay.").format(name=state.members[who].name)
    return ""


def campaign_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """An ended campaign in words: who of the party lives."""
    members = [m for m in public.get("members") or [] if isinstance(m, dict)]
    alive = [str(m.get("name")) for m in members if m.get("alive")]
    dead = [str(m.get("name")) for m in members if not m.get("alive")]
    lines = [_("The campaign has ended.")]
    if members:
        living = _("Alive: {names}.").format(names=", ".join(alive) or _("nobody"))
        lines.append(living + (" " + _("Dead: {names}.").format(names=", ".join(dead)) if dead else ""))
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
        who, foe = state.members[b.fighter].name, told(b.foe)
        try:
            found = melee_odds(b.fight)
        except GrognardError as e:
            notes.append(_("{who} against the {foe}: {ends}").format(who=who, foe=foe, ends=e))
            continue
        ends = ", ".join(f"{_end(k, who, foe)} {percent(float(v))}" for k, v in found.outcomes.items())
        notes.append(_("{who} against the {foe}: {ends}").format(who=who, foe=foe, ends=ends))
    return Odds(note="\n".join(notes))


def _end(outcome: str, who: str, foe: str) -> str:
    if outcome == "a-wins":
        return _("{who} wins").format(who=who)
    if outcome == "b-wins":
        return _("the {foe} wins").format(foe=foe)
    return melee_end(outcome, who, foe)


def fighter_name(public: Mapping[str, Any], seat: int) -> str:
    """A seat of the melee as the events name it: its fighter's name."""
    fighters = (public.get("melee") or {}).get("fighters") or []
    if 0 <= seat < len(fighters) and fighters[seat].get("name"):
        return str(fighters[seat]["name"])
    return _("The other fighter") if seat else _("The first fighter")


def melee_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A finished melee in words: who fell or gave out, and who won."""
    a, b = fighter_name(public, 0), fighter_name(public, 1)
    said = {
        "a-wins": _("{loser} falls: {winner} wins the melee.").format(loser=b, winner=a),
        "b-wins": _("{loser} falls: {winner} wins the melee.").format(loser=a, winner=b),
        "both-fall": _("{a} and {b} both fall: nobody wins.").format(a=a, b=b),
        "a-exhausted": _("{loser} is exhausted: {winner} wins the melee.").format(loser=a, winner=b),
        "b-exhausted": _("{loser} is exhausted: {winner} wins the melee.").format(loser=b, winner=a),
        "both-exhausted": _("{a} and {b} are both exhausted: nobody wins.").format(a=a, b=b),
    }
    outcome = str((result or {}).get("outcome", ""))
    return [said.get(outcome, _("The melee is over: {outcome}.").format(outcome=outcome))]


def the_referee(public: Mapping[str, Any], seat: int) -> str:
    """The campaign's one seat as the events name it."""
    return _("The referee")


def _roll_said(expression: str, public: Mapping[str, Any]) -> str:
    """A saved roll's name in the reader's language ("A blow 1 (40%): hit")."""
    return told(expression)


def _campaign_told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A chance move of the campaign (a day's meeting, a healing roll's outcome, the soldiers' reaction
    "neutral:marching:peaceful") in the reader's words, part by part."""
    if record.player is not None:
        return ""
    return ":".join(told(part) for part in outcome_parts(str(record.move)))


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
        cards=melee_cards,
        upfront=("a", "b", "place"),
        seat_roles=(N_("First fighter"), N_("Second fighter")),
        help=N_(
            "Two combatants trade blows by dexterity; each hit's damage is rolled, with the optional rules "
            "you chose."
        ),
        ending=melee_ending,
        roll=_roll_said,
    )
    campaign = FrontEnd(
        board="systems/adventures-in-fantasy/campaign-board.html",
        seat_name=the_referee,
        help=N_("The referee keeps the party week by week: journeys, encounters, training and the calendar."),
        roll=_roll_said,
        ending=campaign_ending,
    )
    registry.register_views(
        SYSTEM_ID, "melee", GameViews(melee_sight, _two, odds=melee_chances, told=_melee_told, front=melee)
    )
    registry.register_views(
        SYSTEM_ID,
        "campaign",
        GameViews(
            campaign_sight,
            _one,
            label=_campaign_label,
            odds=campaign_chances,
            told=_campaign_told,
            front=campaign,
        ),
    )
