"""The turn sequence of a quest (lines 72-74): the order, each hero's turn, the game master's turn.

The heroes' order is rolled on two red dice, ties re-rolled (a chance node over the orders, all equally
likely), or agreed by the players (a decision). The game master moves after the heroes, or, with the
`interleave` option, takes a place in the rolled order like a hero (line 72: "roll for each enemy's turn
along with the players"; our reading rolls once for all the enemies). The order is kept for the whole
quest (line 72 allows it).

`settle` runs after every move: it lights what the heroes now see, wakes the monsters they see, fires
see-square events, ends a combat encounter (a comatose hero wakes with one Mind point, line 92), checks
the goal and the end of the quest, skips figures that cannot act, and plays the automatic game master's
moves until a player must decide or dice must be rolled.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.sight import sees, visible_areas
from grognard.systems.heroquest.driver.actions import apply_action, monster_can_act
from grognard.systems.heroquest.driver.monster_turns import (
    hero_turn_ends,
    monster_turn_begins,
    monster_turn_ends,
    run_queue,
    upkeep,
)
from grognard.systems.heroquest.features.skills.skill_moves import thrall_acting
from grognard.systems.heroquest.features.skills.skills import repay_loans
from grognard.systems.heroquest.model.edits import note, with_hero, with_monster
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    AFTER_LOOK,
    ENCOUNTER_ENDS,
    EXTRA_TURNS,
    HERO_TURN_HOLDS,
    MONSTER_TURN_ENDS,
    MONSTER_TURN_STARTS,
    hero_turn_starts,
    lost_turn,
    opening_roll,
    run_figure_hooks,
    run_gates,
    run_state_hooks,
    settle_step,
)
from grognard.systems.heroquest.model.hooks import TurnSteps, game_master, install_turn_steps
from grognard.systems.heroquest.model.state import MonsterFig, Pending, QuestState, Turn
from grognard.systems.heroquest.rules.goals import deed_done, met_now, track_reach
from grognard.systems.heroquest.rules.quest_events import fire

MAX_AUTO_STEPS = 2000
"""A guard on the automatic game master's moves between two player decisions."""


def begin(state: QuestState) -> QuestState:
    """The quest's first state: the heroes look about them, the humans with Human Destiny roll their die
    (line 311, `destiny`), then the order is rolled or agreed."""
    state = look(state)
    fate = opening_roll(state)  # Human Destiny (`feature_hooks`)
    return state.evolve(pending=fate) if fate is not None else opening(state)


def opening(state: QuestState) -> QuestState:
    """The order to be rolled (a chance node) or agreed (the players' decision)."""
    if state.setup.order == "roll":
        return state.evolve(pending=Pending("order"))
    return state


def start_slot(state: QuestState) -> QuestState:
    """A fresh turn for whoever holds the current slot (skipping is left to `settle`)."""
    state = state.evolve(turn=Turn(), acting=-1)
    who = state.current_hero()
    if who is None:
        return state
    fig = state.heroes[who]
    kept = tuple(e for e in fig.effects if not e.startswith("guard|"))
    stopped = False
    if any(e.startswith("tempest|") for e in kept):
        kept = tuple(e for e in kept if not e.startswith("tempest|"))
        state = note(
            state, said("turn.caught-whirlwind-misses-this", hero=who, hero_name=state.hero_of(who).name)
        )
        stopped = True
    state = with_hero(state, who, replace(fig, effects=kept))
    if stopped:
        return end_turn(state)
    for hook in hero_turn_starts():  # chaos, Hypnotic Blaze, the monster skills, ... (`feature_hooks`)
        state, step = hook.run(state, who)
        if step == "stop":
            return state
        if step == "end":
            return end_turn(state)
    return state


