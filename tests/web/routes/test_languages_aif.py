"""Adventures in Fantasy in Spanish in the browser (issue 31, the AiF slice): the referee's desk, the
campaign at the table and the melee meet no English outside their content regions.

A referee opens a campaign, adds two characters, runs a table procedure (a day's encounter), sets one
character to fight a wolf, plays a round of blows, breaks the fight off, lets a week pass and travels; a
melee is played to its end. Every page (the desk with the procedure's outcome, the desk, a character sheet,
the whole log, a rolled new character, the campaigns' list, the campaign's and the melee's tables) is read
as `test_languages.py` reads a page: its chrome (outside `data-content`) must hold no English word, among
the catalogue's English words and a list of the desk's own words that a missed message would leave
(`DESK_WORDS`). The content regions grognard itself words (the log's events, the table's events and
action labels, the melee's log and ending) are read too, with only the characters' names taken away: the
events' sentences, the rows of the book's tables that a procedure's result and a new character's steps
show, the soldiers' arms and the names of the rules data (creatures, ranks, items, courses) are said in
Spanish. The same pages in English are found English, so the test can fail. The How to play guide, the
new-game forms' option words, the server's refusals, the rules data's names (read out of the data files
into the catalogue) and the rarer events' sentences are checked apart.
"""

from __future__ import annotations

import re

import pytest

from grognard import i18n
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.i18n.extract import extracted
from grognard.systems.adventures_in_fantasy.campaign import add_action
from grognard.systems.adventures_in_fantasy.chargen import generate, parse_course
from grognard.systems.adventures_in_fantasy.combat import Fighter, HitChance, hit_chance
from grognard.systems.adventures_in_fantasy.education import learning_odds
from grognard.systems.adventures_in_fantasy.missiles import Shot, missile_chance
from grognard.systems.adventures_in_fantasy.referee import make_action
from grognard.systems.adventures_in_fantasy.seat_view import campaign_chances
from grognard.systems.adventures_in_fantasy.table_dice import TableDice
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.words import SENTENCES, any_word, told
from tests.web.routes.test_languages import WORD, chrome, english_in, spanish
from tests.web.routes.test_languages_gamebooks import Whole, guide_said, plain
from tests.web.security.tables_client import JSON, Visitor, browser

DESK_WORDS = frozenset(
    {
        "party",
        "melee",
        "referee",
        "campaign",
        "campaigns",
        "encounter",
        "strikes",
        "blow",
        "blows",
        "hit",
        "hits",
        "miss",
        "falls",
        "wound",
        "wounds",
        "wounded",
        "well",
        "alignment",
        "forest",
        "week",
        "weeks",
        "days",
        "travel",
        "desk",
        "log",
        "fighter",
        "creature",
        "treasure",
        "hirelings",
        "rolled",
        "usable",
        "ratings",
        "standing",
        "kit",
        "gold",
        "silver",
        "seed",
        "dice",
        "roll",
        "courses",
        "schooling",
        "calendar",
        "nobody",
        "against",
        "wins",
        "draws",
        "blood",
        "level",
        "status",
        "age",
        "begins",
        "joins",
        "met",
        "nothing",
        "rest",
        "resting",
        "condition",
        "position",
        "men",
    }
)
"""Words of the desk, the sheets and the log that would show if a message were missed."""
SEED_ANA, SEED_BO, SEED_NEW = "3", "5", "9"
"""The dice of the characters made here."""
SEED = "10"
"""The campaign's dice: the fight, the week and the journey (which meets soldiers on its first day)."""
REGIONS = re.compile(
    r'<ol class="aif-log">.*?</ol>|<ol class="events".*?</ol>|<ul class="ending".*?</ul>'
    r'|<section class="card aif-outcome".*?</section>|<ol class="aif-steps".*?</ol>|data-now>.*?</p>',
    re.S,
)
"""The content regions grognard words: the desk's log and a procedure's outcome (its summary and steps, the
rows of the tables read), a new character's steps, a table's events, the melee's ending."""
SOLDIERS_MET = "5%,20%"
"""The dice of a day's encounter in the forest that meets soldiers (Table H: 1-15 an encounter, 16-52
soldiers), whose numbers, composition and arms are rolled on the book's tables (Charts L, K, M)."""


