"""Grey Star's Action Chart: his three scores, Magical Powers, weapons, Backpack, Herb Pouch and items.

The chart is immutable: every change returns a new chart, and a change the rules forbid (a third weapon,
a ninth Backpack item, a Herb Pouch without Alchemy) raises `RulesError` naming the change and the
chart. Sources: the issue's summary of the Action Chart rules (the excerpt 001_2055bbb054c2d265.txt
covers combat only); readings are in docs/rulings/grey-star.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeAlias

from grognard.engine.dice.core import Rng, Roll, lone_wolf_number
from grognard.engine.errors import RulesError, UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _

LESSER_MAGICKS = (
    N_("Sorcery"),
    N_("Enchantment"),
    N_("Elementalism"),
    N_("Alchemy"),
    N_("Prophecy"),
    N_("Psychomancy"),
    N_("Evocation"),
)
"""The seven Lesser Magicks; the reader chooses five."""
MAGICKS_CHOSEN = 5
RETURNING_CHOSEN = 6
"""Lesser Magicks chosen by a reader who finished an earlier adventure, where the book says so (3-4)."""
MAGICK_WORDS = {
    "Sorcery": N_("spells of attack and defence: bolts of force, wards, and undoing another's spell"),
    "Enchantment": N_(
        "working on things and wills: opening locks, moving objects from afar, charming beasts"
    ),
    "Elementalism": N_("calling on fire, water, air and earth: a flame, a gust, a stone made to shift"),
    "Alchemy": N_("herbs, potions and substances, known and mixed; it brings the Herb Pouch"),
    "Prophecy": N_("glimpses of what lies ahead: danger sensed, the better way guessed"),
    "Psychomancy": N_("reaching minds: thoughts read, fear calmed, words passed without speech"),
    "Evocation": N_("light and spirits called up, the unseen seen, the dead laid to rest"),
}
"""What each Lesser Magick is for, in grognard's words (the rulebook excerpt names none of them; each book
says what it does in its own choices: docs/rulings/grey-star.md)."""

HIGHER_MAGICKS = (
    N_("Thaumaturgy"),
    N_("Telergy"),
    N_("Physiurgy"),
    N_("Theurgy"),
    N_("Visionary"),
    N_("Necromancy"),
)
"""The six Higher Magicks, which the Moonstone opens (book 4 on: the book says how many are chosen)."""
HIGHER_WORDS = {
    "Thaumaturgy": N_("Sorcery turned on oneself: levitation, invulnerability, strength, teleportation"),
    "Telergy": N_("Enchantment grown strong: minds controlled, thoughts sent, illusions made solid"),
    "Physiurgy": N_("mastery of the elements: winds, storms and the earth commanded"),
    "Theurgy": N_("Alchemy widened by the Moonstone: more potions and ingredients; it brings the Herb Pouch"),
    "Visionary": N_("events seen that happen elsewhere, now"),
    "Necromancy": N_("Evocation's higher form: the dead commanded, and a ward of light against evil"),
}
"""What each Higher Magick is for, in grognard's words."""
POUCH_MAGICKS = ("Alchemy", "Theurgy")
"""The Magicks that bring the Herb Pouch."""

STAFF = N_("Wizard's Staff")
"""The Wizard's Staff: Grey Star's weapon, and the channel of his WILLPOWER in combat."""
DAGGER = N_("Jewelled Dagger")
TALISMAN = N_("Magic Talisman")
LAUMSPUR = N_("Vial of Laumspur")
MEAL = N_("Meal")
MAP = N_("Map")
GIFTS = (DAGGER, TALISMAN, LAUMSPUR)
"""The three starting gifts; the reader takes one."""

HERB_POUCH_START = (N_("Empty Vial"), N_("Empty Vial"), N_("Vial of Saltpetre"), N_("Vial of Sulphur"))
MAX_WEAPONS = 2
MAX_BACKPACK = 8
MAX_HERB_POUCH = 8
START_MEALS = 4
HUNGER_COST = 3
LAUMSPUR_HEAL = 4
TALISMAN_BONUS = 2
NO_STAFF_PENALTY = 6
UNARMED_PENALTY = 8
DAGGER_BONUS = 1
"""The numbers of the Action Chart rules, as the issue gives them (limits, costs, bonuses, penalties)."""
GIFT_SAID = {
    DAGGER: (N_("A weapon: +{bonus} COMBAT SKILL while it is the weapon in your hand."), DAGGER_BONUS),
    TALISMAN: (N_("A Special Item: +{bonus} WILLPOWER, once, whenever you choose."), TALISMAN_BONUS),
    LAUMSPUR: (N_("A Backpack item: drink it after a fight for +{bonus} ENDURANCE."), LAUMSPUR_HEAL),
}
"""What each gift does, with the chart's number it says (a message of the catalogues and its value)."""
GIFT_WORDS = {gift: words.format(bonus=bonus) for gift, (words, bonus) in GIFT_SAID.items()}
"""What each gift does, said from the chart's numbers."""

