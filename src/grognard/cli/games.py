"""`grognard games`: saved games (being built)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Saved games: list, show, undo, export, import, delete.", no_args_is_help=True)
