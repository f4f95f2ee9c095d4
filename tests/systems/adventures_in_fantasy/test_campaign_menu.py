"""A kept campaign from the main menu (on the common play loop): started, a character added, referee
actions made, and continued later, all saved in the store like `grognard aif campaign`
(002_8449cbd1010a37a5.txt:1817-1860 for the campaign's rules, tested in test_campaign.py; here the
menu's way in)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.helpers import grognard
from tests.gamebook.helpers import menu_choice, saved_games


def test_a_campaign_is_started_played_and_continued_from_the_menu(tmp_path: Path) -> None:
    number = menu_choice(tmp_path, "Adventures in Fantasy: Start a kept campaign")
    # seed 5 rolls a Guildsman/Fighter with 26 months of schooling: soldier, Physical Training I;
    # then four weeks by the "Let weeks pass" form, one by the listed action, a typed-out action refused
    script = f"{number}\n7\nAlric\n5\n\n2\n2\ndone\n8\n4\n\n1\n23\nbogus\n\nq\n"
    ran = grognard(stdin=script, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Starting education: 26 of 26 months left." in ran.out
    assert "Starting education: 20 of 26 months left." in ran.out
    assert "How many weeks [1-520]: 4" in ran.out
    assert "Not done: no referee action 'bogus'" in ran.out
    assert "  1. Let 1 week pass (each week's rolls are made)" in ran.out  # the view's labels
    games = saved_games(tmp_path)
    assert len(games) == 1 and games[0]["system"] == "adventures-in-fantasy"
    gid = str(games[0]["id"])
    shown = json.loads(grognard("aif", "campaign", "show", gid, "--json", home=tmp_path).out)
    assert [m["name"] for m in shown["members"]] == ["Alric"]
    alric = shown["members"][0]["character"]
    assert alric["soldier"] and [c["name"] for c in alric["courses"]] == ["Physical Training I"]
    assert shown["date"]["date"] == "1-2-8"  # four weeks, then one picked by number: the next month's 8th
    before = int(str(games[0]["moves"]))
    cont = re.search(r"(\d+)\. Continue a saved game", ran.out)
    assert cont
    again = grognard(stdin=f"{cont.group(1)}\n1\n23\nwound:0:2\n\ns\nq\nq\n", home=tmp_path)
    assert again.code == 0, again.err
    assert "Alric" in again.out and "cannot be continued" not in again.out
    assert "Physical Training I (6 mo)" in again.out  # the sheet shows the schooling
    after = saved_games(tmp_path)[0]
    assert int(str(after["moves"])) > before
    wounded = json.loads(grognard("aif", "campaign", "show", gid, "--json", home=tmp_path).out)
    assert wounded["members"][0]["wounds"] == 2