Shortfall: TypeAlias = Literal["negative", "endurance"]
"""What a forced WILLPOWER loss does past 0: go negative, or cost 2 ENDURANCE per missing point."""
SHORTFALL_CHOICES: tuple[Shortfall, ...] = ("negative", "endurance")
"""The two shortfall rules."""
SHORTFALL_ENDURANCE_PER_POINT = 2
"""ENDURANCE paid for each missing WILLPOWER point under the "endurance" shortfall rule."""


@dataclass(frozen=True)
class ChartOptions:
    """Rule variants that touch the chart.

    `shortfall`: "negative" (WILLPOWER below 0) or "endurance" (each missing point costs 2 ENDURANCE,
    the errata's method). `dagger_with_staff`: the Jewelled Dagger's +1 also counts when fighting with
    the Staff. `table`: the random number source, "uniform" or "book".
    """

    shortfall: Shortfall = "negative"
    dagger_with_staff: bool = False
    table: str = "uniform"


@dataclass(frozen=True)
class ActionChart:
    """Grey Star's Action Chart. `endurance_max` is the starting ENDURANCE, which it never exceeds."""

    combat_skill: int
    endurance: int
    endurance_max: int
    willpower: int
    magicks: tuple[str, ...]
    weapons: tuple[str, ...] = (STAFF,)
    backpack: tuple[str, ...] = (MEAL,) * START_MEALS
    herb_pouch: tuple[str, ...] | None = None
    special_items: tuple[str, ...] = (MAP,)
    nobles: int = 0
    options: ChartOptions = ChartOptions()

    # -- scores ---------------------------------------------------------------------------------

    @property
    def dead(self) -> bool:
        """ENDURANCE at 0 or below is death."""
        return self.endurance <= 0

    @property
    def magic_open(self) -> bool:
        """Magical Powers and the Staff's magic need WILLPOWER above 0."""
        return self.willpower > 0

    def has_power(self, magick: str) -> bool:
        """True when a section's test for `magick` (a Lesser or a Higher Magick) passes: chosen, and
        WILLPOWER above 0."""
        _check_magick(magick, (*LESSER_MAGICKS, *HIGHER_MAGICKS))
        return magick in self.magicks and self.magic_open

    def lose_endurance(self, points: int) -> ActionChart:
        """ENDURANCE lost (it may fall to 0 or below: death)."""
        _check_points(points)
        return replace(self, endurance=self.endurance - points)

    def restore_endurance(self, points: int) -> ActionChart:
        """ENDURANCE restored, never above its starting value."""
        _check_points(points)
        return replace(self, endurance=min(self.endurance_max, self.endurance + points))

    def gain_willpower(self, points: int) -> ActionChart:
        """WILLPOWER gained; unlike ENDURANCE it may rise above its starting value."""
        _check_points(points)
        return replace(self, willpower=self.willpower + points)

    def spend_willpower(self, points: int) -> ActionChart:
        """WILLPOWER the text makes the reader spend; past 0 the shortfall option decides."""
        _check_points(points)
        left = self.willpower - points
        if left >= 0 or self.options.shortfall == "negative":
            return replace(self, willpower=left)
        covered = max(self.willpower, 0)
        missing = points - covered
        return replace(
            self,
            willpower=self.willpower - covered,
            endurance=self.endurance - SHORTFALL_ENDURANCE_PER_POINT * missing,
        )

    # -- weapons and combat skill ---------------------------------------------------------------

    def weapon_skill(self, weapon: str | None) -> int:
        """COMBAT SKILL fighting with `weapon` (None: bare hands), before any section modifier.

        The Staff (with its magic) counts in full; any other weapon is -6, and the Jewelled Dagger
        gives +1 when it is the weapon used; no weapon at all is -8. With the dagger-with-staff option,
        a Grey Star holding both gets the dagger's +1 with the Staff too.
        """
        if weapon is not None and weapon not in self.weapons:
            raise UsageError(
                _("weapon {weapon!r} is not on the Action Chart (weapons: {value})").format(
                    weapon=weapon, value=list(self.weapons)
                )
            )
        if weapon is None:
            return self.combat_skill - UNARMED_PENALTY
        if weapon == STAFF:
            both = self.options.dagger_with_staff and DAGGER in self.weapons
            return self.combat_skill + (DAGGER_BONUS if both else 0)
        bonus = DAGGER_BONUS if weapon == DAGGER else 0
        return self.combat_skill - NO_STAFF_PENALTY + bonus

    def add_weapon(self, weapon: str) -> ActionChart:
        """A weapon taken; at most two are carried (the Staff counts)."""
        if len(self.weapons) >= MAX_WEAPONS:
            raise RulesError(
                f"take {weapon}",
                self,
                _("at most {MAX_WEAPONS} weapons are carried").format(MAX_WEAPONS=MAX_WEAPONS),
            )
        return replace(self, weapons=(*self.weapons, weapon))

    def drop_weapon(self, weapon: str) -> ActionChart:
        """A weapon discarded or lost."""
        return replace(self, weapons=_without(self.weapons, weapon, self, "drop"))

    # -- Backpack, Herb Pouch, items ------------------------------------------------------------

    @property
    def meals(self) -> int:
        """Meals in the Backpack."""
        return self.backpack.count(MEAL)

    def add_backpack_item(self, item: str) -> ActionChart:
        """An item put in the Backpack; at most eight are carried (Meals count)."""
        if len(self.backpack) >= MAX_BACKPACK:
            raise RulesError(
                f"take {item}",
                self,
                _("the Backpack holds at most {MAX_BACKPACK} items").format(MAX_BACKPACK=MAX_BACKPACK),
            )
        return replace(self, backpack=(*self.backpack, item))

    def drop_backpack_item(self, item: str) -> ActionChart:
        """An item taken out of the Backpack."""
        return replace(self, backpack=_without(self.backpack, item, self, "drop"))

    def eat_meal(self) -> ActionChart:
        """A Meal the text requires: one is eaten, or, with none, 3 ENDURANCE are lost."""
        if MEAL in self.backpack:
            return self.drop_backpack_item(MEAL)
        return self.lose_endurance(HUNGER_COST)

    def add_herb(self, item: str) -> ActionChart:
        """An item put in the Herb Pouch (Alchemy only); at most eight are carried."""
        if self.herb_pouch is None:
            raise RulesError(
                f"put {item} in the Herb Pouch", self, _("there is no Herb Pouch (it comes with Alchemy)")
            )
        if len(self.herb_pouch) >= MAX_HERB_POUCH:
            raise RulesError(
                f"put {item} in the Herb Pouch",
                self,
                _("it holds at most {MAX_HERB_POUCH} items").format(MAX_HERB_POUCH=MAX_HERB_POUCH),
            )
        return replace(self, herb_pouch=(*self.herb_pouch, item))

    def drop_herb(self, item: str) -> ActionChart:
        """An item taken out of the Herb Pouch."""
        if self.herb_pouch is None:
            raise RulesError(f"take {item} from the Herb Pouch", self, _("there is no Herb Pouch"))
        return replace(self, herb_pouch=_without(self.herb_pouch, item, self, "take"))

    def add_special_item(self, item: str) -> ActionChart:
        """A Special Item; how many are carried is for the text to say."""
        return replace(self, special_items=(*self.special_items, item))

    def drop_special_item(self, item: str) -> ActionChart:
        """A Special Item lost or given away."""
        return replace(self, special_items=_without(self.special_items, item, self, "drop"))

    def use_talisman(self) -> ActionChart:
        """The Magic Talisman's +2 WILLPOWER, once: the Talisman is then spent."""
        spent = _without(self.special_items, TALISMAN, self, "use")
        return replace(self, special_items=spent, willpower=self.willpower + TALISMAN_BONUS)

    def use_laumspur(self) -> ActionChart:
        """The Vial of Laumspur after a fight: +4 ENDURANCE (never above the start), one dose."""
        return self.drop_backpack_item(LAUMSPUR).restore_endurance(LAUMSPUR_HEAL)

    def add_nobles(self, amount: int) -> ActionChart:
        """Money gained (positive) or paid (negative); a payment beyond the purse is refused."""
        if self.nobles + amount < 0:
            raise RulesError(
                f"pay {-amount} Nobles",
                self,
                _("only {nobles} Nobles are carried").format(nobles=self.nobles),
            )
        return replace(self, nobles=self.nobles + amount)

    def after_combat(self, endurance: int, willpower: int) -> ActionChart:
        """The scores a finished combat left (from its final state)."""
        return replace(self, endurance=min(endurance, self.endurance_max), willpower=willpower)


