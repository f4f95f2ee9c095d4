"""The Talisman bot that looks ahead: the "search" strength (`engine.search.Lookahead` on a two-player plan).

It plays the plan of `bot_plan` (`race_policy`: the heuristic bot's valuations with the decisions of a game of
two weighed as such: a rival at his last Life hunted, the rival kept at bay when he would take one's own, the
Vampire's Tower met only at full Lives, Strength built for the Crypt while the rival is far from the Crown)
and searches where looking ahead pays. Where the game can be won or lost on the spot (`at_stake`): a decision
of the kinds it weighs (`WEIGHED`: where to move, what to meet, fights and duels, what to take or lose) while
its own character has `DANGER_LIVES` Lives or fewer (a Life lost there may be the game: the last character
left wins, 21:1), or while a rival it may meet or is fighting has only one Life left; and every answer to the
Command Spell (admitting defeat, 9:8). There it weighs the plan's `WIDTH` best actions by `ROLLOUTS` rollouts
each, `HORIZON` turns on (its own seat played by the plan, every other by the heuristic bot, the rules' own
dice thrown from their exact chances), each scored by `worth`: a won game `WIN`, a lost one `-WIN`, else what
the seat has built (Strength, Craft, Lives, a Talisman, Gold, Spells, Objects, Followers and trophies, in the
heuristic's own units, `bot_worth`) and how near its plan's goal it stands, less the best rival's. It leaves
the plan's choice only for an action that beats it, rollout by rollout with the same dice, by more than
`MARGIN` and `Z` standard errors (`engine.search`). Measured against the heuristic bot over 1,000 two-player
games: docs/performance.md, "Bot strengths head to head".
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.engine.search import Lookahead
from grognard.systems.talisman.bot_plan import plan_values, race_chance, race_policy
from grognard.systems.talisman.bot_worth import (
    CRAFT_WORTH,
    SPELL_WORTH,
    STRENGTH_WORTH,
    TALISMAN_WORTH,
    goal_worth,
    has_talisman,
    item_worth,
    life_worth,
    readiness,
)
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.scores import craft, strength
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.turn import CASH_RATE, trophy_strength

ROLLOUTS = 8
"""Rollouts per candidate action."""
HORIZON = 2
"""Turns a rollout plays on (every player's turn counting one): the rest of this turn and the rival's
next, where a Life put at stake is lost or kept."""
WIDTH = 3
"""The heuristic's best actions weighed at a decision."""
MARGIN = 50.0
"""How much more (in `worth`'s units) an action must score than the heuristic's choice to replace it: more
than any position gained in a few turns, so only a game won or lost more often moves it (positions
weighed by short rollouts lost games to the heuristic's own valuations)."""
Z = 1.0
"""And by how many standard errors of the rollouts' paired differences more."""
MAX_MOVES = 1_500
"""Moves a rollout makes at most (a turn is some 5-30)."""
WIN = 1_000.0
"""A won game's worth, above any position."""
DANGER_LIVES = 1
"""Lives at or below which the bot's own decisions are searched: the last one (searching at 2 Lives too
won 169 games to the heuristic's 193 in the first 380 of the benchmark's, at 0.55 s a game)."""
WEIGHED = frozenset(
    {"start", "direction", "branch", "inner_step", "teleport", "fx_choose", "event_evade"}
    | {"encounter", "meet", "fight_evade", "fight_spells", "duel_evade", "duel_spells", "spoils", "steal"}
    | {"lose_life", "command_answer"}
)
"""The decisions weighed by rollouts where something is at stake: where to go, what to meet, fights and
their spells, what to take from a beaten character, what to lose, whether to admit defeat. Collecting,
shopping and dropping are left to the heuristic (taking and leaving a thing there costs nothing: rollouts
alone would take and leave it for ever)."""
GOLD_WORTH = 0.5
FOLLOWER_WORTH = 1.0


def seat_worth(state: TalismanState, i: int) -> float:
    """What seat `i` has built and how near its goal it stands, in the heuristic's units."""
    h = state.heroes[i]
    if not h.alive:
        return 0.0
    built = STRENGTH_WORTH * strength(h) + CRAFT_WORTH * craft(h)
    lives = sum(life_worth(n) for n in range(1, h.lives + 1))
    things = sum(item_worth(h, card) for card in h.objects) + FOLLOWER_WORTH * len(h.followers)
    extra = GOLD_WORTH * h.gold + SPELL_WORTH * len(h.spells) + (TALISMAN_WORTH if has_talisman(h) else 0.0)
    trophies = STRENGTH_WORTH * trophy_strength(h) / CASH_RATE
    return built + lives + things + extra + trophies + goal_worth(state, i, h.space)


def worth(state: GameState, seat: int) -> float:
    """The state's worth to `seat`: `WIN` for a won game (`-WIN` for a lost one, or the seat out of it);
    else its own `seat_worth` less the best rival's."""
    assert isinstance(state, TalismanState)
    if state.over:
        return WIN if seat in state.winners else -WIN
    if not state.heroes[seat].alive:
        return -WIN
    mine = seat_worth(state, seat)
    rivals = [seat_worth(state, k) for k, h in enumerate(state.heroes) if k != seat and h.alive]
    return mine - max(rivals, default=0.0)


def at_stake(state: TalismanState, seat: int) -> bool:
    """True when the game may be won or lost at this decision: the Command Spell's answer (admitting
    defeat, 9:8), the seat's own character has `DANGER_LIVES` Lives or fewer, or it is meeting, fighting
    or may attack a rival down to one Life."""
    task = state.tasks[-1]
    if task.kind not in WEIGHED:
        return False
    if task.kind == "command_answer" or state.heroes[seat].lives <= DANGER_LIVES:
        return True
    here = state.heroes[seat].space
    return any(k != seat and h.alive and h.lives <= 1 and h.space == here for k, h in enumerate(state.heroes))


def candidates(state: GameState, seat: int, actions: Sequence[Action]) -> Sequence[Action]:
    """The plan's own choice (`bot_plan.race_policy`) alone where nothing is at stake; else its best `WIDTH`
    actions, its choice first."""
    assert isinstance(state, TalismanState)
    choice = race_policy(state, Rng("search"))
    if not at_stake(state, seat):
        return [choice]
    with readiness(race_chance(state, seat)):
        values = plan_values(state, list(actions)) or {}
    ranked = sorted(actions, key=lambda a: -values.get(a, float("-inf")))
    return [choice, *[a for a in ranked if a != choice][: WIDTH - 1]]


def _horizon(start: GameState, now: GameState) -> bool:
    assert isinstance(start, TalismanState) and isinstance(now, TalismanState)
    return now.turn >= start.turn + HORIZON


def _searcher(seat: int) -> Lookahead:
    """The lookahead for `seat`: rollouts play its seat by the plan and every other by the heuristic."""

    def base(state: GameState, rng: Rng) -> Action:
        return race_policy(state, rng) if state.actor() == seat else heuristic_policy(state, rng)

    return Lookahead(
        base, worth, candidates, rollouts=ROLLOUTS, stop=_horizon, max_moves=MAX_MOVES, margin=MARGIN, z=Z
    )


def search_policy(state: GameState, rng: Rng) -> Action:
    """The "search" strength's action for the state (one of its legal actions): the plan's
    (`bot_plan.race_policy`), weighed by rollouts where the game is at stake (`at_stake`)."""
    assert isinstance(state, TalismanState)
    who = state.actor()
    if not isinstance(who, int) or not at_stake(state, who):
        return race_policy(state, rng)
    return _searcher(who)(state, rng)