def end_turn(state: QuestState) -> QuestState:
    """The current figure's turn is over: one-turn effects end and the next slot (or round) begins; a hero's
    turn may first be held open for Flashback, and a Timestop turn comes before the next slot."""
    state, held = run_gates(HERO_TURN_HOLDS, state)  # a Flashback window (`feature_hooks`)
    if held:
        return state
    who = state.current_hero()
    if who is not None:
        fig = state.heroes[who]
        kept = tuple(e for e in fig.effects if not e.endswith("|one-turn"))
        # a potion drunk as this turn's action lasts through the drinker's next turn (items module)
        kept = tuple(e.replace("|drunk", "|one-turn") for e in kept)
        state = with_hero(state, who, replace(fig, effects=kept))

        state = hero_turn_ends(state, who)  # a mummy's curse counts down (line 735)
        if any(e.endswith("|hero-turn") for m in state.monsters for e in m.effects):
            state = state.evolve(monsters=tuple(_ended(m, "|hero-turn") for m in state.monsters))
    state, again = run_gates(EXTRA_TURNS, state)  # a Timestop turn (`feature_hooks`)
    if again:
        return start_slot(state)
    slot = state.slot + 1
    if slot >= len(state.order):
        rounds = state.setup.rounds
        if rounds and state.round >= rounds:
            return state.evolve(outcome="timeout", turn=Turn(), acting=-1)
        return start_slot(state.evolve(slot=0, round=state.round + 1))
    return start_slot(state.evolve(slot=slot))


# ---------------------------------------------------------------------------------------------------
# Small helpers the other modules share


def _ended(m: MonsterFig, duration: str) -> MonsterFig:
    return replace(m, effects=tuple(e for e in m.effects if not e.endswith(duration)))


def end_monster_turn(state: QuestState) -> QuestState:
    """The acting monster's turn is over: its effects lasting "until its next turn ends" end."""
    j = state.acting
    if 0 <= j < len(state.monsters) and any(e.endswith("|next-turn") for e in state.monsters[j].effects):
        state = with_monster(state, j, _ended(state.monsters[j], "|next-turn"))

    return run_figure_hooks(MONSTER_TURN_ENDS, state, j)  # a fallen hero's things (`feature_hooks`)


# ---------------------------------------------------------------------------------------------------
# Looking about


def look(state: QuestState) -> QuestState:
    """Light the areas the heroes see, wake the monsters they see, fire see-square events, and start or
    end the combat encounter."""
    layout = state.layout
    lit = set(state.seen)
    for h in state.heroes:
        if h.at is not None:
            lit |= visible_areas(layout, h.at)
    if len(lit) != len(state.seen):
        state = state.evolve(seen=tuple(sorted(lit)))
    visible = state.visible_monsters
    if any(not state.monsters[i].aware for i in visible):
        monsters = list(state.monsters)
        for i in visible:
            monsters[i] = replace(monsters[i], aware=True)
        state = state.evolve(monsters=tuple(monsters))
    events = [
        e
        for e in state.ctx.quest.file.events
        if e.trigger.kind == "see-square"
        and e.trigger.at is not None
        and not (e.once and e.id in state.fired)
        and any(h.at is not None and sees(layout, h.at, e.trigger.at) for h in state.heroes)
    ]
    if events:
        state = fire(state, events)
    fighting = bool(visible)
    if fighting != state.encounter:
        state = state.evolve(encounter=fighting)
        if not fighting:
            state = end_encounter(state)

    return run_state_hooks(AFTER_LOOK, state)  # Double Images fade, ... (`feature_hooks`)


def end_encounter(state: QuestState) -> QuestState:
    """No enemy is in sight: a comatose hero or monster regains one Mind point (line 92) and encounter
    effects end."""
    heroes = []
    for i, h in enumerate(state.heroes):
        effects = tuple(
            e for e in h.effects if not e.endswith("|encounter") and not e.endswith("|while-in-sight")
        )
        mind = 1 if h.status == "active" and h.mind == 0 else h.mind
        back = repay_loans(h.effects)  # Frenzy, Focus, Combat Sorcery (lines 197, 228, 305)
        hero = state.hero_of(i)
        alive = h.status == "active"
        heroes.append(
            replace(
                h,
                effects=effects,
                mind=min(hero.maximum("mind"), mind + back["mind"]) if alive else h.mind,
                body=min(hero.maximum("body"), h.body + back["body"]) if alive else h.body,
                magic=min(hero.maximum("magic"), h.magic + back["magic"]) if alive else h.magic,
            )
        )

    return run_state_hooks(ENCOUNTER_ENDS, state.evolve(heroes=tuple(heroes)))  # monsters wake, ...


# ---------------------------------------------------------------------------------------------------
# Settling after a move


