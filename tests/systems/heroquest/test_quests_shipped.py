"""The three quests shipped with grognard (data/quests/1-..., 2-..., 3-...): they load, grow harder, and
between them use every trap, door and furniture rule and every kind of quest goal of the rulebook.

Rule lines are lines of the rulebook seed (004_24cd6f974fe6a1ee.txt); each test that cites one checks
that the line really is that rule. Reachability is worked out on the quest's own layout with
`geometry.reachable`, never written down by hand.
"""

from __future__ import annotations

from typing import get_args

import pytest

from grognard.engine.content import package_file
from grognard.systems.heroquest.content import catalog
from grognard.systems.heroquest.content.board import FURNITURE_KINDS, Layout, Square, neighbours
from grognard.systems.heroquest.content.geometry import line_of_sight, reachable
from grognard.systems.heroquest.content.quest import GoalKind, Quest, TrapKind, load_quest
from tests.seeds import Rulebook

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")
NAMES = ["1-the-smugglers-stair", "2-the-salt-crypt", "3-the-rimebound-hold"]
FAR = 10_000
"""A movement allowance no board needs: `reachable` with it finds every square a figure can get to."""


def _quest(name: str) -> Quest:
    return load_quest(package_file("grognard.systems.heroquest", f"data/quests/{name}.toml"))


@pytest.fixture(scope="module")
def quests() -> list[Quest]:
    return [_quest(name) for name in NAMES]


def _rule(line: int, heading: str) -> None:
    """The rulebook's line `line` is the rule headed `heading` (so the citation is right)."""
    text = SEED.read_text(encoding="utf-8").splitlines()[line - 1]
    assert text.startswith(heading), f"line {line} is not {heading!r}: {text[:60]!r}"


def _revealed(quest: Quest) -> set[str]:
    """The secret doors an event of the quest reveals (or opens) without any searching."""
    return {a.door for e in quest.file.events for a in e.actions if a.kind in ("reveal-door", "open-door")}


def _walkable(quest: Quest, *, secret: bool) -> Layout:
    """The quest's starting layout with every door opened that the heroes can open: closed ones, secret
    ones revealed by an event, and (when `secret`) every secret door, as found by searching (line 100)."""
    layout = quest.layout
    revealed = _revealed(quest)
    for door in quest.file.doors:
        if door.state == "closed" or door.id in revealed or (secret and door.state == "secret"):
            layout = layout.with_door(door.id, "open")
    return layout


def _reach(quest: Quest, layout: Layout) -> set[Square]:
    """Every square a hero can get to from the start squares on `layout` (figures and traps aside)."""
    found: set[Square] = set()
    for start in quest.start_squares():
        found |= set(reachable(layout, start, FAR).cost)
    return found


def _at_or_beside(squares: set[Square] | frozenset[Square], reach: set[Square]) -> bool:
    """True when a hero can stand on one of `squares` or beside one (to search it, or to fight)."""
    return any(s in reach or any(n in reach for n in neighbours(s)) for s in squares)


def _goal_squares(quest: Quest) -> frozenset[Square]:
    """The squares the quest's goal is at: the target monster's, the furniture or square holding the
    treasure, or the floor square inside the exit door (the stairs for a quest without one)."""
    goal = quest.file.goal
    if goal.kind in ("kill", "rescue"):
        return frozenset({quest.monster(goal.target).at})
    if goal.kind == "find":
        treasure = next(t for t in quest.file.treasure if t.id == goal.target)
        if treasure.at is not None:
            return frozenset({treasure.at})
        return next(f.piece().squares for f in quest.file.furniture if f.id == treasure.furniture)
    exits = [d for d in quest.file.doors if d.exit]
    if exits:
        return frozenset(s for d in exits for s in d.at if quest.board.is_floor(s))
    return quest.layout.stairs


def _wins(quest: Quest) -> set[str]:
    """The kinds of goal that win the quest: its `goal`, and `kill` for each named monster whose death
    runs an `end-quest` won action (a second way to win)."""
    kinds: set[str] = {quest.file.goal.kind}
    for event in quest.file.events:
        ends = any(a.kind == "end-quest" and a.outcome == "won" for a in event.actions)
        if ends and event.trigger.kind == "monster-dies" and quest.monster(event.trigger.monster).name:
            kinds.add("kill")
    return kinds


