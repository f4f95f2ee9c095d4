"""How much of the Grey Star books' rules the Project Aon importer reads from their prose.

Project Aon's books may not be redistributed, so none ships: set `GROGNARD_PROJECTAON_XML` to a folder
holding `01gstw.xml`, `02tfc.xml`, `03btng.xml` and `04wotw.xml` (with their `*.mod` and `*.inc` files)
and run `python benchmarks/_projectaon_survey.py`. For each book it prints the choices, the conditional
choices (an "If ..." testing a Power, an item, a score or Nobles) and how many the import enforces, the
fights, the evadable ones and how many evade (at the round the text says), the phrases read, and the
rule-like sentences left unread; then the same without the shipped overlay. `--unread` lists the unread
sentences too (section and sentence: the book's own text, printed on the reader's terminal only).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from grognard.cli.systems.grey_star import shipped_overlays
from grognard.gamebook.check import check_book
from grognard.gamebook.projectaon import import_projectaon
from grognard.systems.grey_star.ruleset import GS_RULES

BOOKS = ("01gstw", "02tfc", "03btng", "04wotw")


def main() -> int:
    folder = os.environ.get("GROGNARD_PROJECTAON_XML", "")
    if not folder:
        print("set GROGNARD_PROJECTAON_XML to a folder of Project Aon's XML books", file=sys.stderr)
        return 2
    head = (
        f"{'book':8} {'choices':>7} {'cond':>5} {'enforced':>8} {'%':>5} {'fights':>6} {'evadable':>8} "
        f"{'evade ok':>8} {'phrases':>7} {'unread':>6} {'problems':>8} {'seconds':>7}"
    )
    for shipped in (shipped_overlays(), {}):
        print("with the shipped overlays" if shipped else "prose only (no shipped overlay)")
        print(head)
        for name in BOOKS:
            path = Path(folder) / f"{name}.xml"
            if not path.exists():
                print(f"{name:8} (not in the folder)")
                continue
            start = time.perf_counter()
            report = import_projectaon(path, read_prose=True, shipped=shipped)
            took = time.perf_counter() - start
            reading = report.reading
            assert reading is not None
            t = reading.tally
            problems = len(check_book(report.book, GS_RULES))
            print(
                f"{name:8} {t.choices:7} {t.conditional:5} {t.with_overlays:8} "
                f"{100 * t.with_overlays / max(t.conditional, 1):5.1f} {t.fights:6} {t.evadable:8} "
                f"{t.evade_set:8} {len(reading.phrases):7} {len(reading.unread):6} {problems:8} {took:7.2f}"
            )
            if "--unread" in sys.argv and shipped:
                for u in reading.unread:
                    print(f"  {u.section}: {u.sentence}" + (f"  [{u.why}]" if u.why else ""))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