def _ply(visitor: Visitor, desk: str) -> str:
    return str(visitor.json(f"{desk}.json")["ply"])


def _act(visitor: Visitor, desk: str, form: dict[str, str]) -> None:
    made = visitor.post(f"{desk}/act", form | {"how": "roll", "ply": _ply(visitor, desk)})
    assert made.status_code == 303, made.text[-300:]


def campaign_pages(visitor: Visitor) -> dict[str, str]:
    """A campaign played at the desk as `visitor` reads it: each page by name."""
    form = {"system": "adventures-in-fantasy", "game": "campaign", "seat:0": "here", "seed": SEED}
    made = visitor.post("/games", form)
    assert made.status_code == 303, made.text[-300:]
    desk = str(made.headers["location"]).replace("/games/", "/aif/")
    _act(visitor, desk, {"kind": "add", "name": "Ana", "seed": SEED_ANA})
    _act(visitor, desk, {"kind": "add", "name": "Bo", "seed": SEED_BO})
    outcome = visitor.post(
        f"{desk}/table/encounter",
        {"terrain": "forest", "how": "dice", "rolls": "99%", "ply": _ply(visitor, desk)},
    )
    assert outcome.status_code == 200, outcome.text[-300:]
    _act(visitor, desk, {"kind": "fight", "who": "0", "foe": "Wolf"})
    if visitor.json(f"{desk}.json")["bouts"]:  # the first blows may have ended the fight
        _act(visitor, desk, {"kind": "round"})
    pages = {"outcome": outcome.text, "fighting": visitor.client.get(desk).text}
    pages["fighting table"] = visitor.client.get(desk.replace("/aif/", "/games/")).text
    if visitor.json(f"{desk}.json")["bouts"]:  # the round may have ended the fight
        _act(visitor, desk, {"kind": "break"})
    _act(visitor, desk, {"kind": "advance", "n": "1"})
    _act(visitor, desk, {"kind": "travel", "n": "2", "terrain": "forest", "town": ""})
    character = visitor.post(
        f"{desk}/character",
        {"name": "Cy", "seed": SEED_NEW, "how": "roll", "magic_years": "1", "ply": _ply(visitor, desk)},
    )
    assert character.status_code == 200, character.text[-300:]
    soldiers = visitor.post(
        f"{desk}/table/encounter",
        {"terrain": "forest", "how": "dice", "rolls": SOLDIERS_MET, "ply": _ply(visitor, desk)},
    )
    assert soldiers.status_code == 200, soldiers.text[-300:]
    pages["soldiers"] = soldiers.text
    for name, url in (
        ("desk", desk),
        ("sheet", f"{desk}/sheet/0"),
        ("log", f"{desk}/log"),
        ("campaigns", "/aif"),
        ("table", desk.replace("/aif/", "/games/")),
    ):
        got = visitor.client.get(url)
        assert got.status_code == 200, (url, got.text[-300:])
        pages[name] = got.text
    return pages | {"character": character.text}


def melee_pages(visitor: Visitor) -> dict[str, str]:
    """A melee of two fighters played to its end (it is dice only), as `visitor` reads it."""
    table = visitor.start("adventures-in-fantasy", "melee", ["here", "here"], a="name=Ana,body=human,hp=8")
    return {"melee": visitor.client.get(table).text}


def read(visitor: Visitor) -> dict[str, str]:
    """Every page of the campaign and the melee, as `visitor` reads them."""
    return campaign_pages(visitor) | melee_pages(visitor)


@pytest.fixture(scope="module")
def spanish_pages() -> dict[str, str]:
    return read(spanish(browser()))


@pytest.fixture(scope="module")
def english_pages() -> dict[str, str]:
    return read(browser())


def english(text: str) -> list[str]:
    """The English words of `text`: the catalogue's, and the desk's own."""
    desk = {w for w in WORD.findall(text) if w.lower() in DESK_WORDS}
    return sorted(set(english_in(text)) | desk)


def test_the_spanish_pages_say_no_english_outside_their_content(spanish_pages: dict[str, str]) -> None:
    hits = {}
    for name, html in spanish_pages.items():
        lang, words = chrome(html)
        assert lang == "es", name
        if english(words):
            hits[name] = english(words)
    assert not hits, f"English words on the Spanish pages: {hits}"


