"""Grey Star the Wizard as a gamebook ruleset: what COMBAT_SKILL, ENDURANCE, WILLPOWER, the Magical
Powers, items, fights and random number tests mean in a book.

The gamebook layer (`grognard.gamebook`) walks a book section by section; this module gives its names
their Grey Star meaning: the Action Chart rules of the issue (`chart.py`), combat by the excerpt
001_2055bbb054c2d265.txt (`combat.py`, several creatures one after another in `book_fight.py`), and the
exact odds of every fight (`odds.CombatAdvisor`, within a budget: `advice.py`). The data it reads is
described in docs/systems/grey-star.md ("Writing books"), its rulings in docs/rulings/grey-star.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from grognard.engine.dice.core import Rng, Roll, lone_wolf_distribution, lone_wolf_number
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import Action, GameState, OptionInfo, OptionValue, Outcome
from grognard.engine.odds.base import Number
from grognard.engine.odds.solver import MAX_BUDGET
from grognard.gamebook.action_text import Keyed
from grognard.gamebook.model import Book, ChanceTest, Condition, Effect, Fight, Section
from grognard.gamebook.ruleset import (
    AdviceState,
    ChanceStep,
    ChoiceStep,
    Context,
    Problem,
    Ruleset,
    Step,
    declaration_problems,
    effect_delta,
    ending_problems,
    in_range,
    is_whole,
    modifier_problems,
)
from grognard.i18n import N_, gettext
from grognard.systems.grey_star.advice import ADVICE_BUDGET, FightAdvice, Working, too_costly
from grognard.systems.grey_star.book_fight import BookFight, Enemy
from grognard.systems.grey_star.books import BOOKS
from grognard.systems.grey_star.chart import (
    GIFT_SAID,
    GIFTS,
    HIGHER_MAGICKS,
    HIGHER_WORDS,
    LAUMSPUR,
    LAUMSPUR_HEAL,
    LESSER_MAGICKS,
    MAGICK_WORDS,
    MAGICKS_CHOSEN,
    MAX_BACKPACK,
    MAX_WEAPONS,
    MEAL,
    POUCH_MAGICKS,
    RETURNING_CHOSEN,
    SHORTFALL_CHOICES,
    STAFF,
    TALISMAN,
    TALISMAN_BONUS,
    ActionChart,
    ChartOptions,
    new_chart,
    with_higher_magicks,
)
from grognard.systems.grey_star.combat import (
    MAX_SCORE,
    SHORTFALL_OPTION,
    TABLE_OPTION,
    TABLES,
    Foe,
    start_combat,
)
from grognard.systems.grey_star.combat_moves import OUTCOMES
from grognard.systems.grey_star.odds import CombatAdvice
from grognard.systems.grey_star.sheet import (
    BUILTIN_PLACES,
    FULL,
    PLACES,
    GreyStarSheet,
    carried_in,
    room_in,
)

if TYPE_CHECKING:
    from grognard.gamebook.runner import GamebookState

STATS = ("COMBAT_SKILL", "ENDURANCE", "WILLPOWER")
"""The Action Chart's three scores, as books name them."""

SCORE_NAMES = (N_("COMBAT SKILL"), N_("WILLPOWER"), N_("ENDURANCE"))
"""The creation rolls, in order: COMBAT SKILL = number + 10, WILLPOWER and ENDURANCE = number + 20."""
SCORE_BASES = (10, 20, 20)

ITEM_PROPERTIES: dict[str, type] = {"weapon": bool, "special": bool, "herb": bool, "description": str}
"""What `[book.items]` may say of an item: a weapon (at most 2 carried), a Special Item, a Herb Pouch
item (Backpack without Alchemy), a description; an item with none of the three goes in the Backpack."""

INT_MODIFIERS = {"combat_skill": -100, "max_rounds": 1, "willpower_drain": 0, "evade_after": 0}
"""Whole-number fight modifiers and their lowest value."""
BOOL_MODIFIERS = ("immune_to_staff", "evade_if_ahead", "evade_if_first_round_ahead")
"""True/false fight modifiers: evasion only while Grey Star's ENDURANCE is above the enemy's, or only if
he lost less ENDURANCE than the enemy in the first round (books 3 and 4)."""
FIGHT_LABELS = {"rounds-over": "max_rounds"}
"""Fight endings `fight.on` may send somewhere, and the modifier that makes each possible."""
FIGHT_MODES = ("", "one-after-another")
"""`fight.mode`: Grey Star fights several creatures one after another (the only way)."""

SPECIALS = ("meal",)
"""`{ special = "meal" }`: eat a Meal, or lose 3 ENDURANCE (`value`: another loss) without one."""

TALISMAN_ACTION = "talisman"
LAUMSPUR_ACTION = "laumspur"
EAT = "eat"
WIELD = "wield:"
DROP = "drop:"
LEAVE = "leave:"
SWAP = "swap:"
SWAP_FOR = ">"
"""`swap:CARRIED>HELD`: discard a carried item to take one held over the limit in its place."""

_LABELS = {
    TALISMAN_ACTION: (N_("Use the Magic Talisman (+{bonus} WILLPOWER, once)"), TALISMAN_BONUS),
    LAUMSPUR_ACTION: (N_("Drink the Vial of Laumspur (+{bonus} ENDURANCE)"), LAUMSPUR_HEAL),
    EAT: (N_("Eat a Meal"), 0),
}
"""The reader's actions in words with the number each says (in the reader's language: `action_label`)."""


