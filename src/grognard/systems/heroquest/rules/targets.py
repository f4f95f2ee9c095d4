"""Whom a figure may strike, and what a hero may do where he stands: the targets of heroes and monsters
(line 84, bows line 371), the traps beside a hero he may disarm (lines 255, 423), and the way out from his
square. Split from `actions`, which offers these as actions."""

from __future__ import annotations

from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.board import Furniture, neighbours
from grognard.systems.heroquest.content.geometry import can_attack_close, can_target
from grognard.systems.heroquest.content.sight import sees
from grognard.systems.heroquest.model.edits import hidden
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.gear import weapon_of
from grognard.systems.heroquest.rules.ice import ice_squares
from grognard.systems.heroquest.rules.monster_gear import shot_targets, untouchable
from grognard.systems.heroquest.rules.monster_wounds import disarmed


def hero_targets(state: QuestState, index: int) -> list[int]:
    """The monsters hero `index` may attack: beside him (corner to corner with a diagonal weapon), or any
    in sight with a bow or crossbow (line 371)."""
    fig = state.heroes[index]
    hero = state.hero_of(index)
    assert fig.at is not None

    held = hero.equipped.weapon if not disarmed(fig.effects) else None  # Disarm (line 757)
    weapon = weapon_of(held) if held else None
    ranged = weapon is not None and weapon.ranged
    diagonal = weapon is not None and weapon.diagonal

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
    """Found, unsprung traps hero `index` may disarm (lines 126, 146, 255: "by moving to its location"):
    on a square beside him or under him, or set in a piece of furniture beside him (or under him)."""
    at = state.heroes[index].at
    assert at is not None
    near = {at, *neighbours(at)}
    out = []
    for i, t in enumerate(state.ctx.traps):
        if state.traps[i] != "found":
            continue
        squares = t.squares
        if t.furniture is not None:
            piece = _piece(state, t.furniture)
            squares = piece.squares if piece is not None else frozenset()
        touching = squares & near
        if touching and any(s == at or state.layout.open_between(at, s) for s in touching):
            out.append(i)
    return out


def _piece(state: QuestState, furniture: str) -> Furniture | None:
    return next((f for f in state.layout.furniture if f.id == furniture), None)


def trap_place(state: QuestState, idx: int) -> str:
    """Where trap `idx` is, as the heroes are told when they find it (line 96: "the game master will
    indicate the spot where the trap is located, but will not indicate what type of trap it is"): its
    square "x,y" (a long pit's first), or the id of the furniture it is set in."""
    t = state.ctx.traps[idx]
    if t.furniture is not None:
        return t.furniture
    return ",".join(str(v) for v in min(t.squares))


def trap_at_place(state: QuestState, place: str, statuses: tuple[str, ...] = ("found",)) -> int | None:
    """The trap at `place` (`trap_place`) whose status is one of `statuses` (found), or None."""
    for i in range(len(state.ctx.traps)):
        if state.traps[i] in statuses and trap_place(state, i) == place:
            return i
    return None


def place_piece(state: QuestState, idx: int) -> str:
    """The kind of furniture trap `idx` is set in ("chest", "furniture" for a piece not on the board), or
    "" for a trap on the floor."""
    t = state.ctx.traps[idx]
    if t.furniture is None:
        return ""
    piece = _piece(state, t.furniture)
    return piece.kind if piece is not None else "furniture"


def place_label(state: QuestState, idx: int) -> str:
    """The trap's place in words: "at 4,9" or "in the chest d-chest"."""
    piece = place_piece(state, idx)
    if piece:
        return _("in the {furniture} {place}").format(
            furniture=_(piece.replace("-", " ")), place=trap_place(state, idx)
        )
    return _("at {place}").format(place=trap_place(state, idx))


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


def seen_heroes(state: QuestState, j: int) -> list[int]:
    """The heroes monster `j` can see (not one in stealth, line 257)."""
    m = state.monsters[j]
    assert m.at is not None
    return [
        i
        for i, h in enumerate(state.heroes)
        if h.status == "active"
        and h.at is not None
        and not hidden(state, i)
        and sees(state.layout, m.at, h.at, state.figures)
    ]
