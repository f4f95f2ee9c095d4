"""The systems' own routers without a browser: the Adventures in Fantasy referee's desk (its page and
JSON twin for the referee only, an action posted for JSON, a stale one refused, the desk and the table
one campaign in one store, the desk's moves through the match driver with the table's dice, the same
write guard as the tables on SQLite and PostgreSQL) and the HeroScribe quest uploads."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest

from grognard.engine.errors import UsageError
from grognard.engine.match import Match, MatchError
from grognard.engine.store.factory import open_store
from grognard.systems.adventures_in_fantasy.campaign import CampaignState, sample_action
from grognard.systems.adventures_in_fantasy.referee import make_action
from grognard.web.routes.common import WRITES
from tests.web.security.tables_client import JSON, Visitor, browser

CELLAR = (
    '<?xml version="1.0"?><quest name="Goblin by the Stairs" region="Europe" version="1.0"'
    ' width="1" height="1">'
    '<board><object id="Stairway" left="11" top="8" rotation="downward"/>'
    '<object id="Goblin" left="15" top="10" rotation="downward"/></board>'
    "<speech>A goblin waits beside the stairs.</speech></quest>"
)


def campaign(referee: Visitor) -> str:
    """A new campaign opened by `referee`; its desk's address (`/aif/<key>`)."""
    made = referee.post("/aif", {})
    assert made.status_code == 303
    return str(made.headers["location"])


def desk_act(who: Visitor, desk: str, form: dict[str, str], ply: int | None = None) -> Any:
    """Post a desk action for JSON at the ply the desk shows (unless given)."""
    at = who.json(f"{desk}.json")["ply"] if ply is None else ply
    return who.post(f"{desk}/act", form | {"ply": str(at), "how": "roll"}, headers=JSON)


def test_the_desk_and_its_twin_answer_the_referee_only() -> None:
    referee = browser()
    desk = campaign(referee)
    key = desk.rsplit("/", 1)[1]
    assert referee.client.get("/aif").status_code == 200 and desk in referee.client.get("/aif").text
    assert referee.client.get(desk).status_code == 200
    state = referee.json(f"{desk}.json")
    assert state["address"] == key and state["ply"] == 0 and state["over"] is False
    assert state["members"] == [] and state["party"]["members"] == []
    assert "days" in state["actions"] and state["procedures"] and state["calendar"]["date"]
    assert "seed" not in state
    stranger = browser(referee.client.app)
    for tail in ("", ".json", "/log", "/sheet/0"):
        assert stranger.client.get(desk + tail).status_code == 403, tail
    assert stranger.client.get(f"{desk}.json").json()["status"] == 403
    table = referee.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    other = table.replace("/games/", "/aif/")  # the referee's seat there, but no campaign
    assert referee.client.get(other).status_code == referee.client.get(f"{other}.json").status_code == 404


def test_a_desk_action_posted_for_json_answers_the_desk_and_a_stale_one_is_refused() -> None:
    referee = browser()
    desk = campaign(referee)
    noted = desk_act(referee, desk, {"kind": "note", "text": "the bridge is out"})
    assert noted.status_code == 200 and noted.headers["content-type"] == "application/json"
    state = noted.json()
    assert state["ply"] == 1 and state == referee.json(f"{desk}.json")
    assert any("the bridge is out" in row["text"] for row in state["log"])
    days = desk_act(referee, desk, {"kind": "days", "n": "2"})
    assert days.status_code == 200 and days.json()["ply"] > 1
    stale = desk_act(referee, desk, {"kind": "note", "text": "late"}, ply=1)
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    assert referee.json(f"{desk}.json")["ply"] == days.json()["ply"]
    bad = desk_act(referee, desk, {"kind": "days", "n": "many"})
    assert bad.status_code == 400 and "not a whole number" in bad.json()["error"]
    form = {"kind": "note", "text": "x", "ply": str(days.json()["ply"])}
    assert browser(referee.client.app).post(f"{desk}/act", form).status_code == 403
    plain = referee.post(f"{desk}/act", form)
    assert plain.status_code == 303 and plain.headers["location"] == f"{desk}#last"


def test_the_desk_and_the_table_play_one_campaign_in_one_store() -> None:
    """A move made at the table (through the match driver) moves the desk on: the desk's page drawn
    before it is refused, and the desk then shows it; a desk action shows at the table."""
    referee = browser()
    desk = campaign(referee)
    table = desk.replace("/aif/", "/games/")
    view = referee.view(table)
    assert view["acting"] and "days:1" in [a["id"] for a in view["view"]["actions"]]
    moved = referee.post(f"{table}/act", {"action": "days:1", "ply": str(view["view"]["ply"])}, headers=JSON)
    assert moved.status_code == 200
    after = moved.json()["view"]["ply"]
    assert referee.json(f"{desk}.json")["ply"] == after
    assert desk_act(referee, desk, {"kind": "note", "text": "x"}, ply=view["view"]["ply"]).status_code == 409
    assert desk_act(referee, desk, {"kind": "note", "text": "x"}).status_code == 200
    assert referee.view(table)["view"]["ply"] == after + 1


