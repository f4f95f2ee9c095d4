"""Chaos spells cast by monsters (lines 102-104, 162, 543-593 of /work/shared/seeds/004_24cd6f974fe6a1ee.txt):
the registry, which monsters cast what, the quest format's spell lists, what a cast costs, and the
automatic game master's choice between a spell and an attack."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.chaos_lists import default_spells
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.features.spells import spells
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState
from grognard.systems.heroquest.policies.chaos_policy import attack_value, spell_value
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules import chaos
from grognard.systems.heroquest.rules.chaos import known_spells, magic_left
from grognard.systems.heroquest.views.event_text import log_lines

from .chaos_helpers import arena, casts, gm_turn, start
from .play_helpers import index_of, put_hero, put_monster, step


def test_every_chaos_spell_is_cast_by_monsters_line_543() -> None:
    """004_24cd6f974fe6a1ee.txt:543: the chaos spells are the enemies'; each has a monster handler, and
    the heroes' registry lists them as cast by monsters."""
    keys = {f"chaos/{s.key}" for s in hq.catalog().spells.values() if s.school == "chaos"}
    assert keys and set(chaos.HANDLERS) == keys and not chaos.NOT_PLAYED  # the count: test_heroes.py
    for key in keys:
        assert key in spells.PASSIVE and key not in spells.HANDLERS and key not in spells.NOT_PLAYED
    reactive = {k for k, h in chaos.HANDLERS.items() if h.reactive}
    assert reactive == {"chaos/dispell", "chaos/mirror-magic"}  # lines 557, 571: during a hero's turn


def test_default_spells_follow_level_mind_and_magic_lines_104_543_727() -> None:
    """004_24cd6f974fe6a1ee.txt:543 (same level restrictions), 104 (no more spells than Mind), 727 (a
    mummy retains one), the Magic column of the monster tables (a monster without Magic casts none)."""
    assert default_spells("Gargoyle", 3) == (
        "chaos/dispell",
        "chaos/lightning-bolt",
        "chaos/sleep",
        "chaos/soothe",
    )
    assert default_spells("Chaos Warrior", 8) == (
        "chaos/summon-undead",
        "chaos/summon-orcs",
        "chaos/werewolfs-curse",
        "chaos/cloud-of-chaos",
    )
    assert default_spells("Mummy", 4) == ("chaos/escape",)
    assert default_spells("Chaos Warrior", 3) == ()  # Magic 0 at level 3 (line 763)
    assert default_spells("Goblin", 8) == ()


