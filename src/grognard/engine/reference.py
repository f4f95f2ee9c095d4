"""The shape of the reference a system's How to play page shows beside its rules (`web/routes/rules.py`):
sections of entries, read from the system's own catalogue by `sections()` of its `reference` module."""

from __future__ import annotations

from typing import TypeAlias

Entry: TypeAlias = tuple[str, str, str]
"""One entry: its name, its text, and the rulebook lines it comes from ("line 195", "lines 151-161";
"our ruling" for grognard's own figures; "" when the excerpt has none or its text cites them)."""

Section: TypeAlias = tuple[str, list[Entry]]
"""A heading and its entries."""
