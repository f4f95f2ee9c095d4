"""Solved books kept by the book's hash (`gamebook.solve_cache`) and read by readers
(`gamebook.solve_reader`): figures as the solver's, a second reader served from the file, corrupt, cut,
forged and foreign files passed over, a book too large kept as such, keys the same in every process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from array import array
from pathlib import Path

import pytest

from grognard.engine.game import CHANCE
from grognard.gamebook import solve_reader
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_cache import (
    MAGIC,
    SolvedBooks,
    SolvedTable,
    TooLarge,
    book_id,
    canonical,
    decode,
    encode,
    key_id,
    node_key,
    root_id,
)
from grognard.gamebook.solve_reader import BookChances, Chances, solve_here
from grognard.gamebook.solve_state import Projector
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from tests.gamebook.helpers import book
from tests.gamebook.test_solve import FF_BOOK, FF_HEAD

VIEW = FightingFantasySheetView()
ROOT = Path(__file__).resolve().parents[2]


def ff_book(extra: str = "") -> Book:
    """The pit-and-rat book (a fight, a Luck test, a choice), with `extra` sections."""
    return book(FF_BOOK + extra, FF_HEAD)


def first_decision(b: Book, hero: str = "7/12/7", **options: str) -> GamebookState:
    """The reader's first decision in `b` (the potion, when not given), each roll its first outcome."""
    state = GamebookGame(FF_RULES, b, "t").new_initial_state({"book": "t", "hero": hero, **options})
    while state.actor() is CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])  # type: ignore[assignment]
    return state


def at_section(b: Book, section: str = "1") -> GamebookState:
    """The reader at `section`'s choices, the potion of skill taken."""
    state = first_decision(b, potion="skill")
    assert state.section == section and state.phase == "choose", state.describe()
    return state


def no_solving(*args: object, **kwargs: object) -> object:
    raise AssertionError("solved again: the kept file was not read")


# -- figures ---------------------------------------------------------------------------------------------


def test_a_readers_chances_are_the_solvers_figures(tmp_path: Path) -> None:
    b = ff_book()
    state = at_section(b)
    chances = BookChances(lambda: tmp_path).at(state, VIEW)
    assert chances is not None and chances.status == "known"
    solved = solve_book(FF_RULES, b, {"hero": "7/12/7", "potion": "skill"}, view=VIEW, exact=True)
    assert chances.here == pytest.approx(float(solved.value_of(state)), abs=1e-12)
    exact = solved.action_values(state)
    assert set(chances.actions) == set(exact)
    for action, p in exact.items():
        assert chances.actions[action] == pytest.approx(float(p), abs=1e-12)
    # fighting the weak rat beats trusting to Luck: the figures tell the choices apart
    assert chances.actions["choice:1"] > chances.actions["choice:2"]


def test_a_second_reader_gets_the_kept_solve_without_solving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    b = ff_book()
    first = BookChances(lambda: tmp_path).at(first_decision(b), VIEW)
    assert first is not None and first.status == "known"
    assert list(tmp_path.rglob("*.solved"))
    monkeypatch.setattr(solve_reader, "solve_here", no_solving)
    again = BookChances(lambda: tmp_path)  # another process's reader: nothing in memory
    assert again.at(first_decision(b), VIEW) == first
    later = first_decision(b).apply("potion:skill")  # a later state of the same reader is in the table
    while later.actor() is CHANCE:
        later = later.apply(later.chance_outcomes()[0][0])
    assert isinstance(later, GamebookState) and later.phase == "choose"
    found = again.at(later, VIEW)
    assert found is not None and found.status == "known" and found.actions


def test_another_character_or_book_is_not_served_anothers_figures(tmp_path: Path) -> None:
    b = ff_book()
    weak = BookChances(lambda: tmp_path).at(at_section(b), VIEW)
    strong_state = first_decision(b, hero="12/24/12", potion="skill")
    strong = BookChances(lambda: tmp_path).at(strong_state, VIEW)
    assert weak is not None and strong is not None
    assert weak.here != strong.here
    other = book(FF_BOOK.replace("SKILL = 5, STAMINA = 4", "SKILL = 11, STAMINA = 14"), FF_HEAD)
    assert book_id(other, "fighting-fantasy", VIEW, {}) != book_id(b, "fighting-fantasy", VIEW, {})
    harder = BookChances(lambda: tmp_path).at(at_section(other), VIEW)
    assert harder is not None and weak.here is not None and harder.here is not None
    assert harder.here < weak.here


# -- files -----------------------------------------------------------------------------------------------


