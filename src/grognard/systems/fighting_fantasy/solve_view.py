"""What of a Fighting Fantasy Adventure Sheet a book's solver may tell apart
(`gamebook.solve_state.SheetView`): two positions whose sheets differ only in what the rest of the book
can never read are solved once."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from grognard.gamebook.solve_state import Live

_POTION_SCORE = {"skill": "SKILL", "strength": "STAMINA", "fortune": "LUCK"}


class FightingFantasySheetView:
    """What of a Fighting Fantasy Adventure Sheet the rest of a book can read (`solve_state.SheetView`).

    A score and its Initial value while a fight, a test of it, a condition on it or a change to it lies
    ahead (every fight reads SKILL, STAMINA and LUCK; a meal reads STAMINA); Provisions while a meal or a
    condition on them lies ahead; gold, each item, jewels while a condition names them; weapons while a
    fight lies ahead; the potion while its score is read. A fight changes SKILL, STAMINA, LUCK, Initial
    LUCK and the potion's measures and reads the Initial scores, the weapon and the potion's kind.

    `grognard ff solve` is given it (`cli.solve.add_solve_command`).
    """

    def __init__(self) -> None:
        self._facts: dict[Live, _Facts] = {}

    def key(self, sheet: Any, live: Live) -> Hashable:
        """The readable part of the sheet, as a tuple."""
        return self._parts(sheet, live, fight_context=False)

    def fight_context(self, sheet: Any, live: Live) -> Hashable:
        """The readable part without what a fight changes (SKILL, STAMINA, LUCK, the potion's measures)."""
        return self._parts(sheet, live, fight_context=True)

    def _parts(self, sheet: Any, live: Live, fight_context: bool) -> Hashable:
        facts = self._facts.get(live)
        if facts is None:
            facts = self._facts[live] = _Facts.of(live)
        fight, score_live = facts.fight, facts.score_live
        scores: list[Any] = []
        for name, now, initial in (
            ("SKILL", sheet.skill, sheet.initial_skill),
            ("STAMINA", sheet.stamina, sheet.initial_stamina),
            ("LUCK", sheet.luck, sheet.initial_luck),
        ):
            scores.append((None if fight_context else now, initial) if score_live[name] else None)
        weapons = {w.name for w in sheet.weapons} if fight else set()
        items = tuple(sorted(i for i in sheet.items if i in facts.items or i in weapons))
        potion = sheet.potion if score_live.get(_POTION_SCORE.get(sheet.potion, ""), False) else ""
        return (
            *scores,
            sheet.provisions if facts.food else None,
            sheet.gold if facts.gold else None,
            items,
            (sheet.weapons, sheet.weapon) if fight else None,
            (potion, None if fight_context else sheet.potion_measures) if potion else None,
            sheet.jewels if facts.jewels else None,
        )


@dataclass(frozen=True)
class _Facts:
    """What a live set says of the sheet (worked out once per live set)."""

    fight: bool
    score_live: dict[str, bool]
    food: bool
    gold: bool
    jewels: bool
    items: frozenset[str]

    @classmethod
    def of(cls, live: Live) -> _Facts:
        fight = ("fight",) in live
        reads = {name for kind, *rest in live if kind == "stat" for name in rest}
        return cls(
            fight=fight,
            score_live={
                "SKILL": fight or "SKILL" in reads or ("test", "skill") in live,
                "STAMINA": fight or "STAMINA" in reads or ("eat",) in live,
                "LUCK": fight or "LUCK" in reads or ("test", "luck") in live,
            },
            food=("provisions",) in live or ("eat",) in live,
            gold=("gold",) in live,
            jewels=("special", "jewels") in live,
            items=frozenset(str(rest[0]) for kind, *rest in live if kind == "item"),
        )
