"""Content files: TOML data loaded into typed, validated models, and the shared rollable table.

A file that does not fit its model is refused with a `ContentError` naming the file, the place in it
and the reason. Places are written the way a reader finds them: `rows[3].result` (key `result` of the
fourth entry of `rows`, counting from 0), `tables[1].rows[0].low`, or `line 12, column 7` for a file
that is not valid TOML.

Loading
-------
- `load_model(path_or_resource, Model)` reads one file (a path, or a package data file from
  `package_file("grognard.systems.x.data", "tables.toml")`);
- `load_text`, `load_bytes` and `load_data` do the same from text, raw bytes or already-parsed data;
- `load_folder(folder, Model)` loads every `*.toml` file of a folder, sorted by file name;
- `load_tables(file_or_folder, ...)` gathers the rollable tables of files and folders by name.

Tables
------
A table file holds one table, or several under `[[tables]]`. The shape, with every key shown::

    name = "wandering-monsters"        # letters, digits, '-', '_', '.'; unique among loaded tables
    title = "Wandering monsters"       # optional: how the table is shown
    dice = "1d20"                      # "d6", "2d6", "1d20", "d100" (two d20 read as digits, 1-100)
    source = "002_8449cbd1010a37a5.txt:1200-1230"   # where the table is printed
    notes = "Roll once per watch."     # optional
    partial = false                    # optional: true when the rows may leave rolls uncovered
    rows = [
      { roll = "1-3", result = "Goblins", source = "002_8449cbd1010a37a5.txt:1203" },
      { roll = 4, result = { monster = "Troll", number = 1, lair = false }, source = 1204 },
      { low = 5, high = 20, result = "Nothing", source = 1205 },
    ]

A row gives its range as `roll` (a number, or text "low-high") or as `low` and `high`; its `result`
is text or a table of named fields (text, whole numbers, decimals, true/false). Every row cites its
source: "file:line", or just the line number, which is read in the file of the table's `source`.
Rows run in ascending order with no overlap; unless `partial = true` they cover every roll the dice
can make, from the lowest to the highest. A percentile roll of 00 is written as 100.
"""

from __future__ import annotations

import bisect
import fnmatch
import math
import os
import re
import tomllib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cached_property
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from grognard.engine.dice.core import MAX_DICE, MAX_SIDES, Rng, Roll, percentile, roll_dice, sum_distribution
from grognard.engine.errors import ContentError, GrognardError
from grognard.engine.files import read_file
from grognard.i18n import N_, SOURCE, ngettext, speaking
from grognard.i18n import gettext as _

M = TypeVar("M", bound=BaseModel)

Scalar: TypeAlias = str | int | float | bool
"""A value a row's structured result may hold."""

Source: TypeAlias = str | os.PathLike[str] | Traversable
"""Where a content file is: a filesystem path, or a resource inside a package."""

Location: TypeAlias = tuple[str | int, ...]

MAX_CONTENT_FILE_BYTES = 32 * 1024 * 1024
"""The largest content file read (the biggest shipped catalogue is well under a megabyte)."""


class LocatedValueError(ValueError):
    """A validation failure inside a model that knows where, relative to the model, it lies.

    Validators raise it so the refused file names `rows[3].low` rather than just `rows[3]`.
    """

    def __init__(self, where: Location, reason: str) -> None:
        self.where = where
        super().__init__(reason)


class TableLookupError(GrognardError, ValueError):
    """A number that no row of a table covers; the message names the table and the number."""

    def __init__(self, table: str, number: int, reason: str) -> None:
        self.table = table
        self.number = number
        super().__init__(
            _("table %(table)s: no row for %(number)s: %(reason)s")
            % {"table": table, "number": number, "reason": reason}
        )


class ContentModel(BaseModel):
    """Base of content models: strict types (no '3' for 3), unknown keys refused, values frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)


# ---------------------------------------------------------------------------------------------------
# Locations and error conversion

_TYPE_TAGS = frozenset({"str", "int", "float", "bool", "list", "dict", "tuple", "set", "none", "bytes"})
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_TOML_WHERE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")


def format_location(loc: Iterable[str | int]) -> str:
    """A location as a reader writes it: `rows[3].result`, `tables[0]."odd key"`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE_KEY.match(part) else '"' + part.replace('"', '\\"') + '"'
            out += f".{key}" if out else key
    return out


