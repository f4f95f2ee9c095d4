"""Spells, items and skills in play, driven by the catalogue's structured `Effect` where it can be.

A lasting effect on a figure is a string "name±n|duration" ("atk+2|next-attack", "def+1|until-damaged",
"xatk+1|one-turn", "mov+5|next-move") or "name|duration" ("swift|next-move", "tempest|", "sleep|"). The
duration says when it ends: at the next attack or defence, the next move, the end of the turn, the first
Body point lost, the end of the combat encounter.

Data-driven: a single-use item's `heal_body`, `heal_mind`, `heal_magic` (a number, "1d6" or "all"),
`attack_dice`, `defend_dice`, `movement` and `extra_attacks` with their duration; a spell's `by_level`
amount (healing on a character, damage on an enemy) and its dice bonuses; an active skill's dice bonus,
healing or extra attack with its once-per-encounter limit. The hooks the data cannot say: the red dice a
flame spell's victim rolls to avoid each point (Fire of Wrath 5-6, line 503; Ball of Flame 6, line 507),
Swift Wind's doubled movement dice (line 511), Tempest's lost turn (line 513), Sleep (line 523), the
Potion of Speed's twelve squares (line 415).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.catalog import Effect, Spell, Stat
from grognard.systems.heroquest.content.geometry import can_target, furniture_penalty
from grognard.systems.heroquest.content.hero import Hero, can_cast, castable_spells, casting_level
from grognard.systems.heroquest.model.edits import note, tossed, with_hero
from grognard.systems.heroquest.model.effect_strings import has, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.chaos import hero_chaos
from grognard.systems.heroquest.rules.chaos_effects import hero_attack, hero_defend, monster_attack
from grognard.systems.heroquest.rules.gear import attack_dice, defend_dice, weapon_dice, weapon_of
from grognard.systems.heroquest.rules.monster_gear import attack_dice as monster_dice
from grognard.systems.heroquest.rules.monster_gear import defend_dice as armoured
from grognard.systems.heroquest.rules.monster_wounds import disarmed, wounded_defence

BERSERK = "berserk"
"""The effect of Berserker on the hero's next attack: his base Attack's hits guaranteed (line 199)."""

MANHANDLE = "manhandle"
"""The effect of Manhandler for the turn: its extra attack rolls the base Attack dice (line 207)."""

# ---------------------------------------------------------------------------------------------------
# Effect strings


@dataclass(frozen=True)
class EffectReaders:
    """What the dice, spells and items offered here read from the features above `effects` (Dual-Wielding,
    the attacks a turn allows, Slow, the spells in play, their targets and casting, a Spell Ring's payment,
    the items' offers), installed by `effect_readers` so that `effects` imports none of those features."""

    dual_wielding: Callable[[QuestState, int], bool]
    attacks_allowed: Callable[[QuestState, int], int]
    slowed: Callable[[QuestState, int], bool]
    in_play: Callable[[Spell], bool]
    ring_pays: Callable[[QuestState, int, str], bool]
    offers: Callable[[QuestState, int, str], list[str]]
    cast: Callable[[QuestState, int, str], QuestState]
    usable_items: Callable[[QuestState, int], list[str]]


_READERS: list[EffectReaders] = []


def install_effect_readers(readers: EffectReaders) -> None:
    """Inject what `effects` reads from the features above it (`effect_readers` installs them)."""
    _READERS[:] = [readers]


def _readers() -> EffectReaders:
    if not _READERS:
        raise RuntimeError("no effect readers are installed: import grognard.systems.heroquest.game")
    return _READERS[0]


def from_effect(effect: Effect) -> list[str]:
    """The effect strings a structured catalogue effect puts on a figure."""
    duration = effect.duration or "one-turn"
    out = []
    if effect.attack_dice:
        out.append(f"atk{effect.attack_dice:+d}|{duration}")
    if effect.defend_dice:
        out.append(f"def{effect.defend_dice:+d}|{duration}")
    if effect.movement:
        out.append(f"mov{effect.movement:+d}|{duration}")
    if effect.extra_attacks:
        out.append(f"xatk{effect.extra_attacks:+d}|{duration}")
    return out


# ---------------------------------------------------------------------------------------------------
# Dice


def _pit(effects: tuple[str, ...]) -> int:
    return 1 if has(effects, "pit") else 0


def hero_attack_dice(state: QuestState, i: int, target: int) -> int:
    """Base Attack + weapon + effects, less a die on low furniture or in a pit (lines 84, 130, 144)."""
    fig = state.heroes[i]
    hero = state.hero_of(i)
    assert fig.at is not None
    undead = state.stats_of(target).undead
    mods = total(fig.effects, "atk") - furniture_penalty(state.layout, fig.at) - _pit(fig.effects)

    if tossed(fig.effects) is not None or disarmed(fig.effects):
        mods -= weapon_dice(hero, undead)  # where Mighty Toss threw it or Disarm sent it (lines 195, 757)
    m = state.monsters[target].at
    if (
        m is not None
        and not can_target(state.layout, fig.at, m, state.figures)
        and can_target(state.layout, fig.at, m)
    ):
        mods -= 1  # Ranged Accuracy: a shot past a figure (line 337)
    dice = attack_dice(hero, mods, against_undead=undead)
    manhandled = _manhandled(state, i)
    if manhandled:
        furniture_pit = furniture_penalty(state.layout, fig.at) + _pit(fig.effects)
        dice = max(0, hero.base.attack - furniture_pit)  # "one with his base Attack dice" (line 207)
    second = _readers().dual_wielding(state, i) and state.turn.attacks == 1 and state.current_hero() == i
    second = second and not manhandled
    if second and not hero.knows_skill("Elven Finesse"):
        off = hero.equipped.off_hand
        lesser = weapon_of(off) if off else None
        main = weapon_dice(hero, undead)
        least = min(main, lesser.attack_dice if lesser else 0)
        dice = (dice - main + least + 1) // 2  # the lesser weapon, half the dice, up (line 343)

    return hero_attack(state, i, dice)  # Rust, Fear (lines 573, 551)


def _manhandled(state: QuestState, i: int) -> bool:
    """True when hero `i`'s attack now is Manhandler's: the last of his turn, after the first, while the
    skill is in use (line 207: "one with his total dice and one with his base Attack dice")."""
    n = state.turn.attacks
    return (
        has(state.heroes[i].effects, MANHANDLE)
        and state.current_hero() == i
        and 1 <= n == _readers().attacks_allowed(state, i) - 1
    )


def hero_defend_dice(state: QuestState, i: int, *, ranged: bool = False) -> int:
    """Base Defend + armour (a shield two against a shot, line 383) + effects + one for the action given
    up, less furniture and pit; none at 0 Mind (line 92); the monster skills' wounds (`monster_wounds`)."""
    fig = state.heroes[i]
    if fig.mind == 0 or fig.at is None or has(fig.effects, "dazzle"):  # or paralysed (line 537)
        return 0
    mods = total(fig.effects, "def") - furniture_penalty(state.layout, fig.at) - _pit(fig.effects)

    dice = defend_dice(state.hero_of(i), mods, ranged=ranged, gave_up_action=has(fig.effects, "guard"))
    dice = wounded_defence(state, i, dice)  # stone, bear hug, Maul (lines 781, 891, 869)
    return hero_defend(state, i, dice)  # asleep, paralysed, Mind Blast, Rust (lines 553-581)


def monster_attack_dice(state: QuestState, j: int, hero: int, *, base: bool = False) -> int:
    """The monster's attack dice with its weapon and skills (`monster_gear.attack_dice`: Swarm, Rush, a
    second attack, a shot past a figure; `base` for base Attack), less a die on furniture."""
    m = state.monsters[j]
    assert m.at is not None
    dice = max(0, monster_dice(state, j, hero, base=base) - furniture_penalty(state.layout, m.at))

    return monster_attack(state, j, _slow(state, j, dice))  # a Fear turned on it (line 551)


def _slow(state: QuestState, j: int, dice: int) -> int:
    """One combat die fewer, never below one, under Slow (line 541)."""
    return max(1, dice - 1) if dice and _readers().slowed(state, j) else dice


def monster_defend_dice(state: QuestState, j: int, *, ranged: bool = False) -> int:
    """The monster's Defend with its armour (`monster_gear.defend_dice`: a shield two against a shot,
    base dice while carrying a hero off), less a die on furniture; none while asleep (line 523)."""
    m = state.monsters[j]
    if has(m.effects, "sleep") or has(m.effects, "nodef") or has(m.effects, "dazzle") or m.at is None:
        return 0  # asleep (line 523), stared down (line 236), paralysed (line 537)
    if total(m.effects, "mind") < 0 and state.stats_of(j).mind == 0:
        return 0  # comatose: its Mind all lost, to a battle axe's concussion (lines 92, 369)
    mods = total(m.effects, "def") - furniture_penalty(state.layout, m.at)
    dice = max(0, armoured(state, j, ranged=ranged) + mods)
    dice = dice // 2 if has(m.effects, "halfdef") else dice  # Savagery: half, rounded down (line 205)
    return _slow(state, j, dice)


# ---------------------------------------------------------------------------------------------------
# Spells


def spell_key(spell: Spell) -> str:
    """ "school/key"."""
    return f"{spell.school}/{spell.key}"


def _find_spell(key: str) -> Spell:
    school, _, name = key.partition("/")
    return hq.spell(name, school)


def in_play(spell: Spell) -> bool:
    """True for a spell the game state can play (one with a handler in `spells.HANDLERS`)."""
    return _readers().in_play(spell)


def memorise(hero: Hero) -> tuple[str, ...]:
    """The spells a magic-user takes into the quest (line 104: no more than his starting Mind), those the
    game can play first."""
    if not hero.magic_user:
        return ()
    spells = sorted(castable_spells(hero), key=lambda s: (not in_play(s), s.level or 0, s.name))
    return tuple(spell_key(s) for s in spells[: hero.maximum("mind")])


def _friendly(spell: Spell) -> bool:
    return spell.target in ("self-or-character", "self-or-ally", "self")


def castable(state: QuestState, i: int) -> list[str]:
    """The `cast:SCHOOL/SPELL:TARGET` actions hero `i` has: a memorised spell he can cast at his level,
    a Magic point left (line 162) or a Spell Ring to pay (line 475), a target (`spells.HANDLERS`)."""
    r = _readers()
    fig = state.heroes[i]
    hero = state.hero_of(i)
    out: list[str] = []
    for key in fig.spells:
        spell = _find_spell(key)
        if not in_play(spell) or not can_cast(hero, spell):
            continue
        if fig.magic < 1 and not r.ring_pays(state, i, key):
            continue
        out.extend(f"cast:{key}:{t}" for t in r.offers(state, i, key))
    if fig.spells or fig.effects:
        out.extend(hero_chaos().casts(state, i))  # chaos spells learned by Mimic (line 286)
    return out


def cast(state: QuestState, i: int, arg: str) -> QuestState:
    """Hero `i` casts a spell (its action, one Magic point): `spells.cast`."""
    return _readers().cast(state, i, arg)


def self_heal_spell(state: QuestState, i: int) -> tuple[str, int] | None:
    """A healing spell hero `i` has memorised and can cast on himself as he falls (line 90), with its
    amount; None when he has none or no Magic point."""
    fig = state.heroes[i]
    hero = state.hero_of(i)
    if fig.magic < 1:
        return None
    for key in fig.spells:
        spell = _find_spell(key)
        if spell.by_level and _friendly(spell) and can_cast(hero, spell):
            amount = spell.amount_at(max(casting_level(hero, spell), hero.level))
            if amount:
                return key, amount
    return None


# ---------------------------------------------------------------------------------------------------
# Items


def item_effect(name: str) -> Effect | None:
    """The effect of a single-use item that heals or puts an effect on, `None` for any other thing."""
    key = hq.key_of(name)
    if key not in hq.catalog().items:
        return None
    item = hq.item(name)
    e = item.effect
    if e.limit != "single-use":
        return None
    if e.heal_body is None and e.heal_mind is None and e.heal_magic is None and not from_effect(e):
        return None
    return e


def usable_items(state: QuestState, i: int) -> list[str]:
    """The `use:KEY[:ARG]` actions: every carried item or artifact with a handler in `items.HANDLERS` (one
    a turn, as the action, line 106)."""
    return _readers().usable_items(state, i)


def use_item(state: QuestState, i: int, key: str) -> QuestState:
    """Hero `i` uses up one item: healing (a red die, a number or everything), dice bonuses, movement,
    extra attacks; the Potion of Speed also moves him twelve squares without a roll (line 415)."""
    fig = state.heroes[i]
    hero = state.hero_of(i)
    name = next(n for n in fig.items if hq.key_of(n) == key)
    effect = item_effect(name)
    assert effect is not None
    items = list(fig.items)
    items.remove(name)
    fig = replace(fig, items=tuple(items))
    state = note(state, said("item.uses", hero=i, hero_name=hero.name, name=name))
    added = [e.replace("|one-turn", "|drunk") for e in from_effect(effect)]  # drunk as the action
    if key == "potion-of-speed":
        added.append("speed|until-damaged")
    fig = replace(fig, effects=(*fig.effects, *added))
    pending = None
    stats: tuple[tuple[Stat, int | str | None], ...] = (
        ("body", effect.heal_body),
        ("mind", effect.heal_mind),
        ("magic", effect.heal_magic),
    )
    for stat, value in stats:
        if value is None:
            continue
        top = hero.maximum(stat)
        points = getattr(fig, stat)
        if value == "all":
            points = top
        elif isinstance(value, int):
            points = min(top, points + value)
        if isinstance(value, int) or value == "all":
            fig = replace(fig, body=points) if stat == "body" else fig
            fig = replace(fig, mind=points) if stat == "mind" else fig
            fig = replace(fig, magic=points) if stat == "magic" else fig
        else:
            pending = Pending("heal", who=i, ref=name, side="magic" if stat == "magic" else "body")
    state = with_hero(state, i, fig)
    return replace(state, pending=pending) if pending else state
