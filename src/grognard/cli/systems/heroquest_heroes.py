"""`grognard heroquest hero new|list|show|level-up|award|buy|sell|equip|skill` and `... attack`.

Heroes are kept on the roster, in the saved-game store (`open_store`: `games.sqlite3` in `$GROGNARD_HOME`,
or `$GROGNARD_DATABASE_URL`), handed here to `systems.heroquest.campaign.roster`; the hero files of an older
grognard in `$GROGNARD_HOME/heroquest/heroes` are imported into it once, the first time it is opened.
`hero new` asks for every choice not given on the command line (numbered answers, read from standard
input when it is not a terminal); with `--json` it never asks and a missing choice is an error naming
it. `attack` prints the exact damage distribution.
The lead mounts these into `cli/systems/heroquest.py` (see `mount`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated, Any, cast

import typer
from rich.markup import escape
from rich.table import Table

from grognard.cli.console import choose, err, out, print_json, read_line
from grognard.cli.options import JsonOption
from grognard.engine.errors import UsageError
from grognard.engine.store.factory import grognard_home, open_store
from grognard.i18n import N_, decimal, ngettext, number, percent, pgettext
from grognard.i18n import gettext as _
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import combat_dice as cd
from grognard.systems.heroquest.content import hero as hr
from grognard.systems.heroquest.content.catalog import STATS, Stat
from grognard.systems.heroquest.content.hero import Hero
from grognard.systems.heroquest.content.words import listed, said
from grognard.systems.heroquest.rules import gear

hero_app = typer.Typer(
    name="hero",
    help=N_("Heroes kept between quests: create, show, level up, buy and sell."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

HeroName = Annotated[str, typer.Argument(help=N_("The hero's name, as `hero list` shows it."))]


def mount(app: typer.Typer) -> None:
    """Add `hero ...` and `attack` to the `grognard heroquest` app."""
    app.add_typer(hero_app, name="hero")
    app.command(
        "attack",
        help=N_("The exact distribution of damage of an attack (line 84), its mean and the chance to kill."),
    )(attack_command)


def roster() -> Roster:
    """The roster in the saved-game store, the hero files of `$GROGNARD_HOME/heroquest/heroes` imported
    into it the first time (what was imported, and each file refused, told once on standard error)."""
    kept = Roster(open_store())
    for line in kept.import_folder(grognard_home() / "heroquest" / "heroes").lines():
        err.print(line, markup=False)
    return kept


# ---------------------------------------------------------------------------------------------------
# Showing a hero


def hero_data(hero: Hero) -> dict[str, Any]:
    """A hero as JSON, with the dice it rolls and what its next level needs."""
    return {
        "hero": hero.model_dump(mode="json"),
        "attack_dice": gear.attack_dice(hero),
        "defend_dice": gear.defend_dice(hero),
        "next_level": hr.DEFAULT_THRESHOLDS.needed(hero.level + 1),
        "castable": [hr.spell_id(s) for s in hr.castable_spells(hero)],
    }


def show_hero(hero: Hero) -> None:
    """The hero's sheet, as the rulebook's character sheet lays it out (lines 1025-1068)."""
    sheet = ngettext(
        "%(name)s, %(hero)s, level %(level)s (%(experience)s experience; level %(next)s at %(needed)s), "
        "%(gold)s gold, %(points)s skill point(s) to spend",
        "%(name)s, %(hero)s, level %(level)s (%(experience)s experience; level %(next)s at %(needed)s), "
        "%(gold)s gold, %(points)s skill points to spend",
        hero.skill_points,
    )
    out.print(
        sheet
        % {
            "name": f"[bold]{escape(hero.name)}[/bold]",
            "hero": said(f"{hero.race} {hero.hero_class}"),
            "level": hero.level,
            "experience": number(hero.experience),
            "next": hero.level + 1,
            "needed": number(hr.DEFAULT_THRESHOLDS.needed(hero.level + 1)),
            "gold": number(hero.gold),
            "points": hero.skill_points,
        }
    )
    table = Table(show_header=True)
    table.add_column("")
    for s in STATS:
        table.add_column(_(STAT_NAMES[s]), justify="right")
    table.add_row(_("Base"), *(str(hero.base.get(s)) for s in STATS))
    table.add_row(_("Now"), *(str(hero.current.get(s)) for s in STATS))
    out.print(table)
    held = hero.equipped
    dice = _("Attack dice %(attack)s, defend dice %(defend)s")
    out.print(dice % {"attack": gear.attack_dice(hero), "defend": gear.defend_dice(hero)}, markup=False)
    lines = [
        (N_("Weapons"), listed(hero.weapons)),
        (N_("Armour"), listed(hero.armour)),
        (N_("Artifacts"), listed(hero.artifacts)),
        (N_("Items"), listed(hero.items)),
        (N_("Skills"), listed(hero.skills)),
        (N_("Spell groups"), ", ".join(_(g) for g in hero.elements)),
        (N_("Spells"), listed(hero.spells)),
        (N_("Equipped"), listed(held.names())),
        (N_("Charges used"), ", ".join(f"{said(key)} {n}" for key, n in hero.spent)),
    ]
    for label, values in lines:
        out.print(
            _("%(label)s: %(values)s") % {"label": _(label), "values": values or _("none")}, markup=False
        )


def _report(hero: Hero, as_json: bool, message: str, **extra: Any) -> None:
    if as_json:
        print_json(hero_data(hero) | extra)
        return
    out.print(message, markup=False)
    show_hero(hero)


# ---------------------------------------------------------------------------------------------------
# hero new


def _split(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [p.strip() for p in text.split(",") if p.strip()]


def _pick(label: str, options: list[str], given: str | None, ask: bool, missing: list[str]) -> str | None:
    if given is not None:
        return given
    if len(options) == 1:
        return options[0]
    if not ask:
        missing.append(f"--{label}")
        return None
    return _chosen(options, label)


_ASKED = {
    "race": N_("Choose the race"),
    "class": N_("Choose the class"),
    "weapon": N_("Choose the weapon"),
}
"""The questions of `hero new` by the choice they ask."""
DEFENDERS = (N_("hero"), N_("monster"))
SHIELDS = {"white shield": N_("white shields"), "black shield": N_("black shields")}
"""Who defends in `attack` (`--defender`), as its heading says it."""
STAT_NAMES = {
    "attack": N_("Attack"),
    "defend": N_("Defend"),
    "body": N_("Body"),
    "mind": N_("Mind"),
    "magic": N_("Magic"),
    "movement": N_("Movement"),
}
"""The attributes' names as the sheet says them."""


