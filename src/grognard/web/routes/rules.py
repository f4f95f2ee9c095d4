"""The rules help: `/rules` (and `/rules.json`), each system's rules by the title its players know them
by, and for each of its games a line of help from the game's front-end description
(`engine.view.FrontEnd.help`); and each system's How to play page, `/rules/<system id>` (and its JSON
twin `/rules/<system id>.json`).

A How to play page is the system's guide, written in our own words with the rulebook line (or rule number)
of each rule beside it, from the template `systems/<system id>/how-to-play.html`; below it, the
Reference: the texts of what a player chooses and uses (characters, spells, items, cards, monsters,
tables), read from the system's own catalogue by `sections()` of its `reference` module, found beside
its registration (`SystemFacts.module`, `<package>.system` -> `<package>.reference`) and imported only
when the page is first asked for. Naming no system, it serves whatever is registered; a system with
neither gets a page that says so.

The guide's markup is the contract the JSON twin reads back: each `<h2>` starts a part; an element of
class `rule` is a rule in our words and holds one `<cite data-lines="...">` or more (the text the page
shows in brackets, "(16:4)" or "(line 84)", and the lines of the rulebook it comes from); class `ruling`
is grognard's own reading where the book is silent or garbled, and class `help` says how grognard helps.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse
from jinja2 import TemplateNotFound

from grognard.engine import registry
from grognard.engine.game import SystemFacts
from grognard.i18n import current, game_name, gettext
from grognard.web.pages import TEMPLATES
from grognard.web.routes.common import json_answer
from grognard.web.routes.deps import Pages

ROUTER = APIRouter()

GUIDE = "systems/{id}/how-to-play.html"
"""The template of a system's How to play guide."""

REFERENCE_MODULE = "reference"
"""The module beside a system's registration that gives its reference texts (`sections()`)."""

POINT_KINDS = ("rule", "ruling", "help")
"""The classes of the guide's statements: a rule with its citations, grognard's reading, grognard's help."""

_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
"""The elements that have no end tag."""


def rules_help() -> list[dict[str, Any]]:
    """Every system with its rules and each game's name and line of help, in declaration order."""
    out = []
    for system in registry.systems():
        facts = next(f for f in registry.facts() if f.id == system.id)
        out.append(
            {
                "id": system.id,
                "name": system.name,
                "rules": facts.rules,
                "summary": system.summary,
                "games": games_help(system.id),
                "how_to_play": f"/rules/{system.id}",
            }
        )
    return out


def games_help(system_id: str) -> list[dict[str, Any]]:
    """Each game of a system with its name and line of help (`FrontEnd.help`)."""
    games = []
    for game in registry.get_system(system_id).games:
        front = registry.get_views(system_id, game.info.id).front
        said = gettext(front.help) if front.help else ""  # the game's own words, marked where it says them
        games.append({"id": game.info.id, "name": game_name(game.info.name), "help": said})
    return games


def system_facts(system_id: str) -> SystemFacts:
    """The declared facts of the system `system_id` (404 for an id no system has)."""
    for facts in registry.facts():
        if facts.id == system_id:
            return facts
    raise HTTPException(404, gettext("there is no system {system} here").format(system=repr(system_id)))


def slug(text: str) -> str:
    """An anchor made of `text`: lower case, runs of other marks one '-'."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "part"


def reference(module: str) -> list[dict[str, Any]]:
    """The reference sections of the system registered by `module`, from `sections()` of its `reference`
    module (none when it has no such module), each with an anchor and its entries (name, text, cite), in
    the reader's language (a system's reference may say its names in it: kept once per language)."""
    return _reference(module, current())


@cache
def _reference(module: str, language: str) -> list[dict[str, Any]]:
    """`reference(module)` as said in `language` (the language in force when it is called)."""
    package, _, last = module.rpartition(".")
    if last != "system" or not package:
        return []
    name = f"{package}.{REFERENCE_MODULE}"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return []
        raise
    out = []
    for heading, entries in found.sections():
        part = slug(heading)
        out.append(
            {
                "heading": str(heading),
                "id": f"ref-{part}",
                "entries": [
                    {"name": str(n), "text": str(t), "cite": str(c), "id": f"ref-{part}-{slug(str(n))}"}
                    for n, t, c in entries
                ],
            }
        )
    return out


def guide_template(system_id: str) -> str | None:
    """The name of the system's guide template, or None when it has none."""
    name = GUIDE.format(id=system_id)
    try:
        TEMPLATES.env.get_template(name)
    except TemplateNotFound:
        return None
    return name