def parse_hero(text: str) -> tuple[int, int, int]:
    """COMBAT SKILL/WILLPOWER/ENDURANCE typed in (e.g. "15/25/24"), in the order they are rolled."""
    parts = text.split("/")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise UsageError(
            gettext("hero {text!r} is not COMBAT SKILL/WILLPOWER/ENDURANCE, e.g. 15/25/24").format(text=text)
        )
    cs, wp, ep = (int(p) for p in parts)
    if ep < 1:
        raise UsageError(gettext("hero {text!r}: ENDURANCE must be at least 1").format(text=text))
    if max(cs, wp, ep) > MAX_SCORE:
        raise UsageError(
            gettext("hero {text!r}: a score above {MAX_SCORE} is not played").format(
                text=text, MAX_SCORE=MAX_SCORE
            )
        )
    return cs, wp, ep


def parse_magicks(text: str, count: int = MAGICKS_CHOSEN) -> tuple[str, ...]:
    """`count` (five, or six for a returning reader) different Lesser Magicks, comma-separated ("" for
    none chosen yet)."""
    if not text.strip():
        return ()
    chosen = tuple(m.strip() for m in text.split(","))
    if len(set(chosen)) != count or len(chosen) != count or not set(chosen) <= set(LESSER_MAGICKS):
        raise UsageError(
            gettext("magicks {text!r}: choose {count} of {value}").format(
                text=text, count=count, value=", ".join(LESSER_MAGICKS)
            )
        )
    return chosen


HIGHER_RULE = "higher_magicks"
"""`[book.rules] higher_magicks = N`: the reader chooses N Higher Magicks after the Lesser ones (book 4:
four for a first adventure, five after an earlier one; docs/systems/grey-star.md)."""


def higher_count(book: Book) -> int:
    """How many Higher Magicks the book lets the reader choose (0 when it says nothing)."""
    value = book.book.rules.get(HIGHER_RULE, 0)
    return int(value) if is_whole(value) and 0 <= int(value) <= len(HIGHER_MAGICKS) else 0


RETURNING_RULE = "returning"
"""`[book.rules] returning = true`: the book asks whether the reader finished an earlier adventure; one who
did chooses a sixth Lesser Magick (and one Higher Magick more, where the book gives them) and takes the
items `carried_over` (books 3 and 4's front matter)."""
RETURNING_ANSWERS = ("returning:yes", "returning:no")


def counts_returning(book: Book) -> bool:
    """Whether the book asks if the reader finished an earlier adventure."""
    return book.book.rules.get(RETURNING_RULE) is True


def magick_counts(sheet: GreyStarSheet, book: Book) -> tuple[int, int]:
    """How many Lesser and Higher Magicks this reader chooses in this book."""
    extra = 1 if sheet.returning else 0
    higher = higher_count(book)
    return MAGICKS_CHOSEN + extra, (min(higher + extra, len(HIGHER_MAGICKS)) if higher else 0)


CARRIED_RULE = "carried_over"
"""`[book.rules] carried_over = "Mind Gem, Rope"`: items an earlier book may have left the reader, each
his to take at the start (the book's front matter: "you keep all equipment you had")."""
SET_OUT = "set-out"
"""The creation action that ends the choice of items carried from an earlier adventure."""
CARRY = "carry:"


def carried_over(book: Book) -> tuple[str, ...]:
    """The items the book lets the reader bring from an earlier adventure."""
    value = book.book.rules.get(CARRIED_RULE, "")
    if not isinstance(value, str):
        return ()
    return tuple(dict.fromkeys(i.strip() for i in value.split(",") if i.strip()))


def parse_carried(text: str, book: Book) -> tuple[str, ...]:
    """Items carried from an earlier adventure, comma-separated, each one the book offers."""
    chosen = tuple(i.strip() for i in text.split(",") if i.strip())
    offered = carried_over(book)
    for item in chosen:
        if item not in offered:
            raise UsageError(
                gettext("carried {item!r}: this book offers {value}").format(
                    item=item, value=", ".join(offered) or "none"
                )
            )
    return chosen


def parse_higher(text: str, count: int) -> tuple[str, ...]:
    """`count` different Higher Magicks, comma-separated ("" for none chosen yet)."""
    if not text.strip():
        return ()
    chosen = tuple(m.strip() for m in text.split(","))
    if len(set(chosen)) != count or len(chosen) != count or not set(chosen) <= set(HIGHER_MAGICKS):
        raise UsageError(
            gettext("higher_magicks {text!r}: this book has the reader choose {count} of {value}").format(
                text=text, count=count, value=", ".join(HIGHER_MAGICKS)
            )
        )
    return chosen


def chart_options(options: Mapping[str, OptionValue]) -> ChartOptions:
    """The chart's rule options from the game's options."""
    shortfall = str(options.get("shortfall", "negative"))
    if shortfall not in SHORTFALL_CHOICES:
        raise UsageError(
            gettext("shortfall {shortfall!r} is not one of {value}").format(
                shortfall=shortfall, value=list(SHORTFALL_CHOICES)
            )
        )
    table = str(options.get("table", "uniform"))
    if table not in TABLES:
        raise UsageError(
            gettext("table {table!r} is not one of {value}").format(table=table, value=list(TABLES))
        )
    return ChartOptions(
        shortfall="endurance" if shortfall == "endurance" else "negative",
        dagger_with_staff=bool(options.get("dagger_with_staff", False)),
        table=table,
    )


def make_chart(
    scores: tuple[int, ...],
    magicks: Sequence[str],
    gift: str,
    opts: ChartOptions,
    count: int = MAGICKS_CHOSEN,
) -> ActionChart:
    """The starting chart from the three scores (not the numbers), five Magicks (`count`) and the gift."""
    cs, wp, ep = scores
    numbers = (cs - SCORE_BASES[0], wp - SCORE_BASES[1], ep - SCORE_BASES[2])
    if all(0 <= n <= 9 for n in numbers):
        return new_chart(numbers, magicks, gift, opts, count)
    base = new_chart((0, 0, 0), magicks, gift, opts, count)
    return replace(base, combat_skill=cs, willpower=wp, endurance=ep, endurance_max=ep)


