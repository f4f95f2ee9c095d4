"""Usable items (lines 387-427) and artifacts (lines 435-487) in play: a registry of handlers by key.

Each item or artifact the game plays has a `Handler`: the arguments it offers (`use:KEY` or
`use:KEY:ARG`) and what it does. Using one is the turn's action (line 106). Items whose catalogue
`Effect` says what they do (healing, dice, movement, extra attacks) share the data-driven handler of
`effects.use_item`; the others are hooks here, in `artifacts` (the artifacts that are used) and in
`artifacts_env` (cold and poison: the Anti-Poison Quill and the potions that answer them). Things played
elsewhere are in `PASSIVE` with the place; things the game does not play yet are in `NOT_PLAYED` with
the reason, and using one raises `RuleNotImplementedError`.

A potion that lasts "one turn" is drunk as the action, so its effect lasts the rest of that turn and the
drinker's next turn: it is put on as "name|drunk", which `turn.end_turn` turns into "name|one-turn".
Charges are counted as "spent:KEY+n|quest" on the figure, on top of those the hero used in earlier quests
(`Hero.spent`, `artifacts_gear.spent`); the last charge discards the thing. A spell scroll is carried
under its spell's name ("Spell Scroll: other/Warmth") and played under the key "spell-scroll".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.errors import UsageError
from grognard.engine.features import Registry
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.combat_dice import Defender, roll_attack, shields, skulls
from grognard.systems.heroquest.content.hero import castable_spells
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.action_text import keyed, sq, sq_text
from grognard.systems.heroquest.model.edits import free_square_near, note, set_door, trap_status, with_hero
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.artifacts_gear import (
    carried_thing,
    discard_thing,
    spend_charge,
    thing_key,
)
from grognard.systems.heroquest.rules.effects import in_play, item_effect, spell_key, use_item

Offers = Callable[[QuestState, int], list[str]]
Apply = Callable[[QuestState, int, str], QuestState]


@dataclass(frozen=True)
class Handler:
    """How one item or artifact is played: its offers (argument strings, "" for none) and its effect."""

    offers: Offers
    apply: Apply


HANDLERS: dict[str, Handler] = {}
"""Usable items and artifacts by key."""

PASSIVE: dict[str, str] = {
    "tool-kit": "targets.can_disarm and resolve._disarm_chance: disarm on anything but a skull (line 423)",
    "amulet-of-the-north": "hero.Hero.maximum: +2 Body, +1 Mind while worn by a barbarian (line 435)",
    "elven-bracers": "hero.Hero.maximum: +2 Body, +1 Mind while worn by an elf (line 457)",
    "talisman-of-lore": "hero.Hero.maximum: +1 Mind while worn by a magic-user (line 481)",
    "borins-armor": "gear.defend_dice: plate mail's two dice without the movement penalty (line 447)",
    "orcs-bane": "gear.weapon_dice: a short sword with one more die (line 463)",
    "spirit-blade": "gear.weapon_dice: three more dice against undead, two otherwise (line 479)",
    "wizards-cloak": "gear.defend_dice: one more defend die, starting Magic 4 (line 485)",
    "wizards-staff": "gear.weapon_dice: a staff with one more die, diagonal (line 487)",
    "magical-throwing-dagger": "gear: a dagger (line 461); it is never lost, so nothing to recover",
    "armband-of-ice": "artifacts_env: no harm from ice vaults and icy rivers while worn; spell_immune and "
    "spell_relief for Mind Freeze, Chill and Ice Storm (line 443)",
    "ring-of-warmth": "artifacts_env: no harm from ice vaults and icy rivers while worn; spell_immune for "
    "Chill (line 469)",
    "snowshoes-of-speed": "artifacts_env.move_roll: two more squares on the ice, no slipping (line 473)",
    "elven-boots": "artifacts_env.move_roll and artifacts: one more red die, worn out on a roll of all the "
    "same number (line 453)",
    "rabbit-boots": "trap_dice.jump_chance and artifacts.hops: a jump over a trap or a figure on anything "
    "but a black shield (line 465)",
    "wand-of-magic": "artifacts.second_casts: held as the weapon, a second, different spell a turn (line "
    "483)",
    "potion-of-magic-resistance": "chaos_flight.answer: drunk as a monster's spell comes at him, no action "
    "(line 409)",
    "ancient-staff": "chaos_flight.answer: turns a monster's spell back on its caster's room, five uses "
    "(line 437)",
    "fire-ring": "chaos_effects.fire_ring: stops two fire spells on its wearer by itself (line 459)",
    "sky-orb": "chaos_effects.lose_mind: takes four lost Mind points by itself (line 471)",
}
"""Items and artifacts played where their rule applies (worn artifacts through the hero's gear)."""

NOT_PLAYED: dict[str, str] = {}
"""Items and artifacts the game does not play yet; using one raises `RuleNotImplementedError`."""


FREE_USES = frozenset({"spell-ring"})
"""Things whose use is not the turn's action: storing a spell in the Spell Ring (line 475, `artifacts`)."""

_REGISTRY = Registry("item", HANDLERS, PASSIVE, NOT_PLAYED)
handler = _REGISTRY.lookup
"""The handler of an item or artifact; `RuleNotImplementedError` for one the game does not play."""


def register_item(key: str, offers: Offers) -> Callable[[Apply], Apply]:
    """A decorator registering the function as the handler of item `key`, offered by `offers`."""
    return _REGISTRY.register(key, lambda apply: Handler(offers, apply))


def always(state: QuestState, i: int) -> list[str]:
    """Offered always, with no argument (an item used as it is)."""
    return [""]


def _data_driven(key: str) -> Apply:
    def apply(state: QuestState, i: int, arg: str) -> QuestState:
        return use_item(state, i, key)

    return apply


# ---------------------------------------------------------------------------------------------------
# Offers and use


def usable_items(state: QuestState, i: int) -> list[str]:
    """The `use:KEY[:ARG]` actions hero `i` has: one per carried thing with a handler and an offer."""
    out: set[str] = set()
    for name in state.heroes[i].items:
        key = thing_key(name)
        h = HANDLERS.get(key)
        if h is not None and key not in FREE_USES:
            out.update(f"use:{key}{':' + a if a else ''}" for a in h.offers(state, i))
    return sorted(out)


def use(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` uses an item or artifact (the caller has made it the turn's action)."""
    read = keyed("use", arg)
    key, rest = read.key, read.target
    h = handler(key)
    if carried_thing(state.heroes[i], key) is None:
        raise UsageError(gettext("{name} carries no {key}").format(name=state.hero_of(i).name, key=key))
    return h.apply(state, i, rest)


# ---------------------------------------------------------------------------------------------------
# Items


@register_item("air-walk", always)
def air_walk(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 387: for a turn no trap springs under him and a pit jump always clears."""
    return discard_thing(state, i, "air-walk", "airwalk|drunk")


@register_item("potion-of-battle", always)
def potion_of_battle(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 393: his next attack rolls its dice twice and keeps the roll with more skulls."""
    return discard_thing(state, i, "potion-of-battle", "battle|next-attack")


@register_item("potion-of-icy-strength", always)
def potion_of_icy_strength(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 405: for a turn each skull of his attacks counts twice."""
    return discard_thing(state, i, "potion-of-icy-strength", "icy|drunk")


def _vision_targets(state: QuestState, i: int) -> tuple[list[int], list[str]]:
    at = state.heroes[i].at
    assert at is not None
    lay = state.layout

    def seen(square: Square) -> bool:
        return square == at or sees(lay, at, square)

    traps = [
        k
        for k, t in enumerate(state.ctx.traps)
        if state.traps[k] == "hidden" and t.furniture is None and any(seen(s) for s in t.squares)
    ]
    doors = [d.id for d in lay.door_by_id.values() if d.state == "secret" and any(seen(s) for s in d.at)]
    return traps, doors


def reveal(state: QuestState, i: int) -> QuestState:
    """Potion of Vision (line 419): the secret doors and ordinary traps hero `i` sees are shown."""
    if state.heroes[i].at is None or not has(state.heroes[i].effects, "vision"):
        return state
    traps, doors = _vision_targets(state, i)
    for k in traps:
        state = trap_status(state, k, "found")
    for door_id in doors:
        state = set_door(state, door_id, "closed")
    if traps or doors:
        state = note(state, said("search.potion-vision-shows", traps=len(traps), doors=len(doors)))
    return state


@register_item("potion-of-vision", always)
def potion_of_vision(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 419: every secret door and ordinary trap in sight is shown until he takes damage."""
    return reveal(discard_thing(state, i, "potion-of-vision", "vision|until-damaged"), i)


def _recall_offers(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    if not state.encounter or not fig.spells:
        return []
    fresh = [
        spell_key(s)
        for s in castable_spells(state.hero_of(i))
        if spell_key(s) not in fig.spells and in_play(s)
    ]
    return [f"{old}={new}" for old in fig.spells for new in fresh]


@register_item("potion-of-recall", _recall_offers)
def potion_of_recall(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 411: during an encounter a magic-user memorises one spell in place of another."""
    old, _, new = arg.partition("=")
    if arg not in _recall_offers(state, i):
        raise UsageError(gettext("no spell swap {arg!r}").format(arg=arg))
    state = discard_thing(state, i, "potion-of-recall")
    fig = state.heroes[i]
    spells = tuple(new if s == old else s for s in fig.spells)
    return note(
        with_hero(state, i, replace(fig, spells=spells)), said("status.replaces-memory", new=new, old=old)
    )


CLOAK_CHARGES = 3
"""The Elven Cloak of Passage works three times (line 389)."""


def _cloak_offers(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    lay = state.layout
    return [
        sq_text(n)
        for n in neighbours(at)
        if lay.board.on_board(n)
        and lay.board.is_wall(at, n)
        and lay.board.is_floor(n)
        and not lay.solid(n)
        and n not in state.figures
    ]


@register_item("elven-cloak-of-passage", _cloak_offers)
def elven_cloak(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 389: he passes through the wall beside him to the floor square beyond (never into solid rock,
    which would trap him forever); three uses."""
    if arg not in _cloak_offers(state, i):
        raise UsageError(gettext("no wall to pass through to {arg!r}").format(arg=arg))

    state = spend_charge(state, i, "elven-cloak-of-passage", CLOAK_CHARGES)
    fig = state.heroes[i]
    return with_hero(state, i, replace(fig, at=sq(arg)))


# ---------------------------------------------------------------------------------------------------
# Artifacts


def _dead_allies(state: QuestState, i: int) -> list[str]:
    return [f"h{k}" for k, h in enumerate(state.heroes) if h.status == "dead" and k != i]


@register_item("elixir-of-life", _dead_allies)
def elixir_of_life(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 451: a dead ally comes back with all his Body and Mind, on a free square beside the user."""
    if arg not in _dead_allies(state, i):
        raise UsageError(gettext("no dead ally {arg!r}").format(arg=arg))
    k = int(arg[1:])
    at = state.heroes[i].at
    assert at is not None
    square = free_square_near(state, at)
    if square is None:
        raise UsageError(gettext("no free square for the revived hero"))
    state = discard_thing(state, i, "elixir-of-life")
    ally = state.hero_of(k)
    fig = replace(
        state.heroes[k], status="active", at=square, body=ally.maximum("body"), mind=ally.maximum("mind")
    )
    return note(with_hero(state, k, fig), said("heal.lives-again", ally_name=ally.name))


def _armband_offers(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    hurt = fig.body < state.hero_of(i).maximum("body")
    return [""] if hurt and not has(fig.effects, "used:armband-of-healing") else []


@register_item("armband-of-healing", _armband_offers)
def armband_of_healing(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 441: two lost Body points back, once per quest."""
    fig = state.heroes[i]
    top = state.hero_of(i).maximum("body")
    fig = replace(fig, body=min(top, fig.body + 2), effects=(*fig.effects, "used:armband-of-healing|quest"))
    return note(
        with_hero(state, i, fig),
        said("heal.armband-healing-restores", hero=i, hero_name=state.hero_of(i).name),
    )


# ---------------------------------------------------------------------------------------------------
# Attack dice under Potion of Battle and Icy Strength


def attack_hits(dice: int, ref: str) -> dict[int, Fraction]:
    """The skulls an attack counts: the better of two rolls under "battle" (line 393), doubled under
    "icy" (line 405)."""
    one = skulls(dice)
    if "battle" in ref:
        below: dict[int, Fraction] = {}
        acc = Fraction(0)
        for k in sorted(one):
            acc += one[k]
            below[k] = acc
        one = {k: below[k] ** 2 - (below[k - 1] ** 2 if k > 0 else 0) for k in sorted(one)}
    least = least_hits(ref)
    if least:
        floored: dict[int, Fraction] = {}
        for k, q in one.items():
            floored[max(k, least)] = floored.get(max(k, least), Fraction(0)) + q
        one = dict(sorted(floored.items()))
    if "icy" in ref:
        one = {2 * k: q for k, q in one.items()}
    return one


LEAST = "least="
"""The token of an attack's `ref` that guarantees hits: "least=3" counts at least 3 skulls (Berserker,
line 199)."""


def least_hits(ref: str) -> int:
    """The skulls an attack with `ref` is guaranteed (Berserker's base Attack, line 199), 0 for none."""
    for token in ref.split(","):
        if token.startswith(LEAST):
            return int(token.removeprefix(LEAST))
    return 0


def with_least(ref: str, least: int) -> str:
    """An attack's `ref` with `least` hits guaranteed (none added for 0)."""
    return ",".join(x for x in (ref, f"{LEAST}{least}" if least > 0 else "") if x)


def without_least(ref: str) -> str:
    """An attack's `ref` with no guaranteed hits (the dice as they fell)."""
    return ",".join(x for x in ref.split(",") if x and not x.startswith(LEAST))


def attack_damage(dice: int, defend: int, defender: Defender, ref: str) -> dict[int, Fraction]:
    """The exact damage of an attack with the potions in `ref`."""
    out: dict[int, Fraction] = {}
    for h, ph in attack_hits(dice, ref).items():
        for b, pb in shields(defend, defender).items():
            d = max(0, h - b)
            out[d] = out.get(d, Fraction(0)) + ph * pb
    return {d: q for d, q in sorted(out.items()) if q}


def throw_attack(rng: Rng, p: Pending, defender: Defender) -> tuple[int, tuple[Roll, ...]]:
    """The real dice of an attack with the potions in `p.ref`: a second attack roll under Battle."""
    first = roll_attack(rng, p.dice, p.need, defender)
    hits, rolls = first.hits, [first.attack_roll]
    if "battle" in p.ref:
        second = roll_attack(rng, p.dice, 0, defender)
        hits = max(hits, second.hits)
        rolls.append(second.attack_roll)
    hits = max(hits, least_hits(p.ref))  # Berserker's guaranteed hits (line 199)
    if "icy" in p.ref:
        hits *= 2
    return max(0, hits - first.blocked), (*rolls, first.defend_roll)


def attack_ref(effects: tuple[str, ...]) -> str:
    """The potions an attack made with `effects` carries, for the attack's chance node."""
    return ",".join(k for k in ("battle", "icy") if has(effects, k))


def register_data_driven() -> None:
    """Register every item with a catalogue effect that no module plays as played from its data
    (`effects.use_item`). The driver calls it once every item module is loaded (an item a module plays,
    a potion with a rule of its own besides its effect, keeps that module's one handler)."""
    for key, entry in hq.catalog().items.items():
        if key not in HANDLERS and item_effect(entry.name) is not None:
            _REGISTRY.add(key, Handler(always, _data_driven(key)))
