"""What one player may see (9:2: other players' Spells are secret; the decks' order is never seen), and
plain descriptions of states and actions for front ends and bots. Nothing here prints."""

from __future__ import annotations

from collections import Counter
from typing import Any

from grognard.i18n import N_, NP_, gettext, pgettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.actions import ActionError, terms
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.scores import craft, strength
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.words import said


def _hero_view(state: TalismanState, i: int, viewer: int | None) -> dict[str, Any]:
    h = state.heroes[i]
    data: dict[str, Any] = {
        "seat": i,
        "character": h.character,
        "space": h.space,
        "alignment": h.alignment,
        "strength_counters": h.strength,
        "craft_counters": h.craft,
        "strength": strength(h) if h.alive else 0,
        "craft": craft(h) if h.alive else 0,
        "lives": h.lives,
        "gold": h.gold,
        "objects": list(h.objects),
        "followers": list(h.followers),
        "trophies": list(h.trophies),
        "toad": h.toad,
        "lost_turns": h.lost_turns,
        "out": h.out,
        "spell_count": len(h.spells),
    }
    if viewer is None or viewer == i:
        data["spells"] = list(h.spells)
    return data


def view(state: TalismanState, viewer: int | None) -> dict[str, Any]:
    """The state as `viewer` sees it (None: everything, for a referee or a saved game's audit)."""
    return {
        "turn": state.turn,
        "max_turns": state.max_turns,
        "current": state.current,
        "to_move": state.tasks[-1].player if state.tasks else None,
        "task": state.tasks[-1].kind if state.tasks else None,
        "heroes": [_hero_view(state, i, viewer) for i in range(len(state.heroes))],
        "spaces": {s.space: {"cards": list(s.cards), "gold": s.gold} for s in state.stashes},
        "adventure_stock": len(state.deck),
        "adventure_discards": dict(Counter(state.discard)),
        "spell_stock": len(state.spell_deck),
        "piles": dict(state.supply),
        "crown_reached": state.crown_reached,
        "over": state.over,
        "winners": list(state.winners),
        "log": list(state.log),
    }


def legal_moves(state: TalismanState) -> list[tuple[str, str]]:
    """Every legal action with a description of it."""
    return [(a, describe_action(a)) for a in state.legal_actions()]


OPTION_WORDS = {
    "accept": NP_("action", "accept"),
    "commune": NP_("action", "commune"),
    "drink": NP_("action", "drink"),
    "heal": NP_("action", "heal"),
    "hire": NP_("action", "hire"),
    "kneel": NP_("action", "kneel"),
    "leave": NP_("action", "leave"),
    "pay": NP_("action", "pay"),
    "pray": NP_("action", "pray"),
    "refuse": NP_("action", "refuse"),
    "ride": NP_("action", "ride"),
    "search": NP_("action", "search"),
    "step-through": NP_("action", "step through"),
    "touch": NP_("action", "touch"),
    "train": NP_("action", "train"),
    "wish": NP_("action", "wish"),
    "worship": NP_("action", "worship"),
}
"""The options of the cards' and spaces' instructions (the `label`s of the rules data's `choose`), as
actions in words (the tests check that every label of the data is here)."""
WORDS = {
    "cw": NP_("action", "move clockwise"),
    "acw": NP_("action", "move anticlockwise"),
    "move": NP_("action", "move"),
    "roll": NP_("action", "roll the die"),
    "space": NP_("action", "encounter the space"),
    "done": NP_("action", "finish"),
    "on": NP_("action", "keep going"),
    "bridge": NP_("action", "cross the bridge"),
    "portal": NP_("action", "try to open the Portal"),
    "forward": NP_("action", "go forward"),
    "back": NP_("action", "turn back"),
    "fight": NP_("action", "fight"),
    "stand": NP_("action", "stand and fight"),
    "life": NP_("action", "take a Life"),
    "gold": NP_("action", "take 1 Gold"),
    "concede": NP_("action", "drop out"),
    "cash": NP_("action", "cash in Enemy cards for Strength"),
    "take": NP_("action", "lose a Life"),
    "keep": NP_("action", "keep the cards drawn"),
    "meet": NP_("action", "meet the Event"),
    "attack": NP_("action", "attack"),
    "psychic": NP_("action", "attack by Psychic Combat"),
    "steal": NP_("action", "steal"),
    "evade": NP_("action", "evade"),
    **OPTION_WORDS,
}
"""The actions without a card or a target, in words (said by `pgettext("action", ...)`)."""
CARD_WORDS = {
    "take": N_("take the {card}"),
    "ditch": N_("leave the {card} here"),
    "discard": N_("discard {card}"),
    "save": N_("save the Life with {card}"),
    "armour": N_("roll to save the Life with the {card}"),
    "follower": N_("lose the {card} instead of a Life"),
    "lose": N_("lose the {card}"),
    "visit": N_("visit the {card}"),
    "redraw": N_("send back the {card} and draw again"),
    "buy": N_("buy the {card}"),
    "drop": N_("drop the {card}"),
    "to": N_("go to the {card}"),
    "raft": N_("land the Raft at the {card}"),
    "cast": N_("cast {card}"),
    "evade": N_("evade with {card}"),
}
"""The actions on one card, Spell or space (`actions.OnCard`, `GoTo`, a Spell cast or evading by it)."""


def describe_action(action: str) -> str:
    """An action in words ("cast:hex:oasis" -> "cast Hex on Oasis"), in the reader's language (the
    cards' and spaces' names too: the rules data's names are messages of the catalogue)."""
    try:
        verb, parts = terms(action)
    except ActionError:
        return action
    if not parts:
        return pgettext("action", WORDS[verb]) if verb in WORDS else verb.replace("-", " ")
    if verb == "meet":
        return _("encounter player {number}").format(number=parts[0])
    if verb == "cast" and len(parts) == 2:
        target = _("player {number}").format(number=parts[1]) if parts[1].isdigit() else said(parts[1])
        return _("cast {spell} on {target}").format(spell=said(parts[0]), target=target)
    if verb == "evade" and len(parts) == 2:
        return _("evade the {card} with {spell}").format(card=said(parts[1]), spell=said(parts[0]))
    if verb == "ability":
        return _ability(action)
    if verb == "align":
        return _("become {alignment}").format(alignment=gettext(parts[0].capitalize()))
    if verb in CARD_WORDS:
        return gettext(CARD_WORDS[verb]).format(card=said(parts[0]))
    return " ".join((verb, *(said(p) for p in parts)))


def _ability(action: str) -> str:
    """ "use your Special Ability: ..." with the ability's text, else its number."""
    index = int(terms(action)[1][0])
    return _("use Special Ability {number}").format(number=index + 1)


TURN_ABILITIES = {
    "priest": N_("pray instead of moving (on a 5 or 6, heal 1 Life)"),
    "troll": N_("rest instead of moving (on a 4 or more, heal 1 Life)"),
}
"""The turn-start Special Abilities without a text of their own, in words, by character."""


def ability_said(character: str, action: str) -> str:
    """An ability's action in words from the character's card (its own text, or the words of a turn-start
    ability), in the reader's language."""
    index = int(terms(action)[1][0])
    abilities = catalog().characters[character].abilities if character in catalog().characters else ()
    if 0 <= index < len(abilities) and abilities[index].text:
        return _("use your Special Ability: {ability}").format(ability=gettext(abilities[index].text))
    if character in TURN_ABILITIES:
        return gettext(TURN_ABILITIES[character])
    return _ability(action)
