"""The actions of a quest, as strings: what a hero (or the game master's monster) may do now, and doing it.

A hero's turn (lines 74-146): `roll` the two red dice for movement, then `move:X,Y` to any square the moves
left reach (in parts if wished; allies passed, enemies not, furniture two a square), `jump:X,Y` over a known
trap, `door:ID` to open a door beside him (free, but after the roll it ends the move, line 122), and one
action: `attack:MONSTER` (or `throw:MONSTER`, a dagger, `weapons`), `cast:SCHOOL/SPELL:TARGET`, `use:ITEM`,
`search:traps|treasure|doors`, `disarm:PLACE` (the trap's square or furniture), `rest`, `defend` (give up
the action for one more defend die, line 84), `free:PRISONER` (the rescue goal's other action),
`skill:SKILL`, `challenge:ID`, `collect:hN` (`feature_hooks.HERO_ACTIONS`; `climb` is rolled in place of
the movement roll);
`leave` on the stairs or through an open exit door; `end`; `recover:X,Y` picks up a dagger he threw. The
game master's monster has `roll`, `move:X,Y`, `attack:hN` (hero N), `throw:hN` (its dagger),
`cast:chaos/KEY:TARGET` (`chaos`) and `end`; a chaos spell's answers and a hero the game master moves are in
`chaos_turns`. The order decision is `order:2,0,1`. Illegal actions are refused by `GameState.apply` before
they reach here.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square, edge, neighbours
from grognard.systems.heroquest.content.geometry import (
    can_attack_close,
    openable_doors,
    step_cost,
)
from grognard.systems.heroquest.content.mercenaries import restrict as hired
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.driver.chaos_turns import chaos_actions, chaos_apply
from grognard.systems.heroquest.driver.monster_turns import monster_acts
from grognard.systems.heroquest.driver.reach import hero_reach, jumps, monster_reach
from grognard.systems.heroquest.features.artifacts import after_cast, hop, hops, is_free_use, turn_actions
from grognard.systems.heroquest.features.chaos.chaos_flight import monster_cast
from grognard.systems.heroquest.features.chaos.chaos_hero_ice import monster_smash_offers
from grognard.systems.heroquest.features.dungeon.traps import search, spring
from grognard.systems.heroquest.features.items.artifacts_env import move_roll, wade
from grognard.systems.heroquest.features.items.items import reveal, use
from grognard.systems.heroquest.features.items.weapons import (
    begin_recover,
    hero_throw,
    hero_throws,
    monster_throw,
    monster_throws,
    recover_offers,
)
from grognard.systems.heroquest.features.monsters.monster_blows import under_icicle
from grognard.systems.heroquest.features.monsters.monster_flight import moved
from grognard.systems.heroquest.features.monsters.monster_skills import restrict as monster_restrict
from grognard.systems.heroquest.features.monsters.monster_skills import use as use_monster_skill
from grognard.systems.heroquest.features.rest import begin_rest, can_rest
from grognard.systems.heroquest.features.skills.skill_combat import recover_weapon
from grognard.systems.heroquest.features.skills.skill_moves import (
    break_stealth,
    snare_on,
    spring_snare,
    thrall_acting,
)
from grognard.systems.heroquest.features.skills.skills import skill_uses, use_skill
from grognard.systems.heroquest.features.skills.turn_attacks import attacks_allowed as allowed
from grognard.systems.heroquest.features.spells.spell_choice import choice_offers, choose_spell
from grognard.systems.heroquest.features.spells.spells import slowed
from grognard.systems.heroquest.features.spells.spells_elf import cancel, restrict
from grognard.systems.heroquest.features.spells.spells_time import window_action, window_actions, window_open
from grognard.systems.heroquest.model.action_text import AtFigure, Order, parse, sq, sq_text
from grognard.systems.heroquest.model.edits import note, thrall_of, trap_here, with_hero, with_monster
from grognard.systems.heroquest.model.effect_strings import has, total
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import HERO_ACTIONS, hero_action_kinds
from grognard.systems.heroquest.model.hooks import ActionSteps, end_turn, install_action_steps
from grognard.systems.heroquest.model.state import GM_PLAYER, Pending, QuestState, Turn
from grognard.systems.heroquest.rules.artifacts_gear import change
from grognard.systems.heroquest.rules.chaos import monster_casts
from grognard.systems.heroquest.rules.chaos_effects import smash_offers
from grognard.systems.heroquest.rules.effects import cast, castable, usable_items
from grognard.systems.heroquest.rules.goals import met_on_leaving
from grognard.systems.heroquest.rules.monster_gear import attacks_allowed
from grognard.systems.heroquest.rules.monster_wounds import hero_restrict
from grognard.systems.heroquest.rules.order import order_choices, set_order
from grognard.systems.heroquest.rules.quest_events import fire, open_door
from grognard.systems.heroquest.rules.targets import (
    adjacent_traps,
    can_disarm,
    exit_here,
    free_to_act,
    hero_targets,
    monster_targets,
    trap_at_place,
    trap_place,
)
from grognard.systems.heroquest.rules.wounds import begin_attack

# ---------------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(state: QuestState) -> list[str]:
    """Every action open at a decision node."""
    if not state.order:
        return order_choices(state)

    chaos = chaos_actions(state)  # answers to a spell in flight; a hero the game master moves
    if chaos is not None:
        return chaos
    if state.in_gm_turn():
        return gm_actions(state)
    who = state.current_hero()
    assert who is not None
    return hero_actions(state, who)


def hero_actions(state: QuestState, index: int) -> list[str]:
    """What hero `index` may do now."""
    if window_open(state):  # the turn is over; Flashback may undo it (line 539)
        return window_actions(state)
    fig = state.heroes[index]
    turn = state.turn
    assert fig.at is not None
    acts: list[str] = []

    kinds = hero_action_kinds()  # climbing out of a pit, challenges, a fallen companion's things
    if not turn.rolled and not turn.stopped and not any(k.holds(state, index) for k in kinds):  # line 132
        acts.append("roll")
    if turn.rolled and turn.moves > 0 and not turn.stopped:
        reach = hero_reach(state, index)
        acts.extend(f"move:{sq_text(s)}" for s in sorted(reach.cost) if s != fig.at)
        acts.extend(f"jump:{sq_text(s)}" for s, _, _ in jumps(state, index))
        acts.extend(f"jump:{sq_text(s)}" for s, _ in hops(state, index) if f"jump:{sq_text(s)}" not in acts)
    doors = openable_doors(state.layout, fig.at)
    acts.extend(f"door:{d.id}" for d in doors if not any(k.locks(state, d.id) for k in kinds))  # challenges

    attacks_allowed = allowed(state, index)
    if not turn.acted and turn.attacks < attacks_allowed:
        acts.extend(f"attack:{state.monsters[j].id}" for j in hero_targets(state, index))
        acts.extend(hero_throws(state, index))  # a dagger thrown at an enemy in sight (line 359)
        acts.extend(smash_offers(state, index))  # an Ice Wall's squares (line 585)
    acts.extend(recover_offers(state, index))  # a thrown dagger picked up, free (line 359)
    acts.extend(skill_uses(state, index))
    acts.extend(turn_actions(state, index))  # equipment, the Spell Ring, the Wand of Magic (artifacts)
    free = free_to_act(state)
    for kind in kinds:
        acts.extend(kind.offer(state, index, free))

    acts.extend(choice_offers(state, index))  # spells chosen up to Mind, no enemy in sight (line 104)
    if free_to_act(state):
        acts.extend(castable(state, index))
        acts.extend(usable_items(state, index))
        acts.extend(("search:traps", "search:treasure", "search:doors"))
        if can_disarm(state, index):
            acts.extend(f"disarm:{trap_place(state, t)}" for t in adjacent_traps(state, index))

        if can_rest(state, index):  # at the start of his turn, no enemy about (line 108, `rest`)
            acts.append("rest")
        for m in state.monsters:
            if (
                m.status == "prisoner"
                and not fig.escort  # a hero leads one prisoner at a time
                and m.at is not None
                and m.at in set(neighbours(fig.at))
                and state.layout.open_between(fig.at, m.at)
            ):
                acts.append(f"free:{m.id}")
        acts.append("defend")
    if exit_here(state, index) is not None:
        acts.append("leave")
    acts.append("end")

    acts = hired(state, index, acts)  # a mercenary moves, attacks, defends, opens doors (line 955)
    return hero_restrict(state, index, restrict(state, index, acts))  # stone, carried off, hugged, dazed


def gm_actions(state: QuestState) -> list[str]:
    """What the game master's acting monster may do now."""
    j = state.acting
    turn = state.turn
    if j < 0 or turn.done:
        return ["end"]
    acts: list[str] = []
    stats = state.stats_of(j)
    m = state.monsters[j]
    if not turn.rolled and stats.move_max > 0:
        acts.append("roll")
    if turn.rolled and turn.moves > 0:
        reach = monster_reach(state, j)
        acts.extend(f"move:{sq_text(s)}" for s in sorted(reach.cost) if s != m.at)

    allowed = attacks_allowed(state, j)  # two with Dual-Wielding or Claw Swipe (lines 343, 913)
    if turn.attacks < allowed and not has(m.effects, "noattack") and not has(m.effects, "flee"):
        if thrall_of(state, j) is not None:
            acts.extend(f"attack:{state.monsters[k].id}" for k in thrall_targets(state, j))
        else:
            acts.extend(f"attack:h{i}" for i in monster_targets(state, j))
            acts.extend(monster_throws(state, j))  # its dagger thrown at a hero in sight (line 359)

            acts.extend(monster_smash_offers(state, j))  # a hero's Ice Wall (line 585)

    acts.extend(monster_casts(state, j))  # chaos spells, in place of the attack (lines 102, 543)
    acts.append("end")
    if thrall_of(state, j) is not None:
        return acts

    return monster_restrict(state, j, acts)  # its skills offered, and what they forbid (monster_skills)