def test_the_desks_free_actions_are_match_moves_unlisted() -> None:
    """The desk plays through `Match.act` with `listed=False`: a campaign lists only a sample of its
    referee actions, and the driver takes the others when the rules do (docs/web.md)."""
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], 1)
    match.advance()
    for action in ("note:the bridge is out", "advance:2", "days:3"):
        assert action not in [str(a) for a in match.state.legal_actions()]
        with pytest.raises(MatchError, match="illegal action"):
            match.act(0, action, match.ply)
        at = match.ply
        match.act(0, action, at, listed=False)
        assert match.session.moves[at].move == action


def kept_campaign() -> Match:
    """The one campaign the test's server keeps, in the match driver (as another worker would see it)."""
    store = open_store()
    (summary,) = store.summaries()
    return Match.load(store, summary.id)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The store the server keeps its tables in: the test's SQLite home, then a PostgreSQL database."""
    if request.param == "postgresql":
        monkeypatch.setenv("GROGNARD_DATABASE_URL", str(request.getfixturevalue("postgres_url")))
    return str(request.param)


def test_a_desk_action_takes_the_tables_dice_and_unused_ones_save_nothing(backend: str) -> None:
    referee = browser()
    desk = campaign(referee)
    match = kept_campaign()
    make_action(match, sample_action(0))
    make_action(match, "take:0:500")
    buy = {"kind": "buy", "who": "0", "item": "Chainmail", "how": "dice"}
    at = referee.json(f"{desk}.json")["ply"]
    left = referee.post(f"{desk}/act", buy | {"rolls": "1%,5", "ply": str(at)}, headers=JSON)
    assert left.status_code == 400 and "rolls 5 were not used: nothing was saved" in left.json()["error"]
    assert referee.json(f"{desk}.json")["ply"] == at == kept_campaign().ply
    bought = referee.post(f"{desk}/act", buy | {"rolls": "1%", "ply": str(at)}, headers=JSON)
    assert bought.status_code == 200 and bought.json()["ply"] == at + 2
    assert any("Chainmail for" in row["text"] for row in bought.json()["log"])
    none = referee.post(f"{desk}/act", buy | {"rolls": "100%", "ply": str(at + 2)}, headers=JSON)
    assert any("no Chainmail to be had" in row["text"] for row in none.json()["log"])
    rolled = kept_campaign().session.moves[at + 1 :: 2]
    assert [(r.move, r.rolls[0].total) for r in rolled] == [("in-stock", 1), ("not-in-stock", 100)]


def test_a_desk_action_overtaken_while_it_waited_for_the_lock_is_refused_and_saves_nothing() -> None:
    """The page's ply passed, then the campaign moved on (another worker) while the action waited for
    the server's lock of moves: the driver's ply check at the store refuses it, a 409."""
    referee = browser()
    desk = campaign(referee)
    at = referee.json(f"{desk}.json")["ply"]
    answers: list[Any] = []
    form = {"kind": "note", "text": "late", "ply": str(at), "how": "roll"}
    poster = threading.Thread(target=lambda: answers.append(referee.post(f"{desk}/act", form, headers=JSON)))
    with WRITES:
        poster.start()
        poster.join(timeout=1.0)
        assert poster.is_alive(), "the desk action did not wait for the lock"
        kept_campaign().act(0, "note:the table moved first", at, listed=False)
    poster.join(timeout=30)
    assert not poster.is_alive() and answers
    assert answers[0].status_code == 409 and "moved on" in answers[0].json()["error"]
    moves = kept_campaign().session.moves
    assert [m.move for m in moves[at:]] == ["note:the table moved first"]


def post_while_writes_held(who: Visitor, desk: str) -> tuple[bool, int]:
    """Post a desk action while this thread holds the server's lock of moves: whether it waited for
    the lock (still running 1 s later), and its status once the lock is let go."""
    ply = who.json(f"{desk}.json")["ply"]
    answers: list[int] = []
    form = {"kind": "note", "text": "while locked", "ply": str(ply)}
    poster = threading.Thread(
        target=lambda: answers.append(who.post(f"{desk}/act", form, headers=JSON).status_code)
    )
    with WRITES:
        poster.start()
        poster.join(timeout=1.0)
        waited = poster.is_alive()
    poster.join(timeout=30)
    assert not poster.is_alive() and answers, "the desk action never finished"
    return waited, answers[0]


def test_on_sqlite_a_desk_action_waits_for_the_servers_lock_of_moves() -> None:
    referee = browser()
    desk = campaign(referee)
    assert post_while_writes_held(referee, desk) == (True, 200)


