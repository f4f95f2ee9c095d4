"""The browser front end under play: page loads and moves' round trips, on one table and on 50 at once.

The real app is served by uvicorn on a free loopback port in this process (its own GROGNARD_HOME in a
temporary folder). A client creates Talisman tables whose two seats it both holds, then plays them by
HTTP the way a browser does: post a move (`/games/<id>/act` with the move number shown) and fetch the
updated table. A round trip is that post and fetch together. Reported: the median and 95th percentile of
a page load and of a round trip, on one table, then with 50 tables played at once by 50 client threads
(Talisman moves carry no solved odds; the goal on a 2-core machine is a p95 under 50 ms for one table).
"""

from __future__ import annotations

import os
import random
import re
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import httpx

from benchmarks import Row, timed

NAME = "web_tables"
"""The benchmark's name in the report."""
MOVES = 40
"""Moves played on each table."""
TABLES = 50
"""Tables played at once in the second case."""

ACTION = re.compile(r'data-action="([^"]+)"')
PLY = re.compile(r'data-ply="(\d+)"')
TOKEN = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')


def _serve() -> tuple[str, object]:
    import socket

    import uvicorn

    from grognard.web.app import create_app
    from grognard.web.settings import Settings

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    app = create_app(Settings(port=port, secret="benchmark-" + "x" * 32))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def _new_table(client: httpx.Client, url: str, seed: int) -> str:
    page = client.get(f"{url}/games/new/talisman")
    token = TOKEN.search(page.text)
    assert token is not None
    form = {"csrf": token.group(1), "system": "talisman", "game": "game", "option:players": "2"}
    form |= {"seat:0": "here", "seat:1": "here", "seed": str(seed)}
    made = client.post(f"{url}/games", data=form, follow_redirects=False)
    if made.status_code != 303:
        raise RuntimeError(f"new table refused: {_problem(made.text)}")
    return str(made.headers["location"]).rsplit("/", 1)[-1]


def _play(url: str, seed: int, *, loads: list[float], trips: list[float]) -> None:
    pick = random.Random(seed)
    with httpx.Client(timeout=60, follow_redirects=True) as client:
        game = _new_table(client, url, seed)
        for _ in range(MOVES):
            began = time.perf_counter()
            page = client.get(f"{url}/games/{game}")
            loads.append(time.perf_counter() - began)
            actions = ACTION.findall(page.text)
            ply = PLY.search(page.text)
            token = TOKEN.search(page.text)
            if not actions or ply is None or token is None:
                return
            move = {"csrf": token.group(1), "action": pick.choice(actions), "ply": ply.group(1)}
            began = time.perf_counter()
            answer = client.post(f"{url}/games/{game}/act", data=move, headers={"hx-request": "true"})
            trips.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise RuntimeError(f"move refused: {_problem(answer.text)}")


def _problem(html: str) -> str:
    found = re.search(r"data-error>([^<]*)", html)
    return found.group(1) if found else html[:300]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def run() -> list[Row]:
    """One table, then 50 at once."""
    home = tempfile.mkdtemp(prefix="grognard-bench-")
    os.environ["GROGNARD_HOME"] = home
    url, _server = _serve()
    rows: list[Row] = []
    for case, tables in (("1 table", 1), (f"{TABLES} tables at once", TABLES)):
        loads: list[float] = []
        trips: list[float] = []
        play = partial(_play, url, loads=loads, trips=trips)
        with ThreadPoolExecutor(max_workers=tables) as pool:
            list(pool.map(play, range(tables)))
        rows += [
            timed(NAME, case, "page load median", statistics.median(loads)),
            timed(NAME, case, "page load p95", _p95(loads)),
            timed(NAME, case, "move round trip median", statistics.median(trips)),
            timed(NAME, case, "move round trip p95", _p95(trips)),
        ]
    return rows
