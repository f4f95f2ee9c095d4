"""Grey Star's view of a combat and of a gamebook (`engine.view`), registered for both games.

A combat shows both sides' current scores every round (COMBAT SKILL, ENDURANCE and WILLPOWER against
the enemy's COMBAT SKILL and ENDURANCE, and the Combat Ratio). The WILLPOWER spend is one question: each
amount is an action of group "amount" whose target is the number, so a front end can ask for a number
and show the odds of each amount beside it (the exact solver's, `odds.CombatAdvisor`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.dice.core import Roll
from grognard.engine.errors import OddsError
from grognard.engine.game import Action, GameState, OptionValue
from grognard.engine.session import MoveRecord
from grognard.engine.view import ActionView, FrontEnd, GameViews, Odds, Sight, Target, one_seat
from grognard.gamebook.action_text import Keyed
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.seat_view import BookViews, fight_ending, roll_said, table_place, the_reader
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.book_fight import BookFight
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import CombatAdvisor
from grognard.systems.grey_star.round_rules import ratio_column
from grognard.systems.grey_star.ruleset import GS_RULES
from grognard.systems.grey_star.solve_view import GreyStarSheetView

SYSTEM_ID = "grey-star"

VIEW_BUDGET = 200_000
"""Positions the view's advisor may solve for a combat's odds (beyond: no odds, said in a note)."""

_ADVISORS: dict[tuple[float, float], CombatAdvisor] = {}


def combat_public(combat: CombatState, enemy: str = "") -> dict[str, JsonValue]:
    """Both sides of a combat as they stand now (an enemy not named is "the enemy")."""
    enemy = enemy or _("the enemy")
    return {
        "grey_star": {
            "combat_skill": combat.combat_skill,
            "endurance": combat.endurance,
            "willpower": combat.willpower,
            "staff": combat.staff,
        },
        "enemy": {"name": enemy, "combat_skill": combat.enemy_skill, "endurance": combat.enemy_endurance},
        "combat_ratio_spending_none": combat.ratio(0),
        "combat_ratio_spending_some": combat.ratio(1),
        "phase": combat.phase,
        "rounds_left": combat.rounds_left,
        "can_evade": combat.can_evade,
        "willpower_drain": combat.drain,
        "outcome": combat.outcome,
    }


def fight_public(state: GameState) -> dict[str, JsonValue]:
    """A book fight: the combat under way, the creature fought and those still to come."""
    if isinstance(state, CombatState):
        return combat_public(state)
    assert isinstance(state, BookFight)
    data = combat_public(state.combat, state.enemy.name)
    data["enemies"] = [
        {"index": i, "name": e.name, "combat_skill": e.combat_skill, "endurance": e.endurance}
        for i, e in enumerate(state.enemies)
    ]
    data["index"] = state.index
    return data


def group_of(action: Action) -> tuple[str, Target | None]:
    """The group and target of a combat or reader action: a WILLPOWER spend is an amount."""
    keyed = Keyed.parse(action)
    kind, rest = keyed.kind, keyed.rest
    if kind == "spend" and rest.isdigit():
        return "amount", Target(kind="amount", id=int(rest), name="WILLPOWER")
    if kind == "evade" and rest.isdigit():
        return "move", Target(kind="amount", id=int(rest), name="WILLPOWER")
    if kind == "swap":
        return "item", Target(kind="item", id=rest.rpartition(">")[2])
    if kind in ("wield", "drop", "leave") or action in ("eat", "laumspur", "talisman"):
        return "item", Target(kind="item", id=rest) if rest else None
    if kind in ("power", "gift"):
        return "spell", None
    return "choice", None


def combat_label(combat: CombatState, action: Action) -> str:
    """A spend or an evasion as the ruleset says it (the Combat Ratio of each is in the public part)."""
    return GS_RULES.action_label(action)


def combat_odds(combat: CombatState, options: Mapping[str, OptionValue]) -> Odds | None:
    """The exact odds at a combat's decision: winning with the best play, and with each amount."""
    if combat.phase != "decide":
        return None
    worths = (float(options.get("willpower_worth", 0.005)), float(options.get("endurance_worth", 0.002)))
    advisor = _ADVISORS.get(worths)
    if advisor is None:
        advisor = _ADVISORS[worths] = CombatAdvisor(*worths, budget=VIEW_BUDGET)
    try:
        advice = advisor.advise(combat)
    except OddsError as e:
        return Odds(note=_("no exact odds: {reason}").format(reason=e))
    return Odds(
        win=float(advice.p_win_optimal),
        actions={a.action: float(a.p_win) for a in advice.actions},
        note=_("best: {action}").format(action=combat_label(combat, advice.best_action)),
    )


def combat_sight(state: GameState, seat: int | None) -> Sight:
    """The combat game's view."""
    assert isinstance(state, CombatState)
    actions = []
    for a in state.legal_actions():
        group, target = group_of(a)
        actions.append(ActionView(id=a, label=combat_label(state, a), group=group, target=target))
    return Sight(public={"fight": combat_public(state)}, actions=actions)


def _combat_odds(state: GameState, seat: int) -> Odds | None:
    assert isinstance(state, CombatState)
    return combat_odds(state, {})


def _book_label(state: GamebookState, action: Action) -> str:
    if isinstance(state.fight, BookFight):
        return combat_label(state.fight.combat, action)
    return state.label(action)