def test_on_postgresql_a_desk_action_takes_no_lock_of_this_process(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As at the tables: PostgreSQL's row lock and its unique (game, ply) guard a move across workers."""
    monkeypatch.setenv("GROGNARD_DATABASE_URL", postgres_url)
    referee = browser()
    desk = campaign(referee)
    assert post_while_writes_held(referee, desk) == (False, 200)
    assert referee.json(f"{desk}.json")["ply"] == 1


def test_a_quest_is_uploaded_and_shown_and_a_refused_file_is_a_400() -> None:
    player = browser()
    assert player.client.get("/quests").status_code == 200
    assert player.client.get("/quests/not-a-digest").status_code == 404
    assert player.client.get(f"/quests/{'0' * 32}").status_code == 404
    text = player.post("/quests", files={"file": ("notes.txt", b"hello", "text/plain")})
    assert text.status_code == 400 and "upload a HeroScribe quest file" in text.text
    odd = b'<?xml version="1.0"?><book title="not a quest"/>'
    assert player.post("/quests", files={"file": ("book.xml", odd, "text/xml")}).status_code == 400
    files = {"file": ("cellar.xml", CELLAR.encode(), "text/xml")}
    assert player.client.post("/quests", files=files, follow_redirects=False).status_code == 403
    made = player.post("/quests", files=files)
    assert made.status_code == 303
    kept = str(made.headers["location"])
    assert re.fullmatch(r"/quests/[0-9a-f]{32}", kept)
    page = player.client.get(kept)
    assert page.status_code == 200 and "Goblin by the Stairs" in page.text and "upload:" in page.text


def test_ending_the_campaign_is_asked_first_on_the_desk_and_at_the_table() -> None:
    """Ending a campaign asks first (issue 30): the desk answers a page with the question and the action
    to post again with `confirmed=yes`; nothing is saved until then; a JSON client is told so."""
    referee = browser()
    desk = campaign(referee)
    at = referee.json(f"{desk}.json")["ply"]
    asked = referee.post(f"{desk}/act", {"kind": "end", "ply": str(at)})
    assert asked.status_code == 200 and "End the campaign? Nothing more can be played" in asked.text
    assert 'name="kind" value="end"' in asked.text and 'name="confirmed" value="yes"' in asked.text
    assert referee.json(f"{desk}.json")["over"] is False
    refused = desk_act(referee, desk, {"kind": "end"})
    assert refused.status_code == 409 and "confirmed=yes" in refused.text
    made = desk_act(referee, desk, {"kind": "end", "confirmed": "yes"})
    assert made.status_code == 200 and made.json()["over"] is True
    table = desk.replace("/aif/", "/games/")
    assert referee.view(table)["over"] is True
    fresh = campaign(referee).replace("/aif/", "/games/")
    offered = {a["id"]: a for a in referee.view(fresh)["view"]["actions"]}
    assert offered["end"]["confirm"].startswith("End the campaign?")
    assert all(a["confirm"] == "" for k, a in offered.items() if k != "end" and not k.startswith("kill"))


def test_a_days_encounter_at_the_desk_is_what_the_next_fight_is_with() -> None:
    """Issue 30: the desk's "A day's encounter" meets something, and "Fight a creature" with the creature
    left blank fights the one met (it answered "nothing was met"); soldiers met have their arms and their
    hostility rolled, as on the road (002_8449cbd1010a37a5.txt:860-881, :1076-1102)."""
    referee = browser()
    desk = campaign(referee)
    form = {"kind": "add", "name": "Aldo", "side": "civilian", "magic_years": "0", "seed": "7"}
    assert desk_act(referee, desk, form).status_code == 200
    for _ in range(200):
        at = referee.json(f"{desk}.json")["ply"]
        got = referee.post(f"{desk}/table/encounter", {"terrain": "forest", "ply": str(at), "how": "roll"})
        assert got.status_code == 200
        log = referee.json(f"{desk}.json")["log"]
        met = [e for e in log if e["ply"] >= at and e["label"] == "Encounter" and e["text"] != "nothing met"]
        if met:
            break
    else:
        raise AssertionError("200 days in the forest and nothing met")
    fight = desk_act(referee, desk, {"kind": "fight", "I": "0", "CREATURE": ""})
    assert fight.status_code == 200, fight.text
    assert referee.json(f"{desk}.json")["bouts"], "the fight with what was met did not begin"


def test_meet_names_what_was_met_and_refuses_anything_else() -> None:
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], 1)
    match.advance()
    with pytest.raises(UsageError, match="name a creature of Chart F"):
        match.act(0, "meet:a dragon made up", match.ply, listed=False)
    with pytest.raises(UsageError, match="name the terrain"):
        match.act(0, "meet:Soldiers", match.ply, listed=False)
    match.act(0, "meet:goblin", match.ply, listed=False)
    state = match.state
    assert isinstance(state, CampaignState) and state.met == "Goblin"
