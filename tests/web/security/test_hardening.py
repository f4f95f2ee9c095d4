"""The hardening every request and answer gets (issue 29): a foreign `Host` (DNS rebinding) refused, a
POST from another origin refused, the security headers on every answer, `Secure` / `__Host-` cookies
and HSTS only behind a trusted HTTPS proxy, and a doubled session cookie refused. Each refusal is paired
with the same request made right, which goes through."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import Response
from fastapi.testclient import TestClient
from starlette.requests import Request

from grognard.web.app import create_app
from grognard.web.hardening import CONTENT_SECURITY_POLICY, HSTS
from grognard.web.seats import held, held_games, keep
from grognard.web.security import SESSION_COOKIE, form_token
from grognard.web.settings import ALLOWED_HOSTS_VAR, Settings

SECRET = "hardening-test-secret-" + "h" * 32
SESSION = "a" * 22
TOKEN = form_token(SECRET, SESSION)
BASE = "http://localhost"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh GROGNARD_HOME, so no test reads or writes the real one."""
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path))
    yield tmp_path


def client(
    base_url: str = BASE, peer: str = "testclient", allowed: tuple[str, ...] = (), host: str = "127.0.0.1"
) -> TestClient:
    """A client of a fresh app, connecting from address `peer`."""
    app = create_app(Settings(host=host, secret=SECRET, allowed_hosts=allowed))
    return TestClient(app, base_url=base_url, client=(peer, 50000), follow_redirects=False)


def roll(c: TestClient, headers: dict[str, str] | None = None, cookie: str = SESSION_COOKIE) -> int:
    """POST the dice calculator with a valid form token; the answer's status."""
    c.cookies.set(cookie, SESSION)
    answer = c.post("/tools/roll", data={"expression": "3d6", "csrf": TOKEN}, headers=headers or {})
    return answer.status_code


# -- Host --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8123", "[::1]:8000", "LOCALHOST", "192.168.1.20:8000"]
)
def test_loopback_names_and_addresses_in_digits_are_answered(host: str) -> None:
    assert client().get("/", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    "host", ["attacker.example", "attacker.example:8000", "localhost.attacker.example", "evil@127.0.0.1", ""]
)
def test_a_foreign_host_is_refused_with_a_page_that_says_why(host: str) -> None:
    answer = client().get("/", headers={"host": host})
    assert answer.status_code == 400
    assert "does not answer to the name" in answer.text
    assert "--allow-host" in answer.text
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "set-cookie" not in answer.headers


def test_names_given_to_serve_are_answered_and_no_others() -> None:
    c = client(allowed=("games.example.org", "*.club.example"), host="box.lan")
    for host in ("games.example.org", "games.example.org:443", "red.club.example", "box.lan:8000"):
        assert c.get("/", headers={"host": host}).status_code == 200, host
    for host in ("example.org", "club.example", "evilclub.example", "games.example.org.evil"):
        assert c.get("/", headers={"host": host}).status_code == 400, host


def test_listening_everywhere_names_no_host() -> None:
    c = client(host="0.0.0.0")
    assert c.get("/", headers={"host": "0.0.0.0:8000"}).status_code == 200  # an address in digits
    assert c.get("/", headers={"host": "rebound.example:8000"}).status_code == 400


def test_the_allowed_hosts_come_from_the_environment_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROGNARD_SECRET", SECRET)
    monkeypatch.setenv(ALLOWED_HOSTS_VAR, "games.example.org, tables.example.org")
    settings = Settings.from_environment("127.0.0.1", 8000, ("third.example.org",))
    assert settings.allowed_hosts == ("games.example.org", "tables.example.org", "third.example.org")
    c = TestClient(create_app(settings), base_url="http://tables.example.org")
    assert c.get("/").status_code == 200


def test_a_wildcard_for_every_host_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="not a host name"):
        create_app(Settings(secret=SECRET, allowed_hosts=("*",)))


# -- Origin ------------------------------------------------------------------------------------------


def test_a_post_with_a_forged_origin_is_refused_and_the_same_post_from_the_page_goes_through() -> None:
    c = client()
    answer = c.post(
        "/tools/roll",
        data={"expression": "3d6", "csrf": TOKEN},
        headers={"origin": "http://attacker.example", "cookie": f"{SESSION_COOKIE}={SESSION}"},
    )
    assert answer.status_code == 403
    assert "sent from another site" in answer.text
    assert roll(client(), {"origin": "http://localhost"}) == 200
    assert roll(client(), {"origin": "http://localhost:80"}) == 200  # the default port, written out
    assert roll(client(), {}) == 200  # no Origin: not a browser, and the form token still holds


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "null"},
        {"origin": "https://localhost"},  # another scheme is another origin
        {"origin": "http://localhost:8001"},
        {"origin": "http://sub.localhost"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "cross-site", "origin": "http://localhost"},
        {"sec-fetch-site": "same-site"},  # a sibling subdomain's page
        {"sec-fetch-site": "same-site", "origin": "null"},
        {"sec-fetch-site": "cross-site", "origin": "null"},  # a sandboxed frame of another site
    ],
)
def test_a_post_from_any_other_origin_is_refused(headers: dict[str, str]) -> None:
    assert roll(client(), headers) == 403


def test_a_same_origin_browser_post_goes_through() -> None:
    assert roll(client(), {"origin": "http://localhost", "sec-fetch-site": "same-origin"}) == 200
    # Under Referrer-Policy: no-referrer a browser's own form says `Origin: null`, and its fetch metadata
    # (which no page can forge) says where it came from.
    assert roll(client(), {"origin": "null", "sec-fetch-site": "same-origin"}) == 200


