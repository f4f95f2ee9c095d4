"""Ice squares (Ice Wall, line 585, and the heroes' copy learned by Mimic): where they are marked, which
stand (their caster alive and seeing them). Read by movement, targets and the chaos spells alike.
"""

from __future__ import annotations

from grognard.systems.heroquest.content.board import Square
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.effect_strings import parse
from grognard.systems.heroquest.model.state import QuestState


def any_ice(state: QuestState) -> bool:
    """True when any figure has made an ice square (the quick test before `ice_marks`)."""
    return any("ice@" in e for m in state.monsters for e in m.effects) or any(
        "ice@" in e for h in state.heroes for e in h.effects
    )


def ice_marks(state: QuestState) -> list[tuple[str, Square, int]]:
    """Every ice square made: (caster "mN" or "hN", square, skulls rolled against it so far). A monster's
    Ice Wall is marked on the monster, a hero's (learned by Mimic, `chaos_hero_ice`) on the hero."""
    out = []
    marked = [(f"m{j}", m.effects) for j, m in enumerate(state.monsters)]
    marked += [(f"h{i}", h.effects) for i, h in enumerate(state.heroes)]
    for who, effects in marked:
        for e in effects:
            name, n, _ = parse(e)
            if name.startswith("ice@"):
                x, y = name[4:].split(",")
                out.append((who, (int(x), int(y)), n))
    return out


def ice_stands(state: QuestState, who: str, square: Square) -> bool:
    """True while the ice square `square` of caster `who` stands: the caster active and seeing it."""
    k = int(who[1:])
    status, at = (
        (state.monsters[k].status, state.monsters[k].at)
        if who[0] == "m"
        else (
            state.heroes[k].status,
            state.heroes[k].at,
        )
    )
    return status == "active" and at is not None and sees(state.layout, at, square, state.figures)


def ice_squares(state: QuestState) -> frozenset[Square]:
    """The ice squares standing: their caster alive and seeing them."""
    if not any_ice(state):
        return frozenset()
    return frozenset(s for who, s, _ in ice_marks(state) if ice_stands(state, who, s))
