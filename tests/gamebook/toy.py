"""A toy ruleset for the gamebook tests: HP, LUCK, GOLD, provisions, items, one power, a tiny fight.

Creation: HP is 1d6+4, LUCK is 1d6 (both chance), then the reader picks a charm (a choice step).
Fight: the reader attacks (or flees when the fight allows); an attack rolls 1d6: at least the enemy's
POWER wins, less costs the reader 2 HP. Luck test: lucky with probability LUCK/6, then LUCK - 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from grognard.engine.dice.core import DieRoll, Rng, Roll
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.gamebook.model import Book, ChanceTest, Condition, Effect, Fight, Section
from grognard.gamebook.ruleset import AdviceState, ChanceStep, ChoiceStep, Context, Ruleset, Step, dice_step


@dataclass(frozen=True)
class ToySheet:
    """The toy adventure sheet."""

    hp: int = 0
    luck: int = 0
    initial_hp: int = 0
    gold: int = 0
    provisions: int = 0
    items: tuple[str, ...] = ()
    charm: str = ""


@dataclass(frozen=True)
class ToyFight(GameState):
    """The toy fight: attack or flee; an attack is one d6 against the enemy's POWER."""

    hp: int
    power: int
    can_flee: bool
    phase: str = "decide"
    end: str = ""

    def actor(self) -> Actor:
        return TERMINAL if self.phase == "over" else 0 if self.phase == "decide" else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ("attack", "flee") if self.can_flee else ("attack",)

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        p = Fraction(max(0, 7 - self.power), 6)
        return [(o, q) for o, q in (("hit", p), ("hurt", 1 - p)) if q]

    def _apply(self, move: Move) -> ToyFight:
        if move == "flee":
            return replace(self, phase="over", end="escaped")
        if move == "attack":
            return replace(self, phase="roll")
        if move == "hit":
            return replace(self, phase="over", end="win")
        hp = self.hp - 2
        return replace(self, hp=hp, phase="over" if hp <= 0 else "decide", end="dead" if hp <= 0 else "")

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        value = rng.randint(1, 6)
        return ("hit" if value >= self.power else "hurt"), (Roll("1d6", (DieRoll("d6", 6, value),), value),)

    def result(self) -> Result:
        return Result(self.end, (0,) if self.end == "win" else (), (("hp", self.hp),))


