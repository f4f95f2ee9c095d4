"""No English word on a Spanish page (issue 31, the crawl again): the engine-words crawl
(`tests/web/test_engine_words.py`: every seeded game of every shipped game played move by move, the pages
around the tables, an uploaded Twee story and HeroScribe quest, a week of an Adventures in Fantasy campaign
at the referee's desk, a table of two people, the pages of players by name), walked by browsers asking for
Spanish (`Accept-Language: es`, `test_languages.spanish`), and then the luck page of every table it sat
at. Every page and fragment it reads is read as `tests/web/routes/test_languages.py` reads a page: its
chrome (`chrome`: outside the `data-content` regions that hold what a book, a quest, a game or a player
wrote, `<code>`, and text in another `lang`) must hold no English word (`english_in`); a whole page must
say `<html lang="es">`. The engine-words rules are kept too (no machine word in Spanish either), and the
browser's own move is said as "Tú".

The walk is the crawler's own (its `browser` and `Crawl` swapped for Spanish ones while it runs, as the
axe walk `tests/browser/walking.py` swaps them for its own), split by seeded game and by walk as the
crawler names them, so `pytest -n 2` shares it between workers. No browser is needed: FastAPI's
TestClient only. The whole crawl takes about 80 s of one core (the longest part, a HeroQuest quest or a
book played with its luck page, about 10 s).

The English still found where other work is translating it is let pass by `STILL_ENGLISH` (each entry
the crawl, the pages, the words, and why); an entry no longer needed fails its test, so the list only
shrinks. The same crawl in English (a fight, a table of two people and their luck pages) is found English,
so the test can fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import tests.web.test_engine_words as crawler
from grognard import i18n
from tests.web.routes.test_languages import chrome, english_in, spanish
from tests.web.security.tables_client import Visitor
from tests.web.security.tables_client import browser as english_browser

# ---------------------------------------------------------------------------------------------------
# What is still English, and why


@dataclass(frozen=True)
class StillEnglish:
    """English words a crawl may still find on some pages, and why: `crawl` the crawl's name
    (`Crawl.name`), `pages` a pattern the page's label matches whole."""

    crawl: str
    pages: str
    words: frozenset[str]
    why: str


STILL_ENGLISH: tuple[StillEnglish, ...] = ()
"""The English the Spanish crawl lets pass (each entry checked to be still needed)."""


def still_english(crawl: str, page: str, word: str) -> StillEnglish | None:
    """The entry letting `word` pass on `page` of `crawl`, if any."""
    for entry in STILL_ENGLISH:
        if entry.crawl == crawl and word in entry.words and re.fullmatch(entry.pages, page):
            return entry
    return None


# ---------------------------------------------------------------------------------------------------
# The crawl in a language


@dataclass(frozen=True)
class Found:
    """An English word on a page: the page's label and the words around it."""

    page: str
    words: str


@dataclass
class Reading(crawler.Crawl):
    """The engine-words crawler's browser, also reading each page's chrome for English words; the
    tables it sat at noted (their luck pages are read after the walk)."""

    english: dict[str, list[Found]] = field(default_factory=dict)
    pages_with_english: int = 0
    documents: int = 0
    wrong_lang: list[str] = field(default_factory=list)
    tables: set[str] = field(default_factory=set)
    language: str = "es"

    def get(self, url: str, status: int = 200) -> str:
        found = re.fullmatch(r"(/games/[0-9]+-[0-9a-f]+)(?:/table)?", url)
        if found:
            self.tables.add(found.group(1))
        return super().get(url, status)

    def check(self, label: str, html: str) -> None:
        super().check(label, html)
        lang, words = chrome(html)
        if html.lstrip()[:15].lower().startswith(("<!doctype", "<html")):
            self.documents += 1
            if lang != self.language:
                self.wrong_lang.append(f"{label}: <html lang={lang!r}>")
        found = english_in(words)
        self.pages_with_english += bool(found)
        for word in found:
            at = re.search(rf"\b{word}\b", words)
            around = words[max(0, at.start() - 70) : at.end() + 70] if at else ""
            self.english.setdefault(word, []).append(Found(label, around))

    def said_you(self, url: str, html: str, ply: int) -> None:
        """The viewer's own move is said as "You" in the reader's language ("Tú")."""
        with i18n.speaking(self.language):
            move, you = i18n.gettext("move"), i18n.gettext("You")
        found = re.search(rf'title="{re.escape(move)}">{ply}</span>\s*<strong>([^<]*)</strong>', html)
        if found is not None and found.group(1) != you:
            said = f"move {ply}, this browser's, said as {found[1]}"
            hit = crawler.Hit(crawler.label_of(url), "not you", found[1], said)
            self.found.setdefault((hit.rule, hit.word), []).append(hit)


