"""The luck page (`/games/<id>/luck` and `/games/<id>/luck.json`): a finished gamebook table's rolls placed
in their exact distributions by the solved book, its chance to finish over the game drawn as a line, the
choice that cost, the page free of engine words; a Talisman table's combats; a bad move refused."""

from __future__ import annotations

import re
from typing import Any

from tests.web.routes.test_people import two_at_talisman
from tests.web.security.tables_client import JSON, Visitor, browser
from tests.web.test_engine_words import Hit, hits, read

PIT = b"""[book]
title = "The Pit and the Rat"
system = "fighting-fantasy"
start = "1"

[sections.1]
choices = [{ text = "Fight the rat", target = 2 }, { text = "Leap the pit", target = 3 }]

[sections.2]
fight = { creatures = [{ name = "RAT", SKILL = 5, STAMINA = 4 }], win = "4" }

[sections.3]
test = { kind = "luck", modifier = 2, branches = { lucky = { target = "4" }, unlucky = { target = "5" } } }

[sections.4]
ending = "victory"

[sections.5]
ending = "death"
"""


def engine_words(page: str, html: str) -> list[Hit]:
    """The machine words a player would read on a page (`tests.web.test_engine_words`)."""
    text, json_views = read(html)
    return hits(page, text, json_views)


def play_pit(reader: Visitor, choice: str) -> str:
    """Upload the book, play it to its end taking action `choice` where it is offered (else the first)."""
    made = reader.post("/books/fighting-fantasy", files={"file": ("pit.toml", PIT, "text/plain")})
    assert made.status_code == 303, made.text[-500:]
    table = str(made.headers["location"])
    for _ in range(200):
        seen = reader.view(table)
        if seen["over"]:
            return table
        actions = seen["view"]["actions"]
        ids = [a["id"] for a in actions]
        action = choice if choice in ids else ids[0]
        form = {"action": action, "ply": str(seen["view"]["ply"]), "confirmed": "yes"}
        done = reader.post(f"{table}/act", form, headers=JSON)
        assert done.status_code == 200, done.text[-300:]
    raise AssertionError("the book never ended")


def test_a_finished_book_shows_its_luck_its_line_and_the_choice_that_cost() -> None:
    reader = browser()
    table = play_pit(reader, "choice:2")
    data: dict[str, Any] = reader.json(f"{table}/luck.json")
    assert data["shares"] is True and data["upto"] == data["moves"]
    tests = [r for r in data["rolls"] if "Luck" in r["what"]]
    assert len(tests) == 1  # the Luck test: worth 1 (lucky) or 0
    roll = tests[0]
    assert roll["worth"] in (0.0, 1.0) and 0 < roll["expected"] < 1
    # lucky (worth 1): every other throw worse, half as good; unlucky: half of the unlucky throws
    expected = 100 - 50 * roll["expected"] if roll["worth"] == 1 else 50 * (1 - roll["expected"])
    assert abs(roll["percentile"] - expected) < 0.01
    leap = [b for b in data["better"] if b["chosen"].startswith("Leap the pit")]  # (the potion may cost too)
    assert len(leap) == 1 and leap[0]["best"].startswith("Fight the rat")
    assert abs(leap[0]["cost"] - (leap[0]["best_worth"] - leap[0]["chosen_worth"])) < 1e-5
    assert abs(leap[0]["chosen_worth"] - roll["expected"]) < 1e-5  # leaping is worth the test's chance
    line = [p["worth"] for p in data["line"]]
    assert line[-1] == roll["worth"]  # the end: won or lost
    page = reader.client.get(f"{table}/luck")
    assert page.status_code == 200
    assert "data-luck-line" in page.text and "<polyline" in page.text and "data-cost" in page.text
    assert "Leap the pit" in page.text and "Fight the rat" in page.text
    assert engine_words(f"{table}/luck", page.text) == []
    replay = reader.client.get(f"{table}/replay")
    assert f'href="{table}/luck?at=' in replay.text


def test_the_luck_up_to_a_move_and_a_move_outside_the_game() -> None:
    reader = browser()
    table = play_pit(reader, "choice:2")
    whole = reader.json(f"{table}/luck.json")
    early = reader.json(f"{table}/luck.json?at=1")
    assert early["upto"] == 1 and early["rolls"] == [] and early["better"] == []
    assert len(whole["line"]) > len(early["line"])
    for bad in (f"?at={whole['moves'] + 1}", "?at=-1", "?seat=3"):
        assert reader.client.get(f"{table}/luck.json{bad}").status_code == 400


def test_a_talisman_table_judges_its_combats() -> None:
    alice, bob, table = two_at_talisman()
    for _ in range(60):  # play until a combat has been fought, or give up quietly
        view = alice.view(table)
        if view["over"]:
            break
        mover = alice if view["acting"] else bob
        seen = mover.view(table)
        if not seen["acting"]:
            break
        action = seen["view"]["actions"][0]["id"]
        form = {"action": action, "ply": str(seen["view"]["ply"]), "confirmed": "yes"}
        assert mover.post(f"{table}/act", form, headers=JSON).status_code == 200
    data = alice.json(f"{table}/luck.json")
    assert data["unit"] == "combats won" and data["shares"] is False and data["line"] == []
    for roll in data["rolls"]:
        assert roll["worth"] in (0.0, 0.5, 1.0) and 0 <= roll["percentile"] <= 100
    page = alice.client.get(f"{table}/luck")
    assert page.status_code == 200 and engine_words(f"{table}/luck", page.text) == []
    assert re.search(r"data-luck-(summary|note)", page.text)
