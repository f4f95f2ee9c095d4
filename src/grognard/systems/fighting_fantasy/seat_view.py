"""The reader's view of a Fighting Fantasy fight and gamebook (`engine.view`), registered for both games.

A fight shows both sides' current scores every round (the hero's SKILL, STAMINA and LUCK as they stand
in the fight, each creature's SKILL and STAMINA left); actions name the creature they strike and the
chance a Test your Luck comes out lucky; the odds are the exact solver's (`FF_RULES.advisor`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import JsonValue

from grognard.engine import registry
from grognard.engine.dice.core import Roll
from grognard.engine.errors import OddsError
from grognard.engine.game import Action, GameState, OptionValue
from grognard.engine.odds.base import Number
from grognard.engine.session import MoveRecord
from grognard.engine.view import ActionView, GameViews, Odds, Sight, Target, one_seat
from grognard.gamebook.action_text import number_in
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.seat_view import FIGHT_FRONT, BookViews, roll_words
from grognard.i18n import N_, percent
from grognard.i18n import gettext as _
from grognard.systems.fighting_fantasy.checks import LUCKY
from grognard.systems.fighting_fantasy.fight import FightState
from grognard.systems.fighting_fantasy.fight_rules import (
    DRINK,
    ENDS,
    ESCAPE,
    FIGHT,
    FLEE,
    LUCK,
    LUCKY_HIT_EXTRA,
    LUCKY_HURT_BACK,
    NO_LUCK,
    ROUND,
    TEST_LUCK,
    UNLUCKY_HIT_BACK,
    UNLUCKY_HURT_EXTRA,
    escape_wound,
)
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView

SYSTEM_ID = "fighting-fantasy"


def lucky_chance(luck: int) -> float:
    """The chance two dice come to `luck` or less: a Test your Luck comes out lucky."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= luck)
    return hits / 36


def fight_public(state: GameState) -> dict[str, JsonValue]:
    """Both sides of a fight as they stand now: the hero's scores and each creature's."""
    assert isinstance(state, FightState)
    spec = state.spec
    creatures: list[JsonValue] = [
        {
            "index": i,
            "name": c.name,
            "skill": c.skill,
            "stamina": state.foes[i],
            "initial_stamina": c.stamina,
            "damage": c.damage,
            "alive": state.foes[i] > 0,
        }
        for i, c in enumerate(spec.creatures)
    ]
    return {
        "hero": {
            "skill": state.skill,
            "stamina": state.stamina,
            "luck": state.luck,
            "initial_skill": spec.initial_skill,
            "initial_stamina": spec.initial_stamina,
            "initial_luck": state.luck_cap,
            "weapon_bonus": spec.weapon_bonus,
            "potion": spec.potion,
            "potion_measures": state.measures,
        },
        "creatures": creatures,
        "target": state.target,
        "phase": state.phase,
        "pending": list(state.pending),
        "rounds": state.counts[0],
        "together": spec.rules.together,
    }


def creature_name(state: FightState, i: int) -> str:
    """Creature `i`'s name, numbered when another creature of the fight has the same name."""
    creatures = state.spec.creatures
    name = creatures[i].name
    return f"{name} {i + 1}" if sum(c.name == name for c in creatures) > 1 else name


def fight_label(state: FightState, action: Action) -> str:
    """A fight action as a sentence: the creature struck with its scores, the chance of a lucky test."""
    if action.startswith("target:"):
        i = number_in(action)
        c = state.spec.creatures[i]
        said = _("Attack the {creature} (SKILL {skill}, STAMINA {stamina}) this round")
        return said.format(creature=creature_name(state, i), skill=c.skill, stamina=state.foes[i])
    if action == FIGHT and state.spec.creatures:
        i = ([k for k, s in enumerate(state.foes) if s > 0] or [0])[0]
        c = state.spec.creatures[i]
        said = _("Fight the {creature} (SKILL {skill}, STAMINA {stamina}) for a round")
        return said.format(creature=creature_name(state, i), skill=c.skill, stamina=state.foes[i])
    if action == TEST_LUCK:
        return _("Test your Luck on this wound: {chance} lucky").format(
            chance=percent(lucky_chance(state.luck), 0)
        )
    return FF_RULES.action_label(action)


