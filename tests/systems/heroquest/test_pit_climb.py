"""Climbing out of a pit after a failed jump (line 132 of 004_24cd6f974fe6a1ee.txt), and the die less while
in it (line 130). The trap row quest (`play_helpers.TRAP_QUEST`) has a pit at (6,0) and a long pit at
(8,0)-(9,0) along the top corridor."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice
from grognard.systems.heroquest.views.event_text import log_lines
from tests.seeds import Rulebook

from .play_helpers import begin, index_of, put_hero, rolled, step, trap_quest

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")


def _known(state: QuestState, tid: str, status: str = "found") -> QuestState:
    traps = list(state.traps)
    traps[state.ctx.trap_index[tid]] = status
    return replace(state, traps=tuple(traps))


def _fell(tmp_path: Path, heroes: str = "barbarian") -> QuestState:
    """The first hero failed to jump the found pit from (5,0) and lies in it at (6,0)."""
    state = put_hero(begin(trap_quest(tmp_path), heroes=heroes), 0, at=(5, 0))
    return step(rolled(_known(state, "pit"), 12), "jump:7,0", "fall")


def _next_turn(state: QuestState) -> QuestState:
    """End turns until the first hero's next turn begins."""
    state = step(state, "end")
    while state.current_hero() != 0:
        state = step(state, "end")
    return state


def test_the_line_says_5_or_6_to_climb_out_after_a_failed_jump() -> None:
    line = SEED.read_text(encoding="utf-8").splitlines()[131]
    assert (
        line.startswith("**Long Pit Traps**")
        and "must roll a 5 or 6 on a single red die to climb out" in line
    )


def test_after_a_failed_jump_he_rolls_a_red_die_to_climb_out_line_132(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:132: a 5 or 6 on one red die climbs out; until then no movement roll."""
    fell = _fell(tmp_path)
    assert fell.heroes[0].at == (6, 0) and "pit|climb" in fell.heroes[0].effects
    turn = _next_turn(fell)
    actions = turn.legal_actions()
    assert "climb" in actions and "roll" not in actions
    trying = step(turn, "climb")
    assert trying.actor() is CHANCE
    assert dict(trying.chance_outcomes()) == {"out": Fraction(1, 3), "in": Fraction(2, 3)}
    out = step(trying, "out")
    assert "roll" in out.legal_actions() and "climb" not in out.legal_actions()
    assert "pit|here" in out.heroes[0].effects  # still on the pit's square until he moves off it
    moved = step(rolled(out, 12), "move:5,0")
    assert moved.heroes[0].at == (5, 0) and not moved.heroes[0].effects
    stuck = step(trying, "in")
    assert stuck.turn.stopped and not any(a in ("roll", "climb") for a in stuck.legal_actions())
    assert "climb" in _next_turn(stuck).legal_actions()  # he tries again on his next turn


def test_in_the_pit_he_attacks_and_defends_with_a_die_less_line_130(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:130: "continue to attack and defend with a -1 die penalty"."""
    fell = _fell(tmp_path)
    orc = index_of(fell, "orc")
    out = replace(fell, heroes=(replace(fell.heroes[0], effects=()), *fell.heroes[1:]))
    assert hero_attack_dice(fell, 0, orc) == hero_attack_dice(out, 0, orc) - 1
    assert hero_defend_dice(fell, 0) == hero_defend_dice(out, 0) - 1


def test_human_resistance_adds_two_to_the_climbing_die_line_315(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:315: add 2 to any roll of a red die against a trap: 3 or more climbs."""
    import json

    from grognard.systems.heroquest.content.quest_setup import hero_from_spec

    hero = hero_from_spec("barbarian").model_copy(update={"skills": ("Human Resistance",)})
    party = json.dumps([hero.model_dump(mode="json")])
    fell = _fell(tmp_path, heroes=party)
    assert "3 or more" in " ".join(log_lines(fell.log))
    # Human Resistance also rolls a second white die on the jump itself; he fell on both
    trying = step(_next_turn(fell), "climb")
    assert dict(trying.chance_outcomes()) == {"out": Fraction(2, 3), "in": Fraction(1, 3)}


def test_a_hero_who_stumbles_on_a_hidden_pit_climbs_out_freely_line_130(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path)), 0, at=(5, 0))
    fell = step(rolled(state, 12), "move:7,0")
    assert fell.heroes[0].at == (6, 0) and fell.heroes[0].effects == ("pit|here",)
    assert "roll" in _next_turn(fell).legal_actions()


def test_a_failed_long_pit_jump_needs_the_climb_too_line_132(tmp_path: Path) -> None:
    state = put_hero(begin(trap_quest(tmp_path)), 0, at=(7, 0))
    trying = step(rolled(_known(state, "long", "sprung"), 12), "jump:10,0")
    fell = step(trying, "fall")
    assert fell.heroes[0].at == (8, 0) and "pit|climb" in fell.heroes[0].effects


def test_the_bot_climbs_out(tmp_path: Path) -> None:
    turn = _next_turn(_fell(tmp_path))
    assert hero_bot(turn, Rng(1)) == "climb"
