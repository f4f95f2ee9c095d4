"""The artifacts that are used or change a roll (`artifacts`), each played through the rules.

On the test quest `data/frost-and-venom.toml` (see `test_artifacts_env`): the heroes start in the top
corridor at (1,0), (2,0), (0,1), (0,2) (slippery ice on the first two); a pit waits at (15,0); the
monsters (two skeletons, an orc, the named goblin Grak, the goal goblin "far") wait out of sight until a
test puts them in the corridor. Lines are lines of `004_24cd6f974fe6a1ee.txt`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import RuleNotImplementedError
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.features.artifacts import BOW_ARROWS
from grognard.systems.heroquest.features.items.items import HANDLERS, NOT_PLAYED, PASSIVE, handler
from grognard.systems.heroquest.model.effect_strings import has
from grognard.systems.heroquest.model.state import HERO_PLAYER, QuestState

from .play_helpers import index_of, put_hero, put_monster, rolled, step
from .test_artifacts_env import frosty, wearing

PLAYED_HERE = (
    "anti-poison-quill",
    "armband-of-ice",
    "bone-wand",
    "dust-of-disappearance",
    "elven-boots",
    "elven-bow-of-vindication",
    "rabbit-boots",
    "ring-of-return",
    "ring-of-warmth",
    "snowshoes-of-speed",
    "spell-ring",
    "spell-scroll",
    "wand-of-magic",
)


def _again(state: QuestState) -> QuestState:
    return replace(state, turn=replace(state.turn, acted=False))


def test_the_artifacts_of_lines_439_483_are_played_or_passive() -> None:
    for key in PLAYED_HERE:
        assert key not in NOT_PLAYED
        assert (key in HANDLERS) != (key in PASSIVE), key
        if key in HANDLERS:
            assert handler(key) is HANDLERS[key]
    for key in ("ancient-staff", "fire-ring", "sky-orb"):  # the chaos spells' helper plays these
        assert key in NOT_PLAYED or key in HANDLERS or key in PASSIVE
    assert set(NOT_PLAYED) <= {"ancient-staff", "fire-ring", "sky-orb", *hq.catalog().items}
    for key in NOT_PLAYED:
        with pytest.raises(RuleNotImplementedError):
            handler(key)


# --- Elven Bow of Vindication (line 455)


def test_the_elven_bow_kills_unless_a_black_shield_is_rolled_line_455() -> None:
    state = put_monster(put_hero(frosty(), 0, items=("Elven Bow of Vindication",)), "orc", (9, 0))
    j = index_of(state, "orc")
    assert "use:elven-bow-of-vindication:orc" in state.legal_actions()
    shot = step(state, "use:elven-bow-of-vindication:orc")
    assert shot.actor() is CHANCE and shot.turn.acted
    defend = state.stats_of(j).defend
    stands = 1 - Fraction(5, 6) ** defend
    assert dict(shot.chance_outcomes()) == {"slain": 1 - stands, "saved": stands}
    slain = step(shot, "slain")
    assert slain.monsters[j].status == "dead"
    assert step(shot, "saved").monsters[j].status == "active"
    assert sum(1 for e in slain.heroes[0].effects if e.startswith("spent:elven-bow")) == 1


def test_the_bow_is_never_aimed_at_a_named_enemy_and_the_fourth_arrow_is_the_last_line_455() -> None:
    state = put_hero(frosty(), 0, items=("Elven Bow of Vindication",))
    state = put_monster(put_monster(state, "grak", (9, 0)), "orc", (10, 0), body=9)
    assert "use:elven-bow-of-vindication:grak" not in state.legal_actions()  # named: our ruling
    state = put_monster(state, "grak", (18, 2))
    for arrow in range(1, BOW_ARROWS + 1):
        state = step(_again(state), "use:elven-bow-of-vindication:orc", "saved")
        assert ("Elven Bow of Vindication" in state.heroes[0].items) == (arrow < BOW_ARROWS)
    assert not any(a.startswith("use:elven-bow") for a in _again(state).legal_actions())


def test_the_vindicating_arrows_real_dice_match_the_outcome() -> None:
    state = put_monster(put_hero(frosty(), 0, items=("Elven Bow of Vindication",)), "orc", (9, 0))
    shot = step(state, "use:elven-bow-of-vindication:orc")
    for seed in range(20):
        outcome, rolls = shot.roll(Rng(seed))
        saved = any(d.face == "black shield" for d in rolls[0].dice)
        assert outcome == ("saved" if saved else "slain")


# --- Elven Boots (line 453)


def test_elven_boots_add_a_die_and_wear_out_on_all_dice_alike_line_453() -> None:
    state = put_hero(wearing(frosty("human-rogue"), "Elven Boots"), 0, (4, 0))
    hero = state.hero_of(0)
    move = step(state, "roll")
    assert move.pending is not None and (move.pending.kind, move.pending.dice) == ("bmove", 3)
    odds = dict(move.chance_outcomes())
    assert sum(odds.values()) == 1
    assert sum(q for k, q in odds.items() if str(k).endswith("/worn")) == Fraction(6, 216)
    brute: dict[str, Fraction] = {}
    for faces in product(range(1, 7), repeat=3):
        allowed = min(12, max(sum(faces), hero.maximum("movement")))
        key = f"{allowed}/worn" if len(set(faces)) == 1 else str(allowed)
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 216)
    assert odds == brute
    kept = step(move, "10")
    assert kept.turn.moves == 10 and "Elven Boots" in kept.heroes[0].items
    worn = step(move, "9/worn")
    assert worn.turn.moves == 9 and "Elven Boots" not in worn.heroes[0].items
    assert "Elven Boots" not in worn.hero_of(0).equipped.accessories


def test_the_boots_real_dice_match_the_outcome_line_453() -> None:
    state = put_hero(wearing(frosty("human-rogue"), "Elven Boots"), 0, (4, 0))
    move = step(state, "roll")
    for seed in range(30):
        outcome, rolls = move.roll(Rng(seed))
        faces = rolls[0].faces()
        squares = min(12, sum(faces))
        assert outcome == (f"{squares}/worn" if len(set(faces)) == 1 else str(squares))


def test_only_a_rogue_wears_the_elven_boots_line_453() -> None:
    state = put_hero(frosty("barbarian"), 0, items=("Elven Boots",))
    assert "equip:elven-boots" not in state.legal_actions()


# --- Rabbit Boots (line 465)


def test_rabbit_boots_clear_a_trap_jump_on_anything_but_a_black_shield_line_465() -> None:
    state = put_hero(frosty(), 0, (14, 0))
    pit = state.ctx.trap_index["pit"]
    state = replace(state, traps=tuple("sprung" if k == pit else s for k, s in enumerate(state.traps)))
    plain = step(rolled(state, 6), "jump:16,0")
    assert dict(plain.chance_outcomes())["clear"] == Fraction(1, 2)
    shod = step(rolled(wearing(state, "Rabbit Boots"), 6), "jump:16,0")
    assert dict(shod.chance_outcomes())["clear"] == Fraction(5, 6)


def test_rabbit_boots_jump_a_figure_to_the_square_beyond_line_465() -> None:
    state = put_monster(put_hero(frosty(), 0, (4, 0)), "orc", (5, 0))
    assert "jump:6,0" not in rolled(state, 6).legal_actions()
    shod = rolled(wearing(state, "Rabbit Boots"), 6)
    assert "jump:6,0" in shod.legal_actions()
    leap = step(shod, "jump:6,0")
    assert leap.turn.moves == 4 and dict(leap.chance_outcomes()) == {
        "clear": Fraction(5, 6),
        "balk": Fraction(1, 6),
    }
    assert step(leap, "clear").heroes[0].at == (6, 0)
    balked = step(leap, "balk")
    assert balked.heroes[0].at == (4, 0) and balked.turn.moves == 4


# --- Dust of Disappearance (line 449) and Ring of Return (line 467)


def test_dust_lets_an_ally_slip_past_enemies_in_his_turn_line_449() -> None:
    state = put_hero(frosty("barbarian,dwarf-warrior"), 0, (3, 0), items=("Dust of Disappearance",))
    state = put_hero(state, 1, (4, 0))
    state = put_monster(state, "orc", (5, 0))
    assert "use:dust-of-disappearance:h1" in state.legal_actions()
    dusted = step(state, "use:dust-of-disappearance:h1")
    assert has(dusted.heroes[1].effects, "dust") and dusted.heroes[0].items == ()
    turn = step(dusted, "end")
    assert turn.current_hero() == 1
    moves = rolled(turn, 4).legal_actions()
    assert "move:6,0" in moves and "move:5,0" not in moves  # through the orc, never onto it
    blocked = rolled(step(state, "end"), 4).legal_actions()
    assert "move:6,0" not in blocked


def test_the_ring_of_return_sends_the_hero_and_the_allies_he_sees_back_line_467() -> None:
    state = put_hero(frosty("barbarian,dwarf-warrior,elf-wizard"), 0, (9, 0), items=("Ring of Return",))
    state = put_hero(put_hero(state, 1, (11, 0)), 2, (3, 2))  # the wizard in room A sees neither
    back = step(state, "use:ring-of-return")
    assert {back.heroes[0].at, back.heroes[1].at} <= set(back.ctx.quest.start_squares())
    assert back.heroes[2].at == (3, 2) and back.heroes[0].items == ()


# --- Bone Wand (line 445)


def test_the_bone_wand_gives_the_hero_a_rooms_skeletons_for_their_turn_line_445() -> None:
    state = put_hero(frosty(), 0, (9, 0), items=("Bone Wand",))
    for mid, at in (("bones-1", (12, 0)), ("bones-2", (13, 0)), ("orc", (14, 0))):
        state = put_monster(state, mid, at)
    assert [a for a in state.legal_actions() if a.startswith("use:bone-wand")] == ["use:bone-wand:north-edge"]
    held = step(state, "use:bone-wand:north-edge")
    b1, b2 = index_of(held, "bones-1"), index_of(held, "bones-2")
    assert all(any(e.startswith("thrall0") for e in held.monsters[b].effects) for b in (b1, b2))
    gm = step(held, "end")
    assert gm.in_gm_turn() and gm.actor() == HERO_PLAYER and gm.acting == b1
    assert "attack:bones-2" in gm.legal_actions()  # set on each other
    struck = step(gm, "attack:bones-2")
    assert struck.actor() is CHANCE and struck.pending is not None and struck.pending.side == "thrall"
    nxt = step(struck, 0, "end")
    assert not any(e.startswith("thrall") for e in nxt.monsters[b1].effects)  # one turn only
    assert nxt.acting == b2 and nxt.actor() == HERO_PLAYER and "attack:orc" in nxt.legal_actions()
    back = step(nxt, "end")
    assert back.current_hero() == 0 and has(back.heroes[0].effects, "used:bone-wand")
    assert not any(a.startswith("use:bone-wand") for a in back.legal_actions())  # once a quest


# --- Spell Scroll (line 477)


def test_a_found_scroll_names_its_spell_and_anyone_may_read_it_once_line_477() -> None:
    state = put_hero(frosty(), 0, (1, 1))
    found = step(state, "search:treasure")
    assert "Spell Scroll: other/Warmth" in found.heroes[0].items
    hurt = _again(put_hero(found, 0, body=2))
    assert "use:spell-scroll:other/warmth:h0" in hurt.legal_actions()
    read = step(hurt, "use:spell-scroll:other/warmth:h0")
    assert read.heroes[0].body == 5 and read.heroes[0].magic == hurt.heroes[0].magic  # Warmth: 3 Body
    assert not any(n.startswith("Spell Scroll") for n in read.heroes[0].items)


# --- Spell Ring (line 475) and Wand of Magic (line 483)


def _wizard(*gear: str) -> QuestState:
    state = frosty("elf-wizard")
    return wearing(state, *gear) if gear else state


def test_the_spell_ring_stores_a_spell_out_of_combat_and_pays_for_it_once_in_an_encounter_line_475() -> None:
    state = _wizard("Spell Ring")
    spell = "earth/rock-skin"
    assert spell in state.heroes[0].spells and f"use:spell-ring:{spell}" in state.legal_actions()
    stored = step(state, f"use:spell-ring:{spell}")
    assert not stored.turn.acted  # declaring the stored spell is no action
    fight = rolled(put_monster(put_hero(stored, 0, magic=0), "orc", (5, 0)), 2)
    assert fight.encounter and fight.heroes[0].magic == 0
    assert not any(a.startswith("use:spell-ring") for a in fight.legal_actions())  # stored before, not in
    casts = [a for a in fight.legal_actions() if a.startswith("cast:")]
    assert casts == [f"cast:{spell}:h0"]  # no Magic: only the ring's spell
    cast = step(fight, casts[0])
    assert cast.heroes[0].magic == 0 and has(cast.heroes[0].effects, "used:spell-ring")
    assert not any(a.startswith("cast:") for a in _again(cast).legal_actions())  # once an encounter


def test_the_wand_of_magic_casts_two_different_spells_in_a_turn_line_483() -> None:
    state = _wizard("Wand of Magic")
    assert state.hero_of(0).equipped.weapon == "Wand of Magic"
    casts = sorted({a for a in state.legal_actions() if a.startswith("cast:") and a.endswith(":h0")})
    assert len(casts) >= 2
    first = step(state, casts[0])
    second = [a for a in first.legal_actions() if a.startswith("cast:")]
    assert second and all(a.split(":")[1] != casts[0].split(":")[1] for a in second)
    twice = step(first, second[0])
    assert twice.heroes[0].magic == state.heroes[0].magic - 2
    assert not any(a.startswith("cast:") for a in twice.legal_actions())
    plain = step(frosty("elf-wizard"), casts[0])
    assert not any(a.startswith("cast:") for a in plain.legal_actions())


# --- random games with every one of these artifacts carried


def test_random_games_with_the_artifacts_keep_every_promise_lines_439_483() -> None:
    import json
    import time

    from grognard.engine.conformance import check_game
    from grognard.systems.heroquest.content.hero import scroll_name
    from grognard.systems.heroquest.content.quest_setup import hero_from_spec
    from grognard.systems.heroquest.game import GAME
    from grognard.systems.heroquest.rules import gear

    rogue = hero_from_spec("human-rogue")
    for name in (
        "Elven Boots",
        "Rabbit Boots",
        "Snowshoes of Speed",
        "Anti-Poison Quill",
        "Dust of Disappearance",
        "Ring of Return",
        "Bone Wand",
        "Elven Bow of Vindication",
        "Armband of Ice",
        "Ring of Warmth",
    ):
        rogue = gear.gain(rogue, name)
    rogue = gear.equip(
        rogue.model_copy(update={"artifacts": (*rogue.artifacts, scroll_name(hq.spell("other/warmth")))}),
        "Elven Boots",
    )
    wizard = gear.gain(gear.gain(hero_from_spec("elf-wizard"), "Spell Ring"), "Wand of Magic")
    wizard = gear.equip(gear.equip(wizard, "Spell Ring"), "Wand of Magic")
    barbarian = gear.gain(hero_from_spec("barbarian"), "Spirit Blade")
    party = json.dumps([h.model_dump(mode="json") for h in (rogue, wizard, barbarian)])
    start = time.perf_counter()
    played = seed = 0
    while time.perf_counter() - start < 8.0 or played < 4:
        options = {"quest": "3-the-rimebound-hold", "heroes": party, "rounds": 5}
        report = check_game(GAME, options, seed=seed, games=2, system="heroquest")
        assert report.finished == report.games
        played += report.games
        seed += 1
