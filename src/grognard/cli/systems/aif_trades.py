"""`grognard aif language | herd | troubadour | trapdoor`: the small chances of a trade or a skill.

A language's chance of error, a bred herd's value, a troubadour's evening and finding a trapdoor, each
with its exact odds and the book's line. Thin: the rules are in `systems.adventures_in_fantasy`
(education, crafts, terrain); `mount(app)` adds the commands to the `grognard aif` Typer app.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.table import Table

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption
from grognard.cli.systems.aif_education import exact, show
from grognard.engine.errors import UsageError
from grognard.i18n import N_, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import crafts, education, terrain
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK


def mount(app: typer.Typer) -> None:
    """Add the trade and skill commands to the `grognard aif` app."""
    app.command(
        "language",
        help=N_("The chance of an error in a non-native language, spoken or written (courses 3 and 4)."),
    )(language_command)
    app.command(
        "herd", help=N_("A master of husbandry's herd: 2% more value a year while he breeds it (line 451).")
    )(herd_command)
    app.command(
        "troubadour",
        help=N_(
            "A troubadour's evening: let perform, a gift of coppers, or thrown out or imprisoned (line 470)."
        ),
    )(troubadour_command)
    app.command(
        "trapdoor", help=N_("The chance of detecting a trapdoor or a sliding wall (lines 743, 745).")
    )(trapdoor_command)


def _percent(value: Fraction) -> str:
    return f"{show(value * 100)}%"


def language_command(
    intelligence: Annotated[
        int, typer.Option("--intelligence", help=N_("The speaker's Intelligence (0-100)."))
    ],
    json_out: JsonOption = False,
) -> None:
    percent = education.language_error(intelligence)
    chance = education.language_error_chance(intelligence)
    if json_out:
        print_json(
            {
                "intelligence": intelligence,
                "error_percent": percent,
                "error_chance": exact(chance),
                "source": f"{RULEBOOK}:374",
            }
        )
        return
    out.print(
        _(
            "Error chance: 15 - %(intelligence)s // 3 = %(percent)s%% (lines 374, 376; ruling "
            '"Education: a language\'s chance of error")'
        )
        % {"intelligence": intelligence, "percent": percent},
        markup=False,
    )


def herd_command(
    value: Annotated[str, typer.Option("--value", help=N_("The herd's value now, in gold pieces."))],
    animals: Annotated[int, typer.Option("--animals", help=N_("Animals of the one species in the herd."))],
    years: Annotated[int, typer.Option("--years", help=N_("Years of breeding to show."))] = 12,
    breeding: Annotated[
        int, typer.Option("--breeding", help=N_("Years until the master is satisfied (12-30)."))
    ] = 30,
    json_out: JsonOption = False,
) -> None:
    try:
        start = Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageError(_("value %(value)r is not a number of gold pieces") % {"value": value}) from None
    herd = crafts.herd_value(start, animals, years, breeding)
    if json_out:
        print_json(
            {
                "animals": animals,
                "grows": herd.grows,
                "breeding_years": breeding,
                "values": [exact(v) for v in herd.values],
                "final": exact(herd.final),
                "source": herd.source,
            }
        )
        return
    if not herd.grows:
        out.print(
            _("Under %(minimum)s animals: the herd does not grow (line 451).")
            % {"minimum": crafts.HERD_MINIMUM},
            markup=False,
        )
    title = _("A herd of %(animals)s, bred %(years)s years") % {"animals": animals, "years": breeding}
    grid = Table(title=title, caption=f"{herd.source}")
    grid.add_column(_("year"))
    grid.add_column(_("value (GP)"))
    for year, v in enumerate(herd.values):
        grid.add_row(str(year), f"{float(v):.2f}")
    out.print(grid)


def troubadour_command(
    charisma: Annotated[int, typer.Option("--charisma", help=N_("The troubadour's Charisma."))],
    host: Annotated[int, typer.Option("--host", help=N_("The innkeeper's or householder's Charisma."))],
    json_out: JsonOption = False,
) -> None:
    evening = crafts.performance(charisma, host)
    rows: list[tuple[str, Fraction]] = [
        (N_("not let perform"), evening.refused),
        (N_("a gift"), evening.gift),
        (N_("no gift: thrown out of town"), evening.thrown_out),
        (N_("no gift: 1-6 weeks in prison"), evening.imprisoned),
    ]
    data: dict[str, Any] = {
        "charisma": charisma,
        "host": host,
        "gift_chance_when_performing": exact(crafts.gift_chance(charisma)),
        "outcomes": {name: exact(p) for name, p in rows},
        "expected_coppers": exact(evening.expected_coppers),
        "gift_coppers": {str(c): exact(p) for c, p in crafts.gift_coppers().items()},
        "source": evening.source,
    }
    if json_out:
        print_json(data)
        return
    grid = Table(title=_("A troubadour's evening"), caption=evening.source)
    grid.add_column(_("outcome"))
    grid.add_column(pgettext("odds", "chance"))
    for name, p in rows:
        grid.add_row(_(name), _percent(p))
    out.print(grid)
    out.print(
        _(
            "Gift when performing: %(gift)s, d20 x d20 read 1-10: 1-100 coppers; expected coppers per evening"
            " %(coppers)s"
        )
        % {"gift": _percent(crafts.gift_chance(charisma)), "coppers": show(evening.expected_coppers)},
        markup=False,
    )


def trapdoor_command(
    dwarf: Annotated[bool, typer.Option("--dwarf", help=N_("The searcher is a dwarf (80%)."))] = False,
    forester: Annotated[bool, typer.Option("--forester", help=N_("A Forester/Huntsman (+10%)."))] = False,
    miner: Annotated[bool, typer.Option("--miner", help=N_("A Miner (+20%)."))] = False,
    engineer: Annotated[bool, typer.Option("--engineer", help=N_("An Engineer (+30%)."))] = False,
    json_out: JsonOption = False,
) -> None:
    flags = ((N_("forester"), forester), (N_("miner"), miner), (N_("engineer"), engineer))
    skills = tuple(name for name, on in flags if on)
    percent = terrain.trap_detection(dwarf=dwarf, skills=skills)
    if json_out:
        print_json(
            {
                "dwarf": dwarf,
                "skills": list(skills),
                "detect_percent": percent,
                "detect_chance": exact(terrain.trap_detection_chance(dwarf=dwarf, skills=skills)),
                "source": f"{RULEBOOK}:743",
            }
        )
        return
    who = (_("a dwarf") if dwarf else _("a character")) + (
        f" ({', '.join(_(skill) for skill in skills)})" if skills else ""
    )
    out.print(
        _("%(who)s detects a trapdoor or sliding wall: %(percent)s%% (lines 743, 745)")
        % {"who": who, "percent": percent},
        markup=False,
    )
