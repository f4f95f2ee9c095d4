"""Ctrl+C stops `grognard serve` even while a table's page is open: its live stream ends when the server
is asked to stop, instead of holding the server for as long as the page stays open."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from grognard.web.access import table_key
from tests.pgserver import free_port

ROOT = Path(__file__).resolve().parents[2]
SECRET = "server-stop-secret-" + "s" * 32


def test_ctrl_c_stops_the_server_while_a_live_stream_is_open(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GROGNARD_DATABASE_URL"}
    env["GROGNARD_HOME"] = str(tmp_path)
    env["GROGNARD_SECRET"] = SECRET
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "grognard",
            "games",
            "new",
            "talisman",
            "game",
            "--seat",
            "human",
            "--seat",
            "bot",
            "--seed",
            "1",
            "--json",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert made.returncode == 0, made.stderr
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "grognard", "serve", "--port", str(port), "--no-open"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    opened = threading.Event()
    heard: list[str] = []

    def listen() -> None:
        url = f"http://127.0.0.1:{port}/games/{table_key(SECRET, '1')}/events"
        for _ in range(600):
            try:
                with httpx.stream("GET", url, timeout=None) as response:
                    for line in response.iter_lines():
                        heard.append(line)
                        opened.set()
                return
            except httpx.TransportError:
                time.sleep(0.2)

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    try:
        assert opened.wait(120), "the live stream never opened"
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    reader.join(timeout=30)
    assert heard[0] == ": live"
    assert not reader.is_alive(), "the stream stayed open after the server stopped"
    assert "Traceback" not in err and "ERROR" not in err, err
