"""The Adventures in Fantasy campaign on the common play loop (`cli.play_loop.ViewLoop` with
`cli.board_aif.AifPresenter`), driven with scripted answers as a referee would type them: from the
main menu (a campaign started, a character added, weeks let pass by a number, the sheet, undo, a
character's action by its group and form, quit) and from `games play` (a melee with the table's dice,
its odds, the round refused and made again, a table procedure kept as a note)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.helpers import grognard
from tests.gamebook.helpers import menu_choice


def _campaign(home: Path, cid: str) -> dict[str, object]:
    shown = grognard("aif", "campaign", "show", cid, "--json", home=home)
    assert shown.code == 0, shown.err
    data: dict[str, object] = json.loads(shown.out)
    return data


def test_the_menu_campaign_is_played_through_the_common_loop(tmp_path: Path) -> None:
    number = menu_choice(tmp_path, "Adventures in Fantasy: Start a kept campaign")
    script = "\n".join(
        [
            number,
            "7",  # Add a character: the character creation questions
            "Alric",
            "5",  # seed 5: a Guildsman/Fighter with 26 months of schooling
            "",
            "2",  # Fighter
            "2",  # Physical Training I
            "done",
            "8",  # Let weeks pass
            "9999",  # out of 1-520: refused, and the decision asked again
            "8",
            "3",
            "",  # the dice: rolled here
            "s",
            "u",
            "15",  # Experience and standing
            "1",  # Experience gained
            "1",  # Alric
            "1/2",
            "m",
            "?",
            "q",
            "q",
        ]
    )
    ran = grognard(stdin=script + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    out = ran.out
    cid = re.search(r"Campaign (\d+) begins", out)
    assert cid
    assert "  7. Add a character (rolled, then soldier or civilian and the courses asked)" in out
    assert "Campaign [1-23] (s/m/o/u/?/q): " in out  # the common loop's keys
    assert "Starting education: 20 of 26 months left." in out  # the course question was asked
    assert "> Add the character Alric to the campaign" in out
    assert "Alric: Joins: Fighter, status 4, age 29" in out
    assert "Not done: answer '9999' is not a whole number from 1 to 520" in out
    assert "How many weeks [1-520]: 3" in out
    assert "> Let 3 weeks pass (each week's rolls are made)" in out
    assert "The party:" in out and "#0 Alric (well)" in out  # `s`: the party, then the full sheet
    assert re.search(r"Courses +Physical Training I \(6 mo\)", out)
    assert "Undone: back to your previous decision (1 move taken back)." in out
    assert "  1. Experience gained (exp:I:X)" in out
    assert "Which character [1 Alric]: 1" in out
    assert "> Alric gains 1/2 level of experience" in out
    assert "Today: Chaoda, Week of Fire, 1 Basilisk, year 1 (Year of the Rat) (1-1-1)" in out  # `m`
    assert "u undo the last referee action" in out  # `?`
    assert f"Saved as game {cid.group(1)}. Continue with: grognard games play {cid.group(1)}" in out
    shown = _campaign(tmp_path, cid.group(1))
    members = shown["members"]
    assert isinstance(members, list) and [m["name"] for m in members] == ["Alric"]
    assert members[0]["experience"] == "1/2"
    date = shown["date"]
    assert isinstance(date, dict) and date["date"] == "1-1-1"  # the three weeks were undone


def test_a_melee_takes_the_table_dice_and_shows_its_odds(tmp_path: Path) -> None:
    made = grognard("aif", "campaign", "new", "--seed", "1", "--json", home=tmp_path)
    cid = json.loads(made.out)["id"]
    added = grognard(
        "aif",
        "campaign",
        "add-character",
        cid,
        "--seed",
        "5",
        "--soldier",
        "--name",
        "Alric",
        "--json",
        home=tmp_path,
    )
    assert added.code == 0, added.err
    fight_group = "A fight: shoot, fight a creature, join a fight"
    first = grognard("games", "play", cid, stdin="q\n", home=tmp_path)
    listed = re.search(rf"(\d+)\. {fight_group}", first.out)
    assert listed, first.out
    script = "\n".join(
        [
            listed.group(1),
            "3",  # Fight a creature (after Something met and Shoot)
            "1",  # Alric
            "Wolf",
            "10%,70%,4,80%",  # his blow hits (10), location 70, 4 on its die; the wolf's 80 misses
            "1",  # The melee goes on another turn
            "99%,99%,5",  # one value too many: refused, nothing saved
            "1",
            "99%,99%",
            "o",
            "6",  # A table procedure
            "1",  # A day's encounter
            "",  # in the forest
            "50%",  # nothing met on 16-100
            "q",
        ]
    )
    ran = grognard("games", "play", cid, stdin=script + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    out = ran.out
    assert "> Alric fights the Wolf" in out
    assert "The table's dice used: 10% (d100), 70% (d100), 4 (d12), 80% (d100)." in out
    assert out.count("Odds: Alric against the Wolf: ") == 2  # shown as the melee begins, then by `o`
    assert "  1. The melee goes on another turn" in out
    assert "Not done: rolls 5 were not used: nothing was saved" in out
    assert "> The melee goes on another turn" in out and "miss" in out
    assert "> The referee's note: A day's encounter: nothing met [d100: " in out
    shown = _campaign(tmp_path, cid)
    fighting = shown["fighting"]
    assert isinstance(fighting, list) and len(fighting) == 1 and fighting[0]["foe"] == "Wolf"
