"""Cold, ice and poison in a quest (`artifacts_env`), and the artifacts and potions that answer them.

The test quest `data/frost-and-venom.toml` puts slippery ice on the heroes' start squares (1,0) and (2,0),
a cold region on (0,1)-(0,2), an ice vault on (5,0), an icy river of 2 damage on (7,0), a poisoned spear
trap on (10,0), one of lasting poison on (12,0) and a pit on (15,0), all in the top corridor. Its monsters
wait out of sight. Lines are lines of `004_24cd6f974fe6a1ee.txt`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.driver.resolve import movement_outcomes
from grognard.systems.heroquest.features.items.artifacts_env import spell_immune, spell_relief
from grognard.systems.heroquest.model.effect_strings import has, total
from grognard.systems.heroquest.model.state import QuestState

from .play_helpers import begin, put_hero, rolled, step

QUEST = str(Path(__file__).parent / "data" / "frost-and-venom.toml")


def frosty(heroes: str = "barbarian") -> QuestState:
    """The test quest at the first hero's turn."""
    return begin(QUEST, heroes)


def wearing(state: QuestState, *names: str, i: int = 0) -> QuestState:
    """Hero `i` carrying and putting on `names` (each change is the action; given back for the test)."""
    state = put_hero(state, i, items=(*state.heroes[i].items, *names))
    for name in names:
        state = step(state, f"equip:{hq.key_of(name)}")
        state = replace(state, turn=replace(state.turn, acted=False))
    return state


def next_turn(state: QuestState) -> QuestState:
    """The single hero ends his turn; the game master has no one to move; his next turn begins."""
    after = step(state, "end")
    assert after.current_hero() == 0 and after.round == state.round + 1
    return after


def full(state: QuestState, i: int = 0) -> int:
    return state.hero_of(i).maximum("body")


# --- the quest format


def test_the_quest_format_places_ice_and_poison() -> None:
    quest = load_quest(QUEST)
    kinds = {z.id: (z.kind, z.squares, z.damage) for z in quest.file.ice}
    assert kinds["rime"] == ("slippery", frozenset({(1, 0), (2, 0)}), 1)
    assert kinds["stream"] == ("river", frozenset({(7, 0)}), 2)
    assert {t.id: t.poison for t in quest.file.traps} == {
        "venom-dart": "damage",
        "viper-needle": "lasting",
        "pit": "none",
    }


@pytest.mark.parametrize(
    ("extra", "place"),
    [
        ('ice = [{ id = "x", kind = "vault", at = [25, 18], size = [2, 1] }]', "ice[0]"),
        ('ice = [{ id = "x", kind = "lava", at = [0, 0] }]', "ice[0].kind"),
        (
            'treasure = [{ id = "t", at = [1, 2], artifact = "Spirit Blade", spell = "Warmth" }]',
            "treasure[0].spell",
        ),
    ],
)
def test_bad_ice_and_scroll_spells_are_refused(tmp_path: Path, extra: str, place: str) -> None:
    text = (
        'id = "bad"\ntitle = "Bad"\nstart = [[1, 0]]\ngoal = { kind = "reach-exit" }\n'
        'stairs = [1, 1]\nwandering = { monster = "Orc" }\n' + extra + "\n"
    )
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(place)):
        load_quest(path)


# --- slippery ice and the Snowshoes of Speed (line 473)


def test_slippery_ice_takes_a_movement_die_and_snowshoes_give_it_back_with_two_squares_line_473() -> None:
    state = frosty()
    hero = state.hero_of(0)
    on_ice = step(state, "roll")
    assert on_ice.pending is not None and on_ice.pending.dice == 1  # one red die fewer on slippery ice
    assert dict(on_ice.chance_outcomes()) == movement_outcomes(1, hero.maximum("movement"), 0, 0)
    shod = step(wearing(state, "Snowshoes of Speed"), "roll")
    assert shod.pending is not None and (shod.pending.dice, shod.pending.need) == (2, 2)
    assert dict(shod.chance_outcomes()) == movement_outcomes(2, hero.maximum("movement"), 0, 2)
    dry = step(put_hero(wearing(state, "Snowshoes of Speed"), 0, (4, 0)), "roll")
    assert dry.pending is not None and (dry.pending.dice, dry.pending.need) == (2, 0)  # only on the ice


def test_the_cold_region_is_icy_for_the_snowshoes_but_not_slippery_line_473() -> None:
    state = put_hero(wearing(frosty(), "Snowshoes of Speed"), 0, (0, 1))
    rolled_state = step(state, "roll")
    assert rolled_state.pending is not None and (rolled_state.pending.dice, rolled_state.pending.need) == (
        2,
        2,
    )


# --- ice vaults, icy rivers, the Armband of Ice and the Ring of Warmth (lines 443, 469)


def test_an_ice_vault_costs_a_body_point_at_the_start_of_the_turn_lines_443_469() -> None:
    state = put_hero(frosty(), 0, (5, 0))
    cold = next_turn(state)
    assert cold.heroes[0].body == full(state) - 1 and has(cold.heroes[0].effects, "chilled")
    for ward in ("Armband of Ice", "Ring of Warmth"):
        warm = next_turn(wearing(state, ward))
        assert warm.heroes[0].body == full(state), ward


def test_wading_an_icy_river_costs_its_damage_once_lines_443_469() -> None:
    state = put_hero(frosty(), 0, (6, 0))
    waded = step(rolled(state, 4), "move:9,0")
    assert waded.heroes[0].at == (9, 0) and waded.heroes[0].body == full(state) - 2
    warded = step(rolled(wearing(state, "Armband of Ice"), 4), "move:9,0")
    assert warded.heroes[0].body == full(state)


