"""A Spanish table of Talisman meets no English (issue 31, the Talisman slice).

As `test_languages_heroquest.py` does for a quest, a seeded game is played in Spanish in the browser's
test client (this browser the Warrior, a bot the Troll) until the Warrior has moved, drawn cards and
fought, and each page is read whole (content regions included: the board, the sheets, the choices, the
log), only the systems' own names taken away: no English word may remain, among the catalogue's and a
list of Talisman's board words (`BOARD_WORDS`). The same game played in English is found English, so the
test can fail. Also checked: the new-game form (the options, the Character cards with their Special
Abilities and starting space), the sheets, the board's fixed words, the action labels (every verb of a
sampled set of games said in words, never as its id), the log's notes kept as language-neutral tuples
and said in the reader's language (an older saved game's English lines read back), and the terminal's
play in Spanish.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grognard import i18n
from grognard.engine import registry
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.game import AUTO_TURNS, DEFAULT_ROUNDS, TalismanGame, initial_state
from grognard.systems.talisman.seat_view import action_label, game_ending, named, seat_said
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.tasks import throw
from grognard.systems.talisman.views import OPTION_WORDS, describe_action
from grognard.systems.talisman.words import (
    CHARACTER_NAMES,
    EVADES,
    FIGHT_NOTES,
    TASK_WORDS,
    UNNAMED,
    note_of_text,
    said_note,
    unnamed,
)
from grognard.web.systems.talisman import turn_line, winners_line
from tests.cli.helpers import grognard
from tests.web.routes.test_languages import (
    WORD,
    assert_english,
    assert_spanish,
    chrome,
    english_in,
    finder,
    spanish,
)
from tests.web.routes.test_languages_gamebooks import Whole, plain
from tests.web.security.tables_client import Visitor, browser

DATA = Path(__file__).resolve().parents[3] / "src/grognard/systems/talisman/data"
BOARD_WORDS = frozenset(
    {
        "turn",
        "move",
        "moves",
        "clockwise",
        "anticlockwise",
        "spaces",
        "draw",
        "draws",
        "card",
        "cards",
        "fight",
        "combat",
        "against",
        "wins",
        "loses",
        "standoff",
        "rolls",
        "roll",
        "die",
        "evades",
        "dies",
        "region",
        "outer",
        "middle",
        "inner",
        "strength",
        "craft",
        "lives",
        "gold",
        "objects",
        "followers",
        "trophies",
        "spells",
        "warrior",
        "woods",
        "fields",
        "sentinel",
        "take",
        "finish",
        "encounter",
        "space",
        "bear",
        "wolf",
        "plays",
        "player",
        "first",
        "nothing",
    }
)
"""Words of Talisman's board, sheets, choices and log that would show if a message were missed (the
space and card names among them are the rules data's, said through the catalogue)."""
SEED = "5"
"""The dice of the game played here."""
MOVES = 60
"""At most this many of the Warrior's choices are made (the bot's turns between them)."""

SHEET_WORDS = frozenset(
    {
        "strength",
        "craft",
        "lives",
        "gold",
        "counter",
        "counters",
        "objects",
        "followers",
        "trophies",
        "spells",
        "special",
        "abilities",
        "none",
        "face",
        "down",
        "playing",
        "you",
        "good",
        "evil",
        "on",
        "the",
        "warrior",
        "not",
        "yet",
        "chosen",
    }
)
"""The words of a sheet that would show in Spanish if a message were missed (the space's name, rules
data, is taken away first); "Neutral" and "Troll" are the same in both languages and not looked for."""
SHEET = re.compile(r'<section class="card t-sheet".*?</section>', re.S)
CONTENT = re.compile(r"<p data-content>.*?</p>", re.S)
TAG = re.compile(r"<[^>]+>")


