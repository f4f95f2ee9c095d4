"""The two-player plan of the "search" bot: hunt a rival whose last Life is his whole character, keep out
of reach of a rival who would take one's own, and meet the Inner Region fit for it.

Before anyone reaches the Crown of Command a character killed is not out of the game: his player draws a
new one and starts over (4:3), with the Strength, Craft, Objects, Gold and the Talisman of the dead one lost
(they stay on the space). In a game of two that is most of a race for the Crown lost, and the heuristic bot
prices a last Life at a fixed 20 points (`bot_worth.life_worth`) and a rival's Life taken at 60% of that.
`plan_values` is the heuristic bot's valuation (`bots.heuristic_values`) with a few decisions weighed as a
game of two plays them, while one rival only is left in the game (`lone_rival`); with more players it is the
heuristic's own:

- *Meeting the rival* ("encounter"): attacking him (16:6-9) is worth what the spoils take from him, a Life or
  the Object worth most to both, and the Life taken from a rival at his last one is his whole character
  (`kill_worth`); less what he would take if he won (`hunt_worth`).
- *The spoils* ("spoils"): the rival's Life at that price (his armour's saves counted), against an Object.
- *Where to move* ("direction", "branch"): ending the move on the rival's space is worth the attack there
  beyond what the heuristic already counts; ending it within a die's throw of a rival who would attack is
  worth less by his chance of coming (one in six) times what his attack would cost (`threat`).
- *Being attacked* ("duel_evade"): standing is weighed by the same spoils.
- *The Vampire's Tower* ("inner_step"): with fewer than `SAFE_LIVES` Lives the plan turns back before it, to
  heal, while the rival is not in the Inner Region (`too_hurt`).

`plan_policy` plays the action `plan_values` values most, as the heuristic bot does with its own values.
`race_policy` (the plan the "search" bot plays) is `plan_policy` with its own readiness for the Crown
(`bot_worth.readiness`, `race_chance`): the heuristic's while the rival has a Talisman or is in the Inner
Region; else better odds (`CALM_CHANCE`), Strength enough for the Crypt (`CRYPT_CHANCE`) and full Lives.
"""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.systems.talisman.actions import Meet, parse_action
from grognard.systems.talisman.bot_worth import (
    CRAFT_WORTH,
    CROWN_CHANCE,
    SPELL_WORTH,
    STRENGTH_WORTH,
    TALISMAN_WORTH,
    duel_worth,
    has_talisman,
    item_worth,
    life_worth,
    odds,
    pass_chance,
    readiness,
)
from grognard.systems.talisman.bots import heuristic_values, valued_choice
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import has_ability
from grognard.systems.talisman.combat import hero_score
from grognard.systems.talisman.scores import craft, score, strength
from grognard.systems.talisman.state import Hero, TalismanState

KILL_TEMPO = 10.0
"""What a character killed before the Crown loses beyond his build: the turns his player's new character
needs to be where the old one started (in `bot_worth` units, a Strength counter being 2)."""
OUT_WORTH = 200.0
"""A character killed once someone has reached the Crown: out of the game (4:3), in a game of two the game."""
GOLD_WORTH = 0.6
"""One Gold counter (`bot_worth.GOLD_WORTH`)."""
REACH = 1 / 6
"""The chance that a rival a die's throw away (1-6 spaces along the same ring) lands on a given space."""
DENIAL = 0.5
"""How much of an Object's worth to the rival counts when it is taken from him (beside its worth to the
taker)."""


def lone_rival(state: TalismanState, i: int) -> int | None:
    """The seat of the one other player left in the game with a character, or None (more players, or the
    other's character dead and not yet replaced)."""
    others = [k for k, h in enumerate(state.heroes) if k != i and not h.out]
    if len(others) != 1 or not state.heroes[others[0]].alive:
        return None
    return others[0]


def build_worth(h: Hero) -> float:
    """What a character has built beyond his card (Strength and Craft counters gained, Objects, Followers,
    Gold, Spells, the Talisman), in `bot_worth` units: what dying before the Crown loses (4:3)."""
    card = catalog().characters[h.character]
    gained = STRENGTH_WORTH * max(0, h.strength - card.strength) + CRAFT_WORTH * max(0, h.craft - card.craft)
    things = sum(item_worth(h, o) for o in h.objects) + len(h.followers)
    return (
        gained + things + GOLD_WORTH * h.gold + SPELL_WORTH * len(h.spells) + TALISMAN_WORTH * has_talisman(h)
    )


