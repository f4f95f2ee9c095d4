"""Quest 1's prisoner: the quest's note and the play agree (the rescue of line 114, docs/rulings)."""

from __future__ import annotations

from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import quest_source

from .play_helpers import begin, index_of, put_hero, step


def test_the_freed_prisoner_goes_with_her_rescuer_as_the_note_says_line_114() -> None:
    quest = load_quest(quest_source("1-the-smugglers-stair"))
    note = next(n for n in quest.file.notes if n.id == "A").text
    assert "goes with him" in note and "does not fight" in note and "fights for them" not in note
    state = put_hero(begin("1-the-smugglers-stair", heroes="barbarian"), 0, at=(5, 3))
    assert "free:ilsa" in state.legal_actions()
    freed = step(state, "free:ilsa")
    j = index_of(freed, "ilsa")
    assert freed.monsters[j].status == "escorted" and freed.monsters[j].at is None  # off the board with him
    assert freed.heroes[0].escort == "ilsa"
    assert j not in freed.visible_monsters  # no figure of hers to move or fight
