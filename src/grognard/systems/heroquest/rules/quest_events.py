"""The quest's events played (the quest file's `events`): text shown, held-back monsters placed, doors
revealed or opened, the quest ended; and a door opened with the events it fires. A feature module the
driver and the other features call (`turn.look` for see-square events, doors, wounds, challenges).
"""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.content.quest import Event
from grognard.systems.heroquest.model.edits import add, free_square_near, note, set_door, with_monster
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.state import QuestState


def fire(state: QuestState, events: list[Event]) -> QuestState:
    """Run quest events: text, monsters placed, doors revealed or opened, the quest ended."""
    for event in events:
        if event.once and event.id in state.fired:
            continue
        state = state.evolve(fired=add(state.fired, event.id))
        for action in event.actions:
            if action.kind == "text":
                state = note(state, said("quest.text", text=action.text))
            elif action.kind == "place-monsters":
                for mid in action.monsters:
                    state = place_held(state, mid)
            elif action.kind == "reveal-door":
                if state.layout.door_by_id[action.door].state == "secret":
                    state = set_door(state, action.door, "closed")
            elif action.kind == "open-door":
                state = set_door(state, action.door, "open")
            elif action.kind == "end-quest" and not state.outcome:
                state = state.evolve(outcome=action.outcome, goal_met=action.outcome == "won", pending=None)
    return state


def place_held(state: QuestState, mid: str) -> QuestState:
    """A held-back monster placed on its square (or the nearest free one)."""
    for i, m in enumerate(state.monsters):
        if m.id == mid and m.status == "held":
            where = state.ctx.quest.monster(mid).at
            if where in state.figures or state.layout.solid(where):
                found = free_square_near(state, where)
                if found is None:
                    return state
                where = found
            return with_monster(state, i, replace(m, at=where, status="active"))
    return state


def open_door(state: QuestState, door_id: str) -> QuestState:
    """Open a door (line 122) and fire its open-door events."""
    state = set_door(state, door_id, "open")
    a, b = state.layout.door_by_id[door_id].at
    state = note(state, said("door.door-opens", door_id=door_id, between=(a[0], a[1], b[0], b[1])))
    return fire(state, state.ctx.quest.events_for("open-door", door_id, state.fired))
