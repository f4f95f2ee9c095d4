"""`grognard heroquest` (alias `hq`): the rulebook's catalogue and monster statistics by level."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from grognard.cli.console import out, print_json
from grognard.cli.frontends import Frontend, MenuEntry, register
from grognard.cli.options import JsonOption
from grognard.engine.errors import UsageError
from grognard.i18n import N_, number
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.catalog import Entry, Mercenary, Monster, StatLine
from grognard.systems.heroquest.content.words import said, text_said

if TYPE_CHECKING:
    from collections.abc import Sequence

    from grognard.cli.play_loop import Presenter
    from grognard.engine.match import Match


app = typer.Typer(
    help=N_("HeroQuest (Revised System Rules 2.0): heroes, quests on the board, the game master, odds."),
    no_args_is_help=True,
    rich_markup_mode="rich",
)

_KIND_ALIASES = {
    "race": "races",
    "class": "classes",
    "skill": "skills",
    "weapon": "weapons",
    "armor": "armour",
    "item": "items",
    "artifact": "artifacts",
    "spell": "spells",
    "monster-skill": "monster-skills",
    "monster": "monsters",
    "mercenary": "mercenaries",
}


def kind_name(text: str) -> str:
    """The catalogue kind meant by `text` ("skill", "Skills", "armor"); a `UsageError` lists the kinds."""
    kinds = hq.catalog().kinds()
    key = hq.key_of(text)
    key = _KIND_ALIASES.get(key, key)
    if key not in kinds:
        raise UsageError(_("no kind %(kind)r; kinds: %(kinds)s") % {"kind": text, "kinds": ", ".join(kinds)})
    return key


def _facts(entry: Entry) -> str:
    """A one-line summary of the numbers of an entry, for the catalogue list."""
    if isinstance(entry, hq.Skill):
        where = "; ".join(
            o.group
            + "".join(f" {s}>={v}" for s, v in o.minimums.items())
            + "".join(f" needs {r}" for r in o.requires)
            for o in entry.offers
        )
        return f"cost {entry.cost}, {entry.use}; {where}"
    if isinstance(entry, hq.Weapon):
        hands = "two-handed" if entry.two_handed else "one-handed"
        body = f", body {entry.min_body}+" if entry.min_body else ""
        return f"+{entry.attack_dice} attack, {hands}{body}, {entry.price} gold"
    if isinstance(entry, hq.Armour):
        return f"+{entry.defend_dice} defend, body {entry.min_body}+, {entry.price} gold"
    if isinstance(entry, hq.Item):
        return "treasure deck only" if entry.price is None else f"{entry.price} gold"
    if isinstance(entry, hq.Spell):
        level = "no level" if entry.level is None else f"level {entry.level}"
        return f"{entry.school}, {level}, {entry.target}"
    if isinstance(entry, Monster | Mercenary):
        low, high = entry.level_range
        price = f", {entry.price_per_quest} gold per quest" if isinstance(entry, Mercenary) else ""
        return f"levels {low}-{high}{price}"
    if isinstance(entry, hq.HeroClass):
        return ", ".join(f"{k} {v}" for k, v in entry.start.items())
    if isinstance(entry, hq.Race):
        return ", ".join(f"{k} +{v}" for k, v in entry.bonus.items())
    return ""


@app.command(
    "catalog", help=N_("List the kinds of the catalogue with their counts, or every entry of one kind.")
)
def catalog_command(
    kind: str | None = typer.Argument(None, help=N_("races, classes, skills, weapons, armour, items, ...")),
    as_json: JsonOption = False,
) -> None:
    kinds = hq.catalog().kinds()
    if kind is None:
        if as_json:
            print_json({k: len(v) for k, v in kinds.items()})
            return
        for name, entries in kinds.items():
            out.print(f"{name:15} {len(entries):3}", markup=False)
        return
    entries = kinds[kind_name(kind)]
    if as_json:
        print_json([e.model_dump(exclude_defaults=True) | {"name": e.name} for e in entries])
        return
    table = Table(title=kind_name(kind))
    for column in (N_("name"), N_("facts"), N_("line")):
        table.add_column(_(column))
    for e in entries:
        table.add_row(said(e.name), _facts(e), e.source.rsplit(":", 1)[1])
    table.caption = _("lines of %(rulebook)s") % {"rulebook": hq.RULEBOOK}
    out.print(table)


def _line_data(line: StatLine) -> dict[str, Any]:
    return line.model_dump(exclude={"source"}, exclude_none=True)


@app.command(
    "monster",
    help=N_("A monster's statistics at a level, with the weapons, armour and skills it may be given."),
)
def monster_command(
    name: str = typer.Argument(..., help=N_("A monster (or mercenary) name, e.g. goblin, 'chaos warrior'.")),
    level: int | None = typer.Option(
        None, "--level", "-l", help=N_("The level (default: the lowest printed).")
    ),
    as_json: JsonOption = False,
) -> None:
    cat = hq.catalog()
    who: Monster | Mercenary
    if hq.key_of(name) in cat.mercenaries or hq.key_of(name) == "swordsmen":
        who = hq.mercenary(name)
    else:
        who = hq.monster(name)
    line = who.at(who.level_range[0] if level is None else level)
    data: dict[str, Any] = {"name": who.name, "kind": "monster" if isinstance(who, Monster) else "mercenary"}
    data |= _line_data(line) | {"levels": list(who.level_range), "source": line.source}
    if isinstance(who, Monster):
        data["undead"] = who.undead
        data["weapons"] = [g.model_dump(exclude_defaults=True) for g in who.weapons]
        data["armour"] = [g.model_dump(exclude_defaults=True) for g in who.armour]
        data["equipment"] = who.equipment_note
        data["skills"] = [
            {"name": s, "text": hq.monster_skill(s).text, "note": who.skill_notes.get(s, "")}
            for s in who.skills
        ]
    else:
        data["weapons"] = who.weapons
        data["price_per_quest"] = who.price_per_quest
        data["text"] = who.text
    if as_json:
        print_json(data)
        return
    attack = str(line.attack)
    if line.close_attack is not None:
        attack += _(" (close: %(dice)s)") % {"dice": line.close_attack}
    heading = _("%(name)s, level %(level)s (levels %(low)s-%(high)s)")
    values = {
        "name": said(who.name),
        "level": line.level,
        "low": data["levels"][0],
        "high": data["levels"][1],
    }
    out.print(heading % values, markup=False)
    numbers = _(
        "Movement %(low)s-%(high)s  Attack %(attack)s  Defend %(defend)s  Body %(body)s  Mind %(mind)s  "
        "Magic %(magic)s   [%(source)s]"
    )
    values = {
        "low": line.move_min,
        "high": line.move_max,
        "attack": attack,
        "defend": line.defend,
        "body": line.body,
        "mind": line.mind,
        "magic": line.magic,
        "source": line.source,
    }
    out.print(numbers % values, markup=False)
    if isinstance(who, Monster):
        gear = ", ".join(f"{said(g.name)} (+{g.dice})" for g in who.weapons) or _("none")
        out.print(_("Weapons: %(things)s") % {"things": gear}, markup=False)
        gear = ", ".join(f"{said(g.name)} (+{g.dice})" for g in who.armour) or _("none")
        out.print(_("Armour: %(things)s") % {"things": gear}, markup=False)
        out.print(f"  {text_said(who.equipment_note)}", markup=False)
        for s in data["skills"]:
            note = f" ({s['note']})" if s["note"] else ""
            skill = _("Skill %(name)s%(note)s: %(text)s") % {
                "name": said(s["name"]),
                "note": note,
                "text": text_said(s["text"]),
            }
            out.print(skill, markup=False)
    else:
        paid = _("%(gold)s gold per quest. %(text)s") % {
            "gold": number(who.price_per_quest),
            "text": text_said(who.text),
        }
        out.print(paid, markup=False)


def _mount_extensions() -> None:
    """Mount the command groups kept in their own modules (heroes and attacks)."""
    from grognard.cli.systems.heroquest_heroes import mount as mount_heroes

    mount_heroes(app)
    from grognard.cli.systems.heroquest_play import mount as mount_play

    mount_play(app)
    from grognard.cli.systems.heroquest_import import mount as mount_import

    mount_import(app)
    from grognard.cli.systems.heroquest_heroes import hero_app
    from grognard.cli.systems.heroquest_training import mount as mount_training

    mount_training(hero_app)


_mount_extensions()


def _play_quest() -> None:
    from grognard.cli.console import choose
    from grognard.cli.systems.heroquest_play import play_command
    from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS

    quests = list(SHIPPED_QUESTS)
    back = _("Back")
    picked = choose([*quests, back], _("Quest"))
    if picked != back:
        play_command(quest=picked)


def _resume(game_id: str) -> None:
    from grognard.cli.systems.heroquest_play import play_command

    play_command(game=game_id)


def _map(match: Match, kinds: Sequence[str], width: int) -> Presenter:
    """The quest's map."""
    from grognard.cli.systems.map_heroquest import QuestPresenter

    return QuestPresenter()


FRONTEND = register(
    Frontend(
        system="heroquest",
        command="heroquest",
        app=app,
        aliases=("hq",),
        menu=lambda: [MenuEntry(_("Play a quest against the automatic game master"), _play_quest)],
        resume=_resume,
        presenters={"quest": _map},
    )
)
"""The registered front end of the HeroQuest system."""
