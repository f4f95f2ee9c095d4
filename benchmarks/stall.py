"""One visitor cannot stall the server (issue 29): the home page's latency while 40 clients ask for heavy
calculations at once and a table of bots plays.

`grognard serve` runs in a child process on a free loopback port with a temporary GROGNARD_HOME, with
its default limits (`web.limits`, `web.solving`). Forty clients, each from its own loopback address
(127.0.0.10 to 127.0.0.49: forty different visitors to the server) with its own browser session, post
the Fighting Fantasy calculator a fight against four strong creatures together (solved for over 7
minutes and 1.1 GB before the deadlines), all at once, and each asks again as soon as it is answered,
for `--seconds`. Meanwhile a table of six Talisman seats is played: six random bots if the web allows
such a table (it refuses a table without a person since issue 29: then one human seat and five random
bots, the human making random moves), and `GET /` is timed ten times a second. Reported: `GET /`'s
median, 95th percentile and worst time, idle first and then under that load; how the calculations were
answered (over budget, or refused at once); the table's move round trips. Bounded: `--seconds` of load,
every request with a timeout, everything on loopback.

    python -m benchmarks.stall --seconds 40
"""

from __future__ import annotations

import argparse
import html
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from benchmarks import Row, timed
from benchmarks.load_tables import ServeProcess

NAME = "stall"
"""The benchmark's name in the report."""
CLIENTS = 40
"""Clients asking for heavy calculations at once."""
HEAVY = {
    "skill": "12",
    "stamina": "24",
    "luck": "12",
    "enemies": "11/20,11/20,11/20,11/20",
    "together": "on",
    "luck_worth": "0",
}
"""The fight of issue 29: four strong creatures together."""

TOKEN = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
PLY = re.compile(r'data-ply="(\d+)"')
PROBLEM = re.compile(r"data-error>([^<]*)<")


class Server(ServeProcess):
    """`grognard serve` in a child process on a free loopback port, with its default limits."""

    def __init__(self, home: Path) -> None:
        drop = ("GROGNARD_DATABASE_URL", "GROGNARD_SECRET", "GROGNARD_SOLVE_SECONDS")
        super().__init__(home, [], {}, 60, drop)


def client(url: str, address: str = "127.0.0.1", timeout: float = 60) -> httpx.Client:
    """An HTTP client from one loopback address."""
    return httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address=address), timeout=timeout)


def token(browser: httpx.Client) -> str:
    """The browser's form token (its session made by the home page)."""
    found = TOKEN.search(browser.get("/").text)
    if found is None:
        raise RuntimeError("the home page has no form token")
    return found.group(1)


@dataclass
class Load:
    """What the load measured."""

    idle: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    heavy_seconds: list[float] = field(default_factory=list)
    table: str = ""
    moves: list[float] = field(default_factory=list)


def probe(url: str, until: float, out: list[float]) -> None:
    """Time `GET /` ten times a second until `until`."""
    with client(url, "127.0.0.2", timeout=30) as looker:
        while time.monotonic() < until:
            began = time.perf_counter()
            try:
                ok = looker.get("/").status_code == 200
            except httpx.HTTPError:
                ok = False
            out.append(time.perf_counter() - began if ok else float("inf"))
            time.sleep(max(0.0, 0.1 - (time.perf_counter() - began)))


def heavy(url: str, n: int, until: float, load: Load, lock: threading.Lock) -> None:
    """One client asking for the heavy fight until `until`: again at once when answered, after the
    `Retry-After` it is given when refused (as a person trying again would)."""
    with client(url, f"127.0.0.{10 + n}", timeout=90) as browser:
        form = {"csrf": token(browser)} | HEAVY
        while time.monotonic() < until:
            began = time.perf_counter()
            wait = 5.0
            try:
                answer = browser.post("/tools/ff-fight", data=form)
                said = PROBLEM.search(answer.text)
                kind = f"{answer.status_code} {html.unescape(said.group(1))[:40] if said else ''}".strip()
                wait = float(answer.headers.get("retry-after", "0"))
            except httpx.HTTPError as e:
                kind = f"failed: {type(e).__name__}"
            with lock:
                load.answers[kind] += 1
                if kind.startswith("400"):
                    load.heavy_seconds.append(time.perf_counter() - began)
            time.sleep(min(wait, max(0.0, until - time.monotonic())))