def test_the_same_pages_in_english_are_found_english(english_pages: dict[str, str]) -> None:
    for name, html in english_pages.items():
        lang, words = chrome(html)
        assert lang == "en" and english(words), name


NAMES = ("Ana", "Bo", "Cy")
"""The characters' names, the only words of the content regions grognard does not say."""


def grognards_words(html: str) -> str:
    """The words of a page's content regions that grognard words (`REGIONS`), the characters' names
    taken away."""
    reader = Whole()
    reader.feed(" ".join(REGIONS.findall(html)))
    reader.close()
    text = plain(" ".join(reader.words))
    for name in NAMES:
        text = re.sub(rf"(?<!\w){name}(?!\w)", " ", text)
    return text


def test_the_events_and_the_melee_are_said_in_spanish(
    spanish_pages: dict[str, str], english_pages: dict[str, str]
) -> None:
    """The log's events (their labels, sentences and rolls' names), a procedure's result and a new
    character's steps with the rows of the book's tables they read, the table's events and the melee's
    log and ending are Spanish in Spanish and English in English (the rules data's names included)."""
    pages = ("outcome", "soldiers", "character", "fighting", "fighting table", "log", "table", "melee")
    for name in pages:
        spanish_words = grognards_words(spanish_pages[name])
        english_words = grognards_words(english_pages[name])
        assert spanish_words.strip() and not english(spanish_words), (name, english(spanish_words))
        assert english(english_words), name
    for said in ("Empieza el cuerpo a cuerpo", "golpea Ana", "dos d20 leídos como cifras", "Se une", "Lobo"):
        assert said in spanish_pages["log"], said
    for page, spanish_said, english_said in (
        ("character", "puesto: ", "position: "),
        ("character", "rango: ", "rank: "),
        ("soldiers", "encuentro: Soldado", "Soldier met"),
        ("soldiers", "arma: ", "weapon: "),
    ):
        assert spanish_said in spanish_pages[page] and english_said not in spanish_pages[page], spanish_said
        assert english_said in english_pages[page], english_said
    # the melee is dice only and unseeded (a table of people takes no seed): it ends won or with nobody
    assert any(end in spanish_pages["melee"] for end in ("gana el cuerpo a cuerpo", "nadie gana"))
    assert any(end in english_pages["melee"] for end in ("wins the melee", "nobody wins"))
    assert "Melee begins" in english_pages["log"]


def fight_odds(seed: int) -> dict[str, str]:
    """The odds line of a campaign's fight (Ana, rolled from `seed`, against a Wolf), by language."""
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], 1)
    match.advance()
    member = Member(character=generate(TableDice(seed, ()), name="Ana").character, seed=1)
    make_action(match, add_action(member))
    make_action(match, "fight:0:Wolf")
    found = {}
    for language in ("es", "en"):
        with i18n.speaking(language):
            odds = campaign_chances(match.state, 0)
            assert odds is not None and odds.note
            found[language] = odds.note
    return found


def test_the_action_labels_and_the_odds_of_the_campaign_are_spanish() -> None:
    """The table's choices of a campaign (its referee's actions as sentences) and a fight's odds."""
    visitor = spanish(browser())
    made = visitor.post("/aif", {})
    desk = str(made.headers["location"])
    _act(visitor, desk, {"kind": "add", "name": "Ana", "seed": SEED_ANA})
    _act(visitor, desk, {"kind": "fight", "who": "0", "foe": "Wolf"})
    view = visitor.view(desk.replace("/aif/", "/games/"))["view"]
    labels = " ".join(a["label"] for a in view["actions"])
    assert labels and not english(labels.replace("Wolf", " ").replace("Ana", " ")), english(labels)
    assert "El cuerpo a cuerpo sigue otro turno" in labels
    found = fight_odds(int(SEED_ANA))
    assert found["es"].startswith("Ana contra Lobo: gana Ana ") and "%" in found["es"], found["es"]
    assert found["en"].startswith("Ana against the Wolf: Ana wins "), found["en"]


SAID_AS_IS = (
    "{title}: {summary} [{rolls}]",
    "{first}; {then}",
    "{label}: {result}",
    "{kind} +{levels}: {value}",
    "{before} -> {level}: {position}",
    "{skill} {base} -> {after}",
)
"""The sentences that are only their places, the same in Spanish."""


