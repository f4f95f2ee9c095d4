"""Import of HeroScribe quest files onto our standard board: what is placed, what is reported, and what is
refused (issue 17: half squares, labels, unknown pieces, too few start squares, files of another kind)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content import catalog
from grognard.systems.heroquest.importer.heroscribe import OBJECTS, import_heroscribe

DATA = Path(__file__).parent / "data"


def hs_quest(objects: str, speech: str = "", notes: tuple[str, ...] = (), stairs: bool = True) -> bytes:
    """A HeroScribe-shaped quest of our own: the stairs in the central room (unless `stairs` is false),
    then `objects` (XML `<object>` elements, squares counted from 1), the speech and the notes."""
    stair = '<object id="Stairway" left="11" top="8" rotation="downward"/>' if stairs else ""
    words = f"<speech>{speech}</speech>" if speech else ""
    words += "".join(f"<note>{n}</note>" for n in notes)
    return (
        f'<?xml version="1.0"?><quest name="Test" region="Europe" version="1.0" width="1" height="1">'
        f"<board>{stair}{objects}</board>{words}</quest>"
    ).encode()


def _imported() -> tuple[object, list[str]]:
    result = import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes(), "cellar-heroscribe.xml")
    return result, [str(u) for u in result.unmapped]


def test_objects_are_placed_on_our_board_counting_from_zero() -> None:
    result = import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes())
    q = result.file
    assert q.id == "the-cellar-test" and q.title == "The Cellar Test"
    assert q.text.startswith("Goblins have broken into the cellar.\n\nA: the goblins' chief waits here.")
    assert q.stairs == (1, 1)
    assert q.start == []  # one hero marker is too few for a party: the heroes start on the stairs
    assert [(d.at, d.state) for d in q.doors] == [
        (((3, 0), (3, 1)), "closed"),
        (((8, 2), (9, 2)), "open"),
        (((11, 4), (12, 4)), "secret"),
    ]
    assert [(m.monster, m.at) for m in q.monsters] == [
        ("Goblin", (5, 2)),
        ("Goblin", (5, 3)),
        ("Orc", (4, 2)),
    ]
    table = next(f for f in q.furniture if f.kind == "table")
    assert (
        table.at == (6, 1)
        and table.turned
        and table.piece().squares == {(6, 1), (7, 1), (6, 2), (7, 2), (6, 3), (7, 3)}
    )
    chest = next(f for f in q.furniture if f.kind == "chest")
    assert [(t.kind, t.furniture) for t in q.traps if t.furniture] == [("chest", chest.id)]
    assert [(t.kind, t.at) for t in q.traps if t.at] == [("pit", (4, 0))]
    assert q.blocked == [(12, 2)]
    assert [(r.at, r.size) for r in q.dark] == [((21, 7), (4, 2))]
    assert q.wandering.monster == "Goblin"  # "Wandering monster: Goblin" in the notes
    quest = result.quest()
    assert (21, 7) in quest.layout.blocked and (12, 2) in quest.layout.blocked


def test_half_square_pieces_are_placed_by_their_footprint_and_labels_left_out() -> None:
    """The Orc drawn at 5.5 stands on the nearer whole square of its room; the fireplace drawn at 2.5
    (as in an official quest) lies whole in room D; room number 3 (drawn at 10.13) is a label only; the
    letter B drawn at 11.13 is a note on the square under its middle."""
    result, _ = _imported()
    q = result.file  # type: ignore[attr-defined]
    fireplace = next(f for f in q.furniture if f.kind == "fireplace")
    assert fireplace.at == (1, 5) and {
        result.quest().board.room_of(s) for s in fireplace.piece().squares
    } == {"D"}  # type: ignore[attr-defined]
    assert ("Orc", (4, 2)) in [(m.monster, m.at) for m in q.monsters]
    assert [(n.id, n.at) for n in q.notes] == [("A", (10, 3)), ("B", (5, 10))]
    assert any("Fireplace drawn at left=2.5" in g for g in result.guesses)  # type: ignore[attr-defined]


def test_what_cannot_be_placed_is_reported_not_dropped() -> None:
    _, report = _imported()
    assert any("'Door' at [2, 1]" in r and "not a wall" in r for r in report)
    assert any("'Bookcase' at [3, 3]" in r and "more than one area" in r for r in report)
    assert any("'Goblin' at [22, 7]" in r and "tall furniture or rock" in r for r in report)
    assert len(report) == 3


def test_furniture_across_two_rooms_of_the_old_board_is_placed() -> None:
    """Pieces of official quests that our old board split between two areas (a cupboard along the east
    wall of room J, a weapons rack in room S) lie in one room now and are placed."""
    objects = (
        '<object id="Cupboard" left="25" top="6" rotation="rightward"/>'
        '<object id="WeaponsRack" left="19" top="15" rotation="downward"/>'
        '<object id="Goblin" left="20" top="3"/>'
    )
    q = import_heroscribe(hs_quest(objects)).file
    assert [(f.kind, f.at, f.turned) for f in q.furniture] == [
        ("cupboard", (24, 5), True),
        ("weapons-rack", (18, 14), False),
    ]


def test_every_mapped_monster_and_furniture_kind_exists() -> None:
    for hs_id, m in OBJECTS.items():
        if m.role == "monster":
            assert catalog.monster(m.name).name == m.name, hs_id


def test_pieces_without_an_equivalent_refuse_the_quest_with_what_is_missing() -> None:
    """A piece no HeroScribe object list of the official quests holds (a home-made one) cannot be played:
    refused at import, every missing piece named, never "play it with..."."""
    objects = (
        '<object id="SteamGolem" left="3" top="3"/><object id="SteamGolem" left="4" top="3"/>'
        '<object id="LavaTrap" left="1" top="10"/><object id="Goblin" left="20" top="3"/>'
    )
    with pytest.raises(ContentError) as caught:
        import_heroscribe(hs_quest(objects), "golems.xml")
    message = str(caught.value)
    assert "cannot be played" in message and "SteamGolem x2" in message and "LavaTrap" in message


def test_too_few_start_squares_refuse_the_quest() -> None:
    objects = '<object id="Barbarian" left="3" top="3"/><object id="Goblin" left="20" top="3"/>'
    with pytest.raises(ContentError, match="cannot be played: 1 start squares"):
        import_heroscribe(hs_quest(objects, stairs=False), "lonely.xml")


def test_four_hero_markers_are_the_start_squares() -> None:
    objects = (
        "".join(
            f'<object id="{h}" left="{x}" top="2"/>'
            for h, x in (("Barbarian", 2), ("Dwarf", 3), ("Elf", 4), ("Wizard", 5))
        )
        + '<object id="Goblin" left="20" top="3"/>'
    )
    q = import_heroscribe(hs_quest(objects, stairs=False)).file
    assert q.start == [(1, 1), (2, 1), (3, 1), (4, 1)] and q.stairs is None


@pytest.mark.parametrize(
    ("xml", "reason"),
    [
        (b"<quest name='x'", "not well-formed XML"),
        (b"<board/>", "root element is not <quest>"),
        (b"<quest name='x' width='1' height='1' version='1'/>", "no <board>"),
        (b"[quest]\nid = 'x'\n", "not an XML file"),
        (
            b'<?xml version="1.0"?><!DOCTYPE q [<!ENTITY e "boom">]>'
            b"<quest name='&e;' width='1' height='1' version='1'><board/></quest>",
            "declares XML entities",
        ),
        (
            b"<quest name='x' width='1' height='1' version='1'><board>"
            b"<object id='Goblin' left='3' top='3'/></board></quest>",
            "cannot be played: 0 start squares",
        ),
        (b"<gamebook><meta/></gamebook>", "a Project Aon gamebook"),
    ],
)
def test_bad_files_are_refused(xml: bytes, reason: str) -> None:
    with pytest.raises(ContentError) as caught:
        import_heroscribe(xml, "bad.xml")
    assert reason in str(caught.value)


def test_a_project_aon_book_is_named_in_one_clean_line() -> None:
    """Issue 17: `hq import` of a Project Aon file leaked `EntitiesForbidden(...)`."""
    aon = (
        b'<?xml version="1.0"?>\n<!DOCTYPE gamebook PUBLIC "-//Project Aon//DTD Gamebook XML 1.3//EN" '
        b'"gamebook.dtd" [\n<!ENTITY link.project.website "http://www.projectaon.org/">\n]>\n'
        b"<gamebook><meta><title>A Book</title></meta></gamebook>"
    )
    with pytest.raises(ContentError) as caught:
        import_heroscribe(aon, "book.xml")
    message = str(caught.value)
    assert "Project Aon" in message and "EntitiesForbidden" not in message and "\n" not in message


@pytest.mark.parametrize(
    ("spec", "kind", "target", "exit"),
    [
        ("kill:Orc", "kill", "orc-1", False),
        ("kill:goblin-2", "kill", "goblin-2", False),
        ("exit-after:slay-all", "slay-all", "", True),
        ("find:Spirit Blade@A", "find", "goal-spirit-blade", False),
        ("exit-after:find:Potion of Healing@4,6", "find", "goal-potion-of-healing", True),
        ("rescue:Elven Warrior@4,6", "rescue", "prisoner", False),
        ("rescue:Orc", "rescue", "orc-1", False),
    ],
)
def test_the_goal_option_sets_the_goal_and_places_what_it_names(
    spec: str, kind: str, target: str, exit: bool
) -> None:
    q = import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes(), "cellar.xml", spec).file
    assert (q.goal.kind, q.goal.target, q.goal.exit) == (kind, target, exit)
    if kind == "find":
        treasure = next(t for t in q.treasure if t.id == target)
        assert treasure.at == ((10, 3) if spec.endswith("@A") else (4, 6))
    if spec.startswith("rescue:Elven"):
        assert [(m.monster, m.at) for m in q.monsters if m.id == "prisoner"] == [("Elven Warrior", (4, 6))]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("kill:Goblin", "the map holds 2 of them"),
        ("kill:Dragon", "no such monster on the map"),
        ("find:Spirit Blade", "no note on the map names it"),
        ("find:Nothing@A", "no artifact or item"),
        ("find:Spirit Blade@Q", "neither a note letter"),
        ("exit-after:rescue:Orc", "already ends on the stairs"),
        ("dance", "give kill:MONSTER"),
    ],
)
def test_a_bad_goal_option_is_one_clear_line(spec: str, words: str) -> None:
    from grognard.engine.errors import UsageError

    with pytest.raises(UsageError) as caught:
        import_heroscribe((DATA / "cellar-heroscribe.xml").read_bytes(), "cellar.xml", spec)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_notes_give_the_goal_the_wandering_monster_and_the_start() -> None:
    """A named enemy the map holds once is the quest's target; an artifact named in the speech and a
    lettered note is placed there and is to be found; a lettered start room with a stairway and words
    of escape makes the goal the stairway."""
    gargoyle = '<object id="Gargoyle" left="20" top="3"/><object id="Goblin" left="21" top="3"/>'
    kill = import_heroscribe(
        hs_quest(gargoyle, "Seek out Verag, a foul Gargoyle.", ("Wandering Monster in this Quest: Fimir",))
    )
    assert (kill.file.goal.kind, kill.file.goal.target) == ("kill", "gargoyle-1")
    assert kill.file.monsters[0].name == "Verag" and kill.file.wandering.monster == "Fimir"
    blade = gargoyle + '<object id="LetterA" left="20" top="6"/>'
    find = import_heroscribe(
        hs_quest(blade, "Recover the Spirit Blade.", ("A. The Spirit Blade lies here.",))
    ).file
    assert find.goal.kind == "find" and [(t.artifact, t.at) for t in find.treasure] == [
        ("Spirit Blade", (19, 5))
    ]
    cell = gargoyle + '<object id="LetterX" left="2" top="2"/>'
    escape = import_heroscribe(
        hs_quest(cell, "Escape from the dungeon!", ("X  This is where the players start.",))
    ).file
    assert escape.goal.kind == "reach-exit" and (1, 1) in escape.start and len(escape.start) == 12
