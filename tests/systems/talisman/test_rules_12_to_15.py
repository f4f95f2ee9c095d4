"""Rules 12:1-15:11 of 003_1ead471cbf19a248.txt: Encounters and Adventure cards. Each test names its rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import sum_distribution
from grognard.engine.errors import ContentError
from grognard.systems.talisman.catalog import catalog, load_catalog
from grognard.systems.talisman.content import TYPE_ORDER
from grognard.systems.talisman.state import Task

from .helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def test_rule_12_1_things_on_a_space_free_unless_enemy_or_draw() -> None:
    """12:1 (line 257): on the Desert Objects may be taken; not with an Enemy there; not on a draw space."""
    s = with_cards(make(hero("elf", space="desert"), hero("wizard")), "desert", "wand")
    assert "take:wand" in actions(run(s, Task("space_enc", 0)))
    s = with_cards(make(hero("elf", space="desert"), hero("wizard")), "desert", "wand", "dragon")
    assert top(run(s, Task("space_enc", 0))) == "fight_roll"
    s = with_cards(make(hero("elf", space="fields-1"), hero("wizard")), "fields-1", "wand")
    s = run(s, Task("encounter", 0))
    assert top(s) == "collect" and s.enc is not None and s.enc.drawn == ()


def test_rule_13_1_no_encounter_where_the_move_starts_or_is_passed() -> None:
    """13:1 (line 272): cards on a space passed through are not met."""
    s = with_cards(make(hero("warrior", space="village"), hero("wizard")), "fields-2", "dragon")
    s = play(turn(s), 2, "cw")
    assert s.heroes[0].space == "forest-1" and "dragon" in s.stash("fields-2").cards


def test_rule_13_2_a_character_or_the_space() -> None:
    """13:2 (line 274)."""
    s = run(make(hero("warrior", space="fields-3"), hero("wizard", space="fields-3")), Task("encounter", 0))
    assert actions(s) == ["space", "meet:1"]


def test_rule_13_3_attack_or_use_an_ability_on_a_character() -> None:
    """13:3 (line 276)."""
    both = make(hero("thief", space="fields-3"), hero("wizard", space="fields-3"))
    assert actions(play(run(both, Task("encounter", 0)), "meet:1")) == ["attack", "steal"]
    both = make(hero("wizard", space="fields-3"), hero("thief", space="fields-3"))
    assert actions(play(run(both, Task("encounter", 0)), "meet:1")) == ["attack", "psychic"]


def test_rule_13_4_draw_up_to_the_number_counting_cards_there() -> None:
    """13:4 (line 279): the Hidden Valley draws 3; with 2 cards already there only 1 is drawn."""
    s = with_cards(
        make(hero("dwarf", space="hidden-valley"), hero("wizard")), "hidden-valley", "wand", "maiden"
    )
    s = run(s, Task("space_enc", 0))
    assert top(s) == "draw"
    s = play(s, "windfall")
    assert top(s) == "collect" and sorted(s.stash("hidden-valley").cards) == ["maiden", "wand"]
    assert s.heroes[0].gold == 2


def test_rule_13_5_other_spaces_instruction_then_enemies_then_the_rest() -> None:
    """13:5 (line 282): on the Chapel with a Wolf there: the instruction, the Wolf, then the Objects."""
    s = with_cards(make(hero("elf", space="chapel", lives=2), hero("wizard")), "chapel", "wolf", "wand")
    s = run(s, Task("space_enc", 0))
    assert s.heroes[0].lives == 3 and top(s) == "fight_roll"
    s = play(s, "win")
    assert top(s) == "collect" and "take:wand" in actions(s)


def test_rule_14_1_characters_met_only_on_plain_and_valley() -> None:
    """14:1 (line 286)."""
    s = run(make(hero("warrior", space="mines"), hero("wizard", space="mines")), Task("encounter", 0))
    assert top(s) == "fx_roll"
    s = run(
        make(hero("warrior", space="plain-of-peril"), hero("wizard", space="plain-of-peril")),
        Task("encounter", 0),
    )
    assert actions(s) == ["space", "meet:1"]


def test_rule_14_2_meetings_there_are_as_outside() -> None:
    """14:2 (line 288)."""
    s = make(hero("warrior", space="valley-of-fire"), hero("wizard", space="valley-of-fire"))
    s = play(run(s, Task("encounter", 0)), "meet:1")
    assert top(s) == "duel_roll" and s.fight is not None and s.fight.foe == 1 and not s.fight.psychic


def test_rule_14_3_inner_instructions_must_be_followed() -> None:
    """14:3 (line 290): stepping forward into Death its roll follows at once."""
    s = play(turn(make(hero("warrior", space="werewolf-den"), hero("wizard"))), "forward")
    assert s.heroes[0].space == "death" and top(s) == "fx_roll"


def test_rule_14_4_inner_creatures_cannot_be_evaded_or_spelled() -> None:
    """14:4 (line 292)."""
    s = make(hero("wizard", space="werewolf-den", spells=("invisibility", "immobility")), hero("thief"))
    s = play(run(s, Task("space_enc", 0)), 2)
    assert top(s) == "fight_roll" and s.fight is not None and not s.fight.evadable


def test_rule_14_5_the_crypt() -> None:
    """14:5 (line 294): 3 dice minus Strength; 0 or less stays and moves on next turn."""
    s = run(make(hero("warrior", space="crypt", strength=10), hero("wizard")), Task("space_enc", 0))
    dist = sum_distribution(3, 6)
    assert outcomes(s)[0] == sum(p for t, p in dist.items() if t <= 10)
    assert 5 not in outcomes(s)
    weak = run(make(hero("warrior", space="crypt", strength=5), hero("wizard")), Task("space_enc", 0))
    assert outcomes(weak)[5] == sum(p for t, p in dist.items() if t - 5 >= 9)
    s = play(s, 3)
    assert s.heroes[0].space == "castle" and s.current == 1


def test_rule_14_6_the_mines_use_craft() -> None:
    """14:6 (line 296)."""
    s = run(make(hero("wizard", space="mines", craft=9), hero("thief")), Task("space_enc", 0))
    dist = sum_distribution(3, 6)
    assert outcomes(s)[0] == sum(p for t, p in dist.items() if t <= 9)


def test_rule_14_7_a_werewolf_rolled_for_each_character() -> None:
    """14:7 (line 298): "The die is rolled for a Werewolf's Strength": its Strength is the die, 1-6."""
    s = run(make(hero("warrior", space="werewolf-den"), hero("wizard")), Task("space_enc", 0))
    assert outcomes(s) == {v: Fraction(1, 6) for v in range(1, 7)}
    assert play(s, 5).fight.enemy == 5  # type: ignore[union-attr]
    assert play(s, 1).fight.enemy == 1  # type: ignore[union-attr]


def test_rule_14_8_pitfiends_one_at_a_time_across_turns() -> None:
    """14:8 (line 300)."""
    s = run(make(hero("warrior", space="pits", strength=5), hero("wizard")), Task("space_enc", 0))
    s = play(s, 3)
    assert s.heroes[0].pits == 3 and top(s) == "fight_roll"
    s = play(s, "win")
    assert s.heroes[0].pits == 2 and top(s) == "fight_roll"
    s = play(s, "lose")
    assert s.heroes[0].pits == 2 and s.heroes[0].lives == 3 and s.current == 1
    nxt = turn(make(s.heroes[0], s.heroes[1]))
    assert top(nxt) == "fight_roll" and nxt.heroes[0].space == "pits"
    nxt = play(nxt, "win", "win")
    assert nxt.heroes[0].pits == 0 and nxt.current == 1
    assert top(turn(make(nxt.heroes[0], nxt.heroes[1]))) == "inner_step"


def test_rule_14_9_on_the_crown_meet_the_one_there() -> None:
    """14:9 (line 302)."""
    s = make(hero("warrior", space="crown-of-command"), hero("wizard", space="crown-of-command"))
    s = run(s, Task("encounter", 0))
    assert top(s) == "duel_roll" and s.fight is not None and (s.fight.attacker, s.fight.foe) == (0, 1)
    alone = run(make(hero("warrior", space="crown-of-command"), hero("wizard")), Task("encounter", 0))
    assert top(alone) == "command_roll"


def test_rule_14_9_on_a_crowded_crown_the_turn_is_only_the_encounter() -> None:
    """14:9 (line 302): "Once two (or more) Characters are on the Crown, those Characters' Turns consist
    only of Encountering one of the others": the Troll may not rest instead (his Lives healed back as
    fast as they were taken made such a stand-off endless); alone there he may, and he may still cash in
    (1:4, at any time)."""
    troll = hero("troll", space="crown-of-command", lives=2, trophies=("dragon",))
    s = turn(make(troll, hero("wizard", space="crown-of-command"), crown_reached=True))
    assert top(s) == "start" and actions(s) == ["move", "cash"]
    s = play(s, "move")
    assert top(s) == "duel_roll" and s.fight is not None and (s.fight.attacker, s.fight.foe) == (0, 1)
    alone = turn(make(troll, hero("wizard"), crown_reached=True))
    assert actions(alone) == ["move", "cash", "ability:0"]


def test_rule_15_1_cards_placed_elsewhere_first() -> None:
    """15:1 (line 307): the Drifting Fog goes to the Marsh and touches nobody here."""
    s = with_cards(
        make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "drifting-fog", "windfall"
    )
    s = run(s, Task("cards", 0))
    assert "drifting-fog" in s.stash("marsh").cards and s.heroes[0].gold == 2


def test_rule_15_2_cards_met_in_number_order() -> None:
    """15:2 (line 309): the Imp (1) before the Windfall (3): teleported, the Windfall is never met."""
    s = with_cards(make(hero("dwarf", space="fields-3"), hero("wizard")), "fields-3", "windfall", "imp")
    s = play(run(s, Task("cards", 0)), 1)
    assert s.heroes[0].space == "ruins" and s.heroes[0].gold == 1
    assert s.stash("fields-3").cards == ("windfall",)


def test_rule_15_3_numbers_follow_the_type_order() -> None:
    """15:3 (line 311): every card's number sits in its type's place in the order."""
    cards = sorted(catalog().cards.values(), key=lambda c: c.number)
    groups = [TYPE_ORDER[c.type] for c in cards]
    assert groups == sorted(groups)


def test_rule_15_3_a_deck_out_of_order_is_refused(tmp_path: object) -> None:
    """15:3: the loader refuses a place numbered before an event."""
    import shutil
    from importlib.resources import files
    from pathlib import Path

    root = Path(str(tmp_path))
    data = files("grognard.systems.talisman").joinpath("data")
    shutil.copytree(str(data), root / "data")
    events = [c.number for c in catalog().cards.values() if c.type == "event"]
    used = {c.number for c in catalog().cards.values()}
    free = next(n for n in range(1, max(events)) if n not in used and n < max(events))
    (root / "data" / "adventure" / "zz.toml").write_text(
        f'[[cards]]\nnumber = {free}\nid = "early-place"\nname = "Early"\ntype = "place"\n'
    )
    with pytest.raises(ContentError, match="15:3"):
        load_catalog(root / "data")


def test_rule_15_4_an_event_losing_a_turn_ends_this_one() -> None:
    """15:4 (line 314): the turn ends at once and counts as the missed turn."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "squall", "wand")
    s = run(s, Task("cards", 0))
    assert s.current == 1 and s.heroes[0].lost_turns == 0 and "wand" in s.stash("fields-3").cards


