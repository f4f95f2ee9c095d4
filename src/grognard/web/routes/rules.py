"""The rules help: `/rules` (and `/rules.json`), each system's rules by the title its players know them
by, and for each of its games a line of help from the game's front-end description
(`engine.view.FrontEnd.help`). Naming no system, it lists whatever is registered."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from grognard.engine import registry
from grognard.web.routes.deps import Pages

ROUTER = APIRouter()


def rules_help() -> list[dict[str, Any]]:
    """Every system with its rules and each game's name and line of help, in declaration order."""
    out = []
    for system in registry.systems():
        games = []
        for game in system.games:
            front = registry.get_views(system.id, game.info.id).front
            games.append({"id": game.info.id, "name": game.info.name, "help": front.help})
        facts = next(f for f in registry.facts() if f.id == system.id)
        out.append(
            {
                "id": system.id,
                "name": system.name,
                "rules": facts.rules,
                "summary": system.summary,
                "games": games,
            }
        )
    return out


@ROUTER.get("/rules.json")
def rules_json() -> JSONResponse:
    return JSONResponse({"systems": rules_help()})


@ROUTER.get("/rules", response_class=HTMLResponse)
def rules_page(request: Request, page: Pages) -> HTMLResponse:
    return page(request, "rules.html", systems=rules_help())
