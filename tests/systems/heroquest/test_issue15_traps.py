"""Traps found by searching: told by their place, not their kind (line 96); a trap in furniture is
disarmed like any other (lines 126, 146, 255) and a disarmed one never springs."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.views.event_text import log_lines
from grognard.systems.heroquest.views.render import action_label, status_lines

from .play_helpers import begin, put_hero, step, trap_quest


def _status(state: QuestState, tid: str) -> str:
    return state.traps[state.ctx.trap_index[tid]]


def _found(state: QuestState, *tids: str) -> QuestState:
    traps = list(state.traps)
    for tid in tids:
        traps[state.ctx.trap_index[tid]] = "found"
    return replace(state, traps=tuple(traps))


def test_searching_tells_the_spot_of_a_furniture_trap_not_its_kind_line_96(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path), heroes="dwarf-warrior"), 0, at=(3, 3))
    found = step(state, "search:traps")
    assert _status(found, "chest-trap") == "found"
    said = log_lines(found.log)[-1]
    assert "in the chest a-chest" in said and "spear" not in said and "chest-trap" not in said
    assert "trap found in the chest a-chest" in status_lines(found)


def test_a_found_furniture_trap_is_disarmed_and_never_springs_lines_126_146_255(tmp_path: Path) -> None:
    state = _found(put_hero(begin(trap_quest(tmp_path), heroes="dwarf-warrior"), 0, at=(3, 3)), "chest-trap")
    assert "disarm:a-chest" in state.legal_actions()  # beside the chest it is set in
    assert action_label(state, "disarm:a-chest") == "disarm the trap in the chest a-chest"
    trying = step(state, "disarm:a-chest")
    assert dict(trying.chance_outcomes()) == {"disarmed": Fraction(5, 6), "sprung": Fraction(1, 6)}
    done = step(trying, "disarmed")
    assert _status(done, "chest-trap") == "disarmed" and done.heroes[0].xp == 1
    # searching the chest for treasure next turn springs nothing: the gold is taken at once
    later = put_hero(replace(done, turn=replace(done.turn, acted=False)), 0, at=(3, 3))
    looted = step(later, "search:treasure")
    assert looted.pending is None or looted.pending.kind != "trap"
    assert "chest-gold" in looted.taken and looted.heroes[0].gold == 25
    # a failed disarm springs it on the disarmer with a spear trap's effect: one die, a skull wounds
    sprung = step(trying, "sprung")
    assert sprung.pending is not None and sprung.pending.kind == "trap"
    assert dict(sprung.chance_outcomes()) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    hurt = step(sprung, 1)
    assert hurt.heroes[0].body == hurt.hero_of(0).maximum("body") - 1
    assert _status(hurt, "chest-trap") == "gone"


def test_a_found_furniture_trap_not_disarmed_still_springs_on_the_treasure_search_line_146(
    tmp_path: Path,
) -> None:
    state = _found(put_hero(begin(trap_quest(tmp_path), heroes="barbarian"), 0, at=(3, 3)), "chest-trap")
    assert not any(a.startswith("disarm:") for a in state.legal_actions())  # no skill, no Tool Kit
    trapped = step(state, "search:treasure")
    assert trapped.pending is not None and trapped.pending.kind == "trap"


def test_the_disarm_offer_names_the_square_not_the_trap_line_96() -> None:
    state = begin("1-the-smugglers-stair", heroes="dwarf-warrior")
    state = _found(put_hero(state, 0, at=(3, 9)), "passage-pit")
    disarms = [a for a in state.legal_actions() if a.startswith("disarm:")]
    assert disarms == ["disarm:4,9"]
    label = action_label(state, "disarm:4,9")
    assert label == "disarm the trap at 4,9" and "pit" not in label
