"""The referee's table procedures of Adventures in Fantasy, for the browser desk and the terminal loop:
encounter, evasion, hostility, foraging, tactical terrain and arrivals, each a form (`Field`s) and a
runner that throws the dice it is given first (the dice the table threw) and rolls the rest, returning
every step with its roll and row.

The runners call the same system functions as the `aif` commands (`encounters`, `evasion`, `hostility`,
`foraging`, `terrain`, `deployment`); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.i18n import N_, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.deployment import arrivals
from grognard.systems.adventures_in_fantasy.encounters import TERRAINS, outdoor_encounter
from grognard.systems.adventures_in_fantasy.evasion import EVASION_TERRAINS, Hidden, Searchers, evade
from grognard.systems.adventures_in_fantasy.foraging import FORAGE_TERRAINS, forage, hunt
from grognard.systems.adventures_in_fantasy.hostility import DEPLOYMENTS, Side, hostility
from grognard.systems.adventures_in_fantasy.journey import outcome_of
from grognard.systems.adventures_in_fantasy.steps import Step
from grognard.systems.adventures_in_fantasy.terrain import AREA_TABLES, tactical_map

ALIGNMENT_CHOICES = ("law", "neutral", "chaos")


@dataclass(frozen=True)
class Field:
    """One input of a procedure's form: its name, label, kind ("number", "choice", "check", "text"),
    the choices of a "choice", and the default."""

    name: str
    label: str
    kind: str = "number"
    choices: tuple[str, ...] = ()
    default: str = ""


@dataclass(frozen=True)
class Outcome:
    """What a procedure decided: one line, every step with its dice, and a map's rows (terrain only)."""

    summary: str
    steps: tuple[Step, ...]
    grid: tuple[tuple[str, ...], ...] = ()
    met: str = ""
    """What a day's encounter met, as the campaign names it (`journey.outcome_of`, `NOTHING` for nothing
    met); "" for a procedure that meets nothing by its nature."""


@dataclass(frozen=True)
class Procedure:
    """A table procedure of the desk: id, title, the book's lines, its form and its runner."""

    id: str
    title: str
    source: str
    fields: tuple[Field, ...]
    run: Callable[[Rng, Mapping[str, str]], Outcome]


def number(values: Mapping[str, str], name: str, low: int, high: int, label: str = "") -> int:
    """A whole-number field within `low`..`high`, or a `UsageError` naming it (`_field_said`)."""
    text = values.get(name, "").strip() or "0"
    if not text.lstrip("-").isdigit() or len(text) > 9:
        said = _("{field} {text} is not a whole number")
        raise UsageError(said.format(field=_field_said(name, label), text=repr(text)))
    value = int(text)
    if not low <= value <= high:
        said = _("{field} {value}: give {low} to {high}")
        raise UsageError(said.format(field=_field_said(name, label), value=value, low=low, high=high))
    return value


def _field_said(name: str, label: str = "") -> str:
    """The field `name` as a refusal names it, in the reader's language: its `label` (a message), else
    the label a procedure's form gives it, else its name."""
    if not label:
        label = next((f.label for p in PROCEDURES.values() for f in p.fields if f.name == name), "")
    return _(label) if label else name


def _checked(values: Mapping[str, str], name: str) -> bool:
    return values.get(name, "") in ("on", "yes", "1", "true")


def _encounter(rng: Rng, values: Mapping[str, str]) -> Outcome:
    met = outdoor_encounter(rng, values.get("terrain", "forest"))
    what = met.creature or met.kind or _("something")
    said = _("{what} met").format(what=what) if met.met else _("nothing met")
    return Outcome(said, met.steps, met=outcome_of(met))


def _evasion(rng: Rng, values: Mapping[str, str]) -> Outcome:
    searchers = Searchers(foot=number(values, "searchers", 0, 100_000))
    hidden = Hidden(men=number(values, "hidden", 0, 100_000))
    done = evade(rng, searchers, hidden, values.get("terrain", "open"), _checked(values, "road"), False)
    chance = f"{float(done.found_probability):.0%}"
    if done.found:
        said = _("the hidden party is found (chance {chance})").format(chance=chance)
    else:
        said = _("the hidden party stays hidden (chance {chance})").format(chance=chance)
    return Outcome(said, done.steps)


