"""Saved-game files: export and import round trip, and every kind of bad file refused cleanly."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grognard.engine.errors import SaveError
from grognard.engine.store import savefile
from grognard.engine.store.factory import SqliteStore, open_store
from tests.toys import played_duel


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    with open_store(tmp_path / "home") as s:
        yield s


@pytest.fixture
def exported(store: SqliteStore, tmp_path: Path) -> dict[str, Any]:
    """The JSON data of an exported game in the middle of play (with rerolls used)."""
    gid = store.create(played_duel(17, 3, hp=3, rerolls=2), title="mid-game")
    path = tmp_path / "game.json"
    savefile.export_file(store, gid, path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_export_then_import_gives_an_identical_game(store: SqliteStore, tmp_path: Path) -> None:
    for session in (played_duel(5, 2), played_duel(6)):
        gid = store.create(session, title=f"seed {session.seed}")
        path = tmp_path / f"{gid}.json"
        written = savefile.export_file(store, gid, path)
        new_id = savefile.import_file(store, path)
        assert new_id != gid
        assert store.export_game(new_id) == store.export_game(gid) == written
        loaded = store.load(new_id, verify=True)
        assert loaded.moves == session.moves
        assert loaded.current == session.current


def test_the_file_says_what_it_is(exported: dict[str, Any]) -> None:
    assert exported["format"] == savefile.FORMAT
    assert exported["version"] == savefile.FORMAT_VERSION
    assert (exported["system"], exported["game"], exported["seed"]) == ("toy", "duel", 17)
    assert exported["options"] == {"hp": 3, "rerolls": 2}
    chance = [m for m in exported["moves"] if m["player"] is None]
    assert chance and all(m["rolls"][0]["dice"][0]["value"] == m["move"] for m in chance)


def test_the_dice_check_accepts_an_honest_game(exported: dict[str, Any]) -> None:
    saved = savefile.load_checked(exported, "honest.json", dice=True)
    assert len(saved.moves) == len(exported["moves"])


def test_the_dice_check_catches_dice_the_seed_did_not_throw(exported: dict[str, Any]) -> None:
    data = copy.deepcopy(exported)
    chance = next(m for m in data["moves"] if m["player"] is None)
    chance["rolls"][0]["expression"] = "2d6"
    savefile.load_checked(data, "edited.json", dice=False)
    with pytest.raises(SaveError, match="the seed throws"):
        savefile.load_checked(data, "edited.json")


def test_status_may_be_left_out(store: SqliteStore, tmp_path: Path) -> None:
    gid = store.create(played_duel(6))
    data = savefile.to_data(store.export_game(gid))
    del data["status"]
    path = tmp_path / "no-status.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    new_id = savefile.import_file(store, path)
    assert store.summary(new_id).status == "over"


def test_a_state_in_an_older_form_of_the_game_s_format_imports(store: SqliteStore, tmp_path: Path) -> None:
    """A `state` the game still reads to the replay's state imports even when its JSON differs (here a
    field added later with a default is left out, as an older version wrote it); a `state` that reads
    to another position is refused (docs/formats/saved-game.md, "Versions")."""
    gid = store.create(played_duel(17, 8, hp=3, rerolls=2))
    data = savefile.to_data(store.export_game(gid))
    assert data["state"]["mine"] == 0
    del data["state"]["mine"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(data), encoding="utf-8")
    new_id = savefile.import_file(store, older)
    assert store.load(new_id).current == store.load(gid).current
    data["state"]["rerolls"] += 1
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="does not match replaying"):
        savefile.import_file(store, other)


def _first(moves: list[dict[str, Any]], player: int | None) -> dict[str, Any]:
    return next(m for m in moves if m["player"] == player)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        del data[key]

    return edit


def _illegal_action(data: dict[str, Any]) -> None:
    _first(data["moves"], 0)["move"] = "dance"


def _impossible_die(data: dict[str, Any]) -> None:
    _first(data["moves"], None)["move"] = 7


def _string_die(data: dict[str, Any]) -> None:
    move = _first(data["moves"], None)
    move["move"] = str(move["move"])


def _wrong_player(data: dict[str, Any]) -> None:
    _first(data["moves"], 0)["player"] = 1


def _extra_move(data: dict[str, Any]) -> None:
    last = data["moves"][-1]
    data["moves"].append({"move": "keep" if last["player"] is None else 3, "player": None, "rolls": []})


def _lost_move(data: dict[str, Any]) -> None:
    del data["moves"][-1]


def _snapshot(data: dict[str, Any]) -> None:
    data["state"]["hp"][0] += 1


def _bad_rolls(data: dict[str, Any]) -> None:
    _first(data["moves"], None)["rolls"][0]["total"] = "six"


CORRUPTIONS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong format name": (_set("format", "chess-pgn"), "not a grognard saved game"),
    "no format": (_drop("format"), "not a grognard saved game"),
    "newer version": (_set("version", 2), "version 2 is not supported"),
    "version as text": (_set("version", "1"), "not supported"),
    "unknown system": (_set("system", "monopoly"), "monopoly"),
    "unknown game": (_set("game", "poker"), "poker"),
    "unknown option": (_set("options", {"hp": 3, "mana": 4}), "mana"),
    "option of a bad type": (_set("options", {"hp": [3]}), "option 'hp'"),
    "seed as text": (_set("seed", "17"), "'seed' must be an integer"),
    "seed as boolean": (_set("seed", True), "'seed' must be an integer"),
    "seed too big": (_set("seed", 2**70), "64-bit"),
    "moves not a list": (_set("moves", {"0": "keep"}), "'moves' must be a list"),
    "no state": (_drop("state"), "'state' is missing"),
    "illegal action": (_illegal_action, "illegal when replayed"),
    "impossible die": (_impossible_die, "the seed throws"),
    "die written as text": (_string_die, "the seed throws"),
    "move for the wrong player": (_wrong_player, "recorded for player 1"),
    "a move too many": (_extra_move, "recorded for player None"),
    "a move lost": (_lost_move, "does not match"),
    "snapshot changed": (_snapshot, "does not match"),
    "status changed": (_set("status", "over"), "status"),
    "unknown status": (_set("status", "paused"), "status"),
    "bad dice": (_bad_rolls, "dice are not valid"),
    "bad timestamp": (_set("created", "yesterday"), "timestamp"),
    "title not text": (_set("title", 5), "title"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_corrupt_file_is_refused_and_changes_nothing(
    name: str, exported: dict[str, Any], store: SqliteStore, tmp_path: Path
) -> None:
    edit, fragment = CORRUPTIONS[name]
    data = copy.deepcopy(exported)
    edit(data)
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = [s.to_data() for s in store.summaries()]
    with pytest.raises(SaveError) as info:
        savefile.import_file(store, path)
    assert str(path) in str(info.value)
    assert fragment in str(info.value)
    assert [s.to_data() for s in store.summaries()] == before


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"{not json", "not JSON"),
        (b"", "not JSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"[1, 2, 3]", "a list, not an object"),
        (b'"just text"', "not an object"),
        (b'{"format": "grognard-saved-game", "version": NaN}', "not JSON"),
        (b"[" * 100_000, "not JSON"),
    ],
)
def test_a_file_that_is_not_a_saved_game_is_refused(
    content: bytes, fragment: str, store: SqliteStore, tmp_path: Path
) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        savefile.import_file(store, path)
    assert str(path) in str(info.value)
    assert fragment in str(info.value)
    assert store.summaries() == []


def test_a_missing_file_is_refused(store: SqliteStore, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        savefile.import_file(store, tmp_path / "nowhere.json")


def test_writing_where_no_file_can_be_is_a_save_error(store: SqliteStore, tmp_path: Path) -> None:
    gid = store.create(played_duel(1, 1))
    with pytest.raises(SaveError, match="cannot write"):
        savefile.export_file(store, gid, tmp_path / "no" / "such" / "dir" / "g.json")


# Property-based: nothing but SaveError comes out of import.

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
JSONISH = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
KEYS = [
    "format",
    "version",
    "system",
    "game",
    "options",
    "seed",
    "moves",
    "state",
    "status",
    "title",
    "created",
]


@settings(max_examples=200, deadline=None)
@given(JSONISH)
def test_arbitrary_json_gives_only_save_errors(data: Any) -> None:
    with pytest.raises(SaveError):
        savefile.load_checked(data, "random.json")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    key=st.sampled_from(KEYS),
    value=JSONISH,
    move_index=st.integers(0, 40),
    field=st.sampled_from(["move", "player", "rolls"]),
)
def test_a_valid_file_with_one_field_replaced_gives_a_save_error_or_a_sound_game(
    exported: dict[str, Any], key: str, value: Any, move_index: int, field: str
) -> None:
    for target in ("top", "move"):
        data = copy.deepcopy(exported)
        if target == "top":
            data[key] = value
        else:
            data["moves"][move_index % len(data["moves"])][field] = value
        try:
            saved = savefile.load_checked(data, "mutated.json")
        except SaveError:
            continue
        session = savefile.verify(saved, "mutated.json")
        assert session.game.state_to_json(session.current) == saved.snapshot


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_in_a_file_give_only_save_errors(content: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bytes.json"
        path.write_bytes(content)
        try:
            saved = savefile.read_file(path)
        except SaveError as e:
            assert str(path) in str(e)
            return
        with pytest.raises(SaveError):
            savefile.verify(saved, str(path))


def test_from_session_writes_what_import_accepts(store: SqliteStore, tmp_path: Path) -> None:
    session = played_duel(23, 2)
    path = tmp_path / "session.json"
    savefile.write_file(path, savefile.from_session(session, title="unsaved"))
    loaded = store.load(savefile.import_file(store, path, dice=True), verify=True)
    assert (loaded.moves, loaded.current) == (session.moves, session.current)
    assert store.summary(str(loaded.game_id)).title == "unsaved"


def test_the_example_in_the_format_page_imports() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "formats" / "saved-game.md"
    text = page.read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    saved = savefile.load_checked(json.loads(example), str(page), dice=True)
    assert (saved.system, saved.game, saved.seed, len(saved.moves)) == ("toy", "duel", 42, 3)
