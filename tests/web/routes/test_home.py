"""The home router: the home page, the favicon, the calculators (a calculation posted with and without
the form token, an unknown calculator, a bad value)."""

from __future__ import annotations

from tests.web.security.tables_client import browser


def test_the_home_page_lists_the_new_game_and_the_tools() -> None:
    visitor = browser()
    got = visitor.client.get("/")
    assert got.status_code == 200
    assert 'href="/games/new' in got.text and 'href="/tools/roll"' in got.text
    icon = visitor.client.get("/favicon.ico", follow_redirects=False)
    assert icon.status_code == 308 and icon.headers["location"] == "/static/favicon.svg"


def test_the_tools_and_an_unknown_one() -> None:
    visitor = browser()
    assert visitor.client.get("/tools").status_code == 200
    assert visitor.client.get("/tools/roll").status_code == 200
    missing = visitor.client.get("/tools/no-such-tool")
    assert missing.status_code == 404 and "there is no tool" in missing.text


def test_a_calculation_needs_the_form_token_and_answers_a_fragment_to_htmx() -> None:
    visitor = browser()
    form = {"expression": "3d6", "seed": "42"}
    refused = visitor.client.post("/tools/roll", data=form)
    assert refused.status_code == 403
    whole = visitor.post("/tools/roll", form)
    assert whole.status_code == 200 and "<html" in whole.text and "data-result" in whole.text
    part = visitor.post("/tools/roll", form, headers={"HX-Request": "true"})
    assert part.status_code == 200 and "<html" not in part.text and "data-result" in part.text
    assert visitor.post("/tools/no-such-tool", form).status_code == 404


def test_a_bad_value_is_a_400_with_one_message() -> None:
    visitor = browser()
    got = visitor.post("/tools/talisman-combat", {"strength": "lots"})
    assert got.status_code == 400 and got.text.count("data-error") == 1


def test_no_page_names_a_rulebook_by_its_file() -> None:
    """The rulebooks are cited in the code by file name; a player reads the book's title instead (issue
    30: no seed file names on a page)."""
    import re

    from grognard.engine import registry

    visitor = browser()
    pages = ["/", "/rules", "/games/new", "/tools"]
    pages += [f"/games/new/{f.id}" for f in registry.facts()]
    for path in pages:
        got = visitor.client.get(path)
        assert got.status_code == 200, path
        assert not re.search(r"\d{3}_[0-9a-f]{16}", got.text), path
    assert "Talisman, 2nd edition" in visitor.client.get("/").text


def test_the_home_page_links_each_systems_own_pages() -> None:
    """The referee's desk, the quest and book uploads are reached from the home page (issue 30: the desk
    was linked from nowhere)."""
    got = browser().client.get("/").text
    for where in ("/aif", "/quests", "/books/fighting-fantasy", "/books/grey-star"):
        assert f'href="{where}" data-system-page' in got, where
