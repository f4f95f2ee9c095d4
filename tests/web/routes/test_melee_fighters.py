"""A new melee's combatants are picked from ready-made fighters (cards with their facts), not written as
KEY=VALUE settings; the place is a choice of Table Q's rows; each seat says which fighter it plays; the
ready-made fighters' names are said in the reader's language."""

from __future__ import annotations

from grognard.engine import registry
from grognard.systems.adventures_in_fantasy.combat import fighter_text, parse_fighter, table_q_places
from grognard.systems.adventures_in_fantasy.fighters import READY_FIGHTERS, READY_NAMES
from grognard.systems.adventures_in_fantasy.melee import PLACES, MeleeGame
from tests.web.routes.test_languages import spanish
from tests.web.security.tables_client import browser

SYSTEM = "adventures-in-fantasy"


def test_every_ready_fighter_is_a_fighter_the_rules_take() -> None:
    """Each ready-made fighter parses (the rules' own checks: armour, weapons, riding), is named by its
    name, and is written back as the same fighter; the melee's sides default to the first two; the
    place option offers Table Q's rows, as the table is keyed."""
    assert len(READY_NAMES) == len(READY_FIGHTERS)
    for ready in READY_FIGHTERS:
        fighter = parse_fighter(ready.text)
        assert fighter.name == ready.name
        assert parse_fighter(fighter_text(fighter)) == fighter
    options = {o.name: o for o in MeleeGame.info.options}
    assert options["a"].default == READY_FIGHTERS[0].text
    assert options["b"].default == READY_FIGHTERS[1].text
    assert list(PLACES) == table_q_places()
    assert options["place"].choices == ("", *PLACES)
    assert len(options["place"].words) == len(options["place"].choices)


def test_the_melees_form_offers_fighters_as_cards_and_no_settings_line() -> None:
    visitor = browser()
    games = visitor.json(f"/games/new/{SYSTEM}.json")["games"]
    melee = next(g for g in games if g["id"] == "melee")
    options = {o["name"]: o for o in melee["options"]}
    for side in ("a", "b"):
        cards = options[side]["cards"]
        assert [c["value"] for c in cards] == [f.text for f in READY_FIGHTERS]
        knight = next(c for c in cards if c["title"] == "Knight")
        assert "on horseback" in knight["facts"] and "15 hit points" in knight["facts"] and knight["blurb"]
        assert not options[side]["advanced"]
    assert options["hit_location"]["advanced"] and not options["place"]["advanced"]
    assert [c["words"] for c in options["place"]["choices"]][3] == "in a corridor"
    assert melee["seat_roles"] == ["First fighter", "Second fighter"]
    page = visitor.client.get(f"/games/new/{SYSTEM}").text
    form = page[page.index('data-game="melee"') :].split("</form>")[0]
    assert "KEY=VALUE" not in form and "body=human" not in form.split("<input")[0]
    assert 'name="option:a" value="name=Swordsman' in form and "checked" in form


def test_the_fighters_picked_are_the_ones_who_fight_and_spanish_says_their_names() -> None:
    host = browser()
    knight, wolf = READY_FIGHTERS[3], READY_FIGHTERS[4]
    table = host.start(SYSTEM, "melee", ["here", "bot"], a=knight.text, b=wolf.text, place="corridor")
    fighters = host.view(table)["view"]["public"]["melee"]["fighters"]
    assert [f["name"] for f in fighters] == ["Knight", "Wolf"]
    reader = spanish(browser())
    said = reader.json(f"/games/new/{SYSTEM}.json")["games"]
    cards = {o["name"]: o for o in next(g for g in said if g["id"] == "melee")["options"]}["a"]["cards"]
    assert cards[3]["title"] == "Caballero" and "a caballo" in cards[3]["facts"]
    assert "15 puntos de golpe" in cards[3]["facts"]


def test_a_fighter_written_at_the_terminal_still_plays() -> None:
    """The melee's options still take any fighter text (the terminal's `--option a=...`), named as
    written."""
    game = registry.get_game(SYSTEM, "melee")
    state = game.new_initial_state({"a": "name=Ulric,body=human,hp=12,dex=70", "b": READY_FIGHTERS[5].text})
    assert state.spec.side(0).name == "Ulric" and state.spec.side(1).name == "Great serpent"


def test_the_melee_calculator_offers_the_same_ready_made_fighters() -> None:
    """The tools page names the fighters without importing the system (`web.systems.AIF_FIGHTERS`): the
    same names, in the same order, as the rules' ready-made fighters."""
    from grognard.web.systems import AIF_FIGHTERS

    assert list(AIF_FIGHTERS) == [f.name for f in READY_FIGHTERS]
