"""Joining bonuses once per card, lost turns by source, the Werewolf (issue 15; 003_1ead471cbf19a248.txt).

Each test names the rulebook line or the card; the readings are in docs/rulings/talisman.md ("Joining
bonuses come once", "Losing a turn", "The Werewolf").
"""

from __future__ import annotations

from grognard.engine.game import CHANCE
from grognard.systems.talisman.state import Task

from .helpers import actions, hero, make, play, run, top, turn, with_cards


def test_ruling_acolyte_and_noblewoman_join_once_ditching_is_no_way_round() -> None:
    """Acolyte ("If you are Good when she joins you ... 1 Life") and Noblewoman ("She brings 1 Gold when she
    joins you"), with 6:4 (line 158) "ditch a Follower at any time": the Monk farm of issue 15 went from 4
    Lives and 1 Gold to 9 and 6. The bonuses come once per card joining the character."""
    s = with_cards(make(hero("monk", space="castle"), hero("wizard")), "castle", "acolyte", "noblewoman")
    s = run(s, Task("collect", 0))
    s = play(s, "take:acolyte", "take:noblewoman")
    assert (s.heroes[0].lives, s.heroes[0].gold) == (5, 2)
    for _ in range(3):
        assert "ditch:acolyte" in actions(s) and "ditch:noblewoman" in actions(s)
        s = play(s, "ditch:acolyte", "ditch:noblewoman", "take:acolyte", "take:noblewoman")
    h = s.heroes[0]
    assert (h.lives, h.gold) == (5, 2) and sorted(h.followers) == ["acolyte", "noblewoman"]
    assert sorted(h.joined) == ["acolyte", "noblewoman"]


def test_ruling_the_joining_bonus_belongs_to_each_character() -> None:
    """The Noblewoman ditched by one character brings her Gold to another who takes her (once per card
    joining a character), but not twice to either."""
    s = with_cards(make(hero("monk", space="castle"), hero("elf", space="castle")), "castle", "noblewoman")
    s = play(run(s, Task("collect", 0)), "take:noblewoman", "ditch:noblewoman", "done")
    assert s.heroes[0].gold == 2 and s.stash("castle").cards == ("noblewoman",)
    s = play(run(s.evolve(tasks=()), Task("collect", 1)), "take:noblewoman")
    assert s.heroes[1].gold == 2
    s = play(s, "ditch:noblewoman", "take:noblewoman")
    assert s.heroes[1].gold == 2


def test_ruling_the_wand_draws_its_spell_once_when_taken() -> None:
    """The Wand ("Draw 1 Spell when you take it", our card; 2:6, line 97) ditched (5:4, line 142) and taken
    back draws no second Spell."""
    full = ("armour", "axe", "sword")
    wizard = hero("wizard", space="castle", objects=full, spells=())
    s = with_cards(make(wizard, hero("elf")), "castle", "wand")
    s = play(run(s, Task("collect", 0)), "take:wand")
    assert s.actor() is CHANCE and top(s) == "draw_spell"
    s = play(s, "healing")
    assert s.heroes[0].spells == ("healing",) and "ditch:wand" in actions(s)
    s = play(s, "ditch:wand", "take:wand")
    assert top(s) == "collect" and s.heroes[0].spells == ("healing",) and "wand" in s.heroes[0].objects


def test_ruling_a_one_shot_card_gives_each_copy_its_bonus() -> None:
    """The Heavy Purse ("gain 2 Gold (the card is then discarded)", count 2): each copy taken gives its
    Gold; a card gone to the discard pile is forgotten, so the second copy is a new joining."""
    s = with_cards(make(hero("monk", space="castle"), hero("wizard")), "castle", "heavy-purse", "heavy-purse")
    s = play(run(s, Task("collect", 0)), "take:heavy-purse")
    assert s.heroes[0].gold == 3 and s.heroes[0].joined == () and s.discard == ("heavy-purse",)
    s = play(s, "take:heavy-purse")
    assert s.heroes[0].gold == 5 and s.discard == ("heavy-purse", "heavy-purse")