def _clean(loc: Location) -> Location:
    """Drop the tags pydantic adds inside unions and validators (`str`, `dict[str,int]`, `[key]`)."""
    return tuple(
        p for p in loc if isinstance(p, int) or not (p in _TYPE_TAGS or any(c in p for c in "[](),"))
    )


_FRIENDLY = {
    "missing": N_("required key is missing"),
    "extra_forbidden": N_("unknown key (not part of this format; check its spelling)"),
}
"""pydantic's errors said in grognard's own words (with `gettext`), in place of its message."""

_PYDANTIC = {
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "finite_number": N_("Input should be a finite number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "tuple_type": N_("Input should be a valid tuple"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of %(class_name)s"),
    "model_attributes_type": N_("Input should be a valid dictionary or object to extract fields from"),
    "none_required": N_("Input should be None"),
    "greater_than": N_("Input should be greater than %(gt)s"),
    "greater_than_equal": N_("Input should be greater than or equal to %(ge)s"),
    "less_than": N_("Input should be less than %(lt)s"),
    "less_than_equal": N_("Input should be less than or equal to %(le)s"),
    "multiple_of": N_("Input should be a multiple of %(multiple_of)s"),
    "string_pattern_mismatch": N_("String should match pattern '%(pattern)s'"),
    "literal_error": N_("Input should be %(expected)s"),
    "enum": N_("Input should be %(expected)s"),
}
"""pydantic 2's messages of the common error types, which it says in English only: the same English,
said with `gettext` and the error's `ctx` (`pydantic_reason`)."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _either(reasons: Iterable[str]) -> str:
    """Alternatives as one phrase: "a or b or c"."""
    said = ""
    for reason in reasons:
        said = _("%(one)s or %(other)s") % {"one": said, "other": reason} if said else reason
    return said


def _expected(expected: str) -> str:
    """pydantic's list of the values allowed ("'a', 'b' or 'c'"), its last "or" said in the reader's
    language."""
    at = expected.rfind(" or ")
    if at < 0:
        return expected
    return _("%(one)s or %(other)s") % {"one": expected[:at], "other": expected[at + 4 :]}


def _counted(kind: str, ctx: Mapping[str, Any]) -> str | None:
    """The message of an error about a length (too short, too long) with its counts, in the reader's
    language; None for a kind (or a container) not said here."""
    field, actual = ctx.get("field_type"), ctx.get("actual_length")
    if kind == "string_too_short":
        n = ctx["min_length"]
        return ngettext(
            "String should have at least %(n)s character", "String should have at least %(n)s characters", n
        ) % {"n": n}
    if kind == "string_too_long":
        n = ctx["max_length"]
        return ngettext(
            "String should have at most %(n)s character", "String should have at most %(n)s characters", n
        ) % {"n": n}
    if kind == "too_short" and field == "List":
        n = ctx["min_length"]
        return ngettext(
            "List should have at least %(n)s item after validation, not %(actual)s",
            "List should have at least %(n)s items after validation, not %(actual)s",
            n,
        ) % {"n": n, "actual": actual}
    if kind == "too_long" and field == "List":
        n = ctx["max_length"]
        return ngettext(
            "List should have at most %(n)s item after validation, not %(actual)s",
            "List should have at most %(n)s items after validation, not %(actual)s",
            n,
        ) % {"n": n, "actual": actual}
    if kind == "too_short" and field == "Dictionary":
        n = ctx["min_length"]
        return ngettext(
            "Dictionary should have at least %(n)s item after validation, not %(actual)s",
            "Dictionary should have at least %(n)s items after validation, not %(actual)s",
            n,
        ) % {"n": n, "actual": actual}
    if kind == "too_long" and field == "Dictionary":
        n = ctx["max_length"]
        return ngettext(
            "Dictionary should have at most %(n)s item after validation, not %(actual)s",
            "Dictionary should have at most %(n)s items after validation, not %(actual)s",
            n,
        ) % {"n": n, "actual": actual}
    return None


def pydantic_reason(err: Mapping[str, Any]) -> str:
    """What one of pydantic's errors says, in the language in force: the common types (`_FRIENDLY`,
    `_PYDANTIC`, the lengths) said from its `type` and `ctx`, the same English as pydantic's own `msg`;
    a rare type, or one whose English differs from what pydantic said (another version of it), in
    pydantic's English."""
    kind = str(err.get("type", ""))
    if kind in _FRIENDLY:
        return _(_FRIENDLY[kind])
    msg = str(err.get("msg", "")) or _("invalid value")
    ctx = err.get("ctx") or {}
    try:
        if kind in _PYDANTIC:
            template = _PYDANTIC[kind]
            values = {k: str(v) for k, v in ctx.items()}
            if template % values != msg:
                return msg
            if "expected" in values:
                values["expected"] = _expected(values["expected"])
            return _(template) % values
        with speaking(SOURCE):
            english = _counted(kind, ctx)
        if english is not None and english == msg:
            return _counted(kind, ctx) or msg
    except (KeyError, TypeError, ValueError):
        pass
    return msg


