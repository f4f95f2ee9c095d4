"""Load on several server workers: many Talisman tables played at once through HTTP, one worker killed.

`grognard serve --workers N` runs on loopback against a PostgreSQL database (the one
`--database-url`/`$GROGNARD_TEST_POSTGRES` names, else a throwaway server started from
/usr/lib/postgresql/15/bin in a temporary folder and removed after). One client thread per table
creates a two-seat Talisman table holding both seats and plays it as a browser does: fetch the table,
post one of the shown actions with the move number shown. A move is acknowledged when the server
answers 303. Part way through, one worker is killed (SIGKILL): requests it held fail, and the client
fetches the table again and goes on, served by the other worker (uvicorn's supervisor starts a new one).

Afterwards every game is read from the database: it must replay identically from its moves to its
stored state; every acknowledged move must be at its position; no position holds two moves (the
primary key) and no move is counted twice. Reported: moves per second and the median and 95th
percentile of a move's round trip. Bounded: `--moves` per table and a time limit.

    python -m benchmarks.load_tables --tables 100 --workers 2 --moves 10
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from benchmarks import Row, timed
from tests.pgserver import PG_BIN, free_port, throwaway_server

NAME = "load_tables"
"""The benchmark's name in the report."""

ACTION = re.compile(r'data-action="([^"]+)"')
PLY = re.compile(r'data-ply="(\d+)"')
TOKEN = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')


class ServeProcess:
    """`grognard serve ARGS` in a child process on a free loopback port, its environment `env` plus
    GROGNARD_HOME, ready when `ready()` says so (within `limit` seconds, asked every `poll` seconds)."""

    def __init__(
        self,
        home: Path,
        args: list[str],
        env: dict[str, str],
        limit: float,
        drop: tuple[str, ...],
        poll: float = 0.2,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = dict(os.environ, **env, GROGNARD_HOME=str(home))
        for var in drop:
            environment.pop(var, None)
        # a file, not a pipe: a pipe nobody reads fills up and stalls the server writing its log
        self.log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (kept open while the server runs)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "grognard", "serve", *args, "--port", str(self.port), "--no-open"],
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            text=True,
            start_new_session=True,
        )
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                said = self.said()
                raise RuntimeError(f"the server stopped: {said}")
            with contextlib.suppress(httpx.HTTPError):
                if self.ready():
                    return
            time.sleep(poll)
        self.stop()
        raise RuntimeError(f"the server did not answer within {limit:.0f} s")

    def said(self) -> str:
        """What the server wrote on its standard error so far."""
        self.log.seek(0)
        return self.log.read()

    def ready(self) -> bool:
        """Whether the server answers its home page."""
        return httpx.get(f"{self.url}/", timeout=5).status_code == 200

    def stop(self) -> None:
        """Stop the server (Ctrl+C), and its worker processes with it."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=30)


class Server(ServeProcess):
    """`grognard serve --workers N` in a child process, on a free loopback port."""

    def __init__(self, database_url: str, workers: int, home: Path) -> None:
        self.count = workers
        env = {"GROGNARD_DATABASE_URL": database_url}
        # no secret: the supervisor makes one and hands it to every worker
        super().__init__(home, ["--workers", str(workers)], env, 120, ("GROGNARD_SECRET",))

    def ready(self) -> bool:
        """Whether the server answers and all its workers run."""
        answered = httpx.get(f"{self.url}/games", timeout=5).status_code == 200
        return answered and len(self.workers()) >= self.count

    def workers(self) -> list[int]:
        """The worker processes' ids (children of the supervisor, without multiprocessing's tracker)."""
        try:
            kids = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        except OSError:
            return []
        found = []
        for kid in kids:
            with contextlib.suppress(OSError):
                if "spawn_main" in Path(f"/proc/{kid}/cmdline").read_text():
                    found.append(int(kid))
        return found

    def kill_one(self) -> int:
        """SIGKILL one worker; returns its id."""
        victim = self.workers()[0]
        os.kill(victim, signal.SIGKILL)
        return victim


@dataclass
class Table:
    """One table's client: its game and the moves the server acknowledged, by position."""

    seed: int
    game: str = ""
    acked: list[tuple[int, str]] = field(default_factory=list)
    trips: list[float] = field(default_factory=list)
    failed: int = 0
    over: bool = False


