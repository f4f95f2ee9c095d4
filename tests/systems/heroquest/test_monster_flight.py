"""Monsters running away (004_24cd6f974fe6a1ee.txt:86-88) as the automatic game master plays it, with
our ruling on when a monster runs (docs/rulings/heroquest.md).

The arena is the central room Z (x 10-15, y 7-11), here with an open door north to the ring corridor."""

from __future__ import annotations

from pathlib import Path

from grognard.systems.heroquest.driver.turn import settle
from grognard.systems.heroquest.features.monsters.monster_flight import seen, wants_to_run
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.monster_gm import gm_choice

from .monster_helpers import arena, gm_turn
from .play_helpers import begin, index_of, put_hero, put_monster, step

DOOR = 'doors = [{ id = "z-north", at = [[12, 6], [12, 7]], state = "open" }]'


def _arena(tmp_path: Path, monsters: str, **options: object) -> QuestState:
    from dataclasses import replace

    state = begin(arena(tmp_path, monsters, more=DOOR), heroes="barbarian,elf-wizard", gm="human", **options)
    return replace(state, encounter=True)


def _choose(state: QuestState) -> str:
    pick = gm_choice(state, list(state.legal_actions()))
    assert pick is not None
    return pick


def test_a_badly_hurt_monster_runs_out_of_sight_and_escapes_lines_86_88(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:86: a side runs away by moving beyond the line of sight of all opposing
    characters; line 88: still out of sight by the end of their next turn, the game master's monster has
    escaped and leaves the board. Our ruling: an orc down to a third of its Body runs."""
    state = _arena(tmp_path, '  { id = "o", monster = "Orc", level = 3, at = [12, 8] },')
    j = index_of(state, "o")
    state = put_monster(state, "o", body=1)
    turn = gm_turn(state, "o")
    assert "running|quest" in turn.monsters[j].effects
    assert _choose(turn) == "roll"
    rolled = step(turn, "roll", 8)
    move = _choose(rolled)
    moved = step(rolled, move)
    assert not seen(moved, j)
    hidden = step(moved, "end")
    assert "hiding|quest" in hidden.monsters[j].effects
    at = moved.monsters[j].at
    assert at is not None and at[1] <= 6  # out through the door into the corridor
    gone = gm_turn(hidden, "o")
    assert gone.monsters[j].status == "gone" and gone.monsters[j].at is None


def test_a_runner_seen_again_has_not_escaped_line_88(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:88: "the other characters may attempt to chase": a hero who sees it again
    before its next turn keeps it from escaping."""
    state = _arena(tmp_path, '  { id = "o", monster = "Orc", level = 3, at = [12, 8] },')
    j = index_of(state, "o")
    hiding = put_monster(
        state, "o", at=(12, 4), body=1, effects=("running|quest", "hiding|quest"), aware=True
    )
    assert not seen(hiding, j)
    chased = settle(put_hero(hiding, 0, at=(12, 6)))
    assert seen(chased, j) and "hiding|quest" not in chased.monsters[j].effects
    assert gm_turn(chased, "o").monsters[j].status == "active"


def test_who_never_runs_our_ruling(tmp_path: Path) -> None:
    """Our ruling on 004_24cd6f974fe6a1ee.txt:86: mindless undead (Mind 0), a monster its quest keeps fighting
    (`flees = false`) and the quest's target never run; a monster above a third of its Body does not yet."""
    state = _arena(
        tmp_path,
        '  { id = "o", monster = "Orc", level = 3, at = [12, 8] },\n'
        '  { id = "s", monster = "Skeleton", level = 3, at = [13, 8] },\n'
        '  { id = "h", monster = "Orc", level = 3, at = [14, 8], flees = false },',
    )
    hurt = put_monster(put_monster(put_monster(state, "o", body=1), "s", body=1), "h", body=1)
    assert wants_to_run(hurt, index_of(hurt, "o"))
    assert not wants_to_run(hurt, index_of(hurt, "s"))  # Mind 0 (line 652)
    assert not wants_to_run(hurt, index_of(hurt, "h"))
    assert not wants_to_run(put_monster(state, "o", body=2), index_of(state, "o"))
    target = put_monster(state, "far", body=1)
    assert not wants_to_run(target, index_of(state, "far"))  # Body 1 of 1, and the quest's target


def test_a_cornered_runner_strikes(tmp_path: Path) -> None:
    """Our ruling on 004_24cd6f974fe6a1ee.txt:86: a running monster that cannot get out of sight
    fights on."""
    state = _arena(tmp_path, '  { id = "o", monster = "Orc", level = 3, at = [15, 11] },')
    state = put_hero(put_hero(state, 0, at=(15, 10)), 1, at=(14, 11))
    turn = step(gm_turn(put_monster(state, "o", body=1), "o"), "roll", 2)
    assert _choose(turn) in ("attack:h0", "attack:h1")