def test_every_event_sentence_is_said_and_english_stays_as_the_rules_wrote_it() -> None:
    """Each sentence of the events is in the Spanish catalogue with its places, and a text matched by a
    sentence is said in Spanish and left as it is in English."""
    with i18n.speaking("es"):
        for sentence in SENTENCES:
            said = i18n.gettext(sentence)
            assert said != sentence or sentence in SAID_AS_IS, sentence
            assert set(re.findall(r"\{\w+\}", said)) == set(re.findall(r"\{\w+\}", sentence)), sentence
    text = "Ana (12 hits, 18% to hit) against the Wolf (9 hits, 1 hit dice, 70% to hit)"
    assert told(text) == text
    with i18n.speaking("es"):
        assert (
            told(text)
            == "Ana (12 golpes, 18% de impactar) contra Lobo (9 golpes, 1 dados de golpe, 70% de impactar)"
        )
        assert told("the Wolf falls") == "cae Lobo" and told("a note of my own") == "a note of my own"


def test_how_to_play_is_said_in_spanish() -> None:
    """The How to play guide, read back as the rules page reads it: no English word in Spanish, English
    in English, the citations' lines kept."""
    spanish_words, spanish_lines = guide_said("systems/adventures-in-fantasy/how-to-play.html", "es")
    english_words, english_lines = guide_said("systems/adventures-in-fantasy/how-to-play.html", "en")
    assert not english(spanish_words), english(spanish_words)
    assert english(english_words) and spanish_lines == english_lines and spanish_lines
    assert "línea 20" in spanish_words and "líneas 88-98" in spanish_words


@pytest.mark.parametrize(
    ("game", "said_es", "said_en"),
    [
        ("melee", "Localización de impactos", "Hit location"),
        ("campaign", "Pérdida de Salud por enfermedad", "Sickness health loss"),
    ],
)
def test_the_new_game_forms_say_the_options_in_spanish(game: str, said_es: str, said_en: str) -> None:
    spanish_page = spanish(browser()).client.get("/games/new/adventures-in-fantasy").text
    english_page = browser().client.get("/games/new/adventures-in-fantasy").text
    assert said_es in spanish_page and said_en not in spanish_page
    assert said_en in english_page


def test_the_desks_refusals_are_spanish() -> None:
    referee = spanish(browser())
    desk = str(referee.post("/aif", {}).headers["location"])
    stranger = spanish(browser(referee.client.app))
    refused = stranger.client.get(f"{desk}.json")
    assert refused.status_code == 403 and "solo el navegador del árbitro" in refused.json()["error"]
    stale = referee.post(
        f"{desk}/act", {"kind": "note", "text": "x", "ply": "7", "how": "roll"}, headers=JSON
    )
    assert stale.status_code == 409 and "la campaña ha avanzado" in stale.json()["error"]


def test_the_rules_datas_names_are_messages_said_in_spanish() -> None:
    """The names of the rules data (creatures, ranks, courses, items, the calendar, the rows of the
    tables) are read out of the data files into the catalogue under their plain English, the tables' and
    charts' own names (identifiers) are not, Talisman's data is read as before; `any_word` says a name in
    Spanish and leaves it English in English."""
    found = {m.id: [where for where, _ in m.locations] for m in extracted() if m.id}
    aif_data = {m for m, where in found.items() if any("adventures_in_fantasy/data/" in w for w in where)}
    for name in (
        "Wolf",
        "Squire",
        "Guildsman/Fighter",
        "Use of sword",
        "Sword",
        "Year of the Wolf",
        "Tailor",
    ):
        assert name in aif_data, name
    for identifier in ("social-status-86-99", "armour-mounted-sword", "price-list", "d100", "II", "20 lb"):
        assert identifier not in found, identifier
    assert any("talisman/data/" in w for w in found["Bear"]), "Talisman's data names are messages still"
    for name, said in (
        ("Wolf", "Lobo"),
        ("Squire", "Escudero"),
        ("Guildsman", "Agremiado"),
        ("Sword", "Espada"),
    ):
        assert any_word(name) == name
        with i18n.speaking("es"):
            assert any_word(name) == said and told(name) == said, name


