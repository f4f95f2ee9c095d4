"""Content loading: good and bad fixture files, the table model, and clean errors for any input."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from grognard.engine.content import (
    ContentModel,
    Row,
    Table,
    TableBook,
    TableLookupError,
    format_location,
    load_bytes,
    load_data,
    load_folder,
    load_model,
    load_table_file,
    load_tables,
    load_text,
    package_file,
    parse_dice,
)
from grognard.engine.dice.core import Rng
from grognard.engine.errors import ContentError

DATA = Path(__file__).resolve().parent.parent / "data" / "content"
GOOD = DATA / "good"
BAD = DATA / "bad"


# ----------------------------------------------------------------------------- good files


def test_single_table_file_loads_with_shorthands() -> None:
    table = load_model(GOOD / "encounters.toml", Table)
    assert table.name == "encounters"
    assert table.heading == "Road encounters"
    assert table.range == (1, 20)
    assert [(r.low, r.high) for r in table.rows] == [(1, 8), (9, 12), (13, 13), (14, 19), (20, 20)]
    assert table.rows[0].source == "toy_rules.txt:41"
    assert table.rows[2].source == "toy_rules.txt:43"
    assert table.rows[1].field("monster") == "Wolves"
    assert table.rows[1].field("lair") is False
    assert table.rows[4].field("treasure") == 2.5
    assert table.rows[0].field("monster", "none") == "none"
    assert table.rows[4].text == "monster: Dragon, number: 1, lair: yes, treasure: 2.5"


def test_book_file_and_folder_loading() -> None:
    book = load_model(GOOD / "treasure.toml", TableBook)
    assert [t.name for t in book.tables] == ["treasure", "weather", "fumbles"]
    assert book.get("weather").range == (2, 12)
    with pytest.raises(KeyError, match="nowhere"):
        book.get("nowhere")
    tables = load_tables(GOOD)
    assert sorted(tables) == ["encounters", "fumbles", "treasure", "weather"]
    assert tables["treasure"].rows[2].source == "toy_rules.txt:63"
    assert [t.name for t in load_table_file(GOOD / "encounters.toml")] == ["encounters"]


def test_load_folder_reads_every_matching_file_in_name_order(tmp_path: Path) -> None:
    for name, low in (("b.toml", 2), ("a.toml", 1), ("skip.txt", 3)):
        (tmp_path / name).write_text(f"value = {low}\n", encoding="utf-8")

    class Value(ContentModel):
        value: int

    assert [v.value for v in load_folder(tmp_path, Value)] == [1, 2]


def test_package_file_reaches_data_inside_a_package() -> None:
    resource = package_file("tests", "data/content/good/encounters.toml")
    assert load_model(resource, Table).name == "encounters"
    with pytest.raises(ContentError, match="no such package"):
        package_file("grognard.no_such_package_here", "x.toml")


# ----------------------------------------------------------------------------- bad files

BAD_FILES = [
    ("syntax.toml", "line 4, column 25", "not valid TOML"),
    ("wrong_type.toml", "rows[1].low", "valid integer (got '4')"),
    ("gap.toml", "rows[3].low", "gap: no row covers 15-16"),
    ("overlap.toml", "rows[1].low", "6-12 overlaps or comes before rows[0] (2-6)"),
    ("missing_source.toml", "rows[2].source", "required key is missing"),
    ("empty_source.toml", "rows[0].source", "must cite its source"),
    ("out_of_range.toml", "tables[1].rows[1].high", "101 is above the highest roll of d100 (100)"),
    ("duplicate.toml", "tables[1].name", "duplicate table name 'same' (also tables[0])"),
    ("unknown_key.toml", "rows[0].result", "required key is missing"),
    ("bad_dice.toml", "dice", "not a dice expression"),
    ("bad_field.toml", "rows[1].result.gear", "not ['axe']"),
]


@pytest.mark.parametrize(("name", "location", "reason"), BAD_FILES)
def test_bad_file_is_refused_with_file_location_and_reason(name: str, location: str, reason: str) -> None:
    path = BAD / name
    with pytest.raises(ContentError) as caught:
        load_table_file(path)
    err = caught.value
    assert err.file == str(path)
    assert err.location == location
    assert reason in err.reason
    assert str(err).startswith(f"{path}: {location}: ")


def test_unknown_key_is_named_too() -> None:
    with pytest.raises(ContentError, match=r"rows\[0\]\.reslut: unknown key"):
        load_table_file(BAD / "unknown_key.toml")


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read") as caught:
        load_model(tmp_path / "absent.toml", Table)
    assert caught.value.file == str(tmp_path / "absent.toml")
    with pytest.raises(ContentError, match="cannot list folder"):
        load_folder(tmp_path / "absent", Table)
    (tmp_path / "latin1.toml").write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(ContentError) as caught:
        load_model(tmp_path / "latin1.toml", Table)
    assert (caught.value.location, caught.value.reason) == ("byte 11", "not UTF-8 text")


def test_duplicate_table_across_files_names_both(tmp_path: Path) -> None:
    text = (GOOD / "encounters.toml").read_text(encoding="utf-8")
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    (tmp_path / "b.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_tables(tmp_path)
    assert caught.value.file == str(tmp_path / "b.toml")
    assert str(tmp_path / "a.toml") in caught.value.reason


def _table_text(rows: str, dice: str = "1d6", extra: str = "") -> str:
    return f'name = "t"\ndice = "{dice}"\nsource = "f.txt:1"\n{extra}rows = [\n{rows}\n]\n'


@pytest.mark.parametrize(
    ("text", "location", "reason"),
    [
        (_table_text('{ roll = "1-7", result = "a", source = 2 }'), "rows[0].high", "above the highest roll"),
        (_table_text('{ roll = "2-6", result = "a", source = 2 }'), "rows[0].low", "gap: no row covers 1"),
        (_table_text('{ roll = "1-5", result = "a", source = 2 }'), "rows[0].high", "gap: no row covers 6"),
        (_table_text('{ roll = "0-6", result = "a", source = 2 }'), "rows[0].low", "below the lowest roll"),
        (_table_text('{ low = 6, high = 1, result = "a", source = 2 }'), "rows[0].high", "below low 6"),
        (_table_text('{ roll = "1-6", low = 1, result = "a", source = 2 }'), "rows[0].roll", "not both"),
        (_table_text('{ roll = "one", result = "a", source = 2 }'), "rows[0].roll", "not 'one'"),
        (_table_text('{ roll = "1-6", result = 3, source = 2 }'), "rows[0].result", "not 3"),
        (_table_text('{ roll = "1-6", result = "a", source = 2.5 }'), "rows[0].source", "valid string"),
        (_table_text(""), "rows", "at least 1"),
        (_table_text('{ roll = "1-6", result = "a", source = 2 }', dice="0d6"), "dice", "1 to 1000"),
        (_table_text('{ roll = "1-6", result = "a", source = 2 }', dice="1d0"), "dice", "1 to 10000"),
        ('name = "bad name"\n', "name", "should match pattern"),
        ('name = "t"\n', "dice", "required key is missing"),
        (
            _table_text('{ roll = "1-6", result = "a", source = 2 }', extra="partial = 1\n"),
            "partial",
            "boolean",
        ),
    ],
)
def test_table_rules_name_the_place(text: str, location: str, reason: str) -> None:
    with pytest.raises(ContentError) as caught:
        load_text(text, Table, "inline.toml")
    assert caught.value.file == "inline.toml"
    assert caught.value.location == location
    assert reason in caught.value.reason


def test_partial_tables_may_leave_gaps_but_not_overlaps() -> None:
    rows = '{ roll = 2, result = "a", source = 2 },\n{ roll = "4-5", result = "b", source = 3 }'
    table = load_text(_table_text(rows, extra="partial = true\n"), Table, "p.toml")
    assert table.lookup(4).result == "b"
    with pytest.raises(TableLookupError, match="uncovered") as caught:
        table.lookup(3)
    assert (caught.value.table, caught.value.number) == ("t", 3)
    overlap = '{ roll = "2-4", result = "a", source = 2 },\n{ roll = "4-5", result = "b", source = 3 }'
    with pytest.raises(ContentError, match=r"rows\[1\]\.low"):
        load_text(_table_text(overlap, extra="partial = true\n"), Table, "p.toml")


def test_format_location_quotes_odd_keys() -> None:
    assert format_location(["tables", 2, "rows", 0, "low"]) == "tables[2].rows[0].low"
    assert format_location(["a key", 1]) == '"a key"[1]'
    assert format_location([]) == ""


# ----------------------------------------------------------------------------- tables in use


def test_parse_dice() -> None:
    assert parse_dice("1d20") == (1, 20)
    assert parse_dice("d100") == (1, 100)
    assert parse_dice("d%") == (1, 100)
    assert parse_dice(" 2D6 ") == (2, 6)
    for bad in ("", "d", "2d", "1d6+1", "x6", "3"):
        with pytest.raises(ValueError, match="dice expression"):
            parse_dice(bad)


def test_lookup_every_number_and_refuse_outside() -> None:
    table = load_model(GOOD / "encounters.toml", Table)
    for n in range(1, 21):
        row = table.lookup(n)
        assert row.low <= n <= row.high
    for n in (0, 21, -5):
        with pytest.raises(TableLookupError, match=f"no row for {n}") as caught:
            table.lookup(n)
        assert isinstance(caught.value, ValueError)


def test_percentile_table_rolls_two_d20_read_as_digits() -> None:
    table = load_model(GOOD / "treasure.toml", TableBook).get("treasure")
    rng = Rng("percentile")
    for _ in range(200):
        roll, row = table.roll(rng)
        tens, units = roll.dice
        assert tens.sides == units.sides == 20
        expected = (int(tens.face) % 10) * 10 + int(units.face) % 10 or 100
        assert roll.total == expected
        assert row.covers(roll.total)


def test_roll_is_reproducible_and_uses_the_dice() -> None:
    table = load_model(GOOD / "treasure.toml", TableBook).get("weather")
    first = [table.roll(Rng(7)) for _ in range(1)]
    again = [table.roll(Rng(7)) for _ in range(1)]
    assert first == again
    rng = Rng("weather")
    totals: Counter[str] = Counter()
    for _ in range(300):
        roll, row = table.roll(rng)
        assert len(roll.dice) == 2
        assert roll.total == sum(roll.faces())
        assert row is table.lookup(roll.total)
        totals[row.text] += 1
    assert set(totals) == {"Storm", "Fair", "Fog"}


def test_chances_are_exact() -> None:
    book = load_model(GOOD / "treasure.toml", TableBook)
    weather = {row.result: p for row, p in book.get("weather").chances()}
    assert weather == {"Storm": Fraction(6, 36), "Fair": Fraction(24, 36), "Fog": Fraction(6, 36)}
    treasure = [p for _, p in book.get("treasure").chances()]
    assert treasure == [Fraction(50, 100), Fraction(40, 100), Fraction(10, 100)]
    assert sum(p for _, p in book.get("fumbles").chances()) == Fraction(2, 6)


# ----------------------------------------------------------------------------- generated tables


@st.composite
def full_tables(draw: st.DrawFn) -> tuple[dict[str, Any], list[int]]:
    count = draw(st.integers(1, 3))
    sides = draw(st.sampled_from([4, 6, 8, 10, 20]))
    low, high = count, count * sides
    cuts = sorted(draw(st.sets(st.integers(low + 1, high), max_size=high - low)))
    starts = [low, *cuts]
    ends = [c - 1 for c in cuts] + [high]
    rows = [
        {"low": a, "high": b, "result": f"r{i}", "source": i + 2}
        for i, (a, b) in enumerate(zip(starts, ends, strict=True))
    ]
    return {"name": "gen", "dice": f"{count}d{sides}", "source": "g.txt:1", "rows": rows}, starts


@given(full_tables(), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_generated_tables_cover_their_dice(spec: tuple[dict[str, Any], list[int]], seed: int) -> None:
    data, starts = spec
    table = load_data(data, Table, "gen")
    low, high = table.range
    for n in range(low, high + 1):
        index = max(i for i, s in enumerate(starts) if s <= n)
        assert table.lookup(n).result == f"r{index}"
    assert sum(p for _, p in table.chances()) == 1
    roll, row = table.roll(Rng(seed))
    assert low <= roll.total <= high
    assert row.covers(roll.total)


@given(full_tables(), st.data())
@settings(max_examples=60, deadline=None)
def test_removing_or_stretching_a_row_is_refused(
    spec: tuple[dict[str, Any], list[int]], data: st.DataObject
) -> None:
    table, _ = spec
    rows = table["rows"]
    if len(rows) > 1:
        drop = data.draw(st.integers(0, len(rows) - 1))
        broken = {**table, "rows": rows[:drop] + rows[drop + 1 :]}
        with pytest.raises(ContentError, match="gap"):
            load_data(broken, Table, "gen")
    stretch = data.draw(st.integers(0, len(rows) - 1))
    longer = [dict(r) for r in rows]
    longer[stretch]["high"] += 1
    with pytest.raises(ContentError, match=r"overlaps|above the highest"):
        load_data({**table, "rows": longer}, Table, "gen")


# ----------------------------------------------------------------------------- only clean errors

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
ROWISH = st.fixed_dictionaries(
    {},
    optional={
        "low": st.integers(-2, 25) | JSONISH,
        "high": st.integers(-2, 25) | JSONISH,
        "roll": st.sampled_from(["1-6", "3", "2-1", "x", ""]) | st.integers(-1, 30) | JSONISH,
        "result": st.text(max_size=4) | st.dictionaries(st.text(max_size=3), JSONISH, max_size=3) | JSONISH,
        "source": st.integers(0, 99) | st.text(max_size=6) | JSONISH,
        "extra": JSONISH,
    },
)
TABLEISH = st.fixed_dictionaries(
    {},
    optional={
        "name": st.sampled_from(["t", "bad name", ""]) | JSONISH,
        "dice": st.sampled_from(["1d6", "d20", "2d6", "d100", "0d6", "1d99999", "d"]) | JSONISH,
        "source": st.sampled_from(["f.txt:1", "", "plain"]) | JSONISH,
        "rows": st.lists(ROWISH, max_size=5) | JSONISH,
        "partial": st.booleans() | JSONISH,
        "notes": JSONISH,
    },
)


def _model_or_content_error(call: Any) -> BaseModel | None:
    try:
        model = call()
    except ContentError as exc:
        assert exc.file
        assert exc.reason
        return None
    assert isinstance(model, BaseModel)
    return model


@given(st.text(max_size=300))
@settings(max_examples=150, deadline=None)
def test_random_text_gives_a_model_or_a_content_error(text: str) -> None:
    _model_or_content_error(lambda: load_text(text, Table, "random.toml"))


@given(st.binary(max_size=300))
@settings(max_examples=150, deadline=None)
def test_random_bytes_give_a_model_or_a_content_error(data: bytes) -> None:
    _model_or_content_error(lambda: load_bytes(data, TableBook, "random.toml"))


@given(JSONISH | TABLEISH | st.fixed_dictionaries({"tables": st.lists(TABLEISH, max_size=3)}))
@settings(max_examples=300, deadline=None)
def test_random_data_gives_a_model_or_a_content_error(data: Any) -> None:
    for model in (Table, TableBook, Row):
        made = _model_or_content_error(lambda m=model: load_data(data, m, "random"))
        if isinstance(made, Table):
            lowest, _ = made.range
            assert made.lookup(lowest).covers(lowest) or made.partial


@given(TABLEISH)
@settings(max_examples=100, deadline=None)
def test_random_tables_through_toml_text(data: dict[str, Any]) -> None:
    text = _to_toml(data)
    if text is not None:
        _model_or_content_error(lambda: load_text(text, Table, "random.toml"))


def _to_toml(data: dict[str, Any]) -> str | None:
    """A tiny TOML writer for flat-ish generated data; None when a value has no TOML form here."""

    def value(v: Any) -> str | None:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 32 or c in '"\\' else c for c in v) + '"'
        if isinstance(v, list):
            parts = [value(x) for x in v]
            return None if None in parts else "[" + ", ".join(p for p in parts if p is not None) + "]"
        if isinstance(v, dict):
            pairs = [(value(str(k)), value(x)) for k, x in v.items()]
            if any(k is None or x is None for k, x in pairs):
                return None
            return "{" + ", ".join(f"{k} = {x}" for k, x in pairs) + "}"
        return None

    lines = []
    for key, v in data.items():
        shown = value(v)
        if shown is None:
            return None
        lines.append(f'"{key}" = {shown}')
    return "\n".join(lines) + "\n"
