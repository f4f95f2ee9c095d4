"""HeroQuest's drawn board in a real browser: quest 1 played for several rounds by clicking squares,
monsters and doors; the fog of war kept out of the page's HTML; all 494 squares drawn on a desktop and on
a phone."""

from __future__ import annotations

import math
import os
import random
from pathlib import Path

from playwright.sync_api import Browser, Page

from grognard.systems.heroquest.game import HeroQuestGame
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.views.render import monster_letters
from grognard.systems.heroquest.views.seat_view import gm_private, heroes_public
from tests.browser.conftest import Console
from tests.browser.test_tables import click_action, ply, start_game
from tests.live_server import LiveServer

QUEST = "1-the-smugglers-stair"
PARTY = "barbarian,elf-wizard"
"""The party: two hero cards of the new-quest form."""
SHOTS = os.environ.get("GROGNARD_SHOTS", "")


NEAREST_DOOR = """() => {
  const doors = [...document.querySelectorAll('.hq-door-closed')].map(d => d.getBBox());
  const moves = [...document.querySelectorAll("[data-actions] button[data-action^='move:']")];
  let best = "", far = Infinity;
  moves.forEach(button => {
    const square = button.dataset.targetSquare;
    const s = document.querySelector(`.hq-squares [data-square="${square}"]`).getBBox();
    doors.forEach(d => {
      const gap = Math.hypot(s.x + s.width / 2 - d.x - d.width / 2, s.y + s.height / 2 - d.y - d.height / 2);
      if (gap < far) { far = gap; best = square; }
    });
  });
  return best;
}"""


SINGLE_TARGET = """() => {
  for (const m of document.querySelectorAll('.hq-monster[data-reachable]')) {
    const sq = CSS.escape(m.dataset.square);
    if (document.querySelectorAll(`[data-actions] button[data-target-square="${sq}"]`).length === 1) {
      return m.dataset.square;
    }
  }
  return "";
}"""


def _start(page: Page, url: str) -> str:
    return start_game(page, url, "heroquest", "quest", {"quest": QUEST, "heroes": PARTY}, ["here", "bot"])


def _acting_shown(page: Page) -> None:
    """On the heroes' turn one sheet, one token and the head line name the hero acting."""
    sheet = page.locator("[data-hero-sheet][aria-current=true]")
    assert sheet.count() == 1
    number = sheet.get_attribute("data-hero-sheet")
    name = sheet.locator("h3").inner_text().split("·")[0].removeprefix(str(number)).strip()
    assert page.locator("[data-turn]").inner_text() == f"{name}'s turn ({number})"
    assert page.locator(".hq-token.hq-current").get_attribute("data-hero") == number


