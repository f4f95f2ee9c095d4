"""The books router: a system's gamebook page (404 for a system of no books), an uploaded book that
checks started as a table, a broken one answered with its problems and a 400."""

from __future__ import annotations

from pathlib import Path

from tests.web.security.tables_client import browser

DATA = Path(__file__).parents[1] / "data"


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
    assert made.status_code == 303
    table = str(made.headers["location"])
    view = reader.view(table)
    assert view["seat"] == 0 and view["seats"] == ["human"]
    broken = {"file": ("broken.toml", (DATA / "broken-book.toml").read_bytes(), "text/plain")}
    refused = reader.post("/books/fighting-fantasy", files=broken)
    assert refused.status_code == 400 and "data-problem" in refused.text
    other = reader.post("/books/fighting-fantasy", files={"file": ("notes.txt", b"hello", "text/plain")})
    assert other.status_code == 400 and other.text.count("data-error") == 1