def new_table(client: httpx.Client, url: str, seed: int) -> str:
    page = client.get(f"{url}/games/new/talisman")
    token = TOKEN.search(page.text)
    if token is None:
        raise RuntimeError("the new-game page has no form token")
    form = {"csrf": token.group(1), "system": "talisman", "game": "game", "option:players": "2"}
    form |= {"seat:0": "here", "seat:1": "here"}  # no seed: a table of two people may not choose one
    made = client.post(f"{url}/games", data=form, follow_redirects=False)
    if made.status_code != 303:
        raise RuntimeError(f"new table refused ({made.status_code})")
    return str(made.headers["location"]).rsplit("/", 1)[-1]


def play(table: Table, url: str, moves: int, deadline: float) -> None:
    """Create the table and play `moves` acknowledged moves (or to its end, or the deadline)."""
    pick = random.Random(table.seed)
    with httpx.Client(timeout=60) as client:
        while not table.game:
            try:
                table.game = new_table(client, url, table.seed)
            except httpx.HTTPError:
                table.failed += 1
                time.sleep(0.2)
        while len(table.acked) < moves and time.monotonic() < deadline:
            try:
                page = client.get(f"{url}/games/{table.game}")
                actions = ACTION.findall(page.text)
                ply, token = PLY.search(page.text), TOKEN.search(page.text)
                if page.status_code != 200 or ply is None or token is None:
                    table.failed += 1
                    continue
                if not actions and "data-continue" in page.text:
                    # a killed worker left the dice unrolled: a look does not roll them, Continue does
                    client.post(f"{url}/games/{table.game}/advance", data={"csrf": token.group(1)})
                    continue
                if not actions:
                    table.over = True
                    return
                action = pick.choice(actions)
                move = {"csrf": token.group(1), "action": action, "ply": ply.group(1)}
                began = time.perf_counter()
                answer = client.post(f"{url}/games/{table.game}/act", data=move, follow_redirects=False)
                if answer.status_code == 303:
                    table.trips.append(time.perf_counter() - began)
                    table.acked.append((int(ply.group(1)), action))
                else:
                    table.failed += 1
            except httpx.HTTPError:
                table.failed += 1
                time.sleep(0.1)


@dataclass
class Report:
    """What a load run measured and found."""

    tables: int
    workers: int
    acked: int
    seconds: float
    trips: list[float]
    failed: int
    killed: int | None
    acked_after_kill: int
    problems: list[str]

    @property
    def per_second(self) -> float:
        """Acknowledged moves per second."""
        return self.acked / self.seconds if self.seconds else 0.0

    @property
    def p95(self) -> float:
        """The 95th percentile of a move's round trip, in seconds."""
        ordered = sorted(self.trips)
        return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def check(database_url: str, tables: list[Table]) -> list[str]:
    """Every game replays to its stored state, every acknowledged move is at its position, none twice."""
    import grognard.systems  # noqa: F401  (declares the systems the games are of)
    from grognard.engine.errors import GrognardError
    from grognard.engine.store.factory import open_url

    problems: list[str] = []
    with open_url(database_url) as store:
        for t in tables:
            if not t.game:
                problems.append(f"table {t.seed}: never created")
                continue
            try:
                session = store.load(t.game.partition("-")[0], verify=True)  # replays every move, checks it
            except GrognardError as e:
                problems.append(f"game {t.game}: {e}")
                continue
            moves = session.moves
            plies = [p for p, _ in t.acked]
            if len(set(plies)) != len(plies):
                problems.append(f"game {t.game}: one position acknowledged twice")
            for ply, action in t.acked:
                if ply >= len(moves) or moves[ply].player is None or str(moves[ply].move) != action:
                    problems.append(f"game {t.game}: acknowledged move {action!r} at {ply} is not stored")
            decisions = sum(1 for m in moves if m.player is not None)
            if not len(t.acked) <= decisions <= len(t.acked) + t.failed:
                problems.append(
                    f"game {t.game}: {decisions} decisions stored for {len(t.acked)} acknowledged and "
                    f"{t.failed} failed requests"
                )
    return problems


