"""Turn-based tables on several server workers: 200 Talisman tables of two named players each, with chat
and your-turn e-mails, on PostgreSQL, one worker killed part way (issue 35).

`grognard serve --workers N` runs on loopback against a PostgreSQL database (as `benchmarks.load_tables`:
`--database-url`, `$GROGNARD_TEST_POSTGRES`, else a throwaway server), with `GROGNARD_SMTP_URL` naming an
SMTP server this process runs (aiosmtpd on a free loopback port) that keeps every e-mail it is given, and
a sweep every `SWEEP` seconds. Each table has two clients of their own (cookies), Alice and Bob: each
chooses a name and gives an address, Alice starts a two-seat Talisman table at the pace "a move a day"
and Bob opens his invitation link. Then whoever is to act makes one of the shown moves, and whenever the
turn passes the player who ended it says something in the chat ("table 7, message 3, from Alice"). A move
or a message is acknowledged when the server answers 303; a message the chat's rate limit refuses (429)
is counted as refused. Part way, one worker is killed (SIGKILL); requests it held fail, and the clients
go on with the other (uvicorn's supervisor starts a new one).

A turn not told is counted apart when it was played already: a turn that passed back within the sweep's
grace after the kill, whose e-mail the killed worker had claimed, is not told afterwards (a your-turn e-mail
for a turn played is no news); between people moving hours apart it would be told.

When the tables are done the benchmark waits until every turn is told (the sweep tells what a killed
worker left untold, after its grace) or `--settle` seconds pass, then reads everything back: every game
replays to its stored state and holds every acknowledged move at its place (`load_tables.check`); every
acknowledged message is stored exactly once and no message twice; every turn (from the move the turn
passed to a player to the move it passed back; the first turn of a game, which nobody's move made, apart)
was told by exactly one e-mail to that player's address, which names it in its Message-ID (game, seat,
move: the sweep may tell a turn a few moves into it, when its first e-mail failed). The mail server is a
process of its own, as a club's is. Reported: moves per second, a move's round trip, and each of those
counts. Bounded: `--moves` per table and a time limit.

    python -m benchmarks.load_turn_tables --tables 200 --workers 2 --moves 8
"""

from __future__ import annotations

import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from benchmarks import Row, timed
from benchmarks.load_tables import (
    ACTION,
    PLY,
    TOKEN,
    ServeProcess,
    Server,
    Table,
    check,
    database,
    load_arguments,
)
from tests.pgserver import PG_BIN, free_port

NAME = "load_turn_tables"
"""The benchmark's name in the report."""

SWEEP = 5.0
"""How often each worker sweeps (`GROGNARD_SWEEP_SECONDS`): the turns a killed worker left untold are
told within the grace (`web.notices.GRACE_SECONDS`, 30 s) plus this."""
LINK = re.compile(r'value="(http[^"]+/seat/1/[0-9a-f]+)"')
TURN_ID = re.compile(r"<turn\.(\d+)\.(\d+)\.(\d+)@")


SMTP_SERVER = """
import sys
from email import message_from_bytes, policy
from aiosmtpd.controller import Controller
port, path = int(sys.argv[1]), sys.argv[2]
kept = open(path, "a", buffering=1)
class Keep:
    async def handle_DATA(self, server, session, envelope):
        mail = message_from_bytes(envelope.content, policy=policy.default)
        kept.write(f"{mail['Message-ID']}\\t{mail['To']}\\n")
        return "250 OK"
served = Controller(Keep(), hostname="127.0.0.1", port=port)
served.start()
print("ready", flush=True)
sys.stdin.read()
served.stop()
"""
"""The SMTP server, a process of its own (as a club's mail server is): it writes each e-mail's Message-ID
and To to a file, one line each, until its standard input is closed."""


class Inbox:
    """The SMTP server's side: every e-mail it was given, read from the file its process writes."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.path = folder / "inbox.txt"
        self.path.touch()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SMTP_SERVER, str(self.port), str(self.path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError("the SMTP server did not start")

    def stop(self) -> None:
        """Stop the SMTP server."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)

    def turns(self) -> Counter[tuple[str, int, int]]:
        """How many e-mails named each turn (game, seat, move)."""
        found = [TURN_ID.match(line) for line in self.path.read_text().splitlines()]
        return Counter((f.group(1), int(f.group(2)), int(f.group(3))) for f in found if f)


