"""What every request must be and every answer carries, whatever its route: `add_hardening(app, settings)`.

- The `Host` header must be a name the server was given (the loopback names, `serve --host`, each
  `--allow-host` / `GROGNARD_ALLOWED_HOSTS`) or an address written in digits: a page of another site
  whose name was pointed at this machine (DNS rebinding) is refused, and the invitation links, built from
  the request's address, only ever name a trusted host.
- A POST (any method that changes something) is refused when the browser says it came from another site
  (`Sec-Fetch-Site: cross-site` or `same-site`) or names an `Origin` other than the request's own scheme
  and host. Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with its forms (the Fetch
  standard): that is taken as this origin only together with `Sec-Fetch-Site: same-origin`, which no page
  can forge. A request with neither header is not a browser's; the form token still guards it.
- A request carrying two cookies of one grognard name (a sibling subdomain can plant a second one) is
  refused, instead of silently reading one of them.
- Every answer carries a Content-Security-Policy that runs only the server's own scripts and styles,
  forbids framing, `nosniff`, `Referrer-Policy: no-referrer`, and, over HTTPS, HSTS.
- Behind a reverse proxy, its `X-Forwarded-Proto` is believed only from the addresses in
  `FORWARDED_ALLOW_IPS` (uvicorn's variable, 127.0.0.1 unless set): HTTPS then makes every cookie
  `Secure` and `__Host-` named (`security.set_kept_cookie`).
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from grognard import __version__
from grognard.web.pages import TEMPLATES
from grognard.web.seats import cookie_name
from grognard.web.security import SECURE_PREFIX, SESSION_COOKIE
from grognard.web.settings import Settings

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
"""The names of this machine, answered to on any port."""
ANY_ADDRESS = ("0.0.0.0", "::", "[::]", "")
"""`--host` values that listen everywhere and so name no host."""
PROXY_VAR = "FORWARDED_ALLOW_IPS"
"""The environment variable listing the proxies whose `X-Forwarded-Proto` is believed (as uvicorn's)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing, and so are not checked for their origin."""
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
"""The pages' Content-Security-Policy: the server's own files only, no inline script or style."""
HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}
"""The headers every answer carries."""
HSTS = "max-age=31536000"
"""`Strict-Transport-Security` over HTTPS: a year, this host only (a club's other sites are its own)."""

_HOST = re.compile(r"(?P<host>[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?")
_DEFAULT_PORTS = {"http": ":80", "https": ":443"}


def trusted_names(settings: Settings) -> list[str]:
    """The host names the server answers to: the loopback names, `settings.host` when it names one
    (not 0.0.0.0 or ::), and `settings.allowed_hosts` (`*.example.org` covers its subdomains)."""
    names = list(LOOPBACK_NAMES)
    host = settings.host.strip().lower()
    if host not in ANY_ADDRESS:
        names.append(f"[{host}]" if ":" in host and not host.startswith("[") else host)
    for given in settings.allowed_hosts:
        wildcard = given.strip().startswith("*.")
        name = host_name(given.strip().removeprefix("*."))
        if name is None:
            raise ValueError(
                f"{given!r} is not a host name to answer to: give one such as games.example.org "
                "(or *.example.org for its subdomains)"
            )
        names.append("*." + name if wildcard else name)
    return list(dict.fromkeys(names))


def host_name(header: str) -> str | None:
    """The host a `Host` header names, lower case and without its port; None when it is no host."""
    found = _HOST.fullmatch(header.strip().lower())
    return found["host"] if found else None


def is_address(host: str) -> bool:
    """Whether a host is an IP address written in digits (IPv6 in brackets), which no DNS name stands for."""
    if host.startswith("["):
        host = host[1:-1]
    elif ":" in host:
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def refusal(scope: Scope, status: int, message: str) -> Response:
    """The error page for a request refused before any route saw it."""
    request = Request(scope)
    htmx = request.headers.get("hx-request") == "true"
    template = "fragments/error.html" if htmx else "error.html"
    context = {"message": message, "code": status, "csrf": "", "version": __version__}
    return TEMPLATES.TemplateResponse(request, template, context, status_code=status)


