"""The tools page: the dice roller and each system's odds calculator, as forms with a result and a chart.

Each tool names its fields (what the command line's options are) and computes a `ToolResult` from the
submitted values through the same system functions the command line calls: a few headline figures, the
outcome distribution drawn as a chart, and the whole result as JSON. Values are checked here (type and
range) before any work, so a request from any browser gets one clear message. A request's calculation
runs in a worker process of its own, within a time and memory budget, and stops if the browser leaves
(`calculate`, `web.solving`).
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any

from fastapi import Request

from grognard import i18n
from grognard.engine.dice.core import Rng
from grognard.engine.dice.notation import roll_data, roll_expression
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.web import systems
from grognard.web.solving import client_keys, client_left, run_now
from grognard.web.tool_kit import Field, Tool, ToolResult, Values, read_values, working_out

__all__ = ["TOOLS", "Tool", "ToolResult", "calculate", "compute", "read_values"]


def roll_result(values: Values) -> ToolResult:
    """The dice roller worked out: every die of the expression, with its seed."""
    seed = values["seed"] if values["seed"] is not None else secrets.randbelow(1_000_000_000)
    roll = roll_expression(values["expression"], Rng(seed), values["table"])
    data = roll_data(roll, seed=seed)
    figures = [(_("Total"), str(roll.total)), (_("Seed"), str(seed))]
    if roll.extras:
        figures += [(name, str(count)) for name, count in roll.extras]
    return ToolResult(f"{roll.expression} = {roll.total}", figures, dice=data["dice"], data=data)


ROLL = Tool(
    "roll",
    N_("Dice roller"),
    N_(
        "Any dice notation: 3d6+2, 4d6kh3, 2d6rr1, lw (Lone Wolf 0-9), pct (two d20 read as digits), "
        "3hq (HeroQuest combat dice), 2red. Every die is shown."
    ),
    (
        Field("expression", N_("Dice"), "text", "3d6"),
        Field("table", N_("Lone Wolf table"), "choice", "uniform", (N_("uniform"), N_("book"))),
        Field("seed", N_("Seed (blank: new dice)"), "int", "", low=0, high=2**63 - 1, required=False),
    ),
    ("grognard.web.tools", "roll_result"),
    N_("Roll the dice"),
)


TOOLS: dict[str, Tool] = {t.id: t for t in (ROLL, *systems.tools())}
"""Every tool by id, in the order the page shows them: the dice roller, then each system's calculators."""


def compute(tool_id: str, values: dict[str, Any], language: str = i18n.SOURCE) -> ToolResult:
    """Tool `tool_id` worked out on checked values (what a worker process runs: plain data in and out),
    its words in `language` (the reader's: a worker has no request)."""
    with i18n.speaking(language):
        return working_out(TOOLS[tool_id])(values)


async def calculate(request: Request, tool: Tool, values: dict[str, Any]) -> ToolResult:
    """`tool` worked out for a request in a worker of its own (`web.solving.run_now`): `Busy` when this
    client already runs one or the server is full, `OverBudget` past the budget, `ClientGone` when the
    browser leaves first."""
    return await run_now(
        compute,
        (tool.id, values, i18n.current()),
        client_keys(request, "tool"),
        partial(client_left, request),
        _("this calculation"),
    )