def new_table(visitor: Visitor) -> str:
    """A new table of a warrior (this browser) and a troll (a bot): its address."""
    form = {"system": "talisman", "game": "game", "seat:0": "here", "seat:1": "bot", "seed": SEED}
    made = visitor.post("/games", form | {"option:players": "2", "option:characters": "warrior,troll"})
    assert made.status_code == 303, made.text[-300:]
    return str(made.headers["location"])


def table(visitor: Visitor) -> str:
    """A new table's page, as `visitor` reads it."""
    page: str = visitor.client.get(new_table(visitor)).text
    return page


def sheet_words(html: str) -> list[str]:
    """The English sheet words left on the sheets, the Special Abilities' text (rules data, marked
    `data-content`) and the names of the spaces taken away."""
    sheets = SHEET.findall(html)
    assert len(sheets) == 2
    text = TAG.sub(" ", CONTENT.sub(" ", " ".join(sheets)))
    for space in catalog().spaces.values():
        text = text.replace(space.name, " ")
    return sorted({w for w in WORD.findall(text) if w.lower() in SHEET_WORDS})


@pytest.fixture(scope="module")
def pages() -> tuple[str, str]:
    return table(spanish(browser())), table(browser())


def test_the_sheets_are_spanish_and_english_in_english(pages: tuple[str, str]) -> None:
    spanish_page, english_page = pages
    assert not sheet_words(spanish_page), sheet_words(spanish_page)
    for said in ("Fuerza", "Astucia", "Vidas", "Oro", "Objetos", "Seguidores", "Trofeos", "Hechizos"):
        assert said in spanish_page, said
    assert "<h2>Guerrero " in spanish_page and "Habilidades especiales" in spanish_page
    assert "Strength" in sheet_words(english_page) and "Lives" in sheet_words(english_page)
    assert "<h2>Warrior " in english_page


def test_the_boards_fixed_words_are_spanish(pages: tuple[str, str]) -> None:
    spanish_page, english_page = pages
    for said in ("Turno 1 · tu turno, como Guerrero", "El tablero en palabras", ", Región Exterior: "):
        assert said in spanish_page, said
    assert "Río Tormentoso" in spanish_page and ">Puente<" in spanish_page
    for said in (
        "Turn 1 · your turn, as the Warrior",
        "The board in words",
        ", Outer Region: ",
        ">Storm River<",
    ):
        assert said in english_page and said not in spanish_page, said


def test_the_action_labels_are_spanish() -> None:
    """The labels of the first choices (which way to move, how far, to which space, what a drawing space
    does; the space's name is rules data), and the words of the actions without a card, said apart."""
    labels = {}
    for language, visitor in (("es", spanish(browser())), ("en", browser())):
        view = visitor.view(new_table(visitor))["view"]
        labels[language] = [a["label"] for a in view["actions"]]
    assert labels["es"][0].startswith("Moverse en sentido horario 6 casillas hasta Bosque")
    assert labels["es"][1].startswith(
        "Moverse en sentido antihorario 3 casillas hasta Centinela, donde se abre"
    )
    assert labels["en"][0] == "Move clockwise 6 spaces to the Woods: draw 1 card"
    assert labels["es"][0].endswith("Bosque: robar 1 carta")
    actions = ("roll", "portal", "fight", "stand", "bridge", "meet:1", "cast:hex:oasis")
    with i18n.speaking("es"):
        said = [describe_action(a) for a in actions]
    assert said == [
        "tirar el dado",
        "intentar abrir el Portal",
        "luchar",
        "plantar cara y luchar",
        "cruzar el puente",
        "enfrentarse al jugador 1",
        "lanzar Maleficio sobre Oasis",
    ]
    assert (
        describe_action("roll") == "roll the die" and describe_action("cast:hex:oasis") == "cast Hex on Oasis"
    )


