"""Turn limits: a table may give each move a time (minutes for live play, days for a turn-based game); a
person's seat whose time runs out is played by a bot for that one move, which the table's chat says, and
the seat stays the person's: their next move is theirs again.

The host sets the limit (`LIMIT_MARK`: the seconds a move may take and when the limit was set, so a table
idle before it had one is not played at once) and the bot's strength (`BOT_MARK`: the game's standard bot
by default, or one of the strengths the game offers, `engine.match.levels`: random moves, a bot that looks
ahead). The move is marked in the table's log too (`LATE_MARK`: the log says a bot made it).

Looking at a table never moves it: each server process sweeps the tables with a limit every
`SWEEP_SECONDS` in a thread of its own (`Sweeper`, started with the app), and plays an overdue seat's move
through the match driver at the ply it timed out at, so of several processes sweeping at once only one
move is kept (the driver's ply check; the others' attempt is refused and dropped).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping
from contextlib import suppress
from datetime import UTC, datetime, timedelta

from grognard.engine.dice.core import Rng
from grognard.engine.errors import GrognardError
from grognard.engine.match import Match, MatchError, bot_policy, levels
from grognard.engine.store.people import People, Player, stamp
from grognard.engine.store.savefile import IN_PLAY
from grognard.engine.store.sql import SqlStore
from grognard.engine.view import GameViews
from grognard.i18n import N_
from grognard.web.notices import tell_missed
from grognard.web.routes.common import TableAccess, writing

LIMIT_MARK = "limit"
"""The table mark of a turn limit: "<seconds a move may take>/<when the limit was set, ISO 8601>"."""
BOT_MARK = "limit-bot"
"""The table mark of the bot that plays a timed-out move: a strength of `engine.match.BOT_LEVELS` (none:
the game's standard bot)."""
LATE_MARK = "late"
"""The table mark of the moves a bot made for a seat out of time: "<ply>:<seat>", comma-separated, the
last `LATE_KEPT`."""
LATE_KEPT = 40
LIMITS = {
    "": N_("none"),
    "300": N_("5 minutes"),
    "3600": N_("1 hour"),
    "86400": N_("1 day"),
    "259200": N_("3 days"),
}
"""The turn limits a host may pick, in seconds, with their words."""
BOT_WORDS = {
    "bot": N_("the game's standard bot"),
    "heuristic": N_("the game's standard bot"),
    "random": N_("a bot that moves at random"),
    "search": N_("a stronger bot that looks ahead"),
}
"""Who plays a timed-out move, in words, by the strength the host picked ("bot": the game's standard)."""
SWEEP_SECONDS = 20.0
"""How often a server process looks for overdue tables (and turns nobody told)."""
SWEEP_VAR = "GROGNARD_SWEEP_SECONDS"
"""The environment variable that sets how often, in seconds."""
TABLE_NAME = "The table"
"""The name the table's own notes in the chat go under."""

LOG = logging.getLogger("grognard.web.turns")


def limit_of(marks: dict[str, str]) -> tuple[int, datetime] | None:
    """A table's turn limit: its seconds and when it was set (None: no limit)."""
    seconds, _, since = marks.get(LIMIT_MARK, "").partition("/")
    if not seconds.isdigit() or str(int(seconds)) not in LIMITS:
        return None
    try:
        return int(seconds), datetime.fromisoformat(since)
    except ValueError:
        return None


def limit_mark(seconds: str, moment: datetime | None = None) -> str | None:
    """The mark of a limit of `seconds` set now (None: no limit)."""
    return f"{seconds}/{stamp(moment)}" if seconds else None


def bot_choices(views: GameViews) -> dict[str, str]:
    """The bots a host may pick to play a game's timed-out moves: the game's standard bot (the default),
    then the other strengths the game offers (`engine.match.levels`)."""
    return {"bot": BOT_WORDS["bot"]} | {k: BOT_WORDS[k] for k in levels(views) if k != "heuristic"}


def late_moves(marks: Mapping[str, str]) -> dict[int, int]:
    """The moves a bot made for a seat out of time: the seat, by the move's number (ply)."""
    out = {}
    for part in marks.get(LATE_MARK, "").split(","):
        ply, _, seat = part.partition(":")
        if ply.isdigit() and seat.isdigit() and len(ply) < 10 and len(seat) < 4:
            out[int(ply)] = int(seat)
    return out


def when(text: str) -> datetime:
    """A stored time (the store's ISO 8601 UTC stamps)."""
    found = datetime.fromisoformat(text)
    return found if found.tzinfo else found.replace(tzinfo=UTC)


def play_overdue(store: SqlStore, now: datetime | None = None) -> list[tuple[str, int]]:
    """Play, by the table's bot, each person's move whose time ran out; the (game, seat) played. A move
    another process played first is dropped."""
    moment = now or datetime.now(UTC)
    played = []
    people = People(store)
    for gid in People(store).tables_marked(LIMIT_MARK):
        try:
            summary = store.summary(gid)
            marks = store.marks(gid)
        except GrognardError:
            continue
        limit = limit_of(marks)
        if limit is None or summary.status != IN_PLAY:
            continue
        seconds, since = limit
        started = max(when(summary.updated), since)
        if moment < started + timedelta(seconds=seconds):
            continue
        try:
            match = Match.load(store, gid)
        except GrognardError:
            continue
        for seat in match.humans_to_act():
            policy = bot_policy(match.views, marks.get(BOT_MARK, "bot"))
            ply = match.ply
            action = str(policy(match.state, Rng(f"{match.session.seed}:late:{ply}")))
            view = match.view(seat, odds=False)
            label = next((a.label for a in view.actions if a.id == action), "a move")
            sitter = people.sitters(gid).get(seat)
            who = sitter.name if sitter else match.views.front.seat_name(view.public, seat)
            try:
                match.act(seat, action, ply, guard=writing)
            except (MatchError, GrognardError):
                continue  # moved meanwhile (the player, or another process's sweep)
            late = late_moves(store.marks(gid)) | {ply: seat}
            kept = sorted(late.items())[-LATE_KEPT:]
            with suppress(GrognardError):
                store.set_mark(gid, LATE_MARK, ",".join(f"{p}:{s}" for p, s in kept))
            note = f"Time ran out for {who}: a bot made their move ({label})."
            with suppress(GrognardError):
                people.say(gid, seat, Player("table", TABLE_NAME), note[:500], most=1000, seconds=1)
            played.append((gid, seat))
    return played


def sweep_seconds() -> float:
    """How often this process sweeps: `$GROGNARD_SWEEP_SECONDS` (1 to 3600), else `SWEEP_SECONDS`."""
    raw = os.environ.get(SWEEP_VAR, "").strip()
    try:
        found = float(raw)
    except ValueError:
        return SWEEP_SECONDS
    return found if 1 <= found <= 3600 else SWEEP_SECONDS


def start_sweeper(opener: Callable[[], SqlStore], secret: str = "") -> Sweeper:
    """A `Sweeper` of this process, started (with the server's `secret`, it tells turns by e-mail too)."""
    sweeper = Sweeper(opener, sweep_seconds(), secret)
    sweeper.thread.start()
    return sweeper


class Sweeper:
    """A thread of this server process that, every `SWEEP_SECONDS`, plays overdue moves (`play_overdue`)
    and tells the turns by e-mail that nobody told (`web.notices.tell_missed`: a process died first)."""

    def __init__(
        self, opener: Callable[[], SqlStore], seconds: float = SWEEP_SECONDS, secret: str = ""
    ) -> None:
        self.opener = opener
        self.seconds = seconds
        self.secret = secret
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, name="grognard-turns", daemon=True)

    def run(self) -> None:
        """Sweep until stopped; a failed sweep is logged and the next one tried."""
        while not self.stop.wait(self.seconds):
            try:
                play_overdue(self.opener())
            except Exception:
                LOG.exception("looking for overdue moves failed")
            if self.secret:
                try:
                    tell_missed(TableAccess(self.secret, self.opener))
                except Exception:
                    LOG.exception("looking for turns nobody told failed")