def _made(sheet: GreyStarSheet, gift: str, ctx: Context) -> ActionChart:
    """The chart from the sheet's scores, its five Lesser Magicks and the gift, with its Higher Magicks."""
    lesser = [m for m in sheet.magicks if m in LESSER_MAGICKS]
    base = make_chart(sheet.scores, lesser, gift, chart_options(ctx.options), len(lesser))
    return with_higher_magicks(base, [m for m in sheet.magicks if m in HIGHER_MAGICKS])


class GreyStarRuleset(Ruleset):
    """Grey Star the Wizard (the issue's Action Chart rules, 001_2055bbb054c2d265.txt) for gamebooks."""

    id = "grey-star"
    name = "Lone Wolf: Grey Star the Wizard"
    options = (
        TABLE_OPTION,
        SHORTFALL_OPTION,
        OptionInfo(
            "dagger_with_staff",
            N_("the Jewelled Dagger's +1 counts with the Staff too"),
            False,
            (False, True),
            title=N_("Dagger with staff"),
            words=(N_("no"), N_("yes")),
        ),
        OptionInfo(
            "hero",
            N_("COMBAT SKILL/WILLPOWER/ENDURANCE to play instead of rolling (e.g. 15/25/24)"),
            "",
            title=N_("Hero"),
        ),
        OptionInfo(
            "magicks",
            N_("five Lesser Magicks, comma-separated, instead of choosing them"),
            "",
            title=N_("Magicks"),
        ),
        OptionInfo(
            "higher_magicks",
            N_("the Higher Magicks, comma-separated, instead of choosing them (books that give them)"),
            "",
        ),
        OptionInfo(
            "returning",
            N_("finished an earlier Grey Star adventure, in a book that asks (yes or no; empty: asked)"),
            "",
            ("", "yes", "no"),
        ),
        OptionInfo(
            "carried",
            N_("items carried from an earlier adventure, comma-separated, when the sheet is given whole"),
            "",
        ),
        OptionInfo(
            "gift",
            N_("the gift taken instead of choosing it"),
            "",
            ("", *GIFTS),
            title=N_("Gift"),
            words=(N_("none"), *GIFTS),
        ),
        OptionInfo(
            "willpower_worth",
            N_("worth of a point of WILLPOWER kept after a fight, against 1 for winning"),
            0.005,
            low=0,
        ),
        OptionInfo(
            "endurance_worth",
            N_("worth of a point of ENDURANCE kept after a fight"),
            0.002,
            low=0,
            title=N_("Endurance worth"),
        ),
        OptionInfo(
            "advice_budget",
            N_("most positions a fight's odds may explore before giving up"),
            ADVICE_BUDGET,
            low=1,
            high=MAX_BUDGET,
        ),
    )
    stats = STATS
    powers = (*LESSER_MAGICKS, *HIGHER_MAGICKS)
    builtin_items = tuple(BUILTIN_PLACES)
    sheet_type = GreyStarSheet
    fight_type = BookFight
    books = BOOKS

    def __init__(self) -> None:
        self._advice = FightAdvice()

    def show_progress(self, working: Working | None, budget: int | None = None) -> None:
        """Let a front end show the progress of a long solve of a fight's odds (`advice.Working`), and
        give this session's budget of positions (None: the game's `advice_budget` option)."""
        self._advice.working = working
        self._advice.budget = budget

    # --- the sheet -----------------------------------------------------------------------------------

    def new_sheet(self, ctx: Context) -> GreyStarSheet:
        """A blank sheet, or one with the scores, Magicks and gift the options give."""
        hero = str(ctx.options.get("hero", ""))
        answer = str(ctx.options.get("returning", ""))
        given = str(ctx.options.get("magicks", ""))
        returning: bool | None = None
        if counts_returning(ctx.book) and (answer or given):
            returning = answer == "yes"
        sheet = GreyStarSheet(scores=parse_hero(hero) if hero else (), returning=returning)
        lesser, higher = magick_counts(sheet, ctx.book)
        magicks = parse_magicks(given, lesser)
        if magicks:
            magicks += parse_higher(str(ctx.options.get("higher_magicks", "")), higher)
        return self._complete(replace(sheet, magicks=magicks), ctx)

    def _complete(self, sheet: GreyStarSheet, ctx: Context) -> GreyStarSheet:
        gift = str(ctx.options.get("gift", ""))
        chosen = sum(magick_counts(sheet, ctx.book))
        if sheet.chart is None and gift and len(sheet.scores) == 3 and len(sheet.magicks) == chosen:
            sheet = sheet.with_chart(_made(sheet, gift, ctx))
            for item in parse_carried(str(ctx.options.get("carried", "")), ctx.book):
                sheet = sheet.gain(item, ctx.book)
            return replace(sheet, kit_done=True)
        return sheet

    def creation_step(self, sheet: GreyStarSheet, ctx: Context) -> Step | None:
        """Three random numbers (COMBAT SKILL + 10, WILLPOWER + 20, ENDURANCE + 20), shown; then five
        Lesser Magicks, one choice each; then the Higher Magicks the book gives (`[book.rules]
        higher_magicks`), one choice each; then one gift of three."""
        if len(sheet.scores) < 3:
            return _score_step(len(sheet.scores), str(ctx.options.get("table", "uniform")))
        if counts_returning(ctx.book) and sheet.returning is None:
            return ChoiceStep(N_("Have you finished an earlier Grey Star adventure?"), RETURNING_ANSWERS)
        lesser, higher = magick_counts(sheet, ctx.book)
        if len(sheet.magicks) < lesser:
            left = tuple(f"power:{m}" for m in LESSER_MAGICKS if m not in sheet.magicks)
            said = gettext("Lesser Magick {number} of {count}").format(
                number=len(sheet.magicks) + 1, count=lesser
            )
            return ChoiceStep(said, left)
        if len(sheet.magicks) < lesser + higher:
            left = tuple(f"power:{m}" for m in HIGHER_MAGICKS if m not in sheet.magicks)
            done = len(sheet.magicks) - lesser
            return ChoiceStep(
                gettext("Higher Magick {number} of {count}").format(number=done + 1, count=higher), left
            )
        if sheet.chart is None:
            return ChoiceStep(N_("Choose the gift you set out with"), tuple(f"gift:{g}" for g in GIFTS))
        offered = carried_over(ctx.book)
        if offered and not sheet.kit_done and (sheet.returning or not counts_returning(ctx.book)):
            left = tuple(f"{CARRY}{i}" for i in offered if not sheet.carries(i))
            carried = N_("Items carried from an earlier adventure: take each you have")
            return ChoiceStep(carried, (*left, SET_OUT))
        return None

    def apply_creation(self, sheet: GreyStarSheet, move: Outcome, ctx: Context) -> GreyStarSheet:
        """The sheet with the score just rolled, the Magick or the gift chosen (the chart made)."""
        if len(sheet.scores) < 3:
            return self._complete(replace(sheet, scores=(*sheet.scores, int(move))), ctx)
        text = str(move)
        if text in RETURNING_ANSWERS:
            return self._complete(replace(sheet, returning=text == RETURNING_ANSWERS[0]), ctx)
        if sheet.chart is not None:
            if text == SET_OUT:
                return replace(sheet, kit_done=True)
            return sheet.gain(text.removeprefix(CARRY), ctx.book)
        if len(sheet.magicks) < sum(magick_counts(sheet, ctx.book)):
            magick = text.removeprefix("power:")
            return self._complete(replace(sheet, magicks=(*sheet.magicks, magick)), ctx)
        gift = text.removeprefix("gift:")
        return sheet.with_chart(_made(sheet, gift, ctx))

    def sheet_lines(self, sheet: GreyStarSheet) -> list[tuple[str, str]]:
        """The Action Chart as rows: scores, Magicks, weapons (the one in hand), Backpack, Herb Pouch,
        Special Items, Nobles."""
        chart = sheet.chart
        if chart is None:
            rows = [(gettext(name), str(v)) for name, v in zip(SCORE_NAMES, sheet.scores, strict=False)]
            lesser = _names(m for m in sheet.magicks if m in LESSER_MAGICKS) or "-"
            higher = [
                (gettext("Higher Magicks"), _names(m for m in sheet.magicks if m in HIGHER_MAGICKS))
            ] * any(m in HIGHER_MAGICKS for m in sheet.magicks)
            return [*rows, (gettext("Lesser Magicks"), lesser), *higher]
        held = gettext(sheet.wielded) if sheet.wielded else gettext("bare hands")
        pouch = "-" if chart.herb_pouch is None else _names(chart.herb_pouch) or gettext("(empty)")
        weapons = gettext("{weapons} (in hand: {held})").format(
            weapons=_names(chart.weapons) or "-", held=held
        )
        backpack = gettext("{items} ({count} of {most})").format(
            items=_names(chart.backpack) or "-", count=len(chart.backpack), most=MAX_BACKPACK
        )
        return [
            (gettext("COMBAT SKILL"), str(chart.combat_skill)),
            (
                gettext("ENDURANCE"),
                gettext("{score} (at most {most})").format(score=chart.endurance, most=chart.endurance_max),
            ),
            (gettext("WILLPOWER"), str(chart.willpower)),
            (gettext("Lesser Magicks"), _names(m for m in chart.magicks if m in LESSER_MAGICKS)),
            *[(gettext("Higher Magicks"), _names(m for m in chart.magicks if m in HIGHER_MAGICKS))]
            * any(m in HIGHER_MAGICKS for m in chart.magicks),
            (gettext("Weapons"), weapons),
            (gettext("Backpack"), backpack),
            (gettext("Herb Pouch"), pouch),
            (gettext("Special Items"), _names(chart.special_items) or "-"),
            (gettext("Nobles"), str(chart.nobles)),
            *_surplus_lines(sheet),
        ]

    def sheet_in_fight(self, sheet: GreyStarSheet, fight: GameState) -> GreyStarSheet:
        """The Action Chart as the fight under way has left it: ENDURANCE and WILLPOWER as they stand in
        the combat, so the chart never lags the fight."""
        if not isinstance(fight, BookFight) or sheet.chart is None:
            return sheet
        combat = fight.combat
        return replace(sheet, chart=sheet.chart.after_combat(combat.endurance, combat.willpower))

    def resources(self, sheet: GreyStarSheet) -> tuple[tuple[str, int], ...]:
        """ENDURANCE, WILLPOWER, COMBAT SKILL and Nobles at the end."""
        chart = sheet.chart
        if chart is None:
            return ()
        return (
            ("ENDURANCE", chart.endurance),
            ("WILLPOWER", chart.willpower),
            ("COMBAT_SKILL", chart.combat_skill),
            ("NOBLES", chart.nobles),
        )

    def is_dead(self, sheet: GreyStarSheet) -> bool:
        """ENDURANCE 0 or below is death (the issue); a sheet still being made is not dead."""
        return sheet.chart is not None and sheet.chart.dead

    def invariants(self, sheet: GreyStarSheet) -> list[str]:
        """ENDURANCE within its start, the carrying limits, the Herb Pouch only with Alchemy, Nobles not
        negative, the weapon in hand carried."""
        chart = sheet.chart
        if chart is None:
            return []
        bad: list[str] = []
        if chart.endurance > chart.endurance_max:
            bad.append(f"ENDURANCE {chart.endurance} above its start {chart.endurance_max}")
        if len(chart.weapons) > MAX_WEAPONS or len(chart.backpack) > MAX_BACKPACK:
            bad.append(f"{len(chart.weapons)} weapons, {len(chart.backpack)} Backpack items: over the limits")
        if (chart.herb_pouch is not None) != any(m in POUCH_MAGICKS for m in chart.magicks):
            bad.append("a Herb Pouch without Alchemy or Theurgy, or one of them without it")
        if chart.nobles < 0:
            bad.append(f"Nobles {chart.nobles} below 0")
        if sheet.wielded is not None and sheet.wielded not in chart.weapons:
            bad.append(f"{sheet.wielded!r} in hand but not carried")
        bad += [
            f"{item} held over the limit with room for it"
            for place, item in sheet.surplus
            if room_in(chart, place)
        ]
        return bad

    # --- effects and conditions ----------------------------------------------------------------------

    def apply_effect(self, sheet: GreyStarSheet, effect: Effect, ctx: Context) -> GreyStarSheet:
        """One effect: ENDURANCE never above its start, WILLPOWER without a ceiling (spending past 0 by
        the shortfall option), Nobles, items where they belong, and the Meal."""
        chart = sheet.ready
        kind = effect.kind
        if kind == "stat":
            return sheet.with_chart(_stat_effect(chart, str(effect.stat), effect))
        if kind == "initial":
            return sheet.with_chart(_initial_effect(chart, effect))
        if kind == "gold":
            return sheet.with_chart(replace(chart, nobles=max(0, chart.nobles + int(effect.gold or 0))))
        if kind == "item":
            for _ in range(effect.count):
                sheet = sheet.gain(str(effect.item), ctx.book)
            return sheet
        if kind == "lose_item":
            for _ in range(effect.count):
                sheet = sheet.lose(str(effect.lose_item))
            return sheet
        if kind == "special" and effect.special == "meal":
            if MEAL in chart.backpack or effect.value is None:
                return sheet.with_chart(chart.eat_meal())
            return sheet.with_chart(chart.lose_endurance(int(effect.value)))
        raise RulesError(
            kind,
            sheet,
            gettext("Grey Star has no effect {value}").format(value=effect.model_dump(exclude_defaults=True)),
        )

    def condition_holds(self, sheet: GreyStarSheet, condition: Condition, ctx: Context) -> bool:
        """An item carried anywhere, at least so many Nobles, a score in range, a Magical Power (chosen,
        and WILLPOWER above 0)."""
        chart = sheet.ready
        kind = condition.kind
        if kind == "item":
            return sheet.carries(str(condition.item))
        if kind == "gold":
            return chart.nobles >= int(condition.gold or 0)
        if kind == "stat":
            return in_range(_score(chart, str(condition.stat)), condition)
        if kind == "power" and condition.power in self.powers:
            return chart.has_power(str(condition.power))
        raise RulesError(
            kind,
            sheet,
            gettext("Grey Star cannot test {value}").format(
                value=condition.model_dump(exclude_defaults=True)
            ),
        )

    # --- the reader's own actions ---------------------------------------------------------------------

    def reader_actions(
        self, sheet: GreyStarSheet, section: Section, used: tuple[Action, ...], ctx: Context
    ) -> Sequence[Action]:
        """Use the Talisman; drink Laumspur once a fight is over (while ENDURANCE is below its start);
        eat a Meal where the section allows it; take another weapon in hand; discard a weapon other
        than the Staff; with the Backpack full, discard a Backpack item. Each at most once a visit.
        First, for an item held over the limit: discard a carried item of its place to take it (never
        the Staff), or leave it behind (`_surplus_actions`)."""
        chart = sheet.ready
        actions: list[Action] = list(_surplus_actions(sheet))
        waiting = {place for place, _ in sheet.surplus}
        if TALISMAN in chart.special_items:
            actions.append(TALISMAN_ACTION)
        if LAUMSPUR in chart.backpack and sheet.fought and chart.endurance < chart.endurance_max:
            actions.append(LAUMSPUR_ACTION)
        if section.eat and MEAL in chart.backpack:
            actions.append(EAT)
        for weapon in dict.fromkeys(chart.weapons):
            if weapon != sheet.wielded:
                actions.append(WIELD + weapon)
        if "weapon" not in waiting:
            actions += [DROP + weapon for weapon in dict.fromkeys(chart.weapons) if weapon != STAFF]
        if len(chart.backpack) >= MAX_BACKPACK and "backpack" not in waiting:
            actions += [DROP + item for item in dict.fromkeys(chart.backpack) if DROP + item not in actions]
        return [a for a in actions if a not in used or a.startswith((SWAP, LEAVE))]

    def choices_wait(self, sheet: GreyStarSheet) -> bool:
        """True while an item is held over the limit: the reader says what he drops (or that he leaves
        it) before he turns on, as with a pencil on the Action Chart (docs/rulings/grey-star.md, "An
        item with no room")."""
        return bool(sheet.surplus)

    def apply_reader_action(
        self, sheet: GreyStarSheet, action: Action, section: Section, ctx: Context
    ) -> GreyStarSheet:
        """The sheet after a reader action from `reader_actions`."""
        chart = sheet.ready
        if action == TALISMAN_ACTION:
            return sheet.with_chart(chart.use_talisman())
        if action == LAUMSPUR_ACTION:
            return sheet.with_chart(chart.use_laumspur())
        if action == EAT:
            return sheet.with_chart(chart.drop_backpack_item(MEAL))
        if action.startswith(WIELD) and action[len(WIELD) :] in chart.weapons:
            return replace(sheet, wielded=action[len(WIELD) :])
        if action.startswith(DROP) and sheet.carries(action[len(DROP) :]):
            return sheet.lose(action[len(DROP) :])
        if action.startswith(LEAVE) and sheet.held_place(action[len(LEAVE) :]) is not None:
            return sheet.leave(action[len(LEAVE) :])
        if action in _surplus_actions(sheet) and action.startswith(SWAP):
            carried, _, held = action[len(SWAP) :].partition(SWAP_FOR)
            return _make_room(sheet, carried, held)
        raise RulesError(action, sheet, gettext("not a Grey Star reader action"))

    def action_detail(self, action: Action) -> str:
        """What a Lesser Magick or a gift chosen at the start is for."""
        keyed = Keyed.parse(action)
        words = ""
        if keyed.kind == "gift" and keyed.rest in GIFT_SAID:
            said, bonus = GIFT_SAID[keyed.rest]
            words = gettext(said).format(bonus=bonus)
        elif keyed.kind == "power":
            words = gettext({**MAGICK_WORDS, **HIGHER_WORDS}.get(keyed.rest, ""))
        return f"{words[:1].upper()}{words[1:]}" + ("" if words.endswith(".") or not words else ".")

    def action_label(self, action: Action) -> str:
        """Menu text of a reader, fight or creation action."""
        if action in _LABELS:
            words, bonus = _LABELS[action]
            return gettext(words).format(bonus=bonus)
        keyed = Keyed.parse(action)
        kind, rest = keyed.kind, keyed.rest
        if kind == "spend":
            if rest == "0":
                return gettext("Spend no WILLPOWER this round")
            return gettext("Spend {amount} WILLPOWER this round").format(amount=rest)
        if kind == "evade":
            if rest == "0":
                return gettext("Evade (spending no WILLPOWER)")
            return gettext("Evade, spending {amount} WILLPOWER").format(amount=rest)
        if kind in ("power", "gift"):
            return gettext(rest)
        if action == RETURNING_ANSWERS[0]:
            said = gettext("Yes: {count} Lesser Magicks (and one Higher more), and what I carried")
            return said.format(count=RETURNING_CHOSEN)
        if action == RETURNING_ANSWERS[1]:
            return gettext("No: this is my first adventure")
        if kind == "carry":
            return gettext("Take the {item} (carried from an earlier adventure)").format(item=gettext(rest))
        if action == SET_OUT:
            return gettext("Set out with nothing more")
        if kind == "wield":
            return gettext("Take the {item} in hand for fights").format(item=gettext(rest))
        if kind == "drop":
            return gettext("Discard the {item}").format(item=gettext(rest))
        if kind == "leave":
            return gettext("Leave the {item} behind (no room for it)").format(item=gettext(rest))
        if kind == "swap":
            carried, _sep, held = rest.partition(SWAP_FOR)
            said = gettext("Discard the {carried} to take the {held}")
            return said.format(carried=gettext(carried), held=gettext(held))
        return action

    # --- fights ----------------------------------------------------------------------------------------

    def start_fight(self, sheet: GreyStarSheet, fight: Fight, ctx: Context) -> BookFight:
        """The fight a section orders: its creatures one after another, the weapon in hand, the
        section's modifiers, evasion where the section has `escape`."""
        mods = fight.modifiers
        rounds = mods.get("max_rounds")
        first, *_ = enemies = tuple(
            Enemy(c.name, c.stats["COMBAT_SKILL"], c.stats["ENDURANCE"]) for c in fight.creatures
        )
        foe = Foe(
            first.name,
            first.combat_skill,
            first.endurance,
            skill_modifier=int(mods.get("combat_skill", 0)),
            immune_to_staff=mods.get("immune_to_staff") is True,
            rounds=int(rounds) if rounds is not None else None,
            can_evade=fight.escape is not None,
            willpower_drain=int(mods.get("willpower_drain", 0)),
        )
        wait = int(mods.get("evade_after", 0))
        when = "ahead" if mods.get("evade_if_ahead") is True else ""
        when = "first-round" if mods.get("evade_if_first_round_ahead") is True else when
        combat = start_combat(sheet.ready, foe, sheet.wielded)
        return BookFight(combat, enemies, evade_wait=wait, evade_if=when)

    def end_fight(
        self, sheet: GreyStarSheet, fight: Fight, final: GameState, ctx: Context
    ) -> tuple[GreyStarSheet, str]:
        """The chart's ENDURANCE and WILLPOWER after the fight, and how it ended ("win", "escaped",
        "dead", "rounds-over")."""
        if not isinstance(final, BookFight) or not final.over:
            raise RulesError("end_fight", final, gettext("not a finished Grey Star fight"))
        combat = final.combat
        chart = sheet.ready.after_combat(combat.endurance, combat.willpower)
        label = {"evaded": "escaped"}.get(combat.outcome, combat.outcome)
        return replace(sheet.with_chart(chart), fought=True), label

    # --- tests ---------------------------------------------------------------------------------------

    def test_step(self, sheet: GreyStarSheet, test: ChanceTest, modifier: int, ctx: Context) -> ChanceStep:
        """A random number 0-9 from the option's table, plus `modifier` (a Power's adjustment)."""
        return _number_step(N_("random number"), str(ctx.options.get("table", "uniform")), modifier)

    # --- checking a book -------------------------------------------------------------------------------

    def check_book(self, book: Book) -> list[Problem]:
        """Item properties (`weapon`, `special`, `herb`, `description`, at most one place) and
        `[book.rules]`: `higher_magicks`, a whole number 0-6."""
        problems = declaration_problems(book, ITEM_PROPERTIES, "Grey Star", _item_problems)
        ours = (f"book.rules.{HIGHER_RULE}", f"book.rules.{CARRIED_RULE}", f"book.rules.{RETURNING_RULE}")
        problems = [p for p in problems if p.field not in ours]
        if not isinstance(book.book.rules.get(RETURNING_RULE, False), bool):
            problems.append(Problem("", f"book.rules.{RETURNING_RULE}", gettext("must be true or false")))
        if CARRIED_RULE in book.book.rules:
            where = f"book.rules.{CARRIED_RULE}"
            if not isinstance(book.book.rules[CARRIED_RULE], str):
                problems.append(Problem("", where, gettext("must be items, comma-separated")))
            known = set(book.book.items) | set(BUILTIN_PLACES)
            problems += [
                Problem(
                    "",
                    where,
                    gettext("unknown item {item!r} (declare it under [book.items])").format(item=item),
                )
                for item in carried_over(book)
                if item not in known
            ]
        if HIGHER_RULE in book.book.rules:
            value = book.book.rules[HIGHER_RULE]
            if not is_whole(value) or not 0 <= int(value) <= len(HIGHER_MAGICKS):
                where = f"book.rules.{HIGHER_RULE}"
                problems.append(
                    Problem(
                        "",
                        where,
                        gettext("must be a whole number 0-{HIGHER_MAGICKS_count}, not {value!r}").format(
                            HIGHER_MAGICKS_count=len(HIGHER_MAGICKS), value=value
                        ),
                    )
                )
        return problems

    def check_effect(self, book: Book, effect: Effect) -> list[str]:
        """Provisions (Grey Star carries Meals), an unknown special, a Meal's bad loss, a starting value
        other than ENDURANCE's."""
        kind = effect.kind
        if kind == "provisions":
            return [gettext('Grey Star has no Provisions: use { item = "Meal" } or { special = "meal" }')]
        if kind == "special":
            if effect.special not in SPECIALS:
                said = {"special": repr(effect.special), "known": ", ".join(SPECIALS)}
                return [gettext("unknown special %(special)s (known: %(known)s)") % said]
            if effect.value is not None and (not is_whole(effect.value) or int(effect.value) < 0):
                return [
                    gettext("a Meal's ENDURANCE loss must be a whole number, 0 or more, not %(value)s")
                    % {"value": repr(effect.value)}
                ]
        if kind == "initial" and effect.initial != "ENDURANCE":
            return [
                gettext("only ENDURANCE has a starting value that caps it, not %(stat)s")
                % {"stat": effect.initial}
            ]
        return []

    def check_condition(self, book: Book, condition: Condition) -> list[str]:
        """Provisions and specials (Grey Star has neither)."""
        if condition.kind == "provisions":
            return [gettext('Grey Star has no Provisions: test { item = "Meal" }')]
        if condition.kind == "special":
            return [
                gettext("Grey Star has no special condition %(special)s")
                % {"special": repr(condition.special)}
            ]
        return []

    def check_fight(self, book: Book, fight: Fight) -> list[str]:
        """Creature stats (COMBAT_SKILL, ENDURANCE of 1 or more), the mode, the modifiers, the `on` labels."""
        out: list[str] = []
        for c in fight.creatures:
            stats = c.stats
            out += [
                gettext("%(creature)s has no %(stat)s") % {"creature": c.name, "stat": key}
                for key in ("COMBAT_SKILL", "ENDURANCE")
                if key not in stats
            ]
            extra = sorted(set(stats) - {"COMBAT_SKILL", "ENDURANCE"})
            if extra:
                out.append(
                    gettext("%(creature)s: unknown stat(s) %(stats)s (known: COMBAT_SKILL, ENDURANCE)")
                    % {"creature": c.name, "stats": extra}
                )
            if stats.get("ENDURANCE", 1) < 1:
                out.append(gettext("%(creature)s: ENDURANCE below 1") % {"creature": c.name})
        if fight.mode not in FIGHT_MODES:
            out.append(
                gettext("unknown mode %(mode)s (Grey Star fights creatures one after another)")
                % {"mode": repr(fight.mode)}
            )
        out += modifier_problems(fight, INT_MODIFIERS, BOOL_MODIFIERS, _whole_modifier)
        known = ", ".join(o for o in OUTCOMES if o != "dead")
        out += [
            gettext("unknown fight ending %(label)s in worth (known: %(known)s)")
            % {"label": repr(label), "known": known}
            for label in fight.worth
            if label not in OUTCOMES
        ]
        return out + ending_problems(fight, FIGHT_LABELS, lambda value: value is not None)

    def check_test(self, book: Book, test: ChanceTest) -> list[str]:
        """Only `kind = "random"` (a number 0-9), with ranges and no stat or dice."""
        if test.kind != "random":
            return [
                gettext("unknown test kind %(kind)s (Grey Star knows: random)") % {"kind": repr(test.kind)}
            ]
        out = []
        if test.branches:
            out.append(gettext("a random test needs ranges of the number (0-9), not branches"))
        if test.stat is not None or test.dice is not None:
            out.append(gettext("a random test picks a number 0-9; leave out stat and dice"))
        return out

    # --- odds for the reader -------------------------------------------------------------------------

    def advice(self, state: AdviceState) -> list[str]:
        """The exact odds of the fight under way at its decision (`advice.FightAdvice`)."""
        fight = state.fight
        if not isinstance(fight, BookFight) or fight.over or fight.combat.phase != "decide":
            return []
        return self._advice.lines(fight, state.play.ctx.options, self._endings(state))

    def fight_advice(self, state: GamebookState) -> CombatAdvice | str | None:
        """The advice `advice` shows, as data for the view's odds: None when no fight is at a decision,
        the too-costly sentence when the fight is past the budget."""
        fight = state.fight
        if not isinstance(fight, BookFight) or fight.over or fight.combat.phase != "decide":
            return None
        options = state.play.ctx.options
        found = self._advice.advise(fight, options, self._endings(state))
        return found if found is not None else too_costly(self._advice.budget_of(options))

    @staticmethod
    def _endings(state: AdviceState) -> Mapping[str, Number] | None:
        """The worth of each way the section's fight can end (`Fight.ending_worths`)."""
        section = state.current
        data = section.fight if section is not None else None
        return data.ending_worths(OUTCOMES) if data is not None else None


