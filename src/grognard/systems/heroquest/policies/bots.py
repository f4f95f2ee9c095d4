"""A bot for the heroes: explore towards the goal, fight what is in sight, heal when low, search rooms.

`hero_bot(state, rng)` is an engine `Policy`. On a hero's turn it, in order: drinks a healing potion or
casts a healing spell when the hero (or, for a healer, an ally) is low or an ally is turned to stone;
attacks the monster it has the best chance to kill this turn (`combat_dice.kill_chance`), or throws its
dagger at one in sight when none is in reach (a fighter before a spell, a spell-caster after), and picks
it up again where it lies; casts an offensive spell at a monster in sight (a chaos spell learned by
Mimic too, when it touches no companion), or a bonus spell on a fighter; frees the prisoner beside it;
leaves through the exit or up the stairs when that wins, or by an exit door (opening it) with a prisoner
led out while others are still to fetch; otherwise rolls and walks towards the nearest monster in sight (a
spell-caster with a fighter standing holds back instead; a hero who may still attack and can reach this
turn a free square beside a monster striking a companion in need goes there, `_help_companion`), or, with
none in sight, towards the quest's goal (through closed doors, which it opens when it reaches them, and
over known traps, which it jumps), or the nearest area it has not seen; with no way on it searches for
secret doors, unless searches have covered all it sees from where it stands (lines 82, 94: a search
covers the room or corridor in sight). With no monster in sight it searches each room once for treasure
and rests when hurt.
It uses the quest's placements to find the goal, as a player reading the quest's briefing would. At the
game master's decisions (a person's seat) it plays the automatic game master. The party play (keeping
together, challenges, a fallen hero's things, a spell-caster or a hero one blow from death stepping back,
breaking waits) is in `bots_party`; a healer keeps `HEAL_RESERVE` Magic points for healing, and a hero
drinks a Potion of Healing at half his Body when a monster could strike him.
"""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.engine.game import GameState
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.combat_dice import kill_chance
from grognard.systems.heroquest.driver.chaos_turns import decider
from grognard.systems.heroquest.features.chaos.chaos_heroes import spares_companions
from grognard.systems.heroquest.features.items.weapons import own_daggers
from grognard.systems.heroquest.features.skills.turn_attacks import attacks_allowed
from grognard.systems.heroquest.model.action_text import aim, cast_of, hero_ref, rest_of, square_of
from grognard.systems.heroquest.model.state import GM_PLAYER, QuestState
from grognard.systems.heroquest.policies.bot_maps import (
    beside_squares,
    goal_squares,
    led_out,
    searched_before,
    threatened,
    unsearched_rooms,
    unseen,
    walk_map,
)
from grognard.systems.heroquest.policies.bots_party import (
    challenge_choice,
    collect_choice,
    detour_goals,
    fallback_goals,
    guards_escort,
    holds_back,
    make_way,
    round_map,
    together,
    way_round,
)
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.policies.spells_bot import special, tactical, urgent
from grognard.systems.heroquest.rules.chaos import flight
from grognard.systems.heroquest.rules.effects import hero_attack_dice, monster_defend_dice
from grognard.systems.heroquest.rules.goals import met_on_leaving
from grognard.systems.heroquest.rules.targets import exit_here, monster_targets


def _attack_dice(state: QuestState, i: int, action: str) -> int:
    """The dice hero `i` would attack with in `action` (0 for a one-die wizard in a pit, line 130)."""
    mid = rest_of(action)
    j = next(k for k, m in enumerate(state.monsters) if m.id == mid)
    return hero_attack_dice(state, i, j)


def _kill_odds(state: QuestState, i: int, action: str) -> float:
    mid = rest_of(action)
    j = next(k for k, m in enumerate(state.monsters) if m.id == mid)
    a = hero_attack_dice(state, i, j)
    d = monster_defend_dice(state, j)
    return float(kill_chance(a, d, "monster", state.monsters[j].body)) + 0.001 / (1 + state.monsters[j].body)


def hero_bot(state: GameState, rng: Rng) -> str:
    """The bot's action for the state (one of its legal actions)."""
    assert isinstance(state, QuestState)
    actions = list(state.legal_actions())
    if not state.order:
        return actions[0]
    chaos = bot_choice(state, actions)  # an answer to a chaos spell, or the game master's seat
    if chaos is not None:
        return chaos
    if state.in_gm_turn():
        return choose(state)
    i = state.current_hero()
    assert i is not None
    return _hero_turn(state, i, actions)


