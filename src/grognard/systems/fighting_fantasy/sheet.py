"""The Adventure Sheet: SKILL, STAMINA and LUCK with their Initial values, Provisions, the potion, the
weapons and what the reader carries.

Scores never rise above their Initial values unless a section says so (000_13d85f0bd5b613c5.txt:7-11),
and then the Initial value rises with them. Sheets are immutable: every change returns a new sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from grognard.engine.dice.core import Rng, Roll, d6
from grognard.engine.errors import RulesError, UsageError
from grognard.i18n import gettext as _

Score = Literal["SKILL", "STAMINA", "LUCK"]
SCORES: tuple[Score, ...] = ("SKILL", "STAMINA", "LUCK")

POTIONS = ("skill", "strength", "fortune")
"""The three potions; the reader takes one of them (000_13d85f0bd5b613c5.txt:160-161)."""

POTION_MEASURES = 2
"""Each bottle holds two measures (000_13d85f0bd5b613c5.txt:156-158)."""

PROVISIONS = 10
"""Provisions for ten meals (000_13d85f0bd5b613c5.txt:125-126)."""

MEAL_STAMINA = 4
"""A meal restores 4 STAMINA (000_13d85f0bd5b613c5.txt:128-131)."""

POTION_SCORE: dict[str, Score] = {"skill": "SKILL", "strength": "STAMINA", "fortune": "LUCK"}


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon the reader carries and the SKILL bonus it gives while it is the one in use."""

    name: str
    skill_bonus: int = 0


@dataclass(frozen=True, slots=True)
class AdventureSheet:
    """The reader's Adventure Sheet. `weapon` names the one weapon in use ("" for none or a plain one)."""

    skill: int
    stamina: int
    luck: int
    initial_skill: int
    initial_stamina: int
    initial_luck: int
    provisions: int = PROVISIONS
    potion: str = ""
    potion_measures: int = 0
    gold: int = 0
    jewels: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    weapon: str = ""

    @classmethod
    def new(cls, skill: int, stamina: int, luck: int, potion: str = "") -> AdventureSheet:
        """A sheet with these scores as both current and Initial values, and a full bottle of `potion`."""
        if potion and potion not in POTIONS:
            raise UsageError(
                _("unknown potion {potion!r}; choose one of {value}").format(
                    potion=potion, value=list(POTIONS)
                )
            )
        for name, value in (("SKILL", skill), ("STAMINA", stamina), ("LUCK", luck)):
            if value < 0:
                raise UsageError(_("{name} {value} cannot be negative").format(name=name, value=value))
        measures = POTION_MEASURES if potion else 0
        return cls(skill, stamina, luck, skill, stamina, luck, potion=potion, potion_measures=measures)

    @classmethod
    def roll(cls, rng: Rng, potion: str = "") -> tuple[AdventureSheet, tuple[Roll, Roll, Roll]]:
        """Create a reader: SKILL 1d6+6, STAMINA 2d6+12, LUCK 1d6+6 (a ruling; see the rulings page)."""
        skill = d6(rng, 1, 6)
        stamina = d6(rng, 2, 12)
        luck = d6(rng, 1, 6)
        return cls.new(skill.total, stamina.total, luck.total, potion), (skill, stamina, luck)

    def score(self, name: Score) -> int:
        """The current value of a score."""
        return {"SKILL": self.skill, "STAMINA": self.stamina, "LUCK": self.luck}[name]

    def initial(self, name: Score) -> int:
        """The Initial value of a score."""
        return {"SKILL": self.initial_skill, "STAMINA": self.initial_stamina, "LUCK": self.initial_luck}[name]

    @property
    def weapon_bonus(self) -> int:
        """The SKILL bonus of the one weapon in use (000_13d85f0bd5b613c5.txt:112-115)."""
        for w in self.weapons:
            if w.name == self.weapon:
                return w.skill_bonus
        return 0

    @property
    def attack_skill(self) -> int:
        """The SKILL a fight uses: the SKILL score plus the bonus of the weapon in use."""
        return self.skill + self.weapon_bonus

    @property
    def dead(self) -> bool:
        """STAMINA 0 is death (000_13d85f0bd5b613c5.txt:51-53)."""
        return self.stamina <= 0

    def _set(self, name: Score, value: int, initial: int) -> AdventureSheet:
        if name == "SKILL":
            return replace(self, skill=value, initial_skill=initial)
        if name == "STAMINA":
            return replace(self, stamina=value, initial_stamina=initial)
        return replace(self, luck=value, initial_luck=initial)

    def change(self, name: Score, delta: int, *, beyond_initial: bool = False) -> AdventureSheet:
        """Add `delta` to a score, never below 0 and never above its Initial value.

        `beyond_initial` is for a section that says the score may pass its Initial value
        (000_13d85f0bd5b613c5.txt:9-11); the Initial value then rises to the new score.
        """
        initial = self.initial(name)
        value = max(0, self.score(name) + delta)
        if value > initial:
            if beyond_initial:
                initial = value
            else:
                value = initial
        return self._set(name, value, initial)

    def change_initial(self, name: Score, delta: int) -> AdventureSheet:
        """Change an Initial value, as a section may instruct; the score is capped at the new value."""
        initial = max(0, self.initial(name) + delta)
        return self._set(name, min(self.score(name), initial), initial)

    def eat(self, allowed: bool) -> AdventureSheet:
        """Eat one meal where a section allows: +4 STAMINA (capped at Initial), one Provision less."""
        if not allowed:
            raise RulesError("eat", self, _("you may eat only where the section allows it"))
        if self.provisions <= 0:
            raise RulesError("eat", self, _("no Provisions left"))
        return replace(self.change("STAMINA", MEAL_STAMINA), provisions=self.provisions - 1)

    def drink(self) -> AdventureSheet:
        """Take one measure of the potion: restore its score to Initial (Fortune first raises Initial LUCK).

        Potions may be taken at any time outside a combat round (000_13d85f0bd5b613c5.txt:151-155).
        """
        if not self.potion or self.potion_measures <= 0:
            raise RulesError("drink", self, _("no potion left"))
        sheet = replace(self, potion_measures=self.potion_measures - 1)
        score = POTION_SCORE[self.potion]
        if self.potion == "fortune":
            sheet = sheet.change_initial("LUCK", 1)
        return sheet._set(score, sheet.initial(score), sheet.initial(score))

    def wield(self, name: str) -> AdventureSheet:
        """Put one carried weapon in use ("" for none): only its bonus counts from now on."""
        if name and name not in {w.name for w in self.weapons}:
            raise RulesError(f"wield:{name}", self, _("you do not carry that weapon"))
        return replace(self, weapon=name)

    def take_weapon(self, weapon: Weapon) -> AdventureSheet:
        """Add a weapon to those carried (it is not in use until wielded)."""
        return replace(self, weapons=(*self.weapons, weapon))

    def invariants(self) -> list[str]:
        """Broken invariants, each as a sentence; empty when all hold."""
        bad = []
        for name in SCORES:
            if self.score(name) < 0:
                bad.append(f"{name} is negative")
            if self.score(name) > self.initial(name):
                bad.append(f"{name} {self.score(name)} is above its Initial {self.initial(name)}")
        if not 0 <= self.potion_measures <= POTION_MEASURES:
            bad.append(f"{self.potion_measures} measures of potion")
        if self.provisions < 0:
            bad.append("negative Provisions")
        if self.potion and self.potion not in POTIONS:
            bad.append(f"unknown potion {self.potion!r}")
        return bad