def _reason(err: Mapping[str, Any]) -> tuple[Location, str]:
    loc: Location = _clean(tuple(err.get("loc", ())))
    error = (err.get("ctx") or {}).get("error")
    if isinstance(error, LocatedValueError):
        return loc + error.where, str(error)
    if isinstance(error, ValueError):
        return loc, str(error)
    reason = pydantic_reason(err)
    if err.get("type", "") in _FRIENDLY:
        return loc, reason
    value = err.get("input")
    if isinstance(value, str | int | float | bool) or value is None:
        reason = _("%(reason)s (got %(value)s)") % {"reason": reason, "value": _short(value)}
    return loc, reason


def _content_error(source_name: str, exc: ValidationError) -> ContentError:
    grouped: dict[Location, list[str]] = {}
    for err in exc.errors():
        loc, reason = _reason(err)
        reasons = grouped.setdefault(loc, [])
        if reason not in reasons:
            reasons.append(reason)
    items = list(grouped.items())
    loc, reasons = items[0]
    reason = _either(reasons)
    if len(items) > 1:
        rest = "; ".join(f"{format_location(k) or _('top level')}: {_either(v)}" for k, v in items[1:4])
        if len(items) > 4:
            reason = _("%(reason)s (also %(rest)s and %(more)s more)") % {
                "reason": reason,
                "rest": rest,
                "more": len(items) - 4,
            }
        else:
            reason = _("%(reason)s (also %(rest)s)") % {"reason": reason, "rest": rest}
    return ContentError(source_name, format_location(loc), reason)


# ---------------------------------------------------------------------------------------------------
# Loaders


def parse_toml(text: str, source_name: str) -> dict[str, Any]:
    """TOML text as data; a syntax error becomes a `ContentError` at its line and column."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_WHERE.search(message)
        reason = message[: found.start()] if found else message
        if found and found.group(1):
            where = _("line %(line)s, column %(column)s") % {"line": found.group(1), "column": found.group(2)}
        else:
            where = _("end of document") if found else ""
        raise ContentError(source_name, where, _("not valid TOML: {reason}").format(reason=reason)) from None
    except RecursionError:
        raise ContentError(source_name, "", _("not valid TOML: nested too deeply")) from None


def load_data(data: Any, model: type[M], source_name: str) -> M:
    """Already-parsed data validated as `model`; a misfit is a `ContentError` naming the place."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _content_error(source_name, exc) from None
    except RecursionError:
        raise ContentError(source_name, "", _("nested too deeply")) from None


def load_text(text: str, model: type[M], source_name: str) -> M:
    """TOML text validated as `model`."""
    return load_data(parse_toml(text, source_name), model, source_name)


