"""No engine word reaches a player (issue 30): a crawler plays seeded games of every shipped game through
the web server (FastAPI's TestClient, this browser at the seats it plays, each move picked by a seeded
random), reads after every move the table page and its fragment, then the replay at a few moves, the
table as a watcher sees it and the saved games; and the pages around them: the home page, the new-game
forms, the rules help, every calculator (and each worked once), the Adventures in Fantasy referee's desk
with a week of a campaign (characters rolled and added, days passed at the desk and at the table, table
procedures, sheets and log), an uploaded Twee story, an uploaded HeroScribe quest, and a table of two
people (an invitation, a stale move, a stranger's move, an undo asked of the other player). It fails on
any machine word in what a player reads, and where this browser's own move is not said as "You".

The walks (`walk_a_seeded_game` and `WALKS`) are run in the browser tests (`tests/browser/test_walk_*.py`),
where the same walk also has each new kind of page audited by axe-core (issue 31): one walk, two
checks, each with its own report. This module keeps the reader, the rules, the crawler and the
crawler's own tests.

What a player reads: the text of a page (not its scripts nor styles) and the attributes a browser shows
(`title`, `aria-label`, `placeholder`, `alt`, and the `value` of a button drawn from it); never the
machine parts (`data-*`, `name`, a hidden or typed `value`, `id`, `class`, `href`, `action`, `hx-*`). A
JSON view a player opens by choice (`JSON_VIEW`) is not read, and must be said to be JSON.

A machine word (`ENGINE_WORDS`, each with why): an action id (`choice:12`, `take:0:500`: a lower-case word,
a colon or slash, a word; a time `10:30` or a ratio `1:2` is digits and no hit, nor a web address's
`https://`, nor English pairs as `and/or`); a snake_case name; `p0` for a seat; an id or effect the rules
keep (`goblin-1`, `struck0`, `def+1`; dice as `d6` are no hit); "Seat 2" or "player 2" at a table (every
seat there has a name, or is "you"; a new-game form, before any character is chosen, may say "Seat
2"); Python's `True`/`False`/`None` (one opening an English sentence, "None pass
who cannot stand", is no hit); a rulebook file name (`002_8449cbd1010a37a5`); a Python expression's
leftovers (`min(`, `//`, `==`, `!=`, braces, `[[`/`]]`, a list of strings' `['`, `()`). A list of dice
faces in brackets (`d100: [19, 18] ... = 98`, `Roll.render`) is the dice display of the terminal and the
desk, not Python, and no hit.

Every hit is reported once with the first page it was on, the words around it and the other pages that
said it. `GROGNARD_CRAWL_DIR=<folder>` also saves every page read (its HTML and the text found in it) in
that folder, a folder per crawl, to look at them.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.match import Match, SeatKind
from grognard.engine.store.factory import open_store
from grognard.web.access import table_key
from grognard.web.seats import seat_token
from tests.web.routes.test_systems import CELLAR
from tests.web.security.tables_client import JSON, SECRET, Visitor, browser

# ---------------------------------------------------------------------------------------------------
# What a player reads

SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
"""The attributes a browser shows a player (as a tooltip, to a screen reader, in an empty field)."""
SKIPPED = ("script", "style")
"""Elements whose text is never shown."""
JSON_VIEW = "data-json"
"""Marks an element holding a JSON view a player opens by choice, said as JSON where it is offered (the
calculators' "All figures (JSON)", as the export's download): machine data asked for, not read in play.
A page holding one must say "JSON" in its words."""
BUTTON_TYPES = ("submit", "button", "reset")
"""An `<input>` of these types shows its `value` as the button's words."""