def test_the_new_game_form_speaks_spanish() -> None:
    """The form's own words and Talisman's options in Spanish; the Character cards' names, numbers, Special
    Abilities and starting space in Spanish."""
    page = spanish(browser()).client.get("/games/new/talisman")
    assert page.status_code == 200
    lang, words = chrome(page.text)
    assert lang == "es" and not english_in(words), english_in(words)
    for said in ("Personajes", "Máximo de turnos", "cuántos jugadores (2-6)", "Guerrero", "Necrófago"):
        assert said in page.text, said
    assert "Fuerza 4" in page.text and "Astucia 2" in page.text and "Malvado" in page.text
    assert "casilla inicial: Aldea" in page.text and "Veterano de muchas guerras" in page.text
    english_page = browser().client.get("/games/new/talisman").text
    assert "Max turns" in english_page and "Ghoul" in english_page and "Strength 4" in english_page


def test_the_names_and_words_are_marked_and_said_in_spanish() -> None:
    names = {c.name for c in catalog().characters.values()}
    assert names == set(CHARACTER_NAMES), names ^ set(CHARACTER_NAMES)
    assert {unnamed(k) for k in range(-1, 7)} <= set(UNNAMED)
    help_ = next(o.help for o in TalismanGame.info.options if o.name == "max_turns")
    assert f"{AUTO_TURNS}: {DEFAULT_ROUNDS} rounds, i.e. {DEFAULT_ROUNDS} x the players" in help_
    public = {"turn": 3, "current": 1, "task": "direction", "winners": [1]}
    public["heroes"] = [{"character_name": "Warrior"}, {"character_name": "Ghoul"}]
    with i18n.speaking("es"):
        assert [i18n.gettext(n) for n in ("Warrior", "Wizard", "Thief", "Druid")] == [
            "Guerrero",
            "Mago",
            "Ladrón",
            "Druida",
        ]
        assert all(i18n.gettext(w) != w for w in TASK_WORDS.values())
        assert turn_line(public, [0]) == "Turno 3 · juega Necrófago · eligiendo en qué sentido moverse"
        assert winners_line(public, [0]) == "Gana Necrófago"
        assert winners_line(public, [1]) == "Ganas tú"
    assert turn_line(public, [0]) == "Turn 3 · Ghoul is playing · choosing which way to move"
    assert winners_line(public, [0]) == "Ghoul wins" and winners_line(public, [1]) == "You win"


# ------------------------------------------------------------------------------------ a game played


def engine_words(html: str) -> tuple[str, str]:
    """A page's `<html lang>` and all its words (content regions included), the systems' names taken
    away."""
    reader = Whole()
    reader.feed(html)
    reader.close()
    text = plain(" ".join(reader.words))
    for facts in registry.facts():
        text = text.replace(facts.name, " ")
    return reader.lang, text


english = finder(BOARD_WORDS)
"""The English words of a text: the catalogue's, and Talisman's board words."""


PREFERRED = ("fight", "roll", "stand", "take", "cw", "acw", "space", "done")
"""The Warrior's choices, the first offered of these verbs: fight, take what is found, move on."""


def played(visitor: Visitor) -> Iterator[tuple[str, str]]:
    """The table's page, then its page after each of the Warrior's choices, as `visitor` reads them, each
    with what was chosen; until the Warrior has moved, drawn cards and fought."""
    table = new_table(visitor)
    yield "start", visitor.client.get(table).text
    done: set[str] = set()
    for _ in range(MOVES):
        view = visitor.view(table)["view"]
        if view["public"].get("drawn"):
            done.add("drawn")
        if any(_fought(e) for e in view["events"]):
            done.add("fight")
        ids = [a["id"] for a in view["actions"]]
        if not ids:
            break
        action = next((a for verb in PREFERRED for a in ids if a.partition(":")[0] == verb), ids[0])
        verb = action.partition(":")[0]
        made = visitor.post(f"{table}/act", {"action": action, "ply": str(view["ply"])})
        assert made.status_code in (200, 303), made.text[-300:]
        done.add("move" if verb in ("cw", "acw") else "fight" if verb in ("fight", "roll", "stand") else verb)
        yield action, visitor.client.get(table).text
        if {"move", "drawn", "fight"} <= done:
            break
    assert {"move", "drawn", "fight"} <= done, done


