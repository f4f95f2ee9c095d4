"""The automatic game master: a deterministic monster policy.

On its turn each monster the heroes have seen (`MonsterFig.aware`) attacks a hero it can strike, the
weakest first (least Body, then fewest defend dice); otherwise, if it can see a hero, it rolls its
movement and walks by the shortest path towards the nearest square beside a hero it sees (never over a
trap, never through a hero, line 76), and attacks if it got there; a monster with a dagger that gets no
nearer throws it at the weakest hero it sees (line 359). One that sees no hero chases those who ran out
of its sight, then goes back to its place or on their way (line 88, `monster_pursuit`). Monsters do not
open doors (line 122).
A monster that holds chaos spells casts one when it is worth more than its attack (`chaos_policy`); its
skills, its bow and running away are played by `monster_gm`.
The quest's events are sprung by the rules themselves (`quest_events.fire`). The policy uses no randomness, so
the same position always gets the same move; `choose` returns one of the state's legal actions.
"""

from __future__ import annotations

from grognard.systems.heroquest.content.board import Square, neighbours
from grognard.systems.heroquest.content.geometry import distances
from grognard.systems.heroquest.driver.reach import monster_reach
from grognard.systems.heroquest.features.chaos.chaos_hero_ice import gm_smash
from grognard.systems.heroquest.features.items.weapons import gm_throw
from grognard.systems.heroquest.features.monsters.monster_pursuit import pursuit_goals
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.model.action_text import aimed_hero, sq_text, square_of
from grognard.systems.heroquest.model.edits import active_squares
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.chaos_policy import gm_choice
from grognard.systems.heroquest.policies.monster_gm import gm_choice as monster_choice
from grognard.systems.heroquest.rules.effects import hero_defend_dice
from grognard.systems.heroquest.rules.targets import seen_heroes


def choose(state: QuestState) -> str:
    """The game master's move for the acting monster (one of `state.legal_actions()`)."""
    actions = list(state.legal_actions())

    chaos = gm_choice(state, actions)  # answers to spells, a hero it moves, casting (`chaos_policy`)
    if chaos is not None:
        return chaos

    skilled = monster_choice(state, actions)  # its skills, its bow, running away (`monster_gm`)
    if skilled is not None:
        return skilled
    j = state.acting
    turn = state.turn
    attacks = [a for a in actions if a.startswith("attack:h")]
    if attacks:

        def weakness(action: str) -> tuple[int, int, int]:
            i = aimed_hero(action)
            return (state.heroes[i].body, hero_defend_dice(state, i), i)

        return min(attacks, key=weakness)
    if j < 0 or turn.done or turn.attacks:
        return "end"
    targets = seen_heroes(state, j)

    chased = None if targets else pursuit_goals(state, j)  # heroes out of sight: chase (line 88)
    if not targets and not chased:
        return "end"

    thrown = gm_throw(state, actions)  # its dagger, when no hero is in reach (line 359)
    if not turn.rolled:
        return "roll" if "roll" in actions else (thrown or "end")

    thrown = thrown or gm_smash(actions)  # a hero's ice in its way (line 585)
    moves = [a for a in actions if a.startswith("move:")]
    if not moves:
        return thrown or "end"
    if any(e.startswith("flee|") for e in state.monsters[j].effects):
        return _flee(state, moves)
    layout = state.layout
    goals: set[Square] = set(chased or ())
    for i in targets:
        at = state.heroes[i].at
        assert at is not None
        goals |= {n for n in neighbours(at) if layout.open_between(at, n) and not layout.solid(n)}
    traps = all_traps(state)
    goals -= traps
    dist = distances(layout, goals, state.hero_squares | traps)
    reach = monster_reach(state, j)
    here = state.monsters[j].at
    assert here is not None
    best = min(
        (s for s in reach.cost if s == here or f"move:{sq_text(s)}" in moves),
        key=lambda s: (dist.get(s, 10_000), reach.cost[s], s),
    )
    if best == here:
        return thrown or "end"
    action = f"move:{sq_text(best)}"
    assert square_of(action) == best
    return action


def _flee(state: QuestState, moves: list[str]) -> str:
    """A monster fleeing after Savagery (line 205) runs to the square farthest from the heroes."""
    heroes = active_squares(state)

    def away(action: str) -> tuple[int, str]:
        s = square_of(action)
        return (min((abs(s[0] - h[0]) + abs(s[1] - h[1]) for h in heroes), default=0), action)

    return max(moves, key=away)
