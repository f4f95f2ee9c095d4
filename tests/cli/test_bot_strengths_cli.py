"""Bot strengths on the command line (issue 34): `--seat random|heuristic|search` per seat in Talisman and
HeroQuest play, `--bot` for `hq simulate`, every share of both balance labs with its 95% interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import grognard


@pytest.fixture(autouse=True)
def _front_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Load the Talisman front end as a plugin too, whether or not `cli.main` imports it."""
    monkeypatch.setenv("GROGNARD_PLUGINS", "grognard.cli.systems.talisman")


def test_talisman_seats_each_bot_by_its_strength_and_keeps_it(tmp_path: Path) -> None:
    args = ("talisman", "play", "--seat", "warrior:search", "--seat", "wizard:random", "--seed", "4")
    ran = grognard(*args, "--max-turns", "6", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "(a bot that looks ahead)" in ran.out and "(a bot playing at random)" in ran.out
    listed = json.loads(grognard("games", "list", "--json", home=tmp_path).out)
    assert listed[0]["title"] == "Talisman: 1 random bot, 1 searching bot"
    both = grognard("talisman", "play", "--players", "human,bot", "--seat", "search", home=tmp_path)
    assert both.code == 2 and "not both" in both.err
    bad = grognard("talisman", "play", "--seat", "human", "--seat", "clever", home=tmp_path)
    assert bad.code == 2 and "clever" in bad.err


def test_talisman_simulate_gives_every_share_with_its_interval(tmp_path: Path) -> None:
    ran = grognard(
        "talisman", "simulate", "--bots", "search,heuristic", "--games", "2", "--seed", "3", "--json"
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    shares = data["bot_shares"]
    assert sum(s["count"] for s in shares.values()) == sum(data["wins_by_bot"].values())
    for share in [*shares.values(), *data["win_shares"].values()]:
        assert share["games"] == 2 and 0 <= share["low"] <= share["rate"] <= share["high"] <= 1
    text = grognard("talisman", "simulate", "--games", "1", "--max-turns", "10")
    assert text.code == 0 and "unfinished" in text.out


def test_heroquest_seats_and_simulate_take_a_strength(tmp_path: Path) -> None:
    ran = grognard("hq", "play", "the-goblin-cellar", "--seed", "3", "--seat", "search", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "The quest is won!" in ran.out or "lost" in ran.out
    sim = grognard("hq", "simulate", "the-goblin-cellar", "--games", "2", "--bot", "random", "--json")
    assert sim.code == 0, sim.err
    rate = json.loads(sim.out)["win_rate"]
    assert rate["games"] == 2 and rate["low"] <= rate["rate"] <= rate["high"]
    text = grognard("hq", "simulate", "the-goblin-cellar", "--games", "2", "--seed", "5")
    assert "(95%:" in text.out and "heuristic heroes" in text.out
    bad = grognard("hq", "simulate", "the-goblin-cellar", "--bot", "strong")
    assert bad.code == 2 and "strong" in bad.err
    both = grognard("hq", "play", "the-goblin-cellar", "--bots", "--seat", "search", home=tmp_path)
    assert both.code == 2 and "not both" in both.err
