"""The engine's refusals a player meets are said in the reader's language (issue 31): a saved game that
does not load (forged, damaged, not JSON), a dice expression that cannot be rolled, a budget the solver
cannot keep, and a rules-data file that does not validate (pydantic's own messages said in our words by
their type). The same in English says the English text, so each test can fail. A scan holds the errors
of the saved-game files and the dice to messages of the catalogue, not bare English.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field, ValidationError

from grognard import i18n
from grognard.engine.content import ContentModel, Table, load_text, pydantic_reason
from grognard.engine.dice.core import Rng, lone_wolf_number, roll_dice
from grognard.engine.dice.notation import roll_expression
from grognard.engine.dice.parse import parse
from grognard.engine.errors import ContentError, DiceError, OddsError, SaveError
from grognard.engine.odds.solver import solve
from grognard.engine.store import savefile
from grognard.engine.store.factory import open_store
from grognard.engine.store.people import carried_from
from grognard.engine.store.salvage import Salvaged
from tests.toys import DuelState, played_duel

SOURCE = Path(__file__).resolve().parents[2] / "src/grognard"
SCANNED = (
    "engine/store/savefile.py",
    "engine/store/salvage.py",
    "engine/store/people.py",
    "engine/dice",
    "engine/content.py",
)
"""The modules whose refusals the scan holds to messages."""
REASONS = {"SaveError": 0, "DiceError": 0, "ValueError": 0, "LocatedValueError": 1, "ContentError": 2}
"""Each error class (and the dice's `fail`, `refused`) and the position of its reason among the arguments."""
HELPERS = {"fail": 0, "refused": 1}


def bare_reasons(text: str) -> list[int]:
    """The lines of `text` (Python) where an error of `REASONS` is raised, or a helper of `HELPERS` called,
    with a reason written as a bare string (a literal or an f-string) instead of a message."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        at = REASONS.get(name, HELPERS.get(name))
        if at is not None and len(node.args) > at and isinstance(node.args[at], ast.Constant | ast.JoinedStr):
            found.append(node.lineno)
    return found


def test_the_scan_finds_a_bare_reason() -> None:
    sample = (
        "def f(source):\n"
        "    raise SaveError(f'{source}: the move is missing')\n"
        "def g(self):\n"
        "    raise self.fail('division by zero')\n"
        "def h(source):\n"
        "    raise SaveError(_('%(source)s: no') % {'source': source})\n"
        "def i():\n"
        "    raise DiceError('empty dice expression')\n"
    )
    assert bare_reasons(sample) == [2, 4, 8]


def test_every_saved_game_and_dice_refusal_is_a_message() -> None:
    bare = {}
    for scanned in SCANNED:
        where = SOURCE / scanned
        for path in sorted(where.rglob("*.py")) if where.is_dir() else [where]:
            lines = bare_reasons(path.read_text(encoding="utf-8"))
            if lines:
                bare[path.relative_to(SOURCE).as_posix()] = lines
    assert not bare, f"errors raised with a bare English reason: {bare}"


# Saved games.


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The JSON data of an exported toy duel in the middle of play."""
    folder = tmp_path_factory.mktemp("saved")
    with open_store(folder / "home") as store:
        gid = store.create(played_duel(17, 3, hp=3, rerolls=2), title="mid-game")
        savefile.export_file(store, gid, folder / "game.json")
    data: dict[str, Any] = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    return data


def refusal(raw: bytes, language: str) -> str:
    """The refusal of the saved-game file `raw` (read as partida.json), in `language`."""
    with i18n.speaking(language), pytest.raises(SaveError) as refused:
        savefile.parse_saved(raw, "partida.json")
    return str(refused.value)


def forged(data: dict[str, Any], **changes: Any) -> bytes:
    edited = copy.deepcopy(data) | changes
    return json.dumps(edited).encode()


def test_a_file_that_is_not_json_is_refused_in_spanish() -> None:
    said = refusal(b"{not json", "es")
    assert said.startswith("partida.json: no es una partida guardada de grognard (no es JSON: "), said
    assert said.endswith(" en la línea 1)"), said
    said = refusal(b"{not json", "en")
    assert said.startswith("partida.json: not a grognard saved game (not JSON: "), said
    assert refusal(b"\xff\xfe", "es") == (
        "partida.json: no es una partida guardada de grognard (no es texto UTF-8 en el byte 0)"
    )


def test_a_file_of_another_format_is_refused_in_spanish(exported: dict[str, Any]) -> None:
    raw = forged(exported, format="chess-pgn")
    assert refusal(raw, "es") == (
        "partida.json: no es una partida guardada de grognard (el formato es 'chess-pgn', no "
        "'grognard-saved-game')"
    )
    assert refusal(raw, "en") == (
        "partida.json: not a grognard saved game (format is 'chess-pgn', not 'grognard-saved-game')"
    )
    assert refusal(b"[1, 2]", "es") == (
        "partida.json: no es una partida guardada de grognard (el archivo contiene una lista, no un objeto)"
    )
    assert refusal(forged(exported, version=2), "es") == (
        "partida.json: la versión 2 del formato de partida guardada no está admitida (este grognard lee la 1)"
    )


def test_a_bad_field_is_refused_in_spanish_with_its_kind(exported: dict[str, Any]) -> None:
    raw = forged(exported, title=3)
    assert refusal(raw, "es") == "partida.json: 'title' debe ser un texto, no un número entero"
    assert refusal(raw, "en") == "partida.json: 'title' must be a string, not an integer"
    assert (
        refusal(forged(exported, seed="17"), "es")
        == "partida.json: 'seed' debe ser un número entero, no un texto"
    )
    missing = copy.deepcopy(exported)
    del missing["state"]
    assert refusal(json.dumps(missing).encode(), "es") == "partida.json: falta el campo 'state'"
    assert refusal(json.dumps(missing).encode(), "en") == "partida.json: the field 'state' is missing"


def test_a_move_illegal_on_replay_and_bad_dice_are_refused_in_spanish(exported: dict[str, Any]) -> None:
    data = copy.deepcopy(exported)
    first = next(m for m in data["moves"] if m["player"] == 0)
    first["move"] = "dance"
    said = refusal(json.dumps(data).encode(), "es")
    assert said.startswith("partida.json: jugada ") and " ('dance') no es legal al reproducirla: " in said, (
        said
    )
    said = refusal(json.dumps(data).encode(), "en")
    assert said.startswith("partida.json: move ") and " ('dance') is illegal when replayed: " in said, said
    data = copy.deepcopy(exported)
    chance = next(m for m in data["moves"] if m["player"] is None)
    chance["rolls"][0]["total"] = "six"
    said = refusal(json.dumps(data).encode(), "es")
    assert said.endswith("los dados no son válidos (0.total: El valor debe ser un número entero válido)"), (
        said
    )
    said = refusal(json.dumps(data).encode(), "en")
    assert said.endswith("the dice are not valid (0.total: Input should be a valid integer)"), said


def test_a_saved_game_file_read_from_disk_is_refused_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "partida.json"
    path.write_text('"just text"', encoding="utf-8")
    with i18n.speaking("es"), pytest.raises(SaveError, match="el archivo contiene un texto, no un objeto"):
        savefile.read_file(path)
    with pytest.raises(SaveError, match="the file holds a string, not an object"):
        savefile.read_file(path)


def test_an_oversized_upload_is_refused_in_spanish_with_its_number() -> None:
    with i18n.speaking("es"), pytest.raises(SaveError) as refused:
        savefile.parse_saved(b"x" * 2000, "subida.json", limit=1500)
    assert (
        str(refused.value)
        == "subida.json: más de 1.500 bytes, más de lo que aquí puede ocupar una partida guardada"
    )
    with pytest.raises(SaveError) as refused:
        savefile.parse_saved(b"x" * 2000, "subida.json", limit=1500)
    assert str(refused.value) == "subida.json: over 1,500 bytes, more than a saved game here may be"


def test_the_people_an_uploaded_file_carries_are_refused_in_spanish() -> None:
    data = {"seated": [{"seat": 0, "name": "Ana"}], "chat": "hola"}
    with i18n.speaking("es"), pytest.raises(SaveError) as refused:
        carried_from(data, "partida.json")
    assert str(refused.value).startswith("partida.json: 'chat' debe ser una lista de "), refused.value
    with pytest.raises(SaveError, match="'chat' must be a list of at most"):
        carried_from(data, "partida.json")


def test_the_salvage_report_is_said_in_spanish() -> None:
    kept = Salvaged("3", "duel", 10, 4, "moves 5 to 10 are missing or damaged")
    lost = Salvaged("4", "duel", 2, None, "no game")
    with i18n.speaking("es"):
        assert (
            kept.line()
            == "partida 3 (duel): se conservan 4 de 10 jugadas (moves 5 to 10 are missing or damaged)"
        )
        assert lost.line() == "partida 4 (duel): perdida: no game"
    assert kept.line() == "game 3 (duel): 4 of 10 moves kept (moves 5 to 10 are missing or damaged)"
    assert Salvaged("5", "duel", 2, 2).line() == "game 5 (duel): all 2 moves kept"


# Dice.


@pytest.mark.parametrize(
    ("text", "spanish", "english"),
    [
        ("", "expresión de dados vacía", "empty dice expression"),
        (
            "3d6+",
            "expresión de dados '3d6+': no es notación de dados",
            "dice expression '3d6+': not dice notation",
        ),
        ("2d0", "un dado necesita de 1 a 10000 caras, no 0", "a die needs 1 to 10000 sides, not 0"),
        (
            "1d6 / 0",
            "expresión de dados '1d6 / 0': división por cero",
            "dice expression '1d6 / 0': division by zero",
        ),
        ("3d6e1", "explota con su cara más baja", "explodes on its lowest face"),
    ],
)
def test_a_bad_dice_expression_is_refused_in_spanish(text: str, spanish: str, english: str) -> None:
    with i18n.speaking("es"), pytest.raises(DiceError) as refused:
        roll_expression(text, Rng(1))
    assert spanish in str(refused.value), str(refused.value)
    with pytest.raises(DiceError) as refused:
        roll_expression(text, Rng(1))
    assert english in str(refused.value), str(refused.value)


def test_the_dice_themselves_refuse_in_spanish() -> None:
    with i18n.speaking("es"):
        with pytest.raises(DiceError, match=r"^no se pueden tirar 2000 dados \(de 0 a 1000\)$"):
            roll_dice(Rng(1), 2000, 6)
        with pytest.raises(DiceError, match="tabla de números aleatorios desconocida 'dice'"):
            lone_wolf_number(Rng(1), "dice")
    with pytest.raises(DiceError, match=r"^cannot roll 2000 dice \(0 to 1000\)$"):
        roll_dice(Rng(1), 2000, 6)
    assert parse("2d6").text == "2d6"


def test_the_solver_budget_is_refused_in_spanish() -> None:
    with i18n.speaking("es"), pytest.raises(OddsError, match="presupuesto de 50 estados"):
        solve(DuelState((3, 3), 1), budget=50)
    with i18n.speaking("es"), pytest.raises(OddsError, match="al menos 1, no 0"):
        solve(DuelState((3, 3), 1), budget=0)
    with pytest.raises(OddsError, match="budget of 50 states"):
        solve(DuelState((3, 3), 1), budget=50)


# Rules data.

TABLE = 'name = "t"\ndice = "1d6"\nsource = "book.txt:1"\n'


def content_refusal(text: str, language: str) -> ContentError:
    with i18n.speaking(language), pytest.raises(ContentError) as refused:
        load_text(text, Table, "tabla.toml")
    return refused.value


def test_a_rules_data_file_failing_validation_is_refused_in_spanish() -> None:
    wrong_type = TABLE + 'rows = [{ low = 1, high = "6", result = "a", source = 2 }]\n'
    refused = content_refusal(wrong_type, "es")
    assert (refused.location, refused.reason) == (
        "rows[0].high",
        "El valor debe ser un número entero válido (se ha dado '6')",
    )
    assert content_refusal(wrong_type, "en").reason == "Input should be a valid integer (got '6')"
    missing = 'name = "t"\ndice = "1d6"\nrows = [{ roll = "1-6", result = "a", source = "b:2" }]\n'
    assert content_refusal(missing, "es").reason == "falta una clave obligatoria"
    assert content_refusal(missing, "en").reason == "required key is missing"
    unknown = TABLE + 'rows = [{ roll = "1-6", result = "a", source = 2, reslut = "b" }]\n'
    refused = content_refusal(unknown, "es")
    assert refused.location == "rows[0].reslut"
    assert refused.reason.startswith("clave desconocida (no forma parte de este formato"), refused.reason
    gap = TABLE + 'rows = [{ roll = "1-5", result = "a", source = 2 }]\n'
    assert content_refusal(gap, "es").reason == "hueco: ninguna fila cubre 6"
    assert content_refusal(gap, "en").reason == "gap: no row covers 6"
    broken = TABLE + "rows = [ = ]\n"
    assert content_refusal(broken, "es").location.startswith("línea ")
    assert content_refusal(broken, "en").location.startswith("line ")


class Sample(ContentModel):
    """A model whose every field fails in a different way."""

    whole: int
    decimal: float
    text: str
    flag: bool
    items: list[int] = Field(min_length=2)
    keyed: dict[str, int]
    positive: int = Field(gt=0)
    small: int = Field(le=3)
    name: str = Field(min_length=2)
    code: str = Field(pattern="^[a-z]+$")
    side: Any = None


BAD: dict[str, Any] = {
    "whole": "1",
    "decimal": "x",
    "text": 3,
    "flag": "yes",
    "items": [1],
    "keyed": [],
    "positive": 0,
    "small": 4,
    "name": "A",
    "code": "A",
}


def test_pydantic_s_messages_are_said_in_spanish_and_in_its_own_english() -> None:
    with pytest.raises(ValidationError) as refused:
        Sample.model_validate(BAD)
    errors = refused.value.errors()
    kinds = {e["type"] for e in errors}
    assert {"int_type", "float_type", "string_type", "bool_type", "too_short", "dict_type"} <= kinds, kinds
    assert {"greater_than", "less_than_equal", "string_pattern_mismatch", "string_too_short"} <= kinds, kinds
    for err in errors:
        assert pydantic_reason(err) == err["msg"], err
        with i18n.speaking("es"):
            spanish = pydantic_reason(err)
        assert spanish != err["msg"] and spanish[0].isupper(), (err["msg"], spanish)
        assert "should" not in spanish and "Input" not in spanish, spanish
    with i18n.speaking("es"):
        said = {e["type"]: pydantic_reason(e) for e in errors}
    assert said["too_short"] == "La lista debe tener al menos 2 elementos, no 1"
    assert said["greater_than"] == "El valor debe ser mayor que 0"


def test_a_rare_or_changed_pydantic_message_is_left_as_pydantic_says_it() -> None:
    rare = {"type": "uuid_parsing", "msg": "Input should be a valid UUID", "ctx": {}}
    changed = {"type": "int_type", "msg": "Input must be an integer", "ctx": {}}
    with i18n.speaking("es"):
        assert pydantic_reason(rare) == "Input should be a valid UUID"
        assert pydantic_reason(changed) == "Input must be an integer"
        literal = {
            "type": "literal_error",
            "msg": "Input should be 'a', 'b' or 'c'",
            "ctx": {"expected": "'a', 'b' or 'c'"},
        }
        assert pydantic_reason(literal) == "El valor debe ser 'a', 'b' o 'c'"
