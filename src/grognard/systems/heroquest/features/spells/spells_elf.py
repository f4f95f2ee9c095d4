"""Elf spells in play (lines 525-539): Disappear, Twist Wood, Double Image and Hypnotic Blaze, with the
chance nodes of the hero spells played outside `spells` (Timestop and Flashback are in `spells_time`,
Ice Bridge and Treasure Without Doom in `spells_scroll`). Registered in `spells.HANDLERS`.

The lasting effects, as `effects` strings:
- "vanish|" (Disappear): the hero is unseen (`skill_moves.hidden`), may only move and open doors (or
  cancel the spell, `cancel:disappear`, which is free), springs no trap and no spell reaches him; his
  movement roll is the chance node "vmove", whose outcome is the squares and whether the red dice came
  to 9 or more, which ends the spell (line 527).
- "twisted|quest" on a monster (Twist Wood): for the rest of the quest `QuestState.stats_of` gives it its
  base Attack, without the weapon's dice or its shots (`twisted_stats`).
- "image:C|" (Double Image cast by hero C): a hit on him rolls the chance node "image", a red die whose
  1-3 turns the whole attack aside; broken the moment C sees no enemy (`after_look`).
- "dazzle+N|" (Hypnotic Blaze): the figure misses its next N turns and rolls no defend dice meanwhile;
  the blaze itself is the chance node "blaze" over who is paralysed.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, red_dice, sum_distribution
from grognard.engine.game import Outcome
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.catalog import Gear, Spell
from grognard.systems.heroquest.content.geometry import MAX_MOVE
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.skills.skills import subsets
from grognard.systems.heroquest.features.spells.spells import enemies, friends, register_spell
from grognard.systems.heroquest.features.spells.spells_scroll import safe_card, safe_outcomes
from grognard.systems.heroquest.model.action_text import aim, verb_of
from grognard.systems.heroquest.model.edits import monster_index, note, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import has, parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    AFTER_LOOK,
    CHANCES,
    HERO_TURN_STARTS,
    MODIFIERS,
    MONSTER_TURN_LOSSES,
    Chance,
    Modifier,
    StateHook,
    TurnLoss,
    TurnStart,
    TurnStep,
    required,
)
from grognard.systems.heroquest.model.feature_hooks import chance_result as chance_result_of
from grognard.systems.heroquest.model.feature_hooks import chance_throw as chance_throw_of
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.gear import movement_roll_modifier
from grognard.systems.heroquest.rules.monster_wounds import struck
from grognard.systems.heroquest.rules.wounds import hurt_hero

VANISH = "vanish"
DAZZLE = "dazzle"
TWISTED = "twisted"

VANISHED_VERBS = frozenset({"roll", "move", "jump", "climb", "door", "leave", "end", "cancel"})
"""What a hero under Disappear may do: move and open doors, or cancel the spell (line 527)."""

DISAPPEAR_ENDS = 9
"""A movement roll of this much or more on the red dice ends Disappear (line 527)."""

WOODEN = frozenset({"bow", "crossbow", "staff", "quarterstaff", "ceremonial-stave", "club", "spiked-club"})
"""The wooden weapons (catalogue keys) Twist Wood warps (line 529; our list, see the rulings)."""

BLAZE_TURNS = 3
"""Hypnotic Blaze paralyses for three turns (line 537)."""

KINDS = frozenset({"vmove", "image", "blaze", "safecard"})
"""The chance nodes played here (and "safecard" of `spells_scroll`)."""


# ---------------------------------------------------------------------------------------------------
# Disappear (line 527)


def vanished(state: QuestState, i: int) -> bool:
    """True while hero `i` is under Disappear: unseen, untouched by attacks, spells and traps."""
    return has(state.heroes[i].effects, VANISH)


def _unvanished_friends(state: QuestState, i: int, spell: Spell) -> list[str]:
    return [t for t in friends(state, i, spell) if not vanished(state, int(t[1:]))]


@register_spell("elf/disappear", _unvanished_friends)
def disappear(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """The character moves unseen until a movement roll of 9 or more (line 527)."""
    k = aim(target).hero_index
    fig = state.heroes[k]
    state = with_hero(state, k, replace(fig, effects=(*fig.effects, f"{VANISH}|")))
    return note(state, said("spell.disappears-from-sight", hero=k, hero_name=state.hero_of(k).name))


def restrict(state: QuestState, i: int, actions: list[str]) -> list[str]:
    """The actions of hero `i` cut to moving and doors while he is under Disappear, with `cancel`."""
    if not vanished(state, i):
        return actions
    kept = [a for a in actions if verb_of(a) in VANISHED_VERBS]
    return [*kept[:-1], "cancel:disappear", kept[-1]] if kept and kept[-1] == "end" else kept


def cancel(state: QuestState, i: int) -> QuestState:
    """The hero ends his Disappear himself (free, line 527: "unless he chooses to cancel the spell")."""
    return _reappear(state, i, "cancels")


def _reappear(state: QuestState, i: int, how: str) -> QuestState:  # how: an id of event_text.WORDS
    fig = state.heroes[i]
    effects = tuple(e for e in fig.effects if parse(e)[0] != VANISH)
    return note(
        with_hero(state, i, replace(fig, effects=effects)),
        said("spell.elf-effect", hero=i, hero_name=state.hero_of(i).name, how=how),
    )


def _vmove_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    """The squares allowed, and "/ends" when the red dice total 9 or more (line 527)."""
    hero = state.hero_of(p.who)
    out: dict[str, Fraction] = {}
    for roll, q in sum_distribution(p.dice, 6).items():
        allowed = max(
            0, min(MAX_MOVE, max(roll + movement_roll_modifier(hero) + p.need, hero.maximum("movement")))
        )
        key = f"{allowed}/ends" if roll >= DISAPPEAR_ENDS else str(allowed)
        out[key] = out.get(key, Fraction(0)) + q
    return sorted(out.items())


def _vmove_result(state: QuestState, p: Pending, move: str) -> QuestState:
    squares, _, ends = move.partition("/")
    state = chance_result_of(state, replace(p, kind="move"), int(squares))
    return _reappear(state, p.who, "seen") if ends else state


# ---------------------------------------------------------------------------------------------------
# Twist Wood (line 529)


def wooden_weapon(state: QuestState, j: int) -> Gear | None:
    """The wooden weapon monster `j` holds in its main hand (as its quest gives it), or None."""
    stats = state.ctx.monster(state.monsters[j].id)
    if not stats.weapon or hq.key_of(stats.weapon) not in WOODEN:
        return None
    entry = hq.monster(stats.kind)
    return next((g for g in entry.weapons if hq.key_of(g.name) == hq.key_of(stats.weapon)), None)


def _wooden_enemies(state: QuestState, i: int, spell: Spell) -> list[str]:
    return [
        mid
        for mid in enemies(state, i, spell)
        if wooden_weapon(state, monster_index(state, mid)) is not None
        and not has(state.monsters[monster_index(state, mid)].effects, TWISTED)
    ]


@register_spell("elf/twist-wood", _wooden_enemies)
def twist_wood(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """The enemy's wooden weapon warps: it attacks with its base Attack for the rest of the quest."""
    j = monster_index(state, target)
    m = state.monsters[j]
    weapon = wooden_weapon(state, j)
    assert weapon is not None
    state = with_monster(state, j, replace(m, effects=(*m.effects, f"{TWISTED}|quest")))
    return note(
        state,
        said(
            "status.warps-into-uselessness",
            monster=j,
            weapon=weapon.name.lower(),
            monster_name=state.stats_of(j).name,
        ),
    )


