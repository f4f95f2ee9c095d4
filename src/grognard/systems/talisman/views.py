"""What one player may see (9:2: other players' Spells are secret; the decks' order is never seen), and
plain descriptions of states and actions for front ends and bots. Nothing here prints."""

from __future__ import annotations

from collections import Counter
from typing import Any

from grognard.i18n import NP_, pgettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.actions import ActionError, terms
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.scores import craft, strength
from grognard.systems.talisman.state import TalismanState


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


def describe_action(action: str) -> str:
    """An action in words ("cast:hex:oasis" -> "cast Hex on Oasis"), in the reader's language where the
    catalogue has it (the cards' and spaces' names stay English: rules data)."""
    cat = catalog()

    def name(key: str) -> str:
        if key in cat.spaces:
            return cat.spaces[key].name
        if key in cat.spells:
            return cat.spells[key].name
        try:
            return cat.item(key).name
        except KeyError:
            return key

    try:
        verb, parts = terms(action)
    except ActionError:
        return action
    words = {
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
        "take": NP_("action", "take"),
    }
    if not parts:
        return pgettext("action", words[verb]) if verb in words else verb
    if verb == "meet":
        return _("encounter player {number}").format(number=parts[0])
    if verb == "cast" and len(parts) == 2:
        target = _("player {number}").format(number=parts[1]) if parts[1].isdigit() else name(parts[1])
        return _("cast {spell} on {target}").format(spell=name(parts[0]), target=target)
    return f"{verb} " + " ".join(name(p) for p in parts)
