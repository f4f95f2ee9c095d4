"""Options shared by many commands, written once with one help text."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Annotated

import typer

from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        max=256,
        help=N_(
            "Worker processes playing the games (default: every core); the results are the same for any "
            "number."
        ),
    ),
]
"""`--workers N` of every bulk runner."""

ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help=N_(
            "Play the games on this Dask scheduler's workers instead of local processes (needs "
            "pip install 'grognard[cluster]'); the results are the same as a local run."
        ),
    ),
]
"""`--cluster tcp://HOST:PORT` of every bulk runner."""


def bulk_runner(workers: int | None, cluster: str | None) -> AbstractContextManager[None]:
    """The block in which a bulk runner plays its games: on `cluster` when given (then `--workers` is
    refused), else on local processes."""
    from grognard.engine.parallel import on_cluster  # inner import: only the bulk runners load it

    if cluster is not None and workers is not None:
        raise UsageError(
            gettext("give --workers (local processes) or --cluster (a Dask scheduler), not both")
        )
    return on_cluster(cluster)


SEED_HELP = N_("Seed for the dice and the bots: the same seed gives the same game (default: a random one).")
RUN_SEED_HELP = N_("Seed for the dice and the bots: the same seed gives the same results.")
JSON_HELP = N_("Print machine-readable JSON (every roll included) instead of text.")
GAME_HELP = N_("Continue this saved game (its id, from `grognard games list`).")

SeedOption = Annotated[int | None, typer.Option("--seed", help=SEED_HELP)]
"""`--seed N` of every command that plays or rolls once (no seed: a random one)."""
RunSeedOption = Annotated[int, typer.Option("--seed", help=RUN_SEED_HELP)]
"""`--seed N` of the commands whose seed defaults to 0 (bulk runs, `games new`), so they repeat."""
JsonOption = Annotated[bool, typer.Option("--json", help=JSON_HELP)]
"""`--json` of every command that can print machine-readable output."""
GameOption = Annotated[str | None, typer.Option("--game", help=GAME_HELP)]
"""`--game ID` of every play command: continue a saved game."""