# -- headers -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/", 200),
        ("/tools/roll", 200),
        ("/no/such/page", 404),
        ("/tools/nothing-here", 404),
        ("/static/grognard.css", 200),
        ("/static/grognard.js", 200),
        ("/static/vendor/htmx-2.0.11.min.js", 200),
        ("/favicon.ico", 308),
    ],
)
def test_every_answer_carries_the_security_headers(path: str, status: int) -> None:
    answer = client().get(path)
    assert answer.status_code == status
    csp = answer.headers["content-security-policy"]
    assert csp == CONTENT_SECURITY_POLICY
    for part in ("default-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"):
        assert part in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-frame-options"] == "DENY"
    assert "strict-transport-security" not in answer.headers  # plain HTTP


def test_refusals_carry_the_headers_too() -> None:
    forged = client().post("/tools/roll", data={"expression": "1d6"}, headers={"origin": "http://x.example"})
    no_token = client().post("/tools/roll", data={"expression": "1d6"})
    for answer in (forged, no_token):
        assert answer.status_code == 403
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


# -- HTTPS behind a proxy ----------------------------------------------------------------------------


def test_behind_a_trusted_https_proxy_cookies_are_secure_host_prefixed_and_hsts_is_sent() -> None:
    c = client(peer="127.0.0.1")
    answer = c.get("/", headers={"x-forwarded-proto": "https"})
    assert answer.status_code == 200
    assert answer.headers["strict-transport-security"] == HSTS
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"__Host-{SESSION_COOKIE}=")
    assert "Secure" in cookie and "HttpOnly" in cookie and "Path=/" in cookie
    assert "domain" not in cookie.lower() and "samesite=lax" in cookie.lower()


def test_the_forwarded_scheme_of_an_untrusted_peer_is_ignored() -> None:
    answer = client(peer="203.0.113.9").get("/", headers={"x-forwarded-proto": "https"})
    assert "strict-transport-security" not in answer.headers
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "secure" not in cookie.lower()


def test_plain_http_has_plain_cookies_and_no_hsts() -> None:
    answer = client(peer="127.0.0.1").get("/")
    assert "strict-transport-security" not in answer.headers
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=") and "secure" not in cookie.lower()


def test_over_https_only_the_host_prefixed_session_carries_the_form_token() -> None:
    proxied = {"x-forwarded-proto": "https", "origin": "https://localhost"}
    assert roll(client(peer="127.0.0.1"), proxied, cookie=f"__Host-{SESSION_COOKIE}") == 200
    # A plain-named session cookie (which a sibling subdomain can plant) is not this browser's session there.
    assert roll(client(peer="127.0.0.1"), proxied, cookie=SESSION_COOKIE) == 403


def _request(scheme: str, cookie: str) -> Request:
    return Request(
        {
            "type": "http",
            "method": "GET",
            "scheme": scheme,
            "path": "/",
            "query_string": b"",
            "headers": [(b"host", b"games.example.org"), (b"cookie", cookie.encode())],
        }
    )


def test_seat_cookies_are_host_prefixed_over_https_and_the_plain_name_is_carried_over() -> None:
    request = _request("https", "grognard_g7-ab=0-old.host-h1")
    assert held(request, "7-ab") == {"0": "old", "host": "h1"}
    assert held_games(request) == ["7-ab"]
    response = Response()
    keep(request, response, "7-ab", {"1": "new"})
    cookies = response.headers.getlist("set-cookie")
    kept = next(c for c in cookies if c.startswith("__Host-grognard_g7-ab="))
    assert "0-old.1-new.host-h1" in kept and "Secure" in kept and "HttpOnly" in kept and "Path=/" in kept
    assert any(c.startswith("grognard_g7-ab=") and "Max-Age=0" in c for c in cookies)  # the old one removed
    both = _request("https", "grognard_g7-ab=0-planted; __Host-grognard_g7-ab=0-mine")
    assert held(both, "7-ab") == {"0": "mine"}


def test_seat_cookies_over_plain_http_are_as_before() -> None:
    request = _request("http", "__Host-grognard_g7-ab=0-x; grognard_g7-ab=0-y")
    assert held(request, "7-ab") == {"0": "y"}
    assert held_games(request) == ["7-ab"]
    response = Response()
    keep(request, response, "7-ab", {"1": "z"})
    (cookie,) = response.headers.getlist("set-cookie")
    assert cookie.startswith("grognard_g7-ab=0-y.1-z;") and "secure" not in cookie.lower()


# -- doubled cookies ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cookie",
    [
        f"{SESSION_COOKIE}={SESSION}; {SESSION_COOKIE}={'b' * 22}",
        f"__Host-{SESSION_COOKIE}={SESSION}; other=1; __Host-{SESSION_COOKIE}={'b' * 22}",
        "grognard_g7-ab=0-x; grognard_g7-ab=0-y",
    ],
)
def test_a_doubled_grognard_cookie_is_refused(cookie: str) -> None:
    c = client()
    answer = c.get("/", headers={"cookie": cookie})
    assert answer.status_code == 400
    assert "two cookies named" in answer.text
    posted = c.post("/tools/roll", data={"expression": "1d6", "csrf": TOKEN}, headers={"cookie": cookie})
    assert posted.status_code == 400
    assert c.get("/static/grognard.css", headers={"cookie": cookie}).status_code == 200  # the page's style


def test_one_of_each_cookie_is_not_a_double() -> None:
    cookie = (
        f"{SESSION_COOKIE}={SESSION}; __Host-{SESSION_COOKIE}={SESSION}; grognard_g1-a=0-x; grognard_g2-b=0-y"
    )
    assert client().get("/", headers={"cookie": cookie}).status_code == 200
    assert roll(client(), {"cookie": f"{SESSION_COOKIE}={SESSION}; theme=dark; theme=light"}) == 200
