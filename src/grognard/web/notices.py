"""Your turn, told by e-mail: after a move, each player whose turn it now is and who gave an address on
their page gets one e-mail for that turn, with a link straight to the table and one to stop the e-mails.

The host configures an SMTP server in `GROGNARD_SMTP_URL`: `smtp://[user:password@]host[:port]` (plain, or
STARTTLS when the URL says `?starttls=1`), or `smtps://...` (TLS from the start); `?from=address` sets the
sender (default `grognard@<host>`). With none, no e-mail is sent, and `grognard serve` says so once at
start (`startup_line`). At most one e-mail per table per turn: the turn told is a table mark set under the
game's lock (`People.claim`), so of several server processes exactly one sends it. The player who moved
(this request's browser holds the seat) is not told. Sending happens in a thread of its own, with a
deadline, so a slow or broken mail server never holds a move; a failure is logged and the game goes on.
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
from email import policy
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from fastapi import Request

from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.engine.store.people import People
from grognard.web.access import Visitor
from grognard.web.routes.common import TableAccess

SMTP_URL_VAR = "GROGNARD_SMTP_URL"
"""The environment variable naming the SMTP server your-turn e-mails go through."""
SMTP_SECONDS = 15.0
"""How long talking to the SMTP server may take."""
TOLD_MARK = "told:"
"""The prefix of the table marks keeping the turn last told by e-mail, per seat (`told:<seat>` = ply)."""

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
            f"{SMTP_URL_VAR} must be smtp://host[:port] or smtps://host[:port], not {parts.scheme}://"
        )
    query = parse_qs(parts.query)
    tls = parts.scheme == "smtps"
    try:
        port = parts.port or (465 if tls else 25)
    except ValueError as e:
        raise UsageError(f"{SMTP_URL_VAR}: {e}") from None
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


def send(smtp: Smtp, message: EmailMessage) -> None:
    """Send one e-mail through `smtp` (within `SMTP_SECONDS`); a failure is logged, not raised."""
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


def turn_message(smtp: Smtp, to: str, name: str, title: str, table: str, stop: str) -> EmailMessage:
    """The e-mail telling `name` it is their turn at `title`, with the table's link and the link that
    stops these e-mails."""
    message = EmailMessage(policy=MAIL_POLICY)
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = f"Your turn: {title}"
    message["List-Unsubscribe"] = f"<{stop}>"
    message.set_content(
        f"{name}, it is your turn at {title}.\n\nPlay it: {table}\n\n"
        f"(You get one e-mail a turn because you gave this address on your page at grognard. "
        f"To get no more: {stop})\n"
    )
    return message


def tell_turns(request: Request, tables: TableAccess, match: Match, mover: Visitor) -> list[threading.Thread]:
    """After a move: e-mail each player whose turn it now is (not `mover`'s seats), once per turn, when
    an SMTP server is configured; the sending threads started."""
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
    key = tables.key(gid)
    started = []
    for seat in to_act:
        sitter = sitters.get(seat)
        player = people.player(sitter.player) if sitter else None
        if player is None or not player.email or not people.claim(gid, f"{TOLD_MARK}{seat}", str(match.ply)):
            continue
        stop = f"{base}/me/unsubscribe?player={player.id}&check={unsubscribe_mac(tables.secret, player.id)}"
        message = turn_message(
            smtp, player.email, player.name, tables.title(key), f"{base}/games/{key}", stop
        )
        thread = threading.Thread(target=send, args=(smtp, message), name="grognard-mail", daemon=True)
        thread.start()
        started.append(thread)
    return started