def _surplus_actions(sheet: GreyStarSheet) -> tuple[Action, ...]:
    """For each item held over the limit (one action per distinct item): discard each carried item of
    its place to take it (the Staff is never discarded, nor one like it), and leave it behind."""
    chart = sheet.ready
    out: list[Action] = []
    for place, held in dict.fromkeys(sheet.surplus):
        for carried in dict.fromkeys(carried_in(chart, place)):
            if carried not in (STAFF, held):
                out.append(f"{SWAP}{carried}{SWAP_FOR}{held}")
        out.append(LEAVE + held)
    return tuple(dict.fromkeys(out))


def _make_room(sheet: GreyStarSheet, carried: str, held: str) -> GreyStarSheet:
    """`carried` discarded and `held` (held over the limit) taken in its place, before any other item
    held for the same place."""
    place = sheet.held_place(held)
    assert place is not None
    first = (place, held)
    rest = list(sheet.surplus)
    rest.remove(first)
    return replace(sheet, surplus=(first, *rest)).lose(carried)


def _surplus_lines(sheet: GreyStarSheet) -> list[tuple[str, str]]:
    if not sheet.surplus:
        return []
    held = "; ".join(f"{gettext(item)} ({gettext(FULL[place])})" for place, item in sheet.surplus)
    said = gettext("{items}: discard something to take it, or leave it behind").format(items=held)
    return [(gettext("No room for"), said)]