def kill_worth(state: TalismanState, k: int) -> float:
    """What seat `k`'s character dying costs its player: out of the game once the Crown has been reached,
    else his build and the turns to build it again."""
    if state.crown_reached:
        return OUT_WORTH
    return KILL_TEMPO + build_worth(state.heroes[k])


def life_value(state: TalismanState, k: int) -> float:
    """What losing one Life costs seat `k`: his character at the last one (`kill_worth`), else the
    heuristic's price."""
    h = state.heroes[k]
    return kill_worth(state, k) if h.lives <= 1 else life_worth(h.lives)


def saved(h: Hero) -> float:
    """The chance that the hero's armour saves a Life lost in Combat (16:4), each piece tried in turn."""
    through = 1.0
    for o in set(h.objects):
        save = catalog().item(o).save
        if save is not None:
            through *= 1 - (7 - save) / 6
    return 1 - through


def taking(state: TalismanState, i: int, j: int) -> float:
    """What seat `i` gains by the best spoils from seat `j` (16:9): a Life (his whole character at the last
    one, less his armour's saves), the Object worth most to both, or Gold."""
    me, them = state.heroes[i], state.heroes[j]
    life = life_value(state, j) * (1 - saved(them))
    things = [item_worth(me, o) + DENIAL * item_worth(them, o) for o in them.objects] if not me.toad else []
    return max([life, *things, GOLD_WORTH if them.gold else 0.0])


def taken(state: TalismanState, i: int, j: int) -> float:
    """What seat `i` loses when the heuristic rival `j` wins a combat against him: the spoils the heuristic
    takes (`bots._spoils`: a Life at 60% of its price, an Object by its worth to him, Gold), at their cost
    to `i`."""
    me, them = state.heroes[i], state.heroes[j]
    crown = catalog().spaces[them.space].region == "crown"
    choices: list[tuple[float, float]] = [(100.0 if crown else life_worth(me.lives) * 0.6, 0.0)]
    if not them.toad:
        choices += [(item_worth(them, o), item_worth(me, o)) for o in me.objects]
    if me.gold:
        choices.append((0.6, GOLD_WORTH))
    best = max(range(len(choices)), key=lambda n: choices[n][0])
    if best == 0:
        return life_value(state, i) * (1 - saved(me))
    return choices[best][1]


def duel_odds(state: TalismanState, i: int, j: int) -> tuple[float, float, float]:
    """Seat `i`'s chances attacking seat `j` (win, stand-off, lose), by Psychic Combat where his ability
    allows and it is the better (17:1.2), as the heuristic's `duel_worth` reads them."""
    me, them = state.heroes[i], state.heroes[j]
    psychic = has_ability(me, "psychic_attack") and craft(me) - craft(them) > strength(me) - strength(them)
    if psychic:
        mine, theirs = score(me, "craft", "psychic"), score(them, "craft", "psychic")
    else:
        mine, theirs = hero_score(state, i, False), hero_score(state, j, False)
    return odds(mine, theirs, 0 if has_ability(me, "no_defender_roll") else 1)


def hunt_worth(state: TalismanState, i: int, j: int) -> float:
    """The worth to seat `i` of attacking seat `j` (16:6-9): the spoils if won, what `j` takes if lost."""
    win, stand, lose = duel_odds(state, i, j)
    return win * taking(state, i, j) - lose * taken(state, i, j) - stand * 0.2 - 0.5


def threat(state: TalismanState, i: int, j: int, space: str) -> float:
    """What ending a move on `space` costs seat `i` for the heuristic rival `j` who may land there next and
    attack (he does when his `duel_worth` is above nothing): his chance of reaching it times the attack's
    expected cost to `i`."""
    rival = state.heroes[j]
    cat = catalog()
    here, there = cat.spaces[space], cat.spaces[rival.space]
    if here.region != there.region or here.region not in ("outer", "middle") or not here.meet:
        return 0.0
    n = len(cat.rings[here.region])
    d = abs(here.position - there.position) % n
    ways = (1 <= d <= 6) + (1 <= n - d <= 6 and n - d != d)
    if not ways or duel_worth(state, j, i) <= 0:
        return 0.0
    win, _, lose = duel_odds(state, j, i)
    return REACH * ways * max(0.0, win * taken(state, i, j) - lose * taking(state, i, j))