# ---------------------------------------------------------------------------------------------------
# Double Image (line 535)


def _sees_enemy(state: QuestState, i: int) -> bool:
    at = state.heroes[i].at
    return at is not None and any(
        m.status == "active" and m.at is not None and sees(state.layout, at, m.at, state.figures)
        for m in state.monsters
    )


def _image_targets(state: QuestState, i: int, spell: Spell) -> list[str]:
    if not _sees_enemy(state, i):
        return []  # it would break at once (line 535)
    return [t for t in _unvanished_friends(state, i, spell) if not imaged(state, int(t[1:]))]


def imaged(state: QuestState, k: int) -> bool:
    """True while hero `k` has a Double Image."""
    return any(parse(e)[0].startswith("image:") for e in state.heroes[k].effects)


@register_spell("elf/double-image", _image_targets)
def double_image(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """A lifelike image of the character appears beside him."""
    k = aim(target).hero_index
    fig = state.heroes[k]
    state = with_hero(state, k, replace(fig, effects=(*fig.effects, f"image:{i}|")))
    return note(state, said("status.double-shimmers-beside", hero=k, hero_name=state.hero_of(k).name))


def after_look(state: QuestState) -> QuestState:
    """Double Images whose caster sees no enemy any more (or is gone) are broken (line 535)."""
    if not any(e.startswith("image:") for h in state.heroes for e in h.effects):
        return state
    for k, h in enumerate(state.heroes):
        for e in h.effects:
            name = parse(e)[0]
            if not name.startswith("image:"):
                continue
            caster = int(name[6:])
            if state.heroes[caster].status == "active" and _sees_enemy(state, caster):
                continue
            fig = state.heroes[k]
            state = with_hero(state, k, replace(fig, effects=tuple(x for x in fig.effects if x != e)))
            state = note(state, said("status.double-fades", hero=k, hero_name=state.hero_of(k).name))
    return state


def intercept_hit(state: QuestState, p: Pending, move: Outcome) -> QuestState | None:
    """A monster's attack that hit a hero with a Double Image: the red die to roll first (line 535)."""
    if p.kind != "attack" or p.side != "monster" or int(move) <= 0 or not imaged(state, p.target):
        return None
    return replace(state, pending=Pending("image", who=p.who, target=p.target, dice=int(move), then=p.then))


def _image_result(state: QuestState, p: Pending, move: str) -> QuestState:
    name = state.hero_of(p.target).name
    if move == "image":
        return note(state, said("attack.blow-passes-through-double", hero=p.target, hero_name=name))
    state = hurt_hero(state, p.target, p.dice, "attack", by=state.stats_of(p.who).name)
    return struck(state, p, p.dice)  # what follows the hit: Bite, Maul, Pestilence, ... (monster_wounds)


# ---------------------------------------------------------------------------------------------------
# Hypnotic Blaze (line 537)


def figures_in_sight(state: QuestState, i: int) -> list[str]:
    """Every figure the caster sees but himself, heroes as "hN" (none under Disappear), monsters by id."""
    at = state.heroes[i].at
    assert at is not None
    out = [
        f"h{k}"
        for k, h in enumerate(state.heroes)
        if k != i
        and h.status == "active"
        and h.at is not None
        and not vanished(state, k)
        and sees(state.layout, at, h.at, state.figures)
    ]
    out += [
        m.id
        for m in state.monsters
        if m.status == "active" and m.at is not None and sees(state.layout, at, m.at, state.figures)
    ]
    return out


def _blaze_targets(state: QuestState, i: int, spell: Spell) -> list[str]:
    return ["all"] if figures_in_sight(state, i) else []


@register_spell("elf/hypnotic-blaze", _blaze_targets)
def hypnotic_blaze(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """Everyone in sight but the caster rolls a red die against his Mind (line 537)."""
    ids = figures_in_sight(state, i)
    state = note(state, said("status.huge-illusory-flame-roars"))
    return replace(state, pending=Pending("blaze", who=i, ref=",".join(ids)))


def figure_mind(state: QuestState, fid: str) -> int:
    """The Mind points of figure `fid` (a hero as "hN", a monster by id)."""
    if fid[0] == "h" and fid[1:].isdigit():
        return state.heroes[int(fid[1:])].mind
    return state.stats_of(monster_index(state, fid)).mind


def _blaze_chance(mind: int) -> Fraction:
    """A red die above `mind`: paralysed."""
    return Fraction(max(0, 6 - max(0, mind)), 6)


def _blaze_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    ids = [x for x in p.ref.split(",") if x]
    return list(subsets(ids, {fid: _blaze_chance(figure_mind(state, fid)) for fid in ids}))


def _blaze_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    rolls, hit = [], []
    for fid in (x for x in p.ref.split(",") if x):
        roll = red_dice(rng, 1)
        mind = figure_mind(state, fid)
        rolls.append(replace(roll, expression=f"{_name(state, fid)} (Mind {mind}): 1 red die"))
        if roll.total > mind:
            hit.append(fid)
    return "+".join(hit), tuple(rolls)


def _name(state: QuestState, fid: str) -> str:
    if fid[0] == "h" and fid[1:].isdigit():
        return state.hero_of(int(fid[1:])).name
    return state.stats_of(monster_index(state, fid)).name


def _blaze_result(state: QuestState, p: Pending, move: str) -> QuestState:
    hit = [x for x in move.split("+") if x]
    tag = f"{DAZZLE}+{BLAZE_TURNS}|"
    for fid in hit:
        if fid[0] == "h" and fid[1:].isdigit():
            k = int(fid[1:])
            fig = state.heroes[k]
            kept = tuple(e for e in fig.effects if parse(e)[0] != DAZZLE)
            state = with_hero(state, k, replace(fig, effects=(*kept, tag)))
        else:
            j = monster_index(state, fid)
            m = state.monsters[j]
            kept = tuple(e for e in m.effects if parse(e)[0] != DAZZLE)
            state = with_monster(state, j, replace(m, effects=(*kept, tag)))
    names = tuple(_name(state, fid) for fid in hit)
    return note(state, said("status.paralysed-blaze", names=names))


def dazzled(effects: tuple[str, ...]) -> bool:
    """True while a figure is paralysed by Hypnotic Blaze (no moving, attacking or defending)."""
    return has(effects, DAZZLE)


def _spent_turn(effects: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for e in effects:
        name, n, duration = parse(e)
        if name != DAZZLE:
            out.append(e)
        elif n > 1:
            out.append(f"{DAZZLE}+{n - 1}|{duration}")
    return tuple(out)


def paralysed_hero(state: QuestState, k: int) -> QuestState | None:
    """Hero `k` starting a turn while paralysed: the turn is lost (one of three); None when he is free."""
    fig = state.heroes[k]
    if not dazzled(fig.effects):
        return None
    state = with_hero(state, k, replace(fig, effects=_spent_turn(fig.effects)))
    return note(state, said("turn.hero-entranced-blaze", hero=k, hero_name=state.hero_of(k).name))


def paralysed_monster(state: QuestState, j: int) -> QuestState | None:
    """Monster `j` starting a turn while paralysed: the turn is lost; None when it is free."""
    m = state.monsters[j]
    if not dazzled(m.effects):
        return None
    state = with_monster(state, j, replace(m, effects=_spent_turn(m.effects)))
    return note(state, said("turn.monster-entranced-blaze", monster=j, monster_name=state.stats_of(j).name))


# ---------------------------------------------------------------------------------------------------
# The chance nodes (called by `resolve`)


def chance_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The exact outcomes of a chance node played here, or None when `p` is not one."""
    if p.kind not in KINDS:
        return None
    if p.kind == "vmove":
        return _vmove_outcomes(state, p)
    if p.kind == "image":
        return [("image", Fraction(1, 2)), ("hit", Fraction(1, 2))]  # 1-3 on a red die (line 535)
    if p.kind == "blaze":
        return _blaze_outcomes(state, p)

    return safe_outcomes(state, p)


def chance_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]] | None:
    """The real dice of a chance node played here, or None when `p` is not one."""
    if p.kind == "vmove":
        allowed, rolls = chance_throw_of(state, replace(p, kind="move"), rng)
        ends = rolls[0].total >= DISAPPEAR_ENDS
        return (f"{allowed}/ends" if ends else str(allowed)), rolls
    if p.kind == "image":
        roll = red_dice(rng, 1)
        return ("image" if roll.total <= 3 else "hit"), (roll,)
    if p.kind == "blaze":
        return _blaze_throw(state, p, rng)
    if p.kind == "safecard":
        return rng.weighted_choice(chance_outcomes(state, p) or []), ()
    return None


def chance_result(state: QuestState, p: Pending, move: Outcome) -> QuestState | None:
    """The state after a chance node played here, or None."""
    if p.kind == "vmove":
        return _vmove_result(state, p, str(move))
    if p.kind == "image":
        return _image_result(state, p, str(move))
    if p.kind == "blaze":
        return _blaze_result(state, p, str(move))
    if p.kind == "safecard":
        return safe_card(state, p, str(move))
    return None


for _kind in KINDS:
    CHANCES.add(_kind, Chance(required(chance_outcomes), required(chance_result), required(chance_throw)))


def _image_first(state: QuestState, p: Pending, move: Outcome) -> tuple[QuestState, Outcome, bool]:
    found = intercept_hit(state, p, move)
    return (state, move, False) if found is None else (found, move, True)


MODIFIERS.add("double-image", Modifier(20, before=_image_first))


def _blaze_start(state: QuestState, who: int) -> tuple[QuestState, TurnStep]:
    lost = paralysed_hero(state, who)  # Hypnotic Blaze (line 537)
    return (state, "go") if lost is None else (lost, "end")


HERO_TURN_STARTS.add("hypnotic-blaze", TurnStart(20, _blaze_start))


AFTER_LOOK.add("double-image", StateHook(10, after_look))  # a caster who sees no enemy (line 535)
MONSTER_TURN_LOSSES.add("hypnotic-blaze", TurnLoss(10, paralysed_monster))  # line 537
