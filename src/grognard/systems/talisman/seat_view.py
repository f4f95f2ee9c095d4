"""Talisman's view of a seat (`engine.view`): the board, every character card as the table sees it,
the cards lying face up and just drawn (with their text), this seat's Spells kept private (9:2), the
actions said as sentences (a move names where it ends and what that space does, a purchase its price,
a combat its odds) and the log. A Spell drawn or discarded by a player is hidden from every other seat
in the events of the moves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.game import CHANCE, Action, GameState
from grognard.engine.session import MoveRecord
from grognard.engine.view import (
    ActionView,
    Card,
    Event,
    FrontEnd,
    GameViews,
    Odds,
    SeatView,
    Sight,
    Target,
    log_events,
)
from grognard.i18n import N_, gettext, ngettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.actions import is_discard, terms
from grognard.systems.talisman.bot_levels import LEVELS
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import ability_evades, creature_score, hero_score
from grognard.systems.talisman.movement import portal_chance
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.views import describe_action, view
from grognard.systems.talisman.words import CHANCE_WORDS, name_of, new_notes, unnamed

SYSTEM_ID = "talisman"

_MOVES = frozenset({"cw", "acw", "bridge", "portal", "forward", "back", "on", "move", "to", "raft"})
_ITEMS = frozenset({"take", "ditch", "buy", "armour", "save", "visit", "cash", "gold", "life"})


def card_data(card: str) -> dict[str, JsonValue]:
    """A card's id, printed name and text (what a player reads when it is drawn or lies on a space)."""
    cat = catalog()
    text = ""
    if card in cat.spells:
        text = cat.spells[card].text
    else:
        try:
            text = getattr(cat.item(card), "text", "")
        except KeyError:
            text = ""
    return {"id": card, "name": name_of(card), "text": text}


def destination(state: TalismanState, seat: int, direction: int) -> tuple[str, int]:
    """Where a move round the ring in `direction` stops (the move's end, or a way off the ring), and the
    steps it takes."""
    move = state.move
    cat = catalog()
    here = state.heroes[seat].space
    if move is None or move.left < 1:
        return here, 0
    left, steps = move.left, 0
    while True:
        here = cat.ring_step(here, direction)
        left -= 1
        steps += 1
        space = cat.spaces[here]
        if left == 0 or space.bridge is not None or space.portal is not None:
            return here, steps


def move_end(state: TalismanState, seat: int, verb: str) -> str | None:
    """The space a move without a named space leads to: over the bridge, through the Portal (if it
    opens), on round the ring, one step forward or back along the Inner Region's path (back from the
    Plain of Peril: through the Portal); None for the die roll that starts a move."""
    cat = catalog()
    here = state.heroes[seat].space
    space = cat.spaces.get(here)
    if space is None:
        return None
    if verb == "bridge" and space.bridge is not None:
        return space.bridge.to
    if verb == "portal" and space.portal is not None:
        return space.portal.to
    if verb == "on" and state.move is not None and state.move.direction:
        return destination(state, seat, state.move.direction)[0]
    path = cat.path()
    if verb in ("forward", "back") and here in path:
        at = path.index(here)
        if verb == "forward":
            return path[at + 1] if at + 1 < len(path) else None
        if at > 0:
            return path[at - 1]
        return next((s.id for s in cat.spaces.values() if s.portal is not None and s.portal.to == here), None)
    return None


def _space_does(space_id: str) -> str:
    space = catalog().spaces[space_id]
    if space.draw:
        return ngettext("draw {count} card", "draw {count} cards", space.draw).format(count=space.draw)
    return space.text.rstrip(".")


def _fight_odds(state: TalismanState, seat: int) -> tuple[str, float] | None:
    fight = state.fight
    if fight is None or fight.foe >= 0:
        return None
    mine = hero_score(state, seat, fight.psychic) + fight.bonus[0]
    theirs = creature_score(state, seat)
    win, stand, lose = combat_odds(mine, theirs)
    text = _("your {mine} against {foe} {theirs}: win {win}, stand-off {stand}, lose {lose}").format(
        mine=mine,
        foe=fight.name,
        theirs=theirs,
        win=f"{float(win):.0%}",
        stand=f"{float(stand):.0%}",
        lose=f"{float(lose):.0%}",
    )
    return text, float(win)


