"""`grognard aif melee | missile | fight | damage | hit-location`: Adventures in Fantasy combat at the table.

Thin: the rules live in `systems.adventures_in_fantasy` (combat, missiles, damage, melee); this module
parses options, calls them and renders with Rich or as JSON. `add_combat_commands(app)` mounts the
commands on the `grognard aif` Typer app.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from grognard.cli.console import err, help_with, out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_dice import RollsOpt, calculator_dice, chosen_seed, given_if_any, seed_line
from grognard.engine.errors import UsageError
from grognard.engine.odds.base import Number
from grognard.i18n import N_, NP_, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.action_text import Source
from grognard.systems.adventures_in_fantasy.combat import (
    FIGHTER_HELP,
    Fighter,
    HitChance,
    attack_chances,
    first_strike,
    parse_fighter,
    table_q_places,
)
from grognard.systems.adventures_in_fantasy.damage import (
    DamageRules,
    armour_piece,
    body_type,
    hit_damage,
    roll_location,
    strength_class,
)
from grognard.systems.adventures_in_fantasy.melee import ENDS, MeleeRules, MeleeState, chances, start_melee
from grognard.systems.adventures_in_fantasy.melee_odds import MeleeOdds, melee_odds
from grognard.systems.adventures_in_fantasy.missiles import Shot, missile_chance
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.words import any_word, melee_end, roll_told, told

PlaceOpt = Annotated[
    str,
    typer.Option("--place", help=N_("Table Q place: outdoors or large room, normal room, corridor, door.")),
]
SwampOpt = Annotated[
    bool, typer.Option("--swamp", help=N_("Fought in a swamp: everyone at half effectiveness."))
]


BANDS = (NP_("range", "short"), NP_("range", "medium"), NP_("range", "long"), NP_("range", "very long"))
"""A missile's range bands, said in a shot's title."""


def _place(place: str) -> str:
    key = place.strip().lower()
    if key in ("outdoors", "large room"):
        key = "outdoors or large room"
    if key and key not in table_q_places():
        raise UsageError(
            _("place %(place)r is not one of %(places)s")
            % {"place": place, "places": ", ".join(table_q_places())}
        )
    return key


def _chance_rows(title: str, chance: HitChance) -> Table:
    grid = Table(title=escape(title), caption=_("lines of %(book)s") % {"book": RULEBOOK})
    for heading in (_("step"), _("amount"), _("line"), _("note")):
        grid.add_column(heading)
    for m in chance.modifiers:
        note = _(m.note) if m.note else ""
        note += _(" (capped)") if m.capped and "capped" not in m.note else ""
        grid.add_row(escape(told(m.name)), f"{m.amount:+d}", Source.parse(m.source).lines, escape(note))
    forbidden = _(chance.forbidden) if chance.forbidden else ""
    hit = escape(_("chance to hit"))
    grid.add_row(f"[bold]{hit}[/bold]", f"[bold]{chance.chance}%[/bold]", "", escape(forbidden))
    return grid


def _blows(attacker: Fighter, defender: Fighter, place: str, swamp: bool, fatigued: bool) -> list[HitChance]:
    return list(attack_chances(attacker, defender, place=place, swamp=swamp, fatigued=fatigued))


def melee_command(
    attacker: Annotated[
        str, typer.Option("--attacker", help=help_with(N_("The attacker: %(fighter)s"), fighter=FIGHTER_HELP))
    ],
    defender: Annotated[str, typer.Option("--defender", help=N_("The defender, written as the attacker."))],
    place: PlaceOpt = "",
    swamp: SwampOpt = False,
    fatigued: Annotated[
        bool, typer.Option("--fatigued", help=N_("The attacker is past its stamina."))
    ] = False,
    json_out: JsonOption = False,
) -> None:
    a = parse_fighter(attacker, "attacker")
    d = parse_fighter(defender, "defender")
    where = _place(place)
    mine = _blows(a, d, where, swamp, fatigued)
    theirs = _blows(d, a, where, swamp, False)
    first = first_strike(where, a, d)
    strikes_first = {"a": a.name, "b": d.name}.get(first, "")
    if json_out:
        print_json(
            {
                "attacker": {"name": a.name, "blows": [c.to_json() for c in mine]},
                "defender": {"name": d.name, "blows": [c.to_json() for c in theirs]},
                "first_strike": strikes_first,
            }
        )
        return
    for who, other, blows in ((a, d, mine), (d, a, theirs)):
        for n, chance in enumerate(blows, 1):
            label = _("%(who)s hits %(other)s") % {"who": who.name, "other": other.name}
            label += _(" (blow %(blow)s)") % {"blow": n} if len(blows) > 1 else ""
            out.print(_chance_rows(label, chance))
    if strikes_first:
        out.print(_("First strike (Table Q, line 1686): %(who)s") % {"who": strikes_first}, markup=False)


def missile_command(
    weapon: Annotated[
        str, typer.Option("--weapon", help=N_("short bow, longbow (composite) or crossbow."))
    ] = "short bow",
    range_: Annotated[str, typer.Option("--range", help=N_("Range band: long, medium or short."))] = "",
    yards: Annotated[int, typer.Option("--yards", help=N_("Distance in yards (instead of --range)."))] = -1,
    dexterity: Annotated[int, typer.Option("--dex", help=N_("The archer's dexterity (Chart P)."))] = 50,
    untrained: Annotated[bool, typer.Option("--untrained", help=N_("Not trained with the bow."))] = False,
    bonus: Annotated[int, typer.Option("--bonus", help=N_("The bow's +N% to hit."))] = 0,
    target: Annotated[
        str, typer.Option("--target", help=N_("faerry, man, griffin, bear, ogre, trow, dragon."))
    ] = "man",
    mounted: Annotated[bool, typer.Option("--mounted", help=N_("The archer is on horseback."))] = False,
    woods: Annotated[bool, typer.Option("--woods", help=N_("Fired in woods (not allowed)."))] = False,
    over_hill: Annotated[
        bool, typer.Option("--over-hill", help=N_("Fired over a hill (not allowed)."))
    ] = False,
    into_slit: Annotated[
        bool, typer.Option("--into-slit", help=N_("Into a tower through an arrow slit."))
    ] = False,
    from_slit: Annotated[bool, typer.Option("--from-slit", help=N_("Out of an arrow slit."))] = False,
    extra: Annotated[int, typer.Option("--extra", help=N_("The referee's own modifier."))] = 0,
    json_out: JsonOption = False,
) -> None:
    shot = Shot(
        weapon=weapon,
        range=range_.strip().lower(),
        yards=yards,
        dexterity=dexterity,
        trained=not untrained,
        bonus=bonus,
        target=target,
        mounted=mounted,
        woods=woods,
        over_hill=over_hill,
        into_slit=into_slit,
        from_slit=from_slit,
        extra=extra,
    )
    chance = missile_chance(shot)
    if json_out:
        print_json({"shot": {"weapon": weapon, "range": shot.band(), "target": target}, **chance.to_json()})
        return
    band = shot.band()
    title = (
        _("%(weapon)s at %(band)s range") % {"weapon": _(weapon), "band": pgettext("range", band)}
        if band
        else _("%(weapon)s out of range") % {"weapon": _(weapon)}
    )
    out.print(_chance_rows(title, chance))


def _damage_rules(hit_location: bool, strength: str, armour: str, behind: bool, magical: bool) -> DamageRules:
    pieces = tuple(armour_piece(p) for p in armour.replace("/", "+").split("+") if p.strip())
    klass = strength.strip().lower()
    if klass.isdigit():
        klass = strength_class(int(klass))
    if klass not in ("weak", "normal", "strong"):
        raise UsageError(
            _("strength %(strength)r is not weak, normal, strong or a strength score")
            % {"strength": strength}
        )
    return DamageRules(hit_location, klass, pieces, None, behind, magical)


def damage_command(
    body: Annotated[str, typer.Option("--body", help=N_("The body type hit."))] = "human",
    hit_location: Annotated[
        bool, typer.Option("--hit-location", help=N_("Use the Hit Location Chart."))
    ] = False,
    strength: Annotated[
        str, typer.Option("--strength", help=N_("weak, normal, strong, or a score."))
    ] = "normal",
    armour: Annotated[str, typer.Option("--armour", help=N_("Pieces worn, joined by +: helmet+chain."))] = "",
    behind: Annotated[
        bool, typer.Option("--behind", help=N_("Struck from behind: shields do not count."))
    ] = False,
    magical: Annotated[
        bool, typer.Option("--magical", help=N_("Magical damage: armour does not count."))
    ] = False,
    exact: Annotated[bool, typer.Option("--exact", help=N_("Show exact fractions."))] = False,
    json_out: JsonOption = False,
) -> None:
    rules = _damage_rules(hit_location, strength, armour, behind, magical)
    dist = hit_damage(body_type(body), rules)
    mean = sum((d * p for d, p in dist), Fraction(0))
    if json_out:
        print_json(
            {
                "body": body_type(body),
                "distribution": [{"damage": d, "probability": _num(p, exact)} for d, p in dist],
                "expected": _num(mean, exact),
            }
        )
        return
    grid = Table(title=_("Damage of one hit on a %(body)s body") % {"body": any_word(body_type(body))})
    grid.add_column(_("hit points"))
    grid.add_column(_("probability"))
    for d, p in dist:
        grid.add_row(str(d), _shown(p, exact))
    out.print(grid)
    out.print(_("Expected damage: %(mean)s") % {"mean": _shown(mean, exact)}, markup=False)


def hit_location_command(
    body: Annotated[str, typer.Option("--body", help=N_("The body type hit."))] = "human",
    roll: Annotated[
        int | None, typer.Option("--roll", help=N_("The location roll (1-100) you made."))
    ] = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = calculator_dice(chosen, rolls, roll)
    hit = roll_location(dice, body, roll)
    data: dict[str, Any] = given_if_any(dice, rolls) | {
        "body": hit.body,
        "location_roll": hit.location_roll,
        "die": hit.die,
        "damage": hit.damage,
        "dexterity_lost": hit.dexterity_lost,
        "movement_halved": hit.movement_halved,
        "rolls": [r.render() for r in hit.rolls],
        "seed": chosen,
    }
    if json_out:
        print_json(data)
        return
    for r in hit.rolls:
        out.print(roll_told(r), markup=False)
    die = _("special") if hit.die == "special" else hit.die
    out.print(
        _("%(body)s hit on %(roll)s: %(die)s, %(damage)s hit points")
        % {"body": any_word(hit.body), "roll": hit.location_roll, "die": die, "damage": hit.damage},
        markup=False,
    )
    if hit.die == "special":
        halved = _("; basic movement halved") if hit.movement_halved else ""
        out.print(
            _("Special: dexterity -%(lost)s%(halved)s") % {"lost": hit.dexterity_lost, "halved": halved},
            markup=False,
        )
    seed_line(chosen)


def _num(value: Number, exact: bool) -> Any:
    if exact and isinstance(value, Fraction):
        return str(value)
    return float(value)


def _shown(value: Number, exact: bool) -> str:
    if exact and isinstance(value, Fraction):
        return f"{value} ({float(value):.6f})"
    return f"{float(value):.6f}"


def fight_command(
    a_text: Annotated[
        str, typer.Option("--a", help=help_with(N_("Combatant A: %(fighter)s"), fighter=FIGHTER_HELP))
    ],
    b_text: Annotated[str, typer.Option("--b", help=N_("Combatant B, written as A."))],
    hit_location: Annotated[
        bool, typer.Option("--hit-location", help=N_("Damage by the Hit Location Chart."))
    ] = False,
    strength: Annotated[bool, typer.Option("--strength", help=N_("The strength bonus to damage."))] = False,
    armour: Annotated[bool, typer.Option("--armour", help=N_("Armour saving throws."))] = False,
    stamina: Annotated[bool, typer.Option("--stamina", help=N_("Stamina is spent; fatigue counts."))] = False,
    place: PlaceOpt = "",
    swamp: SwampOpt = False,
    exact: Annotated[bool, typer.Option("--exact", help=N_("Exact fractions (slower)."))] = False,
    json_out: JsonOption = False,
) -> None:
    a = parse_fighter(a_text, "A")
    b = parse_fighter(b_text, "B")
    rules = MeleeRules(hit_location, strength, armour, stamina, _place(place), swamp)
    state = start_melee(a, b, rules)
    began = time.perf_counter()
    solution = _fight_odds(state, exact, show_progress=not json_out)
    seconds = time.perf_counter() - began
    outcomes = solution.outcomes
    left = solution.expected
    blows = {
        name: [c.chance for c in chances(state.spec, i, False)] for i, name in enumerate((a.name, b.name))
    }
    if json_out:
        print_json(
            {
                "a": a.name,
                "b": b.name,
                "hit_chances": blows,
                "outcomes": {k: _num(outcomes.get(k, 0), exact) for k in ENDS if k in outcomes},
                "expected_hit_points": {k: _num(v, exact) for k, v in left.items()},
                "states": solution.positions,
                "exact": exact,
            }
        )
        return
    title = _("Melee: %(a)s (%(a_hp)s hp) vs %(b)s (%(b_hp)s hp)") % {
        "a": a.name,
        "a_hp": a.hit_points,
        "b": b.name,
        "b_hp": b.hit_points,
    }
    grid = Table(title=escape(title))
    grid.add_column(_("outcome"))
    grid.add_column(_("probability"))
    for label in ENDS:
        if label in outcomes:
            grid.add_row(escape(melee_end(label, a.name, b.name)), _shown(outcomes[label], exact))
    for name, key in ((a.name, "a-hit-points"), (b.name, "b-hit-points")):
        grid.add_row(
            escape(_("%(name)s: expected hit points left") % {"name": name}), _shown(left.get(key, 0), exact)
        )
    out.print(grid)
    for name, chance_list in blows.items():
        out.print(
            _("%(name)s hits with %(chances)s")
            % {"name": name, "chances": ", ".join(f"{c}%" for c in chance_list)},
            markup=False,
        )
    solved = _("%(states)s states solved in %(seconds)ss") % {
        "states": solution.positions,
        "seconds": f"{seconds:.2f}",
    }
    out.print(f"[dim]{solved}[/dim]")


def _fight_odds(state: MeleeState, exact: bool, *, show_progress: bool) -> MeleeOdds:
    """The melee's odds (`melee_odds`), with a progress bar on a terminal (exact fractions can be slow)."""
    if not (show_progress and err.is_terminal):
        return melee_odds(state, exact=exact)
    with Progress(transient=True, console=err) as bar:
        task = bar.add_task(_("Solving the melee, turn by turn"), total=None)

        def step(done: int, todo: int) -> None:
            bar.update(task, completed=done, total=todo)

        return melee_odds(state, exact=exact, progress=step)


def add_combat_commands(app: typer.Typer) -> None:
    """Mount the combat commands on the `grognard aif` app."""
    app.command(
        "melee",
        help=N_(
            "The chance to hit in melee, each way, with every modifier and the line of the book it "
            "comes from."
        ),
    )(melee_command)
    app.command(
        "missile",
        help=N_("The chance of a missile hitting, with every modifier, or why it may not be fired."),
    )(missile_command)
    app.command(
        "fight",
        help=N_(
            "The exact probability of each way a melee between two combatants can end, and hit points left."
        ),
    )(fight_command)
    app.command(
        "damage",
        help=N_("The exact distribution of the hit points one hit takes, after strength and armour."),
    )(damage_command)
    app.command(
        "hit-location",
        help=N_(
            "Roll a hit on the Hit Location Chart: the die, the damage, and special damage's effects\n"
            "(`--rolls`: the location reading, then the damage dice)."
        ),
    )(hit_location_command)