def _check_points(points: int) -> None:
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise UsageError(_("points {points!r} must be a whole number, 0 or more").format(points=points))


def _check_magick(magick: str, known: tuple[str, ...] = LESSER_MAGICKS) -> None:
    if magick not in known:
        kind = "Lesser Magick" if known == LESSER_MAGICKS else "Magical Power"
        raise UsageError(
            _("{magick!r} is not a {kind} ({value})").format(magick=magick, kind=kind, value=", ".join(known))
        )


def with_higher_magicks(chart: ActionChart, higher: Sequence[str]) -> ActionChart:
    """The chart with Higher Magicks chosen (different, none chosen before); Theurgy brings the Herb
    Pouch when Alchemy has not (book 4's front matter)."""
    chosen = tuple(higher)
    for m in chosen:
        _check_magick(m, HIGHER_MAGICKS)
    if len(set(chosen)) != len(chosen) or set(chosen) & set(chart.magicks):
        raise UsageError(
            _("Higher Magicks {value} must be different and not chosen already").format(value=list(chosen))
        )
    pouch = chart.herb_pouch
    if pouch is None and "Theurgy" in chosen:
        pouch = HERB_POUCH_START
    return replace(
        chart, magicks=(*chart.magicks, *(m for m in HIGHER_MAGICKS if m in chosen)), herb_pouch=pouch
    )


