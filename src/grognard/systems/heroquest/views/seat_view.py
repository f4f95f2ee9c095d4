"""HeroQuest's view of a seat (`engine.view`): seat 0 plays the heroes, seat 1 is the game master.

The public part is what the heroes know (line 80 and the quest's lighting): the areas they have seen
with their squares, furniture and stairs, the doors they have seen (secret ones only once found), the
traps they know of, fallen rock, the monsters in sight, every hero (numbered 1, 2, ... here as on the
map) and the goal. The game master's private part is the rest of the board: every monster, every trap,
every door. Actions are `render.action_label`'s sentences with a group and a target (a square, a
monster by its index and its square, a door by the square beyond it, so a click on the drawn board
finds it). The rules' log (`events`) is passed on as view events of each record's kind, with its phrase
(`say`), the hero and monster indices and its values; the heroes' seats are not told what a monster out
of their sight does, nor of a trap they never found (`heroes_may_know`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.engine.game import Action, GameState
from grognard.engine.session import MoveRecord
from grognard.engine.view import ActionView, Card, Event, FrontEnd, GameViews, SeatView, Sight, Target
from grognard.i18n import N_, current, ngettext, percent
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.combat_dice import binomial
from grognard.systems.heroquest.content.hero import casting_level
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import (
    PARTY_SPECS,
    SHIPPED_QUESTS,
    Setup,
    hero_from_spec,
    quest_source,
)
from grognard.systems.heroquest.content.words import said, thing
from grognard.systems.heroquest.features.rest import QUIET, resting_group
from grognard.systems.heroquest.features.spells.spell_choice import spell_name
from grognard.systems.heroquest.features.spells.spells import AVOID_FACES, find
from grognard.systems.heroquest.model.action_text import Cast, cast_arg, hero_ref, parse
from grognard.systems.heroquest.model.edits import known_traps
from grognard.systems.heroquest.model.events import HqEvent
from grognard.systems.heroquest.model.state import GM_PLAYER, QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.policies.levels import HERO_LEVELS
from grognard.systems.heroquest.rules.gear import attack_dice, defend_dice
from grognard.systems.heroquest.rules.goals import goal_words, met_on_leaving
from grognard.systems.heroquest.rules.targets import exit_here
from grognard.systems.heroquest.views.effect_words import effects_said
from grognard.systems.heroquest.views.event_text import event_text, view_sentence
from grognard.systems.heroquest.views.render import action_label, map_lines, monster_letters

SYSTEM_ID = "heroquest"

_GROUPS = {
    "move": "move",
    "jump": "move",
    "roll": "move",
    "attack": "attack",
    "throw": "attack",
    "cast": "spell",
    "memorise": "spell",
    "forget": "spell",
    "flashback": "spell",
    "search": "search",
    "door": "move",
    "use": "item",
    "recover": "item",
    "challenge": "choice",
}


def _square(text: str) -> tuple[int, int] | None:
    x, _, y = text.partition(",")
    return (int(x), int(y)) if x.lstrip("-").isdigit() and y.lstrip("-").isdigit() else None


def _xy(square: tuple[int, int]) -> list[JsonValue]:
    return [square[0], square[1]]


def _monster_index(state: QuestState, monster_id: str) -> int | None:
    return next((j for j, m in enumerate(state.monsters) if m.id == monster_id), None)


def action_target(state: QuestState, action: Action) -> tuple[str, Target | None]:
    """The group of an action and what it points at: a square, a monster (by index), a hero, a door."""
    typed = parse(action)
    verb, arg = typed.verb, typed.rest
    group = _GROUPS.get(verb, "choice")
    head = (typed.target or typed.spell) if isinstance(typed, Cast) else arg
    pick = _spell_pick(typed)
    square = _square(head)
    if square is not None:
        return group, Target(kind="square", square=square, **pick)
    i = hero_ref(head)
    if i is not None and i < len(state.heroes):
        name = said(state.hero_of(i).name)
        return group, Target(kind="hero", id=i, square=state.heroes[i].at, name=name, **pick)
    j = _monster_index(state, head) if head else None
    if j is not None:
        at = state.monsters[j].at
        return group, Target(kind="creature", id=j, square=at, name=said(state.stats_of(j).name), **pick)
    if verb == "door" and arg in state.layout.door_by_id:
        return group, Target(kind="square", id=arg, square=door_square(state, arg), name=_("door"))
    return group, None


def _spell_pick(typed: object) -> dict[str, str]:
    """A spell cast at a figure is aimed on the board once its spell is chosen: the spell's key and name
    as the target's pick (`Target.pick`), none for any other action."""
    if not isinstance(typed, Cast) or not typed.target:
        return {}
    try:
        name = said(find(typed.spell).name)
    except (GrognardError, KeyError, ValueError):
        name = typed.spell.partition("/")[2].replace("-", " ")
    return {"pick": typed.spell, "pick_name": name}


