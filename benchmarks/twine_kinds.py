"""Twine stories of every kind in the Twine cookbook, imported and checked: the share that imports and
passes `check` (issue 17 asks for at least 90%), and the time each takes.

The stories are our own small files in `tests/gamebook/data/twine/`, one per kind: Harlowe, SugarCube,
Chapbook and Snowman; links in every form, navigation macros, comments, special passages and tags,
timed and computed navigation, Twee 3 and Twee 1, Twine 2 HTML published and archived, Twine 1 HTML.
`python -m benchmarks.twine_kinds DIR...` reports the same for every `.twee`, `.tw`, `_twee.txt` and
`.html` file under the folders given (the Twine cookbook fetched locally, say; never committed).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from benchmarks import Row, median_seconds, timed
from grognard.engine.errors import ContentError
from grognard.gamebook.check import check_book
from grognard.gamebook.twine_import import import_story
from grognard.systems.fighting_fantasy.ruleset import FF_RULES

NAME = "twine_kinds"
"""The benchmark's name in the report."""
STORIES = Path(__file__).resolve().parents[1] / "tests" / "gamebook" / "data" / "twine"
"""Our story of each kind."""
SUFFIXES = (".twee", ".tw", ".tw3", "_twee.txt", ".html", ".htm")


def outcome(path: Path) -> str:
    """ "passes" (imports, and `check` finds no problem), "check" (imports with problems) or the
    import error."""
    try:
        report = import_story(path.read_bytes(), str(path), FF_RULES.id)
    except (ContentError, ValueError) as e:
        return f"refused: {e}"
    problems = check_book(report.book, FF_RULES)
    return "passes" if not problems else f"check: {problems[0].render()}"


def story_files(folders: Iterable[Path]) -> list[Path]:
    """Every story file under `folders`, sorted."""
    return sorted(p for f in folders for p in f.rglob("*") if p.is_file() and p.name.endswith(SUFFIXES))


def run() -> list[Row]:
    """One row per story (1 when it passes) with its import time, and the share that passes."""
    rows: list[Row] = []
    files = story_files([STORIES])
    passed = 0
    for path in files:
        ok = outcome(path) == "passes"
        passed += ok
        rows.append(Row(NAME, path.name, "imports and passes check", float(ok), "yes"))
        seconds = median_seconds(lambda path=path: import_story(path.read_bytes(), path.name, FF_RULES.id))
        rows.append(timed(NAME, path.name, "import", seconds))
    rows.append(Row(NAME, f"{len(files)} kinds", "import and pass check", 100.0 * passed / len(files), "%"))
    return rows


def main(argv: Sequence[str]) -> int:
    """Report every story under the folders given: its outcome, then the counts."""
    files = story_files(Path(a) for a in argv) if argv else story_files([STORIES])
    counts: dict[str, int] = {}
    for path in files:
        result = outcome(path)
        kind = result.split(":", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
        print(f"{kind:8} {path}" + ("" if kind == "passes" else f"  ({result.split(':', 1)[1].strip()})"))
    total = len(files)
    print(", ".join(f"{k}: {v} of {total}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
