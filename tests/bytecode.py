"""Commands the tests start keep their compiled modules between runs.

The suite starts `python -m grognard` and servers in subprocesses hundreds of times. Where
`PYTHONDONTWRITEBYTECODE` is set (some shells and containers set it), each of them compiled every module
of grognard it imported again, about 0.1-0.5 s of CPU a command. `keep_compiled_modules` lets the
subprocesses write their bytecode, into a cache folder outside the source tree (`PYTHONPYCACHEPREFIX`),
so the source tree stays as clean as that setting asks. Where the variable is not set, Python's own
`__pycache__` folders are used and nothing changes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import MutableMapping
from pathlib import Path


def cache_folder() -> Path:
    """Where the subprocesses' bytecode goes: one folder per user in the temporary folder."""
    return Path(tempfile.gettempdir()) / f"grognard-test-pycache-{os.getuid()}"


def keep_compiled_modules(environ: MutableMapping[str, str]) -> None:
    """Let processes started with `environ` write bytecode, outside the source tree (see the module doc)."""
    if not environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    del environ["PYTHONDONTWRITEBYTECODE"]
    environ.setdefault("PYTHONPYCACHEPREFIX", str(cache_folder()))