def test_rule_15_5_enemies_attack_and_are_kept() -> None:
    """15:5 (line 317)."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "bear")
    s = run(s, Task("cards", 0))
    assert top(s) == "fight_roll" and s.fight is not None and s.fight.enemy == 3 and not s.fight.psychic
    s = play(s, "win")
    assert s.heroes[0].trophies == ("bear",) and s.stash("fields-3").cards == ()


def test_rule_15_6_spirits_attack_by_psychic_combat() -> None:
    """15:6 (line 320): and a Spirit killed is discarded, not kept."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "ghost")
    s = run(s, Task("cards", 0))
    assert s.fight is not None and s.fight.psychic and s.fight.enemy == 4
    s = play(s, "win")
    assert s.heroes[0].trophies == () and "ghost" in s.discard


def test_rule_15_7_the_rest_only_after_enemies() -> None:
    """15:7 (line 322): a stand-off with the Ogre leaves the Wand untouchable."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "ogre", "wand")
    s = play(run(s, Task("cards", 0)), "standoff")
    assert s.current == 1 and sorted(s.stash("fields-3").cards) == ["ogre", "wand"]


def test_rule_15_8_strangers_instructions_followed() -> None:
    """15:8 (line 395; its heading '4: Strangers' is missing): the Wandering Healer heals for 1 Gold."""
    s = with_cards(
        make(hero("elf", space="fields-3", lives=2, gold=1), hero("wizard")), "fields-3", "wandering-healer"
    )
    s = play(run(s, Task("cards", 0)), "visit:wandering-healer", "heal")
    assert s.heroes[0].lives == 3 and s.heroes[0].gold == 0
    assert "wandering-healer" in s.stash("fields-3").cards


def test_rule_15_9_objects_taken_if_permitted() -> None:
    """15:9 (line 327)."""
    s = with_cards(make(hero("assassin", space="fields-3"), hero("wizard")), "fields-3", "holy-lance", "wand")
    s = run(s, Task("cards", 0))
    assert "take:wand" in actions(s) and "take:holy-lance" not in actions(s)


def test_rule_15_10_places_followed() -> None:
    """15:10 (line 330): the Fountain heals."""
    s = with_cards(make(hero("elf", space="fields-3", lives=2), hero("wizard")), "fields-3", "fountain")
    s = play(run(s, Task("cards", 0)), "drink")
    assert s.heroes[0].lives == 3 and "fountain" in s.stash("fields-3").cards


def test_rule_15_11_cards_left_stay_face_up() -> None:
    """15:11 (line 332): what is not taken stays on the space for the next visitor."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "wand", "maiden")
    s = play(run(s, Task("cards", 0)), "take:maiden", "done")
    assert s.stash("fields-3").cards == ("wand",)


def test_ruling_adventure_stock_reshuffled_when_empty() -> None:
    """Ruling (docs/rulings/talisman.md, 9:5 applied to Adventure cards): the discards become the stock."""
    s = make(hero("elf", space="fields-3"), hero("wizard"), deck=(), discard=("bear", "wolf", "wolf"))
    s = run(s, Task("draw", 0))
    assert outcomes(s) == {"bear": Fraction(1, 3), "wolf": Fraction(2, 3)}
    s = play(s, "wolf")
    assert s.deck == ("bear", "wolf") and s.discard == ()
