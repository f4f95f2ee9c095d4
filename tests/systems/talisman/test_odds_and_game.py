"""Exact combat odds against a brute-force oracle; the registered game, its options and JSON."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from grognard.engine import registry
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE
from grognard.engine.serial import canonical
from grognard.systems.talisman.combat import combat_chances
from grognard.systems.talisman.game import (
    AUTO_TURNS,
    DEFAULT_ROUNDS,
    TalismanGame,
    default_turns,
    initial_state,
)
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.system import SYSTEM


def _brute(mine: int, theirs: int, their_dice: int = 1) -> tuple[Fraction, Fraction, Fraction]:
    win = tie = lose = 0
    faces = range(1, 7)
    their_faces = faces if their_dice else [0]
    for a in faces:
        for b in their_faces:
            diff = mine + a - theirs - b
            win, tie, lose = win + (diff > 0), tie + (diff == 0), lose + (diff < 0)
    n = 6 * len(their_faces)
    return Fraction(win, n), Fraction(tie, n), Fraction(lose, n)


@pytest.mark.parametrize(("mine", "theirs"), [(3, 3), (5, 2), (2, 9), (4, 7), (10, 1), (0, 0)])
def test_combat_odds_agree_with_brute_force(mine: int, theirs: int) -> None:
    """16:4, 16:10: the solved State and the rules' own table both agree with enumeration."""
    assert combat_odds(mine, theirs) == _brute(mine, theirs)
    table = combat_chances(mine, theirs)
    assert (table["win"], table["standoff"], table["lose"]) == _brute(mine, theirs)


def test_combat_odds_options() -> None:
    """Bonuses shift the scores; a side with no die (an ability, 8:1); Psychic Combat is the same maths."""
    assert combat_odds(3, 7, enemy_bonus=2) == _brute(3, 9)
    assert combat_odds(3, 4, bonus=2) == _brute(5, 4)
    assert combat_odds(4, 4, enemy_dice=0) == _brute(4, 4, 0)
    assert combat_odds(4, 5, psychic=True) == combat_odds(4, 5)
    with pytest.raises(UsageError):
        combat_odds(-1, 3)


def test_the_system_is_registered() -> None:
    """Its `system` module registers "talisman" with its game."""
    assert registry.get_system("talisman") is SYSTEM
    assert SYSTEM.game("game").info.max_players == 6


def test_setup_deals_characters_by_chance() -> None:
    """Setting Up (line 27): characters are dealt at random from the unused ones."""
    s = initial_state(3)
    assert s.actor() is CHANCE and s.tasks[-1].kind == "deal"
    assert len(s.chance_outcomes()) == 14 and sum(p for _, p in s.chance_outcomes()) == 1


def test_setup_with_chosen_characters() -> None:
    """Setting Up: by agreement each player chooses; 4 Lives and 1 Gold; starting spaces."""
    s = initial_state(2, "warrior,thief")
    assert [h.character for h in s.heroes] == ["warrior", "thief"]
    assert [(h.lives, h.gold, h.space) for h in s.heroes] == [(4, 1, "village"), (4, 1, "city")]
    with pytest.raises(UsageError):
        initial_state(2, "warrior,warrior")
    with pytest.raises(UsageError):
        initial_state(7)


def test_state_json_round_trip() -> None:
    """A state reads back equal from its JSON."""
    game = TalismanGame()
    s = initial_state(2, "wizard,elf")
    while s.actor() is CHANCE:
        s = s.apply(s.chance_outcomes()[0][0])  # type: ignore[assignment]
    text = canonical(game.state_to_json(s))
    assert game.state_from_json(json.loads(text)) == s


def test_turn_cap_ends_unfinished() -> None:
    """The turn cap option: a game reaching it ends "unfinished" with no winner."""
    s = initial_state(2, "wizard,elf", max_turns=1)
    while not s.over:
        s = s.apply(s.chance_outcomes()[0][0] if s.actor() is CHANCE else s.legal_actions()[0])  # type: ignore
    assert s.result().outcome == "unfinished" and s.result().winners == ()


@pytest.mark.parametrize("players", [2, 3, 6])
def test_turn_cap_default_is_counted_in_rounds(players: int) -> None:
    """The default cap (an option, not a rule; docs/rulings/talisman.md "The turn cap") is
    `DEFAULT_ROUNDS` rounds: every player's turn counts one, so 6 players get three times the turns of
    2. 0 turns the cap off; a number is a number of turns; a negative number other than the default's
    marker is refused."""
    game = TalismanGame()
    options = game.info.resolve_options({"players": players})
    assert options["max_turns"] == AUTO_TURNS
    assert game.new_initial_state(options).max_turns == DEFAULT_ROUNDS * players == default_turns(players)
    assert initial_state(players, max_turns=0).max_turns == 0
    assert initial_state(players, max_turns=25).max_turns == 25
    with pytest.raises(UsageError):
        initial_state(players, max_turns=-5)