def _fought(event: dict[str, Any]) -> bool:
    """Whether an event is a combat's roll of the Warrior's (its die and the foe's)."""
    dice = event.get("dice") or []
    return len(dice) == 2 and str(dice[0].get("expression", "")).endswith("(p0)")


@pytest.fixture(scope="module")
def spanish_game() -> list[tuple[str, str]]:
    return list(played(spanish(browser())))


def test_a_spanish_game_says_no_english(spanish_game: list[tuple[str, str]]) -> None:
    assert_spanish(spanish_game, engine_words, english)


def test_the_same_game_in_english_is_found_english() -> None:
    assert_english(played(browser()), engine_words, english)


def test_the_game_words_are_spanish(spanish_game: list[tuple[str, str]]) -> None:
    """What the Spanish game shows: the log's draws and combats, the dice named by their thrower and the
    creature, the cards' names and texts, the spaces'."""
    last = spanish_game[-1][1]
    log = " ".join(engine_words(html)[1] for _, html in spanish_game)
    assert "Guerrero roba " in log and " contra " in log and "tira para moverse" in log
    assert re.search(r"1d6 \(Guerrero\)", log) and "Región Exterior" in last and "Bosque" in last
    assert "Qué ha pasado" in last and "Guerrero" in last


# ------------------------------------------------------------------------------ the notes and labels


def _states(games: int) -> Iterator[TalismanState]:
    """The states of a few short games of random choices and real dice (every seat's decision)."""
    for g in range(games):
        state = initial_state(3, "random", 60)
        rng, pick = Rng(f"words:{g}"), random.Random(g)
        while state.actor() is not TERMINAL:
            if state.actor() is CHANCE:
                nxt = state.apply(throw(state, rng)[0])
            else:
                yield state
                nxt = state.apply(pick.choice(list(state.legal_actions())))
            assert isinstance(nxt, TalismanState)
            state = nxt
        yield state


def test_every_action_and_note_is_said_in_words() -> None:
    """No label shows an action's id (a verb, a snake_case or kebab-case word), none in Spanish holds an
    English word, and every note of the log is a message with its values, said in Spanish."""
    for state in _states(4):
        notes = named(list(state.log), ["Guerrero", "Mago", "Troll"])
        assert all(isinstance(n, tuple) and n[0] for n in state.log), state.log
        with i18n.speaking("es"):
            spanish_notes = named(list(state.log), ["Guerrero", "Mago", "Troll"])
        for said in spanish_notes:
            assert not english(said) and not re.search(r"\bp\d\b", said), said
        assert notes == named(list(state.log), ["Guerrero", "Mago", "Troll"])
        seat = state.actor()
        if not isinstance(seat, int):
            continue
        for action in state.legal_actions():
            with i18n.speaking("es"):
                said = action_label(state, seat, action)
            assert not english(said), (action, said)
            assert not re.search(r"[a-z]+[_-][a-z]+|:", said.split(": ")[0]), (action, said)


def test_every_option_of_the_rules_data_has_words() -> None:
    labels: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif key == "label":
            labels.add(value)

    for path in DATA.rglob("*.toml"):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    assert labels and labels <= set(OPTION_WORDS), sorted(labels - set(OPTION_WORDS))


