"""Whom a figure may strike, and what a hero may do where he stands: the targets of heroes and monsters
(line 84, bows line 371), the traps beside a hero he may disarm (lines 255, 423), and the way out from his
square. Split from `actions`, which offers these as actions."""

from __future__ import annotations

from grognard.systems.heroquest.board import neighbours
from grognard.systems.heroquest.gear import weapon_of
from grognard.systems.heroquest.geometry import can_attack_close, can_target
from grognard.systems.heroquest.state import QuestState


def hero_targets(state: QuestState, index: int) -> list[int]:
    """The monsters hero `index` may attack: beside him (corner to corner with a diagonal weapon), or any
    in sight with a bow or crossbow (line 371)."""
    fig = state.heroes[index]
    hero = state.hero_of(index)
    assert fig.at is not None
    from grognard.systems.heroquest.monster_wounds import disarmed

    held = hero.equipped.weapon if not disarmed(fig.effects) else None  # Disarm (line 757)
    weapon = weapon_of(held) if held else None
    ranged = weapon is not None and weapon.ranged
    diagonal = weapon is not None and weapon.diagonal
    from grognard.systems.heroquest.chaos_effects import ice_squares

    ice = ice_squares(state)  # an Ice Wall stops blows and shots, not sight (line 585)
    figures = state.figures | ice
    out = []
    for j, m in enumerate(state.monsters):
        if m.status != "active" or m.at is None:
            continue
        if ranged:
            past = hero.knows_skill("Ranged Accuracy") and can_target(state.layout, fig.at, m.at, ice)
            if past or can_target(state.layout, fig.at, m.at, figures):
                out.append(j)
        elif can_attack_close(state.layout, fig.at, m.at, diagonal_weapon=diagonal, figures=figures):
            out.append(j)
    return out


def monster_targets(state: QuestState, index: int) -> list[int]:
    """The heroes monster `index` may strike hand to hand, or shoot with a bow (`monster_gear`); not one
    unseen, turned to stone or carried off."""
    from grognard.systems.heroquest.chaos_effects import ice_squares
    from grognard.systems.heroquest.monster_gear import shot_targets, untouchable

    m = state.monsters[index]
    assert m.at is not None
    if state.stats_of(index).ranged:
        return shot_targets(state, index)
    diagonal = state.stats_of(index).diagonal
    figures = state.figures | ice_squares(state)
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not untouchable(state, i)
        and can_attack_close(state.layout, m.at, h.at, diagonal_weapon=diagonal, figures=figures)
    ]


def free_to_act(state: QuestState) -> bool:
    """True while the current figure has not used its action (nor attacked)."""
    return not state.turn.acted and state.turn.attacks == 0


def adjacent_traps(state: QuestState, index: int) -> list[int]:
    """Found, unsprung traps on a square beside hero `index` (or under him), which he may disarm."""
    at = state.heroes[index].at
    assert at is not None
    near = {at, *neighbours(at)}
    return [
        i
        for i, t in enumerate(state.ctx.traps)
        if state.traps[i] == "found"
        and t.squares & near
        and all(state.layout.open_between(at, s) or s == at for s in t.squares & near)
    ]


def can_disarm(state: QuestState, index: int) -> bool:
    """The hero has the Disarm Traps skill (line 255) or carries a Tool Kit (line 423)."""
    hero = state.hero_of(index)
    return (
        hero.knows_skill("Disarm Traps")
        or "Tool Kit" in state.heroes[index].items
        or hero.carries("Tool Kit") > 0
    )


def exit_here(state: QuestState, index: int) -> str | None:
    """How hero `index` may leave the quest from his square: "stairs", an open exit door's id, or None."""
    at = state.heroes[index].at
    if at in state.ctx.stairs:
        return "stairs"
    for door_id, inside in state.ctx.exits.items():
        if inside == at and state.layout.door_by_id[door_id].state == "open":
            return door_id
    return None
