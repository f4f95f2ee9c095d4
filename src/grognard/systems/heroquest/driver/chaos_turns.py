"""The chaos spells in the turn: who decides, the rolls to break free, and the heroes the game master moves.

- `decider`: a spell in flight waits for the heroes' player (stage "heroes") or the game master (a
  Dispell or Mirror Magic to decide, an Ice Wall being raised); a hero under Command who did not break
  free, or turned werewolf, is moved by the game master for his turn (lines 567, 589).
- At the start of a hero's turn (`hero_turn_starts`, called by `turn.start_slot`) he rolls to break each
  spell on him, one red die per current Mind point, a 6 breaking it (Sleep, Cloud of Chaos, Mind Blast,
  Command, Fear; one die for a Deep Sleep sent back at him), then the Werewolf's Curse's red die. Asleep,
  paralysed or mind-blasted, his turn is lost. A monster under a Fear or Command an Ancient Staff turned
  on it rolls at the start of its turn (`chaos_dice.monster_turn_starts`).
- A hero the game master moves may roll to move, move (never over a trap: the game master knows them),
  strike another hero beside him (the werewolf with a Giant Wolf's Attack at his level), and end; he
  opens no door and uses nothing.
- `chaos_step`, a settle step (`feature_hooks.SETTLE_STEPS`) `turn.settle` plays, melts ice no longer
  seen, carries a spell in flight on, and plays the automatic game master's part in them.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.geometry import can_attack_close, can_target
from grognard.systems.heroquest.driver.reach import hero_reach
from grognard.systems.heroquest.features.chaos import chaos_hero_ice as hero_ice
from grognard.systems.heroquest.features.chaos.chaos_area import ice_action, ice_actions
from grognard.systems.heroquest.features.chaos.chaos_flight import (
    advance,
    answer,
    gm_answer,
    gm_answers,
    hero_answers,
)
from grognard.systems.heroquest.features.items.weapons import hero_axe, with_axe
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.model.action_text import rest_of, verb_of
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import has, parse, spend
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    HERO_TURN_STARTS,
    SETTLE_STEPS,
    SettleStep,
    TurnStart,
    TurnStep,
)
from grognard.systems.heroquest.model.hooks import apply_action, do_hero_action, end_turn, game_master
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, Pending, QuestState
from grognard.systems.heroquest.rules.chaos import Flight, flight
from grognard.systems.heroquest.rules.chaos_effects import (
    BREAKABLE,
    helpless,
    hero_add,
    hero_drop,
    melt,
    named,
    plain_attack_dice,
    smash,
)
from grognard.systems.heroquest.rules.effects import hero_defend_dice
from grognard.systems.heroquest.rules.gear import weapon_of

GM_STAGES = ("gm", "ice")
"""Stages of a spell in flight that wait for the game master."""


def puppet(state: QuestState, i: int) -> bool:
    """True while hero `i` is moved by the game master this turn."""
    fig = state.heroes[i]
    return fig.status == "active" and has(fig.effects, "puppet")


def decider(state: QuestState) -> int | None:
    """Who decides now because of a chaos spell, or None when the ordinary turn says."""
    if state.casting:
        stage = Flight.of(state.casting).stage
        if stage in GM_STAGES:
            return GM_PLAYER
        return HERO_PLAYER if stage == "heroes" else None
    who = state.current_hero()
    if who is not None and not state.in_gm_turn() and puppet(state, who):
        return GM_PLAYER
    return None


# ---------------------------------------------------------------------------------------------------
# Breaking free


def _command_gone(state: QuestState, i: int) -> QuestState:
    """A Command whose caster is slain or gone ends (our ruling, as Dominion ends with its holder)."""
    mark = named(state.heroes[i].effects, "command@")
    if mark is None:
        return state
    mid = parse(mark)[0][8:]
    if any(m.id == mid and m.status == "active" for m in state.monsters):
        return state
    return note(
        hero_drop(state, i, "command"), said("status.free-command", hero=i, hero_name=state.hero_of(i).name)
    )


def hero_turn_starts(state: QuestState, i: int) -> tuple[QuestState, bool]:
    """Hero `i`'s rolls at the start of his turn, one chance node at a time; True when the turn's start
    stops here (a roll to make, or the turn lost)."""
    state = _command_gone(state, i)
    fig = state.heroes[i]
    for name in BREAKABLE:
        on = named(fig.effects, "command@") is not None if name == "command" else has(fig.effects, name)
        if not on or has(fig.effects, f"rolled-{name}"):
            continue
        state = hero_add(state, i, f"rolled-{name}|one-turn")
        dice = 1 if name == "sleep" and has(fig.effects, "deep") else fig.mind
        if dice > 0:
            p = Pending("cbreak", target=i, side="h", dice=dice, ref=name, then="turn")
            return replace(state, pending=p), True
    if has(fig.effects, "curse-werewolf") and not has(fig.effects, "rolled-curse"):
        state = hero_add(state, i, "rolled-curse|one-turn")
        return replace(state, pending=Pending("cwere", who=i, ref="chaos/werewolfs-curse")), True
    fig = state.heroes[i]
    if helpless(fig.effects):
        return end_turn(
            note(state, said("turn.lies-helpless-loses-turn", hero=i, hero_name=state.hero_of(i).name))
        ), True
    if named(fig.effects, "command@") is not None and not has(fig.effects, "puppet"):
        state = hero_add(state, i, "puppet|one-turn")
        state = note(state, said("turn.obeys-game-master-this", hero=i, hero_name=state.hero_of(i).name))
    return state, False


# ---------------------------------------------------------------------------------------------------
# The hero the game master moves


def werewolf_attack(state: QuestState, i: int) -> int:
    """The werewolf's attack dice: a Giant Wolf's Attack at the hero's level, held to the printed levels
    (our reading of "a werewolf of equivalent level", line 589)."""
    wolf = hq.monster("Giant Wolf")
    low, high = wolf.level_range
    return wolf.at(max(low, min(high, state.hero_of(i).level))).attack


def puppet_targets(state: QuestState, i: int) -> list[int]:
    """The other heroes hero `i` may strike: beside him (corner to corner with a diagonal weapon), any in
    sight with a bow or crossbow; the werewolf only beside him."""
    at = state.heroes[i].at
    assert at is not None
    name = state.hero_of(i).equipped.weapon
    weapon = None if has(state.heroes[i].effects, "werewolf") or not name else weapon_of(name)
    out = []
    for k, h in enumerate(state.heroes):
        if k == i or h.status != "active" or h.at is None:
            continue
        if weapon is not None and weapon.ranged:
            ok = can_target(state.layout, at, h.at, state.figures)
        else:
            diagonal = weapon is not None and weapon.diagonal
            ok = can_attack_close(state.layout, at, h.at, diagonal_weapon=diagonal, figures=state.figures)
        if ok:
            out.append(k)
    return out


def puppet_actions(state: QuestState, i: int) -> list[str]:
    """What the game master may do with hero `i` this turn."""
    fig = state.heroes[i]
    turn = state.turn
    acts: list[str] = []
    if not turn.rolled and not turn.stopped:
        acts.append("roll")
    if turn.rolled and turn.moves > 0 and not turn.stopped:
        reach = hero_reach(state, i)
        traps = all_traps(state)
        acts.extend(
            f"move:{s[0]},{s[1]}"
            for s in sorted(reach.cost)
            if s != fig.at and not set(reach.path(s)) & traps
        )
    if turn.attacks == 0:
        acts.extend(f"attack:h{k}" for k in puppet_targets(state, i))
    acts.append("end")
    return acts


def puppet_act(state: QuestState, i: int, action: str) -> QuestState:
    """The game master's move for hero `i`: an attack on a hero, or his roll, move or end."""
    verb, arg = verb_of(action), rest_of(action)
    if verb != "attack":
        return do_hero_action(state, i, action)

    k = int(arg[1:])
    wolf = has(state.heroes[i].effects, "werewolf")
    dice = werewolf_attack(state, i) if wolf else plain_attack_dice(state, i)
    ref = with_axe("puppet", not wolf and hero_axe(state, i))  # his battle axe concusses (line 369)
    defend = hero_defend_dice(state, k)
    target = state.heroes[k]

    state = with_hero(state, k, replace(target, effects=spend(target.effects, "next-defend")))
    state = replace(state, turn=replace(state.turn, attacks=state.turn.attacks + 1, acted=True))
    return replace(state, pending=Pending("chit", who=i, target=k, side="h", dice=dice, need=defend, ref=ref))


