"""Options shared by many commands, written once with one help text."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Annotated

import typer

from grognard.engine.errors import UsageError
from grognard.engine.parallel import on_cluster

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

ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="tcp://HOST:PORT",
        help="Play the games on this Dask scheduler's workers instead of local processes (needs "
        "pip install 'grognard[cluster]'); the results are the same as a local run.",
    ),
]
"""`--cluster tcp://HOST:PORT` of every bulk runner."""


def bulk_runner(workers: int | None, cluster: str | None) -> AbstractContextManager[None]:
    """The block in which a bulk runner plays its games: on `cluster` when given (then `--workers` is
    refused), else on local processes."""
    if cluster is not None and workers is not None:
        raise UsageError("give --workers (local processes) or --cluster (a Dask scheduler), not both")
    return on_cluster(cluster)
