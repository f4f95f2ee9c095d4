"""The command line loads a rule system only when it is used (the fast start of `docs/performance.md`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import sys
from grognard.cli import main
try:
    main.run(sys.argv[1:])
except SystemExit:
    pass
loaded = sorted({m.split(".")[2] for m in sys.modules if m.startswith("grognard.systems.")})
cli = sorted(m for m in sys.modules if m.startswith("grognard.cli."))
heavy = sorted(m for m in ("pydantic", "multiprocessing", "concurrent.futures") if m in sys.modules)
declared = sorted(m for m in ("grognard.systems", "grognard.engine.registry") if m in sys.modules)
parser = [sys.modules["d20.diceast"].parser.source] if "d20.diceast" in sys.modules else []
found = {"systems": loaded, "cli": cli, "heavy": heavy, "declared": declared, "parser": parser}
sys.stderr.write("\\n" + __import__("json").dumps(found) + "\\n")
"""


def _modules(tmp_path: Path, *args: str) -> dict[str, list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "GROGNARD_PLUGINS"}
    env["GROGNARD_HOME"] = str(tmp_path)
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    last = done.stderr.strip().splitlines()[-1]
    data: dict[str, list[str]] = json.loads(last)
    return data


@pytest.mark.parametrize("args", [("--help",), ("roll", "3d6"), ("systems",), ("games", "list")])
def test_light_commands_import_no_system(tmp_path: Path, args: tuple[str, ...]) -> None:
    loaded = _modules(tmp_path, *args)
    assert loaded["systems"] == []
    assert loaded["heavy"] == []  # no pydantic (the seat view models load with the first game), no pools


def test_roll_declares_no_system_and_loads_the_dice_parser_it_kept(tmp_path: Path) -> None:
    first = _modules(tmp_path, "roll", "3d6")
    again = _modules(tmp_path, "roll", "3d6")
    assert first["declared"] == again["declared"] == []
    parsers = (first["parser"], again["parser"])
    assert parsers == (["<string>"], ["<deserialized>"])  # built, then kept: engine.dice.parser_cache


def test_a_system_command_imports_that_system_only(tmp_path: Path) -> None:
    loaded = _modules(tmp_path, "ff", "--help")
    assert loaded["systems"] == ["fighting_fantasy"]
    assert "grognard.cli.systems.talisman" not in loaded["cli"]


def test_systems_lists_every_system_from_its_declared_facts(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GROGNARD_PLUGINS"}
    env["GROGNARD_HOME"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "grognard", "systems", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    listed = {row["id"]: row["games"] for row in json.loads(done.stdout)}
    import grognard.systems  # noqa: F401  (declares every system, as the command line does; loads none)
    from grognard.engine import registry

    loaded = {s.id: [g.info.id for g in s.games] for s in registry.systems()}
    assert listed == {k: loaded[k] for k in listed}
    assert set(listed) >= {"fighting-fantasy", "grey-star", "adventures-in-fantasy", "talisman", "heroquest"}


WEB_BUDGET = 120
"""The most grognard modules importing the web application may load (issue 28: the app loads a system
only when a page uses it)."""


def test_the_web_app_imports_no_system_and_few_modules(tmp_path: Path) -> None:
    probe = (
        "import sys, json; import grognard.web.app;"
        "own = [m for m in sys.modules if m.startswith('grognard')];"
        "shown = sorted(m for m in own if m.startswith('grognard.systems.'));"
        "print(json.dumps({'count': len(own), 'systems': shown}))"
    )
    env = {k: v for k, v in os.environ.items() if k != "GROGNARD_PLUGINS"}
    env["GROGNARD_HOME"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["systems"] == []
    assert found["count"] < WEB_BUDGET, found["count"]
