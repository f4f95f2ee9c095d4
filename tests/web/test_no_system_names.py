"""The generic front ends name no system and no game: the browser's and the terminal's generic code asks a
game's front-end description (`engine.view.FrontEnd`, `cli.frontends.Frontend`) and the per-system
indexes (`web.systems`, `cli.systems`) instead. Per-system code lives in `web/systems/`,
`web/templates/systems/`, `cli/systems/`; the gamebook layer's own front end (shared by the gamebook
systems) may name its game kind but no system."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from grognard.engine.game import SystemFacts

SRC = Path(__file__).parents[2] / "src" / "grognard"
WEB, CLI = SRC / "web", SRC / "cli"


def _generic_files() -> list[Path]:
    files = [p for p in WEB.rglob("*.py") if "systems" not in p.relative_to(WEB).parts]
    files += [p for p in (WEB / "templates").rglob("*.html") if "systems" not in p.relative_to(WEB).parts]
    files += [WEB / "static" / "grognard.js"]
    files += [p for p in CLI.rglob("*.py") if "systems" not in p.relative_to(CLI).parts]
    return sorted(files)


def _shipped() -> list[SystemFacts]:
    """The systems grognard declares (a test game another test registered in this process is not one)."""
    return [f for f in registry.facts() if f.module.startswith("grognard.systems.")]


def _system_words() -> list[str]:
    words: set[str] = set()
    for facts in _shipped():
        package = facts.module.removesuffix(".system").rpartition(".")[2]  # the system's package
        for name in (facts.id, facts.command, *facts.aliases, package):
            words |= {name, name.replace("-", "_"), name.replace("_", "-")}
    return sorted((w for w in words if w), key=len, reverse=True)


def _game_words() -> list[str]:
    return sorted({g for f in _shipped() for g in f.games if g})


SYSTEM = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, _system_words())) + r")(?![A-Za-z0-9])")
"""A system's id, command, alias or package name as a word (its prose name, "HeroQuest", is not one)."""
_GAMES = "|".join(map(re.escape, _game_words()))
GAME_TEST = re.compile(r"""(==|!=|\bin\b|\bget_game\([^)]*,)\s*\(?\s*["'](""" + _GAMES + r""")["']""")
"""A game's id compared against or looked up: the generic code choosing by game."""


def test_the_words_are_the_systems_and_games_registered() -> None:
    assert {"talisman", "heroquest", "hq", "grey-star", "grey_star", "aif", "fighting_fantasy"} <= set(
        _system_words()
    )
    assert {"quest", "gamebook", "game", "campaign"} <= set(_game_words())


@pytest.mark.parametrize("path", _generic_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_generic_front_end_code_names_no_system_and_no_game(path: Path) -> None:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0] if path.suffix == ".py" else line
        for pattern in (SYSTEM, GAME_TEST):
            if (hit := pattern.search(code)) is not None:
                found.append(f"{number}: {hit.group(0)!r} in {line.strip()[:100]}")
    assert not found, "\n".join(found)


def test_the_check_would_find_a_system_named() -> None:
    assert SYSTEM.search('if view.system == "talisman":')
    assert SYSTEM.search("from grognard.systems.heroquest.content.quest import load_quest")
    assert GAME_TEST.search('if session.game.info.id == "gamebook":')
    assert GAME_TEST.search('registry.get_game(system.id, "quest")')
    assert not SYSTEM.search("HeroQuest, Talisman and Grey Star")