class TurnServer(Server):
    """`grognard serve --workers N` with your-turn e-mails through `smtp_url` and a quick sweep."""

    def __init__(self, database_url: str, workers: int, home: Path, smtp_url: str) -> None:
        self.count = workers
        env = {
            "GROGNARD_DATABASE_URL": database_url,
            "GROGNARD_SMTP_URL": smtp_url,
            "GROGNARD_SWEEP_SECONDS": str(SWEEP),
        }
        ServeProcess.__init__(self, home, ["--workers", str(workers)], env, 120, ("GROGNARD_SECRET",))


@dataclass
class TurnTable(Table):
    """One table's two clients' log: its moves (`Table`) and its chat, said and refused."""

    said: list[str] = field(default_factory=list)
    refused: int = 0
    unsure: list[str] = field(default_factory=list)
    ready: bool = False


def form_token(client: httpx.Client, url: str) -> str:
    page = client.get(url)
    found = TOKEN.search(page.text)
    if page.status_code != 200 or found is None:
        raise httpx.HTTPError(f"{url}: no form token ({page.status_code})")
    return found.group(1)


def named(client: httpx.Client, url: str, name: str, email: str) -> None:
    made = client.post(
        f"{url}/me",
        data={"csrf": form_token(client, f"{url}/me"), "name": name, "email": email},
        follow_redirects=False,
    )
    if made.status_code != 303:
        raise httpx.HTTPError(f"the name was refused ({made.status_code})")


def set_up(table: TurnTable, alice: httpx.Client, bob: httpx.Client, url: str) -> None:
    """Both players named, the table started at a day's pace, Bob seated by his link."""
    n = table.seed
    named(alice, url, f"Alice {n}", f"alice-{n}@bench.example")
    named(bob, url, f"Bob {n}", f"bob-{n}@bench.example")
    form = {"csrf": form_token(alice, f"{url}/games/new/talisman"), "system": "talisman", "game": "game"}
    form |= {"option:players": "2", "seat:0": "here", "seat:1": "invite"}
    made = alice.post(f"{url}/games", data=form, follow_redirects=False)
    if made.status_code != 303:
        raise httpx.HTTPError(f"new table refused ({made.status_code})")
    table.game = str(made.headers["location"]).rsplit("/", 1)[-1]
    page = alice.get(f"{url}/games/{table.game}")
    link, token = LINK.search(page.text), TOKEN.search(page.text)
    if link is None or token is None:
        raise httpx.HTTPError("the table shows no invitation")
    settings = {"csrf": token.group(1), "pace": "day"}
    alice.post(f"{url}/games/{table.game}/lobby", data=settings, follow_redirects=False)
    if bob.get(link.group(1), follow_redirects=True).status_code != 200:
        raise httpx.HTTPError("the invitation was refused")
    table.ready = True


def say(table: TurnTable, client: httpx.Client, url: str, who: str, token: str) -> None:
    """One chat message of `who`, logged as said, refused or unsure (no answer)."""
    text = f"table {table.seed}, message {len(table.said) + len(table.unsure) + table.refused}, from {who}"
    try:
        answer = client.post(
            f"{url}/games/{table.game}/chat", data={"csrf": token, "text": text}, follow_redirects=False
        )
    except httpx.HTTPError:
        table.unsure.append(text)
        return
    if answer.status_code == 303:
        table.said.append(text)
    elif answer.status_code == 429:
        table.refused += 1
    else:
        table.unsure.append(text)


