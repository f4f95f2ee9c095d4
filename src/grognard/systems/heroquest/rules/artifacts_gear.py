"""Changing equipment during a quest (line 355), charges kept from quest to quest, and the hero taken home.

Line 355 of 004_24cd6f974fe6a1ee.txt: a hero may change weapons on his turn without giving up his action or
his move (a shield goes with the weapon: "putting away a sword and shield to wield a bow"), but changing
wearable equipment (a helmet, body armour, a worn artifact) takes his action. So on his turn a hero is
offered `equip:KEY` (and `equip:KEY:off` for a second weapon, with Dual-Wielding) for every weapon,
armour piece or artifact he carries (those found in the quest too) that he may hold or wear, and
`unequip:KEY` for whatever he wears beside his weapon; the wearing rules are `gear`'s (one weapon, a
shield or a second weapon, one helmet, one body armour, minimum Body, who may use an artifact, one pair
of boots). A weapon or shield changed is free; anything else is the turn's action. What he holds and
wears is kept on his figure (`HeroFig.equipped`); `QuestState.hero_of` gives the hero dressed in it.

Charges: an artifact or item with a limited number of uses counts them on the hero (`Hero.spent`, by key)
and, during a quest, on the figure ("spent:KEY+n|quest"); `homecoming.hero_after_quest` adds them up, so
the Elven Bow's four arrows or the Elven Cloak's three passages last across quests, and a thing used up
or worn out stays gone.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.hero import Equipped, Hero
from grognard.systems.heroquest.model.action_text import keyed
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import HeroFig, QuestState, dressed
from grognard.systems.heroquest.rules import gear

FREE_SLOTS = ("weapon", "off_hand")
"""The places whose change is free (line 355): the weapon hand and the off hand (shield or weapon)."""


def carrying(state: QuestState, i: int) -> Hero:
    """Hero `i` as he stands: carrying everything his figure carries, holding and wearing what he does."""
    fig = state.heroes[i]
    return dressed(state.ctx.party[i], replace(fig, equipped=state.hero_of(i).equipped))


def wears(state: QuestState, i: int, key: str) -> bool:
    """True when hero `i` holds or wears the thing `key` now."""
    return key in {hq.key_of(n) for n in state.hero_of(i).equipped.names()}


def _slot(hero: Hero, name: str) -> str | None:
    held = hero.equipped
    if name in held.accessories:
        return "accessories"
    return next((s for s in ("weapon", "off_hand", "head", "body") if getattr(held, s) == name), None)


# ---------------------------------------------------------------------------------------------------
# Offers


def _fitted(hero: Hero, name: str, off_hand: bool) -> Hero | None:
    """The hero with `name` held or worn, a weapon and a shield that cannot go together swapped for it (a
    free change, line 355); None when the rules forbid it."""
    problem = gear.equip_problem(hero, name, off_hand)
    if problem is None:
        return gear.equip(hero, name, off_hand)
    slot = "off_hand" if off_hand else gear.slot_of(name)
    if slot in FREE_SLOTS:
        other = "off_hand" if slot == "weapon" else "weapon"
        held = getattr(hero.equipped, other)
        if held is not None and gear.equip_problem(gear.unequip(hero, held), name, off_hand) is None:
            return gear.equip(gear.unequip(hero, held), name, off_hand)
    return None


def _equippable(hero: Hero) -> list[tuple[str, bool]]:
    names = dict.fromkeys((*hero.weapons, *hero.armour, *hero.artifacts))
    out: list[tuple[str, bool]] = []
    for name in names:
        try:
            slot = gear.slot_of(name)
        except UsageError:
            continue  # used, not worn (a potion, the Elven Bow, a scroll)
        if name not in hero.equipped.names():
            out.append((name, False))
        if slot == "weapon" and hero.knows_skill("Dual-Wielding") and hero.equipped.off_hand != name:
            out.append((name, True))
    return [(n, off) for n, off in out if _fitted(hero, n, off) is not None]


_OFFERED: dict[tuple[int, tuple[str, ...], Equipped | None, bool], tuple[Hero, tuple[str, ...]]] = {}
"""`equip_actions` by what decides them: the hero as created (by identity, kept beside the answer so a
reused id is never mistaken for him), what his figure carries and holds, and whether his action is free."""


def equip_actions(state: QuestState, i: int, free_to_act: bool) -> list[str]:
    """The `equip:KEY[:off]` and `unequip:KEY` actions hero `i` has now: weapons always, wearable things
    only while his action is free (line 355)."""
    base, fig = state.ctx.party[i], state.heroes[i]
    key = (id(base), fig.items, fig.equipped, free_to_act)
    found = _OFFERED.get(key)
    if found is not None and found[0] is base:
        return list(found[1])
    out = _equip_actions(state, i, free_to_act)
    if len(_OFFERED) >= 20_000:
        _OFFERED.clear()
    _OFFERED[key] = (base, tuple(out))
    return out


def _equip_actions(state: QuestState, i: int, free_to_act: bool) -> list[str]:
    hero = carrying(state, i)
    out: list[str] = []
    for name, off in _equippable(hero):
        free = off or gear.slot_of(name) in FREE_SLOTS
        if free or free_to_act:
            out.append(f"equip:{hq.key_of(name)}{':off' if off else ''}")
    for name in hero.equipped.names():
        slot = _slot(hero, name)
        if slot == "weapon":
            continue  # a weapon is put away by taking up another
        if slot in FREE_SLOTS or free_to_act:
            out.append(f"unequip:{hq.key_of(name)}")
    return sorted(set(out))


# ---------------------------------------------------------------------------------------------------
# Changing


def _named(hero: Hero, key: str) -> str:
    for name in (*hero.weapons, *hero.armour, *hero.artifacts):
        if hq.key_of(name) == key:
            return name
    raise UsageError(_("{hero_name} carries no {key}").format(hero_name=hero.name, key=key))


def put_on(state: QuestState, i: int, equipped: Equipped) -> QuestState:
    """Hero `i` holding and wearing `equipped`; Body, Mind and Magic held to their new maxima."""
    fig = replace(state.heroes[i], equipped=equipped)
    state = with_hero(state, i, fig)
    hero = state.hero_of(i)
    return with_hero(
        state,
        i,
        replace(
            fig,
            body=min(fig.body, hero.maximum("body")),
            mind=min(fig.mind, hero.maximum("mind")),
            magic=min(fig.magic, hero.maximum("magic")),
        ),
    )


def change(state: QuestState, i: int, verb: str, arg: str) -> QuestState:
    """Hero `i` takes up or puts on (`equip`) or takes off (`unequip`) a thing; a wearable change is the
    turn's action (line 355). The caller checked the action is offered."""
    hero = carrying(state, i)
    read = keyed(verb, arg)
    key, hand = read.key, read.target
    name = _named(hero, key)
    if verb == "equip":
        fitted = _fitted(hero, name, hand == "off")
        if fitted is None:
            raise UsageError(gear.equip_problem(hero, name, hand == "off") or f"cannot equip {name}")
        slot: str = "off_hand" if hand == "off" else gear.slot_of(name)
        what = "take-up" if slot in FREE_SLOTS else "put-on"
    else:
        slot = _slot(hero, name) or ""
        fitted = gear.unequip(hero, name)
        what = "take-off" if slot not in FREE_SLOTS else "put-away"
    if slot not in FREE_SLOTS:
        state = replace(state, turn=replace(state.turn, acted=True))
    state = put_on(state, i, fitted.equipped)
    return note(state, said("item.gear", hero=i, hero_name=hero.name, change=what, item=name))


