"""Time spells in play (lines 533, 539): Timestop and Flashback. Registered in `spells.HANDLERS`; `turn`
calls the hooks here as turns begin and end.

Timestop puts "timestop|" on the character; when the current turn ends he takes a turn at once, out of
the order (`QuestState.extra_turn`), and the order then goes on where it was.

Flashback (our reading of "replay his entire turn", see the rulings): while some hero could cast it, the
position at the start of each hero's turn is kept (`QuestState.flashback`). When that turn ends, a window
opens (the turn marked `done`): a hero with the spell and a Magic point may cast it (`flashback:hC`, hero
C casting), and the game goes back to the kept position, the caster one Magic point poorer, for the
character to play his turn again with new dice; or `end` lets the turn stand.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.catalog import Spell
from grognard.systems.heroquest.content.hero import can_cast
from grognard.systems.heroquest.features.spells.spells import find, friends, register_spell
from grognard.systems.heroquest.features.spells.spells_elf import vanished
from grognard.systems.heroquest.model.action_text import aim, rest_of, verb_of
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.effect_strings import has, parse
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import (
    EXTRA_TURNS,
    HERO_TURN_HOLDS,
    HERO_TURN_STARTS,
    TurnGate,
    TurnStart,
)
from grognard.systems.heroquest.model.hooks import end_turn
from grognard.systems.heroquest.model.state import QuestState, Turn

TIMESTOP = "timestop"
FLASHBACK = "elf/flashback"


# ---------------------------------------------------------------------------------------------------
# Timestop (line 533)


def _timestop_targets(state: QuestState, i: int, spell: Spell) -> list[str]:
    return [
        t
        for t in friends(state, i, spell)
        if not vanished(state, int(t[1:])) and not has(state.heroes[int(t[1:])].effects, TIMESTOP)
    ]


@register_spell("elf/timestop", _timestop_targets)
def timestop(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """Time stops for everyone else: the character takes another turn right after this one."""
    k = aim(target).hero_index
    fig = state.heroes[k]
    state = with_hero(state, k, replace(fig, effects=(*fig.effects, f"{TIMESTOP}|")))
    return note(state, said("spell.time-stops-all", hero=k, hero_name=state.hero_of(k).name))


def extra_turn(state: QuestState) -> tuple[QuestState, bool]:
    """At the end of a turn: the next hero owed a Timestop turn takes it now (True), else the order goes
    on (False, and any turn out of the order is over)."""
    for k, h in enumerate(state.heroes):
        if h.status == "active" and has(h.effects, TIMESTOP):
            kept = tuple(e for e in h.effects if parse(e)[0] != TIMESTOP)
            state = with_hero(state, k, replace(h, effects=kept))
            state = note(state, said("spell.takes-turn-while-time", hero=k, hero_name=state.hero_of(k).name))
            return replace(state, extra_turn=k), True
    return (replace(state, extra_turn=-1) if state.extra_turn >= 0 else state), False


# ---------------------------------------------------------------------------------------------------
# Flashback (line 539)


def _never(state: QuestState, i: int, spell: Spell) -> list[str]:
    return []  # cast from the window after a turn (`window_actions`), never as the turn's action


@register_spell(FLASHBACK, _never)
def flashback(state: QuestState, i: int, spell: Spell, target: str) -> QuestState:
    """Not an action (line 539): Flashback is cast with `flashback:hC` when a hero's turn is over."""
    raise UsageError(_("Flashback is cast when a hero's turn ends (flashback:hC), not as an action"))


def _can_flashback(state: QuestState, k: int) -> bool:
    fig = state.heroes[k]
    return fig.status == "active" and FLASHBACK in fig.spells and can_cast(state.hero_of(k), find(FLASHBACK))


def keep_start(state: QuestState) -> QuestState:
    """At the start of a hero's turn: keep the position for Flashback while some hero could cast it."""
    who = state.current_hero()
    playing = who is not None and state.heroes[who].status == "active"
    if not playing or not any(_can_flashback(state, k) for k in range(len(state.heroes))):
        return replace(state, flashback=None) if state.flashback is not None else state
    return replace(state, flashback=replace(state, log=(), flashback=None))


def casters(state: QuestState) -> list[int]:
    """The heroes who may cast Flashback on the turn just over: the spell memorised and castable, a
    Magic point now and at the start of the turn, not under Disappear."""
    start = state.flashback
    if start is None:
        return []
    return [
        k
        for k in range(len(state.heroes))
        if _can_flashback(state, k)
        and not vanished(state, k)
        and state.heroes[k].magic >= 1
        and start.heroes[k].status == "active"
        and start.heroes[k].magic >= 1
    ]


def window_open(state: QuestState) -> bool:
    """True while the heroes may cast Flashback on the turn just over (the hero's turn marked done)."""
    return state.turn.done and state.current_hero() is not None


def flashback_window(state: QuestState) -> tuple[QuestState, bool]:
    """At the end of a hero's turn: hold it open for Flashback (True) when a kept start matches this turn
    and someone may cast it; otherwise drop the kept position and let the turn end (False)."""
    start = state.flashback
    if start is None:
        return state, False
    same = (start.round, start.slot, start.extra_turn) == (state.round, state.slot, state.extra_turn)
    if window_open(state) or state.current_hero() is None or not same or not casters(state):
        return replace(state, flashback=None), False
    return replace(state, turn=Turn(done=True)), True


def window_actions(state: QuestState) -> list[str]:
    """The window's choices: `flashback:hC` for each hero C who may cast it, and `end`."""
    return [*(f"flashback:h{c}" for c in casters(state)), "end"]


def window_action(state: QuestState, action: str) -> QuestState:
    """Cast Flashback (back to the start of the turn, the caster one Magic point poorer) or let it be."""
    verb, arg = verb_of(action), rest_of(action)
    start = state.flashback
    if verb != "flashback" or start is None:
        return end_turn(state)
    c = int(arg[1:])
    who = state.current_hero()
    assert who is not None
    back = replace(start, log=state.log)
    fig = back.heroes[c]
    back = with_hero(back, c, replace(fig, magic=fig.magic - 1))
    back = replace(back, flashback=replace(back, log=(), flashback=None))
    return note(
        back,
        said(
            "spell.casts-flashback-turn-undone",
            hero=c,
            hero_name=state.hero_of(c).name,
            other_hero_name=state.hero_of(who).name,
        ),
    )


HERO_TURN_STARTS.add(
    "flashback", TurnStart(90, lambda state, who: (keep_start(state), "go"))
)  # last: the turn's start kept, a turn begun with a roll may still be undone by Flashback
HERO_TURN_HOLDS.add("flashback", TurnGate(10, flashback_window))  # the window to cast Flashback
EXTRA_TURNS.add("timestop", TurnGate(10, extra_turn))  # a hero owed a Timestop turn
