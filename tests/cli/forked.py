"""`python -m grognard` in a fresh child forked from one warm parent, instead of a new interpreter.

Most tests start the command hundreds of times; each new interpreter paid its start and the imports of
everything that is not grognard (Typer, Click, Rich, pydantic, ...), 0.1-0.3 s of CPU a command. Run as a
script, this module is that parent: it imports those (learned from a first child that imports the command
line and every system, never keeping a grognard module itself), then for each request forks a child
that takes the request's environment, folder, standard input and output files and runs `grognard` as
`python -m grognard` does, its exit status the child's. No grognard or test module is loaded when the
child starts, so each command starts from a fresh grognard state as in its own process. A request whose
environment differs from the parent's in anything but `GROGNARD_*` and pytest's `PYTEST_CURRENT_TEST`
(what the interpreter or a warm module reads at start) is refused: the caller starts an interpreter.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import io
import json
import os
import random
import runpy
import signal
import subprocess
import sys
import threading
import traceback
from pathlib import Path

OWN = ("grognard", "tests")
TIMEOUT = 300
"""Seconds a command may run, as the subprocess it replaces was allowed."""
WARM = (
    "grognard.cli.main",
    "grognard.systems.adventures_in_fantasy.system",
    "grognard.systems.fighting_fantasy.system",
    "grognard.systems.grey_star.system",
    "grognard.systems.heroquest.system",
    "grognard.systems.talisman.system",
)


def free(key: str) -> bool:
    """Whether an environment variable may differ between the parent and a command (nothing warm reads it)."""
    return key.startswith("GROGNARD_") or key == "PYTEST_CURRENT_TEST"


def _own(name: str) -> bool:
    return any(name == top or name.startswith(top + ".") for top in OWN)


def _learn() -> list[str]:
    """The modules that are not ours which the command line and the systems import (in a child)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        before = set(sys.modules)
        for name in WARM:
            importlib.import_module(name)
        found = sorted(m for m in set(sys.modules) - before if not _own(m) and not m.startswith("__"))
        os.write(write, "\n".join(found).encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode().splitlines()


def _warm() -> None:
    for name in _learn():
        try:
            importlib.import_module(name)
        except Exception:  # a module that only loads in its importer's state is left to the child
            continue
    leaked = sorted(m for m in sys.modules if _own(m))
    if leaked:
        raise SystemExit(f"the parent loaded our own modules while warming: {leaked[:5]}")


def _child(request: dict[str, object]) -> None:
    """In the forked child: become the command's process and run it; never returns."""
    code = 1
    try:
        signal.alarm(TIMEOUT)  # as the helper's subprocess timeout: a hung command ends, its status -14
        random.seed()  # a new interpreter seeds `random` afresh; the parent's state would be every child's
        env = request["env"]
        assert isinstance(env, dict)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(str(request["cwd"]))
        streams = ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_WRONLY), (2, "stderr", os.O_WRONLY))
        for fd, key, flags in streams:
            opened = os.open(str(request[key]), flags)
            os.dup2(opened, fd)
            os.close(opened)
        encoding = sys.stdout.encoding
        # the child's own streams, set as Python sets them at start (typeshed marks the originals final)
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding=encoding)  # type: ignore[misc]
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding=encoding)  # type: ignore[misc]
        sys.stderr = sys.__stderr__ = io.TextIOWrapper(  # type: ignore[misc]
            io.FileIO(2, "w", closefd=False),
            encoding=encoding,
            errors="backslashreplace",
            line_buffering=True,
        )
        args = request["args"]
        assert isinstance(args, list)
        sys.argv = ["grognard", *args]
        sys.path[0] = os.getcwd()  # as `python -m` puts the current folder first
        try:
            runpy.run_module("grognard", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as stop:
            if stop.code is None:
                code = 0
            elif isinstance(stop.code, int):
                code = stop.code
            else:
                print(stop.code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code = 1
        for thread in threading.enumerate():  # an interpreter waits for its other threads at exit
            if thread is not threading.main_thread() and not thread.daemon:
                thread.join()
        atexit._run_exitfuncs()
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):  # a closed stream has nothing left to write
                stream.flush()
        os._exit(code & 0xFF)


def serve() -> None:
    """The parent's loop: one JSON request a line on stdin, one JSON answer a line on stdout."""
    _warm()
    mine = dict(os.environ)
    channel_in = os.fdopen(os.dup(0), "r")
    channel_out = os.fdopen(os.dup(1), "w")
    print(json.dumps({"ready": True}), file=channel_out, flush=True)
    for line in channel_in:
        request = json.loads(line)
        env = request["env"]
        keys = {k for k in set(env) | set(mine) if not free(k)}
        differs = {k for k in keys if env.get(k) != mine.get(k)}
        if differs or any(_own(m) for m in sys.modules):
            print(json.dumps({"refused": sorted(differs)}), file=channel_out, flush=True)
            continue
        pid = os.fork()
        if pid == 0:
            channel_in.close()
            channel_out.close()
            _child(request)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"code": os.waitstatus_to_exitcode(status)}), file=channel_out, flush=True)


class Parent:
    """The test side: one warm parent for this test process, started on first use."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.env = env
        self.process = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=cwd,
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if not ready or json.loads(ready) != {"ready": True}:
            raise RuntimeError(f"the warm grognard parent did not start: {ready!r}")
        atexit.register(self.stop)

    def run(self, args: list[str], env: dict[str, str], cwd: Path, files: dict[str, Path]) -> int | None:
        """The exit status of `python -m grognard ARGS` run in a forked child; None when refused."""
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"args": args, "env": env, "cwd": str(cwd), **{k: str(v) for k, v in files.items()}}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the warm grognard parent stopped: status {self.process.wait(timeout=60)}")
        answer = json.loads(line)
        if "refused" in answer:
            return None
        code: int = answer["code"]
        return code

    def stop(self) -> None:
        """End the parent (at the test process's exit)."""
        if self.process.poll() is None and self.process.stdin is not None:
            self.process.stdin.close()
            self.process.wait(timeout=60)


if __name__ == "__main__":
    serve()
