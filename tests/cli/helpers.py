"""Run the real `grognard` command in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Ran:
    """What a command did: its exit code and both output streams."""

    code: int
    out: str
    err: str


def grognard(*args: str, stdin: str = "", home: Path | None = None, toys: bool = False) -> Ran:
    """Run `python -m grognard ARGS` with optional stdin, a private GROGNARD_HOME, and the toy games."""
    env = dict(os.environ)
    env["COLUMNS"] = "120"
    env["NO_COLOR"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    if home is not None:
        env["GROGNARD_HOME"] = str(home)
    if toys:
        env["GROGNARD_PLUGINS"] = "tests.toys"
    proc = subprocess.run(
        [sys.executable, "-m", "grognard", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    return Ran(proc.returncode, proc.stdout, proc.stderr)
