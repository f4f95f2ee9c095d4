"""Rulings and play that decide whether games end: what lies where a move ends may be taken (12:1) even
when the space is not met, real draws from the stocks, the mixed bot, and whole bot games that end."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng
from grognard.engine.game import TERMINAL
from grognard.systems.talisman.bots import BOTS, heuristic_policy, mixed_policy
from grognard.systems.talisman.game import default_turns
from grognard.systems.talisman.simulate import play_game
from grognard.systems.talisman.state import Task
from grognard.systems.talisman.tasks import TASKS, throw
from tests.systems.talisman.helpers import actions, hero, make, outcomes, play, run, top, turn, with_cards


def test_ruling_12_1_retreating_takes_what_lies_where_the_move_ends() -> None:
    """11:5 (003_1ead471cbf19a248.txt:208) ignores the space's instructions when retreating, but the move
    ends there, so 12:1 (line 257) lets the character take what lies there; a Stranger there is not
    visited (a visit follows its instructions). Talismans left on the Plain of Peril by the dead were
    otherwise lost for good."""
    s = with_cards(
        make(hero("warrior", space="mines"), hero("wizard")), "plain-of-peril", "talisman", "healer"
    )
    s = play(turn(s), "back")
    assert s.heroes[0].space == "plain-of-peril" and top(s) == "collect"
    assert "take:talisman" in actions(s) and not any(a.startswith("visit:") for a in actions(s))
    s = play(s, "take:talisman")
    assert "talisman" in s.heroes[0].objects and s.current == 1


def test_ruling_12_1_through_the_portal_takes_what_lies_on_the_plain() -> None:
    """11:24 (line 251): the turn ends on the Plain of Peril, nothing there is met, but what lies there may
    be taken first (12:1, line 257)."""
    s = with_cards(make(hero("warrior", space="marsh", strength=6), hero("wizard")), "plain-of-peril", gold=2)
    s = with_cards(s, "portal-of-power", "wand")
    s = play(turn(s), 2, "acw", "portal", "open")
    assert s.heroes[0].space == "plain-of-peril" and s.heroes[0].gold == 3 and s.current == 1
    bare = play(
        turn(make(hero("warrior", space="marsh", strength=6), hero("wizard"))), 2, "acw", "portal", "open"
    )
    assert bare.heroes[0].space == "plain-of-peril" and bare.current == 1 and bare.heroes[0].gold == 1


def test_ruling_12_1_out_of_the_crypt_takes_what_lies_at_the_exit() -> None:
    """14:5 (line 294): placed at the exit, "This counts as their Move"; nothing there is met, yet what lies
    there may be taken (12:1, line 257) before the turn ends."""
    s = make(hero("warrior", space="crypt", strength=5), hero("wizard"))
    s = run(with_cards(s, "plain-of-peril", "talisman"), Task("space_enc", 0))
    s = play(s, 1)
    assert s.heroes[0].space == "plain-of-peril" and top(s) == "collect" and "take:talisman" in actions(s)
    after = play(s, "take:talisman")
    assert "talisman" in after.heroes[0].objects and after.current == 1


def test_cards_are_drawn_from_the_stock_as_it_is_made_up() -> None:
    """13:4 (line 274): a card drawn for real is one of the stock's cards, each distinct card about as
    often as its copies make likely (count/total, the node's own chances)."""
    s = run(make(hero("warrior", space="fields-1"), hero("wizard")), Task("draw", 0))
    chances = outcomes(s)
    drawn = {k for k, h in TASKS.handlers.items() if h.mode == "chance" and not h.dice}
    assert drawn == {"draw", "draw_spell", "deal", "first"}
    seen = Counter(throw(s, Rng(f"draw:{k}"))[0] for k in range(3000))
    assert set(seen) <= set(chances)
    common = max(chances, key=lambda card: chances[card])
    assert chances[common] > Fraction(1, 40)
    assert abs(seen[common] / 3000 - float(chances[common])) < 0.02


def test_the_mixed_bot_is_random_over_the_legal_actions() -> None:
    """The mixed bot ("mixed") picks every legal action sometimes, and the heuristic's choice most often."""
    s = with_cards(
        make(hero("warrior", space="fields-1"), hero("wizard")), "fields-1", "wand", "amulet", "sword"
    )
    s = run(s, Task("collect", 0))
    legal = actions(s)
    assert len(legal) >= 4 and BOTS["mixed"] is mixed_policy
    picks = Counter(mixed_policy(s, Rng(f"mixed:{k}")) for k in range(600))
    assert set(picks) == set(legal)
    best = heuristic_policy(s, Rng(0))
    assert picks[best] > 400


def test_a_heuristic_four_player_game_ends() -> None:
    """21:1 (line 404): four heuristic bots play a whole game (seeded) to a winner within the default
    cap of 400 rounds (1,600 turns): one reaches the Crown of Command (9:8) and the others are driven
    out."""
    state, moves = play_game([heuristic_policy] * 4, "four-12")
    assert state.max_turns == default_turns(4) == 1600
    assert state.actor() is TERMINAL and state.over == "win" and state.turn <= 1600
    assert len(state.winners) == 1 and sum(not h.out for h in state.heroes) == 1 and moves > 0


def test_ruling_14_8_pitfiends_stay_in_the_pits() -> None:
    """14:8 (003_1ead471cbf19a248.txt:300): Pitfiends left to fight are fought on the next turns, in the
    Pits; a character sent away by a spell (Exile, 9:7) leaves them behind and moves as usual next turn
    (before this ruling the game stopped with an error: found by the random-games conformance test)."""
    s = make(hero("warrior", space="pits", pits=2), hero("wizard", spells=("exile",)), current=1)
    s = turn(s)
    assert "cast:exile:0" in actions(s)
    s = play(s, "cast:exile:0")
    assert s.heroes[0].space == "desert" and s.heroes[0].pits == 0
    later = turn(replace(s, current=0, tasks=()))
    assert later.heroes[0].space == "desert" and top(later) == "move_roll"
    still = turn(make(hero("warrior", space="pits", pits=2), hero("wizard")))
    assert top(still) == "fight_roll" and still.fight is not None and still.fight.name == "Pitfiend"


def test_on_the_crown_the_heuristic_bot_takes_lives() -> None:
    """14:9 (003_1ead471cbf19a248.txt:302): two characters on the Crown only meet each other; the victor
    of a combat there takes a Life (16:9, line 356), never an Object, so that the game ends (two bots that
    took Objects from each other, one a Thief stealing them back, played a million turns)."""
    crown = "crown-of-command"
    s = make(
        hero("troll", space=crown, strength=18, objects=("talisman",)),
        hero("thief", space=crown, objects=("armour", "sword", "talisman")),
    )
    s = run(s, Task("spoils", 0, n=1))
    assert {"life", "take:armour", "take:sword"} <= set(actions(s))
    assert heuristic_policy(s, Rng(0)) == "life"
    away = make(
        hero("troll", space="fields-1", objects=("talisman",)),
        hero("thief", space="fields-1", objects=("armour",)),
    )
    assert heuristic_policy(run(away, Task("spoils", 0, n=1)), Rng(0)) == "take:armour"


def test_the_heuristic_bot_admits_defeat_when_the_crown_is_out_of_reach() -> None:
    """9:8 (003_1ead471cbf19a248.txt:188): each other character "must either lose 1 Life or admit defeat
    and drop out of the game". The bot drops out with 3 Lives or fewer, away from the Inner Region and not
    racing for the Crown (no Talisman, or Craft too low ever to pass the Mines: 3 dice minus Craft 2 is
    never 0 or less, 14:6); otherwise it loses the Life."""
    crown = "crown-of-command"
    racer = {"objects": ("talisman",), "strength": 9, "craft": 8}
    cases = (
        (3, "fields-1", {}, "concede"),
        (4, "fields-1", {}, "life"),
        (1, "death", {}, "life"),
        (3, "fields-1", racer, "life"),
        (3, "fields-1", {**racer, "craft": 2}, "concede"),
    )
    for lives, space, more, expected in cases:
        rival = hero("troll", space=space, lives=lives, **more)
        s = make(hero("warrior", space=crown), rival, crown_reached=True)
        s = run(s, Task("command_answer", 1))
        assert set(actions(s)) == {"life", "concede"}
        assert heuristic_policy(s, Rng(0)) == expected, (lives, space, more)
    s = make(
        hero("warrior", space=crown), hero("wizard", lives=2), hero("troll", lives=4), crown_reached=True
    )
    s = play(run(s, Task("command_answer", 1)), "concede")
    assert s.heroes[1].out and not s.heroes[2].out and not s.over


def test_ruling_4_3_a_talisman_dropped_in_the_valley_of_fire_goes_back_to_its_pile() -> None:
    """4:3 (line 124) leaves a dead character's Objects on the space, but only a character with a
    Talisman may enter the Valley of Fire (11:6, line 211): Talismans left there could never help anyone,
    and a game whose every Talisman lay there could not end. They go back to their pile (20:2, line 398),
    whether the character died there or put one down; the rest stays, and elsewhere a Talisman stays too
    (docs/rulings/talisman.md)."""
    from grognard.systems.talisman.effects import kill

    dying = hero("warrior", space="valley-of-fire", objects=("sword", "talisman"), gold=3)
    s = make(dying, hero("wizard"), supply=(("talisman", 0),))
    after = kill(s, 0)
    assert after.stash("valley-of-fire").cards == ("sword",) and after.stash("valley-of-fire").gold == 3
    assert dict(after.supply)["talisman"] == 1
    elsewhere = kill(make(replace(dying, space="crypt"), hero("wizard"), supply=(("talisman", 0),)), 0)
    assert sorted(elsewhere.stash("crypt").cards) == ["sword", "talisman"]
    assert dict(elsewhere.supply)["talisman"] == 0
    put_down = make(hero("wizard"), supply=(("talisman", 0),)).put_cards("valley-of-fire", "talisman", "axe")
    assert put_down.stash("valley-of-fire").cards == ("axe",) and dict(put_down.supply)["talisman"] == 1