RARER_EVENTS = (
    "15 GP for the year (15 GP by his rank and courses), funds 15 GP",
    "2,450 GP for the year (50 GP by his rank and courses; 600 GP from Bleakwood), funds 2,450 GP",
    "3 hit(s) on the Troll: 33 left; special damage (Chart O): 3 hit(s) (1d6), 7 Dexterity lost (1d10),"
    " its Dexterity 33 in the melee; a second special: its movement is halved; 19 arrows left",
    "the arrow misses the Wolf; 1 arrow left",
    "3 week(s) away from Read and write: penalised; 2 month(s) kept, fine 30 GP paid",
    "no Sergeant-at-Arms position is open",
    "to Knight, honorific (no castle)",
    "no Chainmail to be had this month (class II)",
    "unpractised: sword 10 -> 9, bow 5 -> 4",
    "losses forgotten",
    "1 men: 4 GP pay (doubled) + 38 SP upkeep; 453 GP 165 SP left",
    "Quiver of Arrows (2) (0.4 lb); kit 3.4 lb",
    "safe; old age: -8 to every physical characteristic",
    "Sample 1 (11 hits, 12% to hit) against the foot soldier (Spear, Leather, no shield) (9 hits, 1 hit dice,"
    " 41% to hit)",
    "the soldiers: mounted soldier (Sword, Chainmail, no shield) and foot soldier (Longbow, Leather, shield)",
    "helmet save (20%)",
    "Vacancy",
    "Chaoda, Week of Fire, 1 Basilisk, year 1 (Year of the Rat)",
)
"""Events the rules write more rarely: income and fees, arrows, studies, stock, promotions and vacancies,
practice, hirelings, soldiers' arms, armour saves; and the date with the calendar's names."""


def test_the_rarer_events_are_said_in_spanish() -> None:
    for text in RARER_EVENTS:
        assert told(text) == text and english(text), text
        with i18n.speaking("es"):
            said = told(text)
        assert said != text and not english(said.replace("Bleakwood", " ")), (text, said, english(said))


def test_a_new_characters_steps_are_said_in_spanish() -> None:
    """Every step of a new character (the ratings, Table A's rows, the age, the schooling, Physical
    Training II, status from a craft, the funds, a soldier's kit, the hit points), in Spanish with no
    English and in English as the rules wrote them."""
    courses = [parse_course(c) for c in ("1", "5", "6")]
    crafted = [parse_course("26:Tailor")]
    seen, english_words = 0, set()
    for seed in range(40):
        for chosen, soldier in ((courses, True), (crafted, False), ((), True)):
            try:
                made = generate(TableDice(seed, ()), chosen, soldier=soldier, name="Ana")
            except UsageError:  # the schooling does not fit the allowance
                continue
            for step in made.steps:
                seen += 1
                assert told(step.label) == step.label and told(step.result) == step.result
                english_words |= set(english(f"{step.label}: {step.result}"))
                with i18n.speaking("es"):
                    said = f"{told(step.label)}: {told(step.result)}"
                assert not english(said.replace("Ana", " ")), (step, said, english(said))
    assert seen > 100 and {"position", "rank", "months", "age"} <= english_words, english_words


def _hit_chances() -> list[HitChance]:
    """Chances to hit with every modifier the rules write: in melee (training, practice, riding, cover, a
    second weapon, dexterity, size, experience over the cap, a weapon, Table Q, the referee's, the swamp, a
    wall, fatigue, the limits) and with missiles (the base, Chart P, a bow's bonus, a mounted archer, the
    arrow slits, the referee's, the limits, a shot not allowed)."""
    rider = Fighter(name="Ana", training="half", unpracticed=2, mounted=1, dexterity=90, level=3)
    lion = Fighter(name="Orc", body="lion", hit_points=30, size=3, hit_dice=20, mounted=1, cover=True)
    found = [hit_chance(rider, lion, place="corridor", swamp=True, fatigued=True, second=True)]
    walled = Fighter(body="snake", training="untrained", weapon_bonus=2, reach="long", extra=5, on_wall=True)
    found.append(hit_chance(walled, Fighter(dexterity=10), place="corridor"))
    shots = (
        Shot(weapon="crossbow", yards=150, dexterity=80, bonus=5, mounted=True, into_slit=True, extra=3),
        Shot(weapon="crossbow", range="short", target="dragon", from_slit=True, extra=90),
        Shot(weapon="longbow", range="short", trained=False),
    )
    return found + [missile_chance(shot) for shot in shots]


