"""No content-supplied path is ever opened, and what is kept is kept private (issue 29).

Each finding repeated: a forged saved game whose carried HeroQuest quest names a board file of the server
(`/etc/passwd`, `/dev/zero`, a named pipe, a `../` path, a file holding a secret) is refused with one
clear message, the same whether the file exists or not, in bounded time, the file never opened; a deeply
nested JSON import or TOML upload is a 400; a refused upload leaves no file behind, whatever went wrong;
an upload is named by its hash (`upload:<hash>.<suffix>`), so no hidden input, game or export holds a path
of the server; `$GROGNARD_HOME` is 0700, the saved games and the web secret 0600 from the start. Through
the browser's routes (FastAPI's `TestClient`), the command line and plain calls.
"""

from __future__ import annotations

import html
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grognard.engine.embedded import embed, open_embedded
from grognard.engine.errors import ContentError, SaveError
from grognard.engine.store import savefile
from grognard.engine.store.factory import STORE_FILE, open_store
from grognard.systems.fighting_fantasy.books import BOOKS
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import quest_source
from grognard.web.app import create_app
from grognard.web.security import SESSION_COOKIE, form_token
from grognard.web.settings import Settings
from tests.cli.helpers import grognard

SECRET = "files-test-secret-" + "f" * 32
SESSION = "b" * 22
TOKEN = form_token(SECRET, SESSION)
HIDDEN = "hunter2-never-shown"
"""Text inside a file of the server that no answer may show."""

CELLAR = (
    '<?xml version="1.0"?><quest name="Goblin by the Stairs" region="Europe" version="1.0"'
    ' width="1" height="1">'
    '<board><object id="Stairway" left="11" top="8" rotation="downward"/>'
    '<object id="Goblin" left="15" top="10" rotation="downward"/></board>'
    "<speech>A goblin waits beside the stairs.</speech></quest>"
)

# -- files the code under test must not open ----------------------------------------------------------

_WATCHED: set[str] = set()
_OPENED: list[str] = []


def _full(name: str) -> str:
    return os.path.normpath(os.path.join(os.getcwd(), name))


def _audit(event: str, args: tuple[Any, ...]) -> None:
    """Refuse (and note) any open of a watched file: the test fails, and nothing hangs or grows."""
    if event != "open" or not _WATCHED or not args or isinstance(args[0], int):
        return
    try:
        name = _full(os.fsdecode(args[0]))
    except (TypeError, ValueError):
        return
    if name in _WATCHED:
        _OPENED.append(name)
        raise PermissionError(f"the test forbids opening {name}")


sys.addaudithook(_audit)


@pytest.fixture
def watched() -> Iterator[set[str]]:
    """Paths no open may reach while the test runs (checked at its end)."""
    _OPENED.clear()
    yield _WATCHED
    names = sorted(_WATCHED)
    _WATCHED.clear()
    assert not _OPENED, f"opened {_OPENED} (watched: {names})"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh GROGNARD_HOME, so no test reads or writes the real one."""
    where = tmp_path / "home"
    monkeypatch.setenv("GROGNARD_HOME", str(where))
    monkeypatch.delenv("GROGNARD_DATABASE_URL", raising=False)
    yield where


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A named pipe no one writes to (released at the end, should a reader be stuck on it)."""
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    yield path
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return
    os.close(fd)


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    """A file of the server holding TOML a board loader would quote back (`width` is a number)."""
    path = tmp_path / "private" / "notes.toml"
    path.parent.mkdir()
    path.write_text(f'width = "{HIDDEN}"\nheight = "{HIDDEN}"\n', encoding="utf-8")
    return path


def client() -> TestClient:
    """A browser on a fresh app, with its session cookie (500s come back as answers, not exceptions)."""
    app = create_app(Settings(secret=SECRET))
    made = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False, follow_redirects=False)
    made.cookies.set(SESSION_COOKIE, SESSION)
    return made


def post(c: TestClient, url: str, data: dict[str, str] | None = None, **kwargs: Any) -> Any:
    """POST a form with this browser's form token."""
    return c.post(url, data={"csrf": TOKEN} | (data or {}), **kwargs)