def thrall_targets(state: QuestState, index: int) -> list[int]:
    """The other monsters a monster held by Dominion may strike (line 284)."""
    m = state.monsters[index]
    assert m.at is not None
    diagonal = state.stats_of(index).diagonal
    return [
        k
        for k, o in enumerate(state.monsters)
        if k != index
        and o.status == "active"
        and o.at is not None
        and can_attack_close(state.layout, m.at, o.at, diagonal_weapon=diagonal, figures=state.figures)
    ]


def monster_can_act(state: QuestState, index: int, *, started: bool = False) -> bool:
    """True while monster `index` is on the board and has not ended its turn."""
    m = state.monsters[index]
    return m.status in ("active", "lurking") and not (started and state.turn.done)


# ---------------------------------------------------------------------------------------------------
# Applying


def apply_action(state: QuestState, action: str) -> QuestState:
    """Apply a legal action (checked by the caller)."""
    typed = parse(action)
    if isinstance(typed, Order):
        return set_order(state, typed.order)

    chaos = chaos_apply(state, action)
    if chaos is not None:
        return chaos
    if state.in_gm_turn():
        return _gm(state, action)
    who = state.current_hero()
    if who is None:
        raise UsageError(gettext("no hero is to act for {action!r}").format(action=action))
    return _hero(state, who, action)


