"""What following a list of instructions (the effect language of `content`) is worth to the heuristic bot.

`effect_worth(state, i, effects)` reads a card's, a space's or an option's instructions the way
`effects.py` runs them and adds up their expected worth to seat `i`, in the units of `bot_worth`: a Roll
is weighed by the exact chances of its branches (the same `effects.roll_outcomes` arithmetic as the chance
node), an If by the condition as it holds now, a Choose by its best affordable option, a creature by the
exact combat odds. The bot uses it to choose among the options of an instruction (pray or leave), to
decide whether to visit a Stranger, and to value spaces whose instructions it has no special rule for.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from grognard.systems.talisman import content as c
from grognard.systems.talisman.bot_worth import (
    CRAFT_WORTH,
    SPELL_WORTH,
    STRENGTH_WORTH,
    fight_worth,
    goal_worth,
    heal_worth,
    item_worth,
    life_worth,
    shop_worth,
)
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.dice import sum_probabilities
from grognard.systems.talisman.effects import holds
from grognard.systems.talisman.scores import score, spell_limit
from grognard.systems.talisman.state import TalismanState

GOLD_WORTH = 0.6
"""One Gold counter."""
TURN_WORTH = 1.5
"""A turn missed."""
TOAD_WORTH = 8.0
"""Three turns as a Toad, with everything carried left behind (19:1-2)."""
GAIN_WORTH = {"strength": STRENGTH_WORTH, "craft": CRAFT_WORTH, "lives": 2.5, "gold": GOLD_WORTH}
"""One counter of each kind gained."""
DEPTH = 6
"""How deep nested instructions are read (deeper ones count nothing)."""


def effect_worth(state: TalismanState, i: int, effects: Sequence[c.Effect], depth: int = 0) -> float:
    """The expected worth to seat `i` of following `effects` in order, from the state as it is now."""
    if depth > DEPTH:
        return 0.0
    return sum(_one(state, i, effect, depth) for effect in effects)


def _one(state: TalismanState, i: int, effect: c.Effect, depth: int) -> float:
    h = state.heroes[i]
    match effect:
        case c.Gain(stat=stat, amount=amount):
            return GAIN_WORTH[stat] * amount
        case c.Lose(stat="lives", amount=amount):
            return -sum(life_worth(h.lives - k) for k in range(amount))
        case c.Lose(stat=stat, amount=amount):
            return -_lost(state, i, stat, amount)
        case c.Heal(amount=amount):
            return heal_worth(h) * min(amount, max(0, 4 - h.lives))
        case c.Draw(count=count):
            from grognard.systems.talisman.bot_worth import draw_worth

            return count * draw_worth(state, i)
        case c.DrawSpells(count=count):
            room = max(0, spell_limit(h) - len(h.spells))
            return SPELL_WORTH * min(count, room)
        case c.Teleport(to=to, region=region):
            spaces = to or [s for s in catalog().rings[region or "outer"] if s != h.space]
            return max(goal_worth(state, i, s) for s in spaces) - goal_worth(state, i, h.space)
        case c.LoseTurns(count=count):
            return -TURN_WORTH * count
        case c.EndTurn():
            return -0.3
        case c.Roll() as roll:
            return _roll(state, i, roll, depth)
        case c.BecomeToad():
            return 0.0 if h.toad else -TOAD_WORTH
        case c.Fight(craft=craft_, strength=strength_, strength_dice=dice, count_dice=many):
            if craft_:
                return fight_worth(score(h, "craft", "psychic"), craft_, 0.3, h.lives)
            enemy = strength_ + round(3.5 * dice)
            once = fight_worth(score(h, "strength", "combat"), enemy, 0.3, h.lives)
            return once * (3.5 if many else 1)
        case c.If(test=test, then=then, otherwise=otherwise):
            chosen = then if holds(state, i, test) else otherwise
            return effect_worth(state, i, chosen, depth + 1)
        case c.Choose(options=options):
            return max(option_worth(state, i, o, depth) for o in options)
        case c.GainCard(card=card):
            left = dict(state.supply).get(card, 0)
            return item_worth(h, card) if left and not h.toad else 0.0
        case c.Shop():
            return 0.0 if h.toad else shop_worth(state, i)
        case c.LoseFollower():
            return -min((item_worth(h, f) for f in h.followers), default=0.0)
        case c.LoseObject():
            return -min((item_worth(h, o) for o in h.objects), default=0.0)
        case c.Follow():
            return 0.8
    return 0.0


def option_worth(state: TalismanState, i: int, option: c.Option, depth: int = 0) -> float:
    """The worth of one option of a Choose, its price in Gold paid (nothing when it cannot be taken)."""
    h = state.heroes[i]
    if option.cost > h.gold or (option.test is not None and not holds(state, i, option.test)):
        return float("-inf")
    return effect_worth(state, i, option.then, depth + 1) - GOLD_WORTH * option.cost


def _lost(state: TalismanState, i: int, stat: str, amount: int) -> float:
    h = state.heroes[i]
    if stat == "gold":
        return GOLD_WORTH * min(amount, h.gold)
    if h.toad:
        return 0.0
    floor: int = getattr(catalog().characters[h.character], stat)
    above = max(0, int(getattr(h, stat)) - floor)
    return (STRENGTH_WORTH if stat == "strength" else CRAFT_WORTH) * min(amount, above)


def _roll(state: TalismanState, i: int, roll: c.Roll, depth: int) -> float:
    minus = score(state.heroes[i], roll.minus) if roll.minus else 0
    total = 0.0
    for index, p in _branch_chances(roll.dice, minus, tuple((o.low, o.high) for o in roll.outcomes)):
        total += p * effect_worth(state, i, roll.outcomes[index].then, depth + 1)
    return total


@lru_cache(maxsize=1024)
def _branch_chances(
    dice: int, minus: int, ranges: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, float], ...]:
    """The chance of each branch of a Roll of `dice` dice less `minus` (as `effects.roll_outcomes`)."""
    chances = [0.0] * len(ranges)
    for total, p in sum_probabilities(dice).items():
        for index, (low, high) in enumerate(ranges):
            if low <= total - minus <= high:
                chances[index] += float(p)
                break
    return tuple((index, p) for index, p in enumerate(chances) if p)
