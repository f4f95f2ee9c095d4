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

from fractions import Fraction
from typing import Annotated, Any, cast

import typer
from rich.table import Table

from grognard.cli.console import choose, err, out, print_json, read_line
from grognard.cli.options import JsonOption
from grognard.engine.errors import UsageError
from grognard.engine.store.factory import grognard_home, open_store
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import combat_dice as cd
from grognard.systems.heroquest.content import hero as hr
from grognard.systems.heroquest.content.catalog import STATS, Stat
from grognard.systems.heroquest.content.hero import Hero
from grognard.systems.heroquest.rules import gear

hero_app = typer.Typer(
    name="hero",
    help="Heroes kept between quests: create, show, level up, buy and sell.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

HeroName = Annotated[str, typer.Argument(help="The hero's name, as `hero list` shows it.")]


def mount(app: typer.Typer) -> None:
    """Add `hero ...` and `attack` to the `grognard heroquest` app."""
    app.add_typer(hero_app, name="hero")
    app.command("attack")(attack_command)


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
    out.print(
        f"[bold]{hero.name}[/bold], {hero.race} {hero.hero_class}, level {hero.level} "
        f"({hero.experience} experience; level {hero.level + 1} at "
        f"{hr.DEFAULT_THRESHOLDS.needed(hero.level + 1)}), {hero.gold} gold, "
        f"{hero.skill_points} skill point(s) to spend"
    )
    table = Table(show_header=True)
    table.add_column("")
    for s in STATS:
        table.add_column(s.capitalize(), justify="right")
    table.add_row("Base", *(str(hero.base.get(s)) for s in STATS))
    table.add_row("Now", *(str(hero.current.get(s)) for s in STATS))
    out.print(table)
    held = hero.equipped
    out.print(f"Attack dice {gear.attack_dice(hero)}, defend dice {gear.defend_dice(hero)}", markup=False)
    lines = [
        ("Weapons", hero.weapons),
        ("Armour", hero.armour),
        ("Artifacts", hero.artifacts),
        ("Items", hero.items),
        ("Skills", hero.skills),
        ("Spell groups", hero.elements),
        ("Spells", hero.spells),
        ("Equipped", tuple(held.names())),
        ("Charges used", tuple(f"{key} {n}" for key, n in hero.spent)),
    ]
    for label, values in lines:
        out.print(f"{label}: {', '.join(values) or 'none'}", markup=False)


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
    return choose(options, f"Choose the {label}")


def _stats(text: list[str]) -> list[Stat]:
    bad = [t for t in text if t.lower() not in STATS]
    if bad:
        raise UsageError(f"no attribute {bad[0]!r}; the attributes are {', '.join(STATS)}")
    return [cast(Stat, t.lower()) for t in text]


@hero_app.command("new")
def new_command(
    name: Annotated[str | None, typer.Option("--name", help="The hero's name.")] = None,
    race: Annotated[str | None, typer.Option("--race", help="human, elf or dwarf.")] = None,
    hero_class: Annotated[
        str | None, typer.Option("--class", help="barbarian, warrior, rogue, wizard or rogue-mage.")
    ] = None,
    extra: Annotated[
        str | None, typer.Option("--extra", help="Where the two extra points go, e.g. attack,defend.")
    ] = None,
    skill: Annotated[
        str | None, typer.Option("--skill", help="The starting skill (cost 1), or 'none' to keep the point.")
    ] = None,
    weapon: Annotated[str | None, typer.Option("--weapon", help="The starting weapon (barbarian).")] = None,
    elements: Annotated[
        str | None, typer.Option("--elements", help="Spell groups, e.g. earth,fire,water (wizard: 3).")
    ] = None,
    gold: Annotated[int, typer.Option("--gold", help="Gold the game master grants at the start.")] = 0,
    as_json: JsonOption = False,
) -> None:
    """Create a hero and keep it on the roster; every choice not given is asked for."""
    ask = not as_json
    missing: list[str] = []
    if name is None and ask:
        name = read_line("Name: ").strip() or None
    if name is None:
        missing.append("--name")
    race = _pick("race", [r.name for r in hq.catalog().races.values()], race, ask, missing)
    hero_class = _pick("class", hr.classes_open_to(race), hero_class, ask, missing)
    if name is None or race is None or hero_class is None:
        raise UsageError("missing choices: " + ", ".join(missing))
    needs = hr.creation_needs(race, hero_class)
    points = _split(extra)
    if points is None and ask:
        count = needs.extra_points
        points = [choose(list(needs.extra_to), f"Extra point {i + 1} of {count}") for i in range(count)]
    elif points is None:
        missing.append("--extra")
    weapon = _pick("weapon", list(needs.weapons), weapon, ask, missing)
    groups = _split(elements)
    if groups is None and needs.elements and ask:
        groups = []
        for i in range(needs.elements):
            left = [s for s in hq.ELEMENTAL_SCHOOLS if s not in groups]
            groups.append(choose(left, f"Spell group {i + 1} of {needs.elements}"))
    elif groups is None and needs.elements:
        missing.append("--elements")
    if missing or points is None:
        raise UsageError("missing choices: " + ", ".join(missing))
    stats = _stats(points)
    if skill is None and ask:
        trial = hr.create_hero(name, race, hero_class, stats, weapon=weapon, elements=groups or ())
        options = hr.skill_options(trial, starting=True)
        skill = choose([*options, "none"], "Starting skill (one point)") if options else "none"
    chosen = None if skill is None or skill.strip().lower() == "none" else skill
    hero = hr.create_hero(
        name, race, hero_class, stats, skill=chosen, weapon=weapon, elements=groups or (), gold=gold
    )
    key = roster().save(hero, new=True)
    _report(hero, as_json, f"{hero.name} joins the roster.", key=key)


# ---------------------------------------------------------------------------------------------------
# The other hero commands


@hero_app.command("list")
def list_command(
    as_json: JsonOption = False,
    fallen: Annotated[bool, typer.Option("--fallen", help="The heroes who fell in a quest instead.")] = False,
) -> None:
    """Every hero on the roster (with `--fallen`, every hero who fell in a quest)."""
    heroes = roster().fallen() if fallen else roster().heroes()
    if as_json:
        print_json([hero_data(h) for h in heroes])
        return
    if not heroes:
        none_yet = "No heroes yet: `grognard heroquest hero new` creates one."
        empty = "No hero has fallen." if fallen else none_yet
        out.print(empty, markup=False)
        return
    table = Table()
    for column in ("name", "race", "class", "level", "experience", "gold"):
        table.add_column(column)
    for h in heroes:
        table.add_row(h.name, h.race, h.hero_class, str(h.level), str(h.experience), str(h.gold))
    out.print(table)


@hero_app.command("show")
def show_command(name: HeroName, as_json: JsonOption = False) -> None:
    """One hero's sheet."""
    hero = roster().load(name)
    if as_json:
        print_json(hero_data(hero))
        return
    show_hero(hero)


@hero_app.command("level-up")
def level_up_command(
    name: HeroName,
    attribute: Annotated[
        str | None, typer.Option("--attribute", help="Where the level's point goes.")
    ] = None,
    skill: Annotated[
        str | None, typer.Option("--skill", help="A skill to buy with the skill points.")
    ] = None,
    thresholds: Annotated[
        str, typer.Option("--thresholds", help="Experience for levels 2, 3, ... (default 40,80,120,...).")
    ] = "",
    as_json: JsonOption = False,
) -> None:
    """Take the next level: one attribute point, one skill point, and the level's spells (line 349)."""
    store = roster()
    hero = store.load(name)
    scale = hr.Thresholds.parse(thresholds)
    if attribute is None:
        if as_json:
            raise UsageError("missing choices: --attribute")
        if hr.levels_due(hero, scale) < 1:
            hr.level_up(hero, "attack", scale)
        allowed = [s for s in STATS if hr.attribute_problem(hero, s) is None]
        attribute = choose(allowed, "Attribute point")
    hero = hr.level_up(hero, _stats([attribute])[0], scale)
    if skill is not None:
        hero = hr.learn_skill(hero, skill)
    store.save(hero)
    _report(hero, as_json, f"{hero.name} reaches level {hero.level}.")


@hero_app.command("skill")
def skill_command(
    name: HeroName, skill: str = typer.Argument(..., help="The skill to buy."), as_json: JsonOption = False
) -> None:
    """Spend skill points on a skill of the hero's class, race or the weapon skills."""
    store = roster()
    hero = hr.learn_skill(store.load(name), skill)
    store.save(hero)
    _report(hero, as_json, f"{hero.name} learns {hq.skill(skill).name}.")


@hero_app.command("award")
def award_command(
    name: HeroName,
    experience: Annotated[int, typer.Option("--experience", help="Experience points to add.")] = 0,
    gold: Annotated[int, typer.Option("--gold", help="Gold to add (negative to take away).")] = 0,
    as_json: JsonOption = False,
) -> None:
    """Add experience or gold the game master grants."""
    store = roster()
    hero = hr.gain_gold(hr.gain_experience(store.load(name), experience), gold)
    store.save(hero)
    due = hr.levels_due(hero)
    note = f" {due} level(s) to take with `hero level-up`." if due else ""
    _report(hero, as_json, f"{hero.name}: +{experience} experience, {gold:+d} gold.{note}")


@hero_app.command("buy")
def buy_command(
    name: HeroName,
    thing: str = typer.Argument(..., help="A weapon, armour piece or item with a price."),
    as_json: JsonOption = False,
) -> None:
    """Buy a weapon, armour piece or item at its price."""
    store = roster()
    hero = gear.buy(store.load(name), thing)
    store.save(hero)
    bought = gear.find_thing(thing)[1].name
    _report(hero, as_json, f"{hero.name} buys {bought} for {gear.price(bought)} gold.", bought=bought)


@hero_app.command("sell")
def sell_command(
    name: HeroName,
    thing: str = typer.Argument(..., help="Something the hero carries."),
    price: Annotated[
        int | None, typer.Option("--price", help="The price agreed with the game master (no fixed price).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Sell something at half its price (line 429), or an artifact at the price agreed."""
    store = roster()
    hero, got = gear.sell(store.load(name), thing, price)
    store.save(hero)
    sold = gear.find_thing(thing)[1].name
    _report(hero, as_json, f"{hero.name} sells {sold} for {got} gold.", sold=sold, gold_received=got)


@hero_app.command("equip")
def equip_command(
    name: HeroName,
    thing: str = typer.Argument(..., help="A weapon, armour piece or artifact the hero carries."),
    off_hand: Annotated[bool, typer.Option("--off-hand", help="A second weapon (Dual-Wielding).")] = False,
    remove: Annotated[bool, typer.Option("--remove", help="Take it off instead.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Hold or wear something the hero carries (or take it off)."""
    store = roster()
    hero = store.load(name)
    hero = gear.unequip(hero, thing) if remove else gear.equip(hero, thing, off_hand)
    store.save(hero)
    what = gear.find_thing(thing)[1].name
    _report(hero, as_json, f"{hero.name} {'takes off' if remove else 'equips'} {what}.")


# ---------------------------------------------------------------------------------------------------
# attack


def _float_map(dist: dict[int, Fraction]) -> dict[str, float]:
    return {str(k): float(p) for k, p in dist.items()}


def attack_command(
    attack: Annotated[int, typer.Option("--attack", help="Attack dice (base Attack + weapon + modifiers).")],
    defend: Annotated[int, typer.Option("--defend", help="Defend dice of the target.")],
    defender: Annotated[str, typer.Option("--defender", help="hero (white shields) or monster (black).")],
    body: Annotated[
        int | None, typer.Option("--body", help="The target's Body points: chance to kill.")
    ] = None,
    attacks: Annotated[int, typer.Option("--attacks", help="Attacks this turn, each with these dice.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """The exact distribution of damage of an attack (line 84), its mean and the chance to kill."""
    if defender not in cd.DEFENDERS:
        raise UsageError(f"--defender {defender!r} is not one of {', '.join(cd.DEFENDERS)}")
    who = defender
    if not 1 <= attacks <= cd.MAX_ATTACKS:
        raise UsageError(f"--attacks {attacks} is not 1-{cd.MAX_ATTACKS} (attacks in one turn)")
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
    out.print(
        f"{attack} attack dice against {defend} defend dice ({who}: {shield}s block)"
        + (f", {attacks} attacks" if attacks > 1 else ""),
        markup=False,
    )
    table = Table()
    for column in ("damage", "chance", "exact"):
        table.add_column(column, justify="right")
    for k, p in dist.items():
        table.add_row(str(k), f"{float(p):.2%}", str(p))
    out.print(table)
    out.print(f"Mean damage {float(mean):.4f} ({mean})", markup=False)
    if kill is not None:
        out.print(f"Chance to kill a target with {body} Body: {float(kill):.2%} ({kill})", markup=False)
