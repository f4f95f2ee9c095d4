"""Ice Bridge and Treasure Without Doom (lines 597, 601 of /work/shared/seeds/004_24cd6f974fe6a1ee.txt)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from grognard.systems.heroquest.driver.reach import hero_reach, jumps
from grognard.systems.heroquest.driver.resolve import deck
from grognard.systems.heroquest.features.monsters.monster_skills import all_traps
from grognard.systems.heroquest.model.edits import known_traps
from grognard.systems.heroquest.model.state import QuestState

from .play_helpers import put_hero, step, trap_quest
from .spell_helpers import party


def _trap(state: QuestState, tid: str) -> str:
    return state.traps[state.ctx.trap_index[tid]]


def _set_trap(state: QuestState, tid: str, status: str) -> QuestState:
    traps = list(state.traps)
    traps[state.ctx.trap_index[tid]] = status
    return replace(state, traps=tuple(traps))


# ---------------------------------------------------------------------------------------------------
# Ice Bridge (line 597)


def test_ice_bridge_lays_a_lasting_bridge_over_a_known_pit_line_597(tmp_path: Path) -> None:
    state = put_hero(party(trap_quest(tmp_path), "other/Ice Bridge"), 0, at=(5, 0))
    hidden = [a for a in state.legal_actions() if a.startswith("cast:other/ice-bridge")]
    assert hidden == []  # a trap nobody has found is not offered
    state = _set_trap(state, "pit", "sprung")  # an open pit beside him
    assert "cast:other/ice-bridge:trap=6,0" in state.legal_actions()
    assert (6, 0) in known_traps(state) and jumps(step(state, "roll", 2), 0)  # else jumped
    bridged = step(state, "cast:other/ice-bridge:trap=6,0")
    assert _trap(bridged, "pit") == "bridged"
    assert (6, 0) not in known_traps(bridged) and (6, 0) not in all_traps(bridged)  # monsters cross too
    walking = step(bridged, "roll", 2)
    assert not jumps(walking, 0) and walking.heroes[0].at is not None
    assert hero_reach(walking, 0).path((7, 0)) == [(5, 0), (6, 0), (7, 0)]
    over = step(walking, "move:7,0")
    assert (
        over.heroes[0].at == (7, 0) and over.pending is None and over.heroes[0].body == state.heroes[0].body
    )


# ---------------------------------------------------------------------------------------------------
# Treasure Without Doom (line 601)


def test_treasure_without_doom_disarms_the_chest_and_skips_bad_cards_line_601(tmp_path: Path) -> None:
    state = put_hero(party(trap_quest(tmp_path), "other/Treasure Without Doom"), 0, at=(3, 3))
    plain = step(state, "search:treasure")
    assert plain.pending is not None and plain.pending.kind == "trap"  # the chest's trap springs
    safe = step(state, "cast:other/treasure-without-doom:h0")
    assert _trap(safe, "chest-trap") == "disarmed"
    assert safe.heroes[0].gold == 25 and "chest-gold" in safe.taken
    assert safe.pending is not None and safe.pending.kind == "safecard"
    outcomes = dict(safe.chance_outcomes())
    good = {c.id: c.count for c in deck() if c.kind == "gold" or c.kind == "item"}
    assert outcomes == {cid: Fraction(n, sum(good.values())) for cid, n in good.items()}
    assert not {"wandering", "hazard", "nothing"} & set(outcomes)
    drawn = step(safe, "healing")
    assert "Potion of Healing" in drawn.heroes[0].items and drawn.pending is None
    assert sum(drawn.deck) == sum(state.deck) - 1  # the passed-over cards stay in the deck


def test_treasure_without_doom_finds_nothing_when_no_good_card_is_left_line_601(tmp_path: Path) -> None:
    state = put_hero(party(trap_quest(tmp_path), "other/Treasure Without Doom"), 0, at=(3, 3))
    bare = tuple(n if c.kind not in ("gold", "item") else 0 for c, n in zip(deck(), state.deck, strict=True))
    safe = step(replace(state, deck=bare), "cast:other/treasure-without-doom:h0")
    assert dict(safe.chance_outcomes()) == {"empty": Fraction(1)}
    done = step(safe, "empty")
    assert done.pending is None and done.deck == bare and done.heroes[0].body == state.heroes[0].body