def _decode(data: bytes, source_name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(
            source_name, _("byte %(byte)s") % {"byte": exc.start}, _("not UTF-8 text")
        ) from None


def load_bytes(data: bytes, model: type[M], source_name: str) -> M:
    """The raw bytes of a TOML file (UTF-8) validated as `model`."""
    return load_text(_decode(data, source_name), model, source_name)


def package_file(package: str, name: str) -> Traversable:
    """A data file shipped inside a package, e.g. `package_file("grognard.systems.x.data", "t.toml")`."""
    try:
        root = files(package)
    except (ModuleNotFoundError, TypeError) as exc:
        raise ContentError(f"{package}/{name}", "", _("no such package: {exc}").format(exc=exc)) from None
    return root.joinpath(name)


def _resource(source: Source) -> Traversable:
    if isinstance(source, str | os.PathLike):
        return Path(source)
    return source


def source_name(source: Source) -> str:
    """How a content file is named in error messages."""
    return str(_resource(source))


def read_source(source: Source, cap: int = MAX_CONTENT_FILE_BYTES) -> bytes:
    """The raw bytes of a content file, at most `cap` (`engine.files.read_file`: a regular file only);
    a file that cannot be read is a `ContentError`. A package resource not on the file system (inside a
    zip) is read by its own reader, capped the same."""
    resource = _resource(source)
    if isinstance(resource, Path):
        return read_file(resource, cap, "content file")
    try:
        with resource.open("rb") as handle:
            data: bytes = handle.read(cap + 1)
    except OSError as exc:
        raise ContentError(
            source_name(source), "", _("cannot read: {value}").format(value=exc.strerror or exc)
        ) from None
    if len(data) > cap:
        raise ContentError(
            source_name(source), "", _("over {cap:,} bytes, more than a content file may be").format(cap=cap)
        )
    return data


def load_model(source: Source, model: type[M]) -> M:
    """One TOML file (a path or a package resource) validated as `model`."""
    return load_bytes(read_source(source), model, source_name(source))


def list_folder(folder: Source, pattern: str = "*.toml") -> list[Traversable]:
    """The files of a folder whose names match `pattern`, sorted by name."""
    root = _resource(folder)
    try:
        found = [f for f in root.iterdir() if f.is_file() and fnmatch.fnmatch(f.name, pattern)]
    except OSError as exc:
        raise ContentError(
            source_name(folder), "", _("cannot list folder: {value}").format(value=exc.strerror or exc)
        ) from None
    return sorted(found, key=lambda f: f.name)


def load_folder(folder: Source, model: type[M], pattern: str = "*.toml") -> list[M]:
    """Every file of a folder matching `pattern`, each validated as `model`, in file-name order."""
    return [load_model(f, model) for f in list_folder(folder, pattern)]


# ---------------------------------------------------------------------------------------------------
# Tables

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+|%)\s*$")
_RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$")
_NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"


def parse_dice(text: str) -> tuple[int, int]:
    """A table's dice ("1d20", "d100", "2d6", "d%") as (count, sides); a `ValueError` otherwise."""
    found = _DICE.match(text)
    if not found:
        raise ValueError(_("not a dice expression like 1d20, 2d6 or d100: %(text)s") % {"text": _short(text)})
    count = int(found.group(1) or 1)
    sides = 100 if found.group(2) == "%" else int(found.group(2))
    if not 1 <= count <= MAX_DICE:
        raise ValueError(
            _("%(text)s: the number of dice must be 1 to %(most)s") % {"text": _short(text), "most": MAX_DICE}
        )
    if not 1 <= sides <= MAX_SIDES:
        raise ValueError(
            _("%(text)s: a die needs 1 to %(most)s sides") % {"text": _short(text), "most": MAX_SIDES}
        )
    return count, sides


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _roll_range(value: Any) -> tuple[int, int]:
    if _is_int(value):
        return value, value
    found = _RANGE.match(value) if isinstance(value, str) else None
    if not found:
        raise LocatedValueError(
            ("roll",), _('a roll is a number or a range like "3-5", not %(value)s') % {"value": _short(value)}
        )
    low = int(found.group(1))
    return low, int(found.group(2) or low)


