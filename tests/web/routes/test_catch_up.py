"""Coming back to a table (issue 35): `/games/<id>/missed?since=<move>` tells a player what happened since
the move their page last showed, as their seat may see it: the other player's moves and the dice, nothing
when nothing was missed, the latest ones only when many were, and a clear refusal of a bad move number.
The browser side (the page remembering the move, the box above the table) is tested in
`tests/browser/test_reconnect.py`."""

from __future__ import annotations

from tests.web.routes.test_people import two_at_talisman
from tests.web.security.tables_client import JSON, Visitor

HTMX = {"HX-Request": "true"}


def play_until_turn_of(mover: Visitor, other: Visitor, table: str) -> int:
    """`mover` makes their first offered choice until it is `other`'s turn; the move number then."""
    for _ in range(50):
        seen = other.view(table)
        if seen["acting"] or seen["over"]:
            return int(seen["view"]["ply"])
        view = mover.view(table)
        assert view["acting"], view["view"]["to_act"]
        action = view["view"]["actions"][0]["id"]
        form = {"action": action, "ply": str(view["view"]["ply"]), "confirmed": "yes"}
        made = mover.post(f"{table}/act", form, headers=JSON)
        assert made.status_code == 200, made.text[-300:]
    raise AssertionError("the other player never got the turn")


def test_the_moves_made_since_a_page_last_showed_the_table_are_told() -> None:
    alice, bob, table = two_at_talisman()
    if not alice.view(table)["acting"]:
        play_until_turn_of(bob, alice, table)
    left_at = play_until_turn_of(alice, bob, table)
    now = play_until_turn_of(bob, alice, table)
    assert now > left_at
    missed = alice.json(f"{table}/missed.json?since={left_at}")
    assert missed["since"] == left_at and missed["now"] == now and missed["moves"] == now - left_at
    plies = [e["ply"] for e in missed["events"]]
    assert plies and min(plies) >= left_at and max(plies) < now
    assert any(e["who"] == 1 for e in missed["events"])  # Bob's moves
    page = alice.client.get(f"{table}/missed?since={left_at}", headers=HTMX)
    assert page.status_code == 200
    assert "Since you were last here" in page.text and "data-event" in page.text
    assert "Bob" in page.text or "Warrior" in page.text or "Wizard" in page.text


def test_nothing_missed_gives_nothing_and_a_bad_move_number_is_refused() -> None:
    alice, _bob, table = two_at_talisman()
    now = alice.view(table)["view"]["ply"]
    assert alice.json(f"{table}/missed.json?since={now}")["events"] == []
    assert alice.json(f"{table}/missed.json?since={10**30}")["moves"] == 0
    assert alice.client.get(f"{table}/missed?since={now}", headers=HTMX).text.strip() == ""
    for bad in ("-1", "x", "1e9"):
        got = alice.client.get(f"{table}/missed.json?since={bad}")
        assert 400 <= got.status_code < 500, (bad, got.status_code)


def test_a_spectator_is_told_the_moves_as_anyone_watching_sees_them() -> None:
    alice, bob, table = two_at_talisman()
    if not alice.view(table)["acting"]:
        play_until_turn_of(bob, alice, table)
    play_until_turn_of(alice, bob, table)
    watcher = alice.client.get(f"{table}/missed.json?since=0&spectate=1")
    assert watcher.status_code == 200
    events = watcher.json()["events"]
    assert events and all(e["ply"] < watcher.json()["now"] for e in events)