def _hero_turn(state: QuestState, i: int, actions: list[str]) -> str:
    if actions and all(a.startswith("ice:") for a in actions):
        return "ice:done"  # a hero's Ice Wall (`chaos_hero_ice`): the bot never raises one
    first = urgent(state, i, actions)  # the Flashback window, a Disappear to cancel
    if first is not None:
        return first
    fig = state.heroes[i]
    hero = state.hero_of(i)
    top = hero.maximum("body")
    visible = state.visible_monsters
    turn = state.turn
    low = fig.body <= max(1, top // 3) or (fig.body < top and not visible and fig.body <= top // 2)
    heal_self = [a for a in actions if a.startswith("cast:") and a.endswith(f":h{i}") and heals(a)]
    if fig.body <= top // 2 and "use:potion-of-healing" in actions and threatened(state, i):
        return "use:potion-of-healing"  # before a blow can finish him
    if low and heal_self:
        return heal_self[0]
    for k, h in enumerate(state.heroes):
        heal = [a for a in actions if a.startswith("cast:") and a.endswith(f":h{k}") and heals(a)]
        most = state.hero_of(k).maximum("body")
        low_ally = h.body <= (most * 2 // 3 if fig.magic > HEAL_RESERVE else most // 2)
        if heal and h.status == "active" and (low_ally or "stone|quest" in h.effects):  # stone: line 781
            return heal[0]
    cast = tactical(state, i, actions)  # the elf, time and scroll spells (`spells_bot`)
    if cast is not None:
        return cast
    actions = [a for a in actions if not special(a)]
    recover = [a for a in actions if a.startswith("recover:")]
    if recover:  # a dagger it threw, where it stands: free (line 359)
        return recover[0]

    back = make_way(state, i, actions)  # a spell-caster steps back behind the fighters
    if back is not None:
        return back
    skills = [a for a in actions if a.startswith("skill:")]
    attacks = [a for a in actions if a.startswith("attack:") and _attack_dice(state, i, a) > 0]
    if attacks:  # an attack of no dice (a one-die hero in a pit, line 130) cannot harm: not made
        if skills:
            return skills[0]
        return max(attacks, key=lambda a: _kill_odds(state, i, a))
    throws = [a for a in actions if a.startswith("throw:")]
    if throws and visible and not hero.magic_user:  # nothing in reach: a dagger (line 359)
        return max(throws, key=lambda a: _kill_odds(state, i, a))
    reserve = _heal_reserve(state, i)  # Magic kept back for healing (a healer's last points)
    offensive = [a for a in actions if a.startswith("cast:") and _offensive(state, i, a)]
    if offensive and visible and fig.magic > reserve // 2:
        return offensive[0]
    if throws and visible:
        return max(throws, key=lambda a: _kill_odds(state, i, a))
    buffs = [a for a in actions if a.startswith("cast:") and not heals(a) and _at_hero(a)]
    if buffs and visible and hero.magic_user and fig.magic > reserve:
        return buffs[0]
    frees = [a for a in actions if a.startswith("free:")]
    if frees:
        return frees[0]

    chosen = collect_choice(state, actions) or challenge_choice(state, i, actions)  # lines 90, 110
    if chosen is not None:
        return chosen
    if _led_out_at_door(state, i):
        door = next((f"door:{d}" for d, inside in state.ctx.exits.items() if inside == fig.at), "")
        if "leave" in actions or door in actions:
            return "leave" if "leave" in actions else door  # the exit door opened first
    if "leave" in actions and _leaving_wins(state, i):
        return "leave"
    if (
        not visible
        and fig.body < top
        and not any(a.startswith("use:potion-of-healing") for a in actions)
        and "rest" in actions
        and fig.body <= top // 2
    ):
        return "rest"
    area = state.layout.board.area_at.get(fig.at) if fig.at else None
    room = state.layout.board.room_of(fig.at) if fig.at else None
    if (
        not visible
        and room is not None
        and f"treasure:{area}" not in state.searched
        and "search:treasure" in actions
        and not turn.rolled
    ):
        return "search:treasure"
    step = _movement(state, i, actions)
    if step is not None:
        return step
    if (
        not visible
        and "search:doors" in actions
        and not turn.acted
        and not searched_before(state, i, "doors")  # nothing new in sight to search (lines 82, 94)
    ):
        return "search:doors"
    smash = [a for a in actions if a.startswith("smash:")]
    if smash and visible:  # stuck before an Ice Wall: break it (line 585)
        return smash[0]
    return "end"


def _threatened_heroes(state: QuestState) -> set[int]:
    """The heroes some monster in sight could strike where they stand (`threatened` for every hero)."""
    found: set[int] = set()
    for j in state.visible_monsters:
        if state.monsters[j].at:
            found.update(monster_targets(state, j))
    return found


HEAL_RESERVE = 2
"""The Magic points a hero who knows a healing spell keeps for it (his bonus spells wait; his attacking
spells keep one)."""


def _heal_reserve(state: QuestState, i: int) -> int:
    """`HEAL_RESERVE` when hero `i` knows a healing spell, else 0."""
    known = state.heroes[i].spells
    return HEAL_RESERVE if any(heals(f"cast:{k}:h{i}") for k in known) else 0


def _offensive(state: QuestState, i: int, cast: str) -> bool:
    """A spell cast at the monsters: a monster as its target, or a chaos spell learned by Mimic that
    touches monsters and no companion (`chaos_heroes`, line 286)."""
    if cast.startswith("cast:chaos/"):
        return spares_companions(state, i, cast)
    return not _at_hero(cast)


def _at_hero(cast: str) -> bool:
    """Whether a cast's target is a hero ("h1", "h0=helmet"); a monster whose id begins with "h" ("hask",
    of the second shipped quest) is none."""
    return hero_ref(aim(cast_of(cast).target).figure) is not None


def heals(action: str) -> bool:
    """Whether a cast (`cast:KEY:TARGET`) is of a healing spell (one that restores Body by level, cast on
    the caster or an ally)."""
    key = cast_of(action).spell
    school, _, name = key.partition("/")
    spell = hq.spell(name, school)
    return bool(spell.by_level) and spell.target in ("self-or-character", "self-or-ally")


def _leaving_wins(state: QuestState, i: int) -> bool:
    goal = state.ctx.quest.file.goal
    if goal.kind == "reach-exit" or goal.exit:
        return met_on_leaving(state, exit_here(state, i))
    return state.goal_met


def _led_out_at_door(state: QuestState, i: int) -> bool:
    """True when hero `i` has led his prisoner to the square inside an exit door: he goes out with him,
    freeing the one square for the next escort (on the stairs he stays, `bot_maps.goal_squares`)."""
    return led_out(state, i) and state.heroes[i].at not in state.ctx.stairs


def _movement(state: QuestState, i: int, actions: list[str]) -> str | None:
    fig = state.heroes[i]
    assert fig.at is not None
    turn = state.turn
    visible = state.visible_monsters
    goals: set[Square] = set()
    threatened = _threatened_heroes(state)
    standoff = not any(  # monsters in sight that no one can come at, and none can strike a hero
        k in threatened for k, h in enumerate(state.heroes) if h.status == "active" and h.at
    )
    if visible:
        for j in visible:
            at = state.monsters[j].at
            assert at is not None
            goals |= beside_squares(state, at)

        if holds_back(state, i) or (  # one blow from death, a stronger companion standing (even in a
            (not standoff or _fighters_come_at(state, i))  # standoff his fighters would end: he made
            # it, stepping back out of reach, and would come up again and back, `make_way`)
            and (
                state.hero_of(i).magic_user
                and any(
                    state.heroes[k].status == "active" and k != i and not state.hero_of(k).magic_user
                    for k in range(len(state.heroes))
                )
            )
        ):
            return None  # a spell-caster with a fighter standing holds back from the monsters in sight
    if not goals:
        goals = own_daggers(state, i) or detour_goals(state, i)  # a thrown dagger first (line 359)
        if not goals:
            stay = together(state, i)  # keep the party together
            if stay is not None and not stay:
                return None  # the leader waits for the others
            goals = stay or goal_squares(state, i)
            if guards_escort(state, i, goals):
                return None  # beside the hero leading the prisoner: he stays there (`bots_party`)
    step = _step(state, i, actions, goals)
    if visible and not standoff and turn.rolled:
        step = _help_companion(state, i, actions, step)
    if step is None and visible and standoff:
        step = way_round(state, i, actions)  # another way to the monsters, round the trap
    if step is None and (not visible or standoff) and turn.rolled and turn.moves > 0:
        other = fallback_goals(state, i)  # no way nearer: another goal, so no wait lasts for ever
        if other and other != goals:
            step = _step(state, i, actions, other)
    return step


def _striking(state: QuestState, square: Square) -> list[int]:
    """The monsters in sight that could strike a hero standing on `square` (side by side, the edge open)."""
    layout = state.layout
    return [
        j
        for j in state.visible_monsters
        if (m := state.monsters[j]).status == "active"
        and m.at is not None
        and abs(m.at[0] - square[0]) + abs(m.at[1] - square[1]) == 1
        and layout.open_between(m.at, square)
    ]


def _help_companion(state: QuestState, i: int, actions: list[str], step: str | None) -> str | None:
    """A spare fighter's move to a free square beside a monster that strikes a companion in need of help
    (`_in_danger`; lines 74, 84), when he may still attack and can reach one this turn, instead of `step`,
    which goes beside no such monster: the square beside fewest monsters (never more than `step`'s, nor
    more than one unless `step` is), the monster he has the best chance to kill first. `step` when there
    is none. (Helping any companion struck, a fighter at full Body too, cost the heroes games of the
    Rimebound Hold: the monster he would have gone to instead walked on to a weaker hero.)"""
    helped = {
        j
        for j in state.visible_monsters
        if any(k != i and _in_danger(state, k) for k in _targets_of(state, j))
    }
    if not helped or state.turn.acted or state.turn.attacks >= attacks_allowed(state, i):
        return step
    old = square_of(step) if step is not None and step.startswith("move:") else None
    if old is not None and any(j in helped for j in _striking(state, old)):
        return step  # he already goes to help
    worst = max(1, len(_striking(state, old))) if old is not None else 1
    best: tuple[int, float, str] | None = None
    for a in actions:
        if not a.startswith("move:"):
            continue
        to = square_of(a)
        near = _striking(state, to)
        aims = [j for j in near if j in helped]
        if not aims or len(near) > worst:
            continue
        odds = max(_kill_odds(state, i, f"attack:{state.monsters[j].id}") for j in aims)
        key = (len(near), -odds, a)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else step


def _in_danger(state: QuestState, k: int) -> bool:
    """True when hero `k` needs help against a monster striking him: a spell-caster, or at half his Body."""
    hero = state.hero_of(k)
    return hero.magic_user or state.heroes[k].body <= hero.maximum("body") // 2


def _targets_of(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` could strike where it stands (none when it is not on the board, or held)."""
    at = state.monsters[j].at
    return monster_targets(state, j) if at is not None and state.monsters[j].status == "active" else []


def _fighters_come_at(state: QuestState, i: int) -> bool:
    """True when a fighter with more Body than hero `i` can walk up to a monster in sight crossing no
    known trap (`round_map`)."""
    ways = round_map(state)
    body = state.heroes[i].body
    return any(
        k != i and h.status == "active" and h.at in ways and not state.hero_of(k).magic_user and h.body > body
        for k, h in enumerate(state.heroes)
    )


def _step(state: QuestState, i: int, actions: list[str], goals: set[Square]) -> str | None:
    """The move, door or roll that brings hero `i` nearer `goals` (else the nearest unseen area, else an
    unsearched room), or None."""
    fig = state.heroes[i]
    assert fig.at is not None
    turn = state.turn
    dist = walk_map(state, goals) if goals else {}
    if dist.get(fig.at) == 0:
        return None  # where he wants to be: wandering off would bring him back at the next step
    if fig.at not in dist:
        dist = walk_map(state, unseen(state))
    if fig.at not in dist or dist[fig.at] == 0:
        dist = walk_map(state, unsearched_rooms(state))
    here = dist.get(fig.at)
    if here is None or here == 0:
        return None
    doors = [a for a in actions if a.startswith("door:")]
    for a in doors:
        door = state.layout.door_by_id[rest_of(a)]
        other = door.at[1] if door.at[0] == fig.at else door.at[0]
        if dist.get(other, 10_000) < here:
            return a
    if not turn.rolled:
        return "roll" if "roll" in actions else ("climb" if "climb" in actions else None)  # out of a pit
    options = [
        (dist.get(square_of(a), 10_000), a) for a in actions if a.startswith("move:") or a.startswith("jump:")
    ]
    if not options:
        return None
    best, action = min(options)
    if best >= here:
        return None
    return action


def bot_choice(state: QuestState, actions: list[str]) -> str | None:
    """The bot's answer to a spell in flight, or the game master's move when the bot sits in its seat;
    None otherwise."""
    f = flight(state)
    if f is not None and f.stage == "heroes":
        for prefix in ("resist:will:", "resist:staff:", "resist:potion:"):
            found = [a for a in actions if a.startswith(prefix)]
            if found and not (prefix == "resist:potion:" and f.key == "chaos/chill"):
                return found[0]
        return "resist:done"
    if decider(state) == GM_PLAYER:
        return choose(state)
    return None
