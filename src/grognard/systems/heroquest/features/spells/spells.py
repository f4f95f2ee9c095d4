"""Spells in play (lines 493-601): a registry of handlers by "school/key", like skills and items.

Every catalogue spell has a `Handler` in `HANDLERS` (who it may be cast on, and what it does), or is in
`NOT_PLAYED` with the reason; casting one of those raises `RuleNotImplementedError`. `PASSIVE` holds the
chaos spells: the game master's monsters cast them (`chaos`), and a monster may answer a hero's spell with
Dispell or Mirror Magic (`chaos_flight.answer_hero_spell`, called by `cast`).

Data-driven where the catalogue's `Effect` says it: dice bonuses and their duration (Rock Skin, Courage),
healing by level (Heal Body, Water of Healing) or by the effect's `heal_body`/`heal_mind` (Warmth,
Psychic Recovery), damage by level (Fire of Wrath, Ball of Flame). Small named hooks otherwise: Swift
Wind, Tempest, Sleep, Pass Through Rock, Genie, Veil of Mist, Deep Sleep, Slow. The other elf spells are
in `spells_elf` (Disappear, Twist Wood, Double Image, Hypnotic Blaze) and `spells_time` (Timestop,
Flashback), Ice Bridge and Treasure Without Doom in `spells_scroll`; they register here on import.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, replace

from grognard.engine.features import Registry
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.catalog import Spell
from grognard.systems.heroquest.content.geometry import Reach, can_target, step_cost
from grognard.systems.heroquest.content.hero import casting_level
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.action_text import aim, cast_arg
from grognard.systems.heroquest.model.edits import add_monster_effects, monster_index, note, with_hero
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import hero_chaos
from grognard.systems.heroquest.rules.effects import from_effect, monster_defend_dice
from grognard.systems.heroquest.rules.monster_wounds import cure_stone
from grognard.systems.heroquest.rules.quest_events import open_door

Targets = Callable[[QuestState, int, Spell], list[str]]
Apply = Callable[[QuestState, int, Spell, str], QuestState]

AVOID_FACES = {"fire/fire-of-wrath": 2, "fire/ball-of-flame": 1}
"""Red-die faces on which a flame spell's victim avoids each point: 5-6 (line 503), 6 (line 507)."""

MOVE_SPELLS = {"rock": "Pass Through Rock", "mist": "Veil of Mist"}
"""Effects lasting the next move: kept from the movement roll to the end of that turn."""


@dataclass(frozen=True)
class Handler:
    """How one spell is played: the targets it may be cast on now, and its effect on one of them."""

    targets: Targets
    apply: Apply


HANDLERS: dict[str, Handler] = {}
"""Played spells by "school/key"."""

_CHAOS = (
    "a chaos spell: the game master's monsters cast it (`chaos.HANDLERS`, line 543); a hero who learned it "
    "by Mimic casts it through `chaos_heroes` (line 286)"
)
PASSIVE: dict[str, str] = {
    f"chaos/{k.key}": _CHAOS for k in hq.catalog().spells.values() if k.school == "chaos"
}
"""The chaos spells, cast by monsters (`chaos`) and by a hero who learned one by Mimic (`chaos_heroes`)."""

NOT_PLAYED: dict[str, str] = {}
"""Spells the game does not play yet; casting one raises `RuleNotImplementedError`."""

_REGISTRY = Registry("spell", HANDLERS, PASSIVE, NOT_PLAYED)


def spell_key(spell: Spell) -> str:
    """How an action names a spell: "school/key"."""
    return f"{spell.school}/{spell.key}"


def find(key: str) -> Spell:
    """The spell named "school/key"."""
    school, _, name = key.partition("/")
    return hq.spell(name, school)


handler = _REGISTRY.lookup
"""The handler of a spell; `RuleNotImplementedError` for one the game does not play."""


def in_play(spell: Spell) -> bool:
    """True for a spell with a handler."""
    return spell_key(spell) in HANDLERS


def register_spell(key: str, targets: Targets) -> Callable[[Apply], Apply]:
    """A decorator registering the function as the handler of spell `key`, aimed by `targets`."""
    return _REGISTRY.register(key, lambda apply: Handler(targets, apply))


# ---------------------------------------------------------------------------------------------------
# Targets


def friends(state: QuestState, i: int, spell: Spell) -> list[str]:
    """The caster and every hero he sees ("self-or-character", "self-or-ally")."""
    at = state.heroes[i].at
    assert at is not None
    return [
        f"h{k}"
        for k, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and (k == i or sees(state.layout, at, h.at, state.figures))
        and not has(h.effects, "vanish")  # no spell reaches a hero under Disappear (line 527)
    ]


