"""The import graph of a package's modules read from their source (an `ast` walk, nothing imported),
counting imports written inside functions as well as those at the top of a module, and its cycles.
Imports under `if TYPE_CHECKING:` never run: they are left out of the graph unless asked for (`typing`);
so is the import of a module's packages that Python makes first (importing `a.b.c` runs `a/__init__` and
`a/b/__init__`: with `packages`, `a.b.c` has an edge to `a.b` and to `a`).

`graph(package)` maps each module of the package to the modules of the same package it imports;
`cycles(edges)` gives the strongly connected components that hold a cycle; `inner_imports(package)` lists
the imports of the package's modules written inside a function or class body, with their lines and the
reason a `# inner import: <reason>` comment on the statement gives for keeping it there.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from grognard.engine.files import read_text

MODULE_CAP = 4 * 1024 * 1024
"""The largest source module the import graph reads."""


@dataclass(frozen=True)
class Import:
    """One import statement's target: the importing module, its line, the module imported, whether the
    statement sits inside a function (or class) rather than at the top of the module, and whether it sits
    under `if TYPE_CHECKING:` (for the type checker only); `reason` is the text of a `# inner import:`
    comment on the statement's lines ("" without one)."""

    module: str
    line: int
    target: str
    inner: bool
    typing: bool = False
    reason: str = ""


REASON = re.compile(r"#\s*inner import:\s*(\S.*?)\s*$")
"""The comment that says why an import stays inside a function, its reason after the colon."""


def package_dir(package: str) -> Path:
    """The directory of `package`'s source, found without importing it (a `ValueError` when it is not a
    package)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package} is not a package")
    return Path(next(iter(spec.submodule_search_locations)))


def modules(package: str) -> dict[str, Path]:
    """Every module of `package` and its sub-packages by dotted name, with its source file."""
    root = package_dir(package)
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def _base(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name a `from ... import` statement names, resolving its leading dots."""
    if level == 0:
        return name or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join([*parts, name] if name else parts)


class _Walker(ast.NodeVisitor):
    """Collects the imports of one module, knowing how deep in function or class bodies each sits."""

    def __init__(self, module: str, is_package: bool, known: set[str], lines: list[str]) -> None:
        self.module = module
        self.lines = lines
        self.is_package = is_package
        self.known = known
        self.depth = 0
        self.typing = 0
        self.found: list[Import] = []

    def _nested(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = _nested
    visit_AsyncFunctionDef = _nested
    visit_ClassDef = _nested
    visit_Lambda = _nested

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
        if name != "TYPE_CHECKING":
            self.generic_visit(node)
            return
        self.typing += 1
        for stmt in node.body:
            self.visit(stmt)
        self.typing -= 1
        for stmt in node.orelse:
            self.visit(stmt)

    def _add(self, node: ast.stmt, target: str) -> None:
        reason = ""
        for text in self.lines[node.lineno - 1 : node.end_lineno or node.lineno]:
            match = REASON.search(text)
            if match:
                reason = match.group(1)
                break
        self.found.append(Import(self.module, node.lineno, target, self.depth > 0, self.typing > 0, reason))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _base(self.module, self.is_package, node.level, node.module)
        for alias in node.names:
            whole = f"{base}.{alias.name}"
            self._add(node, whole if whole in self.known else base)


def imports(package: str) -> list[Import]:
    """Every import statement target of `package`'s modules (a `from m import a, b` of two submodules
    counts as two), in module and line order, those under `if TYPE_CHECKING:` marked `typing`."""
    table = modules(package)
    known = set(table)
    found: list[Import] = []
    for name, path in table.items():
        text = read_text(path, MODULE_CAP, "module")
        walker = _Walker(name, path.name == "__init__.py", known, text.splitlines())
        walker.visit(ast.parse(text, filename=str(path)))
        found.extend(walker.found)
    return found


def _owner(target: str, known: set[str]) -> str | None:
    """The module of the package that `target` names (itself, or the nearest enclosing module)."""
    while target:
        if target in known:
            return target
        target = target.rpartition(".")[0]
    return None


def _packages(module: str, known: set[str]) -> set[str]:
    """The packages of `module` that `known` holds (for `a.b.c`: `a.b` and `a`), which importing it
    imports first."""
    parts = module.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))} & known


def graph(
    package: str, *, inner: bool = True, typing: bool = False, packages: bool = False
) -> dict[str, set[str]]:
    """The modules of `package` each with the modules of `package` it imports (not itself); the imports
    inside functions count unless `inner` is false, those for the type checker only when `typing`, and
    the packages each module sits in (which Python imports before it) when `packages`."""
    known = set(modules(package))
    edges: dict[str, set[str]] = {name: _packages(name, known) if packages else set() for name in known}
    for found in imports(package):
        if (found.inner and not inner) or (found.typing and not typing):
            continue
        owner = _owner(found.target, known)
        if owner is not None and owner != found.module:
            edges[found.module].add(owner)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of `edges` with more than one module (each a cycle or a knot of
    them), every one sorted, biggest first (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(edges.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def inner_imports(package: str, within: str | None = None) -> list[Import]:
    """The imports in `package`'s modules written inside a function or class body whose target lies in
    `within` (a package prefix, such as "grognard"; every target when None)."""
    return [
        found
        for found in imports(package)
        if found.inner
        and not found.typing
        and (within is None or found.target == within or found.target.startswith(within + "."))
    ]


def report(package: str) -> str:
    """A short text report of `package`'s cycles (counting imports inside functions, then also those for
    the type checker and each module's packages) and inner imports."""
    knots = cycles(graph(package))
    whole = cycles(graph(package, typing=True, packages=True))
    lines = [f"{package}: {len(modules(package))} modules, {len(knots)} cycles"]
    lines += [f"  cycle of {len(c)}: {' '.join(m.rpartition('.')[2] for m in c)}" for c in knots]
    lines.append(
        "  counting the imports for the type checker and each module's packages: "
        f"{len(whole)} cycles of {[len(c) for c in whole]}"
    )
    lines += [f"    {' '.join(c)}" for c in whole]
    inner = inner_imports(package, "grognard")
    bare = sum(1 for found in inner if not found.reason)
    lines.append(f"  imports inside functions: {len(inner)} ({bare} without a reason)")
    return "\n".join(lines)


# A developer's command: python -m grognard.engine.importgraph PACKAGE...
if __name__ == "__main__":  # pragma: no cover
    import sys

    for name in sys.argv[1:]:
        sys.stdout.write(report(name) + "\n")