def _guard_odds(state: TalismanState, seat: int) -> str:
    """The fight a bridge's guard forces on the way in (the Sentinel, 11:11), with its exact odds: ""
    for a bridge no one guards."""
    space = catalog().spaces[state.heroes[seat].space]
    guard = space.bridge.guard if space.bridge is not None else None
    if guard is None:
        return ""
    mine = hero_score(state, seat, False)
    theirs = guard.strength + space.enemy_bonus
    win, stand, lose = combat_odds(mine, theirs)
    said = _(
        "the {guard} attacks on the way (your {mine} against {theirs}: win {win}, stand-off {stand},"
        " lose {lose})"
    ).format(
        guard=guard.name,
        mine=mine,
        theirs=theirs,
        win=f"{float(win):.0%}",
        stand=f"{float(stand):.0%}",
        lose=f"{float(lose):.0%}",
    )
    return f": {said}"


def action_label(state: TalismanState, seat: int, action: Action) -> str:
    """A sentence for an action: `views.describe_action`, with the move's end, the price, the odds."""
    verb, parts = terms(action)
    rest = parts[0] if parts else ""
    text = describe_action(action)
    if verb in ("cw", "acw") and not rest:
        where, steps = destination(state, seat, 1 if verb == "cw" else -1)
        if steps:
            stops = state.move is not None and steps < state.move.left
            how = ngettext("{count} space to the {space}", "{count} spaces to the {space}", steps).format(
                count=steps, space=name_of(where)
            )
            tail = _(", where a way off the ring opens") if stops else f": {_space_does(where)}"
            text = f"{text} {how}{tail}"
    elif verb == "buy" and rest:
        try:
            price = catalog().pile(rest).price
        except KeyError:
            price = 0
        text = _("buy {thing} for {price} Gold").format(thing=name_of(rest), price=price)
    elif verb in ("bridge", "on", "forward", "back") and not rest:
        end = move_end(state, seat, verb)
        if end is not None:
            text = _("{action} to the {space}").format(action=text, space=name_of(end))
        if verb == "bridge":
            text += _guard_odds(state, seat)
    elif verb == "portal":
        chance = f"{float(portal_chance(state, seat)):.0%}"
        text = _("{action}: opens {chance}").format(action=text, chance=chance)
    elif verb in ("fight", "stand", "roll") and not rest:
        odds = _fight_odds(state, seat)
        if odds is not None:
            text = f"{text} ({odds[0]})"
    elif verb == "evade" and not rest:
        text = _ability_evasion(state, seat) or text
    elif verb == "meet" and rest.isdigit() and int(rest) < len(state.heroes):
        text = _("encounter {character}").format(character=gettext(seat_names(state)[int(rest)]))
    elif verb == "cast" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < len(state.heroes):
        target = gettext(seat_names(state)[int(parts[1])])
        text = _("cast {spell} on {target}").format(spell=name_of(parts[0]), target=target)
    return text[:1].upper() + text[1:]


def _ability_evasion(state: TalismanState, seat: int) -> str:
    """ "evade the Bear, then fight the Ogre" when an ability evades only some of the enemies (the
    Minstrel's Animals); "" otherwise."""
    fight = state.fight
    evaded = ability_evades(state, seat)
    if fight is None or not evaded or len(evaded) >= len(fight.cards) or (state.enc and state.enc.invisible):
        return ""
    left = list(fight.cards)
    for card in evaded:
        left.remove(card)
    passed, fought = (" and the ".join(map(name_of, cards)) for cards in (evaded, left))
    return f"evade the {passed}, then fight the {fought}"


def action_target(state: TalismanState, seat: int, action: Action) -> tuple[str, Target | None]:
    """The group and target of an action (a space, a character, a card)."""
    verb, parts = terms(action)
    cat = catalog()
    if verb in ("cw", "acw"):
        where, _ = destination(state, seat, 1 if verb == "cw" else -1)
        return "move", Target(kind="space", id=where, name=name_of(where))
    if verb in _MOVES:
        if parts and parts[0] in cat.spaces:
            return "move", Target(kind="space", id=parts[0], name=name_of(parts[0]))
        end = move_end(state, seat, verb)
        return "move", None if end is None else Target(kind="space", id=end, name=name_of(end))
    if verb == "cast":
        if len(parts) == 2:
            if parts[1].isdigit():
                return "spell", Target(kind="character", id=int(parts[1]))
            if parts[1] in cat.spaces:
                return "spell", Target(kind="space", id=parts[1], name=name_of(parts[1]))
        return "spell", Target(kind="spell", id=parts[0], name=name_of(parts[0])) if parts else None
    if verb == "meet" and parts and parts[0].isdigit():
        return "attack", Target(kind="character", id=int(parts[0]))
    if verb in ("fight", "stand", "roll", "evade"):
        return "attack", None
    if verb in _ITEMS:
        return "item", Target(kind="item", id=parts[0], name=name_of(parts[0])) if parts else None
    return "choice", None