def door_square(state: QuestState, door_id: str) -> tuple[int, int]:
    """The square a click opens door `door_id` on: the board square beyond it from the hero at it."""
    door = state.layout.door_by_id[door_id]
    i = state.current_hero()
    here = None if i is None else state.heroes[i].at
    board = state.layout.board
    ahead = [s for s in door.at if s != here and board.on_board(s)]
    return ahead[0] if ahead else door.at[0]


def _label(state: QuestState, action: Action) -> str:
    text = action_label(state, action)
    typed = parse(action)
    verb, arg = typed.verb, typed.rest
    if verb == "door" and arg in state.layout.door_by_id:
        x, y = door_square(state, arg)
        text = _("open the door to {square}").format(square=f"{x},{y}")
    elif verb == "jump":
        text = _("jump the trap to {square}").format(square=arg)
    elif verb == "search":
        text = _(SEARCHES[arg]) if arg in SEARCHES else f"search for {arg.replace('-', ' ')}"
    elif verb == "use":
        text = _("use the {item}").format(item=thing(arg, arg.replace("-", " ")))
    elif verb == "cast":
        text = _cast_label(state, arg) or text
    elif verb == "rest" and (who := state.current_hero()) is not None:  # line 108
        n = len(resting_group(state, who))
        quiet = percent(float(QUIET**n), 0)
        text = ngettext(
            "rest: {n} hero rolls a die each; no black shield ({chance}) and all recover Body, Mind and"
            " Magic, else a wandering monster comes",
            "rest: {n} heroes roll a die each; no black shield ({chance}) and all recover Body, Mind and"
            " Magic, else a wandering monster comes",
            n,
        ).format(n=n, chance=quiet)
    elif verb == "defend":  # line 84
        text = _("stand on guard: give up your action for 1 more defend die until your next turn")
    elif verb == "collect" and (k := hero_ref(arg)) is not None and k < len(state.heroes):
        text = _("take what {hero} left: gear and gold").format(hero=said(state.hero_of(k).name))
    elif verb == "free":
        j = next((k for k, m in enumerate(state.monsters) if m.id == arg), None)
        text = (
            _("free {name}").format(name=said(state.stats_of(j).name))
            if j is not None
            else _("free the prisoner")
        )
    return text[:1].upper() + text[1:]


SEARCHES = {
    "traps": N_("search for traps"),
    "treasure": N_("search for treasure"),
    "doors": N_("search for doors"),
    "secret-doors": N_("search for secret doors"),
}
"""The searches a hero may make, by the action's key."""


