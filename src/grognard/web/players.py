"""A player by name: the profile a browser chose, kept in a signed cookie; no password.

The cookie (`grognard_player`, HttpOnly, SameSite=Lax; Secure and `__Host-` named over HTTPS, as every
cookie here: `web.security.set_kept_cookie`) holds the player's random id, the name it chose and an HMAC
of both under the server's secret, so a browser cannot take another player's id or name by editing it;
the same profile is kept in the store (`engine.store.people`) for the other players to see the name at
the seats and for the e-mail address. A name is one line of at most `NAME_LIMIT` printable characters.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import unicodedata

from fastapi import Request, Response

from grognard.engine.errors import UsageError
from grognard.engine.store.people import NAME_LIMIT as PLAYER_NAME_LIMIT
from grognard.engine.store.people import Player
from grognard.i18n import gettext as _
from grognard.i18n import number
from grognard.web.security import cookie_named, new_token, same, set_kept_cookie

PLAYER_COOKIE = "grognard_player"
"""The cookie keeping this browser's player profile."""
NAME_LIMIT = PLAYER_NAME_LIMIT
"""The longest name a player may choose (what a saved-game file may carry too)."""
EMAIL_LIMIT = 200
"""The longest e-mail address a player may give."""
_MAC_CHARS = 32


def _mac(secret: str, player_id: str, name: str) -> str:
    text = f"player:{player_id}:{name}".encode()
    return hmac.new(secret.encode(), text, hashlib.sha256).hexdigest()[:_MAC_CHARS]


def clean_name(raw: str) -> str:
    """A chosen name as it is kept: one line, spaces folded; `UsageError` when empty, too long or made of
    characters a page cannot show (control, format or unassigned characters)."""
    name = " ".join(raw.split())
    if not name:
        raise UsageError(_("choose a name the other players will see"))
    if len(name) > NAME_LIMIT:
        raise UsageError(
            _("a name of at most {limit} characters, please ({given} given)").format(
                limit=number(NAME_LIMIT), given=number(len(name))
            )
        )
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cn", "Cs") for c in name):
        raise UsageError(_("that name has characters a page cannot show: letters, digits and signs, please"))
    return name


def clean_email(raw: str) -> str:
    """An e-mail address as it is kept ("" for none); `UsageError` when it cannot be one."""
    email = raw.strip()
    if not email:
        return ""
    local, at, domain = email.rpartition("@")
    if (
        len(email) > EMAIL_LIMIT
        or not at
        or not local
        or "." not in domain
        or any(c.isspace() or c in "<>,;\"'\\" or ord(c) < 32 for c in email)
    ):
        raise UsageError(_("that is not an e-mail address (name@example.org), or leave the box empty"))
    return email


def cookie_value(secret: str, player_id: str, name: str) -> str:
    """The cookie's value for a profile: id, name (URL-safe base64) and their HMAC, dot-separated."""
    encoded = base64.urlsafe_b64encode(name.encode()).decode().rstrip("=")
    return f"{player_id}.{encoded}.{_mac(secret, player_id, name)}"


def from_cookie(secret: str, value: str) -> tuple[str, str] | None:
    """The (id, name) a cookie's value holds, its HMAC checked; None for none or a forged one."""
    if not value or len(value) > 400 or value.count(".") != 2:
        return None
    player_id, encoded, mac = value.split(".")
    if not (16 <= len(player_id) <= 40) or not player_id.replace("-", "").replace("_", "").isalnum():
        return None
    try:
        name = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    except (binascii.Error, ValueError):
        return None
    if not same(mac, _mac(secret, player_id, name)):
        return None
    return player_id, name


def current(request: Request, secret: str) -> Player | None:
    """This browser's player (id and name, from its signed cookie), or None when it chose no name."""
    found = from_cookie(secret, request.cookies.get(cookie_named(request, PLAYER_COOKIE), ""))
    return None if found is None else Player(found[0], found[1])


def remember_player(request: Request, response: Response, secret: str, name: str) -> Player:
    """Keep the name this browser chose in its cookie (a new id the first time); the player."""
    known = current(request, secret)
    player_id = known.id if known is not None else new_token()
    set_kept_cookie(request, response, PLAYER_COOKIE, cookie_value(secret, player_id, name))
    return Player(player_id, name)
