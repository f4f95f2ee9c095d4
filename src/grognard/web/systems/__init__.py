"""The browser's per-system parts, and the one index of them the generic web code reaches them through.

Each system's own pages (the Adventures in Fantasy referee's desk, the HeroScribe quest uploads), the
helpers its board and side templates call (Talisman's board geometry, HeroQuest's board drawing) and its
calculators on the tools page live here, one module per system and purpose; its templates live in
`templates/systems/<system id>/`. The generic code (`web/*.py`, the templates outside `systems/`,
`static/grognard.js`) names no system: it asks this index to mount the pages, install the template
helpers and list the calculators, and asks a game's `engine.view.FrontEnd` which templates draw it
(`tests/web/test_no_system_names.py` keeps it so). This is the only generic-facing place that names the
per-system modules; adding a system's browser parts means adding its module to `MODULES` and nothing
else in the generic code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from grognard.web.systems.tool_forms import TOOLS as TOOL_FORMS

if TYPE_CHECKING:
    from fastapi import FastAPI
    from jinja2 import Environment

    from grognard.web.tool_kit import Tool

MODULES = (
    "grognard.web.systems.talisman",
    "grognard.web.systems.heroquest",
    "grognard.web.systems.heroquest_quests",
    "grognard.web.systems.adventures_in_fantasy",
)
"""Every per-system module with pages or template helpers: it may define `TEMPLATE_GLOBALS` and
`TEMPLATE_FILTERS` (names its templates call) and `mount(app, secret, page)` (its own pages). Imported
when the app is made."""


def _modules(names: tuple[str, ...] = MODULES) -> list[ModuleType]:
    return [importlib.import_module(name) for name in names]


def tools() -> list[Tool]:
    """Every system's calculators, in order (their forms: no system is imported)."""
    return list(TOOL_FORMS)


def install(env: Environment) -> None:
    """Give the templates every system's helpers (globals and filters)."""
    for m in _modules():
        env.globals.update(getattr(m, "TEMPLATE_GLOBALS", {}))
        env.filters.update(getattr(m, "TEMPLATE_FILTERS", {}))


def mount(app: FastAPI, secret: str, page: Callable[..., Any]) -> None:
    """Mount every system's own pages on `app`."""
    for m in _modules():
        if hasattr(m, "mount"):
            m.mount(app, secret, page)
