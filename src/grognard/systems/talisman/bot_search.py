"""The Talisman bot that looks ahead: the "search" strength (`engine.search.Lookahead` over the heuristic).

At a decision of the kinds it weighs (`WEIGHED`) where the heuristic bot's best values lie close (within
`CLOSE` of its best: a choice it makes almost blind), the bot weighs its `WIDTH` best actions by `ROLLOUTS`
rollouts each, `HORIZON` turns on (every seat played by the heuristic bot, the rules' own dice), each scored
by `worth`: what the seat has built (Strength, Craft, Lives, a Talisman, Gold, Spells, Objects, Followers and
trophies, in the heuristic's own units, `bot_worth`) and how near its plan's goal it stands, less the best
rival's; a won game is worth `WIN`. It leaves the heuristic's choice only for an action that beats it clearly,
rollout by rollout (`engine.search.Lookahead`); elsewhere it plays the heuristic bot's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.engine.search import Lookahead
from grognard.systems.talisman.bot_worth import (
    CRAFT_WORTH,
    SPELL_WORTH,
    STRENGTH_WORTH,
    TALISMAN_WORTH,
    goal_worth,
    has_talisman,
    item_worth,
    life_worth,
)
from grognard.systems.talisman.bots import heuristic_policy, heuristic_values
from grognard.systems.talisman.scores import craft, strength
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.turn import CASH_RATE, trophy_strength

ROLLOUTS = 8
"""Rollouts per candidate action."""
HORIZON = 10
"""Turns a rollout plays on (every player's turn counting one)."""
WIDTH = 3
"""The heuristic's best actions weighed at a decision."""
CLOSE = 1.0
"""How near the heuristic's best value an action must be to be weighed."""
MARGIN = 0.25
"""How much more (in `worth`'s units) an action must score than the heuristic's choice to replace it
(and two standard errors more, `Lookahead.z`)."""
MAX_MOVES = 3_000
"""Moves a rollout makes at most (a turn is some 5-30)."""
WIN = 1_000.0
"""A won game's worth, above any position."""
WEIGHED = frozenset(
    {"encounter", "meet", "fight_evade", "fight_spells", "duel_evade", "duel_spells", "spoils", "steal"}
    | {"lose_life", "teleport", "event_evade"}
)
"""The decisions weighed by rollouts: what to meet, fights and their spells, what to take from a beaten
character, what to lose. Where to go is left to the heuristic (its valuation of a space looks further
than rollouts of a few turns; weighing moves by them lost games), and so are collecting, shopping and
dropping (taking and leaving a thing there costs nothing: rollouts alone would take and leave it for
ever)."""
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
    """The state's worth to `seat`: `WIN` for a won game (0 for a lost one); else its own `seat_worth`
    less the best rival's."""
    assert isinstance(state, TalismanState)
    if state.over:
        return WIN if seat in state.winners else -WIN
    mine = seat_worth(state, seat)
    rivals = [seat_worth(state, k) for k, h in enumerate(state.heroes) if k != seat and h.alive]
    return mine - max(rivals, default=0.0)


def candidates(state: GameState, seat: int, actions: Sequence[Action]) -> Sequence[Action]:
    """The heuristic's best `WIDTH` actions within `CLOSE` of its best, its best first (one alone when
    the rest lie further)."""
    assert isinstance(state, TalismanState)
    values = heuristic_values(state, list(actions)) if state.tasks[-1].kind in WEIGHED else None
    if values is None:
        return [heuristic_policy(state, Rng("search"))]
    ranked = sorted(actions, key=lambda a: -values.get(a, float("-inf")))
    top = values.get(ranked[0], float("-inf"))
    return [a for a in ranked[:WIDTH] if values.get(a, float("-inf")) >= top - CLOSE]


def _horizon(start: GameState, now: GameState) -> bool:
    assert isinstance(start, TalismanState) and isinstance(now, TalismanState)
    return now.turn >= start.turn + HORIZON


SEARCH_BOT = Lookahead(
    heuristic_policy, worth, candidates, rollouts=ROLLOUTS, stop=_horizon, max_moves=MAX_MOVES, margin=MARGIN
)
"""The "search" bot."""


def search_policy(state: GameState, rng: Rng) -> Action:
    """The "search" strength's action for the state (one of its legal actions)."""
    return SEARCH_BOT(state, rng)