def _hero(state: QuestState, i: int, action: str) -> QuestState:
    typed = parse(action)
    verb = typed.verb
    if window_open(state):
        return window_action(state, action)
    if verb == "cancel":  # Disappear cancelled (line 527), free
        return cancel(state, i)
    if verb in ("memorise", "forget"):  # the spells held, chosen while no enemy is in sight (line 104)
        return choose_spell(state, i, verb, typed.rest)
    if verb == "skill":
        return do_hero_action(state, i, action)
    return break_stealth(do_hero_action(state, i, action), i, verb)


def do_hero_action(state: QuestState, i: int, action: str) -> QuestState:
    """Hero `i`'s action itself (a roll, move, attack, search, spell, item, skill), no Stealth broken."""
    typed = parse(action)
    verb, arg = typed.verb, typed.rest
    fig = state.heroes[i]
    name = state.hero_of(i).name
    if verb == "end":
        return end_turn(state)
    if verb == "roll":
        if has(fig.effects, "speed"):
            state = note(state, said("move.moves-up-12-squares", hero=i, hero_name=name))
            return state.evolve(turn=replace(state.turn, rolled=True, moves=12))
        dice = 4 if has(fig.effects, "swift") else 1 if has(fig.effects, "stealth") else 2
        bonus = total(fig.effects, "mov")
        kind = "vmove" if has(fig.effects, "vanish") else "move"  # Disappear's roll (line 527)

        kind, dice, bonus = move_roll(state, i, kind, dice, bonus)  # boots and ice (lines 453, 473)
        return replace(
            state,
            turn=replace(state.turn, rolled=True),
            pending=Pending(kind, who=i, dice=dice, need=bonus),
        )
    if verb == "move":
        return walk(state, i, sq(arg))
    if verb == "jump":
        landing = sq(arg)
        for s, used, trap in jumps(state, i):
            if s == landing:
                turn = replace(state.turn, moves=state.turn.moves - used)
                return replace(
                    state,
                    turn=turn,
                    pending=Pending("jump", who=i, need=used, ref=state.ctx.traps[trap].id, then=arg),
                )

        hopped = hop(state, i, landing)  # over a figure in Rabbit Boots (line 465)
        if hopped is not None:
            return hopped
        raise UsageError(gettext("no jump to {arg}").format(arg=arg))
    if verb == "door":
        state = open_door(state, arg)
        if state.turn.rolled:
            state = state.evolve(turn=replace(state.turn, stopped=True, moves=0))
        return state
    if verb == "attack":
        j = next(k for k, m in enumerate(state.monsters) if m.id == arg)
        return begin_attack(state, "hero", i, j)
    if verb in ("throw", "recover"):  # a dagger thrown, or picked up again (line 359, `weapons`)
        return hero_throw(state, i, arg) if verb == "throw" else begin_recover(state, i, arg)
    if verb in ("equip", "unequip"):  # a weapon is free, wearable things take the action (line 355)
        return change(state, i, verb, arg)

    acted = state.evolve(turn=replace(state.turn, acted=True))
    if verb in HERO_ACTIONS.handlers:  # other actions (line 110), fallen heroes, pits (feature_hooks)
        extra = HERO_ACTIONS.handlers[verb]
        return extra.play(acted if extra.takes_action else state, i, arg)
    if verb == "cast":
        return after_cast(cast(acted, i, arg), i, arg)
    if verb == "use":
        return use(state if is_free_use(arg) else acted, i, arg)
    if verb == "skill":
        return use_skill(state, i, arg)
    if verb == "search":
        return search(acted, i, arg)
    if verb == "disarm":  # by the trap's place: its kind stays hidden (line 96)
        idx = trap_at_place(state, arg)
        if idx is None:
            raise UsageError(gettext("no trap known at {arg!r}").format(arg=arg))
        return replace(acted, pending=Pending("disarm", who=i, ref=state.ctx.traps[idx].id))
    if verb == "rest":
        return begin_rest(state, i)
    if verb == "defend":
        return note(
            with_hero(acted, i, replace(fig, effects=(*fig.effects, "guard|turn"))),
            said("move.stands-guard", hero=i, name=name),
        )
    if verb == "free":
        j = next(k for k, m in enumerate(state.monsters) if m.id == arg)
        prisoner = state.monsters[j]
        acted = with_monster(acted, j, replace(prisoner, status="escorted", at=None))
        label = state.stats_of(j).name
        return note(
            with_hero(acted, i, replace(fig, escort=arg)),
            said("move.frees-who-follows-close", hero=i, monster=j, name=name, label=label),
        )
    if verb == "leave":
        how = exit_here(state, i)

        met = met_on_leaving(state, how)
        state = with_hero(state, i, replace(fig, at=None, status="left"))
        state = note(
            state,
            said("move.leaves-up-stairs", hero=i, name=name)
            if how == "stairs"
            else said("move.leaves-through-exit", hero=i, name=name),
        )
        if met:
            state = state.evolve(goal_met=True)
        return end_turn(state)
    raise UsageError(gettext("unknown action {action!r}").format(action=action))