class Reader(HTMLParser):
    """The words of one page a player reads: its text, each element's words apart, and the attributes
    shown; the JSON views skipped, counted."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.skipping: list[str] = []
        self.json_views = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.skipping and tag == self.skipping[-1]:
            self.skipping.append(tag)
        elif not self.skipping and (tag in SKIPPED or JSON_VIEW in found):
            self.skipping.append(tag)
            self.json_views += JSON_VIEW in found
        self.words.append("\n")  # no word runs across an element's edge
        if self.skipping:
            return
        for name in SHOWN_ATTRIBUTES:
            if found.get(name):
                self.words.append(f"\n[{name}: {found[name]}]\n")
        if tag == "input" and (found.get("type") or "") in BUTTON_TYPES and found.get("value"):
            self.words.append(f"\n[button: {found['value']}]\n")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and tag == self.skipping[-1]:
            self.skipping.pop()
        self.words.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.words.append(data)


def read(html: str) -> tuple[str, int]:
    """What a player reads of a page: one line per stretch of words between the elements' edges
    (inline ones too: `Seat <b>2</b>` is read `Seat` `2` on two lines and still found as "Seat 2" by
    `joined`); and how many JSON views it holds."""
    reader = Reader()
    reader.feed(html)
    reader.close()
    lines = (" ".join(line.split()) for line in "".join(reader.words).split("\n"))
    return "\n".join(line for line in lines if line), reader.json_views


def joined(text: str) -> str:
    """The words of a page as one run, as a player's eye reads across inline elements."""
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------------------
# Machine words

ENGLISH_PAIRS = frozenset({"and/or", "either/or", "he/she", "his/her", "yes/no", "on/off", "w/o"})
"""English slashed pairs a sentence may use: no action id."""


@dataclass(frozen=True)
class Rule:
    """One kind of machine word: a pattern, why it is one, and whether it is sought in the page's words
    as one run (across inline elements) or line by line."""

    name: str
    pattern: re.Pattern[str]
    why: str
    allowed: Callable[[re.Match[str], str], bool] = lambda _m, _page: False


def _pair(found: re.Match[str], _page: str) -> bool:
    return found.group(0).lower() in ENGLISH_PAIRS


def _before_a_table(_found: re.Match[str], page: str) -> bool:
    """A new-game form names seats before any character sits in them."""
    return page.startswith("/games/new")


ENGINE_WORDS = (
    Rule(
        "action id",
        re.compile(r"(?<![\w/.:-])[a-z]+[:/](?!/)[\w-]+(?:[:/][\w-]+)*(?![\w/])"),
        "an action id or a machine's key (choice:12, fight:0, upload:...); digits (10:30, 1:2) are no"
        " hit, nor a web address's scheme, nor an English pair (and/or)",
        _pair,
    ),
    Rule("snake_case", re.compile(r"\b[a-z]+_[a-z_]+\b"), "a snake_case name from the code"),
    Rule("seat id", re.compile(r"\bp\d\b"), "p0, p1: a seat as the engine numbers it"),
    Rule(
        "engine key",
        re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b|\b(?!d\d)[a-z]+\d+\b|\b[a-z]+[+-]\d+\b"),
        "an id or effect the rules keep (goblin-1, struck0, def+1); dice (d6, d100) are no hit",
    ),
    Rule(
        "seat number",
        re.compile(r"\b(?:[Ss]eat|[Pp]layer) \d\b"),
        "a seat by number at a table, where the seat has a name or is 'you'",
        _before_a_table,
    ),
    Rule(
        "Python constant",
        re.compile(r"\b(?:True|False|None)\b(?! [a-z])"),
        'Python\'s True, False or None; one opening a sentence ("None pass who cannot stand") is English',
    ),
    Rule("rulebook file", re.compile(r"\b\d{3}_[0-9a-f]{16}\b"), "a rulebook scan's file name"),
    Rule(
        "Python expression",
        re.compile(
            r"\b(?:min|max|len|int|str|dict|list|sum|abs|round|repr)\((?!s\))"
            r"|(?<![:/])//|==|!=|[{}]|\[\[|\]\]|\['|'\]|\(\)|\blambda\b|\bself\."
            r"|<\w+ object at"
        ),
        "a Python expression's leftovers: a call, //, ==, braces, [[links]], a list's repr",
    ),
)


@dataclass(frozen=True)
class Hit:
    """A machine word on a page: the page's address, the rule it breaks, the word and the words around
    it."""

    page: str
    rule: str
    word: str
    words: str


def hits(page: str, text: str, json_views: int = 0) -> list[Hit]:
    """Every machine word in what a player reads of `page` (and a JSON view not said to be one)."""
    found: list[Hit] = []
    run = joined(text)
    if json_views and "JSON" not in run:
        found.append(Hit(page, "JSON view", "data-json", "a JSON view the page does not call JSON"))
    for rule in ENGINE_WORDS:
        for m in rule.pattern.finditer(run):
            if rule.allowed(m, page):
                continue
            words = run[max(0, m.start() - 60) : m.end() + 60]
            found.append(Hit(page, rule.name, m.group(0), words))
    return found


