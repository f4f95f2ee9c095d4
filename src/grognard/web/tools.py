"""The tools page: the dice roller and each system's odds calculator, as forms with a result and a chart.

Each tool names its fields (what the command line's options are) and computes a `ToolResult` from the
submitted values through the same system functions the command line calls: a few headline figures, the
outcome distribution drawn as a chart, and the whole result as JSON. Values are checked here (type and
range) before any work, so a request from any browser gets one clear message. A request's calculation
runs in a worker process of its own, within a time and memory budget, and stops if the browser leaves
(`calculate`, `web.solving`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, Literal

from fastapi import Request

from grognard.engine.dice import Rng
from grognard.engine.errors import OddsError, UsageError
from grognard.engine.notation import roll_data, roll_expression
from grognard.systems.adventures_in_fantasy.combat import parse_fighter
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, start_melee
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds
from grognard.systems.fighting_fantasy import AdventureSheet, FightRules, parse_creature, start_fight
from grognard.systems.fighting_fantasy.odds import fight_objective, fight_odds
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import advise
from grognard.systems.heroquest import combat_dice as cd
from grognard.systems.talisman.odds import combat_odds
from grognard.web.solving import client_keys, client_left, run_now

FieldKind = Literal["int", "text", "bool", "choice", "float"]


@dataclass(frozen=True)
class Field:
    """One input of a tool's form."""

    name: str
    label: str
    kind: FieldKind = "int"
    default: str = ""
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    required: bool = True


@dataclass(frozen=True)
class Bar:
    """One bar of a result's chart: a label and its probability."""

    label: str
    probability: float


