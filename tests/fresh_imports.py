"""Import modules one at a time, each in a fresh child forked from one parent that holds no grognard module.

Starting a Python interpreter per module cost its start and the import of everything that is not grognard
(the standard library, pydantic, ...) every time. Run as a script, this module is that parent: it imports
`--warm` (a module whose non-grognard imports it learns in a first child, then imports itself, never a
grognard module), then reads one module name a line from stdin and answers one JSON line per name:
`{"module": ..., "error": null, "loaded": [...]}` (the grognard modules loaded once it is imported), or
the error's last line and no modules. Each name is imported by a child `os.fork`s, so every child starts
with no grognard module loaded, as a fresh interpreter would.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

OWN = "grognard"


def _own(name: str) -> bool:
    return name == OWN or name.startswith(OWN + ".")


def _in_child(work: str, name: str) -> tuple[bool, str]:
    """Fork; the child imports `name` and lists the modules it loaded that are ours (or, for `work ==
    "learn"`, those that are not), one a line; whether the import went well, and that list or the
    error."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        status = 0
        try:
            before = set(sys.modules)
            importlib.import_module(name)
            new = set(sys.modules) - before
            out = "\n".join(sorted(m for m in new if _own(m) != (work == "learn")))
        except BaseException:
            out = traceback.format_exc().strip().splitlines()[-1]
            status = 1
        os.write(write, out.encode())
        os._exit(status)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, code = os.waitpid(pid, 0)
    text = b"".join(chunks).decode()
    status = os.waitstatus_to_exitcode(code)
    if status != 0:
        return False, text or f"the child importing {name} ended with status {status}"
    return True, text


def _warm(name: str) -> None:
    """Import, in this parent, every module `name` loads that is not grognard's."""
    for other in _in_child("learn", name)[1].splitlines():
        if other.startswith("__") or _own(other):
            continue
        try:
            importlib.import_module(other)
        except Exception:
            continue
    leaked = sorted(m for m in sys.modules if _own(m))
    if leaked:
        raise SystemExit(f"the parent loaded grognard modules while warming: {leaked[:5]}")


def serve(warm: str) -> None:
    """The parent's loop (see the module doc)."""
    _warm(warm)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        name = line.strip()
        if not name:
            continue
        if any(_own(m) for m in sys.modules):
            raise SystemExit("the parent holds a grognard module")
        ok, text = _in_child("import", name) if _own(name) else (False, f"{name} is not a grognard module")
        loaded = text.splitlines() if ok else []
        print(json.dumps({"module": name, "error": None if ok else text, "loaded": loaded}), flush=True)


class Importer:
    """The test side: one parent process; `error(name)` imports `name` alone in a fresh child, and
    `loaded(name)` says which grognard modules that import loaded."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def _ask(self, name: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(name + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert answer["module"] == name
        return answer

    def error(self, name: str) -> str | None:
        """None when `name` imports alone in a fresh grognard state, else the error's last line."""
        found: str | None = self._ask(name)["error"]
        return found

    def loaded(self, name: str) -> set[str]:
        """The grognard modules loaded by importing `name` alone in a fresh grognard state (itself, its
        packages and everything their imports reach); an `ImportError` when it does not import."""
        answer = self._ask(name)
        if answer["error"] is not None:
            raise ImportError(answer["error"])
        return set(answer["loaded"])


@contextmanager
def fresh_importer(warm: str) -> Iterator[Importer]:
    """One parent process warmed with `warm`'s non-grognard imports, stopped at the end."""
    process = subprocess.Popen(
        [sys.executable, __file__, warm],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready = process.stdout.readline()
        if not ready:
            raise RuntimeError(f"the import parent stopped: status {process.wait(timeout=60)}")
        assert json.loads(ready) == {"ready": True}
        yield Importer(process)
    finally:
        if process.stdin is not None:
            process.stdin.close()
        process.wait(timeout=60)
        if process.stdout is not None:
            process.stdout.close()


if __name__ == "__main__":
    serve(sys.argv[1])
