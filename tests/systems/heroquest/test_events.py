"""HeroQuest's log keeps event records (`events`), one renderer says them (`event_text`), and the seat
view gives them as structured events, keeping from the heroes what a monster out of sight does."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.view import Event, SeatView, ToAct
from grognard.systems.heroquest.model import events as hq_events
from grognard.systems.heroquest.model.edits import note
from grognard.systems.heroquest.model.events import HqEvent, said
from grognard.systems.heroquest.model.state import GM_PLAYER, QuestState, state_from_data, state_to_data
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster
from grognard.systems.heroquest.views.event_text import (
    DERIVED,
    TEXTS,
    event_text,
    log_lines,
    sentence,
    view_sentence,
)
from grognard.systems.heroquest.views.seat_view import audit, log_event, quest_sight
from tests.systems.heroquest.play_helpers import begin, index_of, trap_quest

PACKAGE = Path(hq_events.__file__).parents[1]
"""The HeroQuest package, its sub-packages included."""

PHRASES = frozenset(TEXTS)
"""The phrase ids: the keys of the one table of phrases and their sentences."""


def _fields(template: str) -> set[str]:
    return {name.split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _note_calls() -> list[tuple[str, int, ast.expr]]:
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "note":
                calls.extend((path.name, node.lineno, arg) for arg in node.args[1:2])
    return calls


def _events(expr: ast.expr) -> list[ast.expr]:
    """The branches of a note's event argument (a conditional gives two)."""
    if isinstance(expr, ast.IfExp):
        return [*_events(expr.body), *_events(expr.orelse)]
    return [expr]


def test_no_rule_writes_a_line_of_text_to_the_log() -> None:
    """Every `note` of the package is given an event built by `said` (a phrase, not an f-string), and
    every phrase it names is one the renderer says."""
    calls = _note_calls()
    assert len(calls) > 200
    bad = []
    for name, line, arg in calls:
        for expr in _events(arg):
            if not (
                isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "said"
            ):
                bad.append(f"{name}:{line}")
                continue
            phrase = expr.args[0]
            if isinstance(phrase, ast.Name):
                continue  # a phrase passed in (`give_treasure`'s `found`): its constant is checked below
            if not isinstance(phrase, ast.Constant) or phrase.value not in PHRASES:
                bad.append(f"{name}:{line} names no phrase")
                continue
            given = {k.arg for k in expr.keywords} - {"hero", "monster"} | DERIVED.get(phrase.value, set())
            if not _fields(TEXTS[phrase.value]) <= given:
                bad.append(f"{name}:{line} misses {_fields(TEXTS[phrase.value]) - given}")
    assert bad == []


def _phrase_shaped() -> list[tuple[str, int, str]]:
    """Every string constant of the package shaped like a phrase id ("kind.what" of a known kind)."""
    kinds = "|".join(sorted(hq_events.KINDS))
    shape = re.compile(rf"(?:{kinds})\.[a-z0-9]+(?:-[a-z0-9]+)*")
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and shape.fullmatch(node.value):
                found.append((path.name, node.lineno, node.value))
    return found


def test_every_phrase_written_anywhere_is_in_the_one_table() -> None:
    """A phrase held in a variable or a set (`give_treasure`'s default, the spell a hero puts aside, the
    game master's own phrases) is checked as the ones given to `said` are: no second list of ids."""
    shaped = _phrase_shaped()
    assert len(shaped) > 200
    assert [f"{name}:{line} {value}" for name, line, value in shaped if value not in PHRASES] == []
    assert {"treasure.takes", "spell.puts-aside", "trap.trap-undone"} <= {v for _, _, v in shaped}


def test_note_refuses_a_line_of_text() -> None:
    state = begin()
    with pytest.raises(TypeError, match="events, not str"):
        note(state, "A line of text.")  # type: ignore[arg-type]


def test_every_phrase_has_one_sentence_and_a_kind() -> None:
    assert {said(p).kind for p in PHRASES} == hq_events.KINDS
    assert {"wound", "death", "spell", "trap", "search", "item", "monster", "move", "turn"} <= hq_events.KINDS


