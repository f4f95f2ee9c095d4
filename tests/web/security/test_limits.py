"""The limits `grognard serve` sets by default (issue 29): a too-large body refused before it is written
anywhere, deadlines for a request's headers and body (half-sent requests do not pile up), a cap on open
connections, and a cap on each browser's live streams. Each test names what the server did before."""

from __future__ import annotations

import socket
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
import starlette.formparsers
from fastapi.testclient import TestClient

from grognard.web.app import create_app
from grognard.web.limits import MAX_BODY
from grognard.web.live import STREAMS
from grognard.web.settings import UPLOAD_LIMIT, Settings
from tests.live_server import serving
from tests.web.security.test_deadlines import SECRET, TOKEN, LimitedServer, wait_for

FIVE_MB = 5_000_000


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LimitedServer]:
    """The server for the module, limited as `grognard serve` is, with its own GROGNARD_HOME."""
    with serving(LimitedServer, tmp_path_factory.mktemp("limits-home")) as server:
        yield server


@pytest.fixture
def written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Where an upload could be written, watched: the temporary folder (its own for the test), the
    saved-games home, and every spooled upload that moved from memory to a file."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    home = tmp_path / "home"
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    monkeypatch.setenv("GROGNARD_HOME", str(home))
    rolled: list[object] = []

    class Watched(tempfile.SpooledTemporaryFile):  # type: ignore[type-arg]
        def rollover(self) -> None:
            rolled.append(self)
            super().rollover()

    monkeypatch.setattr(starlette.formparsers, "SpooledTemporaryFile", Watched)
    yield {"temp": temp, "home": home, "rolled": rolled}


def files_under(folder: Path) -> list[Path]:
    """Every file under `folder` (none when it does not exist)."""
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def browser() -> tuple[TestClient, str]:
    """A browser on a fresh app, and its form token."""
    client = TestClient(create_app(Settings(secret=SECRET)), base_url="http://127.0.0.1")
    found = TOKEN.search(client.get("/").text)
    assert found is not None
    return client, found.group(1)


def test_a_5_mb_book_is_refused_413_and_written_nowhere(written: dict[str, Any]) -> None:
    """Before: the multipart body was written in full to a temporary file, then refused as 400."""
    client, token = browser()
    answer = client.post(
        "/books/fighting-fantasy",
        data={"csrf": token},
        files={"file": ("big.toml", b"#" * FIVE_MB, "application/toml")},
    )
    assert answer.status_code == 413
    assert f"may be at most {UPLOAD_LIMIT // 1000} KB" in answer.text
    assert written["rolled"] == []
    assert files_under(written["temp"]) == []
    assert files_under(written["home"] / "books") == []