def fight_group(action: Action) -> tuple[str, Target | None]:
    """The group and target of a fight or reader action."""
    if action.startswith("target:"):
        return "attack", Target(kind="creature", id=number_in(action))
    if action == FIGHT:
        return "attack", None
    if action in (TEST_LUCK, NO_LUCK):
        return "luck", None
    if action == ESCAPE:
        return "move", None
    if action == DRINK or action.startswith("potion:"):
        return "potion", None
    if action == "eat":
        return "item", None
    return "choice", None


def fight_odds(
    state: FightState, options: Mapping[str, OptionValue], endings: Mapping[str, Number] | None = None
) -> Odds | None:
    """The exact odds at a decision of a fight: the chance to win with the best play and each action's
    (`endings`: the book's worth of each way the fight ends, as the reader's advice counts them)."""
    try:
        advisor = FF_RULES.advisor(state, options, endings)
        if advisor is None:
            return Odds(note=_("this fight has too many positions for its exact odds"))
        advice = advisor.advise(state)
    except OddsError as e:
        return Odds(note=str(e))
    return Odds(
        win=advice.figures.win_probability,
        actions={a: f.win_probability for a, f in advice.actions.items()},
        note=_("best: {action}").format(action=fight_label(state, advice.best)) if advice.best else "",
    )


def fight_sight(state: GameState, seat: int | None) -> Sight:
    """The fight game's view: the fight, the labelled actions and the odds."""
    assert isinstance(state, FightState)
    actions = [
        ActionView(id=a, label=fight_label(state, a), group=fight_group(a)[0], target=fight_group(a)[1])
        for a in state.legal_actions()
    ]
    return Sight(public={"fight": fight_public(state)}, actions=actions)


def _fight_odds(state: GameState, seat: int) -> Odds | None:
    assert isinstance(state, FightState)
    return fight_odds(state, {})


def _book_label(state: GamebookState, action: Action) -> str:
    if isinstance(state.fight, FightState):
        return fight_label(state.fight, action)
    return state.label(action)


def _book_odds(state: GamebookState) -> Odds | None:
    """The odds of a book's fight, counting the section's worth of each ending as the reader's advice
    does (`FightingFantasyRules.advice`), so the best move and the figures agree on every surface."""
    if not isinstance(state.fight, FightState):
        return None
    section = state.current
    data = section.fight if section is not None else None
    endings = data.ending_worths(ENDS) if data is not None else None
    return fight_odds(state.fight, state.play.ctx.options, endings)


def _fight_label(state: GameState, action: Action) -> str:
    assert isinstance(state, FightState)
    return fight_label(state, action)


FIRST_WORDS = {"hit": N_("You wound {target}"), "hurt": N_("{target} wounds you"), "even": N_("A stand-off")}
"""An Attack Round's result as said first ("hit+1": the hero wounds the target and creature 1 wounds him)."""


def attack_words(before: FightState, rolls: Sequence[Roll]) -> str:
    """Each Attack Strength of a round in the rulebook's words (000_13d85f0bd5b613c5.txt:28-33: two dice
    and SKILL; the weapon's bonus and the section's modifier named beside SKILL): "Your Attack Strength:
    2d6 (6+2) + SKILL 8 = 16; BRIDGE TROLL's: 2d6 (3+1) + SKILL 8 = 12"."""
    spec = before.spec
    fighting = before.alive() if spec.rules.together else (before.target,)
    if len(rolls) != len(fighting) + 1:
        return ""
    skill = _("SKILL")
    hero = [
        (skill, before.skill),
        (_("weapon"), spec.weapon_bonus),
        (_("this fight"), spec.rules.skill_modifier),
    ]
    said = [_("Your Attack Strength: {roll}").format(roll=roll_words(rolls[-1], hero))]
    for i, roll in zip(fighting, rolls, strict=False):
        theirs = _("{creature}'s: {roll}")
        said.append(
            theirs.format(
                creature=creature_name(before, i), roll=roll_words(roll, [(skill, spec.creatures[i].skill)])
            )
        )
    return "; ".join(said)