def test_a_quest_gives_a_caster_its_spells_and_bad_lists_are_refused(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:543, 104, 162: a quest's list is the game master "otherwise specifying"
    (even Summon Wolves, level 9, above every printed caster); it may hold no more than the monster's
    Mind, and only a monster with Magic casts."""
    state = start(arena(tmp_path, ["Summon Wolves", "Chill"]))
    assert known_spells(state, index_of(state, "caster")) == ("chaos/summon-wolves", "chaos/chill")
    silent = start(arena(tmp_path, None, caster="Gargoyle", level=3, name="silent"))
    assert known_spells(silent, index_of(silent, "caster")) == default_spells("Gargoyle", 3)
    bad = [
        (["Tempest"], "Goblin", 1, "no Magic points"),
        (["Tempest", "Fear", "Chill", "Sleep", "Rust"], "Chaos Warrior", 8, "at most 4"),
        (["Fire of Wrath"], "Chaos Warrior", 8, "no chaos spell"),
        (["Fear", "fear"], "Chaos Warrior", 8, "listed twice"),
    ]
    for n, (names, kind, level, why) in enumerate(bad):
        path = arena(tmp_path, names, caster=kind, level=level, name=f"bad-{n}")
        with pytest.raises(ContentError) as err:
            load_quest(path)
        assert "monsters[0].spells" in str(err.value) and why in str(err.value)


def test_a_cast_is_the_action_and_costs_a_magic_point_line_162(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:102 (in lieu of an attack), 162 (one Magic point a cast): the chaos
    warrior's one Magic point at level 8 buys one spell; then it neither attacks nor casts again."""
    state = gm_turn(start(arena(tmp_path, ["Tempest", "Fear"])))
    j = index_of(state, "caster")
    assert state.acting == j and magic_left(state, j) == 1
    state = put_hero(state, 0, at=(13, 9))  # beside it: an attack is open too
    assert "attack:h0" in state.legal_actions() and "cast:chaos/fear:h0" in casts(state)
    after = step(state, "cast:chaos/fear:h0")
    assert magic_left(after, j) == 0
    assert not [a for a in after.legal_actions() if a.startswith(("cast:", "attack:"))]
    assert after.monsters[j].effects == ("spent-magic+1|quest",)


def test_a_spell_needs_the_target_in_sight_line_84(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:84: a character acts only on what he sees; a hero behind the orc, or out
    of the room, is no target."""
    state = gm_turn(start(arena(tmp_path, ["Tempest"])))
    state = put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(22, 16))
    assert casts(state) == ["cast:chaos/tempest:h0"]
    hidden = put_monster(state, "orc", at=(13, 9))  # between the caster and the barbarian
    assert casts(hidden) == []


def test_the_game_master_casts_when_the_spell_is_worth_more_than_the_attack(tmp_path: Path) -> None:
    """The automatic game master's policy (docs/systems/heroquest.md): putting the barbarian (Mind 2) to
    sleep is worth more than the half of an attack it might reach this turn; beside the barbarian a Chill
    (one Body) is worth less than a level-8 chaos warrior's six attack dice."""
    state = gm_turn(start(arena(tmp_path, ["Sleep", "Chill"])))
    state = put_hero(put_hero(state, 0, at=(11, 9)), 1, at=(10, 7))
    j = index_of(state, "caster")
    actions = list(state.legal_actions())
    assert spell_value(state, j, "cast:chaos/sleep:h0") > attack_value(state, j, actions) > 0
    assert choose(state) == "cast:chaos/sleep:h0"
    chill = gm_turn(start(arena(tmp_path, ["Chill"], name="chill")))
    near = put_hero(put_hero(chill, 0, at=(13, 9)), 1, at=(10, 7))
    assert casts(near) == ["cast:chaos/chill:h0"]
    worth = spell_value(near, j, "cast:chaos/chill:h0")
    assert worth == 1.0 < attack_value(near, j, list(near.legal_actions()))
    assert choose(near).startswith("attack:h")


def test_the_automatic_game_master_casts_in_its_turn(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:102, 561: played through by the automatic game master, the caster puts a
    hero to sleep and the hero rolls at once to break it."""
    state = start(arena(tmp_path, ["Sleep"]), gm="auto")
    state = put_hero(put_hero(state, 0, at=(11, 9)), 1, at=(10, 7))
    state = step(state, "end", "end")
    assert state.actor() is CHANCE and state.pending is not None and state.pending.kind == "cbreak"
    assert any("casts Sleep" in line for line in log_lines(state.log))
    assert state.pending.then == "now" and state.pending.dice == state.heroes[state.pending.target].mind


def test_a_spell_in_flight_round_trips_through_json(tmp_path: Path) -> None:
    """A state waiting for the heroes' answer (Strength of Will, line 313) saves and loads equal."""
    from .chaos_helpers import hero, party

    barbarian = hero("human", "barbarian", skills=("Strength of Will",), mind=5)
    state = gm_turn(start(arena(tmp_path, ["Sleep"]), party(barbarian)))
    state = put_hero(state, 0, at=(12, 9))
    waiting = step(state, "cast:chaos/sleep:h0")
    assert waiting.casting and waiting.actor() == HERO_PLAYER
    assert waiting.legal_actions() == ("resist:will:h0", "resist:done")
    back = GAME.state_from_json(GAME.state_to_json(waiting))
    assert isinstance(back, QuestState) and back == waiting and back.actor() == HERO_PLAYER
    assert state.actor() == GM_PLAYER


POLICY = [
    ("Tempest", {}, "cast:chaos/tempest:h1"),
    ("Weak Ball of Flame", {}, "cast:chaos/weak-ball-of-flame:h0"),
    ("Fear", {}, "cast:chaos/fear:h0"),
    ("Mind Blast", {}, "cast:chaos/mind-blast:h0"),
    ("Lightning Bolt", {"h1": (10, 9)}, "cast:chaos/lightning-bolt:w"),
    ("Sleep", {}, "cast:chaos/sleep:h0"),
    ("Soothe", {"body": 7}, "cast:chaos/soothe:caster"),
    ("Escape", {"body": 3, "h0": (13, 9)}, "cast:chaos/escape:self"),
    ("Command", {}, "cast:chaos/command:h0"),
    ("Mind Freeze", {}, "cast:chaos/mind-freeze:h0"),
    ("Skate", {"body": 3, "h0": (13, 9)}, "cast:chaos/skate:self"),
    ("Rust", {"heroes": "warrior,elf-wizard"}, "cast:chaos/rust:h0=short-sword"),
    ("Firestorm", {}, "cast:chaos/firestorm:room"),
    ("Ice Storm", {"h1": (13, 10)}, "cast:chaos/ice-storm:12,9"),
    ("Restore Chaos", {"body": 4}, "cast:chaos/restore-chaos:caster"),
    ("Cloud of Chaos", {}, "cast:chaos/cloud-of-chaos:room"),
    ("Ice Wall", {"body": 5}, "cast:chaos/ice-wall:13,9"),
    ("Summon Orcs", {}, "cast:chaos/summon-orcs:self"),
    ("Werewolf's Curse", {}, "cast:chaos/werewolfs-curse:h0"),
    ("Summon Undead", {}, "cast:chaos/summon-undead:self"),
    ("Summon Wolves", {}, "cast:chaos/summon-wolves:self"),
]
"""A position where the automatic game master casts each spell it chooses of itself: the barbarian (h0)
at (12, 9), the wizard (h1) at (10, 7), unless the case moves them or wounds the caster."""


@pytest.mark.parametrize(("spell", "where", "action"), POLICY, ids=[c[0] for c in POLICY])
def test_the_game_master_casts_each_spell_where_it_pays(
    tmp_path: Path, spell: str, where: dict[str, object], action: str
) -> None:
    """Lines 545-593 of 004_24cd6f974fe6a1ee.txt, with the policy of docs/systems/heroquest.md: in each
    position the spell is worth more than the caster's attack, and `gm.choose` casts it."""
    heroes = str(where.get("heroes", "barbarian,elf-wizard"))
    state = gm_turn(start(arena(tmp_path, [spell]), heroes))
    h0, h1 = where.get("h0", (12, 9)), where.get("h1", (10, 7))
    state = put_hero(put_hero(state, 0, at=h0), 1, at=h1)  # type: ignore[arg-type]
    if "body" in where:
        state = put_monster(state, "caster", body=where["body"])
    j = index_of(state, "caster")
    assert spell_value(state, j, action) > attack_value(state, j, list(state.legal_actions()))
    assert choose(state) == action
    if spell in ("Escape", "Skate", "Ice Wall", "Soothe", "Restore Chaos"):
        whole = put_monster(state, "caster", body=10)
        assert choose(whole) != action  # unhurt, it does not
    if spell == "Ice Wall":
        raised = step(state, action)
        assert choose(raised) == "ice:14,8" and choose(step(raised, "ice:14,8")) == "ice:14,10"


def test_the_game_master_chills_when_its_own_blow_is_weak_and_reanimates_line_549_583(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:549, 583: a level-1 elven archer (one die hand to hand) prefers its Chill
    to its blow; a chaos warrior raises a slain skeleton of its room."""
    archer = gm_turn(start(arena(tmp_path, ["Chill"], caster="Elven Archer", level=1)))
    archer = put_hero(put_hero(archer, 0, at=(13, 9)), 1, at=(10, 7))
    assert {"attack:h0", "cast:chaos/chill:h0"} <= set(archer.legal_actions())
    assert choose(archer) == "cast:chaos/chill:h0"
    more = '{ id = "bones", monster = "Skeleton", level = 2, at = [13, 11] },'
    state = gm_turn(start(arena(tmp_path, ["Reanimation"], more=more, name="bones")))
    state = put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(10, 7))
    assert choose(state) != "cast:chaos/reanimation:room"
    from grognard.systems.heroquest.rules.wounds import hurt_monster

    slain = hurt_monster(state, index_of(state, "bones"), 2, killer=None)
    assert choose(slain) == "cast:chaos/reanimation:room"