def upload(c: TestClient, url: str, name: str, data: bytes) -> Any:
    """POST a file upload with the form token."""
    return post(c, url, files={"file": (name, data, "application/octet-stream")})


def kept_files(home: Path) -> list[str]:
    """Every file of an upload kept in `$GROGNARD_HOME` (books and quests, half-written ones included)."""
    return sorted(str(p.relative_to(home)) for d in ("books", "quests") for p in (home / d).rglob("*"))


# -- a forged saved game naming a file of the server ------------------------------------------------


def forged_game(board: str) -> bytes:
    """A saved game carrying a HeroQuest quest (its hash right) whose board is `board`."""
    text = quest_source("the-goblin-cellar").read_text(encoding="utf-8")
    assert 'board = "standard"' in text
    forged = text.replace('board = "standard"', f"board = {json.dumps(board)}", 1)
    data = {
        "format": "grognard-saved-game",
        "version": 1,
        "system": "heroquest",
        "game": "quest",
        "options": {"quest": embed("/srv/grognard/quests/q.toml", forged.encode())},
        "seed": 1,
        "moves": [],
        "state": {},
    }
    return json.dumps(data).encode()


def _boards(tmp_path: Path, fifo: Path, secret_file: Path) -> dict[str, str]:
    """What a forged quest names as its board, by kind."""
    up = "../" * (len(Path.cwd().parts) + 2)
    return {
        "passwd": "/etc/passwd",
        "zero": "/dev/zero",
        "fifo": str(fifo),
        "secret": str(secret_file),
        "dotdot": up + str(secret_file).lstrip("/"),
        "beside": "notes.toml",
        "missing": str(tmp_path / "nothing-here.toml"),
    }


REFUSAL = "may only name the board shipped with grognard"


def _same_but_the_name(messages: dict[str, str], boards: dict[str, str]) -> None:
    """Every refusal reads the same once the board's own name is taken out: no answer tells whether the
    file exists, what it is or what it holds."""
    shapes = {kind: messages[kind].replace(repr(boards[kind][:100]), "BOARD") for kind in messages}
    assert len(set(shapes.values())) == 1, shapes


def test_a_forged_import_naming_a_board_file_is_one_clear_400(
    tmp_path: Path, fifo: Path, secret_file: Path, watched: set[str]
) -> None:
    boards = _boards(tmp_path, fifo, secret_file)
    watched.update(_full(b) for b in boards.values())
    watched.add(_full(str(secret_file.parent / "notes.toml")))
    c = client()
    messages: dict[str, str] = {}
    for kind, board in boards.items():
        start = time.monotonic()
        answer = upload(c, "/games/import", "forged.json", forged_game(board))
        assert time.monotonic() - start < 20, kind
        assert answer.status_code == 400, (kind, answer.text[-500:])
        found = re.search(r"forged\.json: [^<]*", answer.text)
        assert found is not None, answer.text[-500:]
        messages[kind] = html.unescape(found.group(0))
        assert REFUSAL in messages[kind], messages[kind]
        assert HIDDEN not in answer.text and "root:" not in answer.text
    _same_but_the_name(messages, boards)
    assert c.get("/games").status_code == 200  # the server still answers


def test_a_forged_saved_game_is_refused_by_a_plain_call(
    tmp_path: Path, fifo: Path, secret_file: Path, watched: set[str]
) -> None:
    boards = _boards(tmp_path, fifo, secret_file)
    watched.update(_full(b) for b in boards.values())
    messages: dict[str, str] = {}
    for kind, board in boards.items():
        with pytest.raises(SaveError) as refused:
            savefile.parse_saved(forged_game(board), "forged.json")
        messages[kind] = str(refused.value)
        assert "\n" not in messages[kind] and REFUSAL in messages[kind] and HIDDEN not in messages[kind]
    _same_but_the_name(messages, boards)


