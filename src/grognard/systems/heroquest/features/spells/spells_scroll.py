"""The Other spells played outside `spells` (lines 597, 601): Ice Bridge and Treasure Without Doom.
Registered in `spells.HANDLERS`.

Ice Bridge lays ice over a known trap the caster sees (`cast:other/ice-bridge:trap=ID`): the trap's state
becomes "bridged" for the rest of the quest, and everyone walks over it as over floor. Our boards have no
chasms or crevasses; their pits and traps are what it bridges.

Treasure Without Doom (`cast:other/treasure-without-doom:hN`, on himself) is a search for treasure of
his area as the action: a trap in the furniture searched is disarmed instead of springing, and each card
the search draws is the chance node "safecard", drawn from the gold and potion cards left (the
wandering monster, hazard and empty cards are passed over and stay in the deck).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.errors import UsageError
from grognard.engine.game import Outcome
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.catalog import Spell
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.dungeon.traps import furniture_in, search, search_scope
from grognard.systems.heroquest.features.items.treasure import deck, draw_treasure_card
from grognard.systems.heroquest.features.spells.spells import register_spell
from grognard.systems.heroquest.model.edits import known_traps, note, trap_status
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.targets import trap_at_place, trap_place

BRIDGED = "bridged"
"""The state of a trap under an Ice Bridge: no longer a trap (`turn.trap_here` ignores it)."""


# ---------------------------------------------------------------------------------------------------
# Ice Bridge (line 597)


def _bridgeable(state: QuestState, i: int, spell: Spell) -> list[str]:
    """Known traps on the board (found, or sprung and still open) with a square the caster sees and no
    figure on them."""
    at = state.heroes[i].at
    assert at is not None
    known = known_traps(state)

    out = []
    for k, t in enumerate(state.ctx.traps):
        squares = t.squares & known
        if not squares or squares & state.figures:
            continue
        if any(sees(state.layout, at, s, state.figures) for s in squares):
            out.append(f"trap={trap_place(state, k)}")  # by its place: its kind may be unknown (line 96)
    return out


@register_spell("other/ice-bridge", _bridgeable)
def ice_bridge(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """A lasting bridge of ice over the trap: it is crossed as floor from now on."""
    idx = trap_at_place(state, target.partition("=")[2], ("found", "sprung"))
    if idx is None:
        raise UsageError(gettext("no known trap at {target!r}").format(target=target))
    return note(trap_status(state, idx, BRIDGED), said("trap.bridge-ice-spans-trap"))


# ---------------------------------------------------------------------------------------------------
# Treasure Without Doom (line 601)


def _self(state: QuestState, i: int, spell: Spell) -> list[str]:
    return [f"h{i}"]


@register_spell("other/treasure-without-doom", _self)
def treasure_without_doom(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """A search for treasure with the furniture's traps disarmed and only good cards drawn."""
    area, scope = search_scope(state, i)
    furniture = furniture_in(state, area, scope)
    for k, t in enumerate(state.ctx.traps):
        if t.furniture in furniture and state.traps[k] in ("hidden", "found"):
            state = note(trap_status(state, k, "disarmed"), said("trap.trap-undone", furniture=t.furniture))
    state = search(state, i, "treasure")
    return _safe(state)


def _safe(state: QuestState) -> QuestState:
    p = state.pending
    return replace(state, pending=replace(p, kind="safecard")) if p and p.kind == "treasure" else state


def good_card(card_id: str) -> bool:
    """A card the spell stops at: gold (coins, gems, jewels) or a potion."""
    card = next(c for c in deck() if c.id == card_id)
    if card.kind == "gold":
        return True
    return card.kind == "item" and any(w in hq.key_of(card.item) for w in ("potion", "brew"))


def safe_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    """The good cards left, each by its count; "empty" when none is left."""
    counts = [(c.id, n) for c, n in zip(deck(), state.deck, strict=True) if n and good_card(c.id)]
    left = sum(n for _, n in counts)
    if not left:
        return [("empty", Fraction(1))]
    return [(cid, Fraction(n, left)) for cid, n in counts]


def safe_card(state: QuestState, p: Pending, card_id: str) -> QuestState:
    """The card taken as a treasure card; the search's next card is drawn the same way."""
    if card_id == "empty":
        state = note(state, said("treasure.no-gold-or-potion"))
        rest = [r for r in p.then.split(",") if r]
        if rest:
            return replace(
                state, pending=Pending("safecard", who=p.who, ref=rest[0], then=",".join(rest[1:]))
            )
        return state
    return _safe(draw_treasure_card(state, replace(p, kind="treasure"), card_id))
