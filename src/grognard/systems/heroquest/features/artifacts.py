"""The artifacts that are used or change a roll (lines 435-487 of 004_24cd6f974fe6a1ee.txt), registered in
`items.HANDLERS`, and the chance nodes they bring (called by `resolve`).

Used as the turn's action (`use:KEY[:ARG]`, line 106):
- Bone Wand (445): every skeleton in an area the hero sees a skeleton in is his to move and to set on
  other monsters in its next turn (as Dominion's thrall, "thrall<i>|next-turn"); once a quest.
- Dust of Disappearance (449): tossed on the hero or an ally he sees, who passes through enemies'
  squares for the rest of that hero's turn (or all of his next one); once.
- Elven Bow of Vindication (455): an arrow at an enemy he may aim at kills it unless it rolls a black
  shield on its defend dice (a "vindicate" node); four arrows, counted across quests; not at a named
  enemy.
- Ring of Return (467): the hero and every ally he sees go back to where they came into the quest (the
  start squares or the stairs); once.
- Spell Scroll (477): the spell it names is cast at no Magic cost, by anyone, and the scroll dissolves.

Not an action (`FREE_USES`): the Spell Ring (475) stores one of a magic-user's spells while no enemy is in
sight (`use:spell-ring:SCHOOL/KEY`); in an encounter its first casting costs no Magic (`pay_for_cast`).

Rolls: the Elven Boots (453) add a red die to a rogue's movement ("bmove" node, `artifacts_env.move_roll`)
and wear out when every die shows the same number; Rabbit Boots (465) clear a jump over a trap on
anything but a black shield (`trap_dice.jump_chance`) and also jump a figure beside the hero to the
free square beyond ("hop" node); the Wand of Magic (483), held as the weapon, lets a magic-user cast a
second, different spell in his turn (`second_casts`, `after_cast`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice, red_dice
from grognard.engine.errors import UsageError
from grognard.engine.game import Outcome
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.geometry import MAX_MOVE, can_target, jump
from grognard.systems.heroquest.content.hero import scroll_spell
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.features.items.items import FREE_USES, always, handler, register_item
from grognard.systems.heroquest.features.spells.spells import (
    find,
    in_play,
    install_cast_payment,
    offers,
    spell_key,
)
from grognard.systems.heroquest.features.spells.spells import handler as spell_handler
from grognard.systems.heroquest.model.action_text import cast_arg, cast_of, keyed, sq, sq_text
from grognard.systems.heroquest.model.edits import free_square_near, note, trap_here, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import has, parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, Chance, required
from grognard.systems.heroquest.model.feature_hooks import chance_result as chance_result_of
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.artifacts_gear import (
    carried_thing,
    discard_thing,
    equip_actions,
    lose,
    spend_charge,
    thing_key,
    wears,
)
from grognard.systems.heroquest.rules.effects import castable, monster_defend_dice
from grognard.systems.heroquest.rules.gear import movement_roll_modifier
from grognard.systems.heroquest.rules.targets import free_to_act
from grognard.systems.heroquest.rules.trap_dice import resisted_chance
from grognard.systems.heroquest.rules.wounds import hurt_monster

BOW_ARROWS = 4
"""The Elven Bow of Vindication's arrows (line 455)."""

KINDS = ("vindicate", "bmove", "hop")
"""The chance nodes played here."""

SIXTH = Fraction(1, 6)


def _monster(state: QuestState, mid: str) -> int:
    return next(n for n, m in enumerate(state.monsters) if m.id == mid)


def _seen_heroes(state: QuestState, i: int) -> list[int]:
    at = state.heroes[i].at
    assert at is not None
    return [
        k
        for k, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and (k == i or sees(state.layout, at, h.at, state.figures))
    ]


# ---------------------------------------------------------------------------------------------------
# Bone Wand (line 445)


def _skeleton_areas(state: QuestState, i: int) -> list[str]:
    fig = state.heroes[i]
    if has(fig.effects, "used:bone-wand") or fig.at is None:
        return []
    board = state.layout.board
    return sorted(
        {
            board.area_at[m.at]
            for j, m in enumerate(state.monsters)
            if m.status == "active"
            and m.at is not None
            and state.stats_of(j).kind == "Skeleton"
            and sees(state.layout, fig.at, m.at, state.figures)
        }
    )


