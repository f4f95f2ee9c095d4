"""Adventures in Fantasy's refusals are said in the reader's language (issue 31, the AiF slice): every
error its rules, its referee's desk and its calculator raise is a message of the catalogue, made where it
is raised, in the language in force. A referee's action the campaign refuses, a value of the table's dice
or of a fighter that cannot be read, and the desk's refusals of a field, of a choice and of the table's
dice reach a Spanish reader in Spanish; the same in English say the English text, so each test can fail.
A scan of the sources holds every reason to a message, not a bare literal or a text glued to one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard import i18n
from grognard.engine.errors import UsageError
from grognard.engine.match import Match, MatchError
from grognard.systems.adventures_in_fantasy.combat import parse_fighter
from grognard.systems.adventures_in_fantasy.referee import make_action
from grognard.systems.adventures_in_fantasy.table_dice import parse_rolls
from tests.i18n.test_errors_es import ERRORS, bare_reasons
from tests.web.routes.test_languages import spanish
from tests.web.security.tables_client import JSON, Visitor, browser

SOURCE = Path(__file__).resolve().parents[2] / "src/grognard"
RULES = "systems/adventures_in_fantasy"
OTHERS = ("chargen.py", "words.py", "reference.py", "tables.py", "charts.py", "lookups.py")
"""The rules' modules of another slice of the work (character generation, the tables and the words)."""
DESK = ("web/systems/adventures_in_fantasy.py", "web/systems/tools_adventures_in_fantasy.py")
"""The referee's desk and the calculator in the browser."""


def sources() -> list[Path]:
    """The AiF sources whose errors this slice made messages."""
    rules = [p for p in sorted((SOURCE / RULES).glob("*.py")) if p.name not in OTHERS]
    return rules + [SOURCE / name for name in DESK]


def glued_reasons(text: str) -> list[int]:
    """The lines of `text` where an error's reason is a text glued together with `+` from a bare string
    (`f"no action {x}; the actions are " + ", ".join(...)`), which `bare_reasons` does not see."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS:
            at = ERRORS[node.func.id]
            reason = node.args[at] if len(node.args) > at else None
            if isinstance(reason, ast.BinOp) and any(
                isinstance(part, ast.Constant | ast.JoinedStr) for part in ast.walk(reason)
            ):
                found.append(node.lineno)
    return found


def test_the_scan_finds_a_glued_reason() -> None:
    sample = "def f(x):\n    raise UsageError(f'no action {x}; the actions are ' + ', '.join(x))\n"
    assert glued_reasons(sample) == [2]
    assert glued_reasons("def f(x):\n    raise UsageError(_('no action {x}').format(x=x))\n") == []


def test_every_aif_error_is_a_message() -> None:
    found = sources()
    assert len(found) > 30 and all(p.is_file() for p in found)
    bare = {}
    for path in found:
        text = path.read_text(encoding="utf-8")
        lines = bare_reasons(text) + glued_reasons(text)
        if lines:
            bare[path.relative_to(SOURCE).as_posix()] = lines
    assert not bare, f"errors raised with a bare English reason: {bare}"


def test_a_referee_action_the_campaign_refuses_is_said_in_spanish() -> None:
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], seed=1)
    with i18n.speaking("es"):
        with pytest.raises(MatchError, match="viajar 99 días: de 1 a 28 cada vez"):
            make_action(match, "travel:99:forest")
        with pytest.raises(MatchError, match=r"no hay personaje 3; la campaña tiene 0 \(contando desde 0\)"):
            make_action(match, "fight:3:Wolf")
        with pytest.raises(MatchError, match=r"round: no hay ningún combate en curso \(fight:I:CRIATURA"):
            make_action(match, "round")
    with pytest.raises(MatchError, match="travel 99 days: 1 to 28 at a time"):
        make_action(match, "travel:99:forest")
    with pytest.raises(MatchError, match=r"no character 3; the campaign has 0 \(0-based\)"):
        make_action(match, "fight:3:Wolf")
    assert match.ply == 0


def test_the_tables_dice_and_a_fighter_are_refused_in_spanish() -> None:
    with i18n.speaking("es"):
        with pytest.raises(UsageError, match="tirada 'x': escribe la cara de un dado"):
            parse_rolls("x")
        with pytest.raises(UsageError, match="combatiente 'hp=12,wings=2': clave desconocida 'wings'; "):
            parse_fighter("hp=12,wings=2")
    with pytest.raises(UsageError, match="roll 'x': write a die's face"):
        parse_rolls("x")
    with pytest.raises(UsageError, match="fighter 'hp=12,wings=2': unknown key 'wings'; comma-separated"):
        parse_fighter("hp=12,wings=2")


def _desk(visitor: Visitor) -> str:
    made = visitor.post("/aif", {})
    assert made.status_code == 303, made.text[-300:]
    return str(made.headers["location"])


def _refusal(visitor: Visitor, url: str, form: dict[str, str]) -> str:
    """The desk's refusal of `form` posted to `url`, as the JSON answer says it."""
    ply = str(visitor.json(f"{_base(url)}.json")["ply"])
    said = visitor.post(url, form | {"ply": ply}, headers=JSON)
    assert said.status_code == 400, said.text[-300:]
    return str(said.json()["error"])