def bot_table(url: str, until: float, load: Load) -> None:
    """Six Talisman seats of random bots if the web allows it, else one person and five random bots, the
    person making random moves until `until`."""
    pick = random.Random(6)
    with client(url, "127.0.0.3", timeout=60) as browser:
        form = {"csrf": token(browser), "system": "talisman", "game": "game", "option:players": "6"}
        bots = form | {f"seat:{i}": "random" for i in range(6)}
        made = browser.post("/games", data=bots, follow_redirects=False)
        if made.status_code == 303:
            load.table = "6 random bots"
        else:
            said = PROBLEM.search(made.text)
            why = html.unescape(said.group(1)) if said else str(made.status_code)
            load.table = f"6 random bots refused ({why}): "
            mixed = form | {"seat:0": "here"} | {f"seat:{i}": "random" for i in range(1, 6)}
            made = browser.post("/games", data=mixed, follow_redirects=False)
            if made.status_code != 303:
                load.table += f"1 person and 5 bots refused too ({made.status_code})"
                return
            load.table += "1 person and 5 random bots instead"
        key = str(made.headers["location"]).rsplit("/", 1)[-1]
        while time.monotonic() < until:
            page = browser.get(f"/games/{key}")
            actions, ply = ACTION.findall(page.text), PLY.search(page.text)
            if not actions or ply is None:
                time.sleep(0.3)
                continue
            began = time.perf_counter()
            move = {"csrf": token(browser), "action": pick.choice(actions), "ply": ply.group(1)}
            if browser.post(f"/games/{key}/act", data=move, follow_redirects=False).status_code == 303:
                load.moves.append(time.perf_counter() - began)


def run_load(seconds: float, table: bool = True) -> Load:
    """Serve, time `GET /` idle, then under the calculations (and the table) for `seconds`."""
    home = Path(tempfile.mkdtemp(prefix="grognard-stall-home-"))
    server = Server(home)
    load = Load()
    lock = threading.Lock()
    try:
        probe(server.url, time.monotonic() + 3, load.idle)
        until = time.monotonic() + seconds
        threads = [
            threading.Thread(target=heavy, args=(server.url, n, until, load, lock)) for n in range(CLIENTS)
        ]
        if table:
            threads.append(threading.Thread(target=bot_table, args=(server.url, until, load)))
        else:
            load.table = "none (--no-table)"
        for t in threads:
            t.start()
        probe(server.url, until, load.busy)
        for t in threads:
            t.join(timeout=120)
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
    return load


def percentile(times: list[float], q: float) -> float:
    """The `q` quantile of `times` (0 when there are none)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def rows(load: Load, seconds: float) -> list[Row]:
    """The measures as benchmark rows."""
    out = []
    played = "" if load.table.startswith("none") else " and a table"
    busy = f"{CLIENTS} heavy clients{played}, {seconds:g} s"
    for case, times in (("idle", load.idle), (busy, load.busy)):
        out += [
            timed(NAME, case, "GET / median", statistics.median(times or [0.0])),
            timed(NAME, case, "GET / p95", percentile(times, 0.95)),
            timed(NAME, case, "GET / worst", max(times or [0.0])),
            Row(NAME, case, "GET / over 200 ms", float(sum(1 for t in times if t > 0.2)), f"of {len(times)}"),
        ]
    case = busy
    for kind, count in sorted(load.answers.items()):
        out.append(Row(NAME, case, f"calculator answered {kind}", float(count), "answers"))
    if load.heavy_seconds:
        out.append(
            timed(
                NAME,
                case,
                "calculation to its over budget answer, median",
                statistics.median(load.heavy_seconds),
            )
        )
    if load.moves:
        out.append(timed(NAME, case, "table move round trip median", statistics.median(load.moves)))
        out.append(Row(NAME, case, "table moves made", float(len(load.moves)), "moves"))
    return out


def run() -> list[Row]:
    """40 seconds of load (for `python -m benchmarks`): one heavy calculation's deadline and more."""
    load = run_load(40.0)
    print(f"stall: the table: {load.table}")
    return rows(load, 40.0)


def main(argv: list[str]) -> int:
    """Run the load from the command line and print the report."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.stall", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds of load (at most 300)")
    parser.add_argument("--no-table", action="store_true", help="the calculations only, no table played")
    args = parser.parse_args(argv)
    seconds = min(max(args.seconds, 1.0), 300.0)
    from benchmarks.__main__ import render

    load = run_load(seconds, table=not args.no_table)
    print(render(rows(load, seconds)))
    print(f"the table: {load.table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
