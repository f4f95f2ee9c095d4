"""The book solver's reductions, each shown exact: fights walked once for every reader entering them alike
(`gamebook.solve_fights`), fights put back into the book's graph on a cycle, and Grey Star's Backpack
items no section ahead reads kept only as the place they take (`systems/grey_star/solve_view.py`).

Each is checked against something that does not use it: the oracle of `test_solve_oracle.py` (a plain
recursion over whole states), the same solve with the reduction turned off, or the whole sheet."""

from __future__ import annotations

import random
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

import grognard.gamebook.solve as solve_module
import grognard.gamebook.solve_graph as solve_graph
from grognard.engine.game import GameState
from grognard.gamebook.check import check_book
from grognard.gamebook.load import book_from_data
from grognard.gamebook.model import Book
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_graph import BookGraph, inline_fights
from grognard.gamebook.solve_report import reach_chance
from grognard.gamebook.solve_state import Live, WholeSheet
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from grognard.systems.grey_star.ruleset import GS_RULES
from grognard.systems.grey_star.solve_view import GreyStarSheetView
from tests.gamebook.test_solve_oracle import Oracle, generated_book
from tests.gamebook.toy import TOY_RULES

FIGHT_SEEDS = [1, 3, 7, 9, 11, 20, 27, 29, 31, 36, 38, 44, 45, 47]
"""Generated books of `test_solve_oracle` with fights (readers entering them in many contexts)."""


def test_fights_are_walked_once_for_the_readers_who_enter_them_alike() -> None:
    shared = 0
    for seed in FIGHT_SEEDS:
        solved = solve_book(TOY_RULES, generated_book(seed), exact=True)
        bg = solved.book_graph
        contexts = {(e.context, e.table) for e in bg.entries.values()}
        shared += len(contexts) > len(bg.tables)
        assert solved.p_win == Oracle(generated_book(seed)).start(), seed
        assert solved.fight_values >= solved.fight_states
    assert shared >= len(FIGHT_SEEDS) // 2  # most books share a fight's positions between contexts


def test_fights_put_back_in_the_graph_agree_with_the_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    def every_fight(bg: BookGraph) -> int:
        for table in bg.tables:
            table.cyclic = True
        return inline_fights(bg)

    monkeypatch.setattr(solve_module, "inline_fights", every_fight)
    for seed in FIGHT_SEEDS:
        solved = solve_book(TOY_RULES, generated_book(seed), exact=True)
        assert not solved.book_graph.entries  # every fight's positions are nodes of the book
        assert solved.fight_values == 0
        assert solved.p_win == Oracle(generated_book(seed)).start(), seed


def _loop_book(escape: bool) -> Book:
    fight: dict[str, Any] = {"creatures": [{"name": "RAT", "POWER": 4}], "win": "V"}
    if escape:
        fight["escape"] = "2"
    sections: dict[str, Any] = {
        "1": {"fight": fight},
        "2": {"choices": [{"text": "Back", "target": "1"}, {"text": "Give up", "target": "D"}]},
        "V": {"ending": "victory"},
        "D": {"ending": "death"},
    }
    head = {"title": "The rat and the way back", "system": "toy-gb", "start": "1"}
    return book_from_data({"book": head, "sections": sections}, "loop")


def test_a_fight_whose_escape_leads_back_to_it_is_solved_with_the_cycles() -> None:
    """Fleeing leads back to the same fight in the same context: a cycle through the fight's entry, put
    back in the graph and solved by policy iteration; fleeing never helps, so the chance is the fight's
    without the escape (the oracle's plain recursion, which cannot follow the loop)."""
    solved = solve_book(TOY_RULES, _loop_book(escape=True), exact=True)
    assert not solved.book_graph.entries
    assert solved.fight_states > 0
    assert solved.p_win == Oracle(_loop_book(escape=False)).start()
    assert Fraction(0) < solved.p_win < 1


def _per_context(fight: GameState, context: int) -> Hashable:
    return ("context", context)