def test_a_carried_quest_names_only_the_standard_board(secret_file: Path, watched: set[str]) -> None:
    """The loader itself: carried content never reaches the file system for its board, whatever the
    name it gives it; the folder it was carried from is not looked in either."""
    watched.add(_full(str(secret_file)))
    text = quest_source("the-goblin-cellar").read_text(encoding="utf-8")
    for board in (str(secret_file), "notes.toml", "../notes.toml", "standard.toml"):
        forged = text.replace('board = "standard"', f"board = {json.dumps(board)}", 1)
        carried = embed(str(secret_file.parent / "q.toml"), forged.encode())
        with pytest.raises(ContentError, match=REFUSAL):
            load_quest(carried)
    assert load_quest(embed("q.toml", text.encode())).board.id == "standard"


def test_a_forged_import_on_the_command_line_exits_2_in_one_line(
    tmp_path: Path, secret_file: Path, watched: set[str]
) -> None:
    watched.add(_full(str(secret_file)))
    for board in ("/dev/zero", str(secret_file)):
        path = tmp_path / "forged.json"
        path.write_bytes(forged_game(board))
        ran = grognard("games", "import", str(path), home=tmp_path / "cli-home")
        assert ran.code == 2, ran.err
        lines = ran.err.strip().splitlines()
        assert len(lines) == 1 and REFUSAL in lines[0] and HIDDEN not in ran.err, ran.err
        assert "Traceback" not in ran.err


# -- parse errors and deep nesting --------------------------------------------------------------------

DEEP_JSON = b"[" * 100_000 + b"]" * 100_000
DEEPISH_JSON = json.dumps(
    {
        "format": "grognard-saved-game",
        "version": 1,
        "system": "fighting-fantasy",
        "game": "gamebook",
        "options": {"book": "sample"},
        "seed": 1,
        "moves": [],
        "state": json.loads("[" * 300 + "]" * 300),
    }
)
"""A saved game of the right shape whose state nests 300 deep (Python reads it; no game state does)."""
DEEP_TOML = b"title = " + b"[" * 5_000 + b"]" * 5_000 + b"\n"


@pytest.mark.parametrize("data", [DEEP_JSON, DEEPISH_JSON.encode(), b"\xff\xfe", b"{not json"])
def test_a_bad_saved_game_is_one_save_error(data: bytes) -> None:
    with pytest.raises(SaveError) as refused:
        savefile.parse_saved(data, "upload.json")
    assert str(refused.value).startswith("upload.json: not a grognard saved game")


def test_a_saved_game_over_the_limit_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(SaveError, match="over 10 bytes"):
        savefile.parse_saved(DEEP_JSON, "big.json", limit=10)


@pytest.mark.parametrize("data", [DEEP_JSON, DEEPISH_JSON.encode()])
def test_a_deeply_nested_json_import_is_a_400(data: bytes) -> None:
    """The import route reads the upload with `savefile.parse_json` (or `parse_saved`)."""
    answer = upload(client(), "/games/import", "deep.json", data)
    assert answer.status_code == 400, answer.text[-300:]
    assert "deep.json: not a grognard saved game" in answer.text and "nested" in answer.text


def test_a_deeply_nested_json_import_on_the_command_line_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP_JSON)
    ran = grognard("games", "import", str(path), home=tmp_path / "cli-home")
    assert ran.code == 2 and len(ran.err.strip().splitlines()) == 1, ran.err
    assert "nested too deeply" in ran.err


def test_a_deeply_nested_toml_book_is_a_400_and_kept_nowhere(home: Path) -> None:
    answer = upload(client(), "/books/fighting-fantasy", "deep.toml", DEEP_TOML)
    assert answer.status_code == 400, answer.text[-300:]
    assert "nested too deeply" in answer.text
    assert kept_files(home) == []


def test_a_deeply_nested_quest_upload_is_a_400_and_kept_nowhere(home: Path) -> None:
    deep = b'<?xml version="1.0"?><quest name="x" width="1" height="1"><board>'
    deep += b"<a>" * 50_000 + b"</a>" * 50_000 + b"</board></quest>"
    answer = upload(client(), "/quests", "deep.xml", deep)
    assert answer.status_code == 400, answer.text[-300:]
    assert kept_files(home) == []


