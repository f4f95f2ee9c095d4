"""Chaos spells a hero learned by Mimic (004_24cd6f974fe6a1ee.txt:286), cast at his level (line 543)
through the game master's own handlers, with the ones a hero cannot cast refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from grognard.engine.errors import RulesError
from grognard.systems.heroquest.campaign.homecoming import hero_after_quest
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.features.chaos import chaos_heroes
from grognard.systems.heroquest.features.chaos.chaos_heroes import HERO_CASTS, NOT_PLAYED, REFUSED, problem
from grognard.systems.heroquest.model.state import QuestState, Turn
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.views.event_text import log_lines

from .chaos_helpers import arena, casts, chances, gm_turn, hero, party, start
from .monster_helpers import until_turn_of
from .play_helpers import index_of, put_hero, step


def _wizard_turn(
    tmp_path: Path, learned: tuple[str, ...], *, level: int = 1, name: str = "arena"
) -> QuestState:
    """The arena at the elf wizard's turn, knowing the chaos spells `learned` (as Mimic leaves them)."""
    wizard = hero("elf", "wizard", level=level)
    state = start(arena(tmp_path, [], name=name), party(hero("human", "barbarian"), wizard))
    state = until_turn_of(step(state, "end"), 1)
    effects = tuple(f"learned:chaos/{k}|quest" for k in learned)
    return put_hero(state, 1, at=(12, 9), effects=effects)


def test_every_chaos_spell_is_cast_refused_or_not_played_for_a_hero() -> None:
    """004_24cd6f974fe6a1ee.txt:286, 543: each chaos spell of the catalog (25, counted once in
    test_heroes.py) is in exactly one table."""
    keys = {f"chaos/{s.key}" for s in hq.catalog().spells.values() if s.school == "chaos"}
    assert keys
    for key in keys:
        assert (key in HERO_CASTS) + (key in REFUSED) + (key in NOT_PLAYED) == 1, key


def test_a_spell_learned_by_mimic_is_cast_by_the_hero_line_286(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286: the wizard with Mimic learns the chaos warrior's Tempest (level 1)
    by watching it, and casts it on his own turn at a monster in sight: his action and a Magic point."""
    mimic = hero("elf", "wizard", skills=("Mimic",))
    state = gm_turn(start(arena(tmp_path, ["Tempest"]), party(hero("human", "barbarian"), mimic)))
    state = put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(12, 10))
    learned = step(state, "cast:chaos/tempest:h0", "learned")
    assert "learned:chaos/tempest|quest" in learned.heroes[1].effects
    turn = until_turn_of(learned, 1)
    assert "cast:chaos/tempest:caster" in casts(turn)
    magic = turn.heroes[1].magic
    done = step(turn, "cast:chaos/tempest:caster")
    j = index_of(done, "caster")
    assert "tempest|" in done.monsters[j].effects and done.heroes[1].magic == magic - 1 and done.turn.acted
    assert not done.casting


def test_a_learned_spell_waits_for_its_level_line_286(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286: "it may only be used when the character reaches the required spell
    level": Fear is a level-2 chaos spell (line 551); at level 1 it is refused, at level 2 it is cast and
    the orc, feared, has its chance to break free at once."""
    low = _wizard_turn(tmp_path, ("fear",))
    assert not any(a.startswith("cast:chaos/fear") for a in casts(low))
    why = problem(low, 1, "chaos/fear")
    assert why is not None and "level 2" in why
    with pytest.raises(RulesError):
        low.apply("cast:chaos/fear:orc")
    high = _wizard_turn(tmp_path, ("fear",), level=2, name="high")
    assert "cast:chaos/fear:orc" in casts(high)
    feared = step(high, "cast:chaos/fear:orc")
    assert "fear|" in feared.monsters[index_of(feared, "orc")].effects


def test_a_flame_from_the_hero_burns_a_monster_and_he_is_credited_lines_286_547(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:547 (Weak Ball of Flame: two Body, a point saved on each 5 or 6 of two red
    dice) cast by a hero: the same chance node as the game master's, on the orc; slain, it is his kill."""
    state = _wizard_turn(tmp_path, ("weak-ball-of-flame",))
    burning = step(state, "cast:chaos/weak-ball-of-flame:orc")
    p = burning.pending
    assert p is not None and p.kind == "cburn" and p.side == "m" and (p.dice, p.need) == (2, 2)
    assert sum(chances(burning).values()) == 1
    j = index_of(burning, "orc")
    out = step(
        replace(
            burning,
            monsters=tuple(replace(m, body=1) if k == j else m for k, m in enumerate(burning.monsters)),
        ),
        2,
    )
    assert out.monsters[j].status == "dead" and out.heroes[1].xp > state.heroes[1].xp


def test_spells_a_hero_cannot_cast_are_refused_with_the_reason_lines_286_553(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:553 (Mind Blast paralyses "one player"): learned, it is never offered, and
    casting it is refused with the reason."""
    state = _wizard_turn(tmp_path, ("mind-blast",), level=6)
    assert not any(a.startswith("cast:chaos/mind-blast") for a in casts(state))
    why = problem(state, 1, "chaos/mind-blast")
    assert why is not None and "cannot cast" in why and "553" in why
    acted = replace(state, turn=replace(state.turn, acted=True))
    with pytest.raises(RulesError, match="players"):
        chaos_heroes.cast(acted, 1, "chaos/mind-blast:orc")


def test_the_learned_spell_is_kept_in_his_pool_after_the_quest_line_286(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286: "that spell will be added to his spell pool": home from the quest, he
    knows it for good."""
    state = _wizard_turn(tmp_path, ("tempest",))
    home = hero_after_quest(state, 1)
    assert "chaos/Tempest" in home.spells


def test_the_bot_casts_a_learned_chaos_spell_at_a_monster_line_286(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286: the heroes' bot uses a learned chaos spell on a monster in sight."""
    from grognard.engine.dice.core import Rng

    state = put_hero(_wizard_turn(tmp_path, ("tempest",)), 1, spells=())  # no spell of his groups left
    state = replace(state, turn=Turn(rolled=True))
    pick = hero_bot(state, Rng(1))
    assert pick.startswith("cast:chaos/tempest:"), pick


def test_learning_a_spell_a_hero_cannot_cast_says_so_lines_286_553(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:286 and 553: the wizard may learn the chaos warrior's Mind Blast by Mimic,
    and the log tells him at once that a hero cannot cast it."""
    mimic = hero("elf", "wizard", skills=("Mimic",))
    state = gm_turn(start(arena(tmp_path, ["Mind Blast"]), party(hero("human", "barbarian"), mimic)))
    state = put_hero(put_hero(state, 0, at=(12, 9)), 1, at=(12, 10))
    learned = step(state, "cast:chaos/mind-blast:h0", "learned")
    assert "learned:chaos/mind-blast|quest" in learned.heroes[1].effects
    assert any("learns Mind Blast" in line and "cannot cast" in line for line in log_lines(learned.log))
