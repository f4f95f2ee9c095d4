"""What a calculator of the tools page is made of (its form's fields, its result and chart), shared by the
generic tools page (`web.tools`) and each system's calculators (`web.systems`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from grognard.engine.errors import UsageError
from grognard.i18n import N_, decimal, percent
from grognard.i18n import gettext as _
from grognard.i18n import number as said_number

FieldKind = Literal["int", "text", "bool", "choice", "float"]


@dataclass(frozen=True)
class Field:
    """One input of a tool's form."""

    name: str
    label: str
    kind: FieldKind = "int"
    default: str = ""
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    required: bool = True


@dataclass(frozen=True)
class Bar:
    """One bar of a result's chart: a label and its probability."""

    label: str
    probability: float


@dataclass
class ToolResult:
    """What a tool shows: headline figures, a distribution to chart, and the data as JSON."""

    title: str
    figures: list[tuple[str, str]] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    dice: list[dict[str, Any]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


Values = Mapping[str, Any]


@dataclass(frozen=True)
class Tool:
    """A calculator: its id, title, what it answers, its fields and how it computes. The title, the
    answer, the fields' labels and choices and the verb are messages (marked with `N_` where a tool is
    made), said in the reader's language where they are shown."""

    id: str
    title: str
    blurb: str
    fields: tuple[Field, ...]
    compute: tuple[str, str]
    """Where the working out is: a module and its function of the checked values giving a `ToolResult`,
    imported on first use."""
    verb: str = N_("Work it out")
    """What its button says (a message, said by the page)."""


def read_values(tool: Tool, form: Mapping[str, str]) -> dict[str, Any]:
    """The form's values checked and typed; a `UsageError` naming the first bad field, in the reader's
    language."""
    out: dict[str, Any] = {}
    for f in tool.fields:
        label = _(f.label)
        raw = form.get(f.name, "")
        raw = raw.strip() if isinstance(raw, str) else ""
        if len(raw) > 200:
            raise UsageError(_("{label}: at most 200 characters").format(label=label))
        if f.kind == "bool":
            out[f.name] = raw in ("on", "true", "1", "yes")
            continue
        if not raw:
            if f.required and not f.default:
                raise UsageError(_("{label}: give a value").format(label=label))
            raw = f.default
        if f.kind == "choice":
            if raw not in f.choices:
                raise UsageError(
                    _("{label}: {value} is not one of {choices}").format(
                        label=label, value=repr(raw), choices=", ".join(_(c) for c in f.choices)
                    )
                )
            out[f.name] = raw
        elif f.kind in ("int", "float"):
            if not raw:
                out[f.name] = None
                continue
            try:
                number: float = int(raw) if f.kind == "int" else float(raw)
            except ValueError:
                wrong = _("{label}: {value} is not a number")
                if f.kind == "int":
                    wrong = _("{label}: {value} is not a whole number")
                raise UsageError(wrong.format(label=label, value=repr(raw))) from None
            if (
                number != number
                or (f.low is not None and number < f.low)
                or (f.high is not None and number > f.high)
            ):
                raise UsageError(
                    _("{label}: {value} is outside {low} to {high}").format(
                        label=label, value=raw, low=_bound(f.low), high=_bound(f.high)
                    )
                )
            out[f.name] = number
        else:
            out[f.name] = raw
    return out


def _bound(value: float | None) -> str:
    """A field's bound as the reader's locale writes it ("-" when it has none)."""
    return "-" if value is None else said_number(int(value) if float(value).is_integer() else value)


def pct(p: float | Fraction) -> str:
    """A probability as a percentage with two decimals, as the reader's locale writes it."""
    return percent(float(p), 2)


def figure(value: float, digits: int = 2) -> str:
    """A figure with `digits` decimals, as the reader's locale writes it ("7.25", "7,25")."""
    return decimal(value, digits)


def int_field(name: str, label: str, default: int, low: int, high: int) -> Field:
    """A whole-number field with its default and range."""
    return Field(name, label, "int", str(default), low=low, high=high)


def working_out(tool: Tool) -> Callable[[Values], ToolResult]:
    """The function that works `tool` out, its module imported now."""
    module, name = tool.compute
    found: Callable[[Values], ToolResult] = getattr(importlib.import_module(module), name)
    return found