@dataclass
class ToolResult:
    """What a tool shows: headline figures, a distribution to chart, and the data as JSON."""

    title: str
    figures: list[tuple[str, str]] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    dice: list[dict[str, Any]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


Values = Mapping[str, Any]


@dataclass(frozen=True)
class Tool:
    """A calculator: its id, title, what it answers, its fields and how it computes."""

    id: str
    title: str
    blurb: str
    fields: tuple[Field, ...]
    compute: Callable[[Values], ToolResult]
    verb: str = "Work it out"


def read_values(tool: Tool, form: Mapping[str, str]) -> dict[str, Any]:
    """The form's values checked and typed; a `UsageError` naming the first bad field."""
    out: dict[str, Any] = {}
    for f in tool.fields:
        raw = form.get(f.name, "")
        raw = raw.strip() if isinstance(raw, str) else ""
        if len(raw) > 200:
            raise UsageError(f"{f.label}: at most 200 characters")
        if f.kind == "bool":
            out[f.name] = raw in ("on", "true", "1", "yes")
            continue
        if not raw:
            if f.required and not f.default:
                raise UsageError(f"{f.label}: give a value")
            raw = f.default
        if f.kind == "choice":
            if raw not in f.choices:
                raise UsageError(f"{f.label}: {raw!r} is not one of {', '.join(f.choices)}")
            out[f.name] = raw
        elif f.kind in ("int", "float"):
            if not raw:
                out[f.name] = None
                continue
            try:
                number: float = int(raw) if f.kind == "int" else float(raw)
            except ValueError:
                raise UsageError(
                    f"{f.label}: {raw!r} is not a {'whole ' if f.kind == 'int' else ''}number"
                ) from None
            if (
                number != number
                or (f.low is not None and number < f.low)
                or (f.high is not None and number > f.high)
            ):
                raise UsageError(f"{f.label}: {raw} is outside {f.low:g} to {f.high:g}")
            out[f.name] = number
        else:
            out[f.name] = raw
    return out


def _pct(p: float | Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _roll(values: Values) -> ToolResult:
    seed = values["seed"] if values["seed"] is not None else secrets.randbelow(1_000_000_000)
    roll = roll_expression(values["expression"], Rng(seed), values["table"])
    data = roll_data(roll, seed=seed)
    figures = [("Total", str(roll.total)), ("Seed", str(seed))]
    if roll.extras:
        figures += [(name, str(count)) for name, count in roll.extras]
    return ToolResult(f"{roll.expression} = {roll.total}", figures, dice=data["dice"], data=data)


def _ff(values: Values) -> ToolResult:
    enemies = [e.strip() for e in values["enemies"].split(",") if e.strip()]
    if not enemies or len(enemies) > 4:
        raise UsageError("Creatures: give one to four, as SKILL/STAMINA, separated by commas")
    creatures = [parse_creature(text, i) for i, text in enumerate(enemies)]
    rules = FightRules(together=values["together"], can_escape=values["can_escape"])
    sheet = AdventureSheet.new(values["skill"], values["stamina"], values["luck"], "")
    try:
        result = fight_odds(start_fight(sheet, creatures, rules), fight_objective(values["luck_worth"], 0.0))
    except OddsError as e:
        raise UsageError(f"this fight is too big to work out here: {e}") from e
    data = result.to_json()
    figures = [
        ("Win, never testing Luck", _pct(result.p_win_without_luck)),
        ("Win, best Luck policy", _pct(result.p_win_optimal_luck)),
        ("Expected LUCK left", f"{result.expected_luck:.2f}"),
        ("Expected STAMINA left", f"{result.expected_stamina:.2f}"),
    ]
    bars = [Bar(label, float(p)) for label, p in sorted(result.outcome_probabilities.items())]
    return ToolResult("Fighting Fantasy fight", figures, bars, data=data)


def _gs(values: Values) -> ToolResult:
    state = CombatState(
        values["combat_skill"],
        values["endurance"],
        values["willpower"],
        values["enemy_skill"],
        values["enemy_endurance"],
        table=values["table"],
        can_evade=values["can_evade"],
    )
    try:
        data: dict[str, Any] = advise(state).to_json()
    except OddsError as e:
        raise UsageError(f"this fight is too big to work out here: {e}") from e
    figures = [
        ("Win, best WILLPOWER spending", _pct(data["p_win_optimal"])),
        ("Best first spend", str(data["best_first_spend"])),
        ("Expected WILLPOWER spent", f"{data['expected_willpower_spent']:.2f}"),
        ("Expected ENDURANCE lost", f"{data['expected_endurance_lost']:.2f}"),
    ]
    bars = [
        Bar(f"spend {s['spend']}{' then evade' if s['evade'] else ''}", s["p_win"]) for s in data["spends"]
    ]
    return ToolResult("Grey Star combat: win chance by first WILLPOWER spend", figures, bars, data=data)


def _talisman(values: Values) -> ToolResult:
    win, stand, lose = combat_odds(
        values["strength"], values["enemy"], values["psychic"], values["bonus"], values["enemy_bonus"]
    )
    data = {"p_win": float(win), "p_standoff": float(stand), "p_lose": float(lose)}
    figures = [("Win", _pct(win)), ("Stand-off", _pct(stand)), ("Lose", _pct(lose))]
    bars = [Bar("win", float(win)), Bar("stand-off", float(stand)), Bar("lose", float(lose))]
    return ToolResult(
        "Talisman combat" + (" (psychic)" if values["psychic"] else ""), figures, bars, data=data
    )


def _heroquest(values: Values) -> ToolResult:
    attacks = values["attacks"]
    dist = cd.turn_damage([(values["attack"], values["defend"])] * attacks, values["defender"])
    mean = cd.mean(dist)
    figures = [("Mean damage", f"{float(mean):.3f}")]
    data: dict[str, Any] = {
        "distribution": {str(k): float(p) for k, p in sorted(dist.items())},
        "mean": float(mean),
    }
    if values["body"] is not None:
        kill = cd.kill_chance(values["attack"], values["defend"], values["defender"], values["body"], attacks)
        figures.append((f"Kills a target of {values['body']} Body", _pct(kill)))
        data["kill_chance"] = float(kill)
    bars = [Bar(f"{k} damage", float(p)) for k, p in sorted(dist.items())]
    return ToolResult("HeroQuest attack: damage", figures, bars, data=data)


def _aif(values: Values) -> ToolResult:
    a = parse_fighter(values["a"], "A")
    b = parse_fighter(values["b"], "B")
    if max(a.hit_points, b.hit_points) > 100:
        raise UsageError("hit points: at most 100 a side here (the command line takes more)")
    rules = MeleeRules(values["hit_location"], values["strength"], values["armour"], values["stamina"])
    odds = melee_odds(start_melee(a, b, rules))
    figures = [(label, _pct(p)) for label, p in sorted(odds.outcomes.items())]
    figures += [(f"Expected {k.replace('-', ' ')} left", f"{float(v):.2f}") for k, v in odds.expected.items()]
    bars = [Bar(label, float(p)) for label, p in sorted(odds.outcomes.items())]
    data = {"outcomes": {k: float(v) for k, v in odds.outcomes.items()}, "positions": odds.positions}
    return ToolResult(f"Adventures in Fantasy melee: {a.name} against {b.name}", figures, bars, data=data)


def _int(name: str, label: str, default: int, low: int, high: int) -> Field:
    return Field(name, label, "int", str(default), low=low, high=high)


TOOLS: dict[str, Tool] = {
    t.id: t
    for t in (
        Tool(
            "roll",
            "Dice roller",
            "Any dice notation: 3d6+2, 4d6kh3, 2d6rr1, lw (Lone Wolf 0-9), pct (two d20 read as digits), "
            "3hq (HeroQuest combat dice), 2red. Every die is shown.",
            (
                Field("expression", "Dice", "text", "3d6"),
                Field("table", "Lone Wolf table", "choice", "uniform", ("uniform", "book")),
                Field("seed", "Seed (blank: new dice)", "int", "", low=0, high=2**63 - 1, required=False),
            ),
            _roll,
            "Roll",
        ),
        Tool(
            "ff-fight",
            "Fighting Fantasy fight",
            "The chance to win a fight without Luck and with the best Luck policy, and what is left after.",
            (
                _int("skill", "Your SKILL", 10, 1, 24),
                _int("stamina", "Your STAMINA", 20, 1, 40),
                _int("luck", "Your LUCK", 9, 0, 24),
                Field("enemies", "Creatures (SKILL/STAMINA, commas)", "text", "9/12"),
                Field("together", "Creatures attack together", "bool"),
                Field("can_escape", "The section lets you escape", "bool"),
                Field("luck_worth", "Worth of a LUCK point kept", "float", "0", low=0, high=1),
            ),
            _ff,
        ),
        Tool(
            "gs-combat",
            "Grey Star combat",
            "The chance to win with the best WILLPOWER spending through the Wizard's Staff, by first spend.",
            (
                _int("combat_skill", "Your COMBAT SKILL", 15, 0, 60),
                _int("endurance", "Your ENDURANCE", 22, 1, 60),
                _int("willpower", "Your WILLPOWER", 12, 0, 60),
                _int("enemy_skill", "Enemy COMBAT SKILL", 18, 0, 60),
                _int("enemy_endurance", "Enemy ENDURANCE", 24, 1, 80),
                Field("table", "Random numbers", "choice", "uniform", ("uniform", "book")),
                Field("can_evade", "The text offers evasion", "bool"),
            ),
            _gs,
        ),
        Tool(
            "talisman-combat",
            "Talisman combat",
            "Win, stand-off and lose: your Strength (or Craft) and a die against the enemy's and a die.",
            (
                _int("strength", "Your Strength (or Craft)", 5, 0, 60),
                _int("enemy", "Enemy Strength (or Craft)", 4, 0, 60),
                Field("psychic", "Psychic combat (Craft)", "bool"),
                _int("bonus", "Your bonus", 0, -20, 20),
                _int("enemy_bonus", "Enemy bonus", 0, -20, 20),
            ),
            _talisman,
        ),
        Tool(
            "heroquest-attack",
            "HeroQuest attack",
            "The exact damage of an attack: skulls against the defender's shields.",
            (
                _int("attack", "Attack dice", 3, 1, 12),
                _int("defend", "Defend dice", 2, 0, 12),
                Field("defender", "Defender", "choice", "monster", ("monster", "hero")),
                _int("attacks", "Attacks this turn", 1, 1, 4),
                Field(
                    "body", "Target's Body (blank: no kill chance)", "int", "", low=1, high=20, required=False
                ),
            ),
            _heroquest,
        ),
        Tool(
            "aif-melee",
            "Adventures in Fantasy melee",
            "Each way a melee can end, from both combatants' figures (hp=, dex=, body=, armour=, stamina=).",
            (
                Field("a", "Combatant A", "text", "hp=12,dex=60"),
                Field("b", "Combatant B", "text", "body=lion,hp=11"),
                Field("hit_location", "Hit Location Chart", "bool"),
                Field("strength", "Strength bonus", "bool"),
                Field("armour", "Armour saves", "bool"),
                Field("stamina", "Stamina and fatigue", "bool"),
            ),
            _aif,
        ),
    )
}
"""Every tool by id, in the order the page shows them."""


def compute(tool_id: str, values: dict[str, Any]) -> ToolResult:
    """Tool `tool_id` worked out on checked values (what a worker process runs: plain data in and out)."""
    return TOOLS[tool_id].compute(values)


async def calculate(request: Request, tool: Tool, values: dict[str, Any]) -> ToolResult:
    """`tool` worked out for a request in a worker of its own (`web.solving.run_now`): `Busy` when this
    client already runs one or the server is full, `OverBudget` past the budget, `ClientGone` when the
    browser leaves first."""
    return await run_now(
        compute,
        (tool.id, values),
        client_keys(request, "tool"),
        partial(client_left, request),
        "this calculation",
    )
