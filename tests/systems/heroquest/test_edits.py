"""The model layer's helpers (`edits`): the named selectors asked everywhere."""

from __future__ import annotations

from grognard.systems.heroquest.model.edits import active_heroes, active_squares, chebyshev

from .play_helpers import begin, put_hero


def test_active_heroes_are_the_placed_ones_and_near_means_the_eight_squares_around() -> None:
    state = begin(heroes="barbarian,dwarf-warrior,elf-wizard")
    state = put_hero(state, 0, (5, 5))
    state = put_hero(state, 1, (6, 6))
    state = put_hero(state, 2, None, status="left")
    assert active_heroes(state) == [0, 1]
    assert active_squares(state) == [(5, 5), (6, 6)]
    assert active_heroes(state, near=(5, 5), but=0) == [1]
    assert active_heroes(state, near=(8, 8)) == []
    assert chebyshev((5, 5), (6, 6)) == 1 and chebyshev((5, 5), (5, 7)) == 2
