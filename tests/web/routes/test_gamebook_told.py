"""A gamebook at the browser's table tells every section passed and every roll (issue 30, a new reader's
points): a section whose test is thrown without a click is shown in the log with its title and text, the
test told against its score (000_13d85f0bd5b613c5.txt:72-82), the choice leading there shows the test's
chance, each Attack Round says both Attack Strengths with SKILL (:28-33), and the Adventure Sheet beside a
fight shows the scores as they stand in it. Played on the shipped sample with a seed, through the table's
JSON twin and its page."""

from __future__ import annotations

import re
from typing import Any

from grognard.systems.fighting_fantasy.seat_view import lucky_chance
from tests.web.security.tables_client import JSON, Visitor, browser

REEDS = "Section 8 — The reeds: The trampled path soon splits into a dozen paths"
"""The sample's section 8 as the log tells it: a Luck test, thrown as soon as the reader arrives."""


def table(host: Visitor, seed: int, system: str = "fighting-fantasy") -> str:
    """The shipped sample at a table of this browser alone, with `seed`; its address."""
    form = {
        "system": system,
        "game": "gamebook",
        "seat:0": "here",
        "option:book": "sample",
        "seed": str(seed),
    }
    made = host.post("/games", form)
    assert made.status_code == 303, made.text[-500:]
    return str(made.headers["location"])


def view(host: Visitor, address: str) -> dict[str, Any]:
    """The table's view as this browser sees it."""
    seen: dict[str, Any] = host.view(address)["view"]
    return seen


def act(host: Visitor, address: str, action: str) -> dict[str, Any]:
    """Post `action` for JSON (it must be offered); the view after it and the dice that followed."""
    offered = [a["id"] for a in view(host, address)["actions"]]
    assert action in offered, (action, offered)
    moved = host.post(
        f"{address}/act", {"action": action, "ply": str(view(host, address)["ply"])}, headers=JSON
    )
    assert moved.status_code == 200, moved.text[-500:]
    return view(host, address)


def sheet(seen: dict[str, Any]) -> dict[str, str]:
    """The Adventure Sheet's rows in a view."""
    return {str(k): str(v) for k, v in seen["public"]["sheet"]}


def score(seen: dict[str, Any], name: str) -> int:
    """A score's current value on the sheet ("9 (Initial 10)" is 9)."""
    return int(sheet(seen)[name].split()[0])


def to_the_edge_of_the_fen(host: Visitor, seed: int) -> str:
    """A table at the sample's section 5 (the potion chosen, then the fen causeway); its address."""
    address = table(host, seed)
    act(host, address, "potion:skill")
    assert act(host, address, "choice:3")["public"]["section"] == "5"
    return address


def test_the_reeds_are_shown_their_luck_test_told_and_the_choice_gives_its_chance() -> None:
    host = browser()
    address = to_the_edge_of_the_fen(host, seed=3)
    at_five = view(host, address)
    luck = score(at_five, "LUCK")
    reeds = next(a for a in at_five["actions"] if a["id"] == "choice:2")
    assert reeds["label"] == (
        f"Take the short cut through the reeds (turn to 8; Test your Luck: {lucky_chance(luck):.0%} lucky)"
    )
    after = act(host, address, "choice:2")
    assert after["public"]["section"] in ("12", "13")
    chose, rolled = after["events"][-2:]
    assert chose["kind"] == "action" and chose["values"]["label"] == "Take the short cut through the reeds"
    assert chose["values"]["came"].startswith(REEDS)
    assert chose["values"]["came"].endswith("Test your Luck to find firm ground.")
    [dice] = rolled["dice"]
    faces = [d["value"] for d in dice["dice"]]
    lucky = "lucky" if sum(faces) <= luck else "unlucky"
    turn = "12" if lucky == "lucky" else "13"
    assert rolled["values"]["label"] == (
        f"Test your Luck: 2d6 ({faces[0]}+{faces[1]}) = {sum(faces)} against LUCK {luck}: {lucky}, "
        f"turn to {turn} (LUCK {luck} → {luck - 1})"
    )
    assert after["public"]["section"] == turn and score(after, "LUCK") == luck - 1
    page = host.client.get(address).text
    assert REEDS in page and f"against LUCK {luck}: {lucky}" in page
    replayed = host.json(f"{address}/replay.json")["view"]["events"]
    assert [e["values"].get("came") for e in replayed if e["ply"] == chose["ply"]] == [
        chose["values"]["came"]
    ]


