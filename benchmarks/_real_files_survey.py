"""Files people bring, tried on folders of real ones: Twine stories, HeroScribe quests and Project Aon books.

Run by hand (not one of the timed benchmarks; the files are fetched for the purpose and never committed):

    GROGNARD_SURVEY_TWINE=/tmp/twine_real python -m benchmarks._real_files_survey

Each variable names folders (several joined by the path separator, `:`):
- `GROGNARD_SURVEY_TWINE`: every entry of each folder is one story: a Twee file (`.twee`, `.tw`, `.tw3`),
  a Twine HTML file, or a folder holding Twee files (a Tweego project, read as `twee-import DIR` reads
  it); a folder with no Twee file has each of its HTML files surveyed as a story.
- `GROGNARD_SURVEY_HEROSCRIBE`: every `.xml` file, imported (`quest_toml.import_file`), checked, then a
  first round played (`benchmarks._heroscribe_survey.first_round`).
- `GROGNARD_SURVEY_PROJECTAON`: every `.xml` file, imported as `grognard gs import` imports it, checked as
  `grognard gs check`, then played a few choices.

A Twine story and a Project Aon book are imported, checked (`check` as the command line runs it), then
played by seeded random readers (`READERS` of them, seeds 1, 2, ...): each takes random choices (and
rolls the dice, and picks at random in fights and character creation) until it has taken `DEPTH`
choices or the book ends; the deepest reached is reported. A Twine story's own links are "whole" when
none leads to a passage the story lacks (the import counts them as broken links). The table's last
line gives the share playing `DEPTH` choices deep among the stories with whole links; a story plays
deep only if it imports and passes `check` (as `play` refuses a book `check` refuses).

Each file is surveyed in a child process with a time limit (`GROGNARD_SURVEY_SECONDS`, default 60) and a
limit on the address space it may add (`GROGNARD_SURVEY_MEMORY_MB`, default 2048), so a hostile or huge file
is reported ("timed out", "out of memory") instead of hanging or sinking the survey.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.engine.errors import GrognardError
from grognard.engine.game import CHANCE, TERMINAL, GameState
from grognard.gamebook.check import check_book
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Ruleset

DEPTH = 5
"""The choices a reader takes for a book to count as playing deep."""
READERS = 10
"""The seeded random readers that try each book (the deepest counts)."""
MOVES = 5_000
"""The most moves (dice, fight rounds, creation steps, choices) one reader makes."""
SECONDS = 60.0
MEMORY_MB = 2048
TWINE_SUFFIXES = (".twee", ".tw", ".tw3", ".html", ".htm")
TWEE_SUFFIXES = (".twee", ".tw", ".tw3")


@dataclass(frozen=True)
class Outcome:
    """One file's row: imported, passes `check`, the deepest a reader played (choices), the first
    reader's depth, whether a walk of `DEPTH` choices exists in the book at all, whether its own links
    are whole (None: not known), the time taken and a note (the first problem, or what went wrong)."""

    name: str
    imported: bool = False
    checked: bool = False
    depth: int = 0
    first: int = 0
    walk: bool = False
    whole: bool | None = None
    seconds: float = 0.0
    note: str = ""
    goal: int = DEPTH

    @property
    def deep(self) -> bool:
        """Whether the file plays as deep as its goal (`DEPTH` choices; a first round for a quest):
        imported, checked, and a reader got there."""
        return self.imported and self.checked and self.depth >= self.goal


def read_deep(state: GameState, rng: Rng, depth: int = DEPTH, moves: int = MOVES) -> int:
    """How many choices (`choice:` actions) a random reader takes from `state`, at most `depth`: it
    rolls every chance node with `rng`, picks at random among a decision's actions (a section's
    choices before anything else the reader may do there), and stops at the end of the book."""
    taken = 0
    for _ in range(moves):
        actor = state.actor()
        if actor is TERMINAL or taken >= depth:
            break
        if actor is CHANCE:
            state = state.apply(rng.weighted_choice(state.chance_outcomes()))
            continue
        actions = list(state.legal_actions())
        choices = [a for a in actions if str(a).startswith("choice:")]
        pick = rng.choice(choices or actions)
        taken += pick in choices
        state = state.apply(pick)
    return taken


def walk_deep(book: Book, depth: int = DEPTH) -> bool:
    """Whether the book has a walk of `depth` choices from its start (conditions and dice set aside)."""
    frontier = {book.book.start}
    for _ in range(depth):
        frontier = {c.target for sid in frontier if sid in book.sections for c in book.sections[sid].choices}
        if not frontier:
            return False
    return True


def play_book(book: Book, rules: Ruleset, outcome: Outcome) -> Outcome:
    """`outcome` with the book checked and played by the seeded readers."""
    # inner import: the gamebook runner pulls in the systems' rules only when a book is played
    from grognard.gamebook.runner import GamebookGame

    problems = check_book(book, rules)
    note = problems[0].render() if problems else outcome.note
    game = GamebookGame(rules, book, "survey")
    depths: list[int] = []
    for seed in range(1, READERS + 1):
        depths.append(read_deep(game.new_initial_state({}), Rng(seed)))
        if depths[-1] >= DEPTH and len(depths) > 1:
            break
    return replace(
        outcome,
        checked=not problems,
        depth=max(depths),
        first=depths[0],
        walk=walk_deep(book),
        note=note,
    )


def twine_story(path: Path) -> Outcome:
    """One Twine story (a file or a folder of Twee files) imported, checked and played."""
    # inner import: each survey imports only the readers of its own format
    from grognard.gamebook.twine_import import import_story_file
    from grognard.systems.fighting_fantasy.ruleset import FF_RULES

    outcome = Outcome(path.name)
    try:
        report = import_story_file(path, FF_RULES.id)
    except (GrognardError, ValueError, OSError) as e:
        return replace(outcome, note=f"refused: {e}")
    outcome = replace(outcome, imported=True, whole=not report.broken)
    if report.broken:
        outcome = replace(outcome, note=f"{len(report.broken)} broken link(s), first {report.broken[0]!r}")
    return play_book(report.book, FF_RULES, outcome)


def projectaon_book(path: Path) -> Outcome:
    """One Project Aon book imported as `grognard gs import` imports it, checked and played."""
    # inner import: each survey imports only the readers of its own format
    from grognard.gamebook.projectaon import import_projectaon
    from grognard.systems.grey_star.ruleset import GS_RULES

    outcome = Outcome(path.name)
    try:
        report = import_projectaon(path, None, GS_RULES.id, "gs")
    except (GrognardError, ValueError, OSError) as e:
        return replace(outcome, note=f"refused: {e}")
    return play_book(report.book, GS_RULES, replace(outcome, imported=True))


def heroscribe_quest(path: Path) -> Outcome:
    """One HeroScribe quest imported, checked and played for a first round (depth 1 when it is played
    to the second round unwon)."""
    # inner import: each survey imports only the readers of its own format
    from benchmarks._heroscribe_survey import first_round
    from grognard.systems.heroquest.importer.quest_toml import import_file, quest_toml

    outcome = Outcome(path.name, goal=1)
    try:
        result = import_file(path)
    except (GrognardError, ValueError, OSError) as e:
        return replace(outcome, note=f"refused: {e}")
    outcome = replace(outcome, imported=True)
    try:
        result.quest()
    except (GrognardError, ValueError) as e:
        return replace(outcome, note=f"check: {e}")
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / f"{result.file.id}.toml"
        target.write_text(quest_toml(result.file), encoding="utf-8")
        how = first_round(str(target))
    return replace(outcome, checked=True, depth=int(how == "ok"), note="" if how == "ok" else how)


Survey = Callable[[Path], Outcome]


def _address_space() -> int:
    """The bytes of address space this process holds now (0 where the system does not say)."""
    try:
        pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * resource.getpagesize()


def _child(survey: Survey, path: Path, memory_mb: int, pipe: Connection) -> None:
    limit = _address_space() + memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        outcome = survey(path)
    except MemoryError:
        outcome = Outcome(path.name, note="out of memory")
    except Exception as e:  # the survey reports a crash as a row, and goes on
        outcome = Outcome(path.name, note=f"crash: {type(e).__name__}: {e}")
    pipe.send(outcome)
    pipe.close()


def guarded(survey: Survey, path: Path, seconds: float, memory_mb: int) -> Outcome:
    """`survey(path)` run in a child process under a time and a memory limit; a row saying what went
    wrong when the child is too slow, runs out of memory or dies."""
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    start = time.perf_counter()
    child = context.Process(target=_child, args=(survey, path, memory_mb, theirs), daemon=True)
    child.start()
    theirs.close()
    outcome: Outcome | None = None
    if mine.poll(seconds):
        try:
            outcome = mine.recv()
        except EOFError:
            outcome = None
    took = time.perf_counter() - start
    if child.is_alive():
        child.kill()
    child.join()
    mine.close()
    if outcome is None:
        why = f"timed out after {seconds:.0f} s" if took >= seconds else f"died (exit {child.exitcode})"
        outcome = Outcome(path.name, note=why)
    return replace(outcome, seconds=took)


def twine_entries(folders: Iterable[Path]) -> list[Path]:
    """The stories under `folders`: each Twee or HTML file, each folder holding Twee files, and the HTML
    files of a folder holding none."""
    found: list[Path] = []
    for folder in folders:
        for entry in sorted(folder.iterdir()):
            if entry.name.startswith("."):
                continue
            if entry.is_file() and entry.name.lower().endswith(TWINE_SUFFIXES):
                found.append(entry)
            elif entry.is_dir():
                files = [p for p in entry.rglob("*") if p.is_file()]
                if any(p.name.lower().endswith(TWEE_SUFFIXES) for p in files):
                    found.append(entry)
                else:
                    found += sorted(p for p in files if p.name.lower().endswith((".html", ".htm")))
    return found


def xml_entries(folders: Iterable[Path]) -> list[Path]:
    """Every `.xml` file under `folders`, sorted."""
    return sorted(p for f in folders for p in f.rglob("*.xml") if p.is_file())


def _mark(flag: bool | None) -> str:
    return "?" if flag is None else "yes" if flag else "no"


def table(kind: str, outcomes: Sequence[Outcome], deep_word: str) -> str:
    """The rows of one format and its totals, as aligned plain text (the columns a format has: a quest
    has no reader's depth but one round, a book no links of its own)."""
    cells: dict[str, Callable[[Outcome], str]] = {
        "file": lambda o: o.name[:40],
        "imported": lambda o: _mark(o.imported),
        "check": lambda o: _mark(o.checked),
        "depth": lambda o: str(o.depth),
        "first": lambda o: str(o.first),
        "walk": lambda o: _mark(o.walk),
        "links whole": lambda o: _mark(o.whole),
        "s": lambda o: f"{o.seconds:.1f}",
        "note": lambda o: o.note.replace("\n", " ")[:110],
    }
    if all(o.goal == 1 for o in outcomes):
        cells = {("round" if k == "depth" else k): f for k, f in cells.items() if k not in ("first", "walk")}
    if all(o.whole is None for o in outcomes):
        del cells["links whole"]
    header = tuple(cells)
    rows = [tuple(f(o) for f in cells.values()) for o in outcomes]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [f"{kind}: {len(outcomes)} file(s)"]
    for r in [header, *rows]:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    lines.insert(2, "  ".join("-" * w for w in widths))
    deep = sum(o.deep for o in outcomes)
    total = (
        f"{kind}: {len(outcomes)} files, {sum(o.imported for o in outcomes)} import, "
        f"{sum(o.checked for o in outcomes)} pass check, {deep} {deep_word} ({_share(deep, len(outcomes))})"
    )
    if any(o.whole is not None for o in outcomes):
        whole = [o for o in outcomes if o.whole is not False]
        deep_whole = sum(o.deep for o in whole)
        total += (
            f"; {len(whole)} with whole links (or not known: not imported), of which {deep_whole} "
            f"{deep_word} ({_share(deep_whole, len(whole))})"
        )
    lines.append(total)
    return "\n".join(lines)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _folders(variable: str) -> list[Path]:
    value = os.environ.get(variable, "")
    return [Path(p) for p in value.split(os.pathsep) if p]


def main(argv: Sequence[str]) -> int:
    """Survey the folders the environment names (see the module docstring) and print a table per format."""
    seconds = float(os.environ.get("GROGNARD_SURVEY_SECONDS", SECONDS))
    memory_mb = int(os.environ.get("GROGNARD_SURVEY_MEMORY_MB", MEMORY_MB))
    kinds: list[tuple[str, str, list[Path], Survey, str]] = [
        ("Twine", "GROGNARD_SURVEY_TWINE", twine_entries(_folders("GROGNARD_SURVEY_TWINE")), twine_story,
         f"play {DEPTH} choices deep"),
        ("HeroScribe", "GROGNARD_SURVEY_HEROSCRIBE", xml_entries(_folders("GROGNARD_SURVEY_HEROSCRIBE")),
         heroscribe_quest, "play a first round unwon"),
        ("Project Aon", "GROGNARD_SURVEY_PROJECTAON", xml_entries(_folders("GROGNARD_SURVEY_PROJECTAON")),
         projectaon_book, f"play {DEPTH} choices deep"),
    ]  # fmt: skip
    if not any(files for _, _, files, _, _ in kinds):
        names = ", ".join(variable for _, variable, _, _, _ in kinds)
        print(f"no files to survey: set {names} to folders of files", file=sys.stderr)
        return 2
    for kind, _, files, survey, deep_word in kinds:
        if files:
            outcomes = [guarded(survey, path, seconds, memory_mb) for path in files]
            print(table(kind, outcomes, deep_word), flush=True)
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