def walk(state: QuestState, i: int, target: Square) -> QuestState:
    """Hero `i` walks to `target` square by square: a hidden trap stops and springs; rooms and squares
    entered fire their events."""
    fig = state.heroes[i]
    airborne = has(fig.effects, "airwalk") or has(fig.effects, "vanish")  # Air Walk, Disappear (387, 527)
    path = hero_reach(state, i).path(target)
    spent = 0
    layout = state.layout
    quest = state.ctx.quest
    end = path[0]
    sprung: int | None = None
    events = []
    for a, b in pairwise(path):
        cost = step_cost(layout, a, b) or 1  # a wall or rock passed under Pass Through Rock (line 499)
        spent += cost
        end = b
        room = layout.board.room_of(b)
        if room is not None:
            events.extend(quest.events_for("enter-room", room, state.fired))
        events.extend(quest.events_for("enter-square", b, state.fired))
        trap = trap_here(state, b)
        if trap is not None and state.traps[trap] == "hidden" and b not in state.figures and not airborne:
            sprung = trap
            break
        if state.icicles and f"{b[0]},{b[1]}" in state.icicles and not airborne:
            break  # under a gremlin's stalactite (line 847)
    effects = tuple(e for e in fig.effects if not e.startswith("pit|"))
    state = with_hero(state, i, replace(fig, at=end, effects=effects))
    state = state.evolve(turn=replace(state.turn, moves=state.turn.moves - spent))
    if events:
        state = fire(state, list({e.id: e for e in events}.values()))

    state = reveal(recover_weapon(state, i), i)

    state = wade(state, i, path[: path.index(end) + 1])  # an icy river (artifacts_env)
    if sprung is not None and state.heroes[i].status == "active":
        state = state.evolve(turn=replace(state.turn, moves=0, stopped=True))
        state = spring(state, i, sprung, came_from=path[path.index(end) - 1])

    return state if airborne else under_icicle(state, i, end)  # a gremlin's stalactite (line 847)