# ---------------------------------------------------------------------------------------------------
# Hooks for actions and settle


def chaos_actions(state: QuestState) -> list[str] | None:
    """The actions a chaos spell puts before the player to decide, or None."""
    f = flight(state)
    if f is not None:
        if f.stage == "heroes":
            return hero_answers(state, f)
        if f.stage == "gm":
            return gm_answers(state, f)
        if f.stage == "ice":
            return ice_actions(state, f)
        if f.stage == hero_ice.STAGE:
            return hero_ice.actions(state, f)
        return None
    who = state.current_hero()
    if who is not None and not state.in_gm_turn() and puppet(state, who):
        return puppet_actions(state, who)
    return None


def chaos_apply(state: QuestState, action: str) -> QuestState | None:
    """Apply an action of `chaos_actions` (or a hero's `smash:X,Y` at an ice square); None for others."""
    f = flight(state)
    verb = verb_of(action)
    if f is not None:
        if f.stage == "heroes" and verb == "resist":
            return answer(state, action)
        if f.stage == "gm" and verb == "react":
            return gm_answer(state, action)
        if f.stage == "ice" and verb == "ice":
            return ice_action(state, f, action)
        if f.stage == hero_ice.STAGE and verb == "ice":
            return hero_ice.action(state, f, action)
        return None
    if verb == "smash" and state.in_gm_turn() and state.acting >= 0:  # a hero's Ice Wall (line 585)
        return hero_ice.monster_smash(state, state.acting, rest_of(action))
    who = state.current_hero()
    if who is None or state.in_gm_turn():
        return None
    if puppet(state, who):
        return puppet_act(state, who, action)
    if verb == "smash":
        return smash(state, who, rest_of(action))
    return None