def talisman_sight(state: GameState, seat: int | None) -> Sight:
    """What `seat` sees: the table's view with every Spell hidden, and its own Spells privately; no log
    (each move's notes are told with it)."""
    assert isinstance(state, TalismanState)
    table: dict[str, Any] = view(state, -1)
    # The rules' short log runs over the whole game; every line of it was said when its move was made
    # (`told`, for actions and chance alike), so it is not shown again as the last move's events.
    table.pop("log")
    cat = catalog()
    table["spaces"] = {
        space: {
            "name": name_of(space),
            "cards": [card_data(c) for c in lying["cards"]],
            "gold": lying["gold"],
        }
        for space, lying in table["spaces"].items()
    }
    for hero in table["heroes"]:
        hero["space_name"] = name_of(hero["space"]) if hero["space"] else ""
        hero["character_name"] = name_of(hero["character"]) if hero["character"] in cat.characters else ""
    if state.enc is not None:
        table["drawn"] = [card_data(c) for c in state.enc.drawn]
        table["encounter_space"] = state.enc.space
    if state.fight is not None:
        table["fight"] = {"name": state.fight.name, "foe": state.fight.foe, "psychic": state.fight.psychic}
    private: dict[str, JsonValue] = {}
    if seat is not None and 0 <= seat < len(state.heroes):
        private["spells"] = [card_data(s) for s in state.heroes[seat].spells]
    actions: list[ActionView] = []
    odds: Odds | None = None
    if seat is not None and state.actor() == seat:
        for a in state.legal_actions():
            group, target = action_target(state, seat, a)
            actions.append(ActionView(id=a, label=action_label(state, seat, a), group=group, target=target))
        fight = _fight_odds(state, seat)
        if fight is not None:
            odds = Odds(win=fight[1], note=fight[0])
    return Sight(public=table, private=private, actions=actions, odds=odds)


def seat_names(state: TalismanState) -> list[str]:
    """Each seat as the table calls it: its character ("Elf"), or "the second player" before the
    characters are dealt."""
    characters = catalog().characters
    return [
        name_of(h.character) if h.character in characters else unnamed(k) for k, h in enumerate(state.heroes)
    ]


def _said_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def named(lines: list[str], names: list[str]) -> list[str]:
    """The engine's notes with each seat's "pN" said by its name (a name opening a note capitalised:
    "The first player plays the Troll")."""

    def name(m: re.Match[str]) -> str:
        said = names[int(m[1])] if int(m[1]) < len(names) else m[0]
        return _said_first(said) if m.start() == 0 else said

    return [re.sub(r"\bp(\d)\b", name, x) for x in lines]


def seat_said(text: str, public: Mapping[str, Any]) -> str:
    """A die's name with its thrower's "pN" said as the character ("1d6 (p0)" -> "1d6 (Ghoul)"; "the
    first player" before the characters are dealt), by the notes' own substitution (`named`)."""
    heroes = public.get("heroes") or []
    names = [str(h.get("character_name") or unnamed(k)) for k, h in enumerate(heroes)]
    return named([text], names)[0]


def seat_name(public: Mapping[str, Any], seat: int) -> str:
    """A seat as the events name it: its character ("Elf") once the characters are dealt, "The second
    player" before."""
    heroes = public.get("heroes") or []
    if 0 <= seat < len(heroes) and heroes[seat].get("character_name"):
        return str(heroes[seat]["character_name"])
    return _said_first(unnamed(seat))


def game_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A finished game in words: who won (the last character left at the Crown of Command, 21:1), after
    how many turns, and where each character ended with its counters."""
    heroes = public.get("heroes") or []
    winners = list((result or {}).get("winners") or public.get("winners") or [])
    outcome = str((result or {}).get("outcome", ""))
    turns = public.get("turn")
    after = f" after {turns} turns" if isinstance(turns, int) else ""
    if winners:
        named_ = " and ".join(seat_name(public, w) for w in winners)
        lines = [f"{named_} wins{after}: the last character left, holding the Crown of Command."]
    elif outcome == "unfinished":
        cap = public.get("max_turns") or turns
        lines = [f"The game stopped unfinished at the turn cap ({cap} turns)."]
    else:
        lines = [f"Nobody is left: the game ends without a winner{after}."]
    for k, h in enumerate(heroes):
        who = seat_name(public, k)
        if h.get("out"):
            lines.append(f"{who}: out of the game.")
            continue
        where = f", on the {h['space_name']}" if h.get("space_name") else ""
        lines.append(
            f"{who}: Strength {h.get('strength')}, Craft {h.get('craft')}, {h.get('lives')} lives, "
            f"{h.get('gold')} Gold{where}."
        )
    return lines


def characters_played(public: Mapping[str, Any]) -> str:
    """A new table's title: the characters dealt, else how many play."""
    heroes = public.get("heroes")
    if not isinstance(heroes, list) or not heroes:
        return ""
    chosen = [str(h.get("character_name") or "") for h in heroes if isinstance(h, dict)]
    return "Talisman: " + (", ".join(chosen) if all(chosen) else f"{len(heroes)} players")