def enemies(state: QuestState, i: int, spell: Spell) -> list[str]:
    """Every monster the caster may aim at; not the undead for a spell they are immune to."""
    at = state.heroes[i].at
    assert at is not None
    out = []
    for j, m in enumerate(state.monsters):
        if m.status != "active" or m.at is None or not can_target(state.layout, at, m.at, state.figures):
            continue
        if spell.undead_immune and state.stats_of(j).undead:
            continue
        out.append(m.id)
    return out


def _add_hero(state: QuestState, k: int, *effects: str) -> QuestState:
    fig = state.heroes[k]
    return with_hero(state, k, replace(fig, effects=(*fig.effects, *effects)))


def spell_amount(state: QuestState, i: int, spell: Spell) -> int | None:
    """The spell's amount at the caster's level, `None` for a spell that does not grow with it."""
    hero = state.hero_of(i)
    return spell.amount_at(max(casting_level(hero, spell), hero.level)) if spell.by_level else None


# ---------------------------------------------------------------------------------------------------
# Data-driven: bonuses, healing, damage


def friendly(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """A spell on a hero from its data: healing by level, `heal_body`/`heal_mind`, dice bonuses."""
    k = aim(target).hero_index
    fig = state.heroes[k]
    hero = state.hero_of(k)
    amount = spell_amount(state, i, spell)
    e = spell.effect
    body = amount if amount is not None else e.heal_body if isinstance(e.heal_body, int) else None
    if body is not None:
        fig = cure_stone(replace(fig, body=min(hero.maximum("body"), fig.body + body)))  # line 781
    if e.heal_mind == "all":
        fig = replace(fig, mind=hero.maximum("mind"))
    fig = replace(fig, effects=(*fig.effects, *from_effect(e)))
    return with_hero(state, k, fig)


def burn(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """Damage by level; the victim rolls a red die per point to avoid it (lines 503, 507)."""
    amount = spell_amount(state, i, spell) or 1
    need = AVOID_FACES.get(spell_key(spell), 0)
    j = monster_index(state, target)
    return replace(state, pending=Pending("burn", who=i, target=j, dice=amount, need=need))


for _key in ("earth/rock-skin", "earth/heal-body", "fire/courage", "water/water-of-healing"):
    _REGISTRY.add(_key, Handler(friends, friendly))
for _key in ("other/warmth", "other/psychic-recovery"):  # lines 599, 603
    _REGISTRY.add(_key, Handler(friends, friendly))
for _key in AVOID_FACES:
    _REGISTRY.add(_key, Handler(enemies, burn))


# ---------------------------------------------------------------------------------------------------
# Hooks


@register_spell("air/swift-wind", friends)
def swift_wind(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """Four red dice on the character's next move (line 511)."""
    return _add_hero(state, aim(target).hero_index, "swift|next-move")


@register_spell("air/tempest", enemies)
def tempest(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """The enemy misses its next turn (line 513)."""
    return add_monster_effects(state, monster_index(state, target), "tempest|")


@register_spell("water/sleep", enemies)
def sleep(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """No moving, attacking or defending; "broken at once or on a future turn" (line 523): a red die per
    Mind point right after the cast and at the start of each of its turns, a 6 wakes it."""
    j = monster_index(state, target)
    state = add_monster_effects(state, j, "sleep|")
    dice = state.stats_of(j).mind
    return replace(state, pending=Pending("wake", who=j, dice=dice, then="now")) if dice > 0 else state


def _deep_sleepers(state: QuestState, i: int, spell: Spell) -> list[str]:
    return [
        mid for mid in enemies(state, i, spell) if 1 <= state.stats_of(monster_index(state, mid)).mind <= 5
    ]


@register_spell("elf/deep-sleep", _deep_sleepers)
def deep_sleep(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """A monster of 1 to 5 Mind sleeps; it wakes on a 6 of one red die (line 531)."""
    return add_monster_effects(state, monster_index(state, target), "sleep|", "deep|")


@register_spell("elf/slow", enemies)
def slow(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """One square a turn, one combat die fewer (never below one), while the caster sees it (line 541)."""
    return add_monster_effects(state, monster_index(state, target), f"slow:{i}|")


def slowed(state: QuestState, j: int) -> bool:
    """True while monster `j` is slowed by a caster who still sees it (line 541: broken out of sight)."""
    m = state.monsters[j]
    for e in m.effects:
        if e.startswith("slow:") and m.at is not None:
            caster = state.heroes[int(e[5:].partition("|")[0])]
            alive = caster.status == "active" and caster.at is not None
            if alive and caster.at is not None and sees(state.layout, caster.at, m.at, state.figures):
                return True
    return False


@register_spell("earth/pass-through-rock", friends)
def pass_through_rock(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """On the character's next move he walks through walls (line 499)."""
    return _add_hero(state, aim(target).hero_index, "rock|next-move")


@register_spell("water/veil-of-mist", friends)
def veil_of_mist(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """On the character's next move he passes unseen through enemies' squares (line 521)."""
    return _add_hero(state, aim(target).hero_index, "mist|next-move")


def _genie_targets(state: QuestState, i: int, spell: Spell) -> list[str]:
    doors = [f"door={d}" for d, s in zip(state.ctx.door_ids, state.doors, strict=True) if s == "closed"]
    return [*enemies(state, i, spell), *doors]


@register_spell("air/genie", _genie_targets)
def genie(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """The genie opens any closed door on the board, or attacks an enemy in sight with as many combat
    dice as the caster has Magic points after the cast (line 515)."""
    if target.startswith("door="):
        return open_door(state, aim(target).thing or "")
    j = monster_index(state, target)
    dice = max(1, state.heroes[i].magic)
    state = note(state, said("spell.genie-attacks-combat-dice", dice=dice))
    defend = monster_defend_dice(state, j)
    return replace(state, pending=Pending("attack", who=i, target=j, dice=dice, need=defend, side="hero"))


# ---------------------------------------------------------------------------------------------------
# Casting


def offers(state: QuestState, i: int, key: str) -> list[str]:
    """The targets hero `i` may cast the played spell `key` on now."""
    h = HANDLERS.get(key)
    return h.targets(state, i, find(key)) if h else []


Payment = Callable[[QuestState, int, str], QuestState]
"""How hero `i` pays for casting the spell "school/key": the state after paying."""

_PAYMENT: list[Payment] = []


def install_cast_payment(pay: Payment) -> None:
    """Inject how a hero pays for a cast (`artifacts` installs `pay_for_cast`: one Magic point, line 162,
    or nothing when the Spell Ring pays, line 475)."""
    _PAYMENT[:] = [pay]


def _pay(state: QuestState, i: int, key: str) -> QuestState:
    if not _PAYMENT:
        raise RuntimeError("no payment for casting is installed: import grognard.systems.heroquest.game")
    return _PAYMENT[0](state, i, key)


def cast(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` casts "school/key:target" (the action, one Magic point, line 162); a chaos spell he learned
    by Mimic is cast by `chaos_heroes` (line 286)."""
    read = cast_arg(arg)
    key, target = read.spell, read.target
    if key.startswith("chaos/"):
        return hero_chaos().cast(state, i, arg)
    h = handler(key)
    spell = find(key)
    state = _pay(state, i, key)  # one Magic point, or the Spell Ring's (line 475)
    state = note(state, said("spell.casts", hero=i, hero_name=state.hero_of(i).name, spell=spell.name))
    answered = hero_chaos().answer(state, i, key, target)  # a monster's Dispell or Mirror Magic (557, 571)
    if answered is not None:
        return answered
    return h.apply(state, i, spell, target)


# ---------------------------------------------------------------------------------------------------
# Movement under Pass Through Rock and Veil of Mist


def through_rock_reach(
    state: QuestState, at: Square, allowance: int, allies: frozenset[Square], foes: frozenset[Square]
) -> Reach:
    """Where a hero under Pass Through Rock may end his move: walls and closed doors are no bar and rock
    may be crossed, one square a step; he never ends in solid rock (our ruling: he would be trapped
    forever, line 499, and no player chooses it), nor on a figure."""
    layout = state.layout
    best: dict[Square, int] = {at: 0}
    came: dict[Square, Square] = {}
    queue = [(0, at)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here]:
            continue
        for there in neighbours(here):
            if there in foes or not layout.board.on_board(there):
                continue
            cost = step_cost(layout, here, there) or 1
            if spent + cost <= allowance and spent + cost < best.get(there, allowance + 1):
                best[there] = spent + cost
                came[there] = here
                heapq.heappush(queue, (spent + cost, there))
    ends = {s: c for s, c in best.items() if s == at or (s not in allies and not layout.solid(s))}
    return Reach(at, ends, came)
