"""What answers the chaos spells (lines 286, 313, 409, 413, 427, 437, 459, 471, 557, 571 of
/work/shared/seeds/004_24cd6f974fe6a1ee.txt): Mimic, Strength of Will, the Potion of Magic Resistance,
the Wolfsbane Potion and the Potion of Restoration, the Ancient Staff, the Fire Ring, the Sky Orb, and
the monsters' own answers to the heroes' spells, Dispell and Mirror Magic."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.features.chaos.chaos_flight import dispel_chance
from grognard.systems.heroquest.features.items import items
from grognard.systems.heroquest.features.skills import skills
from grognard.systems.heroquest.features.skills.skills import more_chance
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState, Turn
from grognard.systems.heroquest.policies.gm import choose
from grognard.systems.heroquest.rules.chaos import magic_left
from grognard.systems.heroquest.rules.wounds import hurt_hero
from grognard.systems.heroquest.views.event_text import log_lines

from .chaos_helpers import arena, casts, chances, gm_turn, hero, party, start
from .play_helpers import index_of, put_hero, put_monster, step

COUNTERS = ("potion-of-magic-resistance", "wolfsbane-potion", "ancient-staff", "fire-ring", "sky-orb")


def _gm(tmp_path: Path, spells: list[str], heroes: str = "barbarian,elf-wizard", **kw: object) -> QuestState:
    state = gm_turn(start(arena(tmp_path, spells, **kw), heroes))  # type: ignore[arg-type]
    return put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(12, 10))


def _recharged(state: QuestState) -> QuestState:
    """The caster's Magic and its turn's action back (a fresh cast for the test)."""
    return replace(put_monster(state, "caster", effects=()), turn=Turn())


def test_the_counters_are_played() -> None:
    """The five items and two skills of this part are played (not in `NOT_PLAYED`)."""
    for key in COUNTERS:
        assert key not in items.NOT_PLAYED and (key in items.PASSIVE) + (key in items.HANDLERS) == 1
    for key in ("mimic", "strength-of-will"):
        assert key in skills.PASSIVE and key not in skills.NOT_PLAYED


def test_mimic_rolls_mind_against_mind_to_learn_the_spell_line_286(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286: when an enemy in sight casts, the wizard rolls a red die per Mind point
    against the enemy's; more, and the spell joins his pool."""
    mimic = hero("elf", "wizard", skills=("Mimic",))
    state = _gm(tmp_path, ["Tempest"], party(hero("human", "barbarian"), mimic))
    after = step(state, "cast:chaos/tempest:h0")
    assert after.pending is not None and after.pending.kind == "mimic" and after.pending.who == 1
    win = more_chance(state.heroes[1].mind, 4)  # the level-8 chaos warrior's Mind 4
    assert chances(after) == {"learned": win, "missed": 1 - win}
    learned = step(after, "learned")
    assert "learned:chaos/tempest|quest" in learned.heroes[1].effects
    assert "tempest|" in learned.heroes[0].effects  # the spell acts all the same
    again = step(_recharged(learned), "cast:chaos/tempest:h1")
    assert again.actor() is not CHANCE and "tempest|" in again.heroes[1].effects  # known now: no roll
    blind = put_hero(state, 1, at=(10, 7))
    blind = put_monster(blind, "orc", at=(11, 8))  # the orc stands between: he does not see the cast
    assert step(blind, "cast:chaos/tempest:h0").actor() is not CHANCE


