"""When a quest's goal is met: the deed (kill, find, rescue, every monster slain), and the way out after it.

A goal (`quest.Goal`) is a deed, or reaching the exit; `exit = true` adds "and then leave by the stairs
or an exit door", so the quest is won when a hero leaves after the deed is done. `slay-all` is every
monster of the quest slain (a monster still held back counts as alive; one that fled the board, a
prisoner or a freed prisoner does not). `met_now` is what `turn.check_end` asks after each move,
`met_on_leaving` what leaving asks, and `met_at_start` says why a quest would be won before the heroes
act (`hq check` and the HeroScribe import refuse such a quest).

A goal may name several targets (`Goal.also`): every one must be met. A prisoner is rescued when the
hero leading him stands on the stairs or on the square inside an exit door, or has left the board with
him. `reach` is done once a hero has stood in each of its rooms after a move (`track_reach` keeps them in
`QuestState.reached`); with `hold`, once a room has had a hero in it and no monster from a moment of one
round until the next round begins, the game master's turn between (docs/rulings/heroquest.md, "Goals of
several targets, rooms to reach and hold").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.i18n import N_, say_back, template_pattern
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.quest import Goal, Quest

if TYPE_CHECKING:
    from grognard.systems.heroquest.model.state import QuestState

ALIVE = ("active", "lurking", "held")
"""The monster statuses `slay-all` waits for: on the board, lying in ambush, or still to come."""


def rescued(state: QuestState, prisoner: str) -> bool:
    """True when the prisoner has been led out: his escort on the stairs, inside an exit door, or gone."""
    ctx = state.ctx
    ways_out = set(ctx.stairs) | set(ctx.exits.values())
    return any(h.escort == prisoner and (h.at in ways_out or h.status == "left") for h in state.heroes)


def deed_done(state: QuestState) -> bool:
    """True when the goal's deed is done, for every target (for `reach-exit`, which has none: always)."""
    goal = state.ctx.quest.file.goal
    if goal.kind == "kill":
        dead = {m.id for m in state.monsters if m.status == "dead"}
        return all(t in dead for t in goal.targets)
    if goal.kind == "find":
        return all(t in state.taken for t in goal.targets)
    if goal.kind == "rescue":
        return all(rescued(state, t) for t in goal.targets)
    if goal.kind == "reach":
        return all(t in state.reached for t in goal.targets)
    if goal.kind == "slay-all":
        return not any(m.status in ALIVE for m in state.monsters)
    return True


def track_reach(state: QuestState) -> QuestState:
    """`state` with the rooms of a `reach` goal a hero now stands in recorded; for a held room, the round
    its hold began, dropped when a monster comes in or the heroes leave it, and the room itself once the
    next round has begun with the hold unbroken."""
    goal = state.ctx.quest.file.goal
    if goal.kind != "reach":
        return state
    board = state.ctx.quest.board
    reached = list(state.reached)
    for room in goal.targets:
        if room in reached:
            continue
        heroes = any(h.at is not None and board.room_of(h.at) == room for h in state.heroes)
        if not goal.hold:
            if heroes:
                reached.append(room)
            continue
        monsters = any(m.at is not None and board.room_of(m.at) == room for m in state.monsters)
        began = [r for r in range(1, state.round + 1) if f"{room}@{r}" in reached]
        if not heroes or monsters:
            reached = [x for x in reached if x not in {f"{room}@{r}" for r in began}]
        elif not began:
            reached.append(f"{room}@{state.round}")
        elif began[0] < state.round:
            reached = [x for x in reached if x != f"{room}@{began[0]}"] + [room]
    return state if tuple(reached) == state.reached else state.evolve(reached=tuple(reached))


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
    rooms = {quest.board.room_of(s) for s in quest.start_squares()}
    if goal.kind == "reach" and not goal.hold and not goal.exit and set(goal.targets) <= rooms:
        return "the goal is to reach rooms the heroes start in"
    return None


def describe(goal: Goal) -> str:
    """The goal in a few words ("kill gargoyle-1, then leave", "rescue a and b", "hold room-3 for a turn,
    then leave")."""
    names = _(" and ").join(goal.targets)
    what = {
        "reach-exit": _("reach the exit"),
        "kill": _("kill {names}"),
        "find": _("find {names}"),
        "rescue": _("rescue {names} and lead them out") if goal.also else _("rescue {names}"),
        "reach": _("hold {names} free of monsters for a turn") if goal.hold else _("reach {names}"),
        "slay-all": _("every monster slain"),
    }[goal.kind].format(names=names)
    return what + (_(", then leave by the stairs or an exit") if goal.exit else "")


KILL = N_("Kill {name}.")
SLAY = N_("Slay {name}.")
FIND = N_("Find the {name}.")
FIND_THEN_LEAVE = N_("Find the {name}, then leave.")
SET_BY = N_("Set by --goal {spec}.")
HOLD_NOTE = N_("Clear the room of note {letter} of monsters and hold it for a turn.")
FATE = N_("Find out what became of {name}: reach the room he is in.")
FATE_THEN_LEAVE = N_("Find out what became of {name}: reach the room he is in, then leave.")
TEXTS = (
    N_("Slay every monster."),
    N_("Slay every monster, then leave by the stairs."),
    N_("Escape: reach the surface."),
    N_("Escape: reach the stairway."),
    N_("Make your way through, and out by the door out."),
    N_("Find the way out and leave by it."),
    KILL,
    SLAY,
    FIND,
    FIND_THEN_LEAVE,
    SET_BY,
    HOLD_NOTE,
    FATE,
    FATE_THEN_LEAVE,
)
"""The goals' texts the HeroScribe import writes (`importer`): kept English in the quest file, each said in
the reader's language by `goal_text`, its values (a name, a note letter) put back in."""
_TEXTS = [(template_pattern(t), t) for t in TEXTS]


def goal_text(text: str) -> str:
    """A goal's text in the reader's language: one the import writes (`TEXTS`, its values a quest's own
    name, a rules data name or a note letter: said by the catalogue when it has them), or any the
    catalogue has; else as written (a quest author's words)."""
    for pattern, template in _TEXTS:
        found = pattern.match(text)
        if found is not None:
            return say_back(template, found, _)
    return _(text) if text else text


def goal_words(state: QuestState) -> str:
    """The goal as the players are told it (its text, else `describe`), with how far they are: "2 of 3
    done" for a goal of several targets, "held since round 4" while a room is being held."""
    goal = state.ctx.quest.file.goal
    words = (goal_text(goal.text) if goal.text else describe(goal)).rstrip(".")
    notes = []
    if len(goal.targets) > 1:
        done = sum(_target_done(state, t) for t in goal.targets)
        notes.append(_("{done} of {targets} done").format(done=done, targets=len(goal.targets)))
    if goal.hold:
        held = [r for t in goal.targets for r in range(1, state.round + 1) if f"{t}@{r}" in state.reached]
        if held:
            notes.append(_("held since round {round}").format(round=held[0]))
    return words + (f" ({', '.join(notes)})" if notes else "")


def _target_done(state: QuestState, target: str) -> bool:
    goal = state.ctx.quest.file.goal
    if goal.kind == "kill":
        return any(m.id == target and m.status == "dead" for m in state.monsters)
    if goal.kind == "find":
        return target in state.taken
    if goal.kind == "rescue":
        return rescued(state, target)
    return target in state.reached