@register_item("bone-wand", _skeleton_areas)
def bone_wand(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 445: every skeleton in the area is the hero's to move and to set on other monsters (or each
    other) in its next turn; once a quest."""
    if arg not in _skeleton_areas(state, i):
        raise UsageError(gettext("no skeleton in sight in {arg!r}").format(arg=arg))
    board = state.layout.board
    fig = state.heroes[i]
    state = with_hero(state, i, replace(fig, effects=(*fig.effects, "used:bone-wand|quest")))
    held = 0
    for j, m in enumerate(state.monsters):
        skeleton = state.stats_of(j).kind == "Skeleton"
        if m.status == "active" and m.at is not None and skeleton and board.area_at[m.at] == arg:
            thrall = f"thrall{i}|next-turn"  # moved by the heroes' player, as Dominion's (skill_moves)
            state = with_monster(state, j, replace(m, aware=True, effects=(*m.effects, thrall)))
            held += 1
    return note(
        state, said("item.raises-bone-wand-skeleton", hero=i, hero_name=state.hero_of(i).name, held=held)
    )


# ---------------------------------------------------------------------------------------------------
# Dust of Disappearance (line 449) and Ring of Return (line 467)


def _dust_targets(state: QuestState, i: int) -> list[str]:
    return [f"h{k}" for k in _seen_heroes(state, i)]


@register_item("dust-of-disappearance", _dust_targets)
def dust_of_disappearance(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 449: the hero it is tossed on passes unnoticed through enemies' squares in his turn (this one
    for the thrower himself, the next one for an ally; never ending on an enemy's square)."""
    if arg not in _dust_targets(state, i):
        raise UsageError(gettext("no hero {arg!r} in sight for the dust").format(arg=arg))
    state = discard_thing(state, i, "dust-of-disappearance")
    k = int(arg[1:])
    fig = state.heroes[k]
    state = with_hero(state, k, replace(fig, effects=(*fig.effects, "dust|one-turn")))
    return note(state, said("move.dusted-slips-past-enemies", hero=k, hero_name=state.hero_of(k).name))


