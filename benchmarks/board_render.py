"""The drawn boards' render time: the table fragment (`/games/<id>/table`) of a Talisman and of a HeroQuest
game, against a trivial page (the home page) in the same run.

The real app is called in this process through Starlette's test client (no network), with its own
GROGNARD_HOME in a temporary folder. Each game is created by the new-game form with this client holding
the human seat, and played a few moves by its first choices, so the board carries tokens, cards and
revealed rooms; then its table fragment, as the seat to act sees it, is fetched `FETCHES` times. Reported:
the median and 95th percentile of each, in milliseconds and as ratios to the home page's (the goal of
issue 14 is a board page rendered in under 100 ms), and the median of one replayed step of the bots' moves
(`?at=<ply>`, which replays the game from its start).
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time

from fastapi.testclient import TestClient

from benchmarks import Row, ratio, timed

NAME = "board_render"
"""The benchmark's name in the report."""
FETCHES = 60
"""Fetches of each page measured."""
MOVES = 12
"""Moves played before measuring, by each game's first choices."""

ACTION = re.compile(r'data-action="([^"]+)"')
PLY = re.compile(r'data-ply="(\d+)"')
TOKEN = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')
GAMES = {
    "Talisman, 2 seats": ("talisman", "game", {"option:players": "2"}, ["here", "bot"]),
    "HeroQuest quest 1": (
        "heroquest",
        "quest",
        {"option:quest": "1-the-smugglers-stair", "option:heroes": "barbarian,elf-wizard"},
        ["here", "bot"],
    ),
}


def _token(html: str) -> str:
    found = TOKEN.search(html)
    if found is None:
        raise RuntimeError("the page carries no form token")
    return found.group(1)


def _new_game(client: TestClient, system: str, game: str, fields: dict[str, str], seats: list[str]) -> str:
    form = {"csrf": _token(client.get(f"/games/new/{system}").text), "system": system, "game": game}
    form |= fields | {f"seat:{i}": s for i, s in enumerate(seats)} | {"seed": "14"}
    made = client.post("/games", data=form, follow_redirects=False)
    if made.status_code != 303:
        raise RuntimeError(f"new game refused ({made.status_code}): {made.text[:300]}")
    game_id = str(made.headers["location"]).rsplit("/", 1)[-1]
    for _ in range(MOVES):
        page = client.get(f"/games/{game_id}")
        actions, ply = ACTION.findall(page.text), PLY.search(page.text)
        if not actions or ply is None:
            break
        move = {"csrf": _token(page.text), "action": actions[0], "ply": ply.group(1)}
        client.post(f"/games/{game_id}/act", data=move, headers={"hx-request": "true"})
    return game_id


def _times(client: TestClient, path: str) -> list[float]:
    client.get(path)  # warm: templates compiled, caches filled
    out = []
    for _ in range(FETCHES):
        began = time.perf_counter()
        answer = client.get(path)
        out.append(time.perf_counter() - began)
        if answer.status_code != 200:
            raise RuntimeError(f"{path}: status {answer.status_code}")
    return out


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def run() -> list[Row]:
    """Each board's table fragment against the home page."""
    os.environ["GROGNARD_HOME"] = tempfile.mkdtemp(prefix="grognard-bench-")
    from grognard.web.app import create_app
    from grognard.web.settings import Settings

    client = TestClient(create_app(Settings(secret="benchmark-" + "x" * 32)))
    games = {case: _new_game(client, *how) for case, how in GAMES.items()}
    home = _times(client, "/")
    rows = [
        timed(NAME, "home page", "median", statistics.median(home)),
        timed(NAME, "home page", "p95", _p95(home)),
    ]
    for case, game_id in games.items():
        board = _times(client, f"/games/{game_id}/table")
        last = PLY.search(client.get(f"/games/{game_id}/table").text)
        assert last is not None
        step = _times(client, f"/games/{game_id}/table?at={int(last.group(1)) - 1}")
        rows += [
            timed(NAME, case, "table fragment median", statistics.median(board)),
            timed(NAME, case, "table fragment p95", _p95(board)),
            ratio(NAME, case, "median / home page median", statistics.median(board), statistics.median(home)),
            ratio(NAME, case, "p95 / home page p95", _p95(board), _p95(home)),
            timed(NAME, case, "a replayed step's fragment median", statistics.median(step)),
        ]
    return rows
