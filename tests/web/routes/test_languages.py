"""The pages in Spanish: chosen by the browser's `Accept-Language` or by the language choice in the page
header (kept in a cookie, before the browser's), said in `<html lang>`, and with no English word in the
page's own words.

What is the page's own words (its chrome) and what is game content is marked in the templates: an element
with `data-content` holds what a game, a book, a player or a host wrote (a book's title, a seat's name, the
board, the events, a chat message, the rules data), and one with a `lang` attribute other than the page's
is in that language on purpose (each language's own name in the choice, the messages of a book checker or
quest importer that speak English only). Everything else a reader sees
(the text, and the `title`, `aria-label`, `placeholder`, `alt` a browser shows, a button's value) must be
Spanish on a Spanish page. An English word is one of the words the catalogue's English messages use that
no Spanish translation uses (so "Chat" or "Error", the same in both, pass), or one of a few common English
words; the same reader finds them on the English pages, so the test can fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

from grognard import i18n
from grognard.i18n.extract import read
from tests.web.routes.test_luck import PIT, play_pit
from tests.web.routes.test_systems import CELLAR
from tests.web.security.tables_client import Visitor, browser

SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
"""The attributes a browser shows a reader."""
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
"""Elements with no end tag."""
COMMON_ENGLISH = frozenset(
    [
        "the",
        "and",
        "you",
        "your",
        "with",
        "this",
        "that",
        "from",
        "what",
        "who",
        "how",
        "game",
        "games",
        "move",
        "moves",
        "play",
        "new",
        "saved",
        "turn",
        "seat",
        "seats",
        "table",
        "tables",
        "start",
        "back",
        "page",
        "help",
        "rules",
        "tools",
        "name",
        "player",
        "players",
        "won",
        "over",
        "yes",
    ]
)
"""English words a page might say outside the catalogue's messages."""
WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
MACHINE = re.compile(r"<[^>]*>|%\(\w+\)[sdrfi]|\{[\w!:.]+\}|`[^`]*`|\S+/\S+|--\w[\w-]*")
"""What in a message is no word of its language: markup, placeholders (`%(name)s`, `{name!r}`), code in
backquotes, paths ("docs/formats/saved-game.md") and command-line options ("--seat")."""


def english_words() -> frozenset[str]:
    """The words of the catalogue's English messages that no Spanish translation uses, with the common
    English words; lower case, three letters or more, what is no word (`MACHINE`) left out."""
    catalogue = read("es")
    english: set[str] = set(COMMON_ENGLISH)
    spanish: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for text, words in ((" ".join(ids), english), (" ".join(strings), spanish)):
            text = MACHINE.sub(" ", text)
            words.update(w.lower() for w in WORD.findall(text) if len(w) >= 3)
    return frozenset(english - spanish)


ENGLISH = english_words()


