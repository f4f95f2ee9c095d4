"""Durability: a process saving a game is killed (`kill -9`) at random points; every move it was told
was saved is there afterwards, the database passes its integrity check, and the game replays."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from grognard.engine.store.factory import STORE_FILE, open_store
from tests.toys import register_toys

ROOT = Path(__file__).resolve().parents[2]

TRIALS = 20

SAVER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from grognard.engine.session import Session
    from grognard.engine.store.factory import open_store
    from tests.toys import DuelGame, duel_choice

    store = open_store(Path(sys.argv[1]))
    session = Session.new("toy", DuelGame(), {"hp": 1000000}, int(sys.argv[2]))
    session.advance()
    gid = store.save(session)
    print("game", gid, flush=True)
    while True:
        session.play(duel_choice(session.current))
        session.advance()
        store.save(session)
        print(json.dumps([m.move for m in session.moves]), flush=True)
    """
)


def kill_at_random(home: Path, rng: random.Random, trial: int) -> tuple[str, list[object]]:
    """Run a saver, let it acknowledge a random number of saves, wait a random moment (so the kill
    lands anywhere in a transaction), kill it; returns the game id and the last acknowledged moves."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-c", SAVER, str(home), str(trial)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    acknowledged: list[object] = []
    try:
        first = proc.stdout.readline().split()
        assert first[:1] == ["game"], first
        for _ in range(rng.randrange(1, 60)):
            line = proc.stdout.readline()
            assert line, "the saver stopped early"
            acknowledged = json.loads(line)
        time.sleep(rng.random() * 0.02)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    return first[1], acknowledged


def test_every_acknowledged_move_survives_kill_9_at_random_points(tmp_path: Path) -> None:
    register_toys()
    rng = random.Random(1978)
    kept = 0
    for trial in range(TRIALS):
        home = tmp_path / f"trial{trial}"
        gid, acknowledged = kill_at_random(home, rng, trial)
        conn = sqlite3.connect(home / STORE_FILE)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        conn.close()
        with open_store(home) as store:
            loaded = store.load(gid, verify=True)
            moves = [m.move for m in loaded.moves]
            assert moves[: len(acknowledged)] == acknowledged, f"trial {trial} lost a move"
            assert store.summary(gid).moves == len(moves)
        kept += 1
    assert kept == TRIALS
