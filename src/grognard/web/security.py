"""Who may do what: the browser's session cookie, the form token tied to it, and seat tokens.

Every browser gets a random session cookie (HttpOnly, SameSite=Lax). The form token of a page is an
HMAC of that cookie under the server's secret: a form posted from another site cannot know it, and it is
checked, in constant time, on every POST (as the `csrf` field or the `X-CSRF-Token` header htmx sends).
Seat tokens are random 128-bit values compared in constant time.

Served over HTTPS (directly or behind a trusted proxy's `X-Forwarded-Proto`), every cookie is `Secure`
and named with the `__Host-` prefix, which a browser accepts only from this very host over HTTPS: a
sibling subdomain cannot plant one, so the session cookie read there is only ever the `__Host-` one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from fastapi import HTTPException, Request, Response

from grognard.i18n import gettext

SESSION_COOKIE = "grognard_session"
"""The cookie naming this browser (over plain HTTP)."""
SECURE_PREFIX = "__Host-"
"""The prefix of every cookie's name over HTTPS (Secure, path /, no Domain: only this host sets it)."""
COOKIE_AGE = 400 * 86400
"""How long a cookie is kept, in seconds (the most a browser keeps one)."""
CSRF_FIELD = "csrf"
"""The form field carrying the form token."""
CSRF_HEADER = "x-csrf-token"
"""The header htmx sends the form token in."""


def new_token() -> str:
    """A random 128-bit token, URL-safe."""
    return secrets.token_urlsafe(16)


def same(given: str, expected: str) -> bool:
    """Whether two tokens are equal, in time that does not depend on where they differ."""
    return hmac.compare_digest(given.encode(), expected.encode())


def is_https(request: Request) -> bool:
    """Whether the browser reached the server over HTTPS (the scheme a trusted proxy forwarded)."""
    return request.url.scheme == "https"


def cookie_named(request: Request, name: str) -> str:
    """The name cookie `name` has for this request: `__Host-` prefixed over HTTPS."""
    return SECURE_PREFIX + name if is_https(request) else name


def set_kept_cookie(request: Request, response: Response, name: str, value: str) -> None:
    """Set a long-kept cookie (HttpOnly, SameSite=Lax; Secure and `__Host-` named over HTTPS)."""
    response.set_cookie(
        cookie_named(request, name),
        value,
        httponly=True,
        samesite="lax",
        secure=is_https(request),
        path="/",
        max_age=COOKIE_AGE,
    )


def session_cookie(request: Request) -> str:
    """The session cookie this browser sent (only the `__Host-` one over HTTPS); "" when none."""
    return request.cookies.get(cookie_named(request, SESSION_COOKIE), "")


def browser_session(request: Request) -> str:
    """This browser's session id (a new one when it has none yet; `remember` sets the cookie)."""
    found = session_cookie(request)
    if len(found) >= 16 and found.replace("-", "").replace("_", "").isalnum():
        return found
    made = getattr(request.state, "new_session", None)
    if made is None:
        made = request.state.new_session = new_token()
    return str(made)


def remember(request: Request, response: Response) -> None:
    """Set the session cookie when this request made a new session."""
    made = getattr(request.state, "new_session", None)
    if made is not None:
        set_kept_cookie(request, response, SESSION_COOKIE, str(made))


def form_token(secret: str, session: str) -> str:
    """The form token of a browser session."""
    return hmac.new(secret.encode(), f"form:{session}".encode(), hashlib.sha256).hexdigest()


async def checked_form(request: Request, secret: str) -> dict[str, str]:
    """The posted form's text fields, after its form token is checked (403 when it is not this browser's)."""
    await check_form(request, secret)
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


async def check_form(request: Request, secret: str) -> None:
    """Refuse (403) a POST whose form token is missing or not this browser's."""
    session = session_cookie(request)
    given = request.headers.get(CSRF_HEADER, "")
    if not given:
        form = await request.form()
        value = form.get(CSRF_FIELD, "")
        given = value if isinstance(value, str) else ""
    if not session or not given or not same(given, form_token(secret, session)):
        raise HTTPException(
            403, gettext("this form has expired or came from another site: reload the page and try again")
        )