def _base(url: str) -> str:
    return url.rsplit("/act", 1)[0].rsplit("/table/", 1)[0]


@pytest.mark.parametrize(
    ("path", "form", "said_es", "said_en"),
    [
        (
            "/table/encounter",
            {"terrain": "lava", "how": "roll"},
            "Terreno: 'lava' no es ninguna de las opciones",
            "Terrain: 'lava' is not one of the choices",
        ),
        (
            "/act",
            {"kind": "place", "terrain": "lava", "town": "", "how": "roll"},
            "Terreno: 'lava' no es ninguna de las opciones",
            "Terrain: 'lava' is not one of the choices",
        ),
        (
            "/act",
            {"kind": "town", "name": "Oak:vale", "population": "500", "makers": "Merchant", "markup": "0"},
            "Nombre: sin dos puntos",
            "Name: no colons",
        ),
        (
            "/act",
            {"kind": "advance", "n": "999", "how": "roll"},
            "avanzar 999 semanas: de 1 a 520 cada vez",
            "advance 999 weeks: 1 to 520 at a time",
        ),
        (
            "/table/encounter",
            {"terrain": "forest", "how": "dice", "rolls": "25"},
            "tirada 25: aquí el procedimiento tira un dado de 1 a 20",
            "roll 25: the procedure throws a die of 1-20 here",
        ),
        (
            "/table/encounter",
            {"terrain": "forest", "how": "dice", "rolls": "99%,5,5,5,5,5,5,5,5,5"},
            "no se usaron: el procedimiento tiró sus dados tras",
            "were not used: the procedure threw its dice after",
        ),
    ],
)
def test_the_desks_refusals_of_a_field_a_choice_and_the_dice_are_spanish(
    path: str, form: dict[str, str], said_es: str, said_en: str
) -> None:
    """The desk's refusals (a field, a choice, an action's value, the table's dice in a procedure the desk
    runs in the rules' English) are said in the reader's language."""
    for visitor, said, unsaid in ((spanish(browser()), said_es, said_en), (browser(), said_en, said_es)):
        desk = _desk(visitor)
        refusal = _refusal(visitor, desk + path, form)
        assert said in refusal and unsaid not in refusal, refusal


def test_the_calculators_refusal_is_spanish() -> None:
    form = {"a": "Swordsman", "a_hp": "101", "b": "Wolf"}
    said = spanish(browser()).post("/tools/aif-melee", form, headers=JSON)
    english = browser().post("/tools/aif-melee", form, headers=JSON)
    assert said.status_code == 400, said.text[-300:]
    assert (
        "Puntos de golpe del primer luchador (en blanco: los suyos): 101 está fuera de 1 a 100"
        in said.json()["error"]
    )
    assert english.status_code == 400, english.text[-300:]
    assert (
        "First fighter's hit points (blank: as ready-made): 101 is outside 1 to 100"
        in english.json()["error"]
    )
    forged = browser().post("/tools/aif-melee", {"a": "name=A,hp=12", "b": "Wolf"}, headers=JSON)
    assert forged.status_code == 400 and "is not one of" in forged.json()["error"]  # no fighter text here
