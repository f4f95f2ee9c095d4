"""Encounters (12:1-15:11): a character or the space; drawing cards; meeting them in their order.

Task kinds: "encounter" (13:2: "space" or "meet:<seat>"), "meet" (13:3: attack, psychic, steal),
"space_enc", "draw" (chance over the distinct Adventure cards left), "redraw", "cards" (15:1-11),
"event", "event_evade", "collect" (12:1, 15:7-9: take, visit, ditch, done), "place_card" (15:10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from grognard.engine.dice.core import Rng
from grognard.engine.game import Outcome
from grognard.systems.talisman import content as c
from grognard.systems.talisman.actions import Evade, Meet, OnCard, card_of, evade_of, parse_action, seat_of
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import has_ability
from grognard.systems.talisman.combat import start_duel
from grognard.systems.talisman.content import ENEMY_TYPES
from grognard.systems.talisman.effects import collect_tasks, free_to_take, give_item, push_effects, to_discard
from grognard.systems.talisman.scores import object_limit, usable_by
from grognard.systems.talisman.spells import held, spend
from grognard.systems.talisman.state import EncCtx, TalismanState, Task, pile_outcomes, plain_task, remove_one
from grognard.systems.talisman.tasks import Thrown, auto, card_from, chance, decision

TAKEABLE = frozenset({"object", "magic_object", "follower"})


def others_here(state: TalismanState, i: int) -> list[int]:
    """Other characters on seat `i`'s space."""
    here = state.heroes[i].space
    return [j for j, h in enumerate(state.heroes) if j != i and h.alive and h.space == here]


def _encounter_actions(state: TalismanState, task: Task) -> Sequence[str]:
    i = task.player
    space = catalog().spaces[state.heroes[i].space]
    meet = [str(Meet(j)) for j in others_here(state, i)] if space.meet else []
    if space.region == "crown" and meet:
        return meet
    return ["space", *meet]


@decision("encounter", _encounter_actions)
def _encounter(state: TalismanState, task: Task, move: str) -> TalismanState:
    """13:2: a character of the player's choice on the space, or the space itself (14:1, 14:9)."""
    i = task.player
    if move == "space":
        return state.push(plain_task("space_enc", i))
    j = seat_of(move)
    state = state.evolve(enc=EncCtx(state.heroes[i].space, meeting=True))
    after = collect_tasks(i) if free_to_take(state, i) else []
    return state.push(Task("meet", i, n=j), *after)


def _meet_actions(state: TalismanState, task: Task) -> Sequence[str]:
    h = state.heroes[task.player]
    if not state.heroes[task.n].alive or state.heroes[task.n].space != h.space:
        return []
    out = ["attack"]
    if has_ability(h, "psychic_attack"):
        out.append("psychic")
    if has_ability(h, "steal"):
        out.append("steal")
    return out


@decision("meet", _meet_actions)
def _meet(state: TalismanState, task: Task, move: str) -> TalismanState:
    """13:3: attack (16:6-10), attack by Psychic Combat (17:1.2), or use a Special Ability (steal)."""
    return start_duel(state, task.player, task.n, psychic=move == "psychic", steal=move == "steal")


@auto("space_enc")
def _space_enc(state: TalismanState, task: Task) -> TalismanState:
    """13:4 draw up to the number counting cards already there; 13:5 other spaces' instructions."""
    i = task.player
    space = catalog().spaces[state.heroes[i].space]
    state = state.evolve(enc=EncCtx(space.id))
    if space.draw:
        need = max(0, space.draw - len(state.stash(space.id).cards))
        return state.push(
            *[plain_task("draw", i) for _ in range(need)], plain_task("redraw", i), plain_task("cards", i)
        )
    first = collect_tasks(i) if free_to_take(state, i) else []
    state = state.push(plain_task("cards", i))
    state = push_effects(state, i, f"space:{space.id}")
    return state.push(*first)