def play(table: TurnTable, url: str, moves: int, deadline: float) -> None:
    """Set the table up and play `moves` acknowledged moves (or to its end, or the deadline), the player
    who ends a turn saying something in the chat."""
    pick = random.Random(table.seed)
    with httpx.Client(timeout=60) as alice, httpx.Client(timeout=60) as bob:
        while not table.ready and time.monotonic() < deadline:
            try:
                set_up(table, alice, bob, url)
            except httpx.HTTPError:
                table.failed += 1
                table.game = ""
                time.sleep(0.2)
        last: str | None = None
        while table.ready and len(table.acked) < moves and time.monotonic() < deadline:
            try:
                for who, client in (("Alice", alice), ("Bob", bob)):
                    page = client.get(f"{url}/games/{table.game}")
                    ply, token = PLY.search(page.text), TOKEN.search(page.text)
                    if page.status_code != 200 or ply is None or token is None:
                        table.failed += 1
                        break
                    if "data-continue" in page.text:  # a killed worker left the dice unrolled
                        client.post(f"{url}/games/{table.game}/advance", data={"csrf": token.group(1)})
                        break
                    if 'data-status="over"' in page.text:
                        table.over = True
                        return
                    actions = ACTION.findall(page.text)
                    if 'data-status="your-turn"' not in page.text or not actions:
                        continue
                    if last is not None and last != who:  # the turn passed: the other player says so
                        other = bob if who == "Alice" else alice
                        say(table, other, url, last, form_token(other, f"{url}/games/{table.game}"))
                    last = who
                    move = {"csrf": token.group(1), "action": pick.choice(actions), "ply": ply.group(1)}
                    began = time.perf_counter()
                    answer = client.post(f"{url}/games/{table.game}/act", data=move, follow_redirects=False)
                    if answer.status_code == 303:
                        table.trips.append(time.perf_counter() - began)
                        table.acked.append((int(ply.group(1)), move["action"]))
                    else:
                        table.failed += 1
                    break
            except httpx.HTTPError:
                table.failed += 1
                time.sleep(0.1)


@dataclass(frozen=True)
class Turn:
    """One person's turn at a game: their seat, the move they first decided at (or must decide at, for
    the turn pending at the end) and the move the next person first decided at (None: still theirs)."""

    game: str
    seat: int
    start: int
    end: int | None
    first: bool

    def holds(self, told: tuple[str, int, int]) -> bool:
        """Whether an e-mail naming `told` (game, seat, move) told this turn: its seat, at a move of it."""
        game, seat, ply = told
        inside = self.start <= ply and (self.end is None or ply < self.end)
        return (game, seat) == (self.game, self.seat) and inside


def turns_of(database_url: str, tables: list[TurnTable]) -> list[Turn]:
    """Every person's turn at the games played (the first one marked: nobody moved before it, so only the
    sweep tells it, when the table is left untouched for the grace)."""
    import grognard.systems  # noqa: F401  (declares the systems the games are of)
    from grognard.engine.errors import GrognardError
    from grognard.engine.match import Match
    from grognard.engine.store.factory import open_url

    out: list[Turn] = []
    with open_url(database_url) as store:
        for t in tables:
            if not t.game:
                continue
            gid = t.game.partition("-")[0]
            try:
                match = Match.load(store, gid)
            except GrognardError:
                continue
            starts: list[tuple[int, int]] = []  # (move, seat) where a person's turn began
            for ply, m in enumerate(match.session.moves):
                if m.player is not None and (not starts or starts[-1][1] != m.player):
                    starts.append((ply, m.player))
            pending = match.humans_to_act()
            if pending and (not starts or starts[-1][1] != pending[0]):
                starts.append((match.ply, pending[0]))
            for k, (ply, seat) in enumerate(starts):
                end = starts[k + 1][0] if k + 1 < len(starts) else None
                out.append(Turn(gid, seat, ply, end, k == 0))
    return out


def chat_problems(database_url: str, tables: list[TurnTable]) -> tuple[int, int, int]:
    """Acknowledged messages not stored, messages stored twice, and unacknowledged ones stored."""
    from grognard.engine.store.factory import open_url
    from grognard.engine.store.people import People

    lost = doubled = kept_unsure = 0
    with open_url(database_url) as store:
        people = People(store)
        for t in tables:
            if not t.game:
                continue
            stored = Counter(m.text for m in people.chat(t.game.partition("-")[0]))
            lost += sum(1 for text in t.said if stored[text] == 0)
            doubled += sum(n - 1 for n in stored.values() if n > 1)
            kept_unsure += sum(1 for text in t.unsure if stored[text])
    return lost, doubled, kept_unsure


