"""The driver of a quest: the rules `QuestState`'s protocol methods play (who decides, the legal actions,
the chance nodes, a move applied and the state settled), installed into the state class when this module
is imported (`state.install_rules`), and the quest's first state. The state class never imports the rules;
the package imports this module (through `game`), so every state plays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from grognard.engine.errors import UsageError
from grognard.engine.game import Actor, Move, Outcome
from grognard.i18n import gettext
from grognard.systems.heroquest.content.mercenaries import paid, party_starts
from grognard.systems.heroquest.content.quest_setup import Setup, context
from grognard.systems.heroquest.driver.actions import apply_action as play_action
from grognard.systems.heroquest.driver.actions import legal_actions as legal
from grognard.systems.heroquest.driver.chaos_turns import decider as chaos_decider
from grognard.systems.heroquest.driver.resolve import apply_outcome as play_outcome
from grognard.systems.heroquest.driver.resolve import outcomes as chance_outcomes
from grognard.systems.heroquest.driver.resolve import throw as throw_dice
from grognard.systems.heroquest.driver.rules_index import FEATURES
from grognard.systems.heroquest.driver.turn import begin, settle
from grognard.systems.heroquest.features.items.items import register_data_driven
from grognard.systems.heroquest.features.items.treasure import initial_deck
from grognard.systems.heroquest.features.skills.skill_moves import thrall_acting
from grognard.systems.heroquest.model.state import (
    GM_PLAYER,
    HERO_PLAYER,
    HeroFig,
    MonsterFig,
    Pending,
    QuestState,
    install_rules,
)
from grognard.systems.heroquest.rules.effects import memorise

REGISTERED = FEATURES
"""The feature modules, every one registered (`rules_index`) before the driver plays a rule."""


class QuestRules:
    """The rules of a quest in play, as `state.Rules` asks for them."""

    def decider(self, state: QuestState) -> Actor:
        """A spell in flight awaiting an answer or a hero the game master moves (`chaos_turns`), else the
        game master in his turn (the heroes' player for a monster held by Dominion), else the heroes."""
        chaos = chaos_decider(state)
        if chaos is not None:
            return chaos
        if state.in_gm_turn():
            return HERO_PLAYER if thrall_acting(state) else GM_PLAYER
        return HERO_PLAYER

    def legal_actions(self, state: QuestState) -> list[str]:
        """The legal actions (`actions.legal_actions`)."""
        return legal(state)

    def outcomes(self, state: QuestState, pending: Pending) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes of the pending chance node (`resolve.outcomes`)."""
        return chance_outcomes(state, pending)

    def throw(self, state: QuestState, pending: Pending, rng: Any) -> tuple[Outcome, tuple[Any, ...]]:
        """The real dice of the pending chance node (`resolve.throw`)."""
        return throw_dice(state, pending, rng)

    def apply_action(self, state: QuestState, action: str) -> QuestState:
        """The action played, then the state settled (`turn.settle`)."""
        return settle(play_action(state, action))

    def apply_outcome(self, state: QuestState, pending: Pending, outcome: Move) -> QuestState:
        """The outcome played, then the state settled (`turn.settle`)."""
        return settle(play_outcome(state, pending, outcome))


install_rules(QuestRules())
register_data_driven()  # after every item module has registered its own items


def initial_state(setup: Setup) -> QuestState:
    """The quest before the first turn: heroes on the start squares, monsters placed, nothing seen yet."""
    ctx = context(setup)
    starts = party_starts(ctx)  # the quest's start squares; hired mercenaries beside them
    if len(starts) < len(ctx.party):
        raise UsageError(
            gettext("quest {id} has {starts_count} start squares for {ctx_party_count} heroes").format(
                id=ctx.quest.id, starts_count=len(starts), ctx_party_count=len(ctx.party)
            )
        )
    heroes = []
    for i, hero in enumerate(ctx.party):
        heroes.append(
            HeroFig(
                starts[i],
                hero.maximum("body"),
                hero.maximum("mind"),
                hero.maximum("magic"),
                items=(*hero.items, *hero.artifacts),
                gold=hero.gold - paid(ctx, i),
                spells=memorise(hero),
            )
        )
    goal = ctx.quest.file.goal
    monsters = []
    for m in ctx.quest.file.monsters:
        stats = ctx.stats[m.id]
        status = (
            "held" if m.held else ("prisoner" if goal.kind == "rescue" and m.id in goal.targets else "active")
        )
        monsters.append(MonsterFig(m.id, None if m.held else m.at, stats.body, status))
    state = QuestState(
        setup,
        tuple(heroes),
        tuple(monsters),
        tuple(d.state for d in ctx.doors),
        tuple("hidden" for _ in ctx.traps),
        deck=initial_deck(),
    )
    return begin(state)
