"""The elf spells Disappear, Twist Wood, Double Image and Hypnotic Blaze in play (lines 527-537 of
/work/shared/seeds/004_24cd6f974fe6a1ee.txt), each cast by an elf wizard who knows it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.driver.turn import start_monster
from grognard.systems.heroquest.features.spells.spells import offers
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.rules.effects import (
    hero_defend_dice,
    monster_attack_dice,
    monster_defend_dice,
)
from grognard.systems.heroquest.rules.targets import monster_targets, seen_heroes
from grognard.systems.heroquest.rules.wounds import begin_attack

from .play_helpers import index_of, put_hero, put_monster, step, trap_quest
from .spell_helpers import party, room_quest


def _verbs(state: QuestState) -> set[str]:
    return {a.partition(":")[0] for a in state.legal_actions()}


# ---------------------------------------------------------------------------------------------------
# Disappear (line 527)


def test_disappear_moves_unseen_and_only_moves_or_opens_doors_line_527(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Disappear")
    plain = _verbs(state)
    assert {"attack", "search", "defend"} & plain  # an enemy beside him, the action still free
    gone = step(state, "cast:elf/disappear:h1")  # on his ally
    assert "vanish|" in gone.heroes[1].effects
    ally = step(gone, "end")  # the barbarian's turn
    assert ally.current_hero() == 1
    assert _verbs(ally) <= {"roll", "door", "leave", "cancel", "end"} and "cancel" in _verbs(ally)
    archer = index_of(ally, "archer")
    next_to = put_hero(ally, 1, at=(2, 2))
    assert 1 not in monster_targets(next_to, archer)  # no attack reaches him
    assert 1 not in seen_heroes(next_to, archer)  # and the game master does not see him
    assert offers(gone, 0, "elf/disappear") == ["h0"] and "h1" in offers(
        state, 0, "elf/disappear"
    )  # nor spells


def test_disappear_ends_on_a_movement_roll_of_9_or_more_line_527(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Disappear"), "cast:elf/disappear:h0", "roll")
    assert state.actor() is CHANCE and state.pending is not None and state.pending.kind == "vmove"
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == 1
    ends = sum((q for o, q in outcomes.items() if str(o).endswith("/ends")), Fraction(0))
    assert ends == Fraction(10, 36)  # 9, 10, 11 or 12 on two red dice
    kept = step(state, "8")
    assert kept.turn.moves == 8 and "vanish|" in kept.heroes[0].effects
    seen = step(state, "9/ends")
    assert seen.turn.moves == 9 and not seen.heroes[0].effects
    rng = Rng(3)
    for _ in range(20):  # the real dice name the outcome the same way
        outcome, rolls = state.roll(rng)
        total = rolls[0].total
        assert str(outcome).endswith("/ends") == (total >= 9)


def test_disappear_springs_no_trap_and_cancelling_frees_the_action_line_527(tmp_path: Path) -> None:
    from .spell_helpers import party as make

    state = put_hero(make(trap_quest(tmp_path), "elf/Disappear"), 0, at=(3, 0))
    state = step(state, "cast:elf/disappear:h0", "roll", "6")
    walked = step(state, "move:5,0")  # over the hidden spear trap at 4,0
    assert walked.heroes[0].at == (5, 0) and walked.pending is None
    assert walked.traps[walked.ctx.trap_index["spear"]] == "hidden"
    back = step(walked, "cancel:disappear")
    assert not back.heroes[0].effects and "cancel" not in _verbs(back)
    assert "search" not in _verbs(back)  # the cast was this turn's action


# ---------------------------------------------------------------------------------------------------
# Twist Wood (line 529)


def test_twist_wood_leaves_only_base_attack_dice_and_spares_metal_line_529(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Twist Wood")
    offers = [a for a in state.legal_actions() if a.startswith("cast:elf/twist-wood:")]
    assert offers == ["cast:elf/twist-wood:archer"]  # the skeleton's bow; not the orc's short sword
    archer = index_of(state, "archer")
    before = monster_attack_dice(state, archer, 0)
    twisted = step(state, "cast:elf/twist-wood:archer")
    assert monster_attack_dice(twisted, archer, 0) == before - 1 == 2  # a skeleton's base Attack (line 650)
    assert 0 in monster_targets(state, archer) and 0 not in monster_targets(twisted, archer)  # no more shots
    assert "twisted|quest" in twisted.monsters[archer].effects
    assert not any(a.startswith("cast:elf/twist-wood:") for a in step(twisted, "end", "end").legal_actions())


# ---------------------------------------------------------------------------------------------------
# Double Image (line 535)


def _hit(state: QuestState, mid: str, hero: int, damage: int) -> QuestState:
    attacked = begin_attack(state, "monster", index_of(state, mid), hero, own_turn=False)
    return step(attacked, damage)


def test_double_image_a_red_die_of_1_to_3_turns_a_hit_aside_line_535(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Double Image"), "cast:elf/double-image:h1")
    assert any(e.startswith("image:0") for e in state.heroes[1].effects)
    body = state.heroes[1].body
    rolling = _hit(state, "brute", 1, 2)
    assert rolling.pending is not None and rolling.pending.kind == "image"
    assert dict(rolling.chance_outcomes()) == {"image": Fraction(1, 2), "hit": Fraction(1, 2)}
    assert step(rolling, "image").heroes[1].body == body
    assert step(rolling, "hit").heroes[1].body == body - 2
    missed = _hit(state, "brute", 1, 0)
    assert missed.pending is None and missed.heroes[1].body == body  # only a successful attack rolls
    rng = Rng(5)
    for _ in range(12):
        outcome, rolls = rolling.roll(rng)
        assert (outcome == "image") == (rolls[0].total <= 3)


def test_double_image_breaks_when_the_caster_sees_no_enemy_line_535(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Double Image"), "cast:elf/double-image:h0")
    away = state
    for mid in ("archer", "brute", "gob"):
        away = put_monster(away, mid, at=None, status="dead")
    after = step(away, "roll", 2)  # any move: the heroes look about them again
    assert not any(e.startswith("image:") for e in after.heroes[0].effects)
    assert any(e.startswith("image:") for e in step(state, "roll", 2).heroes[0].effects)


# ---------------------------------------------------------------------------------------------------
# Hypnotic Blaze (line 537)


def test_hypnotic_blaze_everyone_in_sight_rolls_against_his_mind_line_537(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Hypnotic Blaze")
    blazing = step(state, "cast:elf/hypnotic-blaze:all")
    assert blazing.pending is not None and blazing.pending.kind == "blaze"
    ids = blazing.pending.ref.split(",")
    assert set(ids) == {"h1", "archer", "brute", "gob"}  # allies too, never the caster
    assert hero_bot(state, Rng(1)) == "cast:elf/hypnotic-blaze:all"  # more foes than friends to catch
    minds = {"h1": state.heroes[1].mind, "archer": 0, "brute": 2, "gob": 1}
    oracle: dict[str, Fraction] = {}
    for faces in product(range(1, 7), repeat=len(ids)):  # every throw of one red die each
        hit = "+".join(fid for fid, face in zip(ids, faces, strict=True) if face > minds[fid])
        oracle[hit] = oracle.get(hit, Fraction(0)) + Fraction(1, 6 ** len(ids))
    assert dict(blazing.chance_outcomes()) == oracle


def test_hypnotic_blaze_paralyses_for_three_turns_line_537(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Hypnotic Blaze"), "cast:elf/hypnotic-blaze:all")
    struck = step(state, "h1+archer+gob")  # a skeleton has no Mind: always
    gob = index_of(struck, "gob")
    assert monster_defend_dice(struck, gob) == 0 and hero_defend_dice(struck, 1) == 0
    assert monster_defend_dice(struck, index_of(struck, "brute")) > 0
    m = struck
    for left in (2, 1, 0):  # each of its turns is lost, three in all
        m = start_monster(replace(m, acting=-1), gob)
        assert m.turn.done and m.pending is None
        assert m.monsters[gob].effects == ((f"dazzle+{left}|",) if left else ())
    assert start_monster(m, gob).turn.done is False
    hero = step(struck, "end")  # the barbarian's turn is lost at once
    assert hero.current_hero() != 1 and hero.heroes[1].effects == ("dazzle+2|",)


def test_a_hit_through_double_image_still_carries_the_monsters_after_hit_skill_lines_535_665(
    tmp_path: Path,
) -> None:
    """A blow the image does not turn aside is a hit like any other: a zombie's Pestilence follows it
    (line 665), as it does without the spell."""
    quest = room_quest(tmp_path)
    text = (
        Path(quest)
        .read_text(encoding="utf-8")
        .replace(
            '{ id = "gob", monster = "Goblin", level = 1, at = [4, 1] }',
            '{ id = "gob", monster = "Zombie", level = 1, at = [4, 1], skills = ["Pestilence"] }',
        )
    )
    Path(quest).write_text(text, encoding="utf-8")
    plain = party(quest, "elf/Double Image")
    imaged = step(plain, "cast:elf/double-image:h1")
    without = _hit(plain, "gob", 1, 1)
    through = step(_hit(imaged, "gob", 1, 1), "hit")
    aside = step(_hit(imaged, "gob", 1, 1), "image")
    assert without.queue == ("plague:1",) or (
        without.pending is not None and without.pending.kind != "attack"
    )
    assert (through.queue, through.pending) == (without.queue, without.pending)
    assert aside.queue == () and aside.heroes[1].body == imaged.heroes[1].body
