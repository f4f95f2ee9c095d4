"""Import of HeroScribe quest files onto our standard board: what is placed, and what is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest import catalog
from grognard.systems.heroquest.heroscribe import OBJECTS, import_heroscribe

DATA = Path(__file__).parent / "data"


def _imported() -> tuple[object, list[str]]:
    result = import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes(), "cellar-heroscribe.xml")
    return result, [str(u) for u in result.unmapped]


def test_objects_are_placed_on_our_board_counting_from_zero() -> None:
    result = import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes())
    q = result.file
    assert q.id == "the-cellar-test" and q.title == "The Cellar Test"
    assert q.text == "Goblins have broken into the cellar.\n\nA: the goblins' chief waits here."
    assert q.stairs == (1, 1)
    assert q.start == [(1, 3)]
    assert [(d.at, d.state) for d in q.doors] == [
        (((3, 0), (3, 1)), "closed"),
        (((8, 2), (9, 2)), "open"),
        (((11, 4), (12, 4)), "secret"),
    ]
    assert [(m.monster, m.at) for m in q.monsters] == [("Goblin", (5, 2)), ("Goblin", (5, 3))]
    table = next(f for f in q.furniture if f.kind == "table")
    assert (
        table.at == (6, 1)
        and table.turned
        and table.piece().squares == {(6, 1), (7, 1), (6, 2), (7, 2), (6, 3), (7, 3)}
    )
    chest = next(f for f in q.furniture if f.kind == "chest")
    assert [(t.kind, t.furniture) for t in q.traps if t.furniture] == [("chest", chest.id)]
    assert [(t.kind, t.at) for t in q.traps if t.at] == [("pit", (4, 0))]
    assert [(n.id, n.at) for n in q.notes] == [("A", (10, 3))]
    assert q.blocked == [(12, 2)]
    assert [(r.at, r.size) for r in q.dark] == [((21, 7), (4, 2))]
    quest = result.quest()
    assert (21, 7) in quest.layout.blocked and (12, 2) in quest.layout.blocked


def test_what_cannot_be_mapped_is_reported_not_dropped() -> None:
    _, report = _imported()
    assert any("'Door' at [2, 1]" in r and "not a wall" in r for r in report)
    assert any("'Witchlord'" in r and "no grognard equivalent" in r for r in report)
    assert any("'Bookcase' at [3, 3]" in r and "more than one area" in r for r in report)
    assert any("'Goblin' at [22, 7]" in r and "tall furniture or rock" in r for r in report)
    assert any("'Orc'" in r and "not a whole square" in r for r in report)
    assert any("no goal" in r for r in report) and any("no wandering monster" in r for r in report)
    assert len(report) == 7


def test_every_mapped_monster_and_furniture_kind_exists() -> None:
    for hs_id, m in OBJECTS.items():
        if m.role == "monster":
            assert catalog.monster(m.name).name == m.name, hs_id


@pytest.mark.parametrize(
    ("xml", "reason"),
    [
        (b"<quest name='x'", "not a HeroScribe XML file"),
        (b"<board/>", "root element"),
        (b"<quest name='x' width='1' height='1' version='1'/>", "no <board>"),
        (
            b'<?xml version="1.0"?><!DOCTYPE q [<!ENTITY e "boom">]>'
            b"<quest name='&e;' width='1' height='1' version='1'><board/></quest>",
            "not a HeroScribe XML file",
        ),
        (
            b"<quest name='x' width='1' height='1' version='1'><board>"
            b"<object id='Goblin' left='3' top='3'/></board></quest>",
            "stairs, start squares or an exit door",
        ),
    ],
)
def test_bad_files_are_refused(xml: bytes, reason: str) -> None:
    with pytest.raises(ContentError) as caught:
        import_heroscribe(xml, "bad.xml")
    assert reason in str(caught.value)
