"""Who sits where at a table: seat tokens, the cookies that carry them, and the host's token.

A seat's token is the HMAC of the game and the seat under the server's secret, cut to 128 bits: nothing
to store, the same in every worker, unguessable without the secret. The browser that creates a game
gets the host token (it may see the invitation links) and the tokens of the seats it plays "here"; an
invitation link carries one seat's token, and opening it keeps the token in a cookie for that game
(over HTTPS a `Secure` one named `__Host-grognard_g<id>`; the plain name, kept from before the site had
HTTPS, is still read there and replaced by the next cookie written). Tokens are compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac

from fastapi import Request, Response

from grognard.web.security import SECURE_PREFIX, is_https, same, set_kept_cookie

HOST = "host"
"""The token kind of the browser that created a game."""


def _token(secret: str, game_id: str, who: str) -> str:
    digest = hmac.new(secret.encode(), f"seat:{game_id}:{who}".encode(), hashlib.sha256).hexdigest()
    return digest[:32]


def seat_token(secret: str, game_id: str, seat: int) -> str:
    """The token of seat `seat` of game `game_id` (128 bits, hex)."""
    return _token(secret, game_id, str(seat))


def host_token(secret: str, game_id: str) -> str:
    """The token of the browser that created the game."""
    return _token(secret, game_id, HOST)


def cookie_name(game_id: str) -> str:
    """The cookie holding a browser's tokens for one game (its name over plain HTTP)."""
    return f"grognard_g{game_id}"


def held_games(request: Request) -> list[str]:
    """The games this browser's cookies hold tokens for (unchecked), under either name."""
    prefix = cookie_name("")
    found: list[str] = []
    for name in list(request.cookies)[:500]:
        bare = name.removeprefix(SECURE_PREFIX) if is_https(request) else name
        if bare.startswith(prefix) and bare[len(prefix) :] not in found:
            found.append(bare[len(prefix) :])
    return found


def _tokens(raw: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in raw.split(".")[:32]:
        who, _, token = part.partition("-")
        if who and token:
            out[who] = token
    return out


def held(request: Request, game_id: str) -> dict[str, str]:
    """The tokens this browser holds for the game, by seat number or "host" (unchecked)."""
    out = _tokens(request.cookies.get(cookie_name(game_id), ""))
    if is_https(request):
        out |= _tokens(request.cookies.get(SECURE_PREFIX + cookie_name(game_id), ""))
    return out


def seats_held(request: Request, secret: str, game_id: str, count: int) -> list[int]:
    """The seats this browser may play, each token checked."""
    tokens = held(request, game_id)
    return [s for s in range(count) if same(tokens.get(str(s), ""), seat_token(secret, game_id, s))]


def is_host(request: Request, secret: str, game_id: str) -> bool:
    """Whether this browser created the game."""
    return same(held(request, game_id).get(HOST, ""), host_token(secret, game_id))


def keep(request: Request, response: Response, game_id: str, tokens: dict[str, str]) -> None:
    """Add tokens to the browser's cookie for the game (HttpOnly, SameSite=Lax; Secure and `__Host-`
    named over HTTPS, where a plain-named one left from before is removed)."""
    merged = held(request, game_id) | tokens
    value = ".".join(f"{who}-{token}" for who, token in sorted(merged.items()))
    set_kept_cookie(request, response, cookie_name(game_id), value)
    if is_https(request) and cookie_name(game_id) in request.cookies:
        response.delete_cookie(cookie_name(game_id), path="/", httponly=True, samesite="lax")