def gm_decides(state: QuestState) -> bool:
    """True when the game master decides because of a chaos spell."""
    return decider(state) == GM_PLAYER


def chaos_step(state: QuestState) -> tuple[QuestState, bool] | None:
    """One step of `turn.settle` for the chaos spells: (state, wait for a player) or None when there is
    nothing to do here."""
    melted = melt(state)
    if melted is not state:
        return melted, False
    f = flight(state)
    if f is not None and f.stage not in (*GM_STAGES, "heroes", "hero-ice"):
        moved = advance(state)
        if moved is state:
            raise RuntimeError(f"a spell in flight did not move on: {state.casting}")
        return moved, False
    if gm_decides(state):
        if state.setup.gm == "human":
            return state, True
        return apply_action(state, game_master()(state)), False
    if f is not None:
        return state, True
    return None


def _chaos_start(state: QuestState, who: int) -> tuple[QuestState, TurnStep]:
    state, stop = hero_turn_starts(state, who)  # rolls to break chaos spells, or the turn lost (551-589)
    return state, "stop" if stop else "go"


HERO_TURN_STARTS.add("chaos", TurnStart(10, _chaos_start))
SETTLE_STEPS.add("chaos", SettleStep(10, chaos_step))  # a spell in flight, a hero moved, ice melting
