"""Real dice for Talisman's chance nodes: `throw(state, rng)` throws the dice a chance node stands for and
maps the faces to the node's outcome with the same arithmetic the engine uses for its probabilities, so a
played game's log shows every face (a combat: each side's die and total; the Portal: two dice).

Chance nodes that are not dice (a card drawn, a character dealt, who begins) show no dice: a card is
one of the stock's cards (a sorted multiset, so each distinct card comes with probability count/total,
as the node lists), the first player one of the seats. A face mapping that ever disagreed with the
node's outcomes would be a bug; the outcome is then drawn by probability instead, so play never stops
(the tests pin the mapping).
"""

from __future__ import annotations

from grognard.engine.dice import Rng, Roll, d6
from grognard.engine.game import Outcome
from grognard.systems.talisman import content as c
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.combat import creature_score, hero_score
from grognard.systems.talisman.dice import classify
from grognard.systems.talisman.effects import effect_at
from grognard.systems.talisman.scores import craft, score, strength
from grognard.systems.talisman.state import TalismanState

Thrown = tuple[Outcome, tuple[Roll, ...]]


def _combat(state: TalismanState, rng: Rng) -> Thrown:
    fight = state.fight
    assert fight is not None
    i = state.tasks[-1].player
    mine = hero_score(state, i, fight.psychic) + fight.bonus[0]
    theirs = creature_score(state, i)
    a, b = d6(rng), d6(rng)
    return classify(mine + a.total, theirs + b.total), (_named(a, f"p{i}"), _named(b, fight.name))


def _duel(state: TalismanState, rng: Rng) -> Thrown:
    fight = state.fight
    assert fight is not None
    mine = hero_score(state, fight.attacker, fight.psychic) + fight.bonus[0]
    theirs = hero_score(state, fight.foe, fight.psychic) + fight.bonus[1]
    a = d6(rng)
    rolls = [_named(a, f"p{fight.attacker}")]
    b = 0
    if not fight.plain_defender:
        other = d6(rng)
        rolls.append(_named(other, f"p{fight.foe}"))
        b = other.total
    return classify(mine + a.total, theirs + b), tuple(rolls)


def _named(roll: Roll, who: str) -> Roll:
    return Roll(f"{roll.expression} ({who})", roll.dice, roll.total)


def _portal(state: TalismanState, rng: Rng) -> Thrown:
    i = state.tasks[-1].player
    h = state.heroes[i]
    portal = catalog().spaces[h.space].portal
    assert portal is not None
    target = {"strength": strength(h), "craft": craft(h)}
    best = max(target.values()) if portal.versus == "best" else target[portal.versus]
    roll = d6(rng, portal.dice)
    return ("open" if roll.total <= best else "shut"), (roll,)


def _armour(state: TalismanState, rng: Rng) -> Thrown:
    save = catalog().item(state.tasks[-1].ref).save or 7
    roll = d6(rng)
    return ("saved" if roll.total >= save else "hit"), (roll,)


def _fx_roll(state: TalismanState, rng: Rng) -> Thrown:
    task = state.tasks[-1]
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Roll)
    roll = d6(rng, fx.dice)
    minus = score(state.heroes[task.player], fx.minus) if fx.minus else 0
    value = roll.total - minus
    label: Outcome = next((j for j, o in enumerate(fx.outcomes) if o.low <= value <= o.high), "none")
    return label, (roll,)


def _fight_dice(state: TalismanState, rng: Rng) -> Thrown:
    task = state.tasks[-1]
    fx = effect_at(task.ref, task.path)
    assert isinstance(fx, c.Fight)
    roll = d6(rng, fx.strength_dice)
    return roll.total, (roll,)


def _one_die(state: TalismanState, rng: Rng) -> Thrown:
    roll = d6(rng)
    return roll.total, (roll,)


def _command(state: TalismanState, rng: Rng) -> Thrown:
    roll = d6(rng)
    return ("effect" if roll.total >= 4 else "no-effect"), (roll,)


def _card(state: TalismanState, rng: Rng) -> Thrown:
    """A card off a shuffled stock: one of the sorted multiset at random (count/total each)."""
    kind = state.tasks[-1].kind
    if kind == "draw":
        pile = state.deck or state.discard
    elif kind == "draw_spell":
        pile = state.spell_deck or state.spell_discard
    else:
        pile = state.pool
    if len(state.chance_outcomes()) == 1 or not pile:
        return state.chance_outcomes()[0][0], ()
    return pile[rng.randint(0, len(pile) - 1)], ()


def _first_player(state: TalismanState, rng: Rng) -> Thrown:
    return rng.randint(0, len(state.heroes) - 1), ()


THROWERS = {
    "move_roll": _one_die,
    "pit_count": _one_die,
    "fight_roll": _combat,
    "duel_roll": _duel,
    "portal_roll": _portal,
    "armour_roll": _armour,
    "fx_roll": _fx_roll,
    "fight_dice": _fight_dice,
    "command_roll": _command,
}
"""The chance task kinds that are dice, and how each is thrown."""

DRAWERS = {"draw": _card, "draw_spell": _card, "deal": _card, "first": _first_player}
"""The chance task kinds that are not dice (cards, characters, who begins), and how each is drawn."""


def throw(state: TalismanState, rng: Rng) -> Thrown:
    """The outcome of the chance node at `state` and the dice thrown for it (none for a card drawn)."""
    outcomes = state.chance_outcomes()
    kind = state.tasks[-1].kind
    thrower = THROWERS.get(kind) or DRAWERS.get(kind)
    if thrower is not None:
        outcome, rolls = thrower(state, rng)
        if any(o == outcome for o, _ in outcomes):
            return outcome, rolls
    return rng.weighted_choice(outcomes), ()
