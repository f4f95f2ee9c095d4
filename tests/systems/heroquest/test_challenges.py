"""Other actions (lines 110-112 of 004_24cd6f974fe6a1ee.txt) as quest challenges: the format, the exact
roll, where the action is offered, and what success and failure do.

The quest below is on the standard board: room A is x 1-4, y 1-3 (the stairs on 1-2, 1-2), room B is
x 5-8, y 1-3, and the door `gate` joins them at (4,2)-(5,2).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from grognard.engine.content import package_file
from grognard.engine.errors import ContentError
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.challenges import reach_chance
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.features.dungeon.challenge_play import challenge_label
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.views.event_text import log_lines
from tests.seeds import Rulebook

from .play_helpers import begin, put_hero, step

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")

QUEST = """
id = "locks"
title = "Locks"
stairs = [1, 1]
doors = [
  { id = "a-north", at = [[3, 0], [3, 1]] },
  { id = "gate", at = [[4, 2], [5, 2]] },
]
monsters = [
  { id = "far", monster = "Goblin", level = 1, at = [24, 17] },
  { id = "guard", monster = "Goblin", level = 1, at = [6, 2], held = true },
]
furniture = [{ id = "a-chest", kind = "chest", at = [4, 3] }]
treasure = [
  { id = "chest-gold", furniture = "a-chest", gold = 30 },
  { id = "scroll-gold", at = [2, 3], gold = 5 },
  { id = "loose", at = [3, 3], gold = 1 },
]
notes = [{ id = "A", at = [2, 3], text = "The cipher names the chest's maker." }]
goal = { kind = "kill", target = "far" }
wandering = { monster = "Orc", level = 1 }

[[challenges]]
id = "cipher"
name = "the ciphered scroll"
text = "A scroll in a cipher lies on the floor."
at = [2, 3]
attribute = "mind"
target = 15
treasure = ["scroll-gold"]
notes = ["A"]

[[challenges]]
id = "lock"
furniture = "a-chest"
attribute = "body"
target = 10
treasure = ["chest-gold"]

[[challenges]]
id = "bars"
door = "gate"
attribute = "attack"
target = 4
tries = 0

[[events]]
id = "deciphered"
trigger = { kind = "solve-challenge", challenge = "cipher" }
actions = [{ kind = "text", text = "The last line is a warning." }]

[[events]]
id = "bars-rattle"
once = false
trigger = { kind = "fail-challenge", challenge = "bars" }
actions = [{ kind = "place-monsters", monsters = ["guard"] }]
"""


def _file(tmp_path: Path, text: str = QUEST) -> str:
    path = tmp_path / "locks.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _start(tmp_path: Path, heroes: str = "elf-wizard,barbarian") -> QuestState:
    return begin(_file(tmp_path), heroes=heroes)


def _brute(dice: int, target: int) -> Fraction:
    hits = sum(1 for faces in product(range(1, 7), repeat=dice) if sum(faces) >= target)
    return Fraction(hits, 6**dice)


def test_the_rule_lines_are_other_actions() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    assert lines[109].startswith("**Other Actions:**") and "five red dice" in lines[111]


def test_the_books_example_five_red_dice_for_fifteen_line_112() -> None:
    """004_24cd6f974fe6a1ee.txt:112: five red dice, one per Mind point, reaching a total of 15."""
    assert reach_chance(5, 15) == _brute(5, 15) == Fraction(6054, 6**5)  # 6054 of the 7776 throws
    for dice in range(1, 5):
        for target in range(0, 6 * dice + 2):
            assert reach_chance(dice, target) == _brute(dice, target), (dice, target)
    assert reach_chance(0, 1) == 0 and reach_chance(3, 19) == 0


def test_a_challenge_is_tried_beside_it_with_the_action_and_exact_odds_line_110(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:110: in place of combat, searching, spells or items; the roll set by the
    attribute (one red die a Mind point, line 112)."""
    state = _start(tmp_path)
    assert not any(a.startswith("challenge:") for a in state.legal_actions())  # on the stairs, not beside
    beside = put_hero(state, 0, at=(2, 2))
    assert "challenge:cipher" in beside.legal_actions()
    assert "challenge:cipher" in put_hero(state, 0, at=(2, 3)).legal_actions()  # on its square too
    mind = beside.hero_of(0).maximum("mind")
    label = challenge_label(beside, 0, "cipher")
    assert f"{mind} red dice (mind) for 15 or more" in label
    assert f"{float(_brute(mind, 15)):.1%}" in label
    trying = step(beside, "challenge:cipher")
    assert trying.actor() is CHANCE and trying.turn.acted
    assert dict(trying.chance_outcomes()) == {"success": _brute(mind, 15), "failure": 1 - _brute(mind, 15)}