def test_the_modifiers_of_a_chance_to_hit_are_said_in_spanish() -> None:
    """Each modifier's name (kept English, said by `told`) and note (said where it is made) in Spanish,
    and in English as the rules wrote them."""
    english_chances = _hit_chances()
    names = [m.name for c in english_chances for m in c.modifiers]
    notes = [m.note for c in english_chances for m in c.modifiers if m.note]
    assert {"size (larger)", "base: man (2 HD), long range", "no fire allowed", "hit chance limits"} <= set(
        names
    )
    assert "dexterity 90 vs 50: difference / 4 = 10" in notes and "fractions dropped" in notes
    assert all(told(name) == name for name in names) and english(" ".join(names + notes))
    with i18n.speaking("es"):
        spanish_chances = _hit_chances()
        said = [told(m.name) for c in spanish_chances for m in c.modifiers]
        said_notes = [i18n.gettext(m.note) for c in spanish_chances for m in c.modifiers if m.note]
    assert [m.name for c in spanish_chances for m in c.modifiers] == names  # the names stay English
    assert not english(" ".join(said + said_notes).replace("Ana", " ")), english(" ".join(said + said_notes))
    assert "tamaño (mayor)" in said and "destreza 90 contra 50: diferencia / 4 = 10" in said_notes


CHECK_DETAILS = (
    "Health 40: one hit point cured",
    "Dexterity 60, 75% untrained = 45, - 5 for 10 lb carried",
    "Intelligence 50",
    "Poison or disease",
    "Health save",
    "own reputation",
    "other's status",
    "(given)",
    "is the level 2 room occupied?",
    "what lurks there",
    "outlaw alignment in a neutral area (50%)",
    "Horsemanship I (no other physical or weapon skill) (40%)",
    "(3 / 12 x 100) - 50 = 25 -> 25% to fail: failed the third time; wait 6 months before trying again",
    "saved against Health: ill 3 week(s), Health falls to 37; old age: -8 to every physical characteristic",
    "saved against Health: ill 2 week(s); old age: -4 to every physical characteristic",
)
"""The checks' details and labels, a roll given at the table, the influence's modifiers, an underworld
room's and an encounter's steps, a course failed the third time and a year's illness and old age."""


def test_the_checks_and_the_steps_are_said_in_spanish() -> None:
    for text in CHECK_DETAILS:
        assert told(text) == text and english(text), text
        with i18n.speaking("es"):
            said = told(text)
        assert said != text and not english(said), (text, said, english(said))


def test_the_learning_formula_is_said_where_it_is_shown_and_kept_english() -> None:
    """`LearningOdds.detail` says the formula in the reader's language; `written`, the log's, in English."""
    odds = learning_odds(parse_course("11"), 50, 12, repeat=True)
    assert odds.detail() == odds.written() and odds.written().endswith("% to fail")
    with i18n.speaking("es"):
        assert odds.detail().endswith("% de fallar") and odds.written().endswith("% to fail")
        assert told(f"{odds.written()}: mastered after 12 months").endswith(
            "% de fallar: dominado tras 12 meses"
        )


def test_the_days_of_rest_and_journeys_are_counted_in_words() -> None:
    """A rest of one day "passes", of several "pass" (not "day(s)"), as the rules write the event, said
    again in Spanish with its number; an event written before ("3 day(s) pass") is still said."""
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], 1)
    match.advance()
    for days, written in ((1, "1 day passes"), (4, "4 days pass")):
        make_action(match, f"days:{days}")
        assert written in [e.text for e in match.state.events], match.state.events
    with i18n.speaking("es"):
        assert told("1 day passes") == "pasa 1 día" and told("4 days pass") == "pasan 4 días"
        assert told("2 days in the forest begin").startswith("empiezan 2 días por terreno de ")
        assert told("3 day(s) pass") == "pasan 3 día(s)"
    assert told("1 day passes") == "1 day passes"