def test_each_attack_round_says_both_attack_strengths_with_skill_and_the_sheet_keeps_up() -> None:
    host = browser()
    address = to_the_edge_of_the_fen(host, seed=5)
    act(host, address, "choice:1")  # the causeway: the troll bridge
    now = act(host, address, "choice:2")  # draw your sword: section 9, the BRIDGE TROLL
    skill, before = score(now, "SKILL"), (score(now, "STAMINA"), score(now, "LUCK"))
    rounds, moved_on = 0, 0
    while "fight" in now["public"] and now["actions"]:
        hero = now["public"]["fight"]["hero"]
        assert (score(now, "STAMINA"), score(now, "LUCK")) == (hero["stamina"], hero["luck"])  # not lagging
        if (hero["stamina"], hero["luck"]) != before and not moved_on:  # the page's sheet beside the fight
            page = host.client.get(address).text
            assert "data-sheet-in-fight" in page
            assert f"<th>STAMINA</th><td>{hero['stamina']} (Initial " in page
        moved_on += (hero["stamina"], hero["luck"]) != before
        offered = [a["id"] for a in now["actions"]]
        now = act(host, address, "fight" if "fight" in offered else "luck")
        for event in now["events"]:
            if event["kind"] != "roll" or len(event["dice"]) != 2:  # an Attack Round: the troll's, yours
                continue
            troll, yours = ([d["value"] for d in roll["dice"]] for roll in event["dice"])
            said = (
                f"Your Attack Strength: 2d6 ({yours[0]}+{yours[1]}) + SKILL {skill} = {sum(yours) + skill}; "
                f"BRIDGE TROLL's: 2d6 ({troll[0]}+{troll[1]}) + SKILL 8 = {sum(troll) + 8}"
            )
            assert said in event["values"]["label"], event["values"]["label"]
            rounds += 1
    assert rounds >= 2 and moved_on >= 1, (rounds, moved_on)
    page = host.client.get(address).text
    assert re.search(r"Your Attack Strength: 2d6 \(\d\+\d\) \+ SKILL \d+ = \d+; BRIDGE TROLL", page)


def test_grey_stars_shell_game_is_shown_and_its_random_number_told_with_prophecy() -> None:
    host = browser()
    address = table(host, seed=1, system="grey-star")
    for power in ("Psychomancy", "Prophecy", "Enchantment", "Evocation", "Sorcery"):
        act(host, address, f"power:{power}")
    act(host, address, "gift:Magic Talisman")
    for choice in ("choice:1", "choice:2"):  # the town, the Lamplighter's Inn (section 4)
        act(host, address, choice)
    at_inn = view(host, address)
    assert at_inn["public"]["section"] == "4"
    shells = next(a for a in at_inn["actions"] if a["id"] == "choice:2")
    assert shells["label"] == "Try the fisherman's shell game (turn to 10; Random number: 0-4 30%, 5-9 70%)"
    after = act(host, address, "choice:2")
    rolled = after["events"][-1]
    number = rolled["dice"][0]["dice"][0]["value"]
    won = "5-9" if number + 2 >= 5 else "0-4"
    assert rolled["values"]["label"] == f"Random number: {number} + 2 (Prophecy) = {number + 2}, on {won}"
    came = after["events"][-2]["values"]["came"]
    assert came.startswith("Section 10 — The Shell Game: The fisherman's scarred hands")