def lose(state: QuestState, i: int, name: str) -> QuestState:
    """Hero `i` no longer carries one `name` (used up, worn out); taken off first if he wore it."""
    hero = carrying(state, i)
    fig = state.heroes[i]
    items = list(fig.items)
    items.remove(name)
    state = with_hero(state, i, replace(fig, items=tuple(items)))
    if name in hero.equipped.names() and name not in items:
        state = put_on(state, i, gear.unequip(hero, name).equipped)
    return state


# ---------------------------------------------------------------------------------------------------
# Charges, and the hero after the quest


def spent(state: QuestState, i: int, key: str) -> int:
    """The charges of `key` hero `i` has used: before this quest and in it."""
    return dict(state.ctx.party[i].spent).get(key, 0) + total(state.heroes[i].effects, f"spent:{key}")


def thing_key(name: str) -> str:
    """The key a carried thing is played under (a scroll's spell after the colon left out)."""
    return hq.key_of(spec_text.thing_head(name))


def carried_thing(fig: HeroFig, key: str) -> str | None:
    """The name of the thing `key` the figure carries, `None` when it carries none."""
    return next((n for n in fig.items if thing_key(n) == key), None)


def discard_thing(state: QuestState, i: int, key: str, *added: str) -> QuestState:
    """The thing `key` used up (one copy removed), `added` effects put on, a note written."""
    fig = state.heroes[i]
    name = carried_thing(fig, key)
    assert name is not None
    items = list(fig.items)
    items.remove(name)
    state = with_hero(state, i, replace(fig, items=tuple(items), effects=(*fig.effects, *added)))
    return note(state, said("item.uses", hero=i, hero_name=state.hero_of(i).name, name=name))


_charges_used = spent  # `spent` is this use's count inside spend_charge


def spend_charge(state: QuestState, i: int, key: str, charges: int) -> QuestState:
    """One charge spent (counted with those used in earlier quests); the last one discards the thing."""
    fig = state.heroes[i]
    spent = _charges_used(state, i, key) + 1
    now = total(fig.effects, f"spent:{key}") + 1
    effects = tuple(e for e in fig.effects if not e.startswith(f"spent:{key}"))
    state = with_hero(state, i, replace(fig, effects=(*effects, f"spent:{key}+{now}|quest")))
    if spent >= charges:
        state = discard_thing(state, i, key)
        fig = state.heroes[i]
        return with_hero(
            state, i, replace(fig, effects=tuple(e for e in fig.effects if not e.startswith(f"spent:{key}")))
        )
    name = carried_thing(state.heroes[i], key)
    return note(
        state,
        said(
            "item.uses-charge",
            hero=i,
            hero_name=state.hero_of(i).name,
            name=name or key,
            spent=spent,
            charges=charges,
        ),
    )
