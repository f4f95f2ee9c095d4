"""When a quest's goal is met: the deed (kill, find, rescue, every monster slain), and the way out after it.

A goal (`quest.Goal`) is a deed, or reaching the exit; `exit = true` adds "and then leave by the stairs
or an exit door", so the quest is won when a hero leaves after the deed is done. `slay-all` is every
monster of the quest slain (a monster still held back counts as alive; one that fled the board, a
prisoner or a freed prisoner does not). `met_now` is what `turn.check_end` asks after each move,
`met_on_leaving` what leaving asks, and `met_at_start` says why a quest would be won before the heroes
act (`hq check` and the HeroScribe import refuse such a quest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.systems.heroquest.content.quest import Goal, Quest

if TYPE_CHECKING:
    from grognard.systems.heroquest.model.state import QuestState

ALIVE = ("active", "lurking", "held")
"""The monster statuses `slay-all` waits for: on the board, lying in ambush, or still to come."""


def deed_done(state: QuestState) -> bool:
    """True when the goal's deed is done (for `reach-exit`, which has none: always)."""
    goal = state.ctx.quest.file.goal
    if goal.kind == "kill":
        return any(m.id == goal.target and m.status == "dead" for m in state.monsters)
    if goal.kind == "find":
        return goal.target in state.taken
    if goal.kind == "rescue":
        return any(h.escort == goal.target and h.at in state.ctx.stairs for h in state.heroes)
    if goal.kind == "slay-all":
        return not any(m.status in ALIVE for m in state.monsters)
    return True


def met_now(state: QuestState, met: bool) -> bool:
    """Whether the goal is met after a move, given `met` as the rules found it: a goal with `exit` is met
    only by leaving (`met_on_leaving` sets `goal_met`); `slay-all` is met once the last monster falls."""
    goal = state.ctx.quest.file.goal
    if goal.exit:
        return state.goal_met
    if goal.kind == "slay-all":
        return met or deed_done(state)
    return met


def met_on_leaving(state: QuestState, how: str | None) -> bool:
    """Whether a hero leaving the quest (`how`: "stairs" or an exit door's id) meets the goal: reaching the
    exit (up the stairs only when the quest has no exit door), or any way out once an `exit` goal's deed
    is done."""
    goal = state.ctx.quest.file.goal
    if goal.exit:
        return how is not None and deed_done(state)
    return goal.kind == "reach-exit" and (how != "stairs" or not state.ctx.exits)


def met_at_start(quest: Quest) -> str | None:
    """Why the quest's goal is met before the heroes act, or None: nothing to kill, or the heroes start
    where leaving wins."""
    goal: Goal = quest.file.goal
    monsters = quest.file.monsters
    if goal.kind == "slay-all" and not monsters:
        return "the goal is every monster slain, and the quest places none"
    on_stairs = set(quest.start_squares()) & set(quest.layout.stairs)
    exits = any(d.exit for d in quest.file.doors)
    if goal.kind == "reach-exit" and on_stairs and not exits:
        return "the goal is to reach the exit, and the heroes start on the stairs, the only way out"
    return None


def describe(goal: Goal) -> str:
    """The goal in a few words ("kill gargoyle-1, then leave", "every monster slain, then leave")."""
    what = {
        "reach-exit": "reach the exit",
        "kill": f"kill {goal.target}",
        "find": f"find {goal.target}",
        "rescue": f"rescue {goal.target}",
        "slay-all": "every monster slain",
    }[goal.kind]
    return what + (", then leave by the stairs or an exit" if goal.exit else "")