def _after(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def _round(page: Page) -> int:
    text = page.locator(".hq-head p").inner_text()
    return int(text.split("Round ")[1].split(" ")[0])


def _fog_holds(page: Page) -> None:
    """Nothing stands on an unexplored square: no area, furniture, monster or trap there."""
    bad = page.evaluate(
        """() => {
          const fogged = document.querySelectorAll('.hq-squares .hq-fog');
          const fog = new Set([...fogged].map(e => e.dataset.square));
          const out = [];
          document.querySelectorAll('.hq-fog[data-area]').forEach(e => out.push('area ' + e.dataset.square));
          document.querySelectorAll('.hq-monster, [data-trap]').forEach(e => {
            const sq = e.dataset.square || e.dataset.trap;
            if (fog.has(sq)) out.push('figure on fog ' + sq);
          });
          return out;
        }"""
    )
    assert bad == []


def _initial() -> QuestState:
    state = HeroQuestGame().new_initial_state({"quest": QUEST, "heroes": PARTY})
    assert isinstance(state, QuestState)
    return state


def test_quest_one_played_by_clicking_the_board(live: LiveServer, page: Page) -> None:
    page.add_init_script("localStorage.setItem('grognard-step-ms', '20')")  # the GM's turn, replayed briskly
    _start(page, live.url)
    html = page.content()
    state = _initial()
    public = heroes_public(state)
    unseen_rooms = [a for a in state.layout.board.rooms() if a not in public["areas"]]
    assert len(unseen_rooms) > 15
    for room in unseen_rooms:
        assert f'data-area="{room}"' not in html
    shown = {m["id"] for m in public["monsters"]}
    hidden = [m for m in gm_private(state)["monsters"] if m["id"] not in shown and m["at"] is not None]  # type: ignore[index,union-attr]
    assert hidden, "quest 1 hides monsters in rooms not yet seen"
    for m in hidden:
        x, y = m["at"]  # type: ignore[index]
        square = page.locator(f".hq-squares [data-square='{x},{y}']")
        assert "hq-fog" in (square.get_attribute("class") or "")
        assert page.locator(f".hq-monster[data-square='{x},{y}']").count() == 0
        assert f"({m['id']})" not in html  # type: ignore[index]
    pick = random.Random(14)
    clicks = {"square": 0, "monster": 0, "door": 0, "button": 0}
    moved_ply = -1
    for _ in range(500):
        if page.locator("[data-status=over]").count() or _round(page) >= 6:
            break
        if not page.locator("[data-status=your-turn]").count():
            page.wait_for_selector("[data-status=your-turn], [data-status=over]", timeout=60_000)
            continue
        _fog_holds(page)
        _acting_shown(page)
        before = ply(page)
        single = page.evaluate(SINGLE_TARGET)
        monsters = page.locator(f".hq-monster[data-square='{single}']")
        doors = page.locator(".hq-door[data-reachable]")
        squares = page.locator(".hq-squares [data-reachable]")
        buttons = page.locator("[data-actions] button[data-action]")
        labels = [b.get_attribute("data-action") or "" for b in buttons.all()]
        if single and monsters.count():
            attacks = page.locator("[data-actions] button[data-action^='attack:']")
            assert all("kills" in b.inner_text() for b in attacks.all())
            monsters.first.click()
            clicks["monster"] += 1
            last = f"monster {single}"
        elif doors.count():
            last = f"door {doors.first.get_attribute('data-square')}"
            doors.first.click()
            clicks["door"] += 1
        elif squares.count() and moved_ply != before and any(a.startswith("move:") for a in labels):
            moves = [a.split(":")[1] for a in labels if a.startswith("move:")]
            near = page.evaluate(NEAREST_DOOR) or pick.choice(moves)
            square = page.locator(f".hq-squares [data-square='{near}']")
            assert square.get_attribute("data-reachable") is not None
            # a figure standing there (a prisoner) takes the click for the square: it carries the square too
            figure = page.locator(f".hq-token[data-square='{square.get_attribute('data-square')}']")
            last = f"square {square.get_attribute('data-square')} {figure.count()}"
            (figure if figure.count() else square).click()
            clicks["square"] += 1
            moved_ply = before
        else:
            for wanted in ("roll", "end"):
                if wanted in labels:
                    click_action(page, labels.index(wanted))
                    break
            else:
                click_action(page, pick.randrange(len(labels)))
            clicks["button"] += 1
            continue
        try:
            _after(page, before)
        except Exception as error:
            raise AssertionError(f"{last} did not act; {labels}") from error
    assert _round(page) >= 5 or page.locator("[data-status=over]").count()
    print(clicks)
    assert clicks["square"] >= 3, clicks
    assert clicks["monster"] >= 1 and clicks["door"] >= 1, clicks
    _fog_holds(page)
    assert page.locator("[data-hero-sheet]").count() == 2
    assert "Attack" in page.locator("[data-hero-sheet='1']").inner_text()
    assert "Short Sword" in page.locator("[data-hero-sheet='1'] [data-equipment]").inner_text()
    if SHOTS:
        page.evaluate("document.querySelector('.hq-head').scrollIntoView()")
        page.screenshot(path=str(Path(SHOTS) / "heroquest-desktop.png"), full_page=False)


def test_every_square_drawn_on_a_desktop_and_a_phone(
    live: LiveServer, browser: Browser, console: Console
) -> None:
    for width, height in ((1280, 800), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = console.watch(context.new_page())
        _start(page, live.url)
        squares = page.locator("[data-board] .hq-squares [data-square]")
        assert squares.count() == 494
        names = set(squares.evaluate_all("els => els.map(e => e.dataset.square)"))
        assert names == {f"{x},{y}" for x in range(26) for y in range(19)}
        frame = page.locator(".hq-board-wrap").bounding_box()
        assert frame is not None and min(width * 0.55, width - 70) <= frame["width"] <= width
        corner = page.locator("[data-board] .hq-squares [data-square='25,18']")
        if width >= 900:  # the whole board in view
            box = corner.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width + 1
        else:  # a phone: the board pans in its frame, every square at least 24 px (WCAG 2.5.8)
            corner.scroll_into_view_if_needed()
            box = corner.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width + 1 and box["width"] >= 24
        assert page.locator(".hq-hero").count() == 2
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / f"heroquest-{width}.png"), full_page=False)
        context.close()