# -- a refused upload leaves no file --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("broken.toml", (Path(__file__).parents[1] / "data" / "broken-book.toml").read_bytes()),
        ("latin.twee", b":: Start\nCaf\xe9\n"),
        ("book.toml", b"[book\n"),
        ("deep.toml", DEEP_TOML),
    ],
)
def test_a_refused_book_leaves_no_file(home: Path, name: str, data: bytes) -> None:
    answer = upload(client(), "/books/fighting-fantasy", name, data)
    assert answer.status_code == 400, answer.text[-300:]
    assert kept_files(home) == []


def test_a_book_upload_that_breaks_leaves_no_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> list[object]:
        raise RuntimeError("the checker broke")

    monkeypatch.setattr("grognard.web.routes.books.check_book", broken)
    answer = upload(client(), "/books/fighting-fantasy", "sample.toml", BOOKS.all()["sample"].read_bytes())
    assert answer.status_code == 500
    assert kept_files(home) == []


def test_a_refused_or_broken_quest_upload_leaves_no_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = client()
    answer = upload(c, "/quests", "book.xml", b'<?xml version="1.0"?><book title="not a quest"/>')
    assert answer.status_code == 400
    assert kept_files(home) == []

    def broken(*args: object) -> str:
        raise RuntimeError("the writer broke")

    with monkeypatch.context() as m:
        m.setattr("grognard.web.systems.heroquest_quests.quest_toml", broken)
        assert upload(c, "/quests", "goblin.xml", CELLAR.encode()).status_code == 500
    assert kept_files(home) == []

    from grognard.engine.files import write_private as real

    calls: list[Path] = []

    def second_fails(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, data)

    with monkeypatch.context() as m:
        m.setattr("grognard.web.content.write_private", second_fails)
        assert upload(c, "/quests", "goblin.xml", CELLAR.encode()).status_code == 500
    assert len(calls) == 2
    assert kept_files(home) == []


# -- uploads are named by hash, never by path -----------------------------------------------------------


def _no_server_path(text: str, home: Path) -> None:
    # The header's language choice carries the page's own address to come back to (`next`): an address
    # of this server, not a file's path.
    text = re.sub(r"<form[^>]*data-language-form>.*?</form>", "", text, flags=re.S)
    assert str(home) not in text and str(home.parent) not in text
    assert "/books/" not in text and "/quests/" not in text


def test_an_uploaded_book_is_carried_by_its_hash_and_named_by_it(home: Path) -> None:
    c = client()
    data = BOOKS.all()["sample"].read_bytes()
    made = upload(c, "/books/fighting-fantasy", "My Book.toml", data)
    assert made.status_code == 303, made.text[-300:]
    table = made.headers["location"]
    page = c.get(table)
    assert page.status_code == 200
    _no_server_path(page.text, home)
    export = c.get(f"{table}/export")
    assert export.status_code == 200, export.text[-300:]
    _no_server_path(export.text, home)
    carried = open_embedded(json.loads(export.text)["options"]["book"])
    assert re.fullmatch(r"[0-9a-f]{32}\.toml", carried.name) and carried.data == data
    kept = home / "books" / carried.name
    assert kept.read_bytes() == data
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700

    again = post(
        c,
        "/games",
        {"system": "fighting-fantasy", "game": "gamebook", "seat:0": "here"}
        | {"option:book": f"upload:{carried.name}"},
    )
    assert again.status_code == 303, again.text[-300:]
    for named in (str(kept), f"upload:../{carried.name}", "upload:" + "0" * 32 + ".toml", f"upload:{kept}"):
        form = {"system": "fighting-fantasy", "game": "gamebook", "option:book": named}
        refused = post(c, "/games", form)
        assert refused.status_code == 400, named
        _no_server_path(refused.text.replace(named, ""), home)