def kept_file(tmp_path: Path) -> tuple[Path, GamebookState, Chances]:
    b = ff_book()
    state = at_section(b)
    chances = BookChances(lambda: tmp_path).at(state, VIEW)
    assert chances is not None and chances.status == "known"
    (path,) = tmp_path.rglob("*.solved")
    return path, state, chances


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda d: d[: len(d) // 2], id="cut short"),
        pytest.param(lambda d: b"", id="empty"),
        pytest.param(lambda d: d[:40] + bytes([d[40] ^ 1]) + d[41:], id="a byte changed"),
        pytest.param(lambda d: b"x" + d[1:], id="another magic"),
        pytest.param(lambda d: os.urandom(len(d)), id="noise"),
        pytest.param(lambda d: b"\x80\x04\x95" + d, id="a pickle before it"),
    ],
)
def test_a_spoilt_file_is_passed_over_and_replaced(tmp_path: Path, spoil: object) -> None:
    path, state, chances = kept_file(tmp_path)
    good = path.read_bytes()
    path.write_bytes(spoil(good))  # type: ignore[operator]
    again = BookChances(lambda: tmp_path).at(state, VIEW)  # solved again
    assert again == chances
    assert path.read_bytes() == good


def sealed(data: bytes) -> bytes:
    """`data` with the check sum a kept file ends with."""
    return data + zlib.crc32(data).to_bytes(4, "little")


def forged(table: SolvedTable, header: dict[str, object], body: bytes | None = None) -> bytes:
    """A file with a sound check sum over a header and body of the forger's choosing."""
    good = encode(table)
    start = len(MAGIC) + 4
    size = int.from_bytes(good[len(MAGIC) : start], "little")
    old = json.loads(good[start : start + size])
    old.update(header)
    head = json.dumps(old).encode()
    rest = good[start + size : -4] if body is None else body
    return sealed(MAGIC + len(head).to_bytes(4, "little") + head + rest)


def test_forged_files_with_a_sound_check_sum_give_no_figure_they_cannot_stand_behind(tmp_path: Path) -> None:
    path, state, _ = kept_file(tmp_path)
    table = decode(path.read_bytes(), path.parent.name, path.name.removesuffix(".solved"))
    assert isinstance(table, SolvedTable)
    book_, root = table.book, table.root
    assert decode(forged(table, {"book": "0" * 32}), book_, root) is None  # another book's
    assert decode(forged(table, {"root": "0" * 32}), book_, root) is None  # another start's
    assert decode(forged(table, {"format": 99}), book_, root) is None
    assert decode(forged(table, {"count": 10**9}), book_, root) is None
    assert decode(forged(table, {"p_win": 7.5}), book_, root) is None
    assert decode(forged(table, {"p_win": "high"}), book_, root) is None
    assert decode(forged(table, {"exact": 1}), book_, root) is None
    assert decode(forged(table, {"kind": "pickle"}), book_, root) is None
    assert decode(forged(table, {}, array("Q", table.keys).tobytes()), book_, root) is None  # values cut off
    # figures out of [0, 1] (and NaN) are no figures
    bad = array("d", [float("nan")] * len(table.values))
    spoilt = decode(forged(table, {}, array("Q", table.keys).tobytes() + bad.tobytes()), book_, root)
    assert isinstance(spoilt, SolvedTable)
    projector = Projector.of(state.play.book, FF_RULES, VIEW)
    assert table.value(node_key(projector, state)) is not None
    assert spoilt.value(node_key(projector, state)) is None


def test_a_header_claiming_to_be_huge_is_refused_without_reading_it(tmp_path: Path) -> None:
    data = sealed(MAGIC + (2**31).to_bytes(4, "little") + b"{}")
    assert decode(data, "0" * 32, None) is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file owners are a POSIX matter")
def test_a_file_in_a_folder_others_may_write_is_passed_over(tmp_path: Path) -> None:
    path, _, _ = kept_file(tmp_path)
    books = SolvedBooks(tmp_path)
    book_, root = path.parent.name, path.name.removesuffix(".solved")
    assert isinstance(books.load(book_, root), SolvedTable)
    path.parent.chmod(0o777)
    assert SolvedBooks(tmp_path).load(book_, root) is None
    path.parent.chmod(0o700)
    path.chmod(0o666)
    assert SolvedBooks(tmp_path).load(book_, root) is None