def _cast_label(state: QuestState, arg: str) -> str:
    """A spell cast by its name, on whom, what it does and, for a damage spell, the chance it kills."""
    read = cast_arg(arg)
    key, target = read.spell, read.target
    try:
        spell = find(key)
    except (GrognardError, KeyError, ValueError):
        return ""
    j = next((k for k, m in enumerate(state.monsters) if m.id == target), None)
    k = hero_ref(target)
    if k is not None and k < len(state.heroes):
        whom = said(state.hero_of(k).name)
    elif j is not None:
        whom = f"{said(state.stats_of(j).name)} ({monster_letters(state).get(j, '?')})"
    else:
        whom = target.replace("-", " ")
    text = _("cast {spell} on {target}: {effect}").format(
        spell=said(spell.name), target=whom, effect=_(spell.text).rstrip(".")
    )
    i = state.current_hero()
    if i is None or not spell.by_level or key.startswith("chaos/"):
        return text
    hero = state.hero_of(i)
    amount = spell.amount_at(max(casting_level(hero, spell), hero.level)) or 1
    need = AVOID_FACES.get(key)
    if need is None or j is None:
        said_points = ngettext(
            "{text} ({n} point at this level)", "{text} ({n} points at this level)", amount
        )
        return said_points.format(text=text, n=amount)
    hits = binomial(amount, Fraction(6 - need, 6))
    kills = sum((q for d, q in hits.items() if d >= state.monsters[j].body), Fraction(0))
    damage = ngettext(
        "{text} ({n} point of damage: kills {chance})",
        "{text} ({n} points of damage: kills {chance})",
        amount,
    )
    return damage.format(text=text, n=amount, chance=percent(float(kills)))


def _monster(state: QuestState, j: int, letter: str) -> dict[str, JsonValue]:
    m = state.monsters[j]
    s = state.stats_of(j)
    return {
        "index": j,
        "letter": letter,
        "id": m.id,
        "name": said(s.name),
        "body": m.body,
        "max_body": s.body,
        "status": m.status,
        "at": None if m.at is None else _xy(m.at),
    }


def shown_monsters(state: QuestState) -> list[int]:
    """The monsters the heroes may see: those in sight, and prisoners in an area they have seen."""
    seen = set(state.seen)
    area_at = state.layout.board.area_at
    visible = set(state.visible_monsters)
    return [
        j
        for j, m in enumerate(state.monsters)
        if m.at is not None and (j in visible or (m.status == "prisoner" and area_at.get(m.at) in seen))
    ]


def shown_doors(state: QuestState) -> list[str]:
    """The doors the heroes know: not secret, and on the edge of an area they have seen."""
    seen = set(state.seen)
    area_at = state.layout.board.area_at
    return [
        d.id
        for d in state.layout.door_by_id.values()
        if d.state != "secret" and any(area_at.get(s) in seen for s in d.at)
    ]