def test_an_uploaded_quest_is_named_by_its_hash_in_the_form_and_the_game(home: Path) -> None:
    c = client()
    made = upload(c, "/quests", "goblin.xml", CELLAR.encode())
    assert made.status_code == 303, made.text[-300:]
    digest = made.headers["location"].rsplit("/", 1)[1]
    page = c.get(made.headers["location"])
    assert page.status_code == 200
    _no_server_path(page.text, home)
    hidden = re.search(r'name="option:quest" value="([^"]*)"', page.text)
    assert hidden is not None and hidden.group(1) == f"upload:{digest}.toml"
    for kept in (home / "quests" / f"{digest}.toml", home / "quests" / f"{digest}.report"):
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600

    form = {
        "system": "heroquest",
        "game": "quest",
        "option:heroes": "wizard",
        "seat:0": "here",
        "seat:1": "bot",
    }
    started = post(c, "/games", form | {"option:quest": hidden.group(1)})
    assert started.status_code == 303, started.text[-300:]
    export = c.get(f"{started.headers['location']}/export")
    assert export.status_code == 200
    _no_server_path(export.text, home)
    assert "grognard-content sha256=" in export.text and "Goblin by the Stairs" in export.text
    for named in (
        str(home / "quests" / f"{digest}.toml"),
        f"upload:{digest}.report",
        f"upload:../quests/{digest}.toml",
        "/etc/passwd",
    ):
        refused = post(c, "/games", form | {"option:quest": named})
        assert refused.status_code == 400, named
        assert "root:" not in refused.text


def test_a_game_carries_a_files_base_name_not_its_folder(tmp_path: Path) -> None:
    from grognard.engine import registry
    from grognard.engine.session import Session

    book = tmp_path / "secret-folder" / "my-book.toml"
    book.parent.mkdir()
    book.write_bytes(BOOKS.all()["sample"].read_bytes())
    game = registry.get_game("fighting-fantasy", "gamebook")
    session = Session.new("fighting-fantasy", game, {"book": str(book), "hero": "10/20/9"}, 3)
    carried = str(session.options["book"])
    assert open_embedded(carried).name == "my-book.toml"
    assert "secret-folder" not in json.dumps(savefile.to_data(savefile.from_session(session)))


# -- the store and the secret are their owner's only ---------------------------------------------------


@pytest.fixture
def open_umask(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Files made as if the user's umask let everyone read them, and no narrowing after the fact: what
    is private must be created private."""
    monkeypatch.setattr(os, "chmod", lambda *args, **kwargs: None)
    monkeypatch.setattr(Path, "chmod", lambda *args, **kwargs: None)
    before = os.umask(0)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_store_is_created_private(home: Path, open_umask: None) -> None:
    with open_store() as store:
        assert store.summaries() == []
        assert _mode(home) == 0o700
        for name in (STORE_FILE, f"{STORE_FILE}-wal", f"{STORE_FILE}-shm"):
            if (home / name).exists():
                assert _mode(home / name) == 0o600, name
        assert _mode(home / STORE_FILE) == 0o600


def test_an_older_store_readable_by_others_is_narrowed(home: Path) -> None:
    with open_store():
        pass
    (home / STORE_FILE).chmod(0o644)
    with open_store():
        assert _mode(home / STORE_FILE) == 0o600


def test_the_web_secret_is_created_private(
    home: Path, open_umask: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GROGNARD_SECRET", raising=False)
    made = Settings.from_environment()
    path = home / "web-secret"
    assert _mode(path) == 0o600 and _mode(home) == 0o700
    assert path.read_text(encoding="ascii") == made.secret and len(made.secret) >= 32
    assert Settings.from_environment().secret == made.secret  # kept, read back


def test_a_web_secret_that_is_not_a_file_is_replaced_unread(
    home: Path, monkeypatch: pytest.MonkeyPatch, watched: set[str]
) -> None:
    monkeypatch.delenv("GROGNARD_SECRET", raising=False)
    watched.add("/dev/zero")
    home.mkdir()
    (home / "web-secret").symlink_to("/dev/zero")
    made = Settings.from_environment()  # not a regular file: replaced by a new secret, never read
    assert (home / "web-secret").is_file() and not (home / "web-secret").is_symlink()
    assert len(made.secret) == 64