def _body(quest: Quest) -> int:
    """The body points of every enemy in the quest (held ones too; not the prisoner to be rescued)."""
    prisoner = quest.file.goal.target if quest.file.goal.kind == "rescue" else None
    total = 0
    for m in quest.file.monsters:
        if m.id == prisoner:
            continue
        entry = catalog.monster(m.monster)
        total += entry.at(m.level if m.level is not None else entry.level_range[0]).body
    return total


# ---------------------------------------------------------------------------------------------------
# Loading and difficulty


@pytest.mark.parametrize("name", NAMES)
def test_each_quest_loads_onto_the_standard_board(name: str) -> None:
    quest = _quest(name)
    assert quest.id == name and quest.board.id == "standard"
    assert quest.file.text and quest.file.notes and quest.file.treasure and quest.file.events
    assert quest.file.stairs is not None  # every one starts on the spiral staircase (line 124)
    assert {quest.board.room_of(s) for s in quest.layout.stairs} != {None}


def test_difficulty_rises_from_quest_to_quest(quests: list[Quest]) -> None:
    bodies = [_body(q) for q in quests]
    assert bodies[0] < bodies[1] < bodies[2], bodies
    levels = [sum(m.level or 1 for m in q.file.monsters if m.id != q.file.goal.target) for q in quests]
    assert levels[0] < levels[1] < levels[2], levels


def test_each_quest_has_the_monsters_of_its_tier(quests: list[Quest]) -> None:
    first, second, third = (
        {m.monster for m in q.file.monsters if m.id != q.file.goal.target} for q in quests
    )
    assert first <= {"Goblin", "Orc", "Skeleton"} and len(first) == 3
    assert all(m.level is not None and m.level <= 3 for m in quests[0].file.monsters)
    assert {"Fimir", "Mummy", "Zombie", "Chaos Warrior"} <= second
    assert {"Ogre", "Gargoyle", "Chaos Warrior"} <= third
    boss = [m for m in quests[2].file.monsters if m.name]
    assert boss and all(m.level is not None and m.level >= 6 for m in boss)


def test_every_quest_names_its_wandering_monster(quests: list[Quest]) -> None:
    _rule(142, "**Wandering Monsters:**")  # "Every quest will have a wandering monster associated with it"
    for quest in quests:
        entry = catalog.monster(quest.file.wandering.monster)
        assert quest.file.wandering.level is not None
        entry.at(quest.file.wandering.level)


# ---------------------------------------------------------------------------------------------------
# Every rule used


TRAP_LINES: dict[str, tuple[int, str]] = {
    "spear": (128, "**Spear Traps**"),
    "pit": (130, "**Pit Traps**"),
    "long-pit": (132, "**Long Pit Traps**"),
    "falling-rock": (134, "**Falling Rock Traps**"),
    "stalactite": (136, "**Stalactite Traps**"),
    "swinging-axe": (138, "**Swinging Axe Traps**"),
    "wandering-monster": (142, "**Wandering Monsters:**"),
    "chest": (146, "Some furniture may contain treasure."),
}


def test_the_trap_table_covers_every_trap_kind() -> None:
    assert set(TRAP_LINES) == set(get_args(TrapKind))


@pytest.mark.parametrize("kind", sorted(TRAP_LINES))
def test_every_trap_kind_is_used(kind: str, quests: list[Quest]) -> None:
    line, heading = TRAP_LINES[kind]
    _rule(line, heading)
    assert any(t.kind == kind for q in quests for t in q.file.traps), f"no {kind} trap (line {line})"


def test_treasure_deck_cards_can_bring_the_wandering_monster(quests: list[Quest]) -> None:
    _rule(98, "**Treasures**")  # random items "selected by drawing a card from the treasure deck"
    _rule(142, "**Wandering Monsters:**")  # "...or when drawing cards from the treasure deck"
    for quest in quests:
        assert any(t.deck for t in quest.file.treasure), quest.id