def _book_odds(state: GamebookState) -> Odds | None:
    """The odds of a book's fight: the very advice the reader is shown (`GreyStarRules.fight_advice`,
    with the section's worth of each ending), so the best move and the figures agree on every surface."""
    if not isinstance(state.fight, BookFight):
        return None
    found = GS_RULES.fight_advice(state)
    if found is None or isinstance(found, str):
        return Odds(note=found) if found else None
    combat = state.fight.combat
    return Odds(
        win=float(found.p_win_optimal),
        actions={a.action: float(a.p_win) for a in found.actions},
        note=_("best: {action}").format(action=combat_label(combat, found.best_action)),
    )


def _combat_label(state: GameState, action: Action) -> str:
    assert isinstance(state, CombatState)
    return combat_label(state, action)


def round_words(combat: CombatState, roll: Roll, enemy: str = "") -> str:
    """A round's reading of the Combat Results Table in the excerpt's words (001_2055bbb054c2d265.txt:5-12):
    the random number, the Combat Ratio (COMBAT SKILL against the enemy's; the Staff without WILLPOWER
    6 lower), the table's cell and what WILLPOWER or evading did to it. `combat` is the round's state,
    its WILLPOWER paid: the spend is read back from the column and multiplier it gave; `roll` the random
    number (with its place on the book's printed table, when read from it)."""
    enemy = enemy or _("the enemy")
    number = roll.total
    place = table_place(roll)
    plain, magic = ratio_column(combat.ratio(0)), ratio_column(combat.ratio(1))
    spent = combat.column == magic and (combat.multiplier > 1 or plain != magic)
    ratio = combat.ratio(1 if spent else 0)
    skill = combat.round_skill(1 if spent else 0)
    staff = _(" (the Staff without WILLPOWER: 6 less)") if combat.staff and not spent else ""
    table = crt.table()
    cell = table.cells[number][combat.column].text() if 0 <= number < len(table.cells) else "?"
    heading = table.columns[combat.column].said()
    found = f" ({place})" if place else ""
    said = _(
        "Random number {number}{place} at Combat Ratio {ratio} (COMBAT SKILL {skill}{staff} against "
        "{enemy}'s {enemy_skill}): the Combat Results Table's column {column} gives {cell}"
    ).format(
        number=number,
        place=found,
        ratio=f"{ratio:+d}",
        skill=skill,
        staff=staff,
        enemy=enemy,
        enemy_skill=combat.enemy_skill,
        column=heading,
        cell=cell,
    )
    if combat.evading:
        return said + _(", the enemy's loss not counted as you evade")
    if combat.multiplier > 1:
        return said + _(", the enemy's loss times {times} for the WILLPOWER spent").format(
            times=combat.multiplier
        )
    return said


def _combat_told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """A round's random number told as what the Combat Results Table made of it ("E5/GS4": the enemy
    loses 5 ENDURANCE, Grey Star 4), with what each has left; in a book's fight, the enemy by name; then
    how the table was read (`round_words`)."""
    found = re.fullmatch(r"E(\d+)/GS(\d+)", str(record.move))
    if isinstance(before, BookFight) and isinstance(after, BookFight):
        now: Any = combat_public(after.combat, before.enemy.name)
        combat = before.combat
    elif isinstance(before, CombatState) and isinstance(after, CombatState):
        now = combat_public(after)
        combat = before
    else:
        return ""
    if found is None:
        return ""
    enemy = str(now["enemy"]["name"])
    left = max(0, combat.enemy_endurance - int(found[1]))  # not the next creature's, when this one fell
    said = _("{enemy} loses {loss} ENDURANCE ({left} left), Grey Star {hero_loss} ({hero_left} left)").format(
        enemy=f"{enemy[:1].upper()}{enemy[1:]}",
        loss=found[1],
        left=left,
        hero_loss=found[2],
        hero_left=now["grey_star"]["endurance"],
    )
    if not record.rolls:
        return said
    return f"{said}. {round_words(combat, record.rolls[0], enemy)}"


BOOK_VIEWS = BookViews(
    fight_public=fight_public,
    group_of=group_of,
    odds=_book_odds,
    label=_book_label,
    fight_told=_combat_told,
    solve_view=GreyStarSheetView(),
)
"""The gamebook view with Grey Star's combats."""


def register() -> None:
    """Register the views of the combat and gamebook games."""
    registry.register_views(
        SYSTEM_ID,
        "combat",
        GameViews(
            combat_sight,
            one_seat,
            label=_combat_label,
            odds=_combat_odds,
            told=_combat_told,
            front=FrontEnd(
                board="systems/grey-star/combat-board.html",
                seat_name=the_reader,
                # both sides' scores and what the Staff may do; the rest are advanced settings
                upfront=(
                    "combat_skill",
                    "endurance",
                    "willpower",
                    "enemy_skill",
                    "enemy_endurance",
                    "staff",
                    "can_evade",
                    "immune",
                ),
                roll=roll_said,
                help=N_(
                    "Each round a random number and the Combat Ratio are read on the Combat Results Table; "
                    "the enemy's loss is multiplied by the WILLPOWER you spend through the Staff (spending "
                    "none, the Staff is a plain weapon: 6 less COMBAT SKILL)."
                ),
                ending=fight_ending,
            ),
        ),
    )
    registry.register_views(
        SYSTEM_ID,
        "gamebook",
        BOOK_VIEWS.game_views(
            SYSTEM_ID, __name__.rpartition(".")[0], N_("Action Chart"), "systems/grey-star/combat-board.html"
        ),
    )
