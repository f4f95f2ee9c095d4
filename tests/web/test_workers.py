"""Several server workers on PostgreSQL: refused on SQLite, live updates across workers, and a small
load with one worker killed (the bounded version of benchmarks/load_tables.py)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from benchmarks.load_tables import ACTION, PLY, TOKEN, Server, load, new_table

ROOT = Path(__file__).resolve().parents[2]


def test_several_workers_on_sqlite_are_refused_with_the_reason(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GROGNARD_DATABASE_URL"}
    env["GROGNARD_HOME"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "grognard", "serve", "--workers", "2", "--no-open"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert "--workers 2 needs the saved games on PostgreSQL" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_small_load_on_two_workers_survives_one_killed(postgres_url: str) -> None:
    report = load(postgres_url, tables=6, workers=2, moves=6, kill_at=0.4, limit=150.0)
    assert report.problems == []
    assert report.killed is not None
    assert not Path(f"/proc/{report.killed}").exists() or "zombie" in _state(report.killed)
    assert report.acked == 6 * 6
    assert report.acked_after_kill > 0
    assert len(report.trips) == report.acked


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "zombie"


def test_a_move_wakes_the_live_stream_at_once_whichever_worker_holds_it(postgres_url: str) -> None:
    home = Path(tempfile.mkdtemp(prefix="grognard-live-"))
    server = Server(postgres_url, 2, home)
    try:
        with httpx.Client(timeout=60) as client:
            game = new_table(client, server.url, 3)
            heard: list[float] = []
            opened = threading.Event()
            streams: list[httpx.Response] = []

            def listen() -> None:
                url = f"{server.url}/games/{game}/events"
                with contextlib.suppress(httpx.HTTPError), httpx.stream("GET", url, timeout=60) as stream:
                    streams.append(stream)
                    for line in stream.iter_lines():
                        if line.startswith(":"):
                            opened.set()
                        if line.startswith("event: changed"):
                            heard.append(time.monotonic())

            watcher = threading.Thread(target=listen, daemon=True)
            watcher.start()
            assert opened.wait(30)
            delays = []
            for n in range(3):  # several moves, made by whichever worker takes each request
                time.sleep(0.3)
                page = client.get(f"{server.url}/games/{game}")
                token, ply = TOKEN.search(page.text), PLY.search(page.text)
                actions = ACTION.findall(page.text)
                assert token and ply and actions
                moved = time.monotonic()
                answer = client.post(
                    f"{server.url}/games/{game}/act",
                    data={"csrf": token.group(1), "action": actions[0], "ply": ply.group(1)},
                    follow_redirects=False,
                )
                assert answer.status_code == 303, re.sub(r"\s+", " ", answer.text)[:300]
                while not [h for h in heard if h > moved] and time.monotonic() < moved + 8:
                    time.sleep(0.02)
                after = [h for h in heard if h > moved]
                assert after, f"the live stream never said the game changed after move {n + 1}"
                delays.append(after[0] - moved)
                time.sleep(0.5)  # the rest of this move's changes (its dice) are announced too
            # Without a change announced, a stream on PostgreSQL looks again only every 5 s: a NOTIFY
            # from the worker that made the move wakes it at once.
            assert max(delays) < 1.5, delays
            _hang_up(streams[0])
            watcher.join(10)
            assert not watcher.is_alive()
    finally:
        server.stop()


def _hang_up(stream: httpx.Response) -> None:
    """End a live stream another thread is reading, as a browser closing its tab does: the server stops
    at once on Ctrl+C only when no stream is open (it waits for open ones)."""
    connection = stream.extensions["network_stream"].get_extra_info("socket")
    connection.shutdown(socket.SHUT_RDWR)
