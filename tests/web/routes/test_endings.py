"""A finished game is told in words (issue 30's result screen): how it ended and what it took, from the
game's own `FrontEnd.ending`, on the page and in the terminal's last lines."""

from __future__ import annotations

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from tests.web.routes.test_tables import fight, play_to_the_end
from tests.web.security.tables_client import browser


def ending(system: str, game: str, public: dict[str, object], result: dict[str, object]) -> list[str]:
    """What the game's front end says of a finished game with this public view and result."""
    return registry.get_views(system, game).front.ending(public, result)


def test_a_fight_played_to_its_end_is_told_on_the_result_screen() -> None:
    host = browser()
    table = fight(host)
    play_to_the_end(host, table)
    page = host.client.get(table).text
    outcome = host.view(table)["view"]["result"]["outcome"]
    said = {"win": "You win the fight.", "dead": "You are killed: the fight is lost."}[outcome]
    assert "data-ending" in page and said in page
    assert "Play again" in page and "New game" in page and "Watch the replay" in page


def test_a_book_is_told_by_its_sections_and_scores() -> None:
    public = {
        "book": "The Heartflame of Cinderwick",
        "outcome": "death",
        "visited": 12,
        "sheet": [["SKILL", "11 (Initial 11)"], ["STAMINA", "0 (Initial 18)"], ["Weapon in use", "Sword"]],
    }
    told = ending("fighting-fantasy", "gamebook", public, {"outcome": "death", "winners": []})
    assert told[0] == "You have died. Your adventure ends here."
    assert "You read 12 sections of The Heartflame of Cinderwick." in told
    assert "Your Adventure Sheet at the end: SKILL 11 (Initial 11), STAMINA 0 (Initial 18)." in told


def test_a_talisman_game_is_told_by_its_winner_turns_and_each_characters_end() -> None:
    heroes = [
        {"character_name": "Troll", "strength": 9, "craft": 2, "lives": 3, "gold": 4, "space_name": "Crown"},
        {"character_name": "Monk", "out": True},
    ]
    told = ending("talisman", "game", {"heroes": heroes, "turn": 88}, {"outcome": "won", "winners": [0]})
    assert told[0] == "Troll wins after 88 turns: the last character left, holding the Crown of Command."
    assert "Troll: Strength 9, Craft 2, 3 lives, 4 Gold, on the Crown." in told
    assert "Monk: out of the game." in told
    public = {"heroes": heroes, "turn": 10, "max_turns": 9}
    capped = ending("talisman", "game", public, {"outcome": "unfinished", "winners": []})
    assert capped[0] == "The game stopped unfinished at the turn cap (9 turns)."


def test_a_quest_is_told_by_its_rounds_and_each_heroes_end() -> None:
    heroes = [
        {"name": "Ada", "status": "left", "body": 4, "max_body": 8, "gold": 120},
        {"name": "Brom", "status": "dead", "body": 0, "max_body": 9, "gold": 0},
    ]
    told = ending("heroquest", "quest", {"outcome": "won", "round": 14, "heroes": heroes}, {"outcome": "won"})
    assert told == [
        "The quest is won!",
        "It took 14 rounds.",
        "Ada left the quest: Body 4 of 8, 120 gold coins.",
        "Brom fell in the quest.",
    ]


def test_a_campaign_is_told_by_who_lives() -> None:
    members = [{"name": "Aldric", "alive": True}, {"name": "Omar", "alive": False}]
    told = ending("adventures-in-fantasy", "campaign", {"members": members}, {"outcome": "ended"})
    assert told == ["The campaign has ended.", "Alive: Aldric. Dead: Omar."]


def test_a_melee_is_told_by_who_fell() -> None:
    public = {"melee": {"fighters": [{"name": "Aldric"}, {"name": "Wolf"}]}}
    told = ending("adventures-in-fantasy", "melee", public, {"outcome": "b-wins", "winners": [1]})
    assert told == ["Aldric falls: Wolf wins the melee."]
    assert ending("adventures-in-fantasy", "melee", public, {"outcome": "both-fall"}) == [
        "Aldric and Wolf both fall: nobody wins."
    ]
