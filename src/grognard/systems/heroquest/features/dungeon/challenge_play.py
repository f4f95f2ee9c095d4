"""The quest's challenges in play: the "other actions" of lines 110-112 (the format is `challenges`).

A hero standing on or beside a challenge's square (the edge between open), on or beside a square of its
furniture, or on either side of its door (closed, not secret), may try it with his action
(`challenge:ID`, line 110: "in place of combat, searching, spells or item use"), as often as its
`tries` allow him. He rolls one red die per point of the challenge's attribute (his full value, as line
112's "five base mind points": base plus what he wears, not what wounds took) and succeeds on the
target total or more; the chance node's outcomes are exact (`challenges.reach_chance`). Success is kept
in the quest's fired events as "challenge:ID" and gives what the challenge says; until then its door
stays shut to hands (`locked_door`) and its treasure cannot be found by searching (`locked_treasure`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, red_dice
from grognard.i18n import gettext as _
from grognard.i18n import percent
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import neighbours
from grognard.systems.heroquest.content.challenges import Challenge, reach_chance
from grognard.systems.heroquest.content.hero import scroll_name
from grognard.systems.heroquest.model.edits import add, note, with_hero
from grognard.systems.heroquest.model.effect_strings import parse, total
from grognard.systems.heroquest.model.events import Phrase, said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, HERO_ACTIONS, Chance, HeroAction
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.quest_events import fire, open_door


def solved_mark(cid: str) -> str:
    """How a solved challenge is kept among the quest's fired events."""
    return f"challenge:{cid}"


def challenges(state: QuestState) -> list[Challenge]:
    """The quest's challenges."""
    return list(state.ctx.quest.file.challenges)


def challenge(state: QuestState, cid: str) -> Challenge:
    """A challenge by id."""
    return next(c for c in challenges(state) if c.id == cid)


def solved(state: QuestState, cid: str) -> bool:
    """True once the challenge has been met."""
    return solved_mark(cid) in state.fired


def locked_door(state: QuestState, door_id: str) -> bool:
    """True while an unsolved challenge keeps the door shut: only the challenge (or magic) opens it."""
    return any(c.door == door_id and not solved(state, c.id) for c in challenges(state))


def locked_treasure(state: QuestState, treasure_id: str) -> bool:
    """True while an unsolved challenge holds the treasure: searching does not find it."""
    return any(treasure_id in c.treasure and not solved(state, c.id) for c in challenges(state))


def tries_made(state: QuestState, i: int, cid: str) -> int:
    """How often hero `i` has tried the challenge this quest."""
    return total(state.heroes[i].effects, f"tried:{cid}")


def dice_for(state: QuestState, i: int, c: Challenge) -> int:
    """The red dice hero `i` rolls: one a point of the challenge's attribute (line 112)."""
    return state.hero_of(i).maximum(c.attribute)


def chance(state: QuestState, i: int, c: Challenge) -> Fraction:
    """The exact chance hero `i` meets the challenge."""
    return reach_chance(dice_for(state, i, c), c.target)


def near(state: QuestState, i: int, c: Challenge) -> bool:
    """True when hero `i` is where he may try the challenge (see the module doc)."""
    at = state.heroes[i].at
    if at is None:
        return False
    layout = state.layout
    if c.door is not None:
        door = layout.door_by_id[c.door]
        return door.state == "closed" and at in door.at
    if c.furniture is not None:
        squares = next(f.squares for f in layout.furniture if f.id == c.furniture)
    else:
        assert c.at is not None
        squares = frozenset({c.at})
    beside = set(neighbours(at))
    return at in squares or any(s in beside and layout.open_between(at, s) for s in squares)


def challenge_actions(state: QuestState, i: int) -> list[str]:
    """The `challenge:ID` actions hero `i` has now (the caller checks his action is free)."""
    out = []
    for c in challenges(state):
        if solved(state, c.id) or (c.tries and tries_made(state, i, c.id) >= c.tries):
            continue
        if dice_for(state, i, c) >= 1 and near(state, i, c):
            out.append(f"challenge:{c.id}")
    return out