@dataclass
class Report:
    """What a run measured and found."""

    tables: int
    workers: int
    seconds: float
    logs: list[TurnTable]
    killed: int | None
    turns: list[Turn]
    told: Counter[tuple[str, int, int]]
    settle: float
    mail_failures: int
    chat: tuple[int, int, int]
    problems: list[str]

    @property
    def acked(self) -> int:
        return sum(len(t.acked) for t in self.logs)

    @property
    def said(self) -> int:
        return sum(len(t.said) for t in self.logs)


def load(
    database_url: str,
    *,
    tables: int,
    workers: int,
    moves: int,
    kill_at: float | None,
    limit: float,
    settle: float,
) -> Report:
    """Serve with `workers` workers and play `tables` turn-based tables of `moves` moves at once, with
    chat and e-mails; kill a worker when the fraction `kill_at` of the moves is acknowledged (None: never);
    stop at `limit` seconds; wait up to `settle` seconds for the turns to be told; check everything."""
    home = Path(tempfile.mkdtemp(prefix="grognard-turns-home-"))
    inbox = Inbox(home)
    logs = [TurnTable(seed) for seed in range(tables)]
    killed: int | None = None
    try:
        server = TurnServer(
            database_url, workers, home, f"smtp://127.0.0.1:{inbox.port}?from=tables@bench.example"
        )
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
                    killed = server.kill_one()
            for th in threads:
                th.join(timeout=max(1.0, deadline - time.monotonic() + 60))
            seconds = time.monotonic() - began
            turns = turns_of(database_url, logs)
            waited = time.monotonic()
            while pending_untold(turns, inbox.turns()) and time.monotonic() - waited < settle:
                time.sleep(1.0)
            settled = time.monotonic() - waited
            time.sleep(2 * SWEEP)  # a late duplicate would come now
            mail_failures = server.said().count("was not sent")
            told = inbox.turns()
        finally:
            server.stop()
    finally:
        inbox.stop()
        shutil.rmtree(home, ignore_errors=True)
    return Report(
        tables,
        workers,
        seconds,
        logs,
        killed,
        turns,
        told,
        settled,
        mail_failures,
        chat_problems(database_url, logs),
        check(database_url, list(logs)),
    )


def told_turns(turns: list[Turn], told: Counter[tuple[str, int, int]]) -> Counter[Turn]:
    """How many e-mails told each turn."""
    by_game: dict[str, list[Turn]] = {}
    for t in turns:
        by_game.setdefault(t.game, []).append(t)
    out: Counter[Turn] = Counter({t: 0 for t in turns})
    for key, n in told.items():
        hit = next((t for t in by_game.get(key[0], []) if t.holds(key)), None)
        if hit is not None:
            out[hit] += n
    return out


def untold(turns: list[Turn], told: Counter[tuple[str, int, int]]) -> list[Turn]:
    """The turns (after the first of each game) no e-mail told."""
    by_turn = told_turns(turns, told)
    return [t for t in turns if not t.first and not by_turn[t]]


def pending_untold(turns: list[Turn], told: Counter[tuple[str, int, int]]) -> list[Turn]:
    """The turns still to play that no e-mail told."""
    return [t for t in untold(turns, told) if t.end is None]


