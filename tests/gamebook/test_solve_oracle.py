"""The book solver against an oracle: a plain recursion over small generated books, written here from the
format's rules and the toy system's (tests/gamebook/toy.py), sharing no code with the runner or the solver.

Each book has a few sections of every kind the solver meets: choices gated by an item, a flag (a codeword),
gold paid, a Power, a score or a section visited; effects (once, conditional, dice); a Luck test, a roll
against ranges, a fight of a small creature (attack or flee); meals; a way back to an earlier section
that can be taken once (a cycle of the section graph). The oracle keeps the whole state (no projection) and
maximises over every decision, creation included; the solver's chance of winning must equal it exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from grognard.gamebook.check import check_book
from grognard.gamebook.load import book_from_data
from grognard.gamebook.model import Book, Condition, Effect, Section
from grognard.gamebook.ruleset import Ruleset
from grognard.gamebook.solve import solve_book
from tests.gamebook.toy import TOY_RULES

BOOKS = 50
ENDINGS = {"V": "victory", "D": "death", "E": "ended"}


# -- the generator ------------------------------------------------------------------------------------


def _condition(rng: random.Random, section: int) -> dict[str, Any]:
    pick = rng.randrange(8)
    if pick == 0:
        return {"item": "Key"}
    if pick == 1:
        return {"flag": "f1"}
    if pick == 2:
        return {"not": {"flag": "f1"}}
    if pick == 3:
        return {"gold": 1, "pay": True}
    if pick == 4 and section > 1:
        return {"visited": str(rng.randrange(1, section))}
    if pick == 5:
        return {"power": "Sight"}
    if pick == 6:
        return {"stat": "HP", "at_least": rng.randrange(4, 9)}
    return {"any": [{"item": "Key"}, {"flag": "f1"}]}


def _effect(rng: random.Random) -> dict[str, Any]:
    return rng.choice(
        [
            {"item": "Key", "once": True},
            {"flag": "f1"},
            {"clear_flag": "f1"},
            {"gold": 1},
            {"stat": "HP", "add": -1},
            {"stat": "HP", "add": "-1d3"},
            {"stat": "LUCK", "add": 1},
            {"provisions": 1},
            {"gold": 1, "when": {"item": "Key"}},
            {"lose_item": "Key"},
        ]
    )


def _section(rng: random.Random, i: int, n: int) -> dict[str, Any]:
    ahead = [str(j) for j in range(i + 1, n + 1)] + list(ENDINGS)

    def target() -> str:
        if i < n and rng.random() < 0.5:
            return str(i + 1)
        return rng.choice([*ahead, "V"])

    data: dict[str, Any] = {}
    if rng.random() < 0.5:
        data["effects"] = [_effect(rng) for _ in range(rng.randrange(1, 3))]
    if rng.random() < 0.3:
        data["eat"] = True
    kind = rng.choice(["choices", "choices", "luck", "roll", "fight"])
    if kind == "luck":
        data["test"] = {
            "kind": "luck",
            "modifier": rng.choice([0, 0, -1, 1]),
            "branches": {
                "lucky": {"target": target()},
                "unlucky": {"target": target(), "effects": [_effect(rng)] if rng.random() < 0.5 else []},
            },
        }
    elif kind == "roll":
        data["test"] = {
            "kind": "roll",
            "ranges": [
                {"max": 2, "target": target()},
                {"min": 3, "max": 4, "target": target(), "effects": [_effect(rng)]},
                {"min": 5, "target": target()},
            ],
        }
    elif kind == "fight":
        fight: dict[str, Any] = {
            "creatures": [{"name": "RAT", "POWER": rng.randrange(2, 7)}],
            "win": target(),
        }
        if rng.random() < 0.5:
            fight["escape"] = target()
        data["fight"] = fight
    else:
        choices: list[dict[str, Any]] = [{"text": "On", "target": target()}]
        for k in range(rng.randrange(0, 3)):
            choice: dict[str, Any] = {"text": f"Way {k}", "target": target(), "condition": _condition(rng, i)}
            if rng.random() < 0.4:
                choice["effects"] = [rng.choice([{"flag": "f1"}, {"item": "Key"}, {"gold": 1}])]
            choices.append(choice)
        if i > 1 and rng.random() < 0.3:
            back = f"b{i}"
            choices.append(
                {
                    "text": "Back",
                    "target": str(rng.randrange(1, i)),
                    "condition": {"not": {"flag": back}},
                    "effects": [{"flag": back}],
                }
            )
        data["choices"] = choices
    return data


def generated_book(seed: int, system: str = "toy-gb", rules: Ruleset = TOY_RULES) -> Book:
    """A small book for the toy system that `check` passes (drawn again until one does); with another
    `system`, the same book with its names in that system's (see `to_fighting_fantasy`)."""
    rng = random.Random(seed)
    while True:
        n = rng.randrange(3, 6)
        sections: dict[str, Any] = {str(i): _section(rng, i, n) for i in range(1, n + 1)}
        sections.update({sid: {"ending": ending} for sid, ending in ENDINGS.items()})
        head: dict[str, Any] = {"title": f"Generated {seed}", "system": system, "start": "1"}
        if rng.random() < 0.5:
            head["start_effects"] = [{"gold": 1}]
        data = {"book": head, "sections": sections}
        if system == "fighting-fantasy":
            data = to_fighting_fantasy(data, rng)
        book = book_from_data(data, f"generated-{seed}")
        if not check_book(book, rules) and "V" in _reachable(book):
            return book


