"""The pages in Spanish: chosen by the browser's `Accept-Language` or by the language choice in the page
header (kept in a cookie, before the browser's), said in `<html lang>`, and with no English word in the
page's own words.

What is the page's own words (its chrome) and what is game content is marked in the templates: an element
with `data-content` holds what a game, a book, a player or a host wrote (a book's title, a seat's name, the
board, the events, a chat message, the rules data), and one with a `lang` attribute other than the page's
is in that language on purpose (each language's own name in the choice). Everything else a reader sees
(the text, and the `title`, `aria-label`, `placeholder`, `alt` a browser shows, a button's value) must be
Spanish on a Spanish page. An English word is one of the words the catalogue's English messages use that
no Spanish translation uses (so "Chat" or "Error", the same in both, pass), or one of a few common English
words; the same reader finds them on the English pages, so the test can fail.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from grognard import i18n
from grognard.i18n.extract import read
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


def english_words() -> frozenset[str]:
    """The words of the catalogue's English messages that no Spanish translation uses, with the common
    English words; lower case, three letters or more, markup and placeholders left out."""
    catalogue = read("es")
    english: set[str] = set(COMMON_ENGLISH)
    spanish: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for text, words in ((" ".join(ids), english), (" ".join(strings), spanish)):
            text = re.sub(r"<[^>]*>|%\(\w+\)s", " ", text)
            words.update(w.lower() for w in WORD.findall(text) if len(w) >= 3)
    return frozenset(english - spanish)


ENGLISH = english_words()


class Chrome(HTMLParser):
    """The words of a page outside its content regions, and the page's `<html lang>`. The `<title>` is
    left out (it names the game or the table, and cannot hold a marked region): `test_fixed_titles_are_
    translated` reads the titles that are only words of the page. With `content`, the content regions are
    read too (a page read whole)."""

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
        if tag in ("script", "style", "title") or hidden or other_language:
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
    hits: dict[str, list[str]] = {}
    for url, html in pages(visitor).items():
        lang, words = chrome(html)
        assert lang == "es", (url, lang)
        if english_in(words):
            hits[url] = english_in(words)
    assert not hits, f"English words on Spanish pages: {hits}"
    home = visitor.client.get("/").text
    assert "Partidas guardadas" in home and "Sala" in home


def test_the_english_pages_are_found_english_by_the_same_reader() -> None:
    visitor = browser()
    for url, html in pages(visitor).items():
        lang, words = chrome(html)
        assert lang == "en", (url, lang)
        assert english_in(words), f"{url}: the reader finds no English word on an English page"


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