@register_item("ring-of-return", always)
def ring_of_return(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 467: the hero and every ally he sees are back where the party came into the quest (its start
    squares or the stairs, the nearest free square when those are taken); once."""
    group = _seen_heroes(state, i)
    state = discard_thing(state, i, "ring-of-return")
    for k in group:
        state = with_hero(state, k, replace(state.heroes[k], at=None))
    starts = state.ctx.quest.start_squares()
    for k in group:
        free = [s for s in starts if s not in state.figures and trap_here(state, s) is None]
        where = free[0] if free else free_square_near(state, starts[0])
        assert where is not None, "the quest's start has no free square near it"
        fig = state.heroes[k]
        effects = tuple(e for e in fig.effects if not e.startswith("pit|"))
        state = with_hero(state, k, replace(fig, at=where, effects=effects))
    names = tuple(state.hero_of(k).name for k in group)
    return note(state, said("item.ring-return-carries-back", names=names))


# ---------------------------------------------------------------------------------------------------
# Elven Bow of Vindication (line 455)


def _bow_targets(state: QuestState, i: int) -> list[str]:
    at = state.heroes[i].at
    assert at is not None
    return [
        m.id
        for j, m in enumerate(state.monsters)
        if m.status == "active"
        and m.at is not None
        and state.stats_of(j).name == state.stats_of(j).kind  # not at a named enemy (our ruling)
        and can_target(state.layout, at, m.at, state.figures)
    ]


@register_item("elven-bow-of-vindication", _bow_targets)
def elven_bow(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 455: an arrow at an enemy he may aim at; it dies unless it rolls a black shield on its defend
    dice. The arrow is spent either way; the fourth leaves the bow useless."""
    if arg not in _bow_targets(state, i):
        raise UsageError(gettext("no enemy {arg!r} in sight for the bow").format(arg=arg))
    j = _monster(state, arg)
    state = spend_charge(state, i, "elven-bow-of-vindication", BOW_ARROWS)
    dice = monster_defend_dice(state, j)
    return replace(state, pending=Pending("vindicate", who=i, target=j, dice=dice))


# ---------------------------------------------------------------------------------------------------
# Spell Scroll (line 477) and Spell Ring (line 475)


def _scroll_offers(state: QuestState, i: int) -> list[str]:
    out: list[str] = []
    for name in dict.fromkeys(state.heroes[i].items):
        spell = scroll_spell(name)
        if spell is not None and in_play(spell):
            key = spell_key(spell)
            out.extend(f"{key}:{t}" for t in offers(state, i, key))
    return out


@register_item("spell-scroll", _scroll_offers)
def spell_scroll(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 477: the spell the scroll names, cast by anyone at no Magic cost; the scroll dissolves."""
    if arg not in _scroll_offers(state, i):
        raise UsageError(gettext("no scroll to read as {arg!r}").format(arg=arg))
    read = cast_arg(arg)
    key, target = read.spell, read.target
    spell = find(key)
    name = next(n for n in state.heroes[i].items if scroll_spell(n) == spell)
    state = note(
        lose(state, i, name),
        said("spell.reads-scroll-gone", hero=i, hero_name=state.hero_of(i).name, spell=spell.name),
    )
    return spell_handler(key).apply(state, i, spell, target)


def stored_spell(state: QuestState, i: int) -> str | None:
    """The spell ("school/key") hero `i` has stored in his Spell Ring, or None."""
    found = [parse(e)[0] for e in state.heroes[i].effects if e.startswith("ring:")]
    return found[0][5:] if found else None


def _ring_offers(state: QuestState, i: int) -> list[str]:
    if state.encounter or not wears(state, i, "spell-ring"):
        return []
    stored = stored_spell(state, i)
    return [k for k in state.heroes[i].spells if k != stored]


@register_item("spell-ring", _ring_offers)
def spell_ring(state: QuestState, i: int, arg: str) -> QuestState:
    """Line 475: with no enemy in sight, the wearer names the spell the ring holds (no action)."""
    if arg not in _ring_offers(state, i):
        raise UsageError(gettext("the Spell Ring cannot hold {arg!r} now").format(arg=arg))
    fig = state.heroes[i]
    effects = tuple(e for e in fig.effects if not e.startswith("ring:"))
    state = with_hero(state, i, replace(fig, effects=(*effects, f"ring:{arg}|quest")))
    return note(
        state,
        said("spell.stores-spell-ring", hero=i, hero_name=state.hero_of(i).name, spell=hq.spell(arg).name),
    )


def ring_pays(state: QuestState, i: int, key: str) -> bool:
    """True when hero `i`'s Spell Ring pays for casting `key` now: worn, holding it, in an encounter, not
    used in this one (line 475)."""
    return (
        state.encounter
        and stored_spell(state, i) == key
        and not has(state.heroes[i].effects, "used:spell-ring")
        and wears(state, i, "spell-ring")
    )


def pay_for_cast(state: QuestState, i: int, key: str) -> QuestState:
    """Hero `i` pays for casting `key`: one Magic point (line 162), or nothing when the Spell Ring pays."""
    fig = state.heroes[i]
    if ring_pays(state, i, key):
        state = with_hero(state, i, replace(fig, effects=(*fig.effects, "used:spell-ring|encounter")))
        return note(state, said("spell.spell-ring-releases-spell"))
    return with_hero(state, i, replace(fig, magic=fig.magic - 1))


def free_uses(state: QuestState, i: int) -> list[str]:
    """The `use:KEY:ARG` actions that are not the turn's action (the Spell Ring's storing)."""
    out: list[str] = []
    for key in sorted({thing_key(n) for n in state.heroes[i].items} & FREE_USES):
        out.extend(f"use:{key}:{a}" for a in handler(key).offers(state, i))
    return out


def turn_actions(state: QuestState, i: int) -> list[str]:
    """Hero `i`'s actions from his gear: changing equipment (`artifacts_gear`), storing a spell in the
    Spell Ring, a second spell with the Wand of Magic."""
    return [*equip_actions(state, i, free_to_act(state)), *free_uses(state, i), *second_casts(state, i)]


def is_free_use(arg: str) -> bool:
    """True when `use:ARG` is not the turn's action."""
    return keyed("use", arg).key in FREE_USES


# ---------------------------------------------------------------------------------------------------
# Wand of Magic (line 483)


def after_cast(state: QuestState, i: int, arg: str) -> QuestState:
    """Marks the spell hero `i` cast while holding the Wand of Magic (the first of two, or the second)."""
    if not wears(state, i, "wand-of-magic"):
        return state
    fig = state.heroes[i]
    key = cast_arg(arg).spell
    mark = "wand2|one-turn" if any(e.startswith("wand:") for e in fig.effects) else f"wand:{key}|one-turn"
    return with_hero(state, i, replace(fig, effects=(*fig.effects, mark)))


def second_casts(state: QuestState, i: int) -> list[str]:
    """The second spell hero `i` may cast in his turn with the Wand of Magic: any he may cast but the
    first (line 483: two different spells, each paid for)."""
    fig = state.heroes[i]
    first = [parse(e)[0][5:] for e in fig.effects if e.startswith("wand:")]
    if not first or has(fig.effects, "wand2") or state.turn.attacks or not wears(state, i, "wand-of-magic"):
        return []
    return [a for a in castable(state, i) if cast_of(a).spell != first[0]]


# ---------------------------------------------------------------------------------------------------
# Rabbit Boots (line 465)


def hops(state: QuestState, i: int) -> list[tuple[Square, int]]:
    """The jumps hero `i` may try in Rabbit Boots over a figure beside him: (landing, moves used)."""
    at = state.heroes[i].at
    if at is None or not wears(state, i, "rabbit-boots"):
        return []
    out = []
    for n in neighbours(at):
        if n not in state.figures or not state.layout.open_between(at, n):
            continue
        landed = jump(state.layout, at, [n], occupied=state.figures)
        if landed is not None and landed[1] <= state.turn.moves and trap_here(state, landed[0]) is None:
            out.append(landed)
    return out


def hop(state: QuestState, i: int, landing: Square) -> QuestState | None:
    """The jump over a figure to `landing` declared (its moves used), or None when there is none."""
    for square, used in hops(state, i):
        if square == landing:
            turn = replace(state.turn, moves=state.turn.moves - used)
            return replace(state, turn=turn, pending=Pending("hop", who=i, need=used, then=sq_text(square)))
    return None


def _hop_chance(state: QuestState, who: int) -> Fraction:
    return resisted_chance(state, who, 1 - SIXTH)


# ---------------------------------------------------------------------------------------------------
# Elven Boots (line 453)


@cache
def boot_moves(dice: int, shift: int, movement: int) -> tuple[tuple[str, Fraction], ...]:
    """The squares a move on `dice` red dice allows (roll + `shift`, at least `movement`, at most 12),
    with "/worn" when every die shows the same number (line 453)."""
    out: dict[str, Fraction] = {}
    each = SIXTH**dice
    for faces in product(range(1, 7), repeat=dice):
        allowed = max(0, min(MAX_MOVE, max(sum(faces) + shift, movement)))
        key = f"{allowed}/worn" if len(set(faces)) == 1 else str(allowed)
        out[key] = out.get(key, Fraction(0)) + each
    return tuple(sorted(out.items(), key=lambda kv: (int(kv[0].partition("/")[0]), kv[0])))


def _shift(state: QuestState, p: Pending) -> tuple[int, int]:
    hero = state.hero_of(p.who)
    return movement_roll_modifier(hero) + p.need, hero.maximum("movement")


# ---------------------------------------------------------------------------------------------------
# The chance nodes (called by `resolve`)


def chance_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]] | None:
    """The exact outcomes of a chance node played here, or None when `p` is not one."""
    if p.kind == "vindicate":
        stands = 1 - (1 - SIXTH) ** p.dice
        return [("slain", Fraction(1))] if not stands else [("slain", 1 - stands), ("saved", stands)]
    if p.kind == "bmove":
        return list(boot_moves(p.dice, *_shift(state, p)))
    if p.kind == "hop":
        ok = _hop_chance(state, p.who)
        return [("clear", ok), ("balk", 1 - ok)]
    return None