@pytest.mark.parametrize("seed", range(8))
def test_fighting_fantasy_fights_shared_by_their_spec_agree_with_fights_per_context(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    b = generated_book(seed, "fighting-fantasy", FF_RULES)
    options = {"hero": "9/14/8", "potion": "skill"}
    shared = solve_book(FF_RULES, b, options, exact=True, view=FightingFantasySheetView())
    monkeypatch.setattr(solve_graph, "family", _per_context)
    apart = solve_book(FF_RULES, b, options, exact=True, view=FightingFantasySheetView())
    assert shared.p_win == apart.p_win
    assert shared.fight_states <= apart.fight_states
    assert len(shared.book_graph.tables) <= len(apart.book_graph.tables)


# -- Grey Star's Backpack -------------------------------------------------------------------------------

JUNK = ["Bell", "Cup", "Horn", "Comb", "Rope", "Lantern"]
"""Backpack items: the books below test only Rope and Lantern, and lose some of the others."""


def backpack_book(seed: int) -> Book:
    """A small Grey Star book that fills the Backpack (four Meals to start, room for eight): items gained
    in most sections, choices gated by two of them, items lost, Meals, random-number tests."""
    rng = random.Random(seed)
    n = 6
    for _ in range(100):
        sections: dict[str, Any] = {}
        for i in range(1, n + 1):

            def ahead(at: int = i) -> str:
                if at < n and rng.random() < 0.85:
                    return str(at + 1)
                return "D"

            effects: list[dict[str, Any]] = [{"item": rng.choice(JUNK)} for _ in range(rng.randrange(0, 3))]
            if rng.random() < 0.2:
                effects.append({"lose_item": rng.choice(JUNK)})
            if rng.random() < 0.2:
                effects.append({"special": "meal", "value": 2})
            section: dict[str, Any] = {"effects": effects} if effects else {}
            if rng.random() < 0.3:
                section["test"] = {
                    "kind": "random",
                    "ranges": [
                        {"max": 4, "target": ahead()},
                        {"min": 5, "target": rng.choice([ahead(), "D"])},
                    ],
                }
            else:
                choices: list[dict[str, Any]] = [{"text": "On", "target": ahead()}]
                if rng.random() < 0.3:
                    choices.append(
                        {"text": "Rest", "target": ahead(), "effects": [{"item": rng.choice(JUNK)}]}
                    )
                for k, item in enumerate(("Rope", "Lantern")):
                    if rng.random() < 0.5:
                        way = {"text": f"Use {k}", "target": "V" if rng.random() < 0.4 else ahead()}
                        way["condition"] = {"item": item}
                        if rng.random() < 0.5:
                            way["effects"] = [{"lose_item": item}]
                        choices.append(way)
                section["choices"] = choices
            sections[str(i)] = section
        sections["V"] = {"ending": "victory"}
        sections["D"] = {"ending": "death"}
        data = {
            "book": {
                "title": f"Backpack {seed}",
                "system": "grey-star",
                "start": "1",
                "items": {item: {} for item in JUNK},
            },
            "sections": sections,
        }
        book = book_from_data(data, f"backpack-{seed}")
        if not check_book(book, GS_RULES):
            return book
    raise AssertionError(f"no book drawn with seed {seed} passes check")


GS_HERO = {"hero": "15/25/24", "magicks": "Sorcery,Alchemy,Prophecy,Psychomancy,Evocation"}


class _ForgetsItems(GreyStarSheetView):
    """A wrong view (to show the books can tell): every Backpack item forgotten, read ahead or not."""

    def key(self, sheet: Any, live: Live) -> Hashable:
        return super().key(sheet, frozenset(r for r in live if r[0] != "item"))


@pytest.mark.parametrize("seed", range(6))
def test_the_grey_star_view_agrees_with_the_whole_sheet_on_books_that_fill_the_backpack(seed: int) -> None:
    b = backpack_book(seed)
    viewed = solve_book(GS_RULES, b, GS_HERO, exact=True, view=GreyStarSheetView())
    whole = solve_book(GS_RULES, b, GS_HERO, exact=True, view=WholeSheet())
    assert viewed.p_win == whole.p_win
    assert viewed.states <= whole.states


def _rope_book() -> Book:
    sections: dict[str, Any] = {
        "1": {
            "choices": [
                {"text": "Take the rope", "target": "2", "effects": [{"item": "Rope"}, {"item": "Bell"}]},
                {"text": "Take the bell", "target": "2", "effects": [{"item": "Bell"}]},
                {"text": "Take the cup", "target": "2", "effects": [{"item": "Cup"}]},
            ]
        },
        "2": {"test": {"kind": "random", "ranges": [{"max": 3, "target": "3"}, {"min": 4, "target": "4"}]}},
        "3": {
            "choices": [
                {"text": "Climb", "target": "V", "condition": {"item": "Rope"}},
                {"text": "Jump", "target": "D"},
            ]
        },
        "4": {
            "choices": [
                {"text": "On", "target": "3"},
                {"text": "Rest", "target": "3", "effects": [{"item": "Horn"}]},
            ]
        },
        "V": {"ending": "victory"},
        "D": {"ending": "death"},
    }
    head = {"title": "The rope", "system": "grey-star", "start": "1", "items": {item: {} for item in JUNK}}
    return book_from_data({"book": head, "sections": sections}, "rope")


def test_the_backpack_checks_can_fail() -> None:
    """The check above can fail: a view forgetting the items a book tests gets another chance, while the
    right view merges the readers who differ only in items nothing reads (the bell, the cup, the horn)."""
    b = _rope_book()
    whole = solve_book(GS_RULES, b, GS_HERO, exact=True, view=WholeSheet())
    viewed = solve_book(GS_RULES, b, GS_HERO, exact=True, view=GreyStarSheetView())
    forgets = solve_book(GS_RULES, b, GS_HERO, exact=True, view=_ForgetsItems())
    assert whole.p_win == viewed.p_win == 1
    assert viewed.states < whole.states
    assert forgets.p_win != whole.p_win


def test_a_section_reached_only_by_fleeing_is_reached_by_a_reader_who_flees() -> None:
    """The author's report's reach: a reader choosing everything to get there flees a fight the best play
    never flees (the fight's decisions taken again for that aim, not read off the best play's ends)."""
    sections: dict[str, Any] = {
        "1": {"fight": {"creatures": [{"name": "RAT", "POWER": 2}], "win": "V", "escape": "2"}},
        "2": {"choices": [{"text": "Give up", "target": "D"}]},
        "V": {"ending": "victory"},
        "D": {"ending": "death"},
    }
    b = book_from_data(
        {"book": {"title": "Flee", "system": "toy-gb", "start": "1"}, "sections": sections}, "flee"
    )
    solved = solve_book(TOY_RULES, b, exact=True)
    bg = solved.book_graph
    assert bg.entries  # the fight is settled from its table
    fled = {v for v in bg.arrivals if bg.places[v].section == "2"}
    assert fled
    assert float(solved.visits(False)[min(fled)]) == 0.0  # the best play never flees
    assert reach_chance(solved, fled) == pytest.approx(1.0, abs=1e-12)
