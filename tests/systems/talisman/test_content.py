"""The Talisman content: the board, characters and cards the rules name exist and load; bad files are
refused with the file, the place and the reason."""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.talisman.catalog import catalog, load_catalog
from grognard.systems.talisman.content import Space

NAMED_SPACES = [
    "sentinel",
    "hills",
    "portal-of-power",
    "plain-of-peril",
    "mines",
    "vampires-tower",
    "pits",
    "valley-of-fire",
    "werewolf-den",
    "death",
    "crypt",
    "crown-of-command",
    "cursed-glade",
    "runes",
    "desert",
    "oasis",
    "hidden-valley",
    "temple",
    "chasm",
    "village",
    "city",
    "graveyard",
    "ruins",
]


def test_board_regions() -> None:
    """Outer 24, Middle 16, the Inner path of 8 and the Crown."""
    rings = catalog().rings
    assert (len(rings["outer"]), len(rings["middle"]), len(rings["inner"]), len(rings["crown"])) == (
        24,
        16,
        8,
        1,
    )


@pytest.mark.parametrize("space", NAMED_SPACES)
def test_named_spaces_exist(space: str) -> None:
    """Every space the rules name is on the board."""
    assert space in catalog().spaces


def test_characters_named_by_the_rules() -> None:
    """At least 12 characters, the nine the rules mention among them, each starting on a real space."""
    chars = catalog().characters
    assert len(chars) >= 12
    for name in (
        "warrior",
        "wizard",
        "thief",
        "assassin",
        "druid",
        "dwarf",
        "minstrel",
        "prophetess",
        "sorceress",
    ):
        assert chars[name].start in catalog().spaces


def test_cards_named_by_the_examples() -> None:
    """The cards the rulebook's examples name exist in the decks and piles."""
    cat = catalog()
    for card in (
        "magic-belt",
        "unicorn",
        "solomons-crown",
        "holy-lance",
        "wand",
        "amulet",
        "maiden",
        "dragon",
        "imp",
        "bear",
        "bag-of-gold",
    ):
        assert card in cat.cards
    for card in ("sword", "mule", "water-bottle", "armour", "axe", "helmet", "shield", "raft"):
        assert card in cat.purchase and cat.purchase[card].price > 0
    assert "talisman" in cat.talismans and cat.talismans["talisman"].count <= 6
    for spell in ("immobility", "invisibility", "preservation", "hex"):
        assert spell in cat.spells
    assert cat.cards["holy-lance"].alignments == ["good", "neutral"]


def _copy(tmp_path: Path) -> Path:
    data = files("grognard.systems.talisman").joinpath("data")
    shutil.copytree(str(data), tmp_path / "data")
    return tmp_path / "data"


def test_unknown_key_is_refused_with_file_and_place(tmp_path: Path) -> None:
    """A misspelt key names the file and the place in it."""
    root = _copy(tmp_path)
    (root / "adventure" / "zz.toml").write_text(
        '[[cards]]\nnumber = 9999\nid = "x"\nname = "X"\ntype = "place"\nsize = 2\n'
    )
    with pytest.raises(ContentError) as err:
        load_catalog(root)
    assert "zz.toml" in str(err.value) and "cards[0].size" in str(err.value)


def test_unknown_teleport_target_is_refused(tmp_path: Path) -> None:
    """A reference to a space that does not exist is refused."""
    root = _copy(tmp_path)
    (root / "adventure" / "zz.toml").write_text(
        '[[cards]]\nnumber = 9999\nid = "x"\nname = "X"\ntype = "place"\n'
        'effects = [{ do = "teleport", to = ["atlantis"] }]\n'
    )
    with pytest.raises(ContentError, match="atlantis"):
        load_catalog(root)


def test_a_space_with_both_draw_and_effects_is_refused() -> None:
    """13:4 and 13:5 are two kinds of space: a space is one or the other."""
    with pytest.raises(ValueError, match="either draws"):
        Space.model_validate(
            {
                "id": "x",
                "name": "X",
                "region": "outer",
                "position": 0,
                "text": "t",
                "draw": 1,
                "effects": [{"do": "end_turn"}],
            }
        )