def heroes_public(state: QuestState) -> dict[str, JsonValue]:
    """What the heroes (and the whole table) know of the quest."""
    layout = state.layout
    board = layout.board
    seen = set(state.seen)
    squares: dict[str, list[JsonValue]] = {a: [] for a in state.seen}
    for s, area in board.area_at.items():
        if area in seen:
            squares[area].append(_xy(s))
    letters = monster_letters(state)
    heroes: list[JsonValue] = []
    for i, h in enumerate(state.heroes):
        hero = state.hero_of(i)
        heroes.append(
            {
                "index": i,
                "number": i + 1,
                "name": said(hero.name),
                "body": h.body,
                "max_body": hero.maximum("body"),
                "mind": h.mind,
                "max_mind": hero.maximum("mind"),
                "attack": attack_dice(hero),
                "defend": defend_dice(hero),
                "magic": h.magic,
                "gold": h.gold,
                "status": h.status,
                "at": None if h.at is None else _xy(h.at),
                "effects": list(h.effects),
                "effects_said": list[JsonValue](effects_said(h.effects)),
                "equipment": [*hero.weapons, *hero.armour, *hero.artifacts],
                "equipped": list[JsonValue](hero.equipped.names()),
                "items": list(h.items),
                "spells": list(h.spells),
                "spell_names": list[JsonValue](said(spell_name(k)) for k in h.spells),
            }
        )
    in_seen = [f for f in layout.furniture if any(board.area_at.get(s) in seen for s in f.squares)]
    doors: list[JsonValue] = []
    for door_id in shown_doors(state):
        d = layout.door_by_id[door_id]
        doors.append({"id": d.id, "state": d.state, "between": [_xy(d.at[0]), _xy(d.at[1])], "exit": d.exit})
    return {
        "quest": state.ctx.quest.file.title,
        "round": state.round,
        "current": _number(state.current_hero()),
        "gm_turn": state.in_gm_turn(),
        "goal": goal_words(state),
        "board": {"width": board.width, "height": board.height},
        "areas": {
            a: {"kind": board.areas[a].kind, "squares": sq} for a, sq in squares.items() if a in board.areas
        },
        "furniture": [
            {"id": f.id, "kind": f.kind, "height": f.height, "squares": [_xy(s) for s in sorted(f.squares)]}
            for f in in_seen
        ],
        "stairs": [_xy(s) for s in sorted(layout.stairs) if board.area_at.get(s) in seen],
        "doors": doors,
        "traps": [_xy(s) for s in sorted(known_traps(state))],
        "rubble": [_xy(s) for s in state.rubble],
        "blocked": [_xy(s) for s in sorted(layout.blocked) if board.area_at.get(s) in seen],
        "heroes": heroes,
        "monsters": [_monster(state, j, letters.get(j, "?")) for j in shown_monsters(state)],
        "map": list(map_lines(state)),
        "outcome": state.outcome,
    }


def _number(hero: int | None) -> int | None:
    """A hero's number as the map shows it (1, 2, ...), None for none."""
    return None if hero is None else hero + 1


def gm_private(state: QuestState) -> dict[str, JsonValue]:
    """The game master's knowledge: every monster, every trap and every door, found or not."""
    letters = monster_letters(state)
    return {
        "monsters": [_monster(state, j, letters.get(j, "?")) for j in range(len(state.monsters))],
        "traps": [
            {
                "index": i,
                "kind": t.kind,
                "status": state.traps[i],
                "squares": [_xy(s) for s in sorted(t.squares)],
            }
            for i, t in enumerate(state.ctx.traps)
        ],
        "doors": [
            {"id": d.id, "state": d.state, "between": [_xy(d.at[0]), _xy(d.at[1])]}
            for d in state.layout.door_by_id.values()
        ],
    }


GM_ONLY = frozenset({"trap.trap-undone"})
"""Phrases only the game master is told (a trap the heroes never found, undone by their spell)."""


def heroes_may_know(state: QuestState, event: HqEvent) -> bool:
    """Whether the heroes are told of `event`: not a game master's phrase, and of no monster standing out
    of their sight (a monster slain, gone or not yet on the board is no secret)."""
    if event.say in GM_ONLY:
        return False
    j = event.monster
    if j is None or not 0 <= j < len(state.monsters) or state.monsters[j].at is None:
        return True
    return j in shown_monsters(state)


def log_event(event: HqEvent) -> Event:
    """One record of the rules' log as a view event: its kind, its phrase (`say`), the hero and monster
    it concerns (indices) and its values (a square as [x, y])."""
    values: dict[str, JsonValue] = {"say": event.say}
    if event.hero is not None:
        values["hero"] = event.hero
    if event.monster is not None:
        values["monster"] = event.monster
    for key, value in event.values:
        values[key] = list(value) if isinstance(value, tuple) else value
    return Event(kind=event.kind, values=values)


def seat_log(state: QuestState, seat: int | None) -> list[Event]:
    """The events of the last move that `seat` is told of (all of them for the game master)."""
    return [log_event(e) for e in state.log if seat == GM_PLAYER or heroes_may_know(state, e)]


