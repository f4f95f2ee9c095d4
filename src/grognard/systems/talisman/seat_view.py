"""Talisman's view of a seat (`engine.view`): the board, every character card as the table sees it,
the cards lying face up and just drawn (with their text), this seat's Spells kept private (9:2), the
actions said as sentences (a move names where it ends and what that space does, a purchase its price,
a combat its odds) and the log. A Spell drawn or discarded by a player is hidden from every other seat
in the events of the moves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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
from grognard.i18n import N_, gettext, ngettext, percent
from grognard.i18n import gettext as _
from grognard.systems.talisman.actions import is_discard, terms
from grognard.systems.talisman.bot_levels import LEVELS
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import ability_evades, creature_score, hero_score
from grognard.systems.talisman.movement import portal_chance
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.views import ability_said, describe_action, view
from grognard.systems.talisman.words import (
    ALIGNMENTS,
    CHANCE_WORDS,
    FIGHT_NOTES,
    chance_said,
    name_of,
    new_notes,
    outcome_said,
    said,
    said_name,
    said_note,
    unnamed,
)

SYSTEM_ID = "talisman"

_MOVES = frozenset({"cw", "acw", "bridge", "portal", "forward", "back", "on", "move", "to", "raft"})
_ITEMS = frozenset({"take", "ditch", "buy", "armour", "save", "visit", "cash", "gold", "life"})


def card_data(card: str) -> dict[str, JsonValue]:
    """A card's id, printed name and text (what a player reads when it is drawn or lies on a space), in
    the reader's language."""
    cat = catalog()
    text = ""
    if card in cat.spells:
        text = cat.spells[card].text
    else:
        try:
            text = getattr(cat.item(card), "text", "")
        except KeyError:
            text = ""
    return {"id": card, "name": said(card), "text": gettext(text)}


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
    return gettext(space.text).rstrip(".")


def foe_said(state: TalismanState) -> str:
    """The foe of the combat in progress in the reader's language: the creatures' names (those left
    after an evasion), or the other character."""
    fight = state.fight
    if fight is None:
        return ""
    if fight.foe >= 0:
        names = seat_names(state)
        return names[fight.foe] if fight.foe < len(names) else unnamed(fight.foe)
    if fight.cards:
        return said_name(" and ".join(name_of(c) for c in fight.cards))
    return said_name(fight.name)


def _odds(chance: object) -> str:
    return percent(float(chance), 0)  # type: ignore[arg-type]


def _fight_odds(state: TalismanState, seat: int) -> tuple[str, float] | None:
    fight = state.fight
    if fight is None or fight.foe >= 0:
        return None
    mine = hero_score(state, seat, fight.psychic) + fight.bonus[0]
    theirs = creature_score(state, seat)
    win, stand, lose = combat_odds(mine, theirs)
    text = _("your {mine} against {foe} {theirs}: win {win}, stand-off {stand}, lose {lose}").format(
        mine=mine,
        foe=foe_said(state),
        theirs=theirs,
        win=_odds(win),
        stand=_odds(stand),
        lose=_odds(lose),
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
        guard=gettext(guard.name),
        mine=mine,
        theirs=theirs,
        win=_odds(win),
        stand=_odds(stand),
        lose=_odds(lose),
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
                count=steps, space=said(where)
            )
            tail = _(", where a way off the ring opens") if stops else f": {_space_does(where)}"
            text = f"{text} {how}{tail}"
    elif verb == "buy" and rest:
        try:
            price = catalog().pile(rest).price
        except KeyError:
            price = 0
        text = _("buy {thing} for {price} Gold").format(thing=said(rest), price=price)
    elif verb in ("bridge", "on", "forward", "back") and not rest:
        end = move_end(state, seat, verb)
        if end is not None:
            text = _("{action} to the {space}").format(action=text, space=said(end))
        if verb == "bridge":
            text += _guard_odds(state, seat)
    elif verb == "portal":
        chance = _odds(portal_chance(state, seat))
        text = _("{action}: opens {chance}").format(action=text, chance=chance)
    elif verb in ("fight", "stand", "roll") and not rest:
        odds = _fight_odds(state, seat)
        if odds is not None:
            text = f"{text} ({odds[0]})"
    elif verb == "evade" and not rest:
        text = _ability_evasion(state, seat) or text
    elif verb == "ability" and 0 <= seat < len(state.heroes):
        text = ability_said(state.heroes[seat].character, action)
    elif verb == "meet" and rest.isdigit() and int(rest) < len(state.heroes):
        text = _("encounter {character}").format(character=seat_names(state)[int(rest)])
    elif verb == "cast" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < len(state.heroes):
        target = seat_names(state)[int(parts[1])]
        text = _("cast {spell} on {target}").format(spell=said(parts[0]), target=target)
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
    passed, fought = (said_name(" and ".join(map(name_of, cards))) for cards in (evaded, left))
    return _("evade the {evaded}, then fight the {fought}").format(evaded=passed, fought=fought)


