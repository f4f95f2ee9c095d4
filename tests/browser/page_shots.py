"""Screenshots of every kind of page, at 1280 and 390 CSS px, for the docs (`docs/images/pages/`) and
for looking at them: the home page, the rules help, each new-game library, a table of each game (and a
finished one with its result card), a question asked before a move, a replay, the saved games, the
tools, the referee's desk and the book and quest uploads.

    python -m tests.browser.page_shots docs/images/pages

Every page is a real one of a server started on a free loopback port with an empty home; games are
played from fixed seeds, so two runs show the same pages. Images are JPEG (quality 70) to keep the
repository small.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tests.browser.test_tables import start_game
from tests.live_server import LiveServer, serving

WIDTHS = {"desktop": 1280, "phone": 390}
CHROMIUM = "/usr/bin/chromium"


def finish_fight(page: Page) -> None:
    """Click the first choice until the fight ends (its result card shows)."""
    for _ in range(100):
        if page.locator("[data-result]").count():
            return
        page.locator("[data-actions] button[data-action]").first.click()
        page.wait_for_load_state("networkidle")


def shots(url: str) -> list[tuple[str, Callable[[Page], None]]]:
    """Each page kind: its file name and how to reach it."""

    def go(path: str) -> Callable[[Page], None]:
        return lambda page: page.goto(url + path) and None

    def table(system: str, game: str, fields: dict[str, str], seats: list[str]) -> Callable[[Page], None]:
        return lambda page: start_game(page, url, system, game, fields, seats, seed="7") and None

    def fight_over(page: Page) -> None:
        start_game(page, url, "fighting-fantasy", "fight", {"enemies": "Orc:6/4"}, ["here"], seed="3")
        finish_fight(page)

    def leaving(page: Page) -> None:
        start_game(page, url, "heroquest", "quest", {"quest": "the-goblin-cellar"}, ["here", "bot"], seed="7")
        page.wait_for_selector("[data-status=your-turn]", timeout=60_000)
        page.locator("button[data-action=leave]").click()
        page.wait_for_selector("[data-asking]")

    def replay(page: Page) -> None:
        start_game(page, url, "talisman", "game", {"players": "2"}, ["here", "bot"], seed="7")
        page.goto(page.url + "/replay")

    return [
        ("home", go("/")),
        ("rules", go("/rules")),
        ("new-game", go("/games/new")),
        *[(f"new-{s}", go(f"/games/new/{s}")) for s in ("fighting-fantasy", "talisman", "heroquest")],
        ("table-ff-book", table("fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])),
        ("table-gs-book", table("grey-star", "gamebook", {"book": "sample"}, ["here"])),
        ("table-talisman", table("talisman", "game", {"players": "3"}, ["here", "bot", "bot"])),
        ("table-heroquest", table("heroquest", "quest", {"quest": "the-goblin-cellar"}, ["here", "bot"])),
        ("table-aif-melee", table("adventures-in-fantasy", "melee", {}, ["here", "bot"])),
        ("result-fight", fight_over),
        ("asking", leaving),
        ("replay", replay),
        ("saved-games", go("/games")),
        ("tools", go("/tools")),
        ("tool-roll", go("/tools/roll")),
        ("desk", go("/aif")),
        ("books", go("/books/fighting-fantasy")),
        ("quests", go("/quests")),
    ]


def main(out: Path) -> None:
    """Write every page kind at both widths into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as home,
        serving(LiveServer, Path(home)) as live,
        sync_playwright() as play,
    ):
        browser = play.chromium.launch(executable_path=CHROMIUM)
        for kind, width in WIDTHS.items():
            context = browser.new_context(viewport={"width": width, "height": 900})
            page = context.new_page()
            for name, reach in shots(live.url):
                reach(page)
                page.wait_for_load_state("networkidle")
                shot = out / f"{name}-{kind}.jpg"
                page.screenshot(path=str(shot), full_page=True, type="jpeg", quality=70)
                print(shot.name, flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/pages"))