class Row(ContentModel):
    """One row of a table: the rolls it covers (low to high), what it gives, and where it is printed."""

    low: int
    high: int
    result: str | dict[str, Scalar]
    source: str

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        if isinstance(data, dict) and "roll" in data:
            if "low" in data or "high" in data:
                raise LocatedValueError(("roll",), _("give either roll or low and high, not both"))
            low, high = _roll_range(data["roll"])
            data = {k: v for k, v in data.items() if k != "roll"} | {"low": low, "high": high}
        return data

    @field_validator("result", mode="before")
    @classmethod
    def _result(cls, value: Any) -> Any:
        if isinstance(value, str):
            return value
        if not isinstance(value, dict):
            raise ValueError(
                _("a result is text or a table of named fields, not %(value)s") % {"value": _short(value)}
            )
        for key, item in value.items():
            if not isinstance(item, str | int | float):
                raise LocatedValueError(
                    (key,),
                    _("a field holds text, a number or true/false, not %(value)s") % {"value": _short(item)},
                )
            if isinstance(item, float) and not math.isfinite(item):
                raise LocatedValueError(
                    (key,), _("a field's number must be finite, not %(value)s") % {"value": item}
                )
        return value

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        if not value.strip():
            raise ValueError(_("a row must cite its source (file:line)"))
        return value

    @model_validator(mode="after")
    def _order(self) -> Row:
        if self.low > self.high:
            raise LocatedValueError(
                ("high",), _("high %(high)s is below low %(low)s") % {"high": self.high, "low": self.low}
            )
        return self

    @property
    def text(self) -> str:
        """The result as one line of text (named fields as `key: value` pairs, each key in words: "status
        bonus: 6", a true or false field as yes or no)."""
        if isinstance(self.result, str):
            return self.result
        return ", ".join(
            f"{k.replace('_', ' ')}: {('yes' if v else 'no') if isinstance(v, bool) else v}"
            for k, v in self.result.items()
        )

    def field(self, key: str, default: Scalar | None = None) -> Scalar | None:
        """One named field of a structured result (`default` for a text result or a missing key)."""
        if isinstance(self.result, str):
            return default
        return self.result.get(key, default)

    def covers(self, number: int) -> bool:
        """True when `number` falls in this row's range."""
        return self.low <= number <= self.high

    def span(self) -> str:
        """The range as printed: "4" or "1-3"."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def resolve_line_sources(data: Any) -> Any:
    """Give rows citing a bare line number the file of their parent's own `source` ("file:line").

    For a `mode="before"` validator of any model with a `source` and a list of `rows` (a rollable
    table, a chart): other data is returned as it is.
    """
    if not isinstance(data, dict):
        return data
    source, rows = data.get("source"), data.get("rows")
    if not isinstance(source, str) or not isinstance(rows, list):
        return data
    file = source.rsplit(":", 1)[0] if ":" in source else source
    fixed = [
        row | {"source": f"{file}:{row['source']}"}
        if isinstance(row, dict) and _is_int(row.get("source"))
        else row
        for row in rows
    ]
    return data | {"rows": fixed}


class Table(ContentModel):
    """A rollable table: dice, and rows of ranges that cover the dice's range (see the module doc)."""

    name: str = Field(pattern=_NAME)
    title: str = ""
    dice: str
    source: str
    rows: list[Row] = Field(min_length=1)
    partial: bool = False
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _line_sources(cls, data: Any) -> Any:
        """Rows citing only a line number are read in the file of the table's own source."""
        return resolve_line_sources(data)

    @field_validator("dice")
    @classmethod
    def _dice(cls, value: str) -> str:
        parse_dice(value)
        return value

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        if not value.strip():
            raise ValueError(_("a table must cite its source (file:line)"))
        return value

    @model_validator(mode="after")
    def _coverage(self) -> Table:
        lowest, highest = self.range
        for i, row in enumerate(self.rows):
            if row.low < lowest:
                raise LocatedValueError(
                    ("rows", i, "low"),
                    _("%(low)s is below the lowest roll of %(dice)s (%(lowest)s)")
                    % {"low": row.low, "dice": self.dice, "lowest": lowest},
                )
            if row.high > highest:
                raise LocatedValueError(
                    ("rows", i, "high"),
                    _("%(high)s is above the highest roll of %(dice)s (%(highest)s)")
                    % {"high": row.high, "dice": self.dice, "highest": highest},
                )
            if i == 0:
                if row.low > lowest and not self.partial:
                    raise LocatedValueError(("rows", 0, "low"), _gap(lowest, row.low - 1))
                continue
            prev = self.rows[i - 1]
            if row.low <= prev.high:
                raise LocatedValueError(
                    ("rows", i, "low"),
                    _(
                        "%(span)s overlaps or comes before rows[%(previous)s] (%(previous_span)s); "
                        "rows run in ascending order without overlaps"
                    )
                    % {"span": row.span(), "previous": i - 1, "previous_span": prev.span()},
                )
            if row.low > prev.high + 1 and not self.partial:
                raise LocatedValueError(("rows", i, "low"), _gap(prev.high + 1, row.low - 1))
        last = self.rows[-1]
        if last.high < highest and not self.partial:
            raise LocatedValueError(("rows", len(self.rows) - 1, "high"), _gap(last.high + 1, highest))
        return self

    @property
    def range(self) -> tuple[int, int]:
        """The lowest and highest numbers the dice can give."""
        count, sides = parse_dice(self.dice)
        return count, count * sides

    @property
    def heading(self) -> str:
        """The title, or the name where no title is given."""
        return self.title or self.name

    @cached_property
    def _lows(self) -> list[int]:
        return [row.low for row in self.rows]

    def lookup(self, number: int) -> Row:
        """The row covering `number`; a `TableLookupError` when no row does."""
        index = bisect.bisect_right(self._lows, number) - 1
        if index >= 0 and self.rows[index].covers(number):
            return self.rows[index]
        lowest, highest = self.range
        if not lowest <= number <= highest:
            raise TableLookupError(
                self.name,
                number,
                _("%(dice)s rolls %(lowest)s-%(highest)s")
                % {"dice": self.dice, "lowest": lowest, "highest": highest},
            )
        raise TableLookupError(self.name, number, _("the table leaves it uncovered (partial table)"))

    def roll(self, rng: Rng) -> tuple[Roll, Row]:
        """Throw the table's dice and find the row; d100 is two d20 read as digits.

        On a partial table a roll that no row covers raises `TableLookupError`.
        """
        count, sides = parse_dice(self.dice)
        thrown = percentile(rng) if (count, sides) == (1, 100) else roll_dice(rng, count, sides)
        return thrown, self.lookup(thrown.total)

    def chances(self) -> list[tuple[Row, Fraction]]:
        """Each row with its exact probability (on a partial table they sum to less than 1)."""
        count, sides = parse_dice(self.dice)
        dist = sum_distribution(count, sides)
        return [
            (row, sum((dist.get(n, Fraction(0)) for n in range(row.low, row.high + 1)), Fraction(0)))
            for row in self.rows
        ]


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _gap(low: int, high: int) -> str:
    return _("gap: no row covers %(span)s") % {"span": _span(low, high)}


