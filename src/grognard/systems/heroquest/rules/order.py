"""The heroes' order (line 72): who takes part, the orders the players may agree, and the order fixed
(the first turn begun, `hooks.start_slot`). Rolled by the core chance node "order" (`resolve`).
"""

from __future__ import annotations

from itertools import permutations

from grognard.systems.heroquest.model.hooks import start_slot
from grognard.systems.heroquest.model.state import GM_SLOT, QuestState


def participants(state: QuestState) -> list[int]:
    """The heroes still in the quest, by party place, and the game master when the order interleaves."""
    heroes = [i for i, h in enumerate(state.heroes) if h.status == "active"]
    return heroes + ([GM_SLOT] if state.setup.interleave and state.setup.order == "roll" else [])


def order_choices(state: QuestState) -> list[str]:
    """The orders the players may agree (every order for up to four heroes, else the party's)."""
    heroes = participants(state)
    orders = list(permutations(heroes)) if len(heroes) <= 4 else [tuple(heroes)]
    return ["order:" + ",".join(str(i) for i in o) for o in orders]


def set_order(state: QuestState, order: tuple[int, ...]) -> QuestState:
    """The order fixed (the game master appended unless it was rolled into it); the first turn begins."""
    if GM_SLOT not in order:
        order = (*order, GM_SLOT)
    return start_slot(state.evolve(order=order, slot=0))