def _offered_last(action: Action) -> int:
    """Where a choice is listed: forgetting a spell, ending the turn and leaving the quest come after
    every other, leaving last, so the first keys are never the ones a player regrets (a stable sort)."""
    return {"forget": 1, "end": 2, "leave": 3}.get(parse(str(action)).verb, 0)


def _asks(state: QuestState, action: str) -> str:
    """The question asked before a move not lightly made: a hero leaving the quest before its goal is met
    (and without meeting it by leaving) plays no more of it."""
    i = state.current_hero()
    if action != "leave" or i is None or state.goal_met or met_on_leaving(state, exit_here(state, i)):
        return ""
    name = said(state.hero_of(i).name)
    return _("Leave the quest before its goal is met? {hero} goes out and plays no more of it.").format(
        hero=name
    )


def quest_sight(state: GameState, seat: int | None) -> Sight:
    """The quest as `seat` sees it (the heroes' knowledge for seat 0 and onlookers)."""
    assert isinstance(state, QuestState)
    private = gm_private(state) if seat == GM_PLAYER else {}
    actions = []
    if seat is not None and state.actor() == seat:
        for a in sorted(state.legal_actions(), key=_offered_last):
            group, target = action_target(state, a)
            actions.append(
                ActionView(id=a, label=_label(state, a), group=group, target=target, confirm=_asks(state, a))
            )
    return Sight(public=heroes_public(state), private=private, actions=actions, log=seat_log(state, seat))


def changes(before: GameState, after: GameState) -> list[Event]:
    """Who attacked whom in a combat roll (kind "combat": attacker, defender and the shield that blocks
    for the defender, white for a hero, black for a monster), then the events of the rules' log the heroes
    are told of (these changes are public)."""
    assert isinstance(before, QuestState) and isinstance(after, QuestState)
    out: list[Event] = []
    p = before.pending
    if p is not None and p.kind == "attack" and p.side in ("hero", "monster"):
        letters = monster_letters(before)
        heroes, monsters = (p.who, p.target) if p.side == "hero" else (p.target, p.who)
        hero = (
            f"{heroes + 1} {said(before.hero_of(heroes).name)}"
            if 0 <= heroes < len(before.heroes)
            else _("a hero")
        )
        monster = (
            said(before.stats_of(monsters).name) if 0 <= monsters < len(before.monsters) else _("a monster")
        )
        monster = f"{monster} ({letters[monsters]})" if monsters in letters else monster
        attacker, defender = (hero, monster) if p.side == "hero" else (monster, hero)
        shield = "black shield" if p.side == "hero" else "white shield"  # a die's face: said where shown
        values: dict[str, JsonValue] = {"attacker": attacker, "defender": defender, "blocks": shield}
        out.append(Event(kind="combat", values=values))
    return out + gm_turn_told(before, after) + seat_log(after, None)


def gm_dice_shown(state: GameState) -> bool:
    """The automatic game master's turn shown one step at a time: before each monster's movement roll and
    each attack it makes (`web.stepping`)."""
    assert isinstance(state, QuestState)
    p = state.pending
    return (
        state.in_gm_turn()
        and p is not None
        and (p.kind == "mmove" or (p.kind == "attack" and p.side == "monster"))
    )


def gm_turn_told(before: QuestState, after: QuestState) -> list[Event]:
    """The game master's turn as the heroes see it: when it begins, and each monster in their sight that
    moves (where to, by the letter the board draws it with); a monster out of their sight moves unsaid."""
    out: list[Event] = []
    if after.in_gm_turn() and not before.in_gm_turn():
        out.append(
            Event(kind="log", values={"text": _("The game master's turn: the monsters move and attack.")})
        )
    if not before.in_gm_turn():
        return out
    seen = set(shown_monsters(before)) | set(shown_monsters(after))
    letters = monster_letters(after)
    for j, (was, now) in enumerate(zip(before.monsters, after.monsters, strict=False)):
        if was.at != now.at and was.at is not None and now.at is not None and j in seen:
            name = f"{said(after.stats_of(j).name)} ({letters.get(j, '?')})"
            moved = _("{monster} moves to {square}.").format(monster=name, square=f"{now.at[0]},{now.at[1]}")
            out.append(Event(kind="log", values={"text": moved}))
    return out


