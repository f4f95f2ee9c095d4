"""The character sheet and the party view of a kept campaign, as JSON-safe data.

One function per view, so the command line and the browser desk render the same facts: `sheet` is
everything the referee keeps for one character (ratings, standing, courses and skills, kit with its
weight and what it does to his move and fatigue, money and lands, wounds, experience, reputation, age);
`party` is one line per character and the party's totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard.systems.adventures_in_fantasy.equipment import (
    character_fatigue_rate,
    character_movement,
)
from grognard.systems.adventures_in_fantasy.lands import revenue
from grognard.systems.adventures_in_fantasy.time import Member


def _condition(m: Member) -> str:
    c = m.character
    if not m.alive:
        return "dead"
    if c.hit_points and c.current_hit_points < 1:
        return "unconscious"
    if c.wounds:
        return "wounded"
    return "well"


def sheet(index: int, m: Member) -> dict[str, Any]:
    """Character `index`'s full sheet: every fact the campaign keeps for him, as JSON data."""
    c = m.character
    ratings = [
        {"name": name, "rating": value, "usable": c.effective(name)}
        for name, value in c.characteristics.items()
    ]
    move = character_movement(c)
    fatigue = character_fatigue_rate(c)
    return {
        "index": index,
        "name": m.name,
        "alive": m.alive,
        "condition": _condition(m),
        "age": c.age,
        "ratings": ratings,
        "standing": {
            "position": c.position,
            "rank": c.rank,
            "status_level": c.status_level,
            "rolled_position": c.rolled_position,
            "soldier": c.soldier,
            "royal": c.royal,
            "castle": c.castle,
            "alignment": m.alignment or None,
            "last_promotion_year": m.last_promotion_year,
        },
        "education": {
            "courses": [
                {"number": k.number, "name": k.label, "months": k.months, "income_gp": k.income_gp}
                for k in c.courses
            ],
            "magic_years": c.magic_years,
            "studying": None if m.study is None else m.study.model_dump(),
        },
        "skills": [s.model_dump() for s in m.skills],
        "kit": {
            "items": [{"name": i.name, "weight_lb": i.weight_lb} for i in c.equipment],
            "weight_lb": c.burden_lb,
            "lifting_lb": c.lifting_lb,
            "fatigue_rate": fatigue,
            "move_inches": float(move.inches),
            "encumbrance_row": move.row,
            "strength_column": move.column,
            "source": move.source,
        },
        "money": {
            "gold": c.funds_gp,
            "silver": m.silver,
            "copper": m.copper,
            "yearly_income_gp": c.yearly_income_gp + revenue(m.lands),
        },
        "lands": [
            {"name": k.name, "people": k.people, "revenue_gp": k.revenue_gp, "text": k.describe()}
            for k in m.lands
        ],
        "health": {
            "hit_points": c.hit_points,
            "wounds": c.wounds,
            "left": c.current_hit_points,
            "ill_weeks": m.ill_weeks,
        },
        "experience": {
            "levels": str(m.experience),
            "float": float(m.experience),
            "level": c.experience_level,
        },
        "reputation": {"value": str(m.reputation.value), "verified_only": m.reputation.verified_only},
        "hirelings": m.band.model_dump(),
        "service_weeks": m.service_weeks,
    }


def party(members: Sequence[Member]) -> dict[str, Any]:
    """The party: one short line per character, and the totals of money and kit."""
    rows: list[dict[str, Any]] = []
    for i, m in enumerate(members):
        c = m.character
        rows.append(
            {
                "index": i,
                "name": m.name,
                "condition": _condition(m),
                "position": c.position,
                "status_level": c.status_level,
                "level": c.experience_level,
                "hits": f"{c.current_hit_points}/{c.hit_points}",
                "gold": c.funds_gp,
                "silver": m.silver,
                "copper": m.copper,
                "kit_lb": c.burden_lb,
                "move_inches": float(character_movement(c).inches) if m.alive else 0.0,
                "hirelings": m.band.men,
            }
        )
    able = [r for r in rows if r["condition"] in ("well", "wounded")]
    return {
        "members": rows,
        "able": len(able),
        "gold": sum(int(r["gold"]) for r in rows),
        "silver": sum(int(r["silver"]) for r in rows),
        "copper": sum(int(r["copper"]) for r in rows),
        "slowest_move_inches": min((float(r["move_inches"]) for r in able), default=0.0),
    }