def luck_words(before: FightState, rolls: Sequence[Roll], outcome: str) -> str:
    """A Test your Luck on a wound in the rulebook's words (000_13d85f0bd5b613c5.txt:84-107): the dice
    against LUCK, lucky or not, and what the wound now does: "Test your Luck: 2d6 (3+1) = 4 against LUCK
    9: lucky, the wound does 4"."""
    event = before.pending[0] if before.pending else ""
    lucky = outcome == LUCKY
    spec = before.spec
    if event.startswith("hit:"):
        dealt = spec.rules.hero_damage
        wound = (
            _("the wound does {damage}").format(damage=dealt + LUCKY_HIT_EXTRA)
            if lucky
            else _("the wound does only {damage}").format(damage=max(0, dealt - UNLUCKY_HIT_BACK))
        )
    elif event:
        taken = escape_wound(spec, before.foes) if event == FLEE else spec.creatures[number_in(event)].damage
        wound = (
            _("the wound costs you only {damage} STAMINA").format(damage=max(0, taken - LUCKY_HURT_BACK))
            if lucky
            else _("the wound costs you {damage} STAMINA").format(damage=taken + UNLUCKY_HURT_EXTRA)
        )
    else:
        wound = ""
    against = _("against LUCK {luck}").format(luck=before.luck)
    dice = f"{roll_words(rolls[0])} {against}" if rolls else against
    said = _("Test your Luck: {dice}: {outcome}").format(dice=dice, outcome=_(outcome))
    return said + (f", {wound}" if wound else "")


def _fight_told(before: GameState, record: MoveRecord, after: GameState) -> str:
    """An Attack Round or a Luck test in words: who wounded whom (or the Luck test, its dice and what the
    wound does), then every STAMINA and LUCK it changed, with what is left, then each Attack Strength with
    its dice and SKILL."""
    if not isinstance(before, FightState) or not isinstance(after, FightState):
        return ""
    was: Any = fight_public(before)
    now: Any = fight_public(after)
    outcome = str(record.move)
    target = creature_name(before, before.target) if was["creatures"] else _("the creature")
    head = outcome.split("+")[0]
    if before.phase == LUCK:
        first = luck_words(before, record.rolls, outcome)
    else:
        first = _(FIRST_WORDS[head]).format(target=target) if head in FIRST_WORDS else outcome.capitalize()
    said = [first]
    for i, (old, new) in enumerate(zip(was["creatures"], now["creatures"], strict=True)):
        if new["stamina"] != old["stamina"]:
            left = _("slain") if new["stamina"] <= 0 else _("{stamina} left").format(stamina=new["stamina"])
            said.append(
                _("{creature} STAMINA {old} → {new} ({left})").format(
                    creature=creature_name(before, i), old=old["stamina"], new=new["stamina"], left=left
                )
            )
    for score, named in (
        ("stamina", N_("Your STAMINA {old} → {new}")),
        ("luck", N_("Your LUCK {old} → {new}")),
    ):
        if now["hero"][score] != was["hero"][score]:
            said.append(_(named).format(old=was["hero"][score], new=now["hero"][score]))
    if before.phase == ROUND:
        said.append(attack_words(before, record.rolls))
    return ". ".join(s for s in said if s)


BOOK_VIEWS = BookViews(
    fight_public=fight_public,
    group_of=fight_group,
    odds=_book_odds,
    label=_book_label,
    fight_told=_fight_told,
    solve_view=FightingFantasySheetView(),
)
"""The gamebook view with Fighting Fantasy's fights."""


def register() -> None:
    """Register the views of the fight and gamebook games."""
    registry.register_views(
        SYSTEM_ID,
        "fight",
        GameViews(
            fight_sight, one_seat, label=_fight_label, odds=_fight_odds, told=_fight_told, front=FIGHT_FRONT
        ),
    )
    registry.register_views(
        SYSTEM_ID,
        "gamebook",
        BOOK_VIEWS.game_views(SYSTEM_ID, __name__.rpartition(".")[0], N_("Adventure Sheet")),
    )
