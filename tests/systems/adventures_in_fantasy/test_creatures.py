"""Every creature the encounter tables name has melee figures (ruling "Creature figures"), so an
encounter can always lead to a fight; the book's own figures are kept where it gives them."""

from __future__ import annotations

import pytest

from grognard.engine.content import Table
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.creatures import creature, creature_fighter, creatures
from grognard.systems.adventures_in_fantasy.tables import rollable_tables

REDIRECTS = {"Special"}
"""Rows that send the referee to another table rather than naming a creature."""


def _named() -> set[str]:
    names: set[str] = set()
    for name, table in rollable_tables().items():
        if not ("creature" in name or name.startswith("underworld-level")):
            continue
        assert isinstance(table, Table)
        for row in table.rows:
            names.add(str(row.field("creature", row.text)))
    return names - REDIRECTS


def test_every_creature_of_the_encounter_tables_has_figures() -> None:
    named = _named()
    assert len(named) > 50
    missing = [n for n in sorted(named) if n.casefold() not in creatures()]
    assert missing == []
    for n in named:
        fighter = creature_fighter(n)
        assert fighter.hit_points >= 1 and fighter.hit_dice >= 1


def test_the_books_figures_are_kept() -> None:
    chimeara = creature("chimeara")
    assert chimeara.hit_dice == 5 and chimeara.source.endswith(":1543")  # "a Chimeara which has 5 hit dice"
    faerry = creature("Faerry")
    assert faerry.hit_dice == 1 and faerry.hits < creature("Men").hits  # one die less a minus factor (:1541)
    dragon = creature("Dragon")
    assert dragon.hit_dice == 15 and dragon.hits == 150  # the most a creature counts (:1541)
    assert creature("Men").hits == 9  # a hit die is a man (:897): 9 hits


def test_an_unknown_creature_is_a_clear_error() -> None:
    with pytest.raises(UsageError, match="no creature 'Hobbit'"):
        creature("Hobbit")