def test_a_5_mb_book_sent_without_its_length_is_cut_off_at_the_cap(written: dict[str, Any]) -> None:
    """Chunked, with no Content-Length to refuse it by: the bytes are counted, and the parser never
    holds more than the cap (below the size at which it would write a file)."""
    client, token = browser()
    boundary = "grognardboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.toml"\r\n'
        "Content-Type: application/toml\r\n\r\n"
    ).encode()

    def chunks() -> Iterator[bytes]:
        yield head
        for _ in range(FIVE_MB // 100_000):
            yield b"#" * 100_000
        yield f"\r\n--{boundary}--\r\n".encode()

    answer = client.post(
        "/books/fighting-fantasy",
        content=chunks(),
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert answer.status_code == 413
    assert written["rolled"] == []
    assert files_under(written["temp"]) == []
    assert files_under(written["home"] / "books") == []


def test_an_upload_at_the_limit_still_reaches_the_page(written: dict[str, Any]) -> None:
    client, token = browser()
    answer = client.post(
        "/books/fighting-fantasy",
        data={"csrf": token},
        files={"file": ("big.toml", b"#" * UPLOAD_LIMIT, "application/toml")},
    )
    assert answer.status_code == 400  # the book's own problems, found by the page
    assert "may be at most" not in answer.text
    assert written["rolled"] == []
    assert starlette.formparsers.MultiPartParser.spool_max_size >= MAX_BODY


def connect(served: LimitedServer) -> socket.socket:
    """A raw connection to the server, reads timing out after 15 s."""
    made = socket.create_connection(("127.0.0.1", served.port))
    made.settimeout(15)
    return made


def closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes `conn` within `seconds` (whatever it says first)."""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if not conn.recv(65536):
                return True
    except (ConnectionResetError, TimeoutError):
        return False
    return False


def test_a_declared_5_mb_body_is_refused_before_it_is_sent(served: LimitedServer) -> None:
    """Before: the server waited for the whole body (and wrote it to disk) before refusing it."""
    with connect(served) as conn:
        conn.sendall(
            f"POST /books/fighting-fantasy HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            "Content-Type: multipart/form-data; boundary=x\r\n"
            f"Content-Length: {FIVE_MB}\r\n\r\n".encode()
        )
        answer = conn.recv(65536).decode("latin-1")
        assert answer.startswith("HTTP/1.1 413"), answer[:200]
        assert closed_within(conn, 10)


def test_half_sent_headers_are_cut_off(served: LimitedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a connection that never finished its headers stayed open for ever (1,100 of them used up
    the server's file handles)."""
    monkeypatch.setenv("GROGNARD_HEADER_SECONDS", "1")
    with connect(served) as silent, connect(served) as slow:
        slow.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n".encode())
        assert closed_within(slow, 10)
        assert closed_within(silent, 10)


def test_a_body_sent_too_slowly_is_cut_off(served: LimitedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a body that never came held its request (and a thread of the pool) for ever."""
    monkeypatch.setenv("GROGNARD_BODY_SECONDS", "1")
    with connect(served) as conn:
        conn.sendall(
            f"POST /tools/roll HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncsrf=".encode()
        )
        assert closed_within(conn, 10)


def test_a_connection_kept_alive_serves_requests_as_before(served: LimitedServer) -> None:
    with httpx.Client(base_url=served.url) as client:
        for _ in range(3):
            assert client.get("/").status_code == 200
            time.sleep(0.2)


def test_connections_past_the_cap_are_closed_at_once(
    served: LimitedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: every connection was kept, until the file handles ran out."""
    monkeypatch.setenv("GROGNARD_MAX_CONNECTIONS", "4")
    with ExitStack() as stack:
        held = [stack.enter_context(connect(served)) for _ in range(4)]
        time.sleep(0.3)
        one_more = stack.enter_context(connect(served))
        assert closed_within(one_more, 5)
        held[0].close()
        time.sleep(0.3)
        monkeypatch.setenv("GROGNARD_MAX_CONNECTIONS", "500")
    with httpx.Client(base_url=served.url) as client:
        assert client.get("/").status_code == 200


def new_table(client: httpx.Client) -> str:
    """A table of the sample gamebook with this browser's seat; its address."""
    found = TOKEN.search(client.get("/").text)
    assert found is not None
    form = {"csrf": found.group(1), "system": "fighting-fantasy", "game": "gamebook"}
    form |= {"option:book": "sample", "seat:0": "here"}
    made = client.post("/games", data=form, follow_redirects=False)
    assert made.status_code == 303, made.text[-300:]
    return str(made.headers["location"]).rsplit("/", 1)[-1]


def open_stream(stack: ExitStack, client: httpx.Client, key: str) -> httpx.Response:
    """Open the table's live stream (kept open until `stack` closes); its answer."""
    answer = stack.enter_context(client.stream("GET", f"/games/{key}/events"))
    if answer.status_code == 200:
        lines = answer.iter_lines()
        assert next(lines) == ": live"
        stack.callback(lambda: lines)  # kept until then: a line iterator dropped would close the stream
    return answer


def test_too_many_live_streams_from_one_browser_are_refused(
    served: LimitedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: one browser (or one address) could hold any number of streams open: 4,000 idle ones took
    a core and the file handles."""
    monkeypatch.setenv("GROGNARD_STREAMS_PER_SESSION", "2")
    monkeypatch.setenv("GROGNARD_STREAMS_PER_ADDRESS", "3")
    with ExitStack() as stack:
        first = stack.enter_context(httpx.Client(base_url=served.url, timeout=20))
        other = stack.enter_context(httpx.Client(base_url=served.url, timeout=20))
        third = stack.enter_context(httpx.Client(base_url=served.url, timeout=20))
        key = new_table(first)
        for client in (other, third):
            client.get("/")
        with ExitStack() as streams:
            assert [open_stream(streams, first, key).status_code for _ in range(2)] == [200, 200]
            refused = open_stream(streams, first, key)
            assert refused.status_code == 429
            assert "already follows 2 live tables" in refused.read().decode()
            assert open_stream(streams, other, key).status_code == 200  # another browser
            assert open_stream(streams, third, key).status_code == 429  # but the same address, a 4th
        assert wait_for(lambda: STREAMS.open_now == 0, 10)  # closed streams are counted out
        with ExitStack() as streams:
            assert open_stream(streams, first, key).status_code == 200