def test_a_spell_is_offered_by_its_name_target_effect_and_odds() -> None:
    """The first damage spell a random party can cast is labelled with words and the chance it kills."""
    from fractions import Fraction

    from grognard.engine.game import CHANCE, TERMINAL
    from grognard.engine.match import Match
    from grognard.systems.heroquest.views.seat_view import register  # noqa: F401 (views registered)

    burn: list[str] = []
    party = {"quest": QUEST, "heroes": "barbarian,elf-wizard,wizard"}
    for seed in range(8):
        match = Match.new("heroquest", "quest", party, ["bot"], seed)
        pick = random.Random(seed)
        for _ in range(1500):
            state = match.state
            who = state.actor()
            if who is TERMINAL:
                break
            if who is CHANCE:
                match.session.roll()
                continue
            legal = [str(a) for a in state.legal_actions()]
            burn = [a for a in legal if a.startswith("cast:fire/")]
            if burn:
                break
            match.session.play(state.legal_actions()[pick.randrange(len(legal))])
        if burn:
            break
    assert burn, "no damage spell was ever offered"
    assert isinstance(state, QuestState)
    action = burn[0]
    label = next(a.label for a in match.view(0, odds=False).actions if a.id == action)
    target = action.split(":")[2]
    j = next(k for k, m in enumerate(state.monsters) if m.id == target)
    assert label.startswith("Cast Fire of Wrath on ") or label.startswith("Cast Ball of Flame on "), label
    mark = monster_letters(state)[j]  # the monster as the board marks it, not its id
    assert f"{state.stats_of(j).name} ({mark})" in label and "fire/" not in label
    need = {"fire-of-wrath": 2, "ball-of-flame": 1}[action.split(":")[1].split("/")[1]]
    amount = int(label.split("(")[-1].split(" point")[0])
    chance = sum(
        (
            Fraction(math.comb(amount, d)) * Fraction(6 - need, 6) ** d * Fraction(need, 6) ** (amount - d)
            for d in range(state.monsters[j].body, amount + 1)
        ),
        Fraction(0),
    )
    assert label.endswith(f"kills {float(chance):.1%})"), label


def test_the_game_master_sees_every_monster_and_trap_on_the_board(live: LiveServer, page: Page) -> None:
    """A person as the game master: the monsters and traps the heroes have not found are drawn faint on
    the board and listed beside it, not dumped as data; a spectator sees none of them."""
    page.add_init_script("localStorage.setItem('grognard-step-ms', '0')")
    options = {"quest": QUEST, "heroes": PARTY, "gm": "human"}
    game_id = start_game(page, live.url, "heroquest", "quest", options, ["bot", "here"])
    page.wait_for_selector("[data-status=your-turn], [data-status=over]", timeout=60_000)
    unseen = page.locator(".hq-monster.hq-unseen")
    assert unseen.count() >= 1
    assert page.locator("[data-gm-knowledge]").count() == 1
    assert page.locator("[data-private]").count() == 0
    assert page.locator("[data-gm-knowledge] [data-gm-trap]").count() >= 1
    hidden = unseen.first.get_attribute("data-square")
    page.goto(f"{live.url}/games/{game_id}?spectate=1")
    assert page.locator(".hq-unseen").count() == 0
    assert page.locator("[data-gm-knowledge]").count() == 0
    assert page.locator(f".hq-monster[data-square='{hidden}']").count() == 0
