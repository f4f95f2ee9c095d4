"""The main menu shown by `grognard` alone (being built)."""

from __future__ import annotations

from grognard.cli.console import out


def main_menu() -> None:
    """Show the main menu."""
    out.print("grognard")