def _hostility(rng: Rng, values: Mapping[str, str]) -> Outcome:
    first = Side.of(values.get("force", "law"), values.get("deployment", "marching"))
    second = Side.of(values.get("other", "chaos"), values.get("other_deployment", "marching"))
    done = hostility(rng, first, second)
    return Outcome(_("they fight") if done.fight else _("no fight: they may part"), done.steps)


def _forage(rng: Rng, values: Mapping[str, str]) -> Outcome:
    terrain = values.get("terrain", "forest")
    animals = forage(rng, terrain)
    food = hunt(rng, terrain, number(values, "bonus", -100, 100))
    fed = _("the animals graze") if animals.fed else _("no grazing for the animals")
    found = _("{rations} ration(s) hunted").format(rations=food.rations) if food.found else _("no game found")
    return Outcome(_("{fed}; {found}").format(fed=fed, found=found), (*animals.steps, *food.steps))


def _terrain(rng: Rng, values: Mapping[str, str]) -> Outcome:
    area = values.get("area", "woods")
    made = tactical_map(rng, area, number(values, "width", 1, 12), number(values, "height", 1, 12))
    grid = tuple(tuple(s.symbol for s in row) for row in made.rows())
    said = _("a {width} x {height} battle map of {area}").format(
        width=made.width, height=made.height, area=pgettext("terrain", made.area)
    )
    return Outcome(said, made.steps, grid)


def _arrivals(rng: Rng, values: Mapping[str, str]) -> Outcome:
    found, steps = arrivals(
        rng,
        values.get("deployment", "marching"),
        number(values, "men", 1, 100_000),
        number(values, "turns", 1, 20),
    )
    told = "; ".join(
        _("turn {turn}: {men} from {where}").format(turn=a.turn, men=a.men, where=a.where) for a in found
    ) or _("nobody arrives")
    return Outcome(told, tuple(steps))


PROCEDURES = {
    p.id: p
    for p in (
        Procedure(
            "encounter",
            N_("A day's encounter"),
            "002_8449cbd1010a37a5.txt:860-1010",
            (Field("terrain", N_("Terrain"), "choice", TERRAINS, "forest"),),
            _encounter,
        ),
        Procedure(
            "evasion",
            N_("Evasion (Chart G)"),
            "002_8449cbd1010a37a5.txt:879-901",
            (
                Field("searchers", N_("Searchers on foot"), default="20"),
                Field("hidden", N_("Men hiding"), default="4"),
                Field("terrain", N_("Terrain"), "choice", tuple(EVASION_TERRAINS), "forest"),
                Field("road", N_("On a road"), "check"),
            ),
            _evasion,
        ),
        Procedure(
            "hostility",
            N_("Hostility"),
            "002_8449cbd1010a37a5.txt:1076-1102",
            (
                Field("force", N_("The party's alignment"), "choice", ALIGNMENT_CHOICES, "law"),
                Field("deployment", N_("Its deployment"), "choice", DEPLOYMENTS, "marching"),
                Field("other", N_("The other's alignment"), "choice", ALIGNMENT_CHOICES, "chaos"),
                Field("other_deployment", N_("Its deployment"), "choice", DEPLOYMENTS, "marching"),
            ),
            _hostility,
        ),
        Procedure(
            "forage",
            N_("Forage and hunt"),
            "002_8449cbd1010a37a5.txt:1191-1235",
            (
                Field("terrain", N_("Terrain"), "choice", FORAGE_TERRAINS, "forest"),
                Field("bonus", N_("Education bonus (%)"), default="0"),
            ),
            _forage,
        ),
        Procedure(
            "terrain",
            N_("Tactical terrain"),
            "002_8449cbd1010a37a5.txt:1149-1189",
            (
                Field("area", N_("Area"), "choice", tuple(AREA_TABLES), "forest"),
                Field("width", N_("Sections across"), default="6"),
                Field("height", N_("Sections down"), default="4"),
            ),
            _terrain,
        ),
        Procedure(
            "arrivals",
            N_("Arrivals of a force found"),
            "002_8449cbd1010a37a5.txt:1104-1132",
            (
                Field("deployment", N_("Its deployment"), "choice", DEPLOYMENTS, "marching"),
                Field("men", N_("Men"), default="30"),
                Field("turns", N_("Turns shown"), default="5"),
            ),
            _arrivals,
        ),
    )
}
"""The desk's table procedures by id."""
