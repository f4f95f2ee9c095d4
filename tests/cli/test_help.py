"""Every command of `grognard` answers `--help` cleanly: status 0, no traceback, no stray markup escapes."""

from __future__ import annotations

import click
import pytest
import typer
from click.testing import CliRunner

from grognard.cli.main import _build


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = [prefix]
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        if isinstance(command, click.Group):
            found += _commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


ROOT = typer.main.get_command(_build())
assert isinstance(ROOT, click.Group)
COMMANDS = _commands(ROOT)


def test_the_command_tree_is_not_empty() -> None:
    assert len(COMMANDS) > 20


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "grognard")
def test_help_renders(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(ROOT, [*path, "--help"], prog_name="grognard", terminal_width=100)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Usage:" in result.output
    assert "\\[" not in result.output