def to_fighting_fantasy(data: Any, rng: random.Random) -> Any:
    """The generated book in Fighting Fantasy's names: HP is STAMINA, a rat has SKILL and STAMINA, a roll
    names its die, the Power is a LUCK of at least 4."""
    if isinstance(data, list):
        return [to_fighting_fantasy(x, rng) for x in data]
    if not isinstance(data, dict):
        return "STAMINA" if data == "HP" else data
    if "POWER" in data:
        return {"name": data["name"], "SKILL": data["POWER"] + 1, "STAMINA": rng.randrange(2, 5)}
    if "power" in data:
        return {"stat": "LUCK", "at_least": 4}
    out = {k: to_fighting_fantasy(v, rng) for k, v in data.items()}
    if out.get("kind") == "roll":
        out["dice"] = "1d6"
    return out


def _reachable(book: Book) -> set[str]:
    seen = {book.book.start}
    stack = [book.book.start]
    while stack:
        for _, target in book.sections[stack.pop()].targets():
            if target is not None and target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


# -- the oracle ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """The oracle's own toy sheet."""

    hp: int
    luck: int
    top: int
    gold: int = 0
    food: int = 2
    items: tuple[str, ...] = ("Torch",)
    sight: bool = False


@dataclass(frozen=True)
class Where:
    """Everything but the sheet: the section, the sections visited, the flags."""

    section: str
    visited: frozenset[str]
    flags: frozenset[str]


ZERO = Fraction(0)