def told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A chance move told as the sentences of the rules' log the heroes are told of (a treasure card
    drawn, a die's result), so that a roll among the past moves reads as what came of it. The heroes'
    order and a monster's movement roll, which the log does not tell, are said; a roll whose outcome the
    heroes may not know is said to be the game master's."""
    assert isinstance(after, QuestState) and isinstance(before, QuestState)
    told = " ".join(event_text(e) for e in after.log if heroes_may_know(after, e))
    p = before.pending
    if p is not None and p.kind == "mmove" and isinstance(record.move, int):  # the game master's red dice
        seen = p.who in shown_monsters(before) and p.who in (letters := monster_letters(before))
        who = (
            f"{said(before.stats_of(p.who).name)} ({letters[p.who]})" if seen else _("A monster out of sight")
        )
        may = _("{monster} may move up to {squares} squares.").format(monster=who, squares=record.move)
        told = " ".join(filter(None, (may, told)))
    if before.pending is not None and before.pending.kind == "order" and isinstance(record.move, str):
        order = [int(i) for i in record.move.split(",")]
        names = ", ".join(_("the game master") if i < 0 else said(after.hero_of(i).name) for i in order)
        told = " ".join(filter(None, (_("The order of play: {names}.").format(names=names), told)))
    gm = " ".join(str(e.values["text"]) for e in gm_turn_told(before, after))
    told = " ".join(filter(None, (told, gm)))
    if not told and record.rolls:  # what came of it is hidden from the heroes: still, say what the dice were
        told = _("The game master rolls for something out of the heroes' sight.")
    return told


def hidden(record: MoveRecord, seat: int | None) -> bool:
    """The game master's moves are secret from the heroes (they see what comes of them on the map)."""
    return record.player == GM_PLAYER and seat != GM_PLAYER


def audit(state: GameState, seat: int | None, seen: SeatView) -> list[str]:
    """What the heroes' view shows that they may not know: a monster out of sight, an unseen area, a
    secret or unseen door, a trap not found, or the game master's private part."""
    assert isinstance(state, QuestState)
    if seat == GM_PLAYER:
        return []
    public: Any = seen.public
    bad = []
    if seen.private:
        bad.append("the heroes' view has a private part")
    shown = set(shown_monsters(state))
    bad += [f"monster {m['id']} is shown out of sight" for m in public["monsters"] if m["index"] not in shown]
    bad += [f"unseen area {a} is shown" for a in public["areas"] if a not in state.seen]
    doors = set(shown_doors(state))
    bad += [f"door {d['id']} is shown unseen" for d in public["doors"] if d["id"] not in doors]
    known = {(x, y) for x, y in (tuple(s) for s in public["traps"])}
    if known - set(known_traps(state)):
        bad.append(f"traps not found are shown: {sorted(known - set(known_traps(state)))}")
    text = json.dumps(public["monsters"])
    for j, m in enumerate(state.monsters):
        if j not in shown and f'"id": "{m.id}"' in text:
            bad.append(f"monster {m.id} appears in the public part")
    return bad + event_leaks(state, seen.events, shown)


def event_leaks(state: QuestState, events: list[Event], shown: set[int]) -> list[str]:
    """What the events shown to the heroes tell of the game master's secrets: a game master's phrase, or
    a monster standing out of their sight named by its index or id."""
    bad = []
    hidden = {j for j, m in enumerate(state.monsters) if m.at is not None and j not in shown}
    for e in events:
        said = e.values.get("say")
        if said in GM_ONLY:
            bad.append(f"the heroes are told {said}")
        j = e.values.get("monster")
        if isinstance(j, int) and j in hidden:
            bad.append(f"an event ({said or e.kind}) tells of monster {state.monsters[j].id} out of sight")
        named = set(map(str, e.values.values()))
        bad += [
            f"an event names monster {state.monsters[k].id}" for k in hidden if state.monsters[k].id in named
        ]
    return bad