def _gm(state: QuestState, action: str) -> QuestState:
    j = state.acting
    typed = parse(action)
    verb, arg = typed.verb, typed.rest
    if verb == "end" or j < 0:
        return state.evolve(turn=Turn(rolled=True, acted=True, stopped=True, done=True))

    state = monster_acts(state, j, verb)  # a monster in ambush shows itself (line 803)
    if verb == "skill":
        return use_monster_skill(state, j, arg)
    if verb == "cast":
        return monster_cast(state, j, arg)
    if verb == "roll":
        if slowed(state, j):  # Slow: one square a turn (line 541)
            return state.evolve(turn=replace(state.turn, rolled=True, moves=1))
        return state.evolve(turn=replace(state.turn, rolled=True), pending=Pending("mmove", who=j))
    if verb == "move":
        m = state.monsters[j]
        target = sq(arg)
        reach = monster_reach(state, j)
        path = reach.path(target)
        snare = snare_on(state, path)
        if snare is not None:
            target = snare
        spent = reach.cost[target]
        state = with_monster(state, j, replace(m, at=target))
        state = state.evolve(turn=replace(state.turn, moves=state.turn.moves - spent))

        state = moved(state, j, path[: path.index(target) + 1])  # Rush, Ambush, a kidnap (689, 803, 711)
        if snare is not None:
            state = state.evolve(turn=replace(state.turn, moves=0))
            return spring_snare(state, j, snare)
        return state
    if verb == "throw":
        return monster_throw(state, j, arg)
    if isinstance(typed, AtFigure) and verb == "attack":
        if typed.hero is not None:
            return begin_attack(state, "monster", j, typed.hero)
        k = next(n for n, o in enumerate(state.monsters) if o.id == arg)
        return begin_attack(state, "thrall", j, k)
    raise UsageError(gettext("unknown game master action {action!r}").format(action=action))


def door_edge_squares(state: QuestState, door_id: str) -> tuple[Square, Square]:
    """The two squares either side of a door."""
    door = state.layout.door_by_id[door_id]
    a, b = edge(*door.at)
    return a, b


def player_of(state: QuestState) -> int:
    """The player to move (for labels): 0 the heroes, 1 the game master."""
    return GM_PLAYER if state.in_gm_turn() and not thrall_acting(state) else 0


def spell_key(spell: hq.Spell) -> str:
    """How an action names a spell: "school/key"."""
    return f"{spell.school}/{spell.key}"


def visible_to(state: QuestState, index: int, square: Square) -> bool:
    """True when hero `index` sees `square` (figures between count)."""
    at = state.heroes[index].at
    return at is not None and sees(state.layout, at, square, state.figures)


install_action_steps(ActionSteps(apply_action=apply_action, do_hero_action=do_hero_action))
