"""Try HeroScribe quest files from the wild: how many import, pass `hq check`, and play a first round unwon.

Run by hand (not one of the timed benchmarks): `python -m benchmarks._heroscribe_survey DIR...`, where each
DIR holds HeroScribe `.xml` files (the official quests of the `heroscribe/heroscribe` repository, fetched
for the purpose and never committed). For each file: the import (`quest_toml.import_file`), the quest
check (`quest.check_quest`, what `hq check` runs), then one round played by the bot heroes against the
automatic game master: the quest must not be over (won) before the second round starts. A line per file
(with the goal the import set, and whether it was read from the words, the map, or is the default) and
the totals are printed; `--table` adds a Markdown table of each file's goal (the one in
docs/systems/heroquest.md, "The official quests, measured", with our judgement added by hand).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.session import Session
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.importer.heroscribe import ImportResult
from grognard.systems.heroquest.importer.quest_toml import import_file, quest_toml
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.rules.goals import describe

PARTY = "barbarian,dwarf-warrior,elf-wizard,human-rogue"
"""The party the survey plays with."""


def first_round(quest_path: str) -> str:
    """Play the quest at `quest_path` until the second round starts: "ok", or the outcome it ended with."""
    options: dict[str, str | int | float | bool] = {
        "quest": quest_path,
        "heroes": PARTY,
        "gm": "auto",
        "order": "roll",
        "rounds": 0,
    }
    session = Session.new("heroquest", GAME, options, 1)
    bot = Rng("survey")
    for _ in range(5000):
        state = session.current
        if state.actor() is TERMINAL:
            return f"ended {getattr(state, 'outcome', '?')}"
        if getattr(state, "round", 1) > 1:
            return "ok"
        if state.actor() is CHANCE:
            session.roll()
        else:
            session.play(hero_bot(state, bot))
    return "no second round after 5000 moves"


def goal_line(result: ImportResult) -> str:
    """The goal the import set, in a player's words, and where it came from (the words, or the default)."""
    goal = result.file.goal
    said = goal.text or describe(goal)
    read = next((g for g in result.guesses if g.startswith("goal:")), "")
    source = "default" if "nothing in the notes" in read or not read else "read"
    source = "map" if "from the map" in read else source
    return f"{said} ({source})"


GOALS: dict[str, str] = {}
"""The goal each surveyed file got (file name: goal line), for `--table`."""


def survey(path: Path, folder: Path) -> tuple[bool, bool, bool, str]:
    """(imported, checked, played a first round unwon, what went wrong) for one file."""
    try:
        result = import_file(path)
    except Exception as exc:
        return False, False, False, f"import: {type(exc).__name__}: {exc}"
    GOALS[path.name] = goal_line(result)
    try:
        result.quest()
    except Exception as exc:
        return True, False, False, f"check: {exc}"
    target = folder / f"{result.file.id}.toml"
    target.write_text(quest_toml(result.file), encoding="utf-8")
    try:
        how = first_round(str(target))
    except Exception as exc:
        return True, True, False, f"play: {type(exc).__name__}: {exc}"
    return True, True, how == "ok", "" if how == "ok" else f"play: {how}"


def main(argv: list[str]) -> int:
    """Survey every `.xml` file of the folders named in `argv` (`--table`: end with a Markdown table of
    the goal each file got)."""
    table = "--table" in argv
    argv = [a for a in argv if a != "--table"]
    files = sorted(p for d in argv for p in Path(d).glob("*.xml"))
    totals = [0, 0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            start = time.perf_counter()
            flags = survey(path, Path(tmp))
            for i in range(3):
                totals[i] += bool(flags[i])
            marks = "".join("+" if f else "-" for f in flags[:3])
            took = time.perf_counter() - start
            print(f"{marks} {path.name} ({took:.1f} s) {GOALS.get(path.name, '')} {flags[3]}"[:300])
    print(f"{len(files)} files: {totals[0]} import, {totals[1]} check, {totals[2]} play a first round unwon")
    if table:
        print("\n| file | goal (how it was set) |\n|---|---|")
        for path in files:
            print(f"| {path.stem} | {GOALS.get(path.name, 'not imported')} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