# ---------------------------------------------------------------------------------------------------
# The crawler


@dataclass
class Crawl:
    """A browser reading pages: every hit found, each page and hit once; the pages saved to
    `GROGNARD_CRAWL_DIR` when set."""

    visitor: Visitor
    name: str
    found: dict[tuple[str, str], list[Hit]] = field(default_factory=dict)
    read: int = 0
    saved: Path | None = None

    def __post_init__(self) -> None:
        folder = os.environ.get("GROGNARD_CRAWL_DIR")
        if folder:
            self.saved = Path(folder) / self.name
            self.saved.mkdir(parents=True, exist_ok=True)

    def check(self, label: str, html: str) -> None:
        """Read one page's words (its address as `label`, shorn of its table key)."""
        text, json_views = read(html)
        self.read += 1
        for hit in hits(label, text, json_views):
            self.found.setdefault((hit.rule, hit.word), []).append(hit)
        if self.saved is not None:
            stem = f"{self.read:04d}-" + re.sub(r"[^\w.-]+", "_", label).strip("_")[:80]
            (self.saved / f"{stem}.html").write_text(html, encoding="utf-8")
            (self.saved / f"{stem}.txt").write_text(text + "\n", encoding="utf-8")

    def get(self, url: str, status: int = 200) -> str:
        """GET a page (its status checked) and read it."""
        got = self.visitor.client.get(url)
        assert got.status_code == status, (url, got.status_code, got.text[-500:])
        self.check(label_of(url), got.text)
        return str(got.text)

    def answer(self, url: str, got: Any) -> None:
        """Read a page answered to a POST (a form page, a question)."""
        assert got.status_code < 500, (url, got.status_code, got.text[-500:])
        if got.headers.get("content-type", "").startswith("text/html"):
            self.check(label_of(url), got.text)

    def said_you(self, url: str, html: str, ply: int) -> None:
        """The viewer's own move `ply` is said among the events as theirs: "You" (where it is still
        among the events shown)."""
        found = re.search(rf'title="move">{ply}</span>\s*<strong>([^<]*)</strong>', html)
        if found is not None and found.group(1) != "You":
            said = f"move {ply}, this browser's, said as {found[1]}"
            hit = Hit(label_of(url), "not you", found[1], said)
            self.found.setdefault((hit.rule, hit.word), []).append(hit)

    def report(self) -> str:
        """Each machine word once: the first page it was on and the words around it there, and how
        many pages more said it."""
        lines = [f"{len(self.found)} machine word(s) in {self.read} page(s) read:"]
        for (rule, word), seen in self.found.items():
            pages = sorted({h.page for h in seen})
            more = f" (and {len(seen) - 1} more time(s), on {', '.join(pages[:4])})" if len(seen) > 1 else ""
            lines.append(f"- {rule} {word!r} on {seen[0].page}: ...{seen[0].words}...{more}")
        return "\n".join(lines)


def label_of(url: str) -> str:
    """A page's address without the secret part of a table's key."""
    return re.sub(r"/(games|aif)/(\d+)-[0-9a-f]+", r"/\1/\2", url)


ASKED = 0.1
"""How often a move asked first (leaving a quest, ending a campaign) may be picked where it is offered:
seldom, so a game is not over at once, yet its question is read."""


