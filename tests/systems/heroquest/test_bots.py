"""The bot party against the automatic game master on the shipped quests (fixed seeds)."""

from __future__ import annotations

import pytest

from grognard.systems.heroquest.simulate import simulate

PARTY = "barbarian,dwarf-warrior,elf-wizard,human-rogue"


@pytest.mark.parametrize(
    ("quest", "games"),
    [("the-goblin-cellar", 3), ("1-the-smugglers-stair", 4), ("2-the-salt-crypt", 12)],
)
def test_the_bot_party_wins_the_quest_at_least_once(quest: str, games: int) -> None:
    summary = simulate(quest, PARTY, games, seed=1)
    assert summary.games == games
    assert summary.wins >= 1, summary.to_data()


def test_simulate_summary_keys() -> None:
    data = simulate("the-goblin-cellar", "barbarian,elf-wizard", 2, seed=5).to_data()
    assert {"games", "wins", "mean_turns", "hero_deaths"} <= set(data)
    assert data["games"] == 2 and sum(data["outcomes"].values()) == 2
