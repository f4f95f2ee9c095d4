"""Adventures in Fantasy in Spanish in the browser (issue 31, the AiF slice): the referee's desk, the
campaign at the table and the melee meet no English outside their content regions.

A referee opens a campaign, adds two characters, runs a table procedure (a day's encounter), sets one
character to fight a wolf, plays a round of blows, breaks the fight off, lets a week pass and travels; a
melee is played to its end. Every page (the desk with the procedure's outcome, the desk, a character sheet,
the whole log, a rolled new character, the campaigns' list, the campaign's and the melee's tables) is read
as `test_languages.py` reads a page: its chrome (outside `data-content`) must hold no English word, among
the catalogue's English words and a list of the desk's own words that a missed message would leave
(`DESK_WORDS`). The content regions grognard itself words (the log's events, the table's events and
action labels, the melee's log and ending) are read too, with the rules data taken away (the creatures',
the ranks' and the calendar's names, the rulings' titles): the events' sentences are said in Spanish. The
same pages in English are found English, so the test can fail. The How to play guide, the new-game forms'
option words and the server's refusals are checked apart.
"""

from __future__ import annotations

import re

import pytest

from grognard import i18n
from grognard.engine.match import Match
from grognard.systems.adventures_in_fantasy.campaign import add_action
from grognard.systems.adventures_in_fantasy.chargen import generate
from grognard.systems.adventures_in_fantasy.combat import FIGHTER_HELP
from grognard.systems.adventures_in_fantasy.creatures import creatures
from grognard.systems.adventures_in_fantasy.melee import MeleeGame
from grognard.systems.adventures_in_fantasy.referee import make_action
from grognard.systems.adventures_in_fantasy.seat_view import campaign_chances
from grognard.systems.adventures_in_fantasy.table_dice import TableDice
from grognard.systems.adventures_in_fantasy.tables import rollable_tables
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.words import SENTENCES, told
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
    r'|<section class="card aif-outcome".*?<ol|data-now>.*?</p>',
    re.S,
)
"""The content regions grognard words: the desk's log and outcome, a table's events, the melee's ending."""
FORCE = re.compile(r"(?:mounted|foot) soldier \([^)]*\)(?: and (?:mounted|foot) soldier \([^)]*\))?")
"""The soldiers met, as their force is described (their arms: rules data)."""
RULINGS = re.compile(r"\((?:ruling|our ruling)[^()]*\)")
"""A ruling's source, named by its title in the rulings' document (English, as the Reference is)."""


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


def rules_data() -> list[str]:
    """The rules data a content region may show, longest first: the creatures' names, the rows of the
    book's tables (a roll's name says the row it read), the characters' names."""
    found = {c.name for c in creatures().values()} | {"Ana", "Bo", "Cy"}
    found |= {row.text for table in rollable_tables().values() for row in table.rows}
    return sorted(found, key=len, reverse=True)


def grognards_words(html: str, data: list[str]) -> str:
    """The words of a page's content regions that grognard words (`REGIONS`), the rules data, the
    soldiers' arms and the rulings' titles taken away."""
    reader = Whole()
    reader.feed(" ".join(REGIONS.findall(html)))
    reader.close()
    text = FORCE.sub(" ", RULINGS.sub(" ", plain(" ".join(reader.words))))
    for words in data:
        text = re.sub(rf"(?<!\w){re.escape(words)}(?!\w)", " ", text)
    return text


def test_the_events_and_the_melee_are_said_in_spanish(
    spanish_pages: dict[str, str], english_pages: dict[str, str]
) -> None:
    """The log's events (their labels, sentences and rolls' names), the table's events and the melee's
    log and ending are Spanish in Spanish and English in English (the rules data taken away)."""
    data = rules_data()
    for name in ("outcome", "fighting", "fighting table", "log", "table", "melee"):
        spanish_words = grognards_words(spanish_pages[name], data)
        english_words = grognards_words(english_pages[name], data)
        assert spanish_words.strip() and not english(spanish_words), (name, english(spanish_words))
        assert english(english_words), name
    for said in ("Empieza el cuerpo a cuerpo", "golpea Ana", "dos d20 leídos como cifras", "Se une"):
        assert said in spanish_pages["log"], said
    # the melee is dice only and unseeded (a table of people takes no seed): it ends won or with nobody
    assert any(end in spanish_pages["melee"] for end in ("gana el cuerpo a cuerpo", "nadie gana"))
    assert any(end in english_pages["melee"] for end in ("wins the melee", "nobody wins"))
    assert "Melee begins" in english_pages["log"]


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
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], 1)
    match.advance()
    member = Member(character=generate(TableDice(int(SEED_ANA), ()), name="Ana").character, seed=1)
    make_action(match, add_action(member))
    make_action(match, "fight:0:Wolf")
    found = {}
    for language in ("es", "en"):
        with i18n.speaking(language):
            odds = campaign_chances(match.state, 0)
            assert odds is not None and odds.note
            found[language] = odds.note
    assert found["es"].startswith("Ana contra Wolf: gana Ana ") and "%" in found["es"], found["es"]
    assert found["en"].startswith("Ana against the Wolf: Ana wins "), found["en"]


SAID_AS_IS = (
    "{title}: {summary} [{rolls}]",
    "{first}; {then}",
    "{label}: {result}",
    "{kind} +{levels}: {value}",
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
            == "Ana (12 golpes, 18% de impactar) contra Wolf (9 golpes, 1 dados de golpe, 70% de impactar)"
        )
        assert told("the Wolf falls") == "cae Wolf" and told("a note of my own") == "a note of my own"


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


def test_the_melees_fighter_help_is_the_command_lines() -> None:
    """The melee's first option says how a fighter is written as the command line does (`FIGHTER_HELP`),
    written out whole so that the catalogue holds it."""
    assert MeleeGame.info.options[0].help == f"combatant A: {FIGHTER_HELP}"