def _chosen(options: Sequence[str], label: str, asked: str = "", names: dict[str, str] | None = None) -> str:
    """One of `options` asked by number, each said in the reader's language (the rules data's names,
    `names` for the attributes); the option itself (English, as the rules take it) is returned."""
    shown = {(_(names[o]) if names and o in names else said(o) or o): o for o in options}
    if len(shown) < len(options):  # two options said alike: ask them as they are
        shown = {o: o for o in options}
    return shown[choose(list(shown), asked or _(_ASKED[label]))]


def _stats(text: list[str]) -> list[Stat]:
    bad = [t for t in text if t.lower() not in STATS]
    if bad:
        raise UsageError(
            _("no attribute %(name)r; the attributes are %(attributes)s")
            % {"name": bad[0], "attributes": ", ".join(STATS)}
        )
    return [cast(Stat, t.lower()) for t in text]


@hero_app.command(
    "new", help=N_("Create a hero and keep it on the roster; every choice not given is asked for.")
)
def new_command(
    name: Annotated[str | None, typer.Option("--name", help=N_("The hero's name."))] = None,
    race: Annotated[str | None, typer.Option("--race", help=N_("human, elf or dwarf."))] = None,
    hero_class: Annotated[
        str | None, typer.Option("--class", help=N_("barbarian, warrior, rogue, wizard or rogue-mage."))
    ] = None,
    extra: Annotated[
        str | None, typer.Option("--extra", help=N_("Where the two extra points go, e.g. attack,defend."))
    ] = None,
    skill: Annotated[
        str | None,
        typer.Option("--skill", help=N_("The starting skill (cost 1), or 'none' to keep the point.")),
    ] = None,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help=N_("The starting weapon (barbarian)."))
    ] = None,
    elements: Annotated[
        str | None, typer.Option("--elements", help=N_("Spell groups, e.g. earth,fire,water (wizard: 3)."))
    ] = None,
    gold: Annotated[int, typer.Option("--gold", help=N_("Gold the game master grants at the start."))] = 0,
    as_json: JsonOption = False,
) -> None:
    ask = not as_json
    missing: list[str] = []
    if name is None and ask:
        name = read_line(_("Name: ")).strip() or None
    if name is None:
        missing.append("--name")
    race = _pick("race", [r.name for r in hq.catalog().races.values()], race, ask, missing)
    hero_class = _pick("class", hr.classes_open_to(race), hero_class, ask, missing)
    if name is None or race is None or hero_class is None:
        raise UsageError(_("missing choices: %(options)s") % {"options": ", ".join(missing)})
    needs = hr.creation_needs(race, hero_class)
    points = _split(extra)
    if points is None and ask:
        count = needs.extra_points
        points = [
            _chosen(
                list(needs.extra_to),
                "",
                _("Extra point %(n)s of %(count)s") % {"n": i + 1, "count": count},
                STAT_NAMES,
            )
            for i in range(count)
        ]
    elif points is None:
        missing.append("--extra")
    weapon = _pick("weapon", list(needs.weapons), weapon, ask, missing)
    groups = _split(elements)
    if groups is None and needs.elements and ask:
        groups = []
        for i in range(needs.elements):
            left = [s for s in hq.ELEMENTAL_SCHOOLS if s not in groups]
            asked = _("Spell group %(n)s of %(count)s") % {"n": i + 1, "count": needs.elements}
            groups.append(_chosen(left, "", asked))
    elif groups is None and needs.elements:
        missing.append("--elements")
    if missing or points is None:
        raise UsageError(_("missing choices: %(options)s") % {"options": ", ".join(missing)})
    stats = _stats(points)
    if skill is None and ask:
        trial = hr.create_hero(name, race, hero_class, stats, weapon=weapon, elements=groups or ())
        options = hr.skill_options(trial, starting=True)
        skill = _chosen([*options, "none"], "", _("Starting skill (one point)")) if options else "none"
    chosen = None if skill is None or skill.strip().lower() == "none" else skill
    hero = hr.create_hero(
        name, race, hero_class, stats, skill=chosen, weapon=weapon, elements=groups or (), gold=gold
    )
    key = roster().save(hero, new=True)
    _report(hero, as_json, _("%(name)s joins the roster.") % {"name": hero.name}, key=key)


