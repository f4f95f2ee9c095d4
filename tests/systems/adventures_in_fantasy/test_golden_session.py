"""A referee's session, whole, as a golden transcript (docs/systems/adventures-in-fantasy.md, "A session
from start to finish", walks through it).

Two characters are made with their schooling asked (a soldier with Physical Training I; a second with
the courses he chooses), the party sets out on a week in the forest with the dice the referee threw
(`--rolls`: four quiet days, then on the fifth 10, 90, 90 and 6 on Tables H, H, I and N: goblins; with
no rations bought, each day on the road both go without food and water and fall ill a week more,
002_8449cbd1010a37a5.txt:534-535 and ruling "Campaign: supplies and rations"),
Omar fights a goblin turn by turn to its death, the party takes its treasure and spends it at the price
list, the referee awards experience and Omar rises to level 1, and the week ends. Every command's
output is compared with the kept transcript; the campaign then replays from its saved moves to the
same state. Set GROGNARD_REGOLD=1 to write the transcript anew (then read the diff).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grognard.cli.console import out
from grognard.cli.main import app
from grognard.engine.store.factory import open_store
from grognard.systems.adventures_in_fantasy.campaign import CampaignState

GOLDEN = Path(__file__).parent / "golden" / "campaign_session.txt"

Command = tuple[tuple[str, ...], str]

SETUP: list[Command] = [
    (("aif", "campaign", "new", "--seed", "16", "--title", "Bleakwood"), ""),
    # seed 5: a Guildsman/Fighter with 26 months: soldier (2), Physical Training I (2), done
    (("aif", "campaign", "add-character", "1", "--seed", "5", "--name", "Omar"), "2\n2\ndone\n"),
    # seed 7: 52 months of schooling: Use of sword, then Physical Training I, done
    (("aif", "campaign", "add-character", "1", "--seed", "7", "--name", "Alric"), "5\n2\ndone\n"),
    (("aif", "campaign", "party", "1"), ""),
    (("aif", "campaign", "act", "1", "place:forest:Bleakwood"), ""),
    (("aif", "campaign", "act", "1", "travel:7", "--rolls", "50%,60%,70%,80%,10%,90%,90%,6%"), ""),
    (("aif", "campaign", "act", "1", "fight:0:"), ""),
]

AFTER: list[Command] = [
    (("aif", "campaign", "act", "1", "take:0:40:30"), ""),
    (("aif", "campaign", "act", "1", "find:1:Silver cup:2"), ""),
    (("aif", "campaign", "act", "1", "buy:0:chainmail", "--rolls", "20%"), ""),
    (("aif", "campaign", "act", "1", "spend:0:2:10"), ""),
    (("aif", "campaign", "act", "1", "note:the goblins' lair lies under the old oak"), ""),
    (("aif", "campaign", "act", "1", "exp:0:1"), ""),
    (("aif", "campaign", "act", "1", "travel:2", "--rolls", "50%,50%"), ""),
    (("aif", "campaign", "sheet", "1", "0"), ""),
    (("aif", "campaign", "log", "1", "--last", "6"), ""),
]

MAX_ROUNDS = 40


def _run(home: Path, args: tuple[str, ...], stdin: str) -> str:
    env = {"GROGNARD_HOME": str(home), "COLUMNS": "110", "NO_COLOR": "1", "TERM": "dumb"}
    ran = CliRunner().invoke(app, list(args), input=stdin, env=env)
    assert ran.exit_code == 0, (args, ran.output, ran.exception)
    shown = "".join(f"< {line}\n" for line in stdin.splitlines())
    return f"$ grognard {' '.join(args)}\n{shown}{ran.output}"


def _session(home: Path) -> str:
    parts = [_run(home, args, stdin) for args, stdin in SETUP]
    for _ in range(MAX_ROUNDS):
        if "Melee ends" in parts[-1]:
            break
        parts.append(_run(home, ("aif", "campaign", "act", "1", "round"), ""))
    parts += [_run(home, args, stdin) for args, stdin in AFTER]
    return "\n".join(parts)


def test_a_whole_session_matches_its_transcript_and_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(out, "width", 110)  # the console's width was read at import: fix it for the tables
    monkeypatch.setattr(out, "soft_wrap", True)
    transcript = _session(tmp_path)
    if os.environ.get("GROGNARD_REGOLD"):
        GOLDEN.write_text(transcript, encoding="utf-8")
    assert transcript == GOLDEN.read_text(encoding="utf-8")
    assert "Starting education: 26 of 26 months left." in transcript
    assert "Goblin met; the party stops" in transcript
    assert re.search(r"the Goblin falls", transcript) and "the Goblin killed" in transcript
    assert "Bought: Chainmail" in transcript and "level 1" in transcript
    os.environ["GROGNARD_HOME"] = str(tmp_path)
    try:
        with open_store() as store:
            session = store.load("1")
    finally:
        del os.environ["GROGNARD_HOME"]
    state = session.current
    assert isinstance(state, CampaignState)
    assert session.replay() == state
    omar, alric = state.members
    assert omar.character.experience_level >= 1 and omar.alive
    assert alric.character.courses and omar.character.courses
    assert [i.name for i in omar.character.equipment][-1] == "Chainmail"
    assert state.date.iso() == "1-1-8" and state.days == 0  # a week of 7 days
