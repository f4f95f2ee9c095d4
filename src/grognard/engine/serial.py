"""JSON for frozen dataclass states, through pydantic's TypeAdapter (exact round trip)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter  # loaded on first use: listing saved games needs no pydantic

        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def to_data(obj: Any) -> Any:
    """A dataclass (or any pydantic-typed value) as JSON-safe data."""
    return _adapter(type(obj)).dump_python(obj, mode="json")


def from_data(cls: type[T], data: Any) -> T:
    """The value of type `cls` that `to_data` wrote; pydantic validation errors propagate."""
    value: T = _adapter(cls).validate_python(data)
    return value


def canonical(data: Any) -> str:
    """A canonical JSON text of JSON-safe data (sorted keys, no spaces), for comparisons and hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