class _GuideReader(HTMLParser):
    """Reads a rendered guide back into its parts: headings, and the statements of `POINT_KINDS` in each,
    with their text (citations left out) and citations."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[dict[str, Any]] = []
        self.depth = 0
        self.heading: list[str] | None = None
        self.point: dict[str, Any] | None = None
        self.point_depth = 0
        self.cite: dict[str, Any] | None = None
        self.cite_depth = 0

    def _part(self) -> dict[str, Any]:
        if not self.parts:
            self.parts.append({"heading": "", "points": []})
        return self.parts[-1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if tag == "h2" and self.point is None:
            self.heading = []
        elif tag == "cite" and self.point is not None and self.cite is None:
            self.cite = {"text": "", "lines": attr.get("data-lines", "")}
            self.cite_depth = self.depth
        elif self.point is None:
            kinds = [k for k in attr.get("class", "").split() if k in POINT_KINDS]
            if kinds:
                self.point = {"kind": kinds[0], "text": "", "cites": []}
                self.point_depth = self.depth
        if tag not in _VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self.depth -= 1
        if tag == "h2" and self.heading is not None:
            self.parts.append({"heading": " ".join("".join(self.heading).split()), "points": []})
            self.heading = None
        if self.cite is not None and self.depth == self.cite_depth:
            self.cite["text"] = " ".join(self.cite["text"].split()).strip("()")
            if self.point is not None:
                self.point["cites"].append(self.cite)
            self.cite = None
        if self.point is not None and self.depth == self.point_depth:
            self.point["text"] = " ".join(self.point["text"].split()).replace(" .", ".").replace(" ,", ",")
            self._part()["points"].append(self.point)
            self.point = None

    def handle_data(self, data: str) -> None:
        if self.heading is not None:
            self.heading.append(data)
        elif self.cite is not None:
            self.cite["text"] += data
        elif self.point is not None:
            self.point["text"] += data


def guide_parts(template: str, context: dict[str, Any]) -> list[dict[str, Any]]:
    """The guide rendered and read back: its parts, each a heading and its statements with citations."""
    reader = _GuideReader()
    reader.feed(TEMPLATES.env.get_template(template).render(**context))
    reader.close()
    return [p for p in reader.parts if p["heading"] or p["points"]]


def how_to_play(system_id: str) -> dict[str, Any]:
    """What the How to play page of `system_id` shows: the system, its games, its guide and reference."""
    facts = system_facts(system_id)
    system = registry.get_system(facts.id)
    return {
        "id": facts.id,
        "name": facts.name,
        "rules": facts.rules,
        "summary": system.summary,
        "games": games_help(facts.id),
        "page": f"/rules/{facts.id}",
        "guide": guide_template(facts.id),
        "reference": reference(facts.module),
    }


@ROUTER.get("/rules.json")
def rules_json() -> JSONResponse:
    return JSONResponse({"systems": rules_help()})


@ROUTER.get("/rules", response_class=HTMLResponse)
def rules_page(request: Request, page: Pages) -> HTMLResponse:
    return page(request, "rules.html", systems=rules_help())


@ROUTER.get("/rules/{system_id}.json")
def how_to_play_json(system_id: str) -> JSONResponse:
    found = how_to_play(system_id)
    guide = found.pop("guide")
    found["how_to_play"] = guide_parts(guide, {"system": found}) if guide else []
    return json_answer(found)


@ROUTER.get("/rules/{system_id}", response_class=HTMLResponse)
def how_to_play_page(request: Request, system_id: str, page: Pages) -> HTMLResponse:
    return page(request, "rules.html", system=how_to_play(system_id))