def check_end(state: QuestState) -> QuestState:
    """The goal met or the party gone: the quest's outcome."""
    if state.outcome:
        return state.evolve(pending=None) if state.pending else state
    ctx = state.ctx
    goal = ctx.quest.file.goal
    state = track_reach(state)  # the rooms of a reach goal stood in, or held (`goals`)
    met = state.goal_met
    if goal.kind in ("kill", "find", "rescue", "reach"):
        met = met or deed_done(state)  # every target of the goal (`goals`)

    met = met_now(state, met)  # a goal with a way out after it, and slay-all (`goals`)
    if met:
        return state.evolve(goal_met=True, outcome="won", pending=None)
    if any(h.status in ("active", "dying") for h in state.heroes):
        return state
    if any(h.status == "left" for h in state.heroes):
        return state.evolve(outcome="retreated", pending=None)
    return state.evolve(outcome="lost", pending=None)


def settle(state: QuestState) -> QuestState:
    """After a move: look about, check the end, skip who cannot act, and play the automatic game master."""
    for _ in range(MAX_AUTO_STEPS):
        state = check_end(look(upkeep(state)))  # upkeep: the monster skills' lasting effects
        if state.outcome or state.pending is not None or not state.order:
            return state
        queued = run_queue(state)  # what a monster skill set off, one item at a time
        if queued is not None:
            state = queued
            continue

        chaos = settle_step(state)  # a chaos spell in flight, a hero the game master moves, ice melting
        if chaos is not None:
            state, wait = chaos
            if wait:
                return state
            continue
        who = state.current_hero()
        if who is not None:
            if state.heroes[who].status != "active" and not state.turn.done:  # done: Flashback's window
                state = end_turn(state)
                continue
            return state
        if not state.in_gm_turn():
            return state
        if state.acting < 0 or not monster_can_act(state, state.acting, started=True):
            state = end_monster_turn(monster_turn_ends(state))
            nxt = next_monster(state)
            if nxt is None:
                state = end_turn(state)
                continue
            state = start_monster(state, nxt)
            continue
        if state.setup.gm == "human" or thrall_acting(state):
            return state
        state = apply_action(state, game_master()(state))
    raise RuntimeError(f"the game master did not finish its turn: {state.describe()}")


def next_monster(state: QuestState) -> int | None:
    """The next monster after the one acting that may take a turn."""
    for i in range(state.acting + 1, len(state.monsters)):
        if monster_may_start(state, i):
            return i
    return None


def monster_may_start(state: QuestState, index: int) -> bool:
    """A monster on the board takes a turn: any active one for a person, an aware one for the automatic
    game master."""
    m = state.monsters[index]
    if m.status not in ("active", "lurking"):  # lurking: unseen in ambush (line 803)
        return False
    return state.setup.gm == "human" or m.aware


def start_monster(state: QuestState, index: int) -> QuestState:
    """Monster `index` begins its turn: a whirlwind costs it the turn; a sleeper rolls to wake."""
    state = state.evolve(acting=index, turn=Turn())
    lost = lost_turn(state, index)  # Hypnotic Blaze (line 537, `feature_hooks`)
    if lost is not None:
        return replace(lost, turn=Turn(rolled=True, acted=True, stopped=True, done=True))
    m = state.monsters[index]
    if any(e.startswith("tempest|") for e in m.effects):
        state = with_monster(
            state, index, replace(m, effects=tuple(e for e in m.effects if not e.startswith("tempest|")))
        )
        return note(
            state.evolve(turn=Turn(rolled=True, acted=True, stopped=True, done=True)),
            said("turn.misses-turn-whirlwind", monster=index, monster_name=state.stats_of(index).name),
        )
    if any(e.startswith("sleep|") for e in m.effects):
        deep = any(e.startswith("deep|") for e in m.effects)  # Deep Sleep: one red die (line 531)
        dice = 1 if deep else state.stats_of(index).mind
        return state.evolve(pending=Pending("wake", who=index, dice=dice))

    state = run_figure_hooks(MONSTER_TURN_STARTS, state, index)  # a Fear or Command to break, ...
    return monster_turn_begins(state, index)  # stunned, escaped or running, a bear hug (monster_turns)


install_turn_steps(TurnSteps(end_turn=end_turn, start_slot=start_slot, opening=opening))
