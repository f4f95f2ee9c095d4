"""Fighting Fantasy as a gamebook ruleset: what SKILL, STAMINA, LUCK, items, fights and tests mean in a book.

The gamebook layer (`grognard.gamebook`) walks a book section by section; this module gives its names
their Fighting Fantasy meaning (000_13d85f0bd5b613c5.txt) and advises the reader with the exact odds of
each fight (`odds.FightAdvisor`, one solution kept per fight). The data it reads is described in
docs/systems/fighting-fantasy.md ("Writing books"); the rulings it makes in docs/rulings/fighting-fantasy.md.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from grognard.engine.dice.core import Rng, Roll, d6
from grognard.engine.errors import OddsError, RulesError
from grognard.engine.game import Action, GameState, OptionInfo, OptionValue, Outcome
from grognard.engine.odds.base import Number, Objective
from grognard.gamebook.action_text import number_in
from grognard.gamebook.model import Book, ChanceTest, Condition, Effect, Fight, Section, parse_dice
from grognard.gamebook.ruleset import (
    AdviceState,
    ChanceStep,
    ChoiceStep,
    Context,
    Problem,
    Ruleset,
    Step,
    declaration_problems,
    dice_step,
    effect_delta,
    ending_problems,
    in_range,
    modifier_problems,
)
from grognard.i18n import N_, decimal, gettext, number, percent, pgettext
from grognard.systems.fighting_fantasy.books import BOOKS
from grognard.systems.fighting_fantasy.checks import (
    LUCK_TEST,
    SKILL_TEST,
    CheckKind,
    check_outcome,
    check_outcomes,
    luck_after_test,
)
from grognard.systems.fighting_fantasy.fight import FightState, sheet_after, start_fight
from grognard.systems.fighting_fantasy.fight_rules import ENDS, Creature, FightRules
from grognard.systems.fighting_fantasy.game import parse_hero
from grognard.systems.fighting_fantasy.odds import (
    POTION_WORTH,
    FightAdvisor,
    Figures,
    book_endings,
    fight_objective,
    solve_odds,
)
from grognard.systems.fighting_fantasy.sheet import (
    MEAL_STAMINA,
    POTION_MEASURES,
    POTIONS,
    SCORES,
    AdventureSheet,
    Score,
    Weapon,
)

ITEM_PROPERTIES: dict[str, type] = {"weapon": bool, "skill_bonus": int, "description": str}
"""What `[book.items]` may say of an item: a weapon (one in use at a time, 000_13d85f0bd5b613c5.txt:112-116)
and the SKILL bonus it gives in fights while in use, and a description for the sheet."""

FIGHT_MODES = ("", "together", "one-after-another")
"""`fight.mode`: several creatures fought one after another (the default) or all at once."""

INT_MODIFIERS: dict[str, str] = {
    "skill": "skill_modifier",
    "max_rounds": "max_rounds",
    "hero_floor": "hero_floor",
    "creature_floor": "creature_floor",
    "hero_damage": "hero_damage",
    "escape_damage": "escape_damage",
    "hero_wounds": "hero_wounds",
    "creature_wounds": "creature_wounds",
}
"""Whole-number fight modifiers and the `FightRules` field each sets."""

_LOWEST: dict[str, int | None] = {key: None if key == "skill" else 0 for key in INT_MODIFIERS}

BOOL_MODIFIERS: dict[str, str] = {"luck": "use_luck", "drink": "drink"}
"""True/false fight modifiers: `luck = false` forbids Luck in this fight, `drink = false` the potion."""

FIGHT_LABELS: dict[str, str] = {
    "rounds-over": "max_rounds",
    "hero-floor": "hero_floor",
    "hero-wounds": "hero_wounds",
}
"""Fight endings a section may send somewhere through `fight.on`, and the modifier that makes each."""

TEST_BRANCHES: dict[str, tuple[str, str]] = {"luck": ("lucky", "unlucky"), "skill": ("success", "failure")}
"""The branch labels of a Test your Luck (000_13d85f0bd5b613c5.txt:72-82) and a Test your Skill."""

SPECIALS = ("jewels",)
"""The one special the system knows: jewels carried (the Adventure Sheet's Jewels box)."""

EAT = "eat"
DRINK = "drink"

_LABELS = {
    DRINK: N_("Drink a measure of your potion"),
    "fight": N_("Fight on"),
    "escape": N_("Escape (the creature wounds you as you flee)"),
    "luck": N_("Test your Luck on this wound"),
    "no-luck": N_("Do not test your Luck"),
    "potion:skill": N_("Potion of Skill (restores SKILL)"),
    "potion:strength": N_("Potion of Strength (restores STAMINA)"),
    "potion:fortune": N_("Potion of Fortune (restores LUCK, +1 Initial LUCK)"),
}
"""The reader's actions in words (said in the reader's language by `action_label`)."""

POTION_WORDS = {"skill": N_("Skill"), "strength": N_("Strength"), "fortune": N_("Fortune")}
"""The potions as the Adventure Sheet names them."""

_ADVISORS_KEPT = 16

ADVICE_BUDGET = 1_000_000
"""The most positions a fight's advice solves (a few seconds); a larger fight is played without odds."""


class _BudgetAdvisor(FightAdvisor):
    """A `FightAdvisor` solved within a budget of positions, so a huge fight fails fast."""

    def __init__(self, state: FightState, objective: Objective, budget: int) -> None:
        self.objective = objective
        self.root = state
        self.solution = solve_odds(state, objective, budget=budget)


def best_weapon(weapons: Sequence[Weapon]) -> str:
    """The weapon the reader uses: the one with the highest bonus (the first gained of equals), or ""."""
    best: Weapon | None = None
    for w in weapons:
        if best is None or w.skill_bonus > best.skill_bonus:
            best = w
    return best.name if best is not None else ""


def book_weapons(book: Book) -> dict[str, int]:
    """The items the book declares as weapons, with their SKILL bonus."""
    return {
        name: int(props.get("skill_bonus", 0))
        for name, props in book.book.items.items()
        if props.get("weapon") is True
    }


def carry(sheet: AdventureSheet, items: tuple[str, ...], book: Book) -> AdventureSheet:
    """The sheet carrying `items`: the weapons among them listed, the best one in use."""
    declared = book_weapons(book)
    names = list(dict.fromkeys(i for i in items if i in declared))
    weapons = tuple(Weapon(n, declared[n]) for n in names)
    return replace(sheet, items=items, weapons=weapons, weapon=best_weapon(weapons))


def potion_helps(sheet: AdventureSheet) -> bool:
    """True while a measure is left and drinking it would change a score (Fortune always raises LUCK's
    Initial value, 000_13d85f0bd5b613c5.txt:146-149)."""
    if not sheet.potion or sheet.potion_measures <= 0:
        return False
    if sheet.potion == "skill":
        return sheet.skill < sheet.initial_skill
    if sheet.potion == "strength":
        return sheet.stamina < sheet.initial_stamina
    return True


def _pct(x: float) -> str:
    return percent(x)


class FightingFantasyRuleset(Ruleset):
    """Fighting Fantasy (000_13d85f0bd5b613c5.txt) for the gamebook layer."""

    id = "fighting-fantasy"
    name = "Fighting Fantasy"
    options = (
        OptionInfo(
            "hero", N_("SKILL/STAMINA/LUCK to play instead of rolling (e.g. 10/20/9)"), "", title=N_("Hero")
        ),
        OptionInfo(
            "potion",
            N_("the potion taken instead of choosing it"),
            "",
            ("", *POTIONS),
            title=N_("Potion"),
            words=(N_("none"), N_("skill"), N_("strength"), N_("fortune")),
        ),
        OptionInfo(
            "luck_worth",
            N_("worth of a point of LUCK kept after a fight, against 1 for winning"),
            0.01,
            low=0,
            title=N_("Luck worth"),
        ),
        OptionInfo(
            "stamina_worth",
            N_("worth of a point of STAMINA kept after a fight"),
            0.005,
            low=0,
            title=N_("Stamina worth"),
        ),
        OptionInfo(
            "potion_worth",
            N_("worth of a measure of potion kept after a fight"),
            POTION_WORTH,
            low=0,
            title=N_("Potion worth"),
        ),
    )
    stats = SCORES
    sheet_type = AdventureSheet
    fight_type = FightState
    books = BOOKS

    def __init__(self) -> None:
        self._advisors: OrderedDict[tuple[object, ...], FightAdvisor] = OrderedDict()
        self._too_big: set[tuple[object, ...]] = set()

    # --- the sheet -----------------------------------------------------------------------------------

    def new_sheet(self, ctx: Context) -> AdventureSheet:
        """A blank sheet with ten Provisions (000_13d85f0bd5b613c5.txt:125-126), or the typed-in scores."""
        hero = str(ctx.options.get("hero", ""))
        potion = str(ctx.options.get("potion", ""))
        if hero:
            skill, stamina, luck = parse_hero(hero)
            return AdventureSheet.new(skill, stamina, luck, potion)
        return AdventureSheet(
            0, 0, 0, 0, 0, 0, potion=potion, potion_measures=POTION_MEASURES if potion else 0
        )

    def creation_step(self, sheet: AdventureSheet, ctx: Context) -> Step | None:
        """SKILL 1d6+6, STAMINA 2d6+12, LUCK 1d6+6 (rolled and shown), then the choice of potion."""
        if sheet.initial_skill == 0:
            return dice_step("SKILL", 1, 6, 6)
        if sheet.initial_stamina == 0:
            return dice_step("STAMINA", 2, 6, 12)
        if sheet.initial_luck == 0:
            return dice_step("LUCK", 1, 6, 6)
        if not sheet.potion:
            return ChoiceStep(
                N_("Choose the potion you take with you: two measures, each drunk when you like"),
                tuple(f"potion:{p}" for p in POTIONS),
            )
        return None

    def apply_creation(self, sheet: AdventureSheet, move: Outcome, ctx: Context) -> AdventureSheet:
        """The sheet with the score just rolled (current and Initial), or the potion chosen (two measures)."""
        if sheet.initial_skill == 0:
            return replace(sheet, skill=int(move), initial_skill=int(move))
        if sheet.initial_stamina == 0:
            return replace(sheet, stamina=int(move), initial_stamina=int(move))
        if sheet.initial_luck == 0:
            return replace(sheet, luck=int(move), initial_luck=int(move))
        potion = str(move).removeprefix("potion:")
        return replace(sheet, potion=potion, potion_measures=POTION_MEASURES)

    def sheet_lines(self, sheet: AdventureSheet) -> list[tuple[str, str]]:
        """The Adventure Sheet as rows: scores with their Initial values, weapon, Provisions, potion, gold."""
        initial = gettext("{score} (Initial {initial})")
        rows = [(gettext(n), initial.format(score=sheet.score(n), initial=sheet.initial(n))) for n in SCORES]
        bonus = (
            gettext(" (+{bonus} SKILL in fights)").format(bonus=sheet.weapon_bonus)
            if sheet.weapon_bonus
            else ""
        )
        weapon = f"{sheet.weapon}{bonus}" if sheet.weapon else pgettext("weapon", "none")
        rows.append((gettext("Weapon in use"), weapon))
        rows.append((gettext("Provisions"), str(sheet.provisions)))
        named = gettext(POTION_WORDS.get(sheet.potion, sheet.potion.capitalize()))
        potion = gettext("{potion}, {measures} measure(s)") if sheet.potion else "-"
        rows.append((gettext("Potion"), potion.format(potion=named, measures=sheet.potion_measures)))
        rows.append((gettext("Gold"), str(sheet.gold)))
        rows.append((gettext("Items"), ", ".join(sheet.items) or "-"))
        jewels = ", ".join(gettext("jewel") if j == "jewel" else j for j in sheet.jewels)
        rows.append((gettext("Jewels"), jewels or "-"))
        return rows

    def sheet_in_fight(self, sheet: AdventureSheet, fight: GameState) -> AdventureSheet:
        """The Adventure Sheet as the fight under way has left it: SKILL, STAMINA, LUCK and the potion as
        they stand in the fight (`fight.sheet_after`), so the sheet never lags the fight."""
        return sheet_after(sheet, fight) if isinstance(fight, FightState) else sheet

    def resources(self, sheet: AdventureSheet) -> tuple[tuple[str, int], ...]:
        """LUCK, STAMINA, SKILL and gold at the end (LUCK and STAMINA are what a fight's advice weighs)."""
        return (
            ("LUCK", sheet.luck),
            ("STAMINA", sheet.stamina),
            ("SKILL", sheet.skill),
            ("GOLD", sheet.gold),
        )

    def is_dead(self, sheet: AdventureSheet) -> bool:
        """STAMINA 0 is death, anywhere (000_13d85f0bd5b613c5.txt:51-53); a sheet not yet rolled is not."""
        return sheet.initial_stamina > 0 and sheet.stamina <= 0

    def invariants(self, sheet: AdventureSheet) -> list[str]:
        """The sheet's own invariants, and: only carried weapons listed, the best of them in use."""
        bad = sheet.invariants()
        if sheet.gold < 0:
            bad.append(f"gold {sheet.gold} is negative")
        missing = [w.name for w in sheet.weapons if w.name not in sheet.items]
        if missing:
            bad.append(f"weapons {missing} listed but not carried")
        if sheet.weapon != best_weapon(sheet.weapons):
            bad.append(f"{sheet.weapon!r} in use, not the best weapon carried")
        return bad

    # --- effects and conditions ----------------------------------------------------------------------

    def apply_effect(self, sheet: AdventureSheet, effect: Effect, ctx: Context) -> AdventureSheet:
        """One effect: scores capped at Initial (000_13d85f0bd5b613c5.txt:7-11), Initial values moving the
        score with them, gold, Provisions, items (weapons wielded best-first) and jewels."""
        kind = effect.kind
        if kind == "stat":
            name: Score = _score(effect.stat)
            return sheet.change(name, effect_delta(effect, sheet.score(name)))
        if kind == "initial":
            name = _score(effect.initial)
            old = sheet.initial(name)
            new = max(0, (old + int(effect.add)) if effect.add is not None else int(effect.set_to or 0))
            return _with_score(sheet, name, sheet.score(name) + new - old, new)
        if kind == "gold":
            return replace(sheet, gold=max(0, sheet.gold + int(effect.gold or 0)))
        if kind == "provisions":
            return replace(sheet, provisions=max(0, sheet.provisions + int(effect.provisions or 0)))
        if kind == "item":
            return carry(sheet, (*sheet.items, *[str(effect.item)] * effect.count), ctx.book)
        if kind == "lose_item":
            items = list(sheet.items)
            for _ in range(effect.count):
                if effect.lose_item in items:
                    items.remove(str(effect.lose_item))
            return carry(sheet, tuple(items), ctx.book)
        if kind == "special" and effect.special == "jewels":
            return _jewels(sheet, effect.value)
        raise RulesError(
            effect.kind,
            sheet,
            gettext("Fighting Fantasy has no effect {value}").format(value=effect.model_dump()),
        )

    def condition_holds(self, sheet: AdventureSheet, condition: Condition, ctx: Context) -> bool:
        """Items carried, at least so much gold or Provisions, a score (not its Initial value) in range,
        and jewels carried (by name, or at least so many)."""
        kind = condition.kind
        if kind == "item":
            return condition.item in sheet.items
        if kind == "gold":
            return sheet.gold >= int(condition.gold or 0)
        if kind == "provisions":
            return sheet.provisions >= int(condition.provisions or 0)
        if kind == "stat":
            return in_range(sheet.score(_score(condition.stat)), condition)
        if kind == "special" and condition.special == "jewels":
            if isinstance(condition.value, str):
                return condition.value in sheet.jewels
            return len(sheet.jewels) >= int(condition.value or 1)
        raise RulesError(
            kind, sheet, gettext("Fighting Fantasy cannot test {value}").format(value=condition.model_dump())
        )

    # --- the reader's own actions ---------------------------------------------------------------------

    def reader_actions(
        self, sheet: AdventureSheet, section: Section, used: tuple[Action, ...], ctx: Context
    ) -> Sequence[Action]:
        """`eat` once per visit where the section allows it and STAMINA is below Initial
        (000_13d85f0bd5b613c5.txt:125-131); `drink` while the potion would change a score (:151-159)."""
        actions: list[Action] = []
        if section.eat and EAT not in used and sheet.provisions > 0 and sheet.stamina < sheet.initial_stamina:
            actions.append(EAT)
        if potion_helps(sheet):
            actions.append(DRINK)
        return actions

    def apply_reader_action(
        self, sheet: AdventureSheet, action: Action, section: Section, ctx: Context
    ) -> AdventureSheet:
        """Eat a meal (+4 STAMINA, one Provision less) or drink a measure of the potion."""
        if action == EAT:
            return sheet.eat(section.eat)
        if action == DRINK:
            return sheet.drink()
        raise RulesError(action, sheet, gettext("not a Fighting Fantasy reader action"))

    def action_label(self, action: Action) -> str:
        """Menu text of a reader, fight or creation action."""
        if action.startswith("target:"):
            return gettext("Attack creature {number} this round").format(number=number_in(action) + 1)
        if action == EAT:
            return gettext("Eat a meal (+{stamina} STAMINA, 1 Provision)").format(stamina=MEAL_STAMINA)
        return gettext(_LABELS.get(action, action))

    # --- fights ----------------------------------------------------------------------------------------

    def fight_rules(self, fight: Fight) -> FightRules:
        """The `FightRules` of a section's fight: its mode, escape, and modifiers."""
        fields: dict[str, Any] = {
            "together": fight.mode == "together",
            "can_escape": fight.escape is not None,
        }
        for key, value in fight.modifiers.items():
            if key in INT_MODIFIERS:
                fields[INT_MODIFIERS[key]] = int(value)
            elif key in BOOL_MODIFIERS:
                fields[BOOL_MODIFIERS[key]] = bool(value)
        return FightRules(**fields)

    def start_fight(self, sheet: AdventureSheet, fight: Fight, ctx: Context) -> FightState:
        """The fight a section orders (000_13d85f0bd5b613c5.txt:22-26) from the sheet and its creatures."""
        creatures = [
            Creature(c.name, c.stats["SKILL"], c.stats["STAMINA"], c.stats.get("damage", 2))
            for c in fight.creatures
        ]
        return start_fight(sheet, creatures, self.fight_rules(fight))

    def end_fight(
        self, sheet: AdventureSheet, fight: Fight, final: GameState, ctx: Context
    ) -> tuple[AdventureSheet, str]:
        """The sheet after the fight, and how it ended ("win", "escaped", "dead", or a `fight.on` label)."""
        if not isinstance(final, FightState):
            raise RulesError("end_fight", final, gettext("not a Fighting Fantasy fight"))
        return sheet_after(sheet, final), final.end

    # --- tests ---------------------------------------------------------------------------------------

    def test_step(self, sheet: AdventureSheet, test: ChanceTest, modifier: int, ctx: Context) -> ChanceStep:
        """Test your Luck or Skill: two dice plus `modifier`, at most the score passes
        (000_13d85f0bd5b613c5.txt:72-77); or a plain roll of `dice` plus `modifier`, its total."""
        if test.kind in TEST_BRANCHES:
            kind, score = (LUCK_TEST, sheet.luck) if test.kind == "luck" else (SKILL_TEST, sheet.skill)
            return _check_step(kind, score, modifier)
        _, count, sides, mod = parse_dice(test.dice or "1d6")
        return dice_step(gettext("roll {dice}").format(dice=test.dice), count, sides, mod + modifier)

    def after_test(
        self, sheet: AdventureSheet, test: ChanceTest, outcome: Outcome, ctx: Context
    ) -> AdventureSheet:
        """Every Test your Luck costs one point of LUCK (000_13d85f0bd5b613c5.txt:78-80)."""
        if test.kind == "luck":
            return replace(sheet, luck=luck_after_test(sheet.luck))
        return sheet

    def tested_score(self, sheet: AdventureSheet, test: ChanceTest) -> tuple[str, int] | None:
        """LUCK for a Test your Luck, SKILL for a Test your Skill: two dice at most the score pass
        (000_13d85f0bd5b613c5.txt:72-77); None for a roll read by its ranges."""
        if test.kind == "luck":
            return "LUCK", sheet.luck
        if test.kind == "skill":
            return "SKILL", sheet.skill
        return None

    # --- checking a book -------------------------------------------------------------------------------

    def check_book(self, book: Book) -> list[Problem]:
        """Item properties (`weapon`, `skill_bonus`, `description`) and `[book.rules]` (none known)."""
        return declaration_problems(book, ITEM_PROPERTIES, "Fighting Fantasy", _item_problems)

    def check_effect(self, book: Book, effect: Effect) -> list[str]:
        """A special other than jewels; an Initial value set below 0."""
        if effect.special is not None and effect.special not in SPECIALS:
            return [_unknown_special(effect.special)]
        if effect.initial is not None and effect.set_to is not None and effect.set_to < 0:
            return [gettext("an Initial value cannot be set to %(value)s") % {"value": effect.set_to}]
        return []

    def check_condition(self, book: Book, condition: Condition) -> list[str]:
        """A special other than jewels."""
        if condition.special is not None and condition.special not in SPECIALS:
            return [_unknown_special(condition.special)]
        return []

    def check_fight(self, book: Book, fight: Fight) -> list[str]:
        """Creature stats (SKILL, STAMINA, optional damage), the mode, the modifiers, the `on` labels."""
        out: list[str] = []
        for c in fight.creatures:
            stats = c.stats
            for key in ("SKILL", "STAMINA"):
                if key not in stats:
                    out.append(gettext("%(creature)s has no %(stat)s") % {"creature": c.name, "stat": key})
            extra = sorted(set(stats) - {"SKILL", "STAMINA", "damage"})
            if extra:
                out.append(
                    gettext("%(creature)s: unknown stat(s) %(stats)s (known: SKILL, STAMINA, damage)")
                    % {"creature": c.name, "stats": extra}
                )
            if stats.get("STAMINA", 1) < 1 or stats.get("SKILL", 0) < 0 or stats.get("damage", 1) < 0:
                out.append(
                    gettext("%(creature)s: SKILL below 0, STAMINA below 1 or damage below 0")
                    % {"creature": c.name}
                )
        if fight.mode not in FIGHT_MODES:
            out.append(
                gettext("unknown mode %(mode)s (known: together, one-after-another)")
                % {"mode": repr(fight.mode)}
            )
        out += modifier_problems(
            fight, _LOWEST, BOOL_MODIFIERS, lambda _: gettext("a whole number (0 or more)")
        )
        known = ", ".join(e for e in ENDS if e != "dead")
        out += [
            gettext("unknown fight ending %(label)s in worth (known: %(known)s)")
            % {"label": repr(label), "known": known}
            for label in fight.worth
            if label not in ENDS
        ]
        return out + ending_problems(fight, FIGHT_LABELS)

    def check_test(self, book: Book, test: ChanceTest) -> list[str]:
        """Kinds luck and skill (both branches, no ranges) and roll (dice and ranges)."""
        if test.kind in TEST_BRANCHES:
            want = TEST_BRANCHES[test.kind]
            out = []
            if test.ranges or set(test.branches) != set(want):
                out.append(
                    gettext("a %(kind)s test needs the branches %(branches)s")
                    % {"kind": test.kind, "branches": gettext(" and ").join(want)}
                )
            if test.stat is not None or test.dice is not None:
                out.append(
                    gettext("a %(kind)s test throws two dice against its score; leave out stat and dice")
                    % {"kind": test.kind}
                )
            return out
        if test.kind == "roll":
            if test.dice is None or test.branches:
                return [gettext('a roll test needs dice (e.g. dice = "1d6") and ranges')]
            try:
                sign, _, _, _ = parse_dice(test.dice)
            except ValueError as e:
                return [str(e)]
            return [gettext("roll dice cannot be negative")] if sign < 0 else []
        return [gettext("unknown test kind %(kind)s (known: luck, skill, roll)") % {"kind": repr(test.kind)}]

    # --- odds for the reader -------------------------------------------------------------------------

    def advisor(
        self,
        fight: FightState,
        options: Mapping[str, OptionValue],
        endings: Mapping[str, Number] | None = None,
    ) -> FightAdvisor | None:
        """The solved fight that holds this position, kept so each decision is a look-up; None when the
        fight has more positions than `ADVICE_BUDGET` (the reader then plays on without odds).

        `endings` gives the worth of each way the fight can end, a win being worth 1 (the section's
        `Fight.ending_worths`; None: as a book counts them when it says nothing, `book_endings`). A
        measure of potion kept is worth `potion_worth`, so the advice does not drink one where it
        gains less (000_13d85f0bd5b613c5.txt:156-158: two measures for the whole adventure)."""
        worths = (
            float(options.get("luck_worth", 0.01)),
            float(options.get("stamina_worth", 0.005)),
            tuple(sorted((book_endings() if endings is None else endings).items())),
            float(options.get("potion_worth", POTION_WORTH)),
        )
        for key, kept in reversed(self._advisors.items()):
            if key[0] == fight.spec and key[1] == worths:
                try:
                    kept.solution.at(fight)
                except OddsError:
                    continue
                return kept
        if (fight.spec, worths) in self._too_big:
            return None
        objective = fight_objective(worths[0], worths[1], endings=dict(worths[2]), potion_worth=worths[3])
        try:
            made = _BudgetAdvisor(fight, objective, ADVICE_BUDGET)
        except OddsError:
            self._too_big.add((fight.spec, worths))
            return None
        self._advisors[(fight.spec, worths, fight)] = made
        while len(self._advisors) > _ADVISORS_KEPT:
            self._advisors.popitem(last=False)
        return made

    def advice(self, state: AdviceState) -> list[str]:
        """The exact odds of the fight under way: the chance of winning with the best play, LUCK and
        STAMINA expected after it, and what each action open now is worth."""
        fight = state.fight
        if not isinstance(fight, FightState) or fight.over:
            return []
        section = state.current
        data = section.fight if section is not None else None
        endings = data.ending_worths(ENDS) if data is not None else None
        advisor = self.advisor(fight, state.play.ctx.options, endings)
        if advisor is None:
            too_many = gettext("This fight has over {positions} positions: too many to give its exact odds.")
            return [too_many.format(positions=number(ADVICE_BUDGET))]
        advice = advisor.advise(fight)
        lines = [gettext("Odds with the best play: {figures}").format(figures=_figures(advice.figures))]
        for action, figures in advice.actions.items():
            best = gettext(" <- best") if action == advice.best and len(advice.actions) > 1 else ""
            lines.append(f"  {self._fight_action(fight, action)}: {_figures(figures)}{best}")
        return lines

    def _fight_action(self, fight: FightState, action: Action) -> str:
        if action.startswith("target:"):
            creature = fight.spec.creatures[number_in(action)]
            return f"{self.action_label(action)} ({creature.name})"
        return self.action_label(action)


_ENDS = {
    "dead": N_("death"),
    "escaped": N_("escape"),
    "hero-floor": N_("hero-floor"),
    "hero-wounds": N_("hero-wounds"),
    "rounds-over": N_("rounds-over"),
}
"""A fight's endings as the odds name them."""


def _figures(f: Figures) -> str:
    ends = {k: v for k, v in f.outcome_probabilities.items() if k != "win" and v > 0.0005}
    tail = "".join(f", {gettext(_ENDS.get(k, k))} {_pct(v)}" for k, v in sorted(ends.items()))
    said = gettext("win {win}{others}; expect LUCK {luck}, STAMINA {stamina} after")
    return said.format(
        win=_pct(f.win_probability),
        others=tail,
        luck=decimal(f.expected_luck),
        stamina=decimal(f.expected_stamina),
    )


def _item_problems(props: Mapping[str, object]) -> list[str]:
    if "skill_bonus" in props and props.get("weapon") is not True:
        return [gettext("skill_bonus counts only for a weapon (weapon = true)")]
    return []


def _unknown_special(special: str | None) -> str:
    return gettext("unknown special %(special)s (known: %(known)s)") % {
        "special": repr(special),
        "known": ", ".join(SPECIALS),
    }


def _score(name: str | None) -> Score:
    for score in SCORES:
        if score == name:
            return score
    raise RulesError(
        str(name), None, gettext("unknown score; known: {value}").format(value=", ".join(SCORES))
    )


def _with_score(sheet: AdventureSheet, name: Score, value: int, initial: int) -> AdventureSheet:
    """The score set to `value` (kept within 0 and `initial`) and its Initial value to `initial`."""
    value = min(initial, max(0, value))
    if name == "SKILL":
        return replace(sheet, skill=value, initial_skill=initial)
    if name == "STAMINA":
        return replace(sheet, stamina=value, initial_stamina=initial)
    return replace(sheet, luck=value, initial_luck=initial)


def _jewels(sheet: AdventureSheet, value: int | str | bool | None) -> AdventureSheet:
    if isinstance(value, str):
        return replace(sheet, jewels=(*sheet.jewels, value))
    count = value if isinstance(value, int) and not isinstance(value, bool) else 1
    if count >= 0:
        return replace(sheet, jewels=(*sheet.jewels, *["jewel"] * count))
    return replace(sheet, jewels=sheet.jewels[: max(0, len(sheet.jewels) + count)])


def _check_step(kind: CheckKind, score: int, modifier: int) -> ChanceStep:
    outcomes = check_outcomes(kind, score - modifier)

    def roll(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        thrown = d6(rng, 2, modifier)
        return check_outcome(kind, thrown.total, score), (thrown,)

    return ChanceStep(kind.name, outcomes, roll)


FF_RULES = FightingFantasyRuleset()
"""The Fighting Fantasy ruleset the gamebook game and the command line use."""

__all__ = ["FF_RULES", "FightingFantasyRuleset"]