def landing(state: TalismanState, i: int, action: str) -> str | None:
    """Where a move along the ring ends ("cw", "acw", or "on" in the direction taken), else None."""
    move = state.move
    if move is None:
        return None
    direction = {"cw": 1, "acw": -1, "on": move.direction}.get(action, 0)
    if not direction:
        return None
    space = state.heroes[i].space
    for _ in range(move.left):
        space = catalog().ring_step(space, direction)
    return space


def plan_values(state: TalismanState, actions: list[str]) -> dict[str, float] | None:
    """The heuristic's values of `actions` (`bots.heuristic_values`), with the decisions of the plan
    (module doc) weighed for a game of two."""
    values = heuristic_values(state, actions)
    top = state.tasks[-1]
    i = top.player
    j = lone_rival(state, i) if values is not None else None
    if values is None or j is None:
        return values
    if top.kind == "encounter":
        for a in actions:
            if a != "space" and parse_action(a) == Meet(j):
                values[a] = hunt_worth(state, i, j)
    elif top.kind == "spoils" and top.n == j and "life" in values:
        values["life"] = max(values["life"], life_value(state, j) * (1 - saved(state.heroes[j])))
    elif top.kind in ("direction", "branch"):
        rival = state.heroes[j]
        for a in actions:
            end = landing(state, i, a)
            if end is None:
                continue
            if end == rival.space and catalog().spaces[end].meet:
                values[a] += max(0.0, hunt_worth(state, i, j) - duel_worth(state, i, j))
            values[a] -= threat(state, i, j, end)
    elif top.kind == "inner_step" and "back" in values and too_hurt(state, i, j):
        values["back"] = max(values.values()) + 1.0
    elif top.kind == "duel_evade" and state.fight is not None and state.fight.attacker == j:
        win, _, lose = duel_odds(state, j, i)
        values["stand"] = lose * taking(state, i, j) - win * taken(state, i, j)
    return values


def plan_policy(state: GameState, rng: Rng) -> Action:
    """The action `plan_values` values most (ties broken by `rng`, as the heuristic bot breaks them)."""
    return valued_choice(state, rng, plan_values)


CALM_CHANCE = 0.2
"""The chance of passing the Mines and the Crypt at once the plan waits for while its lone rival is far
from the Crown (no Talisman, or not yet ready to try)."""


def race_chance(state: TalismanState, i: int) -> float:
    """The readiness the plan plays seat `i` with: the heuristic's `CROWN_CHANCE` while the rival races for
    the Crown, `CALM_CHANCE` while he is far from it; never (`NEVER`) while too hurt (`too_hurt`)."""
    j = lone_rival(state, i)
    if j is None:
        return CROWN_CHANCE
    if too_hurt(state, i, j):
        return NEVER
    rival = state.heroes[j]
    if catalog().spaces[rival.space].region in ("inner", "crown") or has_talisman(rival):
        return CROWN_CHANCE
    if pass_chance(strength(state.heroes[i])) < CRYPT_CHANCE:
        return NEVER
    return CALM_CHANCE


CRYPT_CHANCE = 0.3
"""The chance of passing the Crypt at once (3 dice no more than Strength, 14:6) the plan waits for while the
rival is far from the Crown: a Crypt failed sends the character back through the Vampire's Tower."""
SAFE_LIVES = 4
"""The Lives the plan wants before the Vampire's Tower (it takes 1, 2 or 3 at random, the board's text):
with 3 a character dies there one time in three, and with it all he built."""
NEVER = 2.0
"""A chance no character reaches: the plan does not head for the Crown."""
TOWER = "vampires-tower"


def too_hurt(state: TalismanState, i: int, j: int) -> bool:
    """True when seat `i` has fewer than `SAFE_LIVES` Lives and the Vampire's Tower still ahead, while nobody
    has reached the Crown and the rival `j` is not in the Inner Region: better to turn back and heal."""
    h = state.heroes[i]
    if h.lives >= SAFE_LIVES or state.crown_reached:
        return False
    cat = catalog()
    if cat.spaces[state.heroes[j].space].region in ("inner", "crown"):
        return False
    path = cat.path()
    return h.space not in path or path.index(h.space) < path.index(TOWER)


def race_policy(state: GameState, rng: Rng) -> Action:
    """`plan_policy` waiting for better odds before the Crown while the rival is far from it."""
    assert isinstance(state, TalismanState)
    who = state.actor()
    if not isinstance(who, int):
        return plan_policy(state, rng)
    with readiness(race_chance(state, who)):
        return plan_policy(state, rng)
