"""Attack Rounds as chance nodes: the exact odds of each result, and the same mapping for real dice.

One creature (000_13d85f0bd5b613c5.txt:28-40): both sides throw two dice and add SKILL; the higher Attack
Strength wounds, equal totals are a stand-off. Several creatures fought together (a ruling): every creature
throws, the hero throws once; against the chosen target the higher total wounds as usual, against each other
creature the hero only defends, so a creature with the higher total wounds him and a lower one does nothing.

Results are labels: "hit" (the hero wounds the target), "hurt" (the target wounds the hero) or "even",
followed in a fight against several at once by "+j" for each other creature j whose blow lands.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from grognard.engine.dice.core import sum_distribution
from grognard.systems.fighting_fantasy.checks import two_dice_ways

HIT = "hit"
HURT = "hurt"
EVEN = "even"


def classify_round(hero_total: int, creature_total: int) -> str:
    """Step 3 (000_13d85f0bd5b613c5.txt:34-40): who wounds whom, or a stand-off."""
    if hero_total > creature_total:
        return HIT
    if creature_total > hero_total:
        return HURT
    return EVEN


def blow_lands(hero_total: int, other_total: int) -> bool:
    """Against a creature the hero only defends from: a higher Attack Strength than his wounds him."""
    return other_total > hero_total


def together_label(core: str, hurters: tuple[int, ...]) -> str:
    """The label of a round against several creatures: the target's result, then "+j" per other blow."""
    return core + "".join(f"+{j}" for j in hurters)


def classify_together(hero_total: int, totals: dict[int, int], target: int) -> str:
    """The result of one round against several creatures at once, from every Attack Strength thrown."""
    core = classify_round(hero_total, totals[target])
    hurters = tuple(j for j in sorted(totals) if j != target and blow_lands(hero_total, totals[j]))
    return together_label(core, hurters)


def parse_label(label: str) -> tuple[str, tuple[int, ...]]:
    """The target's result and the other creatures whose blows landed, read back from a label."""
    core, *rest = label.split("+")
    return core, tuple(int(j) for j in rest)


@cache
def round_outcomes(hero_skill: int, creature_skill: int) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance node of one Attack Round against one creature, enumerating both pairs of dice
    (counted in whole numbers of the 36 x 36 ways they can fall)."""
    two = two_dice_ways()
    counts: dict[str, int] = {}
    for h, wh in two.items():
        for c, wc in two.items():
            label = classify_round(h + hero_skill, c + creature_skill)
            counts[label] = counts.get(label, 0) + wh * wc
    return tuple((label, Fraction(counts[label], 36 * 36)) for label in (HIT, HURT, EVEN) if label in counts)


@cache
def together_outcomes(
    hero_skill: int, skills: tuple[tuple[int, int], ...], target: int
) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance node of one round against several creatures at once.

    `skills` pairs each fighting creature's index with its SKILL. For each total the hero may throw, the
    target's result and each other creature's blow are independent, so they are enumerated given it.
    """
    two = sum_distribution(2, 6)
    weights: dict[str, Fraction] = {}
    target_skill = dict(skills)[target]
    others = [(j, s) for j, s in skills if j != target]
    for h, ph in two.items():
        hero_total = h + hero_skill
        cores: dict[str, Fraction] = {}
        for c, pc in two.items():
            core = classify_round(hero_total, c + target_skill)
            cores[core] = cores.get(core, Fraction(0)) + pc
        subsets: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
        for j, skill in others:
            land = sum((pc for c, pc in two.items() if blow_lands(hero_total, c + skill)), Fraction(0))
            grown: dict[tuple[int, ...], Fraction] = {}
            for hurters, p in subsets.items():
                if land:
                    grown[(*hurters, j)] = grown.get((*hurters, j), Fraction(0)) + p * land
                if land != 1:
                    grown[hurters] = grown.get(hurters, Fraction(0)) + p * (1 - land)
            subsets = grown
        for core, pc in cores.items():
            for hurters, p in subsets.items():
                label = together_label(core, hurters)
                weights[label] = weights.get(label, Fraction(0)) + ph * pc * p
    return tuple(sorted(weights.items()))