def test_treasure_is_both_on_squares_and_in_furniture_and_artifacts_are_placed(quests: list[Quest]) -> None:
    _rule(98, "**Treasures**")  # "Some places contain specific artifacts"
    _rule(146, "Some furniture may contain treasure.")
    for quest in quests:
        assert any(t.at is not None for t in quest.file.treasure), quest.id
        assert any(t.furniture is not None for t in quest.file.treasure), quest.id
    assert sum(1 for q in quests for t in q.file.treasure if t.artifact) >= 2


def test_every_door_kind_is_used(quests: list[Quest]) -> None:
    doors = [d for q in quests for d in q.file.doors]
    _rule(122, "**Doors:**")  # "generally be closed until a player character opens them"
    assert any(d.state == "closed" and not d.exit for d in doors)
    assert any(d.state == "open" for d in doors)
    _rule(122, "**Doors:**")  # "Secret doors must be searched for before being opened"
    _rule(100, "**Secret doors**")
    assert any(d.state == "secret" for d in doors)
    _rule(124, "**Spiral Staircases and Exit Doors:**")
    assert any(d.exit for d in doors)
    assert all(q.file.stairs is not None for q in quests)


def test_exit_doors_stand_in_the_outer_wall(quests: list[Quest]) -> None:
    for quest in quests:
        for door in (d for d in quest.file.doors if d.exit):
            inside = [s for s in door.at if quest.board.on_board(s)]
            assert len(inside) == 1 and quest.board.is_floor(inside[0]), door.id


@pytest.mark.parametrize("kind", sorted(FURNITURE_KINDS))
def test_every_furniture_kind_is_used(kind: str, quests: list[Quest]) -> None:
    _rule(144, "**Furniture:**")
    assert any(f.kind == kind for q in quests for f in q.file.furniture), f"no {kind} in any quest"


def test_furniture_of_both_heights_and_some_holding_treasure(quests: list[Quest]) -> None:
    _rule(144, "**Furniture:**")  # low flat furniture may be climbed; the rest may not
    heights = {FURNITURE_KINDS[f.kind].height for q in quests for f in q.file.furniture}
    assert heights == {"low", "tall"}
    for quest in quests:
        kinds = {f.id: f.kind for f in quest.file.furniture}
        for t in quest.file.treasure:
            if t.furniture is not None:
                assert FURNITURE_KINDS[kinds[t.furniture]].holds_treasure, (quest.id, t.id)
        for trap in quest.file.traps:
            if trap.furniture is not None:
                assert any(t.furniture == trap.furniture for t in quest.file.treasure), (quest.id, trap.id)


def test_every_goal_kind_wins_some_quest(quests: list[Quest]) -> None:
    _rule(114, "**Conditions for Ending a Quest:**")  # rescuing a character, killing a major enemy...
    wins = set().union(*(_wins(q) for q in quests))
    # slay-all is the goal of imported quests whose text names none: test_quest_goals.py plays it; reach
    # (a room to reach or hold) that of imported quests that send the heroes to a room:
    # test_quest_goals_several.py plays it
    assert wins == set(get_args(GoalKind)) - {"slay-all", "reach"}, wins
    assert len({q.file.goal.kind for q in quests}) == 3  # the format has one goal a quest


# ---------------------------------------------------------------------------------------------------
# The layouts: placements, reachability, events


@pytest.mark.parametrize("name", NAMES)
def test_monsters_start_in_rooms_and_off_furniture_and_traps(name: str) -> None:
    quest = _quest(name)
    covered = {s for f in quest.file.furniture for s in f.piece().squares}
    trapped = {s for t in quest.file.traps for s in t.squares}
    for m in quest.file.monsters:
        assert m.at not in covered and m.at not in trapped, m.id
        if not m.held:
            assert quest.board.room_of(m.at) is not None, f"{m.id} stands outside a room"


@pytest.mark.parametrize("name", NAMES)
def test_the_goal_is_reachable_from_the_start_without_searching(name: str) -> None:
    quest = _quest(name)
    reach = _reach(quest, _walkable(quest, secret=False))
    assert _at_or_beside(_goal_squares(quest), reach), quest.file.goal
    for event in quest.file.events:
        if any(a.kind == "end-quest" for a in event.actions) and event.trigger.kind == "monster-dies":
            assert quest.monster(event.trigger.monster).at in reach, event.id