class Oracle:
    """The chance of winning a book with the best play, by plain (memoised) recursion over whole states."""

    def __init__(self, book: Book) -> None:
        self.book = book

    def holds(self, c: Condition | None, s: Sheet, w: Where) -> bool:
        if c is None:
            return True
        if c.not_ is not None:
            return not self.holds(c.not_, s, w)
        if c.any is not None:
            return any(self.holds(x, s, w) for x in c.any)
        if c.all is not None:
            return all(self.holds(x, s, w) for x in c.all)
        if c.item is not None:
            return c.item in s.items
        if c.gold is not None:
            return s.gold >= c.gold
        if c.provisions is not None:
            return s.food >= c.provisions
        if c.flag is not None:
            return c.flag in w.flags
        if c.visited is not None:
            return c.visited in w.visited
        if c.power is not None:
            return s.sight and c.power == "Sight"
        assert c.stat is not None
        value = s.hp if c.stat == "HP" else s.luck
        low = c.at_least if c.at_least is not None else -(10**9)
        high = c.at_most if c.at_most is not None else 10**9
        return low <= value <= high

    def change(self, e: Effect, amount: int, s: Sheet) -> Sheet:
        if e.stat == "HP":
            return replace(s, hp=max(0, min(s.top, s.hp + amount if e.set_to is None else e.set_to)))
        if e.stat == "LUCK":
            return replace(s, luck=max(0, s.luck + amount if e.set_to is None else e.set_to))
        if e.item is not None:
            return replace(s, items=s.items + (e.item,) * e.count)
        if e.lose_item is not None:
            items = list(s.items)
            for _ in range(e.count):
                if e.lose_item in items:
                    items.remove(e.lose_item)
            return replace(s, items=tuple(items))
        if e.gold is not None:
            return replace(s, gold=max(0, s.gold + amount))
        assert e.provisions is not None
        return replace(s, food=max(0, s.food + amount))

    @staticmethod
    def amounts(e: Effect) -> list[tuple[int, Fraction]]:
        raw = e.add if e.add is not None else e.gold if e.gold is not None else e.provisions
        if not isinstance(raw, str):
            return [(int(raw or 0), Fraction(1))]
        sign = -1 if raw.startswith("-") else 1
        sides = int(raw.split("d")[1])
        return [(sign * face, Fraction(1, sides)) for face in range(1, sides + 1)]

    @cache  # noqa: B019 - one oracle per book, dropped after the test
    def effects(self, queue: tuple[Effect, ...], s: Sheet, w: Where, then: str) -> Fraction:
        if not queue:
            return self.stage(then, s, w)
        e, rest = queue[0], queue[1:]
        if e.when is not None and not self.holds(e.when, s, w):
            return self.effects(rest, s, w, then)
        if e.flag is not None:
            return self.effects(rest, s, replace(w, flags=w.flags | {e.flag}), then)
        if e.clear_flag is not None:
            return self.effects(rest, s, replace(w, flags=w.flags - {e.clear_flag}), then)
        total = ZERO
        for amount, p in self.amounts(e):
            after = self.change(e, amount, s)
            total += p * (ZERO if after.hp <= 0 else self.effects(rest, after, w, then))
        return total

    def section(self, w: Where) -> Section:
        return self.book.sections[w.section]

    def arrive(self, target: str, s: Sheet, w: Where) -> Fraction:
        first = target not in w.visited
        section = self.book.sections[target]
        queue = tuple(e for e in section.effects if first or not e.once)
        return self.effects(queue, s, Where(target, w.visited | {target}, w.flags), "fight")

    def stage(self, then: str, s: Sheet, w: Where) -> Fraction:
        if then.startswith("goto:"):
            return self.arrive(then[5:], s, w)
        section = self.section(w)
        if then == "fight":
            return self.stage("test", s, w) if section.fight is None else self.fight(s.hp, s, w)
        if then == "test":
            return self.stage("choose", s, w) if section.test is None else self.test(s, w)
        return self.choose(s, w, frozenset())

    @cache  # noqa: B019
    def fight(self, hp: int, s: Sheet, w: Where) -> Fraction:
        fight = self.section(w).fight
        assert fight is not None
        power = fight.creatures[0].stats["POWER"]
        hit = Fraction(max(0, 7 - power), 6)
        attack = hit * self.fight_end("win", hp, s, w)
        if hit < 1:
            hurt = hp - 2
            later = self.fight_end("dead", hurt, s, w) if hurt <= 0 else self.fight(hurt, s, w)
            attack += (1 - hit) * later
        if fight.escape is None:
            return attack
        return max(attack, self.fight_end("escaped", hp, s, w))

    def fight_end(self, label: str, hp: int, s: Sheet, w: Where) -> Fraction:
        fight = self.section(w).fight
        assert fight is not None
        after = replace(s, hp=max(0, hp))
        if after.hp <= 0:
            return ZERO
        if label in fight.on:
            return self.arrive(fight.on[label], after, w)
        if label == "win" and fight.win is not None:
            return self.arrive(fight.win, after, w)
        if label == "escaped" and fight.escape is not None:
            return self.arrive(fight.escape, after, w)
        return self.stage("test", after, w)

    def test(self, s: Sheet, w: Where) -> Fraction:
        test = self.section(w).test
        assert test is not None
        modifier = test.modifier + sum(a.add for a in test.adjust if self.holds(a.when, s, w))
        total = ZERO
        if test.kind == "luck":
            lucky = Fraction(min(6, max(0, s.luck + modifier)), 6)
            after = replace(s, luck=max(0, s.luck - 1))
            for label, p in (("lucky", lucky), ("unlucky", 1 - lucky)):
                if p:
                    branch = test.branches[label]
                    then = f"goto:{branch.target}" if branch.target is not None else "choose"
                    total += p * self.effects(branch.effects, after, w, then)
            return total
        for face in range(1, 7):
            roll = face + modifier
            branch = next(r for r in test.ranges if (r.min or -99) <= roll <= (r.max or 99))
            then = f"goto:{branch.target}" if branch.target is not None else "choose"
            total += Fraction(1, 6) * self.effects(branch.effects, s, w, then)
        return total

    @staticmethod
    def pays(c: Condition | None) -> tuple[Effect, ...]:
        if c is None:
            return ()
        if c.all is not None:
            return tuple(e for x in c.all for e in Oracle.pays(x))
        if not c.pay:
            return ()
        if c.gold is not None:
            return (Effect(gold=-c.gold),)
        if c.provisions is not None:
            return (Effect(provisions=-c.provisions),)
        return (Effect(lose_item=c.item),)

    @cache  # noqa: B019
    def choose(self, s: Sheet, w: Where, used: frozenset[str]) -> Fraction:
        section = self.section(w)
        if section.ending is not None:
            return Fraction(1) if section.ending == "victory" else ZERO
        options: list[Fraction] = []
        for c in section.choices:
            if self.holds(c.condition, s, w):
                options.append(self.effects(self.pays(c.condition) + c.effects, s, w, f"goto:{c.target}"))
        if section.eat and s.food > 0 and "eat" not in used:
            fed = replace(s, food=s.food - 1, hp=min(s.top, s.hp + 2))
            options.append(self.choose(fed, w, used | {"eat"}))
        return max(options, default=ZERO)

    def start(self) -> Fraction:
        start = self.book.book
        total = ZERO
        for hp in range(5, 11):
            for luck in range(1, 7):
                best = ZERO
                for sight in (False, True):
                    sheet = Sheet(hp, luck, hp, sight=sight)
                    where = Where("", frozenset(), frozenset())
                    best = max(best, self.effects(start.start_effects, sheet, where, f"goto:{start.start}"))
                total += Fraction(1, 36) * best
        return total


@pytest.mark.parametrize("seed", range(BOOKS))
def test_solver_agrees_with_the_oracle_exactly(seed: int) -> None:
    book = generated_book(seed)
    solved = solve_book(TOY_RULES, book, exact=True)
    assert solved.exact
    assert solved.p_win == Oracle(book).start(), seed


def test_the_generated_books_cover_every_kind_of_section() -> None:
    kinds: set[str] = set()
    for seed in range(BOOKS):
        for sid, section in generated_book(seed).sections.items():
            if section.fight is not None:
                kinds.add("fight" + ("+escape" if section.fight.escape else ""))
            if section.test is not None:
                kinds.add(section.test.kind)
            if any(c.text == "Back" for c in section.choices):
                kinds.add("cycle")
            if section.eat:
                kinds.add("eat")
            if any(isinstance(e.add, str) for e in section.effects):
                kinds.add("dice")
            if sid in ENDINGS:
                kinds.add(ENDINGS[sid])
    assert kinds >= {"fight", "fight+escape", "luck", "roll", "cycle", "eat", "dice", "victory", "death"}