def chance_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]] | None:
    """The real dice of a chance node played here, or None when `p` is not one."""
    if p.kind == "vindicate":
        if not p.dice:
            return "slain", ()
        roll = heroquest_combat_dice(rng, p.dice)
        saved = any(d.face == "black shield" for d in roll.dice)
        return ("saved" if saved else "slain"), (roll,)
    if p.kind == "bmove":
        roll = red_dice(rng, p.dice)
        shift, movement = _shift(state, p)
        allowed = max(0, min(MAX_MOVE, max(roll.total + shift, movement)))
        return (f"{allowed}/worn" if len(set(roll.faces())) == 1 else str(allowed)), (roll,)
    if p.kind == "hop":
        extra = state.hero_of(p.who).knows_skill("Human Resistance")
        roll = heroquest_combat_dice(rng, 2 if extra else 1)
        ok = any(d.face != "black shield" for d in roll.dice)
        return ("clear" if ok else "balk"), (roll,)
    return None


def chance_result(state: QuestState, p: Pending, move: Outcome) -> QuestState | None:
    """The state after a chance node played here, or None when `p` is not one."""
    if p.kind == "vindicate":
        j = p.target
        if move == "saved":
            return note(
                state, said("attack.black-shield-turns-arrow", monster=j, monster_name=state.stats_of(j).name)
            )
        state = note(
            state, said("attack.arrow-vindication-strikes", monster=j, monster_name=state.stats_of(j).name)
        )
        return hurt_monster(state, j, state.monsters[j].body, killer=p.who)
    if p.kind == "bmove":
        squares, _, worn = str(move).partition("/")
        state = chance_result_of(state, replace(p, kind="move"), int(squares))
        name = carried_thing(state.heroes[p.who], "elven-boots")
        if worn and name is not None:
            state = note(lose(state, p.who, name), said("item.every-die-same-wear", name=name))
        return state
    if p.kind == "hop":
        fig = state.heroes[p.who]
        who = state.hero_of(p.who).name
        if move == "balk":
            return note(state, said("move.fails-clear-figure-stays", hero=p.who, hero_name=who))
        effects = tuple(e for e in fig.effects if not e.startswith("pit|"))
        return note(
            with_hero(state, p.who, replace(fig, at=sq(p.then), effects=effects)),
            said("move.leaps-over", hero=p.who, hero_name=who),
        )
    return None


for _kind in KINDS:  # the Elven Bow, Elven Boots, Rabbit Boots
    CHANCES.add(_kind, Chance(required(chance_outcomes), required(chance_result), required(chance_throw)))


install_cast_payment(pay_for_cast)