def test_a_note_is_a_small_tuple_said_in_the_readers_language() -> None:
    """The state keeps a message and its values (English, language-neutral); the display says it; a
    snapshot an older version wrote with English lines reads back to the same notes."""
    note = (FIGHT_NOTES["win"], "p0", "Bear and Wolf")
    assert said_note(note) == "p0 wins against Bear and Wolf"
    with i18n.speaking("es"):
        assert said_note(note) == "p0 gana contra Oso y Lobo"
        assert named([(EVADES, "p1", "p0")], ["Guerrero", "Troll"]) == ["Troll evita a Guerrero"]
        assert seat_said("1d6 (Bear)", {"heroes": [{"character_name": "Warrior"}]}) == "1d6 (Oso)"
        assert seat_said("1d6 (p0)", {"heroes": [{"character_name": "Warrior"}]}) == "1d6 (Guerrero)"
    assert note_of_text("p0 win against Bear and Wolf") == note
    assert note_of_text("p1 dies and is out of the game")[1:] == ("p1",)
    game = TalismanGame()
    state = next(s for s in _states(1) if len(s.log) > 2)
    data: Any = game.state_to_json(state)
    assert game.state_from_json(data) == state
    with i18n.speaking("en"):
        data["log"] = [said_note(n) for n in state.log]  # as an older version saved it
    assert game.state_from_json(data) == state


def test_the_endings_are_said_in_spanish() -> None:
    public: dict[str, Any] = {
        "turn": 40,
        "winners": [1],
        "heroes": [{"character_name": "Warrior", "out": True}],
    }
    public["heroes"].append(
        {"character_name": "Troll", "strength": 7, "craft": 1, "lives": 3, "gold": 2, "space_name": "Oasis"}
    )
    with i18n.speaking("es"):
        said = game_ending(public, {"outcome": "win", "winners": [1]})
    assert said == [
        "Troll gana tras 40 turnos: el último personaje que queda, con la Corona de Mando.",
        "Guerrero: fuera de la partida.",
        "Troll: Fuerza 7, Astucia 1, 3 Vidas, 2 de Oro, en Oasis.",
    ]
    assert game_ending(public, None)[0].startswith("Troll wins after 40 turns")


def test_the_terminal_plays_in_spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two bots play a few turns at the terminal in Spanish: the board, the sheets' lines, every roll,
    draw, combat and note, the ending: no English word."""
    monkeypatch.setenv("GROGNARD_PLUGINS", "grognard.cli.systems.talisman")
    args = ("talisman", "play", "--players", "warrior:bot,troll:bot", "--seed", "11", "--max-turns", "12")
    ran = grognard("--lang", "es", *args, home=tmp_path)
    assert ran.code == 0, ran.err
    assert not english(ran.out), english(ran.out)
    assert (
        "Región Exterior" in ran.out and "tira para moverse" in ran.out and "Guerrero (Asiento 1)" in ran.out
    )
    english_run = grognard(*args, home=tmp_path)
    assert "Outer Region" in english_run.out and english(english_run.out)


def test_the_reference_of_the_rules_help_is_spanish_and_english_in_english() -> None:
    """The cards, Spells and spaces beside How to play (`reference.sections`): every heading, name and
    text said in Spanish has no English word (citations and numbers aside); in English the same is
    found English, word for word the catalogue's data."""
    from grognard.systems.talisman.reference import sections  # inner import: the module under test

    def said() -> str:
        return "\n".join(
            f"{h}\n" + "\n".join(f"{n}: {t}" for n, t, _ in entries) for h, entries in sections()
        )

    with i18n.speaking("es"):
        spanish_reference = said()
    english_reference = said()
    assert english(english_reference), "the English reference is found English"
    assert "Cartas de Aventura: Enemigos" in spanish_reference and "Fuerza 4, Astucia 2" in spanish_reference
    assert english(spanish_reference) == [], spanish_reference[:400]


def test_the_game_is_talisman_and_the_card_talisman_in_spanish() -> None:
    """The game keeps its name (the Spanish edition's) where the object card is "Talismán": the new-game
    form's heading, the rules help; a character's card says where it starts without a bare place name."""
    with i18n.speaking("es"):
        assert i18n.game_name(TalismanGame.info.name) == "Talisman"
        assert i18n.gettext("Talisman") == "Talismán"
    page = spanish(browser()).client.get("/games/new/talisman").text
    form = page[page.index('data-game="game"') :]
    assert re.search(r"<h2[^>]*>Talisman</h2>", form), form[:300]
    assert "casilla inicial: Aldea" in form and "empieza en Aldea" not in form