def action_target(state: TalismanState, seat: int, action: Action) -> tuple[str, Target | None]:
    """The group and target of an action (a space, a character, a card)."""
    verb, parts = terms(action)
    cat = catalog()
    if verb in ("cw", "acw"):
        where, _ = destination(state, seat, 1 if verb == "cw" else -1)
        return "move", Target(kind="space", id=where, name=said(where))
    if verb in _MOVES:
        if parts and parts[0] in cat.spaces:
            return "move", Target(kind="space", id=parts[0], name=said(parts[0]))
        end = move_end(state, seat, verb)
        return "move", None if end is None else Target(kind="space", id=end, name=said(end))
    if verb == "cast":
        if len(parts) == 2:
            if parts[1].isdigit():
                return "spell", Target(kind="character", id=int(parts[1]))
            if parts[1] in cat.spaces:
                return "spell", Target(kind="space", id=parts[1], name=said(parts[1]))
        return "spell", Target(kind="spell", id=parts[0], name=said(parts[0])) if parts else None
    if verb == "meet" and parts and parts[0].isdigit():
        return "attack", Target(kind="character", id=int(parts[0]))
    if verb in ("fight", "stand", "roll", "evade"):
        return "attack", None
    if verb in _ITEMS:
        return "item", Target(kind="item", id=parts[0], name=said(parts[0])) if parts else None
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
            "name": said(space),
            "cards": [card_data(c) for c in lying["cards"]],
            "gold": lying["gold"],
        }
        for space, lying in table["spaces"].items()
    }
    for hero in table["heroes"]:
        hero["space_name"] = said(hero["space"]) if hero["space"] else ""
        hero["character_name"] = name_of(hero["character"]) if hero["character"] in cat.characters else ""
    if state.enc is not None:
        table["drawn"] = [card_data(c) for c in state.enc.drawn]
        table["encounter_space"] = state.enc.space
    if state.fight is not None:
        table["fight"] = {"name": foe_said(state), "foe": state.fight.foe, "psychic": state.fight.psychic}
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
    """Each seat as the table calls it, in the reader's language: its character ("Elf"), or "the second
    player" before the characters are dealt."""
    characters = catalog().characters
    return [
        said(h.character) if h.character in characters else gettext(unnamed(k))
        for k, h in enumerate(state.heroes)
    ]


def _said_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def named(lines: Sequence[Sequence[str] | str], names: list[str]) -> list[str]:
    """The rules' notes (`state.Note`) in the reader's language, each seat's "pN" said by its name (a
    name opening a note capitalised: "The first player plays the Troll")."""

    def name(m: re.Match[str]) -> str:
        seat = names[int(m[1])] if int(m[1]) < len(names) else m[0]
        return _said_first(seat) if m.start() == 0 else seat

    return [_SEAT.sub(name, said_note(x)) for x in lines]


_SEAT = re.compile(r"\bp(\d)\b")
_BRACKETS = re.compile(r"\(([^()]*)\)")


def seat_said(text: str, public: Mapping[str, Any]) -> str:
    """A die's name in the reader's language, its thrower's "pN" said as the character ("1d6 (p0)" ->
    "1d6 (Ghoul)"; "the first player" before the characters are dealt), a creature's English name as
    its name ("1d6 (Bear)" -> "1d6 (Oso)"), by the notes' own substitution (`named`)."""
    heroes = public.get("heroes") or []
    names = [gettext(str(h.get("character_name") or unnamed(k))) for k, h in enumerate(heroes)]
    text = _BRACKETS.sub(lambda m: f"({said_name(m[1])})", text)
    return named([text], names)[0]


def seat_name(public: Mapping[str, Any], seat: int) -> str:
    """A seat as the events name it: its character ("Elf") once the characters are dealt, "The second
    player" before."""
    heroes = public.get("heroes") or []
    if 0 <= seat < len(heroes) and heroes[seat].get("character_name"):
        return gettext(str(heroes[seat]["character_name"]))
    return _said_first(gettext(unnamed(seat)))


