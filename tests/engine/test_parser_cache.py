"""d20's parser kept in the user's cache (`engine.dice.parser_cache`): built once, then loaded; the rolls
the same as with the parser d20 builds; a cache that cannot be read, loaded or written passed over."""

from __future__ import annotations

import json
import os
import pickle
import random
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import d20
import lark
import pytest

from grognard.engine.dice import parser_cache
from grognard.engine.dice.parser_cache import CachedLark, cache_file, cache_folder

EXPRESSIONS = [
    "3d6",
    "4d6kh3+2",
    "(1d20, 1d20)kl1 + 5",
    "10d6e6kh5+(1d20,1d20)kl1",
    "2d10ro<3mi2 * 2",
    "-1d4 // 2 + 3d8rr1ma7",
    "1d100 % 7 - (2d6 + 1) * 2",
    "8d6p2 + 1d20ra20",
]


def d20_options() -> dict[str, Any]:
    """The options `d20.diceast` builds its parser with (its transformer made afresh)."""
    return {
        "start": ["expr", "commented_expr"],
        "parser": "lalr",
        "transformer": d20.diceast.RollTransformer(),
        "maybe_placeholders": True,
    }


def build(cls: type[lark.Lark]) -> lark.Lark:
    return cls(d20.diceast.grammar, **d20_options())


def the_file() -> Path:
    path = cache_file(d20.diceast.grammar, d20_options())
    assert path is not None
    return path


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache home (`XDG_CACHE_HOME`); yields grognard's folder in it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    yield tmp_path / "cache" / "grognard"


def rolls(parser: lark.Lark, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every expression rolled by d20 with `parser`, seeded: the result as d20 writes it, and the total."""
    found = []
    with monkeypatch.context() as patch:
        patch.setattr(d20.diceast, "parser", parser)
        for seed, text in enumerate(EXPRESSIONS):
            random.seed(seed)
            result = d20.Roller().roll(text)  # a new roller: its parse cache is empty
            found.append((result.result, result.total))
    return found


def test_the_parser_is_built_and_kept_then_loaded_and_rolls_the_same(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = rolls(build(lark.Lark), monkeypatch)
    built = build(CachedLark)
    assert built.source == "<string>"
    assert the_file().parent == cache and the_file().is_file()
    assert stat.S_IMODE(the_file().stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert sorted(p.name for p in cache.iterdir()) == [the_file().name]  # no temporary file left
    loaded = build(CachedLark)
    assert loaded.source == "<deserialized>"
    assert rolls(built, monkeypatch) == plain
    assert rolls(loaded, monkeypatch) == plain
    assert len(set(plain)) > 1


@pytest.mark.parametrize("content", [b"not a pickle at all", b"", pickle.dumps({"data": 1})])
def test_a_corrupt_file_is_passed_over_and_replaced(
    cache: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    cache.mkdir(parents=True, mode=0o700)
    the_file().write_bytes(content)
    the_file().chmod(0o600)
    parser = build(CachedLark)
    assert parser.source == "<string>"
    assert rolls(parser, monkeypatch) == rolls(build(lark.Lark), monkeypatch)
    assert build(CachedLark).source == "<deserialized>"  # the corrupt file was replaced


def test_a_file_others_may_write_is_not_loaded(cache: Path) -> None:
    build(CachedLark)
    the_file().chmod(0o666)
    assert build(CachedLark).source == "<string>"
    assert stat.S_IMODE(the_file().stat().st_mode) == 0o600  # replaced by one of the user's own
    assert build(CachedLark).source == "<deserialized>"


def test_a_file_in_a_folder_others_may_write_is_not_loaded(cache: Path) -> None:
    build(CachedLark)
    cache.chmod(0o777)
    try:
        assert build(CachedLark).source == "<string>"
    finally:
        cache.chmod(0o700)
    assert build(CachedLark).source == "<deserialized>"


def test_a_folder_in_the_files_place_is_passed_over(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    the_file().mkdir(parents=True)
    parser = build(CachedLark)
    assert parser.source == "<string>"
    assert rolls(parser, monkeypatch) == rolls(build(lark.Lark), monkeypatch)
    assert list(the_file().iterdir()) == []
    assert sorted(p.name for p in cache.iterdir()) == [the_file().name]  # its temporary file removed


def test_a_cache_that_cannot_be_created_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # the folder would be inside a plain file
    parser = build(CachedLark)
    assert parser.source == "<string>"
    assert rolls(parser, monkeypatch) == rolls(build(lark.Lark), monkeypatch)
    assert blocker.read_text() == ""


def test_a_read_only_cache_folder_is_passed_over(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.mkdir(parents=True, mode=0o700)
    cache.chmod(0o500)
    try:
        if os.access(cache, os.W_OK):
            pytest.skip("this user writes into read-only folders (root)")
        parser = build(CachedLark)
        assert parser.source == "<string>"
        assert rolls(parser, monkeypatch) == rolls(build(lark.Lark), monkeypatch)
        assert list(cache.iterdir()) == []
    finally:
        cache.chmod(0o700)


def test_a_failed_write_leaves_no_file(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(source: object, target: object) -> None:
        raise PermissionError("refused")

    monkeypatch.setattr(parser_cache.os, "replace", refuse)
    parser = build(CachedLark)
    assert parser.source == "<string>"
    assert rolls(parser, monkeypatch) == rolls(build(lark.Lark), monkeypatch)
    assert list(cache.iterdir()) == []


def test_the_file_is_named_by_the_grammar_and_the_options(cache: Path) -> None:
    grammar = d20.diceast.grammar
    assert cache_file(grammar, d20_options()) == cache_file(grammar, {**d20_options(), "transformer": None})
    other = {
        cache_file(grammar + "\n", d20_options()),
        cache_file(grammar, {**d20_options(), "maybe_placeholders": False}),
        cache_file(grammar, {**d20_options(), "start": ["expr"]}),
    }
    assert the_file() not in other and len(other) == 3
    assert cache_file(grammar, {**d20_options(), "lexer": lark.lexer.Lexer}) is None  # cannot be keyed


def test_the_cache_folder_is_the_users_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_folder() == tmp_path / "xdg" / "grognard"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for unset in ("", "relative/cache"):  # a relative XDG_CACHE_HOME is ignored, as XDG asks
        monkeypatch.setenv("XDG_CACHE_HOME", unset)
        assert cache_folder() == tmp_path / "home" / ".cache" / "grognard"


PROBE = """
import json, sys
import lark
from grognard.engine.dice.core import Rng
from grognard.engine.dice.notation import roll_data, roll_expression
import d20
rolled = [roll_data(roll_expression(text, Rng(seed)), seed=seed) for seed, text in enumerate(sys.argv[1:])]
restored = lark.Lark is lark.lark.Lark and d20.diceast.Lark is lark.lark.Lark
print(json.dumps({"source": d20.diceast.parser.source, "restored": restored, "rolled": rolled}))
"""


def run_probe(cache_home: Path) -> dict[str, Any]:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_home))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *EXPRESSIONS],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_importing_the_notation_builds_the_cache_then_loads_it(tmp_path: Path) -> None:
    first = run_probe(tmp_path)
    again = run_probe(tmp_path)
    assert (first["source"], again["source"]) == ("<string>", "<deserialized>")
    assert first["restored"] and again["restored"]
    assert first["rolled"] == again["rolled"]
    kept = list((tmp_path / "grognard").iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("lark-") and kept[0].stat().st_size > 0
