"""Timestop and Flashback (lines 533, 539 of /work/shared/seeds/004_24cd6f974fe6a1ee.txt): a turn out of
the order, and a hero's turn undone and played again; the bots' use of them."""

from __future__ import annotations

from pathlib import Path

from grognard.engine.conformance import check_game
from grognard.engine.dice.core import Rng
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import Turn, state_from_data, state_to_data
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.views.render import action_label

from .play_helpers import put_hero, step, trap_quest
from .spell_helpers import party, room_quest

# ---------------------------------------------------------------------------------------------------
# Timestop (line 533)


def test_timestop_on_himself_another_turn_at_once_line_533(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Timestop"), "cast:elf/timestop:h0")
    again = step(state, "end")
    assert again.current_hero() == 0 and again.extra_turn == 0 and again.turn == Turn()
    assert again.heroes[0].effects == ()  # the spell is spent
    assert "cast:elf/timestop:h0" in again.legal_actions()  # a fresh turn with its action
    after = step(again, "end")
    assert after.current_hero() == 1 and after.extra_turn == -1 and after.slot == 1


def test_timestop_on_an_ally_he_plays_right_after_and_the_order_goes_on_line_533(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Timestop", allies=("barbarian", "dwarf-warrior"))
    cast = step(state, "cast:elf/timestop:h2")
    extra = step(cast, "end")
    assert extra.current_hero() == 2 and extra.extra_turn == 2 and extra.slot == 0
    normal = step(extra, "end")
    assert normal.current_hero() == 1 and normal.slot == 1  # then the order where it was
    assert step(normal, "end").current_hero() == 2  # and the dwarf's own turn still comes


def test_a_state_with_a_turn_out_of_the_order_round_trips_through_json_line_533(tmp_path: Path) -> None:
    state = step(party(room_quest(tmp_path), "elf/Timestop"), "cast:elf/timestop:h0", "end")
    assert state_from_data(state_to_data(state)) == state


# ---------------------------------------------------------------------------------------------------
# Flashback (line 539)


def test_flashback_is_offered_after_the_turn_and_undoes_it_line_539(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Flashback")
    assert state.flashback is not None and state.flashback.heroes == state.heroes
    assert not any(a.startswith("cast:elf/flashback") for a in state.legal_actions())  # not an action
    played = step(state, "roll", 6, "move:2,1", "defend")
    window = step(played, "end")
    assert window.current_hero() == 0 and list(window.legal_actions()) == ["flashback:h0", "end"]
    assert action_label(window, "flashback:h0") == "Aria casts Flashback: Aria plays the turn again"
    back = step(window, "flashback:h0")
    assert back.heroes[0].at == (1, 1) and back.turn == Turn() and back.current_hero() == 0
    assert back.heroes[0].magic == state.heroes[0].magic - 1  # the cast, and only the cast, is kept
    assert back.heroes[0].effects == ()  # the defence given up is undone
    assert state_from_data(state_to_data(window)) == window
    again = step(back, "end")
    assert list(again.legal_actions()) == ["flashback:h0", "end"]  # a second cast costs a second point
    on = step(again, "end")
    assert on.current_hero() == 1 and on.heroes[0].magic == back.heroes[0].magic


def test_flashback_brings_back_an_ally_who_died_in_his_turn_line_539(tmp_path: Path) -> None:
    state = party(trap_quest(tmp_path), "elf/Flashback")
    state = step(state, "end", "end")  # the wizard lets his own turn stand
    assert state.current_hero() == 1
    state = put_hero(state, 1, at=(3, 0), body=1)
    state = put_hero(state, 0, at=(2, 0))
    state = step(state, "roll", 4, "move:5,0", 1)  # the spear trap at 4,0 hits for his last point
    assert state.heroes[1].status == "dead"
    assert list(state.legal_actions()) == ["flashback:h0", "end"]
    back = step(state, "flashback:h0")
    assert back.heroes[1].status == "active" and back.current_hero() == 1
    assert back.traps[back.ctx.trap_index["spear"]] == "hidden"
    assert hero_bot(state, Rng(1)) == "flashback:h0"  # the bot undoes a death
    gone = step(state, "end")
    assert gone.heroes[1].status == "dead" and gone.round == 2 and gone.current_hero() == 0


def test_no_position_is_kept_when_no_hero_could_cast_flashback_line_539(tmp_path: Path) -> None:
    state = party(room_quest(tmp_path), "elf/Flashback", level=6)  # level 7 needed
    assert state.flashback is None
    assert step(state, "end").current_hero() == 1


# ---------------------------------------------------------------------------------------------------
# The bots and random play with every new spell


def test_random_games_with_the_new_spells_keep_every_promise_lines_527_601(tmp_path: Path) -> None:
    import json

    from grognard.systems.heroquest.content.hero import create_hero
    from grognard.systems.heroquest.content.quest_setup import hero_from_spec

    pools = {  # five each: no more than their starting Mind is memorised (line 104)
        "Aria": (
            "elf/Disappear",
            "elf/Twist Wood",
            "elf/Timestop",
            "other/Ice Bridge",
            "other/Treasure Without Doom",
        ),
        "Bel": ("elf/Double Image", "elf/Hypnotic Blaze", "elf/Flashback"),
    }
    wizards = [
        create_hero(name, "elf", "wizard", ["magic", "mind"], elements=["air", "earth", "water"]).model_copy(
            update={"level": 8, "spells": spells}
        )
        for name, spells in pools.items()
    ]
    party = [*wizards, hero_from_spec("barbarian", list(pools))]
    heroes = json.dumps([h.model_dump(mode="json") for h in party])
    for quest in (room_quest(tmp_path), trap_quest(tmp_path)):
        options = {"quest": quest, "heroes": heroes, "rounds": 5, "order": "agree"}
        report = check_game(GAME, options, seed=11, games=6, system="heroquest")
        assert report.finished == 6
        bots = check_game(GAME, options, seed=12, games=3, policy=hero_bot, system="heroquest")
        assert bots.finished == 3
