"""Run the real `grognard` command in its own process, as a user would.

The process is a child forked from one warm parent (`tests.cli.forked`) that has imported everything but
grognard, so a command costs its own work and not an interpreter's start; `GROGNARD_TEST_SUBPROCESS=1`
(or an environment the parent cannot take) starts a new interpreter instead."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tests.cli.forked import Parent, free

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
    env.pop("GROGNARD_LANG", None)  # the menu in English unless a test asks (`--lang`)
    env["PYTHONPATH"] = os.pathsep.join((str(ROOT / "src"), str(ROOT)))  # this checkout's code, and tests
    if home is not None:
        env["GROGNARD_HOME"] = str(home)
    if toys:
        env["GROGNARD_PLUGINS"] = "tests.toys"
    if os.environ.get("GROGNARD_TEST_SUBPROCESS") != "1":
        forked = _forked(list(args), stdin, env)
        if forked is not None:
            return forked
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


PARENTS: dict[str, Parent] = {}
"""The warm parent of this test process, by the environment it was started with (one at a time)."""


def _forked(args: list[str], stdin: str, env: dict[str, str]) -> Ran | None:
    """Run the command in a child of the warm parent; None when the parent cannot take this environment."""
    plain = {k: v for k, v in env.items() if not free(k)}
    key = json.dumps(sorted(plain.items()))
    if key not in PARENTS:
        for old in PARENTS.values():
            old.stop()
        PARENTS.clear()
        PARENTS[key] = Parent(plain, ROOT)
    with tempfile.TemporaryDirectory(prefix="grognard-cli-") as folder:
        files = {name: Path(folder) / name for name in ("stdin", "stdout", "stderr")}
        files["stdin"].write_text(stdin)
        files["stdout"].touch()
        files["stderr"].touch()
        code = PARENTS[key].run(args, env, ROOT, files)
        if code is None:
            return None
        return Ran(code, files["stdout"].read_text(), files["stderr"].read_text())