def play(crawl: Crawl, table: str, moves: int, rng: random.Random, replays: int = 3) -> None:
    """Play up to `moves` moves at `table` (each action picked by `rng` among those offered), reading
    the table page and its fragment after each; then the replay at a few moves, the table as a watcher
    sees it, and the saved games."""
    who = crawl.visitor
    crawl.get(table)
    for _ in range(moves):
        state = who.view(table)
        if state["over"]:
            break
        mine = None
        if state["waits"] or not state["acting"]:
            assert who.post(f"{table}/advance", headers=JSON).status_code == 200
        else:
            view = state["view"]
            plain = [a for a in view["actions"] if not a.get("confirm")]  # one asked first, now and then
            action = rng.choice(plain if plain and rng.random() > ASKED else view["actions"])
            form = {"action": action["id"], "ply": str(view["ply"])}
            if action.get("confirm"):
                crawl.answer(f"{table}/act", who.post(f"{table}/act", form))  # the question
                form["confirmed"] = "yes"
            moved = who.post(f"{table}/act", form, headers=JSON)
            assert moved.status_code == 200, (action, moved.text[-500:])
            mine = view["ply"]
        crawl.get(table)
        fragment = crawl.get(f"{table}/table")
        if mine is not None:
            crawl.said_you(f"{table}/table", fragment, mine)
    last = who.view(table)["view"]["ply"]
    for ply in sorted({0, 1, last // 2, last})[: replays + 1]:
        crawl.get(f"{table}/replay?ply={ply}")
    crawl.get(f"{table}?spectate=1")
    crawl.get("/games")


def engine_words_report(crawls: list[Crawl]) -> str:
    """The machine words the crawls found, each crawl's report (empty when none found)."""
    assert all(c.read > 0 for c in crawls), "a crawl read no page"
    return "\n".join(c.report() for c in crawls if c.found)


# ---------------------------------------------------------------------------------------------------
# The games

TWEE = b""":: StoryTitle
The Crawler's Cave

:: StoryData
{"ifid": "4B0E3D1A-7C2E-4E5B-9F0A-1B2C3D4E5F61", "format": "Harlowe", "start": "Mouth"}

:: Mouth
The cave mouth breathes cold air. A lantern hangs on a hook.
[[Take the lantern and go in->Hall]]
[[Walk round the hill|Ledge]]

:: Hall
A hall of dripping stone. Something moves in the dark.
[[Go back to the mouth->Mouth]]
[[Go deeper->Pool]]

:: Ledge
A ledge over the valley. The wind is strong.
[[Climb down to the pool|Pool]]

:: Pool
A still pool. You drink, and feel better. THE END
"""


@dataclass(frozen=True)
class Game:
    """One shipped game to play: how a new-game form starts it, and how many moves to play."""

    name: str
    system: str
    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()
    moves: int = 60
    people: bool = False
    """Several seats played here: a new-game form may not seed such a table, so it is made in the store
    with its seed and this browser takes each seat by its invitation link."""


GAMES = (
    Game("ff-fight", "fighting-fantasy", "fight", ("here",), (("enemies", "Orc:6/5,Goblin:5/4"),)),
    Game("ff-escape", "fighting-fantasy", "fight", ("here",), (("escape", "true"), ("potion", "skill"))),
    Game("ff-gamebook", "fighting-fantasy", "gamebook", ("here",), (("book", "sample"),)),
    Game("gs-combat", "grey-star", "combat", ("here",), (("can_evade", "true"),)),
    Game("gs-gamebook", "grey-star", "gamebook", ("here",), (("book", "sample"), ("hero", "15/25/24"))),
    Game("aif-melee", "adventures-in-fantasy", "melee", ("here", "bot")),
    Game("talisman-2", "talisman", "game", ("here", "bot"), (("players", "2"),), 40),
    Game("talisman-3", "talisman", "game", ("here", "bot", "bot"), (("players", "3"),), 30),
    Game(
        "hq-goblin-cellar",
        "heroquest",
        "quest",
        ("here", "bot"),
        (("quest", "the-goblin-cellar"), ("heroes", "barbarian,elf-wizard")),
        40,
    ),
    Game("hq-quest-1", "heroquest", "quest", ("here", "bot"), (("quest", "1-the-smugglers-stair"),), 40),
    Game(
        "hq-game-master-here",
        "heroquest",
        "quest",
        ("here", "here"),
        (("quest", "the-goblin-cellar"), ("heroes", "dwarf-warrior"), ("gm", "human")),
        25,
        people=True,
    ),
)


def seeded(visitor: Visitor, game: Game, seed: int) -> str:
    """Start `game` with a given seed, this browser at the seats it plays; the table's address."""
    if game.people:
        kinds: list[SeatKind] = ["human" if s == "here" else "bot" for s in game.seats]
        match = Match.new(game.system, game.game, dict(game.options), kinds, seed, open_store())
        match.advance()
        assert match.session.game_id is not None
        key = table_key(SECRET, match.session.game_id)
        for seat, fill in enumerate(game.seats):
            if fill == "here":
                link = f"/games/{key}/seat/{seat}/{seat_token(SECRET, key, seat)}"
                assert visitor.client.get(link, follow_redirects=False).status_code == 303
        return f"/games/{key}"
    form = {"system": game.system, "game": game.game, "seed": str(seed)}
    form |= {f"seat:{i}": s for i, s in enumerate(game.seats)}
    form |= {f"option:{k}": v for k, v in game.options}
    made = visitor.post("/games", form)
    assert made.status_code == 303, made.text[-500:]
    return str(made.headers["location"])


def walk_a_seeded_game(game: Game) -> list[Crawl]:
    crawl = Crawl(browser(), game.name)
    crawl.get(f"/games/new/{game.system}")
    table = seeded(crawl.visitor, game, 30)
    play(crawl, table, game.moves, random.Random(f"{game.name}:30"))
    return [crawl]


def walk_the_pages_around_the_tables() -> list[Crawl]:
    """The home page, the new-game pages, the rules help and each system's rules, every calculator (each
    worked once with the values its form is filled with)."""
    crawl = Crawl(browser(), "pages")
    for url in ("/", "/games/new", "/tools", "/games", "/aif", "/quests"):
        crawl.get(url)
    for url in dict.fromkeys(re.findall(r'href="(/rules/[\w-]+)"', crawl.get("/rules"))):
        crawl.get(url)  # each system's rules, how to play
    systems = crawl.visitor.json("/games/new.json")
    for system in systems:
        crawl.get(str(system["form"]))
    tools = re.findall(r'href="(/tools/[\w-]+)"', crawl.get("/tools"))
    assert tools, "the tools page links no calculator"
    for url in dict.fromkeys(tools):
        form = crawl.get(url)
        worked = crawl.visitor.post(url, defaults(form))
        assert worked.status_code == 200, (url, worked.text[-500:])
        crawl.check(f"{url} (worked)", worked.text)
    return [crawl]


def defaults(form: str) -> dict[str, str]:
    """What a calculator's form posts untouched: each field's value as the page fills it."""
    fields = {
        m["name"]: m["value"]
        for m in re.finditer(r'<input name="(?P<name>[\w:-]+)" value="(?P<value>[^"]*)"', form)
    }
    for select in re.finditer(r'<select name="([\w:-]+)">(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', select.group(2)) or re.search(
            r'<option value="([^"]*)"', select.group(2)
        )
        if chosen:
            fields[select.group(1)] = chosen.group(1)
    return fields


def walk_an_uploaded_twee_story() -> list[Crawl]:
    crawl = Crawl(browser(), "twee")
    crawl.get("/books/fighting-fantasy")
    made = crawl.visitor.post("/books/fighting-fantasy", files={"file": ("cave.twee", TWEE, "text/plain")})
    assert made.status_code in (200, 303), made.text[-500:]
    found = re.search(r'data-start href="(/games/[^"]+)"', made.text)  # the page of its warnings
    table = found.group(1) if found else str(made.headers["location"])
    play(crawl, table, 20, random.Random("twee:30"))
    return [crawl]


def walk_an_uploaded_heroscribe_quest() -> list[Crawl]:
    crawl = Crawl(browser(), "heroscribe")
    made = crawl.visitor.post("/quests", files={"file": ("cellar.xml", CELLAR.encode(), "text/xml")})
    assert made.status_code == 303, made.text[-500:]
    page = crawl.get(str(made.headers["location"]))
    kept = re.search(r'name="option:quest" value="([^"]+)"', page)
    assert kept is not None, "the quest page offers no new game of the quest"
    game = Game("heroscribe", "heroquest", "quest", ("here", "bot"), (("quest", kept.group(1)),))
    play(crawl, seeded(crawl.visitor, game, 30), 20, random.Random("heroscribe:30"))
    return [crawl]


def desk_post(crawl: Crawl, desk: str, form: dict[str, str], tail: str = "act") -> Any:
    """Post a desk form at the ply the desk shows, the dice rolled here; the answer read when a page."""
    at = crawl.visitor.json(f"{desk}.json")["ply"]
    got = crawl.visitor.post(f"{desk}/{tail}", form | {"ply": str(at), "how": "roll"})
    crawl.answer(f"{desk}/{tail}", got)
    return got


def walk_a_week_of_an_aif_campaign() -> list[Crawl]:
    """The referee's desk: a campaign opened, characters rolled and added, a week's days passed at the
    desk and at the campaign's table, a table procedure run; the desk, its sheets and its log read."""
    crawl = Crawl(browser(), "aif-campaign")
    crawl.get("/aif")
    made = crawl.visitor.post("/aif", {})
    assert made.status_code == 303
    desk = str(made.headers["location"])
    crawl.get(desk)
    desk_post(crawl, desk, {"name": "Aldo", "magic_years": "0", "seed": "7"}, "character")
    for name, seed, magic in (("Aldo", "7", "1"), ("Berta", "8", "0")):
        form = {"kind": "add", "name": name, "side": "civilian", "magic_years": magic, "seed": seed}
        assert desk_post(crawl, desk, form).status_code == 303
        crawl.get(desk)
    for n in ("1", "2"):
        assert desk_post(crawl, desk, {"kind": "days", "n": n}).status_code == 303
        crawl.get(desk)
    table = desk.replace("/aif/", "/games/")
    play(crawl, table, 8, random.Random("aif-campaign:30"))
    procedures = re.findall(r'action="(/aif/[\w-]+/table/[\w-]+)"', crawl.get(desk))
    for url in dict.fromkeys(procedures[:6]):
        got = crawl.visitor.post(url, {"ply": str(crawl.visitor.json(f"{desk}.json")["ply"]), "how": "roll"})
        crawl.answer(url, got)
    for index in range(2):
        crawl.get(f"{desk}/sheet/{index}")
    crawl.get(f"{desk}/log")
    crawl.get(desk)
    return [crawl]


def walk_a_table_of_two_people_and_its_refusals() -> list[Crawl]:
    """Two people at a Talisman table: the host's invitation, the friend seated by it, a move posted
    twice (the second is stale), a stranger's move refused, an undo with nothing to take back, and the
    host asking the friend to take a move back, each as the one and the other reads it."""
    crawl = Crawl(browser(), "two-people")
    host = crawl.visitor
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', crawl.get(table))
    assert link is not None, "the host's page offers no invitation"
    friend = browser(host.client.app)
    assert friend.client.get(link.group(1), follow_redirects=False).status_code == 303
    reading = Crawl(friend, "two-people-friend")
    crawl.answer(f"{table}/undo", host.post(f"{table}/undo"))  # nothing to take back yet
    moved: set[str] = set()
    for _ in range(60):  # until the host has moved and then the friend
        state = host.view(table)
        if state["over"] or moved == {"host", "friend"}:
            break
        who, name = (host, "host") if state["acting"] else (friend, "friend")
        if not who.view(table)["acting"]:
            assert host.post(f"{table}/advance", headers=JSON).status_code == 200
            continue
        view = who.view(table)["view"]
        form = {"action": view["actions"][0]["id"], "ply": str(view["ply"])}
        assert who.post(f"{table}/act", form).status_code == 303
        if name == "host" and not moved:
            crawl.answer(f"{table}/act", host.post(f"{table}/act", form))  # the same move again: stale
        if name == "host" or moved:
            moved.add(name)
    assert moved == {"host", "friend"}, "the friend never moved after the host"
    crawl.answer(f"{table}/act", browser(host.client.app).post(f"{table}/act", {"action": "x", "ply": "1"}))
    asked = host.post(f"{table}/undo")  # asks the friend
    assert asked.status_code in (200, 303), asked.text[-500:]
    crawl.answer(f"{table}/undo", asked)
    crawl.get(table)
    reading.get(table)
    reading.get(f"{table}/table")
    reading.get(f"{table}/replay")
    return [crawl, reading]


def walk_the_pages_of_players_by_name() -> list[Crawl]:
    """Issue 35's pages as two named players read them: the lobby (empty, then a table opened in it), a
    free seat joined there, the table with its players and chat, the chat itself, the host's muting, what
    was missed since the start, the chat's place, a seat taken by its link without a name (at the table
    and in the lobby), a finished melee played again, and each player's page with their tables and
    record."""
    crawl = Crawl(browser(), "players")
    host = crawl.visitor
    crawl.get("/me")
    crawl.get("/lobby")
    crawl.answer("/me", host.post("/me", {"name": "Alice"}))
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    crawl.get(table)
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "day", "spectator_chat": "1"}).status_code == 303
    friend = browser(host.client.app)
    reading = Crawl(friend, "players-friend")
    reading.get("/lobby")  # no name yet: asked for one
    assert friend.post("/me", {"name": "Bob"}).status_code == 303
    reading.get("/lobby")
    key = table.rsplit("/", 1)[1]
    assert friend.post(f"/lobby/{key}/join", {"seat": "1"}).status_code == 303
    for who, words in ((host, "Good luck"), (friend, "You too")):
        assert who.post(f"{table}/chat", {"text": words}).status_code == 303
    assert host.post(f"{table}/mute", {"seat": "1", "muted": "1"}).status_code == 303
    for seen in (crawl, reading):
        seen.get(table)
        seen.get(f"{table}/table")
        seen.get(f"{table}/chat")
        seen.get("/me")
    reading.answer(f"{table}/chat", friend.post(f"{table}/chat", {"text": "muted?"}))
    for seen in (crawl, reading):  # coming back: what was missed; the chat's place as each may use it
        seen.get(f"{table}/missed?since=0")
        seen.get(f"{table}/chat/box")
    linked = host.start("talisman", "game", ["here", "invite"], players="2")
    assert host.post(f"{linked}/lobby", {"open": "1", "pace": "week"}).status_code == 303
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(linked).text)
    assert link is not None
    assert browser(host.client.app).client.get(link.group(1), follow_redirects=False).status_code == 303
    crawl.get(linked)  # a seat taken by its link, its player nameless
    melee = host.start("adventures-in-fantasy", "melee", ["here", "bot"])
    crawl.get(melee)
    crawl.answer(f"{melee}/again", host.post(f"{melee}/again"))
    crawl.get(melee)
    crawl.get("/me")
    crawl.get("/lobby")
    return [crawl, reading]