def attempt(state: QuestState, i: int, cid: str) -> QuestState:
    """Hero `i` tries the challenge (his action, already taken by the caller): the red dice to roll."""
    c = challenge(state, cid)
    fig = state.heroes[i]
    count = tries_made(state, i, cid) + 1
    kept = tuple(e for e in fig.effects if parse(e)[0] != f"tried:{cid}")
    state = with_hero(state, i, replace(fig, effects=(*kept, f"tried:{cid}+{count}|quest")))
    dice = dice_for(state, i, c)
    state = note(
        state,
        said(
            "challenge.tries",
            hero=i,
            hero_name=state.hero_of(i).name,
            challenge=c.label,
            text=c.text,
            dice=dice,
            attribute=c.attribute,
            target=c.target,
        ),
    )
    return replace(state, pending=Pending("challenge", who=i, ref=cid, dice=dice, need=c.target))


def challenge_outcomes(p: Pending) -> list[tuple[str, Fraction]]:
    """Success on the target or more, failure below."""
    win = reach_chance(p.dice, p.need)
    return [(k, q) for k, q in (("success", win), ("failure", 1 - win)) if q]


def challenge_throw(p: Pending, rng: Rng) -> tuple[str, tuple[Roll, ...]]:
    """The red dice thrown, every face kept."""
    roll = red_dice(rng, p.dice)
    return ("success" if roll.total >= p.need else "failure"), (roll,)


def challenge_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """Success gives what the challenge says; a failure fires its fail-challenge events."""
    c = challenge(state, p.ref)
    name = state.hero_of(p.who).name
    quest = state.ctx.quest
    if move != "success":
        state = note(state, said("challenge.fails", hero=p.who, hero_name=name, challenge=c.label))
        return fire(state, quest.events_for("fail-challenge", c.id, state.fired))
    state = replace(state, fired=add(state.fired, solved_mark(c.id)))
    fig = state.heroes[p.who]
    state = with_hero(state, p.who, replace(fig, xp=fig.xp + c.experience))
    state = note(state, said("challenge.succeeds", hero=p.who, hero_name=name, challenge=c.label))
    if c.door is not None and state.layout.door_by_id[c.door].state != "open":
        state = open_door(state, c.door)
    for nid in c.notes:
        text = next(n.text for n in quest.file.notes if n.id == nid)
        state = note(
            state, said("quest.note", note=nid, text=text) if text else said("quest.note-bare", note=nid)
        )
    state = give_treasure(state, p.who, c.treasure)
    return fire(state, quest.events_for("solve-challenge", c.id, state.fired))


def give_treasure(state: QuestState, i: int, ids: list[str], found: Phrase = "treasure.takes") -> QuestState:
    """Hero `i` takes the treasure placements `ids` (not yet taken): gold, an item, an artifact or scroll,
    and a card drawn from the treasure deck for each `deck = true` (line 98). `found` is the note for a
    placement without its own text ("<hero> takes the treasure." by default)."""
    name = state.hero_of(i).name
    draws: list[str] = []
    for t in state.ctx.treasure:
        if t.id not in ids or t.id in state.taken:
            continue
        fig = state.heroes[i]
        items = list(fig.items)
        if t.item:
            items.append(hq.item(t.item).name)
        if t.artifact:
            items.append(scroll_name(hq.spell(t.spell)) if t.spell else hq.artifact(t.artifact).name)
        state = with_hero(state, i, replace(fig, gold=fig.gold + t.gold, items=tuple(items)))
        state = replace(state, taken=add(state.taken, t.id))
        state = note(
            state, said("quest.text", hero=i, text=t.text) if t.text else said(found, hero=i, hero_name=name)
        )
        if t.deck:
            draws.append(t.id)
    if draws:
        state = replace(state, pending=Pending("treasure", who=i, ref=draws[0], then=",".join(draws[1:])))
    return state


def challenge_label(state: QuestState, i: int, cid: str) -> str:
    """How the action is offered: the challenge, its dice and target, and the exact chance."""
    c = challenge(state, cid)
    dice = dice_for(state, i, c)
    odds = percent(float(chance(state, i, c)))
    said = _("try {challenge}: {dice} red dice ({attribute}) for {target} or more, {chance}")
    return said.format(challenge=c.label, dice=dice, attribute=c.attribute, target=c.target, chance=odds)


CHANCES.add(
    "challenge",
    Chance(
        lambda state, p: list(challenge_outcomes(p)),
        lambda state, p, move: challenge_result(state, p, str(move)),
        lambda state, p, rng: challenge_throw(p, rng),
    ),
)


HERO_ACTIONS.add(
    "challenge",
    HeroAction(
        1, lambda state, i, free: challenge_actions(state, i) if free else [], attempt, locks=locked_door
    ),
)