def test_events_say_what_the_text_log_said() -> None:
    state = begin()
    goblin = 0
    name = state.stats_of(goblin).name
    unharmed = hurt_monster(state, goblin, 0, killer=None)
    assert log_lines(unharmed.log) == [f"{name} takes no harm."]
    assert unharmed.log[-1] == HqEvent("wound.takes-no-harm", None, goblin, (("monster_name", name),))
    hurt = hurt_hero(state, 0, 2, "falling-rock")
    hero = state.hero_of(0).name
    assert log_lines(hurt.log) == [f"The falling rock costs {hero} 2 Body."]
    assert hurt.log[-1].kind == "wound" and hurt.log[-1].hero == 0 and hurt.log[-1].data()["damage"] == 2


def test_a_square_is_said_as_x_y_and_given_as_a_pair() -> None:
    event = said("ice.ice-melts-away", square=(4, 7))
    assert event_text(event) == "The ice at 4,7 melts away."
    shown = log_event(event)
    assert shown.kind == "ice" and shown.values == {"say": "ice.ice-melts-away", "square": [4, 7]}
    assert view_sentence(shown.values) == "The ice at 4,7 melts away."


def test_a_view_event_of_another_system_has_no_sentence() -> None:
    assert view_sentence({"text": "A log line."}) == ""
    assert view_sentence({"say": "no.such-phrase"}) == ""
    with pytest.raises(KeyError):
        sentence("wound.costs-body", {"hero_name": "Bo"})


def test_the_log_round_trips_through_json_and_an_old_text_log_still_reads() -> None:
    state = hurt_hero(begin(), 0, 1, "hazard")
    back = state_from_data(state_to_data(state))
    assert back == state and back.log == state.log and isinstance(back.log[0], HqEvent)
    old: dict[str, Any] = {**state_to_data(state), "log": ["The blow costs Bo 1 Body."]}
    assert state_from_data(old) == state and state_from_data(old).log == ()


def _hidden_goblin(tmp_path: Path) -> tuple[QuestState, int]:
    state = begin(trap_quest(tmp_path))
    far = index_of(state, "far")
    assert far not in state.visible_monsters and state.monsters[far].at is not None
    return state, far


def test_the_heroes_are_not_told_what_a_monster_out_of_sight_does(tmp_path: Path) -> None:
    state, far = _hidden_goblin(tmp_path)
    name = state.stats_of(far).name
    state = note(state, said("monster.moves-on", monster=far, monster_name=name))
    state = note(state, said("trap.trap-undone", furniture="chest"))
    state = note(state, said("rest.rest-disturbed"))
    heroes = [e.values["say"] for e in quest_sight(state, 0).log]
    onlooker = [e.values["say"] for e in quest_sight(state, None).log]
    master = [e.values["say"] for e in quest_sight(state, GM_PLAYER).log]
    assert heroes == onlooker == ["rest.rest-disturbed"]
    assert master == ["monster.moves-on", "trap.trap-undone", "rest.rest-disturbed"]
    assert all(e.kind in hq_events.KINDS for e in quest_sight(state, GM_PLAYER).log)


def test_the_audit_reads_event_values(tmp_path: Path) -> None:
    state, far = _hidden_goblin(tmp_path)
    sight = quest_sight(state, 0)
    view = SeatView(
        system="heroquest",
        game="quest",
        seat=0,
        ply=0,
        to_act=ToAct(next="decision", seats=[0]),
        public=sight.public,
    )
    assert audit(state, 0, view) == []
    leaks = [
        Event(kind="monster", values={"say": "monster.moves-on", "monster": far, "monster_name": "Goblin"}),
        Event(kind="trap", values={"say": "trap.trap-undone", "furniture": "chest"}),
        Event(kind="item", values={"owner": state.monsters[far].id}),
    ]
    found = audit(state, 0, view.model_copy(update={"events": leaks}))
    assert len(found) == 3 and "out of sight" in found[0] and "trap.trap-undone" in found[1]
    assert audit(state, GM_PLAYER, view.model_copy(update={"events": leaks})) == []


def test_the_terminal_and_the_browser_show_the_sentence() -> None:
    from grognard.cli.view_text import event_line, sentence_of
    from grognard.web.pages import TEMPLATES

    event = log_event(said("wound.costs-body", hero=0, source="falling-rock", hero_name="Bo", damage=2))
    view = SeatView(system="heroquest", game="quest", seat=0, ply=3, to_act=ToAct(next="end"), events=[event])
    assert event_line(event, sentence_of(view)) == "  The falling rock costs Bo 2 Body."
    assert event_line(event) != event_line(event, sentence_of(view))  # the generic line has no sentence
    page = TEMPLATES.env.get_template("fragments/events.html").render(view=view)
    assert "The falling rock costs Bo 2 Body." in page and 'data-event="wound"' in page