class ToyRuleset(Ruleset):
    """The toy system `toy-gb`."""

    id = "toy-gb"
    name = "Toy gamebook"
    stats = ("HP", "LUCK")
    powers = ("Sight",)
    builtin_items = ("Torch",)
    sheet_type = ToySheet
    fight_type = ToyFight

    def new_sheet(self, ctx: Context) -> ToySheet:
        return ToySheet(provisions=2, items=("Torch",))

    def creation_step(self, sheet: ToySheet, ctx: Context) -> Step | None:
        if sheet.hp == 0:
            return dice_step("HP", 1, 6, 4)
        if sheet.luck == 0:
            return dice_step("LUCK", 1, 6)
        if not sheet.charm:
            return ChoiceStep("charm", ("charm:gold", "charm:sight"))
        return None

    def apply_creation(self, sheet: ToySheet, move: Outcome, ctx: Context) -> ToySheet:
        if sheet.hp == 0:
            return replace(sheet, hp=int(move), initial_hp=int(move))
        if sheet.luck == 0:
            return replace(sheet, luck=int(move))
        return replace(sheet, charm=str(move).split(":")[1])

    def apply_effect(self, sheet: ToySheet, effect: Effect, ctx: Context) -> ToySheet:
        kind = effect.kind
        if kind == "stat":
            field = "hp" if effect.stat == "HP" else "luck"
            now = getattr(sheet, field)
            value = effect.set_to if effect.set_to is not None else now + int(effect.add or 0)
            if field == "hp":
                value = min(value, sheet.initial_hp)
            return replace(sheet, hp=max(0, value)) if field == "hp" else replace(sheet, luck=max(0, value))
        if kind == "initial":
            return replace(sheet, initial_hp=sheet.initial_hp + int(effect.add or 0))
        if kind == "item":
            return replace(sheet, items=(*sheet.items, *[str(effect.item)] * effect.count))
        if kind == "lose_item":
            items = list(sheet.items)
            for _ in range(effect.count):
                if effect.lose_item in items:
                    items.remove(str(effect.lose_item))
            return replace(sheet, items=tuple(items))
        if kind == "gold":
            return replace(sheet, gold=max(0, sheet.gold + int(effect.gold or 0)))
        if kind == "provisions":
            return replace(sheet, provisions=max(0, sheet.provisions + int(effect.provisions or 0)))
        raise ValueError(f"toy cannot apply {effect}")

    def condition_holds(self, sheet: ToySheet, condition: Condition, ctx: Context) -> bool:
        kind = condition.kind
        if kind == "item":
            return condition.item in sheet.items
        if kind == "gold":
            return sheet.gold >= int(condition.gold or 0)
        if kind == "provisions":
            return sheet.provisions >= int(condition.provisions or 0)
        if kind == "power":
            return sheet.charm == "sight" and condition.power == "Sight"
        if kind == "stat":
            value = sheet.hp if condition.stat == "HP" else sheet.luck
            low = condition.at_least if condition.at_least is not None else -(10**9)
            high = condition.at_most if condition.at_most is not None else 10**9
            return low <= value <= high
        raise ValueError(f"toy cannot test {condition}")

    def is_dead(self, sheet: ToySheet) -> bool:
        return sheet.hp <= 0 and sheet.initial_hp > 0

    def resources(self, sheet: ToySheet) -> tuple[tuple[str, int], ...]:
        return (("HP", sheet.hp), ("LUCK", sheet.luck), ("GOLD", sheet.gold))

    def reader_actions(
        self, sheet: ToySheet, section: Section, used: tuple[Action, ...], ctx: Context
    ) -> Sequence[Action]:
        return ("eat",) if section.eat and sheet.provisions > 0 and "eat" not in used else ()

    def apply_reader_action(
        self, sheet: ToySheet, action: Action, section: Section, ctx: Context
    ) -> ToySheet:
        assert action == "eat"
        return replace(sheet, provisions=sheet.provisions - 1, hp=min(sheet.initial_hp, sheet.hp + 2))

    def action_label(self, action: Action) -> str:
        return {"eat": "Eat a meal (+2 HP)", "attack": "Attack", "flee": "Flee"}.get(action, action)

    def start_fight(self, sheet: ToySheet, fight: Fight, ctx: Context) -> ToyFight:
        power = fight.creatures[0].stats["POWER"] + int(fight.modifiers.get("POWER", 0))
        return ToyFight(sheet.hp, power, fight.escape is not None)

    def end_fight(
        self, sheet: ToySheet, fight: Fight, final: GameState, ctx: Context
    ) -> tuple[ToySheet, str]:
        assert isinstance(final, ToyFight)
        return replace(sheet, hp=max(0, final.hp)), final.end

    def test_step(self, sheet: ToySheet, test: ChanceTest, modifier: int, ctx: Context) -> ChanceStep:
        if test.kind == "luck":
            p = Fraction(min(6, max(0, sheet.luck + modifier)), 6)
            outcomes = tuple((o, q) for o, q in (("lucky", p), ("unlucky", 1 - p)) if q)

            def roll(rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
                value = rng.randint(1, 6)
                die = Roll("1d6", (DieRoll("d6", 6, value),), value)
                return ("lucky" if value <= sheet.luck + modifier else "unlucky"), (die,)

            return ChanceStep("Test your luck", outcomes, roll)
        return dice_step("roll", 1, 6, modifier)

    def after_test(self, sheet: ToySheet, test: ChanceTest, outcome: Outcome, ctx: Context) -> ToySheet:
        return replace(sheet, luck=max(0, sheet.luck - 1)) if test.kind == "luck" else sheet

    def check_test(self, book: Book, test: ChanceTest) -> list[str]:
        if test.kind not in ("luck", "roll"):
            return [f"unknown test kind {test.kind!r}"]
        if test.kind == "luck" and set(test.branches) != {"lucky", "unlucky"}:
            return ["a luck test needs the branches lucky and unlucky"]
        return []

    def check_fight(self, book: Book, fight: Fight) -> list[str]:
        return [f"{c.name} has no POWER" for c in fight.creatures if "POWER" not in c.stats]

    def check_effect(self, book: Book, effect: Effect) -> list[str]:
        return [f"unknown special {effect.special!r}"] if effect.special else []

    def advice(self, state: AdviceState) -> list[str]:
        if isinstance(state.fight, ToyFight):
            return [f"odds: hit on {state.fight.power}+"]
        return []


TOY_RULES = ToyRuleset()