def game_ending(public: Mapping[str, Any], result: Mapping[str, Any] | None) -> list[str]:
    """A finished game in words: who won (the last character left at the Crown of Command, 21:1), after
    how many turns, and where each character ended with its counters."""
    heroes = public.get("heroes") or []
    winners = list((result or {}).get("winners") or public.get("winners") or [])
    outcome = str((result or {}).get("outcome", ""))
    turns = public.get("turn")
    if winners:
        named_ = f" {_('and')} ".join(seat_name(public, w) for w in winners)
        if isinstance(turns, int):
            line = ngettext(
                "{players} wins after {count} turn: the last character left, holding the Crown of Command.",
                "{players} wins after {count} turns: the last character left, holding the Crown of Command.",
                turns,
            ).format(players=named_, count=turns)
        else:
            line = _("{players} wins: the last character left, holding the Crown of Command.").format(
                players=named_
            )
        lines = [line]
    elif outcome == "unfinished":
        cap = public.get("max_turns") or turns
        lines = [_("The game stopped unfinished at the turn cap ({count} turns).").format(count=cap)]
    elif isinstance(turns, int):
        lines = [
            ngettext(
                "Nobody is left: the game ends without a winner after {count} turn.",
                "Nobody is left: the game ends without a winner after {count} turns.",
                turns,
            ).format(count=turns)
        ]
    else:
        lines = [_("Nobody is left: the game ends without a winner.")]
    for k, h in enumerate(heroes):
        who = seat_name(public, k)
        if h.get("out"):
            lines.append(_("{player}: out of the game.").format(player=who))
            continue
        values = {
            "player": who,
            "strength": h.get("strength"),
            "craft": h.get("craft"),
            "lives": h.get("lives"),
            "gold": h.get("gold"),
            "space": h.get("space_name"),
        }
        if h.get("space_name"):
            said_ = _(
                "{player}: Strength {strength}, Craft {craft}, {lives} lives, {gold} Gold, on the {space}."
            )
        else:
            said_ = _("{player}: Strength {strength}, Craft {craft}, {lives} lives, {gold} Gold.")
        lines.append(said_.format(**values))
    return lines


def characters_played(public: Mapping[str, Any]) -> str:
    """A new table's title: the characters dealt, else how many play."""
    heroes = public.get("heroes")
    if not isinstance(heroes, list) or not heroes:
        return ""
    chosen = [str(h.get("character_name") or "") for h in heroes if isinstance(h, dict)]
    if all(chosen):
        return _("Talisman: {characters}").format(characters=", ".join(gettext(c) for c in chosen))
    return ngettext("Talisman: {count} player", "Talisman: {count} players", len(heroes)).format(
        count=len(heroes)
    )


def character_cards(option: str) -> tuple[Card, ...]:
    """The Character cards a new game's characters are picked from: each one's words and Special
    Abilities, starting Strength and Craft, alignment and starting space (8:1), in the reader's
    language."""
    if option != "characters":
        return ()
    content = catalog()
    cards = []
    for c in content.characters.values():
        text = gettext(c.text) if c.text else " ".join(gettext(a.text) for a in c.abilities if a.text)
        start = said(c.start) if c.start in content.spaces else c.start
        facts = (
            _("Strength {number}").format(number=c.strength),
            _("Craft {number}").format(number=c.craft),
            gettext(c.alignment.capitalize()),
            _("starts at the {space}").format(space=start),
        )
        cards.append(Card(c.id, gettext(c.name), text, facts))
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


FIGHT_LINES = {
    "win": N_("{who} {mine} + {a} against {foe} {theirs} + {b}: wins"),
    "lose": N_("{who} {mine} + {a} against {foe} {theirs} + {b}: loses"),
    "standoff": N_("{who} {mine} + {a} against {foe} {theirs} + {b}: a standoff"),
}
"""A combat's scores with its dice and how it came out for the character who fought."""
NONE_LEFT = {
    "draw": N_("{who} draws nothing (none left)"),
    "deal": N_("{who} is dealt nothing (none left)"),
}
DRAWN = {"draw": N_("{who} draws {card}"), "deal": N_("{who} is dealt {card}")}
"""A card drawn or a character dealt, by the chance node's kind."""


