"""`python -m grognard` runs the command line."""

from grognard.cli.main import run

run()
