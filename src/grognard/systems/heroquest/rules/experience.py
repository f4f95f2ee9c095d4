"""Experience points for every event the rulebook rewards (lines 108, 345-347 of 004_24cd6f974fe6a1ee.txt).

Each function returns an `Award`: who gets how many points, why, and the line. The bonuses that come
"one per enemy" or "one per ally" are counted in a `Tally` the game state keeps for the quest, so the
same backstab, defence or spell never pays twice. `apply_award` adds an award to the heroes' experience.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.catalog import StatLine
from grognard.systems.heroquest.content.hero import Hero, gain_experience

RULEBOOK = hq.RULEBOOK


@dataclass(frozen=True)
class Award:
    """Points to each named hero for one event, with the reason and the rulebook line."""

    points: tuple[tuple[str, int], ...]
    reason: str
    source: str

    def to(self, hero: str) -> int:
        """The points this award gives `hero` (0 when it gives none)."""
        return sum(p for name, p in self.points if name == hero)

    @property
    def total(self) -> int:
        """Every point the award gives."""
        return sum(p for _, p in self.points)


def _award(points: Mapping[str, int], reason: str, line: str) -> Award:
    return Award(tuple((n, p) for n, p in points.items() if p), reason, f"{RULEBOOK}:{line}")


def kill_value(attack: int, defend: int) -> int:
    """The lower of the enemy's base Attack and Defend (line 345)."""
    if attack < 0 or defend < 0:
        raise UsageError(
            gettext("attack {attack} and defend {defend} cannot be below 0").format(
                attack=attack, defend=defend
            )
        )
    return min(attack, defend)


def kill_value_of(line: StatLine) -> int:
    """A monster's kill value at its level; the Elven Archer's base Attack is its first (bow) number."""
    return kill_value(line.attack, line.defend)


def kill(value: int, conscious: Sequence[str], killer: str | None, *, during_rest: bool = False) -> Award:
    """A kill: every conscious hero gets `value` (see `kill_value`), the killer one more (line 345).

    `killer` is None when no hero struck the blow. Wandering monsters killed during a rest give nothing
    (line 108).
    """
    if during_rest:
        return Award((), "a wandering monster killed during a rest gives no experience", f"{RULEBOOK}:108")
    if killer is not None and killer not in conscious:
        raise UsageError(
            gettext("the killer {killer!r} is not among the conscious heroes {value}").format(
                killer=killer, value=list(conscious)
            )
        )
    points = {name: value for name in dict.fromkeys(conscious)}
    if killer is not None:
        points[killer] += hq.catalog().experience.kill_bonus
    return _award(points, f"a kill worth {value}", "345")


@dataclass(frozen=True)
class Tally:
    """The once-per-enemy and once-per-ally bonuses already paid this quest: (kind, hero, target)."""

    paid: frozenset[tuple[str, str, str]] = field(default_factory=frozenset)

    def has(self, kind: str, hero: str, target: str) -> bool:
        """True when this bonus was already paid."""
        return (kind, hero, target) in self.paid

    def with_paid(self, kind: str, hero: str, target: str) -> Tally:
        """The tally with one more bonus paid."""
        return Tally(self.paid | {(kind, hero, target)})


def _once(tally: Tally, kind: str, hero: str, target: str, reason: str) -> tuple[Tally, Award]:
    if tally.has(kind, hero, target):
        return tally, _award({}, f"{reason}: already paid for {target}", "345")
    return tally.with_paid(kind, hero, target), _award({hero: 1}, reason, "345")


def backstab(tally: Tally, hero: Hero, enemy: str) -> tuple[Tally, Award]:
    """One point for a successful backstab, once per enemy (line 345); the hero needs Backstab."""
    if not hero.knows_skill("Backstab"):
        raise UsageError(gettext("{hero_name} has no Backstab skill").format(hero_name=hero.name))
    return _once(tally, "backstab", hero.name, enemy, "a successful backstab")


def defended_ally(tally: Tally, hero: Hero, ally: str) -> tuple[Tally, Award]:
    """One point to a warrior for successfully defending another character, once per ally (line 345)."""
    if hq.key_of(hero.hero_class) != "warrior":
        raise UsageError(
            gettext(
                "only warriors earn a point for defending an ally; {hero_name} is a {hero_hero_class}"
            ).format(hero_name=hero.name, hero_hero_class=hero.hero_class)
        )
    if ally == hero.name:
        raise UsageError(gettext("defending an ally means another character"))
    return _once(tally, "defend", hero.name, ally, "defending an ally")


def offensive_spell(tally: Tally, hero: Hero, enemy: str) -> tuple[Tally, Award]:
    """One point to a magic-user for a successful offensive spell, once per enemy (line 345)."""
    if not hero.magic_user:
        raise UsageError(gettext("{hero_name} is not a magic-user").format(hero_name=hero.name))
    return _once(tally, "spell", hero.name, enemy, "a successful offensive spell")


def non_combat(hero: str) -> Award:
    """One point for a successful non-combat action such as disarming a trap (line 347)."""
    return _award({hero: hq.catalog().experience.non_combat_action}, "a successful non-combat action", "347")


def checkpoint(party: Sequence[str], points: int) -> Award:
    """A quest checkpoint: up to five points, to every hero of the group (line 347)."""
    most = hq.catalog().experience.checkpoint_max
    if not 0 <= points <= most:
        raise UsageError(
            gettext("a checkpoint gives 0 to {most} points (line 347), not {points}").format(
                most=most, points=points
            )
        )
    return _award({name: points for name in dict.fromkeys(party)}, "a quest checkpoint", "347")


def completion(survivors: Sequence[str]) -> Award:
    """Completing a quest: ten points to every surviving hero (line 347)."""
    value = hq.catalog().experience.quest_completion
    return _award({name: value for name in dict.fromkeys(survivors)}, "the quest completed", "347")


def merit(hero: str, points: int) -> Award:
    """Points the game master grants for merit or performance (line 347)."""
    if points < 0:
        raise UsageError(gettext("merit points {points} are below 0").format(points=points))
    return _award({hero: points}, "merit", "347")


def apply_award(heroes: Sequence[Hero], award: Award) -> list[Hero]:
    """The heroes with the award's points added; a name the award gives to but no hero has is refused."""
    names = {h.name for h in heroes}
    stray = [n for n, _ in award.points if n not in names]
    if stray:
        raise UsageError(
            gettext("no hero called {stray!r} among {value}").format(stray=stray[0], value=sorted(names))
        )
    return [gain_experience(h, award.to(h.name)) for h in heroes]