def load(
    database_url: str, *, tables: int, workers: int, moves: int, kill_at: float | None, limit: float
) -> Report:
    """Serve with `workers` workers and play `tables` tables of `moves` moves at once; kill a worker
    when the fraction `kill_at` of all the moves is acknowledged (None: never); stop at `limit`
    seconds. Checks the games afterwards."""
    home = Path(tempfile.mkdtemp(prefix="grognard-load-home-"))
    server = Server(database_url, workers, home)
    logs = [Table(seed) for seed in range(tables)]
    killed: int | None = None
    acked_at_kill = 0
    try:
        began = time.monotonic()
        deadline = began + limit
        threads = [threading.Thread(target=play, args=(t, server.url, moves, deadline)) for t in logs]
        for th in threads:
            th.start()
        if kill_at is not None:
            due = kill_at * tables * moves
            while sum(len(t.acked) for t in logs) < due and any(th.is_alive() for th in threads):
                time.sleep(0.02)
            if any(th.is_alive() for th in threads):
                acked_at_kill = sum(len(t.acked) for t in logs)
                killed = server.kill_one()
        for th in threads:
            th.join(timeout=max(1.0, deadline - time.monotonic() + 60))
        seconds = time.monotonic() - began
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
    acked = sum(len(t.acked) for t in logs)
    return Report(
        tables,
        workers,
        acked,
        seconds,
        [x for t in logs for x in t.trips],
        sum(t.failed for t in logs),
        killed,
        acked - acked_at_kill if killed is not None else 0,
        check(database_url, logs),
    )


def rows(report: Report) -> list[Row]:
    """The report as benchmark rows."""
    case = f"{report.tables} tables, {report.workers} workers" + (", one killed" if report.killed else "")
    return [
        Row(NAME, case, "moves acknowledged", float(report.acked), "moves"),
        Row(NAME, case, "throughput", report.per_second, "moves/s"),
        timed(NAME, case, "move round trip median", statistics.median(report.trips or [0.0])),
        timed(NAME, case, "move round trip p95", report.p95),
        Row(NAME, case, "failed requests (the killed worker's)", float(report.failed), "requests"),
        Row(NAME, case, "moves lost, doubled or not replaying", float(len(report.problems)), "problems"),
    ]


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """The database to load: the one given, else `$GROGNARD_TEST_POSTGRES`, else a throwaway server."""
    given = url or os.environ.get("GROGNARD_TEST_POSTGRES", "").strip()
    if given:
        yield given
    else:
        with throwaway_server() as made:
            yield made


def run() -> list[Row]:
    """100 tables on 2 workers, one killed a third of the way (for `python -m benchmarks`); nothing
    when there is no PostgreSQL to run it on."""
    if not os.environ.get("GROGNARD_TEST_POSTGRES") and not (PG_BIN / "initdb").is_file():
        print(f"load_tables: skipped, no PostgreSQL ({PG_BIN}/initdb missing, GROGNARD_TEST_POSTGRES unset)")
        return []
    with database(None) as url:
        return rows(load(url, tables=100, workers=2, moves=10, kill_at=1 / 3, limit=240.0))


def load_arguments(
    prog: str, doc: str | None, tables: int, moves: int, limit: float
) -> argparse.ArgumentParser:
    """The command line of a load benchmark: tables, workers, moves, the worker killed, the time limit and
    the database (the defaults are each benchmark's own)."""
    parser = argparse.ArgumentParser(prog=prog, description=(doc or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=tables)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--moves", type=int, default=moves, help="acknowledged moves per table")
    parser.add_argument(
        "--kill-at", type=float, default=1 / 3, help="kill a worker when this fraction of the moves is made"
    )
    parser.add_argument("--no-kill", action="store_true", help="kill no worker")
    parser.add_argument("--limit", type=float, default=limit, help="seconds the tables play at most")
    parser.add_argument("--database-url", default=None)
    return parser


def main(argv: list[str]) -> int:
    """Run one load from the command line and print the report."""
    args = load_arguments("python -m benchmarks.load_tables", __doc__, 100, 10, 240.0).parse_args(argv)
    from benchmarks.__main__ import render

    with database(args.database_url) as url:
        report = load(
            url,
            tables=args.tables,
            workers=args.workers,
            moves=args.moves,
            kill_at=None if args.no_kill else args.kill_at,
            limit=args.limit,
        )
    print(render(rows(report)))
    if report.killed:
        print(f"worker {report.killed} killed; {report.acked_after_kill} moves acknowledged after it died")
    for problem in report.problems:
        print("PROBLEM:", problem)
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