def _without(items: tuple[str, ...], item: str, chart: ActionChart, verb: str) -> tuple[str, ...]:
    if item not in items:
        raise RulesError(f"{verb} {item}", chart, _("{item!r} is not carried").format(item=item))
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def new_chart(
    numbers: tuple[int, int, int],
    magicks: Sequence[str],
    gift: str,
    options: ChartOptions | None = None,
    count: int = MAGICKS_CHOSEN,
) -> ActionChart:
    """The starting chart from three random numbers (COMBAT SKILL, WILLPOWER, ENDURANCE; 0 counts as
    zero), five chosen Lesser Magicks (`count`: six for a returning reader) and one gift.

    COMBAT SKILL = number + 10, WILLPOWER = number + 20, ENDURANCE = number + 20. Alchemy brings the
    Herb Pouch; the Jewelled Dagger is a second weapon, the Magic Talisman a Special Item and the
    Vial of Laumspur a Backpack item.
    """
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9:
            raise UsageError(_("random number {n!r} is not one of 0-9").format(n=n))
    chosen = tuple(magicks)
    for m in chosen:
        _check_magick(m)
    if count not in (MAGICKS_CHOSEN, RETURNING_CHOSEN):
        raise UsageError(
            _("{count} Lesser Magicks: a reader chooses {MAGICKS_CHOSEN} or {RETURNING_CHOSEN}").format(
                count=count, MAGICKS_CHOSEN=MAGICKS_CHOSEN, RETURNING_CHOSEN=RETURNING_CHOSEN
            )
        )
    if len(set(chosen)) != count or len(chosen) != count:
        raise UsageError(
            _("choose {count} different Lesser Magicks, not {value}").format(count=count, value=list(chosen))
        )
    if gift not in GIFTS:
        raise UsageError(_("gift {gift!r} is not one of {value}").format(gift=gift, value=list(GIFTS)))
    cs, wp, en = numbers
    chart = ActionChart(
        combat_skill=cs + 10,
        endurance=en + 20,
        endurance_max=en + 20,
        willpower=wp + 20,
        magicks=tuple(m for m in LESSER_MAGICKS if m in chosen),
        herb_pouch=HERB_POUCH_START if "Alchemy" in chosen else None,
        options=options or ChartOptions(),
    )
    if gift == DAGGER:
        return chart.add_weapon(DAGGER)
    if gift == TALISMAN:
        return chart.add_special_item(TALISMAN)
    return chart.add_backpack_item(LAUMSPUR)


def roll_chart(
    rng: Rng,
    magicks: Sequence[str],
    gift: str,
    options: ChartOptions | None = None,
) -> tuple[ActionChart, tuple[Roll, Roll, Roll]]:
    """A new chart from three real random numbers (by the options' table), with the rolls shown."""
    opts = options or ChartOptions()
    rolls = (
        lone_wolf_number(rng, opts.table),
        lone_wolf_number(rng, opts.table),
        lone_wolf_number(rng, opts.table),
    )
    numbers = (rolls[0].total, rolls[1].total, rolls[2].total)
    return new_chart(numbers, magicks, gift, opts), rolls
