"""Mercenaries hired for a quest and played as the heroes' allies (lines 951-1003, `mercenaries`)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.errors import UsageError
from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.homecoming import keep_awards
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster

from .play_helpers import index_of, put_hero, put_monster, step


def _party(*specs: str, gold: int = 0) -> str:
    """Heroes from specs, each with `gold`, as the JSON list a roster game passes."""
    return json.dumps(
        [hero_from_spec(s).model_copy(update={"gold": gold}).model_dump(mode="json") for s in specs]
    )


def _start(heroes: str, hires: str, order: str = "", quest: str = "the-goblin-cellar") -> QuestState:
    opts: dict[str, Any] = {"quest": quest, "heroes": heroes, "order": "agree", "mercenaries": hires}
    state = GAME.new_initial_state(GAME.info.resolve_options(opts))
    assert isinstance(state, QuestState)
    n = len(state.heroes)
    return step(state, "order:" + (order or ",".join(str(i) for i in range(n))))


def test_hiring_pays_the_price_in_advance_at_the_payers_level_lines_953_955_993() -> None:
    """004_24cd6f974fe6a1ee.txt:953 (paid in advance), :955 (the payer's level), :993-997 (Swordsman)."""
    state = _start(_party("barbarian", gold=250), "swordsman")
    assert len(state.heroes) == 2
    assert state.heroes[0].gold == 150  # 100 gold per quest (line 993)
    sword = state.hero_of(1)
    assert sword.name == "Swordsman of Human Barbarian" and sword.level == 1
    assert (sword.base.attack, sword.base.defend, sword.base.body, sword.base.mind) == (
        4,
        5,
        2,
        2,
    )  # line 997
    assert state.heroes[1].body == 2 and state.heroes[1].at is not None and state.heroes[1].gold == 0
    assert hero_defend_dice(state, 1) == 5  # his armour is in the table (line 955)


def test_a_named_hero_pays_and_a_mercenary_takes_his_level_line_955() -> None:
    """004_24cd6f974fe6a1ee.txt:955 and :974 (Halberdier, level 3: 4 3 4 3)."""
    heroes = json.dumps(
        [
            hero_from_spec("barbarian").model_copy(update={"gold": 500}).model_dump(mode="json"),
            hero_from_spec("warrior@3").model_copy(update={"gold": 80}).model_dump(mode="json"),
        ]
    )
    state = _start(heroes, "halberdier:Human Warrior")
    assert [h.gold for h in state.heroes[:2]] == [500, 5]  # 75 gold per quest (line 969)
    halb = state.hero_of(2)
    assert halb.level == 3 and (halb.base.defend, halb.base.body, halb.base.mind) == (3, 4, 3)


def test_a_hire_the_payer_cannot_afford_is_refused_line_953() -> None:
    """004_24cd6f974fe6a1ee.txt:953: "If you have the money" — the price is paid in advance."""
    with pytest.raises(UsageError, match="gold"):
        _start(_party("barbarian", gold=99), "swordsman")
    with pytest.raises(UsageError, match="gold"):
        _start(_party("barbarian", gold=140), "scout,scout,scout")  # 50 each (line 981)
    with pytest.raises(UsageError, match="no hero"):
        _start(_party("barbarian", gold=500), "scout:Nobody")
    with pytest.raises(UsageError, match="mercenary"):
        _start(_party("barbarian", gold=500), "pikeman")


def test_mercenaries_set_out_beside_the_party_when_the_start_squares_run_out() -> None:
    """004_24cd6f974fe6a1ee.txt:953: as many as he wishes — they stand beside the start squares."""
    state = _start(_party("barbarian", "dwarf-warrior", "elf-wizard", gold=400), "swordsman,swordsman,scout")
    squares = [h.at for h in state.heroes]
    assert len(state.heroes) == 6 and None not in squares and len(set(squares)) == 6
    assert not state.invariants()
    assert len({state.hero_of(i).name for i in range(6)}) == 6


def test_a_mercenary_only_moves_attacks_defends_and_opens_doors_line_955() -> None:
    """004_24cd6f974fe6a1ee.txt:955: "he may not take any other actions unless otherwise specified"."""
    state = _start(_party("barbarian", gold=300), "swordsman", order="1,0")
    assert state.current_hero() == 1
    acts = state.legal_actions()
    assert "roll" in acts and "defend" in acts and "end" in acts
    assert not any(a.startswith(("search:", "rest", "use:", "cast:", "skill:", "free:")) for a in acts)
    hero_acts = _start(_party("barbarian", gold=300), "swordsman").legal_actions()
    assert "search:treasure" in hero_acts and "rest" in hero_acts  # the hero still may


def test_a_mercenarys_movement_is_held_to_his_table_line_611() -> None:
    """004_24cd6f974fe6a1ee.txt:993-997 (Swordsman 2-5 squares) read as line 611's least and most."""
    state = _start(_party("barbarian", gold=300), "swordsman", order="1,0")
    rolling = step(state, "roll")
    squares = {n for n, _ in rolling.chance_outcomes()}
    assert squares == {2, 3, 4, 5}
    assert step(rolling, 5).turn.moves == 5
    for seed in range(20):
        outcome, _faces = rolling.roll(random.Random(seed))
        assert isinstance(outcome, int) and 2 <= outcome <= 5


def test_the_halberdier_strikes_diagonally_line_969() -> None:
    """004_24cd6f974fe6a1ee.txt:969: the halberd attacks diagonally "the same as with a staff"."""
    for hires, diagonal in (("halberdier", True), ("swordsman", False)):
        state = _start(_party("barbarian", gold=300), hires, order="1,0")
        state = put_hero(state, 1, at=(2, 2))
        state = put_hero(state, 0, at=(1, 1))
        state = put_monster(state, "goblin-1", at=(3, 3))
        assert ("attack:goblin-1" in state.legal_actions()) is diagonal


def test_the_halberdier_sweeps_as_with_a_staff_line_969() -> None:
    """004_24cd6f974fe6a1ee.txt:969 ("sweeping attacks the same as with a staff") read as Sweep Attack
    (line 335: full dice on the first, one fewer on each next)."""
    for hires, sweeps in (("halberdier", True), ("swordsman", False)):
        state = _start(_party("barbarian", gold=300), hires, order="1,0")
        state = put_hero(state, 1, at=(2, 2))
        state = put_hero(state, 0, at=(1, 1))
        state = put_monster(state, "goblin-1", at=(2, 3))
        state = replace(put_monster(state, "goblin-2", at=(1, 3)), encounter=True)  # once an encounter
        acts = state.legal_actions()
        assert ("skill:sweep-attack:goblin-1" in acts) is sweeps
        if sweeps:
            swept = step(state, "skill:sweep-attack:goblin-1")
            assert swept.pending is not None and swept.pending.dice == 3  # level 1 Attack (line 972)
            assert swept.pending.then == "sweep:goblin-2"


def test_the_crossbowman_shoots_any_enemy_in_sight_at_his_tables_attack_line_957() -> None:
    """004_24cd6f974fe6a1ee.txt:957 (a crossbow at range, a broadsword in melee) and :960 (Attack 3)."""
    state = _start(_party("barbarian", gold=300), "crossbowman", order="1,0")
    state = put_hero(state, 1, at=(2, 2))
    state = put_hero(state, 0, at=(1, 1))
    state = put_monster(state, "goblin-1", at=(4, 1))
    j = index_of(state, "goblin-1")
    assert "attack:goblin-1" in state.legal_actions()  # two squares off, in sight
    assert hero_attack_dice(state, 1, j) == 3
    beside = put_monster(state, "goblin-1", at=(2, 3))
    assert "attack:goblin-1" in beside.legal_actions() and hero_attack_dice(beside, 1, j) == 3


def test_the_scout_searches_for_traps_and_disarms_them_as_a_rogue_line_981(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:981 ("detect and disarm traps with the same skill as a dwarf or rogue")
    and :255 (Disarm Traps fails only on a black shield)."""
    from .play_helpers import trap_quest

    state = _start(_party("barbarian", gold=300), "scout", order="1,0", quest=trap_quest(tmp_path))
    acts = state.legal_actions()
    assert "search:traps" in acts and "search:treasure" not in acts and "search:doors" not in acts
    state = put_hero(state, 1, at=(3, 0))
    state = put_hero(state, 0, at=(0, 1))
    spear = state.ctx.trap_index["spear"]
    state = replace(state, traps=tuple("found" if k == spear else t for k, t in enumerate(state.traps)))
    assert "disarm:4,0" in state.legal_actions()
    trying = step(state, "disarm:4,0")
    assert dict(trying.chance_outcomes()) == {
        "disarmed": pytest.approx(5 / 6),
        "sprung": pytest.approx(1 / 6),
    }


def test_a_mercenary_dies_unrefunded_and_his_kills_earn_him_nothing_line_955(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:955: no refund on his death; no experience, treasure or items for him."""
    state = _start(_party("barbarian", gold=300), "swordsman")
    j = index_of(state, "goblin-1")
    killed = hurt_monster(state, j, 99, killer=1)
    assert killed.heroes[1].xp == 0 and killed.heroes[0].xp == 1  # the heroes' share; the blow's point lost
    dead = hurt_hero(state, 1, 99, "hazard")
    assert dead.heroes[1].status == "dead" and dead.heroes[1].at is None
    assert dead.heroes[0].gold == 200  # not refunded
    assert not any(a.startswith("collect:h1") for a in dead.legal_actions())
    assert not dead.invariants()


def test_mercenaries_are_gone_after_the_quest_line_955(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:953 (a per-quest rate): the hire ends with the quest; he is no roster hero."""
    roster = Roster(open_store(tmp_path))
    hero = hero_from_spec("barbarian").model_copy(update={"gold": 300})
    roster.save(hero, new=True)
    state = _start(json.dumps([hero.model_dump(mode="json")]), "swordsman")
    over = replace(state, outcome="won", goal_met=True)
    lines = keep_awards(roster, over)
    assert not roster.has("Swordsman of Human Barbarian")
    assert roster.load("Human Barbarian").gold == 200  # the price stays paid
    assert not any("Swordsman" in line for line in lines)


def test_a_mercenary_fights_on_after_his_employer_dies_line_955() -> None:
    """004_24cd6f974fe6a1ee.txt:955: "If the player dies and the mercenary is still alive, he will be
    controlled by the player until the end of the quest"."""
    from grognard.systems.heroquest.driver.turn import check_end, settle

    state = _start(_party("barbarian", gold=300), "swordsman")
    alone = settle(hurt_hero(state, 0, 99, "hazard"))
    assert alone.heroes[0].status == "dead" and alone.outcome == ""
    assert alone.current_hero() == 1 and "roll" in alone.legal_actions()
    assert check_end(hurt_hero(alone, 1, 99, "hazard")).outcome == "lost"


def test_play_hires_with_the_mercenaries_option_and_refuses_when_gold_is_short(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:953: hired for gold, per quest; the hero's gold stays paid on the roster."""
    from tests.cli.helpers import grognard

    made = grognard(
        "hq", "hero", "new", "--name", "Bruni", "--race", "dwarf", "--class", "warrior", "--extra",
        "body,attack", "--gold", "160", "--json", home=tmp_path,
    )  # fmt: skip
    assert made.code == 0, made.err
    args = ("hq", "play", "the-goblin-cellar", "--heroes", "Bruni", "--bots", "--seed", "4")
    ran = grognard(*args, "--mercenaries", "halberdier,scout", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Halberdier of Bruni" in ran.out and "Scout of Bruni" in ran.out
    with open_store(tmp_path) as store:
        kept = Roster(store).heroes()
    assert [h.name for h in kept] == ["Bruni"]
    assert f"{kept[0].gold} gold" in ran.out  # what he came home with: 160 less 125, plus finds
    assert kept[0].gold == 35  # this seed finds no gold: 160 - 75 - 50
    short = grognard(*args, "--mercenaries", "swordsman", home=tmp_path)
    assert short.code != 0 and "100" in short.err and "gold" in short.err
