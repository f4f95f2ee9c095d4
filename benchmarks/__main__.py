"""Run every benchmark module of the package (or those named on the command line) and print a table."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Sequence

import benchmarks
from benchmarks import Row


def discover(names: Sequence[str] = ()) -> list[str]:
    """The benchmark modules of the package, all of them or only `names`, in alphabetical order."""
    found = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__) if not m.name.startswith("_"))
    if not names:
        return found
    unknown = [n for n in names if n not in found]
    if unknown:
        raise SystemExit(f"unknown benchmark {', '.join(unknown)}; known: {', '.join(found)}")
    return list(names)


def render(rows: Sequence[Row]) -> str:
    """The rows as an aligned plain-text table."""
    header = ("benchmark", "case", "measure", "value")
    body = [(r.benchmark, r.case, r.measure, f"{r.value:,.3f} {r.unit}") for r in rows]
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)) for line in [header, *body]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def main(argv: Sequence[str]) -> int:
    """Run the benchmarks and print one table per module as it finishes."""
    for name in discover(argv):
        module = importlib.import_module(f"benchmarks.{name}")
        run = getattr(module, "run", None)
        if run is None:
            continue
        print(render(run()), flush=True)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
