"""Who may do what: the browser's session cookie, the form token tied to it, and seat tokens.

Every browser gets a random session cookie (HttpOnly, SameSite=Lax). The form token of a page is an
HMAC of that cookie under the server's secret: a form posted from another site cannot know it, and it is
checked, in constant time, on every POST (as the `csrf` field or the `X-CSRF-Token` header htmx sends).
Seat tokens are random 128-bit values compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from fastapi import HTTPException, Request, Response

SESSION_COOKIE = "grognard_session"
"""The cookie naming this browser."""
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


def browser_session(request: Request) -> str:
    """This browser's session id (a new one when it has none yet; `remember` sets the cookie)."""
    found = request.cookies.get(SESSION_COOKIE, "")
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
        response.set_cookie(SESSION_COOKIE, made, httponly=True, samesite="lax", max_age=400 * 86400)


def form_token(secret: str, session: str) -> str:
    """The form token of a browser session."""
    return hmac.new(secret.encode(), f"form:{session}".encode(), hashlib.sha256).hexdigest()


async def checked_form(request: Request, secret: str) -> dict[str, str]:
    """The posted form's text fields, after its form token is checked (403 when it is not this browser's)."""
    await check_form(request, secret)
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


async def check_form(request: Request, secret: str) -> None:
    """Refuse (403) a POST whose form token is missing or not this browser's."""
    session = request.cookies.get(SESSION_COOKIE, "")
    given = request.headers.get(CSRF_HEADER, "")
    if not given:
        form = await request.form()
        value = form.get(CSRF_FIELD, "")
        given = value if isinstance(value, str) else ""
    if not session or not given or not same(given, form_token(secret, session)):
        raise HTTPException(
            403, "this form has expired or came from another site: reload the page and try again"
        )