def _seats(state: GameState) -> int:
    return 2


def _action_label(state: GameState, action: Action) -> str:
    assert isinstance(state, QuestState)
    return _label(state, action)


def quest_played(public: Mapping[str, Any]) -> str:
    """What a new table plays, for its title: the quest's name."""
    quest = public.get("quest")
    return quest if isinstance(quest, str) else ""


ENDINGS = {
    "won": N_("The quest is won!"),
    "lost": N_("The whole party has fallen. The quest is lost."),
    "retreated": N_("The heroes have retreated from the quest."),
    "timeout": N_("Time has run out: the quest is lost."),
}
"""How a quest's endings are said."""
FATES = {
    "dead": N_("{hero} fell in the quest: {body}, {gold} gold coins."),
    "left": N_("{hero} left the quest: {body}, {gold} gold coins."),
    "active": N_("{hero} is still in the dungeon: {body}, {gold} gold coins."),
}
"""What became of a hero, by its status."""


def quest_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A finished quest in words: how it ended, after how many rounds, and each hero's end (Body left,
    the gold carried out)."""
    outcome = str(public.get("outcome") or (result or {}).get("outcome", ""))
    rounds = public.get("round")
    lines = [
        _(ENDINGS[outcome])
        if outcome in ENDINGS
        else _("The quest is over: {outcome}.").format(outcome=outcome)
    ]
    if isinstance(rounds, int):
        lines.append(ngettext("It took {n} round.", "It took {n} rounds.", rounds).format(n=rounds))
    for h in public.get("heroes") or []:
        status = str(h.get("status", ""))
        if status == "dead":
            lines.append(_("{hero} fell in the quest.").format(hero=h.get("name")))
        else:
            body = _("Body {body} of {max_body}").format(body=h.get("body"), max_body=h.get("max_body"))
            fate = FATES.get(status, "{hero} " + status + ": {body}, {gold} gold coins.")
            lines.append(_(fate).format(hero=h.get("name"), body=body, gold=h.get("gold")))
    return lines


STATS = ("attack", "defend", "body", "mind", "magic", "movement")
"""A hero's starting statistics in the order its card gives them."""


def _quest_cards() -> tuple[Card, ...]:
    cards = []
    for ref in SHIPPED_QUESTS:
        quest = load_quest(quest_source(ref)).file
        goal = (quest.goal.text or "").strip()
        facts = (_("for heroes of level {level}").format(level=quest.level), *((goal,) if goal else ()))
        cards.append(Card(ref, quest.title, " ".join(quest.text.split()), facts))
    return tuple(sorted(cards, key=lambda c: (c.value[0].isalpha(), c.value)))


def _hero_cards() -> tuple[Card, ...]:
    party = Setup().heroes.split(",")
    cards: dict[str, Card] = {}
    for spec in PARTY_SPECS:
        hero = hero_from_spec(spec, [])
        if hero.name in cards and cards[hero.name].value in party:
            continue  # one card a hero: "barbarian" and "human-barbarian" are one (the default party's)
        text = f"{_(hq.hero_class(hero.hero_class).text)} {_(hq.race(hero.race).text)}"
        stats = [f"{_(stat.capitalize())} {value}" for stat in STATS if (value := getattr(hero.base, stat))]
        cards[hero.name] = Card(spec, said(hero.name), text, (*stats, *map(said, hero.weapons)))
    return tuple(cards.values())


