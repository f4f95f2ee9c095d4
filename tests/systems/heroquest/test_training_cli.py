"""`grognard heroquest hero cross-train`, as a user runs it (004_24cd6f974fe6a1ee.txt:605)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grognard.engine.dice.core import Rng, heroquest_combat_dice
from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.roster import Roster
from tests.cli.helpers import grognard


def _made(home: Path, *args: str) -> None:
    ran = grognard("hq", "hero", "new", *args, "--json", home=home)
    assert ran.code == 0, ran.err


def _party(home: Path) -> None:
    _made(home, "--name", "Mira", "--race", "elf", "--class", "wizard", "--extra", "magic,mind",
          "--elements", "earth,fire,air")  # fmt: skip
    _made(home, "--name", "Tom", "--race", "human", "--class", "rogue-mage", "--extra", "mind,body",
          "--elements", "water")  # fmt: skip


def _train(home: Path, *args: str) -> Any:
    ran = grognard("hq", "hero", "cross-train", *args, home=home)
    assert ran.code == 0, ran.err
    return ran


def test_cross_training_rolls_starting_mind_and_keeps_the_spell_on_more_skulls(tmp_path: Path) -> None:
    """Line 605: both roll combat dice equal to their starting Mind; more skulls for the learner and the
    spell is his for good (saved on the roster); a tie or fewer and it is not."""
    _party(tmp_path)
    heroes = Roster(open_store(tmp_path))
    tom, mira = heroes.load("tom"), heroes.load("mira")
    seen = set()
    for seed in range(40):
        rng = Rng(seed)
        mine = heroquest_combat_dice(rng, tom.maximum("mind")).total
        theirs = heroquest_combat_dice(rng, mira.maximum("mind")).total
        if (mine > theirs) in seen:
            continue
        ran = _train(tmp_path, "tom", "--from", "mira", "--spell", "earth/rock skin", "--seed", str(seed),
                     "--json")  # fmt: skip
        got = json.loads(ran.out)
        assert (got["learner_skulls"], got["teacher_skulls"]) == (mine, theirs)
        assert got["learned"] is (mine > theirs)
        assert ("earth/Rock Skin" in heroes.load("tom").spells) is (mine > theirs)
        seen.add(mine > theirs)
        if len(seen) == 2:
            break
    assert seen == {True, False}


def test_the_rolls_are_shown(tmp_path: Path) -> None:
    _party(tmp_path)
    ran = _train(tmp_path, "tom", "--from", "mira", "--spell", "earth/rock skin", "--seed", "1")
    assert "4 combat dice" in ran.out and "5 combat dice" in ran.out and "chance" in ran.out


def test_an_npc_teacher_and_the_refusals(tmp_path: Path) -> None:
    """Line 525: an elf spell is taught to a non-elf only by an elf; the teacher must know the spell; a
    non-magic-user learns none (line 491)."""
    _party(tmp_path)
    _made(tmp_path, "--name", "Conan", "--race", "human", "--class", "barbarian", "--extra", "body,body",
          "--weapon", "broadsword")  # fmt: skip
    refused = [
        ("tom", "--from", "mira", "--spell", "air/tempest"),  # a level-1 Mira has not learned it
        ("tom", "--npc-mind", "3", "--spell", "elf/twist wood"),
        ("conan", "--npc-mind", "3", "--spell", "earth/rock skin"),
        ("tom", "--spell", "earth/rock skin"),
    ]
    reasons = ["does not know", "only an elf may teach", "not a magic-user", "give the teacher"]
    for args, reason in zip(refused, reasons, strict=True):
        ran = grognard("hq", "hero", "cross-train", *args, home=tmp_path)
        assert ran.code != 0 and reason in ran.out + ran.err, (args, ran.out, ran.err)
    ok = _train(tmp_path, "tom", "--npc-mind", "1", "--npc-elf", "--spell", "elf/twist wood", "--seed", "2",
                "--json")  # fmt: skip
    assert json.loads(ok.out)["teacher"] is None