def test_ruling_a_follower_killed_and_met_again_joins_anew() -> None:
    """6:3 (line 156): a Follower killed goes to the discard pile; met again (the discards reshuffled,
    9:5 line 182 for Spells, the same ruling for Adventure cards) it is a new joining."""
    s = make(hero("monk", space="castle", followers=("noblewoman",), joined=("noblewoman",)), hero("wizard"))
    s = run(s, Task("lose_follower", 0))
    assert s.heroes[0].joined == () and "noblewoman" in s.discard
    s = with_cards(s.evolve(tasks=(), discard=()), "castle", "noblewoman")
    s = play(run(s, Task("collect", 0)), "take:noblewoman")
    assert s.heroes[0].gold == 2


def test_rule_15_4_an_event_card_loses_this_turn() -> None:
    """15:4 (line 314): an Event's lost turn ends the turn there and then and counts as the missed one
    (the Squall, our card)."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "squall")
    s = run(s, Task("cards", 0))
    assert s.current == 1 and s.heroes[0].lost_turns == 0


def test_ruling_the_marsh_loses_the_next_turn() -> None:
    """The Marsh (our space: "lose 1 turn"; 15:4, line 314, ends the turn at once for an Event card only):
    the character misses his next turn; the current one goes on (what lies there may still be taken)."""
    s = with_cards(make(hero("elf", space="marsh"), hero("wizard")), "marsh", "sword", gold=2)
    s = play(run(s, Task("space_enc", 0)), "done", 0)  # the roll's first branch: 1-2, stuck in the mire
    assert s.heroes[0].lost_turns == 1 and s.current == 0 and "take:sword" in actions(s)
    s = play(s, "take:sword")
    h = s.heroes[0]
    assert h.gold == 3 and h.objects == ("sword",) and h.lost_turns == 1
    nxt = turn(make(h, s.heroes[1]))
    assert nxt.current == 1 and nxt.heroes[0].lost_turns == 0  # the next turn is missed
    after = turn(make(nxt.heroes[0], nxt.heroes[1]))
    assert after.current == 0 and top(after) == "move_roll"  # the turn after is played


def test_ruling_the_snare_loses_the_next_turn() -> None:
    """Snare (our Spell: "the next character to meet that space loses 1 turn"): the turn lost is the next
    one, so the Snare costs something; the space's cards are still met this turn."""
    s = with_cards(make(hero("elf", space="fields-3"), hero("wizard")), "fields-3", "snare", "bag-of-gold")
    s = run(s, Task("cards", 0))
    assert s.heroes[0].lost_turns == 1 and s.current == 0 and "take:bag-of-gold" in actions(s)
    s = play(s, "take:bag-of-gold")
    h = s.heroes[0]
    assert h.gold == 2 and h.lost_turns == 1
    nxt = turn(make(h, s.heroes[1]))
    assert nxt.current == 1 and nxt.heroes[0].lost_turns == 0


def test_ruling_14_7_losing_to_the_werewolf_does_not_hold_the_character() -> None:
    """14:7 (line 298): "The die is rolled for a Werewolf's Strength each time any Character enters the
    Space". Losing costs a Life and ends the turn (16:4, line 345); next turn the character moves on, and
    no Werewolf attacks him there again (14:8, line 300, holds a character only for the Pitfiends)."""
    s = run(make(hero("warrior", space="werewolf-den"), hero("wizard")), Task("space_enc", 0))
    s = play(s, 6, "lose")
    assert s.heroes[0].lives == 3 and s.current == 1 and s.heroes[0].space == "werewolf-den"
    nxt = turn(make(s.heroes[0], s.heroes[1]))
    assert top(nxt) == "inner_step" and nxt.fight is None
    assert play(nxt, "forward").heroes[0].space != "werewolf-den"
