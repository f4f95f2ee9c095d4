"""Spells (9:1-7, 2:6-8): drawing, the limit by Craft, casting when the card allows, and the Wand.

Task kinds: "draw_spell" (chance over the distinct Spells left; the discards are shuffled back when the
stock is empty, 9:5), "discard_spell" (the player picks which surplus Spell goes, 2:8), "drop" (the player
picks which surplus Object is left on the space, 5:5).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from grognard.engine.dice.core import Rng
from grognard.engine.game import Outcome
from grognard.systems.talisman.actions import Cast, OnCard, card_of, cast_of
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.content import ChangeAlignment, SpellCard, Teleport
from grognard.systems.talisman.effects import push_effects
from grognard.systems.talisman.scores import object_limit, spell_limit
from grognard.systems.talisman.state import TalismanState, Task, pile_outcomes, remove_one
from grognard.systems.talisman.tasks import Thrown, card_from, chance, decision
from grognard.systems.talisman.words import CASTS


def held(state: TalismanState, i: int, timing: str) -> list[str]:
    """The distinct Spells seat `i` holds that may be cast at `timing`; a Toad casts none (19:5)."""
    h = state.heroes[i]
    if h.toad or not h.alive or not h.spells:
        return []
    spells = catalog().spells
    return sorted({s for s in h.spells if spells[s].timing == timing})


def cast_actions(state: TalismanState, i: int, timing: str) -> list[str]:
    """ "cast:<spell>[:<target>]" actions for the Spells castable now (9:6-7), less those the rules
    forbid here (`forbidden`)."""
    cat = catalog()
    out: list[str] = []
    for spell_id in held(state, i, timing):
        spell = cat.spells[spell_id]
        if forbidden(state, i, spell):
            continue
        if spell.target == "other":
            out += [str(Cast(spell_id, seat=j)) for j, h in enumerate(state.heroes) if j != i and h.alive]
        elif spell.target == "space":
            region = cat.spaces[state.heroes[i].space].region
            out += [str(Cast(spell_id, space=s)) for s in cat.rings.get(region, ())]
        else:
            out.append(str(Cast(spell_id)))
    return out


def forbidden(state: TalismanState, i: int, spell: SpellCard) -> bool:
    """True when a rule forbids what a Spell cast on its caster would do: moving him off the Crown of
    Command (11:7, line 213: "does not Move but remains there"; he must cast the Command Spell, 14:9), or
    changing his alignment a second time in the turn (7:2, line 164: the Druid who changed it already
    may not cast Atonement)."""
    if spell.target != "self":
        return False
    h = state.heroes[i]
    for effect in spell.effects:
        if isinstance(effect, Teleport) and catalog().spaces[h.space].region == "crown":
            return True
        if isinstance(effect, ChangeAlignment) and h.aligned_turn == state.turn:
            return True
    return False


def spend(state: TalismanState, i: int, spell_id: str, to_space: str = "") -> TalismanState:
    """The Spell leaves the caster's hand: onto a space, or to the discard pile (9:6); the Wand then
    gives its owner a replacement (its `on_cast`)."""
    h = state.heroes[i]
    state = state.edit_hero(i, spells=remove_one(h.spells, spell_id))
    if to_space:
        state = state.put_cards(to_space, spell_id)
    else:
        state = state.evolve(spell_discard=tuple(sorted((*state.spell_discard, spell_id))))
    for obj in sorted(set(h.objects)):
        if catalog().item(obj).on_cast:
            state = push_effects(state, i, f"cast:{obj}")
    return state.note(CASTS, f"p{i}", catalog().spells[spell_id].name)


def cast_spell(state: TalismanState, i: int, move: str) -> TalismanState:
    """Cast a turn-start Spell from a "cast:<spell>[:<target>]" action."""
    cast = cast_of(move)
    spell_id = cast.spell
    spell = catalog().spells[spell_id]
    if spell.target == "space":
        return spend(state, i, spell_id, cast.space)
    target = i
    if spell.target == "other":
        assert cast.seat is not None, move
        target = cast.seat
    state = spend(state, i, spell_id)
    return push_effects(state, target, f"spell:{spell_id}")


def _draw_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    deck = state.spell_deck or state.spell_discard
    h = state.heroes[task.player]
    if not deck or h.toad or not h.alive:
        return [("none", Fraction(1))]
    return pile_outcomes(deck)


def _throw_draw_spell(state: TalismanState, rng: Rng) -> Thrown:
    return card_from(state, state.spell_deck or state.spell_discard, rng)


@chance("draw_spell", _draw_outcomes, _throw_draw_spell, dice=False)
def _draw_spell(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """9:5: a Spell from the top of the stock; an empty stock is replaced by the shuffled discards."""
    if outcome == "none":
        return state
    if not state.spell_deck:
        state = state.evolve(spell_deck=state.spell_discard, spell_discard=())
    card = str(outcome)
    state = state.evolve(spell_deck=remove_one(state.spell_deck, card))
    h = state.heroes[task.player]
    return state.edit_hero(task.player, spells=tuple(sorted((*h.spells, card))))


def _discard_actions(state: TalismanState, task: Task) -> Sequence[str]:
    h = state.heroes[task.player]
    if h.toad or len(h.spells) <= spell_limit(h):
        return []
    return [str(OnCard("discard", s)) for s in sorted(set(h.spells))]


@decision("discard_spell", _discard_actions)
def _discard_spell(state: TalismanState, task: Task, move: str) -> TalismanState:
    """2:8: a surplus Spell goes to the discard pile uncast; the character chooses which."""
    card = card_of(move)
    h = state.heroes[task.player]
    state = state.edit_hero(task.player, spells=remove_one(h.spells, card))
    return state.evolve(spell_discard=tuple(sorted((*state.spell_discard, card))))


def _drop_actions(state: TalismanState, task: Task) -> Sequence[str]:
    h = state.heroes[task.player]
    limit = object_limit(h)
    if limit is None or len(h.objects) <= limit:
        return []
    return [str(OnCard("drop", o)) for o in sorted(set(h.objects))]


@decision("drop", _drop_actions)
def _drop(state: TalismanState, task: Task, move: str) -> TalismanState:
    """5:5: Objects beyond the limit are left face up on the space; the character chooses which."""
    card = card_of(move)
    h = state.heroes[task.player]
    state = state.edit_hero(task.player, objects=remove_one(h.objects, card))
    return state.put_cards(h.space, card)