def _names(names: Iterable[str]) -> str:
    """Magicks or items as the chart lists them, each in the reader's language where grognard names it
    (an item a book declares is the book's own word)."""
    return ", ".join(gettext(n) for n in names)


def _item_problems(props: Mapping[str, object]) -> list[str]:
    places = [p for p in PLACES if props.get(p) is True]
    if len(places) < 2:
        return []
    return [gettext("an item goes in one place, not %(places)s") % {"places": gettext(" and ").join(places)}]


def _whole_modifier(key: str) -> str:
    low = INT_MODIFIERS[key]
    if low > INT_MODIFIERS["combat_skill"]:
        return gettext("a whole number of at least %(low)s") % {"low": low}
    return gettext("a whole number")


def _score(chart: ActionChart, name: str) -> int:
    if name == "COMBAT_SKILL":
        return chart.combat_skill
    if name == "ENDURANCE":
        return chart.endurance
    if name == "WILLPOWER":
        return chart.willpower
    raise RulesError(name, chart, gettext("unknown score; known: {value}").format(value=", ".join(STATS)))


def _stat_effect(chart: ActionChart, name: str, effect: Effect) -> ActionChart:
    now = _score(chart, name)
    delta = effect_delta(effect, now)
    if name == "ENDURANCE":
        return chart.restore_endurance(delta) if delta >= 0 else chart.lose_endurance(-delta)
    if name == "WILLPOWER":
        if effect.set_to is not None:
            return replace(chart, willpower=int(effect.set_to))
        return chart.gain_willpower(delta) if delta >= 0 else chart.spend_willpower(-delta)
    return replace(chart, combat_skill=now + delta)


