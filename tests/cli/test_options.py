"""issue #11: `--seed`, `--json` and `--game` are written once (`cli.options`) and every command that has
them says the same thing about them."""

from __future__ import annotations

import click

from grognard.cli.options import GAME_HELP, JSON_HELP, RUN_SEED_HELP, SEED_HELP
from tests.cli.test_help import COMMANDS, ROOT

SHARED = {"--seed": {SEED_HELP, RUN_SEED_HELP}, "--json": {JSON_HELP}, "--game": {GAME_HELP}}


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = ROOT
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    return command


def test_every_common_option_has_the_shared_help_text() -> None:
    seen: dict[str, int] = dict.fromkeys(SHARED, 0)
    wrong = []
    for path in COMMANDS:
        for param in _command(path).params:
            for flag in param.opts:
                if flag in SHARED and isinstance(param, click.Option):
                    seen[flag] += 1
                    if param.help not in SHARED[flag]:
                        wrong.append(f"{' '.join(path)} {flag}: {param.help!r}")
    assert not wrong, wrong
    assert seen["--seed"] >= 10 and seen["--json"] >= 20 and seen["--game"] >= 4, seen
