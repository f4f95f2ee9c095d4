"""The fight as a registered game, and the parsing of "SKILL/STAMINA/LUCK" texts typed by people."""

from __future__ import annotations

from collections.abc import Mapping

from grognard.engine.errors import UsageError
from grognard.engine.game import JSON, Game, GameInfo, GameState, OptionInfo, OptionValue
from grognard.engine.serial import from_data, to_data
from grognard.gamebook.action_text import Named
from grognard.i18n import N_, gettext
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.sheet import POTIONS, AdventureSheet


def _numbers(text: str, count: int, what: str) -> list[int]:
    parts = text.strip().split("/")
    if len(parts) != count or not all(p.strip().isdigit() for p in parts):
        raise UsageError(
            gettext("{what} {text!r} is not {value} (for example {EXAMPLE})").format(
                what=what, text=text, value="/".join(["N"] * count), EXAMPLE=_EXAMPLE[count]
            )
        )
    return [int(p) for p in parts]


_EXAMPLE = {2: "9/12", 3: "10/20/9"}


def parse_hero(text: str) -> tuple[int, int, int]:
    """Read "SKILL/STAMINA/LUCK" as three numbers; anything else is a `UsageError` naming the text."""
    skill, stamina, luck = _numbers(text, 3, "hero")
    if stamina < 1:
        raise UsageError(gettext("hero {text!r} has no STAMINA left to fight with").format(text=text))
    return skill, stamina, luck


def parse_creature(text: str, index: int = 0) -> Creature:
    """Read "[NAME:]SKILL/STAMINA[xDAMAGE]" as a creature ("Orc:9/12", "8/6x3" for a 3-point wound)."""
    named = Named.parse(text)
    name, body = named.name, named.scores
    damage = 2
    if "x" in body:
        body, _, dmg = body.partition("x")
        if not dmg.isdigit():
            raise UsageError(
                gettext("enemy {text!r}: damage {dmg!r} is not a number").format(text=text, dmg=dmg)
            )
        damage = int(dmg)
    try:
        skill, stamina = _numbers(body, 2, "enemy")
    except UsageError:
        raise UsageError(
            gettext("enemy {text!r} is not [NAME:]SKILL/STAMINA (for example 9/12)").format(text=text)
        ) from None
    if stamina < 1:
        raise UsageError(gettext("enemy {text!r} has no STAMINA to fight with").format(text=text))
    return Creature(name.strip() or f"Creature {index + 1}", skill, stamina, damage)


def parse_creatures(texts: str) -> tuple[Creature, ...]:
    """Creatures separated by commas ("Orc:9/12,Goblin:5/5")."""
    items = [t for t in (s.strip() for s in texts.split(",")) if t]
    if not items:
        raise UsageError(gettext("no enemy in {texts!r}").format(texts=texts))
    return tuple(parse_creature(t, i) for i, t in enumerate(items))


WORDS = (
    N_("Fighting Fantasy fight"),
    N_("Fighting Fantasy gamebook"),
    N_("Hero"),
    N_("Enemies"),
    N_("Together"),
    N_("Escape"),
    N_("Potion"),
    N_("Skill modifier"),
    N_("Max rounds"),
    N_("Hero floor"),
    N_("none"),
    N_("skill"),
    N_("strength"),
    N_("fortune"),
)
"""The games' names and the fight's options' names and choices as the new-game form shows them (made
from the options' names, `OptionInfo.label`): marked here for the catalogues, said in the reader's
language by the form."""


class FightGame(Game):
    """A single Fighting Fantasy fight, playable and solvable on its own."""

    info = GameInfo(
        id="fight",
        name="Fighting Fantasy fight",
        options=(
            OptionInfo("hero", N_("your SKILL/STAMINA/LUCK, as 10/20/9"), "10/20/9"),
            OptionInfo(
                "enemies",
                N_(
                    "each creature's SKILL/STAMINA as the book prints them, a name first if you like"
                    " (Troll:9/12); several separated by commas (Orc:7/6, Goblin:5/5)"
                ),
                "9/12",
            ),
            OptionInfo("together", N_("several creatures attack at once"), False, (False, True)),
            OptionInfo("escape", N_("the section offers to flee"), False, (False, True)),
            OptionInfo("potion", N_("the potion carried (two measures)"), "", ("", *POTIONS)),
            OptionInfo("skill_modifier", N_("SKILL added for this fight"), 0),
            OptionInfo("max_rounds", N_("the fight stops after this many rounds (0: never)"), 0),
            OptionInfo("hero_floor", N_("the fight stops at this STAMINA or less (0: death only)"), 0),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> FightState:
        """The fight the options describe."""
        skill, stamina, luck = parse_hero(str(options.get("hero", "10/20/9")))
        sheet = AdventureSheet.new(skill, stamina, luck, str(options.get("potion", "")))
        rules = FightRules(
            together=bool(options.get("together", False)),
            can_escape=bool(options.get("escape", False)),
            skill_modifier=int(options.get("skill_modifier", 0)),
            max_rounds=int(options.get("max_rounds", 0)),
            hero_floor=int(options.get("hero_floor", 0)),
        )
        return start_fight(sheet, parse_creatures(str(options.get("enemies", "9/12"))), rules)

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> FightState:
        """The state written by `state_to_json`."""
        return from_data(FightState, data)