def _initial_effect(chart: ActionChart, effect: Effect) -> ActionChart:
    if effect.initial != "ENDURANCE":
        raise RulesError(
            "initial",
            chart,
            gettext("only ENDURANCE has a starting value, not {effect_initial}").format(
                effect_initial=effect.initial
            ),
        )
    old = chart.endurance_max
    new = max(1, old + int(effect.add) if effect.add is not None else int(effect.set_to or 0))
    return replace(chart, endurance_max=new, endurance=min(new, chart.endurance + new - old))


def _number_step(label: str, table: str, add: int) -> ChanceStep:
    outcomes = tuple((n + add, p) for n, p in sorted(lone_wolf_distribution(table).items()) if p)

    def roll(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        number = lone_wolf_number(rng, table)
        if not add:
            return number.total, (number,)
        shown = Roll(f"{number.expression} {add:+d}", number.dice, number.total + add, number.detail)
        return number.total + add, (shown,)

    return ChanceStep(label, outcomes, roll)


def _score_step(index: int, table: str) -> ChanceStep:
    return _number_step(SCORE_NAMES[index], table, SCORE_BASES[index])


GS_RULES = GreyStarRuleset()
"""The Grey Star ruleset the gamebook game and the command line use."""

__all__ = ["GS_RULES", "GreyStarRuleset", "chart_options", "make_chart", "parse_hero", "parse_magicks"]