WALKS: dict[str, Callable[[], list[Crawl]]] = {
    "pages": walk_the_pages_around_the_tables,
    "twee": walk_an_uploaded_twee_story,
    "heroscribe": walk_an_uploaded_heroscribe_quest,
    "aif-week": walk_a_week_of_an_aif_campaign,
    "two-people": walk_a_table_of_two_people_and_its_refusals,
    "players": walk_the_pages_of_players_by_name,
}
"""The walks besides the seeded games, by name; each returns the crawls it read with."""


BAD = {
    "action id": '<li>You chose choice:12</li><button title="take:0:500">Take</button>',
    "snake_case": "<p>income_gp: 20</p>",
    "seat id": "<p>p1 draws a card</p>",
    "engine key": "<p>Attack Goblin (goblin-1), struck0, def+1</p>",
    "seat number": "<p>Won by Seat <strong>2</strong></p>",
    "Python constant": "<dd>True</dd><p>staff False, phase decide</p>",
    "rulebook file": "<p>(002_8449cbd1010a37a5.txt:860)</p>",
    "Python expression": "<p>min(9 // 2, 32 - 6)</p>",
    "JSON view": '<pre data-json>{"p_win": 1}</pre>',
}
"""A page with each kind of machine word, for the crawler's own test."""

FINE = (
    "<p>At 10:30 the odds are 1:2; see https://example.org/rules and/or ask. Roll d100 and 2d6+1.</p>"
    "<p>3 round(s) left. Seat 2 is offered on the new-game form. None pass who cannot stand.</p>"
    '<div data-action="choice:3" class="snake_case" id="p1"><a href="/games/1-abc">Back</a></div>'
    '<input type="hidden" name="action" value="take:0:500"><script>let a = {b: True};</script>'
    '<details><summary>All figures (JSON)</summary><pre data-json>{"p_win": 1}</pre></details>'
)
"""Words that are no machine word (times, ratios, addresses, English pairs, dice), machine parts no
player reads (attributes, hidden fields, scripts) and a JSON view said to be one."""


@pytest.mark.parametrize("rule", sorted(BAD))
def test_the_crawler_finds_each_kind_of_machine_word(rule: str) -> None:
    text, json_views = read(f"<html><body>{BAD[rule]}</body></html>")
    found = {h.rule for h in hits("/games/1", text, json_views)}
    assert rule in found, (rule, text, found)


def test_the_crawler_lets_words_and_machine_parts_pass() -> None:
    text, json_views = read(f"<html><body>{FINE}</body></html>")
    assert json_views == 1
    assert hits("/games/new/talisman", text, json_views) == []
    assert [h.word for h in hits("/games/1", text, json_views)] == ["Seat 2"]  # at a table it is one
