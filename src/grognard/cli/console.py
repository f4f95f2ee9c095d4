"""Shared terminal I/O: the consoles, JSON output, and numbered choices read from the terminal or stdin."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.console import Console

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)
# Piped output is read by scripts and tests: never break a line (a long path in a hint would split).
out.soft_wrap = not out.is_terminal
err.soft_wrap = not err.is_terminal


_F = TypeVar("_F", bound=Callable[..., Any])
_FORMATTED: dict[str, tuple[str, dict[str, Any]]] = {}
"""Help texts made from a marked message and values (`help_with`), by the English text they made."""


def help_with(message: str, **values: Any) -> str:
    """A command's or option's help made of a marked message (`N_`) and its values ("(default 0.05)"):
    English here, said in the reader's language by `said_help` when the help is shown."""
    text = message % values
    _FORMATTED[text] = (message, values)
    return text


def said_help(text: str) -> str:
    """A help text in the reader's language: a marked message, or one made by `help_with` (its values
    said too when they are messages: an option's help quoted in another's)."""
    message, values = _FORMATTED.get(text, (text, None))
    if values is None:
        return _(message)
    return _(message) % {k: _(v) if isinstance(v, str) else v for k, v in values.items()}


def documented(text: str) -> Callable[[_F], _F]:
    """Give a command's function `text` (marked with `N_`) as its docstring, the help typer shows when
    the command is mounted without one (`app.command(name)(function)`); said in the reader's language by
    `cli.main.spoken` as every help is."""

    def give(function: _F) -> _F:
        function.__doc__ = text
        return function

    return give


class InputEnded(Exception):
    """Standard input ran out while a choice was being asked."""


def print_json(data: Any) -> None:
    """Print JSON data on standard output, plain (no colour, no wrapping)."""
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")
    sys.stdout.flush()


def read_line(prompt: str) -> str:
    """Read one line: from the terminal with a prompt, or from standard input, echoing it."""
    out.print(prompt, end="")
    line = sys.stdin.readline()
    if not line:
        out.print()
        raise InputEnded
    text = line.strip()
    if not sys.stdin.isatty():
        out.print(text, markup=False)
    return text


def choose(options: Sequence[str], prompt: str = "Choose", extra: Sequence[str] = ()) -> str:
    """Ask for one of the numbered `options` (or one of the `extra` words); returns the option or word.

    Numbers are 1-based. A bad answer is asked again on a terminal and refused as a UsageError when the
    answers come from a script, so a broken script stops with one clear line.
    """
    for i, text in enumerate(options, 1):
        out.print(f"  [bold]{i}[/bold]. {text}")
    words = f" ({'/'.join(extra)})" if extra else ""
    while True:
        answer = read_line(f"{prompt} [1-{len(options)}]{words}: ")
        if answer in extra:
            return answer
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if not sys.stdin.isatty():
            raise UsageError(
                _("answer %(answer)s is not a number from 1 to %(most)s or one of %(extra)s")
                % {"answer": repr(answer), "most": len(options), "extra": list(extra)}
            )
        out.print(
            "[red]"
            + _("Please answer 1 to %(last)s%(words)s.") % {"last": len(options), "words": words}
            + "[/red]"
        )