# ---------------------------------------------------------------------------------------------------
# The other hero commands


@hero_app.command(
    "list", help=N_("Every hero on the roster (with `--fallen`, every hero who fell in a quest).")
)
def list_command(
    as_json: JsonOption = False,
    fallen: Annotated[
        bool, typer.Option("--fallen", help=N_("The heroes who fell in a quest instead."))
    ] = False,
) -> None:
    heroes = roster().fallen() if fallen else roster().heroes()
    if as_json:
        print_json([hero_data(h) for h in heroes])
        return
    if not heroes:
        none_yet = _("No heroes yet: `grognard heroquest hero new` creates one.")
        empty = _("No hero has fallen.") if fallen else none_yet
        out.print(empty, markup=False)
        return
    table = Table()
    for column in (N_("name"), N_("race"), N_("class"), N_("level"), N_("experience"), N_("gold")):
        table.add_column(_(column))
    for h in heroes:
        table.add_row(
            h.name,
            pgettext("race", h.race),
            said(h.hero_class),
            str(h.level),
            number(h.experience),
            number(h.gold),
        )
    out.print(table)


@hero_app.command("show", help=N_("One hero's sheet."))
def show_command(name: HeroName, as_json: JsonOption = False) -> None:
    hero = roster().load(name)
    if as_json:
        print_json(hero_data(hero))
        return
    show_hero(hero)