def test_success_gives_the_treasure_notes_experience_and_fires_events(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:347: a successful non-combat action gives one experience point."""
    state = put_hero(_start(tmp_path), 0, at=(2, 2))
    done = step(state, "challenge:cipher", "success")
    hero = done.heroes[0]
    assert hero.xp == 1 and hero.gold == state.heroes[0].gold + 5 and "scroll-gold" in done.taken
    assert "Note A: The cipher names the chest's maker." in log_lines(done.log)
    assert "The last line is a warning." in log_lines(done.log) and "challenge:cipher" in done.fired
    assert not any(a.startswith("challenge:") for a in put_hero(done, 1, at=(2, 2)).legal_actions())
    assert "search:treasure" not in done.legal_actions()  # the action is spent


def test_a_failure_uses_up_the_heros_tries_and_fires_fail_events(tmp_path: Path) -> None:
    state = put_hero(_start(tmp_path), 0, at=(2, 2))
    failed = step(state, "challenge:cipher", "failure")
    assert failed.heroes[0].xp == 0 and "scroll-gold" not in failed.taken
    # the same hero may not try again (tries = 1); a companion may
    again = put_hero(failed, 1, at=(2, 2))
    from grognard.systems.heroquest.features.dungeon.challenge_play import challenge_actions

    assert challenge_actions(again, 0) == [] and challenge_actions(again, 1) == ["challenge:cipher"]


def test_a_door_challenge_keeps_the_door_shut_until_met(tmp_path: Path) -> None:
    state = put_hero(_start(tmp_path), 0, at=(4, 2))
    actions = state.legal_actions()
    assert "door:gate" not in actions and "challenge:bars" in actions and "challenge:lock" in actions
    trying = step(state, "challenge:bars")
    attack = state.hero_of(0).maximum("attack")
    assert trying.pending is not None and trying.pending.dice == attack
    failed = step(trying, "failure")
    guard = next(m for m in failed.monsters if m.id == "guard")
    assert guard.status == "active"  # the fail-challenge event brought the guard
    from grognard.systems.heroquest.features.dungeon.challenge_play import challenge_actions

    assert "challenge:bars" in challenge_actions(failed, 0)  # tries = 0: as often as he likes
    opened = step(state, "challenge:bars", "success")
    assert opened.layout.door_by_id["gate"].state == "open"


def test_locked_treasure_is_not_found_by_searching_until_the_challenge_is_met(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:98: treasure found by searching; a challenge's lock keeps it back."""
    state = put_hero(_start(tmp_path), 0, at=(3, 2))
    searched = step(state, "search:treasure")
    assert (
        "loose" in searched.taken
        and "chest-gold" not in searched.taken
        and "scroll-gold" not in searched.taken
    )
    body = state.hero_of(0).maximum("body")
    forced = step(put_hero(state, 0, at=(4, 2)), "challenge:lock")
    assert dict(forced.chance_outcomes())["success"] == _brute(body, 10)
    got = step(forced, "success")
    assert "chest-gold" in got.taken and got.heroes[0].gold == state.heroes[0].gold + 30


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (('at = [2, 3]\nattribute = "mind"', 'furniture = "nowhere"\nattribute = "mind"'), "no furniture"),
        (
            (
                '{ id = "gate", at = [[4, 2], [5, 2]] }',
                '{ id = "gate", at = [[4, 2], [5, 2]], state = "open" }',
            ),
            "open",
        ),
        (('treasure = ["chest-gold"]', 'treasure = ["scroll-gold"]'), "locked by"),
        (('challenge = "bars" }', 'challenge = "nothing" }'), "no challenge"),
        (('notes = ["A"]', 'notes = ["Z"]'), "no note"),
        (('at = [2, 3]\nattribute = "mind"', 'at = [2, 3]\ndoor = "gate"\nattribute = "mind"'), "one of"),
        (("target = 15", "target = 0"), "target"),
    ],
)
def test_a_bad_challenge_is_refused_with_its_place(
    tmp_path: Path, change: tuple[str, str], reason: str
) -> None:
    old, new = change
    assert old in QUEST
    with pytest.raises(ContentError, match=reason):
        load_quest(_file(tmp_path, QUEST.replace(old, new, 1)))


def test_a_trapped_piece_of_furniture_takes_no_challenge(tmp_path: Path) -> None:
    text = QUEST.replace(
        "goal = {", 'traps = [{ id = "t", kind = "chest", furniture = "a-chest" }]\ngoal = {'
    )
    with pytest.raises(ContentError, match="holds a trap"):
        load_quest(_file(tmp_path, text))


def test_the_first_shipped_quest_has_a_challenge_the_heroes_can_reach() -> None:
    quest = load_quest(package_file("grognard.systems.heroquest", "data/quests/1-the-smugglers-stair.toml"))
    assert quest.file.challenges
    ledger = quest.file.challenges[0]
    assert ledger.at is not None and quest.board.is_floor(ledger.at) and ledger.treasure


def test_random_games_through_challenges_destiny_pits_and_fallen_heroes(tmp_path: Path) -> None:
    """Random legal games keep every protocol promise (replay, JSON, invariants) with the actions of
    these rules on offer: challenges, Human Destiny, climbing, collecting."""
    import json

    from grognard.engine.conformance import check_game
    from grognard.engine.dice.core import Rng
    from grognard.engine.game import GameState
    from grognard.systems.heroquest.content.hero import create_hero
    from grognard.systems.heroquest.content.quest_setup import hero_from_spec
    from grognard.systems.heroquest.game import GAME

    ada = create_hero("Ada", "human", "warrior", ["body", "attack"], skill="Human Destiny")
    ada = ada.model_copy(update={"skills": (*ada.skills, "Human Resistance")})
    party = json.dumps([h.model_dump(mode="json") for h in (ada, hero_from_spec("elf-wizard"))])

    def mine_first(state: GameState, rng: Rng) -> str:
        actions = [a for a in state.legal_actions() if a != "leave"]
        ours = [a for a in actions if a.partition(":")[0] in ("challenge", "collect", "climb", "skill")]
        return rng.choice(ours if ours and rng.randint(1, 2) == 1 else actions)

    for quest in (_file(tmp_path), "1-the-smugglers-stair"):
        options = {"quest": quest, "heroes": party, "rounds": 8}
        report = check_game(GAME, options, seed=11, games=6, policy=mine_first, system="heroquest")
        assert report.finished == 6 and report.moves > 100