def rows(report: Report) -> list[Row]:
    """The report as benchmark rows."""
    case = f"{report.tables} turn-based tables, {report.workers} workers" + (
        ", one killed" if report.killed else ""
    )
    logs = report.logs
    trips = [x for t in logs for x in t.trips]
    ordered = sorted(trips)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
    told = report.told
    by_turn = told_turns(report.turns, told)
    later = [t for t in report.turns if not t.first]
    missing = untold(later, told)
    played = {t.game for t in report.turns}
    abandoned = sum(n for key, n in told.items() if key[0] not in played)
    first = [t for t in report.turns if t.first]
    lost, doubled, kept_unsure = report.chat
    return [
        Row(NAME, case, "moves acknowledged", float(report.acked), "moves"),
        Row(NAME, case, "throughput", report.acked / report.seconds if report.seconds else 0.0, "moves/s"),
        timed(NAME, case, "move round trip median", statistics.median(trips or [0.0])),
        timed(NAME, case, "move round trip p95", p95),
        Row(NAME, case, "chat messages acknowledged", float(report.said), "messages"),
        Row(
            NAME, case, "chat messages refused (rate limit)", float(sum(t.refused for t in logs)), "messages"
        ),
        Row(
            NAME,
            case,
            "chat messages unanswered (killed worker)",
            float(sum(len(t.unsure) for t in logs)),
            "messages",
        ),
        Row(NAME, case, "... of which stored", float(kept_unsure), "messages"),
        Row(NAME, case, "chat messages lost", float(lost), "messages"),
        Row(NAME, case, "chat messages stored twice", float(doubled), "messages"),
        Row(NAME, case, "turns to tell (each time the turn passed)", float(len(later)), "turns"),
        Row(NAME, case, "turns told", float(sum(1 for t in later if by_turn[t])), "turns"),
        Row(
            NAME,
            case,
            "turns not told, still to play",
            float(sum(1 for t in missing if t.end is None)),
            "turns",
        ),
        Row(
            NAME,
            case,
            "turns not told, already played",
            float(sum(1 for t in missing if t.end is not None)),
            "turns",
        ),
        Row(NAME, case, "turns told twice", float(sum(1 for n in by_turn.values() if n > 1)), "turns"),
        Row(
            NAME,
            case,
            "... by one e-mail sent twice (same Message-ID)",
            float(sum(1 for n in told.values() if n > 1)),
            "turns",
        ),
        Row(NAME, case, "first turns told (left untouched)", float(sum(by_turn[t] for t in first)), "turns"),
        Row(NAME, case, "e-mails for tables whose set-up failed", float(abandoned), "e-mails"),
        Row(
            NAME,
            case,
            "e-mails for no turn",
            float(sum(told.values()) - sum(by_turn.values()) - abandoned),
            "e-mails",
        ),
        Row(
            NAME,
            case,
            "e-mails the mail server did not take (sent again)",
            float(report.mail_failures),
            "e-mails",
        ),
        Row(NAME, case, "seconds until every turn still to play was told", report.settle, "s"),
        Row(
            NAME,
            case,
            "failed requests (the killed worker's)",
            float(sum(t.failed for t in logs)),
            "requests",
        ),
        Row(NAME, case, "moves lost, doubled or not replaying", float(len(report.problems)), "problems"),
    ]


def run() -> list[Row]:
    """200 turn-based tables on 2 workers, one killed a third of the way (for `python -m benchmarks`);
    nothing when there is no PostgreSQL to run it on."""
    if not os.environ.get("GROGNARD_TEST_POSTGRES") and not (PG_BIN / "initdb").is_file():
        print(f"{NAME}: skipped, no PostgreSQL ({PG_BIN}/initdb missing, GROGNARD_TEST_POSTGRES unset)")
        return []
    with database(None) as url:
        return rows(load(url, tables=200, workers=2, moves=8, kill_at=1 / 3, limit=400.0, settle=120.0))


def main(argv: list[str]) -> int:
    """Run one load from the command line and print the report."""
    parser = load_arguments("python -m benchmarks.load_turn_tables", __doc__, 200, 8, 400.0)
    parser.add_argument(
        "--settle", type=float, default=120.0, help="seconds to wait for the turns to be told"
    )
    args = parser.parse_args(argv)
    from benchmarks.__main__ import render

    with database(args.database_url) as url:
        report = load(
            url,
            tables=args.tables,
            workers=args.workers,
            moves=args.moves,
            kill_at=None if args.no_kill else args.kill_at,
            limit=args.limit,
            settle=args.settle,
        )
    print(render(rows(report)))
    if report.killed:
        print(f"worker {report.killed} killed")
    for problem in report.problems:
        print("PROBLEM:", problem)
    missing = pending_untold(report.turns, report.told)
    if missing:
        print("NOT TOLD:", ", ".join(f"game {t.game} seat {t.seat} move {t.start}" for t in missing[:20]))
    twice = any(n > 1 for n in told_turns(report.turns, report.told).values())
    bad = report.chat[0] or report.chat[1] or missing or twice
    return 1 if report.problems or bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