def _draw_outcomes(state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
    deck = state.deck or state.discard
    if not deck:
        return [("none", Fraction(1))]
    return pile_outcomes(deck)


def _throw_draw(state: TalismanState, rng: Rng) -> Thrown:
    return card_from(state, state.deck or state.discard, rng)


@chance("draw", _draw_outcomes, _throw_draw, dice=False)
def _draw(state: TalismanState, task: Task, outcome: Outcome) -> TalismanState:
    """13:4: an Adventure card from the stock onto the space (the discards reshuffled when it runs out)."""
    if outcome == "none":
        return state
    if not state.deck:
        state = state.evolve(deck=state.discard, discard=())
    card = str(outcome)
    space = state.heroes[task.player].space
    state = state.evolve(deck=remove_one(state.deck, card)).put_cards(space, card)
    enc = state.enc or EncCtx(space)
    return state.evolve(enc=replace(enc, drawn=(*enc.drawn, card)))


def _redraw_actions(state: TalismanState, task: Task) -> Sequence[str]:
    enc = state.enc
    h = state.heroes[task.player]
    if enc is None or h.redrawn_turn == state.turn or not enc.drawn or not has_ability(h, "redraw"):
        return []
    return ["keep", *[str(OnCard("redraw", card)) for card in sorted(set(enc.drawn))]]


@decision("redraw", _redraw_actions)
def _redraw(state: TalismanState, task: Task, move: str) -> TalismanState:
    """An ability (8:1): send back one card just drawn and draw another, once a turn (the Prophetess's
    card), however many spaces the turn meets (an Imp carries her on)."""
    if move == "keep":
        return state
    card = card_of(move)
    i = task.player
    state = to_discard(state.take_card(state.heroes[i].space, card), card)
    return state.edit_hero(i, redrawn_turn=state.turn).push(plain_task("draw", i))


def _number(card: str) -> int:
    cards = catalog().cards
    return cards[card].number if card in cards else 10_000


@auto("cards")
def _cards(state: TalismanState, task: Task) -> TalismanState:
    """15:1 cards placed elsewhere first; then spells left on the space; then strictly by number (15:2):
    Events, Enemies, Strangers and Objects (collected), Places (15:3-10)."""
    i = task.player
    here = state.heroes[i].space
    for card, there in _sent_elsewhere(state.stash(here).cards, here):
        state = state.take_card(here, card).put_cards(there, card)
    before, after = _card_tasks(state.stash(here).cards, i)
    return state.push(*before, plain_task("enemies", i), *collect_tasks(i), *after)


@lru_cache(maxsize=4096)
def _sent_elsewhere(cards: tuple[str, ...], here: str) -> tuple[tuple[str, str], ...]:
    """15:1: the cards among `cards` (one copy of each) that are placed on another space, and where."""
    cat = catalog()
    out = []
    for card in sorted(set(cards), key=_number):
        if card in cat.cards:
            for fx in cat.cards[card].effects:
                if isinstance(fx, c.PlaceCard) and fx.space != here:
                    out.append((card, fx.space))
                    break
    return tuple(out)


@lru_cache(maxsize=4096)
def _card_tasks(cards: tuple[str, ...], i: int) -> tuple[tuple[Task, ...], tuple[Task, ...]]:
    """The tasks of the cards on the space before the Enemies (spells left there, Events) and after the
    things to collect (Places), in their order (15:2)."""
    cat = catalog()
    placed = [Task("spell_trap", i, card=s) for s in cards if s in cat.spells]
    ordered = sorted((s for s in cards if s in cat.cards), key=_number)
    events = [Task("event", i, card=s) for s in ordered if cat.cards[s].type == "event"]
    places = [Task("place_card", i, card=s) for s in ordered if cat.cards[s].type == "place"]
    return (*placed, *events), tuple(places)


@auto("spell_trap")
def _spell_trap(state: TalismanState, task: Task) -> TalismanState:
    """A Spell left on a space (the Hex of the Oasis example) strikes whoever meets the space."""
    here = state.heroes[task.player].space
    if task.card not in state.stash(here).cards:
        return state
    state = state.take_card(here, task.card)
    state = state.evolve(spell_discard=tuple(sorted((*state.spell_discard, task.card))))
    return push_effects(state, task.player, f"spell:{task.card}")


def _evadable(state: TalismanState, i: int, card: str) -> bool:
    region = catalog().spaces[state.heroes[i].space].region
    return catalog().cards[card].creature and region in ("outer", "middle")


@auto("event")
def _event(state: TalismanState, task: Task) -> TalismanState:
    """15:4: an Event's instructions are followed (it leaves the space unless it stays); a creature on
    the card may be Evaded (18:2.3)."""
    i = task.player
    here = state.heroes[i].space
    if task.card not in state.stash(here).cards:
        return state
    if _evadable(state, i, task.card):
        if state.enc is not None and state.enc.invisible:
            return state
        if held(state, i, "evade"):
            return state.push(Task("event_evade", i, card=task.card))
    return meet_event(state, i, task.card)


def meet_event(state: TalismanState, i: int, card: str) -> TalismanState:
    """Follow an Event card's instructions; it goes to the discard pile first unless it stays."""
    cat = catalog().cards[card]
    here = state.heroes[i].space
    if not cat.stays:
        state = to_discard(state.take_card(here, card), card)
    return push_effects(state, i, f"card:{card}", card=card)


def _event_evade_actions(state: TalismanState, task: Task) -> Sequence[str]:
    return ["meet", *[str(Evade(s)) for s in held(state, task.player, "evade")]]


@decision("event_evade", _event_evade_actions)
def _event_evade(state: TalismanState, task: Task, move: str) -> TalismanState:
    """18:2.3: a creature the character does not wish to meet may be Evaded; it stays on the space."""
    i = task.player
    if move == "meet":
        return meet_event(state, i, task.card)
    spell = catalog().spells[evade_of(move).spell]
    state = spend(state, i, spell.id)
    enc = state.enc or EncCtx(state.heroes[i].space)
    return state.evolve(
        enc=replace(enc, evaded=(*enc.evaded, task.card), invisible=enc.invisible or spell.evade == "all"),
    )


def enemies_left(state: TalismanState, i: int) -> bool:
    """True while an Enemy on the space is neither defeated nor Evaded (15:7, 15:9)."""
    here = state.stash(state.heroes[i].space).cards
    return bool(here) and _enemy_among(here, state.enc.evaded if state.enc else ())


@lru_cache(maxsize=4096)
def _enemy_among(here: tuple[str, ...], evaded: tuple[str, ...]) -> bool:
    cards = catalog().cards
    left = list(here)
    for card in evaded:
        if card in left:
            left.remove(card)
    return any(card in cards and cards[card].type in ENEMY_TYPES for card in left)


def _collect_actions(state: TalismanState, task: Task) -> Sequence[str]:
    i = task.player
    h = state.heroes[i]
    if not h.alive:
        return []
    here = state.stash(h.space).cards
    enc = state.enc
    if here and _enemy_among(here, enc.evaded if enc else ()):
        return []
    limit = object_limit(h)
    room = limit is None or len(h.objects) < limit
    out = ["done"]
    if here:
        visited = enc.visited if enc else ()
        out += _card_actions(here, visited, "take_only" in task.opts, bool(h.toad), h.alignment, room)
    if not room and not h.toad:
        out += _ditches(h.objects)
    if h.followers:
        out += _ditches(h.followers)
    return out


@lru_cache(maxsize=4096)
def _ditches(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(str(OnCard("ditch", card)) for card in sorted(set(cards)))


@lru_cache(maxsize=16384)
def _card_actions(
    here: tuple[str, ...], visited: tuple[str, ...], take_only: bool, toad: bool, alignment: str, room: bool
) -> tuple[str, ...]:
    """The visits and takings the cards `here` offer a character (see `_collect_actions`)."""
    cat = catalog()
    out = []
    for card in sorted(set(here)):
        kind = cat.kind(card)
        if kind == "stranger" and card not in visited and not take_only:
            out.append(str(OnCard("visit", card)))
        if toad or kind not in TAKEABLE or not usable_by(alignment, card):
            continue
        if kind == "follower" or room or "raft" in cat.item(card).keywords:
            out.append(str(OnCard("take", card)))
    return tuple(out)


@decision("collect", _collect_actions)
def _collect(state: TalismanState, task: Task, move: str) -> TalismanState:
    """12:1, 15:8-9: Gold is taken, Strangers visited, Objects and Followers taken if permitted (5:2-3);
    an Object may be ditched to make room (5:4)."""
    i = task.player
    h = state.heroes[i]
    if move == "done":
        return state
    action = parse_action(move)
    assert isinstance(action, OnCard)
    kind, card = action.verb, action.card
    state = state.push(task)
    if kind == "visit":
        enc = state.enc or EncCtx(h.space)
        state = state.evolve(enc=replace(enc, visited=(*enc.visited, card)))
        return push_effects(state, i, f"card:{card}", card=card)
    if kind == "ditch" and card in h.followers:
        return state.edit_hero(i, followers=remove_one(h.followers, card)).put_cards(h.space, card)
    if kind == "ditch":
        return state.edit_hero(i, objects=remove_one(h.objects, card)).put_cards(h.space, card)
    return give_item(state.take_card(h.space, card), i, card)


@auto("gold")
def _gold(state: TalismanState, task: Task) -> TalismanState:
    """12:1: Gold counters on the space are taken (never by a Toad, 19:2)."""
    h = state.heroes[task.player]
    stash = state.stash(h.space)
    if not stash.gold or h.toad or enemies_left(state, task.player):
        return state
    state = state.with_stash(replace(stash, gold=0))
    return state.edit_hero(task.player, gold=h.gold + stash.gold)


@auto("place_card")
def _place_card(state: TalismanState, task: Task) -> TalismanState:
    """15:10: a Place's instructions are followed; the card stays (15:11)."""
    if task.card not in state.stash(state.heroes[task.player].space).cards:
        return state
    return push_effects(state, task.player, f"card:{task.card}", card=task.card)