class Chrome(HTMLParser):
    """The words of a page outside its content regions, and the page's `<html lang>`. The `<title>` is
    left out (it names the game or the table, and cannot hold a marked region): `test_fixed_titles_are_
    translated` reads the titles that are only words of the page. With `content`, the content regions are
    read too (a page read whole). A `<code>` is left out too: a command is typed as it is, in no language."""

    def __init__(self, content: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.content = content
        self.lang = ""
        self.words: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
            return
        other_language = "lang" in found and found["lang"] != self.lang
        if tag in VOID:
            if not self.skipping and not (self.content and other_language):
                self.shown(tag, found)
            return
        if self.skipping:
            self.skipping.append(tag)
            return
        hidden = "data-content" in found and not self.content
        if tag in ("script", "style", "title", "code") or hidden or other_language:
            self.skipping.append(tag)
            return
        self.shown(tag, found)

    def shown(self, tag: str, found: dict[str, str | None]) -> None:
        """The attributes of an element a browser shows."""
        if "data-content" in found and not self.content:
            return
        self.words.extend(found[name] or "" for name in SHOWN_ATTRIBUTES if found.get(name))
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.words.append(found["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and tag in VOID:
            return
        if self.skipping:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.words.append(data)


def chrome(html: str) -> tuple[str, str]:
    """A page's `<html lang>` and the words of its chrome."""
    reader = Chrome()
    reader.feed(html)
    reader.close()
    return reader.lang, " ".join(" ".join(reader.words).split())


def english_in(text: str) -> list[str]:
    """The English words in `text`."""
    return sorted({w for w in WORD.findall(text) if w.lower() in ENGLISH})


Reader = Callable[[str], tuple[str, str]]
"""What reads a page: its `<html lang>` and the words to look at (its chrome, or its words with the
content a system or an author wrote taken away)."""
Finder = Callable[[str], list[str]]
"""What finds the English words of a text (`english_in`, or a system's with its own board words)."""


def finder(extra: frozenset[str]) -> Finder:
    """`english_in` with `extra` English words a system's pages say (its board's or desk's words)."""

    def english(text: str) -> list[str]:
        found = {w for w in WORD.findall(text) if w.lower() in extra}
        return sorted(set(english_in(text)) | found)

    return english


def english_said(
    pages: Iterable[tuple[str, str]],
    read: Reader = chrome,
    english: Finder = english_in,
    language: str = "es",
) -> tuple[list[str], dict[str, list[str]]]:
    """The names of `pages` (each named by the move or address it was read after) and the English words
    each says, for the pages that say any; every page must say it is in `language`."""
    names: list[str] = []
    hits: dict[str, list[str]] = {}
    for name, html in pages:
        lang, words = read(html)
        assert lang == language, (name, lang)
        names.append(name)
        if english(words):
            hits[name] = english(words)
    return names, hits


def assert_spanish(
    pages: Iterable[tuple[str, str]], read: Reader = chrome, english: Finder = english_in
) -> None:
    """Every page of `pages` says it is Spanish and no English word."""
    _, hits = english_said(pages, read, english)
    assert not hits, f"English words on Spanish pages: {hits}"


def assert_english(
    pages: Iterable[tuple[str, str]], read: Reader = chrome, english: Finder = english_in
) -> None:
    """Every page of `pages` says it is English and the same finder finds English words on it: what proves
    the Spanish check can fail."""
    names, hits = english_said(pages, read, english, "en")
    unfound = [name for name in names if name not in hits]
    assert names and not unfound, f"no English word found on these English pages: {unfound}"


def spanish(visitor: Visitor) -> Visitor:
    """The visitor's browser, asking for Spanish first."""
    visitor.client.headers["Accept-Language"] = "es-ES,es;q=0.9,en;q=0.5"
    return visitor


def pages(visitor: Visitor) -> dict[str, str]:
    """The main pages, a table of one player and one with a bot, and an error page, as `visitor` reads
    them."""
    urls = ["/", "/games/new", "/tools", "/lobby", "/me"]
    urls += [str(s["form"]) for s in visitor.json("/games/new.json")]
    fight = visitor.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    duel = visitor.start("talisman", "game", ["here", "bot"], players="2")
    urls += [fight, duel, f"{duel}/replay", "/games"]
    tool = re.search(r'href="(/tools/[\w-]+)"', visitor.client.get("/tools").text)
    assert tool is not None, "the tools page links no calculator"
    urls.append(tool.group(1))
    read = {url: visitor.client.get(url) for url in urls}
    for url, got in read.items():
        assert got.status_code == 200, (url, got.text[-300:])
    missing = visitor.client.get("/nada/aqui")
    assert missing.status_code == 404
    return {url: got.text for url, got in read.items()} | {"404": missing.text}


def test_english_words_are_known_and_spanish_ones_are_not() -> None:
    assert {"saved", "lobby", "choices", "undo"} <= ENGLISH
    assert not {"chat", "error", "partida", "jugadas"} & ENGLISH


@pytest.mark.parametrize("chosen_by", ["accept-language", "setting"])
def test_spanish_pages_say_their_language_and_no_english_word(chosen_by: str) -> None:
    visitor = spanish(browser()) if chosen_by == "accept-language" else browser()
    if chosen_by == "setting":
        assert visitor.post("/language", {"language": "es", "next": "/"}).status_code == 303
    assert_spanish(pages(visitor).items())
    home = visitor.client.get("/").text
    assert "Partidas guardadas" in home and "Sala" in home


def test_the_english_pages_are_found_english_by_the_same_reader() -> None:
    assert_english(pages(browser()).items())


def test_the_setting_comes_before_the_browser_and_is_kept() -> None:
    visitor = spanish(browser())
    chosen = visitor.post("/language", {"language": "en", "next": "/lobby"})
    assert chosen.status_code == 303 and chosen.headers["location"] == "/lobby"
    lang, words = chrome(visitor.client.get("/lobby").text)
    assert lang == "en" and "Lobby" in words
    visitor.client.headers.pop("Accept-Language")
    visitor.post("/language", {"language": "es", "next": "/"})
    lang, words = chrome(visitor.client.get("/games").text)
    assert lang == "es" and "Partidas guardadas" in words
    visitor.post("/language", {"language": "", "next": "/"})
    assert chrome(visitor.client.get("/").text)[0] == "en"


@pytest.mark.parametrize("next_page", ["https://elsewhere.example/", "//elsewhere.example/x"])
def test_the_choice_goes_back_only_to_this_server(next_page: str) -> None:
    chosen = browser().post("/language", {"language": "es", "next": next_page})
    assert chosen.status_code == 303 and chosen.headers["location"] == "/"


def test_an_unknown_language_is_refused_in_the_readers_language() -> None:
    visitor = spanish(browser())
    refused = visitor.post("/language", {"language": "klingon", "next": "/"})
    assert refused.status_code == 400
    assert "klingon" in refused.text and 'lang="es"' in refused.text


def test_counts_are_written_in_the_readers_locale() -> None:
    visitor = spanish(browser())
    assert i18n.number(1234567, "es") in ("1.234.567",)
    table = visitor.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    page = visitor.client.get(table).text
    assert re.search(r"Jugada \d+", page)
    assert "jugada" in visitor.client.get("/games").text


@pytest.mark.parametrize(
    ("url", "title"),
    [("/games", "Partidas guardadas"), ("/lobby", "Sala"), ("/tools", "Herramientas"), ("/", "Inicio")],
)
def test_fixed_titles_are_translated(url: str, title: str) -> None:
    page = spanish(browser()).client.get(url).text
    assert f"<title>{title} · grognard</title>" in page


def test_the_choice_on_a_page_goes_back_to_that_page_with_its_query() -> None:
    visitor = browser()
    page = visitor.client.get("/me?next=/lobby").text
    assert 'name="next" value="/me?next=/lobby"' in page


def test_the_servers_refusals_speak_the_readers_language_on_pages_and_in_json() -> None:
    visitor = spanish(browser())
    table = visitor.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    wrong = table.rsplit("-", 1)[0] + "-" + "0" * 20
    page = visitor.client.get(wrong)
    assert page.status_code == 404 and "aquí no hay ninguna partida así" in page.text
    twin = visitor.client.get(f"{wrong}/view.json")
    assert twin.status_code == 404 and twin.json()["error"] == "aquí no hay ninguna partida así"
    stranger = spanish(browser(visitor.client.app))
    refused = stranger.post(f"{table}/act", {"action": "x", "ply": "0"})
    assert refused.status_code == 403 and "no tienes asiento en esta mesa" in refused.text
    assert "there is no such game here" in browser(visitor.client.app).client.get(wrong).text


# -- the generic pages of issue 31's last slice: the rules help, a calculator, the luck page, the book and
# quest uploads, a refused value ------------------------------------------------------------------------

BOOK = PIT.replace(b'title = "The Pit and the Rat"', b'title = "El pozo y la rata"')
"""The luck test's book under a title of no English word (its choices' own text is marked content on the
luck page; the title is said in a sentence of the upload page)."""


def generic_pages(visitor: Visitor) -> dict[str, str]:
    """The rules help and a How to play page, a calculator with its result, the luck page of a finished
    book, the book upload page with the author's report, the quest upload page and a kept quest's page, and
    the refusals of an unknown tool, of a calculator's bad value and of a move number out of range."""
    read: dict[str, str] = {}

    def keep(url: str, got: Any, status: int = 200) -> None:
        assert got.status_code == status, (url, got.status_code, got.text[-300:])
        read[url] = got.text

    for url in ("/rules", "/rules/fighting-fantasy", "/rules/heroquest", "/quests"):
        keep(url, visitor.client.get(url))
    fight = {"skill": "10", "stamina": "20", "luck": "9", "enemies": "9/12,7/6", "can_escape": "on"}
    keep("ff-fight", visitor.post("/tools/ff-fight", fight))
    keep("gs-combat", visitor.post("/tools/gs-combat", {"table": "book"}))
    keep("heroquest-attack", visitor.post("/tools/heroquest-attack", {"body": "2"}))
    keep("talisman-combat", visitor.post("/tools/talisman-combat", {"psychic": "on"}))
    keep("roll", visitor.post("/tools/roll", {"expression": "3d6", "seed": "7"}))
    keep("bad value", visitor.post("/tools/ff-fight", fight | {"skill": "mucho"}), 400)
    keep("no tool", visitor.client.get("/tools/nada"), 404)
    report = visitor.post(
        "/books/fighting-fantasy", {"report": "1"}, files={"file": ("pozo.toml", BOOK, "text/plain")}
    )
    keep("/books/fighting-fantasy (report)", report)
    table = play_pit(visitor, "choice:2")
    keep("luck", visitor.client.get(f"{table}/luck"))
    keep("luck out of range", visitor.client.get(f"{table}/luck?at=999"), 400)
    made = visitor.post("/quests", files={"file": ("cellar.xml", CELLAR.encode(), "text/xml")})
    assert made.status_code == 303, made.text[-300:]
    keep("quest", visitor.client.get(str(made.headers["location"])))
    return read


def test_the_generic_pages_are_spanish_in_spanish() -> None:
    assert_spanish(generic_pages(spanish(browser())).items())


def test_the_generic_pages_are_found_english_in_english() -> None:
    assert_english(generic_pages(browser()).items())


def test_the_generic_pages_say_their_own_words_in_spanish() -> None:
    visitor = spanish(browser())
    read = {url: unescape(text) for url, text in generic_pages(visitor).items()}
    assert "Cómo se juega" in read["/rules"] and "Referencia" in read["/rules/heroquest"]
    assert (
        "Mejor primera jugada" in read["ff-fight"] and "Ganar, sin probar nunca la Suerte" in read["ff-fight"]
    )
    assert re.search(r"<dd>\d+,\d\d%</dd>", read["ff-fight"])  # the figures in the reader's locale
    assert "Combate de Talisman (psíquico)" in read["talisman-combat"] and "empate" in read["talisman-combat"]
    assert "Daño medio" in read["heroquest-attack"] and "de daño" in read["heroquest-attack"]
    assert "Tu HABILIDAD: 'mucho' no es un número entero" in read["bad value"]
    assert "no hay ninguna herramienta 'nada'" in read["no tool"]
    assert "la jugada 999 está fuera de 0 a" in read["luck out of range"]
    assert "El informe para el autor" in read["/books/fighting-fantasy (report)"]
    assert re.search(r"Sección 4: victoria</td>", read["/books/fighting-fantasy (report)"])
    luck = read["luck"]
    assert "Las tiradas que importaron" in luck and "tirada" in luck and "percentil" in luck
    assert "probabilidad de terminar" in luck and "puntos" in luck
    assert "Lo que colocó la importación" in read["quest"] and "Empezarla" in read["quest"]


def test_a_refused_value_and_a_rate_limit_speak_the_readers_language_in_json() -> None:
    visitor = spanish(browser())
    table = visitor.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    wrong = visitor.client.get(f"{table}/luck.json?at=999")
    assert wrong.status_code == 400 and "está fuera de" in wrong.json()["error"]
    english = browser(visitor.client.app).client.get(f"{table}/luck.json?at=999")
    assert "is outside 0 to" in english.json()["error"]
    assert "no hay ningún sistema 'nada'" in unescape(visitor.client.get("/rules/nada").text)


def test_the_scripts_words_and_dates_follow_the_page() -> None:
    """grognard.js's own words come from the page (the body's `data-words`), in the reader's language; a
    date written by the server is in the reader's locale."""
    page = spanish(browser()).client.get("/").text
    found = re.search(r"data-words='([^']*)'", page)
    assert found is not None
    words = json.loads(unescape(found.group(1)))
    assert words["moveHere"] == "puedes moverte aquí" and words["yourTurn"] == "Te toca"
    assert "{place}" in words["square"] and "{title}" in words["yourTurnTitle"]
    english = re.search(r"data-words='([^']*)'", browser().client.get("/").text)
    assert english is not None and json.loads(unescape(english.group(1)))["copied"] == "Copied"
    assert i18n.date("2026-12-07T18:25:08.123+00:00", "es") == "7 dic 2026, 18:25"
    said = i18n.date("2026-12-07T18:25:08", "en")
    assert said.startswith("Dec 7, 2026, 6:25") and said.endswith("PM")
