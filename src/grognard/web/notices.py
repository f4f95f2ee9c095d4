"""Your turn, told by e-mail: after a move, each player whose turn it now is and who gave an address on
their page gets one e-mail for that turn, with a link straight to the table and one to stop the e-mails.

The host configures an SMTP server in `GROGNARD_SMTP_URL`: `smtp://[user:password@]host[:port]` (plain, or
STARTTLS when the URL says `?starttls=1`), or `smtps://...` (TLS from the start); `?from=address` sets the
sender (default `grognard@<host>`). With none, no e-mail is sent, and `grognard serve` says so once at
start (`startup_line`). At most one e-mail per table per turn: the turn told is a table mark claimed under
the game's lock (`claim_turn`), so of several server processes one sends it, and marked sent once the
mail server took it. The player who moved (this request's browser holds the seat) is not told. Sending
happens in a thread of its own, with a deadline, so a slow or broken mail server never holds a move; a
failure is logged and the game goes on.

Nothing is lost when a server process dies: every process's sweep (`tell_missed`, run by `web.turns`)
tells a turn nobody told within `GRACE_SECONDS` of its move, and sends again an e-mail claimed but not
marked sent within `RESEND_SECONDS`. Each e-mail names its turn (`Message-ID`), so the one case left, a
process dying after the mail server took the e-mail and before marking it sent, gives the same message
twice, which a mail program shows once.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import smtplib
import ssl
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from fastapi import Request

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.match import Match
from grognard.engine.store.people import People, Player, stamp
from grognard.engine.store.savefile import IN_PLAY
from grognard.i18n import gettext
from grognard.web.access import Visitor
from grognard.web.routes.common import StoreOpener, TableAccess

SMTP_URL_VAR = "GROGNARD_SMTP_URL"
"""The environment variable naming the SMTP server your-turn e-mails go through."""
SMTP_SECONDS = 15.0
"""How long talking to the SMTP server may take."""
TOLD_MARK = "told:"
"""The prefix of the table marks keeping the turn last told by e-mail, per seat (`told:<seat>` =
"<ply>/sending/<when>" while its e-mail goes, "<ply>/sent" after), and the sweep's notes (`BASE_MARK`,
`CHECKED_MARK`); a page never shows them."""
BASE_MARK = "told:base"
"""The table mark keeping the address a table's players reach this server at (for the sweep's links)."""
CHECKED_MARK = "told:checked"
"""The table mark keeping the move at which the sweep found every turn told."""
GRACE_SECONDS = 30.0
"""How long after a move the sweep leaves its e-mails to the process that made it."""
RESEND_SECONDS = 60.0
"""How long a claimed e-mail may stay unsent before the sweep sends it again (its process died)."""

MAIL_POLICY = policy.SMTP.clone(max_line_length=998)
"""How an e-mail is written: CRLF line ends, and a long header (a link) kept whole, not encoded."""

LOG = logging.getLogger("grognard.web.notices")


@dataclass(frozen=True)
class Smtp:
    """Where the e-mails go: the server, how it is reached, the login and the sender."""

    host: str
    port: int
    tls: bool = False
    starttls: bool = False
    user: str = ""
    password: str = ""
    sender: str = ""


def smtp_settings(raw: str | None = None) -> Smtp | None:
    """The SMTP server of `GROGNARD_SMTP_URL` (or `raw`), None when none is set; `UsageError` for a URL
    that names none."""
    url = (os.environ.get(SMTP_URL_VAR, "") if raw is None else raw).strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise UsageError(
            gettext("%(variable)s must be smtp://host[:port] or smtps://host[:port], not %(scheme)s://")
            % {"variable": SMTP_URL_VAR, "scheme": parts.scheme}
        )
    query = parse_qs(parts.query)
    tls = parts.scheme == "smtps"
    try:
        port = parts.port or (465 if tls else 25)
    except ValueError as e:
        raise UsageError(
            gettext("%(variable)s: %(reason)s") % {"variable": SMTP_URL_VAR, "reason": e}
        ) from None
    sender = query.get("from", [""])[0] or f"grognard@{parts.hostname}"
    return Smtp(
        parts.hostname,
        port,
        tls,
        query.get("starttls", ["0"])[0] in ("1", "yes", "true"),
        unquote(parts.username or ""),
        unquote(parts.password or ""),
        sender,
    )


def mail_on() -> bool:
    """Whether your-turn e-mails are sent (a usable `GROGNARD_SMTP_URL`)."""
    try:
        return smtp_settings() is not None
    except UsageError:
        return False


def startup_line() -> str:
    """What `grognard serve` says once at start about your-turn e-mails."""
    try:
        found = smtp_settings()
    except UsageError as e:
        return f"your-turn e-mails: none ({e})"
    if found is None:
        return f"your-turn e-mails: none ({SMTP_URL_VAR} is not set; players are told in an open tab only)"
    return f"your-turn e-mails: through {found.host}:{found.port}"


def unsubscribe_mac(secret: str, player_id: str) -> str:
    """The proof, in an e-mail's link, that the link stops this player's e-mails."""
    return hmac.new(secret.encode(), f"unsubscribe:{player_id}".encode(), hashlib.sha256).hexdigest()[:32]


def send(smtp: Smtp, message: EmailMessage) -> bool:
    """Send one e-mail through `smtp` (within `SMTP_SECONDS`); whether the server took it. A failure is
    logged, not raised."""
    try:
        if smtp.tls:
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                smtp.host, smtp.port, timeout=SMTP_SECONDS, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=SMTP_SECONDS)
        with client:
            if smtp.starttls:
                client.starttls(context=ssl.create_default_context())
            if smtp.user:
                client.login(smtp.user, smtp.password)
            client.send_message(message)
    except (OSError, smtplib.SMTPException) as e:
        LOG.warning("a your-turn e-mail to %s was not sent: %s", message["To"], e)
        return False
    return True


def turn_message(
    smtp: Smtp,
    to: str,
    name: str,
    title: str,
    table: str,
    stop: str,
    turn: tuple[str, int, int] | None = None,
) -> EmailMessage:
    """The e-mail telling `name` it is their turn at `title`, with the table's link and the link that
    stops these e-mails; `turn` (game, seat, move) names it (`Message-ID`), so the same turn told twice is
    one message to a mail program."""
    message = EmailMessage(policy=MAIL_POLICY)
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = f"Your turn: {title}"
    message["List-Unsubscribe"] = f"<{stop}>"
    if turn is not None:
        domain = smtp.sender.rpartition("@")[2] or smtp.host
        message["Message-ID"] = f"<turn.{turn[0]}.{turn[1]}.{turn[2]}@{domain}>"
    message.set_content(
        f"{name}, it is your turn at {title}.\n\nPlay it: {table}\n\n"
        f"(You get one e-mail a turn because you gave this address on your page at grognard. "
        f"To get no more: {stop})\n"
    )
    return message


def told(value: str | None) -> tuple[str, str, datetime | None]:
    """A told mark's value: the move told, "sending" or "sent" ("" for a mark of before the states), and
    when the sending began."""
    ply, _, rest = (value or "").partition("/")
    state, _, at = rest.partition("/")
    try:
        since: datetime | None = datetime.fromisoformat(at)
    except ValueError:
        since = None
    return ply, state, since


def claim_turn(
    people: People, gid: str, seat: int, ply: int, resend: float | None = None, now: datetime | None = None
) -> str | None:
    """Claim telling `seat` of game `gid` that it is their turn at move `ply`: the claim (the told mark's
    new value, "<ply>/sending/<when>"), or None when that turn is told or being told already. With
    `resend`, a claim left "sending" for that many seconds (its process died) is taken over."""
    name = f"{TOLD_MARK}{seat}"
    kept = people.store.marks(gid).get(name)
    told_ply, state, since = told(kept)
    now = now or datetime.now(UTC)
    if told_ply == str(ply):
        overdue = since is None or now - since >= timedelta(seconds=resend or 0)
        if state != "sending" or resend is None or not overdue:
            return None
    claim = f"{ply}/sending/{stamp(now)}"
    return claim if people.swap_mark(gid, name, kept, claim) else None


def deliver(opener: StoreOpener, smtp: Smtp, message: EmailMessage, gid: str, seat: int, claim: str) -> None:
    """Send a claimed turn's e-mail and mark it sent (`claim_turn`); not sent, the claim stays and the
    sweep sends it again later."""
    if not send(smtp, message):
        return
    try:
        People(opener()).swap_mark(gid, f"{TOLD_MARK}{seat}", claim, f"{told(claim)[0]}/sent")
    except GrognardError as e:
        LOG.warning("a sent your-turn e-mail was not marked sent: %s", e)


def turn_mail(
    tables: TableAccess, smtp: Smtp, base: str, gid: str, seat: int, ply: int, player: Player
) -> EmailMessage:
    """The your-turn e-mail of `player` at seat `seat` of game `gid`, move `ply`, with links on `base`."""
    key = tables.key(gid)
    stop = f"{base}/me/unsubscribe?player={player.id}&check={unsubscribe_mac(tables.secret, player.id)}"
    table = f"{base}/games/{key}"
    return turn_message(smtp, player.email, player.name, tables.title(key), table, stop, (gid, seat, ply))


def tell_turns(request: Request, tables: TableAccess, match: Match, mover: Visitor) -> list[threading.Thread]:
    """After a move: e-mail each player whose turn it now is (not `mover`'s seats), once per turn, when
    an SMTP server is configured; the sending threads started. The address the table was reached at is
    kept (`BASE_MARK`) for the sweep's links."""
    try:
        smtp = smtp_settings()
    except UsageError:
        return []
    gid = match.session.game_id
    to_act = [s for s in match.humans_to_act() if s not in mover.seats]
    if smtp is None or gid is None or not to_act:
        return []
    people = People(tables.store)
    sitters = people.sitters(gid)
    base = str(request.base_url).rstrip("/")
    remember_base(tables, gid, base)
    started = []
    for seat in to_act:
        sitter = sitters.get(seat)
        player = people.player(sitter.player) if sitter else None
        if player is None or not player.email:
            continue
        claim = claim_turn(people, gid, seat, match.ply)
        if claim is None:
            continue
        message = turn_mail(tables, smtp, base, gid, seat, match.ply, player)
        thread = threading.Thread(
            target=deliver,
            args=(tables.opener, smtp, message, gid, seat, claim),
            name="grognard-mail",
            daemon=True,
        )
        thread.start()
        started.append(thread)
    return started


def remember_base(tables: TableAccess, gid: str, base: str) -> None:
    """Keep `base` as the address of game `gid`'s table (for the links of e-mails the sweep sends)."""
    if len(base) < 300 and tables.store.marks(gid).get(BASE_MARK) != base:
        tables.store.set_mark(gid, BASE_MARK, base)


def turn_start(match: Match, seat: int) -> int:
    """The move at which `seat`'s turn began: its first decision since another seat's last one (or now,
    when it has not decided since); the move `tell_turns` tells the turn at."""
    moves = match.session.moves
    other = max((i for i, m in enumerate(moves) if m.player is not None and m.player != seat), default=-1)
    return next((i for i in range(other + 1, len(moves)) if moves[i].player == seat), match.ply)


def tell_missed(tables: TableAccess, now: datetime | None = None) -> list[tuple[str, int]]:
    """The sweep's part in the e-mails (`web.turns.Sweeper`): each person to act at a game, who gave an
    address, and whose turn was not told `GRACE_SECONDS` after the move that made it theirs (the server
    process that made it died before telling, a bot played a late move, the mail server failed) or whose
    e-mail was claimed but not sent `RESEND_SECONDS` ago is told now; the (game, seat) told. A game once
    checked at a move is not loaded again until it moves (`CHECKED_MARK`)."""
    try:
        smtp = smtp_settings()
    except UsageError:
        return []
    if smtp is None:
        return []
    store = tables.store
    moment = now or datetime.now(UTC)
    people = People(store)
    done = []
    for gid in people.emailed_tables():
        try:
            summary = store.summary(gid)
            marks = store.marks(gid)
        except GrognardError:
            continue
        base = marks.get(BASE_MARK, "")
        updated = datetime.fromisoformat(summary.updated)
        updated = updated if updated.tzinfo else updated.replace(tzinfo=UTC)
        if (
            summary.status != IN_PLAY
            or not base
            or marks.get(CHECKED_MARK) == str(summary.moves)
            or moment - updated < timedelta(seconds=GRACE_SECONDS)
        ):
            continue
        try:
            match = Match.load(store, gid)
        except GrognardError:
            continue
        sitters = people.sitters(gid)
        settled = True
        for seat in match.humans_to_act():
            sitter = sitters.get(seat)
            player = people.player(sitter.player) if sitter else None
            if player is None or not player.email:
                continue
            start = turn_start(match, seat)
            claim = claim_turn(people, gid, seat, start, RESEND_SECONDS, moment)
            if claim is not None:
                deliver(
                    tables.opener,
                    smtp,
                    turn_mail(tables, smtp, base, gid, seat, start, player),
                    gid,
                    seat,
                    claim,
                )
                done.append((gid, seat))
            if told(store.marks(gid).get(f"{TOLD_MARK}{seat}"))[1:2] != ("sent",):
                settled = False
        if settled:
            people.swap_mark(gid, CHECKED_MARK, marks.get(CHECKED_MARK), str(match.ply))
    return done