@hero_app.command(
    "level-up",
    help=N_("Take the next level: one attribute point, one skill point, and the level's spells (line 349)."),
)
def level_up_command(
    name: HeroName,
    attribute: Annotated[
        str | None, typer.Option("--attribute", help=N_("Where the level's point goes."))
    ] = None,
    skill: Annotated[
        str | None, typer.Option("--skill", help=N_("A skill to buy with the skill points."))
    ] = None,
    thresholds: Annotated[
        str, typer.Option("--thresholds", help=N_("Experience for levels 2, 3, ... (default 40,80,120,...)."))
    ] = "",
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero = store.load(name)
    scale = hr.Thresholds.parse(thresholds)
    if attribute is None:
        if as_json:
            raise UsageError(_("missing choices: %(options)s") % {"options": "--attribute"})
        if hr.levels_due(hero, scale) < 1:
            hr.level_up(hero, "attack", scale)
        allowed = [s for s in STATS if hr.attribute_problem(hero, s) is None]
        attribute = _chosen(allowed, "", _("Attribute point"), STAT_NAMES)
    hero = hr.level_up(hero, _stats([attribute])[0], scale)
    if skill is not None:
        hero = hr.learn_skill(hero, skill)
    store.save(hero)
    _report(hero, as_json, _("%(name)s reaches level %(level)s.") % {"name": hero.name, "level": hero.level})


@hero_app.command(
    "skill", help=N_("Spend skill points on a skill of the hero's class, race or the weapon skills.")
)
def skill_command(
    name: HeroName,
    skill: str = typer.Argument(..., help=N_("The skill to buy.")),
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero = hr.learn_skill(store.load(name), skill)
    store.save(hero)
    learnt = _("%(name)s learns %(skill)s.") % {"name": hero.name, "skill": said(hq.skill(skill).name)}
    _report(hero, as_json, learnt)


@hero_app.command("award", help=N_("Add experience or gold the game master grants."))
def award_command(
    name: HeroName,
    experience: Annotated[int, typer.Option("--experience", help=N_("Experience points to add."))] = 0,
    gold: Annotated[int, typer.Option("--gold", help=N_("Gold to add (negative to take away)."))] = 0,
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero = hr.gain_gold(hr.gain_experience(store.load(name), experience), gold)
    store.save(hero)
    due = hr.levels_due(hero)
    note = _(" %(count)s level(s) to take with `hero level-up`.") % {"count": due} if due else ""
    award = _("%(name)s: +%(experience)s experience, %(gold)s gold.%(note)s")
    values = {"name": hero.name, "experience": number(experience), "gold": f"{gold:+d}", "note": note}
    _report(hero, as_json, award % values)


@hero_app.command("buy", help=N_("Buy a weapon, armour piece or item at its price."))
def buy_command(
    name: HeroName,
    thing: str = typer.Argument(..., help=N_("A weapon, armour piece or item with a price.")),
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero = gear.buy(store.load(name), thing)
    store.save(hero)
    bought = gear.find_thing(thing)[1].name
    buys = _("%(name)s buys %(thing)s for %(price)s gold.")
    price = gear.price(bought)
    values = {
        "name": hero.name,
        "thing": said(bought),
        "price": str(price) if price is None else number(price),
    }
    _report(hero, as_json, buys % values, bought=bought)


@hero_app.command(
    "sell", help=N_("Sell something at half its price (line 429), or an artifact at the price agreed.")
)
def sell_command(
    name: HeroName,
    thing: str = typer.Argument(..., help=N_("Something the hero carries.")),
    price: Annotated[
        int | None,
        typer.Option("--price", help=N_("The price agreed with the game master (no fixed price).")),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero, got = gear.sell(store.load(name), thing, price)
    store.save(hero)
    sold = gear.find_thing(thing)[1].name
    sells = _("%(name)s sells %(thing)s for %(price)s gold.")
    values = {"name": hero.name, "thing": said(sold), "price": number(got)}
    _report(hero, as_json, sells % values, sold=sold, gold_received=got)


@hero_app.command("equip", help=N_("Hold or wear something the hero carries (or take it off)."))
def equip_command(
    name: HeroName,
    thing: str = typer.Argument(..., help=N_("A weapon, armour piece or artifact the hero carries.")),
    off_hand: Annotated[
        bool, typer.Option("--off-hand", help=N_("A second weapon (Dual-Wielding)."))
    ] = False,
    remove: Annotated[bool, typer.Option("--remove", help=N_("Take it off instead."))] = False,
    as_json: JsonOption = False,
) -> None:
    store = roster()
    hero = store.load(name)
    hero = gear.unequip(hero, thing) if remove else gear.equip(hero, thing, off_hand)
    store.save(hero)
    what = gear.find_thing(thing)[1].name
    done = _("%(name)s takes off %(thing)s.") if remove else _("%(name)s equips %(thing)s.")
    _report(hero, as_json, done % {"name": hero.name, "thing": said(what)})


# ---------------------------------------------------------------------------------------------------
# attack


def _float_map(dist: dict[int, Fraction]) -> dict[str, float]:
    return {str(k): float(p) for k, p in dist.items()}


def attack_command(
    attack: Annotated[
        int, typer.Option("--attack", help=N_("Attack dice (base Attack + weapon + modifiers)."))
    ],
    defend: Annotated[int, typer.Option("--defend", help=N_("Defend dice of the target."))],
    defender: Annotated[str, typer.Option("--defender", help=N_("hero (white shields) or monster (black)."))],
    body: Annotated[
        int | None, typer.Option("--body", help=N_("The target's Body points: chance to kill."))
    ] = None,
    attacks: Annotated[
        int, typer.Option("--attacks", help=N_("Attacks this turn, each with these dice."))
    ] = 1,
    as_json: JsonOption = False,
) -> None:
    if defender not in cd.DEFENDERS:
        raise UsageError(
            _("--defender %(value)r is not one of %(choices)s")
            % {"value": defender, "choices": ", ".join(cd.DEFENDERS)}
        )
    who = defender
    if not 1 <= attacks <= cd.MAX_ATTACKS:
        raise UsageError(
            _("--attacks %(value)s is not 1-%(most)s (attacks in one turn)")
            % {"value": attacks, "most": cd.MAX_ATTACKS}
        )
    dist = cd.turn_damage([(attack, defend)] * attacks, who)
    mean = cd.mean(dist)
    kill = None if body is None else cd.kill_chance(attack, defend, who, body, attacks)
    if as_json:
        data: dict[str, Any] = {
            "attack": attack,
            "defend": defend,
            "defender": who,
            "attacks": attacks,
            "distribution": _float_map(dist),
            "mean": float(mean),
            "exact": {"distribution": {str(k): str(p) for k, p in dist.items()}, "mean": str(mean)},
        }
        if kill is not None:
            data |= {"body": body, "kill_chance": float(kill), "exact_kill_chance": str(kill)}
        print_json(data)
        return
    shield = cd.shield_face(who)
    heading = _("%(attack)s attack dice against %(defend)s defend dice (%(who)s: %(shields)s block)")
    values = {"attack": attack, "defend": defend, "who": _(who), "shields": _(SHIELDS.get(shield, shield))}
    if attacks > 1:
        heading = _(
            "%(attack)s attack dice against %(defend)s defend dice (%(who)s: %(shields)s block), "
            "%(attacks)s attacks"
        )
        values["attacks"] = attacks
    out.print(heading % values, markup=False)
    table = Table()
    for column in (_("damage"), pgettext("odds", "chance"), _("exact")):
        table.add_column(column, justify="right")
    for k, p in dist.items():
        table.add_row(str(k), percent(float(p), 2), str(p))
    out.print(table)
    mean_said = _("Mean damage %(mean)s (%(exact)s)") % {"mean": decimal(float(mean), 4), "exact": mean}
    out.print(mean_said, markup=False)
    if kill is not None:
        killing = _("Chance to kill a target with %(body)s Body: %(chance)s (%(exact)s)")
        out.print(killing % {"body": body, "chance": percent(float(kill), 2), "exact": kill}, markup=False)
