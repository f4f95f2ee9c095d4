"""The chance to finish a book in the browser's odds (`web.live_odds`, `gamebook.solve_reader`): worked out
in the odds worker, kept in the server's home by the book's hash so the next reader gets it from the file,
hidden from a reader who plays blind, and a book too large said so in words. Against the real server on a
loopback port (the odds run in worker processes)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.gamebook.test_solve import FF_BOOK, FF_HEAD
from tests.live_server import serving
from tests.web.security.test_deadlines import Browser, LimitedServer, wait_for

BOOK = (
    FF_HEAD
    + FF_BOOK.replace(
        '{ text = "Leap the pit", target = 3 }',
        '{ text = "Leap the pit", target = 3 }, { text = "Go back", target = 6 }',
    )
    + '\n[sections.6]\nchoices = [{ text = "Return to the pit", target = 1 }]\n'
)
ENGINE_WORDS = re.compile(r"[a-z]+_[a-z]+|\b(True|False|None)\b|choice:\d")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LimitedServer]:
    home = tmp_path_factory.mktemp("chances-home")
    with serving(LimitedServer, home, {"GROGNARD_SOLVE_SLOTS": "2"}) as server:
        yield server


def odds_at_section(browser: Browser, key: str) -> tuple[dict[str, Any], list[str]]:
    """Play past the potion to section 1's choices; the odds there once worked out, and the actions."""
    for _ in range(5):
        ply, actions = browser.position(key)
        if any(a.startswith("choice:") for a in actions):
            break
        browser.act(key, actions[0], ply)
    assert wait_for(lambda: not browser.odds(key, ply).get("pending"), 60)
    return browser.odds(key, ply), actions


def write(tmp_path: Path, text: str = BOOK) -> Path:
    path = tmp_path / "rat.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_chance_to_finish_is_beside_the_section_and_each_choice(
    served: LimitedServer, tmp_path: Path
) -> None:
    browser = Browser(served.url, "127.0.0.11")
    key = browser.upload(write(tmp_path))
    found, actions = odds_at_section(browser, key)
    assert found["win"].startswith("Chance to finish from here, with the best choices: ")
    assert set(found["actions"]) == set(actions)
    assert all(re.fullmatch(r"\d+\.\d%", text) for text in found["actions"].values())
    # the rat is weaker than any hero: fighting it is never worse than trusting to Luck
    assert float(found["actions"]["choice:1"][:-1]) >= float(found["actions"]["choice:2"][:-1])
    assert not ENGINE_WORDS.search(found["win"])
    assert list((served.home / "solved").rglob("*.solved"))


def test_a_second_reader_of_the_book_is_served_from_the_kept_file(
    served: LimitedServer, tmp_path: Path
) -> None:
    book = write(tmp_path)
    first = Browser(served.url, "127.0.0.12")
    odds_at_section(first, first.upload(book))
    kept = {p: p.stat().st_mtime_ns for p in (served.home / "solved").rglob("*.solved")}
    second = Browser(served.url, "127.0.0.13")
    found, _ = odds_at_section(second, second.upload(book))
    assert found["win"].startswith("Chance to finish from here")
    # read from the files kept (or a new one for another starting character), none rewritten
    assert all(p.stat().st_mtime_ns == t for p, t in kept.items())


def test_a_reader_who_plays_blind_is_not_shown_the_chance(served: LimitedServer, tmp_path: Path) -> None:
    browser = Browser(served.url, "127.0.0.14")
    key = browser.upload(write(tmp_path))
    browser.client.cookies.set("grognard_blind", "1")
    found, _ = odds_at_section(browser, key)
    assert not found.get("win") and not found.get("actions"), found
    browser.client.cookies.set("grognard_blind", "0")
    found, _ = odds_at_section(browser, key)
    assert found["win"].startswith("Chance to finish from here")


def test_a_book_too_large_says_so_in_words(
    served: LimitedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GROGNARD_BOOK_STATES", "20")
    browser = Browser(served.url, "127.0.0.15")
    key = browser.upload(write(tmp_path, BOOK.replace("The Pit and the Rat", "The Larger Pit")))
    found, _ = odds_at_section(browser, key)
    assert found["win"] == "This book is too large to work out the chance to finish from here."
    assert found["actions"] == {}
