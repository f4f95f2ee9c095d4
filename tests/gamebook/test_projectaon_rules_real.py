"""The rules read from the real Grey Star books of Project Aon (issue 32), when a folder of them is given.

Set `GROGNARD_PROJECTAON_XML` to a folder holding `01gstw.xml` ... `04wotw.xml` (Project Aon's `en/xml/`,
with the `*.mod` and `*.inc` files) to run these; without it they skip, saying so. Each book imports with
its text read and grognard's shipped overlay, passes `check`, evades every fight the text lets it evade,
and enforces at least 95% of its conditional choices; `gs import --report` lists the unread
sentences with their sections."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grognard.cli.systems.grey_star import shipped_overlays
from grognard.gamebook.check import check_book
from grognard.gamebook.projectaon import import_projectaon
from grognard.systems.grey_star.ruleset import GS_RULES
from tests.cli.helpers import grognard

FOLDER = os.environ.get("GROGNARD_PROJECTAON_XML", "")
SHARE = {"01gstw": 0.95, "02tfc": 0.95, "03btng": 0.95, "04wotw": 0.95}
"""The share of conditional choices each book enforces at least (issue 32's goal)."""

pytestmark = pytest.mark.skipif(
    not FOLDER, reason="GROGNARD_PROJECTAON_XML (a folder of Project Aon's XML books) is not set"
)


@pytest.mark.parametrize("name", list(SHARE))
def test_a_real_book_is_read_by_its_rules(name: str) -> None:
    report = import_projectaon(Path(FOLDER) / f"{name}.xml", read_prose=True, shipped=shipped_overlays())
    reading = report.reading
    assert reading is not None
    assert check_book(report.book, GS_RULES) == []
    t = reading.tally
    assert t.with_overlays >= SHARE[name] * t.conditional
    assert t.evadable > 0 and t.evade_set == t.evadable
    assert all(u.section in report.book.sections and u.sentence for u in reading.unread)
    plain = import_projectaon(Path(FOLDER) / f"{name}.xml").book
    conditioned = sum(1 for s in report.book.sections.values() for c in s.choices if c.condition is not None)
    assert conditioned > sum(1 for s in plain.sections.values() for c in s.choices if c.condition is not None)


def test_the_report_lists_what_it_read_and_did_not(tmp_path: Path) -> None:
    out = tmp_path / "b.toml"
    ran = grognard(
        "gs", "import", str(Path(FOLDER) / "01gstw.xml"), "-o", str(out), "--report", home=tmp_path
    )
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert any(
        line.startswith("read: section 133: evade: fight.escape = 27, evade_after = 2") for line in lines
    )
    assert any(line.startswith("unread: section ") for line in lines)
    assert grognard("gs", "check", str(out), home=tmp_path).code == 0
