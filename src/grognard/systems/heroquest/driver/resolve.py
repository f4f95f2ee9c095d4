"""The dice of a quest: every chance node's exact outcomes, the real throw, and what each outcome does.

Chance nodes are coarse: a movement roll is one node over the squares allowed; an attack is one node
over the damage dealt (skulls less blocking shields, `combat_dice.damage`, line 84), thrown for real as
both rolls with every face kept; a trap's dice, a jump, a disarm, a rest, a potion's red die, a spell's
damage and a treasure card drawn from our own deck (`data/decks/treasure.toml`) are each one node.
Also here: traps sprung (lines 126-142) and searching (lines 94-100); wounds, death, kills, attacks
declared and the wandering monster are in `wounds`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from math import factorial

from grognard.engine.dice.core import Rng, Roll, heroquest_combat_dice, red_dice, sum_distribution
from grognard.engine.errors import RulesError
from grognard.engine.game import Move, Outcome
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import combat_dice
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.combat_dice import Defender, binomial, roll_attack, skulls
from grognard.systems.heroquest.content.geometry import MAX_MOVE, monster_allowance
from grognard.systems.heroquest.content.mercenaries import clamp_allowed, clamp_moves
from grognard.systems.heroquest.features.dungeon.pit_climb import after_failed_jump
from grognard.systems.heroquest.features.dungeon.traps import spring, take_treasure
from grognard.systems.heroquest.features.items import weapons
from grognard.systems.heroquest.features.items.artifacts_env import envenom
from grognard.systems.heroquest.features.items.items import attack_damage, throw_attack
from grognard.systems.heroquest.features.items.treasure import deck, draw_treasure_card
from grognard.systems.heroquest.features.skills.skill_combat import after_attack, riposte
from grognard.systems.heroquest.model.edits import note, thrall_of, trap_status, with_hero, with_monster
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    CHANCES,
    Chance,
    chance_outcomes,
    chance_result,
    chance_throw,
)
from grognard.systems.heroquest.model.state import Pending, QuestState
from grognard.systems.heroquest.rules.gear import movement_roll_modifier
from grognard.systems.heroquest.rules.monster_wounds import defended, struck
from grognard.systems.heroquest.rules.order import participants, set_order
from grognard.systems.heroquest.rules.trap_dice import jump_chance, jump_clears, resisted_chance, trap_kind
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster

HALF = Fraction(1, 2)
SIXTH = Fraction(1, 6)


# ---------------------------------------------------------------------------------------------------
# The treasure deck


# ---------------------------------------------------------------------------------------------------
# Exact outcomes


def movement_outcomes(dice: int, movement: int, modifier: int, bonus: int) -> dict[int, Fraction]:
    """The squares a hero may move: `dice` red dice plus `modifier` (plate mail) and `bonus`, at least his
    Movement, at most 12 (lines 78, 164; the rulings' "greater" reading)."""
    out: dict[int, Fraction] = {}
    for roll, p in sum_distribution(dice, 6).items():
        allowed = max(0, min(MAX_MOVE, max(roll + modifier + bonus, movement)))
        out[allowed] = out.get(allowed, Fraction(0)) + p
    return out


def monster_moves(move_min: int, move_max: int, plate: bool) -> dict[int, Fraction]:
    """A monster's squares: two red dice held between its least and most (line 611)."""
    out: dict[int, Fraction] = {}
    for roll, p in sum_distribution(2, 6).items():
        allowed = monster_allowance(roll, move_min, move_max, plate_mail=plate)
        out[allowed] = out.get(allowed, Fraction(0)) + p
    return out


def _disarm_chance(state: QuestState, who: int) -> Fraction:
    """Disarm Traps fails only on a black shield (line 255); the Tool Kit on a skull (line 423)."""
    return resisted_chance(state, who, 1 - SIXTH if state.hero_of(who).knows_skill("Disarm Traps") else HALF)


def outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    """The exact outcomes of the pending chance node (its registered kind's, `feature_hooks`)."""
    return chance_outcomes(state, p)


def _core_outcomes(state: QuestState, p: Pending) -> list[tuple[Outcome, Fraction]]:
    kind = p.kind
    if kind == "order":
        who = participants(state)
        share = Fraction(1, factorial(len(who)))
        return [(",".join(str(i) for i in o), share) for o in permutations(who)]
    if kind == "move":
        hero = state.hero_of(p.who)
        dist = movement_outcomes(p.dice, hero.maximum("movement"), movement_roll_modifier(hero), p.need)

        return sorted(clamp_moves(state, p.who, dist).items())  # a mercenary's least and most (line 611)
    if kind == "mmove":
        s = state.stats_of(p.who)
        return sorted(monster_moves(s.move_min, s.move_max, s.plate).items())
    if kind == "attack":
        defender: Defender = "monster" if p.side in ("hero", "thrall") else "hero"

        if weapons.is_axe_ref(p.ref):  # the Battle Axe's concussion (line 369)
            return weapons.axe_outcomes(p.dice, p.need, defender, p.ref)
        if p.ref:
            return list(attack_damage(p.dice, p.need, defender, p.ref).items())
        return [(d, q) for d, q in combat_dice.damage(p.dice, p.need, defender).items() if q]
    if kind == "trap":
        return _trap_outcomes(trap_kind(state, p.ref) if p.ref in state.ctx.trap_index else "spear")
    if kind == "jump":
        ok = jump_chance(state, p)
        return [("clear", ok)] if ok == 1 else [("clear", ok), ("fall", 1 - ok)]
    if kind == "disarm":
        ok = _disarm_chance(state, p.who)
        return [("disarmed", ok), ("sprung", 1 - ok)]
    if kind == "heal":
        return [(n, SIXTH) for n in range(1, 7)]
    if kind == "burn":
        return [(d, q) for d, q in binomial(p.dice, Fraction(6 - p.need, 6)).items() if q]
    if kind == "wake":
        stay = Fraction(5, 6) ** p.dice
        return [("sleeps", Fraction(1))] if stay == 1 else [("wakes", 1 - stay), ("sleeps", stay)]
    if kind == "treasure":
        left = sum(state.deck)
        if not left:
            return [("empty", Fraction(1))]
        return [(c.id, Fraction(n, left)) for c, n in zip(deck(), state.deck, strict=True) if n]
    raise RulesError(kind, state, _("unknown chance node"))


def _trap_outcomes(kind: str) -> list[tuple[Outcome, Fraction]]:
    if kind == "swinging-axe":
        return [(k, q) for k, q in skulls(2).items() if q]
    if kind == "falling-rock":
        return [(k * 2 + odd, q * HALF) for k, q in skulls(3).items() for odd in (0, 1)]
    return [(k, q) for k, q in skulls(1).items()]


# ---------------------------------------------------------------------------------------------------
# Real dice


def throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """Throw the real dice of a chance node, every face kept, and name the outcome they give (its
    registered kind's, `feature_hooks`)."""
    return chance_throw(state, p, rng)


def _core_throw(state: QuestState, p: Pending, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    kind = p.kind
    if kind == "order":
        who = participants(state)
        return _throw_order(who, {i: "game master" if i < 0 else state.hero_of(i).name for i in who}, rng)
    if kind in ("move", "mmove"):
        roll = red_dice(rng, p.dice if kind == "move" else 2)
        if kind == "move":
            hero = state.hero_of(p.who)
            allowed = max(
                0,
                min(
                    MAX_MOVE,
                    max(roll.total + movement_roll_modifier(hero) + p.need, hero.maximum("movement")),
                ),
            )

            allowed = clamp_allowed(state, p.who, allowed)  # a mercenary's least and most (line 611)
        else:
            s = state.stats_of(p.who)
            allowed = monster_allowance(roll.total, s.move_min, s.move_max, plate_mail=s.plate)
        return allowed, (roll,)
    if kind == "attack" and p.ref:
        if weapons.is_axe_ref(p.ref):
            return weapons.axe_throw(rng, p, "monster" if p.side in ("hero", "thrall") else "hero")

        return throw_attack(rng, p, "monster")
    if kind == "attack":
        thrown = roll_attack(rng, p.dice, p.need, "monster" if p.side in ("hero", "thrall") else "hero")
        return thrown.damage, (thrown.attack_roll, thrown.defend_roll)
    if kind == "trap":
        trap = trap_kind(state, p.ref) if p.ref in state.ctx.trap_index else "spear"
        count = {"swinging-axe": 2, "falling-rock": 3}.get(trap, 1)
        cdice = heroquest_combat_dice(rng, count)
        if trap == "falling-rock":
            red = red_dice(rng, 1)
            return cdice.total * 2 + red.total % 2, (cdice, red)
        return cdice.total, (cdice,)
    if kind == "jump" and jump_chance(state, p) == 1:
        return "clear", ()
    if kind in ("jump", "disarm"):
        extra = state.hero_of(p.who).knows_skill("Human Resistance")
        die = heroquest_combat_dice(rng, 2 if extra else 1)
        faces = [d.face for d in die.dice]
        if kind == "disarm":
            fails = "black shield" if state.hero_of(p.who).knows_skill("Disarm Traps") else "skull"
            return ("sprung" if all(f == fails for f in faces) else "disarmed"), (die,)
        clears = jump_clears(state, p)
        return ("clear" if any(face in clears for face in faces) else "fall"), (die,)
    if kind == "heal":
        roll = red_dice(rng, 1)
        return roll.total, (roll,)
    if kind == "burn":
        roll = red_dice(rng, p.dice)
        return sum(1 for f in roll.faces() if f <= 6 - p.need), (roll,)
    if kind == "wake":
        if p.dice == 0:
            return "sleeps", ()
        roll = red_dice(rng, p.dice)
        return ("wakes" if 6 in roll.faces() else "sleeps"), (roll,)
    raise RulesError(kind, state, _("no dice for this chance node"))


def _throw_order(who: Sequence[int], names: Mapping[int, str], rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """Each rolls two red dice; those who tie roll again among themselves until all differ (line 72).
    Each roll is named by its thrower's name (`names`)."""
    rolls: list[Roll] = []

    def rank(group: list[int]) -> list[int]:
        scores: dict[int, int] = {}
        for i in group:
            roll = red_dice(rng, 2)
            rolls.append(replace(roll, expression=f"{names[i]}: 2 red dice"))
            scores[i] = roll.total
        out: list[int] = []
        for value in sorted(set(scores.values()), reverse=True):
            tied = [i for i in group if scores[i] == value]
            out.extend(tied if len(tied) == 1 else rank(tied))
        return out

    order = rank(list(who))
    return ",".join(str(i) for i in order), tuple(rolls)


# ---------------------------------------------------------------------------------------------------
# Applying outcomes


def apply_outcome(state: QuestState, p: Pending, move: Move) -> QuestState:
    """The state after the chance node `p` came out as `move` (the modifiers, then its registered kind's
    result, `feature_hooks`)."""
    return chance_result(state, p, move)


def _core_result(state: QuestState, p: Pending, move: Move) -> QuestState:
    kind = p.kind
    if kind == "order":
        assert isinstance(move, str)
        return set_order(state, tuple(int(x) for x in move.split(",")))
    if kind == "move":
        fig = state.heroes[p.who]
        # the roll spends next-move effects; Pass Through Rock and Veil of Mist last through the move
        effects = tuple(
            e.replace("|next-move", "|one-turn") if e.partition("|")[0] in ("rock", "mist") else e
            for e in fig.effects
            if not e.endswith("|next-move") or e.partition("|")[0] in ("rock", "mist")
        )
        state = with_hero(state, p.who, replace(fig, effects=effects))
        return note(
            state.evolve(turn=replace(state.turn, moves=int(move))),
            said("move.may-move-squares", hero=p.who, hero_name=state.hero_of(p.who).name, move=move),
        )
    if kind == "mmove":
        return state.evolve(turn=replace(state.turn, moves=int(move)))
    if kind == "attack":
        if p.side == "hero":
            state = after_attack(hurt_monster(state, p.target, int(move), killer=p.who), p, int(move))
            return defended(state, p, int(move))  # Tail Attack, Disarm (lines 713, 757)
        if p.side == "thrall":
            return hurt_monster(state, p.target, int(move), killer=thrall_of(state, p.who))
        state = hurt_hero(state, p.target, int(move), "attack", by=state.stats_of(p.who).name)
        state = struck(state, p, int(move))  # Bite, Maul, Pestilence, Stomp, ... (lines 625-937)
        return riposte(state, p.target, p.who) if int(move) == 0 and p.then != "tail" else state
    if kind == "trap":
        return envenom(state, _trap_result(state, p, int(move)), p.who, state.ctx.trap_index.get(p.ref))
    if kind == "jump":
        return _jump_result(state, p, str(move))
    if kind == "disarm":
        idx = state.ctx.trap_index[p.ref]
        if move == "disarmed":
            fig = state.heroes[p.who]
            state = with_hero(
                state, p.who, replace(fig, xp=fig.xp + hq.catalog().experience.non_combat_action)
            )
            return note(
                trap_status(state, idx, "disarmed"),
                said("trap.disarms-trap", hero=p.who, hero_name=state.hero_of(p.who).name),
            )
        return spring(note(state, said("trap.trap-springs")), p.who, idx, came_from=None)
    if kind == "heal":
        return _heal_result(state, p, int(move))
    if kind == "burn":
        return hurt_monster(state, p.target, int(move), killer=p.who, spell=True)
    if kind == "wake":
        m = state.monsters[p.who]
        if move == "wakes":
            effects = tuple(e for e in m.effects if not e.startswith(("sleep|", "deep|")))
            return note(
                with_monster(state, p.who, replace(m, effects=effects)),
                said("monster.wakes", monster=p.who, monster_name=state.stats_of(p.who).name),
            )
        if p.then == "now":  # the roll right after the cast (line 523): the caster's turn goes on
            return state
        return state.evolve(turn=replace(state.turn, rolled=True, acted=True, stopped=True, done=True))
    if kind == "treasure":
        return draw_treasure_card(state, p, str(move))
    raise RulesError(move, state, _("unknown chance node {kind}").format(kind=kind))


def _trap_result(state: QuestState, p: Pending, value: int) -> QuestState:
    kind = trap_kind(state, p.ref) if p.ref in state.ctx.trap_index else "spear"
    if kind == "falling-rock":
        hits, odd = divmod(value, 2)
        idx = state.ctx.trap_index[p.ref]
        trap_square = next(iter(state.ctx.traps[idx].squares))
        fwd, back = (tuple(int(v) for v in s.split(",")) for s in p.then.split(";"))
        choice = back if odd else fwd
        fig = state.heroes[p.who]
        for where in (choice, back if choice == fwd else fwd):
            square: Square = (where[0], where[1])
            if (
                fig.at == trap_square
                and state.layout.open_between(trap_square, square)
                and not state.layout.solid(square)
                and square not in state.figures
            ):
                state = with_hero(state, p.who, replace(fig, at=square))
                state = state.evolve(rubble=tuple(sorted({*state.rubble, trap_square})))
                break
        else:
            if fig.at != trap_square:
                state = state.evolve(rubble=tuple(sorted({*state.rubble, trap_square})))
        return hurt_hero(note(state, said("trap.rocks-crash-down")), p.who, hits, "falling-rock")
    if p.then == "treasure":
        state = hurt_hero(state, p.who, value, "furniture-trap")
        if state.heroes[p.who].status == "active":
            return take_treasure(state, p.who)
        return state
    return hurt_hero(state, p.who, value, "trap", by=kind)


def _jump_result(state: QuestState, p: Pending, move: str) -> QuestState:
    idx = state.ctx.trap_index[p.ref]
    fig = state.heroes[p.who]
    name = state.hero_of(p.who).name
    if move == "clear":
        x, y = (int(v) for v in p.then.split(","))
        return note(
            with_hero(
                state,
                p.who,
                replace(fig, at=(x, y), effects=tuple(e for e in fig.effects if not e.startswith("pit|"))),
            ),
            said("trap.jumps-trap", hero=p.who, hero_name=name),
        )
    assert fig.at is not None
    squares = state.ctx.traps[idx].squares
    into = min(squares, key=lambda s: abs(s[0] - fig.at[0]) + abs(s[1] - fig.at[1]))  # type: ignore[index]
    came = fig.at
    if into not in state.figures:
        state = with_hero(state, p.who, replace(fig, at=into))
    state = state.evolve(turn=replace(state.turn, moves=0, stopped=True))
    state = spring(
        note(state, said("trap.fails-jump", hero=p.who, hero_name=name)), p.who, idx, came_from=came
    )

    return after_failed_jump(state, p.who, state.ctx.traps[idx].kind)  # a 5 or 6 to climb out (line 132)


def _heal_result(state: QuestState, p: Pending, amount: int) -> QuestState:
    fig = state.heroes[p.who]
    hero = state.hero_of(p.who)
    if p.side == "magic":
        return note(
            with_hero(state, p.who, replace(fig, magic=min(hero.maximum("magic"), fig.magic + amount))),
            said("heal.regains-magic", hero=p.who, hero_name=hero.name, amount=amount),
        )
    body = min(hero.maximum("body"), fig.body + amount)
    fig = replace(fig, body=body, status="active" if fig.status == "dying" else fig.status)
    return note(
        with_hero(state, p.who, fig),
        said("heal.regains-body-now", hero=p.who, hero_name=hero.name, body=body),
    )


CORE_KINDS = ("order", "move", "mmove", "attack", "trap", "jump", "disarm", "heal", "burn", "wake")
"""The chance nodes played here with dice of their own; "treasure" is drawn from the deck, no dice."""

for _kind in CORE_KINDS:
    CHANCES.add(_kind, Chance(_core_outcomes, _core_result, _core_throw))
CHANCES.add("treasure", Chance(_core_outcomes, _core_result))
