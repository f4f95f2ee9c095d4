"""The suite's subprocesses keep their compiled modules (tests/bytecode.py)."""

from __future__ import annotations

from tests.bytecode import cache_folder, keep_compiled_modules


def test_bytecode_is_written_outside_the_tree_where_it_was_not_to_be_written() -> None:
    environ = {"PYTHONDONTWRITEBYTECODE": "1", "HOME": "/h"}
    keep_compiled_modules(environ)
    assert environ == {"HOME": "/h", "PYTHONPYCACHEPREFIX": str(cache_folder())}


def test_a_chosen_cache_folder_is_kept() -> None:
    environ = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/elsewhere"}
    keep_compiled_modules(environ)
    assert environ == {"PYTHONPYCACHEPREFIX": "/elsewhere"}


def test_nothing_changes_where_bytecode_is_written_anyway() -> None:
    environ = {"PYTHONDONTWRITEBYTECODE": "", "HOME": "/h"}
    keep_compiled_modules(environ)
    assert environ == {"PYTHONDONTWRITEBYTECODE": "", "HOME": "/h"}
