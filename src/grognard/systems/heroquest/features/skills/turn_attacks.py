"""How many attacks a hero still has this turn, for the chance to kill "this turn" shown in play.

A hero attacks once (line 84), more with Dual-Wielding (line 343), a Potion of Battle Rage or Manhandler
(their "xatk" effects); those he has made this turn are spent. `render.action_label` counts them all when
it shows the chance that an attack kills its target this turn (`combat_dice.kill_chance`, rulings:
"Damage").
Each attack left is counted with the dice the hero would roll for it (Dual-Wielding's second blow at half
dice, line 343): `turn_kill_chance`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.systems.heroquest.content.combat_dice import at_least, turn_damage
from grognard.systems.heroquest.model.effect_strings import total
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import hero_attack_dice, monster_defend_dice
from grognard.systems.heroquest.rules.gear import weapon_of


def dual_wielding(state: QuestState, i: int) -> bool:
    """The hero holds two weapons with Dual-Wielding (line 343)."""
    hero = state.hero_of(i)
    off = hero.equipped.off_hand
    if "disarmed|encounter" in state.heroes[i].effects:
        return False  # his weapon knocked away (line 757): no second blow
    return hero.knows_skill("Dual-Wielding") and off is not None and weapon_of(off) is not None


def attacks_allowed(state: QuestState, i: int) -> int:
    """The attacks hero `i` may make in a turn: one, and one more for each extra-attack effect and for
    Dual-Wielding."""
    return 1 + total(state.heroes[i].effects, "xatk") + (1 if dual_wielding(state, i) else 0)


def attacks_left(state: QuestState, i: int) -> int:
    """The attacks hero `i` has left this turn (at least one while an attack is offered)."""
    return max(1, attacks_allowed(state, i) - state.turn.attacks)


def turn_kill_chance(state: QuestState, i: int, j: int) -> tuple[Fraction, list[int]]:
    """The chance hero `i` kills monster `j` with every attack he has left this turn (all at `j`), and
    the attack dice of each of those attacks."""
    defend = monster_defend_dice(state, j)
    dice = []
    for k in range(attacks_left(state, i)):
        later = replace(state, turn=replace(state.turn, attacks=state.turn.attacks + k))
        dice.append(hero_attack_dice(later, i, j))
    return at_least(turn_damage([(a, defend) for a in dice], "monster"), state.monsters[j].body), dice
