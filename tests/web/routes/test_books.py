"""The books router: a system's gamebook page (404 for a system of no books), an uploaded book that
checks started as a table (its import warnings said once first, the table named by the book's title), a
broken one answered with its problems and a 400."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.security.tables_client import browser

DATA = Path(__file__).parents[1] / "data"

CAVE = b""":: StoryTitle
The Cave

:: StoryData
{"ifid": "0D9B5F3A-1C2E-4E5B-9F0A-1B2C3D4E5F61", "format": "Harlowe", "start": "Mouth"}

:: Mouth
(set: $key to true)You stand at the mouth of a cave.
[[Go in->Dark]]

:: Dark
It is dark. THE END
"""


def started(text: str) -> str:
    """The table the page of a book read with warnings links to."""
    found = re.search(r'data-start href="(/games/[^"]+)"', text)
    assert found is not None, text[-500:]
    return found.group(1)


def test_a_gamebook_systems_page_and_a_system_of_no_books() -> None:
    visitor = browser()
    assert visitor.client.get("/books/fighting-fantasy").status_code == 200
    assert visitor.client.get("/books/talisman").status_code == 404
    assert visitor.client.get("/books/no-such-system").status_code == 404


def test_an_uploaded_book_is_started_and_a_broken_one_is_refused() -> None:
    reader = browser()
    story = (DATA / "script-book.twee").read_bytes()
    files = {"file": ("story.twee", story, "text/plain")}
    assert (
        reader.client.post("/books/fighting-fantasy", files=files, follow_redirects=False).status_code == 403
    )
    made = reader.post("/books/fighting-fantasy", files=files)
    assert made.status_code == 200 and "data-ready" in made.text  # its import warnings, then the table
    table = started(made.text)
    view = reader.view(table)
    assert view["seat"] == 0 and view["seats"] == ["human"]
    broken = {"file": ("broken.toml", (DATA / "broken-book.toml").read_bytes(), "text/plain")}
    refused = reader.post("/books/fighting-fantasy", files=broken)
    assert refused.status_code == 400 and "data-problem" in refused.text
    other = reader.post("/books/fighting-fantasy", files={"file": ("notes.txt", b"hello", "text/plain")})
    assert other.status_code == 400 and other.text.count("data-error") == 1


def test_a_twine_story_says_its_warnings_once_and_plays_under_its_title() -> None:
    reader = browser()
    made = reader.post("/books/fighting-fantasy", files={"file": ("cave.twee", CAVE, "text/plain")})
    assert made.status_code == 200, made.text[-500:]
    said = "Harlowe (set:): story-format code not played, taken out of the text"
    assert made.text.count(said) == 1 and made.text.count("data-warning") == 2  # the ending too
    assert "“The Cave” is ready to play" in made.text
    table = started(made.text)
    page = reader.client.get(table)
    assert page.status_code == 200
    assert "<h1 data-content>The Cave</h1>" in page.text and "Fighting Fantasy: gamebook" not in page.text
    assert said not in page.text  # said once, before the story starts
    view = reader.view(table)
    assert view["title"] == "The Cave"
    public = view["view"]["public"]
    assert public["phase"] == "choose" and public["sheet"] == []  # no character made, no scores
    assert public["text"] == "You stand at the mouth of a cave."  # no (set: $key to true)
    assert [a["label"] for a in view["view"]["actions"]] == ["Go in"]  # not "Go in (turn to Dark)"


def test_a_book_read_with_no_warning_starts_at_once() -> None:
    reader = browser()
    book = b'[book]\ntitle = "Plain"\nsystem = "fighting-fantasy"\nstart = "1"\n\n[sections.1]\n'
    book += b'ending = "ended"\n'
    made = reader.post("/books/fighting-fantasy", files={"file": ("plain.toml", book, "text/plain")})
    assert made.status_code == 303, made.text[-500:]