def test_potion_of_warmth_restores_two_after_cold_damage_and_one_otherwise_line_421() -> None:
    state = put_hero(frosty(), 0, (5, 0), items=("Potion of Warmth",))
    cold = next_turn(state)
    assert step(cold, "use:potion-of-warmth").heroes[0].body == full(state)  # 1 lost, capped
    chilled = put_hero(cold, 0, body=full(state) - 3)
    assert step(chilled, "use:potion-of-warmth").heroes[0].body == full(state) - 1
    plain = put_hero(frosty(), 0, body=full(state) - 3, items=("Potion of Warmth",))
    assert step(plain, "use:potion-of-warmth").heroes[0].body == full(state) - 2


def test_spell_immunity_and_relief_of_the_armband_and_the_ring_lines_443_469() -> None:
    state = frosty()
    assert not spell_immune(state, 0, "chaos/chill")
    band = wearing(state, "Armband of Ice")
    assert spell_immune(band, 0, "chaos/chill") and spell_immune(band, 0, "chaos/mind-freeze")
    assert spell_relief(band, 0, "chaos/ice-storm") == 1
    ring = wearing(state, "Ring of Warmth")
    assert spell_immune(ring, 0, "chaos/chill") and not spell_immune(ring, 0, "chaos/mind-freeze")
    assert spell_relief(ring, 0, "chaos/ice-storm") == 0
    carried = put_hero(state, 0, items=("Armband of Ice",))  # carried, not worn: no help
    assert not spell_immune(carried, 0, "chaos/chill")


# --- poison and the Anti-Poison Quill (line 439), Venom Antidote (425), Restoration (413)


def _stung(trap_square: tuple[int, int], *items: str) -> QuestState:
    state = put_hero(frosty(), 0, (trap_square[0] - 1, 0), items=items)
    walked = step(rolled(state, 3), f"move:{trap_square[0]},0")
    assert walked.actor() is CHANCE and dict(walked.chance_outcomes()) == {
        0: Fraction(1, 2),
        1: Fraction(1, 2),
    }
    return step(walked, 1)  # the spear's skull


def test_a_poisoned_trap_wounds_with_poison_and_the_quill_restores_it_at_once_line_439() -> None:
    hit = _stung((10, 0), "Anti-Poison Quill")
    fig = hit.heroes[0]
    assert fig.body == full(hit) - 1 and total(fig.effects, "venom") == 1 and not has(fig.effects, "poisoned")
    assert "use:anti-poison-quill" in hit.legal_actions()
    cured = step(hit, "use:anti-poison-quill")
    assert cured.heroes[0].body == full(hit) and cured.heroes[0].items == ()
    assert cured.turn.acted  # using it is the turn's action (line 106)


def test_the_quill_is_too_late_after_the_turn_of_the_poisoning_line_439() -> None:
    later = next_turn(_stung((10, 0), "Anti-Poison Quill"))
    assert later.heroes[0].body == full(later) - 1
    assert "use:anti-poison-quill" not in later.legal_actions()


def test_lasting_poison_costs_a_body_point_each_turn_until_cured_lines_425_439() -> None:
    hit = _stung((12, 0), "Anti-Poison Quill", "Venom Antidote")
    assert has(hit.heroes[0].effects, "poisoned") and hit.heroes[0].body == full(hit) - 1
    later = next_turn(hit)
    assert later.heroes[0].body == full(hit) - 2  # the poison burns at the start of his turn
    assert "use:anti-poison-quill" in later.legal_actions()  # cures lasting poison at any time
    cured = step(later, "use:venom-antidote")
    assert cured.heroes[0].body == full(hit)  # up to two Body lost to poison (line 425)
    assert not has(cured.heroes[0].effects, "poisoned")
    assert next_turn(cured).heroes[0].body == full(hit)


def test_venom_antidote_heals_only_poison_damage_line_425() -> None:
    state = put_hero(frosty(), 0, body=2, items=("Venom Antidote",))
    assert step(state, "use:venom-antidote").heroes[0].body == 2


def test_potion_of_restoration_cures_lasting_poison_line_413() -> None:
    hit = _stung((12, 0), "Potion of Restoration")
    drunk = step(hit, "use:potion-of-restoration")
    assert drunk.heroes[0].body == full(hit) and not has(drunk.heroes[0].effects, "poisoned")
    assert next_turn(drunk).heroes[0].body == full(hit)


def test_an_unpoisoned_trap_leaves_no_poison() -> None:
    state = put_hero(frosty(), 0, (14, 0))
    fell = step(rolled(state, 3), "move:15,0")
    assert fell.heroes[0].body == full(state) - 1 and not total(fell.heroes[0].effects, "venom")


# --- the map and the shipped quest


def test_the_map_draws_the_ice_the_heroes_have_seen() -> None:
    from grognard.systems.heroquest.views.render import map_lines

    row = map_lines(frosty())[2]  # the top corridor, y = 0
    assert row[4 + 5] == "%" and row[4 + 7] == "~" and row[4 + 1] == "1" and row[4 + 2] == ","


def test_the_rimebound_hold_has_cold_caverns_with_rime_and_a_stream_lines_443_473() -> None:
    state = begin("3-the-rimebound-hold")
    kinds = {z.kind for z in state.ctx.quest.file.ice}
    assert kinds == {"cold", "slippery", "river"}
    wet = put_hero(state, 0, (9, 15))
    waded = step(rolled(wet, 2), "move:11,15")
    assert waded.heroes[0].body == full(state) - 1  # the meltwater stream on x = 10