def told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A chance move in words, for every seat: whom it was thrown for and what for, what came of it (the
    card drawn, a combat's scores with the dice, a Spell drawn left unnamed, 9:2), then the notes the
    rules wrote of it; of a seat's action, the notes the rules wrote of it; in the reader's language."""
    assert isinstance(before, TalismanState) and isinstance(after, TalismanState)
    names = seat_names(before)
    if before.actor() is not CHANCE:  # a seat's action: the notes the rules wrote of it
        return ". ".join([*named(new_notes(before.log, after.log), names), *changed(before, after, names)])
    if not before.tasks:
        return ""
    task = before.tasks[-1]
    seat = task.player if task.player >= 0 else before.current
    subject = names[seat] if 0 <= seat < len(names) else _("The table")
    outcome = str(record.move)
    rolls = record.rolls
    if task.kind == "first":
        line = (
            _("{who} has the first turn").format(who=names[int(outcome)])
            if outcome.isdigit() and int(outcome) < len(names)
            else ""
        )
    elif task.kind == "draw_spell":
        line = chance_said(task.kind, subject)
    elif task.kind in DRAWN:  # a deal names the seat, whatever character it had before
        who = gettext(unnamed(seat)) if task.kind == "deal" else subject
        if outcome == "none":
            line = gettext(NONE_LEFT[task.kind]).format(who=who)
        else:
            line = gettext(DRAWN[task.kind]).format(who=who, card=said(outcome))
    elif task.kind == "fight_roll" and len(rolls) == 2 and before.fight is not None:
        mine = hero_score(before, seat, before.fight.psychic) + before.fight.bonus[0]
        theirs = creature_score(before, seat)
        a, b = rolls[0].total, rolls[1].total
        foe = foe_said(before)
        came = FIGHT_LINES.get(outcome)
        if came is None:
            line = f"{chance_said(task.kind, subject)}: {outcome_said(outcome)}"
        else:
            line = gettext(came).format(who=subject, mine=mine, a=a, foe=foe, theirs=theirs, b=b)
    elif task.kind == "fx_roll":
        line = chance_said(task.kind, subject)
    elif rolls and outcome in {str(r.total) for r in rolls}:
        line = chance_said(task.kind, subject)  # the die tells it
    else:
        line = f"{chance_said(task.kind, subject)}: {outcome_said(outcome)}"
    notes = new_notes(before.log, after.log)
    if task.kind == "fight_roll" and before.fight is not None:  # the line has said who won
        ends = set(FIGHT_NOTES.values())
        notes = [n for n in notes if isinstance(n, str) or n[0] not in ends]
    said_notes = named(notes, names)
    return ". ".join(x for x in [_said_first(line), *said_notes, *changed(before, after, names)] if x)


def changed(before: TalismanState, after: TalismanState, names: list[str]) -> list[str]:
    """Each seat's Lives, Gold, counters and alignment that a move changed, in words ("Elf: Lives 4 → 3,
    Gold 1 → 2"), from the "change" events of `changes`, in the reader's language."""
    said_: dict[int, list[str]] = {}
    for e in changes(before, after):
        if e.kind == "change" and e.who is not None:
            v = e.values
            what, old, new = str(v["what"]), v["from"], v["to"]
            if what == "alignment":
                old, new = gettext(str(old).capitalize()), gettext(str(new).capitalize())
                what = "Alignment"
            said_.setdefault(e.who, []).append(f"{gettext(what)} {old} → {new}")
    return [
        f"{_said_first(names[seat] if seat < len(names) else gettext(unnamed(seat)))}: {', '.join(words)}"
        for seat, words in said_.items()
    ]


TRACKED = (
    ("lives", N_("Lives")),
    ("gold", N_("Gold")),
    ("strength", N_("Strength counters")),
    ("craft", N_("Craft counters")),
)
"""The counters a "change" event names (English in the event, said where it is shown)."""
CHANGE_WORDS = (N_("Alignment"), *ALIGNMENTS)
"""The other words of a change."""


def chance_events(before: TalismanState) -> list[Event]:
    """What a chance move was for, as one event of kind "chance" (`who` the seat it was thrown for;
    values: task, words (a message with `{who}`, English: said by `words.chance_said`), and a combat's
    two scores before the dice and its foe in the reader's language), none for a player's move."""
    if before.actor() is not CHANCE or not before.tasks:
        return []
    task = before.tasks[-1]
    seat = task.player if task.player >= 0 else before.current
    values: dict[str, JsonValue] = {"task": task.kind, "words": CHANCE_WORDS.get(task.kind, "")}
    if task.kind == "fight_roll" and before.fight is not None:
        values["mine"] = hero_score(before, seat, before.fight.psychic) + before.fight.bonus[0]
        values["theirs"] = creature_score(before, seat)
        values["foe"] = foe_said(before)
    return [Event(kind="chance", who=seat, values=values)]


def changes(before: GameState, after: GameState) -> list[Event]:
    """What a chance move was for (kind "chance"), the rules' notes of a move (kind "log", in the
    reader's language with the seats as "pN"), then every Life, Gold, Strength or Craft counter lost or
    gained and every alignment change, as events of kind "change" (`who` the seat; `values`: what,
    from, to, English), and where a character now stands after it moved (kind "place"; values: space,
    name in the reader's language)."""
    assert isinstance(before, TalismanState) and isinstance(after, TalismanState)
    notes = [said_note(n) for n in new_notes(before.log, after.log)]
    out: list[Event] = chance_events(before) + log_events(notes)
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
            out.append(Event(kind="place", who=seat, values={"space": new.space, "name": said(new.space)}))
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