class TableBook(ContentModel):
    """A file holding several tables under `[[tables]]`; names are unique within it."""

    tables: list[Table] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> TableBook:
        seen: dict[str, int] = {}
        for i, table in enumerate(self.tables):
            if table.name in seen:
                raise LocatedValueError(
                    ("tables", i, "name"),
                    _("duplicate table name %(name)s (also tables[%(index)s])")
                    % {"name": repr(table.name), "index": seen[table.name]},
                )
            seen[table.name] = i
        return self

    def get(self, name: str) -> Table:
        """A table by name; a `KeyError` names the known ones otherwise."""
        for table in self.tables:
            if table.name == name:
                return table
        raise KeyError(f"no table {name!r}; known: {[t.name for t in self.tables]}")


def load_table_file(source: Source) -> list[Table]:
    """The tables of one file: a single table, or several under `[[tables]]`."""
    name = source_name(source)
    data = parse_toml(_decode(read_source(source), name), name)
    if "tables" in data:
        return load_data(data, TableBook, name).tables
    return [load_data(data, Table, name)]


def load_tables(*sources: Source) -> dict[str, Table]:
    """Tables by name from files and folders (every `*.toml` in a folder); names must be unique."""
    found: dict[str, Table] = {}
    where: dict[str, str] = {}
    for source in sources:
        resource = _resource(source)
        paths = list_folder(resource) if resource.is_dir() else [resource]
        for path in paths:
            for table in load_table_file(path):
                if table.name in found:
                    raise ContentError(
                        source_name(path),
                        "name",
                        _("table {table_name!r} is already defined in {where}").format(
                            table_name=table.name, where=where[table.name]
                        ),
                    )
                found[table.name] = table
                where[table.name] = source_name(path)
    return found