@pytest.mark.parametrize("name", NAMES)
def test_a_falling_rock_never_shuts_the_heroes_from_the_goal(name: str) -> None:
    _rule(134, "**Falling Rock Traps**")  # "they permanently block passages in which they occur"
    quest = _quest(name)
    rocks = {s for t in quest.file.traps if t.kind == "falling-rock" for s in t.squares}
    reach = _reach(quest, _walkable(quest, secret=False).with_blocked(rocks))
    assert _at_or_beside(_goal_squares(quest), reach)


@pytest.mark.parametrize("name", NAMES)
def test_every_room_with_something_in_it_can_be_reached(name: str) -> None:
    _rule(100, "**Secret doors**")  # secret doors lead to hidden areas, found by searching
    quest = _quest(name)
    open_reach = _reach(quest, _walkable(quest, secret=False))
    reach = _reach(quest, _walkable(quest, secret=True))
    placed: list[tuple[str, frozenset[Square]]] = [(m.id, frozenset({m.at})) for m in quest.file.monsters]
    placed += [(f.id, f.piece().squares) for f in quest.file.furniture]
    placed += [(t.id, t.squares) for t in quest.file.traps if t.at is not None]
    placed += [(t.id, frozenset({t.at})) for t in quest.file.treasure if t.at is not None]
    for what, squares in placed:
        assert _at_or_beside(squares, reach), what
    # Only the rooms behind secret doors need searching, and each quest has such a room.
    hidden = {quest.board.room_of(s) for s in reach - open_reach}
    assert hidden and None not in hidden
    secret_sides = {quest.board.room_of(s) for d in quest.file.doors if d.state == "secret" for s in d.at}
    assert hidden <= secret_sides


@pytest.mark.parametrize("name", NAMES)
def test_every_event_trigger_names_something_there(name: str) -> None:
    quest = _quest(name)
    layout = _walkable(quest, secret=True)
    reach = _reach(quest, layout)
    doors = {d.id: d for d in quest.file.doors}
    held = {m.id for m in quest.file.monsters if m.held}
    kinds = set()
    for event in quest.file.events:
        t = event.trigger
        kinds.add(t.kind)
        if t.kind == "enter-room":
            assert t.room in quest.board.rooms() and quest.board.squares_of(t.room) & reach, event.id
        elif t.kind == "open-door":
            assert t.door in doors and not doors[t.door].exit and set(doors[t.door].at) & reach, event.id
        elif t.kind == "monster-dies":
            assert quest.monster(t.monster).at in reach, event.id
        elif t.kind == "enter-square":
            assert t.at in reach, event.id
        elif t.kind in ("solve-challenge", "fail-challenge"):  # other actions (line 110)
            c = next(c for c in quest.file.challenges if c.id == t.challenge)
            pieces = {f.id: f.piece().squares for f in quest.file.furniture}
            door = set(doors[c.door].at) if c.door else set()
            spots = {c.at} if c.at else (pieces[c.furniture] if c.furniture else door)
            assert _at_or_beside(set(spots), reach), event.id
        else:
            assert t.at is not None and any(line_of_sight(layout, s, t.at) for s in reach), event.id
        for action in event.actions:
            if action.kind == "place-monsters":
                assert set(action.monsters) <= held, event.id
            if action.kind == "reveal-door":
                assert doors[action.door].state == "secret", event.id
    assert {"enter-room", "open-door", "see-square", "monster-dies"} <= kinds
    placed = {m for e in quest.file.events for a in e.actions for m in a.monsters}
    assert held <= placed, "a held-back monster no event brings in"


@pytest.mark.parametrize("name", NAMES)
def test_no_furniture_walls_off_part_of_a_room_in_play(name: str) -> None:
    _rule(144, "**Furniture:**")  # figures "maneuver around" furniture: it must leave a way round
    quest = _quest(name)
    layout = _walkable(quest, secret=True)
    reach = _reach(quest, layout)
    rooms = {r for r in (quest.board.room_of(s) for s in reach) if r is not None}
    for room in rooms:
        free = {s for s in quest.board.squares_of(room) if not layout.solid(s)}
        assert free <= reach, (room, sorted(free - reach))
