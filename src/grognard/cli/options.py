"""Options shared by many commands, written once with one help text."""

from __future__ import annotations

from typing import Annotated

import typer

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        max=256,
        help="Worker processes playing the games (default: every core); the results are the same for any "
        "number.",
    ),
]
"""`--workers N` of every bulk runner."""