class HostCheck(TrustedHostMiddleware):
    """Starlette's `TrustedHostMiddleware`, also answering to any address written in digits, and refusing
    with a page that says what to do."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str]) -> None:
        super().__init__(app, allowed_hosts=allowed_hosts, www_redirect=False)

    def trusts(self, header: str) -> bool:
        """Whether a `Host` header names this server."""
        host = host_name(header)
        if host is None:
            return False
        if is_address(host) or host in self.allowed_hosts:
            return True
        return any(p.startswith("*.") and host.endswith(p[1:]) for p in self.allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request with a trusted `Host` on; answer any other with 400."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = Headers(scope=scope).get("host", "")
        if self.trusts(header):
            await self.app(scope, receive, send)
            return
        message = (
            f"this server does not answer to the name {header[:100]!r}: open it by a name it was given "
            "(localhost, or one given to `grognard serve --allow-host`)"
        )
        await refusal(scope, 400, message)(scope, receive, send)


def own_origin(scope: Scope) -> str:
    """The origin (scheme://host[:port]) a request was sent to, without the scheme's default port."""
    scheme = str(scope.get("scheme", "http"))
    host = Headers(scope=scope).get("host", "").strip().lower()
    return f"{scheme}://{host.removesuffix(_DEFAULT_PORTS.get(scheme, '#'))}"


def same_origin(origin: str, scope: Scope) -> bool:
    """Whether an `Origin` header names the origin the request was sent to."""
    origin = origin.strip().lower()
    scheme = urlsplit(origin).scheme
    return origin.removesuffix(_DEFAULT_PORTS.get(scheme, "#")) == own_origin(scope)


def is_grognard_cookie(name: str) -> bool:
    """Whether a cookie name is one of grognard's (the session, or a game's tokens), under either name."""
    bare = name.removeprefix(SECURE_PREFIX)
    return bare == SESSION_COOKIE or bare.startswith(cookie_name(""))


def doubled_cookie(scope: Scope) -> str | None:
    """A grognard cookie name the request carries twice, if any."""
    seen: set[str] = set()
    for header in Headers(scope=scope).getlist("cookie"):
        for part in header.split(";"):
            name = part.partition("=")[0].strip()
            if not is_grognard_cookie(name):
                continue
            if name in seen:
                return name
            seen.add(name)
    return None


class RequestCheck:
    """Refuse a request with a doubled grognard cookie (400), and a POST from another site (403)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check an HTTP request, then pass it on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refused(scope)
        if refused is None:
            await self.app(scope, receive, send)
        else:
            await refusal(scope, *refused)(scope, receive, send)

    @staticmethod
    def refused(scope: Scope) -> tuple[int, str] | None:
        """Why a request is refused (its status and message), or None."""
        method = str(scope.get("method", "GET")).upper()
        path = str(scope.get("path", ""))
        doubled = doubled_cookie(scope)
        if doubled is not None and not (method in SAFE_METHODS and path.startswith("/static/")):
            return 400, (
                f"this browser sent two cookies named {doubled} (another site under the same domain may "
                "have set one): clear this site's cookies in the browser, then open the page again"
            )
        if method in SAFE_METHODS:
            return None
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        site = headers.get("sec-fetch-site")
        if origin == "null" and site == "same-origin":
            origin = None  # what a browser sends for its own page's form under Referrer-Policy: no-referrer
        if site in ("cross-site", "same-site") or (origin is not None and not same_origin(origin, scope)):
            return 403, (
                "this form was sent from another site "
                f"({(origin or 'a cross-site page')[:100]}), not from {own_origin(scope)}: "
                "open grognard's own page and send it from there"
            )
        return None


class SecurityHeaders:
    """Add `HEADERS` to every answer, and HSTS to those sent over HTTPS."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, adding the headers to its answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers[name] = value
                if scope.get("scheme") == "https":
                    headers["strict-transport-security"] = HSTS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def add_hardening(app: FastAPI, settings: Settings) -> None:
    """Wrap the app in the checks and headers above (the proxy's scheme first, then the headers, the host
    and the request checks)."""
    app.add_middleware(RequestCheck)
    app.add_middleware(HostCheck, allowed_hosts=trusted_names(settings))
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=os.environ.get(PROXY_VAR, "127.0.0.1"))