def test_a_folder_that_cannot_be_written_still_gives_the_figures(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    chances = BookChances(lambda: blocked).at(at_section(ff_book()), VIEW)
    assert chances is not None and chances.status == "known"


def test_the_names_of_files_are_checked_before_use(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a solved book"):
        SolvedBooks(tmp_path).path("../../etc", "0" * 32)
    assert SolvedBooks(tmp_path).of_book("../x") == []


# -- too large, background ------------------------------------------------------------------------------


def test_a_book_too_large_is_kept_as_such_and_said_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    b = ff_book()
    small = BookChances(lambda: tmp_path, budget=10)
    assert small.at(at_section(b), VIEW) == Chances("too large")
    (path,) = tmp_path.rglob("*.solved")
    kept = decode(path.read_bytes(), path.parent.name, None)
    assert isinstance(kept, TooLarge) and kept.budget == 10 and "10" in kept.reason
    monkeypatch.setattr(solve_reader, "solve_here", no_solving)
    assert BookChances(lambda: tmp_path, budget=10).at(at_section(b), VIEW) == Chances("too large")


def test_a_larger_budget_is_not_held_back_by_a_smaller_ones_verdict(tmp_path: Path) -> None:
    b = ff_book()
    assert BookChances(lambda: tmp_path, budget=10).at(at_section(b), VIEW) == Chances("too large")
    found = BookChances(lambda: tmp_path).at(at_section(b), VIEW)
    assert found is not None and found.status == "known"


def test_a_solve_past_its_seconds_is_too_large() -> None:
    _, kept = solve_here(at_section(ff_book()), VIEW, seconds=0.0, budget=10**6)
    assert isinstance(kept, TooLarge) and "seconds" in kept.reason


def test_in_the_background_the_reader_is_told_it_is_pending_then_gets_the_figures(tmp_path: Path) -> None:
    state = at_section(ff_book())
    reader = BookChances(lambda: tmp_path, background=True)
    assert reader.at(state, VIEW) == Chances("pending")
    reader.wait(60)
    found = reader.at(state, VIEW)
    assert found is not None and found.status == "known"


def test_no_chances_in_a_fight_or_at_a_roll(tmp_path: Path) -> None:
    state = at_section(ff_book())
    fight = state.apply("choice:1")
    assert isinstance(fight, GamebookState)
    assert BookChances(lambda: tmp_path).at(fight, VIEW) is None


# -- keys ------------------------------------------------------------------------------------------------


def test_canonical_text_sorts_sets_and_names_models() -> None:
    assert canonical(frozenset({"b", "a", "c"})) == canonical(frozenset({"c", "a", "b"})) == "{'a','b','c'}"
    assert canonical({"y": 1, "x": (2, None)}) == "{'x':(2,None),'y':1}"
    assert canonical((1, "1")) != canonical(("1", 1))


KEY_SCRIPT = """
import sys
import zlib
from tests.gamebook.test_solve_cache import at_section, ff_book, VIEW
from grognard.gamebook.solve_cache import key_id, node_key
from grognard.gamebook.solve_state import Projector
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
state = at_section(ff_book())
state = state.apply("choice:2")
print(key_id(node_key(Projector.of(state.play.book, FF_RULES, VIEW), state)))
"""


def test_keys_are_the_same_in_every_process() -> None:
    found = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
        ran = subprocess.run(
            [sys.executable, "-c", KEY_SCRIPT], env=env, capture_output=True, text=True, check=True, cwd=ROOT
        )
        found.add(ran.stdout.strip())
    assert len(found) == 1
    assert found.pop().isdigit()


def test_the_ids_are_hex_names() -> None:
    b = ff_book()
    state = at_section(b)
    projector = Projector.of(b, FF_RULES, VIEW)
    assert len(root_id(node_key(projector, state))) == 32
    assert 0 <= key_id(node_key(projector, state)) < 2**64


def test_a_book_that_can_never_end_is_said_to_be_unsolvable_not_too_large(tmp_path: Path) -> None:
    from tests.gamebook.helpers import HEAD, start

    endless = book(
        """
[sections.1]
choices = [{ text = "On", target = 2 }]
[sections.2]
choices = [{ text = "Back", target = 1 }, { text = "Door", target = 3, condition = { item = "Key" } }]
[sections.3]
ending = "victory"
""",
        HEAD,
    )
    state = start(endless)
    assert BookChances(lambda: tmp_path).at(state) == Chances("cannot")
    (path,) = tmp_path.rglob("*.solved")
    kept = decode(path.read_bytes(), path.parent.name, None)
    assert isinstance(kept, TooLarge) and not kept.size and "can never end" in kept.reason
    assert BookChances(lambda: tmp_path, budget=10**6).at(state) == Chances("cannot")  # whatever the budget
