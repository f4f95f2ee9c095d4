"""Seat views on random conformance games of every game of every system (`check_game(views_every=...)`):
every seat's view and an onlooker's validate by the model, round-trip through JSON text, show every seat
the same public part, show no seat another's private fields, and pass the system's own leak audit.

The small games are checked at every state; Talisman and HeroQuest, whose views are large, on a fixed
sample (one state in `views_every`, and each game's last), so this file stays under a minute (about 45 s
here, on a busy machine). The solved odds are left out (`seat_view(odds=False)`); test_view.py covers
them.
"""

from __future__ import annotations

from typing import Any

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine import registry
from grognard.engine.conformance import check_registered

CASES: list[tuple[str, str, dict[str, Any], int, int, int]] = [
    # system, game, options, games, views_every, max_moves
    (
        "fighting-fantasy",
        "fight",
        {"enemies": "Orc:7/6,Goblin:5/5", "together": True, "escape": True},
        40,
        1,
        10_000,
    ),
    ("fighting-fantasy", "gamebook", {"book": "sample"}, 12, 1, 10_000),
    ("grey-star", "combat", {"willpower": 6}, 40, 1, 10_000),
    ("grey-star", "gamebook", {"book": "sample"}, 12, 1, 10_000),
    ("adventures-in-fantasy", "melee", {}, 40, 1, 10_000),
    ("adventures-in-fantasy", "campaign", {}, 6, 1, 400),
    ("talisman", "game", {"players": 3}, 2, 25, 1_500),
    ("heroquest", "quest", {"rounds": 4}, 12, 4, 10_000),
    ("heroquest", "quest", {"rounds": 3, "gm": "human", "quest": "2-the-salt-crypt"}, 4, 6, 10_000),
    ("heroquest", "quest", {"rounds": 3, "gm": "human", "quest": "3-the-rimebound-hold"}, 3, 6, 10_000),
    ("heroquest", "quest", {"rounds": 3, "quest": "the-goblin-cellar"}, 4, 6, 10_000),
]


@pytest.mark.parametrize(
    ("system", "game", "options", "games", "every", "cap"),
    CASES,
    ids=[f"{c[0]}/{c[1]}/{c[2].get('quest', '')}/{c[2].get('gm', '')}" for c in CASES],
)
def test_views_hold_on_random_games(
    system: str, game: str, options: dict[str, Any], games: int, every: int, cap: int
) -> None:
    report = check_registered(
        system,
        game,
        options=options,
        games=games,
        seed=11,
        views_every=every,
        max_moves=cap,
        allow_unfinished=True,
    )
    assert report.games == games
    assert report.moves > games


def test_check_views_refuses_a_view_that_leaks() -> None:
    from grognard.engine.conformance import check_views
    from grognard.engine.game import GameState
    from grognard.engine.view import GameViews, SeatView, Sight
    from tests.toys import DuelGame

    def sight(state: GameState, seat: int | None) -> Sight:
        return Sight(public={"hp": 3}, private={"hand": [f"card of seat {seat}"]} if seat is not None else {})

    def telling(state: GameState, seat: int | None) -> Sight:
        return Sight(public={"hand": ["card of seat 0"]}, private=sight(state, seat).private)

    def audit(state: GameState, seat: int | None, view: SeatView) -> list[str]:
        return ["shows too much"] if seat == 1 else []

    def two(state: GameState) -> int:
        return 2

    state = DuelGame().new_initial_state({})
    check_views("toy", "duel", GameViews(sight, two), state, ())
    with pytest.raises(AssertionError, match="public part differs"):
        check_views(
            "toy",
            "duel",
            GameViews(lambda s, seat: telling(s, seat) if seat == 1 else sight(s, seat), two),
            state,
            (),
        )
    with pytest.raises(AssertionError, match="seat 1's view leaks: shows too much"):
        check_views("toy", "duel", GameViews(sight, two, audit=audit), state, ())


def test_every_shipped_game_is_checked() -> None:
    """A new system's games join `CASES` (the recipe "Add a sixth system" says so; this fails until then)."""
    shipped = {
        (f.id, g) for f in registry.facts() if f.module.startswith("grognard.systems.") for g in f.games
    }
    assert shipped <= {(case[0], case[1]) for case in CASES}