def crawled(
    monkeypatch: pytest.MonkeyPatch, walk: Callable[[], list[crawler.Crawl]], language: str
) -> list[Reading]:
    """The crawls of `walk`, its browsers asking for `language`, each table's luck page read after."""

    def browser(on: Any | None = None) -> Visitor:
        made = english_browser(on)
        return spanish(made) if language == "es" else made

    def reading(visitor: Visitor, name: str) -> Reading:
        return Reading(visitor, name, language=language)

    monkeypatch.setattr(crawler, "browser", browser)
    monkeypatch.setattr(crawler, "Crawl", reading)
    crawls = [c for c in walk() if isinstance(c, Reading)]
    assert crawls and all(c.read > 0 for c in crawls), "a crawl read no page"
    for crawl in crawls:
        for table in sorted(crawl.tables):
            crawl.get(f"{table}/luck")
    return crawls


def verdict(crawls: list[Reading]) -> str:
    """What the Spanish crawls found, in words (empty when nothing): each English word once (not let pass
    by `STILL_ENGLISH`) with its first page and the words around it, the pages not said Spanish, the
    machine words, and the entries of `STILL_ENGLISH` this walk no longer needs."""
    lines: list[str] = []
    used: set[tuple[StillEnglish, str]] = set()
    for crawl in crawls:
        for word, seen in crawl.english.items():
            left = []
            for f in seen:
                entry = still_english(crawl.name, f.page, word)
                if entry is None:
                    left.append(f)
                else:
                    used.add((entry, word))
            if left:
                pages = sorted({f.page for f in left})
                lines.append(f"- {crawl.name}: {word!r} on {', '.join(pages[:4])}: ...{left[0].words}...")
        lines += [f"- {crawl.name}: not Spanish: {said}" for said in crawl.wrong_lang]
    names = {c.name for c in crawls}
    for entry in STILL_ENGLISH:
        if entry.crawl in names:
            gone = sorted(w for w in entry.words if (entry, w) not in used)
            if gone:
                lines.append(
                    f"- STILL_ENGLISH ({entry.crawl}, {entry.pages}) no longer finds {gone}: shrink it"
                )
    said = []
    if lines:
        read = sum(c.read for c in crawls)
        said.append(f"English on Spanish pages ({read} page(s) read):\n" + "\n".join(lines))
    machine = crawler.engine_words_report(list(crawls))
    if machine:
        said.append("Engine words (tests/web/test_engine_words.py):\n" + machine)
    return "\n\n".join(said)


# ---------------------------------------------------------------------------------------------------
# The tests

GAMES = {g.name: g for g in crawler.GAMES}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_seeded_game_in_spanish_says_no_english(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    crawls = crawled(monkeypatch, lambda: crawler.walk_a_seeded_game(GAMES[name]), "es")
    said = verdict(crawls)
    if said:
        pytest.fail(said, pytrace=False)


@pytest.mark.parametrize("name", list(crawler.WALKS))
def test_a_walk_in_spanish_says_no_english(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    crawls = crawled(monkeypatch, crawler.WALKS[name], "es")
    said = verdict(crawls)
    if said:
        pytest.fail(said, pytrace=False)


def test_the_same_crawl_in_english_is_found_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fight and a table of two people, with their luck pages, walked in English: every whole page is
    said English and the reader finds English on it; `verdict` reports it."""
    crawls = crawled(monkeypatch, lambda: crawler.walk_a_seeded_game(GAMES["ff-fight"]), "en")
    crawls += crawled(monkeypatch, crawler.WALKS["two-people"], "en")
    for crawl in crawls:
        assert crawl.documents > 0 and not crawl.wrong_lang, (crawl.name, crawl.wrong_lang)
        assert crawl.pages_with_english >= crawl.documents, (crawl.name, crawl.pages_with_english)
        luck = {f.page for seen in crawl.english.values() for f in seen if f.page.endswith("/luck")}
        assert luck, f"{crawl.name}: no English found on a luck page"
    assert "English on Spanish pages" in verdict(crawls)
    judged = {w for c in crawls for w in c.english}
    assert {"judged", "exact"} <= judged  # Talisman's luck note, in English as it always was


def test_the_allowances_let_only_their_words_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = StillEnglish("pages", r"/tools/aif-melee \(worked\)", frozenset({"against"}), "an example")
    monkeypatch.setitem(globals(), "STILL_ENGLISH", (*STILL_ENGLISH, entry))
    assert still_english(entry.crawl, "/tools/aif-melee (worked)", "against") is entry
    assert still_english(entry.crawl, "/tools/aif-melee", "against") is None
    assert still_english("players", "/tools/aif-melee (worked)", "against") is None
    assert still_english(entry.crawl, "/tools/aif-melee (worked)", "Lobby") is None


def test_the_own_move_is_said_in_the_readers_language() -> None:
    crawl = Reading(english_browser(), "you")
    move = '<span class="muted ply" title="movimiento">5</span>\n<strong>{}</strong>'
    crawl.said_you("/games/1-ab", move.format("Tú"), 5)
    assert not crawl.found
    crawl.said_you("/games/1-ab", move.format("You"), 5)
    assert ("not you", "You") in crawl.found