def test_strength_of_will_resists_one_mental_spell_an_encounter_line_313(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:313: a human resists a mental attack or spell automatically, once per
    encounter (Sleep is one; Tempest is not)."""
    willful = hero("human", "barbarian", skills=("Strength of Will",), mind=5)
    state = _gm(tmp_path, ["Sleep", "Tempest"], party(willful, hero("elf", "wizard")))
    slept = step(state, "cast:chaos/sleep:h0")
    assert slept.actor() == HERO_PLAYER and slept.legal_actions() == ("resist:will:h0", "resist:done")
    resisted = step(slept, "resist:will:h0")
    assert (
        "sleep|" not in resisted.heroes[0].effects
        and "used:strength-of-will|encounter" in resisted.heroes[0].effects
    )
    assert resisted.actor() is not CHANCE and not resisted.casting
    again = step(_recharged(resisted), "cast:chaos/sleep:h0")  # the same encounter: no second answer
    assert again.actor() is CHANCE and "sleep|" in again.heroes[0].effects
    whirl = step(state, "cast:chaos/tempest:h0")
    assert "tempest|" in whirl.heroes[0].effects  # not a mental spell: no answer offered
    let_be = step(slept, "resist:done")
    assert "sleep|" in let_be.heroes[0].effects


def test_potion_of_magic_resistance_drunk_as_the_spell_comes_line_409(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:409: drunk when a hostile spell is cast on him (no action), its effects
    pass him by; only the drinker."""
    state = put_hero(_gm(tmp_path, ["Firestorm"]), 0, items=("Potion of Magic Resistance",))
    after = step(state, "cast:chaos/firestorm:room")
    assert after.legal_actions() == ("resist:potion:h0", "resist:done")
    drunk = step(after, "resist:potion:h0")
    assert drunk.heroes[0].items == () and drunk.heroes[0].body == state.heroes[0].body
    assert drunk.pending is not None and drunk.pending.target == 1  # the wizard still burns


def test_wolfsbane_and_restoration_cure_the_curse_lines_413_427(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:427 (Wolfsbane cures the curse), 413 (Restoration removes any curse), also
    when drunk as he falls."""
    state = _gm(tmp_path, ["Werewolf's Curse"])
    cursed = step(step(state, "cast:chaos/werewolfs-curse:h0"), "cursed")
    cursed = put_hero(cursed, 0, items=("Wolfsbane Potion", "Potion of Restoration"))
    turn = step(step(step(step(cursed, "end"), "end"), "end"), "man")
    assert turn.current_hero() == 0 and "use:wolfsbane-potion" in turn.legal_actions()
    cured = step(turn, "use:wolfsbane-potion")
    assert (
        "curse-werewolf|quest" not in cured.heroes[0].effects
        and "Wolfsbane Potion" not in cured.heroes[0].items
    )
    restored = step(turn, "use:potion-of-restoration")
    assert "curse-werewolf|quest" not in restored.heroes[0].effects
    falling = hurt_hero(put_hero(turn, 0, items=("Potion of Restoration",)), 0, 99, "hazard")
    assert falling.heroes[0].status == "active" and "curse-werewolf|quest" not in falling.heroes[0].effects
    clean = put_hero(state, 0, items=("Wolfsbane Potion",))
    assert "use:wolfsbane-potion" not in step(clean, "end", "end", "end").legal_actions()


def test_the_ancient_staff_turns_the_spell_on_the_casters_room_line_437(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:437: the caster and every other enemy in its room suffer the spell, the
    heroes are immune; five uses."""
    state = put_hero(_gm(tmp_path, ["Sleep", "Mind Blast"]), 0, items=("Ancient Staff",))
    after = step(state, "cast:chaos/sleep:h0")
    assert after.legal_actions() == ("resist:staff:h0", "resist:done")
    back = step(after, "resist:staff:h0")
    caster, orc = index_of(back, "caster"), index_of(back, "orc")
    assert "sleep|" in back.monsters[caster].effects and back.heroes[0].effects == (
        "spent:ancient-staff+1|quest",
    )
    assert (
        back.pending is not None
        and back.pending.side == "m"
        and chances(back)
        == {
            "breaks": 1 - Fraction(5, 6) ** 4,
            "holds": Fraction(5, 6) ** 4,
        }
    )
    both = step(back, "holds", "holds")
    assert "sleep|" in both.monsters[orc].effects and not both.casting
    blast = step(_recharged(state), "cast:chaos/mind-blast:h0", "resist:staff:h0")
    assert blast.heroes[0].effects == ("spent:ancient-staff+1|quest",)  # a spell on players only: blocked
    assert all("mindblast|" not in m.effects for m in blast.monsters)


def test_the_fire_ring_stops_two_fire_spells_then_vanishes_line_459(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:459: protects its wearer from any two fire spells, then disappears."""
    state = put_hero(_gm(tmp_path, ["Weak Ball of Flame"]), 0, items=("Fire Ring",))
    once = step(state, "cast:chaos/weak-ball-of-flame:h0")
    assert once.actor() is not CHANCE and once.heroes[0].body == state.heroes[0].body
    assert "spent:fire-ring+1|quest" in once.heroes[0].effects
    twice = step(_recharged(once), "cast:chaos/weak-ball-of-flame:h0")
    assert twice.heroes[0].items == () and twice.heroes[0].body == state.heroes[0].body
    third = step(_recharged(twice), "cast:chaos/weak-ball-of-flame:h0")
    assert third.actor() is CHANCE and third.pending is not None and third.pending.kind == "cburn"


def test_the_sky_orb_takes_four_lost_mind_points_line_471(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:471: each Mind point he would lose is a token handed over instead, four in
    all; then the orb is useless."""
    state = put_hero(_gm(tmp_path, ["Mind Freeze"]), 1, items=("Sky Orb",))
    frozen = step(state, "cast:chaos/mind-freeze:h1", 1)  # keeps one of four: three lost
    assert frozen.heroes[1].mind == 4 and "spent:sky-orb+3|quest" in frozen.heroes[1].effects
    again = step(_recharged(frozen), "cast:chaos/mind-freeze:h1", 0)  # four lost, one token left
    assert again.heroes[1].mind == 1 and again.heroes[1].items == ()


def test_dispell_red_die_and_mind_against_the_heros_line_557(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:557: cast during a hero's turn right after his spell; the enemy rolls a red
    die plus its Mind, then the hero; if the enemy's is higher the spell is cancelled."""
    state = start(arena(tmp_path, ["Dispell"]))
    state = step(put_hero(put_hero(state, 0, at=(10, 7)), 1, at=(12, 9)), "end")
    assert state.current_hero() == 1 and casts(state)
    cast = step(state, "cast:fire/fire-of-wrath:caster")
    assert cast.actor() == GM_PLAYER and cast.legal_actions() == ("react:none", "react:dispell:caster")
    assert choose(cast) == "react:dispell:caster"
    rolled = step(cast, "react:dispell:caster")
    odds = dispel_chance(4, cast.heroes[1].mind)
    assert odds == Fraction(15, 36) and chances(rolled) == {"cancelled": odds, "holds": 1 - odds}
    gone = step(rolled, "cancelled")
    assert (
        gone.actor() == HERO_PLAYER
        and gone.pending is None
        and gone.heroes[1].magic == state.heroes[1].magic - 1
    )
    assert magic_left(gone, index_of(gone, "caster")) == 0 and any(
        "dispelled" in line for line in log_lines(gone.log)
    )
    held = step(rolled, "holds")
    assert held.pending is not None and held.pending.kind == "burn"  # the Fire of Wrath goes on
    let_be = step(cast, "react:none")
    assert let_be.pending is not None and let_be.pending.kind == "burn"


def test_mirror_magic_sends_the_heros_spell_back_at_him_line_571(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:571: cast when a hero's spell is cast on the enemy caster; the hero suffers
    his own spell (Fire of Wrath: one point, a 5 or 6 saves it, line 503)."""
    state = start(arena(tmp_path, ["Mirror Magic"]))
    state = step(put_hero(put_hero(state, 0, at=(10, 7)), 1, at=(12, 9)), "end")
    cast = step(state, "cast:fire/fire-of-wrath:caster")
    assert "react:mirror:caster" in cast.legal_actions() and choose(cast) == "react:mirror:caster"
    back = step(cast, "react:mirror:caster")
    assert back.pending is not None and back.pending.kind == "cburn" and back.pending.target == 1
    assert chances(back) == {1: Fraction(2, 3), 0: Fraction(1, 3)}
    burnt = step(back, 1)
    assert burnt.heroes[1].body == state.heroes[1].body - 1 and burnt.actor() == HERO_PLAYER
    at_orc = step(state, "cast:fire/fire-of-wrath:orc")  # not cast on the caster: no mirror, no window
    assert at_orc.pending is not None and at_orc.pending.kind == "burn"


EVERY_SPELL = """
id = "chaos-everything"
title = "Every chaos spell"
board = "standard"
start = [[10, 7], [11, 7], [10, 8], [11, 8]]
monsters = [
  { id = "g1", monster = "Gargoyle", level = 8, at = [14, 9], spells = S1 },
  { id = "g2", monster = "Gargoyle", level = 8, at = [15, 10], spells = S2 },
  { id = "g3", monster = "Gargoyle", level = 8, at = [13, 11], spells = S3 },
  { id = "g4", monster = "Gargoyle", level = 8, at = [15, 7], spells = S4 },
  { id = "g5", monster = "Gargoyle", level = 8, at = [12, 10], spells = S5 },
  { id = "bones", monster = "Skeleton", level = 1, at = [14, 11] },
  { id = "far", monster = "Goblin", level = 1, at = [22, 15] },
]
goal = { kind = "kill", target = "far" }
wandering = { monster = "Orc", level = 1 }
"""


def test_random_games_with_every_chaos_spell_and_answer_keep_every_promise(tmp_path: Path) -> None:
    """Lines 543-593 with the answers of lines 286, 313, 409, 427, 437, 459, 471: random legal games, five
    gargoyles holding all 25 chaos spells against heroes carrying every answer, the game master random (a
    person's seat) or automatic; no crash, the invariants hold, JSON and replay identical."""
    import json

    from grognard.engine.conformance import check_game
    from grognard.systems.heroquest.content.chaos_lists import chaos_spells
    from grognard.systems.heroquest.game import GAME

    names = [s.name for s in chaos_spells()]
    text = EVERY_SPELL
    for n in range(5):
        text = text.replace(f"S{n + 1}", json.dumps(names[n * 5 : n * 5 + 5]))
    path = tmp_path / "everything.toml"
    path.write_text(text, encoding="utf-8")
    kit = ("Potion of Magic Resistance", "Wolfsbane Potion", "Potion of Restoration")
    heroes = party(
        hero("human", "barbarian", skills=("Strength of Will",), mind=5, items=kit),
        hero("elf", "wizard", skills=("Mimic",), artifacts=("Ancient Staff", "Sky Orb")),
        hero("dwarf", "warrior", artifacts=("Fire Ring",), items=kit),
    )
    for gm in ("human", "auto"):
        options = {"quest": str(path), "heroes": heroes, "gm": gm, "rounds": 5}
        report = check_game(GAME, options, seed=11, games=3, system="heroquest")
        assert report.finished == report.games == 3 and report.moves > 100