def quest_cards(option: str) -> tuple[Card, ...]:
    """What a new quest is chosen by: the shipped quests with their story, the heroes as their cards (in
    the reader's language: the heroes' names, their numbers and weapons; the quests' own words as written)."""
    return _cards(option, current())


STAT_WORDS = (N_("Movement"),)
"""A hero's statistics as a card names them ("Attack", "Body"... are the sheet's words)."""


@cache
def _cards(option: str, language: str) -> tuple[Card, ...]:
    """The cards of `option` in `language` (made once a language: a quest file is read for each)."""
    if option == "quest":
        return _quest_cards()
    if option == "heroes":
        return _hero_cards()
    return ()


DICE = re.compile(r"(?:(.+): )?(\d+) (red|combat) (die|dice)")
"""A throw of HeroQuest's dice as a roll's expression names it, after who throws or what for ("2 red
dice", "Human Barbarian: 2 red dice", "Attack: 1 combat die")."""
MIND = re.compile(r"(.+) \(Mind (\d+)\)")
"""A thrower named with his Mind ("Ilsa (Mind 4)"), as an elf's sensing roll is."""
PURPOSES = (N_("Attack"), N_("Defend"), N_("Rest"))
"""What a combat throw is for, as its expression says it."""


def quest_roll(expression: str, public: Mapping[str, Any]) -> str:
    """A roll's expression in the reader's language: its dice ("2 red dice", "3 combat dice") and who
    throws or what for ("Human Barbarian: 2 red dice", "Attack: 3 combat dice"); anything else as it is."""
    found = DICE.fullmatch(expression)
    if found is None:
        return expression
    head, n = found.group(1), int(found.group(2))
    if found.group(3) == "red":
        said_dice = ngettext("{n} red die", "{n} red dice", n).format(n=n)
    else:
        said_dice = ngettext("{n} combat die", "{n} combat dice", n).format(n=n)
    if head is None:
        return said_dice
    mind = MIND.fullmatch(head)
    if mind is not None:
        who = _("{name} (Mind {mind})").format(name=said(mind.group(1)), mind=mind.group(2))
    else:
        who = _(head) if head in PURPOSES else said(head)
    return f"{who}: {said_dice}"


SEAT_NAMES = (N_("The heroes"), N_("The game master"))
"""A quest's two seats as the events name them."""


def quest_seat(public: Mapping[str, Any], seat: int) -> str:
    """A seat of a quest as the events name it: the heroes' or the game master's."""
    return _(SEAT_NAMES[seat]) if 0 <= seat < len(SEAT_NAMES) else _("The game master")


FRONT = FrontEnd(
    board="systems/heroquest/board.html",
    seat_name=quest_seat,
    side="systems/heroquest/side.html",
    private_in_side=True,
    content="quests",
    upload=(
        "/quests",
        N_("Play your own HeroScribe quest"),
        N_("(a quest file from the HeroScribe editor), or start a shipped one below."),
    ),
    what=quest_played,
    stepped=gm_dice_shown,
    sentence=view_sentence,
    roll=quest_roll,
    help=N_("The heroes explore the quest's rooms, fight the game master's monsters and meet its goal."),
    cards=quest_cards,
    ending=quest_ending,
    upfront=("quest", "heroes", "gm"),
    seat_roles=(
        N_("The heroes"),
        N_("The game master: moves the monsters when a person plays it (see who moves the monsters above)"),
    ),
)
"""How the front ends show a quest: the drawn board (the game master's monsters and traps on it), the
heroes beside it, the events in the quest's own sentences, quests brought from HeroScribe."""


def register() -> None:
    """Register the view of the quest game."""
    registry.register_views(
        SYSTEM_ID,
        "quest",
        GameViews(
            quest_sight,
            _seats,
            bot=hero_bot,
            bots=HERO_LEVELS,
            label=_action_label,
            audit=audit,
            hidden=hidden,
            changes=changes,
            told=told,
            log_tells_last=True,
            front=FRONT,
        ),
    )