def character_cards(option: str) -> tuple[Card, ...]:
    """The Character cards a new game's characters are picked from: each one's words and Special
    Abilities, starting Strength and Craft, alignment and starting space (8:1)."""
    if option != "characters":
        return ()
    content = catalog()
    cards = []
    for c in content.characters.values():
        said = c.text or " ".join(a.text for a in c.abilities if a.text)
        start = content.spaces[c.start].name if c.start in content.spaces else c.start
        facts = (
            _("Strength {number}").format(number=c.strength),
            _("Craft {number}").format(number=c.craft),
            gettext(c.alignment.capitalize()),
            _("starts at the {space}").format(space=start),
        )
        cards.append(Card(c.id, gettext(c.name), said, facts))
    return tuple(cards)


FRONT = FrontEnd(
    board="systems/talisman/board.html",
    side="systems/talisman/side.html",
    private_in_side=True,
    what=characters_played,
    seat_name=seat_name,
    roll=seat_said,
    help=N_("Move by the die, meet what each space holds, and reach the Crown of Command with a Talisman."),
    cards=character_cards,
    ending=game_ending,
    upfront=("players", "characters"),
    seats_by="players",
)
"""How the front ends show the game: the drawn board, the characters' sheets (a character's own Spells on
its sheet), the seats named as their characters."""


FIGHT_WORDS = {"win": "wins", "lose": "loses", "standoff": "a standoff"}
"""A combat's outcome as said of the character who fought."""


def told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A chance move in words, for every seat: whom it was thrown for and what for, what came of it (the
    card drawn, a combat's scores with the dice, a Spell drawn left unnamed, 9:2), then the notes the
    rules wrote of it; of a seat's action, the notes the rules wrote of it."""
    assert isinstance(before, TalismanState) and isinstance(after, TalismanState)
    names = seat_names(before)
    if before.actor() is not CHANCE:  # a seat's action: the notes the rules wrote of it
        return ". ".join([*named(new_notes(before.log, after.log), names), *changed(before, after, names)])
    if not before.tasks:
        return ""
    task = before.tasks[-1]
    seat = task.player if task.player >= 0 else before.current
    subject = names[seat] if 0 <= seat < len(names) else "The table"
    words = CHANCE_WORDS.get(task.kind, task.kind)
    outcome = str(record.move)
    rolls = record.rolls
    if task.kind == "first":
        line = (
            f"{names[int(outcome)]} has the first turn"
            if outcome.isdigit() and int(outcome) < len(names)
            else ""
        )
    elif task.kind == "draw_spell":
        line = f"{subject} {words}"
    elif task.kind == "deal":  # the seat, whatever character it had before
        dealt = "nothing (none left)" if outcome == "none" else name_of(outcome)
        line = f"{unnamed(seat)} {words} {dealt}"
    elif task.kind == "draw":
        line = f"{subject} {words} " + ("nothing (none left)" if outcome == "none" else name_of(outcome))
    elif task.kind == "fight_roll" and len(rolls) == 2 and before.fight is not None:
        mine = hero_score(before, seat, before.fight.psychic) + before.fight.bonus[0]
        theirs = creature_score(before, seat)
        a, b = rolls[0].total, rolls[1].total
        came = FIGHT_WORDS.get(outcome, outcome)
        foe = named([before.fight.name], names)[0]  # a creature, or another character ("p1")
        line = f"{subject} {mine} + {a} against {foe} {theirs} + {b}: {came}"
    elif task.kind == "fx_roll":
        line = f"{subject} {words}"
    elif rolls and outcome in {str(r.total) for r in rolls}:
        line = f"{subject} {words}"  # the die tells it
    else:
        line = f"{subject} {words}: {outcome}"
    notes = named(new_notes(before.log, after.log), names)
    if task.kind == "fight_roll" and before.fight is not None:  # the line has said who won
        foe = named([before.fight.name], names)[0]
        notes = [n for n in notes if not n.endswith(f" against {foe}")]
    return ". ".join(x for x in [_said_first(line), *notes, *changed(before, after, names)] if x)


def changed(before: TalismanState, after: TalismanState, names: list[str]) -> list[str]:
    """Each seat's Lives, Gold, counters and alignment that a move changed, in words ("Elf: Lives 4 → 3,
    Gold 1 → 2"), from the "change" events of `changes`."""
    said: dict[int, list[str]] = {}
    for e in changes(before, after):
        if e.kind == "change" and e.who is not None:
            said.setdefault(e.who, []).append(f"{e.values['what']} {e.values['from']} → {e.values['to']}")
    return [
        f"{_said_first(names[seat] if seat < len(names) else unnamed(seat))}: {', '.join(words)}"
        for seat, words in said.items()
    ]


TRACKED = (
    ("lives", "Lives"),
    ("gold", "Gold"),
    ("strength", "Strength counters"),
    ("craft", "Craft counters"),
)


def chance_events(before: TalismanState) -> list[Event]:
    """What a chance move was for, as one event of kind "chance" (`who` the seat it was thrown for;
    values: task, words, and a combat's two scores before the dice), none for a player's move."""
    if before.actor() is not CHANCE or not before.tasks:
        return []
    task = before.tasks[-1]
    seat = task.player if task.player >= 0 else before.current
    values: dict[str, JsonValue] = {"task": task.kind, "words": CHANCE_WORDS.get(task.kind, task.kind)}
    if task.kind == "fight_roll" and before.fight is not None:
        values["mine"] = hero_score(before, seat, before.fight.psychic) + before.fight.bonus[0]
        values["theirs"] = creature_score(before, seat)
        values["foe"] = before.fight.name
    return [Event(kind="chance", who=seat, values=values)]


def changes(before: GameState, after: GameState) -> list[Event]:
    """What a chance move was for (kind "chance"), the rules' notes of a move (kind "log"), then every
    Life, Gold, Strength or Craft counter lost or gained and every alignment change, as events of kind
    "change" (`who` the seat; `values`: what, from, to), and where a character now stands after it moved
    (kind "place"; values: space, name)."""
    assert isinstance(before, TalismanState) and isinstance(after, TalismanState)
    out: list[Event] = chance_events(before) + log_events(new_notes(before.log, after.log))
    for seat, (old, new) in enumerate(zip(before.heroes, after.heroes, strict=False)):
        if old.character != new.character:
            continue
        for name, shown in TRACKED:
            a, b = getattr(old, name), getattr(new, name)
            if a != b:
                out.append(Event(kind="change", who=seat, values={"what": shown, "from": a, "to": b}))
        if old.alignment != new.alignment:
            values: dict[str, JsonValue] = {"what": "alignment", "from": old.alignment, "to": new.alignment}
            out.append(Event(kind="change", who=seat, values=values))
        if old.space != new.space and new.space:
            out.append(Event(kind="place", who=seat, values={"space": new.space, "name": name_of(new.space)}))
    return out


def hidden(record: MoveRecord, seat: int | None) -> bool:
    """Whether a move's detail is secret from `seat`: a Spell drawn (its outcome is the Spell) is
    hidden from everyone but shown in the drawer's hand; a Spell discarded is hidden from the others."""
    move = record.move
    if record.player is None:
        return isinstance(move, str) and move in catalog().spells
    return is_discard(move) and record.player != seat


def audit(state: GameState, seat: int | None, seen: SeatView) -> list[str]:
    """Secrets the view shows that `seat` may not see: another seat's Spells anywhere in it."""
    assert isinstance(state, TalismanState)
    public: Any = seen.public
    bad = [f"the public card of p{h['seat']} lists Spells" for h in public["heroes"] if "spells" in h]
    mine: Any = seen.private.get("spells", [])
    expected = [] if seat is None else list(state.heroes[seat].spells)
    if [s["id"] for s in mine] != expected:
        bad.append(f"the private Spells {mine} are not the seat's own")
    for e in seen.events:
        if e.kind == "action" and e.who != seat and is_discard(e.values.get("action", "")):
            bad.append("another seat's discarded Spell is shown in the events")
    return bad


def _seats(state: GameState) -> int:
    assert isinstance(state, TalismanState)
    return len(state.heroes)


def _label(state: GameState, action: Action) -> str:
    assert isinstance(state, TalismanState)
    who = state.actor()
    return action_label(state, who if isinstance(who, int) else 0, action)


def register() -> None:
    """Register the view of the game."""
    registry.register_views(
        SYSTEM_ID,
        "game",
        GameViews(
            talisman_sight,
            _seats,
            bot=heuristic_policy,
            bots=LEVELS,
            label=_label,
            audit=audit,
            hidden=hidden,
            changes=changes,
            told=told,
            tells_actions=True,
            front=FRONT,
        ),
    )
